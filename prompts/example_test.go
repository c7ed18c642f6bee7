package prompts_test

import (
	"context"
	"fmt"

	"gpuadvisor/prompts"
)

// With no LLM configured, a draft comes from the template and says why.
func ExampleService_SLA() {
	s := &prompts.Service{} // no LLM
	d, err := s.SLA(context.Background(), "en", prompts.SLATerms{
		Vendor: "AcmeGPU", ResponseMin: 30, ReplaceMin: 240, OutageMin: 240, Comp: 2, Migration: true, Destruction: true,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(d)
	fmt.Println(d.Reason.Message("en"))
	for _, f := range d.Facts[1:] {
		fmt.Printf("%s: %s\n", f.Key, f.Value)
	}
	// Output:
	// template (not_configured)
	// no LLM is configured (set OPENAI_API_KEY or OPENAI_BASE_URL, and OPENAI_MODEL)
	// response: 30 minutes
	// replace: 4 hours
	// outage: 4 hours
	// comp: 2x
}
