package trial

import (
	"fmt"
	"slices"
	"strings"

	"gpuadvisor/chat"
)

// The short reply of `trial check`: what every surface shows first.
const (
	// shortFacts is how many facts it shows, the ones promises are checked
	// against first.
	shortFacts = 4
	// shortWarnings is how many findings it lists: every mismatch first,
	// then the warnings, up to this many.
	shortWarnings = 6
	// maxNextPaste is the longest command line the terminal's next step
	// repeats; past it the step says --full on the same input.
	maxNextPaste = 80
)

// factOrder ranks the facts for the short reply (English labels): the
// GPUs, then what a promise is compared with, then the health readings.
var factOrder = []string{"nvidia-smi", "GPUs", "Interconnect", "iperf3", "iperf 2", "NCCL", "fio", "Disks", "ECC", "Xid (dmesg)", "gpu_burn", "Driver / CUDA", "Memory per GPU", "Temperature", "Power"}

// shortCheck is the check in short, like every command's first reply
// (chat.Brief): title and summary, the most telling facts, the mismatches
// and warnings, and how to get the rest. The rest (the promised-vs-measured
// table, the GPU, topo -m and iperf3 tables, the unproven promises, the
// rules applied) comes with Details: a button that runs asked again with
// --full when the command line fits in one (chat.MaxDetailsValue), else a
// line saying to send it again with --full. A pasted tool output is long:
// the terminal's next step repeats the command line only up to
// maxNextPaste characters.
func shortCheck(lang chat.Lang, asked string, cli bool, full chat.Reply) chat.Reply {
	s := full
	s.Tables, s.Sections, s.Buttons = nil, nil, nil
	s.Facts = pickFacts(lang, full.Facts)
	fails := len(full.Data.(checkData).Mismatches)
	s.Warnings = full.Warnings[:min(len(full.Warnings), max(shortWarnings, fails))]
	if n := len(full.Warnings) - len(s.Warnings); n > 0 {
		s.Warnings = append(slices.Clip(s.Warnings), chat.T(lang, plural(n, "more finding", "more findings")+": see Details",
			fmt.Sprintf("另有 %d 条：见详情", n)))
	}
	label := detailsLabel(lang, full)
	switch {
	case !cli && len(asked) <= chat.MaxDetailsValue || cli && len(asked) <= maxNextPaste:
		s.Buttons = []chat.Button{{Action: chat.ActionDetails, Label: label, Value: asked}}
	case cli:
		s.Sections = []chat.Section{{Title: chat.T(lang, "Next", "下一步"), Lines: []string{chat.T(lang,
			label+": run the same command with --full.", label+"：在同一命令中加上 --full 再运行一次。")}}}
		s.Full = true // already short: the terminal prints it as it is
	default:
		s.Sections = []chat.Section{{Title: chat.T(lang, "Next", "下一步"), Lines: []string{chat.T(lang,
			label+": send the same command with --full (the paste is too long for a button).",
			label+"：用同样的粘贴内容再发送一次，并加上 --full（粘贴内容太长，无法放进按钮）。")}}}
	}
	return s
}

// pickFacts keeps the shortFacts facts that rank first in factOrder, in
// that order.
func pickFacts(lang chat.Lang, facts []chat.Fact) []chat.Fact {
	var out []chat.Fact
	for _, en := range factOrder {
		for _, f := range facts {
			if len(out) < shortFacts && f.Label == labelIn(lang, en) {
				out = append(out, f)
			}
		}
	}
	return out
}

// labelIn is a fact's label in lang (facts.go writes them).
func labelIn(lang chat.Lang, en string) string {
	zh := map[string]string{"GPUs": "GPU", "Interconnect": "卡间互联", "ECC": "ECC", "Xid (dmesg)": "Xid（dmesg）", "Driver / CUDA": "驱动 / CUDA",
		"Memory per GPU": "每卡显存", "Temperature": "温度", "Power": "功耗", "Disks": "磁盘"}
	if z, ok := zh[en]; ok {
		return chat.T(lang, en, z)
	}
	return en
}

// detailsLabel names what Details brings: "Details (4 tables, rules
// applied)".
func detailsLabel(lang chat.Lang, full chat.Reply) string {
	var parts []string
	if n := len(full.Tables); n > 0 {
		parts = append(parts, chat.T(lang, plural(n, "table", "tables"), fmt.Sprintf("%d 张表", n)))
	}
	for _, sec := range full.Sections {
		t := sec.Title
		if lang == chat.EN && t != "" && t[0] >= 'A' && t[0] <= 'Z' && !strings.HasPrefix(t, "NVLink") {
			t = string(t[0]+'a'-'A') + t[1:]
		}
		parts = append(parts, t)
	}
	if len(parts) == 0 {
		return chat.T(lang, "Details", "详情")
	}
	return chat.T(lang, "Details (", "详情（") + strings.Join(parts, chat.T(lang, ", ", "、")) + chat.T(lang, ")", "）")
}
