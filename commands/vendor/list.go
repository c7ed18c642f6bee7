package vendor

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	av "gpuadvisor/advisor/vendor"
	"gpuadvisor/chat"
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
	for _, rn := range r.renewals {
		if d := day(rn.CreatedAt); d > when {
			what, when = chat.T(lang, "contract", "合同"), d
		}
	}
	return what, when
}

func (d Deps) list(ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	lang := c.Lang
	if len(a.Words) > 0 || len(a.Keys()) > 0 {
		return chat.Reply{}, chat.Invalid(lang, "list", "vendor list takes nothing after it", "供应商 列表 后面不需要参数", examples[2])
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
	var es []av.Evidence
	for _, r := range g.vendors {
		es = append(es, r.evidence())
	}
	cols := av.Compare(av.Workload{}, es).Columns
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
	_, r, err := d.one(ctx, c, a, examples[3])
	if err != nil {
		return chat.Reply{}, err
	}
	type item struct{ when, line string }
	var items []item
	if ck := r.check; ck != nil {
		line := fmt.Sprintf(chat.T(lang, "checklist check: %s — %d covered, %d risk, %d vague, %d not asked yet", "清单核查：%s——答实 %d，风险 %d，含糊 %d，未提及 %d"),
			verdictName(lang, ck.Verdict), ck.Covered, ck.Risk, ck.Vague, ck.Missing)
		if len(ck.Risks) > 0 {
			line += chat.T(lang, "; risks: ", "；风险：") + itemNames(lang, ck.Risks)
		}
		if len(ck.Ask) > 0 {
			line += chat.T(lang, "; to ask: ", "；待追问：") + itemNames(lang, ck.Ask)
		}
		items = append(items, item{day(ck.At), line})
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
		items = append(items, item{p.Date, line})
	}
	for _, rn := range r.renewals {
		items = append(items, item{day(rn.CreatedAt), fmt.Sprintf(chat.T(lang,
			"contract %s: %d × %s at %s a card a month, %d-month minimum, %d days' notice, renews %s",
			"合同 %s：%d 张 %s，每卡每月 %s，最短 %d 个月，提前 %d 天通知，%s 续约"),
			rn.ID, rn.Cards, orDash(rn.GPU), av.Money(rn.MonthlyPrice(), "CNY"), rn.Term(), rn.NoticeDays, rn.Renews)})
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].when > items[j].when })
	var lines []string
	for _, it := range items {
		lines = append(lines, it.when+" · "+it.line)
	}
	col := av.Compare(av.Workload{}, []av.Evidence{r.evidence()}).Columns[0]
	return chat.Reply{
		Title:    fmt.Sprintf(chat.T(lang, "%s: %s", "%s：%s"), r.name, stageName(lang, col.Stage)),
		Summary:  chat.T(lang, "Next: ", "下一步：") + nextText(lang, col),
		Sections: []chat.Section{{Title: chat.T(lang, "Evidence, newest first", "资料（最新的在前）"), Lines: lines}},
		Buttons: []chat.Button{nextButton(lang, col),
			{Action: chat.ActionRun, Label: chat.T(lang, "Compare vendors", "对比供应商"), Value: chat.T(lang, "vendor compare", "供应商 对比")}},
		Data: map[string]any{"command": "vendor", "action": "show", "name": r.name, "stage": col.Stage, "evidence": lines,
			"next": nextJSON{Text: nextText(lang, col), Command: nextCommand(lang, col)}},
	}, nil
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
	_, r, err := d.one(ctx, c, a, examples[4])
	if err != nil {
		return chat.Reply{}, err
	}
	var what []string
	for _, p := range r.prices {
		what = append(what, fmt.Sprintf(chat.T(lang, "price %s (%s, %s)", "价格 %s（%s，%s）"), p.ID, p.GPU, p.Date))
	}
	for _, rn := range r.renewals {
		what = append(what, fmt.Sprintf(chat.T(lang, "contract %s (renews %s)", "合同 %s（%s 续约）"), rn.ID, rn.Renews))
	}
	checks := chat.T(lang, "Checklist checks are not deleted: they are forgotten 90 days after they were run.",
		"清单核查不会被删除：它们在核查 90 天后自动遗忘。")
	data := map[string]any{"command": "vendor", "action": "remove", "name": r.name, "removed": []string{}}
	if confirm != "yes" {
		if len(what) == 0 {
			return chat.Reply{Title: chat.T(lang, "Nothing to delete for ", "没有可删除的内容：") + r.name, Summary: checks, Data: data}, nil
		}
		cmd := chat.T(lang, "vendor remove ", "供应商 删除 ") + quote(r.name) + chat.T(lang, " confirm=yes", " 确认=yes")
		data["would_remove"] = what
		return chat.Reply{
			Title:   fmt.Sprintf(chat.T(lang, "Delete %s? Nothing is deleted yet", "删除 %s？尚未删除任何内容"), r.name),
			Summary: fmt.Sprintf(chat.T(lang, "This deletes, for every channel that sees them: %s. %s To go ahead: %s", "将删除（所有可见频道都会失去）：%s。%s确认删除：%s"), strings.Join(what, chat.T(lang, ", ", "、")), checks, cmd),
			Buttons: []chat.Button{{Action: chat.ActionRun, Label: chat.T(lang, "Delete ", "删除 ") + r.name, Value: cmd}},
			Data:    data,
			Private: true,
		}, nil
	}
	scope := store.Scope{Tenant: c.Req.Tenant, Channel: c.Req.Channel}
	var done []string
	fail := func(op string, err error) (chat.Reply, error) {
		k := kept
		if len(done) > 0 {
			k.Then = "deleted before it failed: " + strings.Join(done, ", ")
			k.ThenZH = "失败前已删除：" + strings.Join(done, "、")
		}
		return chat.Reply{}, k.Failed(c, d.Log, op, err)
	}
	for i, p := range r.prices {
		if err := d.Prices.DeletePrice(ctx, scope, p.ID); err != nil && !errors.Is(err, store.ErrNotFound) {
			return fail("remove", err)
		}
		done = append(done, what[i])
	}
	for i, rn := range r.renewals {
		if err := d.Renewals.DeleteRenewal(ctx, scope, rn.ID); err != nil && !errors.Is(err, store.ErrNotFound) {
			return fail("remove", err)
		}
		done = append(done, what[len(r.prices)+i])
	}
	data["removed"] = done
	return chat.Reply{
		Title:   chat.T(lang, "Deleted: ", "已删除：") + r.name,
		Summary: orNone(lang, strings.Join(done, chat.T(lang, ", ", "、"))) + chat.T(lang, ". ", "。") + checks,
		Data:    data,
	}, nil
}

func orNone(lang chat.Lang, s string) string {
	if s == "" {
		return chat.T(lang, "nothing", "无")
	}
	return s
}
