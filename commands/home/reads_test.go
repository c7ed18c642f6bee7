package home_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"gpuadvisor/advisor/pricebook"
	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
)

// counting counts the list reads of the stores it wraps, and the checks
// asked for by each RecentChecks.
type counting struct {
	*memstore.Store
	mu     sync.Mutex
	calls  map[string]int
	checks []int
}

func (c *counting) count(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls[name]++
}

func (c *counting) ListRenewals(ctx context.Context, s store.Scope) ([]rules.Renewal, error) {
	c.count("ListRenewals")
	return c.Store.ListRenewals(ctx, s)
}

func (c *counting) ListPrices(ctx context.Context, s store.Scope) ([]pricebook.Entry, error) {
	c.count("ListPrices")
	return c.Store.ListPrices(ctx, s)
}

func (c *counting) ListTrials(ctx context.Context, s store.Scope) ([]store.Trial, error) {
	c.count("ListTrials")
	return c.Store.ListTrials(ctx, s)
}

func (c *counting) RecentChecks(ctx context.Context, s store.Scope, user string, n int) ([]store.Check, error) {
	c.count("RecentChecks")
	c.mu.Lock()
	c.checks = append(c.checks, n)
	c.mu.Unlock()
	return c.Store.RecentChecks(ctx, s, user, n)
}

// TestHomeReadsEachStoreOnce: one home reply, as commands.New wires it
// (the page's renewals, prices and recent checks, and the vendors board
// with its trials), reads each store once: the page and the board share
// what came back. The page still lists the newest MaxChecks of the checks
// the board weighs, and the same page in both languages.
func TestHomeReadsEachStoreOnce(t *testing.T) {
	ctx := context.Background()
	st := &counting{Store: memstore.NewStore(func() time.Time { return now }), calls: map[string]int{}}
	r := commands.New(commands.Deps{Now: func() time.Time { return now }, Renewals: st, Prices: st, Checks: st, Trials: st})
	in := func(text string) chat.Request {
		return chat.Request{Text: text, Platform: "slack", Tenant: "slack:T1", Channel: "C1", User: "U1"}
	}
	for i := range 7 {
		ck := check(fmt.Sprint("k", i), "C1", "U1", fmt.Sprint("V", i), "ask_first", 10*i, "hw.host")
		if err := st.AddCheck(ctx, ck); err != nil {
			t.Fatal(err)
		}
	}
	for _, text := range []string{"price set gpu=a100-80g monthly=5000 vendor=V1", "renewal add vendor=V2 gpu=A100-80G cards=8 price=15000 renews=2027-03-01 notice=30d"} {
		if rep := r.Handle(ctx, in(text)); rep.Error != nil {
			t.Fatalf("%s: %v", text, rep.Error)
		}
	}
	for _, text := range []string{"home", "主页"} {
		t.Run(text, func(t *testing.T) {
			st.calls, st.checks = map[string]int{}, nil
			rep := r.Handle(ctx, in(text))
			if rep.Error != nil {
				t.Fatal(rep.Error)
			}
			for _, name := range []string{"ListRenewals", "ListPrices", "RecentChecks", "ListTrials"} {
				if got := st.calls[name]; got != 1 {
					t.Errorf("%s called %d times for one home reply, want 1 (calls %v)", name, got, st.calls)
				}
			}
			if len(st.checks) != 1 || st.checks[0] != store.KeepChecks {
				t.Errorf("checks asked for %v, want one read of %d (the board's; the page lists %d of them)", st.checks, store.KeepChecks, 5)
			}
			var recent, board []string
			for _, s := range rep.Sections {
				switch s.Title {
				case chat.T(rep.Lang, "Recent checks", "最近的核查"):
					recent = s.Lines
				case chat.T(rep.Lang, "Vendors", "供应商"):
					board = s.Lines
				}
			}
			if len(recent) != 5 || !strings.HasPrefix(recent[0], "V0") || len(board) != 7 {
				t.Errorf("recent checks %q (want the newest 5, V0 first), board %d lines (want 7)", recent, len(board))
			}
		})
	}
}
