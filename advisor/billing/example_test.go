package billing_test

import (
	"fmt"

	"gpuadvisor/advisor/billing"
)

// The market guide's A100 example (docs/domain.md#market-facts): ¥35 an hour on-demand, ¥15,000 a month, four
// cards busy 600, 500, 300 and 100 hours a month.
func ExampleAdvise() {
	a, err := billing.Advise(billing.Input{
		Hours:    []float64{600, 500, 300, 100},
		OnDemand: 35,
		Monthly:  15000,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s, break-even %.2f h\n", a.Recommendation, a.BreakEvenHours)
	fmt.Printf("on-demand %.0f, monthly %.0f, hybrid %.0f\n", a.Costs.OnDemand, a.Costs.Monthly, a.Costs.Hybrid)
	fmt.Printf("reserve cards %v, save %.0f a month\n", a.Reserved, a.Savings)
	// Output:
	// hybrid, break-even 428.57 h
	// on-demand 52500, monthly 60000, hybrid 44000
	// reserve cards [0 1], save 8500 a month
}

// A renewal reminder asks whether to keep an 8-card contract that ran 310 h
// a month per card.
func ExampleAdviseRenewal() {
	r, err := billing.AdviseRenewal(billing.Contract{Monthly: 15000, OnDemand: 35, Hours: []float64{310}, Cards: 8})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Action)
	fmt.Println(r.Explain("en"))
	// Output:
	// downgrade
	// Downgrade to on-demand: no card reaches the break-even 15,000 / 35 = 428.57 h per card per month (actual 310 h); on-demand costs 86,800 a month instead of 120,000, saving 33,200 a month, and nothing is committed. Moving 8 cards costs 3,360–20,160 once (half a day to three days of set-up: CUDA, drivers, images, weights; 8 × 12–72 h × 35/h), paid back within the 3-month term (saving 99,600). On-demand capacity is not guaranteed at peak: if these cards must be there on given days (a deadline, a launch), keep them reserved.
}
