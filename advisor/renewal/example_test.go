package renewal_test

import (
	"fmt"

	"gpuadvisor/advisor/renewal"
)

func ExampleRenewal_Due() {
	renews, _ := renewal.ParseDate("2027-03-01")
	r := renewal.Renewal{Vendor: "酷算云", Cards: 8, Mode: renewal.Monthly, Price: 15000, Renews: renews, NoticeDays: 30}
	fmt.Println("deadline:", r.Deadline())
	for _, day := range []string{"2026-12-31", "2027-01-16", "2027-01-17"} {
		today, _ := renewal.ParseDate(day)
		if rem, ok := r.Due(today); ok {
			fmt.Printf("%s: %d-day reminder (late %v), %d days left\n", day, rem.Offset, rem.Late, rem.DaysLeft)
		}
	}
	// Output:
	// deadline: 2027-01-30
	// 2026-12-31: 30-day reminder (late false), 30 days left
	// 2027-01-16: 14-day reminder (late false), 14 days left
	// 2027-01-17: 14-day reminder (late true), 13 days left
}

func ExampleRenewal_Advise() {
	renews, _ := renewal.ParseDate("2027-03-01")
	r := renewal.Renewal{Vendor: "酷算云", Cards: 8, Mode: renewal.Monthly, Price: 15000, Renews: renews,
		OnDemand: 35, Usage: []float64{310}}
	a, _, _ := r.Advise()
	fmt.Printf("break-even %.1f h, %s, saves %.0f a month\n", a.BreakEvenHours, a.Action, a.SavingsPerMonth)
	// Output: break-even 428.6 h, downgrade, saves 33200 a month
}
