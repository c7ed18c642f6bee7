package chat

import "strings"

// Period is what a price is per, as its unit says: 35元/时 is per hour,
// 1.5万/月 per month, 0.8元/GB per GB. A bare amount has NoPeriod.
type Period string

// The periods a Money value's unit can name.
const (
	NoPeriod Period = ""
	PerHour  Period = "hour"
	PerMonth Period = "month"
	PerYear  Period = "year"
	PerGB    Period = "gb" // per GB, or per GB-month for storage
)

// PricePeriod reads the period a money value's unit names (after the number,
// currency signs and 万/k multipliers), so that a command can refuse a
// monthly price typed where an hourly one belongs. It does not check that
// the value parses; use ParseValue for that.
func PricePeriod(raw string) Period {
	s := spokenPrice(strings.ToLower(strings.TrimSpace(Normalize(raw))))
	i := strings.IndexByte(s, '/')
	unit := ""
	if i >= 0 {
		unit = s[i:]
	} else if j := strings.Index(s, "每"); j >= 0 {
		unit = "/" + s[j+len("每"):]
	}
	unit = strings.ReplaceAll(unit, " ", "")
	switch {
	case unit == "":
		return NoPeriod
	case strings.HasPrefix(unit, "/gb") || strings.HasPrefix(unit, "/g") && !strings.HasPrefix(unit, "/gpu"):
		return PerGB
	case hasAny(unit, "/年", "/yr", "/year"):
		return PerYear
	case hasAny(unit, "/月", "/mo", "/month", "-month"):
		return PerMonth
	case hasAny(unit, "时", "/h", "/hr", "/hour", "-hour", "-hr"):
		return PerHour
	}
	return NoPeriod
}

func hasAny(s string, subs ...string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}
