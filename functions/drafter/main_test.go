package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/internal/testkit/llmtest"
)

// hookBodies are the bodies posted to the fake Slack's response_urls.
func hookBodies(f *testkit.Slack) []string {
	_, hooks, _ := f.Sent()
	var out []string
	for _, h := range hooks {
		out = append(out, h.Raw)
	}
	return out
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// invoke runs the Lambda handler the way the runtime does: JSON in, with a
// deadline.
func invoke(t *testing.T, h lambda.Handler, job chat.Job, timeout time.Duration) {
	t.Helper()
	payload, _ := json.Marshal(job)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if _, err := h.Invoke(ctx, payload); err != nil {
		t.Fatalf("invoke: %v", err)
	}
}

func TestDrafterEndToEnd(t *testing.T) {
	model := llmtest.New(func(req llmtest.Request) llmtest.Response {
		if strings.Contains(req.User(), "slow-vendor") {
			return llmtest.Response{Content: "late", Delay: 5 * time.Second}
		}
		return llmtest.Reply(llmtest.Reword(llmtest.Reference(req.User())))
	})
	defer model.Close()
	t.Setenv("GPUADVISOR_SECRETS", "")
	slack := testkit.NewSlack(t)
	// The LLM's configuration comes through the injected getenv, as every
	// other setting does (never from the process environment behind it).
	r, err := setup(context.Background(), env(map[string]string{"SLACK_BOT_TOKEN": "xoxb-test",
		"OPENAI_API_KEY": "sk-test", "OPENAI_BASE_URL": model.BaseURL, "OPENAI_MODEL": "fake-chat"}), quiet)
	if err != nil {
		t.Fatal(err)
	}
	h := lambda.NewHandler(r.Run)

	job := chat.Job{ID: "T1.trigger.1", Request: chat.Request{Text: "draft sla vendor=酷算云 comp=2x", Platform: "slack", Lang: chat.EN, Sync: true},
		Target: chat.Target{ResponseURL: slack.HookURL("T1/1/abc")}}
	invoke(t, h, job, 10*time.Second)
	invoke(t, h, job, 10*time.Second) // a redelivery
	posts := hookBodies(slack)
	if len(posts) != 1 {
		t.Fatalf("%d posts, want 1 (the job id is claimed)", len(posts))
	}
	if !strings.Contains(posts[0], "LLM (fake-chat)") || !strings.Contains(posts[0], `"blocks"`) || !strings.Contains(posts[0], "酷算云") {
		t.Errorf("post %s: want Block Kit with the LLM's draft", posts[0])
	}

	// An LLM slower than the job's deadline: the template draft is posted in time.
	slow := chat.Job{ID: "T1.trigger.2", Request: chat.Request{Text: "draft sla vendor=slow-vendor", Platform: "slack", Lang: chat.EN, Sync: true},
		Target: chat.Target{ResponseURL: slack.HookURL("T1/2/abc")}}
	start := time.Now()
	invoke(t, h, slow, 3*time.Second)
	if took := time.Since(start); took > 4500*time.Millisecond {
		t.Errorf("took %v: it waited for the 5s LLM instead of its 3s deadline", took)
	}
	posts = hookBodies(slack)
	if len(posts) != 2 || !strings.Contains(posts[1], "did not answer in time") || !strings.Contains(posts[1], "Proposed SLA clauses") {
		t.Errorf("post %v: want the template draft saying the LLM was too slow", posts[len(posts)-1])
	}
}

func TestSetupNeedsAPlatform(t *testing.T) {
	t.Setenv("GPUADVISOR_SECRETS", "")
	_, err := setup(context.Background(), env(map[string]string{}), quiet)
	if err == nil || !strings.Contains(err.Error(), "SLACK_BOT_TOKEN") {
		t.Errorf("err = %v, want the missing platform named", err)
	}
	_, err = setup(context.Background(), env(map[string]string{"FEISHU_APP_ID": "cli_x"}), quiet)
	if err == nil || !strings.Contains(err.Error(), "FEISHU_APP_SECRET") {
		t.Errorf("err = %v, want the missing Feishu secret named", err)
	}
}

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
