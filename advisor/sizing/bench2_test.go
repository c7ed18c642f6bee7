package sizing

import "testing"

func BenchmarkAdvise70BFull(b *testing.B) {
	req := Request{Model: preset(b, "llama-2-70b"), Mode: ModeFull, Seq: 4096, Zero: ZeroAuto}
	gs := gpus(b)
	for b.Loop() {
		if _, err := Advise(req, gs); err != nil {
			b.Fatal(err)
		}
	}
}
