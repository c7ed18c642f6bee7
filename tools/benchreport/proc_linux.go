package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// peakRSS reads a process's peak resident set size (VmHWM) from
// /proc/<pid>/status.
func peakRSS(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, fmt.Errorf("read VmHWM: %w", err)
	}
	return parseVmHWM(b)
}

// parseVmHWM finds "VmHWM:    23456 kB" in a /proc status file.
func parseVmHWM(status []byte) (int64, error) {
	sc := bufio.NewScanner(bytes.NewReader(status))
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0, fmt.Errorf("VmHWM line %q is not \"N kB\"", sc.Text())
		}
		kb, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("VmHWM %q: %w", f[0], err)
		}
		return kb << 10, nil
	}
	return 0, fmt.Errorf("no VmHWM line in the status file")
}
