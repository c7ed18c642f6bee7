package serve

import (
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
)

// maxConns caps the connections serve holds open at once: past it, a new
// connection waits, unread, until one closes, so a flood of
// slow clients cannot exhaust memory or file descriptors.
const maxConns = 256

// limitListener is a net.Listener that holds at most n connections open; it
// logs once each time it becomes full.
type limitListener struct {
	net.Listener
	slots chan struct{}
	log   *slog.Logger
	full  atomic.Bool
}

func limitConns(ln net.Listener, n int, log *slog.Logger) net.Listener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, n), log: log}
}

// Accept takes the next connection, then waits for a free slot before
// handing it on: a connection past the limit waits, unread, and the wait is
// logged once each time the limit is reached.
func (l *limitListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	select {
	case l.slots <- struct{}{}:
	default:
		if !l.full.Swap(true) {
			l.log.Warn("connection limit reached: new connections wait", "max_conns", cap(l.slots))
		}
		l.slots <- struct{}{}
	}
	return &limitConn{Conn: c, release: func() { <-l.slots; l.full.Store(false) }}, nil
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
