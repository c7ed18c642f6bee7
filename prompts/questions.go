package prompts

import (
	"strings"
	"unicode/utf8"
)

// Question is one checklist item to ask the vendor about.
type Question struct {
	// ID is the checklist item id (hw.host, net.intranet_bw, ...).
	ID string
	// Dimension names the item's dimension in the draft's language
	// (Hardware / 硬件); consecutive questions of one dimension are grouped.
	Dimension string
	// Ask is the question, in the draft's language.
	Ask string
	// Evidence is the vendor's own vague phrase, when the item was vague
	// ("高配主机"). It is quoted back only when it is short and carries no
	// link, address, mention or new number.
	Evidence string
}

// QuestionsInput is what the vendor-questions e-mail is written from.
type QuestionsInput struct {
	// Vendor is who the e-mail goes to.
	Vendor string
	// Questions are the vague and missing items, in checklist order.
	Questions []Question
	// VendorText is what sales said, if anything: untrusted, shown to the
	// LLM only as quoted data.
	VendorText string
}

type questionItem struct {
	N        int
	Ask      string
	Evidence string
}

type questionGroup struct {
	Dimension string
	Items     []questionItem
}

type questionsData struct {
	Vendor string
	Groups []questionGroup
}

// maxEvidence is the longest vendor phrase quoted back, in runes.
const maxEvidence = 40

func (in QuestionsInput) job(lang string) (job, error) {
	lang = langOf(lang)
	d := questionsData{Vendor: in.Vendor}
	for i, q := range in.Questions {
		if len(d.Groups) == 0 || d.Groups[len(d.Groups)-1].Dimension != q.Dimension {
			d.Groups = append(d.Groups, questionGroup{Dimension: q.Dimension})
		}
		g := &d.Groups[len(d.Groups)-1]
		g.Items = append(g.Items, questionItem{N: i + 1, Ask: strings.TrimSpace(q.Ask)})
	}
	name := "questions." + lang
	base, err := render(name, d)
	if err != nil {
		return job{}, err
	}
	// Quote the vendor's phrase back only when it adds nothing unchecked.
	allowed := numberSet(base)
	k := 0
	for gi := range d.Groups {
		for ii := range d.Groups[gi].Items {
			d.Groups[gi].Items[ii].Evidence = safeEvidence(in.Questions[k].Evidence, allowed)
			k++
		}
	}
	text, err := render(name, d)
	if err != nil {
		return job{}, err
	}
	return job{
		kind:       Questions,
		lang:       lang,
		vendor:     in.Vendor,
		task:       tr(lang, "an e-mail to a GPU vendor's sales team asking the numbered questions of the reference draft", "给 GPU 供应商销售团队的邮件，邮件询问参考草稿中带编号的问题"),
		facts:      []Fact{{Key: "vendor", Label: tr(lang, "Vendor", "供应商"), Value: in.Vendor}},
		text:       text,
		vendorText: in.VendorText,
		questions:  len(in.Questions),
	}, nil
}

// safeEvidence returns the phrase when it is short, on one line, and free of
// links, addresses, mentions, encoded text, quotes and numbers not already
// allowed; otherwise "".
func safeEvidence(s string, allowed map[string]bool) string {
	s = strings.TrimSpace(s)
	if s == "" || utf8.RuneCountInString(s) > maxEvidence || strings.ContainsAny(s, "\n\r\"“”<>@＠") {
		return ""
	}
	if hasURL(s) || hasEmail(s) || hasMention(s) || hasOpaque(s) {
		return ""
	}
	for _, n := range numbers(s) {
		if !allowed[n] {
			return ""
		}
	}
	if w := spelledNumber(s); w != "" {
		return ""
	}
	return s
}
