package tco

import (
	"math"
	"sort"

	"gpuadvisor/advisor"
)

// DefaultHours is the usual monthly check: 300 GPU hours per card a month.
const DefaultHours = 300

// Basis is what the ranking compares.
type Basis string

// Ranking bases.
const (
	// ByMonth ranks by monthly TCO, estimates included.
	ByMonth Basis = "monthly_tco"
	// ByRun ranks by the TCO of the whole run: run tokens at the vendor's
	// measured throughput, hidden costs included (docs/quote.md).
	ByRun Basis = "run_tco"
)

// Item is one line item of one vendor's month.
type Item struct {
	Line Line `json:"line"`
	// Amount is ¥ a month; 0 when Unknown.
	Amount float64 `json:"amount"`
	// Estimated is set when the vendor gave no price for the item and the
	// reference unit price filled it; Low and High are the amount at the
	// ends of the reference range.
	Estimated bool    `json:"estimated,omitempty"`
	Low       float64 `json:"low,omitempty"`
	High      float64 `json:"high,omitempty"`
	// Unknown is set when the workload lacks the item's volume, so it
	// cannot be priced for any vendor; the total leaves it out.
	Unknown bool `json:"unknown,omitempty"`
	// Assumed is set for support and licences a vendor left out: ¥0,
	// assumed included, to be asked.
	Assumed bool `json:"assumed,omitempty"`
}

// Cost is one vendor's computed monthly TCO and throughput figures.
type Cost struct {
	Name string `json:"name"`
	// Vendor is the quote as given.
	Vendor Vendor `json:"quote"`
	// Rank is the position in Result.Ranking, 1 for the cheapest.
	Rank int `json:"rank"`
	// Hours and Cards are the workload's, or the vendor's own on purpose.
	Hours float64 `json:"hours"`
	Cards int     `json:"cards"`
	// ChangesWorkload is set when the vendor's own cards or hours differ
	// from the workload's.
	ChangesWorkload bool `json:"changes_workload,omitempty"`
	// Reserved is set when the vendor is priced per card-month.
	Reserved bool `json:"reserved,omitempty"`
	// PerCardHour is the price per card-hour: the quoted price, or the
	// monthly price / Hours when reserved.
	PerCardHour float64 `json:"price_per_card_hour"`
	// HourlyCost is PerCardHour × Cards.
	HourlyCost float64 `json:"hourly_cost"`
	// Items holds every line item in bill order.
	Items []Item `json:"items"`
	// Lines is each priced item's monthly amount, estimates included
	// (unknown items are left out).
	Lines map[Line]float64 `json:"line_items"`
	// Estimated is the amount of each estimated item.
	Estimated map[Line]float64 `json:"estimated"`
	// Missing lists the items the vendor gave no price for, bill order.
	Missing []Line `json:"missing"`
	// Quoted is the month's total of the items the vendor priced.
	Quoted float64 `json:"monthly_quoted"`
	// Estimates is the month's total of the estimates, and EstimatesLow
	// and EstimatesHigh at the ends of the reference ranges.
	Estimates     float64 `json:"monthly_estimated"`
	EstimatesLow  float64 `json:"monthly_estimated_low"`
	EstimatesHigh float64 `json:"monthly_estimated_high"`
	// TCO is Quoted + Estimates.
	TCO float64 `json:"monthly_tco"`
	// HasThroughput is set when the vendor's tokens per second is known.
	HasThroughput bool `json:"has_throughput"`
	// CostPerMTok is HourlyCost / (tokens_s × 3600) × 1e6: GPU only.
	CostPerMTok float64 `json:"cost_per_mtok,omitempty"`
	// TCOPerMTok is TCO / (tokens_s × 3600 × Hours) × 1e6: the month's TCO,
	// hidden costs included, over the tokens the cards produce in it.
	TCOPerMTok float64 `json:"tco_per_mtok,omitempty"`
	// HasRun is set when the run size and the throughput are known.
	HasRun bool `json:"has_run"`
	// RunHours is RunTokens / tokens_s / 3600.
	RunHours float64 `json:"run_hours,omitempty"`
	// RunCost is RunHours × HourlyCost (GPU only).
	RunCost float64 `json:"run_cost,omitempty"`
	// RunTCO is RunTokens / 1e6 × TCOPerMTok (hidden costs included).
	RunTCO float64 `json:"run_tco,omitempty"`
	// OneOff is what the vendor charges once over the project.
	OneOff OneOff `json:"one_off"`
	// GPUMonths and ProjectTotal, with the workload's months: the months of
	// GPU time paid for (whole months and at least min_months for a
	// reserved price) and GPU × GPUMonths + the other lines × months + the
	// one-off fees (estimates included, the deposit left out).
	GPUMonths    float64 `json:"gpu_months,omitempty"`
	ProjectTotal float64 `json:"project_total,omitempty"`
}

// Result is a comparison of quotes on one workload.
type Result struct {
	Workload Workload `json:"workload"`
	// Vendors are in input order.
	Vendors []Cost `json:"vendors"`
	// Basis says what Ranking and Cheapest compare.
	Basis Basis `json:"basis"`
	// Ranking lists vendor names cheapest first by Basis (ties by name).
	Ranking []string `json:"ranking"`
	// Cheapest is Ranking[0].
	Cheapest string `json:"cheapest"`
	// CheapestMonthly has the lowest monthly TCO, estimates included.
	CheapestMonthly string `json:"cheapest_monthly"`
	// CheapestQuoted has the lowest monthly total of priced items only.
	CheapestQuoted string `json:"cheapest_quoted"`
	// CheapestPerHour has the lowest price per card-hour.
	CheapestPerHour string `json:"cheapest_per_hour"`
	// CheapestPerToken has the lowest GPU cost per 1M tokens; "" when no
	// throughput is known.
	CheapestPerToken string `json:"cheapest_per_token"`
	// CheapestLow and CheapestHigh are the cheapest by Basis with every
	// estimate at the low and the high end of its reference range.
	CheapestLow  string `json:"cheapest_low"`
	CheapestHigh string `json:"cheapest_high"`
	// RangeFlips is set when the cheapest differs anywhere in the range.
	RangeFlips bool `json:"range_flips"`
	// NeedVolumes lists the metered items some vendor prices but the
	// workload has no volume for: give storage_gb= and so on.
	NeedVolumes []Line `json:"need_volumes"`
	// References are the reference unit prices the estimates used.
	References []Reference `json:"references"`
}

// Compare prices every vendor on the workload and ranks them: by the
// project's total when its months are known, else by the TCO of the whole
// run when the run size and every vendor's throughput are known, else by
// monthly TCO. It returns an *advisor.Error for invalid input.
func Compare(w Workload, vendors []Vendor) (Result, error) {
	if err := w.Validate(); err != nil {
		return Result{}, err
	}
	if len(vendors) == 0 {
		return Result{}, advisor.Invalidf("vendors", "A: price=35; B: price=29", "no vendor to compare", "没有可比较的供应商")
	}
	res := Result{Workload: w, Basis: ByMonth}
	seen := map[string]bool{}
	allRun := w.RunTokens > 0
	for _, v := range vendors {
		if err := v.Validate(); err != nil {
			return Result{}, err
		}
		if seen[v.Name] {
			return Result{}, advisor.Invalidf("name", "A: price=35; B: price=29", "two vendors are both called %q; give each its own name",
				"有两家供应商都叫 %q；请给每家不同的名称", v.Name)
		}
		seen[v.Name] = true
		c := cost(w, v)
		allRun = allRun && c.HasRun
		res.Vendors = append(res.Vendors, c)
	}
	for _, l := range Metered {
		if _, ok := w.Volume(l); ok {
			continue
		}
		for _, c := range res.Vendors {
			if ch := c.Vendor.Charges[l]; ch.HasUnitPrice && !ch.HasFee {
				res.NeedVolumes = append(res.NeedVolumes, l)
				break
			}
		}
	}
	for _, l := range Metered {
		if r, ok := ReferenceFor(l); ok {
			for _, c := range res.Vendors {
				if _, est := c.Estimated[l]; est {
					res.References = append(res.References, r)
					break
				}
			}
		}
	}
	if allRun {
		res.Basis = ByRun
	}
	if w.Months > 0 {
		res.Basis = ByProject
		for i := range res.Vendors {
			c := &res.Vendors[i]
			c.GPUMonths = gpuMonths(w.Months, *c)
			c.ProjectTotal = project(w.Months, *c, c.Estimates, c.OneOff.ExitEgress)
		}
	}
	key := func(c Cost, est float64, exit float64) float64 {
		tco := c.Quoted + est
		switch res.Basis {
		case ByRun:
			return tco / c.Hours * c.RunHours
		case ByProject:
			return project(w.Months, c, est, exit)
		}
		return tco
	}
	lowExit := func(c Cost) float64 {
		if c.OneOff.ExitEgressEstimated {
			return c.OneOff.ExitEgressLow
		}
		return c.OneOff.ExitEgress
	}
	highExit := func(c Cost) float64 {
		if c.OneOff.ExitEgressEstimated {
			return c.OneOff.ExitEgressHigh
		}
		return c.OneOff.ExitEgress
	}
	res.Ranking = rank(res.Vendors, func(c Cost) float64 { return key(c, c.Estimates, c.OneOff.ExitEgress) })
	for i, name := range res.Ranking {
		for j := range res.Vendors {
			if res.Vendors[j].Name == name {
				res.Vendors[j].Rank = i + 1
			}
		}
	}
	res.Cheapest = res.Ranking[0]
	res.CheapestLow = rank(res.Vendors, func(c Cost) float64 { return key(c, c.EstimatesLow, lowExit(c)) })[0]
	res.CheapestHigh = rank(res.Vendors, func(c Cost) float64 { return key(c, c.EstimatesHigh, highExit(c)) })[0]
	res.RangeFlips = res.CheapestLow != res.Cheapest || res.CheapestHigh != res.Cheapest
	res.CheapestMonthly = lowest(res.Vendors, func(c Cost) (float64, bool) { return c.TCO, true })
	res.CheapestQuoted = lowest(res.Vendors, func(c Cost) (float64, bool) { return c.Quoted, true })
	res.CheapestPerHour = lowest(res.Vendors, func(c Cost) (float64, bool) { return c.PerCardHour, true })
	res.CheapestPerToken = lowest(res.Vendors, func(c Cost) (float64, bool) { return c.CostPerMTok, c.HasThroughput })
	return res, nil
}

// rank orders vendor names by val, lowest first, ties by name.
func rank(cs []Cost, val func(Cost) float64) []string {
	order := make([]int, len(cs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		va, vb := val(cs[order[a]]), val(cs[order[b]])
		if va != vb {
			return va < vb
		}
		return cs[order[a]].Name < cs[order[b]].Name
	})
	names := make([]string, len(order))
	for i, j := range order {
		names[i] = cs[j].Name
	}
	return names
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
		if !found || v < bestV || v == bestV && c.Name < best {
			best, bestV, found = c.Name, v, true
		}
	}
	return best
}

func cost(w Workload, v Vendor) Cost {
	c := Cost{Name: v.Name, Vendor: v, Hours: w.Hours, Cards: w.Cards, Lines: map[Line]float64{}, Estimated: map[Line]float64{}, Missing: []Line{}}
	if v.OwnHours > 0 && v.OwnHours != w.Hours {
		c.Hours, c.ChangesWorkload = v.OwnHours, true
	}
	if v.OwnCards > 0 && v.OwnCards != w.Cards {
		c.Cards, c.ChangesWorkload = v.OwnCards, true
	}
	cards := float64(c.Cards)
	gpu := Item{Line: GPU}
	if v.PricePerCardHour > 0 {
		c.PerCardHour = v.PricePerCardHour
		gpu.Amount = v.PricePerCardHour * c.Hours * cards
	} else {
		c.Reserved = true
		c.PerCardHour = v.MonthlyPerCard / c.Hours
		gpu.Amount = v.MonthlyPerCard * cards
	}
	c.HourlyCost = c.PerCardHour * cards
	c.Items = append(c.Items, gpu)
	c.Lines[GPU] = gpu.Amount
	c.Quoted = gpu.Amount
	for _, l := range Extras {
		it := item(w, v, l)
		c.Items = append(c.Items, it)
		if it.Estimated || it.Assumed || it.Unknown && !v.Charges[l].HasUnitPrice {
			c.Missing = append(c.Missing, l)
		}
		if it.Unknown {
			continue
		}
		c.Lines[l] = it.Amount
		if it.Estimated {
			c.Estimated[l] = it.Amount
			c.Estimates += it.Amount
			c.EstimatesLow += it.Low
			c.EstimatesHigh += it.High
			continue
		}
		c.Quoted += it.Amount
	}
	c.TCO = c.Quoted + c.Estimates
	c.OneOff = oneOff(w, v)
	if v.TokensPerSec > 0 {
		c.HasThroughput = true
		perHour := v.TokensPerSec * 3600
		c.CostPerMTok = c.HourlyCost / perHour * 1e6
		c.TCOPerMTok = c.TCO / (perHour * c.Hours) * 1e6
		if w.RunTokens > 0 {
			c.HasRun = true
			c.RunHours = w.RunTokens / perHour
			c.RunCost = c.RunHours * c.HourlyCost
			c.RunTCO = w.RunTokens / 1e6 * c.TCOPerMTok
		}
	}
	return c
}

// item prices one extra line item for a vendor on the workload.
func item(w Workload, v Vendor, l Line) Item {
	ch := v.Charges[l]
	it := Item{Line: l}
	switch {
	case ch.HasFee:
		it.Amount = ch.Fee
		return it
	case !IsMetered(l):
		it.Assumed = true // support and licences left out: ¥0, ask
		return it
	}
	vol, known := w.Volume(l)
	if !known {
		it.Unknown = true
		return it
	}
	over := math.Max(0, vol-ch.FreeGB)
	if ch.HasUnitPrice {
		it.Amount = over * ch.UnitPrice
		return it
	}
	if over == 0 && ch.HasFreeGB {
		return it // within the free quota: ¥0 whatever the price
	}
	r, _ := ReferenceFor(l)
	it.Estimated = true
	it.Amount, it.Low, it.High = over*r.Price, over*r.Low, over*r.High
	return it
}
