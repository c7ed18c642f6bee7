// Package home is the `home` command: what a person sees on opening the bot
// (the Slack App Home tab, the Feishu bot menu's "Home", or `gpuadvisor
// home` in the terminal): the renewals and prices the conversation sees, the
// recent vendor checks the person sees, and the main commands as buttons,
// each running the command it names.
package home

import (
	"context"
	"fmt"
	"gpuadvisor/advisor/pricebook"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/commands/vendor"
	"gpuadvisor/store"
)

// MaxListed bounds each list on the home page; the rest are one command
// away (renewal list, price list).
const MaxListed = 8

// Price is one entry of the team's price book as the home page shows it.
type Price = pricebook.Entry

// Deps are what the home page reads. Zero values are valid.
type Deps struct {
	// Renewals lists the renewals a scope sees; nil says a store is needed.
	Renewals store.Renewals
	// Prices lists the price book a scope sees (its channel's entries and
	// the team-wide ones, store.Prices.ListPrices); nil leaves the prices
	// and the price button out.
	Prices func(ctx context.Context, scope store.Scope) ([]Price, error)
	// Checks lists the recent checks a person sees (store.Checks); nil
	// leaves the section out.
	Checks store.Checks
	// Trials lists the trial checks, for the vendors board only.
	Trials store.Trials
	// Vendors builds the vendors board (vendor.Deps.BoardFrom) from what
	// the page read: each store is read once per reply, for the page's
	// lists and the board alike. nil leaves the section out.
	Vendors func(ctx context.Context, c *chat.Call, rd vendor.Read) (vendor.Board, error)
	// Loc is the zone of "today" for deadlines and of the checks' times;
	// nil means Asia/Shanghai.
	Loc *time.Location
	// Log receives store errors; nil means slog.Default().
	Log *slog.Logger
}

// Command returns the `home` command (aliases 主页, 首页, menu).
func Command(d Deps) *chat.Command {
	return &chat.Command{
		Name:    "home",
		Aliases: []string{"主页", "首页", "菜单", "menu", "start"},
		Summary: map[chat.Lang]string{
			chat.EN: "this conversation's renewals and prices, the vendors board (each vendor's stage and next step), recent vendor checks, and the main commands as buttons (the Slack Home tab, the Feishu menu)",
			chat.ZH: "本会话的续约和价格、供应商看板（各家所处阶段和下一步）、最近的供应商核查，以及主要命令按钮（Slack 主页标签、飞书菜单）",
		},
		Examples: []string{"home", "主页"},
		Subs: []*chat.Command{{Name: "home", Aliases: []string{"主页"}, Summary: map[chat.Lang]string{
			chat.EN: "no keys", chat.ZH: "无需参数"}}},
		Writes: chat.Reads,
		Run:    d.run,
	}
}

func (d Deps) run(ctx context.Context, c *chat.Call) (chat.Reply, error) {
	lang := c.Lang
	if len(c.Args.Words) > 0 || len(c.Args.Keys()) > 0 {
		return chat.Reply{}, chat.Invalid(lang, "home", "home takes nothing after it", "主页 后面不需要参数", "home")
	}
	scope := store.Scope{Tenant: c.Req.Tenant, Channel: c.Req.Channel}
	rep := chat.Reply{
		Title: chat.T(lang, "gpuadvisor: rent GPUs well", "gpuadvisor：租好 GPU"),
		Summary: chat.T(lang, "Renewals and prices of this conversation and the team-wide ones, each vendor's stage and next step, and the vendor checks you ran or that were run here; the buttons run the main commands, or type them (help lists every key).",
			"本会话及全团队共享的续约和价格、各供应商所处阶段和下一步，以及你做过的和在这里做过的供应商核查；按钮运行主要命令，也可以直接输入（帮助 列出全部参数）。"),
		Private: true,
		// the home page is its lists and buttons: never shortened behind Details
		Full: true,
	}
	// every store is read once, all at once: the lists and the board share
	// what came back
	rd := d.read(ctx, c, scope)
	data := map[string]any{"command": "home", "renewals": []map[string]any{}}
	rep.Sections = append(rep.Sections, d.renewals(ctx, c, scope, rd, &rep, data))
	if d.Prices != nil {
		rep.Sections = append(rep.Sections, d.prices(ctx, c, scope, rd, &rep, data))
	}
	rep.Buttons = Buttons(lang, d.Prices != nil)
	var boarded map[string]bool
	if d.Vendors != nil {
		b, err := d.Vendors(ctx, c, rd)
		var sec chat.Section
		sec, boarded = d.vendors(ctx, c, boardRead{b, err}, &rep, data)
		rep.Sections = append(rep.Sections, sec)
	}
	if d.Checks != nil {
		rep.Sections = append(rep.Sections, d.checks(ctx, c, scope, rd, &rep, data, boarded))
	}
	data["buttons"] = rep.Buttons
	rep.Data = data
	return rep, nil
}

// renewals is the renewals section: soonest notice deadline first.
func (d Deps) renewals(ctx context.Context, c *chat.Call, scope store.Scope, rd vendor.Read, rep *chat.Reply, data map[string]any) chat.Section {
	lang := c.Lang
	sec := chat.Section{Title: chat.T(lang, "Renewals", "续约")}
	if d.Renewals == nil {
		sec.Lines = []string{chat.T(lang, "No store is configured, so renewals cannot be kept here.", "未配置存储，无法在这里保存续约。")}
		return sec
	}
	rs, err := rd.Renewals, rd.RenewalsErr
	if err != nil {
		d.log().ErrorContext(ctx, "home: renewals not listed", "tenant", scope.Tenant, "err", err)
		rep.Warnings = append(rep.Warnings, chat.T(lang, "The renewals could not be read just now; open this again in a minute.", "暂时无法读取续约；请稍后重新打开。"))
		sec.Lines = []string{"-"}
		return sec
	}
	if len(rs) == 0 {
		sec.Lines = []string{chat.T(lang, "None yet. Add one and I remind you before its notice deadline: ", "还没有。添加后我会在通知截止日前提醒：") +
			chat.T(lang, "renewal add vendor=酷算云 gpu=A100-80G cards=8 price=15000 renews=2027-03-01 notice=30d", "续约 添加 供应商=酷算云 显卡=A100-80G 卡数=8 价格=15000 续约日=2027-03-01 通知期=30天")}
		return sec
	}
	loc := d.Loc
	if loc == nil {
		loc = rules.Shanghai()
	}
	today := rules.DateOf(c.Now, loc)
	type row struct {
		r     rules.Renewal
		cycle rules.Cycle
	}
	rows := make([]row, len(rs))
	for i, r := range rs {
		rows[i] = row{r, r.CycleOn(today)}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].cycle.Deadline.Before(rows[j].cycle.Deadline) })
	var listed []map[string]any
	for i, x := range rows {
		if i == MaxListed {
			sec.Lines = append(sec.Lines, fmt.Sprintf(chat.T(lang, "%d more: renewal list", "另有 %d 个：续约 列表"), len(rows)-MaxListed))
			break
		}
		r := x.r
		cards := fmt.Sprint(r.Cards)
		if r.GPU != "" {
			cards = r.GPU + " × " + cards
		}
		days := today.DaysUntil(x.cycle.Deadline)
		line := fmt.Sprintf(chat.T(lang, "%s, %s, %s a month: renews %s, notice deadline %s (%s) · id %s",
			"%s，%s，每月 %s：%s 续约，通知截止日 %s（%s）· 编号 %s"),
			r.Vendor, cards, chat.Num(r.MonthlyTotal()), x.cycle.Renews, x.cycle.Deadline, daysText(lang, days), r.ID)
		if r.TeamWide() {
			line += chat.T(lang, " · team-wide", " · 全团队")
		}
		sec.Lines = append(sec.Lines, line)
		listed = append(listed, map[string]any{"id": r.ID, "vendor": r.Vendor, "gpu": r.GPU, "cards": r.Cards,
			"per_month": r.MonthlyTotal(), "renews": x.cycle.Renews, "deadline": x.cycle.Deadline, "days_left": days, "team_wide": r.TeamWide()})
	}
	data["renewals"] = listed
	return sec
}

// daysText says how far a deadline is.
func daysText(lang chat.Lang, days int) string {
	switch {
	case days < 0:
		return fmt.Sprintf(chat.T(lang, "passed %d days ago", "已过 %d 天"), -days)
	case days == 0:
		return chat.T(lang, "today", "今天")
	}
	return fmt.Sprintf(chat.T(lang, "in %d days", "还有 %d 天"), days)
}

// prices is the price book section, as the store lists it.
func (d Deps) prices(ctx context.Context, c *chat.Call, scope store.Scope, rd vendor.Read, rep *chat.Reply, data map[string]any) chat.Section {
	lang := c.Lang
	sec := chat.Section{Title: chat.T(lang, "Prices you saved", "已保存的价格")}
	ps, err := rd.Prices, rd.PricesErr
	if err != nil {
		d.log().ErrorContext(ctx, "home: prices not listed", "tenant", scope.Tenant, "err", err)
		rep.Warnings = append(rep.Warnings, chat.T(lang, "The prices could not be read just now; open this again in a minute.", "暂时无法读取价格；请稍后重新打开。"))
		sec.Lines = []string{"-"}
		return sec
	}
	data["prices"] = []Price{}
	if len(ps) == 0 {
		sec.Lines = []string{chat.T(lang, "None yet. Save what a vendor quoted, and tier and billing use it: ", "还没有。保存供应商的报价后，选卡和计费会用它：") +
			chat.T(lang, "price set gpu=a100-80g ondemand=9 monthly=5000 vendor=酷算云", "价格 设置 显卡=a100-80g 按需=9 包月=5000 供应商=酷算云")}
		return sec
	}
	for i, p := range ps {
		if i == MaxListed {
			sec.Lines = append(sec.Lines, fmt.Sprintf(chat.T(lang, "%d more: price list", "另有 %d 个：价格 列表"), len(ps)-MaxListed))
			break
		}
		sec.Lines = append(sec.Lines, priceLine(lang, p))
	}
	data["prices"] = ps[:min(len(ps), MaxListed)]
	return sec
}

// priceLine is one price book entry in words.
func priceLine(lang chat.Lang, p Price) string {
	var parts []string
	cur := ""
	if p.Currency != "" && p.Currency != "CNY" {
		cur = " " + p.Currency
	}
	if p.OnDemand > 0 {
		parts = append(parts, fmt.Sprintf(chat.T(lang, "on-demand %s%s/h", "按需 %s%s/小时"), chat.Num(p.OnDemand), cur))
	}
	if p.Monthly > 0 {
		parts = append(parts, fmt.Sprintf(chat.T(lang, "monthly %s%s", "包月 %s%s"), chat.Num(p.Monthly), cur))
	}
	if p.Spot > 0 {
		parts = append(parts, fmt.Sprintf(chat.T(lang, "spot %s%s/h", "竞价 %s%s/小时"), chat.Num(p.Spot), cur))
	}
	who := p.GPU
	if p.Vendor != "" {
		who += chat.T(lang, " at ", " · ") + p.Vendor
	}
	line := who + ": " + strings.Join(parts, chat.T(lang, ", ", "，"))
	if p.Date != "" {
		line += fmt.Sprintf(chat.T(lang, " (%s)", "（%s）"), p.Date)
	}
	if p.TeamWide {
		line += chat.T(lang, " · team-wide", " · 全团队")
	}
	return line + " · id " + p.ID
}

// Buttons are the main commands, each a chat.ActionRun button whose value
// is the command line it runs: the home page's buttons and the Feishu bot
// menu's entries.
func Buttons(lang chat.Lang, prices bool) []chat.Button {
	// The values are typed in the user's language, so that the command
	// answers in it (the language follows the text).
	run := func(en, zh, cmdEN, cmdZH string) chat.Button {
		return chat.Button{Action: chat.ActionRun, Label: chat.T(lang, en, zh), Value: chat.T(lang, cmdEN, cmdZH)}
	}
	b := []chat.Button{
		run("Which GPU, how many", "选卡：哪种卡、几张", "help tier", "帮助 选卡"),
		run("On-demand or monthly", "按需还是包月", "help billing", "帮助 计费"),
		run("Compare quotes", "比较报价", "help quote", "帮助 报价"),
		run("Check what sales said", "核对销售的说法", "help checklist", "帮助 清单"),
		run("Trial test plan", "试用实测方案", "trial", "试用"),
		run("Renewals", "续约列表", "renewal list", "续约 列表"),
	}
	if prices {
		b = append(b, run("Prices", "价格列表", "price list", "价格 列表"))
	}
	return append(b, run("Every command", "全部命令", "help", "帮助"))
}

// read reads every store the page has, all at once, for one reply: the
// renewals, the prices and the checks the page lists, and, for the board,
// the trials and as many checks as the board weighs (store.KeepChecks; the
// page lists the newest MaxChecks of them). A store not there reads as
// vendor.ErrNotKept (the board reads its own, if it has one).
func (d Deps) read(ctx context.Context, c *chat.Call, scope store.Scope) vendor.Read {
	rd := vendor.NotRead()
	var wg sync.WaitGroup
	if d.Renewals != nil {
		wg.Go(func() { rd.Renewals, rd.RenewalsErr = d.Renewals.ListRenewals(ctx, scope) })
	}
	if d.Prices != nil {
		wg.Go(func() { rd.Prices, rd.PricesErr = d.Prices(ctx, scope) })
	}
	if d.Checks != nil {
		n := MaxChecks
		if d.Vendors != nil {
			n = store.KeepChecks
		}
		wg.Go(func() { rd.Checks, rd.ChecksErr = d.Checks.RecentChecks(ctx, scope, c.Req.User, n) })
	}
	if d.Vendors != nil && d.Trials != nil {
		wg.Go(func() { rd.Trials, rd.TrialsErr = d.Trials.ListTrials(ctx, scope) })
	}
	wg.Wait()
	return rd
}

func (d Deps) log() *slog.Logger { return chat.LoggerOr(d.Log) }
