package vendor

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"gpuadvisor/advisor"
	rules "gpuadvisor/advisor/renewal"
	av "gpuadvisor/advisor/vendor"
	"gpuadvisor/chat"
	trialcmd "gpuadvisor/commands/trial"
	"gpuadvisor/store"
)

// latest is the newest evidence of r in words, with its day.
func latest(lang chat.Lang, r *record) (string, string) {
	what, when := "", ""
	if r.check != nil {
		what, when = chat.T(lang, "checklist check", "清单核查"), day(r.check.At)
	}
	for _, p := range r.prices {
		if p.Date > when {
			what, when = fmt.Sprintf(chat.T(lang, "price for %s", "%s 报价"), p.GPU), p.Date
		}
	}
	if r.trial != nil {
		if d := day(r.trial.At); d > when {
			what, when = chat.T(lang, "trial check", "试用实测"), d
		}
	}
	for _, rn := range r.renewals {
		if d := day(rn.CreatedAt); d > when {
			what, when = chat.T(lang, "contract", "合同"), d
		}
	}
	return what, when
}

func (d Deps) list(ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	lang := c.Lang
	if len(a.Words) > 0 && len(a.Keys()) == 0 { // 供应商 查看 酷算云: a vendor named is the one to show
		return d.show(ctx, c, a)
	}
	if len(a.Words) > 0 || len(a.Keys()) > 0 {
		return chat.Reply{}, chat.Invalid(lang, "list", "vendor list takes nothing after it; to see one vendor: vendor show <name>",
			"供应商 列表 后面不需要参数；查看一家请用 供应商 详情 <名称>", examples[2])
	}
	g, err := d.gather(ctx, c)
	if err != nil {
		return chat.Reply{}, err
	}
	if len(g.vendors) == 0 {
		rep := empty(lang, g)
		rep.Data = map[string]any{"command": "vendor", "action": "list", "vendors": []any{}}
		return rep, nil
	}
	es := g.evidence()
	cols := av.Compare(boardWorkload(g.vendors, es), es).Columns
	t := chat.Table{Header: []string{chat.T(lang, "vendor", "供应商"), chat.T(lang, "stage", "阶段"), chat.T(lang, "latest", "最新资料"), chat.T(lang, "next", "下一步")}}
	listed := []map[string]any{}
	rep := chat.Reply{}
	for i, col := range cols {
		what, when := latest(lang, g.vendors[i])
		t.Rows = append(t.Rows, []string{col.Name, stageName(lang, col.Stage), what + " · " + when, nextText(lang, col)})
		listed = append(listed, map[string]any{"name": col.Name, "stage": col.Stage, "latest": when,
			"next": nextJSON{Text: nextText(lang, col), Command: nextCommand(lang, col)}})
		rep.Buttons = append(rep.Buttons, nextButton(lang, col))
	}
	rep.Title = fmt.Sprintf(chat.T(lang, "%d vendors with evidence here", "这里有资料的 %d 个供应商"), len(cols))
	if len(cols) == 1 {
		rep.Title = chat.T(lang, "1 vendor with evidence here", "这里有资料的 1 个供应商")
	}
	rep.Summary = chat.T(lang, "`vendor compare` puts them side by side on one workload and says which one to rent from.",
		"`供应商 对比` 按同一工作负载并排对比，并建议选哪家。")
	rep.Tables = []chat.Table{t}
	rep.Data = map[string]any{"command": "vendor", "action": "list", "vendors": listed}
	if len(g.missing) > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf(chat.T(lang, "Not read: %s.", "未读取：%s。"), strings.Join(g.missing, chat.T(lang, ", ", "、"))))
	}
	return rep, nil
}

// one finds the vendor named by a's words (spaces inside a name allowed).
func (d Deps) one(ctx context.Context, c *chat.Call, a *chat.Args, example string) (*gathered, *record, error) {
	if len(a.Words) == 0 {
		return nil, nil, chat.Invalid(c.Lang, "vendor", "name the vendor", "请写供应商名称", example)
	}
	g, err := d.gather(ctx, c)
	if err != nil {
		return nil, nil, err
	}
	name := strings.Join(a.Words, " ")
	r := g.find(name)
	if r == nil {
		return nil, nil, notFound(c, g, name)
	}
	return g, r, nil
}

func (d Deps) show(ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	lang := c.Lang
	g, r, err := d.one(ctx, c, a, examples[3])
	if err != nil {
		return chat.Reply{}, err
	}
	items := evidenceItems(lang, r)
	var lines []string
	listed := []itemJSON{}
	for _, it := range items {
		lines = append(lines, it.when+" · "+it.line+chat.T(lang, " — from: ", "——来自：")+it.from)
		listed = append(listed, itemJSON{Kind: it.kind, ID: it.id, Date: it.when, Text: it.line, Command: it.from, TeamWide: it.teamWide})
	}
	col := av.Compare(g.jobWorkload(), []av.Evidence{r.evidence()}).Columns[0]
	buttons := []chat.Button{nextButton(lang, col),
		{Action: chat.ActionRun, Label: chat.T(lang, "Compare vendors", "对比供应商"), Value: chat.T(lang, "vendor compare", "供应商 对比")}}
	if len(r.prices) > 0 {
		buttons = append(buttons, chat.Button{Action: chat.ActionRun, Label: chat.T(lang, "Price book", "价格表"), Value: chat.T(lang, "price list", "价格 列表")})
	}
	if len(r.renewals) > 0 {
		buttons = append(buttons, chat.Button{Action: chat.ActionRun, Label: chat.T(lang, "Contracts", "合同"), Value: chat.T(lang, "renewal list", "续约 列表")})
	}
	if r.trial == nil {
		buttons = append(buttons, chat.Button{Action: chat.ActionRun, Label: chat.T(lang, "Trial plan", "试用方案"), Value: chat.T(lang, "trial", "试用")})
	}
	return chat.Reply{
		Title:    fmt.Sprintf(chat.T(lang, "%s: %s", "%s：%s"), r.name, stageName(lang, col.Stage)),
		Summary:  chat.T(lang, "Next: ", "下一步：") + nextText(lang, col),
		Sections: []chat.Section{{Title: chat.T(lang, "Evidence, newest first", "资料（最新的在前）"), Lines: lines}},
		Buttons:  buttons,
		Data: map[string]any{"command": "vendor", "action": "show", "name": r.name, "stage": col.Stage, "evidence": lines, "items": listed,
			"next": nextJSON{Text: nextText(lang, col), Command: nextCommand(lang, col)}},
	}, nil
}

// item is one piece of a vendor's evidence in words: its day, what it
// says, and the command that produced it.
type item struct {
	kind, id, when, line, from string
	teamWide                   bool
}

// itemJSON is an item of `vendor show --json` (docs/json.md).
type itemJSON struct {
	Kind     string `json:"kind"`
	ID       string `json:"id"`
	Date     string `json:"date"`
	Text     string `json:"text"`
	Command  string `json:"command"`
	TeamWide bool   `json:"team_wide,omitempty"`
}

// evidenceItems is everything r holds, newest first.
func evidenceItems(lang chat.Lang, r *record) []item {
	var items []item
	team := func(wide bool) string {
		if wide {
			return chat.T(lang, " (team-wide)", "（全团队）")
		}
		return ""
	}
	for _, ck := range r.checks {
		line := fmt.Sprintf(chat.T(lang, "checklist check: %s — %d covered, %d risk, %d vague, %d not asked yet", "清单核查：%s——答实 %d，风险 %d，含糊 %d，未提及 %d"),
			verdictName(lang, ck.Verdict), ck.Covered, ck.Risk, ck.Vague, ck.Missing)
		if len(ck.Risks) > 0 {
			line += chat.T(lang, "; risks: ", "；风险：") + itemNames(lang, ck.Risks)
		}
		if len(ck.Ask) > 0 {
			line += chat.T(lang, "; to ask: ", "；待追问：") + itemNames(lang, ck.Ask)
		}
		items = append(items, item{kind: "check", id: ck.ID, when: day(ck.At), line: line + team(ck.TeamWide), teamWide: ck.TeamWide,
			from: chat.T(lang, "checklist check vendor=", "清单 检查 供应商=") + quote(ck.Vendor) + chat.T(lang, " <what sales said>", " <销售的原话>")})
	}
	for _, t := range r.trials {
		items = append(items, item{kind: "trial", id: t.ID, when: day(t.At), line: trialLine(lang, t) + team(t.TeamWide), teamWide: t.TeamWide,
			from: trialcmd.CommandOf(lang, t)})
	}
	for _, p := range r.prices {
		var parts []string
		if p.OnDemand > 0 {
			parts = append(parts, fmt.Sprintf(chat.T(lang, "on demand %s a card-hour", "按需每卡每时 %s"), av.Money(p.OnDemand, p.Currency)))
		}
		if p.Monthly > 0 {
			parts = append(parts, fmt.Sprintf(chat.T(lang, "monthly %s a card", "包月每卡 %s"), av.Money(p.Monthly, p.Currency)))
		}
		line := fmt.Sprintf(chat.T(lang, "price %s for %s: %s", "价格 %s（%s）：%s"), p.ID, p.GPU, strings.Join(parts, chat.T(lang, ", ", "，")))
		from := chat.T(lang, "price set gpu=", "价格 设置 显卡=") + p.GPU + chat.T(lang, " vendor=", " 供应商=") + quote(p.Vendor)
		if w := p.Workload; w != nil {
			line += fmt.Sprintf(chat.T(lang, "; quoted for %d cards, %s busy hours per card a month", "；报价时按 %d 张卡、每卡每月 %s 小时"), w.Cards, advisor.Group(w.Hours))
			if w.Months > 0 {
				line += fmt.Sprintf(chat.T(lang, ", %s months", "、%s 个月"), chat.Num(w.Months))
			}
			from = chat.T(lang, "quote card=", "报价 显卡=") + p.GPU + chat.T(lang, " save=yes …", " 保存=是 …")
		}
		items = append(items, item{kind: "price", id: p.ID, when: p.Date, line: line + team(p.TeamWide), teamWide: p.TeamWide, from: from})
	}
	for _, rn := range r.renewals {
		items = append(items, item{kind: "contract", id: rn.ID, when: day(rn.CreatedAt), teamWide: rn.TeamWide(), line: fmt.Sprintf(chat.T(lang,
			"contract %s: %d × %s at %s a card a month, %d-month minimum, %s notice, renews %s",
			"合同 %s：%d 张 %s，每卡每月 %s，最短 %d 个月，提前 %s通知，%s 续约"),
			rn.ID, rn.Cards, orDash(rn.GPU), av.Money(rn.MonthlyPrice(), "CNY"), rn.Term(), rules.NoticeBefore(rn.NoticeDays, rn.NoticeMonths).In(string(lang)), rn.Renews) + team(rn.TeamWide()),
			from: chat.T(lang, "renewal add vendor=", "续约 添加 供应商=") + quote(rn.Vendor) + " …"})
	}
	// newest day first; on one day the furthest stage first
	rank := map[string]int{"contract": 0, "trial": 1, "price": 2, "check": 3}
	sort.SliceStable(items, func(i, j int) bool {
		if items[i].when != items[j].when {
			return items[i].when > items[j].when
		}
		return rank[items[i].kind] < rank[items[j].kind]
	})
	return items
}

// trialLine is a trial in words: the checks, those that failed and those
// to look at by name, and what was promised.
func trialLine(lang chat.Lang, t store.Trial) string {
	names := func(rules []string) string {
		var out []string
		for _, r := range rules {
			out = append(out, trialcmd.RuleLabel(lang, r))
		}
		return strings.Join(out, chat.T(lang, ", ", "、"))
	}
	line := fmt.Sprintf(chat.T(lang, "trial check: %d checks", "试用实测：%d 项检查"), checked(t))
	if f := t.Failed(); len(f) > 0 {
		line += fmt.Sprintf(chat.T(lang, ", %d failed (%s)", "，%d 项不符（%s）"), len(f), names(f))
	} else {
		line += chat.T(lang, ", none failed", "，无不符")
	}
	if w := t.Warnings(); len(w) > 0 {
		line += fmt.Sprintf(chat.T(lang, ", %d to look at (%s)", "，%d 项需注意（%s）"), len(w), names(w))
	}
	var promised []string
	p := t.Promised
	if p.Cards > 0 || p.GPU != "" {
		promised = append(promised, strings.TrimSpace(fmt.Sprintf("%s × %s", map[bool]string{true: fmt.Sprint(p.Cards), false: "?"}[p.Cards > 0], orDash(p.GPU))))
	}
	switch p.NVLink {
	case "yes":
		promised = append(promised, "NVLink")
	case "no":
		promised = append(promised, chat.T(lang, "no NVLink", "无 NVLink"))
	}
	if p.IntranetGbps > 0 {
		promised = append(promised, fmt.Sprintf(chat.T(lang, "%s Gbit/s intranet", "内网 %s Gbit/s"), chat.Num(p.IntranetGbps)))
	}
	if p.BusGBs > 0 {
		promised = append(promised, fmt.Sprintf(chat.T(lang, "bus bandwidth %s GB/s", "总线带宽 %s GB/s"), chat.Num(p.BusGBs)))
	}
	if len(promised) > 0 {
		line += chat.T(lang, "; promised: ", "；承诺：") + strings.Join(promised, chat.T(lang, ", ", "，"))
	} else {
		line += chat.T(lang, "; nothing promised (health checks only)", "；未写承诺（仅健康检查）")
	}
	return line
}

// piece is one thing vendor remove deletes.
type piece struct {
	text string
	del  func(context.Context, store.Scope) error
}

// pieces is what removing r deletes (and, with contracts false, the
// contracts it keeps because their reminders are still to come).
func (d Deps) pieces(lang chat.Lang, r *record, contracts bool) (del []piece, keep []string) {
	for _, p := range r.prices {
		id := p.ID
		del = append(del, piece{fmt.Sprintf(chat.T(lang, "price %s (%s, %s)", "价格 %s（%s，%s）"), p.ID, p.GPU, p.Date),
			func(ctx context.Context, s store.Scope) error { return d.Prices.DeletePrice(ctx, s, id) }})
	}
	for _, ck := range r.checks {
		id := ck.ID
		del = append(del, piece{fmt.Sprintf(chat.T(lang, "checklist check of %s", "%s 的清单核查"), day(ck.At)),
			func(ctx context.Context, s store.Scope) error { return d.Checks.DeleteCheck(ctx, s, id) }})
	}
	for _, t := range r.trials {
		id := t.ID
		del = append(del, piece{fmt.Sprintf(chat.T(lang, "trial check of %s", "%s 的试用实测"), day(t.At)),
			func(ctx context.Context, s store.Scope) error { return d.Trials.DeleteTrial(ctx, s, id) }})
	}
	for _, rn := range r.renewals {
		id := rn.ID
		if !rn.NextCheck.IsZero() && !contracts {
			keep = append(keep, fmt.Sprintf(chat.T(lang, "contract %s (renews %s, reminders still to come)", "合同 %s（%s 续约，仍有待发的提醒）"), rn.ID, rn.Renews))
			continue
		}
		del = append(del, piece{fmt.Sprintf(chat.T(lang, "contract %s (renews %s)", "合同 %s（%s 续约）"), rn.ID, rn.Renews),
			func(ctx context.Context, s store.Scope) error { return d.Renewals.DeleteRenewal(ctx, s, id) }})
	}
	return del, keep
}

func (d Deps) remove(ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	lang := c.Lang
	confirm := ""
	if raw, ok := a.Raw("confirm"); ok {
		switch strings.ToLower(strings.TrimSpace(raw)) {
		case "yes", "y", "是", "确认", "确定":
			confirm = "yes"
		default:
			return chat.Reply{}, chat.Invalidf(lang, "confirm", chat.T(lang, "vendor remove AcmeGPU confirm=yes", "供应商 删除 酷算云 确认=是"),
				"confirm=%q is not yes: write confirm=yes to delete", "确认=%q 无法识别：要删除请写 确认=是", raw)
		}
	}
	contracts, raw, _, err := a.Flag("contracts")
	if err != nil {
		return chat.Reply{}, chat.Invalidf(lang, "contracts", chat.T(lang, "vendor remove AcmeGPU contracts=yes", "供应商 删除 酷算云 合同=是"),
			"contracts=%q is not yes or no: contracts=yes also deletes contracts whose reminders are still to come",
			"合同=%q 不是 是 或 否：合同=是 会一并删除仍有待发提醒的合同", chat.Truncate(raw, 40))
	}
	_, r, err := d.one(ctx, c, a, examples[4])
	if err != nil {
		return chat.Reply{}, err
	}
	del, keep := d.pieces(lang, r, contracts)
	var what []string
	for _, p := range del {
		what = append(what, p.text)
	}
	sep := chat.T(lang, ", ", "、")
	stays := chat.T(lang, "Evidence other channels keep for themselves, and checks asked privately, are not seen here and stay.",
		"其他频道各自保存的资料和私密核查在这里看不到，不受影响。")
	if len(keep) > 0 {
		stays = fmt.Sprintf(chat.T(lang, "Kept: %s — add contracts=yes to delete it too (its reminders stop). ", "保留：%s——如也要删除（提醒随之停止），请加 合同=是。"), strings.Join(keep, sep)) + stays
	}
	data := map[string]any{"command": "vendor", "action": "remove", "name": r.name, "removed": []string{}, "kept": texts(keep)}
	cmd := chat.T(lang, "vendor remove ", "供应商 删除 ") + quote(r.name)
	if contracts {
		cmd += chat.T(lang, " contracts=yes", " 合同=是")
	}
	if confirm != "yes" {
		if len(what) == 0 {
			return chat.Reply{Title: chat.T(lang, "Nothing to delete for ", "没有可删除的内容：") + r.name, Summary: stays, Data: data}, nil
		}
		yes := cmd + chat.T(lang, " confirm=yes", " 确认=是")
		data["would_remove"] = what
		rep := chat.Reply{
			Title: fmt.Sprintf(chat.T(lang, "Delete %s? Nothing is deleted yet", "删除 %s？尚未删除任何内容"), r.name),
			Summary: fmt.Sprintf(chat.T(lang, "This deletes, for every channel that sees them: %s. %s To go ahead: %s", "将删除（所有可见频道都会失去）：%s。%s确认删除：%s"),
				strings.Join(what, sep), stays, yes),
			Buttons: []chat.Button{{Action: chat.ActionRun, Label: chat.T(lang, "Delete ", "删除 ") + r.name, Value: yes}},
			Data:    data,
			Private: true,
		}
		if len(keep) > 0 {
			rep.Buttons = append(rep.Buttons, chat.Button{Action: chat.ActionRun, Label: chat.T(lang, "Delete with its contracts", "连同合同一起删除"),
				Value: cmd + chat.T(lang, " contracts=yes confirm=yes", " 合同=是 确认=是")})
		}
		return rep, nil
	}
	scope := store.Scope{Tenant: c.Req.Tenant, Channel: c.Req.Channel}
	var done []string
	for _, p := range del {
		if err := p.del(ctx, scope); err != nil && !errors.Is(err, store.ErrNotFound) {
			k := kept
			if len(done) > 0 {
				k.Then = "Deleted before it failed: " + strings.Join(done, ", ") + "; run the same remove again for the rest."
				k.ThenZH = "失败前已删除：" + strings.Join(done, "、") + "；再运行一次同样的删除即可删除其余内容。"
			}
			return chat.Reply{}, k.Failed(c, d.Log, "remove", err)
		}
		done = append(done, p.text)
	}
	data["removed"] = done
	return chat.Reply{
		Title:   chat.T(lang, "Deleted: ", "已删除：") + r.name,
		Summary: orNone(lang, strings.Join(done, sep)) + chat.T(lang, ". ", "。") + stays,
		Data:    data,
	}, nil
}

func orNone(lang chat.Lang, s string) string {
	if s == "" {
		return chat.T(lang, "nothing", "无")
	}
	return s
}
