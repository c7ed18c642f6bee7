package slack

import (
	"context"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
)

// callLog is a memstore.Deduper that notes each call.
type callLog struct {
	memstore.Deduper
	mu    sync.Mutex
	calls []string
}

func (d *callLog) note(s string) { d.mu.Lock(); d.calls = append(d.calls, s); d.mu.Unlock() }

func (d *callLog) take() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	s := strings.Join(d.calls, " ")
	d.calls = nil
	return s
}

func (d *callLog) Lease(ctx context.Context, key string, lease time.Duration) (store.Claim, error) {
	d.note("Lease")
	return d.Deduper.Lease(ctx, key, lease)
}

func (d *callLog) Claim(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	d.note("Claim")
	return d.Deduper.Claim(ctx, key, ttl)
}

func (d *callLog) Done(ctx context.Context, key string, keep time.Duration) error {
	d.note("Done")
	return d.Deduper.Done(ctx, key, keep)
}

// TestSlashCommandThatReadsIsClaimedOnce: a slash command is answered in its
// response, so one that only reads claims its trigger_id in one write (no
// lease and done mark before the reply); one whose command may write keeps
// both; a replay of either does no work.
func TestSlashCommandThatReadsIsClaimedOnce(t *testing.T) {
	r := testRouter(new(atomic.Int64))
	r.Register(&chat.Command{Name: "look", Summary: map[chat.Lang]string{chat.EN: "reads", chat.ZH: "只读"}, Examples: []string{"look"}, Writes: chat.Reads,
		Run: func(context.Context, *chat.Call) (chat.Reply, error) { return chat.Reply{Title: "looked"}, nil }})
	f := newFixture(t, r)
	dd := &callLog{}
	f.h.pipe.Deduper = dd
	for _, tc := range []struct{ name, text, calls string }{
		{"a command that reads", "look", "Claim"},
		{"a command that may write", "billing ondemand=35 monthly=15000 hours=300", "Lease Done"},
	} {
		v, _ := url.ParseQuery(string(slashBody(t, tc.text)))
		v.Set("trigger_id", "13345224609.738474920.8088930838d88f008e0"+tc.calls) // one per command
		body := []byte(v.Encode())
		first := invoke(t, f.h, event(t, body, testNow, true, nil))
		if first.StatusCode != 200 || first.Body == "" {
			t.Fatalf("%s: %d %q, want the answer", tc.name, first.StatusCode, first.Body)
		}
		if got := dd.take(); got != tc.calls {
			t.Errorf("%s: de-duplication calls %q, want %q", tc.name, got, tc.calls)
		}
		if again := invoke(t, f.h, event(t, body, testNow, true, nil)); again.StatusCode != 200 || again.Body != "" {
			t.Errorf("%s replayed: %d %q, want 200 and no body", tc.name, again.StatusCode, again.Body)
		}
		dd.take()
	}
}
