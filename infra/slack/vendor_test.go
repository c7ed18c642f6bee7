package slack

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

// vendorEvidence is what three vendors sent, typed in channel: AcmeGPU is
// cheapest but has no NVLink, 酷算云 answered well, 算力港 only priced.
var vendorEvidence = []string{
	"checklist check vendor=AcmeGPU 8x A100 80GB SXM4, PCIe only no NVLink, 7x24 support, per-second billing",
	"checklist check vendor=酷算云 8x A100 80GB SXM4 with NVLink 600GB/s, 7x24 support with 15 minute response, per-minute billing, free egress",
	"price set gpu=a100-80g monthly=5000 vendor=AcmeGPU date=2026-12-20",
	"price set gpu=a100-80g monthly=6000 vendor=酷算云 date=2026-12-21",
	"price set gpu=a100-80g monthly=4500 vendor=算力港 date=2026-12-22",
}

// vendorRouter is every command on one store holding vendorEvidence,
// typed in channel by U2147483697.
func vendorRouter(t *testing.T, channel string) (*chat.Router, *memstore.Store) {
	t.Helper()
	st := memstore.NewStore(fixedNow)
	r := commands.New(commands.Deps{Now: fixedNow, Renewals: st, Prices: st, Checks: st, Trials: st})
	for _, text := range vendorEvidence {
		if rep := r.Handle(context.Background(), chat.Request{Text: text, Platform: "slack", Tenant: "slack:T0001", Channel: channel, User: "U2147483697"}); rep.Error != nil {
			t.Fatalf("%s: %v", text, rep.Error)
		}
	}
	return r, st
}

// pinIDs replaces the random ids of the prices in got, as the golden
// files have them.
func pinIDs(t *testing.T, st *memstore.Store, channel string, got []byte) []byte {
	t.Helper()
	prices, err := st.ListPrices(context.Background(), store.Scope{Tenant: "slack:T0001", Channel: channel})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range prices {
		got = bytes.ReplaceAll(got, []byte(p.ID), []byte(fmt.Sprintf("pr%04d", i+1)))
	}
	return got
}

// TestVendorCompareMessage: the short comparison in Slack is the
// recommendation, one native table block (vendors as columns, within 100
// rows of 20 cells) and each vendor's next step as a button, with Details;
// the message parses as slack-go's own block types, keeps every Block Kit
// limit, and is pinned in both languages.
func TestVendorCompareMessage(t *testing.T) {
	r, _ := vendorRouter(t, "C1")
	for _, text := range []string{"vendor compare", "供应商 对比"} {
		t.Run(text, func(t *testing.T) {
			rep := r.Handle(context.Background(), chat.Request{Text: text, Platform: "slack", Tenant: "slack:T0001", Channel: "C1", User: "U2147483697"})
			if rep.Error != nil {
				t.Fatal(rep.Error)
			}
			msg := Render(rep)
			for _, v := range limitViolations(msg) {
				t.Error(v)
			}
			if msg.Shortened {
				t.Error("the comparison was shortened to fit Slack; want it within every limit as it is")
			}
			raw, err := json.Marshal(msg)
			if err != nil {
				t.Fatal(err)
			}
			var parsed struct {
				Blocks slackapi.Blocks `json:"blocks"`
			}
			if err := json.Unmarshal(raw, &parsed); err != nil {
				t.Fatalf("slack-go cannot read the blocks: %v", err)
			}
			var table *slackapi.TableBlock
			var buttons []*slackapi.ButtonBlockElement
			for _, b := range parsed.Blocks.BlockSet {
				switch b := b.(type) {
				case *slackapi.TableBlock:
					if table != nil {
						t.Error("two table blocks; Slack takes one")
					}
					table = b
				case *slackapi.ActionBlock:
					for _, el := range b.Elements.ElementSet {
						if bt, ok := el.(*slackapi.ButtonBlockElement); ok {
							buttons = append(buttons, bt)
						}
					}
				}
			}
			if table == nil {
				t.Fatalf("no native table block:\n%s", raw)
			}
			// the header row and ten rows (stage … next); a label column and three vendors
			if len(table.Rows) != 11 || len(table.Rows[0]) != 4 || len(table.Rows) > MaxTableRows || len(table.Rows[0]) > MaxTableCols {
				t.Errorf("table of %d rows × %d cells; want 11 × 4", len(table.Rows), len(table.Rows[0]))
			}
			head := make([]string, 0, 4)
			for _, c := range table.Rows[0] {
				cell, ok := c.(*slackapi.TableRawTextCell)
				if !ok {
					t.Fatalf("header cell %T, want raw_text", c)
				}
				head = append(head, cell.Text)
			}
			// checks recorded at the same instant list by their ids (a hash of
			// the answer), so the columns' order is not pinned here: each
			// vendor's column and its button in the same place are
			if got := strings.Join(slices.Sorted(slices.Values(head[1:])), "|"); got != "AcmeGPU|算力港|酷算云" {
				t.Errorf("table columns %q; want the three vendors", head[1:])
			}
			var values []string
			for _, b := range buttons {
				values = append(values, b.Value)
			}
			acme := slices.Index(head[1:], "AcmeGPU")
			if len(buttons) != 4 || acme < 0 || !strings.HasPrefix(values[acme], chat.T(rep.Lang, "draft questions vendor=AcmeGPU hw.interconnect", "起草 问题 供应商=AcmeGPU hw.interconnect")) ||
				buttons[3].ActionID != chat.ActionDetails {
				t.Errorf("buttons %q; want each vendor's next step in the columns' order, then Details", values)
			}
			for i, v := range head[1:] {
				if i < len(values) && !strings.Contains(values[i], v) {
					t.Errorf("button %d %q is not for column %q", i, values[i], v)
				}
			}
			name := map[chat.Lang]string{chat.EN: "vendor_compare_en.json", chat.ZH: "vendor_compare_zh.json"}[rep.Lang]
			testkit.Golden(t, filepath.Join("testdata", "golden", name), pretty(t, msg))
		})
	}
}

// TestHomeTabVendorsBoard: the Home tab, published with views.publish
// through slack-go against the local Slack fake, has the vendors board:
// one line per vendor with its stage and next step, and the step as a
// button that answers in the DM; in the language of the person's locale,
// within Block Kit's limits, and pinned in both languages.
func TestHomeTabVendorsBoard(t *testing.T) {
	for _, locale := range []string{"en-US", "zh-CN"} {
		t.Run(locale, func(t *testing.T) {
			r, st := vendorRouter(t, "D0HOME0001")
			f := newFixture(t, r)
			f.rec.Locale = locale
			if res := invoke(t, f.h, event(t, readFixture(t, "event_app_home_opened.json"), testNow, false, nil)); res.StatusCode != 200 {
				t.Fatalf("status %d %s", res.StatusCode, res.Body)
			}
			pubs := f.published(t)
			if len(pubs) != 1 {
				t.Fatalf("views.publish calls = %d, want 1", len(pubs))
			}
			raw := mustJSON(t, pubs[0].View.Blocks)
			var blocks slackapi.Blocks
			if err := json.Unmarshal(raw, &blocks); err != nil {
				t.Fatalf("slack-go cannot read the Home tab: %v", err)
			}
			if n := len(blocks.BlockSet); n == 0 || n > 100 { // a Home tab holds up to 100 blocks
				t.Errorf("%d blocks", n)
			}
			zh := locale == "zh-CN"
			lines := map[bool][]string{
				false: {"*Vendors*", "AcmeGPU · quoted · next: ask about Card-to-card link (NVLink or PCIe) · ruled out for your job: Card-to-card link (NVLink or PCIe)",
					"酷算云 · quoted · next: ask about", "算力港 · quoted · next: send the checklist's questions"},
				true: {"*供应商*", "AcmeGPU · 已报价 · 下一步：追问：卡间互联（NVLink或PCIe） · 不适合你们的任务：卡间互联（NVLink或PCIe）",
					"酷算云 · 已报价 · 下一步：追问：", "算力港 · 已报价 · 下一步：发送核查清单的问题"},
			}[zh]
			s := string(raw)
			for _, want := range lines {
				if !strings.Contains(s, want) {
					t.Errorf("Home tab lacks %q:\n%s", want, s)
				}
			}
			var values []string
			for _, b := range blocks.BlockSet {
				if a, ok := b.(*slackapi.ActionBlock); ok {
					if n := len(a.Elements.ElementSet); n > MaxActions {
						t.Errorf("%d buttons in one actions block, limit %d", n, MaxActions)
					}
					for _, el := range a.Elements.ElementSet {
						if bt, ok := el.(*slackapi.ButtonBlockElement); ok {
							values = append(values, bt.Value)
						}
					}
				}
			}
			for _, want := range []string{
				chat.T(langOf(zh), "draft questions vendor=算力港", "起草 问题 供应商=算力港"),
				chat.T(langOf(zh), "vendor compare", "供应商 对比"),
			} {
				if !containsValue(values, want) {
					t.Errorf("no button running %q among %q", want, values)
				}
			}
			testkit.Golden(t, filepath.Join("testdata", "golden", fmt.Sprintf("home_vendors_%s.json", locale[:2])), pinIDs(t, st, "D0HOME0001", pretty(t, blocks)))
		})
	}
}

func langOf(zh bool) chat.Lang {
	if zh {
		return chat.ZH
	}
	return chat.EN
}

// containsValue reports whether a button value is, or starts with, want
// followed by the item ids.
func containsValue(values []string, want string) bool {
	for _, v := range values {
		if v == want || strings.HasPrefix(v, want+" ") {
			return true
		}
	}
	return false
}

// TestVendorRenewalButton: a vendor with a stored contract and nothing left
// to ask has drafting its renewal as the next step; the Slack message's
// table says it in the next row and its button (slack-go's own block
// types) runs exactly the command the reply's JSON names, which drafts that
// renewal's e-mail; in both languages.
func TestVendorRenewalButton(t *testing.T) {
	st := memstore.NewStore(fixedNow)
	r := commands.New(commands.Deps{Now: fixedNow, Renewals: st, Prices: st, Checks: st, Trials: st})
	if err := st.AddCheck(context.Background(), store.Check{ID: "c1", Tenant: "slack:T0001", Channel: "C1", User: "U2147483697",
		At: fixedNow().Add(-time.Hour), Vendor: "酷算云", Verdict: "ok", Covered: 12}); err != nil {
		t.Fatal(err)
	}
	in := func(text string) chat.Request {
		return chat.Request{Text: text, Platform: "slack", Tenant: "slack:T0001", Channel: "C1", User: "U2147483697", Sync: true}
	}
	for _, text := range []string{"renewal add vendor=酷算云 gpu=A100-80G cards=8 price=15000 renews=2027-06-01 notice=30d", ""} {
		if text == "" {
			rs, _ := st.ListRenewals(context.Background(), store.Scope{Tenant: "slack:T0001", Channel: "C1"})
			text = "renewal usage " + rs[0].ID + " hours=310 ondemand=35"
		}
		if rep := r.Handle(context.Background(), in(text)); rep.Error != nil {
			t.Fatalf("%s: %v", text, rep.Error)
		}
	}
	for _, text := range []string{"vendor compare", "供应商 对比"} {
		t.Run(text, func(t *testing.T) {
			rep := r.Handle(context.Background(), in(text))
			if rep.Error != nil {
				t.Fatal(rep.Error)
			}
			b, _ := json.Marshal(rep.Data)
			var data struct {
				Vendors []struct {
					Contract struct{ ID string }
					Next     struct{ Text, Command string }
				}
			}
			if err := json.Unmarshal(b, &data); err != nil || len(data.Vendors) != 1 {
				t.Fatalf("data %s: %v", b, err)
			}
			next := data.Vendors[0].Next
			if want := chat.T(rep.Lang, "draft renewal ", "起草 续约 ") + data.Vendors[0].Contract.ID; next.Command != want {
				t.Fatalf("next command %q, want %q", next.Command, want)
			}
			raw, _ := json.Marshal(Render(rep))
			var parsed struct {
				Blocks slackapi.Blocks `json:"blocks"`
			}
			if err := json.Unmarshal(raw, &parsed); err != nil {
				t.Fatal(err)
			}
			var values []string
			var nextCell string
			for _, bl := range parsed.Blocks.BlockSet {
				switch bl := bl.(type) {
				case *slackapi.TableBlock:
					last := bl.Rows[len(bl.Rows)-1]
					if c, ok := last[1].(*slackapi.TableRawTextCell); ok {
						nextCell = c.Text
					}
				case *slackapi.ActionBlock:
					for _, el := range bl.Elements.ElementSet {
						if bt, ok := el.(*slackapi.ButtonBlockElement); ok && bt.ActionID == chat.ActionRun {
							values = append(values, bt.Value)
						}
					}
				}
			}
			if nextCell != next.Text {
				t.Errorf("table's next row %q, want the next step %q", nextCell, next.Text)
			}
			if len(values) != 1 || values[0] != next.Command {
				t.Fatalf("run buttons %q, want one running %q", values, next.Command)
			}
			out := r.Handle(context.Background(), in(values[0]))
			if want := chat.T(rep.Lang, "Renewal e-mail to 酷算云 (draft)", "给酷算云的续约邮件（草稿）"); out.Error != nil || out.Title != want {
				t.Errorf("the button's %q: title %q error %v, want %q", values[0], out.Title, out.Error, want)
			}
		})
	}
}
