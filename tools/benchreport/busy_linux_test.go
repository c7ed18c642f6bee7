//go:build linux

package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The test binary is what busyHost starts: it must be a busy loop then,
// not the tests again.
func TestMain(m *testing.M) {
	if os.Getenv(spinEnv) == "1" {
		spin()
		return
	}
	os.Exit(m.Run())
}

// busyHost starts a loop per core at SCHED_IDLE, and stop ends them all.
// (Whether a loop gets CPU depends on what else runs: none at all on a busy
// machine, which is the point of SCHED_IDLE.)
func TestBusyHost(t *testing.T) {
	stop, err := busyHost()
	if err != nil {
		t.Fatal(err)
	}
	pids := childPids(t)
	if len(pids) != runtime.NumCPU() {
		stop()
		t.Fatalf("%d busy loops, want one per core (%d)", len(pids), runtime.NumCPU())
	}
	deadline := time.Now().Add(5 * time.Second)
	for _, pid := range pids {
		policy := schedPolicy(t, pid)
		for policy != 5 && time.Now().Before(deadline) { // set once the loop has started
			time.Sleep(10 * time.Millisecond)
			policy = schedPolicy(t, pid)
		}
		if policy != 5 {
			t.Errorf("busy loop %d runs at policy %d, want SCHED_IDLE (5)", pid, policy)
		}
	}
	stop()
	for _, pid := range pids {
		if err := syscall.Kill(pid, 0); err == nil {
			t.Errorf("busy loop %d still runs after stop", pid)
		}
	}
}

// childPids lists this process's children (each thread's).
func childPids(t *testing.T) []int {
	t.Helper()
	files, err := filepath.Glob("/proc/self/task/*/children")
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			continue // a thread that ended
		}
		for _, f := range strings.Fields(string(b)) {
			n, _ := strconv.Atoi(f)
			pids = append(pids, n)
		}
	}
	return pids
}

// schedPolicy reads the scheduling policy of a process's main thread from
// /proc/PID/stat (field 41); the loop sets it on every thread.
func schedPolicy(t *testing.T, pid int) int {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:]) // fields from 3 on
	policy, _ := strconv.Atoi(f[41-3])
	return policy
}
