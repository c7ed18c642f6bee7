package vendor

import (
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
	// the open ones, Items), "trial" (run the trial), "renewal" (draft the
	// renewal e-mail for the contract kept, Renewal) or "sla" (negotiate
	// the service terms of a contract to sign).
	Kind  string
	Items []string
	// Renewal is the id of the contract's renewal (Kind "renewal"); Needs
	// the facts its e-mail still needs (Contract.RenewalNeeds), which the
	// draft asks for first.
	Renewal string
	Needs   []string
}

// Column is one vendor in the comparison.
type Column struct {
	Name  string
	Stage Stage
	// Priced reports whether Monthly and Project are known.
	Priced bool
	// CardCost is the workload's card time a month at the vendor's own
	// prices, in Currency. Monthly adds the Filled lines when Currency is
	// yuan (they are priced in yuan); Project is Monthly over Months, the
	// workload's months or a contract's longer minimum term, counted whole.
	CardCost, Monthly, Project float64
	Months                     int
	// Currency is the ISO code of the vendor's price (CNY for yuan).
	Currency string
	// Filled are the metered lines the workload states, at the reference
	// prices: the same for every vendor.
	Filled []Filled
	// Yuan and ProjectYuan are Monthly and Project in yuan, card time and
	// filled lines, what vendors are ranked by; Comparable is false when
	// the vendor's price is in a currency the team gave no rate for.
	Yuan, ProjectYuan float64
	Comparable        bool
	// PriceFrom is "price" (the vendor's price) or "contract".
	PriceFrom, PriceDate string
	Check                *Check
	Contract             *Contract
	// Trial is the vendor's newest trial check, nil when none.
	Trial *Trial
	// Settle are the checklist items its trial's failed checks ask about
	// that do not rule it out (a slow network, an old driver).
	Settle       []string
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
	// Currencies are the currencies the vendors price in; NeedRate those
	// (not yuan) the team gave no rate for: costs are then not compared.
	Currencies, NeedRate []string
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
	price(&c, w, e)
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
	tb, settle := trialFindings(w, e.Trial)
	for _, d := range tb {
		if !slices.ContainsFunc(c.DealBreakers, func(x DealBreaker) bool { return x.Item == d.Item }) {
			c.DealBreakers = append(c.DealBreakers, d)
		}
	}
	c.Settle = settle
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
	case len(c.Settle) > 0:
		return Next{Kind: "questions", Items: slices.Clone(c.Settle)}
	case e.Contract != nil && e.Contract.ID != "":
		// a contract kept: what matters next is its renewal
		return Next{Kind: "renewal", Renewal: e.Contract.ID, Needs: e.Contract.RenewalNeeds()}
	case e.Contract != nil || e.Trial.Passed():
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
