package feishu

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"gpuadvisor/chat"
)

// The card is card JSON 1.0 (config / header / elements): it renders on every
// client since 7.4 (the table component's minimum), ignores rather than
// rejects an unknown attribute, and its buttons' value objects come back in
// card.action.trigger. JSON 2.0 needs client 7.20 and fails a whole message
// on one unsupported attribute.

// Limits of a card message.
const (
	// MaxContentBytes is our budget for the card once it is a JSON string
	// inside the request body, escaped the way the SDK's json.Marshal does.
	// Feishu caps a card message's request body at 30 KB (error 230025,
	// "卡片及富文本消息请求体最大不能超过30KB"); 2 KB are left for the rest of
	// the body (receive_id, msg_type, uuid).
	MaxContentBytes = 28 * 1024
	// maxTables is the most table components one card may hold.
	maxTables = 5
	// maxColumns is the most columns a table shows.
	maxColumns = 50
	// maxPageSize is the table component's largest page.
	maxPageSize = 10
	// maxButtonValue drops a button whose payload would crowd out the answer.
	maxButtonValue = 4000
)

// Caps on single texts, in runes.
const (
	maxTitle   = 100
	maxSummary = 8000
	maxLine    = 4000
	maxCell    = 300
	maxFacts   = 10 // fields per div
)

type cardJSON struct {
	Config   cardConfig `json:"config"`
	Header   cardHeader `json:"header"`
	Elements []any      `json:"elements"`
}

type cardConfig struct {
	WideScreenMode bool `json:"wide_screen_mode"`
	EnableForward  bool `json:"enable_forward"`
	// UpdateMulti makes the card shared: an update (a draft replacing its
	// "working on it") is seen by everyone in the chat.
	UpdateMulti bool `json:"update_multi"`
}

type cardText struct {
	Tag     string `json:"tag"`
	Content string `json:"content"`
}

type cardHeader struct {
	Title    cardText `json:"title"`
	Template string   `json:"template"`
}

type cardDiv struct {
	Tag    string      `json:"tag"`
	Text   *cardText   `json:"text,omitempty"`
	Fields []cardField `json:"fields,omitempty"`
}

type cardField struct {
	IsShort bool     `json:"is_short"`
	Text    cardText `json:"text"`
}

type cardHR struct {
	Tag string `json:"tag"`
}

type cardNote struct {
	Tag      string     `json:"tag"`
	Elements []cardText `json:"elements"`
}

type cardAction struct {
	Tag     string       `json:"tag"`
	Actions []cardButton `json:"actions"`
}

type cardButton struct {
	Tag   string            `json:"tag"`
	Text  cardText          `json:"text"`
	Type  string            `json:"type"`
	Value map[string]string `json:"value"`
}

type cardTable struct {
	Tag       string `json:"tag"`
	PageSize  int    `json:"page_size"`
	RowHeight string `json:"row_height"`
	// FreezeFirstColumn keeps the first column in view while the table
	// scrolls sideways (the component's default is false); set when that
	// column names the rows.
	FreezeFirstColumn bool                `json:"freeze_first_column,omitempty"`
	HeaderStyle       cardTableHeader     `json:"header_style"`
	Columns           []cardColumn        `json:"columns"`
	Rows              []map[string]string `json:"rows"`
}

type cardTableHeader struct {
	Bold            bool   `json:"bold"`
	BackgroundStyle string `json:"background_style"`
	Lines           int    `json:"lines"`
}

type cardColumn struct {
	Name        string `json:"name"`
	DisplayName string `json:"display_name"`
	DataType    string `json:"data_type"`
	Width       string `json:"width"`
}

func plain(s string) cardText { return cardText{Tag: "plain_text", Content: s} }
func md(s string) cardText    { return cardText{Tag: "lark_md", Content: s} }
func mdDiv(s string) cardDiv  { t := md(s); return cardDiv{Tag: "div", Text: &t} }
func bold(s string) string    { return "**" + EscapeMD(s) + "**" }

// Template is the header colour for a reply: red for an error, wathet for an
// acknowledgement, orange when there are warnings, blue otherwise.
func Template(r chat.Reply) string {
	switch {
	case r.Error != nil:
		return "red"
	case r.Deferred:
		return "wathet"
	case len(r.Warnings) > 0 || r.Partial:
		return "orange"
	}
	return "blue"
}

// RenderCard renders a reply as card JSON 1.0, within MaxContentBytes. Every
// text that can hold user or vendor words is escaped (EscapeMD) or plain text.
// When the whole reply does not fit, facts, tables and sections are added in
// order while they fit, and a note says the card was cut; the note is also
// shown when a single over-long text was shortened.
//
// The reply is shortened first (chat.Brief): the decision, the key facts
// and the charts, with a Details button for the rest.
func RenderCard(r chat.Reply) string {
	r = chat.Brief(r)
	lang := r.Lang
	if lang == "" {
		lang = chat.EN
	}
	var rr renderer
	c := rr.newCard(r)
	head, tail := rr.mustElements(r, lang)
	parts := rr.optionalParts(r)
	cut := cardNote{Tag: "note", Elements: []cardText{plain(chat.T(lang,
		"This answer was too long for a Feishu card and was cut. Run the same command in the CLI with --json for all of it.",
		"内容超出飞书卡片长度上限，已截断；完整结果请在命令行加 --json 运行同一命令。"))}}

	full := append(append([]any{}, head...), flatten(parts)...)
	if rr.clipped {
		full = append(full, cut)
	}
	c.Elements = append(full, tail...)
	if s, ok := fits(c); ok {
		return s
	}

	kept := append([]any{}, head...)
	try := func(extra ...any) bool {
		c.Elements = append(append(append(append([]any{}, kept...), extra...), cut), tail...)
		_, ok := fits(c)
		return ok
	}
	for _, p := range parts {
		if try(p.elements...) {
			kept = append(kept, p.elements...)
			continue
		}
		// Keep as much of this part as fits (a binary search on its units),
		// then stop: later parts would read out of order.
		if n := largest(p.size()-1, func(n int) bool { return try(p.shrink(n)...) }); n > 0 {
			kept = append(kept, p.shrink(n)...)
		}
		break
	}
	c.Elements = append(append(kept, cut), tail...)
	if s, ok := fits(c); ok {
		return s
	}
	// The summary alone is too long: keep as much of it as fits with the
	// note, the warnings and the buttons.
	summary := []rune(r.Summary)
	shortened := func(n int) []any {
		return append([]any{mdDiv(EscapeMD(string(summary[:n]) + "…")), cut}, tail...)
	}
	n := largest(len(summary), func(n int) bool { c.Elements = shortened(n); _, ok := fits(c); return ok })
	c.Elements = shortened(n)
	if s, ok := fits(c); ok {
		return s
	}
	c.Elements = []any{cut} // warnings or buttons alone overflow: only the note
	s, _ := fits(c)
	return s
}

// largest is the largest n in [0, max] for which ok holds, ok being true up
// to some n and false after (0 when it never holds).
func largest(max int, ok func(int) bool) int {
	lo, hi := 0, max
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if ok(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// renderer notes whether a text had to be shortened.
type renderer struct{ clipped bool }

// clip cuts s to n runes ("…" at the end) and remembers that it did.
func (rr *renderer) clip(s string, n int) string {
	t := chat.Truncate(s, n)
	if len(t) != len(s) {
		rr.clipped = true
	}
	return t
}

func (rr *renderer) newCard(r chat.Reply) cardJSON {
	title := r.Title
	if title == "" {
		title = "gpuadvisor"
	}
	return cardJSON{
		Config: cardConfig{WideScreenMode: true, EnableForward: true, UpdateMulti: true},
		Header: cardHeader{Title: plain(rr.clip(title, maxTitle)), Template: Template(r)},
	}
}

// mustElements are always shown: the summary first; warnings, the partial
// note and the buttons last.
func (rr *renderer) mustElements(r chat.Reply, lang chat.Lang) (head, tail []any) {
	if r.Summary != "" {
		head = append(head, mdDiv(EscapeMD(rr.clip(r.Summary, maxSummary))))
	}
	if len(r.Warnings) > 0 {
		var b strings.Builder
		b.WriteString(bold(chat.T(lang, "Warnings", "注意")))
		for i, w := range r.Warnings {
			if i == 20 {
				fmt.Fprintf(&b, "\n%s", EscapeMD(fmt.Sprintf(chat.T(lang, "…and %d more", "……另有 %d 条"), len(r.Warnings)-i)))
				break
			}
			b.WriteString("\n⚠️ ")
			b.WriteString(EscapeMD(rr.clip(w, maxLine/4)))
		}
		tail = append(tail, cardHR{Tag: "hr"}, mdDiv(b.String()))
	}
	if r.Partial {
		tail = append(tail, cardNote{Tag: "note", Elements: []cardText{plain(chat.T(lang,
			"Partial result: some input could not be read; see the warnings.",
			"部分结果：部分输入无法读取，见上方提示。"))}})
	}
	if bs := buttons(r, lang); len(bs) > 0 {
		tail = append(tail, cardAction{Tag: "action", Actions: bs})
	}
	return head, tail
}

func buttons(r chat.Reply, lang chat.Lang) []cardButton {
	var out []cardButton
	for _, b := range r.Buttons {
		if len(b.Value) > maxButtonValue {
			continue
		}
		typ := "default"
		if len(out) == 0 {
			typ = "primary"
		}
		out = append(out, cardButton{
			Tag:   "button",
			Text:  plain(chat.Truncate(b.Label, 40)),
			Type:  typ,
			Value: map[string]string{"action": b.Action, "value": b.Value, "lang": string(lang)},
		})
	}
	return out
}

// fits marshals the card and checks the size it will have as the "content"
// string of the send request (json.Marshal escapes quotes, <, >, & and
// newlines, so this is what Feishu counts).
func fits(c cardJSON) (string, bool) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(c); err != nil {
		return "", false
	}
	s := strings.TrimSuffix(buf.String(), "\n")
	return s, quotedLen(s) <= MaxContentBytes
}

// quotedLen is len(json.Marshal(s)) without building it.
func quotedLen(s string) int {
	n := 2
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t':
			n += 2
		case c < 0x20 || c == '<' || c == '>' || c == '&':
			n += 6
		case c == 0xe2 && i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xa8 || s[i+2] == 0xa9):
			n += 6 // U+2028, U+2029 become \u2028, \u2029
			i += 2
		default:
			n++
		}
	}
	return n
}
