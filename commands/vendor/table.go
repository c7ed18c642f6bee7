package vendor

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"gpuadvisor/advisor/checklist"
	rules "gpuadvisor/advisor/renewal"
	av "gpuadvisor/advisor/vendor"
	"gpuadvisor/chat"
	clcmd "gpuadvisor/commands/checklist"
)

// stageName is a stage in words.
func stageName(lang chat.Lang, s av.Stage) string {
	switch s {
	case av.Contracted:
		return chat.T(lang, "contracted", "已签约")
	case av.Trialled:
		return chat.T(lang, "trialled", "已试用")
	case av.Quoted:
		return chat.T(lang, "quoted", "已报价")
	}
	return chat.T(lang, "asked", "已询问")
}

// itemNames are checklist item ids in words.
func itemNames(lang chat.Lang, ids []string) string {
	var out []string
	for _, id := range ids {
		if it, ok := checklist.Lookup(id); ok {
			out = append(out, it.Name.In(string(lang)))
		} else {
			out = append(out, id)
		}
	}
	return strings.Join(out, chat.T(lang, ", ", "、"))
}

// table is the comparison with vendors as columns.
func table(lang chat.Lang, cmp av.Comparison) chat.Table {
	t := chat.Table{Header: []string{""}}
	rows := [][]string{
		{chat.T(lang, "stage", "阶段")},
		{chat.T(lang, "a month", "每月")},
		{fmt.Sprintf(chat.T(lang, "project (%d months)", "项目（%d 个月）"), cmp.Workload.Months)},
		{chat.T(lang, "checklist", "清单核查")},
		{chat.T(lang, "risks", "风险")},
		{chat.T(lang, "trial", "试用")},
		{chat.T(lang, "contract", "合同")},
		{chat.T(lang, "deal-breakers", "致命问题")},
		{chat.T(lang, "unknown", "未知")},
		{chat.T(lang, "next", "下一步")},
	}
	for _, c := range cmp.Columns {
		t.Header = append(t.Header, c.Name)
		monthly, project := costCells(lang, c, cmp.Workload.Months)
		counts, risks := "-", "-"
		if ck := c.Check; ck != nil {
			counts = fmt.Sprintf(chat.T(lang, "%s: %d covered, %d risk, %d vague, %d missing", "%s：答实 %d，风险 %d，含糊 %d，未提及 %d"),
				verdictName(lang, ck.Verdict), ck.Covered, ck.Risk, ck.Vague, ck.Missing)
			if len(ck.Risks) > 0 {
				risks = itemNames(lang, ck.Risks)
			} else if ck.Risk == 0 {
				risks = chat.T(lang, "none", "无")
			} else {
				risks = fmt.Sprintf(chat.T(lang, "%d (not named: checked before risks were kept)", "%d 项（核查较早，未记录名称）"), ck.Risk)
			}
		}
		contract := "-"
		if k := c.Contract; k != nil {
			contract = fmt.Sprintf(chat.T(lang, "%d-month minimum, %s notice, renews %s", "最短 %d 个月，提前 %s通知，%s 续约"), k.TermMonths, rules.NoticeBefore(k.NoticeDays, k.NoticeMonths).In(string(lang)), k.Renews)
		}
		breakers := "-"
		if len(c.DealBreakers) > 0 {
			var bs []string
			for _, b := range c.DealBreakers {
				bs = append(bs, b.Text.In(string(lang)))
			}
			breakers = strings.Join(bs, chat.T(lang, "; ", "；"))
		}
		var unknown []string
		for _, u := range c.Unknown {
			unknown = append(unknown, u.Text.In(string(lang)))
		}
		cells := []string{stageName(lang, c.Stage), monthly, project, counts, risks, trialCell(lang, c.Trial), contract, breakers, orDash(strings.Join(unknown, chat.T(lang, ", ", "、"))), nextText(lang, c)}
		for i := range rows {
			rows[i] = append(rows[i], cells[i])
		}
	}
	t.Rows = rows
	return t
}

// costCells are a column's monthly and project costs in words: in its
// own currency, with the share estimated at reference prices and, for
// another currency than yuan, the yuan figure it is ranked by (at the
// rate given) or that it is not compared.
func costCells(lang chat.Lang, c av.Column, months int) (monthly, project string) {
	if !c.Priced {
		return chat.T(lang, "no price yet", "尚无报价"), "-"
	}
	monthly, project = av.Money(c.Monthly, c.Currency), av.Money(c.Project, c.Currency)
	var notes []string
	if c.PriceFrom == "contract" {
		notes = append(notes, chat.T(lang, "contract price", "合同价"))
	}
	if f := filledSum(c); f > 0 && c.Currency == av.Yuan {
		notes = append(notes, fmt.Sprintf(chat.T(lang, "%s of it at reference prices", "其中 %s 按参考价估算"), av.Money(f, av.Yuan)))
	}
	if c.Currency != av.Yuan {
		if c.Comparable {
			notes = append(notes, fmt.Sprintf(chat.T(lang, "≈%s at your rate", "按你给的汇率约 %s"), av.Money(c.Yuan, av.Yuan)))
			project += fmt.Sprintf(chat.T(lang, " (≈%s)", "（约 %s）"), av.Money(c.ProjectYuan, av.Yuan))
		} else if f := filledSum(c); f > 0 {
			notes = append(notes, fmt.Sprintf(chat.T(lang, "plus %s at reference prices", "另加按参考价估算的 %s"), av.Money(f, av.Yuan)))
		}
	}
	if len(notes) > 0 {
		monthly += chat.T(lang, " (", "（") + strings.Join(notes, chat.T(lang, "; ", "；")) + chat.T(lang, ")", "）")
	}
	if c.Months > months {
		project += fmt.Sprintf(chat.T(lang, " (%d-month minimum)", "（最短 %d 个月）"), c.Months)
	}
	return monthly, project
}

func filledSum(c av.Column) float64 {
	t := 0.0
	for _, f := range c.Filled {
		t += f.Amount
	}
	return t
}

// trialCell is a column's trial in words: passed, or which checklist
// items failed, with the day.
func trialCell(lang chat.Lang, t *av.Trial) string {
	switch {
	case t == nil:
		return "-"
	case t.Passed():
		return fmt.Sprintf(chat.T(lang, "passed: %d checks · %s", "通过：%d 项检查 · %s"), t.Checks, t.Date)
	}
	what := itemNames(lang, av.TrialItems(t.Failed))
	if what == "" {
		what = chat.T(lang, "see trial check", "见 试用 检查")
	}
	return fmt.Sprintf(chat.T(lang, "%d of %d checks failed: %s · %s", "%d/%d 项检查未通过：%s · %s"), len(t.Failed), t.Checks, what, t.Date)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// shownItems is how many items a next step names (the button asks them all).
const shownItems = 3

// nextText is a column's next step in words.
func nextText(lang chat.Lang, c av.Column) string {
	switch c.Next.Kind {
	case "ask":
		return chat.T(lang, "send the checklist's questions", "发送核查清单的问题")
	case "questions":
		items, more := c.Next.Items, ""
		if len(items) > shownItems {
			items, more = items[:shownItems], fmt.Sprintf(chat.T(lang, " and %d more", " 等另外 %d 项"), len(items)-shownItems)
		}
		return fmt.Sprintf(chat.T(lang, "ask about %s%s", "追问：%s%s"), itemNames(lang, items), more)
	case "sla":
		return chat.T(lang, "negotiate the SLA clauses", "谈判SLA条款")
	case "renewal":
		text := fmt.Sprintf(chat.T(lang, "draft the renewal e-mail (contract %s)", "起草续约邮件（合同 %s）"), c.Next.Renewal)
		if len(c.Next.Needs) > 0 {
			var needs []string
			for _, k := range c.Next.Needs {
				needs = append(needs, renewalNeed(lang, k))
			}
			text = fmt.Sprintf(chat.T(lang, "draft the renewal e-mail (contract %s; it first asks for %s)", "起草续约邮件（合同 %s；需先补上%s）"),
				c.Next.Renewal, strings.Join(needs, chat.T(lang, " and ", "和")))
		}
		return text
	}
	return chat.T(lang, "run the trial", "进行试用")
}

// nextCommand is the command line of a column's next step, in lang.
func nextCommand(lang chat.Lang, c av.Column) string {
	switch c.Next.Kind {
	case "ask":
		return chat.T(lang, "draft questions vendor=", "起草 问题 供应商=") + quote(c.Name)
	case "questions":
		return chat.T(lang, "draft questions vendor=", "起草 问题 供应商=") + quote(c.Name) + " " + strings.Join(c.Next.Items, " ")
	case "sla":
		return chat.T(lang, "draft sla vendor=", "起草 条款 供应商=") + quote(c.Name)
	case "renewal":
		return chat.T(lang, "draft renewal ", "起草 续约 ") + c.Next.Renewal
	}
	return chat.T(lang, "trial", "试用")
}

// renewalNeed names a fact the renewal e-mail needs (av.Contract.RenewalNeeds).
func renewalNeed(lang chat.Lang, key string) string {
	if key == "ondemand" {
		return chat.T(lang, "the on-demand price", "按需价格")
	}
	return chat.T(lang, "the actual hours", "实际用量")
}

// quote writes a vendor name as one value: in quotes when it holds a space.
func quote(name string) string {
	if strings.ContainsAny(name, " \t") {
		return `"` + name + `"`
	}
	return name
}

func nextButton(lang chat.Lang, c av.Column) chat.Button {
	return chat.Button{Action: chat.ActionRun, Label: buttonLabel(lang, c), Value: nextCommand(lang, c)}
}

// maxLabel is the longest button label: Slack cuts one past 75 characters
// (and then says the answer was shortened); Feishu's buttons are narrower.
const maxLabel = 72

// buttonLabel is "vendor: next step", shortened to the first item asked
// and how many more when that is too long for a button.
func buttonLabel(lang chat.Lang, c av.Column) string {
	sep := chat.T(lang, ": ", "：")
	label := c.Name + sep + nextText(lang, c)
	if utf8.RuneCountInString(label) <= maxLabel {
		return label
	}
	if c.Next.Kind == "renewal" { // what it asks for first is in the next step's text
		label = c.Name + sep + fmt.Sprintf(chat.T(lang, "draft the renewal e-mail (contract %s)", "起草续约邮件（合同 %s）"), c.Next.Renewal)
	}
	if c.Next.Kind == "questions" && len(c.Next.Items) > 1 {
		first, n := itemNames(lang, c.Next.Items[:1]), len(c.Next.Items)
		label = c.Name + sep + chat.T(lang, fmt.Sprintf("ask about %s and %d more", first, n-1), fmt.Sprintf("追问：%s 等 %d 项", first, n))
	}
	return chat.Truncate(label, maxLabel)
}

// vendorJSON is one vendor of `vendor compare --json` (docs/json.md).
type vendorJSON struct {
	Name         string            `json:"name"`
	Stage        av.Stage          `json:"stage"`
	MonthlyCost  *float64          `json:"monthly_cost"`
	ProjectCost  *float64          `json:"project_cost"`
	Currency     string            `json:"currency,omitempty"`
	PriceFrom    string            `json:"price_from,omitempty"`
	PriceDate    string            `json:"price_date,omitempty"`
	CardCost     *float64          `json:"card_cost,omitempty"`
	MonthlyYuan  *float64          `json:"monthly_yuan,omitempty"`
	ProjectYuan  *float64          `json:"project_yuan,omitempty"`
	Filled       []filledJSON      `json:"filled"`
	Checklist    *checklistJSON    `json:"checklist"`
	Trial        *trialJSON        `json:"trial"`
	Contract     *contractJSON     `json:"contract"`
	Unknown      []string          `json:"unknown"`
	DealBreakers []dealBreakerJSON `json:"deal_breakers"`
	Next         nextJSON          `json:"next"`
}

type checklistJSON struct {
	Verdict string   `json:"verdict"`
	Covered int      `json:"covered"`
	Risk    int      `json:"risk"`
	Vague   int      `json:"vague"`
	Missing int      `json:"missing"`
	Risks   []string `json:"risks"`
	Ask     []string `json:"ask"`
	Date    string   `json:"date"`
}

// trialJSON is the vendor's newest trial check: checks run, the rule ids
// that failed and those that need a look, and its day.
type trialJSON struct {
	Checks   int      `json:"checks"`
	Failed   []string `json:"failed"`
	Warnings []string `json:"warnings"`
	Date     string   `json:"date"`
}

type contractJSON struct {
	// ID is the renewal's id (draft renewal <id>).
	ID             string  `json:"id,omitempty"`
	GPU            string  `json:"gpu,omitempty"`
	Cards          int     `json:"cards"`
	MonthlyPerCard float64 `json:"monthly_per_card"`
	TermMonths     int     `json:"term_months"`
	NoticeDays     int     `json:"notice_days"`
	// NoticeMonths is set when the notice is in calendar months
	// (notice_days is then 30 a month).
	NoticeMonths int    `json:"notice_months,omitempty"`
	Renews       string `json:"renews"`
}

// filledJSON is a metered line estimated at its reference price.
type filledJSON struct {
	Line      string  `json:"line"`
	GB        float64 `json:"gb"`
	UnitPrice float64 `json:"unit_price"`
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	Amount    float64 `json:"amount"`
	Currency  string  `json:"currency"`
	Source    string  `json:"source"`
}

type dealBreakerJSON struct {
	Item string `json:"item"`
	Text string `json:"text"`
}

type nextJSON struct {
	Text    string `json:"text"`
	Command string `json:"command"`
}

func texts(ts []string) []string {
	if ts == nil {
		return []string{}
	}
	return ts
}

func compareJSON(lang chat.Lang, cmp av.Comparison, used []string) map[string]any {
	vs := []vendorJSON{}
	for _, c := range cmp.Columns {
		v := vendorJSON{Name: c.Name, Stage: c.Stage, Unknown: []string{}, DealBreakers: []dealBreakerJSON{},
			Next: nextJSON{Text: nextText(lang, c), Command: nextCommand(lang, c)}}
		if c.Priced {
			m, p, cc := c.Monthly, c.Project, c.CardCost
			v.MonthlyCost, v.ProjectCost, v.CardCost, v.Currency, v.PriceFrom, v.PriceDate = &m, &p, &cc, c.Currency, c.PriceFrom, c.PriceDate
			if c.Comparable {
				y, py := c.Yuan, c.ProjectYuan
				v.MonthlyYuan, v.ProjectYuan = &y, &py
			}
		}
		v.Filled = []filledJSON{}
		for _, f := range c.Filled {
			v.Filled = append(v.Filled, filledJSON{Line: string(f.Line), GB: f.GB, UnitPrice: f.UnitPrice, Low: f.Low, High: f.High,
				Amount: f.Amount, Currency: av.Yuan, Source: f.Source.In(string(lang))})
		}
		if ck := c.Check; ck != nil {
			v.Checklist = &checklistJSON{Verdict: ck.Verdict, Covered: ck.Covered, Risk: ck.Risk, Vague: ck.Vague, Missing: ck.Missing,
				Risks: texts(ck.Risks), Ask: texts(ck.Ask), Date: ck.Date}
		}
		if tr := c.Trial; tr != nil {
			v.Trial = &trialJSON{Checks: tr.Checks, Failed: texts(tr.Failed), Warnings: texts(tr.Warnings), Date: tr.Date}
		}
		if k := c.Contract; k != nil {
			v.Contract = &contractJSON{ID: k.ID, GPU: k.GPU, Cards: k.Cards, MonthlyPerCard: k.MonthlyPerCard, TermMonths: k.TermMonths, NoticeDays: k.NoticeDays, NoticeMonths: k.NoticeMonths, Renews: k.Renews}
		}
		for _, u := range c.Unknown {
			v.Unknown = append(v.Unknown, u.Code)
		}
		for _, b := range c.DealBreakers {
			v.DealBreakers = append(v.DealBreakers, dealBreakerJSON{Item: b.Item, Text: b.Text.In(string(lang))})
		}
		vs = append(vs, v)
	}
	r := cmp.Recommendation
	return map[string]any{
		"command": "vendor", "action": "compare", "vendors": vs,
		"recommendation": map[string]any{"verdict": r.Verdict, "vendor": r.Vendor, "tie": texts(r.Tie),
			"reasons": texts(textLines(lang, r.Reasons)), "breaks": texts(textLines(lang, r.Breaks)),
			"currencies": texts(r.Currencies), "rate_needed": texts(r.NeedRate)},
		"workload": map[string]any{"gpu": cmp.Workload.GPU, "cards": cmp.Workload.Cards, "hours": cmp.Workload.Hours,
			"months": cmp.Workload.Months, "volumes_gb": volumesJSON(cmp.Workload), "rates": ratesJSON(cmp.Workload), "defaults": texts(used)},
	}
}

// verdictName is a stored checklist verdict in words.
func verdictName(lang chat.Lang, v string) string { return clcmd.VerdictName(lang, v) }

// volumesJSON is the workload's metered volumes by line, {} when none.
func volumesJSON(w av.Workload) map[string]float64 {
	out := map[string]float64{}
	for l, v := range w.Volumes {
		out[string(l)] = v
	}
	return out
}

// ratesJSON is the exchange rates given, yuan per unit, {} when none.
func ratesJSON(w av.Workload) map[string]float64 {
	out := map[string]float64{}
	for c, v := range w.Rates {
		out[c] = v
	}
	return out
}
