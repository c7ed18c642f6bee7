package chat

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// Token is one word of a command: a bare word, a key=value pair, or a
// separator (";" or a line break) between groups such as vendors.
type Token struct {
	Key   string // set for key=value
	Value string
	Word  string // set for bare words
	Sep   bool   // a ";" or newline separator

	quoted bool // the value or word was in quotes: k="" is an empty value, not "k= next"
}

// Tokenize splits normalized text into tokens. Double quotes group words with
// spaces ("Ku Suan Yun"); `key=value`, `key = value` and `key= value` are pairs.
// A quote that is never closed is read as a plain character, so it cannot
// swallow the rest of the line.
func Tokenize(s string) []Token {
	toks, closed := tokenize(s, true)
	if !closed {
		toks, _ = tokenize(s, false)
	}
	return toks
}

func tokenize(s string, quoting bool) ([]Token, bool) {
	toks := make([]Token, 0, tokenCount(s))
	// A word is a slice of s while nothing in it was changed (the common
	// case: no allocation); a quote or an invalid byte (read as U+FFFD)
	// switches it to the arena, where every such word is written one
	// after the other and which becomes one string at the end (fixes say
	// which tokens take their words from it).
	var arena []byte
	type fix struct{ tok, from, to, eq int } // eq: the '=' in the word, or -1
	var fixes []fix
	base := 0 // where the word being written starts in the arena
	direct := true
	start, end := -1, -1 // the word so far is s[start:end] while direct
	inQuote := false
	quoted := false
	quoteAt := 0 // length of the word when the quote opened
	toBuilder := func() {
		if arena == nil {
			arena, fixes = make([]byte, 0, len(s)), make([]fix, 0, 16)
		}
		if direct {
			base = len(arena)
			if start >= 0 {
				arena = append(arena, s[start:end]...)
			}
			direct = false
		}
	}
	flush := func() {
		if !direct {
			w := arena[base:]
			eq := bytes.IndexByte(w, '=')
			if quoted {
				eq = bytes.IndexByte(w[:quoteAt], '=')
			}
			fixes = append(fixes, fix{tok: len(toks), from: base, to: len(arena), eq: eq})
			toks = append(toks, Token{quoted: quoted})
			direct, start, end, quoted = true, -1, -1, false
			return
		}
		var w string
		if start >= 0 {
			w = s[start:end]
		}
		start, end = -1, -1
		if w == "" && !quoted {
			return
		}
		if quoted {
			quoted = false
			if i := strings.IndexByte(w[:quoteAt], '='); i >= 0 {
				toks = append(toks, Token{Key: w[:i], Value: w[i+1:], quoted: true})
				return
			}
			toks = append(toks, Token{Word: w, quoted: true})
			return
		}
		toks = append(toks, splitPair(w))
	}
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		at := i
		i += size
		switch {
		case r == '"' && quoting:
			if inQuote {
				inQuote = false
				quoted = true
				continue
			}
			toBuilder()
			inQuote = true
			quoteAt = len(arena) - base
			continue
		case inQuote:
			// the quoted text up to the closing quote, whole when it is
			// valid UTF-8 (else rune by rune, an invalid byte read as U+FFFD)
			end := len(s)
			if k := strings.IndexByte(s[at:], '"'); k >= 0 {
				end = at + k
			}
			if chunk := s[at:end]; utf8.ValidString(chunk) {
				arena = append(arena, chunk...)
				i = end
				continue
			}
			arena = utf8.AppendRune(arena, r)
			continue
		case r == ';' || r == '\n' || r == '\r':
			flush()
			if r == '\r' {
				continue
			}
			if n := len(toks); n == 0 || !toks[n-1].Sep {
				toks = append(toks, Token{Sep: true})
			}
		case r == ' ':
			flush()
		default:
			if r == utf8.RuneError && size == 1 {
				toBuilder()
			}
			if !direct {
				arena = utf8.AppendRune(arena, r)
				continue
			}
			if start < 0 {
				start = at
			}
			end = i
		}
	}
	flush()
	if len(fixes) > 0 {
		words := string(arena)
		for _, f := range fixes {
			w, t := words[f.from:f.to], &toks[f.tok]
			if f.eq >= 0 {
				t.Key, t.Value = w[:f.eq], w[f.eq+1:]
			} else {
				t.Word = w
			}
		}
	}
	return joinPairs(toks), !inQuote
}

// tokenCount is about how many tokens s holds, at most: its runs of
// characters between spaces and separators, and the separators.
func tokenCount(s string) int {
	n, inWord := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\r':
			inWord = false
		case ';', '\n':
			n++
			inWord = false
		default:
			if !inWord {
				n++
			}
			inWord = true
		}
	}
	return n
}

func splitPair(w string) Token {
	if i := strings.IndexByte(w, '='); i >= 0 {
		return Token{Key: w[:i], Value: w[i+1:]}
	}
	return Token{Word: w}
}

// joinPairs mends "key = value", "key= value", "key =value" and key="quoted words",
// in place: a token is written at or before the one being read.
func joinPairs(in []Token) []Token {
	out := in[:0]
	for i := 0; i < len(in); i++ {
		t := in[i]
		switch {
		case t.Key != "" && t.Value == "" && !t.quoted && i+1 < len(in) && in[i+1].Word != "" && in[i+1].Key == "":
			t.Value = in[i+1].Word
			i++
		case t.Word != "" && i+1 < len(in) && in[i+1].Key == "" && in[i+1].Word == "" && !in[i+1].Sep && in[i+1].Value != "":
			// "key =value" tokenizes as word "key" + pair {"", value}
			t = Token{Key: t.Word, Value: in[i+1].Value}
			i++
		case t.Word != "" && i+1 < len(in) && in[i+1].Key == "" && in[i+1].Value == "" && in[i+1].Word == "" && !in[i+1].Sep:
			// "key = value": word, bare "=", word
			if i+2 < len(in) && in[i+2].Word != "" {
				t = Token{Key: t.Word, Value: in[i+2].Word}
				i += 2
			}
		}
		out = append(out, t)
	}
	return out
}

// FormatTokens writes tokens back as text that Tokenize reads as the same
// tokens: pairs as key=value, values and words with spaces (or empty) in
// quotes, separators as ";". A value holding a double quote cannot be
// written back (the language has no escape); Parse never needs to.
func FormatTokens(toks []Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case t.Sep:
			b.WriteByte(';')
		case t.Key == "" && t.Value == "" && t.Word != "" || t.Key == "" && t.Value == "" && t.quoted:
			b.WriteString(quoteIf(t.Word, strings.ContainsAny(t.Word, breaks+"=") || t.Word == ""))
		default:
			b.WriteString(t.Key + "=" + quoteIf(t.Value, strings.ContainsAny(t.Value, breaks) || t.Value == ""))
		}
	}
	return b.String()
}

// breaks are the characters that end a word outside quotes (Tokenize).
const breaks = " ;\n\r"

func quoteIf(s string, q bool) string {
	if q {
		return `"` + s + `"`
	}
	return s
}
