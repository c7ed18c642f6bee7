package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"gpuadvisor/internal/testkit/llmtest"
)

// TestCLIDraftUsesTheEnvironment: the CLI reads OPENAI_* like the functions,
// and runs drafts inline (Sync), naming the path taken.
func TestCLIDraftUsesTheEnvironment(t *testing.T) {
	srv := llmtest.New(func(req llmtest.Request) llmtest.Response {
		return llmtest.Reply(llmtest.Reword(llmtest.Reference(req.User())))
	})
	defer srv.Close()
	argv := []string{"--json", "draft", "sla", "vendor=X", "response=30m", "replace=4h", "outage=4h", "comp=2x", "migration=yes", "destruction=yes"}
	rows := []struct {
		name, key, base, model, source string
	}{
		{"no LLM", "", "", "", "template"},
		{"fake endpoint", "sk-test", srv.BaseURL, "fake-chat", "llm"},
		{"base URL without a model", "", srv.BaseURL, "", "template"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			t.Setenv("OPENAI_API_KEY", r.key)
			t.Setenv("OPENAI_BASE_URL", r.base)
			t.Setenv("OPENAI_MODEL", r.model)
			t.Setenv("OPENAI_TIMEOUT", "")
			t.Setenv("GPUADVISOR_DB", t.TempDir()+"/g.db")
			var out, errb bytes.Buffer
			if code := run(argv, &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s %s", code, out.String(), errb.String())
			}
			var d map[string]any
			if err := json.Unmarshal(out.Bytes(), &d); err != nil {
				t.Fatalf("%v: %s", err, out.String())
			}
			if d["source"] != r.source {
				t.Errorf("source = %v, want %s (reason %v)", d["source"], r.source, d["reason"])
			}
			if r.name == "base URL without a model" && !strings.Contains(out.String(), "OPENAI_MODEL is not") {
				t.Errorf("the reply must say OPENAI_MODEL is missing: %s", out.String())
			}
		})
	}
}
