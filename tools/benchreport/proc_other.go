//go:build !linux

package main

import "errors"

// peakRSS needs /proc: only Linux has VmHWM.
func peakRSS(pid int) (int64, error) {
	return 0, errors.New("peak memory (VmHWM) is read from /proc, which only Linux has")
}

func parseVmHWM([]byte) (int64, error) { return 0, errors.New("linux only") }
