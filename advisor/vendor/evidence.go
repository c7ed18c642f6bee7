package vendor

import "gpuadvisor/advisor"

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

// Offer is one price a vendor gave for a card (price book, saved quote):
// per card-hour on demand and per card-month, either 0 when not given.
type Offer struct {
	// GPU is the catalog id of the card.
	GPU               string
	OnDemand, Monthly float64
	Currency, Date    string
}

// Contract is the vendor's contract (a renewal the team keeps): its card,
// cards, price per card-month, minimum term, notice and renewal day.
type Contract struct {
	// GPU is the catalog id of the card, empty when unknown.
	GPU                           string
	Cards, TermMonths, NoticeDays int
	MonthlyPerCard                float64
	Currency, Renews              string
}

// Evidence is everything known about one vendor.
type Evidence struct {
	// Name is the vendor as the team writes it (the newest spelling).
	Name     string
	Check    *Check
	Offers   []Offer
	Contract *Contract
}

// Stage is the furthest stage the evidence shows.
func (e Evidence) Stage() Stage {
	switch {
	case e.Contract != nil:
		return Contracted
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
}

// RoundTheClock is the share of the month's hours from which a workload
// counts as running around the clock (7x24 serving): faults at night then
// need answering at night.
const RoundTheClock = 0.8

// AroundTheClock reports whether w's cards run around the clock.
func (w Workload) AroundTheClock() bool { return w.Hours >= RoundTheClock*advisor.MonthHours }
