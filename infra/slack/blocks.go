package slack

import (
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/chat"
)

// Block Kit limits (docs.slack.dev/reference/block-kit): a message that
// breaks one is rejected whole by Slack with invalid_blocks.
const (
	MaxBlocks      = 50   // blocks per message
	MaxSectionText = 3000 // characters in a section's text
	MaxFields      = 10   // fields per section
	MaxFieldText   = 2000 // characters per field
	MaxHeaderText  = 150  // characters in a header
	MaxButtonText  = 75   // characters on a button
	MaxButtonValue = 2000 // characters in a button's value
	MaxActionID    = 255  // characters in an action_id
	MaxActions     = 25   // elements in an actions block
	MaxContextText = 3000 // characters per context element (we stay far below)
)

// maxFallback bounds the message's top-level text, the notification and
// screen-reader fallback for the blocks.
const maxFallback = 500

// Response types of a slash-command or response_url message.
const (
	InChannel = "in_channel"
	Ephemeral = "ephemeral"
)

// ActionsBlockID is the block_id of the buttons under an answer.
const ActionsBlockID = "gpuadvisor_actions"

// Message is a Slack message built from a chat.Reply: the JSON body of a
// slash-command response, and the content of a response_url post or a
// chat.postMessage.
type Message struct {
	// ResponseType is InChannel, or Ephemeral for private replies (help,
	// errors, --private, acknowledgements).
	ResponseType string `json:"response_type,omitempty"`
	// Text is the fallback shown in notifications; already escaped.
	Text string `json:"text"`
	// Blocks are the Block Kit blocks, within Slack's limits.
	Blocks []slackapi.Block `json:"blocks"`
	// Shortened reports that something was cut to fit; the blocks then end
	// with a visible note saying so.
	Shortened bool `json:"-"`
}

// Render turns a reply into Block Kit: a header (title), the summary, the
// facts as fields, each chart as a data_visualization block with its bar
// line, the first table as a native table block and the others as code
// blocks, the reasoning sections, warnings,
// a context line for partial answers and an actions block with the buttons.
// It never exceeds a Block Kit limit: long text is split over several
// sections and, past 50 blocks, the rest is dropped with a visible note.
// Every piece of reply text is escaped (see Escape).
//
// The reply is shortened first (chat.Brief): the decision, the key facts
// and the charts, with a Details button for the rest.
func Render(rep chat.Reply) Message {
	rep = chat.Brief(rep)
	b := &builder{lang: rep.Lang, limit: MaxBlocks - 1} // one kept for the note
	if len(rep.Buttons) > 0 {
		b.limit--
	}
	if strings.TrimSpace(rep.Title) != "" {
		text, cut := fit(rep.Title, MaxHeaderText)
		b.cut = b.cut || cut
		b.add(slackapi.NewHeaderBlock(plain(text)))
	}
	if rep.Summary != "" {
		p := &packer{max: MaxSectionText}
		for _, line := range strings.Split(rep.Summary, "\n") {
			p.addRaw("", line)
		}
		b.sections(p.texts())
	}
	b.facts(rep.Facts)
	for _, c := range rep.Charts {
		for _, bl := range chartBlocks(rep.Lang, c) {
			b.add(bl)
		}
	}
	native := false // Slack takes one table block per message
	for _, t := range rep.Tables {
		if !native {
			if tb, ok := tableBlock(t, &b.cut); ok {
				native = true
				if strings.TrimSpace(t.Title) != "" {
					title, cut := fit(t.Title, MaxSectionText-2)
					b.cut = b.cut || cut
					b.add(slackapi.NewSectionBlock(mrkdwn("*"+title+"*"), nil, nil))
				}
				b.add(tb)
				continue
			}
		}
		b.sections(tableTexts(t, &b.cut))
	}
	for _, s := range rep.Sections {
		b.sections(listTexts(s.Title, "• ", s.Lines, &b.cut))
	}
	if rep.Redline != nil {
		b.sections(redlineTexts(rep.Lang, rep.Redline))
	}
	if len(rep.Warnings) > 0 {
		b.sections(listTexts(chat.T(rep.Lang, "Warnings", "注意"), ":warning: ", rep.Warnings, &b.cut))
	}
	if rep.Partial {
		b.add(slackapi.NewContextBlock("", mrkdwn(chat.T(rep.Lang,
			"Partial answer: some input could not be read; see the warnings.",
			"部分结果：部分输入无法读取，见上方提示。"))))
	}
	if len(b.blocks) == 0 {
		b.add(slackapi.NewSectionBlock(mrkdwn(fallback(rep)), nil, nil))
	}
	var actions slackapi.Block
	if len(rep.Buttons) > 0 {
		actions = b.actions(rep.Buttons)
	}
	if b.dropped > 0 || b.cut {
		b.blocks = append(b.blocks, b.note())
	}
	if actions != nil {
		b.blocks = append(b.blocks, actions)
	}
	typ := InChannel
	if rep.Private {
		typ = Ephemeral
	}
	return Message{ResponseType: typ, Text: fallback(rep), Blocks: b.blocks, Shortened: b.dropped > 0 || b.cut}
}

type builder struct {
	lang    chat.Lang
	blocks  []slackapi.Block
	limit   int // content blocks allowed
	dropped int // content blocks that did not fit
	cut     bool
}

func (b *builder) add(bl slackapi.Block) {
	if len(b.blocks) >= b.limit {
		b.dropped++
		return
	}
	b.blocks = append(b.blocks, bl)
}

// sections adds one mrkdwn section per text (each already within limits);
// blank texts are skipped, as Slack rejects them.
func (b *builder) sections(texts []string) {
	for _, t := range texts {
		if strings.TrimSpace(t) != "" {
			b.add(slackapi.NewSectionBlock(mrkdwn(t), nil, nil))
		}
	}
}

// facts adds the facts as fields, ten per section, "*label*\nvalue".
func (b *builder) facts(facts []chat.Fact) {
	var fields []*slackapi.TextBlockObject
	for _, f := range facts {
		if strings.TrimSpace(f.Label) == "" && strings.TrimSpace(f.Value) == "" {
			continue
		}
		head := ""
		if strings.TrimSpace(f.Label) != "" {
			label, cut := fit(f.Label, MaxFieldText/4)
			head = "*" + label + "*\n"
			b.cut = b.cut || cut
		}
		value, cut := fit(f.Value, MaxFieldText-slackLen(head))
		b.cut = b.cut || cut
		if strings.TrimSpace(value) == "" {
			value = "—"
		}
		fields = append(fields, mrkdwn(head+value))
		if len(fields) == MaxFields {
			b.add(slackapi.NewSectionBlock(nil, fields, nil))
			fields = nil
		}
	}
	if len(fields) > 0 {
		b.add(slackapi.NewSectionBlock(nil, fields, nil))
	}
}

// note is the visible mark that the answer was shortened.
func (b *builder) note() slackapi.Block {
	text := chat.T(b.lang,
		"Shortened to fit Slack's limits. Run the same command in the gpuadvisor CLI for the full answer.",
		"为符合 Slack 的长度限制，回复已截短。在 gpuadvisor 命令行运行同一命令可看到完整回复。")
	if b.dropped > 0 {
		text = fmt.Sprintf(chat.T(b.lang,
			"Shortened to fit Slack's limits: %d more parts not shown. Run the same command in the gpuadvisor CLI for the full answer.",
			"为符合 Slack 的长度限制，回复已截短：另有 %d 部分未显示。在 gpuadvisor 命令行运行同一命令可看到完整回复。"), b.dropped)
	}
	return slackapi.NewContextBlock("", mrkdwn(":scissors: "+text))
}

// actions renders the buttons: action_id is the chat action (made unique in
// the block with a "#n" suffix, see buttonAction) and value the command text
// the button continues from.
func (b *builder) actions(buttons []chat.Button) slackapi.Block {
	var els []slackapi.BlockElement
	seen := map[string]int{}
	for i, bt := range buttons {
		if i == MaxActions {
			b.cut = true
			break
		}
		id := strings.TrimSpace(bt.Action)
		if id == "" {
			id = "button"
		}
		if len(id) > MaxActionID-8 {
			id = strings.ToValidUTF8(id[:MaxActionID-8], "")
		}
		if id == "" { // the cut left no valid character
			id = "button"
		}
		seen[id]++
		if n := seen[id]; n > 1 {
			id = fmt.Sprintf("%s#%d", id, n)
		}
		label, cut := fit(bt.Label, MaxButtonText)
		b.cut = b.cut || cut
		if strings.TrimSpace(label) == "" {
			label, _ = fit(id, MaxButtonText)
		}
		el := slackapi.NewButtonBlockElement(id, buttonValue(bt.Value), plain(label))
		if i == 0 {
			el.Style = slackapi.StylePrimary
		}
		els = append(els, el)
	}
	return slackapi.NewActionBlock(ActionsBlockID, els...)
}

// buttonAction undoes the "#n" suffix actions adds to repeated action ids.
func buttonAction(actionID string) string {
	if i := strings.LastIndexByte(actionID, '#'); i > 0 {
		return actionID[:i]
	}
	return actionID
}

// buttonValue keeps a button's value within Slack's limit, cutting at the
// last space so it still ends on a whole key=value pair.
func buttonValue(v string) string {
	if slackLen(v) <= MaxButtonValue {
		return v
	}
	n, end := 0, 0
	for i, r := range v {
		if n += utf16.RuneLen(r); n > MaxButtonValue {
			break
		}
		if r == ' ' {
			end = i
		}
	}
	return v[:end]
}

// maxCell bounds a table cell: columns are padded to their widest cell, so
// one long cell would otherwise widen every row.
const maxCell = 200

// tableTexts renders a table as aligned monospace text in code blocks, the
// title in bold above the first; a table too long for one section continues
// in the next with its header repeated. Cells longer than maxCell are cut
// (setting *cut).
func tableTexts(t chat.Table, cut *bool) []string {
	const fence = "```"
	clipCells := func(cells []string) []string {
		out := make([]string, len(cells))
		for i, c := range cells {
			c = strings.ReplaceAll(c, "\n", " ")
			if utf8.RuneCountInString(c) > maxCell {
				c, *cut = chat.Truncate(c, maxCell), true
			}
			out[i] = c
		}
		return out
	}
	clipped := chat.Table{Header: clipCells(t.Header)}
	for _, r := range t.Rows {
		clipped.Rows = append(clipped.Rows, clipCells(r))
	}
	rendered := chat.RenderTextWidth(chat.Reply{Tables: []chat.Table{clipped}}, 0)
	var lines []string
	for _, l := range strings.Split(strings.Trim(rendered, "\n"), "\n") {
		l = strings.TrimPrefix(l, "  ")
		lines = append(lines, strings.ReplaceAll(l, fence, "ˋˋˋ"))
	}
	widest := 0
	for _, l := range lines {
		widest = max(widest, chat.Width(l))
	}
	if widest > maxTableWidth {
		return listTable(t.Title, clipped, cut)
	}
	title := ""
	if strings.TrimSpace(t.Title) != "" {
		var c bool
		title, c = fit(t.Title, MaxSectionText/4)
		title, *cut = "*"+title+"*\n", *cut || c
	}
	budget := MaxSectionText - slackLen(title) - 2*len(fence) - 2
	atoms := func(raw []string, max int) []string {
		var out []string
		for _, l := range raw {
			if l == "" {
				out = append(out, "")
				continue
			}
			out = append(out, pieces(l, max)...)
		}
		return out
	}
	var head []string
	bodyLines := lines
	if len(t.Header) > 0 && len(lines) >= 2 {
		head, bodyLines = atoms(lines[:2], budget), lines[2:]
	}
	headLen := 0
	for _, h := range head {
		headLen += slackLen(h) + 1
	}
	if headLen > budget/3 { // too wide to repeat: print it once, as body
		head, headLen, bodyLines = nil, 0, lines
	}
	body := atoms(bodyLines, budget-headLen)
	var out []string
	cur, curLen, n := append([]string(nil), head...), headLen, 0
	emit := func() {
		out = append(out, title+fence+"\n"+strings.Join(cur, "\n")+"\n"+fence)
		title = ""
		cur, curLen, n = append([]string(nil), head...), headLen, 0
	}
	for _, l := range body {
		if n > 0 && curLen+slackLen(l)+1 > budget {
			emit()
		}
		cur = append(cur, l)
		curLen += slackLen(l) + 1
		n++
	}
	if n > 0 || len(out) == 0 {
		emit()
	}
	return out
}

// maxTableWidth is the widest table (in monospace columns) shown as a grid;
// wider ones wrap in Slack's code blocks and read better as a list.
const maxTableWidth = 100

// listTable renders a table too wide for a grid as a list, one row per item:
// "• *first cell* — header: cell · header: cell".
func listTable(title string, t chat.Table, cut *bool) []string {
	var lines []string
	var leads []string
	for _, row := range t.Rows {
		first, rest := "", []string{}
		for j, c := range row {
			if strings.TrimSpace(c) == "" {
				continue
			}
			if j == 0 {
				first = c
				continue
			}
			if j < len(t.Header) && strings.TrimSpace(t.Header[j]) != "" {
				c = t.Header[j] + ": " + c
			}
			rest = append(rest, c)
		}
		lead := "• "
		if first != "" {
			lead += "*" + Escape(first) + "*"
			if len(rest) > 0 {
				lead += " — "
			}
		}
		leads = append(leads, lead)
		lines = append(lines, strings.Join(rest, " · "))
	}
	p := &packer{max: MaxSectionText}
	if strings.TrimSpace(title) != "" {
		tt, c := fit(title, MaxSectionText/4)
		p.addEscaped("*" + tt + "*")
		*cut = *cut || c
	}
	for i, l := range lines {
		p.addRaw(leads[i], l)
	}
	return p.texts()
}

// listTexts renders a titled list: "*title*" then one "lead line" per line,
// split over as many section texts as needed. A title too long is cut
// (setting *cut).
func listTexts(title, lead string, lines []string, cut *bool) []string {
	p := &packer{max: MaxSectionText}
	if strings.TrimSpace(title) != "" {
		t, c := fit(title, MaxSectionText/4)
		p.addEscaped("*" + t + "*")
		*cut = *cut || c
	}
	for _, l := range lines {
		p.addRaw(lead, l)
	}
	return p.texts()
}

// fallback is the message's top-level text: title and summary, escaped.
func fallback(rep chat.Reply) string {
	s := rep.Title
	if rep.Summary != "" {
		if s != "" {
			s += " — "
		}
		s += rep.Summary
	}
	if strings.TrimSpace(s) == "" {
		s = "gpuadvisor"
	}
	s, _ = fit(strings.ReplaceAll(s, "\n", " "), maxFallback)
	return s
}

func plain(text string) *slackapi.TextBlockObject {
	return slackapi.NewTextBlockObject(slackapi.PlainTextType, text, true, false)
}

// mrkdwn is a verbatim mrkdwn text: Slack formats *bold* and code, but does
// not auto-link URLs, channel names or mentions in it.
func mrkdwn(text string) *slackapi.TextBlockObject {
	return slackapi.NewTextBlockObject(slackapi.MarkdownType, text, false, true)
}
