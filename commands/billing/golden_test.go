package billing

import (
	"testing"

	"gpuadvisor/internal/testkit"
)

// TestGolden renders replies as a reviewer reads them: terminal text in both
// languages and the JSON. Run `go test ./commands/billing -update` after an
// intended change and read the diff.
func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		text string
		json bool
	}{
		{"en_on_demand", "billing ondemand=35 monthly=15000 hours=300", false},
		{"zh_on_demand", "计费 按需=35元/时 包月=1.5万 时长=300小时", false},
		{"en_hybrid_commitment", "billing ondemand=¥35 monthly=15000 hours=600,500,300,100 months=2 yearly_discount=10%", false},
		{"zh_hybrid_commitment", "计费 按需=35元/时 包月=1.5万 时长=600,500,300,100 剩余月数=2 包年折扣=9折", false},
		{"en_spot", "billing ondemand=35 monthly=15000 hours=600,500,300,100 spot=12 interruptible=yes interrupt_rate=0.05 checkpoint=1 restart=0.25", false},
		{"zh_spot", "计费 按需=35 包月=15000 时长=600,500,300,100 竞价=12 可中断=是 中断率=0.05 检查点=1 重启=0.25", false},
		{"en_spot_not_interruptible", "billing ondemand=35 monthly=15000 hours=720 spot=3", false},
		{"zh_spot_not_interruptible", "计费 按需=35 包月=15000 时长=720 竞价=3", false},
		{"en_hybrid_spot", "billing ondemand=35 monthly=15000 hours=700,650,300 spot=25 interruptible=yes interrupt_rate=0.02 checkpoint=0.5 restart=0.1", false},
		{"zh_hybrid_spot_unfit", "计费 按需=35 包月=15000 时长=720,100 竞价=10 可中断=是 中断率=0.1 检查点=2 重启=1", false},
		{"en_tie", "billing ondemand=35 monthly=14000 hours=400 cards=3", false},
		{"zh_tie", "计费 按需=35 包月=14000 时长=400 卡数=3", false},
		{"en_yearly_12_months", "billing ondemand=$5 monthly=$2500 hours=744,600,400,200 months=12 yearly_discount=10%", false},
		{"en_error_hours", "billing ondemand=35 monthly=15000 hours=-5", false},
		{"zh_error_ondemand", "计费 按需=0 包月=15000 时长=300", false},
		{"json_on_demand", "billing ondemand=35 monthly=15000 hours=300", true},
		{"json_spot", "billing ondemand=35 monthly=15000 hours=600,500,300,100 spot=12 interruptible=yes interrupt_rate=0.05 checkpoint=1 restart=0.25", true},
		{"json_hybrid_commitment", "billing ondemand=35 monthly=15000 hours=600,500,300,100 months=2 yearly_discount=10%", true},
		{"json_error_hours", "billing ondemand=35 monthly=15000 hours=abc", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testkit.Testdata(t, tt.name+".golden", testkit.Rendered(handle(t, tt.text), tt.json))
		})
	}
}
