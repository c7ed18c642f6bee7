package renewal

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
	"gpuadvisor/store"
)

// read builds a renewal from the keys of `renewal add`, checking each value
// as it is read; the cross-checks are the rules' (Validate).
func read(c *chat.Call, a *chat.Args) (rules.Renewal, []string, error) {
	lang := c.Lang
	var notes []string
	if len(a.Words) > 0 {
		if e := a.BareKey(a.Words[0]); e != nil {
			return rules.Renewal{}, nil, e
		}
		if k, v, ok := strings.Cut(a.Words[0], ":"); ok && v != "" {
			if key := addKeyName(k); key != "" {
				return rules.Renewal{}, nil, chat.Invalidf(lang, key, keyExample(key),
					"%q: join a key and its value with =, not a colon: %s=%s", "%q：键和值之间请用 =，不要用冒号：%s=%s", a.Words[0], k, v)
			}
		}
		return rules.Renewal{}, nil, chat.Invalidf(lang, "vendor", examples[0],
			"renewal add takes key=value pairs; %q is not one (write vendor=%s?)", "续约 添加 只接受 参数=值；%q 不是（是想写 供应商=%s 吗？）", a.Words[0], a.Words[0])
	}
	if e := a.InYuan("price", "ondemand"); e != nil { // price=$1500 is not ¥1,500
		return rules.Renewal{}, nil, e
	}
	vendor, err := a.String("vendor")
	if err != nil {
		return rules.Renewal{}, nil, err
	}
	if e := a.CountInCard("gpu", "cards"); e != nil { // gpu=8xA100: never stored as a card's name
		return rules.Renewal{}, nil, e
	}
	cards, err := a.Int("cards", 1, rules.MaxCards)
	if err != nil {
		return rules.Renewal{}, nil, err
	}
	rawPrice, _ := a.Raw("price")
	period := chat.PricePeriod(rawPrice)
	def := "monthly"
	switch {
	case a.Has("mode"):
	case period == chat.PerYear:
		def = "yearly" // 16.2万/年 says the period itself
	case period != chat.PerMonth:
		notes = append(notes, chat.T(lang, "mode not given: the price is taken as per card per month (mode=monthly).",
			"未写计费方式：价格按每卡每月计（方式=包月）。"))
	}
	mode, err := a.Choice("mode", def, []string{"monthly", "quarterly", "yearly"}, modeAliases.Get())
	if err != nil {
		return rules.Renewal{}, nil, err
	}
	price, err := a.Number("price", 0.01, 1e9)
	if err != nil {
		return rules.Renewal{}, nil, err
	}
	if err := pricePeriod(lang, rules.Mode(mode), rawPrice, period); err != nil {
		return rules.Renewal{}, nil, err
	}
	if _, err := a.String("renews"); err != nil {
		return rules.Renewal{}, nil, err
	}
	day, _, _, err := a.Date("renews")
	renews := rules.Date{Year: day.Year(), Month: day.Month(), Day: day.Day()}
	if err != nil {
		return rules.Renewal{}, nil, a.DateError("renews", keyExample("renews"))
	}
	if !a.Has("notice") {
		notes = append(notes, chat.T(lang, "notice not given: the deadline is the renewal date itself. Check the contract's notice clause and add notice=30d if it has one.",
			"未写提前通知期：截止日即续约日。请核对合同的通知条款，如有请加上 通知期=30天。"))
	}
	notice, noticeMonths, err := a.DaysOrMonths("notice", rules.MaxNoticeDays)
	if err != nil {
		return rules.Renewal{}, nil, err
	}
	r := rules.Renewal{
		Tenant: c.Req.Tenant, Platform: c.Req.Platform, Channel: c.Req.Channel, CreatedBy: c.Req.User,
		Lang: string(lang), CreatedAt: c.Now.UTC(),
		Vendor: strings.TrimSpace(vendor), GPU: strings.TrimSpace(a.StringOr("gpu", "")), Cards: cards,
		Mode: rules.Mode(mode), Price: price, Renews: renews, NoticeDays: notice, NoticeMonths: noticeMonths,
	}
	if a.Has("remind") {
		vs, err := a.List("remind", 0, rules.MaxOffsetDays)
		if err != nil {
			return r, nil, err
		}
		days, err := wholeDays(lang, "remind", vs)
		if err != nil {
			return r, nil, err
		}
		if r.Offsets, err = rules.NormalizeOffsets(days); err != nil {
			return r, nil, fieldError(lang, err)
		}
	}
	if r.OnDemand, err = a.NumberOr("ondemand", 0, 0.0001, 1e7); err != nil {
		return r, nil, err
	}
	if raw, _ := a.Raw("ondemand"); a.Has("ondemand") {
		if p := chat.PricePeriod(raw); p != chat.NoPeriod && p != chat.PerHour {
			return r, nil, chat.Invalidf(lang, "ondemand", keyExample("ondemand"),
				"ondemand=%s is not a price per card-hour; write it like ondemand=35 or 35元/时",
				"按需价 %s 不是每卡每小时的价格；请写成 按需=35 或 35元/时", raw)
		}
	}
	if months, raw, ok, err := a.Months("term", rules.MaxTermMonths); err != nil {
		return r, nil, chat.Invalidf(lang, "term", "renewal add ... term=3m",
			"term=%q is not a term I can read: whole months 1 to %d, written 3m, 3个月, 1y, 半年 or 一年半",
			"期限 %q 无法识别：应为 1 到 %d 个整月，写成 3个月、1季度、半年、1年 或 一年半", raw, rules.MaxTermMonths)
	} else if ok {
		r.TermMonths = months
	}
	scope, err := a.Choice("scope", rules.ScopeChannel, []string{rules.ScopeChannel, rules.ScopeTeam}, scopeAliases.Get())
	if err != nil {
		return r, nil, err
	}
	r.Scope = scope
	if a.Has("hours") {
		if r.Usage, err = a.List("hours", 0, rules.MaxMonthHours); err != nil {
			return r, nil, err
		}
	}
	return r, notes, nil
}

// addKeyName is the key of `renewal add` a name or alias stands for, "" when none.
func addKeyName(name string) string {
	k, _ := chat.LookupKey(keytab.RenewalAdd, name)
	return k.Name
}

// pricePeriod refuses a price whose unit names another period than the
// mode's: 35元/时 or 15000元/月 for a yearly contract would be stored as the
// price per card per year.
func pricePeriod(lang chat.Lang, mode rules.Mode, raw string, p chat.Period) error {
	want := map[rules.Mode]chat.Period{rules.Monthly: chat.PerMonth, rules.Yearly: chat.PerYear}[mode]
	if p == chat.NoPeriod || p == want {
		return nil
	}
	per := map[rules.Mode][3]string{rules.Monthly: {"month", "月", "包月"}, rules.Quarterly: {"quarter", "季", "包季"}, rules.Yearly: {"year", "年", "包年"}}[mode]
	got := map[chat.Period][2]string{chat.PerHour: {"an hour", "每小时"}, chat.PerMonth: {"a month", "每月"}, chat.PerYear: {"a year", "每年"}, chat.PerGB: {"a GB", "每GB"}}[p]
	fix := map[chat.Period][2]string{chat.PerHour: {"or put the hourly price in ondemand=", "按小时的价格请写在 按需= 里"},
		chat.PerMonth: {"or set mode=monthly", "或改为 方式=包月"}, chat.PerYear: {"or set mode=yearly", "或改为 方式=包年"}, chat.PerGB: {"not a price per GB", "不是每GB的价格"}}[p]
	return chat.Invalidf(lang, "price", keyExample("price"),
		"price=%s is a price %s, but mode=%s takes the price per card per %s: give that price, %s",
		"价格 %s 是%s的价格，但计费方式（%s）要的是每卡每%s的价格：请改写这个价格，%s",
		raw, chat.T(lang, got[0], got[1]), chat.T(lang, string(mode), per[2]), chat.T(lang, per[0], per[1]), chat.T(lang, fix[0], fix[1]))
}

func (d Deps) add(ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	r, notes, err := read(c, a)
	if err != nil {
		return chat.Reply{}, err
	}
	today := rules.DateOf(c.Now, d.loc())
	if err := r.Validate(today); err != nil {
		return chat.Reply{}, fieldError(c.Lang, err)
	}
	if old, ok, err := d.stored(ctx, c, r); err != nil {
		return chat.Reply{}, err
	} else if ok {
		return d.alreadyStored(ctx, c, old, r, today, notes)
	}
	r.NextCheck = r.FirstCheck(today)
	for try := 0; ; try++ {
		r.ID = d.newID()
		err = d.Store.CreateRenewal(ctx, r)
		if !errors.Is(err, store.ErrConflict) || try == 4 {
			break
		}
	}
	if err != nil {
		return chat.Reply{}, d.storeError(c, "save", err)
	}
	rep := addReply(c.Lang, r, today, notes)
	if w := d.membership(ctx, c); w != "" {
		rep.Warnings = append(rep.Warnings, w)
	}
	return rep, nil
}

// membership checks that reminders can be posted where the renewal was
// added (a slash command answers anywhere through response_url, a reminder
// does not) and says how to invite the bot when they cannot.
func (d Deps) membership(ctx context.Context, c *chat.Call) string {
	m := d.Members[c.Req.Platform]
	if m == nil || c.Req.Channel == "" {
		return ""
	}
	ok, err := m.CanPost(ctx, c.Req.Channel)
	lang := c.Lang
	switch {
	case err != nil:
		d.log().Warn("renewal add: membership check failed", "platform", c.Req.Platform, "channel", c.Req.Channel, "err", err)
		return chat.T(lang, "I could not check that I can post reminders in this conversation; if they do not arrive here, they come to you as a direct message.",
			"无法确认我能否在此会话中发送提醒；如果提醒没有发到这里，会以私信发给你。")
	case ok:
		return ""
	case c.Req.Platform == "feishu":
		return chat.T(lang, "I am not in this group, so I cannot post the reminders here: add me in the group settings (设置 → 群机器人 → 添加机器人). Until then each reminder comes to you as a direct message.",
			"我不在这个群里，无法在这里发送提醒：请在群设置中添加我（设置 → 群机器人 → 添加机器人）。在此之前，每条提醒都会私信发给你。")
	}
	return chat.T(lang, "I am not a member of this conversation, so I cannot post the reminders here: type /invite @gpuadvisor in it (a private channel or a group DM needs that; a DM between people cannot hold me, add the renewal in a channel instead). Until then each reminder comes to you as a direct message.",
		"我不是此会话的成员，无法在这里发送提醒：请在其中输入 /invite @gpuadvisor（私有频道和多人私信需要这样做；两人之间的私信无法加入机器人，请改在频道中添加续约）。在此之前，每条提醒都会私信发给你。")
}

// scopeFact says who sees the renewal.
func scopeFact(lang chat.Lang, r rules.Renewal) chat.Fact {
	v := chat.T(lang, "this channel only (scope=team shares it with the whole team)", "仅本频道（范围=团队 可与全团队共享）")
	if r.TeamWide() {
		v = chat.T(lang, "every channel of the team (scope=team)", "团队所有频道（范围=团队）")
	}
	return chat.Fact{Label: chat.T(lang, "seen in", "可见范围"), Value: v}
}

func addReply(lang chat.Lang, r rules.Renewal, today rules.Date, notes []string) chat.Reply {
	cycle, plan := r.Plan(today)
	notice := r.NoticeOn(today)
	rep := chat.Reply{
		Title: fmt.Sprintf(chat.T(lang, "Renewal saved: %s (id %s)", "已保存续约：%s（编号 %s）"), what(r), r.ID),
		Summary: fmt.Sprintf(chat.T(lang, "Notice deadline %s = renews %s − %s. ", "通知截止日 %s = 续约日 %s − %s。"),
			cycle.Deadline, cycle.Renews, noticeWords(lang, r)) + coming(lang, plan, false),
		Facts: append([]chat.Fact{{Label: chat.T(lang, "id", "编号"), Value: r.ID}, scopeFact(lang, r)}, facts(lang, r, cycle, today)...),
	}
	if notice.Passed {
		rep.Summary = passedText(lang, r, notice) + chat.T(lang, " ", "") + coming(lang, plan, true)
	}
	table := chat.Table{Title: chat.T(lang, "Reminders", "提醒"),
		Header: []string{chat.T(lang, "before the deadline", "截止日前"), chat.T(lang, "day", "日期"), chat.T(lang, "status", "状态")}}
	for _, p := range plan {
		table.Rows = append(table.Rows, []string{daysText(lang, p.Offset), p.Date.String(), planStatus(lang, p)})
	}
	rep.Tables = []chat.Table{table}
	rep.Warnings = notes
	if rem, ok := r.Due(today); ok && slices.ContainsFunc(plan, func(p rules.Planned) bool { return p.Offset == rem.Offset && p.Coming() }) {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf(chat.T(lang,
			"The %d-day reminder is due already (its day is %s): the next reminder run sends it at once; earlier days are caught up in it, not skipped.",
			"%d 天提醒已到期（日期 %s）：下次提醒运行会立即发送；更早的提醒合并补发，不会跳过。"),
			rem.Offset, rem.Date))
	}
	rep.Sections = []chat.Section{{Title: chat.T(lang, "Next", "接下来"), Lines: []string{
		fmt.Sprintf(chat.T(lang, "`renewal usage %s hours=310 ondemand=35` records the actual hours per card per month for the keep-or-switch advice.",
			"`续约 用量 %s 时长=310 按需=35` 记录每卡每月实际小时数，用于续约或切换建议。"), r.ID),
		fmt.Sprintf(chat.T(lang, "`renewal edit %s price=40000` changes it (any key of renewal add) and moves its reminders.", "`续约 修改 %s 价格=40000` 修改它（参数与 续约 添加 相同），提醒随之调整。"), r.ID),
		fmt.Sprintf(chat.T(lang, "`renewal remove %s` deletes it and its reminders.", "`续约 删除 %s` 删除该续约及其提醒。"), r.ID),
	}}}
	var days []map[string]any
	for _, p := range plan {
		day := map[string]any{"offset_days": p.Offset, "date": p.Date, "status": p.Status}
		if p.Into > 0 {
			day["into_offset_days"] = p.Into
		}
		days = append(days, day)
	}
	rep.Data = map[string]any{"command": "renewal", "action": "add", "renewal": r,
		"cycle": cycle, "deadline": cycle.Deadline, "reminders": days,
		"deadline_passed": notice.Passed, "next_deadline": notice.Next.Deadline, "notice": notice}
	return rep
}

// passedText says first what a passed notice deadline means: the renewal
// on the day typed happens unless the vendor waives the notice, what it
// commits to, and the next cycle's deadline.
func passedText(lang chat.Lang, r rules.Renewal, n rules.Notice) string {
	return fmt.Sprintf(chat.T(lang,
		"The notice deadline for the renewal on %s passed on %s: it renews then unless %s waives the notice, committing %s (%s a month × %s). Ask %[3]s for a waiver in writing now; otherwise the next chance to cancel or renegotiate is the next cycle's deadline, %[7]s (renews %[8]s).",
		"%[1]s 续约的通知截止日 %[2]s 已过：除非%[3]s同意豁免通知期，合同将在 %[1]s 续约，承诺 %[4]s（每月 %[5]s × %[6]s）。请立即书面请求%[3]s豁免；否则下一次取消或重新谈判的机会是下一周期的截止日 %[7]s（续约日 %[8]s）。"),
		n.Missed.Renews, n.Missed.Deadline, r.Vendor, yuan(n.Commits), yuan(r.MonthlyTotal()), monthsText(lang, r.Term()), n.Next.Deadline, n.Next.Renews)
}
