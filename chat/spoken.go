package chat

// Values said in words: approximate numbers, prices with their period in
// words, terms in years and halves, notice given ahead.

import (
	"regexp"
	"strconv"
	"strings"

	"gpuadvisor/advisor"
)

// about is s without the words that make a number approximate (约300,
// 大约 35, 差不多300, ~300, 300~, 300左右, 三百来小时): the number is the
// one meant. A bound is not approximate: 300+, 300多, 至少300 and 300以上
// are left as they are, and refused (ValueHint says why).
func about(s string) string {
	for _, p := range []string{"大约", "大概", "大致", "差不多", "约莫", "约", "将近", "接近", "~", "≈",
		"about ", "approx. ", "approx ", "approximately ", "around ", "roughly ", "ca. "} {
		if t, ok := strings.CutPrefix(s, p); ok {
			s = strings.TrimSpace(t)
			break
		}
	}
	for _, p := range []string{"左右", "上下", "~", "≈"} { // 300~ and 300～ (after Normalize): about 300
		if t, ok := strings.CutSuffix(s, p); ok {
			return strings.TrimSpace(t)
		}
	}
	// 来 between a number and its unit is "about": 300来小时, 三百来个小时
	if i := strings.Index(s, "来"); i > 0 {
		if _, rest, err := leadingNumber(s[:i]); err == nil && rest == "" {
			return s[:i] + s[i+len("来"):]
		}
	}
	return s
}

// spokenPrice writes a price as people say it in the units the readers
// know: 35块一小时 is 35元/小时, 1.5万一个月 is 1.5万/月 (块 and 块钱 are 元;
// 一小时, 每小时, 一个月, 每年 and the like are the period after a slash).
//
// The period may come first (一小时35, 每月1.5万: the amount then the period),
// and invoices write the period with a middle dot (元/卡·时, 元/(卡·月)) or
// the currency before the slash (35rmb/hr, 2usd/h).
func spokenPrice(s string) string {
	if strings.ContainsAny(s, "·⋅•") {
		s = strings.NewReplacer("·", "/", "⋅", "/", "•", "/").Replace(s)
	}
	if i := strings.Index(s, "/("); i >= 0 && strings.HasSuffix(s, ")") { // 元/(卡·时): the unit in brackets
		s = s[:i+1] + s[i+2:len(s)-1]
	}
	if strings.ContainsAny(s, "rcue") {
		s = strings.NewReplacer("rmb/", "元/", "cny/", "元/", "usd/", "/", "eur/", "/").Replace(s)
	}
	if strings.ContainsAny(s, "块元") { // a plain 35 never compiles the regexp
		if m := yuanJiao.Get().FindStringSubmatch(s); m != nil { // 35块5, 两块五, 2元5角, 3块50: the digits after 块 are jiao and fen
			whole, _, err := leadingNumber(m[1])
			part, _, err2 := leadingNumber(m[3])
			// without 毛 or 角 what follows must be a price's period (两块五一个小时),
			// so that the 一 of 35块一小时 is the hour's, not a jiao
			period := m[4] != "" || m[5] == "" || strings.HasPrefix(m[5], "/") || strings.HasPrefix(m[5], "每") || strings.HasPrefix(m[5], "一")
			if err == nil && err2 == nil && period {
				if len(m[3]) == 2 && m[3][0] >= '0' && m[3][0] <= '9' {
					part /= 100 // 3块50, 3块05: fen
				} else {
					part /= 10
				}
				s = strconv.FormatFloat(whole+part, 'f', -1, 64) + "元" + m[5]
			}
		}
	}
	if !strings.ContainsAny(s, "块一每单") {
		return s
	}
	for _, p := range periodFirst {
		if t, cut := strings.CutPrefix(s, p[0]); cut && t != "" {
			if _, _, err := leadingNumber(strings.TrimSpace(spokenUnits.Get().Replace(t))); err == nil {
				s = strings.TrimSpace(t) + p[1]
				break
			}
		}
	}
	return spokenUnits.Get().Replace(s)
}

// yuanJiao is an amount said in yuan and jiao (35块5, 两块五, 2元5角, 1块2毛
// 一小时) or written with fen (3块50): the yuan, 块 or 元, the jiao (one
// digit) or the jiao and fen (two), 毛 or 角, the rest.
var yuanJiao = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^(\d+|[一二两三四五六七八九十百千]+)(块|元)([0-9]{1,2}|[一二两三四五六七八九])(毛|角)?(.*)$`)
}}

// periodFirst are the periods said before the amount (一小时35, 每月1.5万)
// and the unit they are after it, the longest first.
var periodFirst = [...][2]string{
	{"每张卡每小时", "/卡/小时"}, {"每卡每小时", "/卡/小时"}, {"单卡每小时", "/卡/小时"}, {"一张卡一小时", "/卡/小时"}, {"一张卡每小时", "/卡/小时"},
	{"每张卡每月", "/卡/月"}, {"每卡每月", "/卡/月"}, {"单卡每月", "/卡/月"}, {"一张卡一个月", "/卡/月"}, {"一张卡每月", "/卡/月"},
	{"一个小时", "/小时"}, {"每个小时", "/小时"}, {"一小时", "/小时"}, {"每小时", "/小时"},
	{"一个月", "/月"}, {"每个月", "/月"}, {"每月", "/月"}, {"一年", "/年"}, {"每年", "/年"},
}

var spokenUnits = advisor.Lazy[*strings.Replacer]{New: func() *strings.Replacer {
	return strings.NewReplacer(
		"块钱", "元", "块", "元",
		// per card and period in words (35元一张卡一小时), longest first
		"一张卡一个小时", "/卡/小时", "一张卡一小时", "/卡/小时", "一张卡每小时", "/卡/小时", "每张卡一小时", "/卡/小时", "一卡一小时", "/卡/小时",
		"一张卡一个月", "/卡/月", "一张卡每月", "/卡/月", "每张卡一个月", "/卡/月", "一卡一月", "/卡/月",
		// per card first (35元每卡时, 1.5万每卡每月): the longest spelling wins
		"每张卡每小时", "/卡/小时", "每卡每小时", "/卡/小时", "每卡每时", "/卡/时", "每卡时", "/卡时", "每卡小时", "/卡/小时",
		"每张卡每月", "/卡/月", "每卡每月", "/卡/月", "每卡月", "/卡/月",
		"一个小时", "/小时", "每个小时", "/小时", "一小时", "/小时", "每小时", "/小时", "每时", "/时",
		"一个月", "/月", "每个月", "/月", "一月", "/月", "每月", "/月",
		"一年", "/年", "每年", "/年",
	)
}}

// Within reads key's value without the words that make it a limit
// (30分钟内, 4小时以内, within 30 min, 不超过4小时), for a key that is a
// time limit itself (a response or a replacement within it): the limit is
// the value. Any other key keeps its words, and a bound there is refused.
func (a *Args) Within(key string) {
	if raw, ok := a.pairs[key]; ok {
		if w := within(strings.ToLower(strings.TrimSpace(Normalize(raw)))); w != strings.ToLower(strings.TrimSpace(Normalize(raw))) {
			a.pairs[key] = w
		}
	}
}

// within is a duration without the words that make it a limit.
func within(s string) string {
	for _, p := range []string{"within ", "不超过", "不超出", "最多", "至多", "max "} {
		if t, ok := strings.CutPrefix(s, p); ok {
			s = strings.TrimSpace(t)
			break
		}
	}
	for _, suf := range []string{"以内", "之内", "内", " max", " or less"} {
		if t, ok := strings.CutSuffix(s, suf); ok && t != "" {
			return strings.TrimSpace(t)
		}
	}
	return s
}

// spokenMonths reads a term said in words, in months: 半年 and half a year
// are 6, 半个月 0.5, a year or one year 12, two years 24, six months 6.
// ok is false for anything else (a number is read by ParseValue).
func spokenMonths(s string) (months float64, ok bool) {
	switch strings.Join(strings.Fields(strings.ReplaceAll(s, "-", " ")), " ") {
	case "半年", "半年期", "half a year", "half year", "a half year", "six months":
		return 6, true
	case "半个月", "半月", "half a month", "half month":
		return 0.5, true
	case "a year", "one year", "a full year", "一整年", "整年", "全年":
		return 12, true
	case "a month", "one month", "一整月", "整月":
		return 1, true
	case "a quarter", "one quarter":
		return 3, true
	case "two years":
		return 24, true
	case "three years":
		return 36, true
	case "two months":
		return 2, true
	case "three months":
		return 3, true
	}
	return 0, false
}

// inAdvance is a period of notice without the words that say it is given
// ahead (提前30天, 30天前, 提前一个月, 30 days before, 30 days in advance,
// 30 days' notice): the period is the same.
func inAdvance(s string) string {
	if t, ok := strings.CutPrefix(s, "提前"); ok {
		s = strings.TrimSpace(t)
	}
	for _, suf := range []string{"之前", "以前", "前", " before", " in advance", " ahead", "'s notice", "' notice", " notice", "通知"} {
		if t, ok := strings.CutSuffix(s, suf); ok && t != "" {
			s = strings.TrimSpace(t)
			break
		}
	}
	if strings.HasSuffix(s, "days'") { // 30 days' (notice taken off above)
		s = strings.TrimSuffix(s, "'")
	}
	return s
}
