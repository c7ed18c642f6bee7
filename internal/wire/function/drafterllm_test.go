package function

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

type nopDispatcher struct{}

func (nopDispatcher) Dispatch(context.Context, chat.Job) error { return nil }

// noPosters is a function that posts nowhere.
func noPosters(func(string) string, *slog.Logger) map[string]chat.Poster { return nil }

// A chat function does not read the LLM's key (only the drafter may): with
// DRAFTER_LLM set it still hands drafts to the drafter, and without it (no
// LLM anywhere) it answers with the template draft at once.
func TestChatFunctionDefersToTheDrafterLLM(t *testing.T) {
	dispatcher := func(context.Context, func(string) string) (chat.Dispatcher, error) { return nopDispatcher{}, nil }
	tests := []struct {
		name       string
		env        map[string]string
		dispatcher NewDispatcher
		deferred   bool
	}{
		{"the drafter has the LLM: deferred", map[string]string{EnvDrafterLLM: "yes"}, dispatcher, true},
		{"no LLM anywhere: the template draft at once", map[string]string{}, dispatcher, false},
		{"DRAFTER_LLM but no drafter to hand to: the template draft", map[string]string{EnvDrafterLLM: "yes"}, nil, false},
		{"its own key (the single-secret form): deferred", map[string]string{"OPENAI_API_KEY": "sk-x"}, dispatcher, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			getenv := func(k string) string { return tc.env[k] }
			p, err := Lambda(context.Background(), getenv, slog.New(slog.NewTextHandler(io.Discard, nil)), noPosters, tc.dispatcher)
			if err != nil {
				t.Fatal(err)
			}
			rep := p.Router.Handle(context.Background(), chat.Request{Text: "draft questions vendor=AcmeGPU", Platform: "slack", Tenant: "slack:T1", Channel: "C1", User: "U1"})
			if got := rep.Deferred && rep.Job != nil; got != tc.deferred {
				t.Errorf("deferred = %v, want %v (reply %q: %s)", got, tc.deferred, rep.Title, rep.Summary)
			}
			if !tc.deferred && strings.Contains(rep.Summary, errLLMInDrafter.Error()) {
				t.Errorf("the stand-in LLM was called inline: %s", rep.Summary)
			}
		})
	}
}
