package chat

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"gpuadvisor/advisor"
)

// Args is a parsed command line.
type Args struct {
	// Command is the canonical command word.
	Command string
	// Words are the bare words after the command word, in order (sub-commands,
	// ids, free text), normalized.
	Words []string
	// Tokens are all tokens after the command word, separators included.
	Tokens []Token
	// Rest is the text after the command word, normalized but not tokenized.
	Rest string
	// Original is the text after the command word exactly as typed.
	Original string
	// Private is set by --private or 私密.
	Private bool
	// Full is set by --full: the whole answer, not its short first part.
	Full bool

	cmd   *Command
	lang  Lang
	pairs map[string]string
	order []string
}

// Has reports whether key was given.
func (a *Args) Has(key string) bool { _, ok := a.pairs[key]; return ok }

// Raw returns the raw value of key, and whether it was given.
func (a *Args) Raw(key string) (string, bool) { v, ok := a.pairs[key]; return v, ok }

// Keys returns the canonical keys given, in the order typed.
func (a *Args) Keys() []string { return a.order }

// Example is the command's example for error messages: its English one,
// which a Chinese reply shows in Chinese words (Router.Localize), so that
// the two can never ask for different things.
func (a *Args) Example() string {
	return a.cmd.Example(EN)
}

func (a *Args) keySpec(key string) Key {
	if a.cmd != nil {
		for _, k := range a.cmd.Keys {
			if k.Name == key {
				return k
			}
		}
	}
	return Key{Name: key}
}

// keyExample is key=value with the key's example value, the key named as
// the user's language writes it (Name); the command's example when the key
// has none.
func (a *Args) keyExample(key string) string {
	k := a.keySpec(key)
	if k.Example != "" && a.lang == ZH {
		return a.Name(key) + "=" + zhValue(a.cmd, k, k.Example)
	}
	if k.Example != "" {
		return a.Name(key) + "=" + k.Example
	}
	return a.Example()
}

// Number reads a required number of the key's kind within [min, max].
func (a *Args) Number(key string, min, max float64) (float64, error) {
	return required(a, key, func(raw string) (float64, error) { return a.parse(key, raw, min, max) })
}

// NumberOr reads an optional number, def when absent.
func (a *Args) NumberOr(key string, def, min, max float64) (float64, error) {
	return optional(a, key, def, func(raw string) (float64, error) { return a.parse(key, raw, min, max) })
}

// Int reads a required whole number within [min, max].
func (a *Args) Int(key string, min, max int) (int, error) {
	return required(a, key, func(raw string) (int, error) { return a.parseInt(key, raw, min, max) })
}

// IntOr reads an optional whole number, def when absent.
func (a *Args) IntOr(key string, def, min, max int) (int, error) {
	return optional(a, key, def, func(raw string) (int, error) { return a.parseInt(key, raw, min, max) })
}

// optional reads key's value with read, or gives def when key is absent.
func optional[T any](a *Args, key string, def T, read func(raw string) (T, error)) (T, error) {
	raw, ok := a.pairs[key]
	if !ok {
		return def, nil
	}
	return read(raw)
}

// required reads key's value with read, or gives the missing-key error when
// key is absent.
func required[T any](a *Args, key string, read func(raw string) (T, error)) (T, error) {
	raw, ok := a.pairs[key]
	if !ok {
		var zero T
		return zero, a.missing(key)
	}
	return read(raw)
}

// List reads a comma-separated list of numbers (one per card, say).
func (a *Args) List(key string, min, max float64) ([]float64, error) {
	return required(a, key, func(raw string) ([]float64, error) {
		parts := strings.Split(raw, ",")
		if len(parts) > 1 && thousands(raw) && a.keySpec(key).Kind != Hours {
			parts = []string{raw}
		}
		out := make([]float64, 0, len(parts))
		for _, p := range parts {
			v, err := a.parse(key, p, min, max)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	})
}

// String reads a required text value.
func (a *Args) String(key string) (string, error) {
	raw, ok := a.pairs[key]
	if !ok || strings.TrimSpace(raw) == "" {
		return "", a.missing(key)
	}
	return raw, nil
}

// StringOr reads an optional text value.
func (a *Args) StringOr(key, def string) string {
	if raw, ok := a.pairs[key]; ok && raw != "" {
		return raw
	}
	return def
}

// Choice reads an optional value that must be one of the given words
// (compared case-insensitively); def when absent. aliases maps other spellings
// (Chinese included) to a choice.
func (a *Args) Choice(key, def string, choices []string, aliases map[string]string) (string, error) {
	return optional(a, key, def, func(raw string) (string, error) {
		v := strings.ToLower(strings.TrimSpace(raw))
		if c, ok := aliases[v]; ok {
			v = c
		}
		for _, c := range choices {
			if v == c {
				return c, nil
			}
		}
		shown := choices
		if a.lang == ZH { // each choice as Chinese writes it, when an alias does
			shown = make([]string, len(choices))
			for i, c := range choices {
				shown[i] = hanChoice(c, aliases)
			}
		}
		if strings.TrimSpace(raw) == "" {
			return "", Invalidf(a.lang, key, a.Name(key)+"="+shown[0],
				"%s= has an empty value; use one of: %s", "%s= 是空值，可选：%s", a.Name(key), strings.Join(shown, T(a.lang, ", ", "、")))
		}
		return "", Invalidf(a.lang, key, a.Name(key)+"="+shown[0],
			"%s=%q is not accepted; use one of: %s", "%s=%q 无法识别，可选：%s", a.Name(key), Shown(raw), strings.Join(shown, T(a.lang, ", ", "、")))
	})
}

// Bool reads an optional yes/no value: yes/no, true/false, 1/0, 是/否, 有/无, 要/不要.
func (a *Args) Bool(key string, def bool) (bool, error) {
	return optional(a, key, def, func(raw string) (bool, error) {
		if v, known := YesNo(raw); known {
			return v, nil
		}
		if strings.TrimSpace(raw) == "" {
			return false, a.empty(key)
		}
		return false, Invalidf(a.lang, key, a.Name(key)+T(a.lang, "=yes", "=是"), "%s=%q is not yes or no", "%s=%q 不是 是/否", a.Name(key), Shown(raw))
	})
}

// hanChoice is the first spelling aliases give choice c in Chinese (the
// alphabetically first, so the answer does not depend on map order), c
// itself when none does.
func hanChoice(c string, aliases map[string]string) string {
	best := ""
	for spelling, to := range aliases {
		if to == c && HasHan(spelling) && (best == "" || spelling < best) {
			best = spelling
		}
	}
	if best == "" {
		return c
	}
	return best
}

// Invalid builds an error about key with the key's example.
func (a *Args) Invalid(key, en, zh string) *Error {
	return Invalid(a.lang, key, en, zh, a.keyExample(key))
}

func (a *Args) missing(key string) *Error {
	return Invalidf(a.lang, key, a.Example(), "missing %s; add it as %s", "缺少 %s，请写成 %s", a.Name(key), a.keyExample(key))
}

func (a *Args) parse(key, raw string, min, max float64) (float64, error) {
	k := a.keySpec(key)
	if strings.TrimSpace(raw) == "" {
		return 0, a.empty(key)
	}
	v, err := ParseValue(raw, k.Kind)
	if TooLarge(err) {
		return 0, a.tooLarge(key, raw)
	}
	if err != nil {
		return 0, HintedAs(a.lang, Invalidf(a.lang, key, a.keyExample(key),
			"%s=%q is not a number I can read (%s); write it like %s",
			"%s=%q 无法读成数字（%s），请写成 %s", a.Name(key), Shown(raw), kindHint(a.lang, k.Kind), a.keyExample(key)), raw, k.Kind)
	}
	if k.Kind == Percent && v > 0 && v <= 1 && !PercentSign(raw) {
		v *= 100
	}
	return a.within(key, raw, v, min, max)
}

func (a *Args) parseInt(key, raw string, min, max int) (int, error) {
	v, err := a.parse(key, raw, float64(min), float64(max))
	if err != nil {
		return 0, err
	}
	if v != math.Trunc(v) {
		return 0, Invalidf(a.lang, key, a.keyExample(key), "%s=%s must be a whole number", "%s=%s 必须是整数", a.Name(key), Shown(raw))
	}
	return int(v), nil
}

// kindHints say what each kind of value accepts, for the unreadable-value
// error (by Kind: static data; Plain has none).
var kindHints = [...]advisor.Text{
	Money:   {EN: "money: 35, 35元/时, ¥15,000, 1.5万", ZH: "金额：35、35元/时、¥15,000、1.5万"},
	Hours:   {EN: "hours: 300, 300h, 300小时, 8h/day, 40h/week", ZH: "小时：300、300小时、每天8小时、每周40小时"},
	Count:   {EN: "a count: 7b, 70B, 21000, 21k, 1e9", ZH: "数量：70亿、7b、21000、2.1万"},
	Tokens:  {EN: "tokens: 4096, 4k, 32k", ZH: "token 数：4096、4k、32k"},
	Percent: {EN: "a percentage: 10%, 0.1", ZH: "百分比：10%、0.1"},
	Days:    {EN: "days: 30d, 30天, 2w", ZH: "天数：30天、2周、1个月"},
	Minutes: {EN: "a duration: 30m, 4h, 1d", ZH: "时长：30分钟、4小时、1天"},
	Ratio:   {EN: "a multiplier: 2x, 2倍", ZH: "倍数：2倍、1.5"},
	GB:      {EN: "gigabytes: 80, 80GB, 2TB", ZH: "容量：80、80GB、2TB"},
	Months:  {EN: "months: 6, 6个月, 1y, 1年, 半年, 18 months", ZH: "月数：6、6个月、半年、1年、一年半、2季度"},
}

func kindHint(lang Lang, k Kind) string {
	if k >= 0 && int(k) < len(kindHints) && kindHints[k] != (advisor.Text{}) {
		return kindHints[k].In(string(lang))
	}
	return advisor.Text{EN: "a number", ZH: "一个数字"}.In(string(lang))
}

// Num formats a number for people: no trailing zeros, at most two decimals,
// thousands separated by commas.
func Num(v float64) string { return advisor.Group(v) }

// Money reads an optional amount of money within [min, max] whatever the
// key's declared kind: 35, 35元/时, ¥15,000, 1.5万, 1万5, 一万五, 1.5w, 15k.
// ok is false when the key is absent.
func (a *Args) Money(key string, min, max float64) (v float64, ok bool, err error) {
	v, _, ok, err = given(a, key, func(raw string) (float64, error) {
		if strings.TrimSpace(raw) == "" {
			return 0, a.empty(key)
		}
		v, perr := ParseValue(raw, Money)
		if TooLarge(perr) {
			return 0, a.tooLarge(key, raw)
		}
		if perr != nil {
			return 0, Hinted(a.lang, Invalidf(a.lang, key, a.keyExample(key),
				"%s=%q is not an amount I can read (%s); write it like %s",
				"%s=%q 无法读成金额（%s），请写成 %s", a.Name(key), Shown(raw), kindHint(a.lang, Money), a.keyExample(key)), raw)
		}
		return a.within(key, raw, v, min, max)
	})
	return v, ok, err
}

// empty is the error for key= given without a value (hours=), with the
// key's example: an empty value is never read as a default.
func (a *Args) empty(key string) *Error {
	return Invalidf(a.lang, key, a.keyExample(key), "%s= has an empty value; write it like %s", "%s= 是空值；请写成 %s", a.Name(key), a.keyExample(key))
}

// tooLarge is the error for a number too large to hold, with the key's
// example.
func (a *Args) tooLarge(key, raw string) *Error {
	return TooLargeError(a.lang, key, a.Name(key), raw, a.keyExample(key))
}

// TooLargeError is the error for key's value raw, a number too large to
// hold (TooLarge), named as the user's language writes it (name), with an
// example: for a command that words its own messages.
func TooLargeError(lang Lang, key, name, raw, example string) *Error {
	return Invalidf(lang, key, example, "%s=%s is too large a number to be right; write it like %s",
		"%s=%s 数值太大，不可能是对的；请写成 %s", name, Shown(raw), example)
}

// within is v when it lies in [min, max], else the out-of-range error.
func (a *Args) within(key, raw string, v, min, max float64) (float64, error) {
	if v < min || v > max {
		return 0, Invalidf(a.lang, key, a.keyExample(key),
			"%s=%s is out of range; it must be between %s and %s",
			"%s=%s 超出范围，应在 %s 到 %s 之间", a.Name(key), Shown(raw), Num(min), Num(max))
	}
	return v, nil
}

// Assumptions explains every value the reader converted on an assumption the
// user did not state, in the order typed: hours per day become hours per
// month over 30 days (22 working days for 工作日/weekdays), hours per week
// ÷ 7 × 30 days.
func (a *Args) Assumptions() []string {
	var out []string
	for _, k := range a.order {
		if s := HoursPerDay(a.lang, a.pairs[k]); s != "" {
			out = append(out, a.Name(k)+T(a.lang, ": ", "：")+s)
		}
	}
	return out
}

// NoteAssumptions adds to rep's warnings each of a's Assumptions it does
// not hold yet: a value read on an assumption (每天8小时 as 240 h a month)
// is said in every reply that used it, whichever command read it.
func NoteAssumptions(rep *Reply, a *Args) {
	if a == nil || rep == nil || rep.Error != nil {
		return
	}
	for _, s := range a.Assumptions() {
		if !slices.Contains(rep.Warnings, s) {
			rep.Warnings = append(rep.Warnings, s)
		}
	}
}

// LookupKey finds the key a name or alias stands for (case-insensitive):
// 按需 is ondemand, 时长 is hours.
func LookupKey(keys []Key, name string) (Key, bool) {
	n := strings.TrimSpace(name)
	for _, k := range keys {
		if strings.EqualFold(n, k.Name) {
			return k, true
		}
		for _, al := range k.Aliases {
			if strings.EqualFold(n, al) {
				return k, true
			}
		}
	}
	return Key{}, false
}

// KeyIndex finds a key by any of its spellings in one map look-up, for a
// command that reads many keys; build it once with IndexKeys.
type KeyIndex map[string]Key

// IndexKeys indexes keys by their names and aliases, lower-cased.
func IndexKeys(keys []Key) KeyIndex {
	ix := KeyIndex{}
	for _, k := range keys {
		for _, w := range append([]string{k.Name}, k.Aliases...) {
			ix[strings.ToLower(w)] = k
		}
	}
	return ix
}

// Lookup is LookupKey through the index.
func (ix KeyIndex) Lookup(name string) (Key, bool) {
	k, ok := ix[strings.ToLower(strings.TrimSpace(name))]
	return k, ok
}

// Name is how the user's language writes key: for a Chinese user its first
// alias written in Chinese (卡数, 序列, 批量), the key itself otherwise.
func (a *Args) Name(key string) string {
	if a.lang != ZH {
		return key
	}
	for _, al := range a.keySpec(key).Aliases {
		for _, r := range al {
			if r >= 0x4E00 && r <= 0x9FFF {
				return al
			}
		}
	}
	return key
}

// Fold is key's value as a table of spellings looks it up: spaces trimmed,
// lower-cased; raw is the value as typed. ok is false when key is absent.
func (a *Args) Fold(key string) (folded, raw string, ok bool) {
	raw, ok = a.pairs[key]
	return strings.ToLower(strings.TrimSpace(raw)), raw, ok
}

// measureWords are the Chinese counters a count may end with: 8卡, 8张,
// 32层, 32个头.
var measureWords = []string{"张卡", "块卡", "卡", "张", "块", "层", "个头", "头", "gpus", "gpu", "cards", "card"}

// Measure reads an optional number of key's kind within [min, max], a
// Chinese counter after it dropped (8卡, 8张卡, 32层, 32个头); whole asks
// for a whole number. ok is false when key is absent. An error names the
// key as the user's language writes it (Name) and shows example, a whole
// command line.
func (a *Args) Measure(key string, min, max float64, whole bool, example string) (v float64, ok bool, err error) {
	raw, ok := a.pairs[key]
	if !ok {
		return 0, false, nil
	}
	s := strings.TrimSpace(raw)
	for _, w := range measureWords {
		if low := strings.ToLower(s); strings.HasSuffix(low, w) && len(low) == len(s) {
			s = strings.TrimSpace(s[:len(s)-len(w)])
			break
		}
	}
	name := a.Name(key)
	k := a.keySpec(key)
	v, perr := ParseValue(s, k.Kind)
	switch {
	case s == "":
		return 0, true, a.empty(key)
	case TooLarge(perr):
		return 0, true, a.tooLarge(key, raw)
	case perr != nil:
		return 0, true, Hinted(a.lang, Invalidf(a.lang, key, example,
			"%s=%q is not a number I can read; write it like %s=%s",
			"%s=%q 无法读成数字；请写成 %s=%s", name, Shown(raw), name, k.Example), raw)
	case v < min || v > max:
		return 0, true, Invalidf(a.lang, key, example,
			"%s=%s is out of range; it must be between %s and %s",
			"%s=%s 超出范围，应在 %s 到 %s 之间", name, Shown(raw), Num(min), Num(max))
	case whole && v != math.Trunc(v):
		return 0, true, Invalidf(a.lang, key, example, "%s=%s must be a whole number", "%s=%s 必须是整数", name, Shown(raw))
	}
	return v, true, nil
}

// Share reads a share of a whole written as a fraction (0.9) or a
// percentage (90%, 90: a number above 1 is read as one): ok is false when
// key is absent, valid false when the value is not a number.
func (a *Args) Share(key string) (v float64, ok, valid bool) {
	raw, ok := a.pairs[key]
	if !ok {
		return 0, false, false
	}
	s := strings.TrimSpace(raw)
	pct := strings.HasSuffix(s, "%") || strings.HasSuffix(s, "％")
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(s, "%"), "％"))
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) {
		return 0, true, false
	}
	if pct || v > 1 {
		v /= 100
	}
	return v, true, true
}

// Numbered reads an optional whole number that may be written after one of
// prefixes (zero=3, zero=ZeRO-3, zero=stage3 with prefixes "zero",
// "stage", "-"), each dropped once in the order given, case-insensitively:
// ok is false when key is absent, valid false when what is left is not a
// whole number.
func (a *Args) Numbered(key string, prefixes ...string) (n int, ok, valid bool) {
	s, _, ok := a.Fold(key)
	if !ok {
		return 0, false, false
	}
	for _, p := range prefixes {
		s = strings.TrimPrefix(s, p)
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	return n, true, err == nil
}

// Names reads an optional list of names (cards, vendors) separated by
// commas (, ， 、), spaces or semicolons: ok is false when key is absent;
// the list is empty when the value names nothing.
func (a *Args) Names(key string) (names []string, ok bool) {
	raw, ok := a.pairs[key]
	if !ok {
		return nil, false
	}
	return strings.FieldsFunc(raw, func(r rune) bool { return r == ',' || r == '，' || r == '、' || r == ' ' || r == ';' }), true
}
