package billing

import (
	"context"

	advisor "gpuadvisor/advisor/billing"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
)

// Examples of the command, in English and Chinese; the first is shown in
// errors from the router.
var examples = []string{
	"billing ondemand=35 monthly=15000 hours=300",
	"计费 按需=35元/时 包月=1.5万 时长=300小时",
	"billing ondemand=35 monthly=15000 hours=600,500,300,100",
	"billing ondemand=35 monthly=15000 hours=600,500,300,100 spot=12 interruptible=yes interrupt_rate=0.05 checkpoint=1 restart=0.25",
	"billing ondemand=35 monthly=15000 hours=500 cards=8 months=2 min_months=3",
	"计费 按需=35 包月=1.5万 时长=每天24小时 卡数=4 项目月数=12 包年折扣=9折",
}

// Command returns the `billing` chat command (alias 计费).
func Command() *chat.Command {
	return &chat.Command{
		Name:    "billing",
		Aliases: []string{"计费", "账单", "bill"},
		Summary: chat.Help("on-demand, monthly, spot or hybrid: break-even hours, the cost of each, which cards to reserve",
			"按需、包月、竞价还是混合：盈亏平衡小时数、各方案费用、哪些卡该包月"),
		Examples: examples,
		Keys:     keytab.BillingKeys,
		Writes:   chat.Reads,
		Run:      run,
	}
}

func run(ctx context.Context, c *chat.Call) (chat.Reply, error) {
	q, err := read(c.Args, c.Lang)
	if err != nil {
		return chat.Reply{}, err
	}
	a, err := advisor.Advise(q.in)
	if err != nil {
		return chat.Reply{}, fieldError(c.Lang, err)
	}
	return reply(c, q, a), nil
}
