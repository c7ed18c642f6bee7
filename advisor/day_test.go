package advisor

import (
	"errors"
	"testing"
)

// TestParseDay: every way a day is written reads as the same day; a day the
// calendar lacks and a text that is not a day are told apart.
func TestParseDay(t *testing.T) {
	days := map[string]string{
		"2027-03-01":  "2027-03-01",
		" 2027/3/1 ":  "2027-03-01",
		"2027.3.1":    "2027-03-01",
		"2027年3月1日":   "2027-03-01",
		"2027年3月1号":   "2027-03-01",
		"2028-02-29":  "2028-02-29", // 2028 is a leap year
		"2027-3-1 ":   "2027-03-01",
		"2027-12-31":  "2027-12-31",
		"2027年12月31日": "2027-12-31",
	}
	for in, want := range days {
		if day, err := ParseDay(in); err != nil || day.Format("2006-01-02") != want {
			t.Errorf("ParseDay(%q) = %v, %v; want %s", in, day, err, want)
		}
	}
	bad := map[string]error{
		"2027-02-29": ErrNoSuchDay, // 2027 is not a leap year
		"2027-13-01": ErrNoSuchDay,
		"2027-04-31": ErrNoSuchDay, // April has 30 days
		"999-01-01":  ErrDayFormat, // four-digit years only
		"2027-03":    ErrDayFormat,
		"tomorrow":   ErrDayFormat,
	}
	for in, want := range bad {
		if day, err := ParseDay(in); !errors.Is(err, want) || !day.IsZero() {
			t.Errorf("ParseDay(%q) = %v, %v; want %v", in, day, err, want)
		}
	}
}
