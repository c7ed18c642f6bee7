package billing

import (
	"strings"

	advisor "gpuadvisor/advisor/billing"
	"gpuadvisor/chat"
)

// phased reports whether some card's plan combines modes over the months
// left (reserved months, then on-demand).
func phased(a advisor.Advice) bool {
	for _, c := range a.Cards {
		if len(c.Phases) > 1 {
			return true
		}
	}
	return false
}

// allPhased reports whether every card's plan combines modes, so that the
// title can name the phases.
func allPhased(a advisor.Advice) bool {
	for _, c := range a.Cards {
		if len(c.Phases) < 2 {
			return false
		}
	}
	return len(a.Cards) > 0
}

// phaseKinds says which combinations the plan uses: a reservation followed
// by an elastic tail, and a prepaid year followed by reserved months.
func phaseKinds(a advisor.Advice) (tail, yearThenMonth bool) {
	for _, c := range a.Cards {
		for i := 1; i < len(c.Phases); i++ {
			prev, p := c.Phases[i-1], c.Phases[i]
			switch {
			case prev.Reserved() && !p.Reserved():
				tail = true
			case prev.Mode == advisor.YearlyPrepay && p.Mode == advisor.Monthly:
				yearThenMonth = true
			}
		}
	}
	return tail, yearThenMonth
}

// planGroups splits the plan's phases into the groups of cards that share
// one plan: each group starts at month 0.
func planGroups(ps []advisor.Phase) [][]advisor.Phase {
	var out [][]advisor.Phase
	for _, p := range ps {
		if p.StartMonth == 0 || len(out) == 0 {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], p)
	}
	return out
}

// planLine states the plan in one line with its total: "reserve 8 cards
// for 1 month, then on demand for the last half month: ¥220,800".
func (v view) planLine(a advisor.Advice) string {
	var parts []string
	var total float64
	for _, g := range planGroups(a.Plan) {
		var s []string
		for i, p := range g {
			total += p.Cost
			last := i == len(g)-1 && i > 0
			s = append(s, v.phaseWords(p, i == 0, last))
		}
		parts = append(parts, strings.Join(s, v.t(", then ", "，")))
	}
	line := strings.Join(parts, v.t("; ", "；"))
	return line + v.t(": ", "：") + v.money(total)
}

// phaseWords is one phase in words; first phases name the cards, the last
// of several says "for the last half month".
func (v view) phaseWords(p advisor.Phase, first, last bool) string {
	months := v.monthsWords(p.Months)
	if last && !p.Reserved() {
		months = v.lastWords(p.Months)
	}
	cards := v.cardCount(p.Cards)
	switch {
	case p.Mode == advisor.Monthly && first:
		return v.f("reserve %s for %s", "%s包月 %s", cards, months)
	case p.Mode == advisor.Monthly:
		return v.f("monthly for %s", "之后包月 %s", months)
	case p.Mode == advisor.YearlyPrepay && first:
		return v.f("prepay %s for %s", "%s包年 %s", cards, v.yearsWords(p.Months/advisor.YearMonths))
	case p.Mode == advisor.YearlyPrepay:
		return v.f("prepaid for %s", "之后包年 %s", v.yearsWords(p.Months/advisor.YearMonths))
	}
	how := v.t("on demand", "按需")
	if p.Mode == advisor.Spot {
		how = v.t("on spot", "用竞价")
	}
	switch {
	case first:
		return v.f("%s %s for %s", "%[1]s%[2]s %[3]s", cards, how, months)
	case last:
		return v.f("%s %s", "%[2]s%[1]s", how, months)
	}
	return v.f("%s for %s", "之后%[1]s %[2]s", how, months)
}

// monthsWords writes a number of months: "1 month", "2.5 months", "1 个月".
func (v view) monthsWords(m float64) string {
	if m == 1 {
		return v.t("1 month", "1 个月")
	}
	return v.f("%s months", "%s 个月", chat.Num(m))
}

// lastWords writes the last months of a plan: "for the last half month",
// "the last 0.3 months"; in Chinese "最后半个月".
func (v view) lastWords(m float64) string {
	switch {
	case m == 0.5:
		return v.t("for the last half month", "最后半个月")
	case m == 1:
		return v.t("for the last month", "最后 1 个月")
	}
	return v.f("for the last %s months", "最后 %s 个月", chat.Num(m))
}

// yearsWords writes a number of years: "1 year", "2 years".
func (v view) yearsWords(y float64) string {
	if y == 1 {
		return v.t("1 year", "1 年")
	}
	return v.f("%s years", "%s 年", chat.Num(y))
}

// planModes is a card's plan as its modes in order: "monthly → on-demand".
func (v view) planModes(c advisor.Card) string {
	if len(c.Phases) < 2 {
		return v.mode(c.Mode)
	}
	names := make([]string, len(c.Phases))
	for i, p := range c.Phases {
		names[i] = v.mode(p.Mode)
	}
	return strings.Join(names, " → ")
}
