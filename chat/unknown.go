package chat

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"gpuadvisor/advisor"
)

func unknownKey(lang Lang, cmd *Command, key string) *Error {
	return unknownKeyOf(lang, cmd, T(lang, cmd.Name, HanWord(cmd.Name, cmd.Aliases)), cmd.Keys, key, cmd.Example(EN))
}

// UnknownKey is the error for a key the command (its words as the user
// types them in lang, "trial check", "试用 检查") does not take: the keys
// it takes (in Chinese as HanWord names them), the closest name or alias
// written with its example value, and an example.
func UnknownKey(lang Lang, command string, keys []Key, key, example string) *Error {
	return unknownKeyOf(lang, nil, command, keys, key, example)
}

// unknownKeyOf is UnknownKey for cmd's keys: a Chinese reply writes the
// example value of the key meant as cmd's Chinese examples do (zhValue:
// 模式=微调, 期限=3个月, not mode's lora or term's 3m).
func unknownKeyOf(lang Lang, cmd *Command, command string, keys []Key, key, example string) *Error {
	var names []string
	for _, k := range keys {
		if lang == ZH {
			names = append(names, HanWord(k.Name, k.Aliases))
		} else {
			names = append(names, k.Name)
		}
	}
	var cands []string
	for _, k := range keys {
		cands = append(append(cands, k.Name), k.Aliases...)
	}
	msg := fmt.Sprintf(T(lang, "%s does not take the key %q; it takes: %s", "%s 不接受参数 %q，可用参数：%s"), command, Shown(key), strings.Join(names, T(lang, ", ", "、")))
	// every key as near as the nearest (时常 is one stroke from 时长 and
	// from 时价): the user tells which was meant, the list does not guess
	var meant []string
	near := ClosestAll(key, cands)
	if len(near) == 0 { // ondemand_price, 按需单价: a key and a word after it
		near = prefixedKey(key, cands)
	}
	if len(near) == 0 { // discount, 折扣: the last word of a key
		near = suffixedKey(key, keys)
	}
	if len(near) == 0 { // anxu, baoyue: a key in pinyin
		near = PinyinMatches(key, cands)
	}
	// 包年 is one stroke from 包月, but a yearly price typed as a monthly
	// one is off twelvefold: a key of another period is never suggested
	if p := keyPeriod(key); p != "" {
		kept := near[:0:0]
		for _, s := range near {
			if q := keyPeriod(s); q == "" || q == p {
				kept = append(kept, s)
			}
		}
		if len(kept) == 0 && len(near) > 0 {
			msg += fmt.Sprintf(T(lang, ". %s names a price per %s, which no key here takes", "。%s 是按%s计的价格，这里没有这样的参数"), Shown(key), T(lang, p, periodZH[p]))
		}
		near = kept
	}
	for _, s := range near {
		k, ok := LookupKey(keys, s)
		if !ok {
			continue
		}
		w := KeyWord(lang, keys, k.Name)
		if k.Example != "" {
			w += "=" + k.Example
			if lang == ZH {
				w = HanWord(k.Name, k.Aliases) + "=" + zhValue(cmd, k, k.Example)
			}
		}
		if !slices.Contains(meant, w) {
			meant = append(meant, w)
		}
	}
	if len(meant) > 0 {
		msg += fmt.Sprintf(T(lang, ". Did you mean %s?", "。你是不是想写 %s？"), strings.Join(meant, T(lang, " or ", " 或 ")))
	}
	return &Error{Code: CodeInvalid, Key: key, Message: msg, Example: example}
}

// keyPeriod is the period a key's name says its price is for: year
// (包年, yearly, annual), month (包月, monthly, 月租) or hour (时价,
// hourly); "" when it names none.
func keyPeriod(key string) string {
	k := strings.ToLower(key)
	switch {
	case strings.Contains(k, "年") || strings.Contains(k, "year") || strings.Contains(k, "annual"):
		return "year"
	case strings.Contains(k, "月") || strings.Contains(k, "month"):
		return "month"
	case strings.Contains(k, "hour") || strings.HasSuffix(k, "时价") || strings.Contains(k, "小时价"):
		return "hour"
	}
	return ""
}

// periodZH are keyPeriod's periods in Chinese.
var periodZH = map[string]string{"year": "年", "month": "月", "hour": "小时"}

// prefixedKey is the longest candidate that key starts with and goes on
// from after a separator (ondemand_price, hours-per-month) or, for a
// Chinese candidate, in Chinese (按需单价); none when there is none of at
// least two letters.
func prefixedKey(key string, cands []string) []string {
	low, best := strings.ToLower(strings.TrimSpace(key)), ""
	for _, c := range cands {
		lc := strings.ToLower(c)
		rest, ok := strings.CutPrefix(low, lc)
		if !ok || rest == "" || utf8.RuneCountInString(lc) < 2 || len(lc) <= len(best) {
			continue
		}
		if first, _ := utf8.DecodeRuneInString(rest); first == '_' || first == '-' || first == '.' || HasHan(lc) && HasHan(rest) {
			best = c
		}
	}
	if best == "" {
		return nil
	}
	return []string{best}
}

// suffixedKey are the keys whose name key is the last word of (discount
// is yearly_discount's, rate interrupt_rate's) or, in Chinese, whose
// Chinese spelling ends with it (折扣 is 包年折扣's); none when key has
// fewer than two letters. An English alias is not searched: price, the
// end of yearly_price, is more often the on-demand or the monthly price.
func suffixedKey(key string, keys []Key) []string {
	low := strings.ToLower(strings.TrimSpace(key))
	if utf8.RuneCountInString(low) < 2 {
		return nil
	}
	var out []string
	for _, k := range keys {
		for _, c := range append([]string{k.Name}, k.Aliases...) {
			head, ok := strings.CutSuffix(strings.ToLower(c), low)
			if !ok || head == "" {
				continue
			}
			last, _ := utf8.DecodeLastRuneInString(head)
			if c == k.Name && (last == '_' || last == '-') || HasHan(low) && HasHan(head) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// keyFirst is the error for a line that starts with key=value: the
// commands that take that key, and the first one's example.
func (r *Router) keyFirst(lang Lang, key string) *Error {
	var names []string
	ex, word := "billing ondemand=35 monthly=15000 hours=300", key
	for _, c := range r.cmds {
		if k, ok := LookupKey(allKeys(c), key); ok {
			if len(names) == 0 {
				ex, word = c.Example(EN), KeyWord(lang, allKeys(c), k.Name)
			}
			names = append(names, T(lang, c.Name, HanWord(c.Name, c.Aliases)))
		}
	}
	if len(names) == 0 {
		return Invalid(lang, "command", "a command starts with a command word, not with a key=value pair",
			"命令要以命令词开头，而不是 参数=值", ex)
	}
	return Invalidf(lang, "command", ex, "a command starts with a command word, not with a key=value pair: %s= is a key of %s; put the command word first",
		"命令要以命令词开头，而不是 参数=值：%s= 是 %s 的参数；请把命令词写在最前面", Shown(word), strings.Join(names, T(lang, ", ", "、")))
}

// unknownCommandIn is unknownCommand for a line whose first word is not a
// command word, pointing at a command word later in it (我想 计费 按需=35,
// please billing …): the line from that word is the example.
func (r *Router) unknownCommandIn(lang Lang, word string, rest []Token) *Error {
	for i, t := range rest {
		c, ok := r.Lookup(t.Word)
		if !ok || t.Word == "" || c.Name == "help" || !pairsOnly(rest[i+1:]) {
			continue
		}
		msg := fmt.Sprintf(T(lang, "%q is not a command word; a command starts with one, and %s is: start the line with it",
			"%q 不是命令词；命令要以命令词开头，%s 就是：请从它开始写"), Shown(word), t.Word)
		return &Error{Code: CodeInvalid, Key: "command", Message: msg, Example: Truncate(strings.TrimSpace(t.Word+" "+FormatTokens(rest[i+1:])), 300)}
	}
	return r.unknownCommand(lang, word)
}

// pairsOnly reports whether toks look like a command's arguments: a
// key=value pair among them, or nothing.
func pairsOnly(toks []Token) bool {
	for _, t := range toks {
		if t.Key != "" {
			return true
		}
	}
	return len(toks) == 0
}

func (r *Router) unknownCommand(lang Lang, word string) *Error {
	var words []string
	for w := range r.byWord {
		words = append(words, w)
	}
	sort.Strings(words)
	var names []string
	for _, c := range r.cmds {
		names = append(names, T(lang, c.Name, HanWord(c.Name, c.Aliases)))
	}
	msg := fmt.Sprintf(T(lang, "unknown command %q; commands: %s", "未知命令 %q，可用命令：%s"), word, strings.Join(names, T(lang, ", ", "、")))
	ex := "help"
	s := Closest(word, words)
	if s == "" { // jifei is 计费
		if p := PinyinMatches(word, words); len(p) > 0 {
			c, _ := r.Lookup(p[0])
			s = c.Name // named as the reply's language writes it, below
		}
	}
	if s != "" {
		c, _ := r.Lookup(s)
		msg += fmt.Sprintf(T(lang, ". Did you mean %s?", "。你是不是想用 %s？"), T(lang, s, HanWord(s, c.Aliases)))
		if e := c.Example(EN); e != "" {
			ex = e
		}
	}
	return &Error{Code: CodeInvalid, Key: "command", Message: msg, Example: ex}
}

// ClosestAll returns every candidate as near to s by edit distance as the
// nearest, in the order given, or none when none is close enough to be a
// likely typo (Closest).
func ClosestAll(s string, cands []string) []string {
	best := Closest(s, cands)
	if best == "" {
		return nil
	}
	low := strings.ToLower(s)
	d := advisor.EditDistance(low, strings.ToLower(best))
	var out []string
	for _, c := range cands {
		if advisor.EditDistance(low, strings.ToLower(c)) == d {
			out = append(out, c)
		}
	}
	return out
}

// Closest returns the candidate nearest to s by edit distance, or "" when none
// is close enough to be a likely typo.
func Closest(s string, cands []string) string {
	s = strings.ToLower(s)
	best, bestD := "", 1<<30
	for _, c := range cands {
		d := advisor.EditDistance(s, strings.ToLower(c))
		if d < bestD || d == bestD && c < best {
			best, bestD = c, d
		}
	}
	n := len([]rune(s))
	limit := n/3 + 1
	if limit > 3 {
		limit = 3
	}
	// More than half the word changed is another word ("foo" is not "od").
	if bestD <= limit && 2*bestD <= n {
		return best
	}
	return ""
}
