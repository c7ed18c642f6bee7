package renewal_test

import (
	"context"
	"fmt"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/commands/renewal"
	"gpuadvisor/infra/memstore"
)

// A team stores a contract and sees its notice deadline.
func ExampleCommand() {
	r := chat.NewRouter()
	r.Now = func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC) }
	r.Register(renewal.Command(renewal.Deps{Store: memstore.NewStore(nil), NewID: func() string { return "k7m2p9" }}))
	rep := r.Handle(context.Background(), chat.Request{
		Text:   "renewal add vendor=酷算云 gpu=A100-80G cards=8 mode=monthly price=15000 renews=2027-03-01 notice=30d",
		Tenant: "slack:T0123", Channel: "C0123", Platform: "slack",
	})
	fmt.Println(rep.Title)
	fmt.Println(rep.Summary)
	// Output:
	// Renewal saved: 酷算云 A100-80G × 8 (id k7m2p9)
	// Notice deadline 2027-01-30 = renews 2027-03-01 − 30 days' notice. This channel gets a reminder 30, 14, 7 and 1 days before it.
}
