package serve

import (
	"errors"
	"log/slog"
	"net"
	"os"
	"sync"
	"testing"
	"time"

	"gpuadvisor/internal/testkit"
)

func TestLimitConns(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	logs := &testkit.SyncBuffer{}
	ln := limitConns(raw, 2, 0, slog.New(slog.NewJSONHandler(logs, nil)))
	defer ln.Close()
	accepted := make(chan net.Conn, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	for range 3 {
		c, err := net.Dial("tcp", raw.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	var held []net.Conn
	for range 2 {
		select {
		case c := <-accepted:
			held = append(held, c)
		case <-time.After(2 * time.Second):
			t.Fatal("the first two connections were not accepted")
		}
	}
	select {
	case <-accepted:
		t.Fatal("a third connection was accepted past the limit of 2")
	case <-time.After(200 * time.Millisecond):
	}
	held[0].Close()
	select {
	case c := <-accepted:
		c.Close()
	case <-time.After(2 * time.Second):
		t.Fatal("closing a connection did not let the waiting one in")
	}
	held[1].Close()
	if logs.Count("WARN", "connection limit reached: a new connection takes the slot") != 1 {
		t.Errorf("want one warning when the limit was reached:\n%s", logs.String())
	}
}

// When full, a new connection takes the slot of the connection that has
// waited longest for its request, once it has waited evictAfter; never the
// slot of one answering a request, nor of one that has only just arrived.
func TestFullListenerTakesTheSlotOfTheLongestWaiting(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := limitConns(raw, 3, 0, slog.New(slog.DiscardHandler))
	defer ln.Close()
	var mu sync.Mutex
	now := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	ln.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	accepted := make(chan *limitConn, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c.(*limitConn)
		}
	}()
	dial := func() net.Conn {
		c, err := net.Dial("tcp", raw.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	next := func(what string) *limitConn {
		select {
		case c := <-accepted:
			return c
		case <-time.After(2 * time.Second):
			t.Fatalf("%s: not accepted", what)
		}
		return nil
	}
	// busy: answering; oldest: waiting longest; young: waiting, but newer
	busyC, oldestC := dial(), dial()
	busy, oldest := next("busy"), next("oldest")
	busy.answering()
	advance(2 * evictAfter)
	youngC := dial()
	young := next("young")
	dial() // the fourth: takes oldest's slot
	fourth := next("a fourth connection, serve full")
	if fourth == nil {
		return
	}
	oldestC.SetReadDeadline(time.Now().Add(2 * time.Second))
	if _, err := oldestC.Read(make([]byte, 1)); err == nil {
		t.Errorf("the connection waiting longest was not closed")
	}
	ln.mu.Lock()
	_, kept := ln.conns[oldest]
	ln.mu.Unlock()
	if kept {
		t.Errorf("the closed connection still holds its slot")
	}
	for name, c := range map[string]net.Conn{"answering": busyC, "just arrived": youngC} {
		c.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
		if _, err := c.Read(make([]byte, 1)); err == nil || !errors.Is(err, os.ErrDeadlineExceeded) {
			t.Errorf("the %s connection was closed: %v", name, err)
		}
	}
	// Full again, and nothing has waited evictAfter: a fifth waits.
	dial()
	select {
	case <-accepted:
		t.Fatal("a fifth connection took a slot from connections that had not waited evictAfter")
	case <-time.After(3 * evictCheck):
	}
	young.Close()
	next("the fifth, once a slot came free")
}

// Slow clients churning through a full listener's slots are logged once per
// refusedLogEvery, with how many were closed for their slots, not a line per
// connection.
func TestFullListenerLogsOncePerPeriod(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	logs := &testkit.SyncBuffer{}
	ln := limitConns(raw, 1, 0, slog.New(slog.NewJSONHandler(logs, nil)))
	defer ln.Close()
	var mu sync.Mutex
	now := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	ln.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			_ = c // held, waiting: the next one takes its slot
			mu.Lock()
			now = now.Add(2 * evictAfter)
			mu.Unlock()
		}
	}()
	var conns []net.Conn
	for range 6 {
		c, err := net.Dial("tcp", raw.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns = append(conns, c)
	}
	for i, c := range conns[:5] {
		c.SetReadDeadline(time.Now().Add(2 * time.Second))
		if _, err := c.Read(make([]byte, 1)); err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatalf("connection %d was not closed for the next one's slot: %v", i+1, err)
		}
	}
	if n := logs.Count("WARN", "connection limit reached"); n != 1 {
		t.Errorf("%d limit lines for 5 connections closed for their slots within %s, want 1:\n%s", n, refusedLogEvery, logs.String())
	}
}
