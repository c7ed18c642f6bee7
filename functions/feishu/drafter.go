package main

import (
	"context"
	"strings"

	"gpuadvisor/chat"
	"gpuadvisor/infra/invoke"
)

// Slow work (LLM drafts, ask) reaches the drafter function by an async
// Lambda invoke (InvocationType=Event) of DRAFTER_FUNCTION. Without it,
// deferred commands answer that drafting is not deployed.
func init() {
	newDispatcher = func(ctx context.Context, getenv func(string) string) (chat.Dispatcher, error) {
		if strings.TrimSpace(getenv("DRAFTER_FUNCTION")) == "" {
			return nil, nil
		}
		d, err := invoke.FromEnv(ctx)
		if err != nil {
			return nil, err
		}
		return d, nil
	}
}
