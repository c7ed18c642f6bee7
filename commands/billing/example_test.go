package billing_test

import (
	"context"
	"fmt"

	"gpuadvisor/chat"
	"gpuadvisor/commands/billing"
)

// The market guide's A100 question (docs/domain.md#market-facts), typed in Chinese in a team chat: the answer comes
// back in Chinese, with the reason and its numbers.
func ExampleCommand() {
	r := chat.NewRouter()
	r.Register(billing.Command())
	rep := r.Handle(context.Background(), chat.Request{Text: "计费 按需=35元/时 包月=1.5万 时长=300小时", Platform: "cli"})
	d := rep.Data.(billing.Data)
	fmt.Println(rep.Title)
	fmt.Println(d.Recommendation, chat.Num(d.BreakEvenHours), d.Costs.OnDemand, d.Costs.Monthly, d.Currency)
	fmt.Println(rep.Summary)
	// Output:
	// 计费方式：按需
	// on_demand 428.57 10500 15000 CNY
	// 保持按需：每卡每月 300 小时，按需每卡 300 小时 × ¥35/小时 = ¥10,500，低于包月 ¥15,000。只有超过盈亏平衡点 ¥15,000 / ¥35/小时 = 428.57 小时/卡/月，包月才划算。
}

// Four cards of uneven load: the two busy ones are reserved.
func ExampleCommand_hybrid() {
	r := chat.NewRouter()
	r.Register(billing.Command())
	rep := r.Handle(context.Background(), chat.Request{Text: "billing ondemand=35 monthly=15000 hours=600,500,300,100"})
	d := rep.Data.(billing.Data)
	fmt.Println(d.Recommendation, d.Reserved, d.Costs.Hybrid, d.Savings)
	// Output:
	// hybrid [1 2] 44000 8500
}
