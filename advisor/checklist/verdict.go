package checklist

import "fmt"

// Verdict is the decision after a gap analysis.
type Verdict string

// The verdicts.
const (
	Proceed  Verdict = "proceed"   // concrete enough to go on to the trial and the contract
	AskFirst Verdict = "ask_first" // send the follow-up questions before going further
	Avoid    Verdict = "avoid"     // too vague or too many red flags to spend time on
)

// Thresholds of VerdictRule.
const (
	AvoidBelow     = 25 // overall score under this: avoid
	AvoidRedFlags  = 3  // this many kinds of red flag or more: avoid
	ProceedAtLeast = 70 // overall score at least this (with no red flag and every key item covered): proceed
)

// VerdictRule states how Check decides.
var VerdictRule = Text{EN: fmt.Sprintf("avoid when the overall score is under %d%% or %d or more kinds of red flag are found; proceed when the score is at least %d%%, no red flag is found and every key item is covered (%s); otherwise ask_first. Score = (covered + vague/2) / items.",
	AvoidBelow, AvoidRedFlags, ProceedAtLeast, keyIDs()), ZH: fmt.Sprintf("总分低于%d%%或出现%d类及以上红旗：avoid（放弃）；总分不低于%d%%、无红旗且关键项全部答实（%s）：proceed（推进）；其余：ask_first（先追问）。得分 =（答实 + 含糊/2）/ 项数。",
	AvoidBelow, AvoidRedFlags, ProceedAtLeast, keyIDs())}

func keyIDs() string {
	s := ""
	for _, it := range all {
		if it.Key {
			if s != "" {
				s += ", "
			}
			s += it.ID
		}
	}
	return s
}

// decide applies VerdictRule and says which parts decided it.
func decide(r Result) (Verdict, []Text) {
	kinds := map[string]bool{}
	for _, f := range r.RedFlags {
		kinds[f.ID] = true
	}
	var keyOpen []string
	for _, f := range r.Findings {
		if f.Item.Key && f.Status != Covered {
			keyOpen = append(keyOpen, f.Item.ID)
		}
	}
	var why []Text
	if r.Overall < AvoidBelow {
		why = append(why, Text{EN: fmt.Sprintf("overall score %d%% is under %d%%", r.Overall, AvoidBelow), ZH: fmt.Sprintf("总分 %d%% 低于 %d%%", r.Overall, AvoidBelow)})
	}
	if len(kinds) >= AvoidRedFlags {
		why = append(why, Text{EN: fmt.Sprintf("%d kinds of red flag (%d or more)", len(kinds), AvoidRedFlags), ZH: fmt.Sprintf("出现 %d 类红旗（达到 %d 类）", len(kinds), AvoidRedFlags)})
	}
	if len(why) > 0 {
		return Avoid, why
	}
	if r.Overall >= ProceedAtLeast && len(kinds) == 0 && len(keyOpen) == 0 {
		return Proceed, []Text{{EN: fmt.Sprintf("overall score %d%% is at least %d%%, no red flag, every key item covered", r.Overall, ProceedAtLeast),
			ZH: fmt.Sprintf("总分 %d%% 不低于 %d%%，无红旗，关键项全部答实", r.Overall, ProceedAtLeast)}}
	}
	if r.Overall < ProceedAtLeast {
		why = append(why, Text{EN: fmt.Sprintf("overall score %d%% is under %d%%", r.Overall, ProceedAtLeast), ZH: fmt.Sprintf("总分 %d%% 低于 %d%%", r.Overall, ProceedAtLeast)})
	}
	if len(kinds) > 0 {
		why = append(why, Text{EN: fmt.Sprintf("%d kind(s) of red flag", len(kinds)), ZH: fmt.Sprintf("出现 %d 类红旗", len(kinds))})
	}
	if len(keyOpen) > 0 {
		why = append(why, Text{EN: fmt.Sprintf("key items not covered: %s", joinIDs(keyOpen)), ZH: fmt.Sprintf("关键项未答实：%s", joinIDs(keyOpen))})
	}
	return AskFirst, why
}

func joinIDs(ids []string) string {
	s := ""
	for i, id := range ids {
		if i > 0 {
			s += ", "
		}
		s += id
	}
	return s
}
