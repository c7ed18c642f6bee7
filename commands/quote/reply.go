package quote

import (
	"fmt"
	"slices"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/advisor/tco"
	"gpuadvisor/chat"
)

// lineName is a line item's name for people.
var lineNames = advisor.Lazy[map[tco.Line]advisor.Text]{New: func() map[tco.Line]advisor.Text {
	return map[tco.Line]advisor.Text{
		tco.GPU:       {EN: "GPU time", ZH: "GPU时长费"},
		tco.Storage:   {EN: "storage", ZH: "存储"},
		tco.Snapshots: {EN: "snapshots", ZH: "快照"},
		tco.Egress:    {EN: "egress", ZH: "公网流量"},
		tco.Intranet:  {EN: "intranet over quota", ZH: "内网超额流量"},
		tco.Support:   {EN: "support", ZH: "技术支持"},
		tco.Licences:  {EN: "licences", ZH: "授权许可"},
	}
}}

func lineName(lang chat.Lang, l tco.Line) string {
	return chat.Name(lang, lineNames.Get(), l, advisor.Text{EN: string(l), ZH: string(l)})
}

// sep separates clauses of one line.
func sep(lang chat.Lang) string { return chat.T(lang, "; ", "；") }

func yuan(v float64) string { return "¥" + chat.Num(v) }

// perTok formats a cost per 1M tokens with enough digits to compare.
func perTok(v float64) string {
	if v >= 100 {
		return "¥" + chat.Num(v)
	}
	return "¥" + advisor.Trim(v, 3)
}

func listSep(lang chat.Lang) string { return chat.T(lang, ", ", "、") }

// Data is the JSON of a comparison: the domain's result, flattened, with
// what the command adds (docs/quote.md describes every field).
type Data struct {
	Command string `json:"command"`
	tco.Result
	HoursDefault bool     `json:"hours_default"`
	Assumptions  []string `json:"assumptions,omitempty"`
	Warnings     []string `json:"warnings"`
	Partial      bool     `json:"partial"`
	// Saved are the price book entries save=yes kept.
	Saved []pricebook.Entry `json:"saved,omitempty"`
	// AlreadyStored are the entries save=yes found already kept (the same
	// card, vendor, prices and workload saved the same day): nothing added.
	AlreadyStored []pricebook.Entry `json:"already_stored,omitempty"`
	Problems      []problem         `json:"problems,omitempty"`
}

func reply(lang chat.Lang, r tco.Result, set settings, probs []problem) chat.Reply {
	best := costOf(r, r.Cheapest)
	rep := chat.Reply{Command: "quote", Lang: lang, Partial: len(probs) > 0}
	byRun := r.Basis == tco.ByRun
	byProject := r.Basis == tco.ByProject

	// Title and summary.
	switch {
	case byProject && len(r.Vendors) > 1:
		rep.Title = fmt.Sprintf(chat.T(lang, "Quotes by the project's total over %s: %s is cheapest", "按 %s项目总费用对比：%s 最便宜"), monthsText(lang, r.Workload.Months), r.Cheapest)
		if r.CheapestMonthly != r.Cheapest {
			rep.Title += fmt.Sprintf(chat.T(lang, "; by the month, %s", "；按月度总成本 %s 更便宜"), r.CheapestMonthly)
		}
	case len(r.Vendors) == 1:
		rep.Title = fmt.Sprintf(chat.T(lang, "Quote for %s: %s a month", "%s 的报价：每月 %s"), best.Name, yuan(best.TCO))
	case byRun:
		rep.Title = fmt.Sprintf(chat.T(lang, "Quotes by the cost of the whole run: %s is cheapest", "按整轮训练成本对比：%s 最便宜"), r.Cheapest)
		if r.CheapestMonthly != r.Cheapest {
			rep.Title += fmt.Sprintf(chat.T(lang, "; by the month, %s", "；按月度总成本 %s 更便宜"), r.CheapestMonthly)
		}
	default:
		rep.Title = fmt.Sprintf(chat.T(lang, "Quotes by monthly TCO: %s is cheapest", "按月度总成本对比：%s 最便宜"), r.Cheapest)
		if r.CheapestPerToken != "" && r.CheapestPerToken != r.Cheapest {
			rep.Title += fmt.Sprintf(chat.T(lang, "; per token, %s", "；按token计 %s 最便宜"), r.CheapestPerToken)
		}
	}
	if changed := changedVendors(r); len(changed) > 0 {
		rep.Title += fmt.Sprintf(chat.T(lang, " (%s priced on its own cards or hours)", "（%s 按其自定卡数或小时数计价）"), strings.Join(changed, listSep(lang)))
	}
	if byProject {
		rep.Summary = projectLine(lang, r, best)
		for _, name := range r.Ranking[1:] {
			c := costOf(r, name)
			rep.Summary += fmt.Sprintf(chat.T(lang, " %s: %s (one-off %s).", "%s：%s（一次性 %s）。"), name, yuan(c.ProjectTotal), yuan(c.OneOff.Total))
		}
	} else if byRun {
		rep.Summary = fmt.Sprintf(chat.T(lang, "%s runs the %s tokens for %s all in (%s per 1M tokens, hidden costs included, %s h of its cards).",
			"%s 跑完 %s tokens 总计 %s（每百万token %s，含隐性费用，用时 %s 小时）。"),
			best.Name, chat.Num(r.Workload.RunTokens), yuan(best.RunTCO), perTok(best.TCOPerMTok), chat.Num(best.RunHours))
		for _, name := range r.Ranking[1:] {
			c := costOf(r, name)
			rep.Summary += fmt.Sprintf(chat.T(lang, " %s: %s (%s per 1M tokens).", " %s：%s（每百万token %s）。"), name, yuan(c.RunTCO), perTok(c.TCOPerMTok))
		}
	} else {
		rep.Summary = fmt.Sprintf(chat.T(lang, "%s costs %s a month for %s h × %d cards: %s quoted + %s estimated from your workload.",
			"%s 每月 %s（%s 小时 × %d 卡）：报价内 %s + 按工作负载估算 %s。"),
			best.Name, yuan(best.TCO), chat.Num(best.Hours), best.Cards, yuan(best.Quoted), yuan(best.Estimates))
	}

	rep.Facts = append(rep.Facts, chat.Fact{Label: chat.T(lang, "Workload", "工作负载"), Value: workloadLine(lang, r.Workload, set)})
	if r.Workload.RunTokens > 0 {
		v := fmt.Sprintf(chat.T(lang, "%s tokens (run_tokens)", "%s tokens（总tokens）"), chat.Num(r.Workload.RunTokens))
		if set.run != "" {
			v = fmt.Sprintf(chat.T(lang, "%s tokens (epochs × dataset_tokens = %s)", "%s tokens（轮数 × 数据集tokens = %s）"), chat.Num(r.Workload.RunTokens), set.run)
		}
		rep.Facts = append(rep.Facts, chat.Fact{Label: chat.T(lang, "Run", "整轮训练"), Value: v})
	}
	for _, a := range set.assumptions {
		rep.Facts = append(rep.Facts, chat.Fact{Label: chat.T(lang, "Assumed", "假设"), Value: a})
	}
	if len(r.References) > 0 {
		rep.Facts = append(rep.Facts, chat.Fact{Label: chat.T(lang, "Estimates", "估算规则"), Value: estimateRule(lang, r)})
	}

	rep.Tables = append(rep.Tables, rankingTable(lang, r), lineTable(lang, r))
	if t, ok := oneOffTable(lang, r); ok {
		rep.Tables = append(rep.Tables, t)
	}
	rep.Charts = charts(lang, r)
	rep.Sections = append(rep.Sections, howSection(lang, r), missingSection(lang, r))
	// What could not be read comes first, where the short reply shows it,
	// and a vendor left out is named in the title: never a ranking that
	// looks whole while a typed vendor is missing from it.
	var typed []string
	var dropped []string
	for _, p := range probs {
		if p.Message != "" {
			typed = append(typed, p.Message)
		}
		if p.Dropped && p.Vendor != "" && !slices.Contains(dropped, p.Vendor) {
			dropped = append(dropped, p.Vendor)
		}
	}
	rep.Warnings = append(typed, warnings(lang, r)...)
	if len(dropped) > 0 {
		rep.Title += fmt.Sprintf(chat.T(lang, " (%s left out: see the first warning)", "（%s 未参与比较：见第一条提示）"), strings.Join(dropped, listSep(lang)))
	}
	rep.Data = Data{Command: "quote", Result: r, HoursDefault: set.hoursDefault, Assumptions: set.assumptions,
		Warnings: append([]string{}, rep.Warnings...), Partial: len(probs) > 0, Problems: probs}
	return rep
}

func changedVendors(r tco.Result) []string {
	var out []string
	for _, c := range r.Vendors {
		if c.ChangesWorkload {
			out = append(out, c.Name)
		}
	}
	return out
}

// workloadLine states the workload every vendor is priced on.
func workloadLine(lang chat.Lang, w tco.Workload, set settings) string {
	s := fmt.Sprintf(chat.T(lang, "%s h per card a month × %d cards", "每卡每月 %s 小时 × %d 卡"), chat.Num(w.Hours), w.Cards)
	if set.hoursDefault {
		s += chat.T(lang, " (hours not given: the usual 300 h monthly check; set hours=)", "（未给出时长：采用常用的每月300小时核算口径；可用 时长= 修改）")
	}
	var given, unknown []string
	for _, l := range tco.Metered {
		if v, ok := w.Volume(l); ok {
			given = append(given, fmt.Sprintf("%s %s GB", lineName(lang, l), chat.Num(v)))
		} else {
			unknown = append(unknown, keyWord(lang, tco.VolumeKey(l)))
		}
	}
	if len(given) > 0 {
		s += sep(lang) + strings.Join(given, listSep(lang)) + chat.T(lang, " a month", " 每月")
	}
	if len(unknown) > 0 {
		s += sep(lang) + chat.T(lang, "not given, so left out of every total: ", "未给出，不计入任何总价：") + strings.Join(unknown, listSep(lang))
	}
	if w.ExitEgressGB > 0 {
		s += sep(lang) + fmt.Sprintf(chat.T(lang, "%s GB moved out at the end", "项目结束时迁出 %s GB"), chat.Num(w.ExitEgressGB))
	}
	if w.Months > 0 {
		s += sep(lang) + fmt.Sprintf(chat.T(lang, "for %s", "共 %s"), monthsText(lang, w.Months))
	}
	return s
}

// keyWord names a key in a reply: the key in English, its first Chinese
// alias in Chinese (a Chinese reply names no English key).
func keyWord(lang chat.Lang, name string) string {
	if lang == chat.ZH {
		if s, ok := keyIndex().byName[name]; ok {
			for _, a := range s.aliases {
				if a != "" && a[0] >= 0x80 {
					return a
				}
			}
		}
	}
	return name
}

// monthsText writes a number of months: "1 month", "6 months", "1.5 个月".
func monthsText(lang chat.Lang, m float64) string {
	if m == 1 {
		return chat.T(lang, "1 month", "1 个月")
	}
	return fmt.Sprintf(chat.T(lang, "%s months", "%s 个月"), chat.Num(m))
}

// projectLine is the cheapest vendor's project total with how it adds up.
func projectLine(lang chat.Lang, r tco.Result, c *tco.Cost) string {
	m := r.Workload.Months
	gpu := c.Lines[tco.GPU]
	s := fmt.Sprintf(chat.T(lang, "%s costs %s over %s: GPU time %s × %s months",
		"%s 在 %s 内共 %s：GPU时长费 %s × %s 个月"), c.Name, yuan(c.ProjectTotal), monthsText(lang, m), yuan(gpu), chat.Num(c.GPUMonths))
	if lang == chat.ZH {
		s = fmt.Sprintf("%s 在 %s内共 %s：GPU时长费 %s × %s 个月", c.Name, monthsText(lang, m), yuan(c.ProjectTotal), yuan(gpu), chat.Num(c.GPUMonths))
	}
	if other := c.TCO - gpu; other > 0 {
		s += fmt.Sprintf(chat.T(lang, " + other lines %s × %s", " + 其他费用 %s × %s"), yuan(other), chat.Num(m))
	}
	if c.OneOff.Total > 0 {
		s += fmt.Sprintf(chat.T(lang, " + one-off %s", " + 一次性费用 %s"), yuan(c.OneOff.Total))
	}
	s += chat.T(lang, ".", "。")
	if c.OneOff.Deposit > 0 {
		s += fmt.Sprintf(chat.T(lang, " Deposit %s up front, refundable, not in the total.", "另付押金 %s（可退，不计入总费用）。"), yuan(c.OneOff.Deposit))
	}
	return s
}

// oneOffTable lists what each vendor charges once, and the deposit apart;
// ok is false when no vendor charges anything once and no months were given.
func oneOffTable(lang chat.Lang, r tco.Result) (chat.Table, bool) {
	any := r.Workload.Months > 0
	for _, c := range r.Vendors {
		if c.OneOff.Total > 0 || c.OneOff.Deposit > 0 {
			any = true
		}
	}
	if !any {
		return chat.Table{}, false
	}
	t := chat.Table{Title: chat.T(lang, "One-off fees (the deposit is refundable, not in the totals)", "一次性费用（押金可退，不计入总费用）"),
		Header: []string{chat.T(lang, "vendor", "供应商"), chat.T(lang, "set-up", "开通费"), chat.T(lang, "migration", "迁移费"),
			chat.T(lang, "exit egress", "迁出流量费"), chat.T(lang, "one-off total", "一次性合计"), chat.T(lang, "deposit", "押金")}}
	if r.Workload.Months > 0 {
		t.Header = append(t.Header, chat.T(lang, "project total", "项目总费用"))
	}
	for _, c := range ranked(r) {
		exit := yuan(c.OneOff.ExitEgress)
		if c.OneOff.ExitEgressEstimated {
			exit += "*"
		}
		row := []string{c.Name, yuan(c.OneOff.Setup), yuan(c.OneOff.Migration), exit, yuan(c.OneOff.Total), yuan(c.OneOff.Deposit)}
		if r.Workload.Months > 0 {
			row = append(row, yuan(c.ProjectTotal))
		}
		t.Rows = append(t.Rows, row)
	}
	return t, true
}

func estimateRule(lang chat.Lang, r tco.Result) string {
	var parts []string
	for _, ref := range r.References {
		parts = append(parts, fmt.Sprintf(chat.T(lang, "%s ¥%s %s (range %s–%s; %s)", "%s ¥%s %s（范围 %s–%s；%s）"),
			lineName(lang, ref.Line), chat.Num(ref.Price), ref.Unit.In(string(lang)), chat.Num(ref.Low), chat.Num(ref.High), ref.Source.In(string(lang))))
	}
	s := chat.T(lang, "a unit price a vendor left out = your volume × the reference price, the same for every vendor: ",
		"供应商未报的单价 = 你的用量 × 参考单价，对每家都一样：") + strings.Join(parts, sep(lang))
	if r.RangeFlips {
		s += fmt.Sprintf(chat.T(lang, ". The ranking flips within the range: cheapest at the low end %s, at the high end %s. Get the missing prices before deciding",
			"。在范围内排名会变：取低值时 %s 最便宜，取高值时 %s 最便宜。决定前请拿到缺失的报价"), r.CheapestLow, r.CheapestHigh)
	} else {
		s += fmt.Sprintf(chat.T(lang, ". The ranking holds anywhere in the range (%s cheapest at both ends)", "。在整个范围内排名不变（两端都是 %s 最便宜）"), r.Cheapest)
	}
	return s
}

func rankingTable(lang chat.Lang, r tco.Result) chat.Table {
	title := chat.T(lang, "Ranking by monthly TCO", "按月度总成本排名")
	if r.Basis == tco.ByProject {
		title = chat.T(lang, "Ranking by the project's total (the one-off fees below); monthly TCO beside it", "按项目总费用排名（含下表的一次性费用）；月度总成本并列")
	}
	if r.Basis == tco.ByRun {
		title = chat.T(lang, "Ranking by the cost of the whole run (hidden costs included); monthly TCO beside it", "按整轮训练成本排名（含隐性费用）；月度总成本并列")
	}
	t := chat.Table{Title: title,
		Header: []string{"#", chat.T(lang, "vendor", "供应商"), chat.T(lang, "per card-h", "每卡时"), chat.T(lang, "cards × h", "卡 × 小时"),
			chat.T(lang, "quoted", "报价内"), chat.T(lang, "estimated", "估算"),
			chat.T(lang, "monthly TCO", "月度总成本"), chat.T(lang, "per 1M tok all in", "每百万token（含隐性）")}}
	hasRun := r.Workload.RunTokens > 0
	if hasRun {
		t.Header = append(t.Header, chat.T(lang, "run h", "整轮小时"), chat.T(lang, "run all in", "整轮总成本"))
	}
	for _, name := range r.Ranking {
		c := costOf(r, name)
		who := name
		if c.ChangesWorkload {
			who += "*"
		}
		row := []string{fmt.Sprint(c.Rank), who, yuan(c.PerCardHour), fmt.Sprintf("%d × %s", c.Cards, chat.Num(c.Hours)),
			yuan(c.Quoted), yuan(c.Estimates), yuan(c.TCO), "-"}
		if c.HasThroughput {
			row[7] = perTok(c.TCOPerMTok)
		}
		if hasRun {
			if c.HasRun {
				row = append(row, chat.Num(c.RunHours), yuan(c.RunTCO))
			} else {
				row = append(row, "-", "-")
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

func lineTable(lang chat.Lang, r tco.Result) chat.Table {
	cs := ranked(r)
	t := chat.Table{Title: chat.T(lang, "Line items a month (* = estimate from your workload; ? = no volume given, left out of every total)",
		"每月分项费用（* 为按工作负载估算；? 为未给用量，不计入任何总价）"),
		Header: make([]string, 0, len(cs)+1), Rows: make([][]string, 0, len(tco.Lines)+2)}
	t.Header = append(t.Header, chat.T(lang, "item", "项目"))
	for _, c := range cs {
		t.Header = append(t.Header, c.Name)
	}
	for i, l := range tco.Lines {
		row := make([]string, 0, len(cs)+1)
		row = append(row, lineName(lang, l))
		for _, c := range cs {
			it := c.Items[i]
			cell := yuan(it.Amount)
			switch {
			case it.Unknown:
				cell = "?"
			case it.Estimated:
				cell += "*"
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	total := make([]string, 0, len(cs)+1)
	without := make([]string, 0, len(cs)+1)
	total = append(total, chat.T(lang, "TCO", "总成本"))
	without = append(without, chat.T(lang, "without estimates", "不含估算"))
	for _, c := range cs {
		total = append(total, yuan(c.TCO))
		without = append(without, yuan(c.Quoted))
	}
	t.Rows = append(t.Rows, total, without)
	return t
}

// costOf is the named vendor's cost (Compare names every vendor it ranks).
func costOf(r tco.Result, name string) *tco.Cost {
	for i := range r.Vendors {
		if r.Vendors[i].Name == name {
			return &r.Vendors[i]
		}
	}
	return &tco.Cost{}
}

// ranked is the vendors' costs in ranking order.
func ranked(r tco.Result) []*tco.Cost {
	out := make([]*tco.Cost, len(r.Ranking))
	for i, name := range r.Ranking {
		out[i] = costOf(r, name)
	}
	return out
}

// howSection shows each number's arithmetic.
func howSection(lang chat.Lang, r tco.Result) chat.Section {
	s := chat.Section{Title: chat.T(lang, "How each number is computed", "计算过程")}
	s.Lines = append(s.Lines, chat.T(lang,
		"monthly TCO = GPU hours × price × cards + storage + snapshots + egress + intranet over quota + support + licences; TCO per 1M tokens = monthly TCO / (tokens_s × 3600 × hours) × 1e6; run = run_tokens / 1e6 × TCO per 1M tokens",
		"月度总成本 = GPU小时 × 单价 × 卡数 + 存储 + 快照 + 公网流量 + 内网超额 + 技术支持 + 授权；每百万token总成本 = 月度总成本 / (吞吐 × 3600 × 小时) × 1e6；整轮 = 总tokens / 1e6 × 每百万token总成本"))
	if r.Workload.Months > 0 {
		s.Lines = append(s.Lines, chat.T(lang,
			"project total = GPU time a month × the months paid (a monthly price for whole months, at least min_months) + the other lines × months + set-up + migration + exit_egress_gb × egress_price (the reference price when not quoted); the deposit is refunded, so left out",
			"项目总费用 = 每月GPU时长费 × 计费月数（包月按整月，且不少于最短租期）+ 其他费用 × 月数 + 开通费 + 迁移费 + 迁出流量 × 流量单价（未报价时按参考单价）；押金可退，不计入"))
	}
	for _, c := range r.Vendors {
		v := c.Vendor
		var parts []string
		if c.Reserved {
			parts = append(parts, fmt.Sprintf(chat.T(lang, "GPU %s/card-month × %d cards = %s (%s/card-h at %s h)", "GPU %s/卡月 × %d 卡 = %s（折合 %s/卡时，按 %s 小时）"),
				yuan(v.MonthlyPerCard), c.Cards, yuan(c.Lines[tco.GPU]), yuan(c.PerCardHour), chat.Num(c.Hours)))
		} else {
			parts = append(parts, fmt.Sprintf(chat.T(lang, "GPU %s × %s h × %d cards = %s", "GPU %s × %s 小时 × %d 卡 = %s"),
				yuan(v.PricePerCardHour), chat.Num(c.Hours), c.Cards, yuan(c.Lines[tco.GPU])))
		}
		for _, it := range c.Items[1:] {
			if rule := itemRule(lang, r.Workload, v.Charges[it.Line], it); rule != "" {
				parts = append(parts, lineName(lang, it.Line)+" "+rule)
			}
		}
		s.Lines = append(s.Lines, c.Name+chat.T(lang, ": ", "：")+strings.Join(parts, sep(lang)))
		if c.HasThroughput {
			line := fmt.Sprintf(chat.T(lang, "%s per 1M tokens: %s ÷ (%s tokens/s × 3600 × %s h) × 1e6 = %s all in (GPU only %s)",
				"%s 每百万token：%s ÷ (%s tokens/秒 × 3600 × %s 小时) × 1e6 = %s（含隐性；仅GPU %s）"),
				c.Name, yuan(c.TCO), chat.Num(v.TokensPerSec), chat.Num(c.Hours), perTok(c.TCOPerMTok), perTok(c.CostPerMTok))
			if c.HasRun {
				line += fmt.Sprintf(chat.T(lang, "; run %s tokens = %s h, %s all in (GPU only %s)", "；整轮 %s tokens = %s 小时，总计 %s（仅GPU %s）"),
					chat.Num(r.Workload.RunTokens), chat.Num(c.RunHours), yuan(c.RunTCO), yuan(c.RunCost))
			}
			s.Lines = append(s.Lines, line)
		}
	}
	return s
}

// itemRule shows how an extra item's amount was found; "" for an item
// assumed included (the missing section names it).
func itemRule(lang chat.Lang, w tco.Workload, ch tco.Charge, it tco.Item) string {
	vol, _ := w.Volume(it.Line)
	switch {
	case it.Assumed:
		return chat.T(lang, "¥0 (not quoted: assumed included, ask)", "¥0（未报价：假定已含，需确认）")
	case it.Unknown && ch.HasUnitPrice:
		return fmt.Sprintf(chat.T(lang, "%s/GB, but no volume: give %s=", "%s/GB，但没有用量：请给出 %s="), yuan(ch.UnitPrice), keyWord(lang, tco.VolumeKey(it.Line)))
	case it.Unknown:
		return ""
	case ch.HasFee && ch.Fee == 0:
		return chat.T(lang, "¥0 (included)", "¥0（已含）")
	case ch.HasFee:
		return yuan(ch.Fee) + chat.T(lang, " (stated)", "（报价给出）")
	case it.Estimated:
		ref, _ := tco.ReferenceFor(it.Line)
		over := vol - ch.FreeGB
		return fmt.Sprintf(chat.T(lang, "%s GB × ¥%s reference = %s* (%s–%s)", "%s GB × 参考价 ¥%s = %s*（%s–%s）"),
			chat.Num(over), chat.Num(ref.Price), yuan(it.Amount), yuan(it.Low), yuan(it.High))
	case ch.HasFreeGB && !ch.HasUnitPrice:
		return fmt.Sprintf(chat.T(lang, "%s GB within the %s GB free quota = ¥0", "%s GB，在 %s GB 免费额度内 = ¥0"), chat.Num(vol), chat.Num(ch.FreeGB))
	case ch.HasFreeGB:
		return fmt.Sprintf("max(0, %s − %s GB) × %s/GB = %s", chat.Num(vol), chat.Num(ch.FreeGB), yuan(ch.UnitPrice), yuan(it.Amount))
	}
	return fmt.Sprintf("%s GB × %s/GB = %s", chat.Num(vol), yuan(ch.UnitPrice), yuan(it.Amount))
}

func missingSection(lang chat.Lang, r tco.Result) chat.Section {
	s := chat.Section{Title: chat.T(lang, "Left out of the quotes: ask for these in writing", "报价遗漏项：请让销售书面报价")}
	for _, c := range r.Vendors {
		if len(c.Missing) == 0 {
			s.Lines = append(s.Lines, fmt.Sprintf(chat.T(lang, "%s: nothing; every line item is quoted", "%s：无，所有分项均已报价"), c.Name))
			continue
		}
		names := make([]string, len(c.Missing))
		for i, l := range c.Missing {
			names[i] = lineName(lang, l)
		}
		s.Lines = append(s.Lines, c.Name+chat.T(lang, ": ", "：")+strings.Join(names, listSep(lang)))
	}
	return s
}

func warnings(lang chat.Lang, r tco.Result) []string {
	var w []string
	if r.Workload.Months == 0 {
		for _, c := range r.Vendors {
			if c.OneOff.Total > 0 {
				w = append(w, chat.T(lang, "One-off fees (set-up, migration, exit egress) are not in a monthly ranking: add months= (the months the project runs) to rank by the project's total.",
					"一次性费用（开通、迁移、迁出流量）不计入按月排名：加上 项目月数= 即可按项目总费用排名。"))
				break
			}
		}
	}
	if len(r.Vendors) == 1 {
		w = append(w, chat.T(lang, "Only one vendor: nothing to compare. Add another after a semicolon, e.g. \"; B: price=29\".",
			"只有一家供应商，无从比较。请用分号再加一家，例如 \"; B: 单价=29\"。"))
	}
	for _, c := range r.Vendors {
		if c.ChangesWorkload {
			w = append(w, fmt.Sprintf(chat.T(lang, "%s* is priced on its own %d cards × %s h, not the workload's %d × %s: its totals are for different work; compare it per 1M tokens.",
				"%s* 按其自定的 %d 卡 × %s 小时计价，而不是工作负载的 %d × %s：总价对应的工作量不同，请按每百万token比较。"),
				c.Name, c.Cards, chat.Num(c.Hours), r.Workload.Cards, chat.Num(r.Workload.Hours)))
		}
		if c.Vendor.MinMonths > 1 {
			w = append(w, fmt.Sprintf(chat.T(lang, "%s rents for at least %s months: %s committed at this monthly TCO.", "%s 最短租期 %s 个月：按此月度总成本需承诺 %s。"),
				c.Name, chat.Num(c.Vendor.MinMonths), yuan(c.TCO*c.Vendor.MinMonths)))
		}
	}
	for _, l := range r.NeedVolumes {
		w = append(w, fmt.Sprintf(chat.T(lang, "A vendor prices %s per GB but the workload has no %s: %s is left out of every total. Add %s= before the first vendor.",
			"有供应商按GB报了%s单价，但工作负载没有 %s：%s 不计入任何总价。请在第一家之前加上 %s=。"),
			lineName(lang, l), keyWord(lang, tco.VolumeKey(l)), lineName(lang, l), keyWord(lang, tco.VolumeKey(l))))
	}
	if len(r.Vendors) > 1 && r.CheapestQuoted != r.CheapestMonthly {
		q := costOf(r, r.CheapestQuoted)
		w = append(w, fmt.Sprintf(chat.T(lang,
			"On the quoted items alone %s looks cheapest (%s), but its quote leaves out %s; with the estimates from your workload %s is cheaper by the month.",
			"只看报价内费用 %s 显得最便宜（%s），但它漏报了 %s；按你的工作负载计入估算后，按月 %s 更便宜。"),
			q.Name, yuan(q.Quoted), chat.Plural(lang, len(q.Missing), "item", "items", "项"), r.CheapestMonthly))
	}
	if len(r.Vendors) > 1 && r.CheapestPerToken != "" && r.CheapestPerHour != r.CheapestPerToken && r.Basis != tco.ByRun {
		h, tk := costOf(r, r.CheapestPerHour), costOf(r, r.CheapestPerToken)
		if h.HasThroughput {
			w = append(w, fmt.Sprintf(chat.T(lang,
				"%s is the cheapest per card-hour (%s vs %s) but %s is the cheapest per 1M tokens (%s vs %s): its cards do more work per hour. Add run_tokens= to rank by the run.",
				"%s 每卡时最便宜（%s 对 %s），但 %s 每百万token最便宜（%s 对 %s）：它每小时干的活更多。加上 总tokens= 可按整轮训练排名。"),
				h.Name, yuan(h.PerCardHour), yuan(tk.PerCardHour), tk.Name, perTok(tk.CostPerMTok), perTok(h.CostPerMTok)))
		}
	}
	var noTput []string
	for _, c := range r.Vendors {
		if !c.HasThroughput {
			noTput = append(noTput, c.Name)
		}
	}
	if len(noTput) > 0 {
		msg := fmt.Sprintf(chat.T(lang, "No measured throughput for %s: cost per 1M tokens is not computed. Run one hour of your training on a trial machine and add tokens_s=.",
			"%s 没有实测吞吐，无法计算每百万token成本。请在试用机上跑一小时训练并加上 吞吐=。"), strings.Join(noTput, listSep(lang)))
		if r.Workload.RunTokens > 0 {
			msg += chat.T(lang, " Without it the ranking is by the month, not by the run.", " 缺少它时按月度总成本排名，而不是按整轮训练。")
		}
		w = append(w, msg)
	}
	return w
}
