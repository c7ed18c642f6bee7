package tier

// examples of the command: the first English and the first Chinese one are
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

// tier's keys are data (commands/internal/keytab/tier.json, keytab.TierKeys
// and keytab.TierMoneyKeys): each key's name, aliases (Chinese included),
// value kind, example and help in both languages. The money keys (market,
// prices, the job's tokens) follow the others in help (docs/pricing.md).
