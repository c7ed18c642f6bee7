// Package tier is the `tier` chat command (aliases vram, 显存, 选卡): which GPU
// and how many to rent for a model, with the memory each card needs broken
// down, whether NVLink or InfiniBand is needed, cheaper and safer
// alternatives, and the rule behind every number.
//
// It reads the command's keys (model or params plus shape, mode, optimizer,
// zero, cards, r, precision, seq, batch, recompute, gpu; Chinese aliases such as
// 模型, 模式, 上下文 and values such as 全参, 推理, 32k), asks advisor/sizing,
// and builds one platform-neutral chat.Reply whose Data is the JSON contract:
//
//	{"command":"tier","memory":{"weights_gb",...,"per_card_gb"},"gpu":"<catalog id>",
//	 "cards":N,"needs_nvlink":bool,"needs_infiniband":bool,"alternatives":[...],...}
package tier
