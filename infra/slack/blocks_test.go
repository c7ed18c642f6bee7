package slack

import (
	"strings"
	"testing"

	"gpuadvisor/chat"
)

func TestTableRendering(t *testing.T) {
	narrow := chat.Table{Title: "方案", Header: []string{"mode", "¥/月"}, Rows: [][]string{{"按需", "10,500"}, {"monthly", "15,000"}}}
	wide := chat.Table{Header: []string{"command", "what it does", "example"}, Rows: [][]string{
		{"quote / 报价", "compare vendor quotes by monthly TCO and cost per token", "quote hours=300 A: price=35 cards=8 storage_gb=2000 storage_price=0.3 tokens_s=21000"},
		{"help", "", "help billing"},
	}}
	tests := []struct {
		name  string
		table chat.Table
		want  []string
	}{
		{"a narrow table is an aligned grid in a code block", narrow, []string{"*方案*\n```\nmode     ¥/月\n-------  ------\n按需     10,500\nmonthly  15,000\n```"}},
		{"a wide table is a list", wide, []string{
			"• *quote / 报价* — what it does: compare vendor quotes by monthly TCO and cost per token · example: quote hours=300 A: price=35 cards=8 storage_gb=2000 storage_price=0.3 tokens_s=21000\n" +
				"• *help* — example: help billing",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cut := false
			got := tableTexts(tc.table, &cut)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") || cut {
				t.Errorf("tableTexts =\n%q (cut %t)\nwant\n%q", got, cut, tc.want)
			}
		})
	}
}

func TestLongTableContinuesWithItsHeader(t *testing.T) {
	tb := chat.Table{Title: "rows", Header: []string{"n", "value"}}
	for i := 0; i < 400; i++ {
		tb.Rows = append(tb.Rows, []string{strings.Repeat("9", 3), strings.Repeat("x", 20)})
	}
	cut := false
	texts := tableTexts(tb, &cut)
	if len(texts) < 2 {
		t.Fatalf("400 rows in %d section(s); want several", len(texts))
	}
	for i, txt := range texts {
		if slackLen(txt) > MaxSectionText {
			t.Errorf("section %d is %d long", i, slackLen(txt))
		}
		if !strings.Contains(txt, "```\nn    value") {
			t.Errorf("section %d does not start its grid with the header:\n%s", i, txt[:60])
		}
		if (i == 0) != strings.HasPrefix(txt, "*rows*") {
			t.Errorf("section %d: title only on the first", i)
		}
	}
	rows := 0
	for _, txt := range texts {
		rows += strings.Count(txt, strings.Repeat("x", 20))
	}
	if rows != 400 {
		t.Errorf("%d rows shown, want 400", rows)
	}
}

func TestRenderVisibility(t *testing.T) {
	for _, tc := range []struct {
		rep  chat.Reply
		want string
	}{
		{chat.Reply{Title: "x"}, InChannel},
		{chat.Reply{Title: "x", Private: true}, Ephemeral},
	} {
		if got := Render(tc.rep).ResponseType; got != tc.want {
			t.Errorf("Render(Private=%t).ResponseType = %s, want %s", tc.rep.Private, got, tc.want)
		}
	}
}
