package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"strings"
)

// Package init of our own packages, as the Go runtime reports it with
// GODEBUG=inittrace=1 (https://pkg.go.dev/runtime, "inittrace"): one line a
// package that does work before main,
//
//	init gpuadvisor/chat @3.8 ms, 0.068 ms clock, 18448 bytes, 132 allocs
//
// At a 128 MB Lambda every millisecond of CPU there costs about thirteen of
// wall time, so our packages build their tables on first use or hold them as
// static data (docs/architecture.md, "Nothing built at start"). The bytes
// allocated are deterministic for a toolchain; the clock is not, so the
// guard (inittrace_test.go) bounds the bytes and the row reports the median
// clock of several runs.

// ownPrefix is the import path prefix of our packages.
const ownPrefix = "gpuadvisor/"

// initTargetBytes and initTargetMS are the row's targets: what our packages
// may allocate and spend in package init, per bootstrap.
const (
	initTargetBytes = 30 << 10
	initTargetMS    = 0.15
)

// initRuns is how many times each bootstrap is started for the row's median.
const initRuns = 7

// initCost is our packages' share of one program start.
type initCost struct {
	packages      int
	ms            float64
	bytes, allocs int64
}

// parseInitTrace sums the inittrace lines of packages under prefix in out
// (the program's standard error). No line at all is an error: the trace was
// not switched on, or the program is not ours.
func parseInitTrace(out []byte, prefix string) (initCost, error) {
	var c initCost
	traced := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "init ") {
			continue
		}
		traced = true
		// init PKG @T ms, CLOCK ms clock, BYTES bytes, ALLOCS allocs
		f := strings.Fields(strings.NewReplacer(",", " ").Replace(line))
		if len(f) != 11 || f[3] != "ms" || f[5] != "ms" || f[6] != "clock" || f[8] != "bytes" || f[10] != "allocs" {
			return initCost{}, fmt.Errorf("inittrace: unreadable line %q", line)
		}
		if !strings.HasPrefix(f[1], prefix) {
			continue
		}
		clock, err1 := strconv.ParseFloat(f[4], 64)
		b, err2 := strconv.ParseInt(f[7], 10, 64)
		a, err3 := strconv.ParseInt(f[9], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil {
			return initCost{}, fmt.Errorf("inittrace: unreadable numbers in %q", line)
		}
		c.packages++
		c.ms += clock
		c.bytes += b
		c.allocs += a
	}
	if !traced {
		return initCost{}, fmt.Errorf("inittrace: no init lines (is GODEBUG=inittrace=1 read?)")
	}
	return c, nil
}

// traceInit starts bin once with GODEBUG=inittrace=1 and nothing else in its
// environment: a function's main then finds no configuration and exits at
// once, after every package init has run (its exit status is not looked at).
func traceInit(ctx context.Context, bin string) (initCost, error) {
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = []string{"GODEBUG=inittrace=1"}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if _, exited := err.(*exec.ExitError); !exited {
			return initCost{}, fmt.Errorf("%s: %w", bin, err)
		}
	}
	c, err := parseInitTrace(stderr.Bytes(), ownPrefix)
	if err != nil {
		return initCost{}, fmt.Errorf("%s: %w", bin, err)
	}
	return c, nil
}

// medianInit starts bin runs times: the median clock, and the bytes and
// allocations of the last run (the same in every run).
func medianInit(ctx context.Context, bin string, runs int) (initCost, error) {
	var last initCost
	clocks := make([]float64, 0, runs)
	for range runs {
		c, err := traceInit(ctx, bin)
		if err != nil {
			return initCost{}, err
		}
		clocks = append(clocks, c.ms)
		last = c
	}
	slices.Sort(clocks)
	last.ms = clocks[len(clocks)/2]
	return last, nil
}

// initRow adds the row "package init, gpuadvisor packages (inittrace)" for
// the host bootstraps given; false when one could not be measured.
func initRow(ctx context.Context, c config, t *table) bool {
	var parts []string
	ok := true
	for _, b := range []struct{ name, path string }{{"slack", c.bootstrap}, {"feishu", c.feishu}} {
		if b.path == "" {
			continue
		}
		cost, err := medianInit(ctx, b.path, initRuns)
		if err != nil {
			parts = append(parts, b.name+" failed: "+err.Error())
			ok = false
			continue
		}
		within := cost.bytes < initTargetBytes && cost.ms < initTargetMS
		parts = append(parts, fmt.Sprintf("%s %.3f ms, %.1f KB, %d allocs, %d packages%s", b.name, cost.ms, float64(cost.bytes)/1024, cost.allocs, cost.packages, verdict(within)))
	}
	if len(parts) == 0 {
		return true
	}
	t.add("package init, gpuadvisor packages (inittrace)",
		strings.Join(parts, "; ")+fmt.Sprintf(" (median clock of %d starts, unthrottled)", initRuns), "< 0.15 ms and < 30 KB each")
	return ok
}
