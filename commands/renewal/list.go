package renewal

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/store"
)

// listed is one renewal as `renewal list --json` shows it.
type listed struct {
	rules.Renewal
	Deadline     rules.Date `json:"deadline"`
	CycleRenews  rules.Date `json:"cycle_renews"`
	NextReminder rules.Date `json:"next_reminder,omitzero"`
	// DeadlinePassed and NextDeadline: the notice deadline of a renewal
	// still ahead has passed (rules.Notice); the next cycle's deadline.
	DeadlinePassed bool         `json:"deadline_passed"`
	NextDeadline   rules.Date   `json:"next_deadline"`
	Notice         rules.Notice `json:"notice"`
}

func (d Deps) list(ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	if len(a.Words) > 0 || len(a.Keys()) > 0 {
		return chat.Reply{}, chat.Invalid(c.Lang, "list", "renewal list takes nothing after it", "续约 列表 后面不需要参数", "renewal list")
	}
	rs, err := d.Store.ListRenewals(ctx, scope(c))
	if err != nil {
		return chat.Reply{}, d.storeError(c, "list", err)
	}
	lang := c.Lang
	today := rules.DateOf(c.Now, d.loc())
	items := []listed{}
	var warnings []string
	if len(rs) == 0 {
		return chat.Reply{
			Title:   chat.T(lang, "No renewals stored in this channel or team-wide", "本频道和全团队都还没有保存续约"),
			Summary: chat.T(lang, "Add one and I will remind this channel before its notice deadline:", "添加一个，我会在通知截止日前提醒本频道：") + "\n" + words().Localize(lang, examples[0]),
			Data:    map[string]any{"command": "renewal", "action": "list", "renewals": items},
		}, nil
	}
	t := chat.Table{Header: []string{
		chat.T(lang, "id", "编号"), chat.T(lang, "vendor", "供应商"), chat.T(lang, "cards", "显卡"),
		chat.T(lang, "per month", "每月"), chat.T(lang, "renews", "续约日"), chat.T(lang, "deadline", "截止日"),
		chat.T(lang, "next reminder", "下次提醒"), chat.T(lang, "last reminder", "上次提醒"), chat.T(lang, "actual use", "实际用量"),
	}}
	for _, r := range rs {
		cycle := r.CycleOn(today)
		n := r.NoticeOn(today)
		it := listed{Renewal: r, Deadline: cycle.Deadline, CycleRenews: cycle.Renews, DeadlinePassed: n.Passed, NextDeadline: n.Next.Deadline, Notice: n}
		if n.Passed {
			warnings = append(warnings, r.ID+chat.T(lang, ": ", "：")+passedText(lang, r, n))
		}
		// The due index says when the engine looks next: on or before today
		// means a reminder waits for the next run.
		next := "-"
		if !r.NextCheck.IsZero() {
			it.NextReminder = r.NextCheck
			next = r.NextCheck.String()
			if rem, ok := r.Due(today); ok && !r.NextCheck.After(today) {
				it.NextReminder = today
				next = fmt.Sprintf(chat.T(lang, "next run (%d-day)", "下次运行（%d 天）"), rem.Offset)
			}
		}
		use := "-"
		if len(r.Usage) > 0 {
			use = hoursText(lang, r.Usage)
		}
		t.Rows = append(t.Rows, []string{r.ID, r.Vendor, cardsText(r), yuan(r.MonthlyTotal()), cycle.Renews.String(), cycle.Deadline.String(), next,
			deliveryText(lang, r.LastDelivery, d.loc()), use})
		items = append(items, it)
	}
	return chat.Reply{
		Title: fmt.Sprintf(chat.T(lang, "Renewals of this channel and the team-wide ones (%d)", "本频道及全团队共享的续约（%d 个）"), len(rs)),
		Summary: chat.T(lang, "The deadline is the renewal date minus the notice period; reminders come before it. Renewals added in other channels are listed there, unless added with scope=team.",
			"截止日 = 续约日 − 提前通知期；提醒在截止日之前发出。其他频道添加的续约只在那里列出，除非添加时写了 范围=团队。"),
		Tables:   []chat.Table{t},
		Warnings: warnings,
		Data:     map[string]any{"command": "renewal", "action": "list", "renewals": items},
	}, nil
}

// deliveryText says how the last reminder went: where, when, and why not.
func deliveryText(lang chat.Lang, dl *rules.Delivery, loc *time.Location) string {
	if dl == nil {
		return "-"
	}
	day := dl.At.In(loc).Format("2006-01-02")
	why := dl.Error
	if i := strings.LastIndex(why, ": "); i >= 0 {
		why = why[i+2:] // the platform's own reason (not_in_channel), not the call chain
	}
	switch dl.Via {
	case rules.ViaChannel:
		return fmt.Sprintf(chat.T(lang, "%s (%d-day): posted here", "%s（%d 天）：已发到本频道"), day, dl.Offset)
	case rules.ViaDM:
		return fmt.Sprintf(chat.T(lang, "%s (%d-day): not posted here (%s), sent as a DM to whoever added it; retried next run",
			"%s（%d 天）：未能发到本频道（%s），已私信添加人；下次运行重试"), day, dl.Offset, why)
	}
	return fmt.Sprintf(chat.T(lang, "%s (%d-day): failed (%s); retried next run", "%s（%d 天）：发送失败（%s）；下次运行重试"), day, dl.Offset, why)
}

func (d Deps) remove(ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	id, err := oneID(c, a, "renewal remove k7m2p9")
	if err != nil {
		return chat.Reply{}, err
	}
	r, err := d.get(ctx, c, id)
	if err != nil {
		return chat.Reply{}, err
	}
	err = d.Store.DeleteRenewal(ctx, scope(c), id)
	if errors.Is(err, store.ErrNotFound) {
		return chat.Reply{}, notFound(c, id)
	}
	if err != nil {
		return chat.Reply{}, d.storeError(c, "delete", err)
	}
	lang := c.Lang
	return chat.Reply{
		Title: fmt.Sprintf(chat.T(lang, "Removed renewal %s", "已删除续约 %s"), id),
		Summary: fmt.Sprintf(chat.T(lang, "%s (renews %s): no more reminders for it.", "%s（续约日 %s）：不会再为它发送提醒。"),
			what(r), r.Renews),
		Data: map[string]any{"command": "renewal", "action": "remove", "renewal_id": id, "removed": true},
	}, nil
}
