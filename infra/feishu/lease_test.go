package feishu

import (
	"errors"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
)

// A delivery that claimed a message and died before replying (a crash, a
// Lambda timeout) leaves a lease, not a "done" mark: Feishu's redelivery
// within the lease gets a 503 (deliver again), the one after it answers.
// Before leases the claim was final and the message was never answered.
func TestCrashBetweenClaimAndReplyIsAnsweredByTheRedelivery(t *testing.T) {
	hs := newHarness(t)
	now := testNow
	hs.h.pipe.Deduper = &memstore.Deduper{Now: func() time.Time { return now }}
	msg := fixture(t, "im_message_p2p_text.json", "")
	if _, err := hs.h.pipe.Deduper.Lease(t.Context(), "feishu:message:om_5ce6d572455d361153b7cb51da133945", chat.DefaultLease); err != nil {
		t.Fatal(err)
	}
	now = now.Add(15 * time.Second) // Feishu's first redelivery
	if resp := hs.deliver(t, msg); resp.StatusCode != 503 || len(hs.rec.all()) != 0 {
		t.Fatalf("redelivery within the lease: status %d, %d runs; want 503, none", resp.StatusCode, len(hs.rec.all()))
	}
	now = now.Add(5 * time.Minute) // the second, after the 3-minute lease
	if resp := hs.deliver(t, msg); resp.StatusCode != 200 {
		t.Fatalf("redelivery after the lease: status %d, want 200", resp.StatusCode)
	}
	if n := len(hs.api.Messages()); n != 1 {
		t.Errorf("%d replies, want 1", n)
	}
	now = now.Add(time.Hour) // the third: answered already
	if resp := hs.deliver(t, msg); resp.StatusCode != 200 || len(hs.api.Messages()) != 1 {
		t.Errorf("redelivery after the answer: status %d, %d replies; want 200 and still 1", resp.StatusCode, len(hs.api.Messages()))
	}
}

// A reply that could not be sent releases the message: the handler answers
// 502 and Feishu's redelivery replies, once.
func TestFailedReplyIsSentByTheRedelivery(t *testing.T) {
	hs := newHarness(t)
	msg := fixture(t, "im_message_p2p_text.json", "")
	hs.api.Fail(230020, "rate limited")
	if resp := hs.deliver(t, msg); resp.StatusCode != 502 {
		t.Fatalf("failed reply: status %d, want 502 (Feishu redelivers)", resp.StatusCode)
	}
	hs.api.Fail(0, "")
	for i := 0; i < 2; i++ {
		if resp := hs.deliver(t, msg); resp.StatusCode != 200 {
			t.Fatalf("redelivery %d: status %d, want 200", i+1, resp.StatusCode)
		}
	}
	if n := len(hs.api.Messages()); n != 1 {
		t.Errorf("%d replies, want 1", n)
	}
	if n := len(hs.rec.all()); n != 2 {
		t.Errorf("the command ran %d times, want 2 (the failed delivery and its redelivery)", n)
	}
}

// A job the drafter does not take: the acknowledgement was sent first (a
// fast draft can never arrive ahead of it), then the failure card, with its
// own idempotency key so that Feishu does not swallow it as a repeat.
func TestDispatchFailureFollowsTheAcknowledgement(t *testing.T) {
	hs := newHarness(t)
	hs.jobs.err = errors.New("lambda: throttled")
	msg := []byte(strings.Replace(string(fixture(t, "im_message_p2p_text.json", "")), `计费 按需=35元/时 包月=¥15,000 时长=300`, `draft questions 供应商=酷算云`, 1))
	if resp := hs.deliver(t, msg); resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	sent := hs.api.Messages()
	if len(sent) != 2 || !strings.Contains(sent[0].Body.Content, "正在起草") || !strings.Contains(sent[1].Body.Content, "起草服务暂时没有接受这个任务") {
		t.Fatalf("want the acknowledgement then the failure, got %+v", sent)
	}
	if sent[0].Body.UUID == sent[1].Body.UUID {
		t.Errorf("both cards carry the idempotency key %q", sent[0].Body.UUID)
	}
}
