package quote

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"gpuadvisor/internal/testkit"

	"gpuadvisor/advisor/tco"
	"gpuadvisor/chat"
)

func router() *chat.Router { return testkit.Router(Command()) }

func handle(text, attachment string, lang chat.Lang) chat.Reply {
	return router().Handle(context.Background(), chat.Request{Text: text, Attachment: attachment, Lang: lang, Platform: "cli"})
}

// runExample is the issue's run: B is cheaper by the month, A by the run.
const runExample = "quote hours=300 cards=8 run_tokens=2b A: price=35 tokens_s=21000; B: price=29 tokens_s=14000"

func TestGolden(t *testing.T) {
	testkit.GoldenTable(t, []testkit.Pinned{
		{Name: "example_en", Text: Example},
		{Name: "example_zh", Text: exampleZH},
		{Name: "example_forced_zh", Text: Example, Lang: chat.ZH},
		{Name: "run_en", Text: runExample},
		{Name: "run_zh", Text: "报价 时长=每天10小时 卡数=8 轮数=2 数据集tokens=1b A：单价=35元/时 吞吐=21000；B：单价=29 吞吐=14000 存储费=免费"},
		{Name: "yaml_en", Text: "quote", File: "quotes.yaml"},
		{Name: "yaml_zh", Text: "报价", File: "quotes.yaml"},
		{Name: "single_en", Text: "quote cards=8 A: price=35 tokens_s=21000"},
		{Name: "partial_en", Text: "quote hours=300 cards=8 storage_gb=300\nA: price=35 fast\nB: price=29 egress_price=0.8\nC: price=30 own_cards=16"},
		{Name: "partial_zh", Text: "报价 卡数=8 快照量=0\nA：单价=35 高配\nB：单价=-29\nC：单价=28 存储费=免费 快照单价=0.2 流量费=0 内网=免费 支持费=2000 授权=含 最短租期=3"},
		{Name: "one_off_en", Text: "quote hours=300 cards=8 months=6 exit_egress_gb=5000 A: price=33 setup_fee=60000 deposit=20000 migration_fee=3000 egress_price=0.5; B: price=35"},
		{Name: "one_off_zh", Text: "报价 时长=300 卡数=8 项目月数=6 迁出流量=5000 A：单价=33 开通费=6万 押金=2万 迁移费=3000 流量单价=0.5；B：单价=35"},
		{Name: "one_off_monthly_en", Text: "quote hours=300 cards=8 A: price=33 setup_fee=60000; B: price=35"},
	}, func(t testing.TB, p testkit.Pinned) chat.Reply {
		att := ""
		if p.File != "" {
			att = testkit.Files(t, "testdata", p.File)
		}
		return handle(p.Text, att, p.Lang)
	})
}

// decoded is the JSON contract other parts rely on.
type decoded struct {
	Command string `json:"command"`
	Vendors []struct {
		Name       string             `json:"name"`
		MonthlyTCO float64            `json:"monthly_tco"`
		LineItems  map[string]float64 `json:"line_items"`
		Estimated  map[string]float64 `json:"estimated"`
		Missing    []string           `json:"missing"`
		TCOPerMTok float64            `json:"tco_per_mtok"`
		RunTCO     float64            `json:"run_tco"`
	} `json:"vendors"`
	Cheapest        string `json:"cheapest"`
	CheapestMonthly string `json:"cheapest_monthly"`
	Basis           string `json:"basis"`
	Partial         bool   `json:"partial"`
}

func decode(t *testing.T, rep chat.Reply) decoded {
	t.Helper()
	var d decoded
	testkit.DecodeReply(t, rep, &d)
	return d
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6*math.Max(1, math.Abs(b)) }

func TestJSONContract(t *testing.T) {
	d := decode(t, handle(Example, "", ""))
	if d.Command != "quote" || len(d.Vendors) != 2 || d.Cheapest != "B" || d.Basis != "monthly_tco" || d.Partial {
		t.Fatalf("got %+v", d)
	}
	a, b := d.Vendors[0], d.Vendors[1]
	// A: 35 × 300 × 8 = 84,000 + storage 2000 × 0.3 = 600 + egress 3000 × 0.8 = 2,400 = 87,000
	if a.Name != "A" || a.MonthlyTCO != 87000 || a.LineItems["gpu"] != 84000 || a.LineItems["storage"] != 600 || a.LineItems["egress"] != 2400 {
		t.Errorf("A: got %+v", a)
	}
	// A's tco per 1M tokens: 87,000 / (21000 × 3600 × 300) × 1e6 = 3.8360
	if !near(a.TCOPerMTok, 87000/(21000*3600*300.0)*1e6) {
		t.Errorf("A tco_per_mtok = %v", a.TCOPerMTok)
	}
	// B: 29 × 300 × 8 = 69,600 + egress 2,400 + storage estimated 2000 × 0.35 = 700
	if b.MonthlyTCO != 72700 || b.Estimated["storage"] != 700 {
		t.Errorf("B: got %+v", b)
	}
	// snapshots and intranet have no volume: A is missing their prices, not estimated
	if strings.Join(a.Missing, ",") != "snapshots,intranet,support,licences" || strings.Join(b.Missing, ",") != "storage,snapshots,intranet,support,licences" {
		t.Errorf("missing: A %v, B %v", a.Missing, b.Missing)
	}
}

// TestRankByRun: the issue's case, where B is cheaper by the month and A by
// the run.
func TestRankByRun(t *testing.T) {
	d := decode(t, handle(runExample, "", ""))
	// A: 2e9 / 21000 / 3600 = 26.455 h × 280 = 7,407.41; B: 39.683 h × 232 = 9,206.35
	if d.Basis != "run_tco" || d.Cheapest != "A" || d.CheapestMonthly != "B" {
		t.Fatalf("basis %s cheapest %s monthly %s; want run_tco, A, B", d.Basis, d.Cheapest, d.CheapestMonthly)
	}
	if !near(d.Vendors[0].RunTCO, 2e9/21000/3600*280) || !near(d.Vendors[1].RunTCO, 2e9/14000/3600*232) {
		t.Errorf("run TCO %v, %v", d.Vendors[0].RunTCO, d.Vendors[1].RunTCO)
	}
	rep := handle(runExample, "", "")
	if !strings.Contains(rep.Title, "whole run: A is cheapest; by the month, B") || !strings.Contains(rep.Summary, "¥7,407.41 all in") {
		t.Errorf("title %q summary %q", rep.Title, rep.Summary)
	}
	// epochs × dataset tokens is a run too: 2 × 1b = 2b
	d2 := decode(t, handle("quote hours=300 cards=8 epochs=2 dataset_tokens=1b A: price=35 tokens_s=21000; B: price=29 tokens_s=14000", "", ""))
	if d2.Cheapest != "A" || !near(d2.Vendors[0].RunTCO, d.Vendors[0].RunTCO) {
		t.Errorf("epochs: %+v", d2)
	}
}

// TestQuotedVendors: the README's example works as a chat message, and in a
// shell as one argument, with the vendors quoted, or with \; (issue 12).
func TestQuotedVendors(t *testing.T) {
	want := decode(t, handle(runExample, "", ""))
	for _, text := range []string{
		`quote hours=300 cards=8 run_tokens=2b "A: price=35 tokens_s=21000; B: price=29 tokens_s=14000"`,
		chat.JoinArgs([]string{"quote", "hours=300 cards=8 run_tokens=2b A: price=35 tokens_s=21000; B: price=29 tokens_s=14000"}),
		chat.JoinArgs([]string{"quote", "hours=300", "cards=8", "run_tokens=2b", "A: price=35 tokens_s=21000; B: price=29 tokens_s=14000"}),
		chat.JoinArgs([]string{"quote", "hours=300", "cards=8", "run_tokens=2b", "A:", "price=35", "tokens_s=21000", ";", "B:", "price=29", "tokens_s=14000"}),
		chat.JoinArgs([]string{"quote", `hours=300 cards=8 run_tokens=2b A: price=35 tokens_s=21000 \; B: price=29 tokens_s=14000`}),
	} {
		got := decode(t, handle(text, "", ""))
		if len(got.Vendors) != 2 || got.Cheapest != want.Cheapest || got.Vendors[1].RunTCO != want.Vendors[1].RunTCO {
			t.Errorf("%q: got %+v, want %+v", text, got, want)
		}
	}
}

func TestWorkload(t *testing.T) {
	tests := []struct {
		name, text string
		hours      float64
		cards      int
	}{
		{"hours per day over 30 days: 8 × 30", "quote hours=每天8小时 cards=8 A: price=35", 240, 8},
		{"working days: 10 × 22", "报价 时长=工作日每天10小时 卡数=4 A：单价=35", 220, 4},
		{"8h/day", "quote hours=8h/day cards=2 A: price=35", 240, 2},
		{"default 300 h", "quote cards=8 A: price=35", 300, 8},
	}
	for _, tt := range tests {
		rep := handle(tt.text, "", "")
		if rep.Error != nil {
			t.Fatalf("%s: %v", tt.name, rep.Error)
		}
		d := rep.Data.(Data)
		if d.Workload.Hours != tt.hours || d.Workload.Cards != tt.cards {
			t.Errorf("%s: workload %+v", tt.name, d.Workload)
		}
		if tt.hours != 300 && len(d.Assumptions) != 1 {
			t.Errorf("%s: the per-day assumption is not shown: %v", tt.name, d.Assumptions)
		}
	}
}

func TestOwnWorkloadOnPurpose(t *testing.T) {
	rep := handle("quote hours=300 cards=8 A: price=35 own_cards=16; B: price=29", "", "")
	if rep.Error != nil {
		t.Fatal(rep.Error)
	}
	d := rep.Data.(Data)
	// A: 35 × 300 × 16 = 168,000, stated in the title and the ranking
	if d.Vendors[0].Cards != 16 || d.Vendors[0].TCO != 168000 || !d.Vendors[0].ChangesWorkload {
		t.Errorf("A: %+v", d.Vendors[0])
	}
	if !strings.Contains(rep.Title, "A priced on its own cards or hours") || !strings.Contains(rep.Tables[0].Rows[1][1], "A*") {
		t.Errorf("title %q, ranking %v", rep.Title, rep.Tables[0].Rows)
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		want    []tco.Vendor // name, prices, throughput and charges compared
		partial bool
	}{
		{"labels with colon", "quote hours=200 cards=8 A: price=35; B: price=29",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35}, {Name: "B", PricePerCardHour: 29}}, false},
		{"a label without a separator starts a vendor", "quote cards=8 A: price=35 B: price=29",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35}, {Name: "B", PricePerCardHour: 29}}, false},
		{"vendor= and name= label vendors", "quote cards=8 vendor=A price=35 name=B price=29",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35}, {Name: "B", PricePerCardHour: 29}}, false},
		{"new lines separate unnamed vendors", "quote hours=250 cards=8\nprice=35\nprice=29",
			[]tco.Vendor{{Name: "V1", PricePerCardHour: 35}, {Name: "V2", PricePerCardHour: 29}}, false},
		{"label glued to the first key", "quote cards=8 A:price=35",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35}}, false},
		{"quoted multi-word name", `quote cards=8 "Ku Suan Yun": price=35`,
			[]tco.Vendor{{Name: "Ku Suan Yun", PricePerCardHour: 35}}, false},
		{"Chinese keys, full-width colon and units", "报价 时长=300小时 卡数=8卡 存储量=2TB 酷算云：单价=35元/卡时 吞吐=2.1万 存储单价=0.3元/GB/月",
			[]tco.Vendor{{Name: "酷算云", PricePerCardHour: 35, TokensPerSec: 21000, Charges: map[tco.Line]tco.Charge{tco.Storage: {UnitPrice: 0.3, HasUnitPrice: true}}}}, false},
		{"free and included read as a zero fee", "quote cards=8 A: price=35 内网=免费 support=included",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Charges: map[tco.Line]tco.Charge{tco.Intranet: {HasFee: true}, tco.Support: {HasFee: true}}}}, false},
		{"included with a list's comma after it", "quote cards=8 A: price=35 support=included, licence=35,",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Charges: map[tco.Line]tco.Charge{tco.Support: {HasFee: true}, tco.Licences: {Fee: 35, HasFee: true}}}}, false},
		{"monthly price in 万, 1万5 and 一万五", "quote cards=2 A: 包月=1.5万; B: monthly=1万5; C: monthly=一万五",
			[]tco.Vendor{{Name: "A", MonthlyPerCard: 15000}, {Name: "B", MonthlyPerCard: 15000}, {Name: "C", MonthlyPerCard: 15000}}, false},
		{"min_months and 最短租期", "quote cards=2 A: price=35 min_months=3; B: price=30 最短租期=6",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, MinMonths: 3}, {Name: "B", PricePerCardHour: 30, MinMonths: 6}}, false},
		{"intranet quota and price", "quote cards=8 intranet_gb=5000 A: price=35 intranet_quota=2000 intranet_price=0.5",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Charges: map[tco.Line]tco.Charge{tco.Intranet: {FreeGB: 2000, HasFreeGB: true, UnitPrice: 0.5, HasUnitPrice: true}}}}, false},
		{"vendor without price is left out, partial", "quote cards=8 A: price=35; B: tokens_s=100",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35}}, true},
		{"stray word is named, partial", "quote cards=8 A: price=35 cheap",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35}}, true},
		{"a bare word before a key the vendor already has starts the next vendor", "quote cards=8 A price=35 B price=29",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35}, {Name: "B", PricePerCardHour: 29}}, false},
		{"unit price per TB is per GB / 1000", "quote cards=8 storage_gb=2TB egress_gb=3000 A: price=35 storage_price=300元/TB/月 egress_price=800/TB",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Charges: map[tco.Line]tco.Charge{
				tco.Storage: {UnitPrice: 0.3, HasUnitPrice: true}, tco.Egress: {UnitPrice: 0.8, HasUnitPrice: true}}}}, false},
		{"price per month typed as price is left out, partial", "quote cards=8 A: price=35; B: price=15000元/月",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35}}, true},
		{"zero throughput is a problem, not silently unmeasured", "quote cards=8 A: price=35 tokens_s=0",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35}}, true},
		{"a storage price in dollars is a problem, not ¥", "quote cards=8 storage_gb=2000 A: price=35 storage_price=0.02usd",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := handle(tt.text, "", "")
			if rep.Error != nil {
				t.Fatalf("%q: error %v", tt.text, rep.Error)
			}
			d := rep.Data.(Data)
			if rep.Partial != tt.partial || d.Partial != tt.partial {
				t.Errorf("%q: partial got %v/%v, want %v; warnings %v", tt.text, rep.Partial, d.Partial, tt.partial, rep.Warnings)
			}
			if len(d.Vendors) != len(tt.want) {
				t.Fatalf("%q: got %d vendors %+v, want %d", tt.text, len(d.Vendors), d.Vendors, len(tt.want))
			}
			for i, w := range tt.want {
				g := d.Vendors[i].Vendor
				if g.Name != w.Name || g.PricePerCardHour != w.PricePerCardHour || g.MonthlyPerCard != w.MonthlyPerCard || g.TokensPerSec != w.TokensPerSec || g.MinMonths != w.MinMonths {
					t.Errorf("%q vendor %d: got %+v, want %+v", tt.text, i, g, w)
				}
				for _, l := range tco.Extras {
					if g.Charges[l] != w.Charges[l] {
						t.Errorf("%q vendor %s: %s got %+v, want %+v", tt.text, w.Name, l, g.Charges[l], w.Charges[l])
					}
				}
			}
		})
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name, text, file string
		key              string
		contains         string
	}{
		{"empty", "quote", "", "cards", "missing cards"},
		{"only the workload", "quote hours=300 cards=8", "", "vendors", "no vendor quote found"},
		{"nothing readable", "quote cards=8 hello world", "", "vendors", `could not read "hello"`},
		{"no cards", "quote hours=300 A: price=35; B: price=29", "", "cards", "before the first vendor"},
		{"a vendor changes the hours", "quote A: price=35 cards=8 hours=500; B: price=29", "", "cards", "part of the workload"},
		{"a vendor changes the hours, cards given", "quote cards=8 A: price=35 hours=500; B: price=29", "", "hours", "own_hours=500"},
		{"a vendor states its own volume", "quote cards=8 A: price=35 storage_gb=2000", "", "storage_gb", "part of the workload"},
		{"bare storage is not money", "quote cards=8 A: price=35 storage=2000", "", "storage", "ambiguous: GB or yuan"},
		{"bare 存储 in Chinese", "报价 卡数=8 A：单价=35 存储=2000", "", "storage", "有歧义"},
		{"duplicate names", "quote cards=8 A: price=35; A: price=29", "", "name", `both called "A"`},
		{"no vendor has a price", "quote cards=8 A: tokens_s=1; B: tokens_s=2", "", "price", "A has no price"},
		{"negative price", "quote cards=8 A: price=-35", "", "price", "negative"},
		{"hours over a month", "quote hours=800 cards=8 A: price=35", "", "hours", "at most 744"},
		{"hours not a number", "quote hours=lots cards=8 A: price=35", "", "hours", "not a number"},
		{"workload given twice", "quote hours=300 hours=200 cards=8 A: price=35", "", "hours", "twice"},
		{"epochs without dataset", "quote cards=8 epochs=3 A: price=35", "", "dataset_tokens", "needs both"},
		{"broken YAML", "quote", "hours: 300\nvendors: [ {name: A, price: 35\n", "file", "not valid YAML"},
		{"YAML vendors not a list", "quote", "vendors: A\n", "file", "must be a list"},
		{"YAML vendor with its own cards", "quote", "cards: 8\nvendors:\n  - {name: A, price: 35, cards: 4}\n", "cards", "part of the workload"},
		{"Chinese error for Chinese input", "报价 卡数=8 A：吞吐=8", "", "price", "没有价格"},
		{"price typed per month", "quote cards=8 A: price=15000元/月", "", "price", "per month"},
		{"monthly typed per hour in Chinese", "报价 卡数=8 A：包月=35元/时", "", "monthly", "每小时"},
		{"dollars are not relabelled as yuan", "quote cards=8 A: price=$2.5", "", "price", "yuan"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testkit.WantInvalid(t, tt.text, handle(tt.text, tt.file, ""), tt.key, tt.contains)
		})
	}
}

func TestWarnings(t *testing.T) {
	tests := []struct {
		name, text, contains string
	}{
		{"cheapest per hour is not cheapest per token", "quote cards=8 A: price=35 tokens_s=21000; B: price=29 tokens_s=14000", "B is the cheapest per card-hour (¥29 vs ¥35) but A is the cheapest per 1M tokens"},
		{"single vendor", "quote cards=8 A: price=35", "Only one vendor: nothing to compare"},
		{"omissions flip the ranking", "quote cards=8 storage_gb=10000 A: price=30; B: price=30.5 storage_fee=0", "On the quoted items alone A looks cheapest"},
		{"a unit price without a volume", "quote cards=8 A: price=30 storage_price=0.3; B: price=31", "the workload has no storage_gb"},
		{"no throughput", "quote cards=8 A: price=30; B: price=31 tokens_s=1000", "No measured throughput for A"},
		{"a minimum term", "quote cards=8 A: price=30 min_months=3", "rents for at least 3 months"},
		{"unnamed vendors are named", "quote cards=8 price=35; price=29", "Vendors without a name are called V1, V2"},
	}
	for _, tt := range tests {
		rep := handle(tt.text, "", "")
		if rep.Error != nil {
			t.Fatalf("%s: %v", tt.name, rep.Error)
		}
		if !strings.Contains(strings.Join(rep.Warnings, "\n"), tt.contains) {
			t.Errorf("%s: %q: warnings %q do not contain %q", tt.name, tt.text, rep.Warnings, tt.contains)
		}
	}
}

// TestEstimateRangeSaid: the reply says whether the ranking flips within the
// reference range. A states storage at 0.3 (600 on 2000 GB), B leaves it out
// (700, range 240–2000) on the same GPU bill: at the low end B wins.
func TestEstimateRangeSaid(t *testing.T) {
	rep := handle("quote cards=1 storage_gb=2000 A: price=10 storage_price=0.3; B: price=10", "", "")
	var facts []string
	for _, f := range rep.Facts {
		facts = append(facts, f.Value)
	}
	if !strings.Contains(strings.Join(facts, "\n"), "flips within the range: cheapest at the low end B, at the high end A") {
		t.Errorf("facts %q", facts)
	}
}

func FuzzQuote(f *testing.F) {
	for _, s := range []string{Example, exampleZH, runExample, "cards=8 A: price=35", "A:price=35;;B:", "vendor=A name= price=1e400 cards=-1",
		"hours=0 cards=1 A: price=1", "存储=2TB 快照=免费 内网=5000 内网单价=0.5", ":", "A: : :", `"A B": price=3 cards=2 storage="x y"`,
		"cards=8 epochs=3 dataset_tokens=1b A: price=35 tokens_s=20000 own_cards=16; B: monthly=1万5 min_months=3 tokens_s=9000"} {
		f.Add(s, "")
	}
	f.Add("", testkit.Files(f, "testdata", "quotes.yaml"))
	f.Add("", "vendors: [{name: A, price: 35, cards: 8}, {name: A}]")
	f.Add("", "A: {price: [1, 2]}\n")
	r := router()
	f.Fuzz(func(t *testing.T, text, attachment string) {
		rep := r.Handle(context.Background(), chat.Request{Text: "quote " + text, Attachment: attachment})
		_ = chat.RenderText(rep)
		_ = chat.RenderJSON(rep)
		if rep.Error != nil {
			if rep.Error.Code != chat.CodeInvalid || rep.Error.Message == "" {
				t.Fatalf("quote %q: error %+v is not a clear invalid_input", text, rep.Error)
			}
			return
		}
		if rep.Command == "help" { // quote ?, quote help: how quote is used
			return
		}
		d, ok := rep.Data.(Data)
		if !ok || len(d.Vendors) == 0 || d.Cheapest == "" || d.Partial != rep.Partial {
			t.Fatalf("quote %q: answer without vendors or with a partial mismatch: %+v", text, rep.Data)
		}
	})
}

func BenchmarkQuote(b *testing.B) {
	r := router()
	req := chat.Request{Text: runExample, Platform: "cli"}
	ctx := context.Background()
	for b.Loop() {
		rep := r.Handle(ctx, req)
		if rep.Error != nil {
			b.Fatal(rep.Error)
		}
	}
}

func ExampleCommand() {
	r := chat.NewRouter()
	r.Register(Command())
	rep := r.Handle(context.Background(), chat.Request{Text: runExample})
	d := rep.Data.(Data)
	for _, v := range d.Vendors {
		fmt.Printf("%s: ¥%s a month, ¥%s per 1M tokens all in, run ¥%s\n", v.Name, chat.Num(v.TCO), chat.Num(v.TCOPerMTok), chat.Num(v.RunTCO))
	}
	fmt.Println("cheapest by the run:", d.Cheapest, "by the month:", d.CheapestMonthly)
	// Output:
	// A: ¥84,000 a month, ¥3.7 per 1M tokens all in, run ¥7,407.41
	// B: ¥69,600 a month, ¥4.6 per 1M tokens all in, run ¥9,206.35
	// cheapest by the run: A by the month: B
}

func TestKeys(t *testing.T) {
	for _, text := range []string{"quote keys", "报价 参数"} {
		rep := handle(text, "", "")
		if rep.Error != nil || len(rep.Tables) != 1 || len(rep.Tables[0].Rows) != len(specs) {
			t.Errorf("%q: got %+v, want a table of %d keys", text, rep, len(specs))
		}
	}
	if rep := handle("quote keys cards=8 A: price=35", "", ""); rep.Error != nil || rep.Title == "Quote keys" {
		t.Errorf("keys with a quote: got %q, want the comparison", rep.Title)
	}
}

// TestOneOffFees: set-up, migration, deposit and exit egress are read per
// vendor; with months the ranking is by the project's total (a one-off fee
// can flip it), without them by the month; an unknown key is an error
// naming it, never a ranking without it.
func TestOneOffFees(t *testing.T) {
	tests := []struct {
		name, text string
		basis      tco.Basis
		cheapest   string
		oneOff     map[string]float64
		errKey     string
	}{
		{"by the project: A's set-up flips it", "quote hours=300 cards=8 months=6 A: price=33 setup_fee=60000; B: price=35",
			tco.ByProject, "B", map[string]float64{"A": 60000, "B": 0}, ""},
		{"by the month without months", "quote hours=300 cards=8 A: price=33 setup_fee=60000; B: price=35",
			tco.ByMonth, "A", map[string]float64{"A": 60000, "B": 0}, ""},
		// 2,000 GB × 0.5 = 1,000 out for A; B has no egress price: 2,000 × 0.8 (reference) = 1,600; the deposit is not counted
		{"exit egress at each vendor's price, Chinese keys", "报价 卡数=8 项目月数=2 迁出流量=2000 A：单价=35 流量单价=0.5 押金=1万 迁移费=500；B：单价=35",
			tco.ByProject, "A", map[string]float64{"A": 1500, "B": 1600}, ""},
		{"an unknown vendor key is an error", "quote cards=8 A: price=35 setup=5000; B: price=33", "", "", nil, "setup"},
		{"an unknown workload key is an error", "quote cards=8 colour=red A: price=35; B: price=33", "", "", nil, "colour"},
		{"months out of range", "quote cards=8 months=0 A: price=35; B: price=33", "", "", nil, "months"},
	}
	for _, tt := range tests {
		rep := handle(tt.text, "", "")
		if tt.errKey != "" {
			if rep.Error == nil || rep.Error.Key != tt.errKey || rep.Error.Code != chat.CodeInvalid {
				t.Errorf("%s: error got %+v, want invalid_input on %q", tt.name, rep.Error, tt.errKey)
			}
			continue
		}
		if rep.Error != nil {
			t.Fatalf("%s: %v", tt.name, rep.Error)
		}
		d := rep.Data.(Data)
		if d.Basis != tt.basis || d.Cheapest != tt.cheapest || d.Partial {
			t.Errorf("%s: basis %s cheapest %s partial %v, want %s %s false", tt.name, d.Basis, d.Cheapest, d.Partial, tt.basis, tt.cheapest)
		}
		for _, c := range d.Vendors {
			if c.OneOff.Total != tt.oneOff[c.Name] {
				t.Errorf("%s: %s one_off.total got %v, want %v", tt.name, c.Name, c.OneOff.Total, tt.oneOff[c.Name])
			}
		}
	}
}

// TestGoldenUnknownKey pins the error an unknown key gets, in both
// languages: the key, the closest known one and every accepted key.
func TestGoldenUnknownKey(t *testing.T) {
	for _, p := range []testkit.Pinned{
		{Name: "error_unknown_key_en", Text: "quote hours=300 cards=8 A: price=35 support=2000 setup=5000; B: price=33 snapshot_price=0.2"},
		{Name: "error_unknown_key_zh", Text: "报价 时长=300 卡数=8 A：单价=35 安装=5000；B：单价=33"},
	} {
		rep := handle(p.Text, "", "")
		if rep.Error == nil {
			t.Fatalf("%s: no error; want one on the unknown key", p.Name)
		}
		testkit.GoldenReply(t, p.Name, rep)
	}
}
