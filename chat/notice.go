package chat

import "strings"

// monthUnits end a value given in calendar months (Days keys read a month
// as 30 days; DaysOrMonths tells the two apart).
var monthUnits = []string{"个月", "月", "months", "month", "mo"}

// DaysOrMonths reads an optional period of a Days key within [0, maxDays]
// days: in days or weeks (30d, 30天, 4w, 4周) it is days with months 0; in
// calendar months (1个月, 一个月, 2 months, 1mo) months is how many, and
// days is 30 a month, for what compares lengths. A notice given in months
// is counted back in months from its day: 30 days a month would put a
// deadline after the contract's whenever the month before has 31 days.
// Both are 0 when key is absent.
func (a *Args) DaysOrMonths(key string, maxDays int) (days, months int, err error) {
	raw, ok := a.Raw(key)
	if !ok {
		return 0, 0, nil
	}
	if days, err = a.parseInt(key, raw, 0, maxDays); err != nil {
		return 0, 0, err
	}
	s := inAdvance(strings.ToLower(strings.TrimSpace(Normalize(raw))))
	for _, u := range monthUnits {
		if strings.HasSuffix(s, u) {
			return days, days / 30, nil
		}
	}
	return days, 0, nil
}
