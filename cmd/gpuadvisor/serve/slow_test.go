package serve

import (
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"gpuadvisor/internal/testkit"
)

// slowClients opens n connections to addr from the loopback address from
// (127.0.0.2: Linux routes all of 127/8 to lo), each declaring a body of
// size bytes and sending it one byte every gap, until stop closes.
func slowClients(t *testing.T, addr, from string, n, size int, gap time.Duration, stop chan struct{}) *sync.WaitGroup {
	t.Helper()
	var wg sync.WaitGroup
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 2 * time.Second}
	for range n {
		c, err := d.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("slow client: %v", err)
		}
		wg.Go(func() {
			defer c.Close()
			fmt.Fprintf(c, "POST /slack/commands HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n", addr, size)
			tick := time.NewTicker(gap)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					if _, err := c.Write([]byte("a")); err != nil {
						return // closed by serve: what the limits are for
					}
				}
			}
		})
	}
	return &wg
}

// headerClients opens n connections to addr from the address from, each
// sending a request's headers one byte every gap, until stop closes.
func headerClients(t *testing.T, addr, from string, n int, gap time.Duration, stop chan struct{}) *sync.WaitGroup {
	t.Helper()
	var wg sync.WaitGroup
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 2 * time.Second}
	for range n {
		c, err := d.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("slow client: %v", err)
		}
		wg.Go(func() {
			defer c.Close()
			hdr := "POST /slack/commands HTTP/1.1\r\nHost: " + addr + "\r\nX-Padding: " + strings.Repeat("a", 1<<14)
			tick := time.NewTicker(gap)
			defer tick.Stop()
			for i := 0; i < len(hdr); i++ {
				select {
				case <-stop:
					return
				case <-tick.C:
					if _, err := c.Write([]byte{hdr[i]}); err != nil {
						return
					}
				}
			}
		})
	}
	return &wg
}

// Slow clients from more addresses than the per-client cap can hold back
// (10 addresses, 300 connections: headers and bodies sent a byte at a time,
// more than serve's 256 slots) used to fill every slot until their header
// or body deadlines ran out: a signed slash command then waited 3.7 s and more, past
// Slack's 3 s. A new connection now takes the slot of the one waiting
// longest for its request, so the signed ones get in and are answered.
func TestSlowClientsFromManyAddressesCannotStarveSignedRequests(t *testing.T) {
	fs := testkit.NewSlack(t)
	r := startServe(t, serveOptions{MaxConnsPerClient: defaultMaxConnsPerClient}, slackEnv(fs))
	addr := strings.TrimPrefix(r.url, "http://")
	stop := make(chan struct{})
	var all []*sync.WaitGroup
	for i := 2; i <= 11; i++ {
		from := fmt.Sprintf("127.0.0.%d", i)
		if i%2 == 0 {
			all = append(all, headerClients(t, addr, from, 30, 100*time.Millisecond, stop))
		} else {
			all = append(all, slowClients(t, addr, from, 30, 100<<10, 100*time.Millisecond, stop))
		}
	}
	defer func() {
		close(stop)
		for _, wg := range all {
			wg.Wait()
		}
	}()
	time.Sleep(evictAfter + 200*time.Millisecond) // every slot taken, by connections waiting longer than evictAfter
	client := http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	for i := range 5 {
		body := []byte(slackForm("billing ondemand=35 monthly=15000 hours=300", fmt.Sprintf("t-many-%d", i), fs.HookURL("T1/B1/x")).Encode())
		req, err := newSignedRequest(r.url+"/slack/commands", body)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		resp, err := client.Do(req)
		took := time.Since(start)
		if err != nil {
			t.Fatalf("signed slash command %d beside 300 slow clients from 10 addresses: %v after %s", i, err, took)
		}
		resp.Body.Close()
		t.Logf("signed slash command %d beside 300 slow clients from 10 addresses: HTTP %d in %s", i, resp.StatusCode, took)
		if resp.StatusCode != 200 || took > time.Second {
			t.Errorf("signed slash command %d: HTTP %d in %s, want 200 well within 1 s", i, resp.StatusCode, took)
		}
		time.Sleep(300 * time.Millisecond)
	}
	if n := r.logs.Count("WARN", "connection limit reached"); n < 1 {
		t.Errorf("no log line saying the connection limit was reached")
	}
}

// Issue 25: 300 connections sending a 100 KB body a byte at a time made
// every signed slash command wait over 3 s, and /healthz time out.
func TestSlowClientsCannotStarveSignedRequests(t *testing.T) {
	fs := testkit.NewSlack(t)
	r := startServe(t, serveOptions{MaxConnsPerClient: defaultMaxConnsPerClient}, slackEnv(fs))
	addr := strings.TrimPrefix(r.url, "http://")
	stop := make(chan struct{})
	wg := slowClients(t, addr, "127.0.0.2", 300, 100<<10, 200*time.Millisecond, stop)
	defer func() { close(stop); wg.Wait() }()
	time.Sleep(300 * time.Millisecond) // every slow client connected and sending

	client := http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	for i := range 3 {
		body := []byte(slackForm("billing ondemand=35 monthly=15000 hours=300", fmt.Sprintf("t-slow-%d", i), fs.HookURL("T1/B1/x")).Encode())
		req, err := newSignedRequest(r.url+"/slack/commands", body)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		resp, err := client.Do(req)
		took := time.Since(start)
		if err != nil {
			t.Fatalf("signed slash command %d beside 300 slow clients: %v after %s", i, err, took)
		}
		resp.Body.Close()
		t.Logf("signed slash command %d beside 300 slow clients: HTTP %d in %s", i, resp.StatusCode, took)
		if resp.StatusCode != 200 || took > time.Second {
			t.Errorf("signed slash command %d: HTTP %d in %s, want 200 well within 1 s", i, resp.StatusCode, took)
		}
	}
	start := time.Now()
	resp, err := client.Get(r.url + "/healthz")
	if err != nil || resp.StatusCode != 200 || time.Since(start) > time.Second {
		t.Fatalf("/healthz beside 300 slow clients: %v, %v after %s", resp, err, time.Since(start))
	}
	resp.Body.Close()
	if n := r.logs.Count("WARN", "per-client connection limit reached"); n != 1 {
		t.Errorf("%d per-client limit warnings, want 1 (one per address and 30 s, with a count)", n)
	}
}

// The body deadline scales with the declared length: a slow 4 KB body is
// cut after about 2 s, not the old 15 s.
func TestBodyDeadlineScalesWithContentLength(t *testing.T) {
	for _, tt := range []struct {
		name string
		n    int64
		want time.Duration
	}{
		{"empty", 0, time.Second},
		{"a 4 KB slash command", 4 << 10, 2 * time.Second},
		{"8 KB", 8 << 10, 3 * time.Second},
		{"100 KB is capped", 100 << 10, bodyMax},
		{"no Content-Length gets the cap", -1, bodyMax},
	} {
		if got := bodyTime(tt.n); got != tt.want {
			t.Errorf("%s: bodyTime(%d) = %s, want %s", tt.name, tt.n, got, tt.want)
		}
	}
	fs := testkit.NewSlack(t)
	r := startServe(t, serveOptions{MaxConnsPerClient: defaultMaxConnsPerClient}, slackEnv(fs))
	c, err := net.Dial("tcp", strings.TrimPrefix(r.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /slack/commands HTTP/1.1\r\nHost: x\r\nContent-Length: 4096\r\n\r\nabc")
	start := time.Now()
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	buf := make([]byte, 512)
	n, _ := c.Read(buf)
	took := time.Since(start)
	if !strings.Contains(string(buf[:n]), "408") || took < 1500*time.Millisecond || took > 4*time.Second {
		t.Errorf("a 4 KB body that stops: got %q after %s, want HTTP 408 after about 2 s", buf[:n], took)
	}
}
