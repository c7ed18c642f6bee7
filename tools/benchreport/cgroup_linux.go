package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// cpuGroup is a cgroup holding one bootstrap: its CPU quota (the share of a
// core Lambda gives the function's memory size) and its CPU accounting.
// cgroups v2 (cpu.max, cpu.stat usage_usec) is used when the cpu controller
// is there, else v1 (cpu.cfs_quota_us, cpuacct.usage). Creating one needs root.
type cpuGroup struct {
	dirs  []string // directories to write the pid into
	usage func() (time.Duration, error)
}

// newCPUGroup creates the cgroup name with quota µs of CPU every period µs.
func newCPUGroup(name string, quota, period int) (*cpuGroup, error) {
	if b, err := os.ReadFile("/sys/fs/cgroup/cgroup.controllers"); err == nil && strings.Contains(" "+string(b)+" ", " cpu ") {
		d := filepath.Join("/sys/fs/cgroup", name)
		if err := os.Mkdir(d, 0o755); err != nil {
			return nil, fmt.Errorf("cgroup v2: %w", err)
		}
		if err := os.WriteFile(filepath.Join(d, "cpu.max"), []byte(fmt.Sprintf("%d %d", quota, period)), 0); err != nil {
			os.Remove(d)
			return nil, fmt.Errorf("cgroup v2 cpu.max: %w", err)
		}
		return &cpuGroup{dirs: []string{d}, usage: func() (time.Duration, error) {
			b, err := os.ReadFile(filepath.Join(d, "cpu.stat"))
			if err != nil {
				return 0, err
			}
			for _, l := range strings.Split(string(b), "\n") {
				if v, ok := strings.CutPrefix(l, "usage_usec "); ok {
					us, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
					return time.Duration(us) * time.Microsecond, err
				}
			}
			return 0, fmt.Errorf("no usage_usec in %s/cpu.stat", d)
		}}, nil
	}
	cpu, acct := filepath.Join("/sys/fs/cgroup/cpu", name), filepath.Join("/sys/fs/cgroup/cpuacct", name)
	if err := os.Mkdir(cpu, 0o755); err != nil {
		return nil, fmt.Errorf("cgroup v1 cpu: %w", err)
	}
	g := &cpuGroup{dirs: []string{cpu}}
	if acct != cpu { // cpu and cpuacct may be mounted together
		if err := os.Mkdir(acct, 0o755); err != nil && !os.IsExist(err) {
			g.remove()
			return nil, fmt.Errorf("cgroup v1 cpuacct: %w", err)
		}
		g.dirs = append(g.dirs, acct)
	}
	for file, v := range map[string]int{"cpu.cfs_period_us": period, "cpu.cfs_quota_us": quota} {
		if err := os.WriteFile(filepath.Join(cpu, file), []byte(strconv.Itoa(v)), 0); err != nil {
			g.remove()
			return nil, fmt.Errorf("cgroup v1 %s: %w", file, err)
		}
	}
	g.usage = func() (time.Duration, error) {
		b, err := os.ReadFile(filepath.Join(acct, "cpuacct.usage"))
		if err != nil {
			return 0, err
		}
		ns, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		return time.Duration(ns), err
	}
	return g, nil
}

// wrap writes a shell script that moves itself into the group and then
// execs bin, so that only the bootstrap (not the emulator) is limited and
// counted.
func (g *cpuGroup) wrap(dir, bin string) (string, error) {
	var b strings.Builder
	b.WriteString("#!/bin/sh\n")
	for _, d := range g.dirs {
		fmt.Fprintf(&b, "echo $$ > %s/cgroup.procs || exit 1\n", d)
	}
	fmt.Fprintf(&b, "exec %s\n", bin)
	p := filepath.Join(dir, "bootstrap")
	return p, os.WriteFile(p, []byte(b.String()), 0o755)
}

// remove deletes the group (its processes must have ended).
func (g *cpuGroup) remove() {
	for _, d := range g.dirs {
		for i := 0; i < 50 && os.Remove(d) != nil; i++ {
			time.Sleep(20 * time.Millisecond)
		}
	}
}
