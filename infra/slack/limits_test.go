package slack

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"testing/quick"
	"unicode/utf16"

	"gpuadvisor/chat"
)

// limitViolations checks a rendered message against Block Kit's limits and
// our escaping rules, reading the JSON Slack would receive (independently of
// how Render builds it). It returns one line per violation.
func limitViolations(msg Message) []string {
	raw, err := json.Marshal(msg)
	if err != nil {
		return []string{"marshal: " + err.Error()}
	}
	var m struct {
		ResponseType string           `json:"response_type"`
		Text         string           `json:"text"`
		Blocks       []map[string]any `json:"blocks"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return []string{"unmarshal: " + err.Error()}
	}
	var bad []string
	fail := func(f string, a ...any) { bad = append(bad, fmt.Sprintf(f, a...)) }
	l16 := func(s string) int { return len(utf16.Encode([]rune(s))) }
	checkText := func(where string, v any, max int) {
		obj, ok := v.(map[string]any)
		if !ok {
			fail("%s: text object missing", where)
			return
		}
		text, _ := obj["text"].(string)
		typ, _ := obj["type"].(string)
		if typ != "mrkdwn" && typ != "plain_text" {
			fail("%s: text type %q", where, typ)
		}
		if typ == "mrkdwn" && obj["verbatim"] != true {
			fail("%s: mrkdwn without verbatim (Slack would auto-link URLs and names)", where)
		}
		if strings.TrimSpace(text) == "" {
			fail("%s: empty text", where)
		}
		if n := l16(text); n > max {
			fail("%s: %d characters, limit %d", where, n, max)
		}
		checkEscaped(where, text, fail)
	}
	if m.ResponseType != InChannel && m.ResponseType != Ephemeral {
		fail("response_type %q", m.ResponseType)
	}
	if strings.TrimSpace(m.Text) == "" || l16(m.Text) > maxFallback {
		fail("fallback text length %d", l16(m.Text))
	}
	checkEscaped("fallback text", m.Text, fail)
	tables := 0
	defer func() {
		if tables > 1 {
			bad = append(bad, fmt.Sprintf("%d table blocks, Slack takes one", tables))
		}
	}()
	if len(m.Blocks) == 0 || len(m.Blocks) > MaxBlocks {
		fail("%d blocks, limit %d", len(m.Blocks), MaxBlocks)
	}
	for i, b := range m.Blocks {
		where := fmt.Sprintf("block %d (%v)", i, b["type"])
		switch b["type"] {
		case "header":
			checkText(where, b["text"], MaxHeaderText)
			if t, _ := b["text"].(map[string]any); t["type"] != "plain_text" {
				fail("%s: header text must be plain_text", where)
			}
		case "section":
			fields, _ := b["fields"].([]any)
			if b["text"] == nil && len(fields) == 0 {
				fail("%s: neither text nor fields", where)
			}
			if b["text"] != nil {
				checkText(where, b["text"], MaxSectionText)
			}
			if len(fields) > MaxFields {
				fail("%s: %d fields, limit %d", where, len(fields), MaxFields)
			}
			for j, f := range fields {
				checkText(fmt.Sprintf("%s field %d", where, j), f, MaxFieldText)
			}
		case "context":
			els, _ := b["elements"].([]any)
			if len(els) == 0 || len(els) > 10 {
				fail("%s: %d elements", where, len(els))
			}
			for j, e := range els {
				checkText(fmt.Sprintf("%s element %d", where, j), e, MaxContextText)
			}
		case "actions":
			els, _ := b["elements"].([]any)
			if len(els) == 0 || len(els) > MaxActions {
				fail("%s: %d elements, limit %d", where, len(els), MaxActions)
			}
			ids := map[string]bool{}
			for j, e := range els {
				btn := e.(map[string]any)
				w := fmt.Sprintf("%s button %d", where, j)
				checkText(w, btn["text"], MaxButtonText)
				id, _ := btn["action_id"].(string)
				if id == "" || l16(id) > MaxActionID || ids[id] {
					fail("%s: action_id %q empty, too long or repeated", w, id)
				}
				ids[id] = true
				if v, _ := btn["value"].(string); l16(v) > MaxButtonValue {
					fail("%s: value %d characters, limit %d", w, l16(v), MaxButtonValue)
				}
			}
		case "table":
			tables++
			rows, _ := b["rows"].([]any)
			if len(rows) == 0 || len(rows) > MaxTableRows {
				fail("%s: %d rows, limit %d", where, len(rows), MaxTableRows)
			}
			width := -1
			for j, r := range rows {
				cells, _ := r.([]any)
				if len(cells) == 0 || len(cells) > MaxTableCols || width >= 0 && len(cells) != width {
					fail("%s row %d: %d cells (limit %d, same in every row)", where, j, len(cells), MaxTableCols)
				}
				width = len(cells)
				for k, c := range cells {
					cell, _ := c.(map[string]any)
					text, _ := cell["text"].(string)
					if cell["type"] != "raw_text" || strings.TrimSpace(text) == "" || l16(text) > maxCell {
						fail("%s row %d cell %d: %v", where, j, k, c)
					}
					checkEscaped(fmt.Sprintf("%s row %d cell %d", where, j, k), text, fail)
				}
			}
			if cs, _ := b["column_settings"].([]any); len(cs) > MaxTableCols {
				fail("%s: %d column settings", where, len(cs))
			}
		case "data_visualization":
			for _, v := range dataVisualizationViolations(b) {
				fail("%s: %s", where, v)
			}
		default:
			fail("%s: unexpected block type", where)
		}
	}
	return bad
}

// dataVisualizationViolations checks a data_visualization block against
// the published schema, read from the JSON: a title of 1 to 50 characters;
// a line or bar chart of 1 to 6 uniquely named series (names at most 20
// characters); 1 to 20 categories of at most 20 characters, unique; each
// series one point per category, labelled with it, in order.
func dataVisualizationViolations(b map[string]any) []string {
	var bad []string
	fail := func(f string, a ...any) { bad = append(bad, fmt.Sprintf(f, a...)) }
	n := func(s string) int { return len([]rune(s)) }
	title, _ := b["title"].(string)
	if title == "" || n(title) > 50 {
		fail("title %q", title)
	}
	chart, _ := b["chart"].(map[string]any)
	if t := chart["type"]; t != "line" && t != "bar" {
		fail("chart type %v", t)
	}
	axis, _ := chart["axis_config"].(map[string]any)
	cats, _ := axis["categories"].([]any)
	if len(cats) == 0 || len(cats) > 20 {
		fail("%d categories", len(cats))
	}
	seen := map[string]bool{}
	for _, c := range cats {
		s, _ := c.(string)
		if s == "" || n(s) > 20 || seen[s] {
			fail("category %q", s)
		}
		seen[s] = true
	}
	for _, k := range []string{"x_label", "y_label"} {
		if s, _ := axis[k].(string); n(s) > 50 {
			fail("%s %q", k, s)
		}
	}
	series, _ := chart["series"].([]any)
	if len(series) == 0 || len(series) > 6 {
		fail("%d series", len(series))
	}
	names := map[string]bool{}
	for _, x := range series {
		sr, _ := x.(map[string]any)
		name, _ := sr["name"].(string)
		if name == "" || n(name) > 20 || names[name] {
			fail("series name %q", name)
		}
		names[name] = true
		data, _ := sr["data"].([]any)
		if len(data) != len(cats) {
			fail("series %q: %d points for %d categories", name, len(data), len(cats))
			continue
		}
		for i, d := range data {
			pt, _ := d.(map[string]any)
			if _, ok := pt["value"].(float64); !ok || pt["label"] != cats[i] {
				fail("series %q point %d: %v", name, i, d)
			}
		}
	}
	return bad
}

var (
	entityRE    = regexp.MustCompile(`&(amp|lt|gt);`)
	broadcastRE = regexp.MustCompile(`(?i)@(channel|here|everyone)`)
)

// checkEscaped: no raw < or >, every & starts an entity, no live broadcast.
func checkEscaped(where, text string, fail func(string, ...any)) {
	if strings.ContainsAny(text, "<>") {
		fail("%s: raw < or > in %q", where, clip(text))
	}
	if strings.Count(text, "&") != len(entityRE.FindAllString(text, -1)) {
		fail("%s: & not part of an entity in %q", where, clip(text))
	}
	if broadcastRE.MatchString(text) {
		fail("%s: live broadcast word in %q", where, clip(text))
	}
}

func clip(s string) string { return chat.Truncate(s, 80) }

// hostile is a random reply built from text meant to break Slack messages:
// mentions, broadcasts, links, entities, fences, astral characters, 10k-char
// lines, hundreds of facts and rows, dozens of buttons.
type hostile chat.Reply

var hostileBits = []string{
	"<!channel>", "<!here>", "<@U123>", "<@U123|bob>", "<https://evil.example|x>", "<#C1|general>",
	"@channel", "@Here", "@everyone", "&", "&amp;", "&lt;", "<", ">", "```", "*", "_", "~", "`",
	"计费", "包月", "按需=35元/时", "😀", "𝕏", "\n", " ", "\t", "a", "35", "1.5万", "|",
}

func hostileString(r *rand.Rand, size int) string {
	var b strings.Builder
	switch r.Intn(10) {
	case 0:
		return ""
	case 1: // a 10k-character line
		bit := hostileBits[r.Intn(len(hostileBits))]
		for b.Len() < 10000 {
			b.WriteString(bit)
			b.WriteString("x")
		}
		return b.String()
	}
	n := r.Intn(size + 1)
	for i := 0; i < n; i++ {
		b.WriteString(hostileBits[r.Intn(len(hostileBits))])
	}
	return b.String()
}

// Generate implements quick.Generator.
func (hostile) Generate(r *rand.Rand, size int) reflect.Value {
	s := func() string { return hostileString(r, size) }
	count := func(max int) int {
		if r.Intn(4) == 0 {
			return r.Intn(max + 1)
		}
		return r.Intn(6)
	}
	rep := chat.Reply{Title: s(), Summary: s(), Private: r.Intn(2) == 0, Partial: r.Intn(3) == 0, Lang: []chat.Lang{chat.EN, chat.ZH}[r.Intn(2)]}
	for i := count(600); i > 0; i-- {
		rep.Facts = append(rep.Facts, chat.Fact{Label: s(), Value: s()})
	}
	for i := count(5); i > 0; i-- {
		t := chat.Table{Title: s()}
		for c := count(8); c > 0; c-- {
			t.Header = append(t.Header, s())
		}
		for j := count(300); j > 0; j-- {
			var row []string
			for c := count(8); c > 0; c-- {
				row = append(row, s())
			}
			t.Rows = append(t.Rows, row)
		}
		rep.Tables = append(rep.Tables, t)
	}
	for i := count(20); i > 0; i-- {
		sec := chat.Section{Title: s()}
		for j := count(100); j > 0; j-- {
			sec.Lines = append(sec.Lines, s())
		}
		rep.Sections = append(rep.Sections, sec)
	}
	for i := count(50); i > 0; i-- {
		rep.Warnings = append(rep.Warnings, s())
	}
	actions := []string{chat.ActionDraftQuestions, chat.ActionDraftSLA, chat.ActionRemindRenewal, "", strings.Repeat("a", 300)}
	for i := count(30); i > 0; i-- {
		rep.Buttons = append(rep.Buttons, chat.Button{Action: actions[r.Intn(len(actions))], Label: s(), Value: s()})
	}
	for i := count(4); i > 0; i-- { // hostile labels, and often too many points or series
		c := chat.Chart{ID: "h", Kind: []chat.ChartKind{chat.ChartBar, chat.ChartLine}[r.Intn(2)], Stacked: r.Intn(2) == 0, Title: s(), XLabel: s(), YLabel: s()}
		for j := count(25); j > 0; j-- {
			c.Categories = append(c.Categories, chat.Label(s()))
		}
		for k := count(8); k > 0; k-- {
			sr := chat.Series{Name: chat.Label(s()), Limit: r.Intn(4) == 0}
			for range c.Categories {
				sr.Values = append(sr.Values, r.Float64()*1e6)
			}
			c.Series = append(c.Series, sr)
		}
		if len(c.Categories) > 0 {
			c.Marks = []chat.Mark{{Category: r.Intn(len(c.Categories)), Label: chat.Label(s())}}
		}
		rep.Charts = append(rep.Charts, c)
	}
	return reflect.ValueOf(hostile(rep))
}

func TestRenderNeverBreaksALimit(t *testing.T) {
	prop := func(h hostile) bool {
		if bad := limitViolations(Render(chat.Reply(h))); len(bad) > 0 {
			t.Logf("reply %q broke: %s", clip(h.Title), strings.Join(bad[:min(len(bad), 5)], "; "))
			return false
		}
		return true
	}
	if err := quick.Check(prop, &quick.Config{MaxCount: 200, Rand: rand.New(rand.NewSource(4))}); err != nil {
		var ce *quick.CheckError
		if errors.As(err, &ce) {
			t.Errorf("property failed on case #%d (the log line above names the broken limits)", ce.Count)
			return
		}
		t.Error(err)
	}
}

func TestRenderExtremes(t *testing.T) {
	long := strings.Repeat("长", 10000)
	var facts []chat.Fact
	for i := 0; i < 500; i++ {
		facts = append(facts, chat.Fact{Label: fmt.Sprintf("fact %d <@U123>", i), Value: "<!channel> " + long})
	}
	rows := make([][]string, 2000)
	for i := range rows {
		rows[i] = []string{fmt.Sprintf("%d", i), "<https://evil|x>", string([]rune(long)[:100])}
	}
	tests := []struct {
		name      string
		rep       chat.Reply
		shortened bool
	}{
		{"500 facts", chat.Reply{Title: "facts", Facts: facts, Buttons: chat.StandardButtons(chat.EN, "billing")}, true},
		{"10k-character title and summary", chat.Reply{Title: long, Summary: long}, true},
		{"10k-character lines are split, not cut", chat.Reply{Sections: []chat.Section{{Title: "s", Lines: []string{long, long, "<!here>"}}}}, false},
		{"a 10k-character section title is cut", chat.Reply{Sections: []chat.Section{{Title: long, Lines: []string{"x"}}}}, true},
		{"2000-row table", chat.Reply{Tables: []chat.Table{{Title: "rows", Header: []string{"n", "link", "text"}, Rows: rows}}}, true},
		{"200-row table fits", chat.Reply{Tables: []chat.Table{{Title: "rows", Header: []string{"n", "link", "text"}, Rows: rows[:200]}}}, false},
		{"a table with one 10k cell", chat.Reply{Tables: []chat.Table{{Header: []string{"a"}, Rows: [][]string{{long}}}}}, true},
		{"empty reply", chat.Reply{}, false},
		{"buttons only, values too long for Slack", chat.Reply{Buttons: chat.StandardButtons(chat.ZH, strings.Repeat("key=value ", 500))}, false},
		{"thirty buttons", chat.Reply{Title: "x", Buttons: func() (b []chat.Button) {
			for i := 0; i < 30; i++ {
				b = append(b, chat.Button{Action: chat.ActionDraftSLA, Label: long, Value: "v"})
			}
			return b
		}()}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			msg := Render(tc.rep)
			for _, v := range limitViolations(msg) {
				t.Error(v)
			}
			if msg.Shortened != tc.shortened {
				t.Errorf("Shortened = %t, want %t", msg.Shortened, tc.shortened)
			}
			raw, _ := json.Marshal(msg.Blocks)
			hasNote := strings.Contains(string(raw), ":scissors:")
			if hasNote != msg.Shortened {
				t.Errorf("visible note present %t, shortened %t", hasNote, msg.Shortened)
			}
		})
	}
}

// FuzzRender: any text in any field renders within Slack's limits.
func FuzzRender(f *testing.F) {
	for _, s := range []string{"", "<!channel>", "<@U123> & <https://evil|x>", strings.Repeat("计费", 3000), "```\n```", "@here\n@everyone", "&amp;&lt;"} {
		f.Add(s, uint16(3), uint8(1))
	}
	f.Fuzz(func(t *testing.T, s string, n uint16, nb uint8) {
		facts := make([]chat.Fact, int(n)%120)
		for i := range facts {
			facts[i] = chat.Fact{Label: s, Value: s}
		}
		lines := make([]string, int(n)%60)
		for i := range lines {
			lines[i] = s
		}
		rep := chat.Reply{Title: s, Summary: s, Facts: facts, Warnings: lines,
			Tables:   []chat.Table{{Title: s, Header: []string{s, s}, Rows: [][]string{{s, s}, {s}}}},
			Sections: []chat.Section{{Title: s, Lines: lines}},
		}
		for i := 0; i < int(nb)%30; i++ {
			rep.Buttons = append(rep.Buttons, chat.Button{Action: s, Label: s, Value: s})
		}
		if bad := limitViolations(Render(rep)); len(bad) > 0 {
			t.Errorf("input %q x%d: %s", clip(s), n, strings.Join(bad[:min(len(bad), 5)], "; "))
		}
	})
}
