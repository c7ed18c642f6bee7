package chat

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"gpuadvisor/advisor"
)

// A day is what a renewal or a price keeps; a time of day written after it
// (2027-03-01 09:00, 2027/3/1 上午, 2027-03-01T00:00:00+08:00, as calendars
// and systems export them) is read for its day and dropped. With a time
// zone the day is the one in China (UTC+8), where the reminders count days:
// a +08:00 time is the day written; a UTC or other zone's time is read when
// it is that same day in China, and refused, naming both days, when it is
// not (2027-02-28T16:00:00Z is 3月1日 midnight in China).

// chinaZone is the zone a day is counted in (the reminders' default,
// Asia/Shanghai, which has kept UTC+8 without daylight saving since 1991).
var chinaZone = time.FixedZone("UTC+8", 8*3600)

// datePrefix is a day written year first (2027-03-01, 2027/3/1, 2027.3.1,
// 2027年3月1日) and what follows it.
var datePrefix = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*[日号]?(.*)$`)
}}

// timeOfDay is a time of day after a day: an optional T, a part of the day
// (上午, 下午, 晚上…), a clock time (09:00, 9:00:00.000, 9点, 9点半, 9时,
// 9am) and a zone (Z, UTC, GMT, +08:00, +0800, +8, UTC+8, 北京时间, CST).
// The groups: part of day, hour, minute, second, 点/时 with its minutes,
// am/pm, zone.
var timeOfDay = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^t?\s*(上午|下午|早上|早晨|晚上|中午|凌晨|傍晚|夜里|晚)?\s*` +
		`(?:(\d{1,2})(?::(\d{2})(?::(\d{2})(?:\.\d+)?)?|\s*(?:点|时)(?:\s*(\d{1,2})\s*分?|半)?(?:钟)?)?\s*(am|pm|a\.m\.|p\.m\.)?)?\s*` +
		`(z|utc|gmt|(?:utc|gmt)?\s*[+-]\d{1,2}(?::?\d{2})?|北京时间|cst)?$`)
}}

// dayOfTime splits a day with a time of day after it (normalized, lower
// case) into the day as ParseDay reads it and, when a zone puts the moment
// on another day in China, that day as YYYY-MM-DD (other). ok is false when
// s is not a day followed by a time of day.
func dayOfTime(s string) (day, other string, ok bool) {
	s = strings.ToLower(s)
	m := datePrefix.Get().FindStringSubmatch(s)
	if m == nil {
		return "", "", false
	}
	tail := strings.TrimSpace(m[4])
	if tail == "" {
		return "", "", false
	}
	t := timeOfDay.Get().FindStringSubmatch(tail)
	if t == nil || strings.TrimSpace(strings.TrimPrefix(tail, "t")) == "" {
		return "", "", false
	}
	day = m[1] + "-" + m[2] + "-" + m[3]
	hour, _ := strconv.Atoi(t[2])
	minute, _ := strconv.Atoi(t[3] + t[5])
	if second, _ := strconv.Atoi(t[4]); hour > 24 || minute > 59 || second > 60 || hour == 24 && minute+second > 0 {
		return "", "", false // 25:00 is no time: the value is not a day
	}
	zone := strings.ReplaceAll(t[7], " ", "")
	switch zone {
	case "", "北京时间", "cst", "+08:00", "+0800", "+08", "+8", "utc+8", "utc+08:00", "utc+08", "gmt+8", "gmt+08:00":
		return day, "", true // no zone (the clock of the one who wrote it), or China's
	}
	y, _ := strconv.Atoi(m[1])
	mo, _ := strconv.Atoi(m[2])
	d, _ := strconv.Atoi(m[3])
	switch {
	case t[6] == "pm" || t[6] == "p.m." || t[1] == "下午" || t[1] == "晚上" || t[1] == "傍晚" || t[1] == "晚" || t[1] == "夜里":
		if hour < 12 {
			hour += 12
		}
	case (t[6] == "am" || t[6] == "a.m.") && hour == 12:
		hour = 0
	}
	offset, known := zoneOffset(zone)
	if !known {
		return day, "", true // the day is read; a zone it cannot place never moves it
	}
	at := time.Date(y, time.Month(mo), d, hour, minute, 0, 0, time.FixedZone(zone, offset))
	if at.Day() != d || at.Month() != time.Month(mo) { // a day the calendar lacks: ParseDay says so
		return day, "", true
	}
	if china := at.In(chinaZone).Format("2006-01-02"); china != at.Format("2006-01-02") {
		return day, china, true
	}
	return day, "", true
}

// zoneOffset is the offset in seconds east of UTC of a zone as dayOfTime
// reads it (z, utc, gmt, +05:30, -0700, +9, utc-5); known is false for
// another text.
func zoneOffset(zone string) (offset int, known bool) {
	z := strings.TrimPrefix(strings.TrimPrefix(zone, "utc"), "gmt")
	if z == "" || z == "z" {
		return 0, true
	}
	sign := 1
	switch z[0] {
	case '+':
	case '-':
		sign = -1
	default:
		return 0, false
	}
	z = strings.ReplaceAll(z[1:], ":", "")
	var h, m int
	switch len(z) {
	case 1, 2:
		h, _ = strconv.Atoi(z)
	case 4:
		h, _ = strconv.Atoi(z[:2])
		m, _ = strconv.Atoi(z[2:])
	default:
		return 0, false
	}
	if h > 14 || m > 59 {
		return 0, false
	}
	return sign * (h*3600 + m*60), true
}

// timeWord reports whether a word typed after a day with a space is a
// time of day (09:00, 上午, 下午3点, 9am, 00:00:00+08:00), so that the two
// are read as one value (withUnits).
func timeWord(w string) bool {
	w = strings.ToLower(strings.TrimSpace(Normalize(w)))
	if w == "" || w == "t" || strings.Trim(w, "0123456789") == "" { // 2027 3 1 is a day split by spaces
		return false
	}
	return timeOfDay.Get().MatchString(w)
}

// dayValue reports whether a value is a day written year first and
// nothing after it (2027-03-01, 2027/3/1, 2027年3月1日).
func dayValue(v string) bool {
	if v == "" || v[0] < '0' || v[0] > '9' { // every such day starts with its year: no pattern for the rest
		return false
	}
	m := datePrefix.Get().FindStringSubmatch(v)
	return m != nil && strings.TrimSpace(m[4]) == ""
}
