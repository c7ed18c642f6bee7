package price_test

import (
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

// TestSetTwiceStoresOnce: the same price set again is "already stored",
// with no second entry; another price, vendor, date typed or channel is a
// new entry.
func TestSetTwiceStoresOnce(t *testing.T) {
	tests := []struct {
		name    string
		second  string
		channel string
		already bool
	}{
		{"the same line", "price set gpu=a100-80g ondemand=9 monthly=5000 vendor=酷算云", "C1", true},
		{"the same in Chinese, vendor in another case", "价格 设置 显卡=A100-80G 按需=9 包月=5000 供应商=酷算云", "C1", true},
		{"another price", "price set gpu=a100-80g ondemand=8.5 monthly=5000 vendor=酷算云", "C1", false},
		{"another vendor", "price set gpu=a100-80g ondemand=9 monthly=5000 vendor=算力港", "C1", false},
		{"another quote date typed", "price set gpu=a100-80g ondemand=9 monthly=5000 vendor=酷算云 date=2026-11-20", "C1", false},
		{"another channel", "price set gpu=a100-80g ondemand=9 monthly=5000 vendor=酷算云", "C2", false},
	}
	for _, tt := range tests {
		b := newBot(t)
		if r := b.say("C1", "price set gpu=a100-80g ondemand=9 monthly=5000 vendor=酷算云"); r.Error != nil {
			t.Fatalf("%s: first set: %+v", tt.name, r.Error)
		}
		r := b.say(tt.channel, tt.second)
		if r.Error != nil {
			t.Fatalf("%s: %+v", tt.name, r.Error)
		}
		got := data(t, r)["already_stored"] == true
		if got != tt.already {
			t.Errorf("%s: already_stored got %v, want %v", tt.name, got, tt.already)
		}
		list := data(t, b.say(tt.channel, "price list"))["entries"].([]any)
		want := 2
		if tt.already || tt.channel != "C1" {
			want = 1
		}
		if len(list) != want {
			t.Errorf("%s: %d entries listed in %s, want %d", tt.name, len(list), tt.channel, want)
		}
		txt := chat.RenderText(r)
		if tt.already && !strings.Contains(txt, map[bool]string{true: "价格已保存过", false: "Price already stored"}[r.Lang == chat.ZH]) {
			t.Errorf("%s: the reply does not say it was stored already:\n%s", tt.name, txt)
		}
	}
}

// TestGoldenAlreadyStored pins the "already stored" reply in both languages.
func TestGoldenAlreadyStored(t *testing.T) {
	for _, tt := range []struct{ name, line string }{
		{"already_stored_en", "price set gpu=a100-80g ondemand=9 monthly=5000 vendor=酷算云"},
		{"already_stored_zh", "价格 设置 显卡=A100-80G 按需=9 包月=5000 供应商=酷算云"},
	} {
		b := newBot(t)
		b.say("C1", tt.line)
		rep := b.say("C1", tt.line)
		if rep.Error != nil {
			t.Fatalf("%s: %v", tt.name, rep.Error)
		}
		testkit.GoldenReply(t, tt.name, rep)
	}
}
