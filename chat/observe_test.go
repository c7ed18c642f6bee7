package chat_test

import (
	"context"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
)

// Every answer is told to the Observer in the context, once, with its
// command and final outcome: a duplicate (nothing routed) included.
func TestPipelineObserver(t *testing.T) {
	type seen struct {
		command string
		outcome chat.Outcome
	}
	var got []seen
	ctx := chat.WithObserver(context.Background(), func(_ context.Context, command string, o chat.Outcome, took time.Duration) {
		if took < 0 {
			t.Errorf("took %v", took)
		}
		got = append(got, seen{command, o})
	})
	p := &chat.Pipeline{Router: pipelineRouter(), Deduper: &memstore.Deduper{}, Keep: time.Hour}
	deliver := func(context.Context, chat.Reply, chat.Outcome) error { return nil }
	p.Answer(ctx, chat.Delivery{Key: "k1", Request: chat.Request{Text: "echo hi"}, Deliver: deliver})
	p.Answer(ctx, chat.Delivery{Key: "k1", Request: chat.Request{Text: "echo hi"}, Deliver: deliver}) // Slack's retry
	p.Answer(ctx, chat.Delivery{Key: "k2", Request: chat.Request{Text: "slow"}, Deliver: deliver})    // no drafter
	p.Answer(context.Background(), chat.Delivery{Key: "k3", Request: chat.Request{Text: "echo x"}, Deliver: deliver})
	want := []seen{{"echo", chat.Answered}, {"", chat.Duplicate}, {"slow", chat.NotDeployed}}
	if len(got) != len(want) {
		t.Fatalf("observed %v, want %v (nothing without an observer)", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("answer %d observed as %+v, want %+v", i, got[i], want[i])
		}
	}
}
