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
	// Qwen2.5-14B, LoRA r=16: 1x NVIDIA A800 80GB PCIe
	// Rent 1x NVIDIA A800 80GB PCIe (mid tier). Each card needs 36.15 GB of its 85.9 GB (42%; the limit is 90%). One card holds everything: no NVLink or InfiniBand needed. Reference price ¥5.15 per card-hour (2026-10), about ¥5.15/h for 1. Next: 1× a800-80g-sxm at ¥5.15/h (reference); 1× a100-80g-pcie at ¥35/h (reference).
	// model 选卡 模型=glm-4.5-air 模式=微调 上下文=4096
}
