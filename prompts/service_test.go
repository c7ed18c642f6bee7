package prompts

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// scripted is a fake LLM answering from a list of results, one per call.
type scripted struct {
	results []result
	calls   atomic.Int32
}

type result struct {
	out   string
	err   error
	delay time.Duration
}

func (s *scripted) Complete(ctx context.Context, p Prompt) (string, error) {
	i := int(s.calls.Add(1)) - 1
	r := s.results[min(i, len(s.results)-1)]
	if r.delay > 0 {
		select {
		case <-time.After(r.delay):
		case <-ctx.Done():
			return "", fmt.Errorf("%w: %v", ErrTimeout, ctx.Err())
		}
	}
	return r.out, r.err
}

func (s *scripted) Model() string { return "fake-model" }

// TestServicePaths: each LLM outcome ends in the right path and reason.
func TestServicePaths(t *testing.T) {
	ref, err := slaTerms.job(EN)
	if err != nil {
		t.Fatal(err)
	}
	good := strings.Replace(ref.text, "The following", "These", 1)
	rows := []struct {
		name    string
		results []result
		timeout time.Duration
		path    string // Draft.String()
		calls   int32
	}{
		{"good draft", []result{{out: good}}, 0, "llm", 1},
		{"changed number", []result{{out: strings.ReplaceAll(good, "30 minutes", "45 minutes")}}, 0, "template (check_failed: required_fact)", 1},
		{"added link", []result{{out: good + "\nhttps://x.example.com"}}, 0, "template (check_failed: url)", 1},
		{"rate limited twice", []result{{err: fmt.Errorf("%w: 429", ErrRateLimited)}}, 0, "template (rate_limited)", 2},
		{"rate limited then good", []result{{err: fmt.Errorf("%w: 429", ErrRateLimited)}, {out: good}}, 0, "llm", 2},
		{"quota is not retried", []result{{err: fmt.Errorf("%w: 429 insufficient_quota", ErrQuota)}}, 0, "template (quota)", 1},
		{"server error", []result{{err: fmt.Errorf("%w: 500", ErrUnavailable)}}, 0, "template (unavailable)", 2},
		{"empty content", []result{{out: "  "}}, 0, "template (empty)", 2},
		{"rejected model", []result{{err: fmt.Errorf("%w: 404 model not found", ErrRejected)}}, 0, "template (rejected)", 1},
		{"slow past the deadline", []result{{out: good, delay: time.Second}}, 50 * time.Millisecond, "template (timeout)", 1},
		{"unknown error", []result{{err: errors.New("boom")}}, 0, "template (llm_error)", 1},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			llm := &scripted{results: r.results}
			s := &Service{LLM: llm, Timeout: r.timeout, Backoff: time.Millisecond, Log: quiet}
			d, err := s.SLA(context.Background(), EN, slaTerms)
			if err != nil {
				t.Fatal(err)
			}
			if got := d.String(); got != r.path {
				t.Errorf("path = %q, want %q", got, r.path)
			}
			if got := llm.calls.Load(); got != r.calls {
				t.Errorf("LLM calls = %d, want %d", got, r.calls)
			}
			if d.Source == SourceTemplate && d.Text != ref.text {
				t.Errorf("template path must give the template draft")
			}
			if d.Model != "fake-model" {
				t.Errorf("model = %q, want fake-model", d.Model)
			}
		})
	}
}

func TestServiceUnconfigured(t *testing.T) {
	s := &Service{LLM: Unconfigured{Why: "OPENAI_MODEL is not set"}}
	if s.Configured() {
		t.Error("Configured() = true for an Unconfigured LLM")
	}
	d, err := s.SLA(context.Background(), ZH, slaTerms)
	if err != nil {
		t.Fatal(err)
	}
	if d.Reason == nil || d.Reason.Code != ReasonNotConfigured || !strings.Contains(d.Reason.Message(ZH), "OPENAI_MODEL is not set") {
		t.Errorf("reason = %+v, want not_configured naming OPENAI_MODEL", d.Reason)
	}
	var nilSvc *Service
	if nilSvc.Configured() {
		t.Error("a nil Service is not configured")
	}
}

// TestCallerDeadlineWins: a caller deadline shorter than the service timeout bounds the call.
func TestCallerDeadlineWins(t *testing.T) {
	llm := &scripted{results: []result{{out: "x", delay: 5 * time.Second}}}
	s := &Service{LLM: llm, Timeout: time.Minute, Log: quiet}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	d, _ := s.SLA(ctx, EN, slaTerms)
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("took %v, want the caller's 30ms deadline to stop it", took)
	}
	if d.String() != "template (timeout)" {
		t.Errorf("path = %s, want template (timeout)", d)
	}
}

func TestReasonMessages(t *testing.T) {
	for _, code := range []string{ReasonNotConfigured, ReasonTimeout, ReasonRateLimited, ReasonQuota, ReasonUnavailable, ReasonRejected, ReasonEmpty, ReasonNotJSON, ReasonError} {
		r := &Reason{Code: code}
		en, zh := r.Message(EN), r.Message(ZH)
		if en == "" || zh == "" || en == zh {
			t.Errorf("%s: messages %q / %q, want distinct English and Chinese", code, en, zh)
		}
	}
	r := &Reason{Code: ReasonCheckFailed, Check: CheckUnknownNumber, Value: "0.5"}
	if got := r.Message(EN); !strings.Contains(got, "0.5") || !strings.Contains(got, "unknown_number") {
		t.Errorf("check message %q must name the check and the number", got)
	}
}

func TestParseProposal(t *testing.T) {
	rows := []struct {
		name, in, want, err string
	}{
		{"two commands", `{"commands":[{"command":"tier","words":[],"args":{"model":"qwen2.5-14b","mode":"lora"}},{"command":"billing","args":{"ondemand":35,"hours":"240"}}]}`, "tier model=qwen2.5-14b mode=lora | billing ondemand=35 hours=240", ""},
		{"single object", `{"command":"billing","args":{"ondemand":"35元/时"}}`, "billing ondemand=35元/时", ""},
		{"fenced with reasoning", "<think>hmm</think>\n```json\n{\"commands\":[{\"command\":\"help\"}]}\n```", "help", ""},
		{"words and booleans", `{"commands":[{"command":"renewal","words":["list"],"args":{"private":true}}]}`, "renewal list private=yes", ""},
		{"value with spaces is quoted", `{"command":"quote","args":{"vendor":"Ku Suan"}}`, `quote vendor="Ku Suan"`, ""},
		{"no commands", `{"commands":[]}`, "", ""},
		{"more than three are cut", `{"commands":[{"command":"a"},{"command":"b"},{"command":"c"},{"command":"d"}]}`, "a | b | c", ""},
		{"not JSON", "I think you should use tier.", "", "no JSON object"},
		{"broken JSON", `{"commands":[{"command":"tier",}]}`, "", "not JSON"},
		{"object value", `{"command":"tier","args":{"model":{"x":1}}}`, "", "not a string"},
		{"command with spaces", `{"command":"tier model=x"}`, "", "not a command word"},
		{"key with =", `{"command":"tier","args":{"a=b":"1"}}`, "", "not a key"},
	}
	for _, r := range rows {
		p, err := ParseProposal(r.in)
		if r.err != "" {
			if err == nil || !strings.Contains(err.Error(), r.err) {
				t.Errorf("%s: err = %v, want %q", r.name, err, r.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", r.name, err)
			continue
		}
		var lines []string
		for _, c := range p.Commands {
			lines = append(lines, c.Line())
		}
		if got := strings.Join(lines, " | "); got != r.want {
			t.Errorf("%s: ParseProposal(%s) = %q, want %q", r.name, r.in, got, r.want)
		}
	}
}

// BenchmarkTemplateDraft: a draft with no LLM configured must render in
// well under 1 ms.
func BenchmarkTemplateDraft(b *testing.B) {
	s := &Service{}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.SLA(ctx, ZH, slaTerms); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTemplateQuestions(b *testing.B) {
	s := &Service{}
	ctx := context.Background()
	for b.Loop() {
		if _, err := s.Questions(ctx, EN, questionsEN); err != nil {
			b.Fatal(err)
		}
	}
}

// TestServiceRetryAfter: a rate limit with Retry-After waits that long
// (not the 1 ms backoff) before the one retry; a Retry-After that does not
// fit in the time left gives the template at once, without sleeping.
func TestServiceRetryAfter(t *testing.T) {
	ref, _ := slaTerms.job(EN)
	good := strings.Replace(ref.text, "The following", "These", 1)
	limited := &RetryAfterError{Err: fmt.Errorf("%w: HTTP 429", ErrRateLimited), After: 300 * time.Millisecond}
	rows := []struct {
		name    string
		timeout time.Duration
		path    string
		calls   int32
		minWait time.Duration
		maxWait time.Duration
	}{
		// 300 ms wait + 1 s margin fits in 5 s: retried after ≥ 300 ms
		{"wait fits", 5 * time.Second, "llm", 2, 300 * time.Millisecond, 2 * time.Second},
		// 300 ms + 1 s margin does not fit in 800 ms: no retry, no sleep
		{"wait does not fit", 800 * time.Millisecond, "template (rate_limited)", 1, 0, 200 * time.Millisecond},
	}
	for _, r := range rows {
		llm := &scripted{results: []result{{err: limited}, {out: good}}}
		s := &Service{LLM: llm, Timeout: r.timeout, Backoff: time.Millisecond, Log: quiet}
		start := time.Now()
		d, err := s.SLA(context.Background(), EN, slaTerms)
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		if d.String() != r.path || llm.calls.Load() != r.calls {
			t.Errorf("%s: path %s after %d calls, want %s after %d", r.name, d, llm.calls.Load(), r.path, r.calls)
		}
		if took < r.minWait || took > r.maxWait {
			t.Errorf("%s: took %v, want %v–%v", r.name, took, r.minWait, r.maxWait)
		}
	}
}
