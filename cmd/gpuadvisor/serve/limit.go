package serve

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// maxConns caps the connections serve holds open at once, so that a flood
// of slow clients cannot exhaust memory or file descriptors. Past it, a new
// connection takes the slot of the connection that has waited longest for
// its request (headers or body still arriving, or idle between requests),
// once that one has waited evictAfter; only when every other connection is
// answering a request, or has just arrived, does it wait, unread. Many slow
// clients from many addresses (past the per-client cap) so cannot keep
// signed requests out: those arrive whole within milliseconds and are
// answered, while the slow ones are closed oldest first.
const maxConns = 256

// evictAfter is how long a connection may wait for its request before a
// new connection may take its slot when serve is full: far longer than a
// request from Slack or Feishu takes to arrive.
const evictAfter = time.Second

// evictCheck is how often a connection waiting for a slot looks again for
// one to take.
const evictCheck = 50 * time.Millisecond

// defaultMaxConnsPerClient caps the connections one client address holds
// at once: past it, a new connection from that address is closed at once,
// so that one slow or hostile client cannot take the slots every other
// client (and the platforms' signed requests) needs. Behind a reverse
// proxy every connection comes from the proxy's address: raise it
// (--max-conns-per-client) or let the proxy limit its clients.
const defaultMaxConnsPerClient = 32

// refusedLogEvery bounds the per-client refusal log: one line per client
// address and period, with the count refused since the last one.
const refusedLogEvery = 30 * time.Second

// limitListener is a net.Listener that holds at most n connections open,
// and at most perClient from one address; it logs at most once per
// refusedLogEvery that it is full, and the refusals of a client.
type limitListener struct {
	net.Listener
	slots     chan struct{}
	perClient int
	log       *slog.Logger
	now       func() time.Time

	mu      sync.Mutex
	clients map[string]*client
	conns   map[*limitConn]struct{}
	warned  time.Time // the last "limit reached" line
	evicted int       // connections closed for their slots since that line
}

// client is what the listener knows of one remote address.
type client struct {
	open    int
	refused int       // since the last log line
	logged  time.Time // the last log line
}

// limitConns limits ln to n connections at once, perClient of them from one
// address (0: no per-client limit).
func limitConns(ln net.Listener, n, perClient int, log *slog.Logger) *limitListener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, n), perClient: perClient, log: log,
		now: time.Now, clients: map[string]*client{}, conns: map[*limitConn]struct{}{}}
}

// Accept takes the next connection, closes it at once when its address has
// perClient open already, then takes a free slot for it, or the slot of the
// connection waiting longest for its request (see maxConns), or waits, unread,
// for one; reaching the limit is logged once each time.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := hostOf(c.RemoteAddr())
		if !l.admit(addr) {
			c.Close()
			continue
		}
		l.take()
		lc := &limitConn{Conn: c}
		lc.wait(l.now())
		lc.release = func() {
			<-l.slots
			l.leave(addr, lc)
		}
		l.mu.Lock()
		l.conns[lc] = struct{}{}
		l.mu.Unlock()
		return lc, nil
	}
}

// take takes a slot: a free one, else the slot of the connection that has
// waited longest for its request, else the first to come free.
func (l *limitListener) take() {
	for {
		select {
		case l.slots <- struct{}{}:
			return
		default:
		}
		v := l.oldestWaiting()
		l.noteFull(v != nil)
		if v != nil {
			v.Close() // frees its slot
			continue
		}
		t := time.NewTimer(evictCheck)
		select {
		case l.slots <- struct{}{}:
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// noteFull logs that the limit was reached, at most once per
// refusedLogEvery (slow clients churning through the slots would otherwise
// write a line per connection), with the connections closed for their
// slots since the last line.
func (l *limitListener) noteFull(evicted bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if evicted {
		l.evicted++
	}
	if now := l.now(); l.warned.IsZero() || now.Sub(l.warned) >= refusedLogEvery {
		l.log.Warn("connection limit reached: a new connection takes the slot of the one waiting longest for its request, or waits",
			"max_conns", cap(l.slots), "evict_after_ms", evictAfter.Milliseconds(), "closed_for_their_slot", l.evicted)
		l.warned, l.evicted = now, 0
	}
}

// oldestWaiting is the connection that has waited longest for its request,
// if it has waited evictAfter at least; nil when there is none.
func (l *limitListener) oldestWaiting() *limitConn {
	cut := l.now().Add(-evictAfter).UnixNano()
	l.mu.Lock()
	defer l.mu.Unlock()
	var old *limitConn
	for c := range l.conns {
		if c.busy.Load() {
			continue
		}
		if s := c.since.Load(); s <= cut && (old == nil || s < old.since.Load()) {
			old = c
		}
	}
	return old
}

// ConnState is the http.Server hook that tells the listener when a
// connection waits for a request: a new connection, one reading a request's
// headers, one idle between requests.
func (l *limitListener) ConnState(c net.Conn, st http.ConnState) {
	lc, ok := c.(*limitConn)
	if !ok {
		return
	}
	switch st {
	case http.StateNew, http.StateActive, http.StateIdle:
		lc.wait(l.now())
	}
}

// connKey is the context key of a request's connection (connContext).
type connKey struct{}

// connContext is the http.Server hook that puts a request's connection in
// its context, for bodyDeadline.
func connContext(ctx context.Context, c net.Conn) context.Context {
	return context.WithValue(ctx, connKey{}, c)
}

// requestConn is the limited connection r arrived on, nil if none.
func requestConn(r *http.Request) *limitConn {
	c, _ := r.Context().Value(connKey{}).(*limitConn)
	return c
}

// admit counts a new connection from addr, or refuses it (and logs so, at
// most once per refusedLogEvery for the address).
func (l *limitListener) admit(addr string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	cl := l.clients[addr]
	if cl == nil {
		cl = &client{}
		l.clients[addr] = cl
	}
	if l.perClient <= 0 || cl.open < l.perClient {
		cl.open++
		return true
	}
	cl.refused++
	if now := l.now(); now.Sub(cl.logged) >= refusedLogEvery {
		l.log.Warn("per-client connection limit reached: connections from this address closed at once",
			"client", addr, "open", cl.open, "max_conns_per_client", l.perClient, "refused", cl.refused)
		cl.logged, cl.refused = now, 0
	}
	return false
}

func (l *limitListener) leave(addr string, lc *limitConn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.conns, lc)
	if cl := l.clients[addr]; cl != nil {
		cl.open--
		if cl.open <= 0 && cl.refused == 0 && l.now().Sub(cl.logged) >= refusedLogEvery {
			delete(l.clients, addr)
		}
	}
}

// hostOf is the IP of a remote address (its port dropped).
func hostOf(a net.Addr) string {
	if tcp, ok := a.(*net.TCPAddr); ok {
		return tcp.IP.String()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// limitConn frees its slot once, on the first Close. It knows whether it is
// answering a request (busy) or waiting for one, and since when.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
	busy    atomic.Bool
	since   atomic.Int64 // UnixNano: when it began to wait
}

// wait marks the connection waiting for a request (or its body) since now.
func (c *limitConn) wait(now time.Time) {
	c.since.Store(now.UnixNano())
	c.busy.Store(false)
}

// answering marks the connection answering a request it has read whole.
func (c *limitConn) answering() { c.busy.Store(true) }

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
