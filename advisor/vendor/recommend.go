package vendor

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"gpuadvisor/advisor"
)

// tieShare is how close two monthly costs are to count as the same (1%).
const tieShare = 0.01

// recommend decides which vendor to rent from: a vendor with a
// deal-breaker is ruled out; one that has not answered the checklist is
// "ask first" and never recommended over one that answered; among those
// that answered, the cheapest on the workload in yuan (costs within 1% are
// the same), then the fewest risks, then the fewest items left open. Costs
// in a currency the team gave no rate for are not compared at all.
func recommend(w Workload, cols []Column) (r Recommendation) {
	var cands, unanswered, ruled []Column
	for _, c := range cols {
		switch {
		case len(c.DealBreakers) > 0:
			ruled = append(ruled, c)
		case !c.Check.Answered():
			unanswered = append(unanswered, c)
		default:
			cands = append(cands, c)
		}
	}
	r.Currencies = Currencies(cols)
	// a vendor ruled out needs no rate: it is not compared on cost
	live := append(slices.Clone(cands), unanswered...)
	single := len(Currencies(live)) <= 1
	if !single {
		for _, c := range live {
			if c.Priced && !c.Comparable && !slices.Contains(r.NeedRate, c.Currency) {
				r.NeedRate = append(r.NeedRate, c.Currency)
			}
		}
	}
	// the candidates are ranked on cost when theirs compare: one currency,
	// or each with a rate
	candSingle := len(Currencies(cands)) <= 1
	byCost := candSingle || !slices.ContainsFunc(cands, func(c Column) bool { return c.Priced && !c.Comparable })
	key := func(c Column) float64 { return costKey(c, candSingle) }
	slices.SortStableFunc(cands, func(a, b Column) int {
		if byCost && !sameCost(a, b, key) {
			if d := cmp.Compare(key(a), key(b)); d != 0 {
				return d
			}
		}
		return cmp.Or(cmp.Compare(a.Check.Risk, b.Check.Risk), cmp.Compare(failed(a), failed(b)), cmp.Compare(open(a), open(b)), cmp.Compare(trialRank(a), trialRank(b)))
	})
	for _, u := range ruled {
		r.Reasons = append(r.Reasons, ruledOut(u))
	}
	defer func() { currencyNotes(&r, w, live, byCost) }()
	if len(cands) == 0 {
		if len(unanswered) > 0 {
			r.Verdict = AskFirst
			uSingle := len(Currencies(unanswered)) <= 1
			byCost = uSingle || !slices.ContainsFunc(unanswered, func(c Column) bool { return c.Priced && !c.Comparable })
			ukey := func(c Column) float64 { return costKey(c, uSingle) }
			slices.SortStableFunc(unanswered, func(a, b Column) int { return cmp.Compare(ukey(a), ukey(b)) })
			if u := unanswered[0]; u.Priced && byCost {
				r.Reasons = append([]advisor.Text{advisor.Textf("On price alone %s is cheapest: %s a month on your workload",
					"只看价格，%s 最便宜：按你们的用量每月 %s", u.Name, shown(u, uSingle))}, r.Reasons...)
			}
			r.Reasons = append(r.Reasons, advisor.Textf("No vendor has answered the checklist yet, so none is recommended: ask first", "还没有供应商回答核查清单，因此暂不推荐：先追问"))
			r.Breaks = append(r.Breaks, advisor.Textf("each vendor's answers to the checklist (checklist check vendor=…), then a trial", "各供应商对核查清单的回答（清单 检查 供应商=…），然后试用"))
			return r
		}
		r.Verdict = NoneFits
		if len(ruled) == 0 {
			r.Reasons = append(r.Reasons, advisor.Textf("No vendor has any evidence yet", "还没有任何供应商的资料"))
		} else {
			r.Reasons = append(r.Reasons, advisor.Textf("Every vendor is ruled out for this job", "所有供应商都不适合这项任务"))
		}
		return r
	}
	best := cands[0]
	if len(cands) > 1 && tied(cands[0], cands[1], byCost, key) {
		a, b := cands[0].Name, cands[1].Name
		r.Verdict, r.Tie = Tie, []string{a, b}
		t := advisor.Textf("%s and %s are a tie: the same monthly cost on your workload and as many risks and open items",
			"%s 与 %s 打平：按你们的用量月成本相同，风险和未答清的项数也相同", a, b)
		if !byCost {
			t = advisor.Textf("%s and %s are a tie on their answers: as many risks and open items (their costs are not compared)",
				"%s 与 %s 在回答上打平：风险和未答清的项数相同（月成本未比较）", a, b)
		}
		r.Reasons = append([]advisor.Text{t}, r.Reasons...)
		r.Breaks = append(r.Breaks, tieBreaks(w, cands[0], cands[1], byCost, key)...)
		return r
	}
	r.Verdict, r.Vendor = Recommend, best.Name
	for i, u := range ruled { // a cheaper vendor ruled out says by how much it lost
		if d, cur, ok := cheaperBy(u, best); ok && d > 0 {
			gap := money(d, cur)
			dt := u.DealBreakers[0].Text
			r.Reasons[i] = advisor.Text{EN: u.Name + " is " + gap + " a month cheaper but ruled out: " + dt.EN,
				ZH: u.Name + " 每月便宜 " + gap + "，但不适合：" + dt.ZH}
		}
	}
	var why []advisor.Text
	if len(cands) > 1 {
		o := cands[1]
		switch {
		case byCost && best.Priced && o.Priced && !sameCost(best, o, key) && key(best) < key(o):
			gap := money(key(o)-key(best), costCurrency(best, candSingle))
			why = append(why, advisor.Text{EN: best.Name + ": " + gap + " a month cheaper than " + o.Name + " on your workload",
				ZH: best.Name + "：按你们的用量每月比 " + o.Name + " 便宜 " + gap})
		case best.Priced && !o.Priced:
			why = append(why, advisor.Textf("%s has a price for %s, %s has none yet", "%s 给出了 %s 的价格，%s 还没有", best.Name, w.GPUName, o.Name))
		case best.Check.Risk < o.Check.Risk:
			why = append(why, advisor.Textf("%s: fewer risks in its answers than %s (%d against %d)", "%s：回答中的风险少于 %s（%d 对 %d）", best.Name, o.Name, best.Check.Risk, o.Check.Risk))
		case failed(best) < failed(o):
			why = append(why, advisor.Textf("%s: fewer failed trial checks than %s (%d against %d)", "%s：试用未通过的检查少于 %s（%d 对 %d）", best.Name, o.Name, failed(best), failed(o)))
		case open(best) < open(o):
			why = append(why, advisor.Textf("%s: fewer items left unanswered than %s (%d against %d)", "%s：未答清的项少于 %s（%d 对 %d）", best.Name, o.Name, open(best), open(o)))
		default:
			why = append(why, advisor.Textf("%s: its trial passed, %s has none passed yet", "%s：试用已通过，%s 还没有通过的试用", best.Name, o.Name))
		}
	} else {
		why = append(why, advisor.Textf("%s is the only vendor that answered the checklist without a deal-breaker", "%s 是唯一回答了核查清单且没有致命问题的供应商", best.Name))
	}
	if best.Check.Risk == 0 {
		why = append(why, advisor.Textf("no risks in its answers", "回答中没有风险项"))
	} else {
		why = append(why, advisor.Textf("risks in its answers to settle before signing: %d", "回答中有 %d 项风险，签约前需谈妥", best.Check.Risk))
	}
	switch t := best.Trial; {
	case t.Passed():
		why = append(why, advisor.Textf("its trial passed (%d checks, %s)", "试用已通过（%d 项检查，%s）", t.Checks, t.Date))
	case t != nil:
		why = append(why, advisor.Textf("trial checks that failed, to settle before signing: %d", "试用中有 %d 项检查未通过，签约前需解决", len(t.Failed)))
	default:
		why = append(why, advisor.Textf("run a trial before signing", "签约前先试用"))
	}
	if !best.Priced {
		why = append(why, advisor.Textf("no price from it for %s yet: ask for one", "还没有它对 %s 的报价：请索取", w.GPUName))
	}
	r.Reasons = append(why, r.Reasons...)
	for _, u := range unanswered {
		t := advisor.Textf("%s has not answered the checklist yet: ask first", "%s 还没有回答核查清单：先追问", u.Name)
		if d, cur, ok := cheaperBy(u, best); ok && d > 0 {
			gap := money(d, cur)
			t = advisor.Text{EN: u.Name + " is " + gap + " a month cheaper but has not answered the checklist yet: ask first",
				ZH: u.Name + " 每月便宜 " + gap + "，但还没有回答核查清单：先追问"}
		}
		r.Reasons = append(r.Reasons, t)
	}
	return r
}

// currencyNotes says, when the vendors still in the running price in
// different currencies, what the costs were compared at (the rates the team
// gave) or which were not compared and the rate that is needed. byCost
// reports whether the candidates were ranked on cost.
func currencyNotes(r *Recommendation, w Workload, live []Column, byCost bool) {
	curs := Currencies(live)
	if len(curs) < 2 {
		return
	}
	if len(r.NeedRate) == 0 {
		rates := rateText(w.Rates, curs)
		r.Reasons = append(r.Reasons, advisor.Text{EN: "costs compared in yuan at the rate you gave: " + rates.EN,
			ZH: "按你给的汇率折成人民币比较：" + rates.ZH})
		return
	}
	names := func(cur, sep string) string {
		var out []string
		for _, c := range live {
			if c.Priced && c.Currency == cur {
				out = append(out, c.Name)
			}
		}
		return strings.Join(out, sep)
	}
	if !byCost {
		var en, zh []string
		for _, cur := range curs {
			en = append(en, names(cur, ", ")+" in "+cur)
			zh = append(zh, names(cur, "、")+" 用 "+cur)
		}
		r.Reasons = append(r.Reasons, advisor.Text{
			EN: "costs are not compared: the prices are in different currencies (" + strings.Join(en, "; ") + ") and no exchange rate was given",
			ZH: "月成本未比较：报价币种不同（" + strings.Join(zh, "；") + "），且没有给出汇率"})
	} else {
		for _, cur := range r.NeedRate {
			r.Reasons = append(r.Reasons, advisor.Text{
				EN: "the price in " + cur + " (" + names(cur, ", ") + ") is not compared with the others: no exchange rate was given",
				ZH: cur + " 报价（" + names(cur, "、") + "）未与其他报价比较：没有给出汇率"})
		}
	}
	for _, cur := range r.NeedRate {
		r.Breaks = append(r.Breaks, advisor.Text{
			EN: "the exchange rate you will pay for " + cur + ": rate=" + cur + ":<yuan for 1 " + cur + ">",
			ZH: "你们实际使用的 " + cur + " 汇率：汇率=" + cur + ":<1 " + cur + " 折合多少元>"})
	}
}

// cheaperBy is how much a costs less than b a month, in the currency it
// is said in; ok is false when their costs do not compare (no price, or
// different currencies without a rate).
func cheaperBy(a, b Column) (float64, string, bool) {
	switch {
	case !a.Priced || !b.Priced:
		return 0, "", false
	case a.Comparable && b.Comparable:
		return b.Yuan - a.Yuan, Yuan, true
	case a.Currency == b.Currency:
		return b.Monthly - a.Monthly, a.Currency, true
	}
	return 0, "", false
}

// tieBreaks says what would tell two tied vendors apart, in the order the
// comparison weighs it: a price lower by more than the 1% that counts as
// the same, the open questions answered, a trial.
func tieBreaks(w Workload, a, b Column, byCost bool, key func(Column) float64) []advisor.Text {
	var out []advisor.Text
	switch {
	case !a.Priced:
		out = append(out, advisor.Textf("a price for %s from each: the cheaper wins", "两家各自对 %s 的报价：便宜的一家胜出", w.GPUName))
	case byCost:
		gap := money(tieShare*max(key(a), key(b)), costCurrency(a, a.Currency == b.Currency && !a.Comparable))
		out = append(out, advisor.Textf("a price more than %s a month lower from either (1%% of the cost): the cheaper wins",
			"任一家每月再便宜 %s 以上（成本的 1%%）：便宜的一家胜出", gap))
	}
	if n := open(a); n > 0 {
		out = append(out, advisor.Textf("the items each left open answered (%d each: draft questions vendor=…): fewer open items wins",
			"补齐各自未答清的项（各 %d 项：起草 问题 供应商=…）：未答清更少的一家胜出", n))
	}
	if !a.Trial.Passed() {
		out = append(out, advisor.Textf("a trial of each (trial check vendor=…): fewer failed checks wins, a passed trial before none",
			"分别试用（试用 检查 供应商=…）：未通过项更少的一家胜出，通过试用的优先"))
	}
	return out
}

// ruledOut says why a vendor with deal-breakers is out.
func ruledOut(c Column) advisor.Text {
	d := c.DealBreakers[0].Text
	return advisor.Text{EN: c.Name + " is ruled out: " + d.EN, ZH: c.Name + " 不适合：" + d.ZH}
}

// open is how many checklist items the vendor left missing or vague.
func open(c Column) int {
	if c.Check == nil {
		return 0
	}
	return c.Check.Missing + c.Check.Vague
}

// costKey is what c ranks by: its cost in yuan, or in its own currency
// when every vendor prices in that one (single); +Inf without either.
func costKey(c Column, single bool) float64 {
	switch {
	case !c.Priced:
		return math.Inf(1)
	case c.Comparable:
		return c.Yuan
	case single:
		return c.Monthly
	}
	return math.Inf(1)
}

// costCurrency is the currency costKey is in.
func costCurrency(c Column, single bool) string {
	if !c.Comparable && single {
		return c.Currency
	}
	return Yuan
}

// shown is c's ranked monthly cost with its currency.
func shown(c Column, single bool) string { return money(costKey(c, single), costCurrency(c, single)) }

func sameCost(a, b Column, key func(Column) float64) bool {
	if a.Priced != b.Priced {
		return false
	}
	x, y := key(a), key(b)
	return !a.Priced || math.Abs(x-y) <= tieShare*max(x, y)
}

func tied(a, b Column, byCost bool, key func(Column) float64) bool {
	return (!byCost || sameCost(a, b, key)) && a.Priced == b.Priced && a.Check.Risk == b.Check.Risk && open(a) == open(b) &&
		failed(a) == failed(b) && trialRank(a) == trialRank(b)
}
