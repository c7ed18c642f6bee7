package quote

import (
	"fmt"
	"strings"

	"gpuadvisor/chat"
)

// pair is one key=value as typed, with its spec.
type pair struct {
	spec  *keySpec
	typed string // the key as typed
	raw   string // the value as typed
	where string // a position for messages ("quotes.yaml line 7"), or ""
}

// draft is one vendor's quote before its values are read.
type draft struct {
	name  string // "" until named
	index int    // 1-based position among vendors
	where string // a position for messages, or ""
	pairs []pair
}

// label is how messages name the vendor: its name, or its position.
func (d *draft) label(lang chat.Lang) string {
	if d.name != "" {
		return d.name
	}
	return fmt.Sprintf(chat.T(lang, "vendor %d", "第%d家"), d.index)
}

// has reports whether the vendor already has a value for the key.
func (d *draft) has(name string) bool {
	for _, p := range d.pairs {
		if p.spec.name == name {
			return true
		}
	}
	return false
}

// problem is input that could not be used. Dropped marks a vendor left out.
type problem struct {
	Vendor  string `json:"vendor,omitempty"`
	Key     string `json:"key,omitempty"`
	Message string `json:"message"`
	Example string `json:"example,omitempty"`
	Dropped bool   `json:"dropped,omitempty"`
}

// input is everything read from the command line and the file.
type input struct {
	globals  []pair
	vendors  []*draft
	problems []problem
}

func (in *input) newVendor(name, where string) *draft {
	d := &draft{name: name, index: len(in.vendors) + 1, where: where}
	in.vendors = append(in.vendors, d)
	return d
}

// parseTokens reads vendors from the command's tokens. A ";" or line break
// ends a vendor; "A:" (or vendor=A, name=A, or bare words before the first
// vendor key of a group: "A price=35") starts one; keys that apply to all
// vendors (hours, run_tokens) given outside a vendor are global.
func parseTokens(lang chat.Lang, toks []chat.Token, in *input) {
	var cur *draft
	var pending []string // bare words not yet read: the start of a label, or noise
	flushPending := func() {
		for _, w := range pending {
			who := ""
			if cur != nil {
				who = cur.label(lang)
			}
			msg := fmt.Sprintf(chat.T(lang, "could not read %q: write key=value (price=35), or end a vendor's name with a colon (A:)",
				"无法读取 %q：请写成 key=value（如 单价=35），或用冒号标出供应商名（A:）"), w)
			if who != "" {
				msg = who + chat.T(lang, ": ", "：") + msg
			}
			in.problems = append(in.problems, problem{Vendor: who, Key: w, Example: "A: price=35 cards=8", Message: msg})
		}
		pending = nil
	}
	startLabel := func(name string) {
		pending = nil
		cur = in.newVendor(name, "")
	}
	for _, t := range toks {
		switch {
		case t.Sep:
			flushPending()
			cur = nil
		case t.Word != "":
			w := t.Word
			switch {
			case fillers[strings.ToLower(w)]:
			case w == ":":
				if len(pending) > 0 {
					startLabel(strings.Join(pending, " "))
				}
			case strings.HasSuffix(w, ":"):
				startLabel(strings.TrimSpace(strings.Join(append(pending, strings.TrimRight(w, ":")), " ")))
			default:
				pending = append(pending, w)
			}
		default:
			key, val := t.Key, t.Value
			if i := strings.LastIndexByte(key, ':'); i >= 0 { // "A:price=35"
				if name := strings.TrimSpace(strings.Join(append(pending, key[:i]), " ")); name != "" {
					startLabel(name)
				}
				key = key[i+1:]
			}
			if spec, ok := lookupKey(key); ok && len(pending) > 0 && spec.scope == vendorOnly && spec.name != "name" && (cur == nil || cur.has(spec.name)) {
				// "A price=35 cards=8; B price=29": words before a vendor's
				// first key, at the start of a group or before a key the
				// current vendor already has, are the next vendor's name.
				startLabel(strings.Join(pending, " "))
			}
			flushPending()
			cur = addPair(lang, in, cur, key, val, "")
		}
	}
	flushPending()
}

// addPair files one key=value under the globals or a vendor and returns the
// current vendor.
func addPair(lang chat.Lang, in *input, cur *draft, key, val, where string) *draft {
	val = strings.TrimSpace(val)
	spec, ok := lookupKey(key)
	if !ok {
		who := ""
		if cur != nil {
			who = cur.label(lang)
		}
		msg := fmt.Sprintf(chat.T(lang, "unknown key %q; quote keys: %s", "无法识别的参数 %q；可用参数：%s"), key, keyNames())
		ex := "price=35"
		if s := suggestKey(key); s != "" && key != "" {
			msg = fmt.Sprintf(chat.T(lang, "unknown key %q: did you mean %s?", "无法识别的参数 %q：是不是想写 %s？"), key, s)
			ex = s + "=" + val
		}
		if who != "" {
			msg = who + chat.T(lang, ": ", "：") + msg
		}
		if where != "" {
			msg = where + chat.T(lang, ": ", "：") + msg
		}
		in.problems = append(in.problems, problem{Vendor: who, Key: key, Message: msg, Example: ex})
		return cur
	}
	p := pair{spec: spec, typed: key, raw: val, where: where}
	switch {
	case spec.name == "name":
		name := strings.TrimSpace(strings.TrimRight(val, ":"))
		if cur == nil || cur.name != "" {
			return in.newVendor(name, where)
		}
		cur.name = name
		return cur
	case spec.scope == globalOnly, spec.scope == either && cur == nil:
		in.globals = append(in.globals, p)
		return cur
	}
	if cur == nil {
		cur = in.newVendor("", where)
	}
	cur.pairs = append(cur.pairs, p)
	return cur
}
