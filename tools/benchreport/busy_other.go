//go:build !linux

package main

import "errors"

const spinEnv = "BENCHREPORT_SPIN"

func busyHost() (func(), error) { return nil, errors.New("busy loops are Linux only") }

func spin() {}
