package chat

import "testing"

func TestDaysOrMonths(t *testing.T) {
	cmd := &Command{Name: "renewal", Keys: []Key{{Name: "notice", Kind: Days, Example: "30d"}}}
	for _, tc := range []struct {
		raw          string
		days, months int
	}{
		{"30d", 30, 0}, {"30天", 30, 0}, {"4w", 28, 0}, {"4周", 28, 0}, {"30", 30, 0},
		{"1个月", 30, 1}, {"一个月", 30, 1}, {"2个月", 60, 2}, {"1 month", 30, 1}, {"3 months", 90, 3},
		{"1mo", 30, 1}, {"１个月", 30, 1}, {"1月", 30, 1},
	} {
		a := &Args{pairs: map[string]string{"notice": tc.raw}, cmd: cmd, lang: EN}
		days, months, err := a.DaysOrMonths("notice", 365)
		if err != nil || days != tc.days || months != tc.months {
			t.Errorf("notice=%s: %d days, %d months, %v; want %d, %d", tc.raw, days, months, err, tc.days, tc.months)
		}
	}
	a := &Args{pairs: map[string]string{}, cmd: cmd, lang: EN}
	if d, m, err := a.DaysOrMonths("notice", 365); d != 0 || m != 0 || err != nil {
		t.Errorf("absent notice: %d, %d, %v", d, m, err)
	}
	for _, raw := range []string{"13个月", "半个月", "soon"} {
		a := &Args{pairs: map[string]string{"notice": raw}, cmd: cmd, lang: ZH}
		if _, _, err := a.DaysOrMonths("notice", 365); err == nil {
			t.Errorf("notice=%s read without an error", raw)
		}
	}
}
