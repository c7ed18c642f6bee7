package tier

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
	"gpuadvisor/commands/settings"
	"gpuadvisor/store"
)

// priced is the price of one card as a choice uses it.
type priced struct {
	// perHour ranks the cards: per card-hour (on-demand; else the monthly
	// fee over a month's 720 h; a reference range's midpoint).
	perHour float64
	// low and high are a reference range per card-hour (zero for the team's).
	low, high float64
	basis     string // "ondemand", "monthly", "reference"
	json      priceData
}

// priceData is the JSON `price`: {ondemand, monthly, currency, source,
// vendor, date}, plus a reference price's ranges and note.
type priceData struct {
	pricebook.Price
	OnDemandRange []float64 `json:"ondemand_range,omitempty"`
	MonthlyRange  []float64 `json:"monthly_range,omitempty"`
	Note          string    `json:"note,omitempty"`
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

// optionData is one priced way to run the request, for `price_options`.
type optionData struct {
	GPU         string  `json:"gpu"`
	Cards       int     `json:"cards"`
	PerCardHour float64 `json:"per_card_hour"`
	PerHour     float64 `json:"per_hour"`
	// RunCost is the whole training run's cost on this option, when tokens=
	// gives the run: what the options are then ranked by.
	RunCost float64 `json:"run_cost,omitempty"`
	// DayCost is a day of the serving volume on this option (copies of it
	// for tokens_per_day=): what the options are then ranked by.
	DayCost float64 `json:"day_cost,omitempty"`
	Source  string  `json:"source"`
	Vendor  string  `json:"vendor,omitempty"`
	Chosen  bool    `json:"chosen,omitempty"`
	// Trade says what this option gives or takes against the pick: cards,
	// memory headroom, link, memory bandwidth (both languages).
	Trade advisor.Text `json:"trade"`
	opt   sizing.Option
}

// choice is how the cards were chosen: the market, the filters and whose
// prices.
type choice struct {
	market     marketData
	candidates []catalog.GPU
	team, ref  map[string]priced
	source     pricebook.Source
	outside    string // a forced gpu= outside the market: why
	options    []optionData
	// unpriced is what the tier rule would pick when the price choice
	// differs and its card has no price: worth a quote.
	unpriced *sizing.Option
	// run is the training run, when tokens= gives it: cards are then ranked
	// by the cost of the whole run, not per hour.
	run *jobSpec
	req sizing.Request
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
			ex := key + "=a100,h800"
			if s := cat.Suggest(name); s != "" {
				ex = key + "=" + s
			}
			return nil, chat.Invalidf(lang, key, ex, "%s: %q is not a card in the catalog", "%s：%q 不在显卡目录中", key, name)
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
func choose(ctx context.Context, c *chat.Call, q query, cat *catalog.Catalog, d Deps) (*choice, error) {
	a, lang := c.Args, c.Lang
	ch := &choice{}
	market, chosen := settings.Market(ctx, d.Settings, c.Req, lang)
	ch.market = marketData{Market: market, From: "default", Excluded: []string{}}
	if chosen {
		ch.market.From = "team"
	}
	if a.Has("market") {
		m, err := a.Choice("market", "", catalog.Markets, settings.MarketAliases)
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
			return nil, &chat.Error{Code: chat.CodeUnavailable, Message: chat.T(lang,
				"the price book did not answer; try again in a moment (or ask without it: market= and only= still work)",
				"价格表没有响应，请稍后再试")}
		}
		for _, g := range ch.candidates {
			if p, ok := teamPrice(pricebook.ForGPU(es, g.ID)); ok {
				if ch.team == nil {
					ch.team = map[string]priced{}
				}
				ch.team[g.ID] = p
			}
		}
	}
	ch.ref = view.ref
	return ch, nil
}

// marketView is the catalog's cards as a market sees them: the ones rented
// there (in catalog order), the ids of the others, and the reference prices.
type marketView struct {
	gpus     []catalog.GPU
	in       map[string]struct{}
	excluded []string
	// ref are the catalog's reference prices by card: mainland China's (a
	// Chengdu market guide), so none elsewhere. Every priced card is in
	// it, a card named with gpu= from outside the market too.
	ref map[string]priced
}

// marketViews is each market's view of cat, built once for the default
// catalog (the one tier uses) and on every call for any other.
func marketViews(cat *catalog.Catalog) map[string]*marketView {
	if def, err := catalog.Default(); err == nil && def == cat {
		return defaultViews()
	}
	return buildViews(cat)
}

var defaultViews = sync.OnceValue(func() map[string]*marketView {
	cat, err := catalog.Default()
	if err != nil {
		return nil
	}
	return buildViews(cat)
})

func buildViews(cat *catalog.Catalog) map[string]*marketView {
	out := map[string]*marketView{}
	for _, market := range catalog.Markets {
		v := &marketView{in: map[string]struct{}{}, excluded: []string{}}
		for _, g := range cat.GPUs() {
			if av, _ := catalog.Market(g.ID); av.In(market) {
				v.gpus = append(v.gpus, g)
				v.in[g.ID] = struct{}{}
			} else {
				v.excluded = append(v.excluded, g.ID)
			}
			if p := g.Price; p != nil && market == catalog.MarketCN {
				if v.ref == nil {
					v.ref = map[string]priced{}
				}
				lo, hi := p.OnDemandCNYPerHour[0], p.OnDemandCNYPerHour[1]
				v.ref[g.ID] = priced{perHour: (lo + hi) / 2, low: lo, high: hi, basis: "reference", json: priceData{
					Price:         pricebook.Price{OnDemand: (lo + hi) / 2, Monthly: (p.MonthlyCNY[0] + p.MonthlyCNY[1]) / 2, Currency: "CNY", Source: pricebook.Reference, Date: p.Date},
					OnDemandRange: []float64{lo, hi}, MonthlyRange: []float64{p.MonthlyCNY[0], p.MonthlyCNY[1]}, Note: p.Source}}
			}
		}
		// shared by every call: an append must copy
		v.gpus, v.excluded = v.gpus[:len(v.gpus):len(v.gpus)], v.excluded[:len(v.excluded):len(v.excluded)]
		out[market] = v
	}
	return out
}

// teamPrice is the cheapest of a card's book entries: on-demand when
// quoted, else the monthly fee over 720 h.
func teamPrice(es []pricebook.Entry) (priced, bool) {
	var best priced
	found := false
	for _, e := range es {
		p := priced{basis: "ondemand", perHour: e.OnDemand, json: priceData{Price: e.Price()}}
		if e.OnDemand == 0 {
			p.basis, p.perHour = "monthly", e.Monthly/advisor.MonthHours
		}
		if p.perHour > 0 && (!found || p.perHour < best.perHour) {
			best, found = p, true
		}
	}
	return best, found
}

// byRun reports whether cards are ranked by the cost of a training run.
func (ch *choice) byRun() bool { return ch.run != nil && ch.run.train }

// byVolume reports whether cards are ranked by the cost of a day of a
// serving volume (tokens_per_day=).
func (ch *choice) byVolume() bool { return ch.run != nil && ch.run.perDay > 0 }

// advise picks by money: among the cards the team has prices for; only
// when none of them fits, among the cards with a reference price; only with
// no price at all, by the tier rule. One search ranks all three: a
// reference price counts after every team price, an unpriced card after
// both (sizing.Pricing puts priced options first). A card named with gpu=
// stays.
func (ch *choice) advise(req sizing.Request) (sizing.Advice, error) {
	const afterTeam = 1e15 // more than any team price: reference prices rank after
	cost := func(m map[string]priced, o sizing.Option) (float64, bool) {
		p, ok := m[o.GPU.ID]
		if !ok {
			return 0, false
		}
		switch {
		case ch.byRun():
			return ch.run.runCost(ch.req, o, p.perHour)
		case ch.byVolume():
			return ch.run.dayCost(ch.req, o, p.perHour)
		}
		return p.perHour * float64(o.Cards()), true
	}
	pricing := sizing.Pricing{Cost: func(o sizing.Option) (float64, bool) {
		if c, ok := cost(ch.team, o); ok {
			return c, true
		}
		c, ok := cost(ch.ref, o)
		return afterTeam + c, ok
	}}
	ch.req = req.WithDefaults()
	adv, err := sizing.AdviseByPrice(req, ch.candidates, pricing)
	if err != nil {
		return adv, err
	}
	ch.req = adv.Request
	ch.source = pricebook.None
	if id := gpuOf(adv.Pick).ID; adv.Fits || req.GPU != "" {
		if _, ok := ch.team[id]; ok {
			ch.source = pricebook.Team
		} else if _, ok := ch.ref[id]; ok {
			ch.source = pricebook.Reference
		}
	}
	ch.options = ch.optionRows(adv, adv)
	for i := range ch.options {
		ch.options[i].Trade = trade(ch.options[i].opt, adv)
	}
	// what the tier rule alone would pick among the cards that fit
	var tier *sizing.Option
	for i := range adv.Fitting {
		if o := &adv.Fitting[i]; tier == nil || sizing.Less(*o, *tier) {
			tier = o
		}
	}
	if req.GPU == "" && ch.source != pricebook.None && tier != nil && tier.GPU.ID != adv.Pick.GPU.ID {
		if _, ok := ch.price(tier.GPU.ID); !ok {
			ch.unpriced = tier
		}
	}
	return adv, nil
}

// price is the price the pick is costed at: the team's, else the reference.
func (ch *choice) price(id string) (priced, bool) {
	if p, ok := ch.team[id]; ok {
		return p, true
	}
	p, ok := ch.ref[id]
	return p, ok
}

// optionRows lists each card that fits with a price, cheapest per hour
// first, marking the pick.
func (ch *choice) optionRows(full, adv sizing.Advice) []optionData {
	rows := []optionData{}
	for _, o := range full.Fitting {
		p, ok := ch.price(o.GPU.ID)
		if !ok {
			continue
		}
		n := o.Cards()
		if o.GPU.ID == adv.Pick.GPU.ID && adv.Fits {
			n = adv.Pick.Cards()
		}
		row := optionData{GPU: o.GPU.ID, Cards: n, PerCardHour: round4(p.perHour), PerHour: round4(p.perHour * float64(n)),
			Source: string(p.json.Source), Vendor: p.json.Vendor, Chosen: adv.Fits && o.GPU.ID == adv.Pick.GPU.ID, opt: o}
		oo := o
		if row.Chosen {
			oo = adv.Pick
		}
		if c, ok := ch.run.runCost(ch.req, oo, p.perHour); ok && ch.byRun() {
			row.RunCost = round4(c)
		}
		if c, ok := ch.run.dayCost(ch.req, oo, p.perHour); ok && ch.byVolume() {
			row.DayCost = round4(c)
		}
		rows = append(rows, row)
	}
	slices.SortStableFunc(rows, func(a, b optionData) int {
		if a.Source != b.Source { // the team's prices first
			if a.Source == string(pricebook.Team) {
				return -1
			}
			if b.Source == string(pricebook.Team) {
				return 1
			}
		}
		ka, kb := a.PerHour, b.PerHour
		if a.RunCost > 0 && b.RunCost > 0 {
			ka, kb = a.RunCost, b.RunCost
		}
		if a.DayCost > 0 && b.DayCost > 0 {
			ka, kb = a.DayCost, b.DayCost
		}
		return int(math.Copysign(1, ka-kb)) * boolInt(ka != kb)
	})
	return rows
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// priceJSON is the JSON `price` of the pick.
func (ch *choice) priceJSON(adv sizing.Advice) priceData {
	if adv.Pick.GPU == nil {
		return priceData{Price: pricebook.Price{Source: pricebook.None}}
	}
	if p, ok := ch.price(adv.Pick.GPU.ID); ok {
		return p.json
	}
	return priceData{Price: pricebook.Price{Source: pricebook.None}}
}

// money writes an amount in yuan.
func money(v float64) string { return numWith("¥", v, "") }

// priceFact is the Price fact of the reply.
func (ch *choice) priceFact(lang chat.Lang, adv sizing.Advice) string {
	p, ok := ch.price(gpuOf(adv.Pick).ID)
	n := float64(adv.Pick.Cards())
	switch {
	case !ok:
		return chat.T(lang, "no price on file for this card: ask your vendors, then save it with `price set` and compare with `billing` and `quote`",
			"没有这张卡的价格：请向供应商询价，用 `价格 设置` 保存，再用 `计费` 和 `报价` 比较")
	case p.basis == "reference":
		mo := p.json.MonthlyRange
		return sprintf(chat.T(lang, "reference: on-demand ¥%s–%s per card-hour (¥%s–%s/h for %d), monthly ¥%s–%s per card; %s",
			"参考价：按需每卡每小时 ¥%s–%s（%[5]d 张 ¥%[3]s–%[4]s/时），包月每卡 ¥%[6]s–%[7]s；%[8]s"),
			num(p.low), num(p.high), num(p.low*n), num(p.high*n), int(n), num(mo[0]), num(mo[1]), p.json.Note)
	}
	basis := chat.T(lang, "on-demand", "按需")
	if p.basis == "monthly" {
		basis = sprintf(chat.T(lang, "monthly %s over 720 h", "包月 %s 按 720 小时折算"), money(p.json.Monthly))
	}
	who := chat.T(lang, "your price book", "团队价格表")
	if p.json.Vendor != "" {
		who = p.json.Vendor + chat.T(lang, ", your price book", "，团队价格表")
	}
	return sprintf(chat.T(lang, "%s per card-hour (%s; %s, %s) → %s/h for %d", "每卡每小时 %s（%s；%s，%s）→ %[6]d 张 %[5]s/时"),
		money(p.perHour), basis, who, p.json.Date, money(p.perHour*n), int(n))
}

// rule says how the card was chosen, with the money against the next option.
func (ch *choice) rule(lang chat.Lang, adv sizing.Advice) string {
	switch {
	case adv.Request.GPU != "":
		return chat.T(lang, "gpu= chose the card; the count is the fewest that fit.", "显卡= 指定了卡型；卡数是放得下的最少张数。")
	case ch.source == pricebook.None:
		return chat.T(lang,
			"No card that fits has a price (your price book, or a reference price), so the tier rule chose: one 8-card node before several; then the market price tier (entry RTX 4090 < mid A100 80G < flagship H100/H800); then fewer cards; then the smaller card. Save your vendors' prices with `price set` to choose by money.",
			"能放下的卡都没有价格（团队价格表或参考价），所以按档位规则选择：先单台 8 卡服务器；再按市场价格档位（入门 RTX 4090 < 进阶 A100 80G < 旗舰 H100/H800）；再比卡数；最后选更小的卡。用 `价格 设置` 保存供应商报价后即可按价格选卡。")
	}
	who := chat.T(lang, "your team's prices", "团队价格表中的价格")
	if ch.source == pricebook.Reference {
		who = chat.T(lang, "reference prices (your price book has none for a card that fits)", "参考价（团队价格表中没有能放下的卡的价格）")
	}
	var pick, next *optionData
	ties := 0
	key := func(o *optionData) float64 {
		switch {
		case ch.byRun() && o.RunCost > 0:
			return o.RunCost
		case ch.byVolume() && o.DayCost > 0:
			return o.DayCost
		}
		return o.PerHour
	}
	for i := range ch.options {
		if o := &ch.options[i]; o.Chosen {
			pick = o
		}
	}
	if pick == nil {
		return sprintf(chat.T(lang, "Chosen by %s.", "按%s选择。"), who)
	}
	for i := range ch.options {
		o := &ch.options[i]
		switch {
		case o.Chosen || o.Source != string(ch.source):
		case key(o) == key(pick):
			ties++
		case next == nil && key(o) > key(pick):
			next = o
		}
	}
	// by a day of the volume or by the whole run: the pick's cost, and the
	// next option's against it
	var by *[4]string
	var costOf func(o *optionData) float64
	switch {
	case ch.byVolume() && pick.DayCost > 0:
		by, costOf = &chosenByVolume, func(o *optionData) float64 { return o.DayCost }
	case ch.byRun() && pick.RunCost > 0:
		by, costOf = &chosenByRun, func(o *optionData) float64 { return o.RunCost }
	}
	if by != nil {
		s := sprintf(chat.T(lang, by[0], by[1]), who, pick.Cards, pick.GPU, money(pick.PerCardHour), money(pick.PerHour), money(costOf(pick)))
		if next != nil {
			s += sprintf(chat.T(lang, by[2], by[3]), next.Cards, next.GPU, money(next.PerCardHour), money(next.PerHour), money(costOf(next)), money(costOf(next)-costOf(pick)))
		}
		return s + chat.T(lang, ". Cards without a price were not considered.", "。没有价格的卡未参与比较。") + ch.unpricedNote(lang)
	}
	s := sprintf(chat.T(lang, "Chosen by %s: %d× %s at %s = %s/h", "按%s选择：%d 张 %s × %s = %s/时"),
		who, pick.Cards, pick.GPU, money(pick.PerCardHour), money(pick.PerHour))
	if next != nil {
		s += sprintf(chat.T(lang, ", against %d× %s at %s = %s/h (+%s/h)", "，对比 %d 张 %s × %s = %s/时（多 %s/时）"),
			next.Cards, next.GPU, money(next.PerCardHour), money(next.PerHour), money(next.PerHour-pick.PerHour))
	}
	if ties > 0 {
		s += chat.T(lang, "; at the same price the tier rule broke the tie (fewer nodes and cards, then the smaller card)", "；同价时按档位规则取舍（更少的服务器和卡，再选更小的卡）")
	}
	return s + chat.T(lang, ". Cards without a price were not considered.", "。没有价格的卡未参与比较。") + ch.unpricedNote(lang)
}

// chosenByVolume and chosenByRun say how the pick was chosen when a daily
// volume or a training run is costed, and (with %[n] indexes into the same
// six arguments) the next option against it: EN, ZH, EN, ZH.
var (
	chosenByVolume = [4]string{"Chosen by the cost of a day of your volume at %s: %d× %s at %s = %s/h per copy, %s a day",
		"按每天用量的费用（%s）选择：每份 %d 张 %s × %s = %s/时，每天 %s",
		", against %[1]d× %[2]s at %[3]s, %[5]s a day (+%[6]s): a card with more memory bandwidth serves more tokens per copy",
		"，对比每份 %[1]d 张 %[2]s × %[3]s，每天 %[5]s（多 %[6]s）：显存带宽更高的卡每份能服务更多 token"}
	chosenByRun = [4]string{"Chosen by the cost of the whole run at %s: %d× %s at %s = %s/h, %s for the run",
		"按整个训练任务的费用（%s）选择：%d 张 %s × %s = %s/时，整个任务 %s",
		", against %d× %s at %s = %s/h, %s for the run (+%s): a faster card can cost more per hour and less per run",
		"，对比 %d 张 %s × %s = %s/时，整个任务 %s（多 %s）：更快的卡每小时更贵，整个任务却可能更省"}
)

// unpricedNote names what the tier rule would have picked among cards with
// no price, so the team can ask for a quote.
func (ch *choice) unpricedNote(lang chat.Lang) string {
	o := ch.unpriced
	if o == nil {
		return ""
	}
	nodes := chat.T(lang, "one node", "一台服务器")
	if o.Nodes() > 1 {
		nodes = sprintf(chat.T(lang, "%d nodes", "%d 台服务器"), o.Nodes())
	}
	return sprintf(chat.T(lang, " Without prices the tier rule would pick %d× %s (%s): ask your vendors for its price, then `price set gpu=%s ...`.",
		"若不看价格，按档位规则会选 %d 张 %s（%s）：可向供应商询价，再用 `价格 设置 显卡=%s ...` 保存。"), o.Cards(), o.GPU.ID, nodes, o.GPU.ID)
}

// marketLine says where the team rents and what that left out.
func (ch *choice) marketLine(lang chat.Lang) string {
	name, from := marketNames[ch.market.Market], marketFrom[ch.market.From]
	s := sprintf(chat.T(lang, "Market: %s (%s; %s).", "市场：%s（%s；%s）。"), ch.market.Market, chat.T(lang, name[0], name[1]), chat.T(lang, from[0], from[1]))
	if len(ch.market.Excluded) > 0 {
		s += sprintf(chat.T(lang, " Not considered: %s.", "未考虑：%s。"), strings.Join(ch.market.Excluded, ", "))
	}
	return s
}

// marketNames and marketFrom say where a team rents and how that was chosen.
var (
	marketNames = map[string][2]string{catalog.MarketCN: {"mainland China", "中国大陆"}, catalog.MarketGlobal: {"outside mainland China", "中国大陆以外"}}
	marketFrom  = map[string][2]string{"key": {"as market= says", "由 market= 指定"}, "team": {"your team's setting", "团队设置"},
		"default": {"the default; a team renting elsewhere says `settings market=global` once, or market=global here", "默认值；在中国大陆以外租卡的团队可用 `设置 市场=海外` 设置一次，或在这里写 market=global"}}
	// sourceNames name whose price a row shows.
	sourceNames = map[string][2]string{"team": {"your price book", "团队价格表"}, "reference": {"reference", "参考价"}}
)

// summary is the money in one sentence for the reply's opening: whose price
// chose the card, and what the job costs.
func (ch *choice) summary(lang chat.Lang, adv sizing.Advice, jb *job) string {
	if !adv.Fits {
		return ""
	}
	var out string
	p, ok := ch.price(gpuOf(adv.Pick).ID)
	n := float64(adv.Pick.Cards())
	switch {
	case adv.Request.GPU != "" && !ok:
		out = chat.T(lang, "No price on file for this card.", "没有这张卡的价格。")
	case ch.source == pricebook.None:
		out = chat.T(lang, "No card that fits has a price, so the tier rule chose; `price set` saves your vendors' prices to choose by money.",
			"能放下的卡都没有价格，按档位规则选择；用 `价格 设置` 保存报价即可按价格选卡。")
	case p.basis == "reference":
		out = sprintf(chat.T(lang, "Reference price ¥%s–%s per card-hour (%s), about %s/h for %d.", "参考价每卡每小时 ¥%s–%s（%s），%[5]d 张约 %[4]s/时。"),
			num(p.low), num(p.high), p.json.Date, money(p.perHour*n), int(n))
	default:
		out = sprintf(chat.T(lang, "Your team's price: %s per card-hour, %s/h for %d.", "团队价格：每卡每小时 %s，%[3]d 张 %[2]s/时。"),
			money(p.perHour), money(p.perHour*n), int(n))
	}
	if jb != nil && jb.train != nil {
		t := jb.train
		out += sprintf(chat.T(lang, " The %s-token run: %s h", " 训练 %s token：%s 小时"), count(t.Tokens), num(t.Hours))
		if t.Cost > 0 {
			out += sprintf(chat.T(lang, ", %s (%s per 1M tokens)", "，%s（每百万 token %s）"), money(t.Cost), money(t.CostPerMTok))
		}
		out += chat.T(lang, ".", "。")
	}
	if jb != nil && jb.serve != nil {
		s := jb.serve
		out += sprintf(chat.T(lang, " %s tokens a day: %d cards", " 每天 %s token：%d 张卡"), count(s.TokensPerDay), s.Cards)
		if s.CostPerDay > 0 {
			out += sprintf(chat.T(lang, ", %s a day (%s per 1M tokens)", "，每天 %s（每百万 token %s）"), money(s.CostPerDay), money(s.CostPerMTok))
		}
		out += chat.T(lang, ".", "。")
	}
	return out
}

// trade says what option o gives or takes against the pick.
func trade(o sizing.Option, adv sizing.Advice) advisor.Text {
	p := adv.Pick
	if !adv.Fits || o.GPU == nil || p.GPU == nil || o.GPU.ID == p.GPU.ID {
		return advisor.Text{EN: "the pick", ZH: "所选方案"}
	}
	var en, zh []string
	switch d := o.Cards() - p.Cards(); {
	case d < 0:
		en, zh = append(en, sprintf("%d fewer cards", -d)), append(zh, sprintf("少 %d 张卡", -d))
	case d > 0:
		en, zh = append(en, sprintf("%d more cards", d)), append(zh, sprintf("多 %d 张卡", d))
	}
	if hu, pu := 1-o.Utilization, 1-p.Utilization; hu-pu >= 0.1 {
		en, zh = append(en, sprintf("more memory headroom (%s free)", pct(hu))), append(zh, sprintf("显存余量更大（空闲 %s）", pct(hu)))
	} else if pu-hu >= 0.1 {
		en, zh = append(en, sprintf("less memory headroom (%s free)", pct(hu))), append(zh, sprintf("显存余量更小（空闲 %s）", pct(hu)))
	}
	if a, b := o.GPU.MaxSplit(), p.GPU.MaxSplit(); a > b {
		en, zh = append(en, "a fuller NVLink"), append(zh, "NVLink 互联更完整")
	} else if a < b {
		en, zh = append(en, "a weaker card-to-card link"), append(zh, "卡间互联更弱")
	}
	if r := o.GPU.BandwidthGBs / p.GPU.BandwidthGBs; r >= 1.2 {
		en, zh = append(en, sprintf("%.1f× the memory bandwidth (faster decoding)", r)), append(zh, sprintf("显存带宽 %.1f 倍（解码更快）", r))
	} else if r <= 0.8 {
		en, zh = append(en, sprintf("%.1f× the memory bandwidth", r)), append(zh, sprintf("显存带宽 %.1f 倍", r))
	}
	if r := o.GPU.BF16TFLOPS / p.GPU.BF16TFLOPS; r >= 1.2 || r <= 0.8 {
		en, zh = append(en, sprintf("%.1f× the BF16 compute", r)), append(zh, sprintf("BF16 算力 %.1f 倍", r))
	}
	if len(en) == 0 {
		return advisor.Text{EN: "about the same card", ZH: "卡型相近"}
	}
	return advisor.Text{EN: strings.Join(en, ", "), ZH: strings.Join(zh, "，")}
}

// priceTable lists the priced options that fit, cheapest first, with what
// each trades against the pick.
func (ch *choice) priceTable(lang chat.Lang) (chat.Table, bool) {
	if len(ch.options) < 2 {
		return chat.Table{}, false
	}
	t := chat.Table{Title: chat.T(lang, "Cards that fit, by price", "放得下的卡，按价格"), Header: []string{
		chat.T(lang, "card", "显卡"), chat.T(lang, "cards", "卡数"), chat.T(lang, "per card-hour", "每卡每时"), chat.T(lang, "per hour", "每小时"),
		chat.T(lang, "source", "来源"), chat.T(lang, "against the pick", "与所选相比")}}
	if ch.byRun() {
		t.Header = append(t.Header[:4:4], chat.T(lang, "the run", "整个任务"), t.Header[4], t.Header[5])
	} else if ch.byVolume() {
		t.Header = append(t.Header[:4:4], chat.T(lang, "a day", "每天"), t.Header[4], t.Header[5])
	}
	for _, o := range ch.options {
		row := []string{o.GPU, strconv.Itoa(o.Cards), money(o.PerCardHour), money(o.PerHour)}
		if ch.byRun() {
			row = append(row, money(o.RunCost))
		} else if ch.byVolume() {
			row = append(row, money(o.DayCost))
		}
		who := chat.T(lang, sourceNames[o.Source][0], sourceNames[o.Source][1])
		if o.Vendor != "" {
			who += " · " + o.Vendor
		}
		row = append(row, who, o.Trade.In(string(lang)))
		t.Rows = append(t.Rows, row)
	}
	return t, true
}
