package draft

import (
	"context"
	"strings"
	"testing"
	"time"

	"gpuadvisor/advisor/renewal"
	"gpuadvisor/infra/memstore"
)

// TestRenewalPassedDeadline: the renewal e-mail never asks for anything by
// a day already past. With the notice deadline passed and the renewal
// ahead, it keeps the stored dates, asks for a waiver and names the next
// cycle; before the deadline it asks by the deadline.
func TestRenewalPassedDeadline(t *testing.T) {
	st := memstore.NewStore(nil)
	renews, _ := renewal.ParseDate("2026-12-22")
	err := st.CreateRenewal(context.Background(), renewal.Renewal{ID: "r1", Tenant: "cli:local", Platform: "cli", Vendor: "蓝耘", GPU: "H800",
		Cards: 8, Mode: renewal.Monthly, Price: 42000, OnDemand: 80, Renews: renews, NoticeDays: 30, Usage: []float64{500}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, text, today string
		want, notIn       []string
	}{
		{"passed, in English", "draft renewal r1", "2026-12-01",
			[]string{"renews on 2026-12-22", "its notice deadline, 2026-11-22, has passed", "waive the notice period", "renews on 2027-01-22 (notice deadline 2026-12-23)", "before 2026-12-22?"},
			[]string{"before 2026-11-22"}},
		{"passed, in Chinese", "起草 续约 r1", "2026-12-01",
			[]string{"将于 2026-12-22 续约", "提前通知截止日 2026-11-22 已过", "豁免本次续约的通知期", "2027-01-22 续约，提前通知截止日 2026-12-23", "在 2026-12-22 之前给我们"},
			[]string{"在 2026-11-22 之前"}},
		{"ahead: ask by the deadline", "draft renewal r1", "2026-11-01",
			[]string{"renews on 2026-12-22, and the notice deadline is 2026-11-22", "before 2026-11-22?"}, []string{"waive"}},
		{"renewed: the current cycle", "draft renewal r1", "2026-12-23",
			[]string{"renews on 2027-01-22, and the notice deadline is 2026-12-23"}, []string{"2026-11-22", "waive"}},
	}
	for _, tt := range tests {
		r := router(Options{Renewals: st})
		day, _ := time.Parse("2006-01-02", tt.today)
		r.Now = func() time.Time { return day.Add(4 * time.Hour) } // noon in Shanghai
		rep := handle(r, tt.text, true)
		if rep.Error != nil {
			t.Fatalf("%s: %v", tt.name, rep.Error)
		}
		text := data(rep)["text"].(string)
		for _, w := range tt.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the e-mail lacks %q:\n%s", tt.name, w, text)
			}
		}
		for _, w := range tt.notIn {
			if strings.Contains(text, w) {
				t.Errorf("%s: the e-mail has %q:\n%s", tt.name, w, text)
			}
		}
	}
}
