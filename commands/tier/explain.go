package tier

import (
	"fmt"
	"strconv"

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
	}
	add := func(en, zh string, v float64, rule string) {
		if v > 0 {
			t.Rows = append(t.Rows, []string{chat.T(lang, en, zh), gb(v), rule})
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
		add("weights", "权重", b.WeightsGB, chat.T(lang,
			"2 B × "+count(m.Params)+" frozen base + 2 B × "+count(res.TrainableParams)+" adapters",
			"2 B × "+count(m.Params)+" 冻结底座 + 2 B × "+count(res.TrainableParams)+" 适配器")+shard(3))
	case sizing.ModeQLoRA:
		add("weights", "权重", b.WeightsGB, chat.T(lang,
			"4.127 bit × "+count(m.Params-emb)+" NF4 + 2 B × "+count(emb)+" embeddings + 2 B × "+count(res.TrainableParams)+" adapters",
			"4.127 bit × "+count(m.Params-emb)+" NF4 + 2 B × "+count(emb)+" 嵌入层 + 2 B × "+count(res.TrainableParams)+" 适配器")+shard(3))
	default:
		split := ""
		if l.PipelineParallel > 1 {
			one := chat.T(lang, "one embedding matrix", "一个嵌入矩阵")
			if m.TiedEmbeddings {
				one = chat.T(lang, "the tied embedding matrix", "共享的嵌入矩阵")
			}
			split = fmt.Sprintf(chat.T(lang, "; the heaviest pipeline stage holds %d of %d layers and %s",
				"；最重的流水线段有 %d/%d 层和%s"), res.StageLayers, m.Layers, one)
		}
		if l.TensorParallel > 1 && split == "" {
			split = chat.T(lang, " ÷ TP ", " ÷ 张量并行 ") + strconv.Itoa(l.TensorParallel)
		} else if l.TensorParallel > 1 {
			split += chat.T(lang, ", ÷ TP ", "，÷ 张量并行 ") + strconv.Itoa(l.TensorParallel)
		}
		if r.Precision.Quantized() {
			add("weights", "权重", b.WeightsGB, chat.T(lang,
				strconv.FormatFloat(r.Precision.WeightBits(), 'f', -1, 64)+" bit × "+count(m.Params-emb)+" + 2 B × "+count(emb)+" embeddings",
				strconv.FormatFloat(r.Precision.WeightBits(), 'f', -1, 64)+" bit × "+count(m.Params-emb)+" + 2 B × "+count(emb)+" 嵌入层")+split)
		} else {
			add("weights", "权重", b.WeightsGB, "2 B × "+count(m.Params)+split)
		}
	}
	if r.Mode.Training() {
		add("gradients", "梯度", b.GradientsGB, "2 B × "+count(res.TrainableParams)+shard(2))
		add("optimizer", "优化器状态", b.OptimizerGB, num(res.OptimizerBytes)+" B × "+count(res.TrainableParams)+chat.T(lang, " (", "（")+optimizerName(lang, r.Optimizer)+chat.T(lang, ")", "）")+shard(1))
		coef := map[sizing.Recompute]string{sizing.RecomputeNone: "(34 + 5·a·s/h)", sizing.RecomputeSelective: "34", sizing.RecomputeFull: "2"}[r.Recompute]
		tp := ""
		if l.TensorParallel > 1 {
			tp = chat.T(lang, ", ÷ TP ", "，÷ 张量并行 ") + strconv.Itoa(l.TensorParallel)
		}
		add("activations", "激活", b.ActivationsGB, fmt.Sprintf(chat.T(lang,
			"%d layers × %s (s·b·h·%s) + %s fp32 logits (4·s·b·v); s %d, b %d, h %d, a %d, v %d, recompute=%s%s",
			"%d 层 × %s（s·b·h·%s）+ %s fp32 logits（4·s·b·v）；s %d，b %d，h %d，a %d，v %d，重计算=%s%s"),
			m.Layers, size(res.LayerActivationsGB), coef, size(res.OutputActivationsGB), r.Seq, r.Batch, m.Hidden, m.Heads, m.Vocab, r.Recompute, tp))
	} else {
		div := ""
		if res.KVShards > 1 {
			div = " ÷ " + strconv.Itoa(res.KVShards)
		}
		if l.PipelineParallel > 1 {
			div += fmt.Sprintf(chat.T(lang, " (the heaviest stage's %d of %d layers)", "（最重流水线段的 %d/%d 层）"), res.StageLayers, m.Layers)
		}
		add("KV cache", "KV 缓存", b.KVCacheGB, fmt.Sprintf(chat.T(lang,
			"2 × %d layers × %d KV heads × %d × %d tokens × %d seq × 2 B%s",
			"2 × %d 层 × %d 个 KV 头 × %d × %d token × %d 条 × 2 B%s"),
			res.StageLayers, m.KVHeads, m.HeadDim, r.Seq, r.Batch, div))
	}
	parts := b.PerCardGB - b.OverheadGB
	add("overhead", "运行时开销", b.OverheadGB, chat.T(lang,
		"1 GB (CUDA context, workspaces) + 10% × "+gb(parts)+" GB (fragmentation)",
		"1 GB（CUDA 上下文、库工作区）+ 10% × "+gb(parts)+" GB（碎片）"))
	mem, lim := gb(o.GPU.MemoryGB), gb(sizing.MaxUtilization*o.GPU.MemoryGB)
	t.Rows = append(t.Rows, []string{chat.T(lang, "per card", "每卡合计"), gb(b.PerCardGB), chat.T(lang,
		pct(o.Utilization)+" of "+mem+" GB; limit 90% = "+lim+" GB",
		"占 "+mem+" GB 的 "+pct(o.Utilization)+"；上限 90% = "+lim+" GB")})
	return t
}

func optimizerName(lang chat.Lang, o sizing.Optimizer) string {
	switch o {
	case sizing.Adam8bit:
		return chat.T(lang, "8-bit Adam: fp32 master 4 B + two 8-bit moments, bitsandbytes", "8 位 Adam：fp32 主权重 4 B + 两个 8 位动量，bitsandbytes")
	case sizing.SGD:
		return chat.T(lang, "SGD: fp32 master + momentum", "SGD：fp32 主权重 + 动量")
	}
	return chat.T(lang, "AdamW: fp32 master + momentum + variance", "AdamW：fp32 主权重 + 一阶 + 二阶动量")
}

// size formats gigabytes, switching to MB or KB below one: 2.49 GB, 41.94 MB, 57.34 KB.
func size(v float64) string {
	switch {
	case v >= 1:
		return gb(v) + " GB"
	case v >= 1e-3:
		return num(v*1e3) + " MB"
	}
	return num(v*1e6) + " KB"
}
