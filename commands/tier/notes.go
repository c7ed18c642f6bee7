package tier

import (
	"math"
	"strconv"
	"strings"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
)

// alternatives renders the advisor's alternatives as JSON rows and table rows.
func alternatives(lang chat.Lang, adv sizing.Advice) ([]altData, [][]string) {
	out := make([]altData, 0, len(adv.Alternatives))
	rows := make([][]string, 0, len(adv.Alternatives))
	for _, a := range adv.Alternatives {
		o := a.Option
		label, note := altText(lang, a)
		if a.Request.Recompute != adv.Request.Recompute && a.Kind != sizing.AltRecompute {
			note += chat.T(lang, "; with ", "；") + recomputeShown(lang, a.Request.Recompute)
		}
		out = append(out, altData{
			Kind: a.Kind, GPU: o.GPU.ID, Cards: o.Cards(), PerCardGB: round4(o.Result.Memory.PerCardGB),
			UtilizationPct: round4(100 * o.Utilization), NeedsNVLink: o.NeedsNVLink, NeedsIB: o.NeedsInfiniBand,
			Layout: o.Result.Layout, Mode: a.Request.Mode, Precision: a.Request.Precision, Recompute: a.Request.Recompute, Note: note,
			Interconnect: sizing.InterconnectOf(a.Request.Mode, o),
		})
		where := strconv.Itoa(o.Cards()) + "× " + o.GPU.ID
		if o.Cards() > 1 {
			where += chat.T(lang, " (", "（") + layoutName(lang, a.Request, o.Result.Layout) + chat.T(lang, ")", "）")
		}
		rows = append(rows, []string{label, where,
			gb(o.Result.Memory.PerCardGB) + " GB", pct(o.Utilization), note})
	}
	return out, rows
}

func altText(lang chat.Lang, a sizing.Alternative) (label, note string) {
	o := a.Option
	free := pct(1 - o.Utilization)
	switch a.Kind {
	case sizing.AltCheaper:
		if o.Utilization > a.Request.Utilization {
			return chat.T(lang, "cheaper, tighter", "更便宜但更紧"), sprintf(chat.T(lang,
				"uses %s of each card: over the %s limit, no room for spikes or fragmentation",
				"每卡占用 %s：超过 %s 上限，没有余量应对峰值和碎片"), pct(o.Utilization), pct(a.Request.Utilization))
		}
		if r := a.Request; !r.Mode.Training() && !sizing.HasHeadroom(&r, &o.Result, o.GPU.CapacityGB()) {
			free := r.Utilization*o.GPU.CapacityGB() - o.Result.Memory.PerCardGB
			return chat.T(lang, "cheaper, tight", "更便宜但很紧"), sprintf(chat.T(lang,
				"fits the %s limit but leaves only %s GB per card: under %s of the usable memory and under one more sequence's KV cache at this context, so no room to work",
				"在 %s 上限内，但每卡只剩 %s GB：不到可用显存的 %s，也放不下同样上下文的第二条序列，没有工作余量"),
				pct(r.Utilization), gb(free), pct(sizing.HeadroomShare))
		}
		return chat.T(lang, "cheaper", "更便宜"), sprintf(chat.T(lang, "fits within %s on a cheaper option", "在更便宜的方案上也能控制在 %s 以内"), pct(a.Request.Utilization))
	case sizing.AltSafer:
		return chat.T(lang, "safer", "更稳妥"), sprintf(chat.T(lang, "leaves %s of each card free for longer inputs and spikes", "每卡留出 %s 余量，应对更长输入和峰值"), free)
	case sizing.AltMoreCards:
		return chat.T(lang, "what fits", "可行方案"), chat.T(lang, "the nearest option that fits within the limits", "在限制内放得下的最近方案")
	case sizing.AltLoRA:
		return chat.T(lang, "LoRA instead of full", "改用 LoRA"), sprintf(chat.T(lang,
			"freezes the base and trains r=%d adapters (%s parameters): often enough for fine-tuning",
			"冻结底座，只训练秩 %d 的适配器（%s 参数）：微调通常足够"), a.Request.Rank, count(o.Result.TrainableParams))
	case sizing.AltQLoRA:
		return chat.T(lang, "QLoRA instead of LoRA", "改用 QLoRA"), chat.T(lang,
			"4-bit NF4 base (Dettmers et al. 2023): a quarter of the base memory, somewhat slower steps",
			"4 位 NF4 底座（Dettmers 等，2023）：底座显存约为四分之一，训练步略慢")
	case sizing.AltInt4:
		return chat.T(lang, "int4 weights", "int4 量化"), chat.T(lang,
			"AWQ/GPTQ int4 weights: about a quarter of the memory; check quality on your own task",
			"AWQ/GPTQ int4 权重：显存约为四分之一；需在自己的任务上验证效果")
	case sizing.AltRecompute:
		return chat.T(lang, "with recompute=full", "开启全部重计算"), chat.T(lang,
			"keeps only each layer's input and recomputes it in the backward pass: about a third more compute, much less memory",
			"只保留每层输入，反向时重算：计算量约多三分之一，显存省得多")
	}
	return a.Kind, ""
}

// rules are the lines that explain the choice, each with its numbers.
func rules(lang chat.Lang, adv sizing.Advice, ch *selection) []string {
	r, p := adv.Request, adv.Pick
	g := gpuOf(p)
	out := make([]string, 0, 8)
	if p.Cards() > 0 {
		out = append(out, sprintf(chat.T(lang,
			"Fits: %s GB per card ≤ utilization %s × %s GB = %s GB (the card's %s MiB as nvidia-smi reports it; utilization %s is vLLM's gpu_memory_utilization default, set it with utilization=).",
			"放得下的标准：每卡 %s GB ≤ 利用率 %s × %s GB = %s GB（nvidia-smi 报告的 %s MiB；利用率 %s 即 vLLM 的 gpu_memory_utilization 默认值，可用 利用率= 调整）。"),
			gb(p.Result.Memory.PerCardGB), pct(r.Utilization), gb(g.CapacityGB()), gb(r.Utilization*g.CapacityGB()), num(float64(g.MemoryMiB)), pct(sizing.DefaultUtilization)))
	}
	out = append(out, ch.rule(lang, adv), ch.marketLine(lang))
	if p.Cards() > 0 && ch.source == pricebook.None && adv.Request.GPU == "" {
		if strings.HasPrefix(g.TierSource, "Chengdu market guide") {
			out = append(out, sprintf(chat.T(lang, "%s is %s in the Chengdu market guide's price tiers (2025).", "%s 属于%s（成都市场价格档位，2025）。"), g.ID, tierName(lang, g.Tier)))
		} else {
			out = append(out, sprintf(chat.T(lang,
				"%s is %s by the advisor's rule (the market guides do not name it): PCIe-only cards are entry, NVLink Ampere and China-market parts mid, Hopper and Blackwell NVLink parts flagship.",
				"%s 归为%s，依据顾问的规则（市场指南未提及）：仅 PCIe 的卡为入门级，带 NVLink 的 Ampere 及中国特供卡为进阶级，Hopper、Blackwell NVLink 卡为旗舰级。"), g.ID, tierName(lang, g.Tier)))
		}
	}
	out = append(out, chat.T(lang,
		"A model split over cards (tensor or pipeline parallel, ZeRO-3) runs at full speed over NVLink; an NVLink bridge joins two cards only; a split on PCIe-only cards (or past a bridged pair) fits when memory fits and runs over PCIe inside one node, at a stated efficiency (75% of the speed for serving, 50% for training). Past one 8-card node, InfiniBand or RoCE is needed (90%). At equal money NVLink wins.",
		"模型切分到多张卡（张量并行、流水线并行、ZeRO-3）时，NVLink 下全速运行；NVLink 桥只连两张卡；仅 PCIe 的卡（或超过一对桥接卡）在显存够用时也能切分，在一台服务器内走 PCIe，按给定效率折算（推理为 75% 的速度，训练为 50%）。超过一台 8 卡服务器需要 InfiniBand 或 RoCE（90%）。同价时选 NVLink。"))
	if r.Mode.Training() {
		out = append(out, sprintf(chat.T(lang,
			"Training picks need at least %d dense BF16 TFLOPS (half an A100): below that a run takes over twice as long, eating the lower price; A10, L20 and H20 are left to serving. Ascend 910B is used only when named (gpu=910b).",
			"训练至少需要 %d 稠密 BF16 TFLOPS（A100 的一半）：低于此，训练时间翻倍以上，抵消低价；A10、L20、H20 留给推理。昇腾 910B 仅在指定时使用（显卡=910b）。"), sizing.MinTrainTFLOPS))
	}
	if f := adv.Infer; f != nil && p.Cards() > 0 {
		l := p.Result.Layout
		bw := num(g.BandwidthGBs) + chat.T(lang, " GB/s of one card", " GB/s（单卡）")
		if l.TensorParallel > 1 {
			bw = sprintf(chat.T(lang, "%s GB/s (%d cards in tensor parallel × %s GB/s)", "%s GB/s（张量并行 %d 卡 × %s GB/s）"),
				num(f.BandwidthGBs), l.TensorParallel, num(g.BandwidthGBs))
		}
		kvSeq := sizing.KVRead(r.Model, r.Seq, 1) * r.KVFactor() / sizing.GB // what a step reads of one sequence's KV cache at seq, whole model
		kvPart := numWith(chat.T(lang, "this sequence's KV cache ", "本序列 KV 缓存 "), kvSeq, " GB")
		if r.Batch > 1 {
			kvPart = sprintf(chat.T(lang, "%d sequences × %s GB of KV cache", "%d 条序列 × 每条 KV 缓存 %s GB"), r.Batch, gb(kvSeq))
		}
		if f.KVReplicas > 1 && r.Model.MLA() {
			kvPart += sprintf(chat.T(lang, " × %s: MLA's one latent is held and read on each of the %d cards",
				" × %[1]s：MLA 的潜向量在 %[2]d 张卡上各存一份、各读一遍"), num(f.KVReplicas), p.Result.Layout.TensorParallel)
		} else if f.KVReplicas > 1 {
			kvPart += sprintf(chat.T(lang, " × %s: each of the %d KV heads is held on %s of the %d cards",
				" × %[1]s：%[2]d 个 KV 头各自存放在 %[4]d 张卡中的 %[3]s 张上"), num(f.KVReplicas), r.Model.KVHeads, num(f.KVReplicas), p.Result.Layout.TensorParallel)
		}
		read := chat.T(lang, "weights without the input embedding ", "不含输入嵌入矩阵的权重 ")
		if m := r.Model; m.MoE() {
			k, e := float64(m.ExpertsActive), float64(m.Experts)
			touched := e * (1 - math.Pow(1-k/e, float64(r.Batch)))
			read = sprintf(chat.T(lang, "weights without the input embedding, of the routed experts only the %s of %d per layer that %d sequences pick ",
				"不含输入嵌入矩阵的权重，路由专家只算 %[3]d 条序列每层选中的 %[1]s 个（共 %[2]d 个）"), num(touched), m.Experts, r.Batch)
		}
		wRead := f.BytesPerTokenGB - kvSeq*float64(r.Batch)*f.KVReplicas
		out = append(out, sprintf(chat.T(lang,
			"Decode speed ≤ %s ÷ %s GB per decode step (%s%s GB + %s) = %s tokens/s per sequence. Every step reads those weights once and the KV cache of every sequence, and yields one token per sequence; compute, communication and kernels make real speed lower: an upper bound.",
			"解码速度 ≤ %s ÷ 每步解码 %s GB（%s %s GB + %s）= 每条序列 %s token/s。每一步都要读一遍这些权重和所有序列的 KV 缓存，每条序列得到一个 token；计算、通信和算子效率会让实际更慢：这是上限。"),
			bw, gb(f.BytesPerTokenGB), read, gb(wRead), kvPart, num(f.DecodeTokensPerSec)))
		kvTok := p.Result.KVPerTokenCardGB * float64(r.Batch)
		// an engine release's block table grows with the context: the longest
		// context pays it per token, out of the reserve without it
		reserve := p.Result.Memory.OverheadGB - p.Result.BlockTableGB
		perTok := size(kvTok) + chat.T(lang, " of KV", "")
		if lang == chat.ZH {
			perTok = "KV " + size(kvTok)
		}
		if e, ok := sizing.EngineByID(p.Result.Engine); ok && e.BlockTable {
			perTok = sprintf(chat.T(lang, "(%s of KV + %s B of block table)", "（KV %s + KV 块表 %s B）"), size(kvTok), num(e.BlockTableBytes(sizing.KVBlockTokens)/sizing.KVBlockTokens))
		}
		var line string
		if sr := f.SlidingReserveCardGB; sr > 0 {
			m := r.Model
			line = sprintf(chat.T(lang,
				"Longest context: (%s × %s GB − %s GB reserve − %s GB of weights − %s GB that the %d sliding-window layers keep (%s tokens each: window %s − 1 + one %s-token prefill chunk, in 16-token blocks, + one block, as vLLM reserves)) ÷ %s per token on each card in the other %d layers (batch %d) = %s tokens",
				"最长上下文：(%s × %s GB − 预留 %s GB − 权重 %s GB − %[5]s GB（%[6]d 个滑动窗口层各保留 %[7]s token：窗口 %[8]s − 1 + 一个 %[9]s token 的预填充块，按 16 token 的块取整再加一块，与 vLLM 的预留相同）) ÷ 其余 %[11]d 层每卡每 token %[10]s（批量 %[12]d）= %[13]s token"),
				pct(r.Utilization), gb(g.CapacityGB()), gb(reserve), gb(p.Result.Memory.WeightsGB), gb(sr), m.SlidingLayers,
				num(float64(sizing.SlidingKVTokens(m.SlidingWindow, p.Result.Batch.Tokens+m.SlidingWindow, p.Result.Batch.Tokens))), num(float64(m.SlidingWindow)), num(float64(p.Result.Batch.Tokens)),
				perTok, m.Layers-m.SlidingLayers, r.Batch, num(float64(f.MemoryContext)))
			if m.SlidingLayers == m.Layers {
				line = sprintf(chat.T(lang,
					"Longest context: every layer keeps at most its %s-token window (%s GB on each card at batch %d, as vLLM reserves it), so memory does not limit the context",
					"最长上下文：每一层最多保留 %[1]s token 的窗口（批量 %[3]d 时每卡 %[2]s GB，与 vLLM 的预留相同），显存不限制上下文长度"),
					num(float64(m.SlidingWindow)), gb(sr), r.Batch)
			}
		} else {
			line = sprintf(chat.T(lang,
				"Longest context: (%s × %s GB − %s GB reserve − %s GB of weights) ÷ %s per token on each card (batch %d) = %s tokens",
				"最长上下文：(%s × %s GB − 预留 %s GB − 权重 %s GB) ÷ 每卡每 token %s（批量 %d）= %s token"),
				pct(r.Utilization), gb(g.CapacityGB()), gb(reserve), gb(p.Result.Memory.WeightsGB), perTok, r.Batch, num(float64(f.MemoryContext)))
		}
		if r.Model.ChunkedLayers > 0 {
			line += sprintf(chat.T(lang, " (the %d chunked-attention layers are counted in full: vLLM allocates them so by default)", "（%d 个分块注意力层按全长计算：vLLM 默认如此分配）"), r.Model.ChunkedLayers)
		}
		if f.MaxContext < f.MemoryContext && f.MemoryContext >= sizing.NoMemoryLimit {
			line += sprintf(chat.T(lang, "; the model's limit, %s tokens, decides.", "；由模型上限 %s token 决定。"), num(float64(f.MaxContext)))
		} else if f.MaxContext < f.MemoryContext {
			line += sprintf(chat.T(lang, ", capped at the model's limit of %s tokens.", "，受模型上限所限为 %s token。"), num(float64(f.MaxContext)))
		} else {
			line += chat.T(lang, ".", "。")
		}
		out = append(out, line)
	}
	return out
}

// assumptions lists the defaults used and the figures the estimate rests on.
func assumptions(lang chat.Lang, q query, adv sizing.Advice) []string {
	r := adv.Request
	m := r.Model
	out := make([]string, 0, 10)
	defs := make([]string, 0, 6)
	if !q.given["mode"] {
		defs = append(defs, "mode="+chat.T(lang, "full", "全参"))
	}
	if !q.given["seq"] {
		defs = append(defs, "seq=4096")
	}
	if !q.given["batch"] {
		defs = append(defs, "batch="+strconv.Itoa(max(r.Batch, 1))) // the batch used: 32 concurrent sequences for a daily volume
	}
	if r.Mode.Training() {
		if !q.given["optimizer"] {
			defs = append(defs, "optimizer=adamw")
		}
		if !q.given["zero"] && adv.Pick.Result.Layout.DataParallel > 1 {
			defs = append(defs, chat.T(lang, "zero: the lowest stage that fits (ZeRO-", "ZeRO 阶段：放得下的最低阶段（ZeRO-")+strconv.Itoa(adv.Pick.Result.Layout.Zero)+chat.T(lang, ")", "）"))
		}
		if (r.Mode == sizing.ModeLoRA || r.Mode == sizing.ModeQLoRA) && !q.given["r"] {
			defs = append(defs, "r=16")
		}
	} else if !q.given["precision"] && q.quantPrecision == "" && m.Stored == "" {
		defs = append(defs, "precision=bf16")
	}
	if !q.given["utilization"] {
		defs = append(defs, "utilization=0.9")
	}
	if len(defs) > 0 {
		for i, d := range defs { // a Chinese reply names each key in Chinese: 批量=32
			if k, v, ok := strings.Cut(d, "="); ok && lang == chat.ZH {
				if key, found := tierKey(k); found {
					defs[i] = chat.HanWord(k, key.Aliases) + "=" + v
				}
			}
		}
		out = append(out, chat.T(lang, "Defaults used: ", "使用的默认值：")+strings.Join(defs, chat.T(lang, ", ", "，")))
	}
	if r.Mode.Training() && !q.given["recompute"] {
		if r.Mode == sizing.ModeFull {
			out = append(out, chat.T(lang,
				"recompute=selective by default: FlashAttention never stores the attention scores, which is exactly what selective recomputation drops (Korthikanti et al. 2022).",
				"默认 重计算=选择性：FlashAttention 本就不保存注意力分数，正是选择性重计算省掉的部分（Korthikanti 等，2022）。"))
		} else {
			out = append(out, chat.T(lang,
				"recompute=full by default: gradient checkpointing, as the QLoRA recipes and common fine-tuning tools turn on; set recompute=selective or none to trade memory for speed.",
				"默认 重计算=全部：即梯度检查点，QLoRA 方案和常用微调工具默认开启；可设 重计算=选择性 或 重计算=无，用显存换速度。"))
		}
	}
	if m.ID != "" {
		out = append(out, sprintf(chat.T(lang, "%s's shape is from its config.json: %s", "%s 的结构取自其 config.json：%s"), m.Name, m.Source))
	} else if len(q.derived) == 0 {
		out = append(out, sprintf(chat.T(lang,
			"%s: the shape as given (layers, hidden, heads, kv_heads, ffn, vocab); head size = hidden ÷ heads, gated (SwiGLU) MLP.",
			"%s：结构按给出的值（层数、隐藏维度、头数、kv头、前馈、词表）；头维度 = 隐藏维度 ÷ 头数，门控（SwiGLU）MLP。"), modelName(m)))
	} else {
		out = append(out, sprintf(chat.T(lang,
			"%s: derived %s by Llama-2 proportions (12·h² parameters per layer, hidden = 128 × layers, head size 128, kv_heads = heads: the largest KV cache, ffn = 8h/3 rounded up to 256, vocabulary 32,000).",
			"%s：按 Llama-2 的比例推算了 %s（每层 12·h² 参数，隐藏维度 = 128 × 层数，头维度 128，kv头 = 头数：KV 缓存最大的情形，前馈维度 = 8h/3 向上取整到 256，词表 32,000）。"),
			modelName(m), derivedNames(lang, q.derived)))
	}
	if r.Mode == sizing.ModeInfer && !q.given["precision"] && q.quantPrecision == "" && m.Stored != "" {
		out = append(out, sprintf(chat.T(lang, "precision=%s: the published checkpoint is stored that way, so it is served that way; set precision= to override.",
			"精度=%s：官方发布的权重就是这种格式，按此部署；如需改动请写 精度=。"), r.Precision))
	}
	if r.Mode == sizing.ModeInfer && !q.given["precision"] && q.quantPrecision != "" {
		out = append(out, sprintf(chat.T(lang, "precision=%s from the model name (%s): a quantized checkpoint; set precision= to override.",
			"精度=%s 取自模型名（%s）：这是量化后的权重；如需改动请写 精度=。"), q.quantPrecision, q.quantWords))
	}
	for _, a := range q.modelAssumed {
		out = append(out, sprintf(chat.T(lang, "The model name has no version: read as %s.", "模型名没有写版本：按 %s 处理。"), a.Value))
	}
	for _, a := range q.gpuAssumed {
		what := map[string][2]string{"memory": {"memory", "显存"}, "form": {"form factor", "形态"}}[a.Field]
		out = append(out, sprintf(chat.T(lang, "gpu= did not say the %s: assumed %s (rented multi-card servers are mostly SXM; the largest memory is taken).",
			"显卡= 没写%s：按 %s 处理（租用的多卡服务器多为 SXM；显存取最大）。"), chat.T(lang, what[0], what[1]), strings.ToUpper(a.Value)))
	}
	switch r.Mode {
	case sizing.ModeFull:
		out = append(out, chat.T(lang,
			"Mixed precision (ZeRO paper, Rajbhandari et al. 2020): 2 B weights + 2 B gradients + optimizer states per parameter; ZeRO-1 shards the optimizer, ZeRO-2 also gradients, ZeRO-3 also weights, over the data-parallel cards.",
			"混合精度（ZeRO 论文，Rajbhandari 等，2020）：每参数 2 B 权重 + 2 B 梯度 + 优化器状态；ZeRO-1 切分优化器状态，ZeRO-2 再切梯度，ZeRO-3 再切权重，在数据并行的卡上切分。"))
	case sizing.ModeLoRA, sizing.ModeQLoRA:
		out = append(out, chat.T(lang,
			"LoRA adapters r·(d_in + d_out) on the q, k, v, o, gate, up and down projections of every layer (of every expert in an MoE model).",
			"LoRA 适配器加在每层的 q、k、v、o、gate、up、down 投影上（MoE 模型的每个专家都加），每个 r·(d_in + d_out) 参数。"))
		if r.Mode == sizing.ModeQLoRA {
			out = append(out, chat.T(lang,
				"QLoRA (Dettmers et al. 2023): NF4 base with double quantization, 4.127 bits per parameter, embeddings and the output layer 16-bit; adapters and their gradients in bf16 and only the optimizer moments in 32-bit, paged to CPU memory under pressure (2 + 2 + 8 = 12 bytes per adapter parameter with paged AdamW).",
				"QLoRA（Dettmers 等，2023）：NF4 底座 + 双重量化，每参数 4.127 bit，嵌入层和输出层 16 位；适配器及其梯度为 bf16，只有优化器动量为 32 位，显存紧张时分页到 CPU 内存（paged AdamW 每个适配器参数 2 + 2 + 8 = 12 字节）。"))
		} else {
			out = append(out, chat.T(lang, "LoRA adapters train with full mixed-precision optimizer states (fp32 master copy).", "LoRA 适配器按完整混合精度优化器状态训练（含 fp32 主权重）。"))
		}
	default:
		kv := chat.T(lang, "KV cache in 16-bit (kv_precision=fp8 halves it, as vLLM's --kv-cache-dtype fp8)", "KV 缓存按 16 位计（KV缓存精度=fp8 可减半，即 vLLM 的 --kv-cache-dtype fp8）")
		if r.KVPrecision == sizing.FP8 {
			kv = chat.T(lang, "KV cache in fp8, 1 byte per value (kv_precision=fp8, vLLM's --kv-cache-dtype fp8): half the 16-bit cache; check quality on long contexts", "KV 缓存为 fp8，每个值 1 字节（KV缓存精度=fp8，即 vLLM 的 --kv-cache-dtype fp8）：16 位缓存的一半；长上下文请验证效果")
		}
		out = append(out, kv+chat.T(lang,
			"; quantized weights (fp8/int8 1 B, int4 4.16 bits with a 16-bit scale and a 4-bit zero point per 128, mxfp4 4.25 bits on the experts only) keep embeddings and the output layer in 16-bit.",
			"；量化权重（fp8/int8 每参数 1 B，int4 每参数 4.16 bit，每 128 个权重一个 16 位缩放和一个 4 位零点，mxfp4 只量化专家、每参数 4.25 bit）的嵌入层和输出层保持 16 位。"))
		if m.MoE() {
			out = append(out, chat.T(lang,
				"MoE: every expert stays in memory (total parameters), split over the cards by expert parallelism; compute and the decode bound follow the experts each token uses.",
				"MoE：所有专家都常驻显存（按总参数计），通过专家并行分布到各卡；计算量和解码上限按每个 token 用到的专家计。"))
		}
		if m.MLA() {
			out = append(out, chat.T(lang,
				"MLA (DeepSeek-V2/V3 reports): the KV cache holds one compressed latent per token per layer, kv_lora_rank + qk_rope_head_dim values, and each tensor-parallel card keeps a full copy of it.",
				"MLA（DeepSeek-V2/V3 技术报告）：KV 缓存每层每个 token 只存一个压缩潜向量，kv_lora_rank + qk_rope_head_dim 个值，张量并行的每张卡各存一份完整副本。"))
		}
	}
	if r.Mode.Training() {
		out = append(out, chat.T(lang,
			"Runtime reserve per card: 1 GB (CUDA context, cuBLAS/NCCL workspaces); the rest of the limit is headroom for fragmentation and spikes. GB = 10^9 bytes; capacity is what nvidia-smi reports (an 80 GB A100 has 81,920 MiB = 85.9 GB).",
			"每卡运行时预留：1 GB（CUDA 上下文、cuBLAS/NCCL 工作区）；上限以外的部分留给碎片和峰值。GB = 10^9 字节；容量按 nvidia-smi 报告的值（80 GB 的 A100 为 81,920 MiB = 85.9 GB）。"))
	} else if res := adv.Pick.Result; res.Engine != "" {
		e, _ := sizing.EngineByID(res.Engine)
		out = append(out, engineReserveNote(lang, &e, r, res, adv.Pick.GPU.Name))
	} else {
		out = append(out, sprintf(chat.T(lang,
			"Runtime reserve per card: 1 GB (CUDA context, cuBLAS/NCCL workspaces) + %s GB activation peak of the serving engine's profiling pass (the larger of one %s-token prefill chunk and the sampler's logits for %d sequences: vLLM's defaults on this card), as vLLM measures before sizing its KV cache. GB = 10^9 bytes; capacity is what nvidia-smi reports (an 80 GB A100 has 81,920 MiB = 85.9 GB).",
			"每卡运行时预留：1 GB（CUDA 上下文、cuBLAS/NCCL 工作区）+ 推理引擎预分析时的激活峰值 %s GB（一个 %s token 的 prefill 分块与 %d 条序列的采样 logits 中较大者：vLLM 在这种卡上的默认值），与 vLLM 分配 KV 缓存前的测量方式一致。GB = 10^9 字节；容量按 nvidia-smi 报告的值（80 GB 的 A100 为 81,920 MiB = 85.9 GB）。"),
			gb(adv.Pick.Result.ServingPeakGB), num(float64(adv.Pick.Result.Batch.Tokens)), adv.Pick.Result.Batch.Seqs))
	}
	return out
}

// warnings are what the user must not miss.
func warnings(lang chat.Lang, q query, adv sizing.Advice, ch *selection) []string {
	r, p := adv.Request, adv.Pick
	g := gpuOf(p)
	out := make([]string, 0, 4)
	if r.Model.Approximate {
		out = append(out, sprintf(chat.T(lang,
			"%s has an approximate dense shape: paste its config.json (config=) for an exact answer, which MoE models such as DeepSeek-V3 or Qwen3-30B-A3B need, or use a preset, or give layers=, hidden=, heads=, kv_heads=, ffn= and vocab=.",
			"%s 的结构是按稠密模型近似的：请粘贴其 config.json（配置=）以得到精确结果，DeepSeek-V3、Qwen3-30B-A3B 这类 MoE 模型尤其需要；或用预设模型，或给出 层数=、隐藏维度=、头数=、kv头=、中间层=、词表=。"), modelName(r.Model)))
	}
	if c, cs := r.Model.Context, r.Model.ContextScaled; c > 0 && r.Seq > c {
		switch {
		case cs > c && r.Seq <= cs:
			out = append(out, sprintf(chat.T(lang,
				"seq=%d is past %s's native %s-token context (max_position_embeddings): switch on rope scaling (YaRN, rope_scaling in config.json or the serving engine's flag) as its model card describes, up to %s tokens; quality on short inputs may drop slightly.",
				"序列=%d 超过了 %s 的原生上下文 %s token（config.json 中的 max_position_embeddings）：需要按模型卡说明开启 RoPE 缩放（YaRN：config.json 中的 rope_scaling 字段，或推理引擎的对应参数），最长 %s token；短输入的效果可能略降。"),
				r.Seq, modelName(r.Model), num(float64(c)), num(float64(cs))))
		case cs > c:
			out = append(out, sprintf(chat.T(lang, "seq=%d is longer than %s's %s tokens even with rope scaling.", "序列=%d 超过了 %s 开启 RoPE 缩放后的上限 %s token。"),
				r.Seq, modelName(r.Model), num(float64(cs))))
		default:
			out = append(out, sprintf(chat.T(lang, "seq=%d is longer than %s's %s-token context.", "序列=%d 超过了 %s 的上下文上限 %s token。"),
				r.Seq, modelName(r.Model), num(float64(c))))
		}
	}
	if !adv.Fits {
		hint := chat.T(lang, "try recompute=full, a higher zero stage, more cards (drop cards= or gpu=), or mode=lora / mode=qlora",
			"可尝试：重计算=全部、更高的 ZeRO 阶段（ZeRO阶段=3）、更多卡（去掉 卡数= 或 显卡=），或 模式=微调 / 模式=量化微调")
		if !r.Mode.Training() {
			hint = chat.T(lang, "try precision=int4, a shorter seq, fewer concurrent sequences (batch), or more cards (drop cards= or gpu=)",
				"可尝试：精度=int4、更短的上下文、更少的并发（批量=），或更多卡（去掉 卡数= 或 显卡=）")
		}
		out = append(out, chat.T(lang, "Nothing fits within the limits: ", "在限制内放不下：")+hint+".")
	}
	if p.Cards() == 0 {
		return out
	}
	if r.Mode.Training() && g.BF16TFLOPS < sizing.MinTrainTFLOPS {
		out = append(out, sprintf(chat.T(lang, "%s has %s dense BF16 TFLOPS, under half an A100: it fits, but training will be slow.",
			"%s 只有 %s 稠密 BF16 TFLOPS，不到 A100 的一半：放得下，但训练会很慢。"), g.ID, num(g.BF16TFLOPS)))
	}
	if !g.CUDA {
		out = append(out, sprintf(chat.T(lang, "%s does not run CUDA: PyTorch jobs need CANN / torch_npu (or MindSpore) ports; check your framework and kernels first.",
			"%s 不支持 CUDA：PyTorch 任务需要适配 CANN / torch_npu（或 MindSpore）；请先确认框架和算子支持。"), g.ID))
	}
	if r.Precision == sizing.FP8 && !g.FP8 {
		if g.CUDA {
			out = append(out, sprintf(chat.T(lang,
				"%s has no FP8 tensor cores (Ampere): fp8 weights still take 1 byte each, as shown, but run weight-only (vLLM's FP8 Marlin kernel dequantizes them to 16-bit), so compute stays 16-bit; int8 (W8A16) is the usual choice on this card.",
				"%s 没有 FP8 张量核心（Ampere 架构）：fp8 权重仍按每参数 1 字节计（如上），但只能以仅权重方式运行（vLLM 的 FP8 Marlin 内核反量化到 16 位），计算仍是 16 位；这张卡上通常用 int8（W8A16）。"), g.ID))
		} else {
			out = append(out, sprintf(chat.T(lang,
				"%s has no FP8 tensor cores: serve int8 (W8A8 or W8A16) or bf16 instead; the memory shown assumes 1-byte weights either way.",
				"%s 没有 FP8 张量核心：请改用 int8（W8A8 或 W8A16）或 bf16；上面的显存按每参数 1 字节计，两者相同。"), g.ID))
		}
	}
	if p.Tight && adv.Fits {
		out = append(out, sprintf(chat.T(lang,
			"Tight: each card leaves %s GB free, under %s of the usable memory and under one more sequence at %s tokens; no layout of %s leaves more on %d cards without another node. Serving engines need room to work: give fewer tokens (seq=)%s, or more cards.",
			"很紧：每卡只剩 %s GB，不到可用显存的 %s，也放不下 %s token 的第二条序列；%[4]s 在 %[5]d 张卡内（不增加服务器）没有更宽裕的方案。推理引擎需要工作余量：可缩短上下文（上下文=）%[6]s，或增加卡数。"),
			gb(r.Utilization*g.CapacityGB()-p.Result.Memory.PerCardGB), pct(sizing.HeadroomShare), num(float64(r.Seq)), g.ID, p.Cards(), fp8Hint(lang, r)))
	}
	if ic := sizing.InterconnectOf(r.Mode, p); adv.Fits && ic.Link == sizing.LinkPCIe && ic.Efficiency < 1 {
		out = append(out, sprintf(chat.T(lang,
			"The %d cards talk over PCIe (about 25 GB/s per direction on PCIe 4.0 x16, against 300-450 GB/s on NVLink): it fits, and runs at about %s of the speed NVLink cards would reach (the advisor's stated planning figure), which the job time and tokens/s above already count. With equal money, rent cards that NVLink joins.",
			"%d 张卡之间走 PCIe（PCIe 4.0 x16 单向约 25 GB/s，NVLink 为 300-450 GB/s）：放得下，但速度约为 NVLink 卡的 %s（顾问给定的规划值），上面的任务时长和 token/s 已按此折算。同样的钱，应租有 NVLink 互联的卡。"),
			p.Cards(), pct(ic.Efficiency)))
	}
	if p.NeedsNVLink && g.Link == catalog.LinkNVLinkBridge && p.LinkOK {
		out = append(out, sprintf(chat.T(lang,
			"The split over %d PCIe cards relies on an NVLink bridge between them (%s GB/s): the catalog assumes one, as the datasheet offers it, but many rented PCIe servers have none. Ask the vendor and check that `nvidia-smi topo -m` shows NV# between the pair; without the bridge the cards talk over PCIe and tensor parallelism is throttled: rent SXM cards instead.",
			"%d 张 PCIe 卡之间的切分依赖 NVLink 桥（%s GB/s）：目录按数据手册假定装有 NVLink 桥，但很多租用的 PCIe 服务器没有。请向供应商确认，并用 `nvidia-smi topo -m` 检查两卡之间显示 NV#；没有 NVLink 桥时只能走 PCIe，张量并行会被拖慢：应改租 SXM 卡。"),
			p.Cards(), num(g.LinkGBs)))
	}
	if _, priced := ch.price(g.ID); !priced && adv.Fits && g.Tier == catalog.TierFlagship {
		out = append(out, chat.T(lang, "Flagship cards often need a deposit to book.", "旗舰卡通常需要预付定金预订。"))
	}
	return out
}

// fp8Hint suggests an fp8 KV cache when the cache is 16-bit.
func fp8Hint(lang chat.Lang, r sizing.Request) string {
	if r.KVPrecision == sizing.FP8 {
		return ""
	}
	return chat.T(lang, ", kv_precision=fp8", "、KV缓存精度=fp8")
}

// engineReserveNote explains a serving engine release's start-up reserve: what
// its profiling pass subtracts before it sizes the KV cache, part by part.
func engineReserveNote(lang chat.Lang, e *sizing.Engine, r sizing.Request, res sizing.Result, card string) string {
	m := r.Model
	s := sprintf(chat.T(lang,
		"Runtime reserve per card as %s's `vllm serve` sets it up (the release of the model's published serving figures): before it sizes the KV cache, its profiling pass subtracts 1 GB (CUDA context, cuBLAS) and the sampler warm-up over %s dummy requests (max_num_seqs): the logits of the whole %s-entry vocabulary on every card, %s B per entry at its peak (the bf16 logits, the sampler's fp32 copy, and PyTorch's sort of it for top-k/top-p with its buffers: the pip wheel installs no FlashInfer) = %s GB",
		"每卡运行时预留按 %s 的 vllm serve 启动时的设置计算（该模型公开推理数据所用的版本）：它在分配 KV 缓存前的预分析中扣除 1 GB（CUDA 上下文、cuBLAS），以及对 %s 个虚拟请求（默认最大并发序列数）的采样器预热：每张卡上整个 %s 项词表的 logits，峰值时每项 %s B（bf16 logits、采样器的 fp32 副本、以及 PyTorch 为 top-k/top-p 做的排序及其缓冲：pip 安装不带 FlashInfer）= %s GB"),
		e.Name, num(float64(e.MaxNumSeqs)), num(float64(m.Vocab)), num(e.SamplerBytes), gb(res.SamplerWarmupGB))
	if res.NVLSGB > 0 {
		s += sprintf(chat.T(lang,
			"; NCCL's NVLink SHARP buffers, %s GB per card when tensor parallelism spans more than 2 cards of an %s board (vLLM measured the KV blocks they take on 8x H200)",
			"；NCCL 的 NVLink SHARP 缓冲：张量并行跨 2 张以上 %[2]s 时每卡 %[1]s GB（vLLM 在 8 张 H200 上测过它占掉的 KV 块）"),
			gb(res.NVLSGB), card)
	}
	if res.RoPETableGB > 0 {
		s += sprintf(chat.T(lang,
			"; the RoPE cos/sin table for all %s positions of max_position_embeddings, %s GB on every card",
			"；模型最长位置（max_position_embeddings）全部 %s 个位置的 RoPE cos/sin 表，每卡 %s GB"),
			num(float64(m.Context)), gb(res.RoPETableGB))
	}
	if res.BlockTableGB > 0 {
		s += sprintf(chat.T(lang,
			"; and the KV block table of %s sequences of the whole context, 4 B per 16 tokens each: %s GB at %s tokens, %s B more per token of the longest context",
			"；以及 %[1]s 条序列、整段上下文的 KV 块表，每条每 16 token 占 4 B：%[3]s token 时 %[2]s GB，最长上下文每多一个 token 多 %[4]s B"),
			num(float64(e.MaxNumSeqs)), gb(res.BlockTableGB), num(float64(r.Seq)), num(e.BlockTableBytes(sizing.KVBlockTokens)/sizing.KVBlockTokens))
	}
	return s + chat.T(lang,
		". A later release, or one with FlashInfer installed, reserves less for the sampler, and the longest context is then longer. GB = 10^9 bytes; capacity is what nvidia-smi reports.",
		"。更新的版本或装了 FlashInfer 的环境给采样器预留得更少，最长上下文也就更长。GB = 10^9 字节；容量按 nvidia-smi 报告的值。")
}
