package vendor_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/commands/draft"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
)

// contracted is a store where 酷算云 answered the checklist with nothing
// left to ask and has a contract kept as renewal r1; withUsage also records
// its actual hours and on-demand price (renewal usage).
func contracted(t *testing.T, withUsage bool) (*memstore.Store, *chat.Router) {
	t.Helper()
	st := memstore.NewStore(func() time.Time { return now })
	ck := store.Check{ID: "c1", Tenant: "slack:T1", Channel: "C0123", User: "U42", At: now.Add(-time.Hour), Vendor: "酷算云",
		Verdict: "ok", Covered: 12}
	if err := st.AddCheck(context.Background(), ck); err != nil {
		t.Fatal(err)
	}
	lines := []string{"renewal add vendor=酷算云 gpu=A100-80G cards=8 price=15000 renews=2027-03-01 notice=30d"}
	if withUsage {
		lines = append(lines, "renewal usage r1 hours=310 ondemand=35")
	}
	// with draft, as commands.New wires it: a button's command is run on it
	r := router(st, draft.Command(draft.Options{Renewals: st}))
	run(t, r, "C0123", lines...)
	return st, r
}

// TestNextDraftsTheRenewal: a vendor with a stored contract is next asked
// about its renewal: vendor compare, list and show say "draft the renewal
// e-mail (contract r1)", their JSON next.command and the button run
// `draft renewal r1` (起草 续约 r1), and that command drafts the e-mail for
// that renewal. Without the hours and on-demand price the e-mail needs,
// the step says so, and the draft asks for them naming the key.
func TestNextDraftsTheRenewal(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		usage      bool
		next, cmd  string
		drafted    string // in the reply to the button's command; "" when it asks first
		asksKey    string
	}{
		{"compare", "vendor compare", true, "draft the renewal e-mail (contract r1)", "draft renewal r1", "Renewal e-mail to 酷算云 (draft)", ""},
		{"list", "vendor list", true, "draft the renewal e-mail (contract r1)", "draft renewal r1", "Renewal e-mail to 酷算云 (draft)", ""},
		{"show (a Chinese name answers in Chinese)", "vendor show 酷算云", true, "起草续约邮件（合同 r1）", "起草 续约 r1", "给酷算云的续约邮件（草稿）", ""},
		{"对比", "供应商 对比", true, "起草续约邮件（合同 r1）", "起草 续约 r1", "给酷算云的续约邮件（草稿）", ""},
		{"no usage yet", "vendor compare", false, "draft the renewal e-mail (contract r1; it first asks for the on-demand price and the actual hours)",
			"draft renewal r1", "", "ondemand"},
		{"未记录用量", "供应商 对比", false, "起草续约邮件（合同 r1；需先补上按需价格和实际用量）", "起草 续约 r1", "", "ondemand"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, r := contracted(t, tt.usage)
			rep := r.Handle(context.Background(), in("C0123", tt.text))
			if rep.Error != nil {
				t.Fatal(rep.Error)
			}
			m := dataOf(t, rep)
			var next map[string]any
			if vs, ok := m["vendors"].([]any); ok && len(vs) == 1 {
				next, _ = vs[0].(map[string]any)["next"].(map[string]any)
			} else {
				next, _ = m["next"].(map[string]any)
			}
			if next["text"] != tt.next || next["command"] != tt.cmd {
				t.Errorf("next %v; want text %q, command %q", next, tt.next, tt.cmd)
			}
			var pressed []string
			for _, b := range rep.Buttons {
				if b.Action == chat.ActionRun && strings.Contains(b.Value, "r1") {
					pressed = append(pressed, b.Value)
				}
			}
			if len(pressed) != 1 || pressed[0] != tt.cmd {
				t.Fatalf("buttons %q; want one running %q, the next step's command", pressed, tt.cmd)
			}
			out := r.Handle(context.Background(), chat.Request{Text: pressed[0], Platform: "slack", Tenant: "slack:T1", Channel: "C0123", User: "U42", Sync: true})
			switch {
			case tt.drafted != "" && (out.Error != nil || out.Title != tt.drafted):
				t.Errorf("the button's %q: title %q error %v; want %q", pressed[0], out.Title, out.Error, tt.drafted)
			case tt.drafted == "" && (out.Error == nil || out.Error.Key != tt.asksKey):
				t.Errorf("the button's %q: error %+v; want one asking for %s", pressed[0], out.Error, tt.asksKey)
			}
		})
	}
}

// TestRenewalButtonLabel: the renewal step's button fits a button (Slack
// cuts past 75 characters) without being cut mid-word: when the whole step
// is too long, what the draft asks for first stays in the step's text.
func TestRenewalButtonLabel(t *testing.T) {
	_, r := contracted(t, false)
	for _, tt := range []struct{ text, want string }{
		{"vendor compare", "酷算云: draft the renewal e-mail (contract r1)"},
		{"供应商 对比", "酷算云：起草续约邮件（合同 r1；需先补上按需价格和实际用量）"}, // fits as it is
	} {
		rep := r.Handle(context.Background(), in("C0123", tt.text))
		var labels []string
		for _, b := range rep.Buttons {
			if b.Action == chat.ActionRun {
				labels = append(labels, b.Label)
			}
		}
		if len(labels) != 1 || labels[0] != tt.want {
			t.Errorf("%s: button labels %q, want %q", tt.text, labels, tt.want)
		}
	}
}
