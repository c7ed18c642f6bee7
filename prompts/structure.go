package prompts

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"gpuadvisor/advisor"
)

// Grounding by structure (docs/drafting.md): a draft keeps its facts when
// every number comes back with the same unit in the same clause, when it
// weakens no commitment and when it neither adds nor drops a negation. The
// presence of a fact's text somewhere in the draft is not enough: "within 4
// hours" can survive in one clause while another says "within 4 days".

// quantity is a number with its unit: "4 h", "2 x", "¥ 15000", a date, a
// time of day, or a model name such as "a100-80g".
type quantity struct {
	num, unit string
}

func (q quantity) String() string {
	if q.unit == "" {
		return q.num
	}
	for _, cur := range []string{"hk$", "jp¥", "€", "¥", "$"} {
		if rate, ok := strings.CutPrefix(q.unit, cur); ok {
			return cur + q.num + rate // ¥35/card/h, ¥15000/mo
		}
	}
	return q.num + " " + q.unit
}

// placed is a quantity found in a text and the clause it belongs to ("" for
// none).
type placed struct {
	q      quantity
	clause string
	// start and end are the quantity's runes in the folded text without
	// list markers; part is set when its clause word is in the same part
	// of the sentence (between commas), not only in the sentence.
	start, end int
	part       bool
}

// clauseWords names the clauses whose numbers are tied to them, with the
// (folded) words that mark a clause in English and Chinese. The clause of a
// number is the one whose word is nearest to it within the same part of the
// sentence (between commas), else within the sentence.
var clauseWords = []struct {
	name  string
	label [2]string // en, zh
	words []string
}{
	{"response", [2]string{"response time", "响应时间"}, []string{"respon", "响应", "回应"}},
	{"replacement", [2]string{"replacement", "硬件更换"}, []string{"replac", "standby", "swap", "更换", "备用", "替换"}},
	{"outage", [2]string{"outage", "故障时长"}, []string{"outage", "unavailab", "downtime", "不可用", "停机", "宕机"}},
	{"compensation", [2]string{"compensation", "赔偿"}, []string{"compensat", "赔偿", "补偿"}},
}

func clauseLabel(lang, name string) string {
	for _, c := range clauseWords {
		if c.name == name {
			if lang == ZH {
				return c.label[1]
			}
			return c.label[0]
		}
	}
	return name
}

// units maps what follows a number (folded, longest first) to its unit.
// Business and working days are days: the qualifier check reports them.
var units = []struct{ word, unit string }{
	{"business hours", "h"}, {"working hours", "h"}, {"business days", "d"}, {"business day", "d"}, {"working days", "d"}, {"working day", "d"},
	{"个工作日", "d"}, {"工作日", "d"},
	{"minutes", "min"}, {"minute", "min"}, {"mins", "min"}, {"min", "min"}, {"分钟", "min"}, {"分", "min"},
	{"hours", "h"}, {"hour", "h"}, {"hrs", "h"}, {"hr", "h"}, {"h", "h"}, {"个小时", "h"}, {"小时", "h"}, {"个钟头", "h"}, {"钟头", "h"},
	{"days", "d"}, {"day", "d"}, {"天", "d"}, {"日", "d"},
	{"weeks", "w"}, {"week", "w"}, {"周", "w"}, {"星期", "w"},
	{"months", "mo"}, {"month", "mo"}, {"个月", "mo"}, {"月", "mo"},
	{"years", "y"}, {"year", "y"}, {"年", "y"},
	{"seconds", "s"}, {"second", "s"}, {"secs", "s"}, {"sec", "s"}, {"秒", "s"},
	{"times", "x"}, {"fold", "x"}, {"x", "x"}, {"倍", "x"},
	{"percent", "%"}, {"%", "%"}, {"成", "成"}, {"折", "折"},
	{"人民币", "¥"}, {"yuan", "¥"}, {"rmb", "¥"}, {"cny", "¥"}, {"元", "¥"}, {"块", "¥"},
	{"美元", "$"}, {"美金", "$"}, {"usd", "$"}, {"us dollars", "$"}, {"dollars", "$"}, {"dollar", "$"},
	{"日元", "jp¥"}, {"円", "jp¥"}, {"jpy", "jp¥"}, {"yen", "jp¥"}, {"欧元", "€"}, {"eur", "€"}, {"euros", "€"}, {"euro", "€"},
	{"港币", "hk$"}, {"港元", "hk$"}, {"hkd", "hk$"},
	{"gbps", "gbps"}, {"gb/s", "gb/s"}, {"gbit", "gbit"}, {"tbit", "tbit"}, {"mbit", "mbit"}, {"gb", "gb"}, {"tb", "tb"}, {"g", "g"}, {"t", "t"},
	{"张", "cards"}, {"cards", "cards"}, {"card", "cards"}, {"台", "hosts"},
}

// clauseUnits are the units of the numbers a clause commits to: times,
// multiples, shares and money. Dates, names and plain counts are checked as
// quantities but not tied to a clause.
func isClauseUnit(u string) bool {
	switch u {
	case "min", "h", "d", "w", "mo", "y", "s", "x", "%", "¥", "$", "jp¥", "€", "hk$":
		return true
	}
	return false
}

var (
	dateRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
		return regexp.MustCompile(`^(\d{4})\s*(?:-|/|\.|年)\s*(\d{1,2})\s*(?:-|/|\.|月)\s*(\d{1,2})(?:\s*日|号)?`)
	}}
	timeRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^\d{1,2}:\d{2}`) }}
	x24RE  = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^(?:7\s*x\s*24|24\s*[x/]\s*7)`) }} // 7x24, 24x7, 24/7
)

// quantities lists the quantities of s (list markers removed) with their
// clauses, in order. Numbers are read as values (scanNumbers): 3,000, 3千,
// 0.3万 and 三千 are 3000; 2027年6月1日 and 2027/06/01 are 2027-06-01.
func quantities(s string) []placed {
	rs := []rune(stripMarkers(s)) // folded: lower case, half-width
	kws := keywordsIn(rs)
	var out []placed
	pos := 0
	for _, tk := range scanNumbers(rs) {
		if tk.start < pos {
			continue // inside a date, a time or a name already read
		}
		i, start, end := tk.start, tk.start, tk.end
		var q quantity
		special := false
		if tk.digits {
			// a number glued to letters before it is part of a name (A100-80G, iperf3)
			if i > 0 && isASCIILetter(rs[i-1]) {
				j := i - 1
				for j > 0 && (isASCIILetter(rs[j-1]) || isDigitRune(rs[j-1])) {
					j--
				}
				e := nameEnd(rs, i)
				name, e := gpuName(rs, j, e)
				out = append(out, placed{q: quantity{num: name, unit: "name"}, start: j, end: e})
				pos = e
				continue
			}
			rest := string(rs[i:])
			switch {
			case dateRE.Get().MatchString(rest):
				m := dateRE.Get().FindStringSubmatch(rest)
				q, end, special = quantity{num: canonicalDate(m[1] + "-" + m[2] + "-" + m[3]), unit: "date"}, i+len([]rune(m[0])), true
			case timeRE.Get().MatchString(rest):
				m := timeRE.Get().FindString(rest)
				q, end, special = quantity{num: m, unit: "time"}, i+len([]rune(m)), true
			case x24RE.Get().MatchString(rest) && (start == 0 || !isDigitRune(rs[start-1])) && !isDigitRune(at(rs, i+len([]rune(x24RE.Get().FindString(rest))))):
				m := x24RE.Get().FindString(rest)
				q, end, special = quantity{num: "7x24"}, i+len([]rune(m)), true
				// "7x24小时" is still 7x24
				if u, n := unitAt(rs, end); u == "h" {
					end += n
				}
			}
		}
		if !special {
			q.num = tk.val
			switch u, k := unitAt(rs, end); {
			case tk.unit != "":
				q.unit = tk.unit
			case tk.pct:
				q.unit = "%"
			case tk.times:
				q.unit = "x"
			case u != "":
				q.unit, end = u, end+k
			case tk.digits && tk.end == numberEnd(rs, i) && end < len(rs) && isASCIILetter(rs[end]):
				// 7t83: a name
				e := nameEnd(rs, end)
				q, end = quantity{num: string(rs[i:e]), unit: "name"}, e
			}
			if cur := currencyBefore(rs, start); cur != "" {
				q.unit = cur
			}
			if q.unit == "" {
				q.unit = countNoun(rs, end) // 8 A100-80G cards, 8 nodes
			}
			if isMoneyUnit(q.unit) {
				// a price is per card or in total, per hour, month or year:
				// ¥35 per card-hour is not ¥35 per card per month, and
				// ¥15,000 per card per month is not ¥15,000 a month
				var n int
				q.unit, n = moneyRate(rs, start, end, q.unit)
				end += n
			}
		}
		p := placed{q: q, start: start, end: end}
		if isClauseUnit(unitFamily(q.unit)) {
			p.clause, p.part = nearestClause(rs, kws, start, end)
		}
		out = append(out, p)
		pos = end
	}
	return out
}

// gpuName writes a card's name one way: a100-80g for A100-80G, A100 80GB,
// A100-80GB and A100 80G (the memory joined to the model). It returns the
// name and where it ends.
func gpuName(rs []rune, start, end int) (string, int) {
	name := string(rs[start:end])
	if base, mem, ok := strings.Cut(name, "-"); ok && strings.HasSuffix(mem, "gb") && isDigitRune([]rune(mem)[0]) {
		return base + "-" + strings.TrimSuffix(mem, "b"), end // a100-80gb
	}
	if strings.Contains(name, "-") {
		return name, end
	}
	// a memory size after a space: "a100 80gb", "h100 80g"
	k := end
	if k < len(rs) && rs[k] == ' ' {
		k++
	}
	d := k
	for d < len(rs) && isDigitRune(rs[d]) {
		d++
	}
	if d == k || d == end {
		return name, end
	}
	switch {
	case strings.HasPrefix(string(rs[d:min(len(rs), d+2)]), "gb") && !isASCIILetter(at(rs, d+2)):
		return name + "-" + string(rs[k:d]) + "g", d + 2
	case at(rs, d) == 'g' && !isASCIILetter(at(rs, d+1)) && !isDigitRune(at(rs, d+1)):
		return name + "-" + string(rs[k:d]) + "g", d + 1
	}
	return name, end
}

// countNouns are what a plain count counts, after up to three words (8
// A100-80G cards, 8 H100 80GB cards, 8 台服务器): cards and hosts apart.
var countNouns = []struct{ word, unit string }{
	{"cards", "cards"}, {"card", "cards"}, {"gpus", "cards"}, {"gpu cards", "cards"}, {"张", "cards"}, {"块卡", "cards"}, {"卡", "cards"},
	{"nodes", "hosts"}, {"node", "hosts"}, {"servers", "hosts"}, {"server", "hosts"}, {"machines", "hosts"}, {"machine", "hosts"},
	{"hosts", "hosts"}, {"host", "hosts"}, {"节点", "hosts"}, {"台", "hosts"}, {"服务器", "hosts"}, {"机器", "hosts"}, {"主机", "hosts"},
}

// countNoun reads the noun a count counts, within three words after it
// and its part of the sentence; "" for none.
func countNoun(rs []rune, end int) string {
	words := 0
	for i := end; i < len(rs) && !isPartBreak(rs[i], rs, i); {
		if rs[i] == ' ' {
			i++
			continue
		}
		rest := string(rs[i:min(len(rs), i+10)])
		for _, n := range countNouns {
			if strings.HasPrefix(rest, n.word) && !isASCIILetter(at(rs, i+len([]rune(n.word)))) {
				return n.unit
			}
		}
		if words++; words > 3 {
			return ""
		}
		if !isASCIILetter(rs[i]) && !isDigitRune(rs[i]) {
			if rs[i] >= 0x80 { // one Chinese character is a word
				i++
				continue
			}
			return ""
		}
		for i < len(rs) && (isASCIILetter(rs[i]) || isDigitRune(rs[i]) || rs[i] == '-') {
			i++
		}
	}
	return ""
}

// isMoneyUnit: the currencies a price is read in; ¥ is the yuan (the
// bot's prices are in CNY), jp¥ the yen.
func isMoneyUnit(u string) bool {
	switch u {
	case "¥", "$", "jp¥", "€", "hk$":
		return true
	}
	return false
}

// unitFamily is a unit without its rate: ¥ for ¥/card/mo.
func unitFamily(u string) string {
	f, _, _ := strings.Cut(u, "/")
	return f
}

func isDigitRune(r rune) bool { return r >= '0' && r <= '9' }

// at is rs[i], or 0 past the end.
func at(rs []rune, i int) rune {
	if i < len(rs) {
		return rs[i]
	}
	return 0
}
func isASCIILetter(r rune) bool { return r >= 'a' && r <= 'z' }

func nameEnd(rs []rune, i int) int {
	for i < len(rs) && (isASCIILetter(rs[i]) || isDigitRune(rs[i]) || rs[i] == '-' && i+1 < len(rs) && (isASCIILetter(rs[i+1]) || isDigitRune(rs[i+1]))) {
		i++
	}
	return i
}

// numberEnd ends a number: digits, thousands groups of three, a decimal part.
func numberEnd(rs []rune, i int) int {
	dig := func(k int) bool { return k < len(rs) && isDigitRune(rs[k]) }
	for dig(i) {
		i++
	}
	for i < len(rs) && rs[i] == ',' && dig(i+1) && dig(i+2) && dig(i+3) && !dig(i+4) {
		i += 4
	}
	if i < len(rs) && rs[i] == '.' && dig(i+1) {
		i++
		for dig(i) {
			i++
		}
	}
	return i
}

// unitAt reads the unit after a number: optional spaces or a hyphen, then
// the longest unit word that is not the start of a longer English word.
func unitAt(rs []rune, i int) (string, int) {
	j := i
	for j < len(rs) && (rs[j] == ' ' || rs[j] == '-') && j-i < 2 {
		j++
	}
	rest := string(rs[j:min(len(rs), j+16)])
	for _, u := range units {
		if !strings.HasPrefix(rest, u.word) {
			continue
		}
		n := len([]rune(u.word))
		last := []rune(u.word)[n-1]
		if isASCIILetter(last) && j+n < len(rs) && (isASCIILetter(rs[j+n]) || isDigitRune(rs[j+n])) {
			continue // "4 hotels", "2 xeon", "8 h100"
		}
		return u.unit, j - i + n
	}
	return "", 0
}

// Rate words after a price ("¥35 per card-hour", "¥15,000 a month") and
// before one ("每卡每小时 ¥35"), longest first: whether the price is per
// card (card) and its period (h, mo, y; "" for none).
var (
	rateAfter = []struct {
		word   string
		card   bool
		period string
	}{
		{"per card per month", true, "mo"}, {"per card a month", true, "mo"}, {"per card-month", true, "mo"}, {"per card month", true, "mo"},
		{"per gpu per month", true, "mo"}, {"per gpu-month", true, "mo"}, {"per card per hour", true, "h"}, {"per card-hour", true, "h"},
		{"per card hour", true, "h"}, {"per gpu-hour", true, "h"}, {"per gpu hour", true, "h"}, {"per gpu per hour", true, "h"},
		{"per card per year", true, "y"}, {"per card a year", true, "y"}, {"per card", true, ""}, {"per gpu", true, ""}, {"a card", true, ""},
		{"each card", true, ""}, {"/card/month", true, "mo"}, {"/card/mo", true, "mo"}, {"/card/hour", true, "h"}, {"/card/h", true, "h"},
		{"/card-hour", true, "h"}, {"/gpu/month", true, "mo"}, {"/gpu/hour", true, "h"}, {"/card", true, ""}, {"/gpu", true, ""},
		{"/卡时", true, "h"}, {"/卡·时", true, "h"}, {"/卡·小时", true, "h"}, {"/卡月", true, "mo"}, {"/卡·月", true, "mo"}, {"/卡/月", true, "mo"}, {"/卡/时", true, "h"}, {"/卡/小时", true, "h"}, {"/卡/年", true, "y"}, {"/卡", true, ""},
		{"per month", false, "mo"}, {"a month", false, "mo"}, {"monthly", false, "mo"}, {"/month", false, "mo"}, {"/mo", false, "mo"},
		{"/月", false, "mo"}, {"每月", false, "mo"}, {"per hour", false, "h"}, {"an hour", false, "h"}, {"hourly", false, "h"},
		{"/hour", false, "h"}, {"/小时", false, "h"}, {"/时", false, "h"}, {"/h", false, "h"}, {"每小时", false, "h"},
		{"per year", false, "y"}, {"a year", false, "y"}, {"yearly", false, "y"}, {"annually", false, "y"}, {"per annum", false, "y"},
		{"/year", false, "y"}, {"/yr", false, "y"}, {"/年", false, "y"}, {"每年", false, "y"},
	}
	rateBefore = []struct{ word, period string }{
		{"每月", "mo"}, {"月租", "mo"}, {"包月", "mo"}, {"月付", "mo"}, {"每小时", "h"}, {"按小时", "h"}, {"每年", "y"}, {"年付", "y"}, {"包年", "y"},
	}
	cardBefore = []string{"每卡", "每张", "单卡", "每块卡", "每 gpu", "每gpu"}
)

// moneyRate writes the price at runes [start, end) in currency cur as
// cur/card/period ("¥/card/mo", "¥/mo", "$/card/h", "¥/card", "¥"), and
// says how many runes of rate words follow it.
func moneyRate(rs []rune, start, end int, cur string) (string, int) {
	card, period := false, ""
	n := 0
	next := func(j int) (int, bool) { // one rate phrase at j, after up to 2 spaces
		k := j
		for k < len(rs) && rs[k] == ' ' && k-j < 2 {
			k++
		}
		rest := string(rs[k:min(len(rs), k+24)])
		for _, r := range rateAfter {
			if strings.HasPrefix(rest, r.word) && !isASCIILetter(at(rs, k+len([]rune(r.word)))) {
				card = card || r.card
				if period == "" {
					period = r.period
				}
				return k - j + len([]rune(r.word)), true
			}
		}
		return 0, false
	}
	for range 2 { // "a month per card", "per card per month"
		k, ok := next(end + n)
		if !ok {
			break
		}
		n += k
	}
	k := start
	for k > 0 && (rs[k-1] == ' ' || rs[k-1] == '¥' || rs[k-1] == '￥' || rs[k-1] == '$') {
		k--
	}
	for k > 1 && string(rs[k-2:k]) == "us" {
		k -= 2
	}
	// the rate words in the 12 runes before, within the part ("全部卡每月合计
	// ¥120,000", "包月价格降低到每卡 ¥10,850")
	lo := max(0, k-12)
	for b := k - 1; b >= lo; b-- {
		if isPartBreak(rs[b], rs, b) {
			lo = b + 1
			break
		}
	}
	before := string(rs[lo:k])
	if period == "" {
		last := -1
		for _, r := range rateBefore {
			if i := strings.LastIndex(before, r.word); i > last {
				period, last = r.period, i
			}
		}
	}
	for _, w := range cardBefore {
		card = card || strings.Contains(before, w)
	}
	unit := cur
	if card {
		unit += "/card"
	}
	if period != "" {
		unit += "/" + period
	}
	return unit, n
}

// currencyBefore is the currency written just before the number: ¥ for ¥,
// ￥, rmb and cny, $ for $ and us$; "" for none.
func currencyBefore(rs []rune, i int) string {
	j := i - 1
	for j >= 0 && rs[j] == ' ' {
		j--
	}
	if j < 0 {
		return ""
	}
	switch rs[j] {
	case '¥', '￥':
		return "¥"
	case '€':
		return "€"
	case '$':
		if j >= 2 && string(rs[j-2:j]) == "hk" {
			return "hk$"
		}
		return "$"
	}
	switch string(rs[max(0, j-2) : j+1]) {
	case "rmb", "cny":
		return "¥"
	case "usd":
		return "$"
	case "jpy":
		return "jp¥"
	case "eur":
		return "€"
	case "hkd":
		return "hk$"
	}
	return ""
}

func canonicalDate(m string) string {
	p := strings.Split(m, "-")
	for k := 1; k < len(p); k++ {
		if len(p[k]) == 1 {
			p[k] = "0" + p[k]
		}
	}
	return strings.Join(p, "-")
}

// keyword is a clause word found at runes [start, end).
type keyword struct {
	start, end int
	clause     string
}

func keywordsIn(rs []rune) []keyword {
	text := string(rs)
	var out []keyword
	for _, c := range clauseWords {
		for _, w := range c.words {
			for off := 0; ; {
				k := strings.Index(text[off:], w)
				if k < 0 {
					break
				}
				b := off + k
				start := len([]rune(text[:b]))
				out = append(out, keyword{start: start, end: start + len([]rune(w)), clause: c.name})
				off = b + len(w)
			}
		}
	}
	return out
}

// nearestClause is the clause whose word is nearest to runes [qs, qe) within
// the same part of the sentence, else within the sentence, else "".
func nearestClause(rs []rune, kws []keyword, qs, qe int) (string, bool) {
	for level, bound := range []func(rune, []rune, int) bool{isPartBreak, isSentenceBreak} {
		lo, hi := qs, qe
		for lo > 0 && !bound(rs[lo-1], rs, lo-1) {
			lo--
		}
		for hi < len(rs) && !bound(rs[hi], rs, hi) {
			hi++
		}
		best, bestDist := "", -1
		for _, k := range kws {
			if k.start < lo || k.end > hi {
				continue
			}
			d := qs - k.end
			if k.start >= qe {
				d = k.start - qe
			} else if k.end > qs {
				d = 0
			}
			if bestDist < 0 || d < bestDist {
				best, bestDist = k.clause, d
			}
		}
		if best != "" {
			return best, level == 0
		}
	}
	return "", false
}

func isSentenceBreak(r rune, rs []rune, i int) bool {
	switch r {
	case '\n', '。', '!', '?', '！', '？':
		return true
	case '.':
		return i+1 >= len(rs) || unicode.IsSpace(rs[i+1])
	}
	return false
}

func isPartBreak(r rune, rs []rune, i int) bool {
	if isSentenceBreak(r, rs, i) {
		return true
	}
	switch r {
	case '，', ';', '；', '：', '、', '(', ')', '（', '）':
		return true
	case ',', ':':
		// not inside 15,000 or 23:00
		return !(i > 0 && i+1 < len(rs) && isDigitRune(rs[i-1]) && isDigitRune(rs[i+1]))
	}
	return false
}

// quantityDiff compares the quantities of a reference and a candidate. It
// returns the first quantity the candidate added or dropped, whether it was
// added, and ok when both hold the same set.
func quantityDiff(ref, cand []placed) (q quantity, added, ok bool) {
	have, want := map[quantity]bool{}, map[quantity]bool{}
	for _, p := range ref {
		want[p.q] = true
	}
	for _, p := range cand {
		have[p.q] = true
	}
	for _, p := range cand {
		if !want[p.q] {
			return p.q, true, false
		}
	}
	for _, p := range ref {
		if !have[p.q] {
			return p.q, false, false
		}
	}
	return quantity{}, false, true
}

// clauseDiff compares, clause by clause, which quantities each clause holds.
// It returns the first clause whose set differs and the quantity at fault.
func clauseDiff(ref, cand []placed) (clause string, q quantity, ok bool) {
	sets := func(ps []placed) map[string]map[quantity]bool {
		m := map[string]map[quantity]bool{}
		for _, p := range ps {
			if p.clause == "" {
				continue
			}
			if m[p.clause] == nil {
				m[p.clause] = map[quantity]bool{}
			}
			m[p.clause][p.q] = true
		}
		return m
	}
	rs, cs := sets(ref), sets(cand)
	for _, c := range clauseWords {
		for _, p := range cand {
			if p.clause == c.name && !rs[c.name][p.q] {
				return c.name, p.q, false
			}
		}
		for _, p := range ref {
			if p.clause == c.name && !cs[c.name][p.q] {
				return c.name, p.q, false
			}
		}
	}
	return "", quantity{}, true
}

// qualifiers weaken a commitment. A draft may not hold one more often than
// the reference does. English entries match whole words.
var qualifiers = []string{
	"business day", "business hours", "working day", "working hours", "office hours",
	"best effort", "best-effort", "where possible", "when possible", "if possible", "as far as possible",
	"where feasible", "where practicable", "reasonable effort", "reasonable endeavour", "reasonable endeavor",
	"commercially reasonable", "endeavour", "endeavor", "strive", "aim to", "aims to", "try to", "tries to",
	"subject to availability", "if available", "when available", "at its discretion", "at our discretion", "sole discretion",
	"in principle", "typically", "usually", "normally", "generally", "in most cases", "approximately", "roughly",
	"weekdays", "weekday", "monday to friday", "mon-fri", "周一至周五", "excluding weekends", "excluding holidays", "except on weekends", "except holidays", "target of", "targets",
	"原则上", "视情况", "视具体情况", "酌情", "工作日", "工作时间", "尽量", "尽可能", "尽力", "力争", "争取",
	"similar", "comparable", "roughly", "more or less", "approximate", "automated", "auto-reply", "automatic reply", "bot", "机器人", "自动回复", "自动应答", "类似", "相近", "相似", "近似", "差不多",
	"如有可能", "在可能的情况下", "一般情况下", "一般", "基本上", "大多", "多数情况下", "通常", "大约", "左右", "节假日除外", "周末除外", "除非",
	"on average", "as a rule", "for the most part", "mostly", "often", "frequently", "in general", "whenever possible", "wherever possible",
	"whenever feasible", "to the extent possible", "to the extent practicable", "to the extent feasible", "insofar as",
	"平均而言", "平均来看", "大致", "大体上", "一般而言", "多半", "大部分情况",
}

// addedQualifier returns the first weakening qualifier the candidate holds
// more often than the reference, or "".
func addedQualifier(ref, cand string) string {
	r, c := fold(ref), fold(cand)
	for _, q := range qualifiers {
		if countPhrase(c, q) > countPhrase(r, q) {
			return q
		}
	}
	return ""
}

// countPhrase counts phrase in s; an English phrase must start a word
// ("target of" is not in "retarget of").
func countPhrase(s, phrase string) int {
	n := 0
	for off := 0; ; {
		k := strings.Index(s[off:], phrase)
		if k < 0 {
			return n
		}
		at := off + k
		if phrase[0] >= 0x80 || at == 0 || !isHostByte(s[at-1]) {
			n++
		}
		off = at + len(phrase)
	}
}

// negations are the English words that negate, and the Chinese ones (非
// only as 并非, 绝非, 非由, 而非: 非常 means "very").
var (
	negationWords = advisor.Lazy[map[string]bool]{New: func() map[string]bool { return wordSet("not no never none nor neither without cannot") }}
	negationZH    = []string{"不", "没", "无", "未", "勿", "并非", "绝非", "非由", "而非"}
)

// freeWords are the negations that say a thing is free ("at no charge",
// 不收费): the lexicon compares them as what costs nothing (dirFree), so
// "at no charge" reworded as "free of charge" is no negation dropped.
var freeWords = advisor.Lazy[*strings.Replacer]{New: func() *strings.Replacer {
	return strings.NewReplacer("at no charge", "free", "no charge", "free", "at no cost", "free", "at no extra cost", "free",
		"without charge", "free", "不另收费", "免费", "不额外收费", "免费", "不收费", "免费", "不再收费", "免费")
}}

// comparativeEN and comparativeZH are negations inside a comparison ("no
// less than", "not above", 不多于, 不到): the direction check reads them (a
// negated direction is its opposite), so "at least" reworded "no less
// than" or 不低于 reworded 至少 is no negation added or dropped.
var (
	comparativeEN = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:not|no|never)\s+(?:(?:more|less|fewer|greater|higher|lower|later|earlier|longer|shorter|sooner)\s+than|above|below|over|under|before|after|exceeding|beyond)\b`)
	}}
	comparativeZH = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
		return regexp.MustCompile(`并?(?:不|未|没有|没)(?:超过|超出|低于|高于|少于|多于|大于|小于|早于|晚于|迟于|到|足|满|及|达到)`)
	}}
)

// withoutComparatives blanks the negations of comparisons out of folded s.
func withoutComparatives(s string) string {
	if strings.Contains(s, "not ") || strings.Contains(s, "no ") || strings.Contains(s, "never ") {
		s = comparativeEN.Get().ReplaceAllString(s, " ")
	}
	if strings.ContainsAny(s, "不未没") {
		s = comparativeZH.Get().ReplaceAllString(s, " ")
	}
	return s
}

// countNegations counts the negations of a folded line: the words above,
// words ending in n't, and the Chinese negations, those of a comparison
// left out.
func countNegations(line string) int {
	line = freeWords.Get().Replace(line)
	line = withoutComparatives(line)
	n := 0
	for i := 0; i < len(line); {
		if !isLower(line[i]) {
			i++
			continue
		}
		j := i
		for j < len(line) && (isLower(line[j]) || line[j] == '\'' || line[j] == '-') {
			j++
		}
		w := strings.TrimRight(line[i:j], "'-")
		if negationWords.Get()[w] || strings.HasSuffix(w, "n't") {
			n++
		}
		i = j
	}
	for _, z := range negationZH {
		n += strings.Count(line, z)
	}
	return n
}

// negationCounts counts negations per numbered item of s (0 is the text
// before the first item).
func negationCounts(s string) map[int]int {
	counts := map[int]int{}
	item := 0
	for _, line := range strings.Split(fold(s), "\n") {
		if n, ok := marker(line); ok {
			item = n
		}
		counts[item] += countNegations(line)
	}
	return counts
}

// negationDiff returns the first item whose negation count differs, the two
// counts, and ok when none does.
func negationDiff(ref, cand string) (item, want, got int, ok bool) {
	r, c := negationCounts(ref), negationCounts(cand)
	keys := map[int]bool{}
	for k := range r {
		keys[k] = true
	}
	for k := range c {
		keys[k] = true
	}
	sorted := make([]int, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Ints(sorted)
	for _, k := range sorted {
		if r[k] != c[k] {
			return k, r[k], c[k], false
		}
	}
	return 0, 0, 0, true
}

// checkStructure runs the structural checks: the same quantities, each in
// the same clause, no added qualifier, no negation added or removed. It
// returns every failure.
func (j job) checkStructure(cand string) []*Reason {
	var out []*Reason
	fail := func(check, value string) {
		out = append(out, &Reason{Code: ReasonCheckFailed, Check: check, Value: value})
	}
	ref, got := quantities(j.text), quantities(cand)
	if q, added, ok := quantityDiff(ref, got); !ok {
		if added {
			fail(CheckQuantityAdded, q.String())
		} else {
			fail(CheckQuantityDropped, q.String())
		}
	}
	if c, q, ok := clauseDiff(ref, got); !ok {
		fail(CheckClause, q.String()+" / "+clauseLabel(j.lang, c))
	}
	if q := addedQualifier(j.text, cand); q != "" {
		fail(CheckQualifier, q)
	}
	if item, want, have, ok := negationDiff(j.text, cand); !ok {
		fail(CheckNegation, fmt.Sprintf("%d/%d/%d", item, want, have))
	}
	return out
}
