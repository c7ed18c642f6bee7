// Package llm adapts go-openai (github.com/sashabaranov/go-openai) to the
// prompts.LLM interface, against any OpenAI-compatible chat-completions
// endpoint: OpenAI, DeepSeek, Qwen (DashScope compatible mode), Azure OpenAI,
// a local vLLM or Ollama.
//
// Configuration comes from the environment (FromEnv):
//
//	OPENAI_API_KEY   the key (may be empty for a local vLLM or Ollama)
//	OPENAI_BASE_URL  empty for OpenAI; https://api.deepseek.com,
//	                 https://dashscope.aliyuncs.com/compatible-mode/v1,
//	                 http://localhost:11434/v1 (Ollama), http://localhost:8000/v1 (vLLM),
//	                 https://<resource>.openai.azure.com[?api-version=2024-10-21] (Azure;
//	                 OPENAI_MODEL is then the deployment name)
//	OPENAI_MODEL     the model (gpt-4o-mini when the base URL is empty)
//	OPENAI_TIMEOUT   optional, a Go duration; default 25s
//
// The go-openai traps of docs/platforms.md#go-openai are handled here:
//   - its default http.Client has no timeout: every client gets one, and each
//     call also runs under a context bounded by the caller's deadline;
//   - Temperature 0 is dropped by `omitempty` (the server then uses its own
//     default, often 1.0): we send a small positive temperature (0.2), and
//     none at all for reasoning models (o1/o3/o4/gpt-5), which refuse it;
//   - a 429 arrives as *openai.APIError (JSON body) or *openai.RequestError
//     (any other body): both are recognised, and insufficient_quota (or
//     DeepSeek's 402) is told apart from a rate limit so it is not retried.
//
// Errors wrap the prompts sentinels (prompts.ErrRateLimited, ...). Their text
// carries the status and error code only: never the key, and never a body.
package llm
