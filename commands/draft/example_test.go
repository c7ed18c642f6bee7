package draft_test

import (
	"context"
	"fmt"

	"gpuadvisor/chat"
	"gpuadvisor/commands/draft"
)

// With no LLM configured, `draft sla` answers at once from the template and
// names the path in the reply.
func ExampleCommand() {
	r := chat.NewRouter()
	r.Register(draft.Command(draft.Options{}))
	rep := r.Handle(context.Background(), chat.Request{Text: "draft sla vendor=AcmeGPU response=15m comp=3x", Sync: true})
	fmt.Println(rep.Title)
	for _, f := range rep.Facts[:1] {
		fmt.Println(f.Label+":", f.Value)
	}
	fmt.Println(rep.Facts[2].Value, rep.Facts[5].Value)
	// Output:
	// SLA clauses for AcmeGPU (draft)
	// Written by: template: no LLM is configured (set OPENAI_API_KEY or OPENAI_BASE_URL, and OPENAI_MODEL)
	// 15 minutes 3x
}
