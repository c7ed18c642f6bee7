package advisor

import (
	"errors"
	"testing"
)

// TestParseDay: every way a day is written reads as the same day; a day the
// calendar lacks and a text that is not a day are told apart.
func TestParseDay(t *testing.T) {
	for _, tt := range []struct {
		in, want string // want "" with err
		err      error
	}{
		{"2027-03-01", "2027-03-01", nil},
		{" 2027/3/1 ", "2027-03-01", nil},
		{"2027.3.1", "2027-03-01", nil},
		{"2027年3月1日", "2027-03-01", nil},
		{"2027年3月1号", "2027-03-01", nil},
		{"2028-02-29", "2028-02-29", nil}, // 2028 is a leap year
		{"2027-02-29", "", ErrNoSuchDay},  // 2027 is not
		{"2027-13-01", "", ErrNoSuchDay},
		{"2027-04-31", "", ErrNoSuchDay}, // April has 30 days
		{"999-01-01", "", ErrDayFormat},  // four-digit years only
		{"2027-03", "", ErrDayFormat},
		{"tomorrow", "", ErrDayFormat},
	} {
		day, err := ParseDay(tt.in)
		got := ""
		if err == nil {
			got = day.Format("2006-01-02")
		}
		if got != tt.want || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
			t.Errorf("ParseDay(%q) = %s, %v; want %s, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}
