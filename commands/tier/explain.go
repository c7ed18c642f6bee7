package tier

import (
	"strconv"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
)

// memoryTable is the per-card breakdown, one row per non-zero part, each with
// the rule and the numbers that produced it.
func memoryTable(lang chat.Lang, r sizing.Request, o sizing.Option) chat.Table {
	res := o.Result
	b, l, m := res.Memory, res.Layout, r.Model
	t := chat.Table{
		Title:  chat.T(lang, "Memory per card", "每卡显存明细"),
		Header: []string{chat.T(lang, "part", "部分"), "GB", chat.T(lang, "rule", "规则")},
		Rows:   make([][]string, 0, 8), // at most seven parts and the total
	}
	cells := make([]string, 0, 3*8) // the rows' cells, in one array
	row := func(part, v, rule string) {
		cells = append(cells, part, v, rule)
		t.Rows = append(t.Rows, cells[len(cells)-3:len(cells):len(cells)])
	}
	add := func(en, zh string, v float64, rule string) {
		if v > 0 {
			row(chat.T(lang, en, zh), gb(v), rule)
		}
	}
	shard := func(stage int) string { // "÷ 4 (ZeRO-1)" when the stage shards this part
		s := ""
		if l.TensorParallel > 1 {
			s += chat.T(lang, " ÷ TP ", " ÷ 张量并行 ") + strconv.Itoa(l.TensorParallel)
		}
		if l.Zero >= stage && l.DataParallel > 1 {
			s += " ÷ " + strconv.Itoa(l.DataParallel) + " (ZeRO-" + strconv.Itoa(stage) + ")"
		}
		return s
	}
	emb := min(m.EmbeddingParams(), m.Params)
	switch r.Mode {
	case sizing.ModeFull:
		add("weights", "权重", b.WeightsGB, "2 B × "+count(m.Params)+shard(3))
	case sizing.ModeLoRA:
		add("weights", "权重", b.WeightsGB, "2 B × "+count(m.Params)+chat.T(lang, " frozen base + 2 B × ", " 冻结底座 + 2 B × ")+
			count(res.TrainableParams)+chat.T(lang, " adapters", " 适配器")+shard(3))
	case sizing.ModeQLoRA:
		add("weights", "权重", b.WeightsGB, "4.127 bit × "+count(m.Params-emb)+" NF4 + 2 B × "+count(emb)+chat.T(lang, " embeddings + 2 B × ", " 嵌入层 + 2 B × ")+
			count(res.TrainableParams)+chat.T(lang, " adapters", " 适配器")+shard(3))
	default:
		split := ""
		if l.PipelineParallel > 1 {
			one := chat.T(lang, "one embedding matrix", "一个嵌入矩阵")
			if m.TiedEmbeddings {
				one = chat.T(lang, "the tied embedding matrix", "共享的嵌入矩阵")
			}
			split = sprintf(chat.T(lang, "; the heaviest pipeline stage holds %d of %d layers and %s",
				"；最重的流水线段有 %d/%d 层和%s"), res.StageLayers, m.Layers, one)
		}
		if l.TensorParallel > 1 && split == "" {
			split = chat.T(lang, " ÷ TP ", " ÷ 张量并行 ") + strconv.Itoa(l.TensorParallel)
		} else if l.TensorParallel > 1 {
			split += chat.T(lang, ", ÷ TP ", "，÷ 张量并行 ") + strconv.Itoa(l.TensorParallel)
		}
		if sizing.ExpertsOnlyFor(m, r.Precision) {
			x := m.RoutedExpertParams()
			bits, as := "4.25 bit × ", chat.T(lang, " routed-expert weights (MXFP4) + 2 B × ", " 路由专家权重（MXFP4）+ 2 B × ")
			if !r.Precision.ExpertsOnly() {
				bits, as = "8 bit × ", chat.T(lang, " routed-expert weights (FP8, as the published FP8 checkpoint stores them) + 2 B × ",
					" 路由专家权重（FP8，与官方 FP8 权重的存法一致）+ 2 B × ")
			}
			add("weights", "权重", b.WeightsGB, bits+count(x)+as+count(m.Params-x)+chat.T(lang, " the rest", " 其余部分")+split)
		} else if r.Precision.Quantized() {
			add("weights", "权重", b.WeightsGB, strconv.FormatFloat(r.Precision.WeightBits(), 'f', -1, 64)+" bit × "+count(m.Params-emb)+" + 2 B × "+count(emb)+
				chat.T(lang, " embeddings", " 嵌入层")+split)
		} else {
			add("weights", "权重", b.WeightsGB, "2 B × "+count(m.Params)+split)
		}
	}
	if r.Mode.Training() {
		add("gradients", "梯度", b.GradientsGB, "2 B × "+count(res.TrainableParams)+shard(2))
		add("optimizer", "优化器状态", b.OptimizerGB, num(res.OptimizerBytes)+" B × "+count(res.TrainableParams)+chat.T(lang, " (", "（")+optimizerName(lang, r)+chat.T(lang, ")", "）")+shard(1))
		coef := ""
		switch r.Recompute {
		case sizing.RecomputeNone:
			coef = chat.T(lang, "the tensors an eager layer saves, per token: with the fp32 softmax and its 16-bit copy (6·a·s), each norm's fp32 input and K/V repeated to every head",
				"eager 模式下该层保存的张量，按 token 计：含 fp32 softmax 及其 16 位副本（6·a·s）、每个归一化层输入的 fp32 副本、复制到每个注意力头的 K/V")
		case sizing.RecomputeSelective:
			coef = chat.T(lang, "the tensors the layer saves, per token", "该层保存的张量，按 token 计")
		case sizing.RecomputeFull:
			coef = chat.T(lang, "only the layer input, 2·s·b·h", "只保留层输入，2·s·b·h")
		}
		tp := ""
		if l.TensorParallel > 1 {
			tp = chat.T(lang, ", ÷ TP ", "，÷ 张量并行 ") + strconv.Itoa(l.TensorParallel)
		}
		add("activations", "激活", b.ActivationsGB, sprintf(chat.T(lang,
			"%d layers × %s (%s) + %s fp32 logits (4·s·b·v); s %d, b %d, h %d, a %d, v %d, %s%s",
			"%d 层 × %s（%s）+ %s fp32 logits（4·s·b·v）；s %d，b %d，h %d，a %d，v %d，%s%s"),
			m.Layers, size(res.LayerActivationsGB), coef, size(res.OutputActivationsGB), r.Seq, r.Batch, m.Hidden, m.Heads, m.Vocab, recomputeShown(lang, r.Recompute), tp))
	} else {
		div := ""
		if res.KVShards > 1 {
			div = " ÷ " + strconv.Itoa(res.KVShards)
		}
		if l.PipelineParallel > 1 {
			div += sprintf(chat.T(lang, " (the heaviest stage's %d of %d layers)", "（最重流水线段的 %d/%d 层）"), res.StageLayers, m.Layers)
		}
		if m.SlidingLayers > 0 {
			div += sprintf(chat.T(lang, "; of those, the %d sliding-window layers (window %s) keep %s tokens each instead (vLLM's reserve: min(window − 1 + %s, seq) in 16-token blocks, + one block)",
				"；其中 %d 个滑动窗口层（窗口 %s）各只保留 %s token（vLLM 的预留：min(窗口 − 1 + %s, 序列长度) 按 16 token 的块取整，再加一块）"),
				m.SlidingLayers, num(float64(m.SlidingWindow)), num(float64(sizing.SlidingKVTokens(m.SlidingWindow, r.Seq, res.Batch.Tokens))), num(float64(res.Batch.Tokens)))
		}
		if m.MLA() {
			add("KV cache", "KV 缓存", b.KVCacheGB, sprintf(chat.T(lang,
				"%d layers × (%d latent + %d rope) × %d tokens × %d seq × %s (MLA, a full copy on every card)%s",
				"%d 层 × (%d 潜向量 + %d rope) × %d token × %d 条 × %s（MLA，每张卡一份完整副本）%s"),
				res.StageLayers, m.KVLoRARank, m.QKRopeDim, r.Seq, r.Batch, kvBytes(lang, r), div))
		} else {
			add("KV cache", "KV 缓存", b.KVCacheGB, sprintf(chat.T(lang,
				"2 × %d layers × %d KV heads × %d × %d tokens × %d seq × %s%s",
				"2 × %d 层 × %d 个 KV 头 × %d × %d token × %d 条 × %s%s"),
				res.StageLayers, m.KVHeads, m.HeadDim, r.Seq, r.Batch, kvBytes(lang, r), div))
		}
	}
	if r.Mode.Training() {
		add("overhead", "运行时开销", b.OverheadGB, chat.T(lang, "fixed reserve: CUDA context, cuBLAS/NCCL workspaces", "固定预留：CUDA 上下文、cuBLAS/NCCL 工作区"))
	} else if e, ok := sizing.EngineByID(res.Engine); ok {
		add("overhead", "运行时开销", b.OverheadGB, engineReserveRule(lang, &e, r, res))
	} else {
		add("overhead", "运行时开销", b.OverheadGB, sprintf(chat.T(lang,
			"1 GB reserve (CUDA context, workspaces) + %s serving peak (the larger of one %s-token prefill chunk and %d sequences' logits)",
			"1 GB 预留（CUDA 上下文、工作区）+ %s 推理激活峰值（%s token 的 prefill 分块与 %d 条序列的 logits 中较大者）"),
			size(res.ServingPeakGB), num(float64(res.Batch.Tokens)), res.Batch.Seqs))
	}
	mem, lim := gb(o.GPU.CapacityGB()), gb(r.Utilization*o.GPU.CapacityGB())
	mib := num(float64(o.GPU.MemoryMiB))
	use, limit := pct(o.Utilization), pct(r.Utilization)
	var rule string
	if lang == chat.ZH {
		rule = "占 " + mem + " GB（" + mib + " MiB）的 " + use + "；上限 " + limit + " = " + lim + " GB"
	} else {
		rule = use + " of " + mem + " GB (" + mib + " MiB); limit " + limit + " = " + lim + " GB"
	}
	row(chat.T(lang, "per card", "每卡合计"), gb(b.PerCardGB), rule)
	return t
}

func optimizerName(lang chat.Lang, r sizing.Request) string {
	names := optimizerNames.Get()[r.Mode == sizing.ModeQLoRA]
	n, ok := names[r.Optimizer]
	if !ok {
		n = names[sizing.AdamW]
	}
	return chat.T(lang, n[0], n[1])
}

// optimizerNames say what each optimizer keeps, for QLoRA (true: bf16
// adapters, paged moments) and for full training and LoRA (false).
var optimizerNames = advisor.Lazy[map[bool]map[sizing.Optimizer][2]string]{New: func() map[bool]map[sizing.Optimizer][2]string {
	return map[bool]map[sizing.Optimizer][2]string{
		true: {
			sizing.AdamW:    {"paged 32-bit AdamW as QLoRA trains: two fp32 moments; adapters stay bf16, no fp32 copy", "QLoRA 所用的分页 32 位 AdamW：两个 fp32 动量；适配器保持 bf16，无 fp32 副本"},
			sizing.Adam8bit: {"paged 8-bit Adam: two 8-bit moments; adapters stay bf16, no fp32 copy", "分页 8 位 Adam：两个 8 位动量；适配器保持 bf16，无 fp32 副本"},
			sizing.SGD:      {"SGD: fp32 momentum; adapters stay bf16", "SGD：fp32 动量；适配器保持 bf16"},
		},
		false: {
			sizing.AdamW:    {"AdamW: fp32 master + momentum + variance", "AdamW：fp32 主权重 + 一阶 + 二阶动量"},
			sizing.Adam8bit: {"8-bit Adam: fp32 master 4 B + two 8-bit moments, bitsandbytes", "8 位 Adam：fp32 主权重 4 B + 两个 8 位动量，bitsandbytes"},
			sizing.SGD:      {"SGD: fp32 master + momentum", "SGD：fp32 主权重 + 动量"},
		},
	}
}}

// size formats gigabytes, switching to MB or KB below one: 2.49 GB, 41.94 MB, 57.34 KB.
// engineReserveRule is the overhead row's rule when a serving engine release
// sizes the reserve: each part it adds, named, with its numbers.
func engineReserveRule(lang chat.Lang, e *sizing.Engine, r sizing.Request, res sizing.Result) string {
	m := r.Model
	peak := sprintf(chat.T(lang, "%s sampler warm-up (%s sequences × %s vocabulary × %s B)", "%s 采样器预热（%s 条序列 × %s 词表 × %s B）"),
		size(res.SamplerWarmupGB), num(float64(e.MaxNumSeqs)), num(float64(m.Vocab)), num(e.SamplerBytes))
	if res.ServingPeakGB > res.SamplerWarmupGB {
		peak = sprintf(chat.T(lang, "%s serving peak (one %s-token prefill chunk, more than the sampler warm-up)", "%s 推理激活峰值（%s token 的 prefill 分块，大于采样器预热）"),
			size(res.ServingPeakGB), num(float64(res.Batch.Tokens)))
	}
	s := sprintf(chat.T(lang, "%s: 1 GB reserve (CUDA context, workspaces) + %s", "%s：1 GB 预留（CUDA 上下文、工作区）+ %s"), e.Name, peak)
	if res.NVLSGB > 0 {
		s += sprintf(chat.T(lang, " + %s NCCL NVLS buffers (tensor parallel %d over NVSwitch)", " + %s NCCL NVLS 缓冲（NVSwitch 上张量并行 %d）"),
			size(res.NVLSGB), res.Layout.TensorParallel)
	}
	if res.RoPETableGB > 0 {
		s += sprintf(chat.T(lang, " + %s RoPE table (%s positions × %d × 2 B)", " + %s RoPE 表（%s 个位置 × %d × 2 B）"),
			size(res.RoPETableGB), num(float64(m.Context)), ropeDim(m))
	}
	if res.BlockTableGB > 0 {
		s += sprintf(chat.T(lang, " + %s block table (%s sequences × %s tokens ÷ 16 × 4 B)", " + %s KV 块表（%s 条序列 × %s token ÷ 16 × 4 B）"),
			size(res.BlockTableGB), num(float64(e.MaxNumSeqs)), num(float64(r.Seq)))
	}
	return s
}

// ropeDim is the rotary dimensions of m's RoPE table (sizing.RoPETableBytes).
func ropeDim(m catalog.Model) int {
	if m.MLA() {
		return m.QKRopeDim
	}
	return m.HeadDim
}

func size(v float64) string {
	switch {
	case v >= 1:
		return numWith("", v, " GB")
	case v >= 1e-3:
		return numWith("", v*1e3, " MB")
	}
	return numWith("", v*1e6, " KB")
}

// kvBytes is the KV cache's bytes per value as the memory table writes it:
// "2 B", or "1 B (fp8 KV cache)".
func kvBytes(lang chat.Lang, r sizing.Request) string {
	if r.KVPrecision == sizing.FP8 {
		return chat.T(lang, "1 B (fp8 KV cache)", "1 B（fp8 KV 缓存）")
	}
	return "2 B"
}
