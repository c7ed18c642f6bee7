package renewal

import (
	"context"
	"errors"
	"fmt"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/store"
)

func (d Deps) usage(ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	id, err := oneID(c, a, "renewal usage k7m2p9 hours=310")
	if err != nil {
		return chat.Reply{}, err
	}
	hours, err := a.List("hours", 0, rules.MaxMonthHours)
	if err != nil {
		return chat.Reply{}, err
	}
	if e := a.InYuan("ondemand"); e != nil { // ondemand=$2 is not ¥2
		return chat.Reply{}, e
	}
	ondemand, err := a.NumberOr("ondemand", 0, 0.0001, 1e7)
	if err != nil {
		return chat.Reply{}, err
	}
	r, err := d.get(ctx, c, id)
	if err != nil {
		return chat.Reply{}, err
	}
	if len(hours) > 1 && len(hours) != r.Cards {
		return chat.Reply{}, chat.Invalidf(c.Lang, "hours", fmt.Sprintf("renewal usage %s hours=310", id),
			"%d hour values for %d cards: give one average, or one value per card", "给了 %d 个小时数，但合同有 %d 张卡：请给一个平均值，或每卡一个值", len(hours), r.Cards)
	}
	r, err = d.Store.SetUsage(ctx, scope(c), id, hours, ondemand)
	if errors.Is(err, store.ErrNotFound) {
		return chat.Reply{}, notFound(c, id)
	}
	if err != nil {
		return chat.Reply{}, d.storeError(c, "save", err)
	}
	lang := c.Lang
	today := rules.DateOf(c.Now, d.loc())
	cycle := r.CycleOn(today)
	adv := advise(lang, r)
	return chat.Reply{
		Title:    fmt.Sprintf(chat.T(lang, "Usage recorded for %s: %s", "已记录 %s 的用量：%s"), id, what(r)),
		Summary:  adv.summary,
		Facts:    facts(lang, r, cycle, today),
		Sections: []chat.Section{{Title: chat.T(lang, "Keep or switch", "续约还是切换"), Lines: adv.lines}},
		Data:     map[string]any{"command": "renewal", "action": "usage", "renewal": r, "deadline": cycle.Deadline, "advice": adv.data},
	}, nil
}

// get reads renewal id of the caller's scope; a missing one is the
// not-found error, any other failure the store error.
func (d Deps) get(ctx context.Context, c *chat.Call, id string) (rules.Renewal, error) {
	r, err := d.Store.GetRenewal(ctx, scope(c), id)
	if errors.Is(err, store.ErrNotFound) {
		return r, notFound(c, id)
	}
	if err != nil {
		return r, d.storeError(c, "read", err)
	}
	return r, nil
}
