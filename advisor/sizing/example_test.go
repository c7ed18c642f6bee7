package sizing_test

import (
	"fmt"
	"math"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/sizing"
)

// Full training of a 7.5B-parameter model with mixed-precision Adam, ZeRO
// stage 1 over 64 data-parallel cards (the ZeRO paper's example), 1 token so
// activations are negligible.
func ExampleEstimate() {
	m, _, _ := sizing.Shape(7.5e9, sizing.ShapeHint{})
	req := sizing.Request{Model: m, Mode: sizing.ModeFull, Seq: 1}.WithDefaults()
	r, err := sizing.Estimate(req, sizing.Layout{DataParallel: 64, Zero: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	b := r.Memory
	fmt.Printf("weights %.1f GB, gradients %.1f GB, optimizer %.2f GB: model states %.1f GB per card\n",
		b.WeightsGB, b.GradientsGB, b.OptimizerGB, b.WeightsGB+b.GradientsGB+b.OptimizerGB)
	// Output:
	// weights 15.0 GB, gradients 15.0 GB, optimizer 1.41 GB: model states 31.4 GB per card
}

// Serving Llama-2-7B in fp16 with a 4096-token context: 13.5 GB of weights,
// a 2.15 GB KV cache per sequence, and a 1 GB reserve plus the serving peak.
func ExampleEstimate_inference() {
	c, _ := catalog.Default()
	m, _ := c.ModelByID("llama-2-7b")
	req := sizing.Request{Model: m, Mode: sizing.ModeInfer, Precision: sizing.FP16, Seq: 4096}.WithDefaults()
	r, _ := sizing.Estimate(req, sizing.Layout{})
	fmt.Printf("weights %.2f GB, KV cache %.3f GB, overhead %.2f GB, per card %.2f GB\n",
		r.Memory.WeightsGB, r.Memory.KVCacheGB, r.Memory.OverheadGB, r.Memory.PerCardGB)
	// Output:
	// weights 13.48 GB, KV cache 2.147 GB, overhead 1.81 GB, per card 17.43 GB
}

// Which card, how many, for Qwen2.5-14B LoRA at 4K context?
func ExampleAdvise() {
	c, _ := catalog.Default()
	m, _ := c.ModelByID("qwen2.5-14b")
	adv, err := sizing.Advise(sizing.Request{Model: m, Mode: sizing.ModeLoRA, Seq: 4096, Zero: sizing.ZeroAuto}, c.GPUs())
	if err != nil {
		fmt.Println(err)
		return
	}
	p := adv.Pick
	fmt.Printf("%s x%d (%s tier): %.1f GB per card, %.0f%% of %v GB; NVLink %v, InfiniBand %v\n",
		p.GPU.ID, p.Cards(), p.GPU.Tier, p.Result.Memory.PerCardGB, 100*p.Utilization, math.Round(10*p.GPU.CapacityGB())/10, p.NeedsNVLink, p.NeedsInfiniBand)
	for _, a := range adv.Alternatives {
		fmt.Printf("%s: %s x%d, %.0f%%\n", a.Kind, a.Option.GPU.ID, a.Option.Cards(), 100*a.Option.Utilization)
	}
	// Output:
	// l40s x1 (entry tier): 36.1 GB per card, 75% of 48.3 GB; NVLink false, InfiniBand false
	// qlora: rtx-4090 x1, 63%
}
