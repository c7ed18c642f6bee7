//lint:file-ignore SA1019 max_tokens is what OpenAI-compatible providers (DeepSeek, DashScope, vLLM) read; only OpenAI's reasoning models get max_completion_tokens

package llm

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"gpuadvisor/prompts"
)

// Defaults of a Client.
const (
	// DefaultTimeout bounds one HTTP call when OPENAI_TIMEOUT is not set.
	DefaultTimeout = 25 * time.Second
	// DefaultModel is used against OpenAI when OPENAI_MODEL is not set.
	DefaultModel = "gpt-4o-mini"
	// Temperature is low but positive: zero would be dropped from the
	// request by omitempty and replaced by the server's default.
	Temperature float32 = 0.2
	// DefaultAzureAPIVersion is used when the Azure base URL names none.
	DefaultAzureAPIVersion = "2024-10-21"
)

var _ prompts.LLM = (*Client)(nil)
var _ prompts.Modeler = (*Client)(nil)

// Config says which endpoint and model to use.
type Config struct {
	// APIKey is the bearer token (Azure: the api-key); may be empty for
	// local servers.
	APIKey string
	// BaseURL is the endpoint; empty means OpenAI.
	BaseURL string
	// Model is the model name (Azure: the deployment name).
	Model string
	// Timeout bounds each call; zero means DefaultTimeout.
	Timeout time.Duration
}

// Client is a prompts.LLM over go-openai. It is safe for concurrent use.
type Client struct {
	client  *openai.Client
	model   string
	timeout time.Duration
}

// New builds a client. The model must be set (FromEnv fills the default).
func New(cfg Config) (*Client, error) { return newClient(cfg, nil) }

// newClient builds a client; rt replaces the HTTP transport in tests.
func newClient(cfg Config, rt http.RoundTripper) (*Client, error) {
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("llm: no model: set OPENAI_MODEL")
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	var oc openai.ClientConfig
	base := strings.TrimSpace(cfg.BaseURL)
	if u, err := url.Parse(base); err == nil && strings.HasSuffix(strings.ToLower(u.Hostname()), ".openai.azure.com") {
		version := u.Query().Get("api-version")
		if version == "" {
			version = DefaultAzureAPIVersion
		}
		u.RawQuery = ""
		oc = openai.DefaultAzureConfig(cfg.APIKey, u.String())
		oc.APIVersion = version
		oc.AzureModelMapperFunc = func(model string) string { return model } // OPENAI_MODEL is the deployment
	} else {
		oc = openai.DefaultConfig(cfg.APIKey)
		if base != "" {
			oc.BaseURL = base
		}
	}
	if rt == nil {
		rt = http.DefaultTransport
	}
	// the default client has no timeout; the transport keeps Retry-After and
	// adds the fields go-openai has no name for (enable_thinking)
	oc.HTTPClient = &http.Client{Timeout: timeout, Transport: &transport{next: rt}}
	return &Client{client: openai.NewClientWithConfig(oc), model: cfg.Model, timeout: timeout}, nil
}

// Load reads OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL and
// OPENAI_TIMEOUT through getenv (os.Getenv in production). With neither a key
// nor a base URL it returns nil, nil: no LLM, template drafts. A half-done
// configuration is an error naming the variable, for the process to refuse
// to start with: OPENAI_BASE_URL without OPENAI_MODEL (no OpenAI model name
// is guessed for another endpoint), a base URL that is not http(s), an
// OPENAI_TIMEOUT that is not a duration.
func Load(getenv func(string) string) (prompts.LLM, error) {
	cfg := Config{
		APIKey:  strings.TrimSpace(getenv("OPENAI_API_KEY")),
		BaseURL: strings.TrimSpace(getenv("OPENAI_BASE_URL")),
		Model:   strings.TrimSpace(getenv("OPENAI_MODEL")),
	}
	if cfg.APIKey == "" && cfg.BaseURL == "" {
		return nil, nil
	}
	if cfg.BaseURL != "" {
		if u, err := url.Parse(cfg.BaseURL); err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
			return nil, &ConfigError{Key: "OPENAI_BASE_URL", Message: "is not an http(s) URL", Example: "https://api.deepseek.com"}
		}
	}
	if cfg.Model == "" {
		if cfg.BaseURL != "" {
			return nil, &ConfigError{Key: "OPENAI_MODEL", Message: "is not set; it is required when OPENAI_BASE_URL is set (the endpoint's own model name)",
				Example: "deepseek-chat (DeepSeek), qwen-plus (DashScope), qwen2.5:7b (Ollama)"}
		}
		cfg.Model = DefaultModel
	}
	if v := strings.TrimSpace(getenv("OPENAI_TIMEOUT")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return nil, &ConfigError{Key: "OPENAI_TIMEOUT", Message: fmt.Sprintf("%q is not a positive duration", v), Example: "25s"}
		}
		cfg.Timeout = d
	}
	c, err := New(cfg)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// ConfigError names the environment variable that is wrong, what it
// accepts and an example. It never holds the key.
type ConfigError struct {
	Key, Message, Example string
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("llm: %s %s; for example %s", e.Key, e.Message, e.Example)
}

// FromEnv is FromGetenv(os.Getenv).
func FromEnv() prompts.LLM { return FromGetenv(os.Getenv) }

// FromGetenv is Load(getenv) for callers that answer rather than refuse to
// start: a half-done configuration becomes a prompts.Unconfigured saying
// what is missing, so every draft tells the user. Processes that can refuse
// to start (serve, the functions) call Load.
func FromGetenv(getenv func(string) string) prompts.LLM {
	l, err := Load(getenv)
	if err != nil {
		var ce *ConfigError
		if errors.As(err, &ce) {
			return prompts.Unconfigured{Why: ce.Key + " " + ce.Message}
		}
		return prompts.Unconfigured{Why: err.Error()}
	}
	return l
}

func (c *Client) Model() string { return c.model }

// Complete implements prompts.LLM: one chat completion, bounded by the
// client timeout and by ctx's deadline, whichever comes first. The request
// fits the model's family (docs/drafting.md): reasoning models get no
// temperature and a budget that leaves room for their reasoning, Qwen3
// hybrid models are asked not to think.
func (c *Client) Complete(ctx context.Context, p prompts.Prompt) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req := openai.ChatCompletionRequest{
		Model: c.model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: p.System},
			{Role: openai.ChatMessageRoleUser, Content: p.User},
		},
	}
	call := &callState{}
	switch familyOf(c.model) {
	case familyOpenAIReasoning:
		// o1/o3/o4/gpt-5 refuse temperature and max_tokens; their budget
		// includes the hidden reasoning
		req.MaxCompletionTokens = reasoningBudget(p.MaxTokens)
	case familyDeepSeekReasoner:
		// temperature has no effect; max_tokens counts the chain of thought
		req.MaxTokens = reasoningBudget(p.MaxTokens)
	case familyQwenHybrid:
		// thinking off: DashScope reads enable_thinking, vLLM and SGLang read
		// chat_template_kwargs
		req.Temperature = Temperature
		req.MaxTokens = p.MaxTokens
		req.ChatTemplateKwargs = map[string]any{"enable_thinking": false}
		call.extra = map[string]any{"enable_thinking": false}
	case familyQwenThinking:
		// thinking-only: no temperature is honoured, the budget includes it
		req.MaxTokens = reasoningBudget(p.MaxTokens)
	default:
		req.Temperature = Temperature
		req.MaxTokens = p.MaxTokens
	}
	if p.JSON {
		req.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
	}
	resp, err := c.client.CreateChatCompletion(context.WithValue(ctx, callKey{}, call), req)
	if err != nil {
		err = classify(ctx, err)
		if d := call.retryAfter(); d > 0 {
			err = &prompts.RetryAfterError{Err: err, After: d}
		}
		return "", err
	}
	if len(resp.Choices) == 0 {
		return "", fmt.Errorf("%w: no choices", prompts.ErrEmpty)
	}
	msg := resp.Choices[0].Message
	if strings.TrimSpace(msg.Content) == "" {
		if msg.ReasoningContent != "" {
			// the budget ran out while the model was still reasoning
			return "", fmt.Errorf("%w: only reasoning_content (%d bytes), finish_reason %q", prompts.ErrEmpty, len(msg.ReasoningContent), resp.Choices[0].FinishReason)
		}
		return "", fmt.Errorf("%w: finish_reason %q", prompts.ErrEmpty, resp.Choices[0].FinishReason)
	}
	return msg.Content, nil
}

// The model families whose parameters differ.
const (
	familyChat             = iota
	familyOpenAIReasoning  // o1, o3, o4, gpt-5
	familyDeepSeekReasoner // deepseek-reasoner, deepseek-r1
	familyQwenHybrid       // qwen3-* that can think or not
	familyQwenThinking     // qwq, qwen3-*-thinking: always think
)

// familyOf names a model's family by its name (an Azure deployment named
// otherwise is a chat model).
func familyOf(model string) int {
	m := strings.ToLower(model)
	if i := strings.LastIndex(m, "/"); i >= 0 { // Qwen/Qwen3-8B, deepseek-ai/DeepSeek-R1
		m = m[i+1:]
	}
	switch {
	case hasAnyPrefix(m, "o1", "o3", "o4", "gpt-5", "gpt-6"):
		return familyOpenAIReasoning
	case strings.HasPrefix(m, "deepseek-reasoner"), strings.HasPrefix(m, "deepseek-r1"):
		return familyDeepSeekReasoner
	case strings.HasPrefix(m, "qwq"), strings.HasPrefix(m, "qwen3") && strings.Contains(m, "thinking"):
		return familyQwenThinking
	case strings.HasPrefix(m, "qwen3") && !strings.Contains(m, "instruct") && !strings.Contains(m, "coder"):
		return familyQwenHybrid
	}
	return familyChat
}

func hasAnyPrefix(s string, ps ...string) bool {
	return slices.ContainsFunc(ps, func(p string) bool { return strings.HasPrefix(s, p) })
}

// reasoningBudget leaves room for the reasoning before the answer.
func reasoningBudget(answer int) int { return max(answer*4, 4096) }

// classify maps a go-openai error onto the prompts sentinels. The message
// holds the HTTP status and the API error code only.
func classify(ctx context.Context, err error) error {
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	status, code := 0, ""
	switch {
	case errors.As(err, &apiErr):
		status = apiErr.HTTPStatusCode
		code = fmt.Sprint(apiErr.Code)
		if apiErr.Code == nil {
			code = apiErr.Type
		}
	case errors.As(err, &reqErr):
		status = reqErr.HTTPStatusCode
	}
	what := fmt.Sprintf("HTTP %d", status)
	if code != "" {
		what += " " + code
	}
	switch {
	case ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		return fmt.Errorf("%w: no answer in time", prompts.ErrTimeout)
	case status == http.StatusTooManyRequests && (code == "insufficient_quota" || apiErr != nil && apiErr.Type == "insufficient_quota"),
		status == http.StatusPaymentRequired:
		return fmt.Errorf("%w: %s", prompts.ErrQuota, what)
	case status == http.StatusTooManyRequests:
		return fmt.Errorf("%w: %s", prompts.ErrRateLimited, what)
	case status >= 500:
		return fmt.Errorf("%w: %s", prompts.ErrUnavailable, what)
	case status >= 400:
		return fmt.Errorf("%w: %s", prompts.ErrRejected, what)
	}
	var uerr *url.Error
	if errors.As(err, &uerr) {
		return fmt.Errorf("%w: %s request failed: %v", prompts.ErrUnavailable, uerr.Op, uerr.Err)
	}
	var nerr net.Error
	if errors.As(err, &nerr) {
		return fmt.Errorf("%w: %v", prompts.ErrUnavailable, nerr)
	}
	return fmt.Errorf("llm: %w", err)
}

func isTimeout(err error) bool {
	var nerr net.Error
	return errors.As(err, &nerr) && nerr.Timeout()
}
