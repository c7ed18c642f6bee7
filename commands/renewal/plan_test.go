package renewal_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/infra/memstore"
)

// TestReminderPlanEdgeDays: renewal add on the edge days of the notice
// deadline (today is 2027-01-01) says which reminders the channel will
// actually receive: a day already passed is never listed as to come, the
// one caught up is named with its passed day, the older ones are folded
// into it; the table and the JSON say the same; in both languages.
func TestReminderPlanEdgeDays(t *testing.T) {
	today := rules.DateOf(now, rules.Shanghai())
	for _, tt := range []struct {
		name     string
		deadline int // days from today
		zh       bool
		summary  string
		statuses string // of the 30, 14, 7 and 1-day reminders in the JSON
	}{
		{"in 31 days", 31, false, "This channel gets a reminder 30, 14, 7 and 1 days before it.", "scheduled scheduled scheduled scheduled"},
		{"in 30 days", 30, false, "This channel gets the 30-day reminder at the next daily reminder run (its day is today), then reminders 14, 7 and 1 days before it.",
			"due scheduled scheduled scheduled"},
		{"in 29 days", 29, false, "This channel gets the 30-day reminder at the next daily reminder run (its day, 2026-12-31, has passed), then reminders 14, 7 and 1 days before it.",
			"catch_up scheduled scheduled scheduled"},
		{"today", 0, false, "This channel gets the 1-day reminder at the next daily reminder run (its day, 2026-12-31, has passed); no other reminder is left.",
			"folded folded folded catch_up"},
		{"yesterday: the next cycle's 30-day day passed too", -1, false,
			"This channel gets the 30-day reminder at the next daily reminder run (its day, 2026-12-30, has passed), then reminders 14, 7 and 1 days before the next cycle's deadline.",
			"catch_up scheduled scheduled scheduled"},
		{"还有 31 天", 31, true, "本频道将在截止日前 30、14、7、1 天收到提醒。", "scheduled scheduled scheduled scheduled"},
		{"还有 30 天", 30, true, "本频道将在下一次每日提醒运行时收到 30 天提醒（就是今天），之后在截止日前 14、7、1 天收到提醒。", "due scheduled scheduled scheduled"},
		{"还有 29 天", 29, true, "本频道将在下一次每日提醒运行时收到 30 天提醒（其日期 2026-12-31 已过），之后在截止日前 14、7、1 天收到提醒。", "catch_up scheduled scheduled scheduled"},
		{"今天", 0, true, "本频道将在下一次每日提醒运行时收到 1 天提醒（其日期 2026-12-31 已过）；之后不再有其他提醒。", "folded folded folded catch_up"},
		{"昨天", -1, true, "本频道将在下一次每日提醒运行时收到 30 天提醒（其日期 2026-12-30 已过），之后在下一周期截止日前 14、7、1 天收到提醒。", "catch_up scheduled scheduled scheduled"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			renews := today.AddDays(tt.deadline + 30).String()
			text := "renewal add vendor=酷算云 gpu=A100-80G cards=8 price=15000 notice=30d renews=" + renews
			if tt.zh {
				text = "续约 添加 供应商=酷算云 显卡=A100-80G 卡数=8 价格=15000 通知期=30天 续约日=" + renews
			}
			rep := router(memstore.NewStore(nil)).Handle(context.Background(), req(text, "slack:T1"))
			if rep.Error != nil {
				t.Fatal(rep.Error)
			}
			if !strings.HasSuffix(rep.Summary, tt.summary) {
				t.Errorf("summary %q, want it to end %q", rep.Summary, tt.summary)
			}
			b, _ := json.Marshal(rep.Data)
			var data struct {
				Reminders []struct {
					Date   string `json:"date"`
					Status string `json:"status"`
				} `json:"reminders"`
			}
			if err := json.Unmarshal(b, &data); err != nil {
				t.Fatal(err)
			}
			var got []string
			for i, r := range data.Reminders {
				got = append(got, r.Status)
				if r.Date < today.String() && r.Status == rules.PlanScheduled {
					t.Errorf("reminder %d of %s is scheduled, a day in the past", i, r.Date)
				}
				if cell := rep.Tables[0].Rows[i][2]; (r.Status == rules.PlanScheduled) != (cell == "scheduled" || cell == "待发送") {
					t.Errorf("row %d status %q for %s", i, cell, r.Status)
				}
			}
			if strings.Join(got, " ") != tt.statuses {
				t.Errorf("statuses %v, want %s", got, tt.statuses)
			}
		})
	}
}
