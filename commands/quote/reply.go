package quote

import (
	"fmt"
	"math"
	"strings"
	"sync"

	"gpuadvisor/advisor"

	"gpuadvisor/advisor/tco"
	"gpuadvisor/chat"
)

// lineName is a line item's name for people.
func lineName(lang chat.Lang, l tco.Line) string {
	switch l {
	case tco.GPU:
		return chat.T(lang, "GPU time", "GPU时长费")
	case tco.Storage:
		return chat.T(lang, "storage", "存储")
	case tco.Snapshots:
		return chat.T(lang, "snapshots", "快照")
	case tco.Egress:
		return chat.T(lang, "egress", "公网流量")
	case tco.Intranet:
		return chat.T(lang, "intranet over quota", "内网超额流量")
	case tco.Support:
		return chat.T(lang, "support", "技术支持")
	case tco.Licences:
		return chat.T(lang, "licences", "授权许可")
	}
	return string(l)
}

// numCache remembers formatted numbers: a reply prints the same amounts
// many times (the GPU cost in every estimate), and formatting dominates the
// command's time. It is bounded: it starts over past maxNumCache entries.
var numCache = struct {
	sync.Mutex
	m map[float64]string
}{m: map[float64]string{}}

const maxNumCache = 4096

// num formats a number like chat.Num, cached.
func num(v float64) string {
	numCache.Lock()
	defer numCache.Unlock()
	if s, ok := numCache.m[v]; ok {
		return s
	}
	if len(numCache.m) >= maxNumCache {
		numCache.m = map[float64]string{}
	}
	s := chat.Num(v)
	numCache.m[v] = s
	return s
}

// sep separates clauses of one line.
func sep(lang chat.Lang) string { return chat.T(lang, "; ", "；") }

func yuan(v float64) string { return "¥" + num(v) }

// perTok formats a cost per 1M tokens with enough digits to compare.
func perTok(v float64) string {
	if v >= 100 {
		return "¥" + num(v)
	}
	return "¥" + advisor.Trim(v, 3)
}

func reply(lang chat.Lang, r tco.Result, set settings, probs []problem) chat.Reply {
	byName := map[string]tco.Cost{}
	for _, c := range r.Vendors {
		byName[c.Vendor.Name] = c
	}
	best := byName[r.Cheapest]
	rep := chat.Reply{Command: "quote", Lang: lang, Partial: len(probs) > 0}

	// Title and summary.
	if len(r.Vendors) == 1 {
		rep.Title = fmt.Sprintf(chat.T(lang, "Quote for %s: %s a month", "%s 的报价：每月 %s"), best.Vendor.Name, yuan(best.TCO))
	} else {
		rep.Title = fmt.Sprintf(chat.T(lang, "Quotes by monthly TCO: %s is cheapest", "按月度总成本对比：%s 最便宜"), r.Cheapest)
		if r.CheapestPerToken != "" && r.CheapestPerToken != r.Cheapest {
			rep.Title += fmt.Sprintf(chat.T(lang, "; per token, %s", "；按token计 %s 最便宜"), r.CheapestPerToken)
		}
	}
	rep.Summary = fmt.Sprintf(chat.T(lang, "%s costs %s a month at %s h per card: %s quoted + %s estimated for the items its quote left out.",
		"%s 每月 %s（每卡 %s 小时）：报价内 %s + 报价遗漏项估算 %s。"),
		best.Vendor.Name, yuan(best.TCO), num(best.Hours), yuan(best.Quoted), yuan(best.Estimates))
	if r.CheapestPerToken != "" {
		pt := byName[r.CheapestPerToken]
		rep.Summary += chat.T(lang, " ", "") + fmt.Sprintf(chat.T(lang, "Cheapest per 1M tokens: %s at %s.", "每百万token最便宜：%s，%s。"), pt.Vendor.Name, perTok(pt.CostPerMTok))
	}

	// Facts.
	hoursVal := fmt.Sprintf(chat.T(lang, "%s h per card a month (hours=%s)", "每卡每月 %s 小时（时长=%s）"), num(r.Options.Hours), num(r.Options.Hours))
	if set.hoursDefault {
		hoursVal = fmt.Sprintf(chat.T(lang, "%s h per card a month: not given, so the seed's monthly check is used; set hours=",
			"每卡每月 %s 小时：未给出，采用原文的月度核算口径；可用 时长= 修改"), num(r.Options.Hours))
	}
	rep.Facts = append(rep.Facts, chat.Fact{Label: chat.T(lang, "Hours", "时长"), Value: hoursVal})
	if r.Options.RunTokens > 0 {
		rep.Facts = append(rep.Facts, chat.Fact{Label: chat.T(lang, "Run", "整轮训练"),
			Value: fmt.Sprintf(chat.T(lang, "%s tokens (run_tokens)", "%s tokens（总tokens）"), num(r.Options.RunTokens))})
	}
	each := r.Options.HiddenShare / float64(len(tco.StorageNetwork)) * 100
	rep.Facts = append(rep.Facts, chat.Fact{Label: chat.T(lang, "Estimates", "估算规则"),
		Value: fmt.Sprintf(chat.T(lang, "a missing storage, snapshot, egress or intranet item = %s%% of the GPU cost (%s%% for all four: storage and network run about 20%% of a long training quote, DOMAIN.md §3); missing support or licences = ¥0, assumed included: ask",
			"缺失的存储、快照、流量、内网各按 GPU 费用的 %s%% 估算（四项合计 %s%%：长周期训练中存储和网络约占报价的20%%，见 DOMAIN.md §3）；缺失的技术支持、授权按 ¥0 计（假定已含，需向销售确认）"),
			num(each), num(r.Options.HiddenShare*100))})

	rep.Tables = append(rep.Tables, rankingTable(lang, r), lineTable(lang, r))
	rep.Sections = append(rep.Sections, howSection(lang, r), missingSection(lang, r))
	rep.Warnings = warnings(lang, r, byName)
	for _, p := range probs {
		if p.Message != "" {
			rep.Warnings = append(rep.Warnings, p.Message)
		}
	}
	rep.Data = data(r, set, probs, rep.Warnings)
	return rep
}

func rankingTable(lang chat.Lang, r tco.Result) chat.Table {
	t := chat.Table{Title: chat.T(lang, "Ranking by monthly TCO", "按月度总成本排名"),
		Header: []string{"#", chat.T(lang, "vendor", "供应商"), chat.T(lang, "¥/card-h", "元/卡时"), chat.T(lang, "cards", "卡数"),
			chat.T(lang, "¥/h all cards", "全部卡 元/时"), chat.T(lang, "quoted", "报价内"), chat.T(lang, "estimated", "估算"),
			chat.T(lang, "monthly TCO", "月度总成本"), chat.T(lang, "¥/1M tok", "元/百万token")}}
	hasRun := r.Options.RunTokens > 0
	for _, c := range r.Vendors {
		hasRun = hasRun || c.HasRun
	}
	if hasRun {
		t.Header = append(t.Header, chat.T(lang, "run h", "整轮小时"), chat.T(lang, "run ¥", "整轮费用"))
	}
	for _, name := range r.Ranking {
		c := costOf(r, name)
		row := []string{fmt.Sprint(c.Rank), name, num(c.PerCardHour), fmt.Sprint(c.Vendor.Cards), num(c.HourlyCost),
			num(c.Quoted), num(c.Estimates), num(c.TCO), "-"}
		if c.HasThroughput {
			row[8] = strings.TrimPrefix(perTok(c.CostPerMTok), "¥")
		}
		if hasRun {
			if c.HasRun {
				row = append(row, num(c.RunHours), num(c.RunCost))
			} else {
				row = append(row, "-", "-")
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

func lineTable(lang chat.Lang, r tco.Result) chat.Table {
	t := chat.Table{Title: chat.T(lang, "Line items, ¥ a month (* = estimate: the quote left it out)", "分项费用（元/月，* 为估算：报价未列出）"),
		Header: []string{chat.T(lang, "item", "项目")}}
	for _, name := range r.Ranking {
		t.Header = append(t.Header, name)
	}
	for _, l := range tco.Lines {
		row := []string{lineName(lang, l)}
		for _, name := range r.Ranking {
			c := costOf(r, name)
			cell := num(c.Lines[l])
			if _, est := c.Estimated[l]; est {
				cell += "*"
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	total := []string{chat.T(lang, "TCO", "总成本")}
	without := []string{chat.T(lang, "without estimates", "不含估算")}
	for _, name := range r.Ranking {
		c := costOf(r, name)
		total = append(total, num(c.TCO))
		without = append(without, num(c.Quoted))
	}
	t.Rows = append(t.Rows, total, without)
	return t
}

func costOf(r tco.Result, name string) tco.Cost {
	for _, c := range r.Vendors {
		if c.Vendor.Name == name {
			return c
		}
	}
	return tco.Cost{}
}

// howSection shows each number's arithmetic.
func howSection(lang chat.Lang, r tco.Result) chat.Section {
	s := chat.Section{Title: chat.T(lang, "How each number is computed", "计算过程")}
	s.Lines = append(s.Lines, chat.T(lang,
		"monthly TCO = GPU hours × price × cards + storage + snapshots + egress + intranet over quota + support + licences; cost per 1M tokens = hourly cost of all cards / (tokens_s × 3600) × 1e6; run = run_tokens / tokens_s / 3600 hours × hourly cost of all cards",
		"月度总成本 = GPU小时 × 单价 × 卡数 + 存储 + 快照 + 公网流量 + 内网超额 + 技术支持 + 授权；每百万token成本 = 全部卡每小时费用 / (吞吐 × 3600) × 1e6；整轮训练 = 总tokens / 吞吐 / 3600 小时 × 全部卡每小时费用"))
	for _, c := range r.Vendors {
		v := c.Vendor
		var parts []string
		if c.Reserved {
			parts = append(parts, fmt.Sprintf(chat.T(lang, "GPU %s/card-month × %d cards = %s (%s/card-h at %s h)", "GPU %s/卡月 × %d 卡 = %s（折合 %s/卡时，按 %s 小时）"),
				yuan(v.MonthlyPerCard), v.Cards, yuan(c.Lines[tco.GPU]), yuan(c.PerCardHour), num(c.Hours)))
		} else {
			parts = append(parts, fmt.Sprintf(chat.T(lang, "GPU %s × %s h × %d cards = %s", "GPU %s × %s 小时 × %d 卡 = %s"),
				yuan(v.PricePerCardHour), num(c.Hours), v.Cards, yuan(c.Lines[tco.GPU])))
		}
		for _, l := range tco.Extras {
			if _, est := c.Estimated[l]; est {
				continue
			}
			parts = append(parts, lineName(lang, l)+" "+chargeRule(lang, v.Charges[l]))
		}
		s.Lines = append(s.Lines, v.Name+chat.T(lang, ": ", "：")+strings.Join(parts, sep(lang)))
		var est []string
		for _, l := range c.Missing {
			share := r.Options.EstimateShare(l)
			if share > 0 {
				est = append(est, fmt.Sprintf("%s %s%% × %s = %s", lineName(lang, l), num(share*100), yuan(c.Lines[tco.GPU]), yuan(c.Estimated[l])))
			} else {
				est = append(est, fmt.Sprintf(chat.T(lang, "%s ¥0 (assumed included)", "%s ¥0（假定已含）"), lineName(lang, l)))
			}
		}
		if len(est) > 0 {
			s.Lines = append(s.Lines, fmt.Sprintf(chat.T(lang, "%s estimates: %s; total %s", "%s 估算：%s；合计 %s"), v.Name, strings.Join(est, sep(lang)), yuan(c.Estimates)))
		}
		if c.HasThroughput {
			line := fmt.Sprintf(chat.T(lang, "%s per 1M tokens: %s/h ÷ (%s tokens/s × 3600) × 1e6 = %s", "%s 每百万token：%s/时 ÷ (%s tokens/秒 × 3600) × 1e6 = %s"),
				v.Name, yuan(c.HourlyCost), num(v.TokensPerSec), perTok(c.CostPerMTok))
			if c.HasRun {
				line += fmt.Sprintf(chat.T(lang, "; run %s tokens ÷ %s ÷ 3600 = %s h × %s/h = %s", "；整轮 %s tokens ÷ %s ÷ 3600 = %s 小时 × %s/时 = %s"),
					num(c.RunTokens), num(v.TokensPerSec), num(c.RunHours), yuan(c.HourlyCost), yuan(c.RunCost))
			}
			s.Lines = append(s.Lines, line)
		}
	}
	return s
}

// chargeRule shows how a quoted item's amount was found.
func chargeRule(lang chat.Lang, ch tco.Charge) string {
	switch {
	case ch.HasFee && ch.Fee == 0:
		return chat.T(lang, "¥0 (included)", "¥0（已含）")
	case ch.HasFee:
		return yuan(ch.Fee) + chat.T(lang, " (stated)", "（报价给出）")
	case ch.HasFreeGB && !ch.HasUnitPrice:
		return fmt.Sprintf(chat.T(lang, "%s GB within the %s GB free quota = ¥0", "%s GB，在 %s GB 免费额度内 = ¥0"), num(ch.Volume), num(ch.FreeGB))
	case ch.HasFreeGB:
		return fmt.Sprintf("max(0, %s − %s GB) × %s/GB = %s", num(ch.Volume), num(ch.FreeGB), yuan(ch.UnitPrice), yuan(ch.Amount()))
	}
	return fmt.Sprintf("%s GB × %s/GB = %s", num(ch.Volume), yuan(ch.UnitPrice), yuan(ch.Amount()))
}

func missingSection(lang chat.Lang, r tco.Result) chat.Section {
	s := chat.Section{Title: chat.T(lang, "Left out of the quotes: ask for these in writing", "报价遗漏项：请让销售书面报价")}
	for _, c := range r.Vendors {
		if len(c.Missing) == 0 {
			s.Lines = append(s.Lines, fmt.Sprintf(chat.T(lang, "%s: nothing; every line item is quoted", "%s：无，所有分项均已报价"), c.Vendor.Name))
			continue
		}
		names := make([]string, len(c.Missing))
		for i, l := range c.Missing {
			names[i] = lineName(lang, l)
		}
		line := c.Vendor.Name + chat.T(lang, ": ", "：") + strings.Join(names, chat.T(lang, ", ", "、"))
		for _, l := range c.Incomplete {
			line += " " + incompleteHint(lang, l, c.Vendor.Charges[l])
		}
		s.Lines = append(s.Lines, line)
	}
	return s
}

func incompleteHint(lang chat.Lang, l tco.Line, ch tco.Charge) string {
	key := string(l)
	if l == tco.Snapshots {
		key = "snapshot"
	}
	if ch.HasUnitPrice && !ch.HasVolume {
		return fmt.Sprintf(chat.T(lang, "(%s has a unit price but no volume: add %s_gb=)", "（%s 有单价但没有用量：请加 %s_gb=）"), lineName(lang, l), key)
	}
	return fmt.Sprintf(chat.T(lang, "(%s has a volume but no unit price: add %s_price=)", "（%s 有用量但没有单价：请加 %s_price=）"), lineName(lang, l), key)
}

func warnings(lang chat.Lang, r tco.Result, byName map[string]tco.Cost) []string {
	var w []string
	if len(r.Vendors) == 1 {
		w = append(w, chat.T(lang, "Only one vendor: nothing to compare. Add another after a semicolon, e.g. \"; B: price=29 cards=8\".",
			"只有一家供应商，无从比较。请用分号再加一家，例如 \"; B: 单价=29 卡数=8\"。"))
	}
	if len(r.Vendors) > 1 && r.CheapestPerToken != "" && r.CheapestPerHour != r.CheapestPerToken {
		h, tk := byName[r.CheapestPerHour], byName[r.CheapestPerToken]
		if h.HasThroughput {
			w = append(w, fmt.Sprintf(chat.T(lang,
				"%s is the cheapest per card-hour (%s vs %s) but %s is the cheapest per 1M tokens (%s vs %s): %s's cards do more work per hour, so the lower hourly price loses.",
				"%s 每卡时最便宜（%s 对 %s），但 %s 每百万token最便宜（%s 对 %s）：%s 每小时干的活更多，低时价反而更贵。"),
				h.Vendor.Name, yuan(h.PerCardHour), yuan(tk.PerCardHour), tk.Vendor.Name, perTok(tk.CostPerMTok), perTok(h.CostPerMTok), tk.Vendor.Name))
		} else {
			w = append(w, fmt.Sprintf(chat.T(lang,
				"%s is the cheapest per card-hour but has no measured throughput, so it cannot be compared per token; %s is the cheapest per 1M tokens among the vendors measured.",
				"%s 每卡时最便宜，但没有实测吞吐，无法按token比较；在有吞吐数据的供应商中 %s 每百万token最便宜。"), h.Vendor.Name, tk.Vendor.Name))
		}
	}
	if len(r.Vendors) > 1 && r.CheapestQuoted != r.Cheapest {
		q, c := byName[r.CheapestQuoted], byName[r.Cheapest]
		w = append(w, fmt.Sprintf(chat.T(lang,
			"On the quoted items alone %s looks cheapest (%s vs %s), but %s's quote leaves out %d item(s); with the estimates %s is cheaper. Get the missing prices before deciding.",
			"只看报价内费用 %s 显得最便宜（%s 对 %s），但它漏报了 %d 项；计入估算后 %s 更便宜。决定前先拿到遗漏项的报价。"),
			q.Vendor.Name, yuan(q.Quoted), yuan(c.Quoted), q.Vendor.Name, len(q.Missing), c.Vendor.Name))
	}
	if len(r.Vendors) > 1 && !r.SameCards {
		w = append(w, chat.T(lang, "The quotes are for different card counts: compare them per 1M tokens (measured throughput), not per month.",
			"各家报价的卡数不同：应按每百万token成本（实测吞吐）比较，而不是按月总价。"))
	}
	var noTput []string
	for _, c := range r.Vendors {
		if !c.HasThroughput {
			noTput = append(noTput, c.Vendor.Name)
		}
	}
	if len(noTput) > 0 {
		msg := fmt.Sprintf(chat.T(lang, "No measured throughput for %s: cost per 1M tokens is not computed. Run one hour of your training on a trial machine and add tokens_s=.",
			"%s 没有实测吞吐，无法计算每百万token成本。请在试用机上跑一小时训练并加上 吞吐=。"), strings.Join(noTput, chat.T(lang, ", ", "、")))
		if r.Options.RunTokens > 0 {
			msg += chat.T(lang, " The run cost needs it too.", " 整轮训练费用同样需要它。")
		}
		w = append(w, msg)
	}
	return w
}

// JSON contract.

type vendorJSON struct {
	Name             string             `json:"name"`
	Rank             int                `json:"rank"`
	PricePerCardHour float64            `json:"price_per_card_hour"`
	MonthlyPerCard   float64            `json:"monthly_per_card,omitempty"`
	Cards            int                `json:"cards"`
	Hours            float64            `json:"hours"`
	HourlyCost       float64            `json:"hourly_cost"`
	MonthlyTCO       float64            `json:"monthly_tco"`
	MonthlyQuoted    float64            `json:"monthly_quoted"`
	MonthlyEstimated float64            `json:"monthly_estimated"`
	LineItems        map[string]float64 `json:"line_items"`
	Estimated        map[string]float64 `json:"estimated"`
	Missing          []string           `json:"missing"`
	Incomplete       []string           `json:"incomplete,omitempty"`
	TokensPerSec     float64            `json:"tokens_s,omitempty"`
	CostPerMTok      *float64           `json:"cost_per_mtok"`
	TCOPerMTok       *float64           `json:"tco_per_mtok,omitempty"`
	RunHours         *float64           `json:"run_hours,omitempty"`
	RunCost          *float64           `json:"run_cost,omitempty"`
}

type dataJSON struct {
	Command          string       `json:"command"`
	Hours            float64      `json:"hours"`
	HoursDefault     bool         `json:"hours_default"`
	RunTokens        float64      `json:"run_tokens,omitempty"`
	HiddenSharePct   float64      `json:"hidden_share_pct"`
	Vendors          []vendorJSON `json:"vendors"`
	Ranking          []string     `json:"ranking"`
	Cheapest         string       `json:"cheapest"`
	CheapestQuoted   string       `json:"cheapest_quoted"`
	CheapestPerHour  string       `json:"cheapest_per_hour"`
	CheapestPerToken string       `json:"cheapest_per_token"`
	Warnings         []string     `json:"warnings"`
	Partial          bool         `json:"partial"`
	Problems         []problem    `json:"problems,omitempty"`
}

func round(v float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(v*p) / p
}

func ptr(v float64) *float64 { return &v }

func data(r tco.Result, set settings, probs []problem, warns []string) dataJSON {
	d := dataJSON{Command: "quote", Hours: r.Options.Hours, HoursDefault: set.hoursDefault, RunTokens: r.Options.RunTokens,
		HiddenSharePct: round(r.Options.HiddenShare*100, 4), Ranking: r.Ranking, Cheapest: r.Cheapest, CheapestQuoted: r.CheapestQuoted,
		CheapestPerHour: r.CheapestPerHour, CheapestPerToken: r.CheapestPerToken, Warnings: warns, Partial: len(probs) > 0, Problems: probs}
	if d.Warnings == nil {
		d.Warnings = []string{}
	}
	for _, c := range r.Vendors {
		v := vendorJSON{Name: c.Vendor.Name, Rank: c.Rank, PricePerCardHour: round(c.PerCardHour, 4), MonthlyPerCard: c.Vendor.MonthlyPerCard,
			Cards: c.Vendor.Cards, Hours: c.Hours, HourlyCost: round(c.HourlyCost, 2), MonthlyTCO: round(c.TCO, 2),
			MonthlyQuoted: round(c.Quoted, 2), MonthlyEstimated: round(c.Estimates, 2),
			LineItems: map[string]float64{}, Estimated: map[string]float64{}, Missing: []string{}, TokensPerSec: c.Vendor.TokensPerSec}
		for l, a := range c.Lines {
			v.LineItems[string(l)] = round(a, 2)
		}
		for l, a := range c.Estimated {
			v.Estimated[string(l)] = round(a, 2)
		}
		for _, l := range c.Missing {
			v.Missing = append(v.Missing, string(l))
		}
		for _, l := range c.Incomplete {
			v.Incomplete = append(v.Incomplete, string(l))
		}
		if c.HasThroughput {
			v.CostPerMTok = ptr(round(c.CostPerMTok, 4))
			v.TCOPerMTok = ptr(round(c.TCOPerMTok, 4))
		}
		if c.HasRun {
			v.RunHours = ptr(round(c.RunHours, 2))
			v.RunCost = ptr(round(c.RunCost, 2))
		}
		d.Vendors = append(d.Vendors, v)
	}
	return d
}
