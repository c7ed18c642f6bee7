package renewal_test

import (
	"context"
	"testing"

	"gpuadvisor/internal/testkit"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/commands/renewal"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
)

// TestGolden renders replies as a reviewer reads them, in both languages and
// as JSON. Each row runs its setup lines first on a fresh store. Run
// `go test ./commands/renewal -update` after an intended change and read the diff.
func TestGolden(t *testing.T) {
	usageHybrid := "续约 用量 r1 时长=720,720,720,720,300,300,100,0 按需=35"
	tests := []struct {
		name  string
		setup []string
		text  string
		json  bool
	}{
		{"en_add", nil, addEN, false},
		{"zh_add", nil, addZH, false},
		{"en_add_optional", nil, "renewal add vendor=酷算云 gpu=A100-80G cards=8 price=15000 renews=2027-04-01 notice=30d remind=30,7 ondemand=35 term=3m hours=310", false},
		{"en_add_deadline_passed", nil, "renewal add vendor=酷算云 gpu=H800 cards=16 mode=quarterly price=90000 renews=2027-01-20 notice=30d", false},
		{"en_add_no_notice", nil, "renewal add vendor=DeepRent cards=2 price=12000 renews=2027-05-01", false},
		{"en_list", []string{addEN, "renewal add vendor=DeepRent gpu=RTX4090 cards=2 price=3000 renews=2027-06-15 notice=14d"}, "renewal list", false},
		{"zh_list", []string{addZH}, "续约 列表", false},
		{"en_list_empty", nil, "renewal list", false},
		{"en_usage_downgrade", []string{addEN}, "renewal usage r1 hours=310 ondemand=35", false},
		{"zh_usage_hybrid", []string{addZH}, usageHybrid, false},
		{"en_usage_no_ondemand", []string{addEN}, "renewal usage r1 hours=310", false},
		{"en_remove", []string{addEN}, "renewal remove r1", false},
		{"en_new_billing", nil, "renewal new billing ondemand=35 monthly=15000 hours=300 cards=8", false},
		{"zh_new_billing", nil, "renewal new 计费 按需=35元/时 包月=1.5万 时长=300小时", false},
		{"en_overview", nil, "renewal", false},
		{"zh_overview", nil, "续约", false},
		{"en_error_renews_past", nil, "renewal add vendor=v cards=8 price=15000 renews=2026-12-01 notice=30d", false},
		{"zh_error_notice", nil, "续约 添加 供应商=v 卡数=8 价格=15000 续约日=2027-03-01 通知期=45天", false},
		{"zh_error_price", nil, "续约 添加 供应商=v 卡数=8 续约日=2027-03-01", false},
		{"json_add", nil, addEN, true},
		{"json_list", []string{addEN}, "renewal list", true},
		{"json_usage", []string{addZH}, usageHybrid, true},
		{"json_error_unknown_id", nil, "renewal remove nope", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := router(memstore.NewStore(nil))
			for _, s := range tt.setup {
				if rep := r.Handle(context.Background(), req(s, "slack:T1")); rep.Error != nil {
					t.Fatalf("setup %q: %v", s, rep.Error)
				}
			}
			rep := r.Handle(context.Background(), req(tt.text, "slack:T1"))
			if tt.json {
				testkit.Testdata(t, tt.name+".json", chat.RenderJSON(rep))
			} else {
				testkit.Testdata(t, tt.name+".golden", []byte(chat.RenderText(rep)))
			}
		})
	}
}

func stored(t *testing.T, setup ...string) rules.Renewal {
	t.Helper()
	st := memstore.NewStore(nil)
	r := router(st)
	for _, s := range setup {
		if rep := r.Handle(context.Background(), req(s, "slack:T1")); rep.Error != nil {
			t.Fatalf("setup %q: %v", s, rep.Error)
		}
	}
	got, err := st.GetRenewal(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C0123"}, "r1")
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func date(s string) rules.Date {
	d, err := rules.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

func TestGoldenReminders(t *testing.T) {
	tests := []struct {
		name  string
		setup []string
		today string
		json  bool
	}{
		{"en_reminder_30", []string{addEN}, "2026-12-31", false},
		{"en_reminder_downgrade", []string{addEN, "renewal usage r1 hours=310 ondemand=35"}, "2027-01-16", false},
		{"zh_reminder_hybrid_late", []string{addZH, "续约 用量 r1 时长=720,720,720,720,300,300,100,0 按需=35"}, "2027-01-17", false},
		{"zh_reminder_last_day", []string{addZH, "续约 用量 r1 时长=500 按需=35"}, "2027-01-29", false},
		{"json_reminder", []string{addEN, "renewal usage r1 hours=310 ondemand=35"}, "2027-01-16", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := stored(t, tt.setup...)
			today := date(tt.today)
			rem, ok := r.Due(today)
			if !ok {
				t.Fatalf("nothing due on %s", today)
			}
			rep := renewal.Reminder(r, rem, today)
			if len(rep.Buttons) != 1 || rep.Buttons[0].Action != chat.ActionDraftRenewal || rep.Buttons[0].Value != r.ID {
				t.Errorf("buttons %+v, want one %s with value %s", rep.Buttons, chat.ActionDraftRenewal, r.ID)
			}
			if tt.json {
				testkit.Testdata(t, tt.name+".json", chat.RenderJSON(rep))
			} else {
				testkit.Testdata(t, tt.name+".golden", []byte(chat.RenderText(rep)))
			}
		})
	}
}
