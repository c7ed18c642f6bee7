//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"

	"golang.org/x/sys/unix"
)

// spinEnv, set in benchreport's environment, makes it a busy loop instead
// (busyHost starts it so).
const spinEnv = "BENCHREPORT_SPIN"

// busyHost starts one busy loop per core, each a copy of this program at
// the SCHED_IDLE policy (it runs only when nothing else wants the core, so
// it never takes CPU from the measured bootstrap or the emulator) and
// outside the bootstrap's cgroup. It keeps the cores from idling between
// the bootstrap's throttled bursts, as other tenants' sandboxes keep a
// Lambda host's: on an otherwise idle machine the same build measures up to
// 1.6 times the CPU time (docs/deploy.md, "Cold start measurements"). stop
// ends the loops.
func busyHost() (stop func(), err error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	var loops []*exec.Cmd
	stop = func() {
		for _, c := range loops {
			c.Process.Kill()
			c.Wait()
		}
	}
	for range runtime.NumCPU() {
		c := exec.Command(self)
		c.Env = append(os.Environ(), spinEnv+"=1")
		if err := c.Start(); err != nil {
			stop()
			return nil, fmt.Errorf("busy loop: %w", err)
		}
		loops = append(loops, c)
	}
	return stop, nil
}

// spin is the busy loop: every thread of the process at SCHED_IDLE (the
// policy is per thread, and threads started later inherit it), then a loop
// forever.
func spin() {
	runtime.LockOSThread()
	attr := unix.SchedAttr{Size: unix.SizeofSchedAttr, Policy: unix.SCHED_IDLE}
	tasks, err := os.ReadDir("/proc/self/task")
	if err == nil {
		for _, t := range tasks {
			tid, _ := strconv.Atoi(t.Name())
			if err = unix.SchedSetAttr(tid, &attr, 0); err != nil {
				break
			}
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchreport: busy loop: SCHED_IDLE:", err)
		os.Exit(1)
	}
	for n := uint64(0); ; n++ {
	}
}
