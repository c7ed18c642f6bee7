package quote

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/advisor/tco"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/cardname"
	"gpuadvisor/commands/internal/stored"
	"gpuadvisor/store"
)

// saving is what save= and card= asked for.
type saving struct {
	save bool
	gpu  catalog.GPU
	// teamWide is scope=team: the saved prices are seen team-wide.
	teamWide bool
}

// takeSave removes save= and card= from the workload (they are not
// numbers the comparison reads) and checks them; the last of a repeat wins.
func takeSave(lang chat.Lang, in *input) (saving, error) {
	var sv saving
	var picked []chat.Token
	kept := in.globals[:0]
	for _, p := range in.globals {
		switch p.spec.name {
		case "card", "save", "scope":
			picked = append(picked, chat.Token{Key: p.spec.name, Value: p.raw})
		default:
			kept = append(kept, p)
		}
	}
	in.globals = kept
	a, err := chat.ArgsOf(keyIndex().reader, lang, picked)
	if err != nil {
		return sv, err
	}
	if save, _ := a.Raw("save"); strings.TrimSpace(save) != "" {
		v, _, _, ferr := a.Flag("save")
		switch {
		case ferr == nil:
			sv.save = v
		case saveWords.Get()[strings.TrimSpace(save)]:
			sv.save = true
		default:
			return sv, chat.Invalidf(lang, "save", "save=yes card=a800", "save=%q: write save=yes to keep the prices, or leave it out", "保存=%q：要保存价格请写 保存=是，否则不写", save)
		}
	}
	if a.Has("scope") {
		if !sv.save {
			return sv, chat.Invalidf(lang, "scope", chat.T(lang, "quote card=a800 cards=8 save=yes scope=team A: price=8.5; B: monthly=4800", "报价 显卡=a800 卡数=8 保存=是 范围=团队 A: 单价=8.5; B: 包月=4800"),
				"scope= says who sees the saved prices: it needs save=yes", "范围 指定谁能看到存入的价格：需同时写 保存=是")
		}
		scope, err := a.Choice("scope", "channel", []string{"channel", "team"},
			map[string]string{"频道": "channel", "本频道": "channel", "团队": "team", "全团队": "team", "tenant": "team", "workspace": "team"})
		if err != nil {
			return sv, err
		}
		sv.teamWide = scope == "team"
	}
	card := a.StringOr("card", "")
	if card == "" {
		if sv.save {
			return sv, chat.Invalidf(lang, "card", "quote card=a800 cards=8 save=yes A: price=8.5; B: monthly=4800",
				"save=yes needs card=: which card did the vendors quote?", "保存=是 需要 显卡=：各家报的是哪张卡？")
		}
		return sv, nil
	}
	m, err := catalog.FindGPU(card)
	if err != nil {
		return sv, cardname.Unknown(lang, "card", chat.T(lang, "card", "显卡"), card, "")
	}
	sv.gpu = m.GPU
	return sv, nil
}

// workloadOf is what the quote priced, kept with each saved price so that
// `vendor compare` can price every vendor on the latest quote's workload:
// hours, cards, months and the usage given (GB a month by metered line,
// run_tokens, exit_egress_gb).
func workloadOf(w tco.Workload) *pricebook.Workload {
	out := &pricebook.Workload{Hours: w.Hours, Cards: w.Cards, Months: w.Months}
	usage := map[string]float64{}
	for l, v := range w.Volumes {
		usage[string(l)] = v
	}
	if w.RunTokens > 0 {
		usage["run_tokens"] = w.RunTokens
	}
	if w.ExitEgressGB > 0 {
		usage["exit_egress_gb"] = w.ExitEgressGB
	}
	if len(usage) > 0 {
		out.Usage = usage
	}
	return out
}

// save keeps each vendor's price for the card in the team's price book,
// with the workload w the quote priced, and says so in the reply.
func (d Deps) save(ctx context.Context, c *chat.Call, sv saving, w tco.Workload, vendors []tco.Vendor, rep *chat.Reply) error {
	lang := c.Lang
	if d.Prices == nil || c.Req.Tenant == "" || c.Req.Channel == "" {
		return &chat.Error{Code: chat.CodeUnavailable, Key: "save", Message: chat.T(lang,
			"save=yes needs the team's price book, and there is none here (the CLI uses --db FILE; the functions use TABLE_NAME); nothing was saved",
			"保存=是 需要团队价格表，这里没有（命令行用 --db 文件；云函数用 TABLE_NAME）；未保存任何内容")}
	}
	// The book as this channel sees it, so that the same quote saved again
	// adds nothing (price set does the same).
	book, err := d.Prices.ListPrices(ctx, store.Scope{Tenant: c.Req.Tenant, Channel: c.Req.Channel})
	if err != nil {
		fe := stored.Kept{Log: "price", Store: "price book", StoreZH: "价格表",
			Then: "Nothing was saved.", ThenZH: "未保存任何内容。"}.Failed(c, nil, "save", err)
		fe.Key = "save"
		return fe
	}
	var saved, kept []pricebook.Entry
	var lines []string
	for _, v := range vendors {
		e := pricebook.Entry{ID: d.newID(), GPU: sv.gpu.ID, Vendor: v.Name, OnDemand: v.PricePerCardHour, Monthly: v.MonthlyPerCard,
			Currency: "CNY", Date: c.Now.Format("2006-01-02"), Note: chat.T(lang, "saved from a quote", "来自报价对比"),
			Tenant: c.Req.Tenant, Channel: c.Req.Channel, AddedBy: c.Req.User, TeamWide: sv.teamWide, Workload: workloadOf(w)}
		if same, ok := sameSaved(book, e); ok {
			lines = append(lines, fmt.Sprintf(chat.T(lang, "%s: %s, already stored (id %s, saved %s): nothing added", "%s：%s，已保存过（编号 %s，保存于 %s）：没有重复添加"),
				v.Name, priceWords(lang, same), same.ID, same.Date))
			kept = append(kept, same)
			continue
		}
		if err := e.Validate(); err != nil {
			why := err.Error()
			var fe *pricebook.FieldError
			if errors.As(err, &fe) {
				why = fe.Why.In(string(lang)) // the book's reason in the reply's language
			}
			lines = append(lines, fmt.Sprintf(chat.T(lang, "%s: not saved (%s)", "%s：未保存（%s）"), v.Name, why))
			continue
		}
		if err := d.Prices.PutPrice(ctx, e); err != nil {
			// logged once, with its cause, and explained by stored
			fe := stored.Kept{Log: "price", Store: "price book", StoreZH: "价格表",
				Then:   fmt.Sprintf("%d of %d prices were saved before it stopped (price list shows them).", len(saved), len(vendors)),
				ThenZH: fmt.Sprintf("停止前已保存 %d/%d 个价格（价格 列表 可查看）。", len(saved), len(vendors))}.Failed(c, nil, "save", err)
			fe.Key = "save"
			return fe
		}
		saved = append(saved, e)
		lines = append(lines, fmt.Sprintf(chat.T(lang, "%s: %s, id %s", "%s：%s，编号 %s"), v.Name, priceWords(lang, e), e.ID))
	}
	lines = append(lines, chat.T(lang, "tier now chooses among these cards at these prices; `price list` shows the book.", "选卡会按这些价格比较；`价格 列表` 查看价格表。"))
	title := fmt.Sprintf(chat.T(lang, "Saved to the price book (%s, this channel)", "已存入价格表（%s，本频道）"), sv.gpu.ID)
	if sv.teamWide {
		title = fmt.Sprintf(chat.T(lang, "Saved to the price book (%s, the whole team)", "已存入价格表（%s，全团队）"), sv.gpu.ID)
	}
	if len(saved) == 0 && len(kept) > 0 {
		title = fmt.Sprintf(chat.T(lang, "Already in the price book (%s): nothing added", "价格表里已有（%s）：没有重复添加"), sv.gpu.ID)
	}
	rep.Sections = append(rep.Sections, chat.Section{Title: title, Lines: lines})
	if dt, ok := rep.Data.(Data); ok {
		dt.Saved, dt.AlreadyStored = saved, kept
		rep.Data = dt
	}
	return nil
}

// sameSaved finds an entry of book that e would only repeat: the same card,
// vendor, prices, currency, sharing and workload, saved the same day (the
// note is not compared: a quote saved in Chinese carries the Chinese one). A
// quote for another workload is new evidence and is kept beside it.
func sameSaved(book []pricebook.Entry, e pricebook.Entry) (pricebook.Entry, bool) {
	for _, s := range book {
		if s.GPU == e.GPU && strings.EqualFold(s.Vendor, e.Vendor) && s.OnDemand == e.OnDemand && s.Monthly == e.Monthly && s.Spot == e.Spot &&
			s.Currency == e.Currency && s.TeamWide == e.TeamWide && s.Date == e.Date && s.Workload.Equal(e.Workload) {
			return s, true
		}
	}
	return pricebook.Entry{}, false
}

func priceWords(lang chat.Lang, e pricebook.Entry) string {
	if e.OnDemand > 0 {
		return fmt.Sprintf(chat.T(lang, "¥%s per card-hour", "每卡每小时 ¥%s"), chat.Num(e.OnDemand))
	}
	return fmt.Sprintf(chat.T(lang, "¥%s per card-month", "每卡每月 ¥%s"), chat.Num(e.Monthly))
}

// saveWords say yes to save= besides the yes/no every command reads (chat.YesNo).
var saveWords = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"保存": true, "好": true}
}}

func (d Deps) newID() string { return chat.NewIDWith(d.NewID) }
