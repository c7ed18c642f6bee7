package llm

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
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
	oc.HTTPClient = &http.Client{Timeout: timeout, Transport: rt} // the default client has none
	return &Client{client: openai.NewClientWithConfig(oc), model: cfg.Model, timeout: timeout}, nil
}

// FromEnv reads OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL and
// OPENAI_TIMEOUT. With neither a key nor a base URL it returns nil: no LLM,
// templates only. A half-done configuration returns a prompts.Unconfigured
// saying what is missing, so every reply can tell the user.
func FromEnv() prompts.LLM { return FromGetenv(os.Getenv) }

// FromGetenv is FromEnv reading with getenv (the process environment with
// the secret store's values under it, in the functions).
func FromGetenv(getenv func(string) string) prompts.LLM {
	cfg := Config{
		APIKey:  strings.TrimSpace(getenv("OPENAI_API_KEY")),
		BaseURL: strings.TrimSpace(getenv("OPENAI_BASE_URL")),
		Model:   strings.TrimSpace(getenv("OPENAI_MODEL")),
	}
	if cfg.APIKey == "" && cfg.BaseURL == "" {
		return nil
	}
	if cfg.Model == "" {
		if cfg.BaseURL != "" {
			return prompts.Unconfigured{Why: "OPENAI_BASE_URL is set but OPENAI_MODEL is not"}
		}
		cfg.Model = DefaultModel
	}
	if cfg.BaseURL != "" {
		if u, err := url.Parse(cfg.BaseURL); err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
			return prompts.Unconfigured{Why: "OPENAI_BASE_URL is not an http(s) URL"}
		}
	}
	if v := strings.TrimSpace(getenv("OPENAI_TIMEOUT")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return prompts.Unconfigured{Why: fmt.Sprintf("OPENAI_TIMEOUT=%q is not a duration such as 25s", v)}
		}
		cfg.Timeout = d
	}
	c, err := New(cfg)
	if err != nil {
		return prompts.Unconfigured{Why: err.Error()}
	}
	return c
}

// Model implements prompts.Modeler.
func (c *Client) Model() string { return c.model }

// Complete implements prompts.LLM: one chat completion, bounded by the
// client timeout and by ctx's deadline, whichever comes first.
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
	if reasoningModel(c.model) {
		// reasoning models refuse temperature and max_tokens; their budget
		// includes the hidden reasoning
		req.MaxCompletionTokens = max(p.MaxTokens*4, 4096)
	} else {
		req.Temperature = Temperature
		req.MaxTokens = p.MaxTokens
	}
	if p.JSON {
		req.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
	}
	resp, err := c.client.CreateChatCompletion(ctx, req)
	if err != nil {
		return "", classify(ctx, err)
	}
	if len(resp.Choices) == 0 {
		return "", fmt.Errorf("%w: no choices", prompts.ErrEmpty)
	}
	content := resp.Choices[0].Message.Content
	if strings.TrimSpace(content) == "" {
		return "", fmt.Errorf("%w: finish_reason %q", prompts.ErrEmpty, resp.Choices[0].FinishReason)
	}
	return content, nil
}

func reasoningModel(m string) bool {
	for _, p := range []string{"o1", "o3", "o4", "gpt-5", "gpt-6"} {
		if strings.HasPrefix(m, p) {
			return true
		}
	}
	return false
}

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
