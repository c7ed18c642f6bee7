package renewal

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gpuadvisor/advisor"
	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
	"gpuadvisor/store"
)

// editCommand reads the keys of `renewal edit` as `renewal add` reads them.
var editCommand = advisor.Lazy[*chat.Command]{New: func() *chat.Command {
	return &chat.Command{Name: "renewal", Keys: keytab.RenewalAdd, Examples: []string{examples[0]}}
}}

// storedTokens writes a stored renewal back as the keys of `renewal add`,
// so that an edit is read, checked and refused exactly as an add is.
func storedTokens(r rules.Renewal) []chat.Token {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	toks := []chat.Token{
		{Key: "vendor", Value: r.Vendor}, {Key: "cards", Value: strconv.Itoa(r.Cards)}, {Key: "mode", Value: string(r.Mode)},
		{Key: "price", Value: f(r.Price)}, {Key: "renews", Value: r.Renews.String()}, {Key: "notice", Value: noticeValue(r)},
		{Key: "scope", Value: cmpOr(r.Scope, rules.ScopeChannel)},
	}
	if r.GPU != "" {
		toks = append(toks, chat.Token{Key: "gpu", Value: r.GPU})
	}
	if len(r.Offsets) > 0 {
		ds := make([]string, len(r.Offsets))
		for i, d := range r.Offsets {
			ds[i] = strconv.Itoa(d)
		}
		toks = append(toks, chat.Token{Key: "remind", Value: strings.Join(ds, ",")})
	}
	if r.OnDemand > 0 {
		toks = append(toks, chat.Token{Key: "ondemand", Value: f(r.OnDemand)})
	}
	if r.TermMonths > 0 {
		toks = append(toks, chat.Token{Key: "term", Value: strconv.Itoa(r.TermMonths) + "m"})
	}
	if len(r.Usage) > 0 {
		hs := make([]string, len(r.Usage))
		for i, h := range r.Usage {
			hs[i] = f(h)
		}
		toks = append(toks, chat.Token{Key: "hours", Value: strings.Join(hs, ",")})
	}
	return toks
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// overlay replaces the stored keys by the typed ones.
func overlay(toks []chat.Token, a *chat.Args) []chat.Token {
	out := slices.Clone(toks)
	for _, k := range a.Keys() {
		raw, _ := a.Raw(k)
		i := slices.IndexFunc(out, func(t chat.Token) bool { return t.Key == k })
		if i < 0 {
			out = append(out, chat.Token{Key: k, Value: raw})
			continue
		}
		out[i].Value = raw
	}
	return out
}

// sameContract reports whether two renewals are the same contract: vendor,
// card, card count, mode, price, renewal date and notice period.
func sameContract(x, y rules.Renewal) bool {
	return strings.EqualFold(strings.TrimSpace(x.Vendor), strings.TrimSpace(y.Vendor)) && strings.EqualFold(x.GPU, y.GPU) &&
		x.Cards == y.Cards && x.Mode == y.Mode && x.Price == y.Price && x.Renews == y.Renews && x.NoticeDays == y.NoticeDays && x.NoticeMonths == y.NoticeMonths
}

// changes lists what differs from old to r, in the user's language; none
// when the two are the same stored renewal.
func changes(lang chat.Lang, old, r rules.Renewal) []string {
	var out []string
	add := func(en, zh, from, to string) {
		if from != to {
			out = append(out, fmt.Sprintf("%s %s → %s", chat.T(lang, en, zh), from, to))
		}
	}
	ints := func(vs []int) string {
		s := make([]string, len(vs))
		for i, v := range vs {
			s[i] = strconv.Itoa(v)
		}
		return strings.Join(s, ",")
	}
	add("vendor", "供应商", old.Vendor, r.Vendor)
	add("card", "显卡", cmpOr(old.GPU, "-"), cmpOr(r.GPU, "-"))
	add("cards", "卡数", strconv.Itoa(old.Cards), strconv.Itoa(r.Cards))
	add("mode", "计费方式", modeWord(lang, old.Mode), modeWord(lang, r.Mode))
	add("price", "价格", yuan(old.Price), yuan(r.Price))
	add("renews", "续约日", old.Renews.String(), r.Renews.String())
	add("notice", "提前通知", noticeText(lang, old), noticeText(lang, r))
	add("reminders (days before the deadline)", "提醒（截止日前天数）", ints(old.RemindOffsets()), ints(r.RemindOffsets()))
	add("on-demand", "按需价", orDash(old.OnDemand), orDash(r.OnDemand))
	add("term", "期限", monthsText(lang, old.Term()), monthsText(lang, r.Term()))
	add("seen in", "可见范围", cmpOr(old.Scope, rules.ScopeChannel), cmpOr(r.Scope, rules.ScopeChannel))
	if !slices.Equal(old.Usage, r.Usage) {
		from, to := "-", "-"
		if len(old.Usage) > 0 {
			from = hoursText(lang, old.Usage)
		}
		if len(r.Usage) > 0 {
			to = hoursText(lang, r.Usage)
		}
		add("actual use", "实际用量", from, to)
	}
	return out
}

func orDash(v float64) string {
	if v == 0 {
		return "-"
	}
	return yuan(v)
}

// keepIdentity gives r the stored renewal's id, place and history.
func keepIdentity(r *rules.Renewal, old rules.Renewal) {
	r.ID, r.Tenant, r.Platform, r.Channel, r.CreatedBy, r.CreatedAt, r.Lang = old.ID, old.Tenant, old.Platform, old.Channel, old.CreatedBy, old.CreatedAt, old.Lang
	r.LastDelivery = old.LastDelivery
}

// replace stores r in place of old under the same id: the reminders already
// sent for a cycle stay marked (they are keyed by id, cycle and offset), and
// the due index follows r. When the new record cannot be written the old
// one is put back, and the error says the change did not happen.
func (d Deps) replace(ctx context.Context, c *chat.Call, old, r rules.Renewal) error {
	if err := d.Store.DeleteRenewal(ctx, store.ScopeOf(old), old.ID); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return notFound(c, old.ID)
		}
		return d.storeError(c, "edit", err)
	}
	if err := d.Store.CreateRenewal(ctx, r); err != nil {
		if rerr := d.Store.CreateRenewal(ctx, old); rerr != nil {
			d.log().Error("renewal edit: the old record could not be put back", "tenant", old.Tenant, "id", old.ID, "err", rerr)
		}
		return d.storeError(c, "edit", err)
	}
	return nil
}

// edit answers `renewal edit <id> key=value …`: the stored renewal with the
// typed keys changed, checked as `renewal add` checks a new one, and its
// reminders moved to the changed dates.
func (d Deps) edit(ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	const ex = "renewal edit k7m2p9 price=40000"
	id, err := oneID(c, a, ex)
	if err != nil {
		return chat.Reply{}, err
	}
	if len(a.Keys()) == 0 {
		return chat.Reply{}, chat.Invalidf(c.Lang, "id", ex, "give what to change as key=value after the id, for example %s; keys: those of renewal add",
			"请在编号后写出要改的 参数=值，例如 %s；可用参数与 续约 添加 相同", ex)
	}
	old, err := d.get(ctx, c, id)
	if err != nil {
		return chat.Reply{}, err
	}
	args, err := chat.ArgsOf(editCommand.Get(), c.Lang, overlay(storedTokens(old), a))
	if err != nil {
		return chat.Reply{}, err
	}
	r, _, err := read(c, args)
	if err != nil {
		return chat.Reply{}, err
	}
	keepIdentity(&r, old)
	today := rules.DateOf(c.Now, d.loc())
	if err := r.Validate(today); err != nil {
		return chat.Reply{}, fieldError(c.Lang, err)
	}
	r.NextCheck = r.FirstCheck(today)
	lang := c.Lang
	diff := changes(lang, old, r)
	if len(diff) == 0 {
		rep := addReply(lang, old, today, nil)
		rep.Title = fmt.Sprintf(chat.T(lang, "Nothing to change: %s (id %s)", "无需修改：%s（编号 %s）"), what(old), old.ID)
		rep.Summary = chat.T(lang, "The values given are the ones stored already; the renewal and its reminders stay as they are.",
			"给出的值与已保存的相同；续约及其提醒保持不变。")
		rep.Data = map[string]any{"command": "renewal", "action": "edit", "renewal": old, "changed": []string{}}
		return rep, nil
	}
	if err := d.replace(ctx, c, old, r); err != nil {
		return chat.Reply{}, err
	}
	rep := addReply(lang, r, today, nil)
	rep.Title = fmt.Sprintf(chat.T(lang, "Renewal changed: %s (id %s)", "已修改续约：%s（编号 %s）"), what(r), r.ID)
	rep.Summary = chat.T(lang, "Changed: ", "已修改：") + strings.Join(diff, chat.T(lang, "; ", "；")) + chat.T(lang, ". ", "。") + rep.Summary
	data := rep.Data.(map[string]any)
	data["action"], data["changed"] = "edit", diff
	return rep, nil
}

// alreadyStored answers `renewal add` for a contract this conversation
// already keeps: nothing is added and no second set of reminders is made;
// optional values typed differently (reminder days, on-demand price, term,
// hours, scope) update the stored one.
func (d Deps) alreadyStored(ctx context.Context, c *chat.Call, old, r rules.Renewal, today rules.Date, notes []string) (chat.Reply, error) {
	lang := c.Lang
	keepIdentity(&r, old)
	r.NextCheck = r.FirstCheck(today)
	diff := changes(lang, old, r)
	kept := old
	if len(diff) > 0 {
		if err := d.replace(ctx, c, old, r); err != nil {
			return chat.Reply{}, err
		}
		kept = r
	}
	rep := addReply(lang, kept, today, notes)
	rep.Title = fmt.Sprintf(chat.T(lang, "Already stored: %s (id %s)", "已保存过：%s（编号 %s）"), what(kept), kept.ID)
	lead := chat.T(lang, "This contract (same vendor, card, cards, price, renewal date and notice) is stored already: nothing was added and its reminders are not doubled.",
		"这份合同（供应商、显卡、卡数、价格、续约日和通知期都相同）已经保存过：没有重复添加，提醒也不会重复。")
	if len(diff) > 0 {
		lead += chat.T(lang, " Updated: ", "已更新：") + strings.Join(diff, chat.T(lang, "; ", "；")) + chat.T(lang, ".", "。")
	}
	rep.Summary = lead + chat.T(lang, " ", "") + rep.Summary
	rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang, "Change it", "修改"), Lines: []string{
		fmt.Sprintf(chat.T(lang, "`renewal edit %s price=40000` changes a stored value (any key of renewal add).", "`续约 修改 %s 价格=40000` 修改已保存的值（参数与 续约 添加 相同）。"), kept.ID)}})
	data := rep.Data.(map[string]any)
	data["already_stored"], data["changed"] = true, diff
	if diff == nil {
		data["changed"] = []string{}
	}
	return rep, nil
}

// stored finds the renewal this conversation keeps for the same contract.
func (d Deps) stored(ctx context.Context, c *chat.Call, r rules.Renewal) (rules.Renewal, bool, error) {
	rs, err := d.Store.ListRenewals(ctx, scope(c))
	if err != nil {
		return rules.Renewal{}, false, d.storeError(c, "list", err)
	}
	for _, s := range rs {
		if sameContract(s, r) {
			return s, true, nil
		}
	}
	return rules.Renewal{}, false, nil
}
