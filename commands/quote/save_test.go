package quote

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/advisor/tco"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

func TestSaveKeepsEachVendorsPrice(t *testing.T) {
	st := memstore.NewStore(nil)
	r := testkit.Router(NewCommand(Deps{Prices: st, NewID: testkit.SeqIDs("q")}))
	ask := func(text string) chat.Reply {
		return r.Handle(context.Background(), chat.Request{Text: text, Tenant: "slack:T1", Channel: "C1", User: "U1"})
	}
	rep := ask("quote card=a800 cards=8 save=yes A: price=8.5; B: monthly=4800")
	if rep.Error != nil {
		t.Fatal(rep.Error)
	}
	es, _ := st.ListPrices(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C1"})
	if len(es) != 2 || es[0].GPU != "a800-80g-sxm" || es[0].Vendor != "A" || es[0].OnDemand != 8.5 || es[1].Vendor != "B" || es[1].Monthly != 4800 {
		t.Fatalf("saved %+v, want A at ¥8.5/h and B at ¥4,800/month for the A800", es)
	}
	if d := rep.Data.(Data); len(d.Saved) != 2 {
		t.Errorf("JSON saved = %v", d.Saved)
	}
	if !strings.Contains(chat.RenderText(rep), "Saved to the price book") {
		t.Error("the reply does not say what was saved")
	}
	// Without save=yes nothing is kept; card= alone is accepted.
	if rep := ask("quote card=a800 cards=8 A: price=9; B: price=10"); rep.Error != nil {
		t.Fatal(rep.Error)
	}
	if es, _ := st.ListPrices(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C1"}); len(es) != 2 {
		t.Errorf("a quote without save=yes changed the book: %d entries", len(es))
	}
	for _, tc := range []struct{ text, key string }{
		{"quote cards=8 save=yes A: price=8.5; B: price=9", "card"},
		{"quote card=z9000 cards=8 save=yes A: price=8.5", "card"},
		{"quote card=a800 cards=8 save=maybe A: price=8.5", "save"},
	} {
		if rep := ask(tc.text); rep.Error == nil || rep.Error.Key != tc.key || rep.Error.Example == "" {
			t.Errorf("%s: %+v, want an error on %s", tc.text, rep.Error, tc.key)
		}
	}
	// save= takes the yes/no every command reads (chat.YesNo) and 保存, 好;
	// each of these saves both vendors at a new price (2 + 2 = 4 entries,
	// then 6, 8); a no saves nothing (still 8).
	for i, tc := range []struct {
		save string
		want int
	}{{"好", 4}, {"保存", 6}, {"on", 8}, {"否", 8}, {"off", 8}} {
		if rep := ask(fmt.Sprintf("quote card=a800 cards=8 save=%s A: price=%d; B: monthly=%d", tc.save, 10+i, 4900+i)); rep.Error != nil {
			t.Fatalf("save=%s: %v", tc.save, rep.Error)
		}
		if es, _ := st.ListPrices(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C1"}); len(es) != tc.want {
			t.Errorf("%d: save=%s: %d entries, want %d", i, tc.save, len(es), tc.want)
		}
	}
	// No store: save=yes says so, and saves nothing silently.
	r2 := chat.NewRouter()
	r2.Register(Command())
	if rep := r2.Handle(context.Background(), chat.Request{Text: "quote card=a800 cards=8 save=yes A: price=8.5", Tenant: "t", Channel: "c"}); rep.Error == nil || rep.Error.Code != chat.CodeUnavailable {
		t.Errorf("no store: %+v", rep.Error)
	}
}

// save=yes keeps, with each price, the workload the quote priced: hours,
// cards, months and the usage keys given; `vendor compare` reads it.
func TestSaveKeepsTheWorkload(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		want       pricebook.Workload
	}{
		{"every workload key", "quote card=a800 cards=8 hours=500 months=6 storage_gb=2000 egress_gb=3000 run_tokens=2b exit_egress_gb=800 save=yes A: price=8.5; B: monthly=4800",
			pricebook.Workload{Hours: 500, Cards: 8, Months: 6, Usage: map[string]float64{"storage": 2000, "egress": 3000, "run_tokens": 2e9, "exit_egress_gb": 800}}},
		{"hours not given: the default the quote used", "quote card=a800 cards=4 save=yes A: price=8.5",
			pricebook.Workload{Hours: tco.DefaultHours, Cards: 4}},
		{"zh", "报价 显卡=a800 卡数=2 时长=720 月数=3 保存=是 甲: 单价=8.5",
			pricebook.Workload{Hours: 720, Cards: 2, Months: 3}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			st := memstore.NewStore(nil)
			r := testkit.Router(NewCommand(Deps{Prices: st, NewID: testkit.SeqIDs("q")}))
			if rep := r.Handle(context.Background(), chat.Request{Text: tt.text, Tenant: "slack:T1", Channel: "C1", User: "U1"}); rep.Error != nil {
				t.Fatal(rep.Error)
			}
			es, _ := st.ListPrices(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C1"})
			if len(es) == 0 {
				t.Fatal("nothing saved")
			}
			for _, e := range es {
				if e.Workload == nil || !reflect.DeepEqual(*e.Workload, tt.want) {
					t.Errorf("%s's price keeps workload %+v, want %+v", e.Vendor, e.Workload, tt.want)
				}
			}
		})
	}
}

// save=yes scope=team shares the saved prices with every channel of the
// team, as price set scope=team does; scope= without save=yes is refused.
func TestSaveScopeTeam(t *testing.T) {
	st := memstore.NewStore(nil)
	r := testkit.Router(NewCommand(Deps{Prices: st, NewID: testkit.SeqIDs("q")}))
	ask := func(channel, text string) chat.Reply {
		return r.Handle(context.Background(), chat.Request{Text: text, Tenant: "slack:T1", Channel: channel, User: "U1"})
	}
	if rep := ask("C1", "报价 显卡=a800 卡数=8 保存=是 范围=团队 A: 单价=8.5"); rep.Error != nil || !strings.Contains(chat.RenderText(rep), "全团队") {
		t.Fatalf("scope=team save: %v\n%s", rep.Error, chat.RenderText(rep))
	}
	if rep := ask("C1", "quote card=a800 cards=8 save=yes A: price=9"); rep.Error != nil {
		t.Fatal(rep.Error)
	}
	es, _ := st.ListPrices(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C2"})
	if len(es) != 1 || !es[0].TeamWide || es[0].OnDemand != 8.5 {
		t.Errorf("C2 sees %+v, want only the team-wide ¥8.5 price", es)
	}
	for _, text := range []string{"quote card=a800 cards=8 scope=team A: price=8.5", "quote card=a800 cards=8 save=yes scope=everyone A: price=8.5"} {
		if rep := ask("C1", text); rep.Error == nil || rep.Error.Key != "scope" {
			t.Errorf("%q: %+v, want an error on scope", text, rep.Error)
		}
	}
}

// The same quote saved twice adds nothing the second time and says so; the
// same prices quoted for another workload are new evidence and are kept.
func TestSaveTwiceKeepsOne(t *testing.T) {
	st := memstore.NewStore(nil)
	r := testkit.Router(NewCommand(Deps{Prices: st, NewID: testkit.SeqIDs("q")}))
	count := func() int {
		es, _ := st.ListPrices(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C1"})
		return len(es)
	}
	for _, tt := range []struct {
		name, lang, text string
		want             int
		title            string
		already          int
	}{
		{"first save", "en", "quote card=a800 cards=8 hours=300 save=yes A: price=20; B: price=29", 2, "Saved to the price book", 0},
		{"the same again", "en", "quote card=a800 cards=8 hours=300 save=yes A: price=20; B: price=29", 2, "Already in the price book (a800-80g-sxm): nothing added", 2},
		{"the same in Chinese", "zh", "报价 显卡=a800 卡数=8 时长=300 保存=是 A: 单价=20; B: 单价=29", 2, "价格表里已有（a800-80g-sxm）：没有重复添加", 2},
		{"one price changed", "en", "quote card=a800 cards=8 hours=300 save=yes A: price=19; B: price=29", 3, "Saved to the price book", 1},
		{"another workload", "en", "quote card=a800 cards=8 hours=500 save=yes A: price=20; B: price=29", 5, "Saved to the price book", 0},
	} {
		rep := r.Handle(context.Background(), chat.Request{Text: tt.text, Lang: chat.Lang(tt.lang), Tenant: "slack:T1", Channel: "C1", User: "U1"})
		if rep.Error != nil {
			t.Fatalf("%s: %v", tt.name, rep.Error)
		}
		if got := count(); got != tt.want {
			t.Errorf("%s: %d entries in the book, want %d", tt.name, got, tt.want)
		}
		if text := chat.RenderText(rep); !strings.Contains(text, tt.title) {
			t.Errorf("%s: the reply lacks %q:\n%s", tt.name, tt.title, text)
		}
		if got := len(rep.Data.(Data).AlreadyStored); got != tt.already {
			t.Errorf("%s: already_stored has %d entries, want %d", tt.name, got, tt.already)
		}
	}
}
