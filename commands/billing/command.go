package billing

import (
	"context"

	advisor "gpuadvisor/advisor/billing"
	"gpuadvisor/chat"
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

// keys are the accepted keys, with their Chinese aliases.
var keys = []chat.Key{
	{Name: "ondemand", Aliases: []string{"on_demand", "on-demand", "od", "hourly", "按需", "按需价", "时价"}, Kind: chat.Money, Example: "35",
		Help: chat.Help("on-demand price per card-hour (required)", "每卡每小时的按需价格（必填）")},
	{Name: "monthly", Aliases: []string{"month", "reserved", "包月", "月租"}, Kind: chat.Money, Example: "15000",
		Help: chat.Help("monthly price per card-month (required)", "每卡每月的包月价格（必填）")},
	{Name: "hours", Aliases: []string{"h", "hours_per_month", "时长", "小时", "每月小时"}, Kind: chat.Hours, Example: "300",
		Help: chat.Help("busy hours per card per month, 0–744, or per day (8h/day: × 30 days; weekdays 10h/day: × 22); one number, or one per card: 600,500,300 (required)", "每卡每月的实际使用小时，0–744，也可按天写（每天8小时 × 30 天；工作日每天10小时 × 22 天）；一个数，或每卡一个：600,500,300（必填）")},
	{Name: "cards", Aliases: []string{"gpus", "n", "卡数", "卡"}, Kind: chat.Count, Example: "4",
		Help: chat.Help("number of cards when hours is one number (every card runs that many hours)", "卡数：hours 只写一个数时，每张卡都按这个小时数计")},
	{Name: "spot", Aliases: []string{"preemptible", "竞价", "抢占"}, Kind: chat.Money, Example: "12",
		Help: chat.Help("spot/preemptible price per card-hour", "竞价（抢占式）实例每卡每小时价格")},
	{Name: "interruptible", Aliases: []string{"tolerant", "可中断"}, Kind: chat.Plain, Example: "yes",
		Help: chat.Help("yes if the work checkpoints and survives being reclaimed (default no: spot is then never chosen)", "任务有检查点、可被中断时写 yes（默认 no：此时绝不选竞价）")},
	{Name: "interrupt_rate", Aliases: []string{"lambda", "λ", "中断率"}, Kind: chat.Plain, Example: "0.05",
		Help: chat.Help("spot interruptions per hour, λ (0.05 = one every 20 h)", "竞价实例每小时被中断的次数 λ（0.05 即约 20 小时一次）")},
	{Name: "checkpoint", Aliases: []string{"ckpt", "检查点"}, Kind: chat.Hours, Example: "1",
		Help: chat.Help("hours between checkpoints, c", "两次检查点之间的小时数 c")},
	{Name: "restart", Aliases: []string{"restart_overhead", "重启"}, Kind: chat.Hours, Example: "0.25",
		Help: chat.Help("hours lost restarting after an interruption, r", "每次中断后重启耗费的小时数 r")},
	{Name: "months", Aliases: []string{"months_left", "剩余月数", "项目月数"}, Kind: chat.Plain, Example: "6",
		Help: chat.Help("months the project still runs: the plan is then the cheapest over them", "项目剩余月数：方案按剩余期间总费用最低来选")},
	{Name: "min_months", Aliases: []string{"minimum_months", "min_term", "最短租期", "起租月数"}, Kind: chat.Plain, Example: "3",
		Help: chat.Help("shortest term a monthly reservation is sold for (renewals often 3)", "包月的最短租期（续租常为 3 个月）")},
	{Name: "yearly_discount", Aliases: []string{"yearly", "annual_discount", "包年折扣"}, Kind: chat.Percent, Example: "10%",
		Help: chat.Help("yearly prepay discount off the monthly price: 10%, 0.1, 9折", "包年预付相对包月的折扣：10%、0.1、9折")},
	{Name: "currency", Aliases: []string{"币种"}, Kind: chat.Plain, Example: "CNY",
		Help: chat.Help("currency of the prices: CNY, USD, EUR…; read from ¥/元/$ when not given", "价格币种：CNY、USD、EUR 等；不写时从 ¥、元、$ 推断")},
}

// Command returns the `billing` chat command (alias 计费).
func Command() *chat.Command {
	return &chat.Command{
		Name:    "billing",
		Aliases: []string{"计费"},
		Summary: chat.Help("on-demand, monthly, spot or hybrid: break-even hours, the cost of each, which cards to reserve",
			"按需、包月、竞价还是混合：盈亏平衡小时数、各方案费用、哪些卡该包月"),
		Examples: examples,
		Keys:     keys,
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
