package draft

import (
	"context"
	"errors"
	"fmt"
	"strings"

	root "gpuadvisor/advisor"
	advisor "gpuadvisor/advisor/billing"
	"gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
	"gpuadvisor/prompts"
	"gpuadvisor/store"
)

var renewalKeys = root.Lazy[[]chat.Key]{New: func() []chat.Key {
	return append([]chat.Key{vendorKey()}, keytab.DraftRenewal...)
}}

func renewalCommand(d *drafter) *chat.Command {
	return &chat.Command{
		Name:     nameRenewal,
		Aliases:  []string{"renewal", "renew", "续约", "续约邮件"},
		Examples: []string{examples[3], examples[4], "起草 续约 供应商=酷算云 包月=1.5万 用量=310小时 按需=35 续约日=2027-03-01 卡数=8"},
		Keys:     renewalKeys.Get(),
		Run:      func(context.Context, *chat.Call) (chat.Reply, error) { return chat.Reply{}, nil },
	}
}

// renewalFacts are a renewal's facts, stored or typed, before the advice.
type renewalFacts struct {
	id       string
	vendor   string
	gpu      string
	cards    int
	monthly  float64
	ondemand float64
	hours    []float64
	renews   renewal.Date
	notice   int // days; -1 when unknown
	months   int // the notice in calendar months when given so; 0: in days
	term     int // months of a stored contract's term; 0 when typed (a month)
}

func (d *drafter) readRenewal(ctx context.Context, c *chat.Call) (renewalFacts, error) {
	a, lang := c.Args, c.Lang
	f := renewalFacts{notice: -1}
	ex := examples[3]
	if len(a.Words) > 0 {
		f.id = a.Words[0]
		if d.renewals == nil {
			return f, chat.Invalidf(lang, "id", ex,
				"renewal %q: there is no renewal store here; give the facts instead, like %s",
				"续约 %q：这里没有续约存储；请直接给出事实，例如 %s", f.id, ex)
		}
		r, err := d.renewals.GetRenewal(ctx, store.Scope{Tenant: c.Req.Tenant, Channel: c.Req.Channel}, f.id)
		if errors.Is(err, store.ErrNotFound) {
			return f, &chat.Error{Code: chat.CodeNotFound, Key: "id", Example: "renewal list",
				Message: fmt.Sprintf(chat.T(lang, "no renewal %q here (this channel's and the team-wide ones); `renewal list` shows them", "这里没有续约 %q（本频道的和团队共享的）；`续约 列表` 可查看"), f.id)}
		}
		if err != nil {
			return f, fmt.Errorf("draft renewal: get %s: %w", f.id, err)
		}
		f.vendor, f.gpu, f.cards, f.monthly, f.ondemand = r.Vendor, r.GPU, r.Cards, r.MonthlyPrice(), r.OnDemand
		f.hours, f.renews, f.notice, f.months, f.term = r.Usage, r.Renews, r.NoticeDays, r.NoticeMonths, r.Term()
		ex = "draft renewal " + f.id + " ondemand=35 hours=310"
	}
	// typed keys fill or override the stored facts
	var err error
	if raw, ok := a.Raw("vendor"); ok {
		if f.vendor, err = checkVendor(lang, raw, ex); err != nil {
			return f, err
		}
	}
	if e := a.InYuan("price", "ondemand"); e != nil { // price=$1500 is not ¥1,500 in a letter
		return f, e
	}
	if a.Has("price") {
		if f.monthly, err = a.Number("price", 0.01, 1e9); err != nil {
			return f, err
		}
	}
	if a.Has("ondemand") {
		if f.ondemand, err = a.Number("ondemand", 0.01, 1e6); err != nil {
			return f, err
		}
	}
	if a.Has("hours") {
		if f.hours, err = a.List("hours", 0, renewal.MaxMonthHours); err != nil {
			return f, err
		}
	}
	if a.Has("cards") {
		if f.cards, err = a.Int("cards", 1, renewal.MaxCards); err != nil {
			return f, err
		}
	}
	if a.Has("gpu") {
		if f.gpu, err = checkVendor(lang, a.StringOr("gpu", ""), ex); err != nil {
			return f, chat.Invalidf(lang, "gpu", ex, "gpu=%q is not a card name", "gpu=%q 不是卡型名称", a.StringOr("gpu", ""))
		}
	}
	if day, _, ok, derr := a.Date("renews"); derr != nil {
		return f, a.DateError("renews", ex) // why it is no day: 2027-02-30, 3月1日, 明天, a UTC time on another day in China
	} else if ok {
		f.renews = renewal.Date{Year: day.Year(), Month: day.Month(), Day: day.Day()}
	}
	if a.Has("notice") {
		if f.notice, f.months, err = a.DaysOrMonths("notice", renewal.MaxNoticeDays); err != nil {
			return f, err
		}
	}
	missing := func(key, en, zh string) error {
		return chat.Invalidf(lang, key, ex, "missing %s: %s", "缺少 %s：%s", a.Name(key), chat.T(lang, en, zh))
	}
	switch {
	case f.vendor == "":
		return f, missing("vendor", "who is the contract with?", "合同是和谁签的？")
	case f.monthly <= 0:
		return f, missing("price", "the monthly price per card", "每卡每月价格")
	case f.ondemand <= 0:
		return f, missing("ondemand", "the on-demand price per card-hour, to compute the break-even", "每卡每小时按需价格，用于计算盈亏平衡点")
	case len(f.hours) == 0:
		return f, missing("hours", "the actual busy hours per card per month (record them with `renewal usage <id> hours=310`)", "每卡每月实际使用小时（可用 `续约 用量 <id> 时长=310` 记录）")
	case f.renews.IsZero():
		return f, missing("renews", "the renewal day, YYYY-MM-DD", "续约日，YYYY-MM-DD")
	}
	return f, nil
}

func (d *drafter) renewal(ctx context.Context, c *chat.Call) (sub, error) {
	f, err := d.readRenewal(ctx, c)
	if err != nil {
		return sub{}, err
	}
	lang := c.Lang
	adv, err := advisor.AdviseRenewal(advisor.Contract{Monthly: f.monthly, OnDemand: f.ondemand, Hours: f.hours, Cards: f.cards})
	if err != nil {
		if e, ok := chat.FromDomain(lang, err); ok {
			return sub{}, e
		}
		return sub{}, fmt.Errorf("draft renewal: advice: %w", err)
	}
	t := prompts.RenewalTerms{
		Vendor: f.vendor, GPU: f.gpu, Cards: adv.Cards, Monthly: f.monthly, OnDemand: f.ondemand, Hours: adv.Hours,
		Renews: f.renews.String(), Action: string(adv.Action), BreakEven: adv.BreakEvenHours,
		MonthlyTotal: adv.CurrentCost, OnDemandCost: adv.OnDemandCost, AdvisedCost: adv.AdvisedCost, Savings: adv.SavingsPerMonth,
	}
	cycleDates(&t, f, renewal.DateOf(c.Now, renewal.Shanghai()))
	return sub{
		what: "the renewal e-mail to " + f.vendor, whatZH: "给" + f.vendor + "的续约邮件",
		write: func(ctx context.Context) (chat.Reply, error) {
			dr, err := d.svc.Renewal(ctx, string(lang), t)
			if err != nil {
				return chat.Reply{}, fmt.Errorf("draft renewal: %w", err)
			}
			title := fmt.Sprintf(chat.T(lang, "Renewal e-mail to %s (draft)", "给%s的续约邮件（草稿）"), f.vendor)
			extra := []chat.Fact{{Label: chat.T(lang, "Advice", "建议"), Value: actionText(lang, adv.Action)}}
			sections := []chat.Section{{Title: chat.T(lang, "How the numbers were computed", "数字的来历"), Lines: []string{
				adv.Explain(string(lang)),
				chat.T(lang, "Break-even hours per card per month = monthly price / on-demand price per hour.",
					"每卡每月盈亏平衡小时 = 包月价格 / 每小时按需价格。"),
				chat.T(lang, "On-demand cost = actual hours × on-demand price, summed over the cards; the price that pays off per card is that cost per card.",
					"按需费用 = 实际小时 × 按需价格，按卡求和；划算的每卡包月价格上限即每卡的按需费用。"),
			}}}
			var warnings []string
			if f.cards == 0 && len(f.hours) == 1 {
				warnings = append(warnings, chat.T(lang, "cards not given: counted as 1 card. Add cards=8 for the whole contract.", "未给出卡数：按 1 张卡计算。请加上 cards=8 计算整个合同。"))
			}
			data := map[string]any{"vendor": f.vendor, "advice": map[string]any{
				"action": adv.Action, "break_even_hours": adv.BreakEvenHours, "current_cost": adv.CurrentCost,
				"ondemand_cost": adv.OnDemandCost, "advised_cost": adv.AdvisedCost, "savings_per_month": adv.SavingsPerMonth}}
			if f.id != "" {
				data["renewal_id"] = f.id
			}
			return draftReply(lang, dr, title, extra, sections, warnings, data), nil
		},
	}, nil
}

func actionText(lang chat.Lang, a advisor.Action) string {
	switch a {
	case advisor.Keep:
		return chat.T(lang, "keep the monthly contract, renegotiate the price", "保留包月，争取降价")
	case advisor.Downgrade:
		return chat.T(lang, "move to on-demand unless the price comes down", "除非降价，否则改为按需")
	}
	return strings.TrimSpace(chat.T(lang, "hybrid: renew the busy cards only", "混合：只续约用量高的卡"))
}

// cycleDates puts the renewal's dates into the e-mail, never one in the
// past: the stored (or typed) renewal and its deadline while the deadline
// is ahead; when the deadline passed and the renewal is still ahead, those
// dates with a request to waive the notice and the next cycle's; once the
// renewal day itself is past, the cycle current today (advisor/renewal
// Notice).
func cycleDates(t *prompts.RenewalTerms, f renewalFacts, today renewal.Date) {
	r := renewal.Renewal{Renews: f.renews, NoticeDays: max(f.notice, 0), NoticeMonths: f.months, Mode: renewal.Monthly, TermMonths: f.term}
	n := r.NoticeOn(today)
	c := n.Next
	if n.Passed {
		c = n.Missed
		t.Passed, t.NextRenews, t.NextDeadline = true, n.Next.Renews.String(), n.Next.Deadline.String()
	}
	t.Renews = c.Renews.String()
	if f.notice >= 0 { // with no notice period known, no deadline can have passed
		t.Deadline = c.Deadline.String()
	}
}
