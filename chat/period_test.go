package chat

import "testing"

func TestPricePeriod(t *testing.T) {
	tests := []struct {
		in   string
		want Period
	}{
		{"35", NoPeriod},
		{"¥15,000", NoPeriod},
		{"1.5万", NoPeriod},
		{"1.5万元", NoPeriod},
		{"35元/时", PerHour},
		{"35元/小时", PerHour},
		{"35 元每小时", PerHour},
		{"35/h", PerHour},
		{"$2.1/hr", PerHour},
		{"35元/卡时", PerHour},
		{"35元/卡/小时", PerHour},
		{"15000元/月", PerMonth},
		{"1.5万/月", PerMonth},
		{"15k/mo", PerMonth},
		{"15000元/卡/月", PerMonth},
		{"１５０００元／月", PerMonth},
		{"162000元/年", PerYear},
		{"162k/yr", PerYear},
		{"0.8元/GB", PerGB},
		{"0.3元/GB/月", PerGB},
		{"0.3/gb/mo", PerGB},
		{"0.8/g", PerGB},
		{"abc", NoPeriod},
		{"", NoPeriod},
	}
	for _, tt := range tests {
		if got := PricePeriod(tt.in); got != tt.want {
			t.Errorf("PricePeriod(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
