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
// as JSON, for each case of testdata/cases.txt (its setup lines first, on a
// fresh store). Run
// `go test ./commands/renewal -update` after an intended change and read the diff.
func TestGolden(t *testing.T) {
	testkit.GoldenCases(t, "cases.txt", func(t testing.TB, c testkit.Case) chat.Reply {
		r := router(memstore.NewStore(nil))
		for _, s := range c.Setup {
			if rep := r.Handle(context.Background(), req(s, "slack:T1")); rep.Error != nil {
				t.Fatalf("setup %q: %v", s, rep.Error)
			}
		}
		return r.Handle(context.Background(), req(c.Text, "slack:T1"))
	})
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
