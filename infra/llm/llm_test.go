package llm

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"gpuadvisor/internal/testkit/llmtest"
	"gpuadvisor/prompts"
)

var testPrompt = prompts.Prompt{System: "You write drafts.", User: "TASK: hello", MaxTokens: 300}

// TestComplete drives go-openai against the fake endpoint, one row per
// outcome, and checks the error class each one maps to.
func TestComplete(t *testing.T) {
	rows := []struct {
		name    string
		resp    llmtest.Response
		timeout time.Duration
		want    error // nil = content "ok"
	}{
		{"good answer", llmtest.Reply("ok"), 0, nil},
		{"429 with a JSON body", llmtest.APIError(429, "requests", "rate_limit_exceeded", "Rate limit reached"), 0, prompts.ErrRateLimited},
		{"429 without a JSON body", llmtest.PlainError(429, "Too Many Requests"), 0, prompts.ErrRateLimited},
		{"429 insufficient quota", llmtest.APIError(429, "insufficient_quota", "insufficient_quota", "You exceeded your current quota"), 0, prompts.ErrQuota},
		{"402 insufficient balance (DeepSeek)", llmtest.APIError(402, "unknown_error", "invalid_request_error", "Insufficient Balance"), 0, prompts.ErrQuota},
		{"500", llmtest.APIError(500, "server_error", "", "The server had an error"), 0, prompts.ErrUnavailable},
		{"502 from a gateway, HTML", llmtest.PlainError(502, "<html>Bad Gateway</html>"), 0, prompts.ErrUnavailable},
		{"404 unknown model", llmtest.APIError(404, "invalid_request_error", "model_not_found", "The model does not exist"), 0, prompts.ErrRejected},
		{"empty content", llmtest.Reply("   "), 0, prompts.ErrEmpty},
		{"no choices", llmtest.Response{NoChoices: true}, 0, prompts.ErrEmpty},
		{"slow past the timeout", llmtest.Response{Content: "late", Delay: 2 * time.Second}, 100 * time.Millisecond, prompts.ErrTimeout},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			srv := llmtest.New(func(llmtest.Request) llmtest.Response { return r.resp })
			defer srv.Close()
			c, err := New(Config{APIKey: "sk-test", BaseURL: srv.BaseURL, Model: "deepseek-chat", Timeout: r.timeout})
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			out, err := c.Complete(context.Background(), testPrompt)
			if r.timeout > 0 && time.Since(start) > r.timeout+time.Second {
				t.Errorf("took %v with a %v timeout", time.Since(start), r.timeout)
			}
			if r.want == nil {
				if err != nil || out != "ok" {
					t.Fatalf("got %q, %v; want ok", out, err)
				}
				return
			}
			if !errors.Is(err, r.want) {
				t.Fatalf("err = %v, want %v", err, r.want)
			}
			if strings.Contains(err.Error(), "sk-test") || strings.Contains(err.Error(), "Bad Gateway") {
				t.Errorf("error %q leaks the key or the body", err)
			}
		})
	}
}

// TestWireFormat checks what go-openai puts on the wire for us: the path,
// bearer auth, roles, a positive temperature (0 would be dropped), max_tokens
// and JSON mode.
func TestWireFormat(t *testing.T) {
	srv := llmtest.New(func(llmtest.Request) llmtest.Response { return llmtest.Reply(`{"commands":[]}`) })
	defer srv.Close()
	c, err := New(Config{APIKey: "sk-test", BaseURL: srv.BaseURL + "/", Model: "qwen-plus"})
	if err != nil {
		t.Fatal(err)
	}
	p := testPrompt
	p.JSON = true
	if _, err := c.Complete(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	r := reqs[0]
	switch {
	case r.Path != "/v1/chat/completions":
		t.Errorf("path %q, want /v1/chat/completions", r.Path)
	case r.Authorization != "Bearer sk-test":
		t.Errorf("authorization %q", r.Authorization)
	case r.Model != "qwen-plus":
		t.Errorf("model %q", r.Model)
	case r.System() != p.System || r.User() != p.User:
		t.Errorf("messages %+v", r.Messages)
	case r.Temperature == nil || *r.Temperature <= 0:
		t.Errorf("temperature %v: must be sent and positive (0 is dropped by omitempty)", r.Temperature)
	case r.MaxTokens == nil || *r.MaxTokens != 300:
		t.Errorf("max_tokens %v, want 300", r.MaxTokens)
	case !r.JSONMode():
		t.Errorf("response_format json_object missing")
	case r.Stream:
		t.Errorf("stream must be false")
	}
}

func TestReasoningModelOmitsTemperature(t *testing.T) {
	srv := llmtest.New(func(llmtest.Request) llmtest.Response { return llmtest.Reply("ok") })
	defer srv.Close()
	c, _ := New(Config{APIKey: "k", BaseURL: srv.BaseURL, Model: "o3-mini"})
	if _, err := c.Complete(context.Background(), testPrompt); err != nil {
		t.Fatal(err)
	}
	r := srv.Requests()[0]
	if r.Temperature != nil || r.MaxTokens != nil || r.MaxCompletion == nil {
		t.Errorf("o3-mini: temperature %v max_tokens %v max_completion_tokens %v; want only max_completion_tokens", r.Temperature, r.MaxTokens, r.MaxCompletion)
	}
}

// redirect sends every request to the fake, whatever host it was built for.
type redirect struct{ to string }

func (r redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	u, _ := url.Parse(r.to)
	req = req.Clone(req.Context())
	req.URL.Scheme, req.URL.Host = u.Scheme, u.Host
	return http.DefaultTransport.RoundTrip(req)
}

// TestAzure: an *.openai.azure.com base URL uses the deployment path, the
// api-key header and the api-version from the URL.
func TestAzure(t *testing.T) {
	srv := llmtest.New(func(llmtest.Request) llmtest.Response { return llmtest.Reply("ok") })
	defer srv.Close()
	c, err := newClient(Config{APIKey: "az-key", BaseURL: "https://res.openai.azure.com?api-version=2024-06-01", Model: "gpt-4o.mini-deploy"}, redirect{srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Complete(context.Background(), testPrompt); err != nil {
		t.Fatal(err)
	}
	r := srv.Requests()[0]
	if r.Path != "/openai/deployments/gpt-4o.mini-deploy/chat/completions?api-version=2024-06-01" {
		t.Errorf("path %q", r.Path)
	}
	if r.Authorization != "api-key az-key" {
		t.Errorf("auth %q, want the api-key header", r.Authorization)
	}
}

func TestConnectionRefused(t *testing.T) {
	srv := llmtest.New(func(llmtest.Request) llmtest.Response { return llmtest.Reply("ok") })
	base := srv.BaseURL
	srv.Close()
	c, _ := New(Config{BaseURL: base, Model: "m"})
	_, err := c.Complete(context.Background(), testPrompt)
	if !errors.Is(err, prompts.ErrUnavailable) {
		t.Errorf("err = %v, want ErrUnavailable", err)
	}
}

// TestCallerDeadline: a caller deadline shorter than the client timeout wins.
func TestCallerDeadline(t *testing.T) {
	srv := llmtest.New(func(llmtest.Request) llmtest.Response {
		return llmtest.Response{Content: "late", Delay: 3 * time.Second}
	})
	defer srv.Close()
	c, _ := New(Config{BaseURL: srv.BaseURL, Model: "m", Timeout: time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.Complete(ctx, testPrompt)
	if !errors.Is(err, prompts.ErrTimeout) || time.Since(start) > 2*time.Second {
		t.Errorf("err = %v after %v; want ErrTimeout at the caller's 100ms", err, time.Since(start))
	}
}

func TestFromEnv(t *testing.T) {
	rows := []struct {
		name                     string
		key, base, model, timout string
		want                     string // "nil", "client:<model>" or "unconfigured:<substring>"
	}{
		{"nothing set", "", "", "", "", "nil"},
		{"OpenAI with a key", "sk-x", "", "", "", "client:gpt-4o-mini"},
		{"DeepSeek", "sk-x", "https://api.deepseek.com", "deepseek-chat", "", "client:deepseek-chat"},
		{"Ollama without key", "", "http://localhost:11434/v1", "qwen2.5:7b", "", "client:qwen2.5:7b"},
		{"base URL without model", "", "http://localhost:8000/v1", "", "", "unconfigured:OPENAI_MODEL"},
		{"base URL not a URL", "k", "api.deepseek.com", "m", "", "unconfigured:OPENAI_BASE_URL"},
		{"bad timeout", "k", "", "m", "soon", "unconfigured:OPENAI_TIMEOUT"},
		{"good timeout", "k", "", "m", "40s", "client:m"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			t.Setenv("OPENAI_API_KEY", r.key)
			t.Setenv("OPENAI_BASE_URL", r.base)
			t.Setenv("OPENAI_MODEL", r.model)
			t.Setenv("OPENAI_TIMEOUT", r.timout)
			got := "nil"
			switch l := FromEnv().(type) {
			case *Client:
				got = "client:" + l.Model()
				if r.timout == "40s" && l.timeout != 40*time.Second {
					t.Errorf("timeout %v, want 40s", l.timeout)
				}
			case prompts.Unconfigured:
				got = "unconfigured:" + l.Why
			}
			want := r.want
			if strings.HasPrefix(want, "unconfigured:") {
				if !strings.HasPrefix(got, "unconfigured:") || !strings.Contains(got, strings.TrimPrefix(want, "unconfigured:")) {
					t.Errorf("FromEnv = %s, want %s", got, want)
				}
				if strings.Contains(got, r.key) && r.key != "" {
					t.Errorf("the reason leaks the key: %s", got)
				}
				return
			}
			if got != want {
				t.Errorf("FromEnv = %s, want %s", got, want)
			}
		})
	}
}

// TestLoad: with OPENAI_BASE_URL set, OPENAI_MODEL is required: Load fails
// naming it (a process refuses to start) instead of sending gpt-4o-mini to
// DeepSeek or Qwen, which answer 400 to every draft.
func TestLoad(t *testing.T) {
	rows := []struct {
		name string
		env  map[string]string
		want string // "nil", "client:<model>" or "error:<key>"
	}{
		{"nothing set", nil, "nil"},
		{"OpenAI with a key only", map[string]string{"OPENAI_API_KEY": "sk-x"}, "client:" + DefaultModel},
		{"DeepSeek base URL without a model", map[string]string{"OPENAI_API_KEY": "sk-x", "OPENAI_BASE_URL": "https://api.deepseek.com"}, "error:OPENAI_MODEL"},
		{"DashScope base URL without a model", map[string]string{"OPENAI_API_KEY": "sk-x", "OPENAI_BASE_URL": "https://dashscope.aliyuncs.com/compatible-mode/v1"}, "error:OPENAI_MODEL"},
		{"DeepSeek with its model", map[string]string{"OPENAI_API_KEY": "sk-x", "OPENAI_BASE_URL": "https://api.deepseek.com", "OPENAI_MODEL": "deepseek-chat"}, "client:deepseek-chat"},
		{"base URL without a scheme", map[string]string{"OPENAI_BASE_URL": "api.deepseek.com", "OPENAI_MODEL": "m"}, "error:OPENAI_BASE_URL"},
		{"bad timeout", map[string]string{"OPENAI_API_KEY": "k", "OPENAI_MODEL": "m", "OPENAI_TIMEOUT": "soon"}, "error:OPENAI_TIMEOUT"},
	}
	for _, r := range rows {
		l, err := Load(func(k string) string { return r.env[k] })
		got := "nil"
		var ce *ConfigError
		switch {
		case errors.As(err, &ce):
			got = "error:" + ce.Key
			if !strings.Contains(err.Error(), ce.Key) || ce.Example == "" {
				t.Errorf("%s: error %q must name %s and give an example", r.name, err, ce.Key)
			}
			if strings.Contains(err.Error(), "sk-x") {
				t.Errorf("%s: error leaks the key", r.name)
			}
		case err != nil:
			got = "error:" + err.Error()
		case l != nil:
			got = "client:" + l.(*Client).Model()
		}
		if got != r.want {
			t.Errorf("%s: Load = %s, want %s", r.name, got, r.want)
		}
	}
}

// TestModelFamilies: what each model family gets on the wire.
func TestModelFamilies(t *testing.T) {
	rows := []struct {
		model         string
		temperature   bool // sent and positive
		maxTokens     int  // 0 = absent
		maxCompletion int  // 0 = absent
		noThinking    bool // enable_thinking false, top level and in chat_template_kwargs
	}{
		{"deepseek-chat", true, 300, 0, false},
		{"qwen-plus", true, 300, 0, false},
		{"o3-mini", false, 0, 4096, false},
		{"gpt-5-mini", false, 0, 4096, false},
		{"deepseek-reasoner", false, 4096, 0, false},
		{"deepseek-ai/DeepSeek-R1", false, 4096, 0, false},
		{"qwen3-8b", true, 300, 0, true},
		{"Qwen/Qwen3-32B", true, 300, 0, true},
		{"qwen3-235b-a22b-thinking-2507", false, 4096, 0, false},
		{"qwq-plus", false, 4096, 0, false},
		{"qwen3-235b-a22b-instruct-2507", true, 300, 0, false},
	}
	for _, r := range rows {
		srv := llmtest.New(func(llmtest.Request) llmtest.Response { return llmtest.Reply("ok") })
		c, _ := New(Config{APIKey: "k", BaseURL: srv.BaseURL, Model: r.model})
		if _, err := c.Complete(context.Background(), testPrompt); err != nil {
			t.Fatalf("%s: %v", r.model, err)
		}
		q := srv.Requests()[0]
		srv.Close()
		if got := q.Temperature != nil && *q.Temperature > 0; got != r.temperature {
			t.Errorf("%s: temperature %v, want sent=%v", r.model, q.Temperature, r.temperature)
		}
		if got := deref(q.MaxTokens); got != r.maxTokens {
			t.Errorf("%s: max_tokens %d, want %d", r.model, got, r.maxTokens)
		}
		if got := deref(q.MaxCompletion); got != r.maxCompletion {
			t.Errorf("%s: max_completion_tokens %d, want %d", r.model, got, r.maxCompletion)
		}
		off := q.EnableThinking != nil && !*q.EnableThinking && q.ChatTemplateKwargs["enable_thinking"] == false
		if off != r.noThinking {
			t.Errorf("%s: enable_thinking %v, chat_template_kwargs %v; want thinking off=%v", r.model, q.EnableThinking, q.ChatTemplateKwargs, r.noThinking)
		}
		if q.Model != r.model || q.User() != testPrompt.User {
			t.Errorf("%s: the body lost the model or the messages: %+v", r.model, q)
		}
	}
}

func deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

// TestReasoningOnly: a reasoner that spent its budget thinking answers
// with reasoning_content and no content: that is an empty answer.
func TestReasoningOnly(t *testing.T) {
	srv := llmtest.New(func(llmtest.Request) llmtest.Response {
		return llmtest.Response{Reasoning: "Let me think about the SLA..."}
	})
	defer srv.Close()
	c, _ := New(Config{BaseURL: srv.BaseURL, Model: "deepseek-reasoner"})
	_, err := c.Complete(context.Background(), testPrompt)
	if !errors.Is(err, prompts.ErrEmpty) || !strings.Contains(err.Error(), "reasoning_content") {
		t.Errorf("err = %v, want ErrEmpty naming reasoning_content", err)
	}
}

// TestRetryAfter: the Retry-After of a 429 or 503 reaches the caller,
// bounded by MaxRetryAfter.
func TestRetryAfter(t *testing.T) {
	now := time.Now()
	rows := []struct {
		status int
		header string
		want   time.Duration // 0 = no RetryAfterError
	}{
		{429, "2", 2 * time.Second},
		{429, "0.5", 500 * time.Millisecond},
		{503, "7", 7 * time.Second},
		{429, "3600", MaxRetryAfter},
		{429, now.Add(90 * time.Second).UTC().Format(http.TimeFormat), MaxRetryAfter},
		{429, "soon", 0},
		{429, "", 0},
		{500, "5", 0},
	}
	for _, r := range rows {
		srv := llmtest.New(func(llmtest.Request) llmtest.Response {
			resp := llmtest.APIError(r.status, "requests", "rate_limit_exceeded", "slow down")
			if r.header != "" {
				resp.Header = map[string]string{"Retry-After": r.header}
			}
			return resp
		})
		c, _ := New(Config{BaseURL: srv.BaseURL, Model: "deepseek-chat"})
		_, err := c.Complete(context.Background(), testPrompt)
		srv.Close()
		var ra *prompts.RetryAfterError
		got := time.Duration(0)
		if errors.As(err, &ra) {
			got = ra.After
		}
		if got != r.want {
			t.Errorf("%d Retry-After %q: after %v, want %v (err %v)", r.status, r.header, got, r.want, err)
		}
		if r.status == 429 && !errors.Is(err, prompts.ErrRateLimited) {
			t.Errorf("%d %q: err %v is no longer a rate limit", r.status, r.header, err)
		}
	}
}
