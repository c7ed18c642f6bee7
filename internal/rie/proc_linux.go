package rie

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the emulator in a process group of its own (it and the
// bootstrap it spawns), killed by the kernel if the process that started it dies first.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// stopGroup kills the emulator's process group (the emulator and the
// bootstrap) and waits for the emulator.
func stopGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Wait()
}
