package e2e

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"gpuadvisor/internal/testkit"
	"gpuadvisor/internal/testkit/llmtest"
)

// slaTerms is the value of a "Draft SLA clauses" button that carries the
// whole of the SLA input.
const slaTerms = "vendor=AcmeGPU response=30m replace=4h outage=4h comp=2x migration=yes destruction=yes"

// TestSlackButtonDraft: a button whose command needs the LLM is acknowledged
// by the slack function with a "working on it" message in the channel
// (chat.postMessage), and handed to the drafter function by an asynchronous
// Lambda invoke; the drafter writes the draft (with the LLM, or from the
// template when its LLM is not configured) and puts it in place of the
// acknowledgement (chat.update on its ts): one message, never a second. A
// job delivered twice posts once. With no LLM deployed at all, the slack
// function writes the template draft itself.
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
	// answeredAtOnce presses a button with f and returns the one
	// response_url message it was answered with, checking that nothing
	// went to the drafter (why says why nothing should).
	answeredAtOnce := func(t *testing.T, f *fn, body []byte, why string) (slackMessage, testkit.SlackHook) {
		t.Helper()
		_, before, _ := fs.Sent()
		eventsBefore, _ := lambdaAPI.wait()
		if r := httpReply(t, f.invoke(t, slackRequest("/slack/interactions", formType, body, slackSecret, time.Now()))); r.StatusCode != 200 {
			t.Fatalf("button press: got HTTP %d %.200s, want 200", r.StatusCode, r.Body)
		}
		if evs, _ := lambdaAPI.wait(); len(evs) != len(eventsBefore) {
			t.Errorf("%s, yet the drafter was invoked", why)
		}
		_, hooks, _ := fs.Sent()
		if len(hooks) != len(before)+1 {
			t.Fatalf("%d response_url messages, want 1", len(hooks)-len(before))
		}
		var m slackMessage
		json.Unmarshal([]byte(hooks[len(before)].Raw), &m)
		return m, hooks[len(before)]
	}
	checkDraft := func(t *testing.T, draft slackMessage, by string) {
		t.Helper()
		if hd := draft.header(); !strings.Contains(hd, "SLA clauses for AcmeGPU") {
			t.Errorf("draft message: header %q, want the SLA draft for AcmeGPU", hd)
		}
		// The numbers of the button's terms: 30 min response, 4 h
		// replacement and outage threshold, 2x compensation.
		if miss, ok := containsAll(draft.all(), by, "AcmeGPU", "30", "4 h", "2"); !ok {
			t.Errorf("the draft lacks %q: %.800s", miss, draft.all())
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
			before, hooksBefore, _ := fs.Sent()
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
			var j struct {
				Target struct {
					Channel string `json:"channel"`
					Replace string `json:"replace"`
				} `json:"target"`
			}
			json.Unmarshal(job, &j)
			posts, hooks, _ := fs.Sent()
			posts, hooks = posts[len(before):], hooks[len(hooksBefore):]
			if len(posts) != 2 || len(hooks) != 0 {
				t.Fatalf("%d Web API calls and %d response_url messages, want 2 (the acknowledgement, the draft in its place) and 0", len(posts), len(hooks))
			}
			ack, draft := formMessage(posts[0]), formMessage(posts[1])
			if posts[0].Get("method") != "chat.postMessage" || posts[0].Get("channel") != "C2147483705" || !strings.Contains(strings.ToLower(ack.header()), "working on it") {
				t.Errorf("first message: %s in %s %q, want the acknowledgement posted in the channel", posts[0].Get("method"), posts[0].Get("channel"), ack.header())
			}
			if posts[1].Get("method") != "chat.update" || posts[1].Get("channel") != "C2147483705" || j.Target.Replace == "" || posts[1].Get("ts") != j.Target.Replace {
				t.Errorf("the draft: %s of %s %q, want chat.update of the acknowledgement (the job's target %+v)", posts[1].Get("method"), posts[1].Get("channel"), posts[1].Get("ts"), j.Target)
			}
			checkDraft(t, draft, tc.by)

			// Lambda delivers an async event at least once: the same job
			// again must not post again.
			tc.drafter.invoke(t, job)
			if posts, hooks, _ := fs.Sent(); len(posts) != len(before)+2 || len(hooks) != len(hooksBefore) {
				t.Errorf("the same job delivered twice: %d messages, want 2 (the ack and one draft)", len(posts)+len(hooks)-len(before)-len(hooksBefore))
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
		m, _ := answeredAtOnce(t, slack, buttonForm(sla.ActionID, sla.Value, fs.HookURL("billing-sla")), "a draft with no vendor has nothing to draft")
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
		draft, hook := answeredAtOnce(t, noLLM, buttonForm("draft_sla#2", slaTerms, fs.HookURL("sla-no-llm")), "with no LLM the draft is instant")
		checkDraft(t, draft, "template")
		if draft.ResponseType != "in_channel" || hook.ContentType != "application/json" {
			t.Errorf("the draft's response_type %q (Content-Type %q), want in_channel (application/json)", draft.ResponseType, hook.ContentType)
		}
	})
	if _, _, other := fs.Sent(); len(other) > 0 {
		t.Errorf("unexpected Slack calls: %v", other)
	}
}

// formMessage reads a Web API message (chat.postMessage, chat.update): its
// text, and its blocks as the JSON string the form carries.
func formMessage(f url.Values) slackMessage {
	m := slackMessage{Text: f.Get("text")}
	json.Unmarshal([]byte(f.Get("blocks")), &m.Blocks)
	return m
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
