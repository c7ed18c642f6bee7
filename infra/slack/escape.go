package slack

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Escape makes s safe to show in any Slack text object: &, < and > become
// &amp;, &lt; and &gt; (Slack's control characters, so "<!channel>",
// "<@U123>" and "<https://x|y>" stay literal text), and the bare broadcast
// words @channel, @here and @everyone get an invisible word joiner after the @
// so no client or parse mode can turn them into a notification.
func Escape(s string) string {
	if !strings.ContainsAny(s, "&<>@") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '@':
			b.WriteByte('@')
			if broadcastAt(s[i+1:]) {
				b.WriteString(wordJoiner)
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// wordJoiner (U+2060) is invisible and breaks the word after an @.
const wordJoiner = "\u2060"

var broadcastWords = []string{"channel", "here", "everyone"}

func broadcastAt(rest string) bool {
	for _, w := range broadcastWords {
		if len(rest) >= len(w) && strings.EqualFold(rest[:len(w)], w) {
			return true
		}
	}
	return false
}

// Unescape undoes the escaping Slack applies to text it sends us (&amp;,
// &lt;, &gt;), so "a&lt;b" typed in a slash command reads as "a<b".
func Unescape(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	s = strings.ReplaceAll(s, "&lt;", "<")
	s = strings.ReplaceAll(s, "&gt;", ">")
	return strings.ReplaceAll(s, "&amp;", "&")
}

// slackLen is the length Slack's limits are checked against. Slack counts
// characters; we count UTF-16 code units, which is never less than the number
// of characters, so a text that fits here fits there. (Ranging over a
// string yields no surrogate, so utf16.RuneLen is 1 or 2.)
func slackLen(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// escapedRuneLen is the length rune r takes once escaped.
func escapedRuneLen(r rune) int {
	switch r {
	case '&':
		return 5
	case '<', '>':
		return 4
	case '@':
		return 2 // room for a word joiner
	}
	return utf16.RuneLen(r)
}

const ellipsis = "…"

// fit escapes raw and cuts it so the result is at most max long (slackLen),
// ending with "…" when it was cut. It never cuts inside an entity.
func fit(raw string, max int) (string, bool) {
	raw = strings.ToValidUTF8(raw, "\uFFFD") // a bad byte must count as the one character JSON makes of it
	if e := Escape(raw); slackLen(e) <= max {
		return e, false
	}
	n, end := 0, 0
	for i, r := range raw {
		l := escapedRuneLen(r)
		if n+l > max-1 {
			break
		}
		n += l
		end = i + utf8.RuneLen(r)
	}
	return Escape(raw[:end]) + ellipsis, true
}

// pieces escapes raw and splits it into parts of at most max each, on rune
// boundaries and never inside an entity. It is used for a single line that is
// too long for one text object.
func pieces(raw string, max int) []string {
	raw = strings.ToValidUTF8(raw, "\uFFFD")
	var out []string
	start, n := 0, 0
	for i, r := range raw {
		l := escapedRuneLen(r)
		if n+l > max && i > start {
			out = append(out, Escape(raw[start:i]))
			start, n = i, 0
		}
		n += l
	}
	if start < len(raw) {
		out = append(out, Escape(raw[start:]))
	}
	return out
}

// packer joins lines with newlines into texts of at most max each (slackLen),
// so a long list becomes several sections instead of one that Slack rejects.
type packer struct {
	max    int
	out    []string
	cur    strings.Builder
	curLen int
	count  int
}

// addEscaped adds a line that is already escaped and at most max long.
func (p *packer) addEscaped(line string) {
	l := slackLen(line)
	if p.count > 0 && p.curLen+1+l > p.max {
		p.flush()
	}
	if p.count > 0 {
		p.cur.WriteByte('\n')
		p.curLen++
	}
	p.cur.WriteString(line)
	p.curLen += l
	p.count++
}

// addRaw adds one raw line, escaping it and splitting it when it is too long.
// lead is put in front of the line (a bullet), already escaped.
func (p *packer) addRaw(lead, raw string) {
	if e := lead + Escape(raw); slackLen(e) <= p.max {
		p.addEscaped(e)
		return
	}
	for i, part := range pieces(raw, p.max-slackLen(lead)) {
		if i == 0 {
			part = lead + part
		}
		p.flush()
		p.addEscaped(part)
	}
}

func (p *packer) flush() {
	if p.count > 0 {
		p.out = append(p.out, p.cur.String())
	}
	p.cur.Reset()
	p.curLen, p.count = 0, 0
}

func (p *packer) texts() []string {
	p.flush()
	return p.out
}
