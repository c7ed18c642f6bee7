package vendor

import (
	"cmp"
	"math"
	"slices"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/checklist"
)

// Need is an item of the checklist a job cannot do without: a risk on it
// (an answer that is a known trap) rules the vendor out for that job.
type Need struct {
	// Item is the checklist item id.
	Item string
	// Applies says whether w needs the item.
	Applies func(w Workload) bool
	// Why says what in the job needs it.
	Why func(w Workload) advisor.Text
}

// Needs are the items whose risk is a deal-breaker, and when.
var Needs = []Need{
	{Item: "hw.interconnect", Applies: func(w Workload) bool { return w.Cards > 1 },
		Why: func(w Workload) advisor.Text {
			return advisor.Textf("your %d-card job needs a fast card-to-card link (NVLink)", "你们的 %d 卡任务需要高速卡间互联（NVLink）", w.Cards)
		}},
	{Item: "ops.night_response", Applies: Workload.AroundTheClock,
		Why: func(w Workload) advisor.Text {
			return advisor.Textf("your cards run around the clock (%s hours a month), so a fault at night needs answering at night",
				"你们的卡全天运行（每月 %s 小时），夜间故障需要夜间响应", advisor.Group(w.Hours))
		}},
}

// DealBreaker is a risk on an item the job needs.
type DealBreaker struct {
	Item string
	// Text names the item and why the job needs it.
	Text advisor.Text
}

// Unknown is something not known yet about a vendor.
type Unknown struct {
	// Code is "answers" (no checklist check), "open" (items still to ask),
	// "price" (no price for the workload's card), "trial" (no trial
	// recorded) or "contract" (no contract: minimum term and notice).
	Code string
	Text advisor.Text
}

// Next is the step to take with a vendor next.
type Next struct {
	// Kind is "ask" (send the checklist's questions), "questions" (send
	// the open ones, Items), "trial" (run the trial) or "sla" (negotiate
	// the contract's service terms).
	Kind  string
	Items []string
}

// Column is one vendor in the comparison.
type Column struct {
	Name  string
	Stage Stage
	// Priced reports whether Monthly and Project are known.
	Priced bool
	// Monthly is the workload's cost a month at the vendor's own prices;
	// Project over the workload's months (a contract's minimum term
	// counted whole).
	Monthly, Project float64
	Currency         string
	// PriceFrom is "price" (the vendor's price) or "contract".
	PriceFrom, PriceDate string
	Check                *Check
	Contract             *Contract
	// Trial is the vendor's newest trial check, nil when none.
	Trial        *Trial
	Unknown      []Unknown
	DealBreakers []DealBreaker
	Next         Next
}

// Verdicts of a comparison.
const (
	// Recommend: Recommendation.Vendor is the one to rent from.
	Recommend = "recommend"
	// Tie: the first two candidates cannot be told apart (Recommendation.Tie).
	Tie = "tie"
	// AskFirst: no vendor has answered the checklist yet.
	AskFirst = "ask_first"
	// NoneFits: every vendor is ruled out, or there is none.
	NoneFits = "none"
)

// Recommendation is which vendor to rent from and why.
type Recommendation struct {
	Verdict string
	// Vendor is the one recommended; empty unless Verdict is Recommend.
	Vendor string
	// Tie names the vendors tied (Verdict Tie).
	Tie     []string
	Reasons []advisor.Text
	// Breaks says what would break a tie, or what is missing before a
	// vendor can be recommended.
	Breaks []advisor.Text
}

// Comparison is the vendors side by side and the recommendation.
type Comparison struct {
	Workload       Workload
	Columns        []Column
	Recommendation Recommendation
}

// Compare prices every vendor on w at its own prices and decides which to
// rent from. Columns keep the order of es.
func Compare(w Workload, es []Evidence) Comparison {
	out := Comparison{Workload: w}
	for _, e := range es {
		out.Columns = append(out.Columns, column(w, e))
	}
	out.Recommendation = recommend(w, out.Columns)
	return out
}

func column(w Workload, e Evidence) Column {
	c := Column{Name: e.Name, Stage: e.Stage(), Check: e.Check, Contract: e.Contract, Trial: e.Trial}
	perCard, from, cur, date := math.Inf(1), "", "", ""
	for _, o := range e.Offers {
		if o.GPU != w.GPU {
			continue
		}
		p := math.Inf(1)
		if o.OnDemand > 0 {
			p = o.OnDemand * w.Hours
		}
		if o.Monthly > 0 {
			p = min(p, o.Monthly)
		}
		if p < perCard {
			perCard, from, cur, date = p, "price", o.Currency, o.Date
		}
	}
	if math.IsInf(perCard, 1) && e.Contract != nil && e.Contract.GPU == w.GPU && e.Contract.MonthlyPerCard > 0 {
		perCard, from, cur, date = e.Contract.MonthlyPerCard, "contract", e.Contract.Currency, ""
	}
	months := w.Months
	if e.Contract != nil && e.Contract.TermMonths > months {
		months = e.Contract.TermMonths
	}
	if !math.IsInf(perCard, 1) {
		c.Priced, c.PriceFrom, c.Currency, c.PriceDate = true, from, cur, date
		c.Monthly = perCard * float64(w.Cards)
		c.Project = c.Monthly * float64(months)
	}
	if e.Check != nil {
		for _, n := range Needs {
			if n.Applies(w) && slices.Contains(e.Check.Risks, n.Item) {
				why := n.Why(w)
				name := itemName(n.Item)
				c.DealBreakers = append(c.DealBreakers, DealBreaker{Item: n.Item,
					Text: advisor.Textf("%s is a risk in its answers, and %s", "%s的回答有风险，而%s", name.EN, why.EN)})
				c.DealBreakers[len(c.DealBreakers)-1].Text.ZH = name.ZH + "的回答有风险，而" + why.ZH
			}
		}
	}
	switch {
	case !e.Check.Answered():
		c.Unknown = append(c.Unknown, Unknown{Code: "answers", Text: advisor.Textf("its answers to the checklist", "对核查清单的回答")})
	case len(e.Check.Ask) > 0 || e.Check.Missing+e.Check.Vague > 0:
		n := e.Check.Missing + e.Check.Vague
		c.Unknown = append(c.Unknown, Unknown{Code: "open", Text: advisor.Textf("%d items not answered clearly", "%d 项未答清", n)})
	}
	if !c.Priced {
		c.Unknown = append(c.Unknown, Unknown{Code: "price", Text: advisor.Textf("a price for %s", "%s 的价格", w.GPUName)})
	}
	if e.Trial == nil {
		c.Unknown = append(c.Unknown, Unknown{Code: "trial", Text: advisor.Textf("a trial", "试用结果")})
	}
	if e.Contract == nil {
		c.Unknown = append(c.Unknown, Unknown{Code: "contract", Text: advisor.Textf("contract terms (minimum term, notice)", "合同条款（最短租期、通知期）")})
	}
	c.Next = next(e, c)
	return c
}

func next(e Evidence, c Column) Next {
	switch {
	case len(c.DealBreakers) > 0:
		var items []string
		for _, d := range c.DealBreakers {
			items = append(items, d.Item)
		}
		return Next{Kind: "questions", Items: items}
	case !e.Check.Answered():
		return Next{Kind: "ask"}
	case len(e.Check.Ask) > 0:
		return Next{Kind: "questions", Items: slices.Clone(e.Check.Ask)}
	case e.Contract != nil:
		return Next{Kind: "sla"}
	}
	return Next{Kind: "trial"}
}

func itemName(id string) advisor.Text {
	if it, ok := checklist.Lookup(id); ok {
		return it.Name
	}
	return advisor.Text{EN: id, ZH: id}
}

// tieShare is how close two monthly costs are to count as the same (1%).
const tieShare = 0.01

func recommend(w Workload, cols []Column) Recommendation {
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
	byCost := oneCurrency(cands)
	slices.SortStableFunc(cands, func(a, b Column) int {
		if byCost {
			if r := cmp.Compare(costKey(a), costKey(b)); r != 0 && !sameCost(a, b) {
				return r
			}
		}
		return cmp.Or(cmp.Compare(a.Check.Risk, b.Check.Risk), cmp.Compare(a.Check.Missing+a.Check.Vague, b.Check.Missing+b.Check.Vague))
	})
	var r Recommendation
	for _, u := range ruled {
		r.Reasons = append(r.Reasons, ruledOut(u))
	}
	if len(cands) == 0 {
		if len(unanswered) > 0 {
			r.Verdict = AskFirst
			slices.SortStableFunc(unanswered, func(a, b Column) int { return cmp.Compare(costKey(a), costKey(b)) })
			if u := unanswered[0]; u.Priced && oneCurrency(unanswered) {
				r.Reasons = append([]advisor.Text{advisor.Textf("On price alone %s is cheapest: %s a month on your workload", "只看价格，%s 最便宜：按你们的用量每月 %s", u.Name, money(u.Monthly, u.Currency))}, r.Reasons...)
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
	if len(cands) > 1 && tied(cands[0], cands[1], byCost) {
		r.Verdict, r.Tie = Tie, []string{cands[0].Name, cands[1].Name}
		r.Reasons = append([]advisor.Text{advisor.Textf("%s and %s are a tie: the same monthly cost on your workload and as many risks and open items",
			"%s 与 %s 打平：按你们的用量月成本相同，风险和未答清的项数也相同", cands[0].Name, cands[1].Name)}, r.Reasons...)
		r.Breaks = append(r.Breaks, advisor.Textf("a trial of each (trial check), the open questions answered, or a lower price from one of them",
			"分别试用（试用 检查）、补齐未答清的问题，或其中一家给出更低的价格"))
		if !cands[0].Priced {
			r.Breaks = append(r.Breaks, advisor.Textf("a price for %s from each", "两家各自对 %s 的报价", w.GPUName))
		}
		return r
	}
	r.Verdict, r.Vendor = Recommend, best.Name
	var why []advisor.Text
	if len(cands) > 1 {
		o := cands[1]
		switch {
		case byCost && best.Priced && o.Priced && best.Monthly < o.Monthly:
			why = append(why, advisor.Textf("%s: %s a month cheaper than %s on your workload", "%s：按你们的用量每月比 %s 便宜 %s", best.Name, money(o.Monthly-best.Monthly, best.Currency), o.Name))
			why[len(why)-1].ZH = best.Name + "：按你们的用量每月比 " + o.Name + " 便宜 " + money(o.Monthly-best.Monthly, best.Currency)
		case best.Priced && !o.Priced:
			why = append(why, advisor.Textf("%s has a price for %s, %s has none yet", "%s 给出了 %s 的价格，%s 还没有", best.Name, w.GPUName, o.Name))
		case best.Check.Risk < o.Check.Risk:
			why = append(why, advisor.Textf("%s: fewer risks in its answers than %s (%d against %d)", "%s：回答中的风险少于 %s（%d 对 %d）", best.Name, o.Name, best.Check.Risk, o.Check.Risk))
		default:
			why = append(why, advisor.Textf("%s: fewer items left unanswered than %s", "%s：未答清的项少于 %s", best.Name, o.Name))
		}
	} else {
		why = append(why, advisor.Textf("%s is the only vendor that answered the checklist without a deal-breaker", "%s 是唯一回答了核查清单且没有致命问题的供应商", best.Name))
	}
	if best.Check.Risk == 0 {
		why = append(why, advisor.Textf("no risks in its answers", "回答中没有风险项"))
	} else {
		why = append(why, advisor.Textf("risks in its answers to settle before signing: %d", "回答中有 %d 项风险，签约前需谈妥", best.Check.Risk))
	}
	if !best.Priced {
		why = append(why, advisor.Textf("no price from it for %s yet: ask for one", "还没有它对 %s 的报价：请索取", w.GPUName))
	}
	r.Reasons = append(why, r.Reasons...)
	for _, u := range unanswered {
		t := advisor.Textf("%s has not answered the checklist yet: ask first", "%s 还没有回答核查清单：先追问", u.Name)
		if byCost && u.Priced && best.Priced && u.Currency == best.Currency && u.Monthly < best.Monthly {
			t = advisor.Textf("%s is %s a month cheaper but has not answered the checklist yet: ask first", "%s 每月便宜 %s，但还没有回答核查清单：先追问", u.Name, money(best.Monthly-u.Monthly, best.Currency))
		}
		r.Reasons = append(r.Reasons, t)
	}
	return r
}

// ruledOut says why a vendor with deal-breakers is out.
func ruledOut(c Column) advisor.Text {
	d := c.DealBreakers[0].Text
	return advisor.Text{EN: c.Name + " is ruled out: " + d.EN, ZH: c.Name + " 不适合：" + d.ZH}
}

func costKey(c Column) float64 {
	if !c.Priced {
		return math.Inf(1)
	}
	return c.Monthly
}

func sameCost(a, b Column) bool {
	if a.Priced != b.Priced {
		return false
	}
	return !a.Priced || math.Abs(a.Monthly-b.Monthly) <= tieShare*max(a.Monthly, b.Monthly)
}

func tied(a, b Column, byCost bool) bool {
	return (!byCost || sameCost(a, b)) && a.Priced == b.Priced && a.Check.Risk == b.Check.Risk && a.Check.Missing+a.Check.Vague == b.Check.Missing+b.Check.Vague
}

// oneCurrency reports whether the priced columns share one currency (costs
// in different currencies are not compared).
func oneCurrency(cs []Column) bool {
	cur := ""
	for _, c := range cs {
		if !c.Priced {
			continue
		}
		if cur != "" && c.Currency != cur {
			return false
		}
		cur = c.Currency
	}
	return true
}

// money writes an amount with its currency: ¥8,000 for CNY, $8,000 for
// USD, "8,000 EUR" otherwise.
func money(v float64, cur string) string {
	switch cur {
	case "", "CNY", "RMB":
		return "¥" + advisor.Group(math.Round(v))
	case "USD":
		return "$" + advisor.Group(math.Round(v))
	}
	return advisor.Group(math.Round(v)) + " " + cur
}

// Money writes an amount as the comparison does (¥8,000).
func Money(v float64, cur string) string { return money(v, cur) }
