package slack

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/chat"
	"gpuadvisor/chat/form"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

func textValue(s string) map[string]any {
	return map[string]any{"value": map[string]any{"type": "plain_text_input", "value": s}}
}

func selectValue(s string) map[string]any {
	return map[string]any{"value": map[string]any{"type": "static_select", "selected_option": map[string]any{"value": s, "text": map[string]any{"type": "plain_text", "text": s}}}}
}

func dateValue(s string) map[string]any {
	return map[string]any{"value": map[string]any{"type": "datepicker", "selected_date": s}}
}

type submitResponse struct {
	Action string            `json:"response_action"`
	Errors map[string]string `json:"errors"`
}

// The global shortcut opens the menu of forms; a button there replaces it
// with its form (views.update); the form's answer, with no conversation,
// goes to the user's DM and shows the command line.
func TestGlobalShortcutForms(t *testing.T) {
	f, _ := realFixture(t)
	if status, _ := interact(t, f, readFixture(t, "shortcut.json")); status != http.StatusOK {
		t.Fatalf("status %d", status)
	}
	views := openedViews(t, f, "views.open")
	if len(views) != 1 || views[0].CallbackID != FormsCallbackID || views[0].Title.Text != "GPU advisor" {
		t.Fatalf("views %+v; want the forms menu titled GPU advisor", views)
	}
	var ids []string
	for _, b := range views[0].Blocks.BlockSet {
		if ab, ok := b.(*slackapi.ActionBlock); ok {
			for _, el := range ab.Elements.ElementSet {
				ids = append(ids, el.(*slackapi.ButtonBlockElement).Value)
			}
		}
	}
	if strings.Join(ids, ",") != "tier,billing,quote,renewal_add" {
		t.Errorf("menu buttons %v; want tier, billing, quote, renewal_add", ids)
	}
	press := payload(t, "interaction_zh.json", map[string]any{
		"trigger_id": "4711.menu", "container": map[string]any{"type": "view", "view_id": "V0001"},
		"channel": nil, "message": nil,
		"view":    map[string]any{"id": "V0001", "hash": "1.x", "type": "modal", "callback_id": FormsCallbackID, "private_metadata": views[0].PrivateMetadata},
		"actions": []any{map[string]any{"action_id": ActionOpenForm + "#billing", "block_id": "forms", "type": "button", "value": "billing"}},
	})
	interact(t, f, press)
	upd := openedViews(t, f, "views.update")
	if len(upd) != 1 || upd[0].CallbackID != "form:billing" {
		t.Fatalf("views.update %+v; want form:billing", upd)
	}
	if id := f.rec.calls("/api/views.update")[0].JSON["view_id"]; id != "V0001" {
		t.Errorf("views.update view_id %v, want the menu's V0001", id)
	}
	status, body := interact(t, f, payload(t, "view_submission.json", map[string]any{"view.private_metadata": upd[0].PrivateMetadata}))
	if status != http.StatusOK || body != "" {
		t.Fatalf("status %d body %q; want an empty 200", status, body)
	}
	pm := posts(f, "chat.postMessage")
	if len(pm) != 1 || pm[0]["channel"] != "U2147483697" {
		t.Fatalf("posts %v; want one to the user's DM", pm)
	}
	if !strings.Contains(pm[0]["blocks"], "billing ondemand=35 monthly=15000 hours=300") {
		t.Errorf("the answer does not show the command line: %s", pm[0]["blocks"])
	}
}

// A value the command refuses is shown on its field, with the chat error's
// message and example, in the form's language; nothing is posted.
func TestFormErrorsOnFields(t *testing.T) {
	f, _ := realFixture(t)
	meta := origin{Lang: chat.ZH, Channel: "C2147483705"}.encode()
	cases := []struct {
		name   string
		values map[string]any
		field  string
		words  []string
	}{
		{"bad hours", map[string]any{"ondemand": textValue("35"), "monthly": textValue("15000"), "hours": textValue("很多")}, "hours", []string{"时长", "例如"}},
		{"missing monthly", map[string]any{"ondemand": textValue("35"), "hours": textValue("300")}, "monthly", []string{"请填写"}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, body := interact(t, f, payload(t, "view_submission.json", map[string]any{
				"trigger_id": "4711.err." + string(rune('a'+i)), "view.private_metadata": meta, "view.state": map[string]any{"values": c.values}}))
			var r submitResponse
			if err := json.Unmarshal([]byte(body), &r); err != nil || status != http.StatusOK {
				t.Fatalf("status %d body %q", status, body)
			}
			msg := r.Errors[c.field]
			if r.Action != "errors" || msg == "" {
				t.Fatalf("response %+v; want errors on %s", r, c.field)
			}
			for _, w := range c.words {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q lacks %q", msg, w)
				}
			}
		})
	}
	if n := len(posts(f, "chat.postMessage")) + len(posts(f, "chat.postEphemeral")); n != 0 {
		t.Errorf("%d messages posted for refused forms, want 0", n)
	}
}

// renewal add from its form (a date picker, a select) stores the renewal
// in the conversation it was opened from and answers there.
func TestRenewalAddForm(t *testing.T) {
	f, m := realFixture(t)
	meta := origin{Lang: chat.EN, Channel: "C2147483705", Thread: "1700000000.000300"}.encode()
	status, body := interact(t, f, payload(t, "view_submission.json", map[string]any{
		"view.callback_id": "form:renewal_add", "view.private_metadata": meta,
		"view.state": map[string]any{"values": map[string]any{
			"vendor": textValue("酷算云"), "gpu": textValue("A100-80G"), "cards": textValue("8"), "mode": selectValue("monthly"),
			"price": textValue("15000"), "renews": dateValue("2027-03-01"), "notice": textValue("30d")}}}))
	if status != http.StatusOK || body != "" {
		t.Fatalf("status %d body %q", status, body)
	}
	got, err := m.ListRenewals(context.Background(), store.Scope{Tenant: "slack:T0001", Channel: "C2147483705"})
	if err != nil || len(got) != 1 || got[0].Vendor != "酷算云" || got[0].Renews.String() != "2027-03-01" {
		t.Fatalf("renewals %+v, %v; want one of 酷算云 renewing 2027-03-01", got, err)
	}
	pm := posts(f, "chat.postMessage")
	if len(pm) != 1 || pm[0]["channel"] != "C2147483705" || pm[0]["thread_ts"] != "1700000000.000300" {
		t.Fatalf("posts %v; want one in the thread", pm)
	}
	if !strings.Contains(pm[0]["blocks"], "renewals add vendor=酷算云") && !strings.Contains(pm[0]["blocks"], "renewal add vendor=酷算云") {
		t.Errorf("command line not shown: %s", pm[0]["blocks"])
	}
}

// The model picker answers block_suggestion with the matching presets.
func TestModelSuggestions(t *testing.T) {
	f, _ := realFixture(t)
	status, body := interact(t, f, readFixture(t, "block_suggestion.json"))
	var r slackapi.OptionsResponse
	if err := json.Unmarshal([]byte(body), &r); err != nil || status != http.StatusOK {
		t.Fatalf("status %d body %q: %v", status, body, err)
	}
	found := false
	for _, o := range r.Options {
		if !strings.Contains(o.Value, "qwen2.5") {
			t.Errorf("option %q does not match qwen2.5", o.Value)
		}
		found = found || o.Value == "qwen2.5-14b"
	}
	if !found || len(r.Options) > MaxOptions {
		t.Errorf("%d options %v; want qwen2.5-14b among at most %d", len(r.Options), r.Options, MaxOptions)
	}
}

// An answer to a typed command has an "Open as a form" button; pressed, it
// opens the form prefilled from the command, answering in that channel.
func TestOpenAsFormButton(t *testing.T) {
	f, _ := realFixture(t)
	form := url.Values{"command": {"/gpu"}, "text": {"billing ondemand=35 monthly=15000 hours=300"}, "team_id": {"T0001"},
		"channel_id": {"C2147483705"}, "user_id": {"U2147483697"}, "trigger_id": {"4711.slash"}, "response_url": {f.rec.hookURL()}}
	res := invoke(t, f.h, event(t, []byte(form.Encode()), testNow, false, map[string]string{"content-type": "application/x-www-form-urlencoded"}))
	var msg struct {
		Blocks json.RawMessage `json:"blocks"`
	}
	json.Unmarshal([]byte(res.Body), &msg)
	bt, ok := buttonIn(t, string(msg.Blocks), ActionOpenForm)
	if !ok || bt.Text.Text != "Open as a form" {
		t.Fatalf("no Open as a form button in %s", res.Body)
	}
	press := payload(t, "interaction_zh.json", map[string]any{
		"trigger_id": "4711.open",
		"actions":    []any{map[string]any{"action_id": bt.ActionID, "block_id": ActionsBlockID, "type": "button", "value": bt.Value}},
	})
	interact(t, f, press)
	views := openedViews(t, f, "views.open")
	if len(views) != 1 || views[0].CallbackID != "form:billing" {
		t.Fatalf("views %+v; want form:billing", views)
	}
	for block, want := range map[string]string{"ondemand": "35", "monthly": "15000", "hours": "300"} {
		if got, _ := inputValue(views[0], block); got != want {
			t.Errorf("%s prefilled %q, want %q", block, got, want)
		}
	}
	if o := decodeOrigin(views[0].PrivateMetadata); o.Channel != "C2147483705" || o.Lang != chat.EN {
		t.Errorf("origin %+v; want channel C2147483705 in English", o)
	}
}

// Every modal, in both languages, as slack-go's types read it back, within
// Slack's limits; the JSON in testdata/golden/modals.
func TestGoldenModals(t *testing.T) {
	views := map[string]slackapi.ModalViewRequest{}
	for _, lang := range []chat.Lang{chat.EN, chat.ZH} {
		for _, fm := range form.All() {
			views[fm.ID+"_"+string(lang)] = FormView(fm, lang, form.Values{}, origin{Channel: "C2147483705"})
		}
		views["forms_menu_"+string(lang)] = FormsMenu(lang, origin{})
	}
	for name, v := range views {
		t.Run(name, func(t *testing.T) {
			raw, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			var back slackapi.ModalViewRequest
			if err := json.Unmarshal(raw, &back); err != nil {
				t.Fatalf("slack-go cannot read the view back: %v", err)
			}
			again, _ := json.Marshal(back)
			if string(again) != string(raw) {
				t.Errorf("the view changes through slack-go's types:\n%s\n%s", raw, again)
			}
			for _, p := range modalViolations(v) {
				t.Error(p)
			}
			testkit.Golden(t, filepath.Join("testdata", "golden", "modals", name+".json"), pretty(t, v))
		})
	}
}

// modalViolations lists what Slack would refuse in a modal.
func modalViolations(v slackapi.ModalViewRequest) []string {
	var out []string
	for _, t := range []*slackapi.TextBlockObject{v.Title, v.Submit, v.Close} {
		if t != nil && slackLen(t.Text) > MaxModalTitle {
			out = append(out, "title/submit/close over 24: "+t.Text)
		}
	}
	if n := len(v.Blocks.BlockSet); n > MaxModalBlocks {
		out = append(out, "too many blocks")
	}
	if slackLen(v.PrivateMetadata) > MaxMetadata {
		out = append(out, "private_metadata over 3000")
	}
	if !slackapi.ValidateUniqueBlockID(v) {
		out = append(out, "block ids not unique")
	}
	for _, b := range v.Blocks.BlockSet {
		ib, ok := b.(*slackapi.InputBlock)
		if !ok {
			continue
		}
		var action string
		switch el := ib.Element.(type) {
		case *slackapi.PlainTextInputBlockElement:
			action = el.ActionID
			if el.Placeholder != nil && slackLen(el.Placeholder.Text) > MaxPlaceholder {
				out = append(out, ib.BlockID+": placeholder over 150")
			}
		case *slackapi.SelectBlockElement:
			action = el.ActionID
			if len(el.Options) > MaxOptions {
				out = append(out, ib.BlockID+": over 100 options")
			}
		case *slackapi.DatePickerBlockElement:
			action = el.ActionID
		}
		if action != "value" {
			out = append(out, ib.BlockID+": action_id "+action+", want value")
		}
	}
	return out
}

// The Home tab offers a button per form; pressed there, the form answers
// in the user's DM (no conversation in its origin).
func TestHomeFormButtons(t *testing.T) {
	f, _ := realFixture(t)
	if status := invoke(t, f.h, event(t, readFixture(t, "event_app_home_opened.json"), testNow, false, nil)).StatusCode; status != http.StatusOK {
		t.Fatalf("app_home_opened: %d", status)
	}
	pubs := f.rec.calls("/api/views.publish")
	if len(pubs) != 1 {
		t.Fatalf("%d views.publish, want 1", len(pubs))
	}
	b, _ := json.Marshal(pubs[0].JSON["view"].(map[string]any)["blocks"])
	var blocks slackapi.Blocks
	json.Unmarshal(b, &blocks)
	var got []string
	for _, bl := range blocks.BlockSet {
		if ab, ok := bl.(*slackapi.ActionBlock); ok {
			for _, el := range ab.Elements.ElementSet {
				if bt, ok := el.(*slackapi.ButtonBlockElement); ok && strings.HasPrefix(bt.ActionID, ActionOpenForm+"#") {
					got = append(got, bt.Value)
				}
			}
		}
	}
	if strings.Join(got, ",") != "tier|en,billing|en,quote|en,renewal_add|en" {
		t.Errorf("Home tab form buttons %v; want tier, billing, quote, renewal_add in English", got)
	}
	press := payload(t, "interaction_home.json", map[string]any{
		"trigger_id": "4711.home",
		"actions":    []any{map[string]any{"action_id": ActionOpenForm + "#quote", "block_id": "gpuadvisor_forms", "type": "button", "value": "quote|en"}},
	})
	interact(t, f, press)
	views := openedViews(t, f, "views.open")
	if len(views) != 1 || views[0].CallbackID != "form:quote" {
		t.Fatalf("views %+v; want form:quote", views)
	}
	if o := decodeOrigin(views[0].PrivateMetadata); o.Channel != "" {
		t.Errorf("origin %+v; a Home tab form answers in the DM (no channel)", o)
	}
	if _, ok := inputValue(views[0], "vendor_6_price"); !ok {
		t.Error("the quote form has no vendor_6_price input")
	}
}
