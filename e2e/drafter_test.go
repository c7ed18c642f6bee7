package e2e

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gpuadvisor/infra/llm/llmtest"

	"gpuadvisor/internal/testkit"
)

// slaTerms is the value of a "Draft SLA clauses" button that carries the
// whole of the SLA input.
const slaTerms = "vendor=AcmeGPU response=30m replace=4h outage=4h comp=2x migration=yes destruction=yes"

// TestSlackButtonDraft: a button whose command needs the LLM is acknowledged
// by the slack function, which hands the job to the drafter function by an
// asynchronous Lambda invoke; the drafter writes the draft (with the LLM, or
// from the template when its LLM is not configured) and posts it to the
// response_url. A job delivered twice posts once. With no LLM deployed at
// all, the slack function writes the template draft itself.
func TestSlackButtonDraft(t *testing.T) {
	fs := newFakeSlack(t)
	llm := llmtest.New(func(req llmtest.Request) llmtest.Response {
		return llmtest.Reply(llmtest.Reword(llmtest.Reference(req.User())))
	})
	t.Cleanup(llm.Close)
	llmEnv := map[string]string{"OPENAI_API_KEY": "sk-e2e", "OPENAI_BASE_URL": llm.BaseURL, "OPENAI_MODEL": "e2e-model"}
	const drafterName = "gpuadvisor-drafter-e2e"
	lambdaAPI := newLambdaAPI(t, drafterName)
	slackWith := map[string]string{"DRAFTER_FUNCTION": drafterName, "LAMBDA_ENDPOINT": lambdaAPI.URL}
	// As deployed (template.yaml): the LLM settings reach slack too, so it
	// knows drafts are slow and defers them.
	slack := start(t, "slack", merge(slackEnv(fs), slackWith, llmEnv))
	drafterEnv := map[string]string{"SLACK_BOT_TOKEN": fs.BotToken, "SLACK_API_URL": fs.APIURL()}
	withLLM := start(t, "drafter", merge(drafterEnv, llmEnv))
	template := start(t, "drafter", drafterEnv)
	defer logColdStarts(t)

	press := func(t *testing.T, f *fn, value, hook string) {
		t.Helper()
		body := buttonForm("draft_sla#2", value, fs.HookURL(hook))
		r := httpReply(t, f.invoke(t, slackRequest("/slack/interactions", formType, body, slackSecret, time.Now())))
		if r.StatusCode != 200 {
			t.Fatalf("button press: got HTTP %d %.200s, want 200", r.StatusCode, r.Body)
		}
	}
	checkDraft := func(t *testing.T, h testkit.SlackHook, by string) {
		t.Helper()
		var draft slackMessage
		json.Unmarshal([]byte(h.Raw), &draft)
		if hd := draft.header(); !strings.Contains(hd, "SLA clauses for AcmeGPU") {
			t.Errorf("draft message: header %q, want the SLA draft for AcmeGPU", hd)
		}
		// The numbers of the button's terms: 30 min response, 4 h
		// replacement and outage threshold, 2x compensation.
		if miss, ok := containsAll(draft.all(), by, "AcmeGPU", "30", "4 h", "2"); !ok {
			t.Errorf("the draft lacks %q: %.800s", miss, draft.all())
		}
		if draft.ResponseType != "in_channel" {
			t.Errorf("the draft's response_type %q, want in_channel", draft.ResponseType)
		}
		if h.ContentType != "application/json" {
			t.Errorf("response_url Content-Type %q, want application/json", h.ContentType)
		}
	}

	for _, tc := range []struct {
		name    string
		drafter *fn
		hook    string
		by      string // the "Written by" fact
	}{
		{"drafter with the LLM", withLLM, "sla-llm", "LLM (e2e-model)"},
		{"drafter without an LLM: the template", template, "sla-template", "template"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lambdaAPI.route(tc.drafter)
			_, before, _ := fs.Sent()
			eventsBefore, _ := lambdaAPI.wait()
			press(t, slack, slaTerms, tc.hook)
			evs, problems := lambdaAPI.wait()
			if len(problems) > 0 {
				t.Fatalf("the drafter invoke went wrong: %v", problems)
			}
			if len(evs) != len(eventsBefore)+1 {
				t.Fatalf("the slack function made %d drafter invokes, want 1", len(evs)-len(eventsBefore))
			}
			job := evs[len(evs)-1]
			hooks := fs.WaitHooks(t, len(before)+2, 10*time.Second)[len(before):]
			var ack slackMessage
			json.Unmarshal([]byte(hooks[0].Raw), &ack)
			if ack.ResponseType != "ephemeral" || !strings.Contains(strings.ToLower(ack.header()), "working on it") {
				t.Errorf("first response_url message: %q (%s), want the ephemeral acknowledgement", ack.header(), ack.ResponseType)
			}
			checkDraft(t, hooks[1], tc.by)

			// Lambda delivers an async event at least once: the same job
			// again must not post again.
			tc.drafter.invoke(t, job)
			if _, hooks, _ := fs.Sent(); len(hooks) != len(before)+2 {
				t.Errorf("the same job delivered twice: %d response_url messages, want 2 (the ack and one draft)", len(hooks)-len(before))
			}
		})
	}
	if n := len(llm.Requests()); n != 1 {
		t.Errorf("the LLM was asked %d times, want once (the LLM drafter, once per job)", n)
	}

	// The button as rendered under a billing answer carries that answer's
	// input, which names no vendor: the user is shown what to send, not an
	// error about keys they never typed.
	t.Run("the Draft SLA button under a billing answer", func(t *testing.T) {
		// --full: the whole answer, with its follow-up buttons (what the
		// Details button of the short answer asks for)
		form := slashForm("billing ondemand=35 monthly=15000 hours=300 --full", fs.HookURL("billing"))
		var answer slackMessage
		json.Unmarshal([]byte(httpReply(t, slack.invoke(t, slackRequest("/slack/commands", formType, form, slackSecret, time.Now()))).Body), &answer)
		var sla *button
		for _, b := range answer.buttons() {
			if strings.HasPrefix(b.ActionID, "draft_sla") {
				sla = &b
			}
		}
		if sla == nil {
			t.Fatalf("no draft_sla button under the billing answer: %.500s", answer.all())
		}
		_, before, _ := fs.Sent()
		eventsBefore, _ := lambdaAPI.wait()
		body := buttonForm(sla.ActionID, sla.Value, fs.HookURL("billing-sla"))
		if r := httpReply(t, slack.invoke(t, slackRequest("/slack/interactions", formType, body, slackSecret, time.Now()))); r.StatusCode != 200 {
			t.Fatalf("button press: got HTTP %d, want 200", r.StatusCode)
		}
		if evs, _ := lambdaAPI.wait(); len(evs) != len(eventsBefore) {
			t.Errorf("a draft with no vendor was handed to the drafter")
		}
		_, hooks, _ := fs.Sent()
		if len(hooks) != len(before)+1 {
			t.Fatalf("%d response_url messages, want 1", len(hooks)-len(before))
		}
		var m slackMessage
		json.Unmarshal([]byte(hooks[len(before)].Raw), &m)
		text := m.header() + "\n" + m.all()
		if strings.Contains(text, "could not") || strings.Contains(text, "does not take") {
			t.Errorf("pressing the button shows an error: %.600s", text)
		}
		if miss, ok := containsAll(text, "SLA", "draft sla vendor="); !ok {
			t.Errorf("the answer lacks %q (what to send): %.600s", miss, text)
		}
		if m.ResponseType != "ephemeral" {
			t.Errorf("response_type %q, want ephemeral (only the user who pressed it needs it)", m.ResponseType)
		}
	})

	t.Run("no LLM deployed: slack writes the template", func(t *testing.T) {
		noLLM := start(t, "slack", merge(slackEnv(fs), slackWith))
		_, before, _ := fs.Sent()
		eventsBefore, _ := lambdaAPI.wait()
		press(t, noLLM, slaTerms, "sla-no-llm")
		if evs, _ := lambdaAPI.wait(); len(evs) != len(eventsBefore) {
			t.Errorf("with no LLM the draft is instant, yet the drafter was invoked")
		}
		_, hooks, _ := fs.Sent()
		if len(hooks) != len(before)+1 {
			t.Fatalf("%d response_url messages, want 1 (the template draft)", len(hooks)-len(before))
		}
		checkDraft(t, hooks[len(before)], "template")
	})
	if posts, _, other := fs.Sent(); len(posts)+len(other) > 0 {
		t.Errorf("unexpected Slack calls: %d chat.postMessage, other %v", len(posts), other)
	}
}

func merge(ms ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}
