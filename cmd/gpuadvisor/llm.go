package main

import (
	"gpuadvisor/commands"
	"gpuadvisor/infra/llm"
)

// The CLI builds its LLM from the same environment as the functions:
// OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, OPENAI_TIMEOUT (see
// infra/llm). With none of them set, drafts come from templates and `ask`
// explains the command language. A half-done configuration is not an error
// here: every draft says what is missing.
//
// It wraps openDeps, calling whatever was there before (another init() may
// have wrapped it already, in any order).
func init() {
	prev := openDeps
	openDeps = func(g globals) (commands.Deps, func(), error) {
		d, closeDeps, err := prev(g)
		if err != nil {
			return d, closeDeps, err
		}
		if d.LLM == nil {
			d.LLM = llm.FromEnv()
		}
		return d, closeDeps, nil
	}
}
