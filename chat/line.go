package chat

import (
	"regexp"
	"strings"

	"gpuadvisor/advisor"
)

// langFlag reads the flag --lang zh|en (or --lang=zh) at toks[i]; ok is
// false for another token.
func langFlag(toks []Token, i int) (Lang, bool) {
	t := toks[i]
	v := ""
	switch {
	case t.Key == "--lang":
		v = t.Value
	case t.Word == "--lang" && i+1 < len(toks) && toks[i+1].Word != "":
		v = toks[i+1].Word
	default:
		return "", false
	}
	switch strings.ToLower(v) {
	case "zh", "cn", "中文", "zh-cn":
		return ZH, true
	case "en", "english", "英文":
		return EN, true
	}
	return "", false
}

var langFlagRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`(^|\s)--lang(=|\s+)(zh|cn|中文|zh-cn|en|english|英文)(\s|$)`)
}}

// dropLang removes the flag --lang zh|en from a command line.
func dropLang(s string) string {
	return strings.TrimSpace(langFlagRE.Get().ReplaceAllString(s, "$1"))
}

// endPunct is s without the ! and ? that end a sentence typed on a phone
// (hours=300！, 计费？): they are part of no value. asking is true when a ?
// was taken off (billing? asks how billing is used). A line that is only
// punctuation is left whole (? is help).
func endPunct(s string) (string, bool) {
	t := strings.TrimRight(s, "!? ")
	if t == "" || len(t) == len(strings.TrimRight(s, " ")) {
		return s, false
	}
	return t, strings.Contains(s[len(t):], "?")
}

// asksHelp reports whether a line asks how cmd is used in words: 计费 帮助,
// billing help, renewal add help, 续约 怎么用, or the command word with a ?
// (billing?). ask reads its words as a question, and a sub-command's own
// parse (its name has a space) leaves them to the command's.
func asksHelp(cmd *Command, toks []Token, asking bool) bool {
	if cmd.Name == "ask" || strings.Contains(cmd.Name, " ") {
		return false
	}
	if len(toks) == 1 {
		return asking
	}
	if len(toks) > 3 || !helpWord(strings.ToLower(toks[len(toks)-1].Word)) {
		return false
	}
	for _, t := range toks[1:] {
		if t.Word == "" {
			return false
		}
	}
	return true
}

// helpWord reports whether s is one of the words after a command word that ask how it is used
// (计费 帮助, billing help, 续约 怎么用), as --help does.
func helpWord(s string) bool {
	switch s {
	case "help", "帮助", "?", "用法", "怎么用":
		return true
	}
	return false
}

// unitWord reports whether s is one of the units people type after a number with a space (35 元,
// 300 小时, 90 %): read as part of the value before them.
func unitWord(s string) bool {
	switch s {
	case "元", "块", "块钱", "元/时", "元/小时", "元/卡时", "元/月", "元/年", "元/h", "/时", "/小时", "/h", "/月", "/年",
		"/gb", "元/gb", "小时", "个小时", "h", "hr", "hrs", "hours", "天", "day", "days", "周", "week", "weeks",
		"个月", "month", "months", "年", "year", "years", "yr", "季度", "个季度", "quarter", "quarters", "percent", "pct", "%", "thousand", "million", "billion", "trillion",
		"卡", "张", "张卡", "倍", "万", "千", "亿", "gb", "tb", "rmb", "cny", "usd", "美元", "人民币", "tokens",
		"gpus", "gpu", "cards", "card":
		return true
	}
	return false
}

// perUnit reports whether w is a price's unit with its period (RMB/hr,
// 元/卡/时, /月), which a value takes after its number (35 RMB/hr).
func perUnit(w string) bool {
	if !strings.Contains(w, "/") || strings.ContainsAny(w, "0123456789") {
		return false
	}
	_, err := ParseValue("1"+w, Money)
	return err == nil
}

// withUnits joins a unit typed after a number with a space to its value
// (hours=300 h is hours=300h, 按需=35 元/小时 is 按需=35元/小时), in place.
func withUnits(toks []Token) []Token {
	out := toks[:0]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if n := len(t.Value); t.Key != "" && !t.quoted && n >= 2 && t.Value[0] == '\'' && t.Value[n-1] == '\'' {
			t.Value = t.Value[1 : n-1] // ondemand='35', and ‘35’ after Normalize
		}
		if t.Key != "" && !t.quoted && strings.HasPrefix(t.Value, "=") {
			t.Value = strings.TrimLeft(t.Value, "=") // ondemand==35: = typed twice
		}
		if t.Key != "" && t.Value != "" && i+1 < len(toks) && toks[i+1].Word != "" && !toks[i+1].quoted {
			if last := t.Value[len(t.Value)-1]; last >= '0' && last <= '9' && (unitWord(strings.ToLower(toks[i+1].Word)) || perUnit(toks[i+1].Word)) {
				t.Value += toks[i+1].Word
				i++
			} else if last == '%' && strings.EqualFold(toks[i+1].Word, "off") || strings.HasSuffix(t.Value, "percent") && strings.EqualFold(toks[i+1].Word, "off") { // 15% off
				t.Value += " " + toks[i+1].Word
				i++
			} else if dayValue(t.Value) && timeWord(toks[i+1].Word) { // renews=2027-03-01 09:00: a day and its time
				t.Value += " " + toks[i+1].Word
				i++
			}
		}
		out = append(out, t)
	}
	return out
}

var fullFlag = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`(^|\s)--full(\s|$)`) }}

// dropFlag removes the word --full from a command line.
func dropFlag(s string) string {
	for fullFlag.Get().MatchString(s) {
		s = fullFlag.Get().ReplaceAllString(s, "$1")
	}
	return strings.TrimSpace(s)
}
