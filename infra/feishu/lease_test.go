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
	if resp := hs.deliver(t, msg); resp.StatusCode != 503 || len(hs.rec.All()) != 0 {
		t.Fatalf("redelivery within the lease: status %d, %d runs; want 503, none", resp.StatusCode, len(hs.rec.All()))
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
	hs.deliverOK(t, msg, 2) // the redelivery, and one more
	if n := len(hs.api.Messages()); n != 1 {
		t.Errorf("%d replies, want 1", n)
	}
	if n := len(hs.rec.All()); n != 2 {
		t.Errorf("the command ran %d times, want 2 (the failed delivery and its redelivery)", n)
	}
}

// A job the drafter does not take: the acknowledgement was sent first (a
// fast draft can never arrive ahead of it), then it is updated in place to
// say so (PATCH of its message id), in a one-to-one chat and in a group.
func TestDispatchFailureUpdatesTheAcknowledgement(t *testing.T) {
	for _, tc := range []struct{ fixture, text, draft, wantAck, wantFailure string }{
		{"im_message_p2p_text.json", `计费 按需=35元/时 包月=¥15,000 时长=300`, "draft questions 供应商=酷算云", "正在起草", "起草服务暂时没有接受这个任务"},
		{"im_message_group_text_mention.json", `计费 按需=35 包月=15000 时长=300`, "draft questions vendor=AcmeGPU", "Drafting", "The drafting service did not accept the job"},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			hs := newHarness(t)
			hs.jobs.Fail(errors.New("lambda: throttled"))
			hs.deliverOK(t, []byte(strings.Replace(string(fixture(t, tc.fixture, "")), tc.text, tc.draft, 1)), 1)
			sent := hs.api.Messages()
			if len(sent) != 2 || !strings.HasSuffix(sent[0].Path, "/reply") || !strings.Contains(sent[0].Body.Content, tc.wantAck) ||
				sent[1].Path != "/open-apis/im/v1/messages/om_sent001" || !strings.Contains(sent[1].Body.Content, tc.wantFailure) {
				t.Fatalf("want the acknowledgement, then it updated with the failure; got %+v", sent)
			}
		})
	}
}
