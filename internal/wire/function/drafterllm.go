package function

import (
	"context"
	"errors"
	"strings"

	"gpuadvisor/infra/llm"
	"gpuadvisor/prompts"
)

// EnvDrafterLLM, set (to anything) on a chat function, says the drafter has
// an LLM. The chat function then hands LLM work (drafts, ask) to the drafter
// without holding the LLM's key itself: the template gives only the drafter
// the right to read the LLM secret.
const EnvDrafterLLM = "DRAFTER_LLM"

// errLLMInDrafter is what the stand-in answers if it is ever called inline.
var errLLMInDrafter = errors.New("the LLM runs in the drafter function; this function hands LLM work to it")

// drafterLLM stands for the drafter's LLM in a chat function: configured,
// with the model the drafter uses, never called (the work is deferred).
type drafterLLM struct{ model string }

func (drafterLLM) Complete(context.Context, prompts.Prompt) (string, error) {
	return "", errLLMInDrafter
}

// Model implements prompts.Modeler.
func (d drafterLLM) Model() string { return d.model }

// remoteLLM returns the stand-in when the function hands work to a drafter
// that has an LLM and has none of its own configured, else nil.
func remoteLLM(getenv func(string) string, hasDispatcher bool, own prompts.LLM) prompts.LLM {
	if own != nil || !hasDispatcher || strings.TrimSpace(getenv(EnvDrafterLLM)) == "" {
		return nil
	}
	model := strings.TrimSpace(getenv("OPENAI_MODEL"))
	if model == "" {
		model = llm.DefaultModel
	}
	return drafterLLM{model: model}
}
