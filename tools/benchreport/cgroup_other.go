//go:build !linux

package main

import (
	"errors"
	"time"
)

type cpuGroup struct{ usage func() (time.Duration, error) }

func newCPUGroup(string, int, int) (*cpuGroup, error) {
	return nil, errors.New("cgroups are Linux only")
}

func (g *cpuGroup) wrap(string, string) (string, error) {
	return "", errors.New("cgroups are Linux only")
}

func (g *cpuGroup) remove() {}
