package llm

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"gpuadvisor/infra/llm/llmtest"
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
