package draft

import (
	"context"
	"testing"
	"time"

	"gpuadvisor/internal/testkit"

	"gpuadvisor/chat"
	"gpuadvisor/infra/llm"
	"gpuadvisor/internal/testkit/llmtest"
	"gpuadvisor/prompts"
)

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	testkit.Testdata(t, name, got)
}

// router is a router with only the draft command, as bot.New registers it.
func router(o Options) *chat.Router {
	return testkit.RouterAt(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC), Command(o))
}

func handle(r *chat.Router, text string, sync bool) chat.Reply {
	return r.Handle(context.Background(), chat.Request{Text: text, Platform: "cli", Tenant: "cli:local", Sync: sync})
}

// fakeLLM starts the fake endpoint and a go-openai client on it.
func fakeLLM(t *testing.T, timeout time.Duration, script func(llmtest.Request) llmtest.Response) (prompts.LLM, *llmtest.Server) {
	t.Helper()
	srv := llmtest.New(script)
	t.Cleanup(srv.Close)
	c, err := llm.New(llm.Config{APIKey: "sk-test", BaseURL: srv.BaseURL, Model: "fake-chat", Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	return c, srv
}

func data(rep chat.Reply) map[string]any {
	m, _ := rep.Data.(map[string]any)
	return m
}
