package chat

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"gpuadvisor/advisor"
)

// Kind says how a value is read: which units and multipliers it accepts.
type Kind int

// The kinds of value a key may take.
const (
	Plain   Kind = iota // a bare number: 8, 0.5, 1.5万
	Money               // 35, 35元/时, ¥15,000, 1.5万, 15k, $2.1
	Hours               // 300, 300h, 300小时, 8h/天 is not accepted
	Count               // 7b, 70B, 2b tokens, 21000, 21k, 1.2m
	Tokens              // sequence lengths: 4k = 4096, 8192, 32k
	Percent             // 10%, 0.1, 10 (read as percent when > 1)
	Days                // 30d, 30天, 30, 2w (weeks), 3m is not accepted
	Minutes             // durations in minutes: 30m, 30min, 30分钟, 4h, 4小时, 1d
	Ratio               // multipliers: 2x, 2倍, 1.5
	GB                  // 80, 80g, 80gb, 1.5t, 1t = 1000 GB
	Months              // terms: 6, 6个月, 半年, 1年, 一年半, 2季度, 18 months, half a year
)

var (
	errNoNumber = errors.New("no number")
	errUnit     = errors.New("unit not accepted")
	// ErrTooLarge is ParseValue's error for a number too large to hold
	// (1e309, a paste of 400 digits): readers say so, not "unreadable".
	ErrTooLarge = errors.New("number too large")
	// ErrAmbiguous is ParseValue's error for a number that reads two ways
	// (15.000 is 15, or 15,000 with a European separator): it is never
	// guessed; ValueHint says how to write it.
	ErrAmbiguous = errors.New("number reads two ways")
)

type unit struct {
	name  string
	scale float64
}

// units lists, per kind, the suffixes accepted after the number (lower
// case), by Kind.
var units = [...][]unit{
	Plain: {{"", 1}},
	Money: {{"", 1}, {"元", 1}, {"rmb", 1}, {"cny", 1}, {"usd", 1}, {"$", 1}, {"k", 1e3}, {"w", 1e4},
		{"美元", 1}, {"美金", 1}, {"人民币", 1}, {"eur", 1}, {"欧元", 1}, {"€", 1},
		{"元/时", 1}, {"元/小时", 1}, {"元每小时", 1}, {"/时", 1}, {"/小时", 1}, {"/h", 1}, {"/hr", 1}, {"/hour", 1}, {"元/h", 1}, {"/卡时", 1}, {"元/卡时", 1}, {"元/卡/时", 1}, {"元/卡/小时", 1},
		{"/卡/时", 1}, {"/卡/小时", 1}, {"/卡/h", 1}, {"元/卡/h", 1}, {"/gpu/h", 1}, {"/gpu/hr", 1}, {"/gpu/hour", 1}, {"/card/h", 1}, {"/card/hr", 1}, {"/card/hour", 1}, {"/gpu-hour", 1}, {"/card-hour", 1}, {"/gpu-hr", 1},
		{"元/月", 1}, {"/月", 1}, {"/mo", 1}, {"/month", 1}, {"元/卡/月", 1}, {"/卡/月", 1}, {"k/月", 1e3}, {"w/月", 1e4},
		{"/gpu/mo", 1}, {"/gpu/month", 1}, {"/card/mo", 1}, {"/card/month", 1}, {"/gpu-month", 1}, {"/card-month", 1},
		{"元/gb", 1}, {"/gb", 1}, {"元/g", 1}, {"/g", 1}, {"元/gb/月", 1}, {"/gb/月", 1}, {"/gb/mo", 1},
		{"元/年", 1}, {"/年", 1}, {"/yr", 1}, {"/year", 1}, {"元/卡/年", 1}, {"/卡/年", 1},
		{"元/hr", 1}, {"元/hour", 1}, {"元/mo", 1}, {"元/month", 1}, {"元/gpu/h", 1}, {"元/gpu/hr", 1}, {"元/gpu/hour", 1}, {"元/gpu/month", 1}, {"元/card/h", 1},
		// the card after the period, as invoices write it: 4800/月/卡, 35元/小时/卡, $2/h/gpu
		{"元/月/卡", 1}, {"/月/卡", 1}, {"元/张/月", 1}, {"/张/月", 1}, {"元/月/张", 1}, {"/月/张", 1}, {"元/年/卡", 1}, {"/年/卡", 1},
		{"元/时/卡", 1}, {"/时/卡", 1}, {"元/小时/卡", 1}, {"/小时/卡", 1}, {"元/张/时", 1}, {"/张/时", 1}, {"元/h/卡", 1}, {"/h/卡", 1},
		{"/h/gpu", 1}, {"/hr/gpu", 1}, {"/hour/gpu", 1}, {"/h/card", 1}, {"/hr/card", 1}, {"/hour/card", 1},
		{"/mo/gpu", 1}, {"/month/gpu", 1}, {"/mo/card", 1}, {"/month/card", 1}, {"/gpu/yr", 1}, {"/gpu/year", 1}},
	Hours: {{"", 1}, {"h", 1}, {"hr", 1}, {"hrs", 1}, {"hour", 1}, {"hours", 1}, {"小时", 1}, {"时", 1}, {"个小时", 1}, {"个钟", 1}, {"个钟头", 1},
		{"h/月", 1}, {"小时/月", 1}, {"h/mo", 1}, {"hrs/mo", 1}, {"/月", 1}},
	Count: {{"", 1}, {"k", 1e3}, {"m", 1e6}, {"b", 1e9}, {"t", 1e12}, {"g", 1e9}, {"亿", 1}, {"个", 1},
		{"thousand", 1e3}, {"million", 1e6}, {"mn", 1e6}, {"billion", 1e9}, {"bn", 1e9}, {"trillion", 1e12}, {"tokens", 1}, {"tok", 1}, {"k tokens", 1e3}, {"b tokens", 1e9}, {"/s", 1}, {"tokens/s", 1}, {"tok/s", 1}, {"k/s", 1e3}},
	Tokens:  {{"", 1}, {"k", 1024}, {"m", 1 << 20}, {"tokens", 1}, {"k tokens", 1024}},
	Percent: {{"", 1}, {"%", 1}, {"percent", 1}, {"per cent", 1}, {"pct", 1}},
	Days: {{"", 1}, {"d", 1}, {"day", 1}, {"days", 1}, {"天", 1}, {"日", 1}, {"w", 7}, {"wk", 7}, {"week", 7}, {"weeks", 7}, {"周", 7}, {"星期", 7},
		{"mo", 30}, {"month", 30}, {"months", 30}, {"个月", 30}, {"月", 30}}, // a month of notice is read as 30 days
	Minutes: {{"", 1}, {"m", 1}, {"min", 1}, {"mins", 1}, {"minute", 1}, {"minutes", 1}, {"分钟", 1}, {"分", 1},
		{"h", 60}, {"hr", 60}, {"hrs", 60}, {"hour", 60}, {"hours", 60}, {"小时", 60}, {"个小时", 60}, {"d", 1440}, {"天", 1440}, {"s", 1.0 / 60}, {"秒", 1.0 / 60}},
	Ratio: {{"", 1}, {"x", 1}, {"倍", 1}, {"×", 1}},
	GB:    {{"", 1}, {"g", 1}, {"gb", 1}, {"t", 1000}, {"tb", 1000}, {"m", 0.001}, {"mb", 0.001}},
	Months: {{"", 1}, {"m", 1}, {"mo", 1}, {"mon", 1}, {"month", 1}, {"months", 1}, {"个月", 1}, {"月", 1},
		{"q", 3}, {"quarter", 3}, {"quarters", 3}, {"季", 3}, {"季度", 3}, {"个季度", 3},
		{"y", 12}, {"yr", 12}, {"yrs", 12}, {"year", 12}, {"years", 12}, {"年", 12},
		{"年半", 12}, {"个半月", 1}}, // 一年半 and 一个半月 add the half below (spokenMonths)
}

// ParseValue reads a number as people type it for the given kind: currency
// signs, thousands separators, 万/千/亿, k/m/b suffixes, units such as 元/时 or
// 小时, full-width digits (after Normalize). It returns the value in the kind's
// base unit (yuan, hours, count, tokens, percent, days, minutes, ratio, GB).
func ParseValue(s string, kind Kind) (float64, error) {
	s = strings.ToLower(strings.TrimSpace(Normalize(s)))
	for _, p := range []string{"¥", "￥", "us$", "$", "€", "rmb", "cny", "usd", "eur"} {
		s = strings.TrimPrefix(s, p)
	}
	s = strings.TrimSpace(about(s))
	if kind == Hours {
		if h, _, ok := perDay(s); ok {
			return h, nil
		}
		if h, _, ok := perWeek(s); ok {
			return h, nil
		}
		s = perCardMonth(s)
	}
	if kind == Money {
		s = spokenPrice(s)
	}
	if kind == Months {
		if m, ok := spokenMonths(s); ok {
			return m, nil
		}
	}
	if kind == Days {
		s = inAdvance(s)
	}
	v, rest, err := leadingNumber(s)
	if err != nil {
		return 0, err
	}
	if kind < 0 || int(kind) >= len(units) {
		return 0, errUnit
	}
	if kind == Months && v >= 0 && strings.HasPrefix(rest, "年") && rest != "年" && rest != "年半" {
		// 1年3个月, 一年零三个月: years, then months
		r := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(rest, "年"), "零"))
		if m, mrest, err := leadingNumber(r); err == nil && m >= 0 && m < 12 && (mrest == "个月" || mrest == "月") {
			return v*12 + m, nil
		}
		return 0, errUnit
	}
	for _, u := range units[kind] {
		if rest == u.name {
			switch {
			case kind != Months:
			case u.name == "年半": // 一年半 is 18 months
				return v*u.scale + 6, nil
			case u.name == "个半月": // 一个半月 is 1.5 months
				return v + 0.5, nil
			}
			return v * u.scale, nil
		}
	}
	return 0, errUnit
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

// Zhe reads a discount written as 折, the tenths of the price paid: 9折
// and 九折 pay 90%, 85折, 8.5折, 八五折 and 八点五折 85%, 打九五折 95%
// (打 is "apply"; two Chinese digits in a row are the tenths and
// hundredths). paid is the share paid, in (0, 1]; ok is false when s is
// not a 折.
func Zhe(s string) (paid float64, ok bool) {
	s = strings.TrimSpace(Normalize(s))
	s = strings.TrimSpace(strings.TrimPrefix(s, "打"))
	body, cut := strings.CutSuffix(s, "折")
	if !cut {
		return 0, false
	}
	body = strings.TrimSpace(body)
	// 八五 and 九五 are digit strings: 85, 95
	if digits := []rune(body); len(digits) == 2 {
		if a, okA := cjkDigit(digits[0]); okA && a > 0 {
			if b, okB := cjkDigit(digits[1]); okB {
				body = strconv.Itoa(int(a*10 + b))
			}
		}
	}
	v, rest, err := leadingNumber(body)
	if err != nil || rest != "" || v <= 0 || v >= 100 {
		return 0, false
	}
	if v <= 10 { // 9折, 8.5折, 10折 (the whole price)
		v *= 10
	}
	return v / 100, true
}

// PercentOff reads a discount written as a share taken off: 15% off, off
// 15%, 15%off, -15%, 减15%, 优惠15%, 便宜15%, 降价15%, 省15%, 折扣15%,
// 15 percent off. pct is the share off in percent; ok is false for any
// other text (a bare 15% is read by the key's kind, a 折 by Zhe).
func PercentOff(s string) (pct float64, ok bool) {
	s = strings.ToLower(strings.TrimSpace(Normalize(s)))
	body, off := "", false
	for _, w := range []string{"off", "折扣", "优惠", "让利", "降价", "减价", "便宜", "降", "减", "省", "-"} {
		if t, cut := strings.CutPrefix(s, w); cut {
			body, off = strings.TrimSpace(t), true
			break
		}
	}
	if !off {
		for _, w := range []string{"off", "discount", "的折扣", "折扣", "优惠"} {
			if t, cut := strings.CutSuffix(s, w); cut {
				body, off = strings.TrimSpace(t), true
				break
			}
		}
	}
	if !off {
		return 0, false
	}
	v, rest, err := leadingNumber(body)
	if err != nil || v <= 0 || v >= 100 {
		return 0, false
	}
	switch rest {
	case "%", "percent", "per cent", "pct":
		return v, true
	}
	return 0, false
}

// Discounted reads a price written with a discount after it (35打9折,
// 15000 85折, 35元/时(9折), 1.5万 15% off): the price and the share paid,
// in (0, 1). ok is false for any other text. The readers never take such a
// value as a price; ValueHint says the price paid.
func Discounted(s string) (price, paid float64, ok bool) {
	s = strings.ToLower(strings.TrimSpace(Normalize(s)))
	for _, p := range []string{"¥", "￥", "$"} {
		s = strings.TrimPrefix(s, p)
	}
	v, rest, err := leadingNumber(spokenPrice(s))
	if err != nil || v <= 0 || rest == "" {
		return 0, 0, false
	}
	unit := ""
	for _, u := range units[Money] { // the longest unit the rest starts with: 元/时 before 元
		if u.name != "" && strings.HasPrefix(rest, u.name) && len(u.name) > len(unit) {
			unit = u.name
		}
	}
	for _, u := range units[Money] {
		if u.name == unit {
			v *= u.scale
		}
	}
	d := strings.Trim(strings.TrimSpace(rest[len(unit):]), "()（）,，;； ")
	if d == "" {
		return 0, 0, false
	}
	if z, isZhe := Zhe(d); isZhe && z < 1 {
		return v, z, true
	}
	if pct, isOff := PercentOff(d); isOff {
		return v, 1 - pct/100, true
	}
	return 0, 0, false
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

// thousands reports whether s is digits grouped by commas in threes: 15,000 or 1,234.5.
func thousands(s string) bool {
	intPart := s
	if j := strings.IndexByte(s, '.'); j >= 0 {
		intPart = s[:j]
		if strings.Contains(s[j:], ",") {
			return false
		}
	}
	groups := strings.Split(intPart, ",")
	if len(groups[0]) == 0 || len(groups[0]) > 3 {
		return false
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return false
		}
	}
	return true
}

// leadingNumber reads the number at the start of s and returns the rest (the
// unit). It reads digits with thousands separators (15,000), Chinese
// multipliers (1.5万, 3千), a digit after a multiplier as the next place
// (1万5 = 15,000, 3千2 = 3,200), other digits after one as an addend
// (1万2000 = 12,000), and Chinese numerals (一万五, 两千, 三十五).
func leadingNumber(s string) (float64, string, error) {
	if v, rest, ok := cjkNumber(s); ok {
		return v, strings.TrimSpace(rest), nil
	}
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	start := i
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' || s[i] == ',') {
		i++
	}
	num := s[:i]
	if i == start {
		return 0, "", errNoNumber
	}
	if strings.Contains(num, ",") {
		if !thousands(num[start:]) {
			return 0, "", errNoNumber
		}
		num = strings.ReplaceAll(num, ",", "")
	}
	switch dotted(num[start:]) {
	case 2: // 15.000.000: dots between groups of three, as much of Europe writes
		num = strings.ReplaceAll(num, ".", "")
	case 1: // 15.000, 1.500: fifteen, or fifteen thousand written the European way
		return 0, "", ErrAmbiguous
	}
	// an exponent, as machines and papers write counts: 1e9, 2.5E+10
	if j := exponent(s, i); j > i && !strings.Contains(s[start:i], ",") {
		num, i = s[:j], j
	}
	v, err := strconv.ParseFloat(num, 64)
	switch {
	case math.IsInf(v, 0):
		return 0, "", ErrTooLarge
	case err != nil || math.IsNaN(v):
		return 0, "", errNoNumber
	}
	rest := strings.TrimSpace(s[i:])
	// Chinese multipliers are never ambiguous.
	mult := 0.0
	joined := false // a digit right after the multiplier (1万5), not after a space (1.5万 15% off)
	for _, m := range cjkMultipliers {
		if strings.HasPrefix(rest, m.p) {
			mult = m.f
			v *= m.f
			after := strings.TrimPrefix(rest, m.p)
			joined = after != "" && after[0] >= '0' && after[0] <= '9'
			rest = strings.TrimSpace(after)
			break
		}
	}
	if mult > 0 && joined {
		// 1万5, 1万5千, 1万2000
		j := 0
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		d, _ := strconv.ParseFloat(rest[:j], 64)
		after := strings.TrimSpace(rest[j:])
		small := 0.0
		for _, m := range cjkMultipliers {
			if m.f < mult && strings.HasPrefix(after, m.p) {
				small = m.f
				after = strings.TrimSpace(strings.TrimPrefix(after, m.p))
				break
			}
		}
		switch {
		case small > 0:
			d *= small
		case j == 1:
			d *= mult / 10 // the next place: 1万5 is 1.5万
		}
		if d >= mult || v < 0 {
			return 0, "", errNoNumber
		}
		v += d
		rest = after
	}
	return v, rest, nil
}

// dotted reports how s (digits and dots) reads with dots between groups of
// three: 2 when it can only be that (15.000.000), 1 when it may be that or a
// fraction (15.000, 1.500: one dot, three digits after it ending in 00, no
// leading zero), 0 otherwise (35.5, 0.125, 1.125).
func dotted(s string) int {
	groups := strings.Split(s, ".")
	if len(groups) < 2 || len(groups[0]) == 0 || len(groups[0]) > 3 || groups[0][0] == '0' {
		return 0
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return 0
		}
	}
	if len(groups) > 2 {
		return 2
	}
	if strings.HasSuffix(groups[1], "00") {
		return 1
	}
	return 0
}

// exponent is where an exponent after the digits ending at i ends (e9,
// E+10, e-3), i when there is none: an e must be followed by digits.
func exponent(s string, i int) int {
	if i >= len(s) || s[i] != 'e' && s[i] != 'E' {
		return i
	}
	j := i + 1
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	k := j
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	if k == j {
		return i
	}
	return k
}

var cjkMultipliers = []struct {
	p string
	f float64
}{{"亿", 1e8}, {"万", 1e4}, {"千", 1e3}, {"百", 1e2}}

// cjkDigit is the value of a Chinese digit; ok is false for another rune.
func cjkDigit(r rune) (v float64, ok bool) {
	switch r {
	case '零', '〇':
		return 0, true
	case '一':
		return 1, true
	case '二', '两':
		return 2, true
	case '三':
		return 3, true
	case '四':
		return 4, true
	case '五':
		return 5, true
	case '六':
		return 6, true
	case '七':
		return 7, true
	case '八':
		return 8, true
	case '九':
		return 9, true
	}
	return 0, false
}

// cjkUnit is the value of a Chinese place unit (十 百 千 万 亿); ok is
// false for another rune.
func cjkUnit(r rune) (v float64, ok bool) {
	switch r {
	case '十':
		return 10, true
	case '百':
		return 100, true
	case '千':
		return 1e3, true
	case '万':
		return 1e4, true
	case '亿':
		return 1e8, true
	}
	return 0, false
}

// cjkNumber reads a Chinese numeral at the start of s: 一万五 (15,000: a digit
// after the last unit is the next place down), 两千, 三十五, 十二. ok is false
// when s does not start with one.
func cjkNumber(s string) (v float64, rest string, ok bool) {
	if first, _ := utf8.DecodeRuneInString(s); first != '十' {
		if _, isDigit := cjkDigit(first); !isDigit {
			return 0, s, false
		}
	}
	var total, section, digit float64
	lastUnit := 0.0
	hasDigit := false
	zero := false // the digit just read is 零: 一万零五 is 10,005
	n := 0
	for i, r := range s {
		if d, isDigit := cjkDigit(r); isDigit {
			if hasDigit && !zero {
				// two digits with no place between (八五, 三五, 两三百):
				// a digit string, a range (三五天 is 3 to 5 days) or 8.5
				// (八五折); never the last digit alone
				return 0, s, false
			}
			digit, hasDigit, zero = d, true, d == 0
			n++
			continue
		}
		if r == '点' && n > 0 {
			return cjkDecimal(total+section+digit, s[i+len("点"):])
		}
		u, isUnit := cjkUnit(r)
		if !isUnit {
			rest = s[i:]
			break
		}
		zero = false
		n++
		if u >= 1e4 {
			section = (section + digit) * u
			total += section
			section, digit, hasDigit = 0, 0, false
		} else {
			if !hasDigit {
				digit = 1 // 十二 is 12
			}
			section += digit * u
			digit, hasDigit = 0, false
		}
		lastUnit = u
		rest = ""
	}
	if n == 0 {
		return 0, s, false
	}
	if n == len([]rune(s)) {
		rest = ""
	}
	if hasDigit && lastUnit >= 10 {
		digit *= lastUnit / 10 // 一万五 is 15,000; 三百五 is 350
	}
	return total + section + digit, rest, true
}

// cjkDecimal is the number whose whole part is whole and whose decimals are
// the Chinese digits at the start of s (三十五点五 is 35.5, 八点五 8.5), a
// place after them multiplying it all (一点五万 is 15,000): ok is false when
// no digit follows 点.
func cjkDecimal(whole float64, s string) (v float64, rest string, ok bool) {
	frac, scale := 0.0, 0.1
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		d, isDigit := cjkDigit(r)
		if !isDigit {
			break
		}
		frac += d * scale
		scale /= 10
		i += size
	}
	if i == 0 {
		return 0, s, false
	}
	v = whole + frac
	if r, size := utf8.DecodeRuneInString(s[i:]); size > 0 {
		if u, isUnit := cjkUnit(r); isUnit && u >= 100 {
			v *= u
			i += size
		}
	}
	return v, s[i:], true
}

// perDay reads hours stated per day as hours per month: 每天8小时, 8h/day,
// 8小时/天, 8 hours a day (30 days), 工作日每天10小时, weekdays 10h/day (22
// working days). ok is false when s does not state hours per day.
func perDay(s string) (month, days float64, ok bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	days = 30
	switch strings.ReplaceAll(s, " ", "") {
	case "24/7", "24x7", "7x24", "24*7", "7*24", "24×7", "7×24", "全天", "全天候", "全天24小时", "每天24小时全天":
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
