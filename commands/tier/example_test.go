package tier_test

import (
	"context"
	"fmt"

	"gpuadvisor/chat"
	"gpuadvisor/commands/tier"
)

// The tier command answers which card and how many; Data carries the JSON
// contract.
func ExampleCommand() {
	r := chat.NewRouter()
	r.Register(tier.Command())
	rep := r.Handle(context.Background(), chat.Request{Text: "tier model=qwen2.5-14b mode=lora seq=4096"})
	fmt.Println(rep.Title)
	fmt.Println(rep.Summary)

	rep = r.Handle(context.Background(), chat.Request{Text: "选卡 模型=unknown-99b"})
	fmt.Println(rep.Error.Key, rep.Error.Example)
	// Output:
	// Qwen2.5-14B, LoRA r=16: 2x NVIDIA GeForce RTX 4090 24GB
	// Rent 2x NVIDIA GeForce RTX 4090 24GB (entry tier). Each card needs 20.83 GB of its 25.76 GB (81%; the limit is 90%). The model is split over the cards (data parallel 2, ZeRO-3) over PCIe: it fits, at about 50% of NVLink's speed; no InfiniBand needed. Reference price ¥1.14–1.24 per card-hour (2026-10), about ¥2.38/h for 2. Next: 1× a800-80g-pcie at ¥5.15/h (reference); 1× a800-80g-sxm at ¥5.15/h (reference).
	// model 显存 模型=glm-4.5-air 模式=微调 上下文=4096
}
