package main

import (
	"gpuadvisor/commands"
	"gpuadvisor/infra/bolt"
	"gpuadvisor/infra/llm"
)

// serveBotDeps are the commands' dependencies under serve: the embedded
// store for renewals, and the LLM from OPENAI_API_KEY, OPENAI_BASE_URL,
// OPENAI_MODEL and OPENAI_TIMEOUT (read by infra/llm from the process
// environment, as the functions do). Without an LLM drafts come from
// templates and say so.
func serveBotDeps(st *bolt.Store) commands.Deps {
	d := commands.Deps{Renewals: st, Prices: st, Settings: st}
	if l := llm.FromEnv(); l != nil {
		d.LLM = l
	}
	return d
}
