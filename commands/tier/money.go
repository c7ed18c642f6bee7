package tier

import (
	"context"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/choice"
	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/cardname"
	"gpuadvisor/commands/internal/stored"
	"gpuadvisor/commands/settings"
	"gpuadvisor/store"
)

// priced is the price of one card as the reply and the job use it.
type priced struct {
	// perHour is the price per card-hour the card was ranked by.
	perHour float64
	p       choice.Price
	json    priceData
}

// priceData is the JSON `price`: {ondemand, monthly, currency, source,
// vendor, date}, plus a reference price's ranges and its published rows.
type priceData struct {
	pricebook.Price
	OnDemandRange []float64 `json:"ondemand_range,omitempty"`
	MonthlyRange  []float64 `json:"monthly_range,omitempty"`
	// Rows are the published figures a reference range spans.
	Rows []catalog.PriceRow `json:"rows,omitempty"`
	// NotFound says why a card has no reference price in the market.
	NotFound string `json:"not_found,omitempty"`
}

// marketData is the JSON `market`: where the team rents and what that left out.
type marketData struct {
	Market string `json:"market"`
	// From is how it was chosen: key (market=), team (settings) or default.
	From string `json:"from"`
	// Excluded are the cards not considered: outside the market, exclude=,
	// or not in only=.
	Excluded []string `json:"excluded"`
}

// optionData is one adequate way to run the request, for `price_options`:
// every card that fits, priced or not.
type optionData struct {
	GPU   string `json:"gpu"`
	Cards int    `json:"cards"`
	// PerCardHour and PerHour are absent when the card has no price.
	PerCardHour *float64 `json:"per_card_hour,omitempty"`
	PerHour     *float64 `json:"per_hour,omitempty"`
	Currency    string   `json:"currency,omitempty"`
	// RunCost is the whole training run's cost on this option, when tokens=
	// gives the run: what the options are then ranked by.
	RunCost float64 `json:"run_cost,omitempty"`
	// DayCost is a day of the serving volume on this option (copies of it
	// for tokens_per_day=): what the options are then ranked by.
	DayCost float64 `json:"day_cost,omitempty"`
	// Source is whose price ranked it: team, reference or none.
	Source string `json:"source"`
	Vendor string `json:"vendor,omitempty"`
	Chosen bool   `json:"chosen,omitempty"`
	// Trade says what this option gives or takes against the pick: cards,
	// memory headroom, link, memory bandwidth (both languages).
	Trade advisor.Text `json:"trade"`
	// Interconnect is the link this option's cards talk over, as the
	// reply's top-level interconnect says it for the pick.
	Interconnect sizing.Interconnect `json:"interconnect"`
	opt          *sizing.Option      // the decision's option (ch.dec.Options)
	cost         float64
}

// selection is how the cards were chosen: the market, the filters, whose
// prices, and the decision.
type selection struct {
	market     marketData
	candidates []catalog.GPU
	in         choice.Input
	refs       map[string]catalog.Reference
	prices     *catalog.Prices
	source     pricebook.Source
	outside    string // a forced gpu= outside the market: why
	dec        choice.Decision
	options    []optionData
	// run is the training run, when tokens= gives it: cards are then ranked
	// by the cost of the whole run, not per hour.
	run *jobSpec
	req sizing.Request
	// picked is price of the last card asked for (the pick, asked for by
	// the summary, the facts, the job and the JSON): worked out once.
	picked struct {
		id string
		p  priced
		ok bool
	}
}

// splitCards reads a list of card names (exclude=, only=) into catalog ids;
// a family name ("a100", "4090") covers every variant of it. nil when key
// is absent.
func splitCards(a *chat.Args, lang chat.Lang, key string, cat *catalog.Catalog) (map[string]bool, error) {
	names, given := a.Names(key)
	if !given {
		return nil, nil
	}
	out := map[string]bool{}
	for _, name := range names {
		m, err := cat.FindGPU(name)
		if err != nil {
			return nil, cardname.Unknown(lang, key, a.Name(key), name, "")
		}
		if len(m.Assumed) > 0 {
			for _, g := range cat.GPUs() {
				if g.Family == m.GPU.Family {
					out[g.ID] = true
				}
			}
			continue
		}
		out[m.GPU.ID] = true
	}
	if len(out) == 0 {
		return nil, chat.Invalidf(lang, key, key+"=a100,h800", "%s= names no card", "%s= 没有写任何显卡", key)
	}
	return out, nil
}

// choose reads market=, exclude= and only=, the team's setting and price
// book, and the catalog's reference prices, into the cards to consider.
func choose(ctx context.Context, c *chat.Call, q query, cat *catalog.Catalog, d Deps) (*selection, error) {
	a, lang := c.Args, c.Lang
	ch := &selection{}
	market, chosen := settings.Market(ctx, d.Settings, c.Req, lang)
	ch.market = marketData{Market: market, From: "default", Excluded: []string{}}
	if chosen {
		ch.market.From = "team"
	}
	if a.Has("market") {
		m, err := a.Choice("market", "", catalog.Markets, settings.MarketAliases())
		if err != nil {
			return nil, err
		}
		ch.market.Market, ch.market.From = m, "key"
	}
	exclude, err := splitCards(a, lang, "exclude", cat)
	if err != nil {
		return nil, err
	}
	only, err := splitCards(a, lang, "only", cat)
	if err != nil {
		return nil, err
	}
	forced := q.req.GPU
	view := marketViews(cat)[ch.market.Market]
	if view == nil {
		view = &marketView{}
	}
	if _, in := view.in[forced]; view.gpus != nil && exclude == nil && only == nil && (forced == "" || in) {
		// the usual question: every card rentable in the market
		ch.candidates, ch.market.Excluded = view.gpus, view.excluded
	} else {
		ch.candidates = make([]catalog.GPU, 0, len(cat.GPUs()))
		for _, g := range cat.GPUs() {
			av, _ := catalog.Market(g.ID)
			keep := av.In(ch.market.Market) && !exclude[g.ID] && (only == nil || only[g.ID])
			if g.ID == forced {
				if !av.In(ch.market.Market) {
					ch.outside = av.Reason.In(string(lang))
				}
				keep = true // the user asked for it
			}
			if keep {
				ch.candidates = append(ch.candidates, g)
			} else {
				ch.market.Excluded = append(ch.market.Excluded, g.ID)
			}
		}
	}
	if len(ch.candidates) == 0 {
		key := "only"
		if only == nil {
			key = "exclude"
		}
		return nil, chat.Invalidf(lang, key, "tier model=qwen2.5-14b mode=lora only=a100,a800",
			"no card is left to consider in market %s after exclude= and only=", "按 exclude= 和 only= 筛选后，市场 %s 中已没有可选的卡", ch.market.Market)
	}
	if d.Prices != nil && c.Req.Tenant != "" && c.Req.Channel != "" {
		es, err := d.Prices.ListPrices(ctx, store.Scope{Tenant: c.Req.Tenant, Channel: c.Req.Channel})
		if err != nil {
			return nil, priceBook.Failed(c, nil, "list", err)
		}
		for _, g := range ch.candidates {
			if p, ok := choice.TeamPrice(pricebook.ForGPU(es, g.ID)); ok {
				if ch.in.Team == nil {
					ch.in.Team = map[string]choice.Price{}
				}
				ch.in.Team[g.ID] = p
			}
		}
	}
	ch.in.Reference, ch.refs, ch.prices, ch.in.Forced = view.ref, view.refs, view.prices, forced
	return ch, nil
}

// marketView is the catalog's cards as a market sees them: the ones rented
// there (in catalog order), the ids of the others, and the reference prices.
type marketView struct {
	gpus     []catalog.GPU
	in       map[string]struct{}
	excluded []string
	// ref are the market's reference prices by card (prices.json), as the
	// choice ranks them; refs the published rows behind each.
	ref    map[string]choice.Price
	refs   map[string]catalog.Reference
	prices *catalog.Prices
}

// marketViews is each market's view of cat, built once for the default
// catalog (the one tier uses) and on every call for any other.
func marketViews(cat *catalog.Catalog) map[string]*marketView {
	if def, err := catalog.Default(); err == nil && def == cat {
		return defaultViews.Get()
	}
	return buildViews(cat)
}

var defaultViews = advisor.Lazy[map[string]*marketView]{New: func() map[string]*marketView {
	cat, err := catalog.Default()
	if err != nil {
		return nil
	}
	return buildViews(cat)
}}

func buildViews(cat *catalog.Catalog) map[string]*marketView {
	out := map[string]*marketView{}
	prices, err := catalog.ReferencePrices()
	if err != nil {
		prices = &catalog.Prices{} // a defect in prices.json, which the catalog's tests catch: no reference prices
	}
	for _, market := range catalog.Markets {
		v := &marketView{in: map[string]struct{}{}, excluded: []string{}, ref: map[string]choice.Price{}, refs: map[string]catalog.Reference{}, prices: prices}
		for _, g := range cat.GPUs() {
			if av, _ := catalog.Market(g.ID); av.In(market) {
				v.gpus = append(v.gpus, g)
				v.in[g.ID] = struct{}{}
			} else {
				v.excluded = append(v.excluded, g.ID)
			}
			if r, ok := prices.Reference(market, g.ID); ok {
				v.ref[g.ID], v.refs[g.ID] = choice.ReferencePrice(r), r
			}
		}
		// shared by every call: an append must copy
		v.gpus, v.excluded = v.gpus[:len(v.gpus):len(v.gpus)], v.excluded[:len(v.excluded):len(v.excluded)]
		out[market] = v
	}
	return out
}

// priceBook names the team's price book in a store failure's message
// (logged once, with its cause, by stored).
var priceBook = stored.Kept{Log: "price", Store: "price book", StoreZH: "价格表",
	Then: "(Or ask without it: market= and only= still work.)", ThenZH: "（也可以不用价格表再问一次：按市场和指定显卡筛选仍然有效。）"}

// byRun reports whether cards are ranked by the cost of a training run.
func (ch *selection) byRun() bool { return ch.run != nil && ch.run.train }

// byVolume reports whether cards are ranked by the cost of a day of a
// serving volume (tokens_per_day=).
func (ch *selection) byVolume() bool { return ch.run != nil && ch.run.perDay > 0 }

// advise sizes every candidate and picks by money with the decision of
// advisor/choice: the team's prices first, then reference prices, then the
// tier rule for cards with neither; a card named with gpu= stays. The
// decision and its reason (chosen_by) are kept for the reply.
func (ch *selection) advise(req sizing.Request) (sizing.Advice, error) {
	ch.in.By, ch.in.Cost = choice.ByHour, nil
	switch {
	case ch.byRun():
		ch.in.By = choice.ByRun
		ch.in.Cost = func(o sizing.Option, perHour float64) (float64, bool) { return ch.run.runCost(ch.req, o, perHour) }
	case ch.byVolume():
		ch.in.By = choice.ByVolume
		ch.in.Cost = func(o sizing.Option, perHour float64) (float64, bool) { return ch.run.dayCost(ch.req, o, perHour) }
	}
	ch.req = req.WithDefaults()
	ch.in.Mode = ch.req.Mode
	adv, err := sizing.AdviseByPrice(req, ch.candidates, ch.in.Pricing())
	if err != nil {
		return adv, err
	}
	ch.req = adv.Request
	ch.dec = choice.Decide(ch.in, adv)
	ch.source = pricebook.None
	if adv.Fits || req.GPU != "" {
		ch.source = pricebook.Source(ch.in.PriceOf(gpuOf(adv.Pick).ID).Source)
	}
	ch.options = make([]optionData, 0, len(ch.dec.Options))
	for i := range ch.dec.Options {
		o := &ch.dec.Options[i]
		row := optionData{GPU: o.Option.GPU.ID, Cards: o.Option.Cards(), Source: string(o.Price.Source), Vendor: o.Price.Vendor,
			Currency: o.Price.Currency, Chosen: o.Chosen, Trade: o.Trade, opt: &o.Option, cost: o.Cost,
			Interconnect: sizing.InterconnectOf(ch.req.Mode, o.Option)}
		if o.Price.Source != choice.None {
			pc, ph := round4(o.Price.PerCardHour), round4(o.PerHour)
			row.PerCardHour, row.PerHour = &pc, &ph
			switch ch.in.By {
			case choice.ByRun:
				if c, ok := ch.run.runCost(ch.req, o.Option, o.Price.PerCardHour); ok {
					row.RunCost = round4(c)
				}
			case choice.ByVolume:
				if c, ok := ch.run.dayCost(ch.req, o.Option, o.Price.PerCardHour); ok {
					row.DayCost = round4(c)
				}
			}
		}
		ch.options = append(ch.options, row)
	}
	return adv, nil
}

// price is the price the card is costed at: the team's, else the
// reference; false with neither.
func (ch *selection) price(id string) (priced, bool) {
	if m := &ch.picked; m.id == id && id != "" {
		return m.p, m.ok
	}
	p, ok := ch.priceOf(id)
	ch.picked.id, ch.picked.p, ch.picked.ok = id, p, ok
	return p, ok
}

// priceOf is price without the last answer kept.
func (ch *selection) priceOf(id string) (priced, bool) {
	p := ch.in.PriceOf(id)
	if p.Source == choice.None {
		return priced{p: p}, false
	}
	d := priceData{Price: pricebook.Price{OnDemand: p.PerCardHour, Monthly: p.Monthly, Currency: p.Currency,
		Source: pricebook.Source(p.Source), Vendor: p.Vendor, Date: p.Date}}
	if p.Source == choice.Team {
		d.OnDemand = 0
		if p.Basis == "ondemand" {
			d.OnDemand = p.PerCardHour
		}
	}
	if r, ok := ch.refs[id]; ok && p.Source == choice.Reference {
		d.OnDemand, d.Monthly = round4(p.PerCardHour), round4(p.Monthly)
		d.OnDemandRange = []float64{r.OnDemand[0], r.OnDemand[1]}
		if r.Monthly != [2]float64{} {
			d.MonthlyRange = []float64{r.Monthly[0], r.Monthly[1]}
		}
		d.Rows = r.Rows
	}
	return priced{perHour: p.PerCardHour, p: p, json: d}, true
}

// priceJSON is the JSON `price` of the pick: source none, with why, when
// the card has no price.
func (ch *selection) priceJSON(adv sizing.Advice) priceData {
	if adv.Pick.GPU == nil {
		return priceData{Price: pricebook.Price{Source: pricebook.None}}
	}
	if p, ok := ch.price(adv.Pick.GPU.ID); ok {
		return p.json
	}
	d := priceData{Price: pricebook.Price{Source: pricebook.None}}
	if n, ok := ch.notFound(adv.Pick.GPU.ID); ok {
		d.NotFound = n.Note + " (searched " + n.Searched + ")"
	}
	return d
}

// notFound is why card id has no reference price in the team's market.
func (ch *selection) notFound(id string) (catalog.NotFound, bool) {
	if ch.prices == nil {
		return catalog.NotFound{}, false
	}
	return ch.prices.NotFound(ch.market.Market, id)
}
