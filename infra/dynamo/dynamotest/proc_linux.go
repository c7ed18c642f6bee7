package dynamotest

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel kill dynalite if the test binary dies without
// reaching Main's cleanup (a panic, a timeout).
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
