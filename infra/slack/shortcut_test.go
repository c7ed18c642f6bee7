package slack

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
)

// realFixture is a handler with every command (forms need them) on an
// in-memory store.
func realFixture(t *testing.T) (*fixture, *memstore.Store) {
	t.Helper()
	m := memstore.NewStore(fixedNow)
	r := commands.New(commands.Deps{Now: fixedNow, Renewals: m, Prices: m, Settings: m, Checks: m})
	return newFixture(t, r), m
}

// payload reads a testdata payload and applies edits (dotted paths).
func payload(t *testing.T, name string, edits map[string]any) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(readFixture(t, name), &m); err != nil {
		t.Fatal(err)
	}
	for path, v := range edits {
		parts := strings.Split(path, ".")
		cur := m
		for _, p := range parts[:len(parts)-1] {
			next, ok := cur[p].(map[string]any)
			if !ok {
				next = map[string]any{}
				cur[p] = next
			}
			cur = next
		}
		cur[parts[len(parts)-1]] = v
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// interact posts a signed interaction payload as Slack does.
func interact(t *testing.T, f *fixture, p []byte) (int, string) {
	t.Helper()
	res := invoke(t, f.h, event(t, interactionBody(t, p), testNow, true, map[string]string{"content-type": "application/x-www-form-urlencoded"}))
	return res.StatusCode, res.Body
}

// openedViews are the views.open (and views.update) calls so far.
func openedViews(t *testing.T, f *fixture, method string) []slackapi.ModalViewRequest {
	t.Helper()
	var out []slackapi.ModalViewRequest
	for _, c := range f.rec.calls("/api/" + method) {
		b, _ := json.Marshal(c.JSON["view"])
		var v slackapi.ModalViewRequest
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%s view does not decode as slack-go's ModalViewRequest: %v", method, err)
		}
		out = append(out, v)
	}
	return out
}

// inputValue is the initial value of an input block of a view.
func inputValue(v slackapi.ModalViewRequest, block string) (string, bool) {
	for _, b := range v.Blocks.BlockSet {
		ib, ok := b.(*slackapi.InputBlock)
		if !ok || ib.BlockID != block {
			continue
		}
		switch el := ib.Element.(type) {
		case *slackapi.PlainTextInputBlockElement:
			return el.InitialValue, true
		case *slackapi.SelectBlockElement:
			if el.InitialOption != nil {
				return el.InitialOption.Value, true
			}
			return "", true
		case *slackapi.DatePickerBlockElement:
			return el.InitialDate, true
		}
	}
	return "", false
}

// posts are the chat.postMessage / chat.postEphemeral forms so far.
func posts(f *fixture, method string) []map[string]string {
	var out []map[string]string
	for _, c := range f.rec.calls("/api/" + method) {
		m := map[string]string{}
		for k := range c.Form {
			m[k] = c.Form.Get(k)
		}
		out = append(out, m)
	}
	return out
}

// buttonIn finds a button by action id in a posted message's blocks.
func buttonIn(t *testing.T, blocksJSON, action string) (slackapi.ButtonBlockElement, bool) {
	t.Helper()
	var blocks slackapi.Blocks
	if err := json.Unmarshal([]byte(blocksJSON), &blocks); err != nil {
		t.Fatalf("blocks do not decode: %v", err)
	}
	for _, b := range blocks.BlockSet {
		ab, ok := b.(*slackapi.ActionBlock)
		if !ok {
			continue
		}
		for _, el := range ab.Elements.ElementSet {
			if bt, ok := el.(*slackapi.ButtonBlockElement); ok && buttonAction(bt.ActionID) == action {
				return *bt, true
			}
		}
	}
	return slackapi.ButtonBlockElement{}, false
}

// A message with vendor= is checked at once: the answer goes to the user
// only, in the message's thread, with a Share button; no form opens.
func TestCheckVendorAnswerWithVendor(t *testing.T) {
	f, checks := realFixture(t)
	status, _ := interact(t, f, readFixture(t, "message_action.json"))
	if status != http.StatusOK {
		t.Fatalf("status %d, want 200", status)
	}
	if n := len(f.rec.calls("/api/views.open")); n != 0 {
		t.Errorf("views.open called %d times; the vendor was named, want none", n)
	}
	eph := posts(f, "chat.postEphemeral")
	if len(eph) != 1 {
		t.Fatalf("got %d ephemeral posts, want 1 (posts %v)", len(eph), posts(f, "chat.postMessage"))
	}
	e := eph[0]
	if e["channel"] != "C2147483705" || e["user"] != "U2147483697" || e["thread_ts"] != "1700000000.000300" {
		t.Errorf("posted to channel %q user %q thread %q; want C2147483705, U2147483697, the message's ts", e["channel"], e["user"], e["thread_ts"])
	}
	if !strings.Contains(e["text"], "FastCompute") {
		t.Errorf("answer %q does not name the vendor", e["text"])
	}
	if !strings.Contains(e["blocks"], "NVLink") {
		t.Errorf("answer does not read the message's NVLink claim: %s", e["blocks"])
	}
	bt, ok := buttonIn(t, e["blocks"], ActionShare)
	if !ok || bt.Text.Text != "Share in channel" {
		t.Fatalf("no Share in channel button: %s", e["blocks"])
	}
	got, _ := checks.RecentChecks(context.Background(), store.Scope{Tenant: "slack:T0001", Channel: "C2147483705"}, "U2147483697", 5)
	if len(got) != 1 || got[0].Vendor != "FastCompute" {
		t.Errorf("recorded checks %+v, want one of FastCompute", got)
	}

	// Share: the same check, posted in the thread for everyone
	share := payload(t, "interaction_zh.json", map[string]any{
		"trigger_id": "4711.738474920.share1",
		"actions":    []any{map[string]any{"action_id": ActionShare, "block_id": ActionsBlockID, "type": "button", "value": bt.Value}},
		"container":  map[string]any{"type": "message", "message_ts": "1700000000.000400", "channel_id": "C2147483705", "is_ephemeral": true, "thread_ts": "1700000000.000300"},
	})
	if status, _ := interact(t, f, share); status != http.StatusOK {
		t.Fatalf("share: status %d", status)
	}
	pm := posts(f, "chat.postMessage")
	if len(pm) != 1 || pm[0]["channel"] != "C2147483705" || pm[0]["thread_ts"] != "1700000000.000300" {
		t.Fatalf("share posted %v; want one message in the thread", pm)
	}
	if pm[0]["text"] != e["text"] {
		t.Errorf("shared %q, want the same answer %q", pm[0]["text"], e["text"])
	}
	if _, ok := buttonIn(t, pm[0]["blocks"], ActionShare); ok {
		t.Errorf("the shared answer still has a Share button")
	}
}

// Without vendor=, the shortcut opens the form at once, prefilled with
// the message's text, in the user's language; its submission answers like
// the direct check; a value the command refuses is shown on its field.
func TestCheckVendorAnswerForm(t *testing.T) {
	f, _ := realFixture(t)
	f.rec.Locale = "zh-CN"
	msg := "我们是A100 80G SXM4，卡间NVLink 600GB/s，7x24小时值守，15分钟响应。"
	status, _ := interact(t, f, payload(t, "message_action.json", map[string]any{"message.text": msg}))
	if status != http.StatusOK {
		t.Fatalf("status %d", status)
	}
	views := openedViews(t, f, "views.open")
	if len(views) != 1 {
		t.Fatalf("views.open called %d times, want 1", len(views))
	}
	if c := f.rec.calls("/api/views.open")[0].JSON["trigger_id"]; c != "4711.738474920.0aa1bb2cc3dd" {
		t.Errorf("views.open trigger_id %v, want the shortcut's", c)
	}
	v := views[0]
	if v.CallbackID != "form:checklist_check" || v.Title.Text != "检查供应商答复" {
		t.Errorf("view %q titled %q; want form:checklist_check, 检查供应商答复", v.CallbackID, v.Title.Text)
	}
	if got, _ := inputValue(v, "text"); got != msg {
		t.Errorf("text prefilled %q, want the message", got)
	}
	if len(posts(f, "chat.postEphemeral"))+len(posts(f, "chat.postMessage")) != 0 {
		t.Fatal("something was posted before the form was sent")
	}

	submit := func(trigger string, values map[string]any) (int, string) {
		return interact(t, f, payload(t, "view_submission.json", map[string]any{
			"trigger_id": trigger, "view.callback_id": v.CallbackID, "view.private_metadata": v.PrivateMetadata,
			"view.state": map[string]any{"values": values},
		}))
	}
	text := func(s string) map[string]any {
		return map[string]any{"value": map[string]any{"type": "plain_text_input", "value": s}}
	}
	// a bad vendor name: on the vendor field, in Chinese, with the example
	status, body := submit("4711.1", map[string]any{"vendor": text("http://x"), "text": text(msg)})
	var resp struct {
		Action string            `json:"response_action"`
		Errors map[string]string `json:"errors"`
	}
	if err := json.Unmarshal([]byte(body), &resp); status != http.StatusOK || err != nil {
		t.Fatalf("status %d body %q", status, body)
	}
	if resp.Action != "errors" || !strings.Contains(resp.Errors["vendor"], "供应商名称") || !strings.Contains(resp.Errors["vendor"], "例如") {
		t.Errorf("errors %+v; want one on vendor, in Chinese, with the example", resp)
	}
	if n := len(posts(f, "chat.postEphemeral")); n != 0 {
		t.Errorf("%d answers posted for a refused form, want 0", n)
	}
	status, body = submit("4711.2", map[string]any{"vendor": text("酷算云"), "text": text(msg)})
	if status != http.StatusOK || body != "" {
		t.Fatalf("status %d body %q; want an empty 200 (closes the modal)", status, body)
	}
	eph := posts(f, "chat.postEphemeral")
	if len(eph) != 1 || eph[0]["thread_ts"] != "1700000000.000300" || !strings.Contains(eph[0]["text"], "酷算云") {
		t.Fatalf("answer %v; want one ephemeral in the thread naming 酷算云", eph)
	}
	if _, ok := buttonIn(t, eph[0]["blocks"], ActionShare); !ok {
		t.Error("no Share button")
	}
	if !strings.Contains(eph[0]["blocks"], "清单 检查 供应商=酷算云") {
		t.Errorf("the answer does not show the command line: %s", eph[0]["blocks"])
	}
}

// "Check trial output" opens the promises form with the output prefilled.
func TestCheckTrialOutputForm(t *testing.T) {
	f, _ := realFixture(t)
	out := readFile(t, "../../advisor/trial/testdata/topo_a100x8_nv12.txt")
	interact(t, f, payload(t, "message_action.json", map[string]any{"callback_id": ShortcutCheckTrial, "message.text": out}))
	views := openedViews(t, f, "views.open")
	if len(views) != 1 || views[0].CallbackID != "form:trial_check" {
		t.Fatalf("views %+v; want form:trial_check", views)
	}
	if got, _ := inputValue(views[0], "output"); got != strings.TrimSpace(out) {
		t.Errorf("output prefilled %q…, want the pasted nvidia-smi", chat.Truncate(got, 40))
	}
	opt := func(s string) map[string]any {
		return map[string]any{"value": map[string]any{"type": "static_select", "selected_option": map[string]any{"value": s, "text": map[string]any{"type": "plain_text", "text": s}}}}
	}
	text := func(s string) map[string]any {
		return map[string]any{"value": map[string]any{"type": "plain_text_input", "value": s}}
	}
	status, body := interact(t, f, payload(t, "view_submission.json", map[string]any{
		"view.callback_id": "form:trial_check", "view.private_metadata": views[0].PrivateMetadata,
		"view.state": map[string]any{"values": map[string]any{"gpu": text("A100-80G"), "cards": text("8"), "nvlink": opt("yes"), "output": text(out)}},
	}))
	if status != http.StatusOK || body != "" {
		t.Fatalf("status %d body %q", status, body)
	}
	eph := posts(f, "chat.postEphemeral")
	if len(eph) != 1 || !strings.Contains(eph[0]["blocks"], "NVLink on every pair") || !strings.Contains(eph[0]["blocks"], "2 checks pass") {
		t.Fatalf("answer %v; want the trial check of the 8 NVLinked cards", eph)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
