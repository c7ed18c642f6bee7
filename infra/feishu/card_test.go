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
)

// checkCard asserts what every rendered card must be: JSON 1.0 with a
// header, within the size budget, and with no lark_md text that mentions,
// links or formats from user words.
func checkCard(t *testing.T, s string) map[string]any {
	t.Helper()
	var c map[string]any
	if err := json.Unmarshal([]byte(s), &c); err != nil {
		t.Fatalf("card is not JSON: %v\n%s", err, s)
	}
	if n := quotedLen(s); n > MaxContentBytes {
		t.Errorf("card is %d bytes as request content, over %d", n, MaxContentBytes)
	}
	body, _ := json.Marshal(map[string]string{"content": s, "msg_type": "interactive", "uuid": strings.Repeat("u", 50), "receive_id": "oc_" + strings.Repeat("x", 32)})
	if len(body) > 30*1024 {
		t.Errorf("request body %d bytes, over Feishu's 30 KB", len(body))
	}
	h, _ := c["header"].(map[string]any)
	if title, _ := h["title"].(map[string]any); title["tag"] != "plain_text" || title["content"] == "" {
		t.Errorf("header title %v: want non-empty plain_text", h["title"])
	}
	els, _ := c["elements"].([]any)
	charts, tables := 0, 0
	for _, e := range els {
		el, _ := e.(map[string]any)
		switch el["tag"] {
		case "table":
			tables++
		case "chart":
			charts++
			spec, _ := el["chart_spec"].(map[string]any)
			switch r := el["aspect_ratio"]; r {
			case "1:1", "2:1", "4:3", "16:9":
			default:
				t.Errorf("chart aspect_ratio %v: want 1:1, 2:1, 4:3 or 16:9", r)
			}
			data, _ := spec["data"].([]any)
			if spec["type"] == nil || len(data) == 0 {
				t.Errorf("chart_spec without type or data: %v", spec)
			}
			for _, d := range data {
				if vs, _ := d.(map[string]any)["values"].([]any); len(vs) == 0 || len(vs) > 6*20 {
					t.Errorf("chart data %v: want 1 to 120 values (6 series of 20 points)", d)
				}
			}
		}
	}
	if charts > maxCharts || tables > maxTables {
		t.Errorf("%d charts and %d tables; a card holds at most %d and %d", charts, tables, maxCharts, maxTables)
	}
	for _, md := range larkMD(c) {
		for _, bad := range []string{"<at", "](", "://", "www."} {
			if strings.Contains(md, bad) {
				t.Errorf("lark_md %q contains %q", md, bad)
			}
		}
	}
	return c
}

// larkMD collects every lark_md content in a card.
func larkMD(v any) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		if x["tag"] == "lark_md" {
			s, _ := x["content"].(string)
			out = append(out, s)
		}
		for _, e := range x {
			out = append(out, larkMD(e)...)
		}
	case []any:
		for _, e := range x {
			out = append(out, larkMD(e)...)
		}
	}
	return out
}

// TestCardGolden renders every example of every registered command, in both
// languages, and compares it with testdata/cards. Commands registered later
// are covered automatically: their golden files are written with -update.
func TestCardGolden(t *testing.T) {
	now := time.Date(2026, 11, 30, 9, 30, 0, 0, time.FixedZone("CST", 8*3600))
	clock := func() time.Time { return now }
	// A fresh router and store per example, so goldens do not depend on order.
	newRouter := func() *chat.Router {
		st := memstore.NewStore(clock)
		return commands.New(commands.Deps{Now: clock, Renewals: st, Prices: st, Settings: st, Checks: st, Trials: st})
	}
	name := func(ex testkit.Example) string {
		return fmt.Sprintf("%s-%d.%s.json", testkit.Slug(ex.Command, "-"), ex.N, ex.Lang)
	}
	testkit.GoldenExamples(t, filepath.Join("testdata", "cards"), newRouter().Commands(), name, func(t *testing.T, ex testkit.Example) []byte {
		rep := newRouter().Handle(context.Background(), chat.Request{
			Text: ex.Text, Lang: ex.Lang, Platform: Platform,
			Tenant: "feishu:2ca1d211f64f6438", Channel: "oc_golden", User: "ou_golden",
		})
		s := stableIDs(RenderCard(rep), rep)
		checkCard(t, s)
		return testkit.JSON(t, json.RawMessage(s))
	})
}

// stableIDs replaces the random id of a renewal the reply carries in its data
// ("renewal": {"id": ...}, "renewals": [{"id": ...}]) with fixed ones, so
// golden files do not change run to run.
func stableIDs(card string, rep chat.Reply) string {
	var data any
	json.Unmarshal(chat.RenderJSON(rep), &data)
	var ids []string
	var walk func(parent string, v any)
	walk = func(parent string, v any) {
		switch x := v.(type) {
		case map[string]any:
			if id, ok := x["id"].(string); ok && (parent == "renewal" || parent == "renewals" || parent == "entry" || parent == "entries" || parent == "saved") {
				ids = append(ids, id)
			}
			for k, e := range x {
				walk(k, e)
			}
		case []any:
			for _, e := range x {
				walk(parent, e)
			}
		}
	}
	walk("", data)
	for i, id := range ids {
		card = strings.ReplaceAll(card, id, fmt.Sprintf("ID%04d", i+1))
	}
	return card
}

func TestCardLayout(t *testing.T) {
	rep := chat.Reply{
		Command: "billing", Lang: chat.ZH,
		Title:    "包月更划算",
		Summary:  "按每月 300 小时计，包月 ¥15,000 比按需 ¥10,500 贵；盈亏平衡 428.6 小时。",
		Facts:    []chat.Fact{{Label: "按需", Value: "¥10,500"}, {Label: "包月", Value: "¥15,000"}},
		Tables:   []chat.Table{{Title: "明细", Header: []string{"方式", "月费"}, Rows: [][]string{{"按需", "¥10,500"}, {"包月", "¥15,000"}}}},
		Sections: []chat.Section{{Title: "理由", Lines: []string{"盈亏平衡 = 15000 / 35 = 428.6 小时"}}},
		Warnings: []string{"价格未含税"},
		Buttons:  chat.StandardButtons(chat.ZH, "billing 按需=35 包月=15000 时长=300"),
	}
	c := checkCard(t, RenderCard(rep))
	if got := c["header"].(map[string]any)["template"]; got != "orange" {
		t.Errorf("template %v, want orange (warnings)", got)
	}
	els := c["elements"].([]any)
	tags := []string{}
	for _, e := range els {
		tags = append(tags, e.(map[string]any)["tag"].(string))
	}
	want := "div div div table div hr div action" // summary, facts, table title, table, section, warnings, buttons
	if strings.Join(tags, " ") != want {
		t.Errorf("elements %v, want %s", tags, want)
	}
	acts := els[len(els)-1].(map[string]any)["actions"].([]any)
	if len(acts) != 3 {
		t.Fatalf("%d buttons, want 3", len(acts))
	}
	for i, label := range []string{"起草供应商问题", "起草SLA条款", "续约提醒"} {
		b := acts[i].(map[string]any)
		v := b["value"].(map[string]any)
		if b["text"].(map[string]any)["content"] != label || v["action"] != rep.Buttons[i].Action || v["value"] != rep.Buttons[i].Value || v["lang"] != "zh" {
			t.Errorf("button %d = %v, want %s with value {action %s, value %q, lang zh}", i, b, label, rep.Buttons[i].Action, rep.Buttons[i].Value)
		}
	}
}

func TestTemplate(t *testing.T) {
	tests := []struct {
		name string
		r    chat.Reply
		want string
	}{
		{"plain answer", chat.Reply{Title: "x"}, "blue"},
		{"warnings", chat.Reply{Warnings: []string{"w"}}, "orange"},
		{"partial", chat.Reply{Partial: true}, "orange"},
		{"acknowledgement", chat.Reply{Deferred: true}, "wathet"},
		{"error", chat.Reply{Error: &chat.Error{Code: chat.CodeInvalid}, Warnings: []string{"w"}}, "red"},
	}
	for _, tc := range tests {
		if got := Template(tc.r); got != tc.want {
			t.Errorf("%s: Template = %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestCardEscapesUserText: vendor or user words anywhere in a reply cannot
// mention @all or anyone, or make a link.
func TestCardEscapesUserText(t *testing.T) {
	evil := `<at id=all></at> 酷算云 [免费领卡](https://evil.cn/x) www.evil.com <at user_id="ou_1">老板</at> **urgent**`
	rep := chat.Reply{
		Title:    evil,
		Summary:  evil,
		Facts:    []chat.Fact{{Label: evil, Value: evil}},
		Tables:   []chat.Table{{Title: evil, Header: []string{evil}, Rows: [][]string{{evil}}}},
		Sections: []chat.Section{{Title: evil, Lines: []string{evil}}},
		Warnings: []string{evil},
		Buttons:  []chat.Button{{Action: chat.ActionDraftSLA, Label: evil, Value: evil}},
	}
	s := RenderCard(rep)
	c := checkCard(t, s)
	if mds := larkMD(c); len(mds) < 4 {
		t.Fatalf("only %d lark_md texts; the test would prove nothing", len(mds))
	}
	for _, md := range larkMD(c) {
		for _, bad := range unsafe {
			if strings.Contains(md, bad) && bad != "&#60;" {
				t.Errorf("lark_md %q contains %q", md, bad)
			}
		}
	}
	if !strings.Contains(s, "&#60;at id=all&#62;") {
		t.Errorf("the text is not shown escaped: %s", s)
	}
}

func TestCardTruncatedWithNote(t *testing.T) {
	rep := oversized()
	s := RenderCard(rep)
	checkCard(t, s)
	for _, want := range []string{"报价对比", "结论在前。", "内容超出飞书卡片长度上限，已截断", "未含带宽", "起草供应商问题", "项目 0", `"tag":"table"`} {
		if !strings.Contains(s, want) {
			t.Errorf("truncated card lacks %q", want)
		}
	}
	if strings.Contains(s, "理由 49") {
		t.Error("the last section survived; nothing was cut")
	}
}

// BenchmarkCardOversized measures cutting a reply far over the card limit
// down to size (it was a 200 ms bound in a unit test, which load on a
// shared machine broke; speed is measured here instead).
func BenchmarkCardOversized(b *testing.B) {
	rep := oversized()
	for b.Loop() {
		RenderCard(rep)
	}
}

// oversized is a reply far over a Feishu card's size limit.
func oversized() chat.Reply {
	long := strings.Repeat("供应商回复：按需 35 元/时，包月 15000 元，含税。", 20)
	rep := chat.Reply{Lang: chat.ZH, Title: "报价对比", Summary: "结论在前。", Buttons: chat.StandardButtons(chat.ZH, "quote"), Warnings: []string{"未含带宽"}}
	for i := 0; i < 40; i++ {
		rep.Facts = append(rep.Facts, chat.Fact{Label: fmt.Sprintf("项目 %d", i), Value: long[:60]})
	}
	tb := chat.Table{Title: "明细", Header: []string{"供应商", "月费", "说明"}}
	for i := 0; i < 400; i++ {
		tb.Rows = append(tb.Rows, []string{fmt.Sprintf("供应商 %d", i), "¥15,000", long})
	}
	rep.Tables = []chat.Table{tb, tb}
	for i := 0; i < 50; i++ {
		rep.Sections = append(rep.Sections, chat.Section{Title: fmt.Sprintf("理由 %d", i), Lines: []string{long, long}})
	}
	return rep
}

func TestCardSmallReplyHasNoNote(t *testing.T) {
	s := RenderCard(chat.Reply{Lang: chat.EN, Title: "t", Summary: "s"})
	if strings.Contains(s, "was cut") {
		t.Errorf("a small card says it was cut: %s", s)
	}
}

func TestCardManyTablesBeyondTheLimit(t *testing.T) {
	rep := chat.Reply{Title: "t"}
	for i := 0; i < maxTables+2; i++ {
		rep.Tables = append(rep.Tables, chat.Table{Title: fmt.Sprintf("T%d", i), Header: []string{"a"}, Rows: [][]string{{"1"}}})
	}
	s := RenderCard(rep)
	checkCard(t, s)
	if n := strings.Count(s, `"tag":"table"`); n != maxTables {
		t.Errorf("%d table components, want %d (Feishu's limit)", n, maxTables)
	}
	if !strings.Contains(s, "**T6**") {
		t.Errorf("the 7th table is missing: %s", s)
	}
}

// TestCardCharts: a sound chart is a chart component with its bar line as
// a note; past maxCharts, and for a chart that breaks the shared limits,
// only the line is shown.
func TestCardCharts(t *testing.T) {
	good := chat.Chart{ID: "c", Kind: chat.ChartBar, Stacked: true, Title: "Memory", Categories: []string{"A", "B"},
		Series: []chat.Series{{Name: "w", Values: []float64{30, 60}}, {Name: "cap", Values: []float64{70, 70}, Limit: true}}}
	bad := good
	bad.Categories = []string{"A", "A"}
	rep := chat.Reply{Title: "t", Charts: []chat.Chart{bad}}
	for i := 0; i < maxCharts+1; i++ {
		rep.Charts = append(rep.Charts, good)
	}
	s := RenderCard(rep)
	checkCard(t, s)
	if n := strings.Count(s, `"tag":"chart"`); n != maxCharts-1 {
		t.Errorf("%d chart components, want %d (the first chart is unsound, the last past the limit)", n, maxCharts-1)
	}
	// The stacked chart with a limit is a common chart: stacked bars, the limit a line.
	if !strings.Contains(s, `"type":"common"`) || !strings.Contains(s, `"stack":true`) {
		t.Errorf("no common chart with stacked bars: %s", s)
	}
	if n := strings.Count(s, "Memory: A ▄ 30 / 70 · B ▇ 60 / 70"); n != maxCharts+1 {
		// 30/70×7 = 3 → ▄; 60/70×7 = 6 → ▇; every chart keeps its line, the unsound one too
		t.Errorf("%d bar lines, want %d: %s", n, maxCharts+1, s)
	}
}

func TestQuotedLenMatchesJSONMarshal(t *testing.T) {
	for _, s := range []string{"", `{"a":"<b>&\n\t\"\\"}`, "中文\u2028x\u2029", "\x01\x1f"} {
		b, _ := json.Marshal(s)
		if got := quotedLen(s); got != len(b) {
			t.Errorf("quotedLen(%q) = %d, want %d", s, got, len(b))
		}
	}
}

func TestCardOverlongTextsSayTheyWereCut(t *testing.T) {
	tests := []struct {
		name string
		r    chat.Reply
		want []string
	}{
		{"one long section line", chat.Reply{Title: "t", Sections: []chat.Section{{Lines: []string{strings.Repeat("长", maxLine+10)}}}}, []string{"…", "was cut"}},
		{"a summary over the whole budget", chat.Reply{Title: "t", Summary: strings.Repeat("供应商回复 <at> ", 5000), Buttons: chat.StandardButtons(chat.EN, "x")}, []string{"…", "was cut", "Draft vendor questions"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := RenderCard(tc.r)
			checkCard(t, s)
			for _, w := range tc.want {
				if !strings.Contains(s, w) {
					t.Errorf("card lacks %q", w)
				}
			}
		})
	}
}

// The longest answers the real commands give fit one card, with no lark_md
// that mentions or links: the trial check of a 64-GPU nvidia-smi dump, a
// checklist check of 100 KB of sales text (with @all and links in it), the
// full help and the full checklist, in both languages.
func TestLongestRealRepliesFitACard(t *testing.T) {
	clock := func() time.Time { return testNow }
	r := commands.New(commands.Deps{Now: clock, Renewals: memstore.NewStore(clock)})
	testkit.EachLongestReply(t, r, Platform, "<at id=all></at> [link](https://evil.example) www.evil.cn", func(t *testing.T, rep chat.Reply) {
		checkCard(t, RenderCard(rep))
	})
}

// TestTableFreezesRowLabels: a table whose first column names its rows (an
// empty first header cell, as the vendor comparison and the topology matrix
// have) keeps that column in view (freeze_first_column, a boolean of the
// table component, default false); a table with a titled first column, or
// one column only, leaves it unset.
func TestTableFreezesRowLabels(t *testing.T) {
	for _, tt := range []struct {
		name   string
		header []string
		rows   [][]string
		want   any // the field as the card has it; nil: absent
	}{
		{"row labels", []string{"", "AcmeGPU", "酷算云"}, [][]string{{"stage", "quoted", "asked"}}, true},
		{"titled first column", []string{"方式", "月费"}, [][]string{{"按需", "¥10,500"}}, nil},
		{"labels only, nothing to scroll past", []string{""}, [][]string{{"stage"}}, nil},
		{"no header", nil, [][]string{{"a", "b"}}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := checkCard(t, RenderCard(chat.Reply{Title: "x", Tables: []chat.Table{{Header: tt.header, Rows: tt.rows}}}))
			var table map[string]any
			for _, e := range c["elements"].([]any) {
				if el := e.(map[string]any); el["tag"] == "table" {
					table = el
				}
			}
			if table == nil {
				t.Fatal("no table component")
			}
			got, present := table["freeze_first_column"]
			if tt.want == nil && present || tt.want != nil && got != tt.want {
				t.Errorf("freeze_first_column got %v (present %v), want %v", got, present, tt.want)
			}
		})
	}
}
