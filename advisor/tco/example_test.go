package tco_test

import (
	"fmt"

	"gpuadvisor/advisor/tco"
)

func ExampleCompare() {
	vendors := []tco.Vendor{
		{Name: "A", PricePerCardHour: 35, Cards: 8, TokensPerSec: 21000, Charges: map[tco.Line]tco.Charge{
			tco.Storage: {Volume: 2000, HasVolume: true, UnitPrice: 0.3, HasUnitPrice: true}}},
		{Name: "B", PricePerCardHour: 29, Cards: 8, TokensPerSec: 14000, Charges: map[tco.Line]tco.Charge{
			tco.Egress: {Volume: 3000, HasVolume: true, UnitPrice: 0.8, HasUnitPrice: true}}},
	}
	opts := tco.DefaultOptions() // 300 h a month, 20% storage-and-network share
	opts.RunTokens = 2e9
	r, err := tco.Compare(vendors, opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range r.Vendors {
		fmt.Printf("%s: TCO %.0f (quoted %.0f + estimated %.0f), %.2f per 1M tokens, 2b tokens in %.1f h for %.0f\n",
			c.Vendor.Name, c.TCO, c.Quoted, c.Estimates, c.CostPerMTok, c.RunHours, c.RunCost)
	}
	fmt.Println("cheapest per month:", r.Cheapest, "per token:", r.CheapestPerToken, "per card-hour:", r.CheapestPerHour)
	// Output:
	// A: TCO 97200 (quoted 84600 + estimated 12600), 3.70 per 1M tokens, 2b tokens in 26.5 h for 7407
	// B: TCO 82440 (quoted 72000 + estimated 10440), 4.60 per 1M tokens, 2b tokens in 39.7 h for 9206
	// cheapest per month: B per token: A per card-hour: B
}
