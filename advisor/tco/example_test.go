package tco_test

import (
	"fmt"

	"gpuadvisor/advisor/tco"
)

func ExampleCompare() {
	w := tco.Workload{Hours: 300, Cards: 8, RunTokens: 2e9,
		Volumes: map[tco.Line]float64{tco.Storage: 2000, tco.Egress: 3000}}
	vendors := []tco.Vendor{
		{Name: "A", PricePerCardHour: 35, TokensPerSec: 21000, Charges: map[tco.Line]tco.Charge{
			tco.Storage: {UnitPrice: 0.3, HasUnitPrice: true}, tco.Egress: {UnitPrice: 0.8, HasUnitPrice: true}}},
		{Name: "B", PricePerCardHour: 29, TokensPerSec: 14000, Charges: map[tco.Line]tco.Charge{
			tco.Egress: {UnitPrice: 0.8, HasUnitPrice: true}}},
	}
	r, err := tco.Compare(w, vendors)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range r.Vendors {
		fmt.Printf("%s: TCO %.0f (quoted %.0f + estimated %.0f), %.2f per 1M tokens all in, run %.0f\n",
			c.Name, c.TCO, c.Quoted, c.Estimates, c.TCOPerMTok, c.RunTCO)
	}
	fmt.Println("ranked by", r.Basis, "cheapest:", r.Cheapest, "by the month:", r.CheapestMonthly)
	// Output:
	// A: TCO 87000 (quoted 87000 + estimated 0), 3.84 per 1M tokens all in, run 7672
	// B: TCO 72700 (quoted 72000 + estimated 700), 4.81 per 1M tokens all in, run 9616
	// ranked by run_tco cheapest: A by the month: B
}
