package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// A config.json is read by one pass over its bytes that checks the syntax
// and notes where each top-level member's value lies; a value is decoded
// only when ParseConfig asks for it. What it accepts is what
// encoding/json's Decoder accepts reading one value (the text after the
// first value is not read), and a key means what it means in the
// map[string]any that Decoder would fill: matched exactly (not folding
// case), escapes decoded, the last of repeated keys winning.

// jsonMember is one member of an object: its key (escapes decoded) and its
// value's raw bytes.
type jsonMember struct{ key, val []byte }

// jsonObject is an object's members in file order.
type jsonObject []jsonMember

// get is the raw value of key k (the last one when repeated), or nil when
// the object has no such key.
func (o jsonObject) get(k string) []byte {
	for i := len(o) - 1; i >= 0; i-- {
		if string(o[i].key) == k {
			return o[i].val
		}
	}
	return nil
}

// maxJSONDepth is encoding/json's limit on nested arrays and objects.
const maxJSONDepth = 10000

// parseTopObject reads the first JSON value of data, which must be an
// object. On anything else it returns the error encoding/json's Decoder
// gives (into a map[string]any), so the message is the one users saw before.
func parseTopObject(data []byte) (jsonObject, error) {
	i := skipSpace(data, 0)
	if i < len(data) && data[i] == '{' {
		o := make(jsonObject, 0, 32)
		if _, ok := parseObject(data, i, 1, &o); ok {
			return o, nil
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var top map[string]any
	if err := dec.Decode(&top); err != nil {
		return nil, err
	}
	return nil, errNotObject
}

var errNotObject = fmt.Errorf("not a JSON object")

// objectOf reads a raw value already checked by parseTopObject as an
// object; ok is false when it is not one.
func objectOf(raw []byte) (o jsonObject, ok bool) {
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	_, ok = parseObject(raw, 0, 1, &o)
	return o, ok
}

func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// parseObject checks the object starting at data[i] ('{'), appending its
// members to *o unless o is nil; end is the index after its '}'.
func parseObject(data []byte, i, depth int, o *jsonObject) (end int, ok bool) {
	i, empty, ok := open(data, i, depth, '}')
	if empty || !ok {
		return i, ok
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return 0, false
		}
		kstart := i
		i, ok = skipString(data, i)
		if !ok {
			return 0, false
		}
		kend := i
		i = skipSpace(data, i)
		if i >= len(data) || data[i] != ':' {
			return 0, false
		}
		i = skipSpace(data, i+1)
		vstart := i
		if i, ok = skipValue(data, i, depth); !ok {
			return 0, false
		}
		if o != nil {
			*o = append(*o, jsonMember{key: unquote(data[kstart:kend]), val: data[vstart:i]})
		}
		var done bool
		if i, done, ok = nextItem(data, i, '}'); done || !ok {
			return i, ok
		}
	}
}

// skipValue checks the value at data[i] (no space before it) and returns the
// index after it; depth counts the arrays and objects it is inside.
func skipValue(data []byte, i, depth int) (int, bool) {
	if i >= len(data) {
		return 0, false
	}
	switch c := data[i]; {
	case c == '"':
		return skipString(data, i)
	case c == '{':
		return parseObject(data, i, depth+1, nil)
	case c == '[':
		return skipArray(data, i, depth+1, nil)
	case c == '-' || c >= '0' && c <= '9':
		return skipNumber(data, i)
	case c == 't':
		return skipLiteral(data, i, "true")
	case c == 'f':
		return skipLiteral(data, i, "false")
	case c == 'n':
		return skipLiteral(data, i, "null")
	}
	return 0, false
}

// skipArray checks the array at data[i] ('['), calling each (when not nil)
// with every element's raw bytes.
func skipArray(data []byte, i, depth int, each func([]byte)) (int, bool) {
	i, empty, ok := open(data, i, depth, ']')
	if empty || !ok {
		return i, ok
	}
	for {
		start := i
		if i, ok = skipValue(data, i, depth); !ok {
			return 0, false
		}
		if each != nil {
			each(data[start:i])
		}
		var done bool
		if i, done, ok = nextItem(data, i, ']'); done || !ok {
			return i, ok
		}
	}
}

// open enters the array or object at data[i] ('[' or '{'): next is its
// first item, or the index after it when it is empty. Past encoding/json's
// depth it is not ok.
func open(data []byte, i, depth int, closing byte) (next int, empty, ok bool) {
	if depth > maxJSONDepth {
		return 0, false, false
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == closing {
		return i + 1, true, true
	}
	return i, false, true
}

// nextItem reads what follows a member or an element at data[i]: the
// container's closing byte (done; next is the index after it) or a comma
// (next is the next item's start).
func nextItem(data []byte, i int, closing byte) (next int, done, ok bool) {
	i = skipSpace(data, i)
	switch {
	case i >= len(data):
		return 0, false, false
	case data[i] == closing:
		return i + 1, true, true
	case data[i] == ',':
		return skipSpace(data, i+1), false, true
	}
	return 0, false, false
}

func skipLiteral(data []byte, i int, lit string) (int, bool) {
	if len(data)-i < len(lit) || string(data[i:i+len(lit)]) != lit {
		return 0, false
	}
	return i + len(lit), true
}

// skipNumber checks JSON's number grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func skipNumber(data []byte, i int) (int, bool) {
	if data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && data[i] >= '1' && data[i] <= '9':
		i = skipDigits(data, i)
	default:
		return 0, false
	}
	if i < len(data) && data[i] == '.' {
		j := skipDigits(data, i+1)
		if j == i+1 {
			return 0, false
		}
		i = j
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		j := skipDigits(data, i)
		if j == i {
			return 0, false
		}
		i = j
	}
	return i, true
}

func skipDigits(data []byte, i int) int {
	for i < len(data) && data[i] >= '0' && data[i] <= '9' {
		i++
	}
	return i
}

// skipString checks the string at data[i] ('"'): no control characters,
// only JSON's escapes. Any other byte passes, as in encoding/json.
func skipString(data []byte, i int) (int, bool) {
	for i++; i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			return i + 1, true
		case c < 0x20:
			return 0, false
		case c == '\\':
			i++
			if i >= len(data) {
				return 0, false
			}
			switch data[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if len(data)-i < 5 {
					return 0, false
				}
				for _, h := range data[i+1 : i+5] {
					if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
						return 0, false
					}
				}
				i += 4
			default:
				return 0, false
			}
		}
	}
	return 0, false
}

// unquote is a checked string's text, as encoding/json decodes it (escapes
// decoded, invalid UTF-8 replaced by U+FFFD); without escapes or invalid
// UTF-8 it is the bytes inside the quotes, not a copy.
func unquote(raw []byte) []byte {
	in := raw[1 : len(raw)-1]
	if bytes.IndexByte(in, '\\') < 0 && utf8.Valid(in) {
		return in
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return in // not reached: raw was checked
	}
	return []byte(s)
}

// jsonString is the text of a raw string value, and false for any other value.
func jsonString(raw []byte) (string, bool) {
	if len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	return string(unquote(raw)), true
}

// isString reports whether raw is the string s (escapes decoded).
func isString(raw []byte, s string) bool {
	return len(raw) > 0 && raw[0] == '"' && string(unquote(raw)) == s
}

func isNull(raw []byte) bool { return string(raw) == "null" }

// jsonFloat is a raw number's value as json.Number.Float64 gives it.
func jsonFloat(raw []byte) (float64, error) {
	// Up to 15 digits is exact in a float64: skip strconv's general path.
	if n := len(raw); n > 0 && n <= 15 {
		v := 0.0
		for _, c := range raw {
			if c < '0' || c > '9' {
				return strconv.ParseFloat(string(raw), 64)
			}
			v = v*10 + float64(c-'0')
		}
		return v, nil
	}
	return strconv.ParseFloat(string(raw), 64)
}

// shown is a raw value as the user should see it in an error: JSON, so a
// string keeps its quotes ("4096" is text, not the number 4096) and an
// object or array reads as written, not as a Go map; escapes decoded and
// object keys sorted (the value decoded and written out again, so the same
// document gives the same words however it was spelled), cut after
// shownMax characters.
func shown(raw []byte) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return string(raw) // not reached: raw was checked
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v) // not reached: decoded JSON encodes
	}
	out := string(bytes.TrimRight(b.Bytes(), "\n"))
	if utf8.RuneCountInString(out) > shownMax {
		r := []rune(out)
		out = string(r[:shownMax]) + "…"
	}
	return out
}

// shownMax is how much of a wrong value an error repeats.
const shownMax = 60
