package slack

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/chat"
	"gpuadvisor/chat/form"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

// The ids of message_action.json.
const (
	shortcutTeam    = "T0001"
	shortcutUser    = "U2147483697"
	shortcutChannel = "C2147483705"
	shortcutTS      = "1700000000.000300"
)

// flakyTexts is a store.Texts whose writes or reads fail while told to.
type flakyTexts struct {
	store.Texts
	failKeep, failRead atomic.Bool
}

var errStoreDown = errors.New("store down")

func (f *flakyTexts) KeepText(ctx context.Context, key, text string, ttl time.Duration) error {
	if f.failKeep.Load() {
		return errStoreDown
	}
	return f.Texts.KeepText(ctx, key, text, ttl)
}

func (f *flakyTexts) KeptText(ctx context.Context, key string) (string, error) {
	if f.failRead.Load() {
		return "", errStoreDown
	}
	return f.Texts.KeptText(ctx, key)
}

// keptFixture is realFixture with texts as the handler's kept texts.
func keptFixture(t *testing.T, texts store.Texts) *fixture {
	t.Helper()
	m := memstore.NewStore(fixedNow)
	r := commands.New(commands.Deps{Now: fixedNow, Renewals: m, Prices: m, Settings: m, Checks: m})
	rec := newRecorder(t)
	logs := &testkit.SyncBuffer{}
	h, err := New(Deps{Deduper: &memstore.Deduper{}, SigningSecret: testSecret, Router: r,
		Poster: NewPoster("xoxb-test-token", rec.apiURL(), rec.Client()), Texts: texts, Now: fixedNow,
		Log: slog.New(slog.NewJSONHandler(logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{h: h, rec: rec, disp: &dispatcher{}, logs: logs}
}

// longVendorAnswer is a vendor's answer of n characters whose last line,
// past the 3,000 a modal holds, says support is office hours only (a risk
// the check must find).
func longVendorAnswer(n int) string {
	head := "We have 8x A100 80GB SXM4 with NVLink.\n"
	tail := "\nSupport is business hours only."
	filler := "Our Wuhu data centre has two power feeds and a diesel generator on site. "
	body := strings.Repeat(filler, (n-len(head)-len(tail))/len(filler)+1)[:n-len(head)-len(tail)]
	return head + body + tail
}

// noHistory fails the test if the bot read a conversation's history, or
// called anything the fake does not serve.
func noHistory(t *testing.T, f *fixture) {
	t.Helper()
	for _, p := range []string{"/api/conversations.history", "/api/conversations.replies"} {
		if n := len(f.rec.calls(p)); n != 0 {
			t.Errorf("%s called %d times; the bot has no history scope", p, n)
		}
	}
	if _, _, other := f.rec.Sent(); len(other) != 0 {
		t.Errorf("unexpected calls to the fake Slack: %v", other)
	}
}

// textIn is the text of a block of a view (a section's or a context's).
func textIn(v slackapi.ModalViewRequest) string {
	b, _ := json.Marshal(v.Blocks)
	return string(b)
}

// submitCheck submits the check form v with vendor filled in.
func submitCheck(t *testing.T, f *fixture, v slackapi.ModalViewRequest, trigger, vendor string) (int, string) {
	t.Helper()
	return interact(t, f, payload(t, "view_submission.json", map[string]any{
		"trigger_id": trigger, "view.callback_id": v.CallbackID, "view.private_metadata": v.PrivateMetadata,
		"view.state": map[string]any{"values": map[string]any{"vendor": map[string]any{"value": map[string]any{"type": "plain_text_input", "value": vendor}}}},
	}))
}

// pressShare presses a Share button on an ephemeral answer in thread.
func pressShare(t *testing.T, f *fixture, trigger, value, thread string) {
	t.Helper()
	status, _ := interact(t, f, payload(t, "interaction_zh.json", map[string]any{
		"trigger_id":   trigger,
		"response_url": f.rec.HookURL("share"),
		"actions":      []any{map[string]any{"action_id": ActionShare, "block_id": ActionsBlockID, "type": "button", "value": value}},
		"container":    map[string]any{"type": "message", "message_ts": "1700000000.000900", "channel_id": shortcutChannel, "is_ephemeral": true, "thread_ts": thread},
	}))
	if status != http.StatusOK {
		t.Fatalf("share: status %d", status)
	}
}

// A 5,000-character vendor answer, in a channel and in a thread: the form
// opens without it (the text is kept in the store, the modal carries only
// its id), the submission checks the whole text (the risk in its last line
// is found), the answer is the one the same command line gets typed, in the
// message's thread; Share posts it for everyone and drops the kept text.
// No conversations.history or conversations.replies call is made.
func TestLongMessageShortcutNeverReadsHistory(t *testing.T) {
	for _, tt := range []struct {
		name, thread, want string // the message's thread_ts; the thread answered in
	}{
		{"in a channel", "", shortcutTS},
		{"in a thread", "1699999000.000100", "1699999000.000100"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			texts := &memstore.TextShelf{}
			f := keptFixture(t, texts)
			msg := longVendorAnswer(5000)
			if n := len([]rune(msg)); n != 5000 {
				t.Fatalf("the message is %d characters, want 5000", n)
			}
			edits := map[string]any{"message.text": msg, "response_url": f.rec.HookURL("shortcut")}
			if tt.thread != "" {
				edits["message.thread_ts"] = tt.thread
			}
			if status, _ := interact(t, f, payload(t, "message_action.json", edits)); status != http.StatusOK {
				t.Fatalf("shortcut: status %d", status)
			}
			views := openedViews(t, f, "views.open")
			if len(views) != 1 {
				t.Fatalf("views.open called %d times, want 1", len(views))
			}
			v := views[0]
			if _, ok := inputValue(v, "text"); ok {
				t.Error("a 5,000-character text was put in an input (it holds 3,000)")
			}
			if !v.NotifyOnClose {
				t.Error("the form does not ask for view_closed: a cancel would leave the text kept")
			}
			if len(v.PrivateMetadata) > 300 || strings.Contains(v.PrivateMetadata, "Wuhu") {
				t.Errorf("private_metadata is %d characters (%q...); want only the kept text's id", len(v.PrivateMetadata), cut(v.PrivateMetadata, 80))
			}
			o := decodeOrigin(v.PrivateMetadata)
			key := textKey(shortcutTeam, shortcutUser, o.Kept)
			if got, err := texts.KeptText(context.Background(), key); err != nil || got != msg {
				t.Fatalf("kept text: %d bytes, %v; want the message's %d", len(got), err, len(msg))
			}

			status, body := submitCheck(t, f, v, "4711.submit", "Acme")
			if status != http.StatusOK || body != "" {
				t.Fatalf("submission: status %d body %q; want an empty 200", status, body)
			}
			eph := posts(f, "chat.postEphemeral")
			if len(eph) != 1 {
				t.Fatalf("%d ephemeral answers, want 1", len(eph))
			}
			e := eph[0]
			if e["channel"] != shortcutChannel || e["user"] != shortcutUser || e["thread_ts"] != tt.want {
				t.Errorf("answered in %q to %q in thread %q; want %s, %s, %s", e["channel"], e["user"], e["thread_ts"], shortcutChannel, shortcutUser, tt.want)
			}
			fm, _ := form.Lookup(form.CheckVendor)
			line, ferr := fm.Text(f.h.names, chat.EN, form.Values{"vendor": "Acme", "text": msg})
			if ferr != nil {
				t.Fatal(ferr)
			}
			typed := f.h.router.Handle(context.Background(), chat.Request{Text: line, Lang: chat.EN, Platform: "slack", Tenant: "slack:" + shortcutTeam, Channel: shortcutChannel, User: shortcutUser})
			if want := Render(typed).Text; e["text"] != want {
				t.Errorf("answer %q; want the typed command's %q", e["text"], want)
			}
			if !strings.Contains(e["blocks"], "Night-time support response") {
				t.Errorf("the answer misses the risk in the message's last line (past 3,000 characters): %s", cut(e["blocks"], 400))
			}
			bt, ok := buttonIn(t, e["blocks"], ActionShare)
			if !ok || len(bt.Value) > MaxButtonValue {
				t.Fatalf("Share button %+v", bt)
			}
			if got, _ := texts.KeptText(context.Background(), key); got != line {
				t.Errorf("after the answer the kept text is %d bytes; want the command line the Share runs (%d)", len(got), len(line))
			}

			pressShare(t, f, "4711.share", bt.Value, tt.want)
			pm := posts(f, "chat.postMessage")
			if len(pm) != 1 || pm[0]["channel"] != shortcutChannel || pm[0]["thread_ts"] != tt.want || pm[0]["text"] != e["text"] {
				t.Fatalf("shared %v; want the same answer in the thread %s", pm, tt.want)
			}
			if _, err := texts.KeptText(context.Background(), key); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("after Share the kept text reads %v; want it dropped", err)
			}
			noHistory(t, f)
		})
	}
}

// A cancelled form (view_closed) drops its kept text.
func TestLongMessageFormCancelDropsText(t *testing.T) {
	texts := &memstore.TextShelf{}
	f := keptFixture(t, texts)
	interact(t, f, payload(t, "message_action.json", map[string]any{"message.text": longVendorAnswer(5000)}))
	views := openedViews(t, f, "views.open")
	if len(views) != 1 {
		t.Fatalf("views.open called %d times", len(views))
	}
	key := textKey(shortcutTeam, shortcutUser, decodeOrigin(views[0].PrivateMetadata).Kept)
	if _, err := texts.KeptText(context.Background(), key); err != nil {
		t.Fatalf("not kept: %v", err)
	}
	closed := payload(t, "view_submission.json", map[string]any{
		"type": "view_closed", "is_cleared": false,
		"view.callback_id": views[0].CallbackID, "view.private_metadata": views[0].PrivateMetadata,
	})
	if status, _ := interact(t, f, closed); status != http.StatusOK {
		t.Fatalf("view_closed: status %d", status)
	}
	if _, err := texts.KeptText(context.Background(), key); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after the cancel the kept text reads %v; want it dropped", err)
	}
	if n := len(posts(f, "chat.postEphemeral")) + len(posts(f, "chat.postMessage")); n != 0 {
		t.Errorf("%d messages posted for a cancelled form", n)
	}
	noHistory(t, f)
}

// When the text cannot be kept the user is told at once, in their
// language, instead of a form that would fail on submission.
func TestLongMessageNotKeptIsToldAtOnce(t *testing.T) {
	for _, tt := range []struct {
		name, locale string
		chars        int
		storeDown    bool
		want         []string
	}{
		{"store fails", "en-US", 5000, true, []string{"5000 characters", "could not keep its text", "/gpu checklist check"}},
		{"store fails, Chinese", "zh-CN", 5000, true, []string{"5000 个字符", "存储出错", "/gpu 清单 检查"}},
		{"longer than a check reads", "en-US", store.MaxText + 10, false, []string{"more than a check reads (128 KB)"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			texts := &flakyTexts{Texts: &memstore.TextShelf{}}
			texts.failKeep.Store(tt.storeDown)
			f := keptFixture(t, texts)
			f.rec.Locale = tt.locale
			interact(t, f, payload(t, "message_action.json", map[string]any{"message.text": strings.Repeat("a", tt.chars)}))
			views := openedViews(t, f, "views.open")
			if len(views) != 1 {
				t.Fatalf("views.open called %d times, want 1 (the notice)", len(views))
			}
			v := views[0]
			if v.CallbackID != NoticeCallbackID || v.Submit != nil {
				t.Errorf("opened %q with submit %v; want the notice, without submit", v.CallbackID, v.Submit)
			}
			for _, w := range tt.want {
				if !strings.Contains(textIn(v), w) {
					t.Errorf("notice %s; want %q in it", textIn(v), w)
				}
			}
		})
	}
}

// A kept text gone by the submission (its TTL passed) or unreadable (the
// store failing) is said on the form, which stays open; nothing is posted.
func TestLongMessageTextGoneOnSubmission(t *testing.T) {
	for _, tt := range []struct {
		name     string
		spoil    func(f *flakyTexts, key string)
		wantText string
	}{
		{"gone", func(f *flakyTexts, key string) { f.DropText(context.Background(), key) }, "no longer kept"},
		{"store fails", func(f *flakyTexts, _ string) { f.failRead.Store(true) }, "Press Run again"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			texts := &flakyTexts{Texts: &memstore.TextShelf{}}
			f := keptFixture(t, texts)
			interact(t, f, payload(t, "message_action.json", map[string]any{"message.text": longVendorAnswer(5000)}))
			views := openedViews(t, f, "views.open")
			if len(views) != 1 {
				t.Fatalf("views.open called %d times", len(views))
			}
			tt.spoil(texts, textKey(shortcutTeam, shortcutUser, decodeOrigin(views[0].PrivateMetadata).Kept))
			status, body := submitCheck(t, f, views[0], "4711.gone", "Acme")
			var resp struct {
				Action string            `json:"response_action"`
				Errors map[string]string `json:"errors"`
			}
			if err := json.Unmarshal([]byte(body), &resp); status != http.StatusOK || err != nil {
				t.Fatalf("status %d body %q", status, body)
			}
			if resp.Action != "errors" || !strings.Contains(resp.Errors["vendor"], tt.wantText) {
				t.Errorf("answer %+v; want an error on vendor saying %q", resp, tt.wantText)
			}
			if n := len(posts(f, "chat.postEphemeral")); n != 0 {
				t.Errorf("%d answers posted without the text, want 0", n)
			}
			noHistory(t, f)
		})
	}
}

// A long message that names its vendor is checked at once; its Share
// button's command line is kept; a second press, after the first shared
// and dropped it, tells the user instead of posting nothing.
func TestLongMessageCheckedAtOnceShares(t *testing.T) {
	texts := &memstore.TextShelf{}
	f := keptFixture(t, texts)
	msg := "vendor=Acme " + longVendorAnswer(5000)
	interact(t, f, payload(t, "message_action.json", map[string]any{"message.text": msg}))
	if n := len(f.rec.calls("/api/views.open")); n != 0 {
		t.Fatalf("views.open called %d times; the vendor is named, want none", n)
	}
	eph := posts(f, "chat.postEphemeral")
	if len(eph) != 1 || !strings.Contains(eph[0]["blocks"], "Night-time support response") {
		t.Fatalf("answers %d; want one finding the last line's risk", len(eph))
	}
	bt, ok := buttonIn(t, eph[0]["blocks"], ActionShare)
	if !ok {
		t.Fatal("no Share button")
	}
	var s share
	if err := json.Unmarshal([]byte(bt.Value), &s); err != nil || s.Kept == "" || s.Text != "" {
		t.Fatalf("share value %q; want the kept id, not the text", bt.Value)
	}
	pressShare(t, f, "4711.share1", bt.Value, shortcutTS)
	if pm := posts(f, "chat.postMessage"); len(pm) != 1 || pm[0]["text"] != eph[0]["text"] {
		t.Fatalf("shared %v; want the answer", pm)
	}
	pressShare(t, f, "4711.share2", bt.Value, shortcutTS)
	if pm := posts(f, "chat.postMessage"); len(pm) != 1 {
		t.Errorf("a second Share posted again: %d messages", len(pm))
	}
	eph = posts(f, "chat.postEphemeral")
	if len(eph) != 2 || !strings.Contains(eph[1]["text"]+eph[1]["blocks"], "can no longer be shared") {
		t.Errorf("the second press told %v; want it can no longer be shared", eph[len(eph)-1])
	}
	noHistory(t, f)
}

// When the Share's command line cannot be kept the check is still
// answered, without the button, and says why.
func TestLongMessageShareNotKept(t *testing.T) {
	texts := &flakyTexts{Texts: &memstore.TextShelf{}}
	texts.failKeep.Store(true)
	f := keptFixture(t, texts)
	interact(t, f, payload(t, "message_action.json", map[string]any{"message.text": "vendor=Acme " + longVendorAnswer(5000)}))
	eph := posts(f, "chat.postEphemeral")
	if len(eph) != 1 {
		t.Fatalf("%d answers, want 1", len(eph))
	}
	if _, ok := buttonIn(t, eph[0]["blocks"], ActionShare); ok {
		t.Error("a Share button whose text was not kept")
	}
	if !strings.Contains(eph[0]["blocks"], "Share in channel is not offered") {
		t.Errorf("the answer does not say why it has no Share button: %s", cut(eph[0]["blocks"], 300))
	}
}

// Slack redelivering a submission (same trigger) answers once and keeps
// the Share's command line: the duplicate does not drop it.
func TestLongMessageDuplicateSubmissionKeepsShare(t *testing.T) {
	texts := &memstore.TextShelf{}
	f := keptFixture(t, texts)
	interact(t, f, payload(t, "message_action.json", map[string]any{"message.text": longVendorAnswer(5000)}))
	views := openedViews(t, f, "views.open")
	if len(views) != 1 {
		t.Fatalf("views.open called %d times", len(views))
	}
	submitCheck(t, f, views[0], "4711.dup", "Acme")
	submitCheck(t, f, views[0], "4711.dup", "Acme")
	if n := len(posts(f, "chat.postEphemeral")); n != 1 {
		t.Errorf("%d answers for one submission delivered twice, want 1", n)
	}
	key := textKey(shortcutTeam, shortcutUser, decodeOrigin(views[0].PrivateMetadata).Kept)
	if got, err := texts.KeptText(context.Background(), key); err != nil || !strings.HasPrefix(got, "checklist check") {
		t.Errorf("after the duplicate the kept text is %q, %v; want the Share's command line", cut(got, 40), err)
	}
}

// "Check trial output" on a 10 KB nvidia-smi -q pasted in a thread: the
// promises form opens without it, the submission checks the kept output and
// answers in the thread as the typed command does.
func TestLongTrialOutputShortcut(t *testing.T) {
	texts := &memstore.TextShelf{}
	f := keptFixture(t, texts)
	out := strings.TrimSpace(readFile(t, "../../advisor/trial/testdata/smiq_525_a100x8_ecc.txt"))
	if slackLen(out) <= MaxInputValue {
		t.Fatalf("the sample is %d characters; want more than a modal input holds", slackLen(out))
	}
	interact(t, f, payload(t, "message_action.json", map[string]any{"callback_id": ShortcutCheckTrial, "message.text": out, "message.thread_ts": "1699999000.000100"}))
	views := openedViews(t, f, "views.open")
	if len(views) != 1 || views[0].CallbackID != "form:trial_check" {
		t.Fatalf("views %+v; want form:trial_check", views)
	}
	if _, ok := inputValue(views[0], "output"); ok {
		t.Error("a 10 KB output was put in an input")
	}
	text := func(s string) map[string]any {
		return map[string]any{"value": map[string]any{"type": "plain_text_input", "value": s}}
	}
	status, body := interact(t, f, payload(t, "view_submission.json", map[string]any{
		"view.callback_id": "form:trial_check", "view.private_metadata": views[0].PrivateMetadata,
		"view.state": map[string]any{"values": map[string]any{"gpu": text("A100-80G"), "cards": text("8")}},
	}))
	if status != http.StatusOK || body != "" {
		t.Fatalf("status %d body %q", status, body)
	}
	eph := posts(f, "chat.postEphemeral")
	if len(eph) != 1 || eph[0]["thread_ts"] != "1699999000.000100" {
		t.Fatalf("answers %v; want one in the thread", eph)
	}
	fm, _ := form.Lookup(form.CheckTrial)
	line, ferr := fm.Text(f.h.names, chat.EN, form.Values{"gpu": "A100-80G", "cards": "8", "output": out})
	if ferr != nil {
		t.Fatal(ferr)
	}
	typed := f.h.router.Handle(context.Background(), chat.Request{Text: line, Lang: chat.EN, Platform: "slack", Tenant: "slack:" + shortcutTeam, Channel: shortcutChannel, User: shortcutUser})
	if want := Render(typed).Text; eph[0]["text"] != want {
		t.Errorf("answer %q; want the typed command's %q", eph[0]["text"], want)
	}
	if !strings.Contains(eph[0]["text"], "Trial check") {
		t.Errorf("answer %q is not a trial check", eph[0]["text"])
	}
	noHistory(t, f)
}
