package draft

import (
	"context"
	"fmt"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
	"gpuadvisor/prompts"
)

// SLA defaults, from docs/drafting.md: 7x24 response in 15–30 min, replacement
// within 4 h with a standby machine, 2x the order amount for an outage over
// 4 h. A default used is listed in the reply, never silent.
const (
	defaultResponse = 30  // minutes
	defaultReplace  = 240 // minutes
	defaultOutage   = 240 // minutes
	defaultComp     = 2.0
)

var slaKeys = advisor.Lazy[[]chat.Key]{New: func() []chat.Key {
	return append([]chat.Key{vendorKey()}, keytab.DraftSla...)
}}

func slaCommand(d *drafter) *chat.Command {
	return &chat.Command{
		Name:     nameSLA,
		Aliases:  []string{"sla", "条款", "sla条款", "合同条款"},
		Examples: []string{examples[0], "起草 条款 供应商=酷算云 响应=15分钟 更换=4小时 故障=4小时 赔偿=2倍"},
		Keys:     slaKeys.Get(),
		Run:      func(context.Context, *chat.Call) (chat.Reply, error) { return chat.Reply{}, nil }, // never run: the outer command does
	}
}

// slaInput reads and checks the SLA keys, noting each default used.
func slaInput(c *chat.Call) (prompts.SLATerms, []string, error) {
	a, lang := c.Args, c.Lang
	var t prompts.SLATerms
	var defaults []string
	raw, err := a.String("vendor")
	if err != nil {
		return t, nil, err
	}
	if t.Vendor, err = checkVendor(lang, raw, a.Example()); err != nil {
		return t, nil, err
	}
	num := func(key string, def, lo, hi float64, shown string) (float64, error) {
		if !a.Has(key) {
			defaults = append(defaults, key+"="+shown)
		}
		return a.NumberOr(key, def, lo, hi)
	}
	a.Within("response") // 30分钟内: the response and the replacement are limits themselves
	a.Within("replace")
	if t.ResponseMin, err = num("response", defaultResponse, 1, 1440, "30m"); err != nil {
		return t, nil, err
	}
	if t.ReplaceMin, err = num("replace", defaultReplace, 10, 10080, "4h"); err != nil {
		return t, nil, err
	}
	if t.OutageMin, err = num("outage", defaultOutage, 1, 10080, "4h"); err != nil {
		return t, nil, err
	}
	if t.Comp, err = num("comp", defaultComp, 0.1, 100, "2x"); err != nil {
		return t, nil, err
	}
	flag := func(key string) (bool, error) {
		if !a.Has(key) {
			defaults = append(defaults, key+"=yes")
		}
		return a.Bool(key, true)
	}
	if t.Migration, err = flag("migration"); err != nil {
		return t, nil, err
	}
	if t.Destruction, err = flag("destruction"); err != nil {
		return t, nil, err
	}
	return t, defaults, nil
}

func (d *drafter) sla(c *chat.Call) (sub, error) {
	t, defaults, err := slaInput(c)
	if err != nil {
		return sub{}, err
	}
	lang := c.Lang
	shown := make([]string, len(defaults)) // in the user's words: 销毁=是
	for i, kv := range defaults {
		shown[i] = slaCommand(d).Localize(lang, kv)
	}
	no := func(key string) string { return c.Args.Name(key) + chat.T(lang, "=no", "=否") }
	return sub{
		what: "the SLA clauses for " + t.Vendor, whatZH: t.Vendor + "的 SLA 条款",
		write: func(ctx context.Context) (chat.Reply, error) {
			dr, err := d.svc.SLA(ctx, string(lang), t)
			if err != nil {
				return chat.Reply{}, fmt.Errorf("draft sla: %w", err)
			}
			var warnings []string
			if len(defaults) > 0 {
				warnings = append(warnings, fmt.Sprintf(chat.T(lang,
					"Not given, so the usual contract terms were used: %s. Give them to change them.",
					"未给出，因此使用了常见合同条款：%s。如需修改请写明。"), strings.Join(shown, chat.T(lang, ", ", "，"))))
			}
			warnings = append(warnings, slaAdvice(lang, t)...)
			var left []string
			if !t.Migration {
				left = append(left, fmt.Sprintf(chat.T(lang, "migration at term end (%s)", "到期迁移（%s）"), no("migration")))
			}
			if !t.Destruction {
				left = append(left, fmt.Sprintf(chat.T(lang, "certified data destruction (%s)", "数据销毁（%s）"), no("destruction")))
			}
			var sections []chat.Section
			if len(left) > 0 {
				sections = append(sections, chat.Section{Title: chat.T(lang, "Clauses left out, as asked", "按要求省略的条款"), Lines: left})
			}
			data := map[string]any{"vendor": t.Vendor, "terms": map[string]any{
				"response_min": t.ResponseMin, "replace_min": t.ReplaceMin, "outage_min": t.OutageMin,
				"comp": t.Comp, "migration": t.Migration, "destruction": t.Destruction}, "defaults": defaults}
			title := fmt.Sprintf(chat.T(lang, "SLA clauses for %s (draft)", "%s SLA 条款（草稿）"), t.Vendor)
			return draftReply(lang, dr, title, nil, sections, warnings, data), nil
		},
	}, nil
}

// slaAdvice flags terms weaker than docs/checklist.md and docs/drafting.md call good.
func slaAdvice(lang chat.Lang, t prompts.SLATerms) []string {
	var w []string
	if t.ResponseMin > 30 {
		w = append(w, fmt.Sprintf(chat.T(lang, "response=%s is slower than the 15–30 minutes good 7x24 support gives.",
			"response=%s 比良好 7x24 支持的 15–30 分钟慢。"), chat.Num(t.ResponseMin)+"m"))
	}
	if t.ReplaceMin > 240 {
		w = append(w, fmt.Sprintf(chat.T(lang, "replace=%s is slower than the 4 h with a standby machine that counts as good (checklist item ops.hw_replace).",
			"replace=%s 比公认较好的“4 小时内用备用机更换”慢（清单项 ops.hw_replace）。"), chat.Num(t.ReplaceMin/60)+"h"))
	}
	if t.Comp < 1 {
		w = append(w, fmt.Sprintf(chat.T(lang, "comp=%sx pays back less than the order amount lost during the outage.",
			"comp=%sx 的赔偿低于故障期间损失的订单金额。"), chat.Num(t.Comp)))
	}
	return w
}
