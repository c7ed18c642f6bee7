package advisor

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// The errors of ParseDay: the text is not a day, or names one the calendar
// does not have (2027-02-30).
var (
	ErrDayFormat = errors.New("not a day written YYYY-MM-DD")
	ErrNoSuchDay = errors.New("no such day")
)

// ParseDay reads a calendar day written 2027-03-01, 2027/3/1, 2027.3.1 or
// 2027年3月1日 (or 1号), at midnight UTC: the one date reader of the
// renewal dates and of every command's date values.
func ParseDay(s string) (time.Time, error) {
	t := strings.NewReplacer("年", "-", "月", "-", "日", "", "号", "", "/", "-", ".", "-").Replace(strings.TrimSpace(s))
	var y, m, d int
	var rest string
	if n, _ := fmt.Sscanf(t, "%d-%d-%d%s", &y, &m, &d, &rest); n != 3 || y < 1000 || y > 9999 {
		return time.Time{}, ErrDayFormat
	}
	day := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if day.Year() != y || day.Month() != time.Month(m) || day.Day() != d {
		return time.Time{}, ErrNoSuchDay
	}
	return day, nil
}
