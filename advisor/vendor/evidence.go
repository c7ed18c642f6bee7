package vendor

import (
	"gpuadvisor/advisor"
	"gpuadvisor/advisor/tco"
)

// Stage is how far a team has got with a vendor.
type Stage string

// The stages, in the order a team goes through them.
const (
	// Asked: the vendor's sales replies were checked (checklist check).
	Asked Stage = "asked"
	// Quoted: the team has a price from the vendor.
	Quoted Stage = "quoted"
	// Trialled: the vendor's machines were checked in a trial.
	Trialled Stage = "trialled"
	// Contracted: the team has a contract with it (renewal add).
	Contracted Stage = "contracted"
)

// Check is the newest checklist check of a vendor's answers: the verdict,
// the counts by status, the items answered with a known trap (Risks) and
// the items still to ask (Ask), by checklist item id.
type Check struct {
	Verdict                       string
	Covered, Risk, Vague, Missing int
	Risks, Ask                    []string
	// Date is when it was checked, YYYY-MM-DD.
	Date string
}

// Answered reports whether the vendor answered anything the checklist
// asks (a check of a text that touches no item is no answer).
func (c *Check) Answered() bool { return c != nil && c.Covered+c.Risk+c.Vague > 0 }

// Trial is the newest trial check of a vendor's machines (trial check
// vendor=…): how many checks ran, the rule ids of those that failed and of
// those that need a look (gpu_model, nvlink, intranet_tcp, …:
// advisor/trial), and the date.
type Trial struct {
	Checks           int
	Failed, Warnings []string
	// Date is when it was checked, YYYY-MM-DD.
	Date string
}

// Passed reports whether a trial was run and nothing in it failed.
func (t *Trial) Passed() bool { return t != nil && len(t.Failed) == 0 }

// Offer is one price a vendor gave for a card (price book, saved quote):
// per card-hour on demand and per card-month, either 0 when not given.
type Offer struct {
	// GPU is the catalog id of the card.
	GPU               string
	OnDemand, Monthly float64
	Currency, Date    string
	// Workload is the workload the price was quoted for (quote … save=yes);
	// nil for a price set by hand.
	Workload *QuoteWorkload
}

// QuoteWorkload is the workload a saved quote priced: Cards busy Hours a
// month each, for Months (0: not given), and the usage the quote was given
// by key (GB a month per metered item, run_tokens, exit_egress_gb).
type QuoteWorkload struct {
	Cards         int
	Hours, Months float64
	Usage         map[string]float64
}

// LatestQuote is the workload of the newest offer that has one (by date;
// of two on one day, the first in es), and false when no offer has one.
func LatestQuote(es []Evidence) (QuoteWorkload, bool) {
	var best *Offer
	for i := range es {
		for j := range es[i].Offers {
			o := &es[i].Offers[j]
			if o.Workload != nil && (best == nil || o.Date > best.Date) {
				best = o
			}
		}
	}
	if best == nil {
		return QuoteWorkload{}, false
	}
	return *best.Workload, true
}

// Contract is the vendor's contract (a renewal the team keeps): its card,
// cards, price per card-month, minimum term, notice and renewal day.
type Contract struct {
	// ID is the renewal's id (renewal list), what `draft renewal <id>`
	// drafts from; empty when the contract is not a stored renewal.
	ID string
	// GPU is the catalog id of the card, empty when unknown.
	GPU                           string
	Cards, TermMonths, NoticeDays int
	// NoticeMonths is the notice in calendar months when the contract
	// gives it so (NoticeDays is then 30 a month); 0: in days.
	NoticeMonths     int
	MonthlyPerCard   float64
	Currency, Renews string
	// OnDemand is the on-demand price per card-hour the renewal compares
	// with (0: not recorded); Usage reports whether its actual busy hours
	// are recorded (renewal usage). The renewal e-mail needs both.
	OnDemand float64
	Usage    bool
}

// RenewalNeeds are the facts the renewal e-mail still needs that the
// contract lacks, by the key that gives them: "ondemand" (the on-demand
// price per card-hour), "hours" (the actual busy hours per card a month).
func (c *Contract) RenewalNeeds() []string {
	var out []string
	if c.OnDemand <= 0 {
		out = append(out, "ondemand")
	}
	if !c.Usage {
		out = append(out, "hours")
	}
	return out
}

// Evidence is everything known about one vendor.
type Evidence struct {
	// Name is the vendor as the team writes it (the newest spelling).
	Name     string
	Check    *Check
	Offers   []Offer
	Trial    *Trial
	Contract *Contract
}

// Stage is the furthest stage the evidence shows: a contract, then a
// trial, then a price, then the answers.
func (e Evidence) Stage() Stage {
	switch {
	case e.Contract != nil:
		return Contracted
	case e.Trial != nil:
		return Trialled
	case len(e.Offers) > 0:
		return Quoted
	}
	return Asked
}

// Workload is the job every vendor is priced on: cards of one catalog card
// busy Hours a month each, for Months months.
type Workload struct {
	GPU, GPUName string
	Cards        int
	Hours        float64
	Months       int
	// Volumes are the GB a month of each metered line the team stated
	// (storage, snapshots, egress, intranet): no vendor's evidence prices
	// them, so each is filled at the reference unit price (Filled).
	Volumes map[tco.Line]float64
	// Rates are the exchange rates the team gave, for vendors quoting in
	// another currency than yuan.
	Rates Rates
}

// RoundTheClock is the share of the month's hours from which a workload
// counts as running around the clock (7x24 serving): faults at night then
// need answering at night.
const RoundTheClock = 0.8

// AroundTheClock reports whether w's cards run around the clock.
func (w Workload) AroundTheClock() bool { return w.Hours >= RoundTheClock*advisor.MonthHours }
