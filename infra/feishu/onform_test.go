package feishu

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/chat/form"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

// realHarness is a harness with every command, on an in-memory store.
func realHarness(t *testing.T) (*harness, *memstore.Store) {
	t.Helper()
	now := func() time.Time { return testNow }
	m := memstore.NewStore(now)
	r := commands.New(commands.Deps{Now: now, Renewals: m, Prices: m, Settings: m, Checks: m})
	return newHarnessWith(t, r, &recorder{}), m
}

// edit applies edits (dotted paths) to a JSON fixture.
func edit(t *testing.T, b []byte, edits map[string]any) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
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
	out, _ := json.Marshal(m)
	return out
}

type cardAnswer struct {
	Toast Toast `json:"toast"`
	Card  *struct {
		Type string         `json:"type"`
		Data map[string]any `json:"data"`
	} `json:"card"`
}

// A submitted form card (card.action.trigger with form_value) runs the
// command line it stands for: renewal add stores the renewal (the date
// picker's "2027-03-01 +0800" read as the day) and the answer, with that
// command line, is replied under the form card.
func TestFormSubmit(t *testing.T) {
	hs, m := realHarness(t)
	resp := hs.deliver(t, fixture(t, "card_action_form_submit.json", ""))
	var got cardAnswer
	if err := json.Unmarshal([]byte(resp.Body), &got); err != nil || resp.StatusCode != 200 {
		t.Fatalf("status %d body %s", resp.StatusCode, resp.Body)
	}
	if got.Toast.Type != "success" || got.Card != nil {
		t.Fatalf("answer %+v; want a success toast and no card", got)
	}
	rs, _ := m.ListRenewals(context.Background(), store.Scope{Tenant: "feishu:2ca1d211f64f6438", Channel: "oc_5ce6d572455d361153b7xx51da133945"})
	if len(rs) != 1 || rs[0].Vendor != "酷算云" || rs[0].Renews.String() != "2027-03-01" {
		t.Fatalf("renewals %+v; want one of 酷算云 renewing 2027-03-01", rs)
	}
	msgs := hs.api.Messages()
	if len(msgs) != 1 || msgs[0].Path != "/open-apis/im/v1/messages/om_form001x5d361153b7cb51da133945/reply" {
		t.Fatalf("messages %+v; want one reply under the form card", msgs)
	}
	if c := msgs[0].Body.Content; !strings.Contains(c, "续约 添加 供应商=酷算云") {
		t.Errorf("the answer does not show the command line: %.300s", c)
	}
}

// A refused value comes back as the form, filled in as sent, with the
// chat error (message and example) in red under its field; nothing is
// posted in the chat.
func TestFormSubmitRefused(t *testing.T) {
	hs, _ := realHarness(t)
	body := edit(t, fixture(t, "card_action_form_submit.json", ""), map[string]any{
		"event.action.form_value": map[string]any{"vendor": "酷算云", "gpu": "A100-80G", "cards": "8", "price": "15000", "renews": "明年"},
	})
	resp := hs.deliver(t, body)
	var got cardAnswer
	if err := json.Unmarshal([]byte(resp.Body), &got); err != nil {
		t.Fatalf("body %s", resp.Body)
	}
	if got.Toast.Type != "warning" || got.Card == nil || got.Card.Type != "raw" {
		t.Fatalf("answer %+v; want a warning toast and the form again", got)
	}
	var buf strings.Builder
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(got.Card.Data)
	s := buf.String()
	if !contains(s, "<font color='red'>", "例如") || strings.Contains(s, `"initial_date":"明年"`) {
		t.Errorf("the form sent back has no error under renews: %.600s", s)
	}
	if !strings.Contains(s, `"default_value":"酷算云"`) {
		t.Errorf("the form sent back lost the vendor typed: %.300s", s)
	}
	if n := len(hs.api.Messages()); n != 0 {
		t.Errorf("%d messages posted for a refused form, want 0", n)
	}
}

// The bot menu's form_<id> items send the form card one-to-one; home lists
// the forms as buttons; "Open as a form" under an answer sends the form
// prefilled from the command.
func TestFormOpening(t *testing.T) {
	hs, _ := realHarness(t)
	menu := edit(t, fixture(t, "application_bot_menu.json", ""), map[string]any{"event.event_key": "form_quote_en", "header.event_id": "menu-form-1"})
	if resp := hs.deliver(t, menu); resp.StatusCode != 200 {
		t.Fatalf("menu: %d %s", resp.StatusCode, resp.Body)
	}
	msgs := hs.api.Messages()
	if len(msgs) != 1 || msgs[0].ReceiveIDType != "open_id" {
		t.Fatalf("messages %+v; want one direct message", msgs)
	}
	c := card(t, msgs[0])
	if h := c["header"].(map[string]any)["title"].(map[string]any)["content"]; h != "Compare quotes" {
		t.Errorf("form card titled %v, want Compare quotes", h)
	}
	if !strings.Contains(msgs[0].Body.Content, `"name":"vendor_6_price"`) {
		t.Error("the quote form has no vendor_6_price input")
	}

	home := edit(t, fixture(t, "application_bot_menu.json", ""), map[string]any{"header.event_id": "menu-home-1"})
	hs.deliver(t, home)
	msgs = hs.api.Messages()
	if len(msgs) != 2 || !strings.Contains(msgs[1].Body.Content, `"action":"open_form","lang":"zh","value":"billing|zh"`) {
		t.Fatalf("home card has no billing form button: %.400s", msgs[len(msgs)-1].Body.Content)
	}

	open := edit(t, fixture(t, "card_action_trigger.json", ""), map[string]any{
		"header.event_id":    "open-form-1",
		"event.action.value": map[string]any{"action": form.ActionOpen, "value": "billing|zh\n计费 按需=35 包月=15000 时长=300", "lang": "zh"},
	})
	resp := hs.deliver(t, open)
	var got cardAnswer
	json.Unmarshal([]byte(resp.Body), &got)
	if got.Toast.Type != "success" {
		t.Fatalf("toast %+v", got.Toast)
	}
	msgs = hs.api.Messages()
	last := msgs[len(msgs)-1]
	if !strings.HasSuffix(last.Path, "/om_sent001x5d361153b7cb51da133945/reply") || !contains(last.Body.Content, `"name":"ondemand"`, `"default_value":"35"`, `"default_value":"15000"`) {
		t.Errorf("form sent %s %.400s; want the billing form prefilled, under the card", last.Path, last.Body.Content)
	}
}

// An answer in a chat carries "Open as a form" (用表单填写).
func TestAnswerOffersForm(t *testing.T) {
	hs, _ := realHarness(t)
	hs.deliver(t, fixture(t, "im_message_p2p_text.json", ""))
	msgs := hs.api.Messages()
	if len(msgs) != 1 {
		t.Fatalf("%d messages", len(msgs))
	}
	if !strings.Contains(msgs[0].Body.Content, "用表单填写") {
		t.Errorf("the answer has no 用表单填写 button: %.500s", msgs[0].Body.Content)
	}
}

// Every form card in both languages: valid JSON within the card budget,
// one form container at the root with unique names, a submit button whose
// value names the form; the JSON in testdata/cards/forms.
func TestGoldenFormCards(t *testing.T) {
	for _, f := range form.Menu() {
		for _, lang := range []chat.Lang{chat.EN, chat.ZH} {
			t.Run(f.ID+"_"+string(lang), func(t *testing.T) {
				s := FormCard(f, lang, form.Values{}, nil)
				if quotedLen(s) > MaxContentBytes {
					t.Errorf("form card is %d bytes as content, over %d", quotedLen(s), MaxContentBytes)
				}
				var c struct {
					Elements []map[string]any `json:"elements"`
				}
				if err := json.Unmarshal([]byte(s), &c); err != nil {
					t.Fatal(err)
				}
				var fc map[string]any
				for _, el := range c.Elements {
					if el["tag"] == "form" {
						fc = el
					}
				}
				if fc == nil || fc["name"] != FormName {
					t.Fatalf("no form container named %s at the card's root", FormName)
				}
				names := map[string]bool{}
				submit := false
				for _, el := range fc["elements"].([]any) {
					e := el.(map[string]any)
					if e["tag"] == "form" || e["tag"] == "table" {
						t.Errorf("a %v inside the form container", e["tag"])
					}
					n, _ := e["name"].(string)
					if n == "" {
						continue
					}
					if names[n] {
						t.Errorf("name %s twice", n)
					}
					names[n] = true
					if e["tag"] == "button" {
						v := e["value"].(map[string]any)
						submit = e["action_type"] == "form_submit" && v["action"] == form.ActionSubmit && v["value"] == f.ID
					}
				}
				for _, in := range f.Inputs() {
					if !names[in.ID] {
						t.Errorf("no input named %s", in.ID)
					}
				}
				if !submit {
					t.Error("no submit button naming the form")
				}
				var pretty any
				json.Unmarshal([]byte(s), &pretty)
				testkit.Golden(t, filepath.Join("testdata", "cards", "forms", f.ID+"."+string(lang)+".json"), testkit.JSON(t, pretty))
			})
		}
	}
}
