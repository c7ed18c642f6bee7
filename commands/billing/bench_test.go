package billing_test

import (
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/internal/testkit"
)

// BenchmarkBillingCommand measures one billing question end to end as the
// CLI and the Lambdas run it: parse, advise, build the reply, render text.
// Target: under 100 µs per command.
func BenchmarkBillingCommand(b *testing.B) {
	r := commands.New(commands.Deps{})
	for _, bc := range []struct{ name, text string }{
		{"seed_en", "billing ondemand=35 monthly=15000 hours=300"},
		{"seed_zh", "计费 按需=35元/时 包月=1.5万 时长=300小时"},
		{"hybrid_spot_commitment", "billing ondemand=35 monthly=15000 hours=600,500,300,100 spot=12 interruptible=yes interrupt_rate=0.05 checkpoint=1 restart=0.25 months=2 yearly_discount=10%"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			testkit.Bench(b, r, chat.Request{Text: bc.text, Platform: "cli"}, false)
		})
	}
}
