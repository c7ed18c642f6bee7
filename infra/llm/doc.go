// Package llm adapts go-openai (github.com/sashabaranov/go-openai) to the
// prompts.LLM interface, against any OpenAI-compatible chat-completions
// endpoint: OpenAI, DeepSeek, Qwen (DashScope compatible mode), Azure OpenAI,
// a local vLLM or Ollama.
//
// Configuration comes from the environment (Load; FromEnv for callers that
// explain a bad configuration in every reply instead of refusing to start):
//
//	OPENAI_API_KEY   the key (may be empty for a local vLLM or Ollama)
//	OPENAI_BASE_URL  empty for OpenAI; https://api.deepseek.com,
//	                 https://dashscope.aliyuncs.com/compatible-mode/v1,
//	                 http://localhost:11434/v1 (Ollama), http://localhost:8000/v1 (vLLM),
//	                 https://<resource>.openai.azure.com[?api-version=2024-10-21] (Azure;
//	                 OPENAI_MODEL is then the deployment name)
//	OPENAI_MODEL     the model; required with OPENAI_BASE_URL (gpt-4o-mini only
//	                 when the endpoint is OpenAI itself)
//	OPENAI_TIMEOUT   optional, a Go duration; default 25s
//
// What the adapter takes care of (docs/drafting.md explains each; the
// go-openai traps are in docs/platforms.md#go-openai):
//   - go-openai's default http.Client has no timeout: every client gets one,
//     and each call also runs under a context bounded by the caller's deadline;
//   - Temperature 0 is dropped by `omitempty` (the server then uses its own
//     default): chat models get a small positive temperature (0.2);
//   - reasoning models get the parameters they accept: o1/o3/o4/gpt-5
//     max_completion_tokens and no temperature; deepseek-reasoner and R1 a
//     max_tokens that leaves room for the chain of thought and no temperature;
//     Qwen3 hybrid models enable_thinking=false (DashScope) and
//     chat_template_kwargs.enable_thinking=false (vLLM, SGLang); QwQ and
//     Qwen3 thinking-only models a reasoning budget. An answer with only
//     reasoning_content is an empty answer;
//   - a 429 arrives as *openai.APIError (JSON body) or *openai.RequestError
//     (any other body): both are recognised, and insufficient_quota (or
//     DeepSeek's 402) is told apart from a rate limit so it is not retried;
//   - go-openai drops response headers on errors: a transport keeps the
//     Retry-After of a 429 or 503 (capped at MaxRetryAfter) and the error
//     carries it as a prompts.RetryAfterError.
//
// Errors wrap the prompts sentinels (prompts.ErrRateLimited, ...). Their text
// carries the status and error code only: never the key, and never a body.
package llm
