package tier

import (
	"context"
	"fmt"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/chat"
)

// examples work as typed; the first English and the first Chinese one are
// shown in errors.
var examples = []string{
	"tier model=qwen2.5-14b mode=lora seq=4096",
	"选卡 模型=qwen2.5-7b 模式=推理 上下文=32k",
	"tier model=llama-2-70b mode=full zero=3",
	"tier params=7b mode=infer precision=int4 seq=8k batch=8",
	"tier model=llama-3.1-8b mode=full cards=8 zero=2 gpu=a100-80g",
	"显存 模型=qwen2.5-72b 模式=qlora 序列=2048",
	"tier model=deepseek-r1 mode=infer gpu=h20 seq=32k",
	"选卡 模型=qwen3-30b-a3b 模式=推理 上下文=32k 利用率=0.85",
}

// keys are the accepted keys with their Chinese aliases.
var keys = []chat.Key{
	{Name: "model", Aliases: []string{"m", "preset", "模型", "模型名"}, Kind: chat.Plain, Example: "qwen2.5-14b",
		Help: chat.Help("a model preset: qwen3-0.6b/1.7b/4b/8b/14b/32b, qwen3-30b-a3b, qwen3-235b-a22b, qwen2.5-7b/14b/32b/72b, deepseek-v3, deepseek-r1, deepseek-r1-distill-qwen-1.5b/7b/14b/32b, deepseek-r1-distill-llama-8b/70b, llama-2-7b/13b/70b, llama-3.1-8b/70b, llama-3.3-70b, llama-4-scout, llama-4-maverick, glm-4-9b, glm-4.5, glm-4.5-air, kimi-k2, gpt-oss-20b/120b, mistral-7b, mistral-small-3 (names like Qwen2.5-14B-Instruct-AWQ work); any other model: config=",
			"模型预设：qwen3-0.6b/1.7b/4b/8b/14b/32b、qwen3-30b-a3b、qwen3-235b-a22b、qwen2.5-7b/14b/32b/72b、deepseek-v3、deepseek-r1、deepseek-r1-distill-qwen-1.5b/7b/14b/32b、deepseek-r1-distill-llama-8b/70b、llama-2-7b/13b/70b、llama-3.1-8b/70b、llama-3.3-70b、llama-4-scout、llama-4-maverick、glm-4-9b、glm-4.5、glm-4.5-air、kimi-k2、gpt-oss-20b/120b、mistral-7b、mistral-small-3（Qwen2.5-14B-Instruct-AWQ 这类写法也行）；其他模型：config=")},
	{Name: "params", Aliases: []string{"size", "参数量", "参数", "规模"}, Kind: chat.Count, Example: "7b",
		Help: chat.Help("parameter count of a model not in the presets: 7b, 70B, 1.5b, 70亿", "不在预设里的模型的参数量：7b、70B、1.5b、70亿")},
	{Name: "layers", Aliases: []string{"num_layers", "n_layers", "层数"}, Kind: chat.Plain, Example: "32",
		Help: chat.Help("layers of a params= model (optional)", "params= 模型的层数（可选）")},
	{Name: "hidden", Aliases: []string{"hidden_size", "d_model", "隐藏维度", "隐藏层"}, Kind: chat.Plain, Example: "4096",
		Help: chat.Help("hidden size of a params= model (optional)", "params= 模型的隐藏维度（可选）")},
	{Name: "heads", Aliases: []string{"num_heads", "n_heads", "头数", "注意力头"}, Kind: chat.Plain, Example: "32",
		Help: chat.Help("attention heads of a params= model (optional)", "params= 模型的注意力头数（可选）")},
	{Name: "kv_heads", Aliases: []string{"num_kv_heads", "n_kv_heads", "kv", "kv头", "kv头数"}, Kind: chat.Plain, Example: "8",
		Help: chat.Help("KV heads (GQA) of a params= model (optional; default = heads)", "params= 模型的 KV 头数（GQA，可选；默认等于头数）")},
	{Name: "ffn", Aliases: []string{"intermediate_size", "ffn_hidden", "中间层", "前馈"}, Kind: chat.Plain, Example: "11008",
		Help: chat.Help("MLP intermediate size of a params= model (optional)", "params= 模型的 MLP 中间层大小（可选）")},
	{Name: "vocab", Aliases: []string{"vocab_size", "词表", "词表大小"}, Kind: chat.Plain, Example: "152064",
		Help: chat.Help("vocabulary of a params= model (optional; default 32,000): sets the embeddings and the logits", "params= 模型的词表大小（可选；默认 32,000）：决定嵌入层和 logits 的大小")},
	{Name: "mode", Aliases: []string{"task", "模式", "用途"}, Kind: chat.Plain, Example: "lora",
		Help: chat.Help("full (full-parameter training), lora, qlora or infer (serving); default full", "full（全参训练）、lora（微调）、qlora（量化微调）或 infer（推理）；默认 full")},
	{Name: "optimizer", Aliases: []string{"opt", "优化器"}, Kind: chat.Plain, Example: "adamw",
		Help: chat.Help("adamw (default), adam8bit or sgd", "adamw（默认）、adam8bit 或 sgd")},
	{Name: "zero", Aliases: []string{"zero_stage", "stage", "ZeRO阶段"}, Kind: chat.Plain, Example: "3",
		Help: chat.Help("DeepSpeed ZeRO stage 0-3 over the data-parallel cards (default: the lowest that fits)", "DeepSpeed ZeRO 阶段 0-3，在数据并行的卡上切分（默认：放得下的最低阶段）")},
	{Name: "cards", Aliases: []string{"gpus", "n", "卡数", "卡", "数量"}, Kind: chat.Count, Example: "8",
		Help: chat.Help("card count: the data-parallel degree for training (ZeRO shards over it), the cards one copy is split over for serving; default: the fewest that fit", "卡数：训练时是数据并行度（ZeRO 在其上切分），推理时是一份模型切分到的卡数；默认：放得下的最少卡数")},
	{Name: "r", Aliases: []string{"rank", "lora_rank", "lora_r", "秩"}, Kind: chat.Plain, Example: "16",
		Help: chat.Help("LoRA rank (default 16)", "LoRA 秩（默认 16）")},
	{Name: "precision", Aliases: []string{"dtype", "quant", "精度", "量化"}, Kind: chat.Plain, Example: "bf16",
		Help: chat.Help("weights for serving: bf16 (default), fp16, fp8, int8, int4", "推理时的权重精度：bf16（默认）、fp16、fp8、int8、int4")},
	{Name: "seq", Aliases: []string{"seq_len", "context", "ctx", "max_len", "序列", "序列长度", "上下文", "上下文长度", "长度"}, Kind: chat.Tokens, Example: "4096",
		Help: chat.Help("sequence / context length in tokens: 4096, 4k, 32k (default 4096)", "序列/上下文长度（token）：4096、4k、32k（默认 4096）")},
	{Name: "batch", Aliases: []string{"batch_size", "bs", "micro_batch", "批量", "批次", "并发"}, Kind: chat.Plain, Example: "1",
		Help: chat.Help("micro-batch per card for training, concurrent sequences for serving (default 1)", "训练时每卡的 micro-batch，推理时的并发序列数（默认 1）")},
	{Name: "recompute", Aliases: []string{"checkpointing", "gradient_checkpointing", "重计算", "梯度检查点"}, Kind: chat.Plain, Example: "full",
		Help: chat.Help("activation recomputation: none, selective, full (default full for lora/qlora, selective for full)", "激活重计算：none、selective、full（lora/qlora 默认 full，全参默认 selective）")},
	{Name: "gpu", Aliases: []string{"card", "显卡", "卡型", "型号"}, Kind: chat.Plain, Example: "a100-80g",
		Help: chat.Help("use this card and say how many: a100-80g, 4090, h800, 910b…", "指定显卡，算要几张：a100-80g、4090、h800、910b…")},
	{Name: "config", Aliases: []string{"config.json", "config_json", "hf_config", "配置", "配置文件"}, Kind: chat.Plain, Example: "```{...}```",
		Help: chat.Help("the model's Hugging Face config.json, for an exact answer on any model (dense, MoE, MLA, quantized): paste it as a code block in chat, or give its path in the terminal",
			"模型的 Hugging Face config.json，任何模型（稠密、MoE、MLA、量化）都能精确估算：聊天中用代码块粘贴，终端中给出文件路径")},
	{Name: "utilization", Aliases: []string{"gpu_memory_utilization", "util", "利用率", "显存利用率"}, Kind: chat.Plain, Example: "0.9",
		Help: chat.Help("share of each card's memory a plan may use, 0.5-0.98 (default 0.9, vLLM's gpu_memory_utilization)",
			"每张卡可用的显存比例，0.5-0.98（默认 0.9，即 vLLM 的 gpu_memory_utilization）")},
}

// Command returns the `tier` chat command (aliases vram, 显存, 选卡) for chat
// platforms: config= takes pasted JSON only.
func Command() *chat.Command { return NewCommand(Deps{}) }

// NewCommand returns the `tier` command with its dependencies: the terminal
// passes os.ReadFile so that config=<path> reads the file.
func NewCommand(d Deps) *chat.Command {
	run := func(ctx context.Context, c *chat.Call) (chat.Reply, error) { return runWith(ctx, c, d) }
	return &chat.Command{
		Name:    "tier",
		Aliases: []string{"vram", "显存", "选卡"},
		Summary: chat.Help("which GPU and how many for a model: memory per card, NVLink/InfiniBand, alternatives",
			"模型该租什么卡、租几张：每卡显存明细、是否需要 NVLink/InfiniBand、备选方案"),
		Examples: examples,
		Keys:     append(append([]chat.Key{}, keys...), moneyKeys...),
		Run:      run,
	}
}

func runWith(ctx context.Context, c *chat.Call, d Deps) (chat.Reply, error) {
	cat, err := catalog.Default()
	if err != nil {
		return chat.Reply{}, fmt.Errorf("tier: load catalog: %w", err)
	}
	q, err := read(c.Args, c.Lang, cat, d)
	if err != nil {
		return chat.Reply{}, err
	}
	js, err := readJobSpec(c.Args, c.Lang, q.req.WithDefaults().Mode)
	if err != nil {
		return chat.Reply{}, err
	}
	if js != nil && js.perDay > 0 && !q.given["batch"] {
		// a daily volume is served in batches: size memory and the decode
		// bound for ServingBatch concurrent sequences (stated in the reply)
		q.req.Batch, js.batchDefault = ServingBatch, true
	}
	ch, err := choose(ctx, c, q, cat, d)
	if err != nil {
		return chat.Reply{}, err
	}
	ch.run = js
	adv, err := ch.advise(q.req)
	if err != nil {
		return chat.Reply{}, fmt.Errorf("tier: advise %+v: %w", q.req, err)
	}
	jb, err := js.cost(c.Lang, adv, ch)
	if err != nil {
		return chat.Reply{}, err
	}
	return reply(c.Lang, q, adv, ch, jb), nil
}
