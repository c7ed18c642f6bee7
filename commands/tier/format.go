package tier

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
)

// gb formats gigabytes: 39.66, 0.14, 120.
func gb(v float64) string { return num(v) }

// num formats a number exactly like chat.Num (at most two decimals, no
// trailing zeros, thousands grouped by commas) without fmt, which the
// benchmark showed among the costliest calls of a reply.
func num(v float64) string {
	var buf [48]byte
	return string(appendNum(buf[:0], v))
}

// appendNum appends num(v) to dst.
func appendNum(dst []byte, v float64) []byte {
	neg := v < 0
	if neg {
		v = -v
	}
	var buf [48]byte
	var b []byte
	if n, ok := hundredths(v); ok {
		b = strconv.AppendUint(buf[:0], n/100, 10)
		if f := n % 100; f != 0 {
			b = append(b, '.', byte('0'+f/10))
			if f%10 != 0 {
				b = append(b, byte('0'+f%10))
			}
		}
	} else {
		b = strconv.AppendFloat(buf[:0], v, 'f', 2, 64)
		for b[len(b)-1] == '0' {
			b = b[:len(b)-1]
		}
		if b[len(b)-1] == '.' {
			b = b[:len(b)-1]
		}
	}
	intLen := len(b)
	for i, c := range b {
		if c == '.' {
			intLen = i
			break
		}
	}
	if neg && string(b) != "0" {
		dst = append(dst, '-')
	}
	for i := 0; i < intLen; i++ {
		if i > 0 && (intLen-i)%3 == 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, b[i])
	}
	return append(dst, b[intLen:]...)
}

// hundredths is v (≥ 0) in hundredths, rounded as AppendFloat(v, 'f', 2)
// rounds it, when v·100 computed in float64 says so for certain: under 2^40
// its error is below 2^-13, so unless its fraction is within 0.001 of a half
// it rounds the same way as v's exact decimal value. ok is false otherwise
// (AppendFloat's general path decides).
func hundredths(v float64) (n uint64, ok bool) {
	x := v * 100
	if !(x < 1<<40) {
		return 0, false
	}
	r := math.Floor(x)
	f := x - r
	if f > 0.499 && f < 0.501 {
		return 0, false
	}
	n = uint64(r)
	if f > 0.5 {
		n++
	}
	return n, true
}

// numWith is num(v) between prefix and suffix, in one string.
func numWith(prefix string, v float64, suffix string) string {
	var buf [64]byte
	return string(append(appendNum(append(buf[:0], prefix...), v), suffix...))
}

// pct formats a utilization as a whole percentage: 0.826 -> "83%".
func pct(u float64) string {
	var buf [32]byte
	return string(append(strconv.AppendFloat(buf[:0], 100*u, 'f', 0, 64), '%'))
}

// count formats a parameter or token count: 1.5T, 14.77B, 68.81M, 4,096.
func count(v float64) string {
	switch {
	case v >= 1e12:
		return numWith("", v/1e12, "T")
	case v >= 1e9:
		return numWith("", v/1e9, "B")
	case v >= 1e6:
		return numWith("", v/1e6, "M")
	}
	return num(v)
}

func modelName(m catalog.Model) string {
	if m.Name != "" {
		return m.Name
	}
	return count(m.Params)
}

func modeName(lang chat.Lang, r sizing.Request) string {
	switch r.Mode {
	case sizing.ModeFull:
		return chat.T(lang, "full-parameter training", "全参训练")
	case sizing.ModeLoRA, sizing.ModeQLoRA:
		name := "LoRA"
		if r.Mode == sizing.ModeQLoRA {
			name = "QLoRA"
		}
		if lang == chat.ZH {
			return name + " 微调（秩 " + strconv.Itoa(r.Rank) + "）"
		}
		return name + " r=" + strconv.Itoa(r.Rank)
	}
	if lang == chat.ZH {
		return "推理（" + string(r.Precision) + "）"
	}
	return "serving (" + string(r.Precision) + ")"
}

// derivedNames are the shape fields derived for a params= model, by their
// key names in the reply's language (层数、隐藏维度 in Chinese).
func derivedNames(lang chat.Lang, derived []string) string {
	names := make([]string, len(derived))
	for i, d := range derived {
		names[i] = keyWord(lang, d)
	}
	return strings.Join(names, chat.T(lang, ", ", "、"))
}

// recomputeShown is the recomputation a job uses as a reply writes it: the
// key=value in English (recompute=full), the words in Chinese (全部重计算).
func recomputeShown(lang chat.Lang, rc sizing.Recompute) string {
	if lang != chat.ZH {
		return "recompute=" + string(rc)
	}
	return recomputeWords.Get()[rc][1]
}

// recomputeWords are each recomputation's Chinese value and name.
var recomputeWords = advisor.Lazy[map[sizing.Recompute][2]string]{New: func() map[sizing.Recompute][2]string {
	return map[sizing.Recompute][2]string{
		sizing.RecomputeNone:      {"无", "不重计算"},
		sizing.RecomputeSelective: {"选择性", "选择性重计算"},
		sizing.RecomputeFull:      {"全部", "全部重计算"},
	}
}}

func tierName(lang chat.Lang, tier string) string {
	switch tier {
	case catalog.TierEntry:
		return chat.T(lang, "entry tier", "入门级")
	case catalog.TierMid:
		return chat.T(lang, "mid tier", "进阶级")
	}
	return chat.T(lang, "flagship tier", "旗舰级")
}

func linkName(lang chat.Lang, g catalog.GPU) string {
	switch g.Link {
	case catalog.LinkNVLink:
		return numWith("NVLink ", g.LinkGBs, chat.T(lang, " GB/s (NVSwitch, 8 per node)", " GB/s（NVSwitch，每节点 8 卡互联）"))
	case catalog.LinkNVLinkBridge:
		return numWith(chat.T(lang, "NVLink bridge ", "NVLink 桥 "), g.LinkGBs, chat.T(lang, " GB/s (pairs only)", " GB/s（仅两两互联）"))
	case catalog.LinkHCCS:
		return numWith("HCCS ", g.LinkGBs, " GB/s")
	}
	return chat.T(lang, "PCIe only, no NVLink", "仅 PCIe，无 NVLink")
}

// cardsOf is "4x NVIDIA A100 80GB SXM4" / "4 张 NVIDIA A100 80GB SXM4".
func cardsOf(lang chat.Lang, n int, g catalog.GPU) string {
	return strconv.Itoa(n) + chat.T(lang, "x ", " 张 ") + g.Name
}

// layoutName says how a job sits on its cards: "ZeRO-2 over 4", "TP 4 x PP 2".
func layoutName(lang chat.Lang, r sizing.Request, l sizing.Layout) string {
	var parts []string
	if r.Mode.Training() {
		if l.TensorParallel > 1 {
			parts = append(parts, chat.T(lang, "tensor parallel ", "张量并行 ")+strconv.Itoa(l.TensorParallel))
		}
		if l.DataParallel > 1 {
			parts = append(parts, chat.T(lang, "data parallel ", "数据并行 ")+strconv.Itoa(l.DataParallel)+chat.T(lang, ", ", "，")+"ZeRO-"+strconv.Itoa(l.Zero))
		}
	} else {
		if l.TensorParallel > 1 {
			parts = append(parts, chat.T(lang, "tensor parallel ", "张量并行 ")+strconv.Itoa(l.TensorParallel))
		}
		if l.PipelineParallel > 1 {
			parts = append(parts, chat.T(lang, "pipeline parallel ", "流水线并行 ")+strconv.Itoa(l.PipelineParallel))
		}
	}
	if len(parts) == 0 {
		return chat.T(lang, "one card", "单卡")
	}
	out := strings.Join(parts, " × ")
	if l.ExpertParallel > 1 {
		out += fmt.Sprintf(chat.T(lang, "; experts spread over all %d cards", "；专家分布到全部 %d 张卡"), l.ExpertParallel)
	}
	return out
}

// gpuOf is the option's card, or an empty row when there is none.
func gpuOf(o sizing.Option) catalog.GPU {
	if o.GPU == nil {
		return catalog.GPU{}
	}
	return *o.GPU
}

// sprintf is fmt.Sprintf for the verbs the replies use, %s of a string (or
// of the request's named string types) and %d of an int, with %[n] indexes, written without fmt's reflection (the
// benchmark showed fmt among the costliest calls of a reply); any other
// verb, flag or argument type, or arguments left over or missing, goes to
// fmt.Sprintf, so the result is always fmt's.
func sprintf(format string, args ...any) string {
	var buf [512]byte
	b := buf[:0]
	next, reordered := 0, false
	for i := 0; i < len(format); i++ {
		if k := strings.IndexByte(format[i:], '%'); k < 0 {
			b = append(b, format[i:]...)
			break
		} else {
			b = append(b, format[i:i+k]...)
			i += k + 1
		}
		if i >= len(format) {
			return fmt.Sprintf(format, args...)
		}
		arg := next
		if format[i] == '[' {
			j := strings.IndexByte(format[i:], ']')
			n, err := strconv.Atoi(format[i+1 : i+max(j, 1)])
			if j < 0 || err != nil || n < 1 || i+j+1 >= len(format) {
				return fmt.Sprintf(format, args...)
			}
			arg, reordered, i = n-1, true, i+j+1
		}
		if format[i] == '%' && arg == next && format[i-1] == '%' {
			b = append(b, '%')
			continue
		}
		if arg >= len(args) {
			return fmt.Sprintf(format, args...)
		}
		verb, ok := format[i], false
		switch v := args[arg].(type) {
		case string:
			b, ok = append(b, v...), verb == 's'
		case sizing.Optimizer: // the request's named strings (no String methods)
			b, ok = append(b, v...), verb == 's'
		case sizing.Recompute:
			b, ok = append(b, v...), verb == 's'
		case sizing.Precision:
			b, ok = append(b, v...), verb == 's'
		case sizing.Mode:
			b, ok = append(b, v...), verb == 's'
		case int:
			b, ok = strconv.AppendInt(b, int64(v), 10), verb == 'd'
		}
		if !ok {
			return fmt.Sprintf(format, args...)
		}
		next = arg + 1
	}
	if !reordered && next < len(args) {
		return fmt.Sprintf(format, args...) // fmt's %!(EXTRA ...)
	}
	return string(b)
}
