package tco

import (
	"math"
	"sort"
)

// DefaultHours is the market guides' default check (docs/domain.md#market-facts): 300 GPU hours per card a month.
const DefaultHours = 300

// DefaultHiddenShare is the storage-and-network share of the GPU cost used to
// estimate the storage and network items a quote leaves out: docs/quote.md,
// "storage and network run about 20% of a long training quote" (docs/domain.md#market-facts;
// a legal-LLM team paid ¥8k on ¥30k of GPU, about 27%).
const DefaultHiddenShare = 0.20

// Options are the settings shared by every vendor of a comparison.
type Options struct {
	// Hours is the GPU hours per card this month, for vendors that do not set
	// their own; it must be in (0, MaxHours].
	Hours float64
	// RunTokens is the size of a whole training run in tokens; 0 means no run.
	RunTokens float64
	// HiddenShare is the fraction of the GPU cost that estimates the missing
	// storage and network items, split equally among the four of them.
	HiddenShare float64
}

// DefaultOptions returns 300 hours a month and a 20% storage-and-network share.
func DefaultOptions() Options {
	return Options{Hours: DefaultHours, HiddenShare: DefaultHiddenShare}
}

// EstimateShare is the fraction of the GPU cost that estimates one missing
// line item: HiddenShare / 4 for each storage and network item, 0 for support
// and licences (no published figure: assumed included, flagged to ask).
func (o Options) EstimateShare(l Line) float64 {
	for _, s := range StorageNetwork {
		if l == s {
			return o.HiddenShare / float64(len(StorageNetwork))
		}
	}
	return 0
}

// Cost is one vendor's computed monthly TCO and throughput figures.
type Cost struct {
	Vendor Vendor
	// Rank is the position by monthly TCO, 1 for the lowest.
	Rank int
	// Hours is the GPU hours per card this month used for this vendor.
	Hours float64
	// Reserved is set when the vendor is priced per card-month.
	Reserved bool
	// PerCardHour is the price per card-hour: the quoted price, or the
	// monthly price / Hours when reserved.
	PerCardHour float64
	// HourlyCost is the hourly cost of all cards: PerCardHour × cards.
	HourlyCost float64
	// Lines holds every line item's monthly amount, estimates included.
	Lines map[Line]float64
	// Estimated holds the amounts that are estimates (the quote left them out).
	Estimated map[Line]float64
	// Missing lists the line items the quote left out, in bill order.
	Missing []Line
	// Incomplete lists the stated items that could not be priced (a volume
	// without a unit price, or the reverse); they are also Missing.
	Incomplete []Line
	// Quoted is the monthly total of the quoted items (GPU included).
	Quoted float64
	// Estimates is the monthly total of the estimates.
	Estimates float64
	// TCO is Quoted + Estimates.
	TCO float64
	// HasThroughput is set when the vendor's tokens per second is known.
	HasThroughput bool
	// CostPerMTok is HourlyCost / (tokens_per_s × 3600) × 1e6.
	CostPerMTok float64
	// TCOPerMTok is TCO / (tokens_per_s × 3600 × Hours) × 1e6: the monthly
	// TCO spread over the tokens the cards produce in those hours.
	TCOPerMTok float64
	// HasRun is set when a run size and the throughput are known.
	HasRun bool
	// RunTokens is the run size used for this vendor.
	RunTokens float64
	// RunHours is RunTokens / tokens_per_s / 3600.
	RunHours float64
	// RunCost is RunHours × HourlyCost.
	RunCost float64
}

// Result is a comparison of quotes.
type Result struct {
	Options Options
	// Vendors are in input order.
	Vendors []Cost
	// Ranking lists vendor names by monthly TCO, lowest first (ties by name).
	Ranking []string
	// Cheapest has the lowest monthly TCO, estimates included.
	Cheapest string
	// CheapestQuoted has the lowest monthly total of quoted items only.
	CheapestQuoted string
	// CheapestPerHour has the lowest price per card-hour.
	CheapestPerHour string
	// CheapestPerToken has the lowest cost per 1M tokens; empty when no
	// vendor's throughput is known.
	CheapestPerToken string
	// SameCards is set when every vendor quotes the same number of cards.
	SameCards bool
}

// Compare computes each vendor's monthly TCO, throughput costs and the
// rankings. It returns a *FieldError when a vendor is invalid (see
// Validate), when two vendors share a name, when there is no vendor, or when
// the options are out of range.
func Compare(vendors []Vendor, o Options) (Result, error) {
	if len(vendors) == 0 {
		return Result{}, &FieldError{Field: "vendors", Problem: ProblemNoVendors}
	}
	switch {
	case !(o.Hours > 0):
		return Result{}, &FieldError{Field: "hours", Problem: ProblemZero, Value: o.Hours}
	case o.Hours > MaxHours:
		return Result{}, &FieldError{Field: "hours", Problem: ProblemTooLarge, Value: o.Hours, Limit: MaxHours}
	case o.RunTokens < 0 || math.IsNaN(o.RunTokens) || math.IsInf(o.RunTokens, 0):
		return Result{}, &FieldError{Field: "run_tokens", Problem: ProblemNegative, Value: o.RunTokens}
	case !(o.HiddenShare >= 0):
		return Result{}, &FieldError{Field: "hidden_share", Problem: ProblemNegative, Value: o.HiddenShare}
	case o.HiddenShare > 1:
		return Result{}, &FieldError{Field: "hidden_share", Problem: ProblemTooLarge, Value: o.HiddenShare * 100, Limit: 100}
	}
	seen := map[string]bool{}
	res := Result{Options: o, SameCards: true}
	for _, v := range vendors {
		if err := v.Validate(); err != nil {
			return Result{}, err
		}
		if seen[v.Name] {
			return Result{}, &FieldError{Vendor: v.Name, Field: "name", Problem: ProblemDuplicate}
		}
		seen[v.Name] = true
		if v.Cards != vendors[0].Cards {
			res.SameCards = false
		}
		res.Vendors = append(res.Vendors, cost(v, o))
	}
	order := make([]int, len(res.Vendors))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		va, vb := res.Vendors[order[a]], res.Vendors[order[b]]
		if va.TCO != vb.TCO {
			return va.TCO < vb.TCO
		}
		return va.Vendor.Name < vb.Vendor.Name
	})
	for rank, i := range order {
		res.Vendors[i].Rank = rank + 1
		res.Ranking = append(res.Ranking, res.Vendors[i].Vendor.Name)
	}
	res.Cheapest = res.Ranking[0]
	res.CheapestQuoted = lowest(res.Vendors, func(c Cost) (float64, bool) { return c.Quoted, true })
	res.CheapestPerHour = lowest(res.Vendors, func(c Cost) (float64, bool) { return c.PerCardHour, true })
	res.CheapestPerToken = lowest(res.Vendors, func(c Cost) (float64, bool) { return c.CostPerMTok, c.HasThroughput })
	return res, nil
}

// lowest returns the name of the vendor with the lowest value (ties by name),
// skipping vendors for which ok is false.
func lowest(cs []Cost, val func(Cost) (float64, bool)) string {
	best, bestV, found := "", 0.0, false
	for _, c := range cs {
		v, ok := val(c)
		if !ok {
			continue
		}
		if !found || v < bestV || v == bestV && c.Vendor.Name < best {
			best, bestV, found = c.Vendor.Name, v, true
		}
	}
	return best
}

func cost(v Vendor, o Options) Cost {
	c := Cost{Vendor: v, Hours: o.Hours, Lines: map[Line]float64{}, Estimated: map[Line]float64{}, RunTokens: o.RunTokens}
	if v.Hours > 0 {
		c.Hours = v.Hours
	}
	if v.RunTokens > 0 {
		c.RunTokens = v.RunTokens
	}
	cards := float64(v.Cards)
	if v.PricePerCardHour > 0 {
		c.PerCardHour = v.PricePerCardHour
		c.Lines[GPU] = v.PricePerCardHour * c.Hours * cards
	} else {
		c.Reserved = true
		c.PerCardHour = v.MonthlyPerCard / c.Hours
		c.Lines[GPU] = v.MonthlyPerCard * cards
	}
	c.HourlyCost = c.PerCardHour * cards
	c.Quoted = c.Lines[GPU]
	for _, l := range Extras {
		ch := v.Charges[l]
		if ch.Priced() {
			c.Lines[l] = ch.Amount()
			c.Quoted += c.Lines[l]
			continue
		}
		if ch.Stated() {
			c.Incomplete = append(c.Incomplete, l)
		}
		est := o.EstimateShare(l) * c.Lines[GPU]
		c.Missing = append(c.Missing, l)
		c.Lines[l] = est
		c.Estimated[l] = est
		c.Estimates += est
	}
	c.TCO = c.Quoted + c.Estimates
	if v.TokensPerSec > 0 {
		c.HasThroughput = true
		perHour := v.TokensPerSec * 3600
		c.CostPerMTok = c.HourlyCost / perHour * 1e6
		c.TCOPerMTok = c.TCO / (perHour * c.Hours) * 1e6
		if c.RunTokens > 0 {
			c.HasRun = true
			c.RunHours = c.RunTokens / v.TokensPerSec / 3600
			c.RunCost = c.RunHours * c.HourlyCost
		}
	}
	return c
}
