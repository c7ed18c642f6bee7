package tier

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/chat"
	"gpuadvisor/store"
)

// Deps are what the tier command needs from outside. Zero values are valid:
// without ReadFile, config= takes pasted JSON only (chat platforms).
type Deps struct {
	// ReadFile reads config=<path> in the terminal (os.ReadFile there).
	ReadFile func(name string) ([]byte, error)
	// Prices is the team's price book: cards are chosen among those it
	// prices first (nil: reference prices, then the tier rule).
	Prices store.Prices
	// Settings holds the team's market (nil: the request's language decides).
	Settings store.Settings
}

// maxConfigBytes bounds a config.json read from a path: real ones are a few KB.
const maxConfigBytes = 1 << 20

// pasted is config.json text pasted into the message: the first '{' to the
// last '}' of what the user typed (a ``` code block included).
type pasted struct {
	text       string
	start, end int // byte offsets in the original text
}

// findPasted finds a pasted JSON object in s, undoing what chat apps do to
// it: curly quotes and HTML entities (Slack escapes &, < and >).
func findPasted(s string) (pasted, bool) {
	i, j := strings.IndexByte(s, '{'), strings.LastIndexByte(s, '}')
	if i < 0 || j < i {
		return pasted{}, false
	}
	text := s[i : j+1]
	if strings.IndexByte(text, '&') >= 0 || !ascii(text) { // else nothing to undo
		text = chatQuotes.Get().Replace(text)
	}
	return pasted{text: text, start: i, end: j + 1}, true
}

// ascii reports whether s is all ASCII (the curly quotes and the no-break
// space chatQuotes undoes are not).
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// chatQuotes undoes what chat apps do to pasted JSON; codeFence drops a
// code block's fences. Both are built once (a Replacer is safe for
// concurrent use).
var (
	chatQuotes = advisor.Lazy[*strings.Replacer]{New: func() *strings.Replacer {
		return strings.NewReplacer("“", `"`, "”", `"`, "„", `"`, "‘", "'", "’", "'",
			"&quot;", `"`, "&lt;", "<", "&gt;", ">", "&amp;", "&", "\u00a0", " ")
	}}
	codeFence = advisor.Lazy[*strings.Replacer]{New: func() *strings.Replacer {
		return strings.NewReplacer("```json", " ", "```JSON", " ", "```", " ", "`", " ")
	}}
)

// outsideWords are the bare words typed outside a pasted config.json: the
// words inside it are JSON, not command words.
func outsideWords(original string, p pasted) map[string]bool {
	rest := original[:p.start] + " " + original[p.end:]
	rest = codeFence.Get().Replace(rest)
	out := map[string]bool{}
	for _, t := range chat.Tokenize(chat.Normalize(rest)) {
		if t.Word != "" {
			out[t.Word] = true
		}
	}
	return out
}

// config reads the model from a config.json: pasted into the message, or
// config=<path> read through Deps.ReadFile in the terminal. found is false
// when the message has neither.
func (p reader) config(q *query) (found bool, err error) {
	raw, given := p.a.Raw("config")
	var data []byte
	switch {
	case q.pasted != nil:
		data = []byte(q.pasted.text)
	case !given:
		return false, nil
	case strings.TrimSpace(raw) == "":
		return true, chat.Invalidf(p.lang, "config", configExample(),
			"config= is empty: paste the model's config.json after it (as a code block in chat) or, in the terminal, give the file's path",
			"config= 为空：请在后面粘贴模型的 config.json（聊天中可用代码块），或在终端给出文件路径")
	case p.deps.ReadFile == nil:
		return true, chat.Invalidf(p.lang, "config", configExample(),
			"config=%s is not JSON, and a file path can only be read in the terminal: paste the model's config.json itself (as a code block)",
			"config=%s 不是 JSON；文件路径只能在终端读取：请直接粘贴模型的 config.json（用代码块）", raw)
	default:
		name := strings.Trim(strings.TrimSpace(raw), `"'`)
		b, rerr := p.deps.ReadFile(name)
		if rerr != nil {
			return true, chat.Invalidf(p.lang, "config", configExample(),
				"cannot read config=%s (%v): give the path of the model's config.json, or paste its JSON",
				"无法读取 config=%s（%v）：请给出模型 config.json 的路径，或直接粘贴其 JSON", name, rerr)
		}
		if len(b) > maxConfigBytes {
			return true, chat.Invalidf(p.lang, "config", configExample(),
				"config=%s is %s bytes, not a config.json (a few KB): give the model's config.json, not its weights",
				"config=%s 有 %s 字节，不是 config.json（通常几 KB）：请给出模型的 config.json，而不是权重文件", name, num(float64(len(b))))
		}
		data = b
		// a file in the model's folder is named by the folder: Qwen3-8B/config.json
		if dir := path.Base(path.Dir(strings.ReplaceAll(name, `\`, "/"))); dir != "." && dir != "/" {
			q.configName = dir
		}
	}
	for _, k := range append([]string{"model", "params"}, shapeKeys...) {
		if p.a.Has(k) {
			return true, chat.Invalidf(p.lang, k, configExample(),
				"give either config= (the model's config.json) or %s=, not both: the config.json already says everything about the model",
				"config=（模型的 config.json）和 %s= 只能二选一：config.json 已经完整描述了模型", p.name(k))
		}
	}
	m, err := catalog.ParseConfig(data)
	if err != nil {
		var ce *catalog.ConfigError
		if !errors.As(err, &ce) {
			return true, fmt.Errorf("tier: parse config.json: %w", err)
		}
		return true, p.badConfig(ce)
	}
	if q.configName != "" {
		m.Name = q.configName // the model's folder says more than its architecture class
	}
	q.req.Model = m
	return true, nil
}

// badConfig explains a *catalog.ConfigError in the user's language, naming
// the field.
func (p reader) badConfig(e *catalog.ConfigError) error {
	ex := configExample()
	f := e.Field
	base := f[strings.LastIndexByte(f, '.')+1:]
	switch e.Problem {
	case catalog.ConfigNotJSON:
		return chat.Invalidf(p.lang, "config", ex,
			"the config is not valid JSON (%s): paste the whole config.json, from { to }, as a code block",
			"config 不是有效的 JSON（%s）：请粘贴完整的 config.json（从 { 到 }），最好用代码块", e.Detail)
	case catalog.ConfigMissing:
		if base == "layer_types" {
			return chat.Invalidf(p.lang, "config", ex,
				"config.json sets sliding_window but not which layers use it (no layer_types), and its model_type has no known pattern: add layer_types, one \"full_attention\" or \"sliding_attention\" per layer, from the model's code; a sliding window is never assumed to be full attention",
				"config.json 设置了 sliding_window，却没有说明哪些层使用滑动窗口（缺少 layer_types），而该模型类型没有已知的层模式：请按模型代码补上 layer_types，每层一项 \"full_attention\" 或 \"sliding_attention\"；不会把滑动窗口当作全注意力来估算")
		}
		if base == "head_dim" {
			return chat.Invalidf(p.lang, "config", ex,
				"config.json has no head_dim and hidden_size is not a multiple of num_attention_heads: add head_dim from the model card",
				"config.json 没有 head_dim，而 hidden_size 又不是 num_attention_heads 的整数倍：请按模型卡补上 head_dim")
		}
		return chat.Invalidf(p.lang, "config", ex,
			"config.json has no %s, which the size depends on: paste the model's whole config.json (for a multimodal model its text_config is read)",
			"config.json 缺少 %s，显存估算需要它：请粘贴模型完整的 config.json（多模态模型读取其 text_config）", f)
	case catalog.ConfigNotNumber:
		if e.Detail == "want true or false" {
			return chat.Invalidf(p.lang, "config", ex,
				"config.json field %s is %s: it must be true or false, written without quotes",
				"config.json 字段 %s 的值是 %s：应为不带引号的 true 或 false", f, e.Value)
		}
		return chat.Invalidf(p.lang, "config", ex,
			"config.json field %s is %s: it must be a whole number written without quotes, such as 4096 (or true/false for a flag)",
			"config.json 字段 %s 的值是 %s：应为不带引号的整数，例如 4096（开关类字段为 true/false）", f, e.Value)
	case catalog.ConfigOutOfRange:
		return chat.Invalidf(p.lang, "config", ex,
			"config.json field %s = %s is outside %s to %s: that is not the shape of a real model; check the file",
			"config.json 字段 %s = %s 超出 %s 到 %s 的范围：这不是真实模型的结构，请检查文件", f, e.Value, num(e.Min), num(e.Max))
	case catalog.ConfigUnknown:
		return chat.Invalidf(p.lang, "config", ex,
			"config.json field %s = %q is not a quantization I can size; known: fp8, mxfp4, awq, gptq, bitsandbytes, compressed-tensors, modelopt with quant_algo FP8. Remove quantization_config and give precision= instead",
			"config.json 字段 %s = %q 不是可识别的量化方式；支持 fp8、mxfp4、awq、gptq、bitsandbytes、compressed-tensors，以及 quant_algo 为 FP8 的 modelopt。可删去 quantization_config，改用 精度=", f, e.Value)
	case catalog.ConfigUnsupported:
		if base == "model_type" && strings.Contains(e.Detail, "MLP") {
			return chat.Invalidf(p.lang, "config", ex,
				"config.json field model_type = %s is a model whose MLP is two matrices with a GELU (GPT-2, StarCoder, Falcon, GPT-NeoX and the like); I size the three matrices of a gated MLP, so its weights would come out up to half an MLP too large. Give params= with the published parameter count (and layers=, hidden=, heads=, kv_heads= for the KV cache) instead",
				"config.json 字段 model_type = %s 的前馈层是两个矩阵加 GELU（GPT-2、StarCoder、Falcon、GPT-NeoX 一类）；这里按门控前馈层的三个矩阵估算，权重会多算出最多半个前馈层。请改用 参数量= 给出公布的参数量（估算 KV 缓存再给 层数=、隐藏维度=、头数=、kv头数=）", e.Value)
		}
		return chat.Invalidf(p.lang, "config", ex,
			"config.json field %s = %s describes linear-attention or state-space layers (Gated DeltaNet, Mamba and the like), which keep a fixed-size state instead of a KV cache and have other weights than attention; I do not size them yet, and counting them as attention would be wrong. Give params= with the published parameter count (and layers=, kv_heads= of the full-attention layers only) instead",
			"config.json 字段 %s = %s 表示模型含线性注意力或状态空间层（Gated DeltaNet、Mamba 一类）：这些层保存固定大小的状态而不是 KV 缓存，权重结构也与注意力层不同；目前无法估算，当作注意力层计算会出错。请改用 参数量= 给出公布的参数量（层数=、kv头数= 只填全注意力层的）", f, e.Value)
	}
	why := map[string][2]string{
		"num_key_value_heads":   {"num_attention_heads must be a multiple of it", "num_attention_heads 必须是它的整数倍"},
		"num_kv_heads":          {"num_attention_heads must be a multiple of it", "num_attention_heads 必须是它的整数倍"},
		"multi_query_group_num": {"num_attention_heads must be a multiple of it", "num_attention_heads 必须是它的整数倍"},
		"first_k_dense_replace": {"it leaves no layer for the experts", "这样就没有层留给专家了"},
		"hidden_size":           {"the shape would hold over 10^14 parameters", "这样的结构超过 10^14 个参数"},
		"no_rope_layers":        {"it must list one 0 or 1 for each of num_hidden_layers", "它必须为 num_hidden_layers 的每一层各列一个 0 或 1"},
	}[base]
	if why[0] == "" {
		why = [2]string{"more experts per token than the model has", "每个 token 用的专家数超过了专家总数"}
	}
	return chat.Invalidf(p.lang, "config", ex,
		"config.json field %s = %s does not fit the rest of the file: %s",
		"config.json 字段 %s = %s 与文件其余部分矛盾：%s", f, e.Value, chat.T(p.lang, why[0], why[1]))
}

func configExample() string {
	const llama8b = `{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 128256}`
	return "tier mode=infer seq=32k config=```" + llama8b + "```"
}
