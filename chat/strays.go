package chat

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// BareKey is the error for a bare word that is one of the command's keys
// typed without its value (billing ondemand monthly=15000): the key, and
// it written with its example; nil for any other word.
func (a *Args) BareKey(word string) *Error {
	if a.cmd == nil {
		return nil
	}
	if key, v, ok := strings.Cut(word, ":"); ok && v != "" { // gpu:a100, 按需：35 after Normalize
		if k, known := LookupKey(a.cmd.Keys, key); known {
			return Invalidf(a.lang, k.Name, a.keyExample(k.Name), "%q: join a key and its value with =, not a colon: %s=%s",
				"%q：键和值之间请用 =，不要用冒号：%s=%s", Shown(word), a.Name(k.Name), Shown(v))
		}
		return nil
	}
	k, ok := LookupKey(a.cmd.Keys, strings.TrimSuffix(strings.TrimSuffix(word, ":"), "="))
	if !ok {
		if k, v, joined := a.keyJoined(word); joined { // 按需35, ondemand-35: the = left out
			line, _ := a.pairedWords(word)
			return Invalidf(a.lang, k.Name, line, "%q: join a key and its value with =: %s=%s",
				"%q：键和值之间请用 = 连接：%s=%s", Shown(word), a.Name(k.Name), Shown(v))
		}
		return a.splitValue(word)
	}
	if line, next := a.pairedWords(word); next != "" { // billing ondemand 35 monthly 15000
		return Invalidf(a.lang, k.Name, line, "%s %s: join each key and its value with =, like %s=%s",
			"%s %s：每个参数和它的值之间请用 = 连接，例如 %s=%s", Shown(word), Shown(next), a.Name(k.Name), Shown(next))
	}
	return Invalidf(a.lang, k.Name, a.keyExample(k.Name), "%s has no value; write it as %s", "%s 没有值；请写成 %s", a.Name(k.Name), a.keyExample(k.Name))
}

// keyJoined reads a word that is a key with its value right after it and
// no = between (按需35, 包月1.5万, ondemand-35, hours300): the key and the
// value; ok is false for any other word. The longest spelling of a key the
// word starts with wins, and the value must start like a number.
func (a *Args) keyJoined(word string) (k Key, v string, ok bool) {
	best := ""
	for _, key := range a.cmd.Keys {
		for _, w := range append([]string{key.Name}, key.Aliases...) {
			if len(w) > len(best) && len(word) > len(w) && strings.EqualFold(word[:len(w)], w) {
				rest := strings.TrimLeft(word[len(w):], "-")
				if r, _ := utf8.DecodeRuneInString(rest); r >= '0' && r <= '9' || r == '¥' || r == '$' || strings.ContainsRune("一二两三四五六七八九十", r) {
					best, k, v = w, key, rest
				}
			}
		}
	}
	return k, v, best != ""
}

// pairedWords is the line of bare words typed as key value pairs without
// = (ondemand 35 monthly 15000 hours 300, 按需35 包月15000), written with
// them: the command line to show, and the word after word (its value);
// next is "" when word is not followed by a bare word.
func (a *Args) pairedWords(word string) (line, next string) {
	var out []string
	for i := 0; i < len(a.Tokens); i++ {
		t := a.Tokens[i]
		switch {
		case t.Sep:
			continue
		case t.Word == "":
			out = append(out, t.Key+"="+t.Value)
			continue
		}
		if jk, v, joined := a.keyJoined(t.Word); joined && !t.quoted {
			out = append(out, a.Name(jk.Name)+"="+v)
			continue
		}
		k, isKey := LookupKey(a.cmd.Keys, t.Word)
		if isKey && i+1 < len(a.Tokens) && a.Tokens[i+1].Word != "" && !a.Tokens[i+1].quoted {
			if _, nextIsKey := LookupKey(a.cmd.Keys, a.Tokens[i+1].Word); !nextIsKey {
				if t.Word == word && next == "" {
					next = a.Tokens[i+1].Word
				}
				out = append(out, a.Name(k.Name)+"="+a.Tokens[i+1].Word)
				i++
				continue
			}
		}
		out = append(out, t.Word)
	}
	cmd := a.cmd.Name
	if a.lang == ZH {
		cmd = HanWord(a.cmd.Name, a.cmd.Aliases)
	}
	return Truncate(cmd+" "+strings.Join(out, " "), 300), next
}

// splitValue is the error for a bare word that a space split off the
// value before it (monthly=15 000, renews=2027 3 1, vendor=Ku Suan): about
// that key, saying how to write the value whole; nil for any other word
// (an emoji or a symbol after a value is not part of it).
func (a *Args) splitValue(word string) *Error {
	var prev Token
	words := word // the word and the bare words after it: model=llama 3.1 8b quotes "llama 3.1 8b"
	for i, t := range a.Tokens {
		if t.Word == word && !t.quoted {
			if i > 0 {
				prev = a.Tokens[i-1]
			}
			for _, n := range a.Tokens[i+1:] {
				if n.Word == "" || n.quoted || n.Sep {
					break
				}
				words += " " + n.Word
			}
			break
		}
	}
	if prev.Key == "" || prev.Value == "" || prev.quoted {
		return nil
	}
	k, ok := LookupKey(a.cmd.Keys, prev.Key)
	if !ok {
		return nil
	}
	name, v := a.Name(k.Name), prev.Value
	if price, paid, ok := Discounted(v + " " + word); ok && k.Kind == Money { // monthly=15000 85折
		pays := name + "=" + strconv.FormatFloat(math.Round(price*paid*100)/100, 'f', -1, 64)
		return Invalidf(a.lang, k.Name, pays, "%s=%s %s is a price with a discount; write the price you pay: %s (%s × %s%%)",
			"%s=%s %s 是价格加折扣；请写折后实付的价格：%s（%s × %s%%）", name, Shown(v), Shown(word), pays, Num(price), Num(paid*100))
	}
	first, _ := utf8.DecodeRuneInString(word)
	digit := func(r rune) bool { return r >= '0' && r <= '9' }
	last, _ := utf8.DecodeLastRuneInString(v)
	lead, _ := utf8.DecodeRuneInString(strings.TrimLeft(v, "¥$+-~"))
	switch {
	case digit(last) && digit(first):
		e := Invalidf(a.lang, k.Name, a.keyExample(k.Name), "%s=%s %s: a space splits the value; write it as one word, without spaces, like %s",
			"%s=%s %s：值被空格分开了；请写成一个词、不加空格，例如 %s", name, Shown(v), Shown(word), a.keyExample(k.Name))
		list := v + "," + word // 时长=600，500，300: every number after it, as a list
		if all := strings.Fields(words); len(all) > 1 && strings.Trim(strings.Join(all, ""), "0123456789.") == "" {
			list = v + "," + strings.Join(all, ",")
		}
		if k.Kind == Hours {
			e.Message += fmt.Sprintf(T(a.lang, "; several cards' hours go comma-separated: %s=%s", "；多张卡的小时数用英文逗号分隔：%s=%s"), name, Shown(list))
		}
		return e
	case digit(last) && unicode.IsLetter(first) && k.Kind != Plain && parses(v+word, k.Kind):
		// notice=2 months, hours=300 h: the unit a space split off its number
		return Invalidf(a.lang, k.Name, name+"="+v+word, "%s=%s %s: a space splits the number from its unit; write them as one word: %s=%s%s",
			"%s=%s %s：数字和单位被空格分开了；请连在一起写：%s=%s%s", name, Shown(v), Shown(word), name, Shown(v), Shown(word))
	case !digit(lead) && (unicode.IsLetter(first) || digit(first)):
		return Invalidf(a.lang, k.Name, a.keyExample(k.Name), "%q after %s=%s is not read: if it belongs to the value, put the value in quotes: %s=\"%s %s\"",
			"%[2]s=%[3]s 后面的 %[1]q 无法识别：如果它属于这个值，请给值加上引号：%[4]s=\"%[5]s %[6]s\"", Shown(words), name, Shown(v), name, Shown(v), Shown(words))
	}
	return nil
}

// parses reports whether s reads as a value of kind.
func parses(s string, kind Kind) bool { _, err := ParseValue(s, kind); return err == nil }
