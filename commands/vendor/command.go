// Package vendor is the `vendor` command (供应商): every vendor a team has
// evidence about — the checklist check of its sales replies, its prices,
// its contract — side by side, and which one to rent from. `vendor list`
// shows each vendor's stage and next step, `vendor show <name>` everything
// known about one, `vendor compare [names…]` the comparison on one
// workload with the recommendation (advisor/vendor decides), `vendor
// remove <name>` deletes its evidence after a confirmation. Evidence is
// scoped like renewals and prices: a conversation sees its own and the
// team-wide (scope=team) evidence.
package vendor

import (
	"context"
	"log/slog"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
	"gpuadvisor/commands/internal/stored"
	"gpuadvisor/store"
)

// Deps are the stores the evidence is read from. Any may be nil: that
// evidence is then missing, and the reply says which store is not there.
type Deps struct {
	Checks   store.Checks
	Trials   store.Trials
	Prices   store.Prices
	Renewals store.Renewals
	// Log receives store failures; nil means slog.Default().
	Log *slog.Logger
}

// Examples of the command; the first is shown in errors.
var examples = []string{
	"vendor compare hours=720 cards=8",
	"供应商 对比 卡数=8 时长=720",
	"vendor list",
	"vendor show 酷算云",
	"vendor remove 酷算云",
}

var subs = advisor.Lazy[*chat.Subs]{New: func() *chat.Subs {
	return chat.NewSubs("vendor", "供应商", examples[0],
		chat.Sub{Name: "list", Aliases: []string{"列表", "查看", "ls", "all", "board"}, Example: examples[2],
			EN: "every vendor with evidence here: its stage and next step", ZH: "这里有资料的每个供应商：所处阶段和下一步"},
		chat.Sub{Name: "show", Aliases: []string{"详情", "显示", "info"}, Example: examples[3],
			EN: "everything known about one vendor, newest first", ZH: "一个供应商的全部资料，最新的在前"},
		chat.Sub{Name: "compare", Aliases: []string{"对比", "比较", "cmp", "vs"}, Keys: keytab.VendorCompare, Example: examples[0],
			EN: "vendors side by side on one workload, and which one to rent from", ZH: "按同一工作负载并排对比供应商，并建议选哪家"},
		chat.Sub{Name: "remove", Aliases: []string{"删除", "移除", "rm", "delete"}, Keys: keytab.VendorRemove, Example: examples[4], Writes: true,
			EN: "delete a vendor's evidence: prices, checks, trials and contracts (confirm=yes, after seeing what would go; contracts with reminders to come only with contracts=yes)", ZH: "删除某供应商的资料：价格、核查、试用实测和合同（先查看将删除的内容，再加 确认=是；仍有待发提醒的合同需加 合同=是）"},
	)
}}

// Command returns the `vendor` chat command (alias 供应商).
func Command(d Deps) *chat.Command {
	return &chat.Command{
		Name:    "vendor",
		Aliases: []string{"供应商", "vendors", "厂商", "对比供应商"},
		Summary: chat.Help("your vendors side by side: each one's answers, prices and contract, and which one to rent from",
			"并排对比供应商：各家的回答、报价和合同，以及该选哪家"),
		Keys:     append(append([]chat.Key{}, keytab.VendorCompare...), keytab.VendorRemove...),
		Subs:     subs.Get().Docs(),
		Examples: examples,
		Writes:   writes,
		Run:      d.run,
	}
}

// writes: only `vendor remove <name> confirm=yes` changes stored data;
// without confirm=yes it lists what would go.
func writes(c *chat.Call) bool {
	if !subs.Get().Writes(c) {
		return false
	}
	a, err := subs.Get().Args(c)
	return err == nil && a.Has("confirm")
}

func (d Deps) run(ctx context.Context, c *chat.Call) (chat.Reply, error) {
	return subs.Get().Dispatch(c, overview, func(chat.Sub) error { return d.ready(c) },
		func(s chat.Sub, a *chat.Args) (chat.Reply, error) {
			switch s.Name {
			case "list":
				return d.list(ctx, c, a)
			case "show":
				return d.show(ctx, c, a)
			case "remove":
				return d.remove(ctx, c, a)
			}
			return d.compare(ctx, c, a)
		})
}

// kept names the stores in their errors.
var kept = stored.Kept{Log: "vendor", Needs: "comparing vendors needs", NeedsZH: "供应商对比", Store: "vendor evidence", StoreZH: "供应商资料"}

func (d Deps) ready(c *chat.Call) error {
	if d.Checks == nil && d.Trials == nil && d.Prices == nil && d.Renewals == nil {
		return kept.Missing(c.Lang)
	}
	if c.Req.Tenant == "" || c.Req.Channel == "" {
		return &chat.Error{Code: chat.CodeUnavailable, Message: chat.T(c.Lang,
			"this platform did not say which team and channel you are in, so there is no vendor evidence to read",
			"平台没有告知你所在的团队和频道，无法读取供应商资料")}
	}
	return nil
}

func overview(lang chat.Lang) chat.Reply {
	return chat.Reply{
		Title: chat.T(lang, "Your vendors side by side", "并排对比供应商"),
		Summary: chat.T(lang,
			"Every checklist check, trial check, price and contract that names a vendor is kept against it (this channel's, and the team's with scope=team); compare them on one workload and see which one to rent from.",
			"每次核查、试用实测、每个报价和每份合同都按供应商归档（本频道的，以及以 范围=团队 保存的）；按同一工作负载对比，看该选哪家。"),
		Sections: []chat.Section{{Title: chat.T(lang, "Examples", "示例"), Lines: examples}},
		Data:     map[string]any{"command": "vendor", "action": "help", "examples": examples},
		Private:  true,
	}
}
