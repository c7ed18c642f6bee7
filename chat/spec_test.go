package chat

import (
	"context"
	"strings"
	"testing"
)

// TestValueSpec is the reader's specification: every value form the README
// and the command help promise, in both languages, with the value it reads
// as. The arithmetic is in the comments.
func TestValueSpec(t *testing.T) {
	tests := []struct {
		in   string
		kind Kind
		want float64
	}{
		// money
		{"35", Money, 35},
		{"35元/时", Money, 35},
		{"35元/小时", Money, 35},
		{"¥15,000", Money, 15000},
		{"￥15,000", Money, 15000},
		{"１５０００", Money, 15000},  // full-width digits
		{"1.5万", Money, 15000},   // 1.5 × 10,000
		{"1万5", Money, 15000},    // a digit after 万 is the thousands: 1万 + 5千
		{"1万5千", Money, 15000},   // 1万 + 5千
		{"1万2000", Money, 12000}, // 1万 + 2,000
		{"一万五", Money, 15000},    // Chinese numerals, 五 after 万 is 5千
		{"两千", Money, 2000},      // 2 × 1,000
		{"三十五元/时", Money, 35},    // 3 × 10 + 5
		{"十二", Money, 12},        // 十 alone is 10: 10 + 2
		{"1.5w", Money, 15000},   // w = 万
		{"15k", Money, 15000},    // k = 1,000
		{"1.5万/月", Money, 15000}, // per month, period checked by PricePeriod
		{"15k/mo", Money, 15000}, // k before the period
		{"1.5w/month", Money, 15000},
		{"0.3元/GB/月", Money, 0.3},
		{"35元/卡·时", Money, 35}, // a middle dot between the card and the period
		{"35元/(卡·时)", Money, 35},
		{"¥35/GPU·h", Money, 35},
		{"35rmb/hr", Money, 35},
		{"2usd/h", Money, 2},
		{"35元一张卡一小时", Money, 35},
		{"35块5", Money, 35.5}, // yuan and jiao: 35 + 5 × 0.1
		{"两块五一个小时", Money, 2.5},
		{"2元5角", Money, 2.5},
		{"1块2毛一小时", Money, 1.2},
		{"3块50", Money, 3.5},  // two digits after 块 are jiao and fen
		{"3块05", Money, 3.05}, // 3 + 0.05
		{"35块一小时", Money, 35}, // the 一 is the hour's
		{"一小时35", Money, 35},  // the period before the amount
		{"每小时35块", Money, 35},
		{"一个月1.5万", Money, 15000},
		{"每卡每月1.5万", Money, 15000},
		// hours per month, and hours per day (× 30 days, or 22 working days)
		{"300", Hours, 300},
		{"300h", Hours, 300},
		{"300小时", Hours, 300},
		{"每天8小时", Hours, 240},  // 8 × 30
		{"8h/day", Hours, 240}, // 8 × 30
		{"8小时/天", Hours, 240},  // 8 × 30
		{"8 hours a day", Hours, 240},
		{"工作日每天10小时", Hours, 220},        // 10 × 22
		{"weekdays 10h/day", Hours, 220}, // 10 × 22
		{"10h/workday", Hours, 220},
		// hours with the period they are in (per card, per month) written out
		{"每月300小时", Hours, 300},
		{"一个月300小时", Hours, 300},
		{"每卡300小时", Hours, 300},
		{"每卡每月300小时", Hours, 300},
		{"300小时/卡", Hours, 300},
		{"300h/卡/月", Hours, 300},
		{"300h/month", Hours, 300},
		{"300/month", Hours, 300},
		{"300 hours per card a month", Hours, 300},
		// hours per week, in the 30-day month: ÷ 7 × 30
		{"40h/week", Hours, 40.0 * 30 / 7},
		{"每周40小时", Hours, 40.0 * 30 / 7},
		{"一周跑40个小时", Hours, 40.0 * 30 / 7},
		{"40小时/周", Hours, 40.0 * 30 / 7},
		{"40 hours a week", Hours, 40.0 * 30 / 7},
		{"168h/week", Hours, 720}, // a whole week is the 720 h month, as 24/7 is
		// counts, tokens, sizes
		{"３００", Hours, 300}, // full-width digits
		{"-5", Hours, -5},   // read; the key's range refuses it
		{"7b", Count, 7e9},
		{"70B", Count, 70e9},
		{"2b", Count, 2e9},
		{"21k", Count, 21000},
		{"4k", Tokens, 4096}, // sequence lengths are binary: 4 × 1024
		{"32k", Tokens, 32768},
		{"1m", Tokens, 1 << 20},
		{"8192", Tokens, 8192},
		{"2TB", GB, 2000}, // decimal: 2 × 1000
		{"80g", GB, 80},
		// percentages, durations, multipliers
		{"10%", Percent, 10},
		{"30d", Days, 30},
		{"2w", Days, 14},    // 2 × 7
		{"1个月", Days, 30},   // a month of notice is 30 days
		{"提前30天", Days, 30}, // notice said as given ahead
		{"30天前", Days, 30},
		{"30 days' notice", Days, 30},
		{"2 weeks in advance", Days, 14},
		{"30m", Minutes, 30},
		{"4h", Minutes, 240}, // 4 × 60
		{"2倍", Ratio, 2},
		// terms in months: years, quarters, halves, in figures and in words
		{"6", Months, 6},
		{"6个月", Months, 6},
		{"12m", Months, 12},
		{"半年", Months, 6},
		{"half a year", Months, 6},
		{"Half-year", Months, 6},
		{"一年", Months, 12},
		{"1年", Months, 12},
		{"两年", Months, 24},
		{"1 year", Months, 12},
		{"a year", Months, 12},
		{"1.5年", Months, 18},
		{"一年半", Months, 18},   // 12 + 6
		{"两年半", Months, 30},   // 24 + 6
		{"一个半月", Months, 1.5}, // 1 + 0.5
		{"18个月", Months, 18},
		{"十八个月", Months, 18},
		{"18 months", Months, 18},
		{"2季度", Months, 6},     // 2 × 3
		{"1年3个月", Months, 15},  // 12 + 3
		{"一年零三个月", Months, 15}, // 12 + 3
		{"半个月", Months, 0.5},
		// approximate numbers are the number meant
		{"约300", Hours, 300},
		{"300左右", Hours, 300},
		{"大约 1.5万", Money, 15000},
		{"~35", Money, 35},
		{"about 300h", Hours, 300},
		{"300~", Hours, 300}, // a trailing ~ (300～ after Normalize) is about too
		{"300～", Hours, 300},
		{"～300", Hours, 300},
		{"差不多300", Hours, 300},
		{"将近300小时", Hours, 300},
		{"三百来小时", Hours, 300}, // 来 between the number and its unit: about
		{"300来个小时", Hours, 300},
		{"around 35", Money, 35},
	}
	for _, tt := range tests {
		got, err := ParseValue(tt.in, tt.kind)
		if err != nil || got != tt.want {
			t.Errorf("ParseValue(%q, %v) = %v, %v; want %v", tt.in, tt.kind, got, err, tt.want)
		}
	}
	for _, bad := range []struct {
		in   string
		kind Kind
	}{
		{"万", Money}, {"abc", Money}, {"", Money}, {"1,00", Money}, {"35元/吨", Money}, {"NaN", Money}, {"1e400", Money},
		{"25h/day", Hours},                                     // a day has 24 hours
		{"每天8元", Hours},                                        // not hours
		{"200h/week", Hours},                                   // a week has 168 hours
		{"每周40元", Hours},                                       // not hours
		{"40h/week", Money},                                    // hours per week is not money
		{"1年13个月", Months},                                     // 13 months after a year is not a number of months
		{"每月", Hours}, {"每年3000小时", Hours}, {"300小时/年", Hours}, // no number; hours a year are not hours a month
		{"半", Months}, {"3天", Months}, {"一年又一年", Months},
		{"1万50000", Money}, // the addend is not below the multiplier
		{"8h/day", Money},  // hours per day is not money
		// a bound is not a number: at least, at most
		{"300+", Hours}, {"300多", Hours}, {"至少300", Hours}, {"300以上", Hours}, {"≥300", Hours},
		{"300以内", Hours}, {"不到300", Hours}, {"35元起", Money}, {"1万多", Money},
	} {
		if v, err := ParseValue(bad.in, bad.kind); err == nil {
			t.Errorf("ParseValue(%q, %v) = %v, want an error", bad.in, bad.kind, v)
		}
	}
}

func TestHoursPerDayExplained(t *testing.T) {
	tests := []struct {
		lang Lang
		in   string
		want string
	}{
		{EN, "8h/day", "8h/day = 8 h a day × 30 days = 240 h a month"},
		{ZH, "每天8小时", "每天8小时 = 每天 8 小时 × 30 天 = 每月 240 小时"},
		{ZH, "工作日每天10小时", "工作日每天10小时 = 每天 10 小时 × 22 个工作日 = 每月 220 小时"},
		{EN, "300", ""},
		{EN, "40h/week", "40h/week = 40 h a week ÷ 7 × 30 days = 171.43 h a month"},
		{ZH, "每周40小时", "每周40小时 = 每周 40 小时 ÷ 7 × 30 天 = 每月 171.43 小时"},
	}
	for _, tt := range tests {
		if got := HoursPerDay(tt.lang, tt.in); got != tt.want {
			t.Errorf("HoursPerDay(%s, %q) = %q, want %q", tt.lang, tt.in, got, tt.want)
		}
	}
}

// TestArgsSpec reads whole command lines, English and Chinese, through the
// router and Args.
func TestArgsSpec(t *testing.T) {
	r := NewRouter()
	r.Register(&Command{Name: "billing", Aliases: []string{"计费"}, Keys: []Key{
		{Name: "ondemand", Aliases: []string{"按需"}, Kind: Money, Example: "35"},
		{Name: "monthly", Aliases: []string{"包月"}, Kind: Money, Example: "15000"},
		{Name: "hours", Aliases: []string{"时长"}, Kind: Hours, Example: "300"},
		{Name: "interruptible", Aliases: []string{"可中断"}},
		{Name: "mode", Aliases: []string{"模式"}},
	}, Run: func(context.Context, *Call) (Reply, error) { return Reply{}, nil }})
	tests := []struct {
		text            string
		lang            Lang
		ondemand, month float64
		hours           float64
		interruptible   bool
		mode            string
		assumptions     int
	}{
		{"billing ondemand=35 monthly=15000 hours=300", EN, 35, 15000, 300, false, "train", 0},
		{"计费 按需＝３５元/时，包月=1.5万 时长=300小时 可中断=是 模式=推理", ZH, 35, 15000, 300, true, "infer", 0},
		{"计费 按需=35 包月=一万五 时长=每天8小时", ZH, 35, 15000, 240, false, "train", 1},
		{"billing ondemand = 35 monthly= 15k hours =8h/day interruptible=yes mode=inference", EN, 35, 15000, 240, true, "infer", 1},
		{"billing ondemand=35 monthly=1万5 hours=\"weekdays 10h/day\"", EN, 35, 15000, 220, false, "train", 1},
	}
	for _, tt := range tests {
		_, a, lang, err := r.Parse(Request{Text: tt.text})
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.text, err)
		}
		od, _, err1 := a.Money("ondemand", 0, 1e6)
		mo, _, err2 := a.Money("monthly", 0, 1e9)
		h, err3 := a.Number("hours", 0, 744)
		in, err4 := a.Bool("interruptible", false)
		mode, err5 := a.Choice("mode", "train", []string{"train", "infer"}, map[string]string{"推理": "infer", "inference": "infer"})
		for _, e := range []error{err1, err2, err3, err4, err5} {
			if e != nil {
				t.Fatalf("%q: %v", tt.text, e)
			}
		}
		if lang != tt.lang || od != tt.ondemand || mo != tt.month || h != tt.hours || in != tt.interruptible || mode != tt.mode || len(a.Assumptions()) != tt.assumptions {
			t.Errorf("%q = lang %s, ondemand %v, monthly %v, hours %v, interruptible %v, mode %s, assumptions %q",
				tt.text, lang, od, mo, h, in, mode, a.Assumptions())
		}
	}
	// errors name the key, in the user's language
	for _, tt := range []struct{ text, key, substr string }{
		{"billing ondemand=abc", "ondemand", "not an amount"},
		{"计费 按需=abc", "ondemand", "无法读成金额"},
		{"billing ondemand=35 ondemand=36", "ondemand", "twice"},
		{"billing ondemnd=35", "ondemnd", "Did you mean ondemand"},
	} {
		_, a, lang, err := r.Parse(Request{Text: tt.text})
		if err == nil {
			_, _, err = a.Money("ondemand", 0, 1e6)
		}
		e, ok := err.(*Error)
		if !ok || e.Key != tt.key || !contains(e.Message, tt.substr) {
			t.Errorf("%q (%s) error = %v, want key %s and %q", tt.text, lang, err, tt.key, tt.substr)
		}
	}
}

func contains(s, sub string) bool {
	return len(sub) == 0 || len(s) >= len(sub) && (s[:len(sub)] == sub || contains(s[1:], sub))
}

func TestJoinArgs(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		// one argument holding the whole message
		{[]string{"quote", "hours=300 A: price=35; B: price=29"}, "quote hours=300 A: price=35; B: price=29"},
		// the vendors quoted, the workload outside
		{[]string{"quote", "hours=300", "A: price=35; B: price=29"}, "quote hours=300 A: price=35; B: price=29"},
		// \; unquoted reaches us as ";", inside quotes as `\;`
		{[]string{"quote", "A:", "price=35", ";", "B:", "price=29"}, "quote A: price=35 ; B: price=29"},
		{[]string{"quote", `A: price=35 \; B: price=29`}, "quote A: price=35 ; B: price=29"},
		// one value with spaces keeps them
		{[]string{"renewal", "add", "vendor=Ku Suan Yun", "cards=8"}, `renewal add vendor="Ku Suan Yun" cards=8`},
		{[]string{"tier", "model=qwen 7b"}, `tier model="qwen 7b"`},
		{[]string{"checklist", "check", "我们提供 万兆内网"}, `checklist check "我们提供 万兆内网"`},
		{[]string{"tier", `model="qwen 7b"`}, `tier model="qwen 7b"`},
		// the whole line quoted in the shell: as typed, not one quoted word
		{[]string{"billing ondemand=35"}, "billing ondemand=35"},
		{[]string{"checklist check We have NVLink"}, "checklist check We have NVLink"},
		{[]string{"--private billing", "ondemand=35"}, "--private billing ondemand=35"},
	}
	for _, tt := range tests {
		if got := JoinArgs(tt.args); got != tt.want {
			t.Errorf("JoinArgs(%q) = %q, want %q", tt.args, got, tt.want)
		}
	}
	// and the joined line reads as the vendors it names
	toks := Tokenize(Normalize(JoinArgs([]string{"quote", "hours=300", "A: price=35; B: price=29"})))
	seps := 0
	for _, tk := range toks {
		if tk.Sep {
			seps++
		}
		if tk.Key == "hours" && tk.Value != "300" {
			t.Errorf("hours = %q, want 300", tk.Value)
		}
	}
	if seps != 1 {
		t.Errorf("JoinArgs lost the vendor separator: %+v", toks)
	}
}

func TestKeyLookup(t *testing.T) {
	keys := []Key{{Name: "ondemand", Aliases: []string{"按需", "On-Demand"}}, {Name: "hours", Aliases: []string{"时长"}}}
	ix := IndexKeys(keys)
	for _, tt := range []struct{ in, want string }{
		{"ondemand", "ondemand"}, {" OnDemand ", "ondemand"}, {"按需", "ondemand"}, {"on-demand", "ondemand"}, {"时长", "hours"}, {"price", ""},
	} {
		a, _ := LookupKey(keys, tt.in)
		b, _ := ix.Lookup(tt.in)
		if a.Name != tt.want || b.Name != tt.want {
			t.Errorf("lookup %q = %q / %q, want %q", tt.in, a.Name, b.Name, tt.want)
		}
	}
}

// A bound is refused saying which it is and the number it bounds; a range,
// an approximate or a plain number is no bound.
func TestBoundHint(t *testing.T) {
	for _, tt := range []struct {
		lang     Lang
		in, want string
	}{
		{EN, "300+", "300+ is a bound, at least 300, not one number: give the number you expect (300, if it is about that)"},
		{EN, "300h+", "at least 300h"},
		{EN, "more than 300", "at least 300"},
		{EN, "up to 300h", "at most 300h"},
		{EN, "300 or more", "at least 300"},
		{ZH, "300多个小时", "300多个小时 是一个下限（至少 300个小时），不是一个确定的数：请写你预计的数（大约就是 300个小时 的话写 300个小时）"},
		{ZH, "300小时以上", "至少 300小时"},
		{ZH, "至少300", "至少 300"},
		{ZH, "300出头", "至少 300"},
		{ZH, "¥35起", "至少 35"},
		{ZH, "1万多", "至少 1万"},
		{ZH, "不到300", "上限（至多 300）"},
		{ZH, "300以内", "至多 300"},
		{ZH, "≤300", "至多 300"},
	} {
		if got := ValueHint(tt.lang, tt.in); !strings.Contains(got, tt.want) {
			t.Errorf("ValueHint(%s, %q) = %q, want it to hold %q", tt.lang, tt.in, got, tt.want)
		}
	}
	for _, in := range []string{"300", "300-400", "~300", "300左右", "+300", "多卡", "起"} {
		if _, _, ok := bound(in); ok {
			t.Errorf("bound(%q) is a bound; want none", in)
		}
	}
}
