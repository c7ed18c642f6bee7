package quote

import (
	"fmt"
	"strings"

	"gpuadvisor/advisor/tco"
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
	fatal    *chat.Error // the first input that makes the whole comparison wrong
}

// refuse keeps the first error that makes the whole comparison unfair.
func (in *input) refuse(e *chat.Error) {
	if in.fatal == nil {
		in.fatal = e
	}
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
	toks = unquoteVendors(toks)
	var cur *draft
	var pending []string // bare words not yet read: the start of a label, or noise
	flushPending := func() {
		for _, w := range pending {
			who := ""
			if cur != nil {
				who = cur.label(lang)
			}
			msg := fmt.Sprintf(chat.T(lang, "could not read %q: write key=value (price=35), or end a vendor's name with a colon (A:)",
				"无法读取 %q：请写成 参数=值（如 单价=35），或用冒号标出供应商名（A:）"), w)
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
			case fillers.Get()[strings.ToLower(w)]:
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
			if spec, ok := lookupKey(key); ok && len(pending) > 0 && spec.scope == vendorKey && spec.name != "name" && (cur == nil || cur.has(spec.name)) {
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

// unquoteVendors reads a quoted group of vendors ("A: price=35; B:
// price=29", as a shell needs it) as the vendors it holds: a quoted word
// with a key=value or a separator inside is part of the message, not a name.
func unquoteVendors(toks []chat.Token) []chat.Token {
	var out []chat.Token
	for i, t := range toks {
		if t.Word != "" && strings.Contains(t.Word, " ") && strings.ContainsAny(t.Word, "=;\n") {
			if out == nil {
				out = append(make([]chat.Token, 0, 2*len(toks)), toks[:i]...)
			}
			out = append(out, chat.Tokenize(t.Word)...)
			continue
		}
		if out != nil {
			out = append(out, t)
		}
	}
	if out == nil {
		return toks
	}
	return out
}

// addPair files one key=value under the globals or a vendor and returns the
// current vendor.
func addPair(lang chat.Lang, in *input, cur *draft, key, val, where string) *draft {
	val = strings.TrimSpace(val)
	spec, ok := lookupKey(key)
	if !ok {
		// An unknown key is an error, never a ranking without it: a fee
		// typed under the wrong name would silently drop out of the total.
		who := ""
		if cur != nil {
			who = cur.label(lang)
		}
		msg := fmt.Sprintf(chat.T(lang, "unknown key %q; quote keys: %s", "无法识别的参数 %q；可用参数：%s"), key, keyNamesIn(lang))
		ex := Example
		if s := suggestKey(key); s != "" && key != "" {
			msg = fmt.Sprintf(chat.T(lang, "unknown key %q: did you mean %s? Quote keys: %s", "无法识别的参数 %q：是不是想写 %s？可用参数：%s"), key, keyWord(lang, s), keyNamesIn(lang))
			ex = s + "=" + val
		}
		if who != "" {
			msg = who + chat.T(lang, ": ", "：") + msg
		}
		if where != "" {
			msg = where + chat.T(lang, ": ", "：") + msg
		}
		in.refuse(&chat.Error{Code: chat.CodeInvalid, Key: key, Message: msg, Example: ex})
		return cur
	}
	p := pair{spec: spec, typed: key, raw: val, where: where}
	switch {
	case spec.part == bare && !includedWords.Get()[strings.ToLower(val)]:
		in.refuse(bareQuantity(lang, spec, key, val))
		return cur
	case spec.name == "name":
		name := strings.TrimSpace(strings.TrimRight(val, ":"))
		if cur == nil || cur.name != "" {
			return in.newVendor(name, where)
		}
		cur.name = name
		return cur
	case spec.scope == workloadKey && cur == nil:
		in.globals = append(in.globals, p)
		return cur
	case spec.scope == workloadKey:
		in.refuse(workloadChange(lang, cur.label(lang), spec, key, val))
		return cur
	}
	if cur == nil {
		cur = in.newVendor("", where)
	}
	cur.pairs = append(cur.pairs, p)
	return cur
}

// bareQuantity refuses storage=2000: GB or yuan? A volume belongs to the
// workload with a unit price per vendor, or the vendor states a fee. A
// value whose unit says which it is (0.3元/GB/月, 2TB, ¥600) is pointed to
// the key for it.
func bareQuantity(lang chat.Lang, spec *keySpec, typed, val string) *chat.Error {
	l := spec.line
	vk, pk, fk := tco.VolumeKey(l), tco.PriceKey(l), tco.FeeKey(l)
	s := strings.ToLower(chat.Normalize(val))
	switch {
	case strings.Contains(s, "/g") || strings.Contains(s, "/t") || strings.Contains(s, "每g") || strings.Contains(s, "每t"): // 0.3元/GB/月, 300/TB
		return chat.Invalidf(lang, spec.name, fmt.Sprintf("quote cards=8 %s=2000 A: price=35 %s=%s; B: price=29 %s=0.25", vk, pk, val, pk),
			"%s=%s is a price per GB: write it as %s=%s, with the GB once for the workload before the first vendor (%s=2000)",
			"%s=%s 是每 GB 的单价：请写成 %s=%s，并在第一家之前写一次用量（%s=2000）", typed, val, pk, val, vk)
	case strings.ContainsAny(s, "¥$元块") || strings.Contains(s, "rmb"): // ¥600, 600元/月
		return chat.Invalidf(lang, spec.name, fmt.Sprintf("quote cards=8 A: price=35 %s=%s; B: price=29 %s=¥600", fk, val, fk),
			"%s=%s is an amount of money: write this vendor's monthly fee as %s=%s",
			"%s=%s 是金额：请把这家每月的费用写成 %s=%s", typed, val, fk, val)
	}
	if _, err := chat.ParseValue(val, chat.GB); err == nil && strings.Trim(s, "0123456789., ") != "" { // 2TB, 500GB
		return chat.Invalidf(lang, spec.name, fmt.Sprintf("quote cards=8 %s=%s A: price=35 %s=0.3; B: price=29 %s=0.25", vk, val, pk, pk),
			"%s=%s is a volume: give it once for the workload as %s=%s before the first vendor, with each vendor's %s=",
			"%s=%s 是用量：请在第一家之前写一次 %s=%s，再给每家写 %s=", typed, val, vk, val, pk)
	}
	return chat.Invalidf(lang, spec.name, fmt.Sprintf("quote cards=8 %s=%s A: price=35 %s=0.3; B: price=29 %s=¥600", vk, val, pk, fk),
		"%s=%s is ambiguous: GB or yuan? Give the volume once for the workload as %s=%s before the first vendor, with each vendor's %s=, or the vendor's monthly amount as %s=¥%s",
		"%s=%s 有歧义：是GB还是元？请在第一家之前写一次用量 %s=%s，再给每家写 %s=；或写这家每月的费用 %s=¥%s",
		typed, val, vk, val, pk, fk, val)
}

// workloadChange refuses a vendor that states its own workload: two vendors
// would be priced on different work.
func workloadChange(lang chat.Lang, who string, spec *keySpec, typed, val string) *chat.Error {
	own := ""
	switch spec.name {
	case "cards":
		own = chat.T(lang, "; if this vendor rents another card count on purpose (whole 8-card machines, say), write own_cards="+val,
			"；如果这家确实按不同卡数出租（如只租整台8卡机），请写 own_cards="+val)
	case "hours":
		own = chat.T(lang, "; if this vendor bills other hours on purpose, write own_hours="+val,
			"；如果这家确实按不同小时数计费，请写 own_hours="+val)
	}
	return chat.Invalidf(lang, spec.name, fmt.Sprintf("quote %s=%s A: price=35; B: price=29", spec.name, val),
		"%s: %s=%s is part of the workload, the same for every vendor: write it once before the first vendor%s",
		"%s：%s=%s 属于工作负载，对每家都一样：请在第一家之前写一次%s", who, typed, val, own)
}
