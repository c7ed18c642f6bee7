package serve

import (
	"log/slog"
	"net"
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
	if logs.Count("WARN", "connection limit reached: new connections wait") != 1 {
		t.Errorf("want one warning when the limit was reached:\n%s", logs.String())
	}
}
