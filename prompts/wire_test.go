package prompts_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"gpuadvisor/infra/llm"
	"gpuadvisor/internal/testkit/llmtest"
	"gpuadvisor/prompts"
)

// wire is the real go-openai client against the fake OpenAI server, which
// answers whatever answer holds.
type wire struct {
	mu     sync.Mutex
	answer string
	svc    *prompts.Service
}

func newWire(t *testing.T) *wire {
	w := &wire{}
	srv := llmtest.New(func(llmtest.Request) llmtest.Response {
		w.mu.Lock()
		defer w.mu.Unlock()
		return llmtest.Reply(w.answer)
	})
	t.Cleanup(srv.Close)
	c, err := llm.New(llm.Config{APIKey: "sk-test", BaseURL: srv.BaseURL, Model: "fake-chat", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	w.svc = &prompts.Service{LLM: c, Retries: -1}
	return w
}

func (w *wire) draft(t *testing.T, job, answer string) prompts.Draft {
	w.mu.Lock()
	w.answer = answer
	w.mu.Unlock()
	return prompts.WireDraft(context.Background(), t, w.svc, job)
}

// TestCorpusOnTheWire: every adversarial rewrite, answered by the fake LLM
// through go-openai, falls back to the template and says which check
// failed; every harmless rewording is used as the draft.
func TestCorpusOnTheWire(t *testing.T) {
	w := newWire(t)
	templates := map[string]string{}
	template := func(job string) string {
		if s, ok := templates[job]; ok {
			return s
		}
		d := prompts.WireDraft(context.Background(), t, &prompts.Service{}, job)
		templates[job] = d.Text
		return d.Text
	}
	for _, c := range prompts.WireCorpus(t, "testdata/rewrites.txt") {
		ref := template(c.Job)
		d := w.draft(t, c.Job, c.Apply(t, ref))
		if d.Source != prompts.SourceTemplate || d.Text != ref || d.Reason == nil || d.Reason.Code != prompts.ReasonCheckFailed {
			t.Errorf("%s (%s): got %s, want the template with a failed check", c.Name, c.Job, d)
		}
	}
	for _, c := range prompts.WireCorpus(t, "testdata/benign_rewrites.txt") {
		cand := c.Apply(t, template(c.Job))
		if d := w.draft(t, c.Job, cand); d.Source != prompts.SourceLLM || d.Text != cand {
			t.Errorf("%s (%s): got %s (%s), want the LLM's wording", c.Name, c.Job, d, d.Reason.Message("en"))
		}
	}
}
