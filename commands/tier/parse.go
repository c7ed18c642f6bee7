package tier

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
)

// query is a tier question read from the command line.
type query struct {
	req sizing.Request
	// given records the keys the user typed, so the reply can tell defaults apart.
	given map[string]bool
	// modelAssumed and gpuAssumed are what forgiving lookups filled in.
	modelAssumed, gpuAssumed []catalog.Assumption
	// modelRead is the model name as typed when the lookup read it
	// forgivingly (a typo, a Chinese brand name): the reply's first line
	// says how it was read.
	modelRead string
	// quantWords are the words of model= that name a quantized checkpoint
	// ("GPTQ-Int4"); quantPrecision is what they mean.
	quantWords     string
	quantPrecision sizing.Precision
	// derived lists the shape fields derived for a params= model.
	derived []string
	// pasted is config.json text pasted into the message, if any; configName
	// names a config read from a path by its folder.
	pasted     *pasted
	configName string
	// fromConfig is set when the model came from a config.json.
	fromConfig bool
}

// reader reads one key at a time with the messages of this command.
type reader struct {
	a    *chat.Args
	lang chat.Lang
	cat  *catalog.Catalog
	deps Deps
	// outside are the words typed outside a pasted config.json (nil: no paste).
	outside map[string]bool
}

// read turns the arguments into a memory request. Every error is a
// *chat.Error naming the key, saying what is accepted, with an example.
func read(a *chat.Args, lang chat.Lang, cat *catalog.Catalog, deps Deps) (query, error) {
	p := reader{a: a, lang: lang, cat: cat, deps: deps}
	q := query{given: map[string]bool{}}
	if pj, ok := findPasted(a.Original); ok {
		q.pasted, p.outside = &pj, outsideWords(a.Original, pj)
		q.given["config"] = true
	}
	for _, k := range a.Keys() {
		q.given[k] = true
	}
	modelWord, modeWord, err := p.words()
	if err != nil {
		return q, err
	}
	r := &q.req
	if r.Mode, err = p.mode(modeWord); err != nil {
		return q, err
	}
	if modeWord != "" {
		q.given["mode"] = true
	}
	if err := p.model(&q, modelWord); err != nil {
		return q, err
	}
	if err := p.training(&q); err != nil {
		return q, err
	}
	if r.Precision, err = p.precision(r.Mode); err != nil {
		return q, err
	}
	if r.Mode == sizing.ModeInfer && !p.a.Has("precision") {
		// a quantized checkpoint serves at its own precision: the one its
		// name states (Qwen2.5-7B-Instruct-AWQ), else the one it is published in
		if q.quantPrecision != "" {
			r.Precision = q.quantPrecision
		} else if sp, ok := storedPrecision.Get()[r.Model.Stored]; ok {
			r.Precision = sp
		}
	}
	if r.Precision == sizing.MXFP4 && !r.Model.MoE() {
		return q, chat.Invalidf(p.lang, "precision", example("precision"),
			"precision=mxfp4 quantizes the routed experts (gpt-oss); %s has none: use int4 or fp8",
			"精度=mxfp4 只量化路由专家（gpt-oss）；%s 没有专家：请用 int4 或 fp8", modelName(r.Model))
	}
	if r.KVPrecision, err = p.kvPrecision(r.Mode); err != nil {
		return q, err
	}
	if r.Utilization, err = p.utilization(); err != nil {
		return q, err
	}
	if r.Seq, _, err = p.integer("seq", 1, 1<<24); err != nil {
		return q, err
	}
	if r.Batch, _, err = p.integer("batch", 1, 4096); err != nil {
		return q, err
	}
	if r.Cards, _, err = p.integer("cards", 1, sizing.MaxCards); err != nil {
		return q, err
	}
	if r.Mode == sizing.ModeInfer && r.Cards > 0 {
		if _, _, ok := sizing.InferSplit(r.Model, r.Cards); !ok {
			return q, p.badSplit(r.Model, r.Cards)
		}
	}
	if err := p.gpu(&q); err != nil {
		return q, err
	}
	q.req = q.req.WithDefaults()
	if err := q.req.Validate(); err != nil {
		return q, fmt.Errorf("tier: request from %q: %w", a.Rest, err)
	}
	return q, nil
}

// words reads bare words: a model name ("tier qwen2.5-14b") and a mode ("lora",
// "推理"). Anything else is an error.
func (p reader) words() (model, mode string, err error) {
	for _, w := range p.a.Words {
		if p.outside != nil && !p.outside[w] {
			continue // a word of the pasted config.json
		}
		if _, ok := modeAliases.Get()[strings.ToLower(w)]; ok && mode == "" && !p.a.Has("mode") {
			mode = w
			continue
		}
		if _, err := p.cat.FindModel(w); err == nil && model == "" && !p.a.Has("model") && !p.a.Has("params") {
			model = w
			continue
		}
		if _, err := p.cat.FindGPU(w); err == nil && !p.a.Has("gpu") { // tier qwen2.5-14b h100: the card wanted
			return "", "", chat.Invalidf(p.lang, "gpu", example("gpu"), "%q is a card: write it as %s=%s", "%q 是卡型：请写成 %s=%s", w, p.a.Name("gpu"), w)
		}
		if e := p.a.BareKey(w); e != nil { // gpu=A100 80G, model=llama 3.1 8b: a word a space split off a value
			return "", "", e
		}
		return "", "", chat.Invalidf(p.lang, "command", example("model"),
			"I do not know what %q means here; give keys as key=value, for example model=qwen2.5-14b mode=lora",
			"看不懂 %q；请用 参数=值 的写法，例如 模型=qwen2.5-14b 模式=微调", w)
	}
	return model, mode, nil
}

var modeAliases = advisor.Lazy[map[string]sizing.Mode]{New: func() map[string]sizing.Mode {
	return map[string]sizing.Mode{
		"full": sizing.ModeFull, "全参": sizing.ModeFull, "全量": sizing.ModeFull, "全参数": sizing.ModeFull, "全参训练": sizing.ModeFull,
		"全量训练": sizing.ModeFull, "全参微调": sizing.ModeFull, "全量微调": sizing.ModeFull, "训练": sizing.ModeFull, "预训练": sizing.ModeFull,
		"train": sizing.ModeFull, "training": sizing.ModeFull, "pretrain": sizing.ModeFull, "pretraining": sizing.ModeFull, "fft": sizing.ModeFull,
		"full-finetune": sizing.ModeFull, "full_finetune": sizing.ModeFull,
		"lora": sizing.ModeLoRA, "微调": sizing.ModeLoRA, "lora微调": sizing.ModeLoRA, "finetune": sizing.ModeLoRA, "fine-tune": sizing.ModeLoRA,
		"fine_tune": sizing.ModeLoRA, "ft": sizing.ModeLoRA,
		"qlora": sizing.ModeQLoRA, "量化微调": sizing.ModeQLoRA, "qlora微调": sizing.ModeQLoRA, "4bit微调": sizing.ModeQLoRA,
		"infer": sizing.ModeInfer, "inference": sizing.ModeInfer, "推理": sizing.ModeInfer, "部署": sizing.ModeInfer, "推理部署": sizing.ModeInfer,
		"serve": sizing.ModeInfer, "serving": sizing.ModeInfer, "服务": sizing.ModeInfer, "上线": sizing.ModeInfer,
	}
}}

func (p reader) mode(word string) (sizing.Mode, error) {
	folded, raw, ok := p.a.Fold("mode")
	if !ok {
		folded, raw = strings.ToLower(strings.TrimSpace(word)), word
	}
	if raw == "" {
		return sizing.ModeFull, nil
	}
	if m, ok := modeAliases.Get()[folded]; ok {
		return m, nil
	}
	return "", chat.Invalidf(p.lang, "mode", example("mode"),
		"mode=%q is not a mode I know; use full (full-parameter training), lora, qlora or infer (serving)",
		"模式=%q 无法识别；可选 全参（全参训练，也可写 全量）、微调（LoRA）、量化微调（QLoRA）或 推理", raw)
}

var shapeKeys = []string{"layers", "hidden", "heads", "kv_heads", "ffn", "vocab"}

// model reads model= (or a bare model word) or params= plus an optional shape.
func (p reader) model(q *query, word string) error {
	if found, err := p.config(q); found || err != nil {
		q.fromConfig = err == nil
		return err
	}
	raw, hasModel := p.a.Raw("model")
	if !hasModel && word != "" {
		raw, hasModel = word, true
	}
	_, hasParams := p.a.Raw("params")
	switch {
	case hasModel && hasParams:
		return chat.Invalidf(p.lang, "params", example("model"),
			"give either model= (a preset) or params= (a model's size), not both",
			"模型= 和 参数量= 只能二选一：预设模型用 模型=，其他模型用 参数量=")
	case hasModel && strings.TrimSpace(raw) == "":
		return chat.Invalidf(p.lang, "model", example("model"),
			"model= has an empty value: name a preset (model=qwen2.5-14b) or give the size of another model (params=7b)",
			"模型= 是空值：请写预设名（模型=qwen2.5-14b），或给出其他模型的参数量（参数量=7b）")
	case !hasModel && !hasParams:
		return chat.Invalidf(p.lang, "model", example("model"),
			"missing model: name a preset (model=qwen2.5-14b) or give the size of another model (params=7b)",
			"缺少模型：写预设名（模型=qwen2.5-14b），或给出其他模型的参数量（参数量=7b）")
	case hasModel:
		for _, k := range shapeKeys {
			if p.a.Has(k) {
				return chat.Invalidf(p.lang, k, example(k),
					"%s= describes a model given by params=; model=%s already has its shape from its config.json",
					"%s= 用来描述用 参数量= 给出的模型；模型=%s 的结构已取自它的 config.json", p.name(k), raw)
			}
		}
		m, err := p.cat.FindModel(raw)
		if err != nil {
			return p.unknownModel(raw, err)
		}
		q.req.Model, q.modelAssumed = m.Model, m.Assumed
		if m.Read {
			q.modelRead = raw
		}
		q.quantPrecision, q.quantWords = quantIn(raw)
		return nil
	}
	v, err := p.number("params", 1e7, 1e13)
	if err != nil {
		return err
	}
	var hint sizing.ShapeHint
	ints := []*int{&hint.Layers, &hint.Hidden, &hint.Heads, &hint.KVHeads, &hint.FFN, &hint.Vocab}
	limits := [][2]int{{1, maxLayers}, {64, maxHidden}, {1, 1024}, {1, 1024}, {1, 1 << 20}, {256, 1 << 22}}
	for i, k := range shapeKeys {
		if *ints[i], _, err = p.integer(k, limits[i][0], limits[i][1]); err != nil {
			return err
		}
	}
	switch {
	case hint.Hidden > 0 && hint.Heads > 0 && hint.Hidden%hint.Heads != 0:
		return chat.Invalidf(p.lang, "heads", example("heads"),
			"heads=%d does not divide hidden=%d; the head size must be a whole number",
			"头数=%d 不能整除 隐藏维度=%d；每个头的维度必须是整数", hint.Heads, hint.Hidden)
	case hint.Heads > 0 && hint.KVHeads > 0 && hint.Heads%hint.KVHeads != 0:
		return chat.Invalidf(p.lang, "kv_heads", example("kv_heads"),
			"kv_heads=%d does not divide heads=%d; with GQA each KV head serves a whole group of heads",
			"kv头=%d 不能整除 头数=%d；GQA 中每个 KV 头服务整数个注意力头", hint.KVHeads, hint.Heads)
	}
	m, derived, err := sizing.Shape(v, hint)
	if err != nil {
		key := "heads"
		if hint.KVHeads > 0 {
			key = "kv_heads"
		}
		return chat.Invalidf(p.lang, key, example(key),
			"the shape does not add up (%v): hidden must be a multiple of heads, and heads a multiple of kv_heads; give heads= and kv_heads= that fit",
			"模型结构对不上（%v）：隐藏维度须是头数的整数倍，头数须是 kv头 的整数倍；请给出相容的 头数= 和 kv头=", err)
	}
	if err := p.plausible(v, m, derived); err != nil {
		return err
	}
	if p.lang == chat.ZH { // the name a Chinese reply shows: 7B 模型, not 7B model
		if n, ok := strings.CutSuffix(m.Name, " model"); ok {
			m.Name = n + " 模型"
		}
	}
	q.req.Model, q.derived = m, derived
	return nil
}

// Bounds of a plausible shape: the largest layers= and hidden= accepted.
const (
	maxLayers = 1024
	maxHidden = 1 << 17
)

// plausible refuses a params= shape that cannot be the model: a derived layer
// count or hidden size past what the keys accept, or a given shape whose own
// parameter count (embeddings, attention, gated MLP) is off from params= by
// more than a factor of two (checked when layers= and hidden= are both given:
// a derived shape follows params= by construction, and a tiny model's
// assumed vocabulary would dominate the count).
func (p reader) plausible(params float64, m catalog.Model, derived []string) error {
	was := func(f string) bool { return slices.Contains(derived, f) }
	switch {
	case was("layers") && m.Layers > maxLayers:
		raw, _ := p.a.Raw("hidden")
		return chat.Invalidf(p.lang, "hidden", example("hidden"),
			"hidden=%s is too small for params=%s: it would take %s layers (at most %s); give the model's real hidden size, or layers= too",
			"隐藏维度=%s 对 参数量=%s 来说太小：需要 %s 层（最多 %s 层）；请给出模型真实的隐藏维度，或同时给出 层数=",
			raw, count(params), num(float64(m.Layers)), num(maxLayers))
	case was("hidden") && m.Hidden > maxHidden:
		raw, _ := p.a.Raw("layers")
		return chat.Invalidf(p.lang, "layers", example("layers"),
			"layers=%s is too few for params=%s: each layer would need hidden %s (at most %s); give the model's real layer count, or hidden= too",
			"层数=%s 对 参数量=%s 来说太少：每层隐藏维度要到 %s（最多 %s）；请给出模型真实的层数，或同时给出 隐藏维度=",
			raw, count(params), num(float64(m.Hidden)), num(maxHidden))
	}
	if sp := m.ShapeParams(); !was("layers") && !was("hidden") && (sp > 2*params || sp < params/2) {
		return chat.Invalidf(p.lang, "params", example("params"),
			"params=%s does not match the shape: %d layers of hidden %d (ffn %d, vocab %s) hold about %s parameters; check params= and the shape against the model's config.json",
			"参数量=%s 与结构不符：%d 层、隐藏维度 %d（前馈维度 %d，词表 %s）约有 %s 参数；请对照模型的 config.json 检查 参数量= 和结构",
			count(params), m.Layers, m.Hidden, m.FFN, num(float64(m.Vocab)), count(sp))
	}
	return nil
}

// notFound is the catalog's answer that nothing is called raw, with the
// ids it has; any other error comes back as an internal one.
func notFound[T any](err error, what, raw string, rows []T, id func(T) string) (*catalog.NotFoundError, []string, error) {
	var nf *catalog.NotFoundError
	if !errors.As(err, &nf) {
		return nil, nil, fmt.Errorf("tier: find %s %q: %w", what, raw, err)
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = id(r)
	}
	return nf, ids, nil
}

func (p reader) unknownModel(raw string, err error) error {
	nf, ids, err := notFound(err, "model", raw, p.cat.Models(), func(m catalog.Model) string { return m.ID })
	if err != nil {
		return err
	}
	if hint, ok := catalog.MoEName(raw); ok {
		return p.unknownMoE(raw, hint, nf.Suggestion, ids)
	}
	size := ""
	if v := sizeIn(raw); v > 0 {
		size = num(v) + "b"
	} else if m, ok := p.cat.ModelByID(nf.Suggestion); ok {
		size = m.Size
	}
	ex := chat.T(p.lang, "tier model="+nf.Suggestion+" mode=lora seq=4096", "选卡 模型="+nf.Suggestion+" 模式=微调 上下文=4096")
	return chat.Invalidf(p.lang, "model", ex,
		"unknown model %q; the closest preset is %s. Presets: %s. For another model give its size instead: params=%s",
		"未知模型 %q；最接近的预设是 %s。预设有：%s。其他模型请改给参数量：参数量=%s",
		raw, nf.Suggestion, strings.Join(ids, ", "), size)
}

// unknownMoE is the answer for an unknown model whose name marks a mixture
// of experts ("Mixtral-8x22B", "Hunyuan-A13B", "Llama-4-Behemoth-288B-16E"):
// the size such a name gives is one expert's or the active parameters, not
// the total that stays in memory, so it is never offered as params=; the
// config.json, or the total from the model card, is asked for instead.
func (p reader) unknownMoE(raw string, hint catalog.MoEHint, suggestion string, ids []string) error {
	var what string
	switch hint.Kind {
	case catalog.MoEExpertsBySize:
		what = chat.T(p.lang,
			sprintf("%s is %d experts in a %sB-sized model, not its total: the experts share attention and embeddings, so the total is less than %d × %sB (Mixtral-8x7B has 46.7B), and every expert stays in memory",
				hint.Words, hint.Experts, num(hint.Size), hint.Experts, num(hint.Size)),
			sprintf("%s 表示 %sB 规模的模型配 %d 个专家，不是总参数量：专家共用注意力层和词嵌入，总参数量小于 %d × %sB（Mixtral-8x7B 为 46.7B），而且所有专家都常驻显存",
				hint.Words, num(hint.Size), hint.Experts, hint.Experts, num(hint.Size)))
	case catalog.MoEActive:
		what = chat.T(p.lang,
			sprintf("%s is the active parameters, the %sB one token uses, not the total that stays in memory (every expert does)", hint.Words, num(hint.Size)),
			sprintf("%s 是激活参数量，即每个 token 用到的 %sB，不是常驻显存的总参数量（所有专家都常驻显存）", hint.Words, num(hint.Size)))
	case catalog.MoEExpertCount:
		what = chat.T(p.lang,
			sprintf("%s is the number of experts: the size beside it is the active parameters (Llama-4-Scout-17B-16E: 17B active of 109B), not the total that stays in memory", hint.Words),
			sprintf("%s 是专家个数：旁边的规模是激活参数量（Llama-4-Scout-17B-16E：109B 中激活 17B），不是常驻显存的总参数量", hint.Words))
	default:
		what = chat.T(p.lang,
			sprintf("%s marks a mixture of experts: a size in such a name may be the active parameters or one expert's (OLMoE-1B-7B: 1B active, 7B total), not the total that stays in memory", hint.Words),
			sprintf("%s 表示混合专家模型：这类名字里的规模可能是激活参数量或单个专家的规模（OLMoE-1B-7B：激活 1B，总计 7B），不是常驻显存的总参数量", hint.Words))
	}
	total := ""
	if hint.Total > 0 {
		total = chat.T(p.lang,
			sprintf(" (the name gives the total too: params=%sb sizes the memory, not the speed, which the experts decide)", num(hint.Total)),
			sprintf("（名字里也写了总量：参数量=%sb 可估显存，但估不准速度，速度取决于专家）", num(hint.Total)))
	}
	ex := chat.T(p.lang, "tier mode=infer ```{ the model's config.json }```", "选卡 模式=推理 ```{ 模型的 config.json }```")
	return chat.Invalidf(p.lang, "model", ex,
		"unknown model %q; %s. Paste its config.json as a code block for an exact answer (experts, layers, widths), or give params= the total parameter count from its model card%s. The closest preset is %s. Presets: %s",
		"未知模型 %q；%s。请用代码块粘贴它的 config.json 以精确估算（专家数、层数、宽度），或用 参数量= 写模型卡上的总参数量%s。最接近的预设是 %s。预设有：%s",
		raw, what, total, suggestion, strings.Join(ids, ", "))
}

// quantIn reads the quantization a checkpoint's name states:
// "Qwen2.5-14B-Instruct-GPTQ-Int4" -> int4, "...-AWQ" -> int4,
// "...-GPTQ-Int8" -> int8, "...-FP8" -> fp8. words is the part of the name
// that says so ("GPTQ-Int4"); both are empty for a plain name.
func quantIn(name string) (p sizing.Precision, words string) {
	var found []string
	for _, w := range strings.FieldsFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		var q sizing.Precision
		switch strings.ToLower(w) {
		case "awq", "gptq", "int4", "w4a16", "4bit", "q4":
			q = sizing.INT4
		case "int8", "w8a8", "w8a16", "8bit":
			q = sizing.INT8
		case "fp8":
			q = sizing.FP8
		default:
			continue
		}
		found = append(found, w)
		if p == "" || p == sizing.INT4 && q != sizing.INT4 {
			p = q // "GPTQ-Int8": the bit width wins over GPTQ's usual 4
		}
	}
	return p, strings.Join(found, "-")
}

// sizeIn finds a size in billions in a model name: "unknown-99b" -> 99.
func sizeIn(s string) float64 {
	s = strings.ToLower(s)
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' || i > 0 && (s[i-1] >= '0' && s[i-1] <= '9' || s[i-1] == '.') {
			continue
		}
		j := i
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.') {
			j++
		}
		if j < len(s) && s[j] == 'b' {
			if v, err := strconv.ParseFloat(s[i:j], 64); err == nil && v > 0 {
				return v
			}
		}
	}
	return 0
}

// training reads the keys that only training takes: optimizer, zero,
// recompute and r.
func (p reader) training(q *query) error {
	r := &q.req
	r.Zero = sizing.ZeroAuto
	if r.Mode == sizing.ModeInfer {
		for _, k := range []string{"optimizer", "zero", "recompute", "r"} {
			if p.a.Has(k) {
				return chat.Invalidf(p.lang, k, example("mode"),
					"%s= applies to training; mode=infer (serving) has no optimizer, ZeRO, recomputation or LoRA rank",
					"%s= 只用于训练；推理（模式=推理）没有优化器、ZeRO、重计算或 LoRA 秩", p.name(k))
			}
		}
		return nil
	}
	if opt, ok, err := word(p, "optimizer", optimizerAliases.Get(),
		"optimizer=%q is not one I know; use adamw (mixed-precision Adam, the default), adam8bit (bitsandbytes 8-bit Adam) or sgd (with momentum)",
		"优化器=%q 无法识别；可选 adamw（混合精度 Adam，默认）、adam8bit（bitsandbytes 8 位 Adam）或 sgd（带动量）"); err != nil {
		return err
	} else if ok {
		r.Optimizer = opt
	}
	if z, ok, valid := p.a.Numbered("zero", "zero", "stage", "阶段", "z", "-", "_"); ok {
		if !valid || z < 0 || z > 3 {
			raw, _ := p.a.Raw("zero")
			return chat.Invalidf(p.lang, "zero", example("zero"),
				"zero=%q is not a ZeRO stage; use 0, 1, 2 or 3 (0: no sharding, 1: optimizer states, 2: + gradients, 3: + parameters)",
				"zero=%q 不是 ZeRO 阶段；可选 0、1、2、3（0 不切分，1 切优化器状态，2 再切梯度，3 再切参数）", raw)
		}
		r.Zero = z
	}
	if rc, ok, err := word(p, "recompute", recomputeAliases.Get(),
		"recompute=%q is not accepted; use none (keep all activations), selective (recompute attention scores) or full (gradient checkpointing)",
		"重计算=%q 无法识别；可选 无（不重计算）、选择性（选择性重计算注意力）或 全部（全部重计算/梯度检查点）"); err != nil {
		return err
	} else if ok {
		r.Recompute = rc
	}
	if p.a.Has("r") && r.Mode == sizing.ModeFull {
		return chat.Invalidf(p.lang, "r", example("r"),
			"r= is the LoRA rank; it applies to mode=lora or mode=qlora, not full training",
			"秩= 是 LoRA 的参数，只用于 模式=微调 或 模式=量化微调，不用于全参训练")
	}
	var err error
	r.Rank, _, err = p.integer("r", 1, 4096)
	return err
}

// word reads key's value from a table of spellings (chat.Args.Fold); an
// unknown one is an error in the words en and zh (with %q for the value).
// ok is false when key is absent.
func word[T any](p reader, key string, table map[string]T, en, zh string) (v T, ok bool, err error) {
	folded, raw, given := p.a.Fold(key)
	if !given {
		return v, false, nil
	}
	if v, ok = table[folded]; !ok {
		return v, true, chat.Invalidf(p.lang, key, example(key), en, zh, raw)
	}
	return v, true, nil
}

var optimizerAliases = advisor.Lazy[map[string]sizing.Optimizer]{New: func() map[string]sizing.Optimizer {
	return map[string]sizing.Optimizer{
		"adamw": sizing.AdamW, "adam": sizing.AdamW, "adamw_torch": sizing.AdamW, "adamw_torch_fused": sizing.AdamW, "fused_adam": sizing.AdamW,
		"adam8bit": sizing.Adam8bit, "adamw8bit": sizing.Adam8bit, "adam_8bit": sizing.Adam8bit, "adamw_8bit": sizing.Adam8bit,
		"adamw_bnb_8bit": sizing.Adam8bit, "paged_adamw_8bit": sizing.Adam8bit, "8bit": sizing.Adam8bit, "8bit-adam": sizing.Adam8bit,
		"sgd": sizing.SGD, "momentum": sizing.SGD, "sgd_momentum": sizing.SGD,
	}
}}

var recomputeAliases = advisor.Lazy[map[string]sizing.Recompute]{New: func() map[string]sizing.Recompute {
	return map[string]sizing.Recompute{
		"none": sizing.RecomputeNone, "no": sizing.RecomputeNone, "off": sizing.RecomputeNone, "false": sizing.RecomputeNone, "0": sizing.RecomputeNone,
		"无": sizing.RecomputeNone, "不": sizing.RecomputeNone, "否": sizing.RecomputeNone, "关": sizing.RecomputeNone, "关闭": sizing.RecomputeNone, "不重计算": sizing.RecomputeNone,
		"selective": sizing.RecomputeSelective, "sel": sizing.RecomputeSelective, "partial": sizing.RecomputeSelective, "选择性": sizing.RecomputeSelective, "部分": sizing.RecomputeSelective,
		"full": sizing.RecomputeFull, "yes": sizing.RecomputeFull, "on": sizing.RecomputeFull, "true": sizing.RecomputeFull, "1": sizing.RecomputeFull,
		"gc": sizing.RecomputeFull, "checkpointing": sizing.RecomputeFull, "gradient_checkpointing": sizing.RecomputeFull,
		"全部": sizing.RecomputeFull, "全": sizing.RecomputeFull, "是": sizing.RecomputeFull, "开": sizing.RecomputeFull, "开启": sizing.RecomputeFull, "有": sizing.RecomputeFull,
	}
}}

var precisionAliases = advisor.Lazy[map[string]sizing.Precision]{New: func() map[string]sizing.Precision {
	return map[string]sizing.Precision{
		"bf16": sizing.BF16, "bfloat16": sizing.BF16,
		"fp16": sizing.FP16, "float16": sizing.FP16, "half": sizing.FP16, "半精度": sizing.FP16, "16bit": sizing.FP16,
		"fp8": sizing.FP8, "float8": sizing.FP8, "e4m3": sizing.FP8,
		"int8": sizing.INT8, "8bit": sizing.INT8, "w8a16": sizing.INT8, "8位": sizing.INT8,
		"int4": sizing.INT4, "4bit": sizing.INT4, "awq": sizing.INT4, "gptq": sizing.INT4, "w4a16": sizing.INT4, "q4": sizing.INT4, "4位": sizing.INT4,
		"mxfp4": sizing.MXFP4, "fp4": sizing.MXFP4,
	}
}}

// kvPrecisionAliases are the KV cache formats kv_precision= takes: 16-bit
// (vLLM's auto keeps the model's dtype) or fp8 (--kv-cache-dtype fp8).
var kvPrecisionAliases = advisor.Lazy[map[string]sizing.Precision]{New: func() map[string]sizing.Precision {
	return map[string]sizing.Precision{
		"bf16": sizing.BF16, "bfloat16": sizing.BF16, "auto": sizing.BF16, "16bit": sizing.BF16, "默认": sizing.BF16,
		"fp16": sizing.FP16, "float16": sizing.FP16, "half": sizing.FP16, "半精度": sizing.FP16,
		"fp8": sizing.FP8, "fp8_e4m3": sizing.FP8, "fp8_e5m2": sizing.FP8, "e4m3": sizing.FP8, "e5m2": sizing.FP8, "float8": sizing.FP8, "8bit": sizing.FP8, "8位": sizing.FP8,
	}
}}

// kvPrecision reads kv_precision= (kv_cache_dtype=): serving only.
func (p reader) kvPrecision(mode sizing.Mode) (sizing.Precision, error) {
	v, ok, err := word(p, "kv_precision", kvPrecisionAliases.Get(),
		"kv_precision=%q is not accepted; use bf16 (the default) or fp8 (half the KV cache, as vLLM's --kv-cache-dtype fp8)",
		"KV缓存精度=%q 无法识别；可选 bf16（默认）或 fp8（KV 缓存减半，即 vLLM 的 --kv-cache-dtype fp8）")
	switch {
	case err != nil:
		return "", err
	case !ok:
		return sizing.BF16, nil
	case mode.Training():
		return "", chat.Invalidf(p.lang, "kv_precision", example("kv_precision"),
			"kv_precision= applies to serving (mode=infer): training keeps no KV cache",
			"KV缓存精度= 只用于推理（模式=推理）：训练没有 KV 缓存")
	}
	return v, nil
}

// storedPrecision is how a checkpoint stored below 16 bits is served.
var storedPrecision = advisor.Lazy[map[string]sizing.Precision]{New: func() map[string]sizing.Precision {
	return map[string]sizing.Precision{"fp8": sizing.FP8, "mxfp4": sizing.MXFP4, "int8": sizing.INT8, "int4": sizing.INT4}
}}

// utilization reads utilization=: the share of each card a plan may use, as
// a fraction (0.9) or a percentage (90%, 90).
func (p reader) utilization() (float64, error) {
	v, ok, valid := p.a.Share("utilization")
	if !ok {
		return sizing.DefaultUtilization, nil
	}
	if !valid || v < sizing.MinUtilization || v > sizing.MaxUtilization {
		raw, _ := p.a.Raw("utilization")
		return 0, chat.Invalidf(p.lang, "utilization", example("utilization"),
			"utilization=%s is not accepted: give the share of each card a plan may use, from %s to %s (0.9 or 90%%, vLLM's gpu_memory_utilization default)",
			"利用率=%s 无法接受：请给出每卡可用的比例，%s 到 %s（0.9 或 90%%，即 vLLM 的 gpu_memory_utilization 默认值）",
			raw, num(sizing.MinUtilization), num(sizing.MaxUtilization))
	}
	return v, nil
}

func (p reader) precision(mode sizing.Mode) (sizing.Precision, error) {
	v, ok, err := word(p, "precision", precisionAliases.Get(),
		"precision=%q is not accepted; use bf16, fp16, fp8, int8 or int4",
		"精度=%q 无法识别；可选 bf16、fp16、fp8、int8、int4")
	switch {
	case err != nil:
		return "", err
	case !ok:
		return sizing.BF16, nil
	}
	if mode.Training() && v.Quantized() {
		return "", chat.Invalidf(p.lang, "precision", example("precision"),
			"precision=%s applies to serving; training runs in bf16/fp16 mixed precision. For a 4-bit frozen base use mode=qlora",
			"精度=%s 只用于推理；训练使用 bf16/fp16 混合精度。想用 4 位冻结底座请写 模式=量化微调", v)
	}
	return v, nil
}

// gpu reads gpu= with a forgiving lookup.
func (p reader) gpu(q *query) error {
	raw, ok := p.a.Raw("gpu")
	if !ok {
		return nil
	}
	m, err := p.cat.FindGPU(raw)
	if err != nil {
		nf, ids, err := notFound(err, "GPU", raw, p.cat.GPUs(), func(g catalog.GPU) string { return g.ID })
		if err != nil {
			return err
		}
		return chat.Invalidf(p.lang, "gpu", chat.T(p.lang, "tier model=llama-2-70b mode=infer gpu="+nf.Suggestion, "选卡 模型=llama-2-70b 模式=推理 显卡="+nf.Suggestion),
			"unknown GPU %q; the closest is %s. Cards in the catalog: %s",
			"未知显卡 %q；最接近的是 %s。目录中的卡：%s", raw, nf.Suggestion, strings.Join(ids, ", "))
	}
	q.req.GPU, q.gpuAssumed = m.GPU.ID, m.Assumed
	return nil
}

// integer reads an optional whole number of the key's kind within [lo, hi];
// Chinese measure words (8卡, 8张) are accepted.
func (p reader) integer(key string, lo, hi int) (int, bool, error) {
	v, ok, err := p.a.Measure(key, float64(lo), float64(hi), true, example(key))
	return int(v), ok, err
}

// number reads a required number of the key's kind within [lo, hi].
func (p reader) number(key string, lo, hi float64) (float64, error) {
	v, _, err := p.a.Measure(key, lo, hi, false, example(key))
	return v, err
}

func (p reader) badSplit(m catalog.Model, n int) error {
	var ok []string
	for c := 1; c <= 16; c++ {
		if _, _, fine := sizing.InferSplit(m, c); fine {
			ok = append(ok, strconv.Itoa(c))
		}
	}
	return chat.Invalidf(p.lang, "cards", example("cards"),
		"cards=%d cannot serve one copy of %s: tensor parallelism must divide its %d attention heads and pipeline stages its %d layers; use %s",
		"卡数=%d 无法切分 %s：张量并行度须整除它的 %d 个注意力头，流水线段数不超过 %d 层；可用 %s", n, modelName(m), m.Heads, m.Layers, strings.Join(ok, ", "))
}

// name is how the user's language writes key (chat.Args.Name).
func (p reader) name(key string) string { return p.a.Name(key) }

// example is a whole command line using key, in the user's language.
func example(key string) string {
	en := "tier model=qwen2.5-14b mode=lora seq=4096"
	switch key {
	case "params":
		en = "tier params=7b mode=infer seq=8k"
	case "layers", "hidden", "heads", "kv_heads", "ffn", "vocab":
		en = "tier params=7b layers=32 hidden=4096 heads=32 kv_heads=8 vocab=32000 mode=infer"
	case "mode":
		en = "tier model=qwen2.5-14b mode=lora"
	case "optimizer":
		en = "tier model=qwen2.5-7b mode=full optimizer=adam8bit"
	case "zero", "cards":
		en = "tier model=llama-3.1-8b mode=full cards=8 zero=3"
	case "r":
		en = "tier model=qwen2.5-14b mode=lora r=64"
	case "precision":
		en = "tier model=qwen2.5-72b mode=infer precision=int4"
	case "kv_precision":
		en = "tier model=deepseek-r1 mode=infer gpu=h20 seq=160k kv_precision=fp8"
	case "batch":
		en = "tier model=qwen2.5-7b mode=infer seq=8k batch=16"
	case "recompute":
		en = "tier model=qwen2.5-7b mode=full recompute=full"
	case "gpu":
		en = "tier model=llama-2-70b mode=infer gpu=a100-80g"
	case "utilization":
		en = "tier model=qwen3-32b mode=infer seq=32k utilization=0.85"
	}
	return en
}
