package feishu

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
)

// readRouter is testRouter with "billing" reading only (as the real one
// does) and "secret" answering privately.
func readRouter(rec *recorder) *chat.Router {
	r := chat.NewRouter()
	r.Now = func() time.Time { return testNow }
	sum := map[chat.Lang]string{chat.EN: "test", chat.ZH: "测试"}
	r.Register(&chat.Command{
		Name: "billing", Aliases: []string{"计费"}, Summary: sum, Writes: chat.Reads,
		Examples: []string{"billing ondemand=35 monthly=15000 hours=300"},
		Run: func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
			rec.Record(c.Req)
			return chat.Reply{Title: chat.T(c.Lang, "Monthly is cheaper", "包月更划算")}, nil
		},
	}, &chat.Command{
		Name: "secret", Summary: sum, Writes: chat.Reads, Examples: []string{"secret"},
		Run: func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
			rec.Record(c.Req)
			return chat.Reply{Title: "only for you", Private: true}, nil
		},
	}, &chat.Command{
		Name: "draft", Summary: sum, Writes: chat.Reads, Examples: []string{"draft questions vendor=X"},
		Run: func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
			rec.Record(c.Req)
			return chat.Ack(c, "Drafting.", "正在起草。"), nil
		},
	})
	return r
}

func readHarness(t *testing.T) (*harness, *testkit.CountingDeduper) {
	t.Helper()
	rec := &recorder{}
	hs := newHarnessWith(t, readRouter(rec), rec)
	dd := &testkit.CountingDeduper{Deduper: &memstore.Deduper{Now: func() time.Time { return testNow }}}
	hs.h.pipe.Deduper = dd
	return hs, dd
}

// A message that only reads, replied with a uuid, costs one de-duplication
// write, after the reply (the cold start's second DynamoDB write saved); an
// ephemeral card (no uuid), a deferred answer and a late redelivery keep the
// lease and its done mark.
func TestReadOnlyReplyClaimedOnceAfterTheSend(t *testing.T) {
	p2p := fixture(t, "im_message_p2p_text.json", "")
	group := fixture(t, "im_message_group_text_mention.json", "")
	for _, tc := range []struct {
		name  string
		event []byte
		calls string
	}{
		{"one-to-one, reads: one claim after the reply", p2p, "Claim"},
		{"group mention, reads: one claim after the reply", group, "Claim"},
		{"group, private (an ephemeral card, no uuid): lease, then done", withText(group, "计费 按需=35 包月=15000 时长=300", "secret"), "Lease Done"},
		{"one-to-one, private (a reply with a uuid): one claim", withText(p2p, "计费 按需=35元/时 包月=¥15,000 时长=300", "secret"), "Claim"},
		{"deferred to the drafter: lease around the hand-off", withText(p2p, "计费 按需=35元/时 包月=¥15,000 时长=300", "draft questions vendor=X"), "Lease Done"},
		{"created two hours ago (past the uuid's hour): lease, then done", withText(p2p, `"create_time": "1796031000000"`, `"create_time": "1796023800000"`), "Lease Done"},
		{"no create_time: lease, then done", withText(p2p, `"create_time": "1796031000000"`, `"create_time": ""`), "Lease Done"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hs, dd := readHarness(t)
			if resp := hs.deliver(t, []byte(tc.event)); resp.StatusCode != 200 {
				t.Fatalf("status %d (%s), want 200", resp.StatusCode, resp.Body)
			}
			if got := dd.Calls(); got != tc.calls {
				t.Errorf("de-duplication calls %q, want %q", got, tc.calls)
			}
			if n := len(hs.rec.All()); n != 1 {
				t.Errorf("the command ran %d times, want 1", n)
			}
		})
	}
}

// Redeliveries of a message answered with one claim: each is answered 200
// and the user sees one reply (the same uuid); a reply whose send failed
// wrote nothing, so the redelivery answers it; a claim the store refuses
// still leaves the user answered once.
func TestReadOnlyReplyRedeliveredShowsOnce(t *testing.T) {
	msg := fixture(t, "im_message_p2p_text.json", "")
	t.Run("three deliveries, one reply", func(t *testing.T) {
		hs, dd := readHarness(t)
		hs.deliverOK(t, msg, 3)
		if n := len(hs.api.Messages()); n != 1 {
			t.Errorf("%d replies for three deliveries, want 1", n)
		}
		if got := dd.Calls(); got != "Claim Claim Claim" {
			t.Errorf("de-duplication calls %q, want one claim per delivery", got)
		}
	})
	t.Run("a failed send writes nothing; the redelivery replies once", func(t *testing.T) {
		hs, dd := readHarness(t)
		hs.api.Fail(230020, "rate limited")
		if resp := hs.deliver(t, msg); resp.StatusCode != 502 {
			t.Fatalf("failed reply: status %d, want 502 (Feishu redelivers)", resp.StatusCode)
		}
		if got := dd.Calls(); got != "" {
			t.Errorf("de-duplication calls after a failed send %q, want none", got)
		}
		hs.api.Fail(0, "")
		hs.deliverOK(t, msg, 2)
		if n := len(hs.api.Messages()); n != 1 {
			t.Errorf("%d replies, want 1", n)
		}
	})
	t.Run("the store refuses the claim: answered once, logged", func(t *testing.T) {
		hs, dd := readHarness(t)
		dd.ClaimErr = errors.New("dynamodb: connection refused")
		hs.deliverOK(t, msg, 2)
		if n := len(hs.api.Messages()); n != 1 {
			t.Errorf("%d replies, want 1", n)
		}
		if !strings.Contains(hs.logs.String(), "dedupe key not marked done after an idempotent reply") {
			t.Errorf("the failed claim is not logged:\n%s", hs.logs.String())
		}
	})
	t.Run("racing deliveries, one reply", func(t *testing.T) {
		hs, _ := readHarness(t)
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				if resp := hs.deliver(t, msg); resp.StatusCode != 200 {
					t.Errorf("status %d, want 200", resp.StatusCode)
				}
			})
		}
		wg.Wait()
		if n := len(hs.api.Messages()); n != 1 {
			t.Errorf("%d replies for four racing deliveries, want 1", n)
		}
	})
}

// withText gives an event fixture another message text.
func withText(event []byte, from, to string) []byte {
	return []byte(strings.Replace(string(event), from, to, 1))
}
