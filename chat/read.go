package chat

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gpuadvisor/advisor"
)

// The readers below return the value, the raw text and whether the key was
// given, and a plain error when the value cannot be read: for a command that
// words its own message (what it accepts, in its terms). Number, Int, List,
// Money, Choice and Bool word the message themselves.

// ErrUnreadable is the error of the raw readers when a value cannot be read.
var ErrUnreadable = errors.New("value not readable")

// Value reads key as a number of kind after taking off the first of suffixes
// it ends with (units the kinds do not know: 张, 个月). ok is false when the
// key is absent.
func (a *Args) Value(key string, kind Kind, suffixes ...string) (v float64, raw string, ok bool, err error) {
	return given(a, key, func(raw string) (float64, error) {
		if len(suffixes) > 0 { // ParseValue normalizes the text itself
			raw = TrimUnit(raw, suffixes...)
		}
		v, err := ParseValue(raw, kind)
		if err != nil {
			return 0, unreadable(err)
		}
		return v, nil
	})
}

// unreadable is the raw readers' error for a value ParseValue could not
// read: ErrUnreadable, that is also ErrTooLarge for a number too large to
// hold (TooLarge).
func unreadable(err error) error {
	if errors.Is(err, ErrTooLarge) {
		return fmt.Errorf("%w: %w", ErrUnreadable, ErrTooLarge)
	}
	return ErrUnreadable
}

// TooLarge reports whether a reader's error is about a number too large to
// hold (1e309, hundreds of digits), for the message that says so.
func TooLarge(err error) bool { return errors.Is(err, ErrTooLarge) }

// Shown is a value as an error message quotes it: whole up to 40
// characters, else its start and "…", so that a pasted page does not
// become the reply.
func Shown(raw string) string {
	if r := []rune(raw); len(r) > 40 {
		return string(r[:37]) + "…"
	}
	return raw
}

// given is a raw reader: key's value read with read, the raw text, and
// whether key was given (the zero value, "" and false when it was not).
func given[T any](a *Args, key string, read func(raw string) (T, error)) (v T, raw string, ok bool, err error) {
	raw, ok = a.pairs[key]
	if !ok {
		return v, "", false, nil
	}
	v, err = read(raw)
	return v, raw, true, err
}

// TrimUnit lower-cases and normalizes s and takes off the first of suffixes
// it ends with, unless nothing would be left.
func TrimUnit(s string, suffixes ...string) string {
	s = strings.ToLower(strings.TrimSpace(Normalize(s)))
	for _, suf := range suffixes {
		if t := strings.TrimSpace(strings.TrimSuffix(s, suf)); t != s && t != "" {
			return t
		}
	}
	return s
}

// Parts reads key as a comma-separated list and returns its pieces,
// normalized and trimmed, for a command that checks each piece itself.
func (a *Args) Parts(key string) (parts []string, raw string, ok bool) {
	parts, raw, ok, _ = given(a, key, func(raw string) ([]string, error) {
		parts := strings.Split(Normalize(raw), ",")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		return parts, nil
	})
	return parts, raw, ok
}

// Duration reads key as a duration in hours: 2, 2h, 2小时, and with a
// minute unit 30min, 15分钟 (a bare number is hours, never minutes); an
// interval said with every is its length (每小时 and every hour are 1,
// 每30分钟 0.5), and half an hour (半小时) is 0.5.
func (a *Args) Duration(key string) (hours float64, raw string, ok bool, err error) {
	return given(a, key, func(raw string) (float64, error) {
		if h, ok := spokenHours(raw); ok {
			return h, nil
		}
		if v, err := ParseValue(raw, Hours); err == nil {
			return v, nil
		}
		if m, err := ParseValue(raw, Minutes); err == nil {
			if _, bare := ParseValue(raw, Plain); bare != nil {
				return m / 60, nil
			}
		}
		return 0, ErrUnreadable
	})
}

// spokenHours reads a length of time said in words, in hours: 半小时 and
// half an hour are 0.5, 一刻钟 0.25, and an interval with every (每小时,
// every hour, 每2小时, 每30分钟, every 30 min) its length. ok is false for
// anything else.
func spokenHours(raw string) (hours float64, ok bool) {
	s := strings.ToLower(strings.TrimSpace(Normalize(raw)))
	switch s {
	case "半小时", "半个小时", "半个钟", "半个钟头", "half an hour", "half hour", "半h":
		return 0.5, true
	case "一刻钟", "a quarter of an hour", "quarter of an hour", "quarter hour":
		return 0.25, true
	}
	every := false
	for _, p := range []string{"每隔", "每", "every ", "each "} {
		if t, cut := strings.CutPrefix(s, p); cut {
			s, every = strings.TrimSpace(t), true
			break
		}
	}
	if !every {
		return 0, false
	}
	if h, ok := spokenHours(s); ok { // 每半小时
		return h, true
	}
	switch s { // 每小时, every hour: one of the unit
	case "小时", "个小时", "hour", "h":
		return 1, true
	case "天", "day":
		return 24, true
	}
	if v, err := ParseValue(s, Minutes); err == nil {
		if _, bare := ParseValue(s, Plain); bare != nil { // 每2小时, every 30 min
			return v / 60, true
		}
		if v, err := ParseValue(s, Hours); err == nil { // every 2: hours
			return v, true
		}
	}
	return 0, false
}

// OnceEvery reads a rate said as one event per interval (每20小时一次,
// 20小时一次, 每天一次, once every 20 hours, every 20h): the interval in
// hours. ok is false for anything else (0.05, 5% are rates as they are).
func OnceEvery(raw string) (hours float64, ok bool) {
	s := strings.ToLower(strings.TrimSpace(Normalize(raw)))
	once := false
	for _, suf := range []string{"中断一次", "中断1次", "回收一次", "被回收一次", "一次", "1次", " once"} {
		if t, cut := strings.CutSuffix(s, suf); cut && t != "" {
			s, once = strings.TrimSpace(t), true
			break
		}
	}
	for _, p := range []string{"平均", "大约", "约"} {
		s = strings.TrimPrefix(s, p)
	}
	if t, cut := strings.CutPrefix(s, "once "); cut {
		s, once = strings.TrimSpace(t), true
	}
	if !strings.HasPrefix(s, "每") && !strings.HasPrefix(s, "every") {
		if !once {
			return 0, false
		}
		s = "每" + s // 20小时一次
	}
	switch strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(s, "每"), "every")) {
	case "周", "星期", "week", "一周", "一星期", "一个星期":
		return 7 * 24, true
	case "一天", "天":
		return 24, true
	}
	h, ok := spokenHours(s)
	if !ok || h <= 0 {
		return 0, false
	}
	return h, true
}

// Months reads key as whole months from 1 to max, as ParseValue reads a
// term (Months): 3m, 3个月, 2季度, 1y, 一年, 半年, 一年半, 18 months, 3.
func (a *Args) Months(key string, max int) (months int, raw string, ok bool, err error) {
	return given(a, key, func(raw string) (int, error) {
		v, err := ParseValue(raw, Months)
		if err != nil || v < 1 || v > float64(max) || v != math.Trunc(v) {
			return 0, ErrUnreadable
		}
		return int(v), nil
	})
}

// Date reads key as a calendar day: 2027-03-01, 2027/3/1, 2027.3.1 or
// 2027年3月1日 (midnight UTC; only the day counts).
func (a *Args) Date(key string) (day time.Time, raw string, ok bool, err error) {
	return given(a, key, ParseDay)
}

// ParseDay reads a calendar day written 2027-03-01, 2027/3/1, 2027.3.1 or
// 2027年3月1日, at midnight UTC, after Normalize (advisor.ParseDay).
//
// A time of day after the day is dropped (2027-03-01 09:00, 2027/3/1 上午,
// 2027-03-01T00:00:00+08:00); one whose zone puts it on another day in
// China (2027-02-28T16:00:00Z) is refused, as DateError says.
func ParseDay(s string) (time.Time, error) {
	norm := dayText(Normalize(strings.TrimSpace(s)))
	if d, other, ok := dayOfTime(strings.ToLower(norm)); ok {
		if other != "" {
			return time.Time{}, ErrUnreadable
		}
		norm = d
	}
	day, err := advisor.ParseDay(norm)
	if err != nil {
		return time.Time{}, ErrUnreadable
	}
	return day, nil
}

// yesNoWord reads one yes/no answer every command reads; known is false
// for another word.
func yesNoWord(s string) (yes, known bool) {
	switch s {
	case "yes", "y", "true", "1", "on", "是", "有", "要", "需要", "支持", "对", "ok", "可以", "能", "行", "好", "好的", "是的", "对的", "可", "yeah", "yep", "sure":
		return true, true
	case "no", "n", "false", "0", "off", "否", "无", "没有", "不要", "不需要", "不支持", "不", "不可以", "不能", "不行", "不是", "不用", "nope":
		return false, true
	}
	return false, false
}

// YesNo reads a yes/no answer as Bool does; known is false for anything else.
func YesNo(raw string) (v, known bool) {
	s := strings.ToLower(strings.TrimSpace(Normalize(raw)))
	return yesNoWord(s)
}

// Flag reads key as yes or no (YesNo), for a command that words its own
// message; ok is false when the key is absent.
func (a *Args) Flag(key string) (v bool, raw string, ok bool, err error) {
	return given(a, key, func(raw string) (bool, error) {
		if v, known := YesNo(raw); known {
			return v, nil
		}
		return false, ErrUnreadable
	})
}

// ArgsOf builds the Args of one group of key=value pairs that a command
// splits itself (the workload and each vendor of a quote, a file's lines),
// so that it reads their values with the readers every command uses. A key
// is found among cmd's keys by any spelling and stored under its name; a key
// given twice keeps its last value (a command that refuses repeats checks
// before); a bare word goes to Words. An unknown key is the router's error.
func ArgsOf(cmd *Command, lang Lang, pairs []Token) (*Args, error) {
	a := &Args{Command: cmd.Name, Tokens: pairs, cmd: cmd, lang: lang, pairs: make(map[string]string, len(pairs)), order: make([]string, 0, len(pairs))}
	for _, t := range pairs {
		switch {
		case t.Word != "":
			a.Words = append(a.Words, t.Word)
		case t.Key != "" || t.Value != "":
			key, ok := canonicalKey(cmd, t.Key)
			if !ok {
				return nil, unknownKey(lang, cmd, t.Key)
			}
			a.set(key, t.Value)
		}
	}
	return a, nil
}

// DateError is the error for key's value that is not a calendar day (Date's
// error), saying why in the user's language: a day the month does not have
// (2027-02-30), a day without its year (3月1日), a word for a day (明天,
// tomorrow), or another text; example shows one that is read. Nothing is
// guessed: a day is written whole.
func (a *Args) DateError(key, example string) *Error {
	raw, _ := a.Raw(key)
	name, shown := a.Name(key), Shown(strings.TrimSpace(raw))
	// like is the key=value of example when it is a whole line: the key's
	// own pair, wherever it stands, else its last
	like := example
	if i := strings.Index(" "+example, " "+key+"="); i >= 0 {
		v, _, _ := strings.Cut(example[i+len(key)+1:], " ")
		like = name + "=" + v
	} else if i := strings.LastIndex(example, "="); i >= 0 {
		v, _, _ := strings.Cut(example[i+1:], " ")
		like = name + "=" + v
	}
	norm := dayText(Normalize(strings.TrimSpace(raw)))
	if day, other, ok := dayOfTime(strings.ToLower(norm)); ok {
		if other != "" {
			written := day
			if t, err := advisor.ParseDay(day); err == nil {
				written = t.Format("2006-01-02")
			}
			return Invalidf(a.lang, key, example, "%s=%s is %s where it was written but %s in China (UTC+8), where reminders count days; write the day the contract says: %s=%s or %s=%s",
				"%s=%s 按它所写的时区是 %s，按中国时间（UTC+8）却是 %s（提醒按中国时间计日）；请写合同上的日期：%s=%s 或 %s=%s",
				name, shown, written, other, name, other, name, written)
		}
		norm = day // the day of 2027-02-30 09:00 is what is wrong
	}
	var y, m, d int
	_, perr := advisor.ParseDay(norm)
	switch {
	case strings.TrimSpace(raw) == "":
		return a.empty(key)
	case errors.Is(perr, advisor.ErrNoSuchDay) && scanDay(norm, &y, &m, &d) && m >= 1 && m <= 12:
		last := time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
		return Invalidf(a.lang, key, example, "%s=%s: %d-%02d has no day %d (it has %d days); write a day it has, like %s",
			"%s=%s：%d年%d月没有 %d 日（只有 %d 天）；请写该月有的日期，例如 %s", name, shown, y, m, d, last, like)
	case errors.Is(perr, advisor.ErrNoSuchDay):
		return Invalidf(a.lang, key, example, "%s=%s: there is no month %d; write the day as year-month-day, like %s",
			"%s=%s：没有 %d 月；请按 年-月-日 写，例如 %s", name, shown, m, like)
	case dayFirst.Get().MatchString(norm):
		return Invalidf(a.lang, key, example, "%s=%s: write the year first, year-month-day, so the day and the month cannot be swapped: like %s",
			"%s=%s：请把年份写在前面（年-月-日），以免日和月被读反，例如 %s", name, shown, like)
	case monthDay.Get().MatchString(norm):
		return Invalidf(a.lang, key, example, "%s=%q has no year; write the whole day, like %s",
			"%s=%q 没有写年份；请写完整的日期（年-月-日），例如 %s", name, shown, like)
	case relativeDay.Get().MatchString(strings.ToLower(norm)):
		return Invalidf(a.lang, key, example, "%s=%q is a word for a day, which I do not guess; write the day itself, like %s",
			"%s=%q 是相对的说法，不会替你推算；请写具体日期（年-月-日），例如 %s", name, shown, like)
	}
	return Invalidf(a.lang, key, example, "%s=%q is not a date; write it year-month-day, like %s (2027/3/1 and 2027年3月1日 work too)",
		"%s=%q 不是日期；请按 年-月-日 写，例如 %s（2027/3/1、2027年3月1日 也可以）", name, shown, like)
}

// dayText writes a day typed in other ways the way ParseDay reads it: eight
// digits (20270301) as 2027-03-01, and Chinese numerals in a date
// (二〇二七年三月一日, 2027年三月十五号) as digits: a year digit by digit,
// a month or a day as a number. Anything else is returned as it is.
func dayText(s string) string {
	s = strings.TrimSpace(s)
	if len(s) == 8 && (strings.HasPrefix(s, "19") || strings.HasPrefix(s, "20")) && strings.Trim(s, "0123456789") == "" {
		return s[:4] + "-" + s[4:6] + "-" + s[6:]
	}
	if !strings.ContainsAny(s, "年月") {
		return s
	}
	var b strings.Builder
	run := []rune{}
	flush := func() {
		if len(run) == 0 {
			return
		}
		digits := true
		for _, r := range run {
			if _, ok := cjkDigit(r); !ok {
				digits = false
			}
		}
		switch {
		case digits && len(run) > 1: // 二〇二七: a year, digit by digit
			for _, r := range run {
				d, _ := cjkDigit(r)
				b.WriteByte(byte('0' + d))
			}
		default: // 三, 十二, 二十一
			if v, rest, ok := cjkNumber(string(run)); ok && rest == "" {
				b.WriteString(strconv.Itoa(int(v)))
			} else {
				b.WriteString(string(run))
			}
		}
		run = run[:0]
	}
	for _, r := range s {
		_, digit := cjkDigit(r)
		if digit || r == '十' {
			run = append(run, r)
			continue
		}
		flush()
		b.WriteRune(r)
	}
	flush()
	return b.String()
}

// scanDay reads the year, month and day of a day written as ParseDay
// reads it, whether or not the calendar has it.
func scanDay(s string, y, m, d *int) bool {
	t := strings.NewReplacer("年", "-", "月", "-", "日", "", "号", "", "/", "-", ".", "-").Replace(s)
	n, _ := fmt.Sscanf(t, "%d-%d-%d", y, m, d)
	return n == 3
}

// monthDay is a day without its year: 3月1日, 3/1, 03-01.
var monthDay = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^\d{1,2}\s*(月|/|-|\.)\s*\d{1,2}\s*(日|号)?$`)
}}

// dayFirst is a day written day-first or month-first with the year last
// (01/03/2027, 3.1.2027): which is the month is not known.
var dayFirst = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^\d{1,2}\s*[-/.]\s*\d{1,2}\s*[-/.]\s*\d{4}$`)
}}

// relativeDay is a word for a day relative to today.
var relativeDay = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^(今天|明天|后天|昨天|下周.*|下个?月.*|明年.*|月底|年底|today|tomorrow|yesterday|next .*|end of .*|eom|eoy)$`)
}}

// cardCount is a card name with the count of cards in it: 8xA100, 8×A100,
// 8*A100, 8卡A100, 8张A100, A100*8, A100x8, A100 ×8. The groups are the
// count before the name, the name, the count after it.
var cardCount = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	// a name before an x ends with a digit or g (A100x8, A100-80Gx8), so
	// that the x of RTX4090 is no count
	return regexp.MustCompile(`^(?:(\d{1,4})\s*(?:x|×|\*|卡|张|张卡|块)\s*([a-z0-9][\w.-]{2,})|([a-z][\w.-]*(?:\d|g|gb))\s*(?:x|×|\*)\s*(\d{1,4}))$`)
}}

// CountInCard is the error for a card name that holds the number of cards
// (gpu=8xA100, 显卡=8卡A100): the card goes in key and the count in
// cardsKey, and neither is guessed from the other; nil for any other
// value, or when key is absent.
func (a *Args) CountInCard(key, cardsKey string) *Error {
	raw, ok := a.Raw(key)
	if !ok {
		return nil
	}
	m := cardCount.Get().FindStringSubmatch(strings.ToLower(strings.TrimSpace(Normalize(raw))))
	if m == nil {
		return nil
	}
	n, name := m[1], m[2]
	if n == "" {
		n, name = m[4], m[3]
	}
	if strings.HasPrefix(name, "x") || n == "0" { // x8 alone, 0xA100: not a count and a card
		return nil
	}
	orig := strings.TrimSpace(raw) // the name as typed, case kept: A100 of 8xA100
	if i := strings.Index(strings.ToLower(orig), name); i >= 0 {
		name = orig[i : i+len(name)]
	}
	example := a.Name(key) + "=" + name + " " + a.Name(cardsKey) + "=" + n
	return Invalidf(a.lang, key, example, "%s=%s holds the number of cards: write the card and the count apart, %s",
		"%s=%s 里含有卡数：请把卡型和卡数分开写：%s", a.Name(key), Shown(raw), example)
}
