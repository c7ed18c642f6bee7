package sizing

import "testing"

// Pipeline stages hold whole layers, and the first and last stage also hold
// the input embedding and the output layer: the card to size for is the
// heaviest stage, not the average.
func TestPipelineHeaviestStage(t *testing.T) {
	l7 := preset(t, "llama-2-7b")     // 32 layers, untied 32,000 × 4,096 embeddings
	l70 := preset(t, "llama-3.1-70b") // 80 layers
	q7 := preset(t, "qwen2.5-7b")     // 28 layers, 152,064 × 3,584 embeddings
	emb := func(m interface{ EmbeddingParams() float64 }) float64 { return m.EmbeddingParams() }
	for _, tc := range []struct {
		name       string
		req        Request
		layout     Layout
		weights    float64 // GB per card
		kv         float64 // GB per card
		stageLayer int
	}{
		{"Llama-2-7B on 3 stages: 11 of 32 layers + one embedding matrix",
			Request{Model: l7, Mode: ModeInfer, Seq: 4096}, Layout{PipelineParallel: 3},
			((2*l7.Params-2*emb(l7))*11/32 + 2*emb(l7)/2) / GB, 2.147483648 * 11 / 32, 11},
		{"Llama-3.1-70B on 2 stages x TP 8: an even split is the plain share",
			Request{Model: l70, Mode: ModeInfer, Seq: 4096}, Layout{TensorParallel: 8, PipelineParallel: 2},
			2 * l70.Params / 16 / GB, KVCache(l70, 4096, 1, LargeCardBatch.Tokens) / 16 / GB, 40},
		{"Qwen2.5-7B on 4 stages x TP 4: 7 layers + one 152K-token matrix each end",
			Request{Model: q7, Mode: ModeInfer, Seq: 4096}, Layout{TensorParallel: 4, PipelineParallel: 4},
			((2*q7.Params-2*emb(q7))/4 + 2*emb(q7)/2) / 4 / GB, KVCache(q7, 4096, 1, LargeCardBatch.Tokens) / 4 / 4 / GB, 7},
		{"one card: everything", Request{Model: l7, Mode: ModeInfer, Seq: 4096}, Layout{},
			2 * l7.Params / GB, 2.147483648, 32},
	} {
		r, err := Estimate(tc.req.WithDefaults(), tc.layout)
		if err != nil {
			t.Fatal(err)
		}
		if !near(r.Memory.WeightsGB, tc.weights, 1e-9) || !near(r.Memory.KVCacheGB, tc.kv, 1e-9) || r.StageLayers != tc.stageLayer {
			t.Errorf("%s: weights %.4f GB, KV %.4f GB, stage of %d layers; want %.4f, %.4f, %d",
				tc.name, r.Memory.WeightsGB, r.Memory.KVCacheGB, r.StageLayers, tc.weights, tc.kv, tc.stageLayer)
		}
	}
}
