package vendor

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/tco"
	av "gpuadvisor/advisor/vendor"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/cardname"
)

// Defaults of the workload when compare is not told.
const (
	defaultCards  = 8
	defaultHours  = advisor.MonthHours
	defaultMonths = 3
)

// workload reads gpu=, cards=, hours= and months=, filling what is not
// given from the evidence (the newest price's card, the newest contract's
// cards) or the defaults; es is the evidence of rs, in order; used lists
// what was not given, in words.
func workload(c *chat.Call, a *chat.Args, rs []*record, es []av.Evidence) (w av.Workload, used []string, err error) {
	lang := c.Lang
	gpu := ""
	if raw, ok := a.Raw("gpu"); ok {
		m, ferr := catalog.FindGPU(raw)
		if ferr != nil {
			return w, nil, cardname.Unknown(lang, "gpu", a.Name("gpu"), raw, "")
		}
		gpu = m.GPU.ID
	} else {
		newest := ""
		for _, r := range rs {
			for _, p := range r.prices {
				if p.Date > newest {
					gpu, newest = p.GPU, p.Date
				}
			}
		}
		for _, r := range rs {
			for _, rn := range r.renewals {
				if id := gpuID(rn.GPU); gpu == "" && id != "" {
					gpu = id
				}
			}
		}
		if gpu == "" {
			return w, nil, chat.Invalid(lang, "gpu", "no price or contract names a card yet, so say which card to price: gpu=<card>",
				"还没有报价或合同写明显卡，请指定要比较的显卡：显卡=<型号>", "vendor compare gpu=a100-80g cards=8 hours=720")
		}
	}
	m, ferr := catalog.FindGPU(gpu)
	if ferr != nil {
		return w, nil, fmt.Errorf("vendor compare: card %q of the evidence: %w", gpu, ferr)
	}
	w.GPU, w.GPUName = m.GPU.ID, m.GPU.Name
	if !a.Has("gpu") {
		used = append(used, fmt.Sprintf(chat.T(lang, "card %s (the newest price's)", "显卡 %s（最新报价中的）"), w.GPUName))
	}
	q, quoted := av.LatestQuote(es)
	cards, cardsFrom := defaultCards, chat.T(lang, "%d cards", "%d 张卡")
	for _, r := range rs {
		if len(r.renewals) > 0 && r.renewals[0].Cards > 0 {
			cards, cardsFrom = r.renewals[0].Cards, chat.T(lang, "%d cards (the contract's)", "%d 张卡（合同中的）")
			break
		}
	}
	if quoted && q.Cards > 0 {
		cards, cardsFrom = q.Cards, chat.T(lang, "%d cards (the latest quote's)", "%d 张卡（最新报价的）")
	}
	if w.Cards, err = a.IntOr("cards", cards, 1, 100000); err != nil {
		return w, nil, err
	}
	if !a.Has("cards") {
		used = append(used, fmt.Sprintf(cardsFrom, w.Cards))
	}
	hours, hoursFrom := float64(defaultHours), chat.T(lang, "%s busy hours per card a month (all month)", "每卡每月使用 %s 小时（整月）")
	if quoted && q.Hours > 0 {
		hours, hoursFrom = q.Hours, chat.T(lang, "%s busy hours per card a month (the latest quote's)", "每卡每月使用 %s 小时（最新报价的）")
	}
	if w.Hours, err = a.NumberOr("hours", hours, 1, advisor.MaxMonthHours); err != nil {
		return w, nil, err
	}
	if !a.Has("hours") {
		used = append(used, fmt.Sprintf(hoursFrom, advisor.Group(w.Hours)))
	}
	months, monthsFrom := defaultMonths, chat.T(lang, "a %d-month project", "项目 %d 个月")
	if quoted && q.Months >= 1 {
		months, monthsFrom = int(math.Ceil(q.Months)), chat.T(lang, "a %d-month project (the latest quote's)", "项目 %d 个月（最新报价的）")
	}
	if w.Months, err = a.IntOr("months", months, 1, 120); err != nil {
		return w, nil, err
	}
	if !a.Has("months") {
		used = append(used, fmt.Sprintf(monthsFrom, w.Months))
	}
	if w.Volumes, err = volumes(a); err != nil {
		return w, nil, err
	}
	if quoted {
		for _, k := range volumeKeys {
			v, ok := q.Usage[string(k.line)]
			if !ok {
				v, ok = q.Usage[k.key]
			}
			if _, given := w.Volumes[k.line]; ok && !given {
				if w.Volumes == nil {
					w.Volumes = map[tco.Line]float64{}
				}
				w.Volumes[k.line] = v
				name := av.LineName(k.line)
				used = append(used, chat.T(lang, fmt.Sprintf("%s GB of %s a month (the latest quote's)", advisor.Group(v), name.EN),
					fmt.Sprintf("每月%s %s GB（最新报价的）", name.ZH, advisor.Group(v))))
			}
		}
	}
	if w.Rates, err = rates(lang, a, append([]string{}, foreign(rs, w.GPU)...)); err != nil { // never nil: nil is typed's
		return w, nil, err
	}
	return w, used, nil
}

// typed checks the values typed when there is no evidence to compare, so
// that a bad one (hours=abc, gpu=nosuch, rate=) is said, not passed over:
// the readers of workload, with a rate read as if one currency other than
// yuan were priced (a bare rate=7.2 is then valid).
func typed(c *chat.Call, a *chat.Args) error {
	if raw, ok := a.Raw("gpu"); ok {
		if _, err := catalog.FindGPU(raw); err != nil {
			return cardname.Unknown(c.Lang, "gpu", a.Name("gpu"), raw, "")
		}
	}
	if _, err := a.IntOr("cards", defaultCards, 1, 100000); err != nil {
		return err
	}
	if _, err := a.NumberOr("hours", defaultHours, 1, advisor.MaxMonthHours); err != nil {
		return err
	}
	if _, err := a.IntOr("months", defaultMonths, 1, 120); err != nil {
		return err
	}
	if _, err := volumes(a); err != nil {
		return err
	}
	_, err := rates(c.Lang, a, nil)
	return err
}

// volumeKeys are the keys of the metered lines, as quote names them.
var volumeKeys = []struct {
	key  string
	line tco.Line
}{{"storage_gb", tco.Storage}, {"snapshot_gb", tco.Snapshots}, {"egress_gb", tco.Egress}, {"intranet_gb", tco.Intranet}}

// volumes reads storage_gb=, snapshot_gb=, egress_gb= and intranet_gb=.
func volumes(a *chat.Args) (map[tco.Line]float64, error) {
	var out map[tco.Line]float64
	for _, k := range volumeKeys {
		if !a.Has(k.key) {
			continue
		}
		v, err := a.Number(k.key, 0, 1e9)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = map[tco.Line]float64{}
		}
		out[k.line] = v
	}
	return out, nil
}

// foreign is the currencies other than yuan the vendors' prices for gpu
// (and their contracts) are in, in the order first seen.
func foreign(rs []*record, gpu string) []string {
	var out []string
	add := func(cur string) {
		if c := av.Currency(cur); c != av.Yuan && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, r := range rs {
		for _, p := range r.prices {
			if p.GPU == gpu {
				add(p.Currency)
			}
		}
	}
	return out
}

// rates reads rate=: "USD:7.2" (yuan for one dollar), several joined by
// commas, or a bare number when exactly one currency other than yuan is
// priced. No rate is ever assumed.
func rates(lang chat.Lang, a *chat.Args, foreign []string) (av.Rates, error) {
	raw, ok := a.Raw("rate")
	if !ok {
		return nil, nil
	}
	ex := "rate=USD:7.2"
	bad := func(en, zh string, args ...any) error {
		return chat.Invalidf(lang, "rate", chat.T(lang, ex, "汇率=USD:7.2"), en, zh, args...)
	}
	out := av.Rates{}
	for _, part := range strings.FieldsFunc(raw, func(r rune) bool { return r == ',' || r == '，' || r == ';' || r == '；' || r == ' ' }) {
		cur, num, found := strings.Cut(strings.ReplaceAll(part, "：", ":"), ":")
		if !found && foreign == nil { // typed: no prices to say which currency a bare rate is for
			cur, num = "USD", part
		} else if !found {
			if len(foreign) != 1 {
				return nil, bad("rate=%q: say which currency it is for, yuan for one unit of it, as rate=USD:7.2 (the prices here are in %s)",
					"汇率=%q：请写明是哪种货币，1 单位折合多少元，例如 汇率=USD:7.2（这里的报价币种：%s）", raw, orYuan(lang, foreign))
			}
			cur, num = foreign[0], part
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
		code, known := chat.CurrencyCode(cur)
		if !known {
			return nil, bad("rate=%s: %q is not a currency I know; use one of: %s", "汇率=%s：%q 不是已知币种；可选：%s", raw, strings.TrimSpace(cur), chat.CurrencyCodes(lang))
		}
		cur = av.Currency(code)
		switch {
		case err != nil || !(v > 0) || v > 1e6:
			return nil, bad("rate=%s: %q is not a rate; write yuan for one unit of the currency, as rate=USD:7.2",
				"汇率=%s：%q 不是汇率；请写 1 单位外币折合多少元，例如 汇率=USD:7.2", raw, num)
		case cur == av.Yuan:
			return nil, bad("rate=%q: yuan needs no rate; give the rate of the other currency, as rate=USD:7.2",
				"汇率=%q：人民币不需要汇率；请给出另一种货币的汇率，例如 汇率=USD:7.2", raw)
		}
		if len(foreign) > 0 && !slices.Contains(foreign, cur) {
			return nil, bad("rate=%s: no price here is in %s (the prices here are in %s); give the rate of their currency, as rate=USD:7.2",
				"汇率=%s：这里没有以 %s 计价的报价（这里的报价币种：%s）；请给出报价所用币种的汇率，例如 汇率=USD:7.2", raw, cur, orYuan(lang, foreign))
		}
		out[cur] = v
	}
	if len(out) == 0 {
		return nil, bad("rate= has no value; write yuan for one unit of the currency, as rate=USD:7.2", "汇率 没有值；请写 1 单位外币折合多少元，例如 汇率=USD:7.2")
	}
	return out, nil
}

func orYuan(lang chat.Lang, curs []string) string {
	if len(curs) == 0 {
		return chat.T(lang, "yuan only", "只有人民币")
	}
	return strings.Join(curs, ", ")
}

// pick is the vendors named in words (each word a name, or all the words
// one name with spaces), or every vendor when none is named.
func pick(c *chat.Call, g *gathered, words []string) ([]*record, error) {
	if len(words) == 0 {
		return g.vendors, nil
	}
	var out []*record
	var unknown []string
	for _, w := range words {
		if r := g.find(w); r != nil {
			out = append(out, r)
		} else {
			unknown = append(unknown, w)
		}
	}
	if len(unknown) > 0 {
		if r := g.find(strings.Join(unknown, "")); r != nil {
			return append(out, r), nil
		}
		return nil, notFound(c, g, strings.Join(unknown, " "))
	}
	return out, nil
}

// notFound is the error for a vendor with no evidence here, naming those
// that have some.
func notFound(c *chat.Call, g *gathered, name string) *chat.Error {
	var known []string
	for _, r := range g.vendors {
		known = append(known, r.name)
	}
	list := chat.T(c.Lang, "none yet", "暂无")
	if len(known) > 0 {
		list = strings.Join(known, ", ")
	}
	return &chat.Error{Code: chat.CodeNotFound, Key: "vendor", Example: examples[2], Message: fmt.Sprintf(chat.T(c.Lang,
		"no evidence about %q in this conversation (vendors with evidence: %s)",
		"本会话中没有关于 %q 的资料（有资料的供应商：%s）"), name, list)}
}

func (d Deps) compare(ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	lang := c.Lang
	g, err := d.gather(ctx, c)
	if err != nil {
		return chat.Reply{}, err
	}
	rs, err := pick(c, g, a.Words)
	if err != nil {
		return chat.Reply{}, err
	}
	if len(rs) == 0 {
		if err := typed(c, a); err != nil {
			return chat.Reply{}, err // a bad value is said first, evidence or not
		}
		return empty(lang, g), nil
	}
	es := evidenceOf(rs)
	w, used, err := workload(c, a, rs, es)
	if err != nil {
		return chat.Reply{}, err
	}
	cmp := av.Compare(w, es)
	rep := chat.Reply{
		Title:   title(lang, cmp.Recommendation),
		Summary: joinTexts(lang, cmp.Recommendation.Reasons) + chat.T(lang, ".", "。"),
		Tables:  []chat.Table{table(lang, cmp)},
		Data:    compareJSON(lang, cmp, used),
	}
	rep.Facts = []chat.Fact{{Label: chat.T(lang, "Workload", "工作负载"), Value: workloadLine(lang, w)}}
	if len(cmp.Columns) > 0 && len(cmp.Columns[0].Filled) > 0 {
		var parts []string
		for _, f := range cmp.Columns[0].Filled {
			parts = append(parts, fmt.Sprintf(chat.T(lang, "%s %s GB × ¥%s", "%s %s GB × ¥%s"), av.LineName(f.Line).In(string(lang)), advisor.Group(f.GB), advisor.Group(f.UnitPrice)))
		}
		rep.Facts = append(rep.Facts, chat.Fact{Label: chat.T(lang, "At reference prices", "按参考价估算"),
			Value: strings.Join(parts, chat.T(lang, ", ", "，")) + chat.T(lang, ", the same for every vendor (sources and dates: Details)", "，各家相同（来源和日期见详情）")})
	}
	if len(cmp.Recommendation.Breaks) > 0 {
		rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang, "What would settle it", "还缺什么"), Lines: textLines(lang, cmp.Recommendation.Breaks)})
	}
	if len(cmp.Columns) > 0 && len(cmp.Columns[0].Filled) > 0 {
		rep.Sections = append(rep.Sections, filledSection(lang, cmp.Columns[0].Filled))
	}
	if len(used) > 0 {
		rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang, "Defaults used", "使用的默认值"),
			Lines: []string{strings.Join(used, chat.T(lang, "; ", "；")) + chat.T(lang, " — give gpu=, cards=, hours= or months= to change them.", "——可用 显卡=、卡数=、时长=、月数= 修改。")}})
	}
	if len(g.missing) > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf(chat.T(lang, "Not read: %s (the store is not there or failed just now); the comparison leaves it out.",
			"未读取：%s（没有配置存储或暂时读取失败）；对比未包含这部分。"), strings.Join(g.missing, chat.T(lang, ", ", "、"))))
	}
	for _, col := range cmp.Columns {
		rep.Buttons = append(rep.Buttons, nextButton(lang, col))
	}
	if c.Args.Full {
		return rep, nil
	}
	return short(lang, strings.TrimSpace(c.Req.Text), rep), nil
}

// short is the comparison as chat shows it first: the recommendation (title
// and reasons), the workload, the table, what would settle it, and each
// vendor's next step as a button, with a Details button for the rest (the
// reference-price estimates, the defaults used, every warning).
func short(lang chat.Lang, asked string, full chat.Reply) chat.Reply {
	s := full
	s.Sections = nil
	for _, sec := range full.Sections {
		if sec.Title == chat.T(lang, "What would settle it", "还缺什么") {
			s.Sections = append(s.Sections, sec)
		}
	}
	s.Warnings = full.Warnings[:min(len(full.Warnings), chat.BriefWarnings)]
	var left []string
	for _, sec := range full.Sections[len(s.Sections):] {
		left = append(left, sec.Title)
	}
	if n := len(full.Warnings) - len(s.Warnings); n > 0 {
		left = append(left, chat.Plural(lang, n, "more warning", "more warnings", "条提示"))
	}
	if len(asked) <= chat.MaxDetailsValue && len(left) > 0 {
		label := chat.Truncate(chat.T(lang, "Details: ", "详情：")+strings.Join(left, chat.T(lang, ", ", "、")), 75)
		s.Buttons = append(slices.Clip(s.Buttons), chat.Button{Action: chat.ActionDetails, Label: label, Value: asked})
	} else {
		s.Full = true // nothing left out: shown as it is
	}
	return s
}

// filledSection lists the lines estimated at reference prices, each with
// its volume, unit price, range and source.
func filledSection(lang chat.Lang, fs []av.Filled) chat.Section {
	sec := chat.Section{Title: chat.T(lang, "Estimated at reference prices", "按参考价估算")}
	for _, f := range fs {
		sec.Lines = append(sec.Lines, fmt.Sprintf(chat.T(lang, "%s: %s GB × ¥%s %s = %s a month (range ¥%s–%s; %s)", "%s：%s GB × ¥%s %s = 每月 %s（范围 ¥%s–%s；%s）"),
			av.LineName(f.Line).In(string(lang)), advisor.Group(f.GB), advisor.Group(f.UnitPrice), f.Unit.In(string(lang)), av.Money(f.Amount, av.Yuan),
			advisor.Group(f.Low), advisor.Group(f.High), f.Source.In(string(lang))))
	}
	sec.Lines = append(sec.Lines, chat.T(lang,
		"The same for every vendor: the price book and contracts keep card prices only; compare a vendor's own storage or traffic prices with quote.",
		"各家相同：价格表和合同只保存显卡价格；某家自己的存储或流量单价请用 报价 对比。"))
	return sec
}

func title(lang chat.Lang, r av.Recommendation) string {
	switch r.Verdict {
	case av.Recommend:
		return chat.T(lang, "Rent from ", "建议选择：") + r.Vendor
	case av.Tie:
		return fmt.Sprintf(chat.T(lang, "A tie: %s", "打平：%s"), strings.Join(r.Tie, chat.T(lang, " and ", " 与 ")))
	case av.AskFirst:
		return chat.T(lang, "Ask first: no vendor has answered yet", "先追问：还没有供应商回答")
	}
	return chat.T(lang, "No vendor fits yet", "暂无合适的供应商")
}

func workloadLine(lang chat.Lang, w av.Workload) string {
	return fmt.Sprintf(chat.T(lang, "%d × %s, %s busy hours per card a month, %d months", "%d 张 %s，每卡每月 %s 小时，%d 个月"),
		w.Cards, w.GPUName, advisor.Group(w.Hours), w.Months)
}

// empty is the reply when no vendor has evidence here.
func empty(lang chat.Lang, g *gathered) chat.Reply {
	rep := chat.Reply{
		Title: chat.T(lang, "No vendor evidence in this conversation yet", "本会话还没有供应商资料"),
		Summary: chat.T(lang, "Check what a vendor's sales said, or save its price, naming the vendor: ", "核查供应商销售的回复或保存其报价时写上供应商：") +
			chat.T(lang, "checklist check vendor=AcmeGPU 8x A100 80GB SXM4, NVLink, 7x24 support. · price set gpu=a100-80g monthly=5000 vendor=AcmeGPU",
				"清单 检查 供应商=酷算云 我们是A100 80G SXM4，卡间NVLink，7x24小时值守。 · 价格 设置 显卡=A100 包月=5000 供应商=酷算云"),
		Data: map[string]any{"command": "vendor", "vendors": []any{}, "recommendation": nil},
	}
	if len(g.missing) > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf(chat.T(lang, "Not read: %s.", "未读取：%s。"), strings.Join(g.missing, chat.T(lang, ", ", "、"))))
	}
	return rep
}

func joinTexts(lang chat.Lang, ts []advisor.Text) string {
	return strings.Join(textLines(lang, ts), chat.T(lang, "; ", "；"))
}

func textLines(lang chat.Lang, ts []advisor.Text) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.In(string(lang)))
	}
	return out
}
