package ask

import (
	"context"
	"strings"
	"testing"
	"time"

	"gpuadvisor/internal/testkit"

	"gpuadvisor/chat"
	"gpuadvisor/commands/billing"
	"gpuadvisor/infra/llm"
	"gpuadvisor/internal/testkit/llmtest"
	"gpuadvisor/prompts"
)

// tierStub stands in for the tier command: its keys, and an error for a mode
// it does not know.
func tierStub() *chat.Command {
	return &chat.Command{
		Name: "tier", Aliases: []string{"选卡"},
		Summary:  map[chat.Lang]string{chat.EN: "GPU tier and card count for a model", chat.ZH: "为模型选 GPU 档位和卡数"},
		Examples: []string{"tier model=qwen2.5-14b mode=lora seq=4096"},
		Writes:   chat.Reads,
		Keys: []chat.Key{
			{Name: "model", Kind: chat.Plain, Example: "qwen2.5-14b"},
			{Name: "mode", Kind: chat.Plain, Example: "lora"},
			{Name: "seq", Kind: chat.Tokens, Example: "4096"},
		},
		Run: func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
			mode, err := c.Args.Choice("mode", "lora", []string{"full", "lora", "qlora", "infer"}, nil)
			if err != nil {
				return chat.Reply{}, err
			}
			model, err := c.Args.String("model")
			if err != nil {
				return chat.Reply{}, err
			}
			return chat.Reply{Title: "A100 80G × 1 for " + model, Summary: mode + " fits one A100 80G",
				Facts: []chat.Fact{{Label: "memory per card", Value: "41 GB"}}, Data: map[string]any{"command": "tier", "model": model}}, nil
		},
	}
}

// renewalStub writes on every call (it never declared otherwise): ask must
// never run it.
func renewalStub() *chat.Command {
	return &chat.Command{Name: "renewal", Summary: map[chat.Lang]string{chat.EN: "renewals", chat.ZH: "续约"}, Examples: []string{"renewal list"},
		Run: func(context.Context, *chat.Call) (chat.Reply, error) { panic("ask must not run renewal") }}
}

func router(l prompts.LLM) *chat.Router {
	r := chat.NewRouter()
	r.Register(tierStub(), billing.Command(), renewalStub())
	r.Register(Command(Options{LLM: l, Router: r}))
	return r
}

func fake(t *testing.T, script func(llmtest.Request) llmtest.Response) (prompts.LLM, *llmtest.Server) {
	t.Helper()
	srv := llmtest.New(script)
	t.Cleanup(srv.Close)
	c, err := llm.New(llm.Config{APIKey: "sk-test", BaseURL: srv.BaseURL, Model: "fake-chat", Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c, srv
}

func answer(json string) func(llmtest.Request) llmtest.Response {
	return func(llmtest.Request) llmtest.Response { return llmtest.Reply(json) }
}

const question = "ask 我们要微调 qwen2.5 14b，每天跑8小时，A100按需35一小时，包月15000"

func ask(r *chat.Router, text string) chat.Reply {
	return r.Handle(context.Background(), chat.Request{Text: text, Platform: "cli", Sync: true})
}

func dataOf(rep chat.Reply) map[string]any {
	m, _ := rep.Data.(map[string]any)
	return m
}

func TestAskRunsTheCommands(t *testing.T) {
	l, srv := fake(t, answer(`{"commands":[{"command":"tier","words":[],"args":{"model":"qwen2.5-14b","mode":"lora"}},{"command":"billing","args":{"ondemand":"35","monthly":"15000","hours":"240"}}]}`))
	rep := ask(router(l), question)
	if rep.Error != nil {
		t.Fatalf("error %+v", rep.Error)
	}
	// a Chinese question: the commands run shown in Chinese words (the test
	// router's tier has no keys, so its line keeps them), the JSON as run
	if !strings.Contains(rep.Summary, "`选卡 model=qwen2.5-14b mode=lora`; `计费 按需=35 包月=15000 时长=240`") {
		t.Errorf("summary %q must show both commands run, in Chinese words", rep.Summary)
	}
	if len(rep.Warnings) == 0 || !strings.Contains(rep.Warnings[0], "时长=240") {
		t.Errorf("warnings %q must flag 时长=240 (hours=240), which the LLM computed", rep.Warnings)
	}
	for _, w := range rep.Warnings {
		if strings.Contains(w, "ondemand=35") || strings.Contains(w, "model=") {
			t.Errorf("warning %q flags a value that is in the question", w)
		}
	}
	ran := dataOf(rep)["ran"].([]map[string]any)
	if len(ran) != 2 || ran[1]["command"] != "billing" || ran[1]["command_line"] != "billing ondemand=35 monthly=15000 hours=240" {
		t.Errorf("ran = %v", ran)
	}
	// the wire: JSON mode, the question quoted, the commands listed
	req := srv.Requests()[0]
	if !req.JSONMode() || !strings.Contains(req.System(), "- billing") || !strings.Contains(req.User(), "<<VENDOR_DATA_") {
		t.Errorf("request: json=%v", req.JSONMode())
	}
	if strings.Contains(req.System(), "- ask") || strings.Contains(req.System(), "- help") {
		t.Errorf("the LLM must not be offered commands ask never runs")
	}
	testkit.Testdata(t, "ran_zh.txt", []byte(chat.RenderText(rep)))
}

// TestAskRefuses: each bad proposal ends in a reply that says what is wrong
// and shows the command, to correct and rerun.
func TestAskRefuses(t *testing.T) {
	rows := []struct {
		name, json, key, line, msg string
	}{
		{"unknown key", `{"commands":[{"command":"tier","args":{"model":"qwen2.5-14b","gpu_budget":"3"}}]}`, "gpu_budget", "tier model=qwen2.5-14b gpu_budget=3", "gpu_budget"},
		{"out-of-range value", `{"commands":[{"command":"billing","args":{"ondemand":"35","monthly":"15000","hours":"9999"}}]}`, "hours", "billing ondemand=35 monthly=15000 hours=9999", "9999"},
		{"unknown command", `{"commands":[{"command":"buy","args":{"gpu":"A100"}}]}`, "command", "buy gpu=A100", "buy"},
		{"bad choice", `{"command":"tier","args":{"model":"x","mode":"pretrain"}}`, "mode", "tier model=x mode=pretrain", "pretrain"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			l, _ := fake(t, answer(r.json))
			rep := ask(router(l), question)
			if rep.Error == nil || rep.Error.Code != chat.CodeInvalid {
				t.Fatalf("want an invalid_input error, got %+v", rep)
			}
			if rep.Error.Key != r.key || rep.Error.Example != r.line || !strings.Contains(rep.Error.Message, r.line) || !strings.Contains(rep.Error.Message, r.msg) {
				t.Errorf("error %+v: want key %q, the command %q shown, and %q named", rep.Error, r.key, r.line, r.msg)
			}
		})
	}
}

func TestAskPartly(t *testing.T) {
	l, _ := fake(t, answer(`{"commands":[{"command":"tier","args":{"model":"qwen2.5-14b"}},{"command":"billing","args":{"ondemand":"35","hours":"240"}}]}`))
	rep := ask(router(l), question)
	if rep.Error != nil || !rep.Partial {
		t.Fatalf("want the tier answer with billing listed as not run: %+v", rep.Error)
	}
	last := rep.Sections[len(rep.Sections)-1]
	if !strings.Contains(last.Lines[0], "billing ondemand=35 hours=240") || !strings.Contains(last.Lines[0], "包月") { // the key in the reply's language
		t.Errorf("not-run section %+v must show the command and the missing key", last)
	}
}

// TestAskWithoutAnAnswer: no LLM, an LLM error or an answer that is not the
// JSON asked for: ask explains the command language, and says why.
func TestAskWithoutAnAnswer(t *testing.T) {
	rows := []struct {
		name   string
		script func(llmtest.Request) llmtest.Response
		code   string
	}{
		{"not JSON", answer("You should rent an A100."), prompts.ReasonNotJSON},
		{"empty", answer(" "), prompts.ReasonEmpty},
		{"429", func(llmtest.Request) llmtest.Response { return llmtest.PlainError(429, "slow down") }, prompts.ReasonRateLimited},
		{"500", func(llmtest.Request) llmtest.Response { return llmtest.APIError(500, "server_error", "", "x") }, prompts.ReasonUnavailable},
		{"slow", func(llmtest.Request) llmtest.Response { return llmtest.Response{Content: "{}", Delay: 2 * time.Second} }, prompts.ReasonTimeout},
		{"no command fits", answer(`{"commands":[]}`), ""},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			l, _ := fake(t, r.script)
			rep := ask(router(l), question)
			d := dataOf(rep)
			if rep.Error != nil || d["source"] != "none" || len(rep.Tables) != 1 {
				t.Fatalf("want the command language explained, got %+v", rep)
			}
			reason, _ := d["reason"].(map[string]any)
			if r.code == "" && reason != nil || r.code != "" && (reason == nil || reason["code"] != r.code) {
				t.Errorf("reason %v, want %q", reason, r.code)
			}
		})
	}
}

func TestAskNoLLM(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		q := "ask which card for qwen2.5 14b lora?"
		if lang == "zh" {
			q = question
		}
		rep := ask(router(nil), q)
		if rep.Error != nil || !strings.Contains(rep.Summary, "OPENAI_MODEL") {
			t.Fatalf("%s: %+v", lang, rep)
		}
		testkit.Testdata(t, "no_llm_"+lang+".txt", []byte(chat.RenderText(rep)))
	}
	rep := ask(router(prompts.Unconfigured{Why: "OPENAI_BASE_URL is set but OPENAI_MODEL is not"}), "ask hi there")
	if !strings.Contains(rep.Summary, "OPENAI_BASE_URL is set but OPENAI_MODEL is not") {
		t.Errorf("summary %q must say what is missing", rep.Summary)
	}
	if rep := ask(router(nil), "ask"); rep.Error == nil || rep.Error.Key != "question" {
		t.Errorf("an empty question is an error naming it: %+v", rep.Error)
	}
}

func TestAskAcksInChat(t *testing.T) {
	l, srv := fake(t, answer("{}"))
	rep := router(l).Handle(context.Background(), chat.Request{Text: "问 按需35一小时，包月1.5万，每月300小时", Platform: "slack"})
	if !rep.Deferred || rep.Job == nil || !rep.Job.Request.Sync || rep.Job.Request.Lang != chat.ZH || len(srv.Requests()) != 0 {
		t.Errorf("want a deferred ack in Chinese and no LLM call yet: %+v", rep)
	}
}

// TestAskSuggestsWrites: a command that writes is never run, alone or
// next to one that reads; it comes back as a suggestion with its exact
// line and a button.
func TestAskSuggestsWrites(t *testing.T) {
	rows := []struct {
		name, json string
		ran        int
	}{
		{"alone", `{"commands":[{"command":"renewal","words":["remove","r1"]}]}`, 0},
		{"after a read", `{"commands":[{"command":"tier","args":{"model":"qwen2.5-14b"}},{"command":"renewal","words":["remove","r1"]}]}`, 1},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			l, _ := fake(t, answer(r.json))
			rep := ask(router(l), question)
			if rep.Error != nil {
				t.Fatalf("error %+v", rep.Error)
			}
			d := dataOf(rep)
			sug, _ := d["suggested"].([]map[string]string)
			if len(sug) != 1 || sug[0]["command_line"] != "renewal remove r1" || sug[0]["command"] != "renewal" {
				t.Errorf("suggested = %v, want renewal remove r1", d["suggested"])
			}
			ran, _ := d["ran"].([]map[string]any)
			if len(ran) != r.ran {
				t.Errorf("ran %d commands, want %d", len(ran), r.ran)
			}
			var button bool
			for _, b := range rep.Buttons {
				button = button || b.Action == chat.ActionRun && b.Value == "renewal remove r1"
			}
			if !button || !strings.Contains(chat.RenderText(rep), "gpuadvisor renewal remove r1") {
				t.Errorf("want a run button and the line to type; buttons %+v", rep.Buttons)
			}
		})
	}
}
