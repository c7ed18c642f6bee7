package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

// TestFailedPostThenLambdaRetry: the post fails, so the invocation fails
// and Lambda's async retry (the same payload again) posts the draft. Before
// the fix the first invocation had marked the job done and the retry
// answered "duplicate": no draft, and the user's "working on it" stayed.
// Three failed invocations (Lambda's try and its two retries) end with an
// error reply saying the draft failed and how to ask again.
func TestFailedPostThenLambdaRetry(t *testing.T) {
	t.Setenv("GPUADVISOR_SECRETS", "")
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	rows := []struct {
		name      string
		fail      int    // posts refused
		failures  int    // invocations that must fail
		wantTitle string // in the one post that gets through
	}{
		// one invocation = a post and its one quick retry
		{"retry succeeds", 2, 1, "Proposed SLA clauses"},
		{"three invocations fail", 6, 2, "The draft failed"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			slack := testkit.NewSlack(t)
			slack.FailHooks.Store(int64(r.fail))
			run, err := setup(context.Background(), env(map[string]string{"SLACK_BOT_TOKEN": "xoxb-test"}), quiet)
			if err != nil {
				t.Fatal(err)
			}
			h := lambda.NewHandler(run.Run)
			job := chat.Job{ID: "T1.trigger." + r.name, Request: chat.Request{Text: "draft sla vendor=酷算云", Platform: "slack", Lang: chat.EN, Sync: true},
				Target: chat.Target{ResponseURL: slack.HookURL("T1/1/abc")}}
			payload, _ := json.Marshal(job)
			for i := 1; i <= 3; i++ {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				_, err := h.Invoke(ctx, payload)
				cancel()
				if wantErr := i <= r.failures; (err != nil) != wantErr {
					t.Fatalf("invocation %d: err %v, want failure=%v", i, err, wantErr)
				}
			}
			posts := hookBodies(slack)
			if len(posts) != 1 || !strings.Contains(posts[0], r.wantTitle) {
				t.Fatalf("posts %v, want one with %q", posts, r.wantTitle)
			}
			if r.wantTitle == "The draft failed" && !strings.Contains(posts[0], "Ask again with the same command: draft sla vendor=酷算云") {
				t.Errorf("the error reply does not say how to ask again: %s", posts[0])
			}
		})
	}
}
