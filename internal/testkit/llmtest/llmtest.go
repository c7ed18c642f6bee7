package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"gpuadvisor/internal/testkit"
)

// Request is a chat-completions request as it arrived on the wire. Pointer
// fields tell "absent" from zero (the go-openai temperature trap).
type Request struct {
	Path          string
	Authorization string
	Model         string    `json:"model"`
	Messages      []Message `json:"messages"`
	Temperature   *float64  `json:"temperature"`
	MaxTokens     *int      `json:"max_tokens"`
	MaxCompletion *int      `json:"max_completion_tokens"`
	Stream        bool      `json:"stream"`
	// EnableThinking is DashScope's top-level switch for Qwen3 thinking.
	EnableThinking *bool `json:"enable_thinking"`
	// ChatTemplateKwargs is vLLM's and SGLang's (enable_thinking inside).
	ChatTemplateKwargs map[string]any `json:"chat_template_kwargs"`
	Format             *struct {
		Type string `json:"type"`
	} `json:"response_format"`
}

// Message is one chat message.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// System returns the system message, User the user message.
func (r Request) System() string { return r.message("system") }

// User returns the user message.
func (r Request) User() string { return r.message("user") }

func (r Request) message(role string) string {
	for _, m := range r.Messages {
		if m.Role == role {
			return m.Content
		}
	}
	return ""
}

// JSONMode reports whether response_format json_object was asked for.
func (r Request) JSONMode() bool { return r.Format != nil && r.Format.Type == "json_object" }

// Response is what the fake answers to one request.
type Response struct {
	// Status is the HTTP status; 0 means 200.
	Status int
	// Content is the assistant message of a 200 answer.
	Content string
	// NoChoices answers 200 with an empty choices array.
	NoChoices bool
	// Body, when set, is sent verbatim instead (errors, broken JSON).
	Body string
	// ContentType defaults to application/json.
	ContentType string
	// Delay holds the answer back (a slow model).
	Delay time.Duration
	// Reasoning is the reasoning_content of a 200 answer (DeepSeek reasoner).
	Reasoning string
	// Header is added to the answer (Retry-After).
	Header map[string]string
}

// Reply is a 200 answer with content.
func Reply(content string) Response { return Response{Content: content} }

// APIError is an OpenAI-style JSON error: {"error":{"message","type","code"}}.
func APIError(status int, typ, code, message string) Response {
	b, _ := json.Marshal(map[string]any{"error": map[string]any{"message": message, "type": typ, "code": code, "param": nil}})
	return Response{Status: status, Body: string(b)}
}

// PlainError is an error with a non-JSON body, as proxies and gateways send.
func PlainError(status int, body string) Response {
	return Response{Status: status, Body: body, ContentType: "text/plain"}
}

// Server is the fake endpoint. BaseURL is what OPENAI_BASE_URL points at.
type Server struct {
	*httptest.Server
	// BaseURL ends in /v1.
	BaseURL string

	script   func(Request) Response
	requests testkit.Recorder[Request]
}

// New starts a fake whose answers come from script (called once per request).
func New(script func(Request) Response) *Server {
	s := &Server{script: script}
	s.Server = httptest.NewServer(http.HandlerFunc(s.handle))
	s.BaseURL = s.URL + "/v1"
	return s
}

// Requests returns the requests received so far.
func (s *Server) Requests() []Request { return s.requests.All() }

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		writeJSON(w, http.StatusNotFound, `{"error":{"message":"not found","type":"invalid_request_error","code":null}}`)
		return
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	var req Request
	if err := json.Unmarshal(body, &req); err != nil {
		writeJSON(w, http.StatusBadRequest, `{"error":{"message":"invalid JSON body","type":"invalid_request_error","code":null}}`)
		return
	}
	req.Path = r.URL.RequestURI()
	req.Authorization = r.Header.Get("Authorization")
	if req.Authorization == "" {
		req.Authorization = "api-key " + r.Header.Get("api-key")
	}
	s.requests.Record(req)
	resp := s.script(req)
	if resp.Delay > 0 {
		select {
		case <-time.After(resp.Delay):
		case <-r.Context().Done():
			return
		}
	}
	for k, v := range resp.Header {
		w.Header().Set(k, v)
	}
	status := resp.Status
	if status == 0 {
		status = http.StatusOK
	}
	if resp.Body != "" {
		ct := resp.ContentType
		if ct == "" {
			ct = "application/json"
		}
		w.Header().Set("Content-Type", ct)
		w.WriteHeader(status)
		io.WriteString(w, resp.Body)
		return
	}
	choices := []map[string]any{{
		"index":         0,
		"message":       map[string]any{"role": "assistant", "content": resp.Content, "reasoning_content": resp.Reasoning},
		"finish_reason": "stop",
	}}
	if resp.NoChoices {
		choices = []map[string]any{}
	}
	out, _ := json.Marshal(map[string]any{
		"id":      fmt.Sprintf("chatcmpl-fake%d", time.Now().UnixNano()),
		"object":  "chat.completion",
		"created": time.Now().Unix(),
		"model":   req.Model,
		"choices": choices,
		"usage":   map[string]int{"prompt_tokens": len(body) / 4, "completion_tokens": len(resp.Content) / 4, "total_tokens": (len(body) + len(resp.Content)) / 4},
	})
	writeJSON(w, status, string(out))
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, body)
}

// Reference extracts the REFERENCE DRAFT from a draft prompt, so a fake can
// answer with a faithful rewording of it.
func Reference(user string) string {
	for _, start := range []string{"REFERENCE DRAFT (keep its content and its numbering; improve the wording):\n", "参考草稿（保留内容和编号，润色措辞）：\n"} {
		i := strings.Index(user, start)
		if i < 0 {
			continue
		}
		rest := user[i+len(start):]
		for _, end := range []string{"\n\nVENDOR DATA", "\n\n供应商资料"} {
			if j := strings.Index(rest, end); j >= 0 {
				return rest[:j]
			}
		}
		return rest
	}
	return ""
}

// Reword is a faithful rewording of a reference draft: the same facts and
// numbers, a warmer opening. It stands for a well-behaved model.
func Reword(ref string) string {
	return strings.NewReplacer(
		"Thank you for the information you sent us.", "Many thanks for the information you kindly sent us.",
		"The following service-level clauses are proposed", "We propose the following service-level clauses",
		"Before it renews, we have compared", "Ahead of the renewal we have compared",
		"感谢您提供的信息。", "非常感谢您提供的资料。",
		"以下服务等级条款建议写入", "我们建议将以下服务等级条款写入",
		"续约之前，我们对照价格核对了实际用量", "在续约之前，我们按价格核对了实际用量",
	).Replace(ref)
}
