package serve

import (
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// maxConns caps the connections serve holds open at once: past it, a new
// connection waits, unread, until one closes, so a flood of
// slow clients cannot exhaust memory or file descriptors.
const maxConns = 256

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
// and at most perClient from one address; it logs once each time it
// becomes full, and at most once per refusedLogEvery the refusals of a
// client.
type limitListener struct {
	net.Listener
	slots     chan struct{}
	perClient int
	log       *slog.Logger
	full      atomic.Bool
	now       func() time.Time

	mu      sync.Mutex
	clients map[string]*client
}

// client is what the listener knows of one remote address.
type client struct {
	open    int
	refused int       // since the last log line
	logged  time.Time // the last log line
}

// limitConns limits ln to n connections at once, perClient of them from one
// address (0: no per-client limit).
func limitConns(ln net.Listener, n, perClient int, log *slog.Logger) net.Listener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, n), perClient: perClient, log: log,
		now: time.Now, clients: map[string]*client{}}
}

// Accept takes the next connection, closes it at once when its address has
// perClient open already, then waits for a free slot before handing it on:
// a connection past the limit waits, unread, and the wait is logged once
// each time the limit is reached.
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
		select {
		case l.slots <- struct{}{}:
		default:
			if !l.full.Swap(true) {
				l.log.Warn("connection limit reached: new connections wait", "max_conns", cap(l.slots))
			}
			l.slots <- struct{}{}
		}
		return &limitConn{Conn: c, release: func() {
			<-l.slots
			l.full.Store(false)
			l.leave(addr)
		}}, nil
	}
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

func (l *limitListener) leave(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
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

// limitConn frees its slot once, on the first Close.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
