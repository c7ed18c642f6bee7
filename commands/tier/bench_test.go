package tier_test

import (
	"context"
	"os"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/internal/testkit"
)

// BenchmarkTierCommand measures one tier question end to end as the CLI and
// the Lambdas run it: parse, advise, build the reply, render text.
// Target: under 100 µs per command, under 200 µs with a config.json to parse.
func BenchmarkTierCommand(b *testing.B) {
	r := commands.New(commands.Deps{})
	cfg, err := os.ReadFile("../../advisor/catalog/testdata/configs/deepseek-v3.json")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct{ name, text string }{
		{"lora_en", "tier model=qwen2.5-14b mode=lora seq=4096"},
		{"lora_global", "tier model=qwen2.5-14b mode=lora seq=4096 market=global"},
		{"infer_zh", "选卡 模型=qwen2.5-7b 模式=推理 上下文=32k"},
		{"full_70b_multinode", "tier model=llama-2-70b mode=full"},
		{"params_int4", "tier params=7b mode=infer precision=int4 seq=8k batch=8"},
		{"moe_mla_deepseek", "tier model=deepseek-r1 mode=infer seq=32k"},
		{"config_json_deepseek", "tier mode=infer seq=32k config=```json\n" + string(cfg) + "\n```"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			testkit.Bench(b, r, chat.Request{Text: bc.text, Platform: "cli"}, false)
		})
	}
}

// BenchmarkTierRenderText measures the text rendering alone (the tables
// laid out and wrapped) of the largest reply of BenchmarkTierCommand.
func BenchmarkTierRenderText(b *testing.B) {
	r := commands.New(commands.Deps{})
	rep := r.Handle(context.Background(), chat.Request{Text: "tier model=llama-2-70b mode=full", Platform: "cli"})
	if rep.Error != nil {
		b.Fatal(rep.Error)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = chat.RenderText(rep)
	}
}
