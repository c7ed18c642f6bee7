package feishu

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

const (
	vendorTenant = "feishu:2ca1d211f64f6438"
	vendorUser   = "ou_84aad35d084aa403a838cf73ee18467" // the menu fixture's clicker
)

// vendorRouter is every command on one store holding three vendors'
// evidence, typed in the group chat by the menu fixture's clicker, the
// prices shared with the team (the menu names no chat).
func vendorRouter(t *testing.T) (*chat.Router, *memstore.Store) {
	t.Helper()
	clock := func() time.Time { return testNow }
	st := memstore.NewStore(clock)
	r := commands.New(commands.Deps{Now: clock, Renewals: st, Prices: st, Checks: st, Trials: st})
	for _, text := range []string{
		"checklist check vendor=AcmeGPU 8x A100 80GB SXM4, PCIe only no NVLink, 7x24 support, per-second billing",
		"checklist check vendor=酷算云 8x A100 80GB SXM4 with NVLink 600GB/s, 7x24 support with 15 minute response, per-minute billing, free egress",
		"price set gpu=a100-80g monthly=5000 vendor=AcmeGPU date=2026-12-20 scope=team",
		"price set gpu=a100-80g monthly=6000 vendor=酷算云 date=2026-12-21 scope=team",
		"price set gpu=a100-80g monthly=4500 vendor=算力港 date=2026-12-22 scope=team",
	} {
		if rep := r.Handle(context.Background(), chat.Request{Text: text, Platform: Platform, Tenant: vendorTenant, Channel: "oc_group", User: vendorUser}); rep.Error != nil {
			t.Fatalf("%s: %v", text, rep.Error)
		}
	}
	return r, st
}

// tableSchema checks a table component against the documented JSON 1.0
// schema of the card's table (open.feishu.cn, feishu-cards, content
// components, table): tag "table", page_size an integer in [1, 10],
// freeze_first_column a boolean when set, at most 50 columns, each with a unique name and a data_type, and every row an
// object whose keys are column names. It returns the header and the rows
// as text.
func tableSchema(t *testing.T, el map[string]any) (head []string, rows [][]string) {
	t.Helper()
	ps, ok := el["page_size"].(float64)
	if !ok || ps != float64(int(ps)) || ps < 1 || ps > 10 {
		t.Errorf("page_size %v: want an integer in [1, 10]", el["page_size"])
	}
	if f, ok := el["freeze_first_column"]; ok {
		if _, isBool := f.(bool); !isBool {
			t.Errorf("freeze_first_column %v: want a boolean", f)
		}
	}
	cols, _ := el["columns"].([]any)
	if len(cols) == 0 || len(cols) > 50 {
		t.Fatalf("%d columns: want 1 to 50", len(cols))
	}
	var names []string
	for _, c := range cols {
		col, _ := c.(map[string]any)
		name, _ := col["name"].(string)
		if name == "" || strings.Contains(strings.Join(names, "\x00")+"\x00", "\x00"+name+"\x00") {
			t.Errorf("column %v: want a unique name", col)
		}
		if col["data_type"] != "text" {
			t.Errorf("column %v: data_type %v, want text", name, col["data_type"])
		}
		names = append(names, name)
		head = append(head, fmt.Sprint(col["display_name"]))
	}
	rs, _ := el["rows"].([]any)
	for _, r := range rs {
		row, _ := r.(map[string]any)
		var cells []string
		for k := range row {
			if !strings.Contains("\x00"+strings.Join(names, "\x00")+"\x00", "\x00"+k+"\x00") {
				t.Errorf("row key %q is no column", k)
			}
		}
		for _, n := range names {
			v, _ := row[n].(string)
			if len([]rune(v)) > maxCell {
				t.Errorf("cell of %d characters, over %d", len([]rune(v)), maxCell)
			}
			cells = append(cells, v)
		}
		rows = append(rows, cells)
	}
	if int(ps) < len(rows) {
		t.Errorf("page_size %v under %d rows: the comparison would page", ps, len(rows))
	}
	return head, rows
}

// TestVendorCompareCard: the short comparison on Feishu is the
// recommendation, one table component (vendors as columns, the ten rows on
// one page) and each vendor's next step as a button, with Details; within
// the card's limits and the table's documented schema, pinned in both
// languages.
func TestVendorCompareCard(t *testing.T) {
	r, _ := vendorRouter(t)
	for _, text := range []string{"vendor compare", "供应商 对比"} {
		t.Run(text, func(t *testing.T) {
			rep := r.Handle(context.Background(), chat.Request{Text: text, Platform: Platform, Tenant: vendorTenant, Channel: "oc_group", User: vendorUser})
			if rep.Error != nil {
				t.Fatal(rep.Error)
			}
			s := RenderCard(rep)
			card := checkCard(t, s)
			els, _ := card["elements"].([]any)
			var tables []map[string]any
			var values, actions []string
			for _, e := range els {
				el, _ := e.(map[string]any)
				switch el["tag"] {
				case "table":
					tables = append(tables, el)
				case "action":
					acts, _ := el["actions"].([]any)
					for _, a := range acts {
						b, _ := a.(map[string]any)
						v, _ := b["value"].(map[string]any)
						values, actions = append(values, fmt.Sprint(v["value"])), append(actions, fmt.Sprint(v["action"]))
					}
				}
			}
			if len(tables) != 1 {
				t.Fatalf("%d table components, want 1", len(tables))
			}
			head, rows := tableSchema(t, tables[0])
			if tables[0]["freeze_first_column"] != true {
				t.Errorf("freeze_first_column %v; want true: the first column names the rows, the vendors scroll past it", tables[0]["freeze_first_column"])
			}
			if len(head) != 4 || len(rows) != 10 || !contains(strings.Join(head, "|"), "AcmeGPU", "酷算云", "算力港") {
				t.Errorf("columns %q, %d rows; want a label column, the three vendors and ten rows", head, len(rows))
			}
			draft := chat.T(rep.Lang, "draft questions vendor=", "起草 问题 供应商=")
			if len(values) != 4 || actions[3] != chat.ActionDetails {
				t.Fatalf("buttons %q %q; want each vendor's next step, then Details", actions, values)
			}
			for i, v := range values[:3] { // in the table's order
				if !strings.HasPrefix(v, draft+head[i+1]) {
					t.Errorf("button %d runs %q; want %s%s…", i, v, draft, head[i+1])
				}
			}
			name := map[chat.Lang]string{chat.EN: "vendor-compare-short.en.json", chat.ZH: "vendor-compare-short.zh.json"}[rep.Lang]
			testkit.Golden(t, filepath.Join("testdata", "vendor", name), testkit.JSON(t, json.RawMessage(stableIDs(s, rep))))
		})
	}
}

// TestMenuHomeVendorsBoard: the bot menu's home, sent one-to-one through
// the local Feishu fake, has the vendors board: each vendor the person
// sees evidence about (their checks anywhere, the team's prices) with its
// stage and next step, and the step as a button; pinned in both languages.
func TestMenuHomeVendorsBoard(t *testing.T) {
	for _, key := range []string{"home", "home_en"} {
		t.Run(key, func(t *testing.T) {
			hs := newHarness(t)
			r, st := vendorRouter(t)
			hs.h.d.Router, hs.h.pipe.Router = r, r
			body := []byte(strings.Replace(string(fixture(t, "application_bot_menu.json", "")), `"event_key": "home"`, `"event_key": "`+key+`"`, 1))
			if resp := hs.deliver(t, body); resp.StatusCode != 200 {
				t.Fatalf("status %d %s", resp.StatusCode, resp.Body)
			}
			sent := hs.api.Messages()
			if len(sent) != 1 || sent[0].Body.ReceiveID != vendorUser {
				t.Fatalf("%d messages; want one to the clicker", len(sent))
			}
			content := sent[0].Body.Content
			checkCard(t, content)
			want := map[string][]string{
				"home": {"**供应商**", "AcmeGPU · 已报价 · 下一步：追问：卡间互联（NVLink或PCIe） · 不适合你们的任务：卡间互联（NVLink或PCIe）",
					"算力港 · 已报价 · 下一步：发送核查清单的问题", `"value":"起草 问题 供应商=算力港"`, `"value":"供应商 对比"`},
				"home_en": {"**Vendors**", "AcmeGPU · quoted · next: ask about Card-to-card link &#40;NVLink or PCIe&#41; · ruled out for your job",
					"算力港 · quoted · next: send the checklist's questions", `"value":"draft questions vendor=算力港"`, `"value":"vendor compare"`},
			}[key]
			for _, w := range want {
				if !strings.Contains(content, w) {
					t.Errorf("card lacks %q:\n%.3000s", w, content)
				}
			}
			prices, _ := st.ListPrices(context.Background(), store.Scope{Tenant: vendorTenant})
			for i, p := range prices {
				content = strings.ReplaceAll(content, p.ID, fmt.Sprintf("pr%04d", i+1))
			}
			testkit.Golden(t, filepath.Join("testdata", "vendor", "menu-home-vendors."+map[string]string{"home": "zh", "home_en": "en"}[key]+".json"),
				testkit.JSON(t, json.RawMessage(content)))
		})
	}
}

// TestVendorRenewalCardButton: on Feishu, a vendor with a stored contract
// and nothing left to ask has drafting its renewal as the next step: the
// card's table says it in the next row and its button runs exactly the
// command the reply's JSON names, which drafts that renewal's e-mail; in
// both languages.
func TestVendorRenewalCardButton(t *testing.T) {
	clock := func() time.Time { return testNow }
	st := memstore.NewStore(clock)
	r := commands.New(commands.Deps{Now: clock, Renewals: st, Prices: st, Checks: st, Trials: st})
	if err := st.AddCheck(context.Background(), store.Check{ID: "c1", Tenant: vendorTenant, Channel: "oc_group", User: vendorUser,
		At: testNow.Add(-time.Hour), Vendor: "酷算云", Verdict: "ok", Covered: 12}); err != nil {
		t.Fatal(err)
	}
	in := func(text string) chat.Request {
		return chat.Request{Text: text, Platform: Platform, Tenant: vendorTenant, Channel: "oc_group", User: vendorUser, Sync: true}
	}
	if rep := r.Handle(context.Background(), in("续约 添加 供应商=酷算云 显卡=A100-80G 卡数=8 价格=15000 续约日=2027-06-01 通知期=30天")); rep.Error != nil {
		t.Fatal(rep.Error)
	}
	rs, _ := st.ListRenewals(context.Background(), store.Scope{Tenant: vendorTenant, Channel: "oc_group"})
	if len(rs) != 1 {
		t.Fatalf("%d renewals, want 1", len(rs))
	}
	if rep := r.Handle(context.Background(), in("renewal usage "+rs[0].ID+" hours=310 ondemand=35")); rep.Error != nil {
		t.Fatal(rep.Error)
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
					Next struct{ Text, Command string }
				}
			}
			if err := json.Unmarshal(b, &data); err != nil || len(data.Vendors) != 1 {
				t.Fatalf("data %s: %v", b, err)
			}
			next := data.Vendors[0].Next
			if want := chat.T(rep.Lang, "draft renewal ", "起草 续约 ") + rs[0].ID; next.Command != want {
				t.Fatalf("next command %q, want %q", next.Command, want)
			}
			card := checkCard(t, RenderCard(rep))
			var values []string
			nextCell := ""
			for _, e := range card["elements"].([]any) {
				el := e.(map[string]any)
				switch el["tag"] {
				case "table":
					_, rows := tableSchema(t, el)
					nextCell = rows[len(rows)-1][1]
				case "action":
					for _, a := range el["actions"].([]any) {
						v, _ := a.(map[string]any)["value"].(map[string]any)
						if v["action"] == chat.ActionRun {
							values = append(values, fmt.Sprint(v["value"]))
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
