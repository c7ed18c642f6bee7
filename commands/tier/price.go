package tier

import (
	"strconv"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/choice"
	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
)

// money writes an amount in yuan.
func money(v float64) string { return numWith("¥", v, "") }

// moneyIn writes an amount in its currency: $ for USD, ¥ otherwise.
func moneyIn(currency string, v float64) string {
	if currency == catalog.USD {
		return numWith("$", v, "")
	}
	return money(v)
}

// rangeIn writes a price range in its currency: ¥30–40, or one amount
// when both ends are the same.
func rangeIn(currency string, lo, hi float64) string {
	if lo == hi {
		return moneyIn(currency, lo)
	}
	return moneyIn(currency, lo) + "–" + num(hi)
}

// priceFact is the Price fact of the reply.
func (ch *selection) priceFact(lang chat.Lang, adv sizing.Advice) string {
	id := gpuOf(adv.Pick).ID
	p, ok := ch.price(id)
	n := float64(adv.Pick.Cards())
	switch {
	case !ok:
		s := chat.T(lang, "no price on file for this card", "没有这张卡的价格")
		if nf, ok := ch.notFound(id); ok {
			s += sprintf(chat.T(lang, " (no published reference price in this market either: %s; searched %s)", "（本市场也没有公开的参考价：%s；查找于 %s）"), chat.T(lang, nf.Note, nf.NoteZH), nf.Searched)
		}
		return s + chat.T(lang, ": ask your vendors, then save it with `price set` and compare with `billing` and `quote`",
			"：请向供应商询价，用 `价格 设置` 保存，再用 `计费` 和 `报价` 比较")
	case p.p.Source == choice.Reference:
		cur := p.p.Currency
		s := sprintf(chat.T(lang, "reference: on-demand %s per card-hour (%s/h for %d), ranked at %s",
			"参考价：按需每卡每小时 %s（%[3]d 张 %[2]s/时），按 %[4]s 排序"),
			rangeIn(cur, p.p.Low, p.p.High), rangeIn(cur, p.p.Low*n, p.p.High*n), int(n), moneyIn(cur, p.perHour))
		if mo := p.json.MonthlyRange; len(mo) == 2 {
			s += sprintf(chat.T(lang, ", monthly %s per card", "，包月每卡 %s"), rangeIn(cur, mo[0], mo[1]))
		}
		return s + chat.T(lang, "; ", "；") + rowsCited(lang, p.json.Rows)
	}
	basis := chat.T(lang, "on-demand", "按需")
	if p.p.Basis == "monthly" {
		basis = sprintf(chat.T(lang, "monthly %s over 720 h", "包月 %s 按 720 小时折算"), money(p.json.Monthly))
	}
	who := chat.T(lang, "your price book", "团队价格表")
	if p.json.Vendor != "" {
		who = p.json.Vendor + chat.T(lang, ", your price book", "，团队价格表")
	}
	return sprintf(chat.T(lang, "%s per card-hour (%s; %s, %s) → %s/h for %d", "每卡每小时 %s（%s；%s，%s）→ %[6]d 张 %[5]s/时"),
		money(p.perHour), basis, who, p.json.Date, money(p.perHour*n), int(n))
}

// rowsCited names each published figure of a reference range: vendor,
// source and date.
func rowsCited(lang chat.Lang, rows []catalog.PriceRow) string {
	parts := make([]string, 0, len(rows))
	for _, r := range rows {
		s := chat.T(lang, r.Source, r.SourceZH)
		if r.Vendor != "" && !strings.Contains(s, r.Vendor) {
			s = r.Vendor + chat.T(lang, ": ", "：") + s
		}
		s += chat.T(lang, " (", "（") + r.Date
		if r.URL != "" {
			s += chat.T(lang, ", ", "，") + r.URL
		}
		parts = append(parts, s+chat.T(lang, ")", "）"))
	}
	return strings.Join(parts, chat.T(lang, "; ", "；"))
}

// option is the row of the decision's options for card id, nil when none.
func (ch *selection) option(id string) *optionData {
	for i := range ch.options {
		if ch.options[i].GPU == id {
			return &ch.options[i]
		}
	}
	return nil
}

// rule says how the card was chosen, worded from the decision's record
// (choice.ChosenBy): its basis, the next option and what separates them.
func (ch *selection) rule(lang chat.Lang, adv sizing.Advice) string {
	cb := ch.dec.ChosenBy
	switch cb.Basis {
	case choice.BasisForced:
		return chat.T(lang, "gpu= chose the card; the count is the fewest that fit.", "显卡= 指定了卡型；卡数是放得下的最少张数。")
	case choice.BasisTierRule:
		return chat.T(lang,
			"No card that fits has a price (your price book, or a reference price), so the tier rule chose: one 8-card node before several; then the market price tier (entry RTX 4090 < mid A100 80G < flagship H100/H800); then fewer cards; then the smaller card. Save your vendors' prices with `price set` to choose by money.",
			"能放下的卡都没有价格（团队价格表或参考价），所以按档位规则选择：先单台 8 卡服务器；再按市场价格档位（入门 RTX 4090 < 进阶 A100 80G < 旗舰 H100/H800）；再比卡数；最后选更小的卡。用 `价格 设置` 保存供应商报价后即可按价格选卡。")
	}
	who := chat.T(lang, "your team's prices", "团队价格表中的价格")
	if cb.Basis == choice.BasisReference {
		who = chat.T(lang, "reference prices (your price book has none for a card that fits)", "参考价（团队价格表中没有能放下的卡的价格）")
	}
	if ch.dec.Pick < 0 {
		return sprintf(chat.T(lang, "Chosen by %s.", "按%s选择。"), who)
	}
	pick := &ch.options[ch.dec.Pick]
	cur := pick.Currency
	var next *optionData
	if cb.Next != nil {
		next = ch.option(cb.Next.GPU)
	}
	var s string
	switch {
	case cb.By == choice.ByVolume && pick.DayCost > 0:
		s = sprintf(chat.T(lang, "Chosen by the cost of a day of your volume at %s: %d× %s at %s = %s/h per copy, %s a day",
			"按每天用量的费用（%s）选择：每份 %d 张 %s × %s = %s/时，每天 %s"), who, pick.Cards, pick.GPU, moneyIn(cur, *pick.PerCardHour), moneyIn(cur, *pick.PerHour), moneyIn(cur, pick.DayCost))
	case cb.By == choice.ByRun && pick.RunCost > 0:
		s = sprintf(chat.T(lang, "Chosen by the cost of the whole run at %s: %d× %s at %s = %s/h, %s for the run",
			"按整个训练任务的费用（%s）选择：%d 张 %s × %s = %s/时，整个任务 %s"), who, pick.Cards, pick.GPU, moneyIn(cur, *pick.PerCardHour), moneyIn(cur, *pick.PerHour), moneyIn(cur, pick.RunCost))
	default:
		s = sprintf(chat.T(lang, "Chosen by %s: %d× %s at %s = %s/h", "按%s选择：%d 张 %s × %s = %s/时"),
			who, pick.Cards, pick.GPU, moneyIn(cur, *pick.PerCardHour), moneyIn(cur, *pick.PerHour)) + ch.atSpeed(lang, pick)
	}
	if next != nil {
		s += ch.against(lang, cb, pick, next)
	}
	if len(cb.Ties) > 0 {
		s += sprintf(chat.T(lang, "; %s cost the same: at equal money a split over NVLink beats one over PCIe (the interconnect sets the speed), then the tier rule broke the tie (fewer nodes and cards, then the smaller card)",
			"；%s 价格相同：同价时 NVLink 切分优先于 PCIe 切分（互联决定速度），再按档位规则取舍（更少的服务器和卡，再选更小的卡）"), strings.Join(cb.Ties, ", "))
	}
	s += chat.T(lang, ". Cards without a price are ranked after the priced ones, by the tier rule.", "。没有价格的卡排在有价格的卡之后，按档位规则排序。")
	return s + ch.unpricedNote(lang)
}

// against is the next option against the pick, from the decision's record.
func (ch *selection) against(lang chat.Lang, cb choice.ChosenBy, pick, next *optionData) string {
	why := cb.Next.Why.In(string(lang))
	if next.PerCardHour == nil {
		return sprintf(chat.T(lang, ", against %d× %s with no price (%s)", "，对比无价格的 %d 张 %s（%s）"), next.Cards, next.GPU, why)
	}
	cur := next.Currency
	if cb.Next.Source != choice.Source(pick.Source) {
		return sprintf(chat.T(lang, ", against %d× %s at %s = %s/h by %s (%s)", "，对比 %d 张 %s × %s = %s/时，%s（%s）"),
			next.Cards, next.GPU, moneyIn(cur, *next.PerCardHour), moneyIn(cur, *next.PerHour), sourceName(lang, next.Source), why)
	}
	switch {
	case cb.By == choice.ByVolume && next.DayCost > 0:
		return sprintf(chat.T(lang, ", against %d× %s at %s, %s a day (+%s): a card with more memory bandwidth serves more tokens per copy",
			"，对比每份 %d 张 %s × %s，每天 %s（多 %s）：显存带宽更高的卡每份能服务更多 token"),
			next.Cards, next.GPU, moneyIn(cur, *next.PerCardHour), moneyIn(cur, next.DayCost), moneyIn(cur, cb.Next.More))
	case cb.By == choice.ByRun && next.RunCost > 0:
		return sprintf(chat.T(lang, ", against %d× %s at %s = %s/h, %s for the run (+%s): a faster card can cost more per hour and less per run",
			"，对比 %d 张 %s × %s = %s/时，整个任务 %s（多 %s）：更快的卡每小时更贵，整个任务却可能更省"),
			next.Cards, next.GPU, moneyIn(cur, *next.PerCardHour), moneyIn(cur, *next.PerHour), moneyIn(cur, next.RunCost), moneyIn(cur, cb.Next.More))
	}
	return sprintf(chat.T(lang, ", against %d× %s at %s = %s/h%s (+%s/h: %s)", "，对比 %d 张 %s × %s = %s/时%s（多 %s/时：%s）"),
		next.Cards, next.GPU, moneyIn(cur, *next.PerCardHour), moneyIn(cur, *next.PerHour), ch.atSpeed(lang, next), moneyIn(cur, cb.Next.More), why)
}

// atSpeed says what an hour of full-speed work costs on an option whose
// links slow it (a split over PCIe, the network between nodes): what it was
// ranked by per hour.
func (ch *selection) atSpeed(lang chat.Lang, o *optionData) string {
	if o.PerHour == nil || o.cost <= *o.PerHour*1.0000001 || ch.in.By != choice.ByHour {
		return ""
	}
	return sprintf(chat.T(lang, " (%s/h of NVLink-speed work at %s interconnect efficiency %s)", "（%[3]s，按 %[2]s 的互联效率，相当于 NVLink 速度下 %[1]s/时）"),
		moneyIn(o.Currency, o.cost), pct(*o.PerHour/o.cost), overLinks(lang, ch.req.Mode, *o.opt))
}

// unpricedNote names what the tier rule would have picked among cards with
// no price, so the team can ask for a quote.
func (ch *selection) unpricedNote(lang chat.Lang) string {
	cb := ch.dec.ChosenBy
	if cb.TierRulePick == "" {
		return ""
	}
	return sprintf(chat.T(lang, " Without prices the tier rule would pick %d× %s: ask your vendors for its price, then `price set gpu=%s ...`.",
		"若不看价格，按档位规则会选 %d 张 %s：可向供应商询价，再用 `价格 设置 显卡=%s ...` 保存。"), cb.TierRuleCards, cb.TierRulePick, cb.TierRulePick)
}

// marketLine says where the team rents and what that left out.
func (ch *selection) marketLine(lang chat.Lang) string {
	name, from := marketNames.Get()[ch.market.Market], marketFrom.Get()[ch.market.From]
	s := sprintf("Market: %s (%s; %s).", ch.market.Market, name[0], from[0])
	if lang == chat.ZH { // the market's name, not its key value (cn)
		s = sprintf("市场：%s（%s）。", name[1], from[1])
	}
	if len(ch.market.Excluded) > 0 {
		s += sprintf(chat.T(lang, " Not considered: %s.", "未考虑：%s。"), strings.Join(ch.market.Excluded, ", "))
	}
	return s
}

// marketShown is a market as a reply names it: its key value in English
// (cn), its name in Chinese (中国大陆).
func marketShown(lang chat.Lang, market string) string {
	if name, ok := marketNames.Get()[market]; ok && lang == chat.ZH {
		return name[1]
	}
	return market
}

// marketNames and marketFrom say where a team rents and how that was chosen.
var (
	marketNames = advisor.Lazy[map[string][2]string]{New: func() map[string][2]string {
		return map[string][2]string{catalog.MarketCN: {"mainland China", "中国大陆"}, catalog.MarketGlobal: {"outside mainland China", "中国大陆以外"}}
	}}
	marketFrom = advisor.Lazy[map[string][2]string]{New: func() map[string][2]string {
		return map[string][2]string{"key": {"as market= says", "由 市场= 指定"}, "team": {"your team's setting", "团队设置"},
			"default": {"the default; a team renting elsewhere says `settings market=global` once, or market=global here", "默认值；在中国大陆以外租卡的团队可用 `设置 市场=海外` 设置一次，或在这里写 市场=海外"}}
	}}
	// sourceNames name whose price a row shows.
	sourceNames = advisor.Lazy[map[string][2]string]{New: func() map[string][2]string {
		return map[string][2]string{"team": {"your price book", "团队价格表"}, "reference": {"reference", "参考价"}, "none": {"no price", "无价格"}}
	}}
)

// sourceName is whose price a row shows, in the user's language.
func sourceName(lang chat.Lang, source string) string {
	n := sourceNames.Get()[source]
	return chat.T(lang, n[0], n[1])
}

// summary is the money in one sentence for the reply's opening: whose price
// chose the card, the next two options, and what the job costs.
func (ch *selection) summary(lang chat.Lang, adv sizing.Advice, jb *job) string {
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
	case p.p.Source == choice.Reference:
		cur := p.p.Currency
		out = sprintf(chat.T(lang, "Reference price %s per card-hour (%s), about %s/h for %d.", "参考价每卡每小时 %s（%s），%[4]d 张约 %[3]s/时。"),
			rangeIn(cur, p.p.Low, p.p.High), p.json.Date, moneyIn(cur, p.perHour*n), int(n))
	default:
		out = sprintf(chat.T(lang, "Your team's price: %s per card-hour, %s/h for %d.", "团队价格：每卡每小时 %s，%[3]d 张 %[2]s/时。"),
			money(p.perHour), money(p.perHour*n), int(n))
	}
	if adv.Request.GPU == "" {
		out += ch.nextTwo(lang)
	}
	if jb != nil && jb.train != nil {
		t := jb.train
		out += sprintf(chat.T(lang, " The %s-token run: %s h", " 训练 %s token：%s 小时"), count(t.Tokens), num(t.Hours))
		if t.Cost > 0 {
			out += sprintf(chat.T(lang, ", %s (%s per 1M tokens)", "，%s（每百万 token %s）"), moneyIn(p.p.Currency, t.Cost), moneyIn(p.p.Currency, t.CostPerMTok))
		}
		out += chat.T(lang, ".", "。")
	}
	if jb != nil && jb.serve != nil {
		s := jb.serve
		out += sprintf(chat.T(lang, " %s tokens a day: %d cards", " 每天 %s token：%d 张卡"), count(s.TokensPerDay), s.Cards)
		if s.CostPerDay > 0 {
			out += sprintf(chat.T(lang, ", %s a day (%s per 1M tokens)", "，每天 %s（每百万 token %s）"), moneyIn(p.p.Currency, s.CostPerDay), moneyIn(p.p.Currency, s.CostPerMTok))
		}
		out += chat.T(lang, ".", "。")
	}
	return out
}

// nextTwo names the two options ranked after the pick with their prices.
func (ch *selection) nextTwo(lang chat.Lang) string {
	if ch.dec.Pick < 0 {
		return ""
	}
	var parts []string
	for i := ch.dec.Pick + 1; i < len(ch.options) && len(parts) < 2; i++ {
		o := ch.options[i]
		s := sprintf(chat.T(lang, "%d× %s", "%d 张 %s"), o.Cards, o.GPU)
		if o.PerHour != nil {
			s += sprintf(chat.T(lang, " at %s/h (%s)", " %s/时（%s）"), moneyIn(o.Currency, *o.PerHour), sourceName(lang, o.Source))
			if o.cost > *o.PerHour*1.0000001 && ch.in.By == choice.ByHour {
				s += sprintf(chat.T(lang, " %s, %s/h of NVLink-speed work", "，%s，相当于 NVLink 速度下 %s/时"), overLinks(lang, ch.req.Mode, *o.opt), moneyIn(o.Currency, o.cost))
			}
		} else {
			s += chat.T(lang, " (no price)", "（无价格）")
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return ""
	}
	return sprintf(chat.T(lang, " Next: %s.", "其次：%s。"), strings.Join(parts, chat.T(lang, "; ", "；")))
}

// priceTable lists every option that fits, best first, with the price it
// was ranked by and what each trades against the pick.
func (ch *selection) priceTable(lang chat.Lang) (chat.Table, bool) {
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
	// one backing array for every row's cells (7 at most: the run's or the
	// day's cost adds one), and the rows sized up front
	cols := len(t.Header)
	cells := make([]string, 0, cols*len(ch.options))
	t.Rows = make([][]string, 0, len(ch.options))
	for _, o := range ch.options {
		at := len(cells)
		cells = append(cells, o.GPU, strconv.Itoa(o.Cards), "—", "—")
		row := cells[at : len(cells) : at+cols]
		if o.PerHour != nil {
			row[2], row[3] = moneyIn(o.Currency, *o.PerCardHour), moneyIn(o.Currency, *o.PerHour)
		}
		switch {
		case ch.byRun():
			row = append(row, dash(o.Currency, o.RunCost))
		case ch.byVolume():
			row = append(row, dash(o.Currency, o.DayCost))
		}
		who := sourceName(lang, o.Source)
		if o.Vendor != "" {
			who += " · " + o.Vendor
		}
		row = append(row, who, o.Trade.In(string(lang)))
		cells = cells[:at+len(row)]
		t.Rows = append(t.Rows, row)
	}
	return t, true
}

// dash is an amount, or a dash when there is none.
func dash(currency string, v float64) string {
	if v <= 0 {
		return "—"
	}
	return moneyIn(currency, v)
}

// interconnectFact says what the cards talk over and what it costs in speed.
func interconnectFact(lang chat.Lang, r sizing.Request, p sizing.Option) string {
	ic := sizing.InterconnectOf(r.Mode, p)
	var s string
	switch ic.Link {
	case sizing.LinkNone:
		return chat.T(lang, "one card: none needed", "单卡：不需要")
	case sizing.LinkFast:
		in, _ := sizing.LinkNames(r.Mode, p) // NVLink, or HCCS on Ascend
		s = sprintf(chat.T(lang, "%s joins the cards: full speed", "%s 连通各卡：全速"), in)
	case sizing.LinkPCIe:
		inNode := ic.Efficiency
		if ic.Network {
			inNode /= sizing.NetworkEfficiency
		}
		if inNode >= 1 {
			s = chat.T(lang, "PCIe, which carries this job's traffic (adapters' gradients only) at full speed", "PCIe，足以全速承载本任务的通信（只有适配器梯度）")
		} else {
			s = sprintf(chat.T(lang, "PCIe: %s of NVLink's speed (the advisor's planning figure)", "PCIe：速度按 NVLink 的 %s 计（顾问的规划值）"), pct(inNode))
		}
	}
	if ic.Network {
		s += sprintf(chat.T(lang, "; across %d nodes × %s for the network", "；%d 台服务器之间再 × %s（网络）"), p.Nodes(), pct(sizing.NetworkEfficiency))
	}
	return s + sprintf(chat.T(lang, " (interconnect efficiency %s)", "（互联效率 %s）"), pct(ic.Efficiency))
}

// linkEfficiency is the share of the job's speed option o's interconnect
// keeps (sizing.InterconnectOf): training hours are counted at the cards'
// peak × it.
func linkEfficiency(r sizing.Request, o sizing.Option) float64 {
	return sizing.InterconnectOf(r.Mode, o).Efficiency
}

// servingEfficiency is the serving engine's efficiency × the interconnect's.
func servingEfficiency(r sizing.Request, o sizing.Option) float64 {
	return sizing.DefaultServingEfficiency * linkEfficiency(r, o)
}
