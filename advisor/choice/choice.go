package choice

import (
	"math"
	"slices"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/sizing"
)

// Source is whose price an option carries.
type Source string

// The sources of a price.
const (
	Team      Source = "team"      // the team's price book
	Reference Source = "reference" // the catalog's dated reference price
	None      Source = "none"      // no price: ranked by the tier rule
)

// group orders the sources: the team's quotes before reference prices.
func (s Source) group() int {
	switch s {
	case Team:
		return 0
	case Reference:
		return 1
	}
	return 2
}

// Basis is what decided the pick.
type Basis string

// The bases of a decision.
const (
	BasisTeam      Basis = "team"      // the team's prices
	BasisReference Basis = "reference" // reference prices: no card the team priced fits
	BasisTierRule  Basis = "tier_rule" // no card that fits has a price
	BasisForced    Basis = "forced"    // the user named the card (gpu=)
)

// By is what options are ranked by.
type By string

// What options are ranked by.
const (
	ByHour   By = "hour"   // price per card-hour × cards
	ByRun    By = "run"    // the whole training run's cost
	ByVolume By = "volume" // a day of the serving volume's cost
)

// Price is one card's price as the choice uses it.
type Price struct {
	// PerCardHour ranks the card: the team's on-demand price (else its
	// monthly fee over advisor.MonthHours), or a reference range's midpoint.
	PerCardHour float64 `json:"per_card_hour"`
	// Low and High are a reference range per card-hour (zero for the team's).
	Low  float64 `json:"low,omitempty"`
	High float64 `json:"high,omitempty"`
	// Monthly is the monthly fee per card (the team's, or a reference
	// range's midpoint); 0 when none is known.
	Monthly  float64 `json:"monthly,omitempty"`
	Currency string  `json:"currency,omitempty"`
	Source   Source  `json:"source"`
	// Basis is how PerCardHour was read: ondemand, monthly (the fee over a
	// month's hours) or midpoint (of a reference range).
	Basis  string `json:"basis,omitempty"`
	Vendor string `json:"vendor,omitempty"`
	Date   string `json:"date,omitempty"`
}

// Input is what the choice needs besides the sized options.
type Input struct {
	// Team and Reference are the prices by card id; a card in neither has
	// no price.
	Team, Reference map[string]Price
	// By is what options are ranked by; ByRun and ByVolume need Cost.
	By By
	// Cost is an option's cost at a price per card-hour for ByRun and
	// ByVolume; false when it cannot be costed (then the option is ranked
	// per hour among the others of its source).
	Cost func(o sizing.Option, perCardHour float64) (float64, bool)
	// Forced is the card the user named (gpu=), "" for none.
	Forced string
	// Mode is the job's mode: per hour, an option is ranked at its price ÷
	// its interconnect efficiency (sizing.InterconnectOf), what an hour of
	// NVLink-speed work costs on it.
	Mode sizing.Mode
}

// PriceOf is card id's price: the team's, else the reference, else none.
func (in Input) PriceOf(id string) Price {
	if p, ok := in.Team[id]; ok {
		p.Source = Team
		return p
	}
	if p, ok := in.Reference[id]; ok {
		p.Source = Reference
		return p
	}
	return Price{Source: None}
}

// cost is option o's cost by the ranking at price p, and whether it has one.
func (in Input) cost(o sizing.Option, p Price) (float64, bool) {
	if p.Source == None || o.GPU == nil {
		return 0, false
	}
	if in.By != ByHour && in.By != "" && in.Cost != nil {
		if c, ok := in.Cost(o, p.PerCardHour); ok {
			return c, true
		}
	}
	return p.PerCardHour * float64(o.Cards()) / sizing.InterconnectOf(in.Mode, o).Efficiency, true
}

// Pricing is the ranking as sizing.AdviseByPrice uses it to pick: the same
// order Decide reports.
// The search ranks every card's option several times (the pick, the
// tighter and safer ones, each mode alternative): each card's price is
// looked up once per Pricing.
func (in Input) Pricing() sizing.Pricing {
	m := &priceMemo{in: &in}
	return sizing.Pricing{
		Cost: func(o sizing.Option) (float64, bool) { return in.cost(o, m.of(o.GPU)) },
		Group: func(o sizing.Option) int {
			return m.of(o.GPU).Source.group()
		},
	}
}

// priceMemo keeps what ranking reads of Input.PriceOf (the source and the
// price per card-hour) for the first cards asked for, by card.
type priceMemo struct {
	in   *Input
	n    int
	kept [32]struct {
		g       *catalog.GPU
		perHour float64
		source  Source
	}
}

// of is m.in.PriceOf(g.ID) as Input.cost and the group read it.
func (m *priceMemo) of(g *catalog.GPU) Price {
	for i := range m.kept[:m.n] {
		if k := &m.kept[i]; k.g == g {
			return Price{PerCardHour: k.perHour, Source: k.source}
		}
	}
	p := m.in.PriceOf(g.ID)
	if m.n < len(m.kept) {
		k := &m.kept[m.n]
		k.g, k.perHour, k.source = g, p.PerCardHour, p.Source
		m.n++
	}
	return p
}

// Option is one adequate option with the price it was ranked by.
type Option struct {
	Option sizing.Option `json:"-"`
	Price  Price         `json:"price"`
	// PerHour is the price per card-hour × cards (0 without a price).
	PerHour float64 `json:"per_hour"`
	// Cost is what the option was ranked by: PerHour, the run's cost or a
	// day of the volume (0 without a price).
	Cost   float64 `json:"cost"`
	Chosen bool    `json:"chosen,omitempty"`
	// Trade says what this option gives or takes against the pick.
	Trade advisor.Text `json:"trade"`
}

// Next is the option ranked after the pick, and what separates them.
type Next struct {
	GPU    string `json:"gpu"`
	Cards  int    `json:"cards"`
	Source Source `json:"source"`
	// Cost is its cost by the ranking; More is what it costs over the pick
	// (0 when the two are priced differently and cannot be compared).
	Cost float64 `json:"cost"`
	More float64 `json:"more"`
	// Why says what separates it from the pick (both languages).
	Why advisor.Text `json:"why"`
}

// ChosenBy is the decision's reason as data.
type ChosenBy struct {
	Basis Basis `json:"basis"`
	By    By    `json:"by"`
	// Next is the option ranked after the pick; nil when there is none.
	Next *Next `json:"next,omitempty"`
	// Ties are the other cards at the pick's cost and source, which the
	// interconnect and then the tier rule decided against.
	Ties []string `json:"ties"`
	// TierRulePick is what the tier rule alone would pick, when that
	// differs from the pick and has no price: worth asking a vendor for.
	TierRulePick string `json:"tier_rule_pick,omitempty"`
	// TierRuleCards is that option's card count.
	TierRuleCards int `json:"tier_rule_cards,omitempty"`
}

// Decision is the ranked options and the reason for the pick.
type Decision struct {
	// Options are every adequate option considered, best first.
	Options []Option `json:"options"`
	// Pick is the index of the chosen option in Options, -1 when nothing fits.
	Pick     int      `json:"pick"`
	ChosenBy ChosenBy `json:"chosen_by"`
}

// Decide ranks the adequate options of adv (adv.Fitting, with the pick's
// own layout) by in and records why adv.Pick was chosen. adv must come
// from sizing.AdviseByPrice with in.Pricing(): the order is the same.
func Decide(in Input, adv sizing.Advice) Decision {
	by := in.By
	if by == "" || in.Cost == nil {
		by = ByHour
	}
	d := Decision{Pick: -1, ChosenBy: ChosenBy{By: by, Ties: []string{}}}
	// each option's price and cost are worked out once, and the options
	// sorted by reference, in the order Pricing.Sort gives them
	n := len(adv.Fitting)
	var rbuf [32]rankRef
	var pbuf [32]Price
	rs, prices := rbuf[:0], pbuf[:0]
	if n > len(rbuf) {
		rs, prices = make([]rankRef, 0, n), make([]Price, 0, n)
	}
	for i := range adv.Fitting {
		o := &adv.Fitting[i]
		if adv.Fits && o.GPU != nil && adv.Pick.GPU != nil && o.GPU.ID == adv.Pick.GPU.ID {
			o = &adv.Pick
		}
		r, p := rankRef{o: o, i: i}, Price{Source: None}
		if o.GPU != nil {
			p = in.PriceOf(o.GPU.ID)
			r.cost, r.priced = in.cost(*o, p)
			r.group = p.Source.group()
		}
		rs, prices = append(rs, r), append(prices, p)
	}
	slices.SortStableFunc(rs, func(a, b rankRef) int {
		switch {
		case a.less(&b):
			return -1
		case b.less(&a):
			return 1
		}
		return 0
	})
	d.Options = make([]Option, 0, n)
	for _, r := range rs {
		o, p := r.o, prices[r.i]
		row := Option{Option: *o, Price: p}
		if r.priced {
			row.PerHour, row.Cost = p.PerCardHour*float64(o.Cards()), r.cost
		}
		if adv.Fits && adv.Pick.GPU != nil && o.GPU.ID == adv.Pick.GPU.ID && o.Cards() == adv.Pick.Cards() {
			row.Chosen, d.Pick = true, len(d.Options)
		}
		d.Options = append(d.Options, row)
	}
	for i := range d.Options {
		if d.Pick >= 0 {
			d.Options[i].Trade = Trade(d.Options[i].Option, adv.Pick)
		}
	}
	d.ChosenBy.Basis = basis(in, d)
	if d.Pick < 0 {
		return d
	}
	pick := &d.Options[d.Pick]
	for i := range d.Options {
		o := &d.Options[i]
		if i == d.Pick {
			continue
		}
		if o.Price.Source == pick.Price.Source && o.Price.Source != None && o.Cost == pick.Cost {
			d.ChosenBy.Ties = append(d.ChosenBy.Ties, o.Option.GPU.ID)
		}
		if i > d.Pick && d.ChosenBy.Next == nil {
			n := &Next{GPU: o.Option.GPU.ID, Cards: o.Option.Cards(), Source: o.Price.Source, Cost: o.Cost, Why: o.Trade}
			if o.Price.Source == pick.Price.Source && o.Price.Source != None && o.Price.Currency == pick.Price.Currency {
				n.More = o.Cost - pick.Cost
			}
			d.ChosenBy.Next = n
		}
	}
	if d.ChosenBy.Basis == BasisTeam || d.ChosenBy.Basis == BasisReference {
		var tier *sizing.Option
		for i := range adv.Fitting {
			if o := &adv.Fitting[i]; tier == nil || sizing.Less(*o, *tier) {
				tier = o
			}
		}
		if tier != nil && tier.GPU.ID != pick.Option.GPU.ID && in.PriceOf(tier.GPU.ID).Source == None {
			d.ChosenBy.TierRulePick, d.ChosenBy.TierRuleCards = tier.GPU.ID, tier.Cards()
		}
	}
	return d
}

// rankRef is an option of Decide with its cost worked out once: what
// sizing.Pricing ranks it by (Input.Pricing), and where its price is.
type rankRef struct {
	o      *sizing.Option
	cost   float64
	group  int
	priced bool
	i      int // the option's index in adv.Fitting, and its price's
}

// less is sizing.Pricing.Less on the costs worked out: a priced option
// before an unpriced one, then the lower group, then the lower cost, then
// (priced) the option on its fast link, then the tier rule.
func (a *rankRef) less(b *rankRef) bool {
	if a.priced != b.priced {
		return a.priced
	}
	if a.priced && a.group != b.group {
		return a.group < b.group
	}
	if a.priced && a.cost != b.cost {
		return a.cost < b.cost
	}
	if fa, fb := a.o.FastLink(), b.o.FastLink(); a.priced && fa != fb {
		return fa
	}
	return sizing.Less(*a.o, *b.o)
}

// basis is what decided: the named card, else the pick's price source.
func basis(in Input, d Decision) Basis {
	switch {
	case in.Forced != "":
		return BasisForced
	case d.Pick < 0:
		return BasisTierRule
	}
	switch d.Options[d.Pick].Price.Source {
	case Team:
		return BasisTeam
	case Reference:
		return BasisReference
	}
	return BasisTierRule
}

// Round4 keeps money readable in JSON: 4 decimals.
func Round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }
