package renewal_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
)

var c0123 = store.Scope{Tenant: "slack:T1", Channel: "C0123"}

// TestAddTwiceStoresOnce: the same contract added again is "already
// stored": one record, one set of reminders; a different optional value
// updates the stored one; a different price or date is another contract.
func TestAddTwiceStoresOnce(t *testing.T) {
	tests := []struct {
		name, second string
		records      int
		already      bool
		remind       string // the first record's reminder days after the second add
	}{
		{"the same line", addEN, 1, true, "30,14,7,1"},
		{"the same in Chinese", addZH, 1, true, "30,14,7,1"},
		{"vendor in other case and spaces", "renewal add vendor=\" 酷算云 \" gpu=a100-80g cards=8 price=15000 renews=2027/3/1 notice=30", 1, true, "30,14,7,1"},
		{"other reminder days update it", addEN + " remind=14,7", 1, true, "14,7"},
		{"another price is another contract", strings.Replace(addEN, "price=15000", "price=14000", 1), 2, false, "30,14,7,1"},
		{"another renewal date is another contract", strings.Replace(addEN, "2027-03-01", "2027-04-01", 1), 2, false, "30,14,7,1"},
	}
	for _, tt := range tests {
		st := memstore.NewStore(nil)
		r := router(st)
		if rep := r.Handle(context.Background(), req(addEN, "slack:T1")); rep.Error != nil {
			t.Fatalf("%s: first add: %v", tt.name, rep.Error)
		}
		for i := 0; i < 3; i++ {
			rep := r.Handle(context.Background(), req(tt.second, "slack:T1"))
			if rep.Error != nil {
				t.Fatalf("%s: %v", tt.name, rep.Error)
			}
			d := rep.Data.(map[string]any)
			if got := d["already_stored"] == true; got != tt.already {
				t.Errorf("%s: already_stored got %v, want %v", tt.name, got, tt.already)
			}
			if tt.already && !strings.Contains(rep.Title, map[chat.Lang]string{chat.EN: "Already stored", chat.ZH: "已保存过"}[rep.Lang]) {
				t.Errorf("%s: title %q does not say it is stored already", tt.name, rep.Title)
			}
			if tt.records == 2 {
				break
			}
		}
		rs, _ := st.ListRenewals(context.Background(), c0123)
		if len(rs) != tt.records {
			t.Errorf("%s: %d records, want %d", tt.name, len(rs), tt.records)
		}
		got, _ := st.GetRenewal(context.Background(), c0123, "r1")
		if days := intsText(got.RemindOffsets()); days != tt.remind {
			t.Errorf("%s: r1 reminds %s days before, want %s", tt.name, days, tt.remind)
		}
	}
}

func intsText(vs []int) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ",")
}

// TestEdit: `renewal edit <id> key=value` changes the stored renewal in
// place (same id), moves its reminders, refuses what add refuses, and says
// when nothing changed.
func TestEdit(t *testing.T) {
	tests := []struct {
		name, edit string
		errKey     string
		check      func(rules.Renewal) bool
		summary    string
	}{
		{"price", "renewal edit r1 price=14000", "", func(r rules.Renewal) bool { return r.Price == 14000 && r.Renews.String() == "2027-03-01" }, "price ¥15,000 → ¥14,000"},
		{"Chinese keys", "续约 修改 r1 续约日=2027-04-01 通知期=25天", "", func(r rules.Renewal) bool {
			return r.Renews.String() == "2027-04-01" && r.NoticeDays == 25 && r.NextCheck.String() == "2027-02-05"
		}, "续约日 2027-03-01 → 2027-04-01"},
		{"reminder days", "renewal edit r1 remind=7,1", "", func(r rules.Renewal) bool { return intsText(r.RemindOffsets()) == "7,1" }, "reminders"},
		{"nothing changed", "renewal edit r1 price=15000", "", func(r rules.Renewal) bool { return r.Price == 15000 }, "the renewal and its reminders stay as they are"},
		{"a past date is refused", "renewal edit r1 renews=2026-12-01", "renews", func(r rules.Renewal) bool { return r.Renews.String() == "2027-03-01" }, ""},
		{"an unknown key is refused", "renewal edit r1 colour=red", "colour", func(r rules.Renewal) bool { return r.Price == 15000 }, ""},
		{"no key at all", "renewal edit r1", "id", func(r rules.Renewal) bool { return r.Price == 15000 }, ""},
		{"an unknown id", "renewal edit zz9 price=1", "id", func(r rules.Renewal) bool { return r.Price == 15000 }, ""},
	}
	for _, tt := range tests {
		st := memstore.NewStore(nil)
		r := router(st)
		r.Handle(context.Background(), req(addEN, "slack:T1"))
		rep := r.Handle(context.Background(), req(tt.edit, "slack:T1"))
		switch {
		case tt.errKey != "" && (rep.Error == nil || rep.Error.Key != tt.errKey):
			t.Errorf("%s: error got %+v, want one on %q", tt.name, rep.Error, tt.errKey)
		case tt.errKey == "" && rep.Error != nil:
			t.Errorf("%s: %v", tt.name, rep.Error)
		case tt.errKey == "" && !strings.Contains(rep.Summary, tt.summary):
			t.Errorf("%s: summary %q lacks %q", tt.name, rep.Summary, tt.summary)
		}
		rs, _ := st.ListRenewals(context.Background(), c0123)
		if len(rs) != 1 || rs[0].ID != "r1" || !tt.check(rs[0]) {
			t.Errorf("%s: stored %+v", tt.name, rs)
		}
	}
}

// failCreate is a store whose CreateRenewal call number fail (1-based)
// fails; every other call succeeds.
type failCreate struct {
	store.Renewals
	calls, fail int
}

func (f *failCreate) CreateRenewal(ctx context.Context, r rules.Renewal) error {
	if f.calls++; f.calls == f.fail {
		return errors.New("write refused")
	}
	return f.Renewals.CreateRenewal(ctx, r)
}

// TestEditThatCannotBeWrittenKeepsTheOld: a failed write says so and
// leaves the stored renewal as it was.
func TestEditThatCannotBeWrittenKeepsTheOld(t *testing.T) {
	mem := memstore.NewStore(nil)
	st := &failCreate{Renewals: mem, fail: 2}
	r := router(st)
	if rep := r.Handle(context.Background(), req(addEN, "slack:T1")); rep.Error != nil {
		t.Fatal(rep.Error)
	}
	rep := r.Handle(context.Background(), req("renewal edit r1 price=14000", "slack:T1"))
	if rep.Error == nil {
		t.Fatalf("a failed write answered as a success: %s", rep.Summary)
	}
	got, err := mem.GetRenewal(context.Background(), c0123, "r1")
	if err != nil || got.Price != 15000 {
		t.Errorf("after the failed edit: %+v, %v; want the old record (price 15000)", got, err)
	}
}
