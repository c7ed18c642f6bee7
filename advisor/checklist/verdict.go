package checklist

import (
	"fmt"
	"slices"
	"strings"

	"gpuadvisor/advisor"
)

// Verdict is the decision after a gap analysis.
type Verdict string

// The verdicts.
const (
	Proceed  Verdict = "proceed"   // key items clear and acceptable: go on to the trial and the contract
	AskFirst Verdict = "ask_first" // what was answered is fine, much is open: send the questions first
	Avoid    Verdict = "avoid"     // a clear bad answer: a trap on a key item, several traps, or a severe red flag
)

// Thresholds of VerdictRule.
const (
	AvoidRisks      = 3 // this many items that are risks (any items): avoid
	AvoidVagueFlags = 6 // vague items plus kinds of red flag at least this, over twice the covered items, with a risk: avoid
	ProceedVague    = 2 // proceed allows at most this many vague items
)

// VerdictRule states how Check decides. It names the key items of
// checklist.json, so it is written the first time it is read: a program
// that never shows it never decodes the checklist.
var VerdictRule = advisor.LazyText(verdictRuleText)

func verdictRuleText() Text { return verdictRule.Get() }

var verdictRule = advisor.Lazy[Text]{New: func() Text {
	k := keyNames()
	return Text{
		EN: fmt.Sprintf("avoid only on a clear bad answer: a key item (%s) is a risk, %d or more items are risks, a severe red flag is found (no invoice, payment to a personal account), or there is a risk and vague items plus kinds of red flag reach %d and are more than twice the covered items; proceed when every key item is covered, nothing is a risk, no red flag is found and at most %d items are vague; otherwise ask_first. Hedged and vague answers alone never give avoid: they are questions to send, like the items not mentioned.",
			k.EN, AvoidRisks, AvoidVagueFlags, ProceedVague),
		ZH: fmt.Sprintf("只有明确的坏答案才“建议放弃”：关键项（%s）中有风险项、风险项达到 %d 项、出现严重红旗（不开发票、转账到个人账户），或有风险项且含糊项与红旗种类合计达到 %d 并超过答实项的两倍；关键项全部答实、没有风险项、没有红旗且含糊项不超过 %d 项：“可以推进”；其余：“先追问”。只有留余地或含糊的回答不会得出“建议放弃”：它们和未提及的条目一样，是要发出的追问。",
			k.ZH, AvoidRisks, AvoidVagueFlags, ProceedVague),
	}
}}

func keyNames() Text {
	var items []Item
	for _, it := range allItems() {
		if it.Key {
			items = append(items, it)
		}
	}
	return joinNames(items)
}

// joinNames lists the items' names in both languages.
func joinNames(items []Item) Text {
	var en, zh []string
	for _, it := range items {
		en = append(en, it.Name.EN)
		zh = append(zh, it.Name.ZH)
	}
	return Text{EN: strings.Join(en, "; "), ZH: strings.Join(zh, "、")}
}

// plural writes "1 item" or "3 items".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// isAre is the verb after plural(n, ...).
func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// decide applies VerdictRule and says which parts decided it.
func decide(r Result) (Verdict, []Text) {
	kinds := map[string]bool{}
	var severe []string
	for _, f := range r.RedFlags {
		kinds[f.ID] = true
		if f.Severe && !slices.Contains(severe, f.Phrase) {
			severe = append(severe, f.Phrase)
		}
	}
	var keyRisk, keyOpen []Item
	for _, f := range r.Findings {
		if !f.Item.Key {
			continue
		}
		switch f.Status {
		case Risk:
			keyRisk = append(keyRisk, f.Item)
		case Vague, Missing:
			keyOpen = append(keyOpen, f.Item)
		}
	}
	c := r.Counts
	dodges := c.Vague + len(kinds)
	many := dodges >= AvoidVagueFlags && dodges > 2*c.Covered
	dodged := Text{EN: fmt.Sprintf("%s + %s = %d (%d or more, and over twice the %d covered)", plural(c.Vague, "vague item", "vague items"), plural(len(kinds), "kind of red flag", "kinds of red flag"), dodges, AvoidVagueFlags, c.Covered),
		ZH: fmt.Sprintf("含糊 %d 项 + 红旗 %d 类 = %d（达到 %d，且超过答实 %d 项的两倍）", c.Vague, len(kinds), dodges, AvoidVagueFlags, c.Covered)}
	var why []Text
	if len(keyRisk) > 0 {
		n := joinNames(keyRisk)
		why = append(why, Text{EN: "a key item is a risk: " + n.EN, ZH: "关键项有风险：" + n.ZH})
	}
	if c.Risk >= AvoidRisks {
		why = append(why, Text{EN: fmt.Sprintf("%d items are risks (%d or more)", c.Risk, AvoidRisks), ZH: fmt.Sprintf("风险项 %d 项（达到 %d 项）", c.Risk, AvoidRisks)})
	}
	if len(severe) > 0 {
		why = append(why, Text{EN: "a severe red flag: “" + strings.Join(severe, "”, “") + "”", ZH: "严重红旗：“" + strings.Join(severe, "”、“") + "”"})
	}
	if many && c.Risk > 0 && len(why) == 0 {
		why = append(why, Text{EN: fmt.Sprintf("%s, and %s a risk", dodged.EN, plural(c.Risk, "item", "items")), ZH: fmt.Sprintf("%s，且有 %d 项风险", dodged.ZH, c.Risk)})
	}
	if len(why) > 0 {
		return Avoid, why
	}
	if len(keyOpen) == 0 && c.Risk == 0 && len(kinds) == 0 && c.Vague <= ProceedVague {
		return Proceed, []Text{{EN: fmt.Sprintf("every key item covered, no risk, no red flag, %d vague (at most %d)", c.Vague, ProceedVague),
			ZH: fmt.Sprintf("关键项全部答实，无风险项，无红旗，含糊 %d 项（不超过 %d）", c.Vague, ProceedVague)}}
	}
	if len(keyOpen) > 0 {
		n := joinNames(keyOpen)
		why = append(why, Text{EN: "key items still open: " + n.EN, ZH: "关键项尚未答实：" + n.ZH})
	}
	if c.Risk > 0 {
		why = append(why, Text{EN: fmt.Sprintf("%s %s a risk (fewer than %d, none on a key item)", plural(c.Risk, "item", "items"), isAre(c.Risk), AvoidRisks),
			ZH: fmt.Sprintf("风险项 %d 项（少于 %d 项，且不在关键项）", c.Risk, AvoidRisks)})
	}
	switch {
	case many:
		why = append(why, Text{EN: dodged.EN + ": mostly hedged or vague, but no clear bad answer, so ask for it in writing first",
			ZH: dodged.ZH + "：大多留有余地或含糊，但没有明确的坏答案，先要求对方书面答复"})
	default:
		if len(kinds) > 0 {
			why = append(why, Text{EN: plural(len(kinds), "kind of red flag", "kinds of red flag"), ZH: fmt.Sprintf("红旗 %d 类", len(kinds))})
		}
		if c.Vague > ProceedVague {
			why = append(why, Text{EN: fmt.Sprintf("%d vague items (more than %d)", c.Vague, ProceedVague), ZH: fmt.Sprintf("含糊 %d 项（超过 %d）", c.Vague, ProceedVague)})
		}
	}
	return AskFirst, why
}
