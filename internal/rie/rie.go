// Package rie runs a Lambda function's bootstrap under the AWS Lambda
// runtime interface emulator on loopback, as the end-to-end tests (e2e) and
// the cold-start measurement (tools/benchreport) both do.
package rie

import (
	"context"
	"fmt"
	"io"
	"net"
	"os/exec"
	"time"
)

// Func is one bootstrap running under the emulator.
type Func struct {
	// URL is the emulator's Invoke endpoint for the function.
	URL string
	// Listen is how long the emulator took from its start until it
	// listened. It starts the bootstrap lazily, at the first invoke.
	Listen time.Duration

	cmd *exec.Cmd
}

// Start runs the emulator emu serving the bootstrap bin on two free
// loopback ports, with exactly the environment env (nothing is inherited)
// and the extra emulator flags, writing its output and the bootstrap's to
// out. The emulator and the bootstrap it spawns run in a process group of
// their own, so that Stop ends both. Start returns once the emulator
// listens; if it does not within the time given, it is stopped and Start
// says so.
func Start(ctx context.Context, emu, bin string, env []string, out io.Writer, within time.Duration, flags ...string) (*Func, error) {
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	apiPort, err := FreePort()
	if err != nil {
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	args := append(flags, "--runtime-interface-emulator-address", addr,
		"--runtime-api-address", fmt.Sprintf("127.0.0.1:%d", apiPort), bin)
	f := &Func{URL: "http://" + addr + "/2015-03-31/functions/function/invocations", cmd: exec.Command(emu, args...)}
	f.cmd.Env = env
	f.cmd.Stdout, f.cmd.Stderr = out, out
	ownGroup(f.cmd)
	started := time.Now()
	if err := f.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start the emulator: %w", err)
	}
	deadline := started.Add(within)
	for {
		c, err := net.DialTimeout("tcp", addr, 100*time.Millisecond)
		if err == nil {
			c.Close()
			f.Listen = time.Since(started)
			return f, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			f.Stop()
			return nil, fmt.Errorf("the emulator did not listen on %s within %s", addr, within)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Stop kills the emulator's process group (the emulator and the bootstrap)
// and waits for the emulator.
func (f *Func) Stop() { stopGroup(f.cmd) }

// FreePort returns a TCP port free on 127.0.0.1 at the time of the call.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("no free loopback port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
