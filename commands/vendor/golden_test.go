package vendor_test

import (
	"context"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/commands/checklist"
	"gpuadvisor/commands/price"
	"gpuadvisor/commands/quote"
	"gpuadvisor/commands/renewal"
	"gpuadvisor/commands/trial"
	"gpuadvisor/commands/vendor"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
)

// now is 2027-01-01 09:00 in Shanghai.
var now = time.Date(2027, 1, 1, 1, 0, 0, 0, time.UTC)

// router has the commands that produce evidence and vendor itself, on st,
// and the extra ones.
func router(st *memstore.Store, extra ...*chat.Command) *chat.Router {
	return testkit.RouterAt(now, append([]*chat.Command{
		checklist.NewCommand(checklist.Deps{Checks: st, Log: testkit.Quiet()}),
		price.Command(price.Deps{Store: st, NewID: testkit.SeqIDs("p"), Log: testkit.Quiet()}),
		renewal.Command(renewal.Deps{Store: st, NewID: testkit.SeqIDs("r"), Log: testkit.Quiet()}),
		trial.NewCommand(trial.Deps{Trials: st, Log: testkit.Quiet()}),
		quote.NewCommand(quote.Deps{Prices: st, NewID: testkit.SeqIDs("q")}),
		vendor.Command(vendor.Deps{Checks: st, Trials: st, Prices: st, Renewals: st, Log: testkit.Quiet()}),
	}, extra...)...)
}

func req(text string) chat.Request {
	return chat.Request{Text: text, Platform: "slack", Tenant: "slack:T1", Channel: "C0123", User: "U42"}
}

// TestGolden renders replies as a reviewer reads them, in both languages and
// as JSON, for each case of testdata/cases.txt (its setup lines first, on a
// fresh store). Run `go test ./commands/vendor -update` after an intended
// change and read the diff.
func TestGolden(t *testing.T) {
	testkit.GoldenCases(t, "cases.txt", func(t testing.TB, c testkit.Case) chat.Reply {
		r := router(memstore.NewStore(func() time.Time { return now }))
		for _, s := range c.Setup {
			if rep := r.Handle(context.Background(), req(s)); rep.Error != nil {
				t.Fatalf("setup %q: %v", s, rep.Error)
			}
		}
		return r.Handle(context.Background(), req(c.Text))
	})
}
