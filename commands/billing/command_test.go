package billing

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

// router is a router with only this command, so these tests do not depend
// on the other commands being built.
func router() *chat.Router { return testkit.Router(Command()) }

func handle(t testing.TB, text string) chat.Reply {
	t.Helper()
	return router().Handle(context.Background(), chat.Request{Text: text, Platform: "cli"})
}

func dataOf(t *testing.T, text string) Data {
	t.Helper()
	return testkit.DataOf[Data](t, text, handle(t, text))
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name string
		text string
		key  string
		lang chat.Lang
		says string // a word the message must contain
	}{
		{"negative hours", "billing ondemand=35 monthly=15000 hours=-5", "hours", chat.EN, "negative"},
		{"hours not a number", "billing ondemand=35 monthly=15000 hours=abc", "hours", chat.EN, "not a number"},
		{"hours past a month", "billing ondemand=35 monthly=15000 hours=800", "hours", chat.EN, "744"},
		{"one bad card in a list", "billing ondemand=35 monthly=15000 hours=600,x,300", "hours", chat.EN, "card 2"},
		{"a thousands separator is not a list", "billing ondemand=35 monthly=15000 hours=1,000", "hours", chat.EN, "thousands separator"},
		{"empty card in a list", "billing ondemand=35 monthly=15000 hours=600,,300", "hours", chat.EN, "empty"},
		{"free on-demand", "billing ondemand=0 monthly=15000 hours=300", "ondemand", chat.EN, "more than 0"},
		{"free on-demand in Chinese", "计费 按需=0 包月=15000 时长=300", "ondemand", chat.ZH, "必须大于 0"},
		{"missing monthly", "billing ondemand=35 hours=300", "monthly", chat.EN, "missing"},
		{"missing hours in Chinese", "计费 按需=35 包月=1.5万", "hours", chat.ZH, "缺少"},
		{"missing on-demand", "billing monthly=15000 hours=300", "ondemand", chat.EN, "missing"},
		{"too many cards", "billing ondemand=35 monthly=15000 hours=300 cards=100000", "cards", chat.EN, "1000"},
		{"fractional cards", "billing ondemand=35 monthly=15000 hours=300 cards=2.5", "cards", chat.EN, "whole number"},
		{"cards disagree with the list", "billing ondemand=35 monthly=15000 hours=600,500 cards=3", "cards", chat.EN, "one hours value per card"},
		{"unknown key", "billing ondemand=35 monthly=15000 hours=300 colour=red", "colour", chat.EN, "ondemand"},
		{"unknown key in Chinese", "计费 按需=35 包月=15000 时长=300 颜色=红", "颜色", chat.ZH, "不接受"},
		{"typo in the command word", "biling ondemand=35 monthly=15000 hours=300", "command", chat.EN, "billing"},
		{"typo in the Chinese command word", "计废 按需=35 包月=15000 时长=300", "command", chat.ZH, "计费"},
		{"hours split by a Chinese comma", "计费 按需=35 包月=15000 时长=600，500", "hours", chat.ZH, "英文逗号"},
		{"stray word", "billing ondemand=35 monthly=15000 hours=300 please", "command", chat.EN, "key=value"},
		{"a colon instead of =", "计费 按需：35 包月：15000 时长：300", "ondemand", chat.ZH, "按需=35"},
		{"an ASCII colon instead of =", "billing ondemand=35 monthly:15000 hours=300", "monthly", chat.EN, "monthly=15000"},
		{"interruptible spot without lost work", "billing ondemand=35 monthly=15000 hours=300 spot=12 interruptible=yes", "interrupt_rate", chat.EN, "H × (1 + λ × (c/2 + r))"},
		{"only some lost-work keys", "billing ondemand=35 monthly=15000 hours=300 spot=12 interrupt_rate=0.05 checkpoint=1", "restart", chat.EN, "missing"},
		{"interruptible not yes or no", "billing ondemand=35 monthly=15000 hours=300 spot=12 interruptible=maybe", "interruptible", chat.EN, "yes or no"},
		{"interrupt rate over 1 an hour", "billing ondemand=35 monthly=15000 hours=300 spot=12 interruptible=yes interrupt_rate=2 checkpoint=1 restart=0.25", "interrupt_rate", chat.EN, "0 to 1"},
		{"free spot", "billing ondemand=35 monthly=15000 hours=300 spot=0", "spot", chat.EN, "more than 0"},
		{"no months left", "billing ondemand=35 monthly=15000 hours=300 months=0", "months", chat.EN, "more than 0"},
		{"discount over 90%", "billing ondemand=35 monthly=15000 hours=300 yearly_discount=120%", "yearly_discount", chat.EN, "90%"},
		{"bad currency", "billing ondemand=35 monthly=15000 hours=300 currency=xx1", "currency", chat.EN, "currency"},
		{"mixed currencies", "billing ondemand=$35 monthly=¥15000 hours=300", "currency", chat.EN, "mix"},
		{"currency key contradicts a price", "billing ondemand=35元/时 monthly=15000 hours=300 currency=USD", "currency", chat.EN, "CNY"},
		{"key given twice", "billing ondemand=35 ondemand=30 monthly=15000 hours=300", "ondemand", chat.EN, "twice"},
		{"on-demand typed per month", "billing ondemand=15000元/月 monthly=35元/时 hours=300", "ondemand", chat.EN, "per month"},
		{"monthly typed per hour", "billing ondemand=35 monthly=35元/时 hours=300", "monthly", chat.EN, "per hour"},
		{"monthly typed per year", "billing ondemand=35 monthly=180000元/年 hours=300", "monthly", chat.EN, "per year"},
		{"monthly typed per hour in Chinese", "计费 按需=35 包月=35元/时 时长=300", "monthly", chat.ZH, "每小时"},
		{"spot typed per GB", "billing ondemand=35 monthly=15000 hours=300 spot=12元/GB", "spot", chat.EN, "per GB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := handle(t, tt.text)
			e := rep.Error
			if e == nil {
				t.Fatalf("%s: got no error, want invalid_input on %s", tt.text, tt.key)
			}
			if e.Code != chat.CodeInvalid || e.Key != tt.key || e.Example == "" {
				t.Errorf("%s: got %+v, want code invalid_input, key %s and an example", tt.text, e, tt.key)
			}
			if !strings.Contains(e.Message, tt.says) {
				t.Errorf("%s: message %q lacks %q", tt.text, e.Message, tt.says)
			}
			if rep.Lang != tt.lang || tt.lang == chat.ZH && !chat.HasHan(e.Message) {
				t.Errorf("%s: got language %s (%q), want %s", tt.text, rep.Lang, e.Message, tt.lang)
			}
			if tt.lang == chat.ZH && e.Key != "command" && e.Key != "颜色" && !chat.HasHan(e.Example) {
				t.Errorf("%s: example %q is not in Chinese", tt.text, e.Example)
			}
		})
	}
}

// TestValuesAsTyped reads the values people type into the same question.
func TestValuesAsTyped(t *testing.T) {
	want := dataOf(t, "billing ondemand=35 monthly=15000 hours=300 currency=CNY")
	for _, text := range []string{
		"计费 按需=35元/时 包月=1.5万 时长=300小时",
		"计费 按需价=￥35 月租=¥15,000 每月小时=３００",
		"billing ondemand=35/h monthly=15k hours=300h currency=rmb",
		"billing on-demand=35元/时 monthly=15,000元/月 hours=300 cards=1张",
	} {
		got := dataOf(t, text)
		if got.Currency != "CNY" || got.Costs != want.Costs || got.BreakEvenHours != want.BreakEvenHours || got.Recommendation != want.Recommendation {
			t.Errorf("%s: got %s %+v %v %s, want CNY %+v %v %s", text, got.Currency, got.Costs, got.BreakEvenHours, got.Recommendation, want.Costs, want.BreakEvenHours, want.Recommendation)
		}
	}
	checkData(t, []dataCase{
		{"cards=4张 with one hours value", "计费 按需=35 包月=15000 时长=300 卡数=4张", func(d Data) any { return d.Hours }, []float64{300, 300, 300, 300}},
		{"9折 is 10% off", "billing ondemand=35 monthly=15000 hours=300 yearly_discount=9折", func(d Data) any { return d.Yearly.Discount }, 0.1},
		{"85折 is 15% off", "billing ondemand=35 monthly=15000 hours=300 yearly_discount=85折", func(d Data) any { return d.Yearly.Discount }, 0.15},
		{"0.1 is 10%", "billing ondemand=35 monthly=15000 hours=300 yearly_discount=0.1", func(d Data) any { return d.Yearly.Discount }, 0.1},
		{"6个月", "计费 按需=35 包月=15000 时长=600 剩余月数=6个月", func(d Data) any { return d.Commitment.MonthsLeft }, 6.0},
		{"checkpoint=30min is 0.5 h", "billing ondemand=35 monthly=15000 hours=300 spot=12 interruptible=yes interrupt_rate=5% checkpoint=30min restart=15分钟",
			func(d Data) any {
				return []float64{d.SpotOffer.InterruptRate, d.SpotOffer.CheckpointHours, d.SpotOffer.RestartHours}
			}, []float64{0.05, 0.5, 0.25}},
		{"dollars", "billing ondemand=$2.5 monthly=$1200 hours=600", func(d Data) any { return d.Currency }, "USD"},
		{"no currency said", "billing ondemand=35 monthly=15000 hours=300", func(d Data) any { return d.Currency }, ""},
	})
}

// dataCase is one question and what it must answer: get picks the answer
// out of the reply's Data.
type dataCase struct {
	name, text string
	get        func(Data) any
	want       any
}

func checkData(t *testing.T, tests []dataCase) {
	t.Helper()
	for _, tt := range tests {
		if got := tt.get(dataOf(t, tt.text)); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %s: got %v, want %v", tt.name, tt.text, got, tt.want)
		}
	}
}

// TestRulesThroughCommand checks the rules of docs/billing.md as a user
// meets them: the recommendation, the cards reserved, the on-demand and
// hybrid costs, and the break-even 15000 / 35 = 428.57 h.
func TestRulesThroughCommand(t *testing.T) {
	outcome := func(d Data) any {
		return []any{string(d.Recommendation), d.ReservedCards, d.Costs.OnDemand, d.Costs.Hybrid, math.Round(d.BreakEvenHours*100) / 100}
	}
	checkData(t, []dataCase{
		{"the seed's A100 example: at 300 h on-demand costs 300 × 35 = 10500 < 15000", "billing ondemand=35 monthly=15000 hours=300", outcome, []any{"on_demand", 0, 10500.0, 10500.0, 428.57}},
		{"the x0.7 rule is not used: 400 h × 35 × 0.7 = 9800 < 15000 would say reserve, but on-demand 14000 < 15000", "billing ondemand=35 monthly=15000 hours=400", outcome, []any{"on_demand", 0, 14000.0, 14000.0, 428.57}},
		// on-demand (100+600+300+500) × 35 = 52500; reserving 600 h and 500 h: 2 × 15000 + 400 × 35 = 44000
		{"hybrid reserves the busy cards", "billing ondemand=35 monthly=15000 hours=100,600,300,500", outcome, []any{"hybrid", 2, 52500.0, 44000.0, 428.57}},
		{"which cards", "billing ondemand=35 monthly=15000 hours=100,600,300,500", func(d Data) any { return d.Reserved }, []int{2, 4}},
		{"spot is never chosen for work that cannot be interrupted", "billing ondemand=35 monthly=15000 hours=720 spot=3", outcome, []any{"monthly", 1, 25200.0, 15000.0, 428.57}},
		{"interruptible work goes to spot", "billing ondemand=35 monthly=15000 hours=600,500,300,100 spot=12 interruptible=yes interrupt_rate=0.05 checkpoint=1 restart=0.25", outcome, []any{"spot", 0, 52500.0, 18675.0, 428.57}},
	})
}

// TestJSONContract checks the field names other parts rely on.
func TestJSONContract(t *testing.T) {
	for _, tt := range []struct {
		text     string
		spotNull bool
	}{
		{"billing ondemand=35 monthly=15000 hours=300", true},
		{"billing ondemand=35 monthly=15000 hours=300 spot=12", false},
	} {
		var m map[string]any
		testkit.DecodeReply(t, handle(t, tt.text), &m)
		for _, k := range []string{"command", "recommendation", "break_even_hours", "costs", "reserved_cards", "savings"} {
			if _, ok := m[k]; !ok {
				t.Errorf("%s: JSON lacks %q: %v", tt.text, k, m)
			}
		}
		costs, _ := m["costs"].(map[string]any)
		for _, k := range []string{"on_demand", "monthly", "spot", "hybrid"} {
			if _, ok := costs[k]; !ok {
				t.Errorf("%s: costs lacks %q: %v", tt.text, k, costs)
			}
		}
		if (costs["spot"] == nil) != tt.spotNull {
			t.Errorf("%s: costs.spot got %v, want null=%v", tt.text, costs["spot"], tt.spotNull)
		}
		if m["command"] != "billing" {
			t.Errorf("%s: command got %v", tt.text, m["command"])
		}
	}
	var e map[string]map[string]any
	testkit.DecodeReply(t, handle(t, "billing ondemand=35 monthly=15000 hours=-5"), &e)
	if e["error"]["code"] != "invalid_input" || e["error"]["key"] != "hours" || e["error"]["message"] == "" || e["error"]["example"] == "" {
		t.Errorf("error JSON got %v", e)
	}
}

func FuzzBillingCommand(f *testing.F) {
	for _, s := range []string{
		"ondemand=35 monthly=15000 hours=300",
		"按需=35元/时 包月=1.5万 时长=300小时",
		"ondemand=35 monthly=15000 hours=600,500,300,100 spot=12 interruptible=yes interrupt_rate=0.05 checkpoint=1 restart=0.25 months=2 yearly_discount=9折",
		"ondemand=1e308 monthly=1e-308 hours=744 cards=1000",
		"hours=,,, ondemand=-0",
		"ondemand=35 monthly=15000 hours=600,100",
		"ondemand=35 monthly=15000 hours=720,100 spot=10 interruptible=yes interrupt_rate=0.1 checkpoint=2 restart=1",
	} {
		f.Add(s)
	}
	r := router()
	f.Fuzz(func(t *testing.T, s string) {
		rep := r.Handle(context.Background(), chat.Request{Text: "billing " + s})
		if rep.Error == nil && rep.Data == nil {
			t.Fatalf("billing %s: neither an error nor data", s)
		}
		if rep.Error != nil && rep.Error.Code != chat.CodeInvalid {
			t.Fatalf("billing %s: got %+v, want invalid_input", s, rep.Error)
		}
		_ = chat.RenderText(rep)
		_ = chat.RenderJSON(rep)
	})
}

// TestYearlyCountSaysWhatItCounts: cards_past_break_even compares the yearly
// price with each card's cheapest option without a reservation (spot when
// allowed), so the text must not say "0 of 4 cards reach" a 385.71 h
// break-even when two cards run 600 h and 500 h.
func TestYearlyCountSaysWhatItCounts(t *testing.T) {
	tests := []struct {
		text, want string
		count      int
	}{
		{"billing ondemand=35 monthly=15000 hours=600,500,300,100 spot=12 interruptible=yes interrupt_rate=0.05 checkpoint=1 restart=0.25 yearly_discount=10%",
			"0 of 4 cards cost more than ¥13,500 a month without a reservation (on-demand or spot, whichever is cheaper)", 0},
		{"billing ondemand=35 monthly=15000 hours=600,500,300,100 yearly_discount=10%",
			"2 of 4 cards cost more than ¥13,500 a month without a reservation (on-demand)", 2},
		{"计费 按需=35 包月=15000 时长=600,500,300,100 包年折扣=10%",
			"4 张卡中有 2 张不包月时每月超过 ¥13,500（按需）", 2},
	}
	for _, tt := range tests {
		rep := handle(t, tt.text)
		if rep.Error != nil {
			t.Fatal(rep.Error)
		}
		if txt := chat.RenderText(rep); !strings.Contains(txt, tt.want) {
			t.Errorf("%s: reply lacks %q:\n%s", tt.text, tt.want, txt)
		}
		if d := rep.Data.(Data); d.Yearly.CardsPastBreakEven != tt.count {
			t.Errorf("%s: cards_past_break_even got %d, want %d", tt.text, d.Yearly.CardsPastBreakEven, tt.count)
		}
	}
}

// TestIssueCases are the replies the issue found contradicting themselves,
// each with the arithmetic that decides it.
func TestIssueCases(t *testing.T) {
	tests := []struct {
		name, text string
		rec        string
		wantIn     []string // in the text reply
		notIn      []string
	}{
		// 500 h × 8 cards, 2 months, 3-month minimum: on-demand 35 × 500 × 2 = 35,000 per card against
		// 15,000 × 3 = 45,000 reserved: stay on-demand, 280,000 in all.
		{"a minimum term decides", "billing ondemand=35 monthly=15000 hours=500 cards=8 months=2 min_months=3", "on_demand",
			[]string{"The plan costs ¥280,000 over the months left", "Minimum term min_months=3: counted above"}, []string{"saving ¥20,000", "saving 20,000"}},
		// no minimum stated: reserve (15,000 × 2 = 30,000 < 35,000 per card), and say a 3-month minimum changes that
		{"no minimum stated", "billing ondemand=35 monthly=15000 hours=500 cards=8 months=2", "monthly",
			[]string{"Renewals often require 3 months: then the answer is on-demand at ¥280,000"}, nil},
		// 720 h × 4 cards, 12 months, 10% off: yearly 13,500 × 12 = 162,000 < monthly 180,000 < on-demand 302,400 per card
		{"yearly when it is cheapest", "计费 按需=35 包月=15000 时长=720 卡数=4 项目月数=12 包年折扣=9折", "yearly",
			[]string{"计费方式：包年预付", "每月 ¥54,000"}, []string{"计费方式：包月"}},
		// spot 12 × 1.0375 = 12.45 per busy hour: 15,000 / 12.45 = 1,204.82 h, more than a month holds
		{"a break-even past the month", "billing ondemand=35 monthly=15000 hours=600 spot=12 interruptible=yes interrupt_rate=0.05 checkpoint=1 restart=0.25", "spot",
			[]string{"never within a month (1,204.82 > 720 h)", "#1 run 600 h a month on spot, more than half a month"}, []string{"1,204.82 h "}},
		// 8 h a day × 30 days = 240 h a month
		{"hours per day", "计费 按需=35 包月=1.5万 时长=每天8小时", "on_demand", []string{"每天8小时 = 每天 8 小时 × 30 天 = 每月 240 小时", "每卡每月 240 小时"}, nil},
		{"1万5 and 一万五", "计费 按需=35 包月=1万5 时长=工作日每天10小时", "on_demand", []string{"220 小时"}, nil},
		// the issue: 8 × (15,000 + 360 h × 35) = 220,800 for one reserved month and half a month on demand,
		// against 240,000 for two whole months (60,000 of them paid after the project ends)
		{"a fractional month runs on demand", "计费 按需=35 包月=1.5万 时长=720 卡数=8 项目月数=1.5", "monthly",
			[]string{"8 张卡包月 1 个月，最后半个月按需：¥220,800", "计费方式：先包月，再按需"}, []string{"项目结束后仍要支付"}},
		{"a fractional month runs on demand, in English", "billing ondemand=35 monthly=15000 hours=720 cards=8 months=1.5 --full", "monthly",
			[]string{"Reserve 8 cards for 1 month, then on demand for the last half month: ¥220,800", "#1    720    ¥25,200    ¥15,000  —     monthly → on-demand"},
			[]string{"paid after the project ends"}},
		// yearly= is a price per card-year: 150,000 = 12,500 a month, 1 − 150,000 / 180,000 = 16.7% off; over 12 months
		// it beats 12 × 15,000 = 180,000 monthly and 12 × 25,200 on-demand
		{"yearly is a yearly price", "billing ondemand=35 monthly=15000 hours=720 months=12 yearly=150000", "yearly",
			[]string{"all yearly ¥150,000 (¥150,000 per card-year × 1 year)"}, nil},
		{"35块一小时 and 一天8个小时", "计费 按需=35块一小时 包月=1.5万 时长=一天8个小时", "on_demand",
			[]string{"按需每卡 240 小时 × ¥35/小时 = ¥8,400", "时长：一天8个小时 = 每天 8 小时 × 30 天 = 每月 240 小时"}, []string{"hours:"}},
		{"每天8个钟", "计费 按需=35 包月=1.5万 时长=每天8个钟", "on_demand", []string{"每卡每月 240 小时"}, nil},
		// no currency typed: yuan, with its sign
		{"a bare price is in yuan", "billing ondemand=35 monthly=15000 hours=8", "on_demand", []string{"8 h × ¥35/h = ¥280 per card", "the monthly fee of ¥15,000"}, nil},
	}
	for _, tt := range tests {
		rep := handle(t, tt.text)
		if rep.Error != nil {
			t.Fatalf("%s: %v", tt.name, rep.Error)
		}
		d := rep.Data.(Data)
		txt := chat.RenderText(rep)
		if string(d.Recommendation) != tt.rec {
			t.Errorf("%s: recommendation %s, want %s", tt.name, d.Recommendation, tt.rec)
		}
		for _, w := range tt.wantIn {
			if !strings.Contains(txt, w) {
				t.Errorf("%s: reply lacks %q:\n%s", tt.name, w, txt)
			}
		}
		for _, w := range tt.notIn {
			if strings.Contains(txt, w) {
				t.Errorf("%s: reply has %q:\n%s", tt.name, w, txt)
			}
		}
	}
}

// TestSwappedPrices: a monthly fee below 8 h of on-demand is refused,
// naming both keys.
func TestSwappedPrices(t *testing.T) {
	for _, text := range []string{"billing ondemand=15000 monthly=35 hours=300", "计费 按需=15000 包月=35 时长=300"} {
		rep := handle(t, text)
		if rep.Error == nil || rep.Error.Key != "monthly" || !strings.Contains(rep.Error.Message, "15,000") || rep.Error.Example == "" {
			t.Fatalf("%s: got %+v, want an error on monthly", text, rep.Error)
		}
		if !(strings.Contains(rep.Error.Message, "ondemand") || strings.Contains(rep.Error.Message, "按需")) {
			t.Errorf("%s: the error does not name ondemand: %s", text, rep.Error.Message)
		}
	}
}
