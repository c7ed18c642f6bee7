package renewal

import (
	"errors"
	"fmt"
	"time"

	"gpuadvisor/advisor"
)

// Date is a calendar day, without a time or a location. The zero Date is
// "no date".
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// ParseDate reads a day written as 2027-03-01, 2027/3/1, 2027.3.1 or
// 2027年3月1日.
func ParseDate(s string) (Date, error) {
	day, err := advisor.ParseDay(s)
	switch {
	case errors.Is(err, advisor.ErrNoSuchDay):
		return Date{}, fmt.Errorf("date %q: no such day", s)
	case err != nil:
		return Date{}, fmt.Errorf("date %q: write it as YYYY-MM-DD, for example 2027-03-01", s)
	}
	return Date{day.Year(), day.Month(), day.Day()}, nil
}

// DateOf is the calendar day of t in loc.
func DateOf(t time.Time, loc *time.Location) Date {
	y, m, d := t.In(loc).Date()
	return Date{y, m, d}
}

func daysIn(y int, m time.Month) int {
	return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// IsZero reports whether d is the zero Date.
func (d Date) IsZero() bool { return d == Date{} }

// String writes d as 2027-03-01 (empty for the zero Date).
func (d Date) String() string {
	if d.IsZero() {
		return ""
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day)
}

// MarshalText writes d as 2027-03-01.
func (d Date) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads 2027-03-01; empty text is the zero Date.
func (d *Date) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*d = Date{}
		return nil
	}
	v, err := ParseDate(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

func (d Date) utc() time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC) }

// AddDays returns the day n days after d (before it when n < 0).
func (d Date) AddDays(n int) Date {
	return DateOf(d.utc().AddDate(0, 0, n), time.UTC)
}

// AddMonths returns the same day n months later; a day past the end of the
// target month becomes its last day (Jan 31 + 1 month = Feb 28).
func (d Date) AddMonths(n int) Date {
	first := time.Date(d.Year, d.Month+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
	y, m, _ := first.Date()
	return Date{y, m, min(d.Day, daysIn(y, m))}
}

// DaysUntil is the number of days from d to e (negative when e is earlier).
func (d Date) DaysUntil(e Date) int {
	return int(e.utc().Sub(d.utc()).Hours() / 24)
}

// Before reports whether d is earlier than e.
func (d Date) Before(e Date) bool { return d.DaysUntil(e) > 0 }

// After reports whether d is later than e.
func (d Date) After(e Date) bool { return d.DaysUntil(e) < 0 }

// Start is the first instant of d in loc.
func (d Date) Start(loc *time.Location) time.Time {
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, loc)
}
