package renewal_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/commands/renewal"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

// now is 2027-01-01 09:00 in Shanghai.
var now = time.Date(2027, 1, 1, 1, 0, 0, 0, time.UTC)

func router(st store.Renewals) *chat.Router {
	return testkit.RouterAt(now, renewal.Command(renewal.Deps{Store: st, NewID: testkit.SeqIDs("r"), Log: testkit.Quiet()}))
}

func req(text, tenant string) chat.Request {
	return chat.Request{Text: text, Platform: "slack", Tenant: tenant, Channel: "C0123", User: "U42"}
}

const addEN = "renewal add vendor=酷算云 gpu=A100-80G cards=8 mode=monthly price=15000 renews=2027-03-01 notice=30d"
const addZH = "续约 添加 供应商=酷算云 显卡=A100-80G 卡数=8 方式=包月 价格=15000 续约日=2027-03-01 通知期=30天"

func TestAddStoresForTheTeamAndShowsTheDeadline(t *testing.T) {
	for _, tt := range []struct{ name, text string }{{"English", addEN}, {"Chinese", addZH}} {
		t.Run(tt.name, func(t *testing.T) {
			st := memstore.NewStore(nil)
			rep := router(st).Handle(context.Background(), req(tt.text, "slack:T1"))
			if rep.Error != nil {
				t.Fatalf("%s: %v", tt.text, rep.Error)
			}
			if !strings.Contains(rep.Summary, "2027-01-30") {
				t.Errorf("reply does not show the deadline 2027-01-30: %q", rep.Summary)
			}
			got, err := st.GetRenewal(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C0123"}, "r1")
			if err != nil {
				t.Fatalf("not stored for the team: %v", err)
			}
			want := rules.Renewal{Vendor: "酷算云", GPU: "A100-80G", Cards: 8, Mode: rules.Monthly, Price: 15000, NoticeDays: 30}
			if got.Vendor != want.Vendor || got.GPU != want.GPU || got.Cards != 8 || got.Mode != want.Mode || got.Price != 15000 ||
				got.Renews.String() != "2027-03-01" || got.NoticeDays != 30 || got.Channel != "C0123" || got.Platform != "slack" || got.CreatedBy != "U42" {
				t.Errorf("stored %+v", got)
			}
			if got.NextCheck.String() != "2027-01-01" {
				t.Errorf("next check %s, want today 2027-01-01 (the 30-day reminder of 2026-12-31 is caught up)", got.NextCheck)
			}
			if wantLang := map[string]string{"English": "en", "Chinese": "zh"}[tt.name]; got.Lang != wantLang {
				t.Errorf("reminder language %q, want %q", got.Lang, wantLang)
			}
		})
	}
}

func TestAddOptionalKeys(t *testing.T) {
	st := memstore.NewStore(nil)
	text := "renewal add vendor=\"Ku Suan Yun\" cards=4 price=1.5万 renews=2027/06/01 notice=4w remind=1,7,45 ondemand=35元/时 term=3个月 hours=300"
	rep := router(st).Handle(context.Background(), req(text, "slack:T1"))
	if rep.Error != nil {
		t.Fatalf("%s: %v", text, rep.Error)
	}
	got, _ := st.GetRenewal(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C0123"}, "r1")
	if got.Vendor != "Ku Suan Yun" || got.Price != 15000 || got.NoticeDays != 28 || !slices.Equal(got.Offsets, []int{45, 7, 1}) ||
		got.OnDemand != 35 || got.TermMonths != 3 || !slices.Equal(got.Usage, []float64{300}) || got.Mode != rules.Monthly {
		t.Errorf("stored %+v", got)
	}
}

// TestPriceUnitSetsTheMode: without mode=, a price typed per month or per
// year says which it is; the price stays per card per that period.
func TestPriceUnitSetsTheMode(t *testing.T) {
	tests := []struct {
		text  string
		mode  rules.Mode
		price float64
	}{
		{"renewal add vendor=v cards=8 price=1.5万/月 renews=2027-03-01 notice=30d", rules.Monthly, 15000},
		{"renewal add vendor=v cards=8 price=16.2万/年 renews=2027-03-01 notice=30d", rules.Yearly, 162000},
		{"续约 添加 供应商=v 卡数=8 价格=162000元/年 续约日=2027-03-01 通知期=30天", rules.Yearly, 162000},
		{"renewal add vendor=v cards=8 price=15000 renews=2027-03-01 notice=30d", rules.Monthly, 15000},
	}
	for _, tt := range tests {
		st := memstore.NewStore(nil)
		rep := router(st).Handle(context.Background(), req(tt.text, "slack:T1"))
		if rep.Error != nil {
			t.Fatalf("%s: %v", tt.text, rep.Error)
		}
		got, _ := st.GetRenewal(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C0123"}, "r1")
		if got.Mode != tt.mode || got.Price != tt.price {
			t.Errorf("%s: got mode %s price %v, want %s %v", tt.text, got.Mode, got.Price, tt.mode, tt.price)
		}
	}
}

func TestBadInputNamesTheKey(t *testing.T) {
	tests := []struct {
		name, text, code, key string
	}{
		{"renewal date in the past", "renewal add vendor=v cards=8 price=15000 renews=2026-12-01 notice=30d", chat.CodeInvalid, "renews"},
		{"renewal date not a date", "renewal add vendor=v cards=8 price=15000 renews=next-march", chat.CodeInvalid, "renews"},
		{"notice longer than the term", "renewal add vendor=v cards=8 price=15000 renews=2027-03-01 notice=45d", chat.CodeInvalid, "notice"},
		{"notice longer than a 1-month term given", "renewal add vendor=v cards=8 price=15000 renews=2027-03-01 notice=60d term=1m", chat.CodeInvalid, "notice"},
		{"missing price", "renewal add vendor=v cards=8 renews=2027-03-01 notice=30d", chat.CodeInvalid, "price"},
		{"missing price, Chinese", "续约 添加 供应商=v 卡数=8 续约日=2027-03-01", chat.CodeInvalid, "price"},
		{"missing vendor", "renewal add cards=8 price=15000 renews=2027-03-01", chat.CodeInvalid, "vendor"},
		{"missing renewal date", "renewal add vendor=v cards=8 price=15000", chat.CodeInvalid, "renews"},
		{"zero cards", "renewal add vendor=v cards=0 price=15000 renews=2027-03-01", chat.CodeInvalid, "cards"},
		{"on-demand is not a renewing mode", "renewal add vendor=v cards=8 mode=ondemand price=35 renews=2027-03-01", chat.CodeInvalid, "mode"},
		{"bad term", "renewal add vendor=v cards=8 price=15000 renews=2027-03-01 term=soon", chat.CodeInvalid, "term"},
		{"duplicate reminder days", "renewal add vendor=v cards=8 price=15000 renews=2027-03-01 remind=7,7", chat.CodeInvalid, "remind"},
		{"fractional reminder day", "renewal add vendor=v cards=8 price=15000 renews=2027-03-01 remind=1.5", chat.CodeInvalid, "remind"},
		{"unknown key", "renewal add vendor=v cards=8 price=15000 renews=2027-03-01 colour=red", chat.CodeInvalid, "colour"},
		{"price per hour for a monthly contract", "renewal add vendor=v cards=8 mode=monthly price=35元/时 renews=2027-03-01", chat.CodeInvalid, "price"},
		{"price per month for a yearly contract", "renewal add vendor=v cards=8 mode=yearly price=15000元/月 renews=2027-03-01", chat.CodeInvalid, "price"},
		{"price per year for a monthly contract, Chinese", "续约 添加 供应商=v 卡数=8 方式=包月 价格=18万/年 续约日=2027-03-01", chat.CodeInvalid, "price"},
		{"on-demand per month", "renewal add vendor=v cards=8 price=15000 ondemand=15000元/月 renews=2027-03-01", chat.CodeInvalid, "ondemand"},
		{"stray word", "renewal add 酷算云 cards=8 price=15000 renews=2027-03-01", chat.CodeInvalid, "vendor"},
		{"a colon instead of =", "renewal add vendor=v cards=8 price:15000 renews=2027-03-01", chat.CodeInvalid, "price"},
		{"unknown sub-command", "renewal renew", chat.CodeInvalid, "renewal"},
		{"remove without an id", "renewal remove", chat.CodeInvalid, "id"},
		{"remove an unknown id", "renewal remove zzzzzz", chat.CodeNotFound, "id"},
		{"usage of an unknown id", "renewal usage zzzzzz hours=310", chat.CodeNotFound, "id"},
		{"usage without hours", "renewal usage r1", chat.CodeInvalid, "hours"},
		{"usage: hours for the wrong number of cards", "renewal usage r1 hours=300,200", chat.CodeInvalid, "hours"},
		{"usage: hours past a month", "renewal usage r1 hours=800", chat.CodeInvalid, "hours"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := memstore.NewStore(nil)
			r := router(st)
			if rep := r.Handle(context.Background(), req(addEN, "slack:T1")); rep.Error != nil {
				t.Fatal(rep.Error)
			}
			rep := r.Handle(context.Background(), req(tt.text, "slack:T1"))
			if rep.Error == nil {
				t.Fatalf("%s: no error, reply %q", tt.text, rep.Title)
			}
			if rep.Error.Code != tt.code || rep.Error.Key != tt.key {
				t.Errorf("%s: got %s on key %q (%s), want %s on %q", tt.text, rep.Error.Code, rep.Error.Key, rep.Error.Message, tt.code, tt.key)
			}
			if rep.Error.Message == "" || (rep.Error.Code == chat.CodeInvalid && rep.Error.Example == "") {
				t.Errorf("%s: error lacks a message or an example: %+v", tt.text, rep.Error)
			}
			// A Chinese command word or a Chinese free-text word means a Chinese reply.
			wantZH := strings.HasPrefix(tt.text, "续约") || strings.Contains(tt.text, "add 酷算云")
			if wantZH != (rep.Lang == chat.ZH) || wantZH != chat.HasHan(strings.Split(rep.Error.Message, "=")[0]) {
				t.Errorf("%s: reply in %s, error %q; want Chinese %v", tt.text, rep.Lang, rep.Error.Message, wantZH)
			}
			if rs, _ := st.ListRenewals(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C0123"}); len(rs) != 1 {
				t.Errorf("%s: a refused command changed the store (%d renewals)", tt.text, len(rs))
			}
		})
	}
}

func TestATeamSeesAndRemovesOnlyItsOwnRenewals(t *testing.T) {
	ctx := context.Background()
	st := memstore.NewStore(nil)
	r := router(st)
	if rep := r.Handle(ctx, req(addEN, "slack:TEAM-A")); rep.Error != nil {
		t.Fatal(rep.Error)
	}
	list := r.Handle(ctx, req("renewal list", "slack:TEAM-B"))
	if list.Error != nil || len(list.Tables) != 0 || !strings.Contains(list.Title, "No renewals") {
		t.Errorf("team B lists team A's renewal: %q %v", list.Title, list.Tables)
	}
	for _, text := range []string{"renewal remove r1", "renewal usage r1 hours=310"} {
		rep := r.Handle(ctx, req(text, "slack:TEAM-B"))
		if rep.Error == nil || rep.Error.Code != chat.CodeNotFound {
			t.Errorf("team B ran %q on team A's renewal: %+v", text, rep.Error)
		}
	}
	// Same workspace id on another platform is another tenant too.
	if rep := r.Handle(ctx, req("renewal remove r1", "feishu:TEAM-A")); rep.Error == nil {
		t.Error("feishu:TEAM-A removed slack:TEAM-A's renewal")
	}
	if got, err := st.GetRenewal(ctx, store.Scope{Tenant: "slack:TEAM-A", Channel: "C0123"}, "r1"); err != nil || got.Usage != nil {
		t.Errorf("team A's renewal was touched: %+v, %v", got, err)
	}
	if rep := r.Handle(ctx, req("renewal remove r1", "slack:TEAM-A")); rep.Error != nil {
		t.Errorf("team A cannot remove its own renewal: %v", rep.Error)
	}
	if _, err := st.GetRenewal(ctx, store.Scope{Tenant: "slack:TEAM-A", Channel: "C0123"}, "r1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("removed renewal still there: %v", err)
	}
}

func TestAStoreErrorIsReportedNeverOK(t *testing.T) {
	for _, text := range []string{addEN, "renewal list", "renewal remove r1", "renewal usage r1 hours=310"} {
		rep := router(testkit.DownRenewals{}).Handle(context.Background(), req(text, "slack:T1"))
		if rep.Error == nil || rep.Error.Code != chat.CodeUnavailable {
			t.Errorf("%q on a failing store: got %+v (%q), want an unavailable error", text, rep.Error, rep.Title)
			continue
		}
		if strings.Contains(rep.Error.Message, "connection refused") {
			t.Errorf("%q: the store's internals reached the user: %q", text, rep.Error.Message)
		}
	}
	rep := router(nil).Handle(context.Background(), req("renewal list", "slack:T1"))
	if rep.Error == nil || rep.Error.Code != chat.CodeUnavailable {
		t.Errorf("no store: got %+v, want unavailable", rep.Error)
	}
	rep = router(memstore.NewStore(nil)).Handle(context.Background(), req("renewal list", ""))
	if rep.Error == nil || rep.Error.Code != chat.CodeUnavailable {
		t.Errorf("no tenant: got %+v, want unavailable", rep.Error)
	}
}

func TestUsageGivesKeepOrSwitchAdvice(t *testing.T) {
	tests := []struct {
		name, usage, verdict string
	}{
		{"310 h is under the 428.57 h break-even: downgrade", "renewal usage r1 hours=310 ondemand=35", "downgrade"},
		{"500 h is past it: keep", "renewal usage r1 hours=500 ondemand=35", "keep"},
		{"busy and idle cards: hybrid", "renewal usage r1 hours=720,720,720,720,300,300,100,0 ondemand=35", "hybrid"},
		{"no on-demand price: unknown", "renewal usage r1 hours=310", "unknown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := router(memstore.NewStore(nil))
			r.Handle(context.Background(), req(addEN, "slack:T1"))
			rep := r.Handle(context.Background(), req(tt.usage, "slack:T1"))
			if rep.Error != nil {
				t.Fatal(rep.Error)
			}
			adv := rep.Data.(map[string]any)["advice"].(map[string]any)
			if adv["verdict"] != tt.verdict {
				t.Errorf("%s: verdict %v, want %s (%s)", tt.usage, adv["verdict"], tt.verdict, rep.Summary)
			}
		})
	}
}

func TestPrefillFromAnotherCommand(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
		lang       chat.Lang
	}{
		{"from billing", "renewal new billing ondemand=35 monthly=15000 hours=300 cards=8",
			[]string{"renewal add vendor= ", "cards=8", "mode=monthly", "price=15000", "ondemand=35", "hours=300", "renews=YYYY-MM-DD"}, chat.EN},
		{"from billing in Chinese", "renewal new 计费 按需=35元/时 包月=1.5万 时长=600,500,300,100",
			[]string{"续约 添加 供应商= ", "卡数=4", "方式=包月", "价格=15000", "按需=35", "时长=600,500,300,100", "续约日=年-月-日"}, chat.ZH},
		{"from a quote: price there is per card-hour", "renewal new quote hours=300 A: price=35 cards=8; B: price=29 cards=8",
			[]string{"vendor=A ", "cards=8", "ondemand=35", "price= "}, chat.EN},
		{"nothing to go on", "renewal new", []string{"renewal add vendor= ", "price= ", "renews=YYYY-MM-DD"}, chat.EN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := router(nil).Handle(context.Background(), req(tt.text, "slack:T1"))
			if rep.Error != nil {
				t.Fatal(rep.Error)
			}
			line := rep.Data.(map[string]any)["prefill"].(string) + " "
			for _, w := range tt.want {
				if !strings.Contains(line, w) {
					t.Errorf("%s: prefill %q lacks %q", tt.text, line, w)
				}
			}
			if rep.Lang != tt.lang {
				t.Errorf("%s: answered in %s, want %s", tt.text, rep.Lang, tt.lang)
			}
		})
	}
}

func TestAPrefilledLineWorksOnceCompleted(t *testing.T) {
	r := router(memstore.NewStore(nil))
	for _, text := range []string{"renewal new billing ondemand=35 monthly=15000 hours=300 cards=8", "renewal new 计费 按需=35 包月=15000 时长=300 卡数=8"} {
		rep := r.Handle(context.Background(), req(text, "slack:T1"))
		line := rep.Data.(map[string]any)["prefill"].(string)
		line = strings.NewReplacer("YYYY-MM-DD", "2027-03-01", "年-月-日", "2027-03-01", "vendor= ", "vendor=酷算云 ", "供应商= ", "供应商=酷算云 ").Replace(line)
		if added := r.Handle(context.Background(), req(line, "slack:T1")); added.Error != nil {
			t.Errorf("completed prefill %q: %v", line, added.Error)
		}
	}
}

func TestTheButtonSendsRenewalNew(t *testing.T) {
	text := chat.ButtonCommand(chat.ActionRemindRenewal, "billing ondemand=35 monthly=15000 hours=300")
	rep := router(nil).Handle(context.Background(), req(text, "slack:T1"))
	if rep.Error != nil || rep.Data.(map[string]any)["action"] != "new" {
		t.Errorf("button command %q: %+v", text, rep.Error)
	}
}

func FuzzPrefill(f *testing.F) {
	for _, s := range []string{"billing ondemand=35 monthly=15000 hours=300", "quote A: price=35; B: price=2", "计费 按需=35元/时", "", "x: y: z:", `"`} {
		f.Add(s)
	}
	r := router(nil)
	f.Fuzz(func(t *testing.T, s string) {
		rep := r.Handle(context.Background(), req("renewal new "+s, "slack:T1"))
		// Text glued to "new" ("new =0" reads as the pair new=0) is refused
		// as bad input; anything else gets a prefill.
		if rep.Error != nil && rep.Error.Code != chat.CodeInvalid {
			t.Fatalf("renewal new %q: %v", s, rep.Error)
		}
		if rep.Error != nil {
			return
		}
		data, _ := rep.Data.(map[string]any)
		if p, _ := data["prefill"].(string); !strings.HasPrefix(p, "renewal add") && !strings.HasPrefix(p, "续约 添加") {
			t.Fatalf("renewal new %q: prefill %v", s, rep.Data)
		}
	})
}

func TestSubCommandTypoSuggestsTheClosest(t *testing.T) {
	for text, want := range map[string]string{
		"renewal ad vendor=v cards=8 price=15000 renews=2027-03-01": "Did you mean add?",
		"renewal lsit": "Did you mean list?",
		"续约 添家 供应商=v":  "是不是想用 添加",
	} {
		rep := router(memstore.NewStore(nil)).Handle(context.Background(), req(text, "slack:T1"))
		if rep.Error == nil || rep.Error.Key != "renewal" || !strings.Contains(rep.Error.Message, want) {
			t.Errorf("%s: got %+v, want an error on renewal saying %q", text, rep.Error, want)
		}
	}
}

// notice=1个月 is a calendar month before the renewal day, said as such:
// 30 days would put the deadline of a renewal on 2027-07-31 on 07-01, a day
// after the contract's 06-30.
func TestNoticeInMonthsCountsCalendarMonths(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"renewal add vendor=酷算云 gpu=A100-80G cards=8 mode=monthly price=15000 renews=2027-07-31 notice=1month",
			"Notice deadline 2027-06-30 = renews 2027-07-31 − 1 month's notice."},
		{"续约 添加 供应商=酷算云 显卡=A100-80G 卡数=8 方式=包月 价格=15000 续约日=2027-07-31 通知期=一个月",
			"通知截止日 2027-06-30 = 续约日 2027-07-31 − 提前通知 1 个月。"},
		{"renewal add vendor=酷算云 cards=8 mode=quarterly price=45000 renews=2027-08-15 notice=2months",
			"Notice deadline 2027-06-15 = renews 2027-08-15 − 2 months' notice."},
		{"renewal add vendor=酷算云 cards=8 mode=monthly price=15000 renews=2027-08-15 notice=30d",
			"Notice deadline 2027-07-16 = renews 2027-08-15 − 30 days' notice."},
	} {
		st := memstore.NewStore(nil)
		rep := router(st).Handle(context.Background(), req(tt.text, "slack:T1"))
		if rep.Error != nil {
			t.Fatalf("%s: %v", tt.text, rep.Error)
		}
		if !strings.Contains(rep.Summary, tt.want) {
			t.Errorf("%s:\n got %q\nwant %q", tt.text, rep.Summary, tt.want)
		}
	}
	// two months' notice on a monthly contract is longer than its term
	rep := router(memstore.NewStore(nil)).Handle(context.Background(), req("续约 添加 供应商=酷算云 卡数=8 方式=包月 价格=15000 续约日=2027-07-31 通知期=2个月", "slack:T1"))
	if rep.Error == nil || rep.Error.Key != "notice" || !strings.Contains(rep.Error.Message, "2 个月") {
		t.Errorf("2个月 notice on a monthly contract: %+v", rep.Error)
	}
}

// An edit keeps a notice given in months, and changing it to days says so.
func TestEditKeepsANoticeInMonths(t *testing.T) {
	st := memstore.NewStore(nil)
	r := router(st)
	if rep := r.Handle(context.Background(), req("renewal add vendor=酷算云 cards=8 mode=quarterly price=45000 renews=2027-07-31 notice=1mo", "slack:T1")); rep.Error != nil {
		t.Fatal(rep.Error)
	}
	rep := r.Handle(context.Background(), req("renewal edit r1 cards=4", "slack:T1"))
	if rep.Error != nil {
		t.Fatal(rep.Error)
	}
	got, err := st.GetRenewal(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C0123"}, "r1")
	if err != nil || got.NoticeMonths != 1 || got.Deadline().String() != "2027-06-30" {
		t.Fatalf("after editing cards: notice %d months, deadline %s (%v)", got.NoticeMonths, got.Deadline(), err)
	}
	rep = r.Handle(context.Background(), req("renewal edit r1 notice=30d", "slack:T1"))
	if rep.Error != nil {
		t.Fatal(rep.Error)
	}
	if all := rep.Summary; !strings.Contains(all, "notice 1 month → 30 days") {
		t.Errorf("edit reply does not say the notice changed from 1 month to 30 days: %q", all)
	}
}

// A unit a space split off its number is named with its key, joined.
func TestAUnitSplitOffItsNumberIsJoined(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"renewal add vendor=酷算云 cards=8 mode=quarterly price=45000 renews=2027-08-15 notice=4 wk", "write them as one word: notice=4wk"},
	} {
		rep := router(memstore.NewStore(nil)).Handle(context.Background(), req(tt.text, "slack:T1"))
		if rep.Error == nil || rep.Error.Key != "notice" || !strings.Contains(rep.Error.Message, tt.want) {
			t.Errorf("%s: %+v, want an error about notice saying %q", tt.text, rep.Error, tt.want)
		}
	}
	// the units people type after a space are read with their number
	for text, want := range map[string]string{
		"续约 添加 供应商=酷算云 卡数=8 方式=包季 价格=45000 续约日=2027-08-15 通知期=1 个月":                                   "通知截止日 2027-07-15",
		"renewal add vendor=酷算云 cards=8 mode=quarterly price=45000 renews=2027-08-15 notice=2 months": "Notice deadline 2027-06-15",
		"renewal add vendor=酷算云 cards=8 mode=quarterly price=45000 renews=2027-08-15 notice=30 days":  "Notice deadline 2027-07-16",
	} {
		rep := router(memstore.NewStore(nil)).Handle(context.Background(), req(text, "slack:T1"))
		if rep.Error != nil || !strings.Contains(rep.Summary, want) {
			t.Errorf("%s: %+v %q, want %q", text, rep.Error, rep.Summary, want)
		}
	}
}
