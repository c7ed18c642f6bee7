package chat

import (
	"errors"
	"math"
	"strconv"
	"strings"
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
	if kind == Minutes {
		if h, ok := spokenHours(s); ok { // 半小时, 一刻钟, half an hour
			return h * 60, nil
		}
	}
	v, rest, err := leadingNumber(s)
	if err != nil {
		return 0, err
	}
	if kind == Money && len(rest) > 1 && (rest[0] == 'k' || rest[0] == 'w') && rest[1] == '/' { // 15k/mo, 1.5w/month
		if rest[0] == 'k' {
			v *= 1e3
		} else {
			v *= 1e4
		}
		rest = rest[1:]
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
