package chat

// Hours given per day, per week or with their own period, read as hours a
// month per card, and the words that say the conversion.

import (
	"fmt"
	"strings"

	"gpuadvisor/advisor"
)

// perDay reads hours stated per day as hours per month: 每天8小时, 8h/day,
// 8小时/天, 8 hours a day (30 days), 工作日每天10小时, weekdays 10h/day (22
// working days). ok is false when s does not state hours per day.
func perDay(s string) (month, days float64, ok bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	days = 30
	switch strings.ReplaceAll(s, " ", "") {
	case "24/7", "24x7", "7x24", "24*7", "7*24", "24×7", "7×24", "全天", "全天候", "全天24小时", "每天24小时全天",
		"一直跑", "一直在跑", "不停", "不停机", "不间断", "满负荷", "满载", "跑满", "满负荷运行", "7x24小时", "7×24小时",
		"alwayson", "always-on", "aroundtheclock", "roundtheclock", "nonstop", "non-stop":
		return 24 * days, days, true // round the clock: 24 h a day
	}
	for _, p := range []string{"工作日", "weekdays", "weekday", "workdays", "workday", "working days"} {
		if t, cut := strings.CutPrefix(s, p); cut {
			s, days = strings.TrimSpace(t), WorkDays
			break
		}
	}
	daily := days == WorkDays
	for _, p := range []string{"每天", "每日", "每一天", "一天", "1天", "daily", "per day", "a day"} {
		if t, cut := strings.CutPrefix(s, p); cut {
			s, daily = strings.TrimSpace(t), true
			break
		}
	}
	for _, verb := range []string{"跑", "用", "运行", "训练"} { // 每天跑8小时
		if t, cut := strings.CutPrefix(s, verb); cut {
			s = strings.TrimSpace(t)
			break
		}
	}
	for _, suf := range []string{"/天", "/日", "/day", "/d", "每天", "每日", " per day", " a day", "/workday", "/工作日", "/weekday"} {
		if t, cut := strings.CutSuffix(s, suf); cut {
			s, daily = strings.TrimSpace(t), true
			if strings.Contains(suf, "work") || strings.Contains(suf, "工作") || strings.Contains(suf, "week") {
				days = WorkDays
			}
			break
		}
	}
	if !daily {
		return 0, 0, false
	}
	v, rest, err := leadingNumber(s)
	if err != nil || v < 0 || v > 24 {
		return 0, 0, false
	}
	switch strings.TrimSpace(rest) {
	case "", "h", "hr", "hrs", "hour", "hours", "小时", "个小时", "时", "个钟", "个钟头", "钟头", "钟":
		return v * days, days, true
	}
	return 0, 0, false
}

// perWeek reads hours stated per week as hours per month in the advisor's
// 30-day month: 每周40小时, 40h/week, 40小时/周, 40 hours a week are
// 40 ÷ 7 × 30 = 171.43 h (so that a whole week, 168 h, is the 720 h month
// that 24/7 is). week is the hours a week; ok is false when s does not
// state hours per week.
func perWeek(s string) (month, week float64, ok bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	weekly := false
	for _, p := range []string{"每周", "每星期", "每个星期", "每礼拜", "一周", "一星期", "一个星期", "weekly", "per week", "a week"} {
		if t, cut := strings.CutPrefix(s, p); cut {
			s, weekly = strings.TrimSpace(t), true
			break
		}
	}
	for _, verb := range []string{"跑", "用", "运行", "训练"} { // 每周跑40小时
		if t, cut := strings.CutPrefix(s, verb); cut && weekly {
			s = strings.TrimSpace(t)
			break
		}
	}
	for _, suf := range []string{"/周", "/星期", "/week", "/wk", "/w", "每周", " per week", " a week", " weekly"} {
		if t, cut := strings.CutSuffix(s, suf); cut {
			s, weekly = strings.TrimSpace(t), true
			break
		}
	}
	if !weekly {
		return 0, 0, false
	}
	v, rest, err := leadingNumber(s)
	if err != nil || v < 0 || v > 7*24 {
		return 0, 0, false
	}
	switch strings.TrimSpace(rest) {
	case "", "h", "hr", "hrs", "hour", "hours", "小时", "个小时", "时", "个钟", "个钟头", "钟头", "钟":
		return v * MonthDays / 7, v, true
	}
	return 0, 0, false
}

// perCardMonth is hours written with the period they already are in, per
// card and per month, without those words: 每月300小时, 一个月300小时,
// 每卡300小时, 每卡每月300小时, 300小时/卡, 300h/卡/月, 300h/month, 300
// hours per card a month are 300 h. Any other text is returned as it is.
func perCardMonth(s string) string {
	for _, p := range []string{"每张卡每个月", "每张卡每月", "每卡每个月", "每卡每月", "单卡每月", "每张卡", "每卡", "单卡", "每个月", "每月", "一个月", "一月",
		"per card per month", "per card a month", "per gpu per month", "per month", "a month", "monthly"} {
		if t, cut := strings.CutPrefix(s, p); cut && t != "" && (t[0] >= '0' && t[0] <= '9' || t[0] == ' ') {
			s = strings.TrimSpace(t)
			break
		}
	}
	for _, suf := range []string{"/卡/月", "/张卡/月", "/卡/每月", "/卡", "/张", "/gpu/month", "/gpu/mo", "/card/month", "/card/mo", "/gpu", "/card", "/month", "/mo",
		" per card per month", " per card a month", " per gpu per month", " per card", " per gpu", " per month", " a month", "每卡", "每月"} {
		if t, cut := strings.CutSuffix(s, suf); cut && t != "" {
			return strings.TrimSpace(t)
		}
	}
	return s
}

// Days in the month that hours per day are multiplied by: 30 calendar days,
// or 22 working days when the text says 工作日 or weekdays.
const (
	MonthDays = 30
	WorkDays  = 22
)

// HoursPerDay explains a value given in hours per day ("8 h a day × 30 days
// = 240 h a month") or per week ("40 h a week ÷ 7 × 30 days = 171.43 h a
// month"), in lang; "" when raw is neither.
func HoursPerDay(lang Lang, raw string) string {
	s := strings.TrimSpace(Normalize(raw))
	if month, week, ok := perWeek(s); ok {
		return fmt.Sprintf(T(lang, "%s = %s h a week ÷ 7 × 30 days = %s h a month", "%s = 每周 %s 小时 ÷ 7 × 30 天 = 每月 %s 小时"), raw, advisor.Group(week), advisor.Group(month))
	}
	month, days, ok := perDay(s)
	if !ok {
		return ""
	}
	if days == WorkDays {
		return fmt.Sprintf(T(lang, "%s = %s h a day × 22 working days = %s h a month", "%s = 每天 %s 小时 × 22 个工作日 = 每月 %s 小时"), raw, advisor.Group(month/days), advisor.Group(month))
	}
	return fmt.Sprintf(T(lang, "%s = %s h a day × 30 days = %s h a month", "%s = 每天 %s 小时 × 30 天 = 每月 %s 小时"), raw, advisor.Group(month/days), advisor.Group(month))
}
