package quote

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	goldenfile "gpuadvisor/internal/golden"

	"gpuadvisor/advisor/tco"
	"gpuadvisor/chat"
)

func router() *chat.Router {
	r := chat.NewRouter()
	r.Register(Command())
	return r
}

func handle(text, attachment string, lang chat.Lang) chat.Reply {
	return router().Handle(context.Background(), chat.Request{Text: text, Attachment: attachment, Lang: lang, Platform: "cli"})
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got)
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const exampleZH = "报价 时长=300 总tokens=2b A：单价=35元/时 卡数=8 存储=2000 存储单价=0.3 吞吐=21000；B：单价=29 卡数=8 流量=3000 流量单价=0.8 吞吐=14000"

func TestGolden(t *testing.T) {
	tests := []struct {
		name, text, file string
		lang             chat.Lang
	}{
		{"example_en", Example + " run_tokens=2b", "", ""},
		{"example_zh", exampleZH, "", ""},
		{"example_forced_zh", Example, "", chat.ZH},
		{"yaml_en", "quote", "quotes.yaml", ""},
		{"yaml_zh", "报价", "quotes.yaml", ""},
		{"single_en", "quote A: price=35 cards=8 tokens_s=21000", "", ""},
		{"partial_en", "quote hours=300\nA: price=35 cards=8 storge_gb=300 fast\nB: price=29 cards=8 egress_price=0.8\nC: price=30", "", ""},
		{"partial_zh", "报价 A：单价=35 卡数=8 高配\nB：单价=29 卡数=-8\nC：单价=28 卡数=8 存储费=免费 快照=300 流量费=0 内网=免费 支持费=2000 授权=含", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			att := ""
			if tt.file != "" {
				att = readFile(t, tt.file)
			}
			rep := handle(tt.text, att, tt.lang)
			if rep.Error != nil {
				t.Fatalf("%q: unexpected error %v", tt.text, rep.Error)
			}
			golden(t, tt.name+".golden", []byte(chat.RenderText(rep)))
			golden(t, tt.name+".json", chat.RenderJSON(rep))
		})
	}
}

// decoded is the JSON contract other parts rely on.
type decoded struct {
	Command string `json:"command"`
	Vendors []struct {
		Name        string             `json:"name"`
		MonthlyTCO  float64            `json:"monthly_tco"`
		LineItems   map[string]float64 `json:"line_items"`
		Missing     []string           `json:"missing"`
		CostPerMTok *float64           `json:"cost_per_mtok"`
		RunHours    *float64           `json:"run_hours"`
		RunCost     *float64           `json:"run_cost"`
	} `json:"vendors"`
	Cheapest         string `json:"cheapest"`
	CheapestPerToken string `json:"cheapest_per_token"`
	Partial          bool   `json:"partial"`
}

func decode(t *testing.T, rep chat.Reply) decoded {
	t.Helper()
	var d decoded
	if err := json.Unmarshal(chat.RenderJSON(rep), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestJSONContract(t *testing.T) {
	d := decode(t, handle(Example+" run_tokens=2b", "", ""))
	if d.Command != "quote" || len(d.Vendors) != 2 || d.Cheapest != "B" || d.CheapestPerToken != "A" || d.Partial {
		t.Fatalf("got %+v", d)
	}
	a := d.Vendors[0]
	if a.Name != "A" || a.MonthlyTCO != 97200 || a.LineItems["gpu"] != 84000 || a.LineItems["storage"] != 600 {
		t.Errorf("A: got %+v, want TCO 97200, gpu 84000, storage 600", a)
	}
	if a.CostPerMTok == nil || *a.CostPerMTok != 3.7037 {
		t.Errorf("A cost per 1M tokens: got %v, want 3.7037 (280 / (21000 × 3600) × 1e6)", a.CostPerMTok)
	}
	if a.RunHours == nil || *a.RunHours != 26.46 || a.RunCost == nil || *a.RunCost != 7407.41 {
		t.Errorf("A run of 2b tokens: got %v h ¥%v, want 26.46 h ¥7407.41", a.RunHours, a.RunCost)
	}
	if strings.Join(a.Missing, ",") != "snapshots,egress,intranet,support,licences" {
		t.Errorf("A missing: got %v", a.Missing)
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		want    []tco.Vendor // name, price, monthly, cards, tokens, hours and charges compared
		hours   float64
		partial bool
	}{
		{"labels with colon, global hours", "quote hours=200 A: price=35 cards=8; B: price=29 cards=4",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}, {Name: "B", PricePerCardHour: 29, Cards: 4}}, 200, false},
		{"a label without a separator starts a vendor", "quote A: price=35 cards=8 B: price=29 cards=8",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}, {Name: "B", PricePerCardHour: 29, Cards: 8}}, 300, false},
		{"vendor= and name= label vendors", "quote vendor=A price=35 cards=8 name=B price=29 cards=8",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}, {Name: "B", PricePerCardHour: 29, Cards: 8}}, 300, false},
		{"new lines separate unnamed vendors", "quote\nprice=35 cards=8\nprice=29 cards=8\nhours=250",
			[]tco.Vendor{{Name: "V1", PricePerCardHour: 35, Cards: 8}, {Name: "V2", PricePerCardHour: 29, Cards: 8}}, 250, false},
		{"label glued to the first key", "quote A:price=35 cards=8",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}}, 300, false},
		{"quoted multi-word name", `quote "Ku Suan Yun": price=35 cards=8`,
			[]tco.Vendor{{Name: "Ku Suan Yun", PricePerCardHour: 35, Cards: 8}}, 300, false},
		{"multi-word label", "quote vendor Ku Suan: price=35 cards=8",
			[]tco.Vendor{{Name: "Ku Suan", PricePerCardHour: 35, Cards: 8}}, 300, false},
		{"Chinese keys, full-width colon and units", "报价 时长=300小时 酷算云：单价=35元/卡时 卡数=8卡 吞吐=2.1万 存储=2TB 存储单价=0.3元/GB/月",
			[]tco.Vendor{{Name: "酷算云", PricePerCardHour: 35, Cards: 8, TokensPerSec: 21000,
				Charges: map[tco.Line]tco.Charge{tco.Storage: {Volume: 2000, HasVolume: true, UnitPrice: 0.3, HasUnitPrice: true}}}}, 300, false},
		{"bare item word is GB with a unit price", "quote A: price=35 cards=8 egress=3000 egress_price=0.8",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8,
				Charges: map[tco.Line]tco.Charge{tco.Egress: {Volume: 3000, HasVolume: true, UnitPrice: 0.8, HasUnitPrice: true}}}}, 300, false},
		{"bare item word is ¥ a month without a unit price", "quote A: price=35 cards=8 快照=500",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8, Charges: map[tco.Line]tco.Charge{tco.Snapshots: {Fee: 500, HasFee: true}}}}, 300, false},
		{"a GB unit makes it a volume", "quote A: price=35 cards=8 storage=2TB",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8, Charges: map[tco.Line]tco.Charge{tco.Storage: {Volume: 2000, HasVolume: true}}}}, 300, false},
		{"free and included read as a zero fee", "quote A: price=35 cards=8 内网=免费 support=included",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8, Charges: map[tco.Line]tco.Charge{tco.Intranet: {HasFee: true}, tco.Support: {HasFee: true}}}}, 300, false},
		{"monthly price", "quote A: 包月=1.5万 卡数=2",
			[]tco.Vendor{{Name: "A", MonthlyPerCard: 15000, Cards: 2}}, 300, false},
		{"vendor hours override", "quote hours=300 A: price=35 cards=8 hours=100; B: price=29 cards=8",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8, Hours: 100}, {Name: "B", PricePerCardHour: 29, Cards: 8}}, 300, false},
		{"intranet quota", "quote A: price=35 cards=8 intranet_gb=5000 intranet_quota=2000 intranet_price=0.5",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8, Charges: map[tco.Line]tco.Charge{tco.Intranet: {Volume: 5000, HasVolume: true, FreeGB: 2000, HasFreeGB: true, UnitPrice: 0.5, HasUnitPrice: true}}}}, 300, false},
		{"vendor without price is left out, partial", "quote A: price=35 cards=8; B: cards=8",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}}, 300, true},
		{"negative storage is dropped, partial", "quote A: price=35 cards=8 storage_gb=-5",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}}, 300, true},
		{"stray word is named, partial", "quote A: price=35 cards=8 cheap",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}}, 300, true},
		{"a bare word before the first key names the vendor", "quote A price=35 cards=8; B price=29 cards=8",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}, {Name: "B", PricePerCardHour: 29, Cards: 8}}, 300, false},
		{"a bare word before a key the vendor already has starts the next vendor", "quote hours=300 A price=35 cards=8 B price=29 cards=8",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}, {Name: "B", PricePerCardHour: 29, Cards: 8}}, 300, false},
		{"bare names on new lines", "报价\n酷算云 单价=35 卡数=8\n简米 单价=29 卡数=8",
			[]tco.Vendor{{Name: "酷算云", PricePerCardHour: 35, Cards: 8}, {Name: "简米", PricePerCardHour: 29, Cards: 8}}, 300, false},
		{"unit price per TB is per GB / 1000", "quote A: price=35 cards=8 storage_gb=2TB storage_price=300元/TB/月 egress_gb=3000 egress_price=800/TB",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8, Charges: map[tco.Line]tco.Charge{
				tco.Storage: {Volume: 2000, HasVolume: true, UnitPrice: 0.3, HasUnitPrice: true},
				tco.Egress:  {Volume: 3000, HasVolume: true, UnitPrice: 0.8, HasUnitPrice: true}}}}, 300, false},
		{"price per month typed as price is left out, partial", "quote A: price=35 cards=8; B: price=15000元/月 cards=8",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}}, 300, true},
		{"monthly per hour is left out, partial", "quote A: price=35 cards=8; B: monthly=35元/时 cards=8",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}}, 300, true},
		{"a unit price per hour is not per GB, partial", "quote A: price=35 cards=8 egress_gb=3000 egress_price=0.8元/时",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}}, 300, true},
		{"intranet within its free quota costs nothing", "quote A: price=35 cards=8 intranet_gb=1000 intranet_quota=2000",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8, Charges: map[tco.Line]tco.Charge{tco.Intranet: {Volume: 1000, HasVolume: true, FreeGB: 2000, HasFreeGB: true}}}}, 300, false},
		{"zero throughput is a problem, not silently unmeasured", "quote A: price=35 cards=8 tokens_s=0",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}}, 300, true},
		{"a storage price in dollars is a problem, not ¥", "quote A: price=35 cards=8 storage_gb=2000 storage_price=0.02usd",
			[]tco.Vendor{{Name: "A", PricePerCardHour: 35, Cards: 8}}, 300, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := handle(tt.text, "", "")
			if rep.Error != nil {
				t.Fatalf("%q: error %v", tt.text, rep.Error)
			}
			d := rep.Data.(dataJSON)
			if rep.Partial != tt.partial || d.Partial != tt.partial {
				t.Errorf("%q: partial got %v/%v, want %v; warnings %v", tt.text, rep.Partial, d.Partial, tt.partial, rep.Warnings)
			}
			if d.Hours != tt.hours {
				t.Errorf("%q: hours got %v, want %v", tt.text, d.Hours, tt.hours)
			}
			if len(d.Vendors) != len(tt.want) {
				t.Fatalf("%q: got %d vendors %+v, want %d", tt.text, len(d.Vendors), d.Vendors, len(tt.want))
			}
			for i, w := range tt.want {
				g := d.Vendors[i]
				wantPrice := w.PricePerCardHour
				if w.MonthlyPerCard > 0 {
					wantPrice = w.MonthlyPerCard / tt.hours
				}
				wantHours := tt.hours
				if w.Hours > 0 {
					wantHours = w.Hours
				}
				if g.Name != w.Name || g.PricePerCardHour != wantPrice || g.Cards != w.Cards || g.TokensPerSec != w.TokensPerSec || g.Hours != wantHours || g.MonthlyPerCard != w.MonthlyPerCard {
					t.Errorf("%q vendor %d: got %+v, want %+v", tt.text, i, g, w)
				}
				for _, l := range tco.Extras {
					c, ok := w.Charges[l]
					if !ok {
						if g.Estimated[string(l)] == 0 && l != tco.Support && l != tco.Licences {
							t.Errorf("%q vendor %s: %s not stated but not estimated", tt.text, w.Name, l)
						}
						continue
					}
					if _, est := g.Estimated[string(l)]; est && c.Priced() {
						t.Errorf("%q vendor %s: %s stated but estimated", tt.text, w.Name, l)
					}
					if c.Priced() && g.LineItems[string(l)] != round(c.Amount(), 2) {
						t.Errorf("%q vendor %s: %s got %v, want %v", tt.text, w.Name, l, g.LineItems[string(l)], c.Amount())
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
		{"empty", "quote", "", "vendors", "no vendor quote found"},
		{"only globals", "quote hours=300", "", "vendors", "no vendor quote found"},
		{"nothing readable", "quote hello world", "", "vendors", `could not read "hello"`},
		{"duplicate names", "quote A: price=35 cards=8; A: price=29 cards=8", "", "name", `both called "A"`},
		{"no vendor has a price", "quote A: cards=8; B: cards=4", "", "price", "A has no price"},
		{"negative price", "quote A: price=-35 cards=8", "", "price", "negative"},
		{"hours over a month", "quote hours=800 A: price=35 cards=8", "", "hours", "at most 744"},
		{"hours not a number", "quote hours=lots A: price=35 cards=8", "", "hours", "not a number"},
		{"global given twice", "quote hours=300 hours=200 A: price=35 cards=8", "", "hours", "twice"},
		{"share over 100%", "quote hidden_share=150% A: price=35 cards=8", "", "hidden_share", "over 100%"},
		{"broken YAML", "quote", "hours: 300\nvendors: [ {name: A, price: 35\n", "file", "not valid YAML"},
		{"YAML vendors not a list", "quote", "vendors: A\n", "file", "must be a list"},
		{"Chinese error for Chinese input", "报价 A：卡数=8", "", "price", "没有价格"},
		{"price typed per month", "quote A: price=15000元/月 cards=8", "", "price", "per month"},
		{"monthly typed per hour in Chinese", "报价 A：包月=35元/时 卡数=8", "", "monthly", "每小时"},
		{"dollars are not relabelled as yuan", "quote A: price=$2.5 cards=8", "", "price", "yuan"},
		{"dollars in Chinese", "报价 A：单价=2.5美元 卡数=8", "", "price", "人民币"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := handle(tt.text, tt.file, "")
			if rep.Error == nil {
				t.Fatalf("%q: got no error, want one about %s", tt.text, tt.key)
			}
			if rep.Error.Code != chat.CodeInvalid || rep.Error.Key != tt.key || !strings.Contains(rep.Error.Message, tt.contains) || rep.Error.Example == "" {
				t.Errorf("%q: got %+v, want key %s containing %q with an example", tt.text, rep.Error, tt.key, tt.contains)
			}
		})
	}
}

func TestWarnings(t *testing.T) {
	tests := []struct {
		name, text, contains string
	}{
		{"cheapest per hour is not cheapest per token", Example, "B is the cheapest per card-hour (¥29 vs ¥35) but A is the cheapest per 1M tokens"},
		{"single vendor", "quote A: price=35 cards=8", "Only one vendor: nothing to compare"},
		{"hidden costs flip the ranking", "quote A: price=30 cards=8; B: price=31 cards=8 storage_fee=0 snapshot_fee=0 egress_fee=0 intranet_fee=0", "On the quoted items alone A looks cheapest"},
		{"different card counts", "quote A: price=30 cards=8; B: price=31 cards=4", "different card counts"},
		{"no throughput", "quote A: price=30 cards=8; B: price=31 cards=8 tokens_s=1000", "No measured throughput for A"},
		{"unnamed vendors are named", "quote price=35 cards=8; price=29 cards=8", "Vendors without a name are called V1, V2"},
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

func FuzzQuote(f *testing.F) {
	for _, s := range []string{Example, exampleZH, "A: price=35 cards=8", "A:price=35;;B:", "vendor=A name= price=1e400 cards=-1",
		"hours=0 A: price=1 cards=1", "存储=2TB 快照=免费 内网=5000 内网单价=0.5", ":", "A: : :", `"A B": price=3 cards=2 storage="x y"`} {
		f.Add(s, "")
	}
	f.Add("", readFileF(f, "quotes.yaml"))
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
		d, ok := rep.Data.(dataJSON)
		if !ok || len(d.Vendors) == 0 || d.Cheapest == "" || d.Partial != rep.Partial {
			t.Fatalf("quote %q: answer without vendors or with a partial mismatch: %+v", text, rep.Data)
		}
	})
}

func readFileF(f *testing.F, name string) string {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		f.Fatal(err)
	}
	return string(b)
}

func BenchmarkQuote(b *testing.B) {
	r := router()
	req := chat.Request{Text: Example + " run_tokens=2b", Platform: "cli"}
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
	rep := r.Handle(context.Background(), chat.Request{Text: Example + " run_tokens=2b"})
	d := rep.Data.(dataJSON)
	for _, v := range d.Vendors {
		fmt.Printf("%s: ¥%v a month, missing %v, ¥%v per 1M tokens, run ¥%v\n", v.Name, v.MonthlyTCO, v.Missing, *v.CostPerMTok, *v.RunCost)
	}
	fmt.Println("cheapest:", d.Cheapest, "per token:", d.CheapestPerToken)
	// Output:
	// A: ¥97200 a month, missing [snapshots egress intranet support licences], ¥3.7037 per 1M tokens, run ¥7407.41
	// B: ¥82440 a month, missing [storage snapshots intranet support licences], ¥4.6032 per 1M tokens, run ¥9206.35
	// cheapest: B per token: A
}

func TestKeys(t *testing.T) {
	for _, text := range []string{"quote keys", "报价 参数"} {
		rep := handle(text, "", "")
		if rep.Error != nil || len(rep.Tables) != 1 || len(rep.Tables[0].Rows) != len(specs) {
			t.Errorf("%q: got %+v, want a table of %d keys", text, rep, len(specs))
		}
	}
	if rep := handle("quote keys A: price=35 cards=8", "", ""); rep.Error != nil || rep.Title == "Quote keys" {
		t.Errorf("keys with a quote: got %q, want the comparison", rep.Title)
	}
}
