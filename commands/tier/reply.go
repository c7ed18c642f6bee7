package tier

import (
	"strconv"
	"strings"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
)

// reply builds the platform-neutral answer: title, summary, facts, the memory
// table, alternatives, the rules behind the choice, assumptions and warnings;
// Data carries the JSON contract.
func reply(lang chat.Lang, q query, adv sizing.Advice, ch *selection, jb *job) chat.Reply {
	r, p := adv.Request, adv.Pick
	g := gpuOf(p)
	rep := chat.Reply{Command: "tier", Lang: lang}
	head := modelName(r.Model) + chat.T(lang, ", ", " ") + modeName(lang, r)
	switch {
	case adv.Fits:
		rep.Title = head + chat.T(lang, ": ", "：") + cardsOf(lang, p.Cards(), g)
		rep.Summary = sprintf(chat.T(lang,
			"Rent %s (%s). Each card needs %s GB of its %s GB (%s; the limit is %s). %s",
			"租 %s（%s）。每卡需要 %s GB，占 %s GB 的 %s（上限 %s）。%s"),
			cardsOf(lang, p.Cards(), g), tierName(lang, g.Tier), gb(p.Result.Memory.PerCardGB), gb(g.CapacityGB()), pct(p.Utilization), pct(r.Utilization), linkSentence(lang, r, p))
	case p.Cards() > 0:
		rep.Title = head + chat.T(lang, ": does not fit within the limits", "：在限制内放不下")
		if lang == chat.ZH {
			rep.Summary = sprintf("没有方案能把每卡用量控制在 %s 以内%s。最接近的是 %s，每卡 %s GB（占 %s GB 的 %s）。改法见下方提示。",
				pct(r.Utilization), constraint(lang, r), cardsOf(lang, p.Cards(), g), gb(p.Result.Memory.PerCardGB), gb(g.CapacityGB()), pct(p.Utilization))
		} else {
			rep.Summary = sprintf("Nothing fits within %s of a card%s. The closest is %s at %s GB per card (%s of %s GB). See the warnings for what to change.",
				pct(r.Utilization), constraint(lang, r), cardsOf(lang, p.Cards(), g), gb(p.Result.Memory.PerCardGB), pct(p.Utilization), gb(g.CapacityGB()))
		}
	default:
		rep.Title = head + chat.T(lang, ": no card to consider", "：没有可选的卡")
		rep.Summary = chat.T(lang, "No card in the catalog can run this layout.", "目录中没有能按此方式运行的卡。")
	}
	if q.modelRead != "" {
		rep.Title += sprintf(chat.T(lang, " (read %s as %s)", "（将 %s 识别为 %s）"), q.modelRead, modelName(r.Model))
	}
	if m := ch.summary(lang, adv, jb); m != "" {
		rep.Summary += chat.T(lang, " ", "") + m
	}
	rep.Facts = facts(lang, q, adv, ch)
	if jb != nil && adv.Fits {
		rep.Facts = append(rep.Facts, jb.facts(lang)...)
	}
	rep.Charts = charts(lang, adv)
	if p.Cards() > 0 {
		rep.Tables = append(rep.Tables, memoryTable(lang, r, p))
	}
	if t, ok := ch.priceTable(lang); ok {
		rep.Tables = append(rep.Tables, t)
	}
	alts, altRows := alternatives(lang, adv)
	if len(altRows) > 0 {
		rep.Tables = append(rep.Tables, chat.Table{
			Title:  chat.T(lang, "Alternatives", "备选方案"),
			Header: []string{chat.T(lang, "option", "方案"), chat.T(lang, "cards", "卡"), chat.T(lang, "per card", "每卡"), chat.T(lang, "use", "占用"), chat.T(lang, "why", "说明")},
			Rows:   altRows,
		})
	}
	rules := rules(lang, adv, ch)
	assumptions := assumptions(lang, q, adv)
	warnings := warnings(lang, q, adv, ch)
	if ch.outside != "" {
		warnings = append([]string{sprintf(chat.T(lang, "%s is not commonly rentable in your market (%s): %s You asked for it with gpu=, so it is sized anyway.", "%s 在你所在的市场（%s）一般租不到：%s 你用 显卡= 指定了它，所以仍按它计算。"), g.ID, marketShown(lang, ch.market.Market), ch.outside)}, warnings...)
	}
	rep.Sections = []chat.Section{
		{Title: chat.T(lang, "How this was chosen", "选择依据"), Lines: rules},
		{Title: chat.T(lang, "Assumptions", "假设"), Lines: assumptions},
	}
	next, nextCmd := jb.next(lang, adv, ch)
	if next != "" {
		rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang, "Next", "下一步"), Lines: []string{next}})
	}
	rep.Warnings = warnings
	if adv.Fits {
		rep.Buttons = chat.StandardButtons(lang, "gpu="+g.ID+" cards="+strconv.Itoa(p.Cards()))
		if nextCmd != "" {
			rep.Buttons = append([]chat.Button{{Action: chat.ActionRun, Label: chat.T(lang, "Billing for these hours", "按这些小时算计费"), Value: nextCmd}}, rep.Buttons...)
		}
	}
	ic := sizing.InterconnectOf(r.Mode, p)
	d := data{
		Command: "tier", Fits: adv.Fits, Memory: roundBreakdown(p.Result.Memory),
		GPU: g.ID, GPUName: g.Name, Tier: g.Tier, Cards: p.Cards(), Nodes: p.Nodes(),
		NeedsNVLink: p.NeedsNVLink, NeedsInfiniBand: p.NeedsInfiniBand,
		CapacityGB: round4(g.CapacityGB()), CapacityMiB: g.MemoryMiB, UsablePct: round4(100 * r.Utilization), UtilizationPct: round4(100 * p.Utilization),
		Layout: p.Result.Layout, ZeroAuto: r.Mode.Training() && !q.given["zero"],
		Model: modelInfo(r.Model, q.derived, q.modelRead), Mode: r.Mode, Optimizer: r.Optimizer, Rank: r.Rank, Recompute: r.Recompute,
		Precision: r.Precision, KVPrecision: r.KVPrecision, Interconnect: ic, InterconnectEfficiency: ic.Efficiency, Seq: r.Seq, Batch: r.Batch, Price: ch.priceJSON(adv), Market: ch.market, PriceOptions: ch.options, ChosenBy: ch.dec.ChosenBy, Job: jb.data(),
		Alternatives: alts, Rules: rules, Assumptions: assumptions, Warnings: warnings,
	}
	if d.Alternatives == nil {
		d.Alternatives = []altData{}
	}
	if d.Warnings == nil {
		d.Warnings = []string{}
	}
	if f := adv.Infer; f != nil {
		d.Infer = &inferData{MaxContextTokens: f.MaxContext, MemoryContextTokens: f.MemoryContext, ModelContextTokens: f.ModelContext, SlidingReserveCardGB: f.SlidingReserveCardGB,
			DecodeTokensPerSec: round4(f.DecodeTokensPerSec), DecodeTokensPerSecAll: round4(f.DecodeTokensPerSecAll),
			BandwidthGBs: f.BandwidthGBs, BytesPerTokenGB: round4(f.BytesPerTokenGB), KVReplicas: f.KVReplicas,
			Sequences: f.Sequences, HeadroomGB: round4(r.Utilization*g.CapacityGB() - p.Result.Memory.PerCardGB), Tight: p.Tight}
		if res := p.Result; res.Engine != "" {
			e, _ := sizing.EngineByID(res.Engine)
			d.Infer.EngineReserve = &engineReserveData{Engine: e.ID, Source: r.Model.ServingEngineSource, MaxNumSeqs: e.MaxNumSeqs, SamplerBytes: e.SamplerBytes,
				SamplerWarmupGB: round4(res.SamplerWarmupGB), ServingPeakGB: round4(res.ServingPeakGB), NVLSGB: round4(res.NVLSGB), RoPETableGB: round4(res.RoPETableGB), BlockTableGB: round4(res.BlockTableGB)}
		}
	}
	rep.Data = d
	return rep
}

// linkSentence says whether NVLink and InfiniBand are needed, and why.
func linkSentence(lang chat.Lang, r sizing.Request, p sizing.Option) string {
	l := p.Result.Layout
	ib := chat.T(lang, "no InfiniBand needed", "不需要 InfiniBand")
	if p.NeedsInfiniBand {
		ib = sprintf(chat.T(lang, "InfiniBand or RoCE needed between the %d nodes", "%d 台服务器之间需要 InfiniBand 或 RoCE"), p.Nodes())
	}
	switch {
	case p.Cards() == 1:
		return chat.T(lang, "One card holds everything: no NVLink or InfiniBand needed.", "一张卡装得下全部：不需要 NVLink 或 InfiniBand。")
	case p.NeedsNVLink && !p.FastLink():
		return sprintf(chat.T(lang, "The model is split over the cards (%s) over PCIe: it fits, at about %s of NVLink's speed; %s.", "模型切分到多张卡上（%s），走 PCIe：放得下，速度约为 NVLink 的 %s；%s。"),
			layoutName(lang, r, l), pct(sizing.InterconnectOf(r.Mode, p).Efficiency), ib)
	case p.NeedsNVLink:
		link := sizing.NameNVLink
		if in, _ := sizing.LinkNames(r.Mode, p); in == sizing.NameHCCS {
			link = in // Ascend's counterpart
		}
		return sprintf(chat.T(lang, "The model is split over the cards (%s): %s needed; %s.", "模型切分到多张卡上（%s）：需要 %s；%s。"),
			layoutName(lang, r, l), link, ib)
	case r.Mode == sizing.ModeLoRA || r.Mode == sizing.ModeQLoRA:
		// 16-bit adapter gradients, all-reduced once a step
		return sprintf(chat.T(lang,
			"Every card holds a whole copy (%s): NVLink not required, PCIe is fine here, since data-parallel LoRA all-reduces only the adapters' gradients (%s a step); %s.",
			"每张卡各有一份完整模型（%s）：不需要 NVLink，PCIe 足够，因为数据并行的 LoRA 每步只 all-reduce 适配器的梯度（%s）；%s。"),
			layoutName(lang, r, l), size(2*p.Result.TrainableParams/sizing.GB), ib)
	}
	return sprintf(chat.T(lang, "Every card holds a whole copy (%s): NVLink not required; %s.", "每张卡各有一份完整模型（%s）：不强制 NVLink；%s。"),
		layoutName(lang, r, l), ib)
}

// constraint names what the user fixed: " with cards=8 gpu=rtx-4090", in
// Chinese with the keys' Chinese words (（卡数=8 显卡=rtx-4090）).
func constraint(lang chat.Lang, r sizing.Request) string {
	var parts []string
	if r.Cards > 0 {
		parts = append(parts, keyWord(lang, "cards")+"="+strconv.Itoa(r.Cards))
	}
	if r.GPU != "" {
		parts = append(parts, keyWord(lang, "gpu")+"="+r.GPU)
	}
	if len(parts) == 0 {
		return ""
	}
	return chat.T(lang, " with ", "（") + strings.Join(parts, " ") + chat.T(lang, "", "）")
}

func facts(lang chat.Lang, q query, adv sizing.Advice, ch *selection) []chat.Fact {
	r, p := adv.Request, adv.Pick
	g, m := gpuOf(p), r.Model
	shape := sprintf(chat.T(lang, "%s params, %d layers, hidden %d, %d heads / %d KV heads, ffn %d, vocab %s",
		"%s 参数，%d 层，隐藏维度 %d，%d 个注意力头 / %d 个 KV 头，前馈维度 %d，词表 %s"),
		count(m.Params), m.Layers, m.Hidden, m.Heads, m.KVHeads, m.FFN, num(float64(m.Vocab)))
	if m.MLA() {
		shape = sprintf(chat.T(lang, "%s params, %d layers, hidden %d, %d heads with MLA (kv_lora_rank %d + rope %d cached), vocab %s",
			"%s 参数，%d 层，隐藏维度 %d，%d 个注意力头，MLA（每 token 缓存 %d 维压缩 KV + %d 维 RoPE），词表 %s"),
			count(m.Params), m.Layers, m.Hidden, m.Heads, m.KVLoRARank, m.QKRopeDim, num(float64(m.Vocab)))
	}
	if m.MoE() {
		shape += sprintf(chat.T(lang, "; MoE: %d of %d experts (ffn %d) per token in %d layers, %s active params",
			"；MoE：%[4]d 层中每个 token 用 %[2]d 个专家中的 %[1]d 个（前馈维度 %[3]d），激活参数 %[5]s"),
			m.ExpertsActive, m.Experts, m.ExpertFFN, m.MoELayers(), count(m.ActiveParams()))
		if m.SharedExperts > 0 {
			shape += sprintf(chat.T(lang, " (with %d shared)", "（另有 %d 个共享专家）"), m.SharedExperts)
		}
	}
	shape += layerPatternText(lang, m)
	if m.Approximate {
		shape += chat.T(lang, " (approximate)", "（近似）")
	}
	run := sprintf(chat.T(lang, "seq %s, batch %d", "序列 %s，批量 %d"), num(float64(r.Seq)), r.Batch)
	if r.Mode.Training() {
		run = sprintf(chat.T(lang, "%s, %s, %s, %s", "%s，%s，%s，%s"),
			modeName(lang, r), r.Optimizer, recomputeShown(lang, r.Recompute), run)
	} else {
		run = sprintf(chat.T(lang, "%s, %s", "%s，%s"), modeName(lang, r), run)
	}
	fs := make([]chat.Fact, 0, 12)
	fs = append(fs,
		chat.Fact{Label: chat.T(lang, "Model", "模型"), Value: modelName(m) + chat.T(lang, ": ", "：") + shape},
		chat.Fact{Label: chat.T(lang, "Job", "任务"), Value: run},
	)
	if p.Cards() == 0 {
		return fs
	}
	fs = append(fs,
		chat.Fact{Label: chat.T(lang, "Per card", "每卡显存"), Value: sprintf(chat.T(lang, "%s GB of %s GB (%s)", "%s GB / %s GB（%s）"),
			gb(p.Result.Memory.PerCardGB), gb(g.CapacityGB()), pct(p.Utilization))},
		chat.Fact{Label: chat.T(lang, "GPU", "显卡"), Value: sprintf(chat.T(lang, "%s: %s, %s GB/s, %s, %s dense BF16 TFLOPS, %s",
			"%s：%s，%s GB/s，%s，%s 稠密 BF16 TFLOPS，%s"),
			g.ID, g.Name, num(g.BandwidthGBs), linkName(lang, g), num(g.BF16TFLOPS), tierName(lang, g.Tier))},
		chat.Fact{Label: chat.T(lang, "Cards", "卡数"), Value: sprintf(chat.T(lang, "%d (%s)", "%d（%s）"), p.Cards(), layoutName(lang, r, p.Result.Layout))},
		chat.Fact{Label: fastLinkLabel(g), Value: nvlinkFact(lang, p)},
		chat.Fact{Label: chat.T(lang, "Interconnect", "卡间互联"), Value: interconnectFact(lang, r, p)},
		chat.Fact{Label: "InfiniBand/RoCE", Value: yesNo(lang, p.NeedsInfiniBand)},
		chat.Fact{Label: chat.T(lang, "Price", "价格"), Value: ch.priceFact(lang, adv)},
	)
	if f := adv.Infer; f != nil {
		ctx := sprintf(chat.T(lang, "%s tokens per sequence at batch %d", "批量 %[2]d 时每条 %[1]s token"), num(float64(f.MaxContext)), r.Batch)
		limit := max(f.ModelContext, r.Model.ContextScaled)
		switch {
		case f.ModelContext > 0 && f.MaxContext == limit && f.MemoryContext > limit:
			if f.MemoryContext >= sizing.NoMemoryLimit {
				ctx += chat.T(lang, " (the model's limit; every layer keeps a fixed window, so memory does not limit it)", "（模型上限；每一层只保留固定窗口，显存不限制上下文）")
			} else {
				ctx += sprintf(chat.T(lang, " (the model's limit; memory alone allows %s)", "（模型上限；仅按显存可到 %s）"), num(float64(f.MemoryContext)))
			}
			if limit > f.ModelContext {
				ctx += sprintf(chat.T(lang, "; past the native %s tokens with rope scaling", "；超过原生 %s token 需开启 RoPE 缩放"), num(float64(f.ModelContext)))
			}
		case f.ModelContext > 0 && f.MaxContext > f.ModelContext:
			ctx += sprintf(chat.T(lang, " (memory's limit; past the native %s tokens needs rope scaling, up to %s)", "（显存所限；超过原生 %s token 需开启 RoPE 缩放，最长 %s）"),
				num(float64(f.ModelContext)), num(float64(limit)))
		case f.ModelContext > 0:
			ctx += sprintf(chat.T(lang, " (the model's limit: %s)", "（模型上限 %s）"), num(float64(f.ModelContext)))
		}
		speed := sprintf(chat.T(lang,
			"at most %s tokens/s per sequence (upper bound: %s GB/s ÷ %s GB read per decode step)",
			"每条序列最多 %s token/s（上限：%s GB/s ÷ 每步解码读取 %s GB）"),
			num(f.DecodeTokensPerSec), num(f.BandwidthGBs), gb(f.BytesPerTokenGB))
		if r.Batch > 1 {
			speed = sprintf(chat.T(lang,
				"at most %s tokens/s per sequence, %s tokens/s for all %d (upper bound: %s GB/s ÷ %s GB read per decode step)",
				"每条序列最多 %s token/s，%[3]d 条合计 %[2]s token/s（上限：%[4]s GB/s ÷ 每步解码读取 %[5]s GB）"),
				num(f.DecodeTokensPerSec), num(f.DecodeTokensPerSecAll), r.Batch, num(f.BandwidthGBs), gb(f.BytesPerTokenGB))
		}
		if ic := sizing.InterconnectOf(r.Mode, p); ic.Efficiency < 1 {
			speed += sprintf(chat.T(lang, "; %s about %s tokens/s per sequence (× %s interconnect efficiency)", "；%s 时每条序列约 %s token/s（× 互联效率 %s）"),
				overLinks(lang, r.Mode, p), num(f.DecodeTokensPerSec*ic.Efficiency), pct(ic.Efficiency))
		}
		seqs := sprintf(chat.T(lang, "%d at %s tokens each (the KV budget over one sequence's %s GB per card); %s GB per card left free",
			"每条 %[2]s token 时可并发 %[1]d 条（KV 预算 ÷ 每条每卡 %[3]s GB）；每卡剩余 %[4]s GB"),
			f.Sequences, num(float64(r.Seq)), gb(p.Result.Memory.KVCacheGB/float64(max(r.Batch, 1))), gb(r.Utilization*g.CapacityGB()-p.Result.Memory.PerCardGB))
		fs = append(fs,
			chat.Fact{Label: chat.T(lang, "Concurrent sequences", "并发序列"), Value: seqs},
			chat.Fact{Label: chat.T(lang, "Longest context", "最长上下文"), Value: ctx},
			chat.Fact{Label: chat.T(lang, "Decode speed", "解码速度"), Value: speed})
	}
	return fs
}

func yesNo(lang chat.Lang, v bool) string {
	if v {
		return chat.T(lang, "needed", "需要")
	}
	return chat.T(lang, "not needed", "不需要")
}

func modelInfo(m catalog.Model, derived []string, typed string) modelData {
	d := modelData{ID: m.ID, Name: modelName(m), Params: m.Params, Shape: m.Shape, Context: m.Context, ContextScaled: m.ContextScaled, Typed: typed,
		KVLoRARank: m.KVLoRARank, Stored: m.Stored, Approximate: m.Approximate, Derived: derived, Source: m.Source}
	if m.MLA() {
		d.QKRopeDim = m.QKRopeDim
	}
	if m.MoE() {
		d.ActiveParams, d.Experts, d.ExpertsActive = m.ActiveParams(), m.Experts, m.ExpertsActive
		d.SharedExperts, d.ExpertFFN = m.SharedExperts, m.ExpertFFN
	}
	if m.SlidingLayers > 0 || m.ChunkedLayers > 0 {
		d.LayerPattern = &layerPattern{FullLayers: m.FullLayers(), SlidingLayers: m.SlidingLayers, SlidingWindow: m.SlidingWindow,
			ChunkedLayers: m.ChunkedLayers, ChunkSize: m.ChunkSize}
	}
	return d
}

// layerPatternText is the layers that do not attend the whole context, for
// the model's line; "" when every layer does.
func layerPatternText(lang chat.Lang, m catalog.Model) string {
	s := ""
	if m.SlidingLayers > 0 {
		s += sprintf(chat.T(lang, "; %d of %d layers attend a sliding window of %s tokens", "；%d/%d 层使用 %s token 的滑动窗口注意力"),
			m.SlidingLayers, m.Layers, num(float64(m.SlidingWindow)))
	}
	if m.ChunkedLayers > 0 {
		s += sprintf(chat.T(lang, "; %d of %d layers attend only their own %s-token chunk", "；%d/%d 层只在各自 %s token 的分块内做注意力"),
			m.ChunkedLayers, m.Layers, num(float64(m.ChunkSize)))
	}
	return s
}

// nvlinkFact says whether the layout needs NVLink; a split on cards without
// it runs over PCIe instead.
// fastLinkLabel names the card's fast card-to-card link in the facts: HCCS
// on Ascend, NVLink elsewhere (whether the card has it or not).
func fastLinkLabel(g catalog.GPU) string {
	if g.Link == catalog.LinkHCCS {
		return sizing.NameHCCS
	}
	return sizing.NameNVLink
}

func nvlinkFact(lang chat.Lang, p sizing.Option) string {
	if p.NeedsNVLink && !p.FastLink() {
		return chat.T(lang, "would speed the split up; here it runs over PCIe", "可加速切分；这里走 PCIe")
	}
	return yesNo(lang, p.NeedsNVLink)
}

// overLinks says what option o's cards really talk over
// (sizing.LinkNames): "over PCIe", "over NVLink", or past one node "over
// NVLink inside each node and InfiniBand/RoCE between nodes"; empty for
// one card.
func overLinks(lang chat.Lang, mode sizing.Mode, o sizing.Option) string {
	in, between := sizing.LinkNames(mode, o)
	switch {
	case in == "":
		return ""
	case between == "":
		return sprintf(chat.T(lang, "over %s", "走 %s"), in)
	}
	return sprintf(chat.T(lang, "over %s inside each node and %s between nodes", "服务器内走 %s、服务器之间走 %s"), in, between)
}
