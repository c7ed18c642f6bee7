package slack

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"gpuadvisor/internal/testkit"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
)

// goldenDir holds one file per registered command example and language.
var goldenDir = filepath.Join("testdata", "golden", "commands")

// pretty is the JSON a reviewer reads: indented, keys sorted, & < > as is.
func pretty(t *testing.T, v any) []byte {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var generic any // a map: its keys come back sorted
	if err := json.Unmarshal(raw, &generic); err != nil {
		t.Fatal(err)
	}
	return testkit.JSON(t, generic)
}

// TestGoldenEveryCommand renders every example of every command registered
// in commands.New, in English and Chinese, and compares the Block Kit JSON with
// testdata/golden/commands. A command added later is covered automatically:
// its files are missing until `go test ./infra/slack -update` writes them for
// review.
func TestGoldenEveryCommand(t *testing.T) {
	newRouter := func(renewals *memstore.Store) *chat.Router {
		return commands.New(commands.Deps{Now: fixedNow, Renewals: renewals, Prices: renewals, Settings: renewals, Checks: renewals, Trials: renewals})
	}
	name := func(ex testkit.Example) string {
		return fmt.Sprintf("%s_%d_%s.json", testkit.Slug(ex.Command, "_"), ex.N, ex.Lang)
	}
	testkit.GoldenExamples(t, goldenDir, newRouter(memstore.NewStore(fixedNow)).Commands(), name, func(t *testing.T, ex testkit.Example) []byte {
		// A fresh in-memory store per example, so each file stands alone.
		renewals := memstore.NewStore(fixedNow)
		rep := newRouter(renewals).Handle(context.Background(), chat.Request{
			Text: ex.Text, Lang: ex.Lang, Platform: "slack", Tenant: "slack:T0001", Channel: "C2147483705", User: "U2147483697",
		})
		msg := Render(rep)
		for _, v := range limitViolations(msg) {
			t.Errorf("%s (%s): %s", ex.Text, ex.Lang, v)
		}
		got := pretty(t, map[string]any{"example": ex.Text, "lang": ex.Lang, "message": msg})
		// Renewal ids are random: pin them.
		stored, _ := renewals.ListRenewals(context.Background(), store.Scope{Tenant: "slack:T0001", Channel: "C2147483705"})
		for i, r := range stored {
			got = bytes.ReplaceAll(got, []byte(r.ID), []byte(fmt.Sprintf("id%04d", i+1)))
		}
		prices, _ := renewals.ListPrices(context.Background(), store.Scope{Tenant: "slack:T0001", Channel: "C2147483705"})
		for i, p := range prices {
			got = bytes.ReplaceAll(got, []byte(p.ID), []byte(fmt.Sprintf("pr%04d", i+1)))
		}
		return got
	})
}

func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	testkit.Golden(t, path, got)
}

// TestGoldenReplies pins the rendering of the reply shapes themselves: every
// part of a reply, hostile text, and the shortened note.
func TestGoldenReplies(t *testing.T) {
	full := chat.Reply{
		Command: "billing", Lang: chat.EN,
		Title:   "Billing: monthly wins at 300 h/month",
		Summary: "Monthly (¥15,000) costs less than on-demand (¥10,500 at 300 h) only above 428.6 h/month, so on-demand wins here.",
		Facts: []chat.Fact{
			{Label: "on-demand", Value: "¥35/h × 300 h = ¥10,500"}, {Label: "monthly", Value: "¥15,000"},
			{Label: "break-even", Value: "428.6 h/month"},
		},
		Tables: []chat.Table{{Title: "Options", Header: []string{"mode", "monthly cost", "计费"}, Rows: [][]string{
			{"on-demand", "¥10,500", "按需"}, {"monthly", "¥15,000", "包月"}, {"spot", "¥6,300", "竞价"},
		}}},
		Sections: []chat.Section{{Title: "Why", Lines: []string{"break-even = monthly ÷ hourly = 15000 ÷ 35 = 428.6 h", "300 h < 428.6 h"}}},
		Warnings: []string{"Spot can be reclaimed at any time; checkpoint every 30 minutes."},
		Buttons:  chat.StandardButtons(chat.EN, "billing ondemand=35 monthly=15000 hours=300"),
		Partial:  true,
	}
	hostileReply := chat.Reply{
		Lang:     chat.ZH,
		Title:    "<!channel> 供应商 <@U123> 说 & <https://evil.example|点我>",
		Summary:  "@here 报价 <!everyone> 见 <https://evil.example> 和 @channel",
		Facts:    []chat.Fact{{Label: "<@U123>", Value: "<#C1|general> & <!subteam^S1>"}},
		Tables:   []chat.Table{{Header: []string{"vendor"}, Rows: [][]string{{"```<!here>```"}}}},
		Sections: []chat.Section{{Title: "*bold* <b>", Lines: []string{"a > b & c < d"}}},
		Buttons:  []chat.Button{{Action: chat.ActionDraftQuestions, Label: "<!channel>", Value: "quote vendor=<@U123>"}},
	}
	var many []chat.Fact
	for i := 1; i <= 500; i++ {
		many = append(many, chat.Fact{Label: fmt.Sprintf("fact %d", i), Value: fmt.Sprintf("%d", i*i)})
	}
	tests := []struct {
		name string
		rep  chat.Reply
	}{
		{"full_reply", full},
		{"hostile_text", hostileReply},
		{"shortened_500_facts", chat.Reply{Lang: chat.ZH, Title: "事实太多", Facts: many, Buttons: chat.StandardButtons(chat.ZH, "计费")}},
		{"error", chat.Reply{Lang: chat.ZH, Title: "无法处理这个请求", Summary: "billing 不接受参数 \"hourz\"\n示例：billing ondemand=35 monthly=15000 hours=300", Private: true,
			Error: &chat.Error{Code: chat.CodeInvalid, Key: "hourz", Message: "x"}}},
		{"coming_soon_en", comingSoon(chat.EN, "draft")},
		{"coming_soon_zh", comingSoon(chat.ZH, "draft")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			msg := Render(tc.rep)
			for _, v := range limitViolations(msg) {
				t.Error(v)
			}
			compareGolden(t, filepath.Join("testdata", "golden", "replies", tc.name+".json"), pretty(t, msg))
		})
	}
}
