package chat

import (
	"fmt"
	"strings"
)

// A short reply keeps the decision and what proves it at a glance, about a
// dozen lines: title, summary, BriefFacts facts, the charts (one line each in
// text) and BriefWarnings warnings.
const (
	BriefFacts    = 4
	BriefWarnings = 2
)

// MaxDetailsValue is the longest command line, in bytes, a Details button
// carries (Slack cuts a button's value at 2,000 characters, Feishu's card
// drops a value past 4,000 bytes): a reply to a longer one is shown whole,
// as a cut command would answer something else.
const MaxDetailsValue = 1900

// Brief is the short first part of a reply, what every surface shows first:
// the decision (title and summary), the first facts, the charts and the first
// warnings (and a list's one table, when it has no chart), with a Details button that runs the same command again with
// --full for the tables, the derivations and the follow-up buttons. A reply
// asked for in full (--full), an error, an acknowledgement, help, a draft (the
// text is the answer), a reply that offers its own details (checklist) and a
// reply with nothing to leave out are returned as they are. Data, and so the
// JSON, is never shortened.
func Brief(r Reply) Reply {
	if r.Full || r.Error != nil || r.Deferred || r.Asked == "" || len(r.Asked) > MaxDetailsValue || r.Command == "help" || r.Command == "draft" {
		return r
	}
	for _, b := range r.Buttons {
		if b.Action == ActionChecklistFull || b.Action == ActionDetails {
			return r
		}
	}
	if len(r.Tables) == 0 && len(r.Sections) == 0 && len(r.Facts) <= BriefFacts && len(r.Warnings) <= BriefWarnings {
		return r
	}
	s := r
	s.Tables, s.Sections = nil, nil
	if len(r.Tables) == 1 && len(r.Charts) == 0 { // a list (renewals, keys): the table is the answer
		s.Tables = r.Tables
	}
	s.Facts = r.Facts[:min(len(r.Facts), BriefFacts)]
	s.Warnings = r.Warnings[:min(len(r.Warnings), BriefWarnings)]
	if n := len(r.Warnings) - BriefWarnings; n > 0 {
		s.Warnings = append(s.Warnings[:BriefWarnings:BriefWarnings], T(r.Lang, "", "另有 ")+
			Plural(r.Lang, n, "more warning", "more warnings", "条提示")+T(r.Lang, ": see Details", "：见详情"))
	}
	s.Buttons = nil
	for _, sg := range r.Suggested { // a command not run stays in sight: it is for the user to run
		s.Buttons = append(s.Buttons, SuggestionButton(r.Lang, sg))
	}
	s.Buttons = append(s.Buttons, Button{Action: ActionDetails, Label: detailsLabel(r), Value: r.Asked})
	return s
}

// detailsLabel names what the Details button brings: "Details: 2 tables,
// how it was worked out, 3 follow-ups".
func detailsLabel(r Reply) string {
	var parts []string
	if n := len(r.Tables); n > 0 {
		parts = append(parts, Plural(r.Lang, n, "table", "tables", "张表"))
	}
	if len(r.Sections) > 0 {
		parts = append(parts, T(r.Lang, "the reasoning", "推导"))
	}
	if n := len(r.Buttons); n > 0 {
		parts = append(parts, Plural(r.Lang, n, "follow-up", "follow-ups", "个后续操作"))
	}
	label := T(r.Lang, "Details", "详情")
	if len(parts) > 0 {
		label += T(r.Lang, ": ", "：") + strings.Join(parts, T(r.Lang, ", ", "、"))
	}
	return Truncate(label, 75)
}

// Plural writes a count with its noun: "1 card", "3 cards"; in Chinese the
// count and the measure word ("3 张卡"), which has no plural.
func Plural(lang Lang, n int, one, many, zh string) string {
	if lang == ZH {
		return fmt.Sprintf("%d %s", n, zh)
	}
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// ButtonLine is a button as the command to type in a terminal:
// "gpuadvisor draft questions vendor=X", quoted for the shell when the
// command holds a character the shell would read (; & | < > and the like).
// Details is the command asked with --full.
func ButtonLine(b Button) string {
	cmd := ButtonCommand(b.Action, b.Value)
	if b.shown != "" {
		cmd = b.shown
	}
	if b.Action == ActionDetails {
		cmd = b.Value + " --full"
	}
	cmd = strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(cmd, "\n", " "), "--private ", ""))
	for _, p := range []string{"/gpu ", "gpuadvisor ", "@gpuadvisor "} {
		cmd = strings.TrimPrefix(cmd, p)
	}
	if strings.ContainsAny(cmd, ";&|<>()$`\\\"'*?[]#~!{}") {
		cmd = "'" + strings.ReplaceAll(cmd, "'", `'\''`) + "'"
	}
	return "gpuadvisor " + cmd
}
