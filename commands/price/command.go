// Package price is the `price` command (价格): a team's own price book.
// `price set` keeps what a vendor quoted for a card, `price list` shows what
// this channel may read, `price remove` deletes an entry this channel sees. Entries belong to the team and channel by default;
// scope=team shares one with every channel of the team. Card choice is to read
// the book (see docs/pricing.md).
package price

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/cardname"
	"gpuadvisor/commands/internal/keytab"
	"gpuadvisor/commands/internal/stored"
	"gpuadvisor/store"
)

// Deps are what the command needs from the outside.
type Deps struct {
	// Store keeps the price books; nil makes set, list and remove say a store
	// is needed.
	Store store.Prices
	// NewID makes entry ids; nil means six random characters.
	NewID func() string
	// Log receives store failures; nil means slog.Default().
	Log *slog.Logger
}

func (d Deps) newID() string { return chat.NewIDWith(d.NewID) }

// Examples of the command; the first is shown in errors.
var examples = []string{
	"price set gpu=a100-80g ondemand=9 monthly=5000 spot=4 vendor=酷算云 note=\"8-card machines, quote of Nov 20\"",
	"价格 设置 显卡=A800 按需=8.5元/时 包月=4800 供应商=算力港 范围=团队",
	"price list",
	"price remove k7m2p9",
}

// runs are the sub-commands' bodies, by name.
var runs = advisor.Lazy[map[string]func(d Deps, ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error)]{New: func() map[string]func(d Deps, ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	return map[string]func(d Deps, ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error){
		"set": Deps.set, "list": Deps.list, "remove": Deps.remove,
	}
}}

// exampleZH spells the examples' values in Chinese (Command.ExampleZH), for
// the command and its sub-commands' errors.
func exampleZH() map[string]string {
	return map[string]string{"scope=team": "团队", "8-card machines, quote of Nov 20": "8卡机，11月20日报价", "quote of Nov 20": "11月20日报价"}
}

var subs = advisor.Lazy[*chat.Subs]{New: func() *chat.Subs {
	s := chat.NewSubs("price", "价格", examples[0],
		chat.Sub{Name: "set", Aliases: []string{"设置", "添加", "新增", "add", "save", "保存"}, Keys: keytab.PriceSet, Example: examples[0], Writes: true,
			EN: "keep a vendor's price for a card (per card: ondemand, monthly, spot)", ZH: "保存供应商对某张卡的报价（每卡：按需、包月、竞价）"},
		chat.Sub{Name: "list", Aliases: []string{"列表", "查看", "ls", "all"}, Example: examples[2],
			EN: "the prices this channel sees: its own and the team-wide ones", ZH: "本频道可见的价格：本频道的和全团队共享的"},
		chat.Sub{Name: "remove", Aliases: []string{"删除", "移除", "rm", "delete", "del"}, Example: examples[3], Writes: true,
			EN: "delete a price this channel sees", ZH: "删除本频道可见的一个价格"},
	)
	s.ExampleZH = exampleZH()
	return s
}}

// Command returns the `price` chat command (alias 价格).
func Command(d Deps) *chat.Command {
	c := words()
	c.Run = d.run
	return c
}

// words is the command without its run: its words, keys and examples, for
// a reply that writes one of its lines in the user's language (Localize).
func words() *chat.Command {
	return &chat.Command{
		Name:    "price",
		Aliases: []string{"价格", "prices", "价目", "价格表"},
		Summary: chat.Help("your team's GPU prices (what your vendors quoted), kept per channel or shared team-wide",
			"团队自己的显卡价格（供应商报价），按频道保存或全团队共享"),
		Keys:      keytab.PriceSet,
		Subs:      subs.Get().Docs(),
		Examples:  examples,
		ExampleZH: exampleZH(),
		Writes:    subs.Get().Writes,
	}
}

func (d Deps) run(ctx context.Context, c *chat.Call) (chat.Reply, error) {
	return subs.Get().Dispatch(c, overview, func(chat.Sub) error { return d.ready(c) },
		func(s chat.Sub, a *chat.Args) (chat.Reply, error) { return runs.Get()[s.Name](d, ctx, c, a) })
}

// kept names the price book in the store's errors.
var kept = stored.Kept{Log: "price", Needs: "the price book needs", NeedsZH: "价格表", Store: "price", StoreZH: "价格"}

// ready says why the price book cannot be kept here, nil when it can.
func (d Deps) ready(c *chat.Call) error {
	if d.Store == nil {
		return kept.Missing(c.Lang)
	}
	if c.Req.Tenant == "" || c.Req.Channel == "" {
		return &chat.Error{Code: chat.CodeUnavailable, Message: chat.T(c.Lang,
			"this platform did not say which team and channel you are in, so a price book cannot be kept for it",
			"平台没有告知你所在的团队和频道，无法为其保存价格表")}
	}
	return nil
}

func overview(lang chat.Lang) chat.Reply {
	return chat.Reply{
		Title: chat.T(lang, "Your team's price book", "团队价格表"),
		Summary: chat.T(lang,
			"Keep what your vendors quoted, per card, in one place for the team: per channel by default, scope=team to share it.",
			"把供应商的每卡报价集中记在团队价格表里：默认仅本频道可见，范围=团队 可全团队共享。"),
		Sections: []chat.Section{{Title: chat.T(lang, "Examples", "示例"), Lines: examples}},
		Data:     map[string]any{"command": "price", "action": "help", "examples": examples},
		Private:  true,
	}
}

// storeError reports a store failure to the user, never as success.
func (d Deps) storeError(c *chat.Call, op string, err error) error {
	return kept.Failed(c, d.Log, op, err)
}

func (d Deps) set(ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	lang := c.Lang
	if len(a.Words) > 0 {
		if e := a.BareKey(a.Words[0]); e != nil {
			return chat.Reply{}, e
		}
		return chat.Reply{}, chat.Invalidf(lang, "gpu", examples[0],
			"price set takes key=value pairs; %q is not one", "价格 设置 只接受 参数=值；%q 不是", chat.Shown(a.Words[0]))
	}
	name, err := a.String("gpu")
	if err != nil {
		return chat.Reply{}, err
	}
	m, err := catalog.FindGPU(name)
	if err != nil {
		return chat.Reply{}, cardname.Unknown(lang, "gpu", a.Name("gpu"), name, "")
	}
	var prices [3]float64
	for i, key := range []string{"ondemand", "monthly", "spot"} {
		if prices[i], err = a.NumberOr(key, 0, 0, 1e9); err != nil {
			return chat.Reply{}, err
		}
		if err := pricePeriod(lang, a, key); err != nil {
			return chat.Reply{}, err
		}
	}
	currency, err := priceCurrency(lang, a)
	if err != nil {
		return chat.Reply{}, err
	}
	if raw, ok := a.Raw("vendor"); ok && strings.TrimSpace(raw) == "" {
		return chat.Reply{}, chat.Invalidf(lang, "vendor", examples[0], "%s= has an empty value; name the vendor (%s=酷算云) or leave the key out",
			"%s= 是空值；请写供应商名称（%s=酷算云），或不写这个参数", a.Name("vendor"), a.Name("vendor"))
	}
	scope, err := a.Choice("scope", "channel", []string{"channel", "team"}, map[string]string{"频道": "channel", "本频道": "channel", "团队": "team", "全团队": "team", "tenant": "team", "workspace": "team"})
	if err != nil {
		return chat.Reply{}, err
	}
	date := c.Now.Format("2006-01-02")
	if day, _, ok, err := a.Date("date"); err != nil {
		return chat.Reply{}, a.DateError("date", chat.T(lang, "date=2026-11-20", a.Name("date")+"=2026-11-20"))
	} else if ok {
		date = day.Format("2006-01-02")
	}
	e := pricebook.Entry{
		ID: d.newID(), GPU: m.GPU.ID, Vendor: strings.TrimSpace(a.StringOr("vendor", "")),
		OnDemand: prices[0], Monthly: prices[1], Spot: prices[2],
		Currency: currency,
		Note:     strings.TrimSpace(a.StringOr("note", "")), Date: date,
		Tenant: c.Req.Tenant, Channel: c.Req.Channel, TeamWide: scope == "team", AddedBy: c.Req.User,
	}
	if err := e.Validate(); err != nil {
		var fe *pricebook.FieldError
		if errors.As(err, &fe) {
			return chat.Reply{}, chat.Invalid(lang, fe.Key, fe.Why.EN, fe.Why.ZH, examples[0])
		}
		return chat.Reply{}, err
	}
	if same, ok, err := d.sameEntry(ctx, c, e, a.Has("date")); err != nil {
		return chat.Reply{}, err
	} else if ok {
		return chat.Reply{
			Title: chat.T(lang, "Price already stored: ", "价格已保存过：") + m.GPU.Name + vendorSuffix(lang, same.Vendor),
			Summary: fmt.Sprintf(chat.T(lang, "The book already has this price (id %s, saved %s): nothing was added. `price remove %s` deletes it; `price list` shows the book.",
				"价格表里已有这个价格（编号 %s，保存于 %s）：没有重复添加。`价格 删除 %s` 可删除它；`价格 列表` 查看价格表。"), same.ID, same.Date, same.ID),
			Facts: priceFacts(lang, same),
			Data:  map[string]any{"command": "price", "action": "set", "entry": same, "already_stored": true},
		}, nil
	}
	if err := d.Store.PutPrice(ctx, e); err != nil {
		return chat.Reply{}, d.storeError(c, "set", err)
	}
	where := chat.T(lang, "this channel only (scope=team shares it with the whole team)", "仅本频道（范围=团队 可与全团队共享）")
	if e.TeamWide {
		where = chat.T(lang, "every channel of this team, each of which may remove it", "本团队所有频道，任一频道都可删除")
	}
	return chat.Reply{
		Title: chat.T(lang, "Price saved: ", "已保存价格：") + m.GPU.Name + vendorSuffix(lang, e.Vendor),
		Summary: fmt.Sprintf(chat.T(lang, "Id %s: `price list` shows the book, `price remove %s` deletes it.",
			"编号 %s：`价格 列表` 查看价格表，`价格 删除 %s` 删除它。"), e.ID, e.ID),
		Facts:    append(priceFacts(lang, e), chat.Fact{Label: chat.T(lang, "Visible in", "可见范围"), Value: where}),
		Warnings: assumedNotes(lang, m),
		Data:     map[string]any{"command": "price", "action": "set", "entry": e},
	}, nil
}

// sameEntry finds an entry this channel sees with the same card, vendor,
// prices, currency, note and sharing as e, and the same date when one was
// typed: saving it again would only duplicate it.
func (d Deps) sameEntry(ctx context.Context, c *chat.Call, e pricebook.Entry, dated bool) (pricebook.Entry, bool, error) {
	es, err := d.Store.ListPrices(ctx, store.Scope{Tenant: c.Req.Tenant, Channel: c.Req.Channel})
	if err != nil {
		return pricebook.Entry{}, false, d.storeError(c, "list", err)
	}
	for _, s := range es {
		if s.GPU == e.GPU && strings.EqualFold(s.Vendor, e.Vendor) && s.OnDemand == e.OnDemand && s.Monthly == e.Monthly && s.Spot == e.Spot &&
			s.Currency == e.Currency && s.Note == e.Note && s.TeamWide == e.TeamWide && (!dated || s.Date == e.Date) {
			return s, true, nil
		}
	}
	return pricebook.Entry{}, false, nil
}

func (d Deps) list(ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	lang := c.Lang
	if len(a.Words) > 0 || len(a.Keys()) > 0 {
		return chat.Reply{}, chat.Invalid(lang, "list", "price list takes nothing after it", "价格 列表 后面不需要参数", examples[2])
	}
	es, err := d.Store.ListPrices(ctx, store.Scope{Tenant: c.Req.Tenant, Channel: c.Req.Channel})
	if err != nil {
		return chat.Reply{}, d.storeError(c, "list", err)
	}
	if es == nil {
		es = []pricebook.Entry{}
	}
	data := map[string]any{"command": "price", "action": "list", "entries": es}
	if len(es) == 0 {
		return chat.Reply{
			Title:   chat.T(lang, "No prices kept for this channel", "本频道还没有保存价格"),
			Summary: chat.T(lang, "Save what a vendor quoted, per card:", "按每卡记下供应商的报价：") + "\n" + words().Localize(lang, examples[0]),
			Data:    data,
		}, nil
	}
	t := chat.Table{Header: []string{
		chat.T(lang, "id", "编号"), chat.T(lang, "card", "显卡"), chat.T(lang, "vendor", "供应商"),
		chat.T(lang, "on-demand /h", "按需/时"), chat.T(lang, "monthly", "包月"), chat.T(lang, "spot /h", "竞价/时"),
		chat.T(lang, "date", "日期"), chat.T(lang, "shared", "共享"),
	}}
	for _, e := range es {
		shared := "-"
		if e.TeamWide {
			shared = chat.T(lang, "team", "团队")
		}
		t.Rows = append(t.Rows, []string{e.ID, e.GPU, orDash(e.Vendor), money(e.OnDemand, e.Currency), money(e.Monthly, e.Currency), money(e.Spot, e.Currency), e.Date, shared})
	}
	return chat.Reply{
		Title:   chat.T(lang, chat.Plural(lang, len(es), "price", "prices", "")+" this channel can use", fmt.Sprintf("本频道可用的 %d 个价格", len(es))),
		Summary: chat.T(lang, "Per card. Cheapest on-demand first for each card.", "均为每卡价格；同一显卡按需价低者在前。"),
		Tables:  []chat.Table{t},
		Data:    data,
	}, nil
}

func (d Deps) remove(ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	lang := c.Lang
	if len(a.Words) != 1 || len(a.Keys()) > 0 {
		return chat.Reply{}, chat.Invalid(lang, "id", "give the id of one price, as price list shows it", "请写一个价格编号（见 价格 列表）", examples[3])
	}
	id := a.Words[0]
	err := d.Store.DeletePrice(ctx, store.Scope{Tenant: c.Req.Tenant, Channel: c.Req.Channel}, id)
	if errors.Is(err, store.ErrNotFound) {
		return chat.Reply{}, &chat.Error{Code: chat.CodeNotFound, Key: "id", Example: examples[2], Message: chat.T(lang,
			"no price "+id+" seen from this channel (a channel's own price is removed only there; a scope=team price from any channel of the team); price list shows the ids",
			"本频道看不到编号为 "+id+" 的价格（频道自己的价格只能在该频道删除；范围=团队 的价格可在团队任一频道删除）；价格 列表 可查看编号")}
	}
	if err != nil {
		return chat.Reply{}, d.storeError(c, "remove", err)
	}
	return chat.Reply{
		Title: chat.T(lang, "Price removed: ", "已删除价格：") + id,
		Data:  map[string]any{"command": "price", "action": "remove", "id": id},
	}, nil
}

// pricePeriod refuses a price typed per another period than its key's:
// ondemand= and spot= are per card-hour, monthly= per card-month (9元/月
// typed as an on-demand price would be saved as ¥9 an hour).
func pricePeriod(lang chat.Lang, a *chat.Args, key string) error {
	raw, ok := a.Raw(key)
	if !ok {
		return nil
	}
	want := chat.PerHour
	if key == "monthly" {
		want = chat.PerMonth
	}
	got := chat.PricePeriod(raw)
	if got == chat.NoPeriod || got == want {
		return nil
	}
	per := map[chat.Period][2]string{chat.PerHour: {"an hour", "每小时"}, chat.PerMonth: {"a month", "每月"}, chat.PerYear: {"a year", "每年"}, chat.PerGB: {"per GB", "每 GB"}}
	fix := map[string][2]string{"ondemand": {"the price per card-hour: ondemand=9", "每卡每小时的价格：按需=9"},
		"spot": {"the price per card-hour: spot=4", "每卡每小时的价格：竞价=4"}, "monthly": {"the price per card-month: monthly=5000", "每卡每月的价格：包月=5000"}}
	return chat.Invalidf(lang, key, examples[0], "%s=%s is a price %s; %s takes %s", "%s=%s 是%s的价格；%s 要写%s",
		a.Name(key), chat.Shown(raw), chat.T(lang, per[got][0], per[got][1]), a.Name(key), chat.T(lang, fix[key][0], fix[key][1]))
}

// priceCurrency is the currency of the prices: currency= when given (a
// known ISO 4217 code, chat.CurrencyCode), else what their signs say ($9
// is USD), else CNY; a sign that contradicts currency=, or signs of two
// currencies, are refused, never saved as yuan.
func priceCurrency(lang chat.Lang, a *chat.Args) (string, error) {
	found, fromKey := "", false
	if raw, ok := a.Raw("currency"); ok {
		c, known := chat.CurrencyCode(raw)
		if !known {
			return "", chat.Invalidf(lang, "currency", a.Name("currency")+"=USD", "%s=%q is not a currency I know; use one of: %s", "%s=%q 不是已知币种；可选：%s",
				a.Name("currency"), chat.Shown(raw), chat.CurrencyCodes(lang))
		}
		found, fromKey = c, true
	}
	for _, k := range []string{"ondemand", "monthly", "spot"} {
		raw, ok := a.Raw(k)
		if !ok {
			continue
		}
		c := chat.CurrencyOf(raw)
		switch {
		case c == "":
		case found == "":
			found = c
		case c != found && fromKey:
			return "", chat.Invalidf(lang, "currency", examples[0], "%s=%s, but %s=%s is in %s; give the prices in one currency", "%s=%s，但 %s=%s 是 %s；请统一币种",
				a.Name("currency"), found, a.Name(k), chat.Shown(raw), c)
		case c != found:
			return "", chat.Invalidf(lang, "currency", examples[0], "the prices mix currencies (%s and %s); save each currency's prices apart", "价格混用了币种（%s 和 %s）；请分开保存不同币种的价格",
				found, c)
		}
	}
	if found == "" {
		found = "CNY"
	}
	return found, nil
}
