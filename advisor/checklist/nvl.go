package checklist

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// nvlPart is a GPU sold as PCIe cards joined by NVLink bridges a few at a
// time ("H100 NVL"): its name promises NVLink inside a bridged group, not
// between every card of a machine, which only an NVSwitch board (SXM) gives.
type nvlPart struct {
	name   string // as the reply writes it
	term   string // normalized, before " nvl"
	group  int    // the most cards one set of bridges joins
	source string // where group comes from, with its date
}

// nvlParts are the NVL cards vendors rent out.
var nvlParts = []nvlPart{
	{"H100 NVL", "h100", 2, "AnandTech, \"NVIDIA Announces H100 NVL\" (GTC, March 2023), anandtech.com/show/18780: 2 H100 PCIe boards that come already bridged together"},
	{"H200 NVL", "h200", 4, "\"Nvidia's HPC AI chip is actually six chips\", November 2024, gixtools.net/2024/11/nvidia-hpc-ai-chip-is-actually-six-chips: the H200 NVL connects four cards, double the number of the H100 NVL"},
}

// nvlBound reads the card-to-card answer against an NVL part named in the
// text: with more cards than one set of bridges joins (or a count not
// given), NVLink, NVSwitch or all-to-all said of the machine does not hold
// between all its cards, so the item is vague with that reason, never
// covered by it. A risk (PCIe between the pairs, said) stays a risk, and a
// box of no more cards than a group (2卡H100 NVL) is read as usual.
func nvlBound(d *doc, f Finding) Finding {
	if f.Status == Risk {
		return f
	}
	for i := range d.segs {
		if d.asks(i) {
			continue
		}
		c := d.normText(window{i, i})
		p, ok := nvlIn(c)
		if !ok {
			continue
		}
		cards := cardCount(d.sentenceText(i))
		if cards > 0 && cards <= p.group {
			return f
		}
		claim := ""
		if f.Status == Covered {
			claim = f.Evidence
		}
		f.Status, f.Hedged, f.Evidence, f.Why = Vague, false, d.evidence(window{i, i}), nvlWhy(p, cards, claim)
		return f
	}
	return f
}

// nvlIn finds an NVL part in a normalized clause: "h100 nvl", "h100nvl",
// "h100-nvl", not "gb200 nvl72" (a rack with NVLink switches).
func nvlIn(c string) (nvlPart, bool) {
	for _, p := range nvlParts {
		for off := 0; ; {
			j := strings.Index(c[off:], p.term)
			if j < 0 {
				break
			}
			j += off
			rest := strings.TrimLeft(c[j+len(p.term):], " -")
			off = j + len(p.term)
			if (j == 0 || !isWordByte(c[j-1])) && strings.HasPrefix(rest, "nvl") && (len(rest) == 3 || !isWordByte(rest[3])) {
				return p, true
			}
		}
	}
	return nvlPart{}, false
}

// cardCount is the largest count of cards a normalized sentence gives:
// 8卡, 8张, 8块, 八卡, 双卡, 8 cards, 8 gpus, 8-gpu, 8x h100, h100 x8.
func cardCount(s string) int {
	most := 0
	for _, r := range []struct{ han, n string }{{"两", "2"}, {"二", "2"}, {"双", "2"}, {"四", "4"}, {"八", "8"}, {"十六", "16"}} {
		for _, u := range []string{"卡", "张", "块"} {
			if strings.Contains(s, r.han+u) {
				var n int
				fmt.Sscan(r.n, &n)
				most = max(most, n)
			}
		}
	}
	for i := 0; i < len(s); {
		if !isDigit(s[i]) || i > 0 && (isWordByte(s[i-1]) && s[i-1] != 'x' || s[i-1] == '.' || s[i-1] == '/') {
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
			continue
		}
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		var n int
		fmt.Sscan(s[i:j], &n)
		rest := s[j:]
		after := strings.TrimLeft(rest, " -")
		count := false
		switch {
		case i > 0 && s[i-1] == 'x' && (i < 2 || s[i-2] == ' '): // h100 x8
			count = j == len(s) || !isWordByte(s[j])
		case strings.HasPrefix(rest, "卡") && !strings.HasPrefix(rest, "卡时"), strings.HasPrefix(rest, "张"), strings.HasPrefix(rest, "块"):
			count = true
		case strings.HasPrefix(after, "card"), strings.HasPrefix(after, "gpu"):
			count = true
		case strings.HasPrefix(rest, "x") && len(rest) > 1 && !isDigit(strings.TrimLeft(rest[1:], " ")[0]): // 8x h100, not 8x400g
			count = true
		}
		if count && n > 0 && n <= 64 {
			most = max(most, n)
		}
		i = j
	}
	return most
}

// nvlWhy says why an NVL part does not make NVLink between all the cards.
func nvlWhy(p nvlPart, cards int, claim string) Text {
	group := Text{EN: "in pairs", ZH: "两两相连"}
	within := Text{EN: "a pair", ZH: "同一对"}
	if p.group > 2 {
		group = Text{EN: fmt.Sprintf("in groups of up to %d", p.group), ZH: fmt.Sprintf("最多 %d 张一组相连", p.group)}
		within = Text{EN: "a group", ZH: "同一组"}
	}
	box := Text{EN: fmt.Sprintf("with %d of them, a card reaches the cards outside its %s over PCIe", cards, strings.TrimPrefix(within.EN, "a ")),
		ZH: fmt.Sprintf("%d 张卡时，每张卡到%s之外的卡要走 PCIe", cards, strings.TrimPrefix(within.ZH, "同一"))}
	if cards == 0 {
		box = Text{EN: fmt.Sprintf("the text does not say how many; with more than %d, a card reaches the others over PCIe", p.group),
			ZH: fmt.Sprintf("没说有几张；超过 %d 张时，卡与卡之间要走 PCIe", p.group)}
	}
	holds := Text{EN: "so the name is no promise of NVLink between all the cards", ZH: "所以这个型号名并不承诺所有卡之间都有 NVLink"}
	if claim != "" {
		holds = Text{EN: fmt.Sprintf("so \"%s\" does not hold between all the cards", claim), ZH: fmt.Sprintf("所以“%s”在所有卡之间并不成立", claim)}
	}
	return Text{
		EN: fmt.Sprintf("%s cards are PCIe boards NVLink-bridged %s, not an NVSwitch board: %s, %s. Ask which cards are bridged and for nvidia-smi topo -m (NV# only within %s).",
			p.name, group.EN, box.EN, holds.EN, within.EN),
		ZH: fmt.Sprintf("%s 是用 NVLink 桥%s的 PCIe 卡，不是 NVSwitch 主板：%s，%s。请问清哪些卡之间装了桥，并要 nvidia-smi topo -m（只有%s内是 NV#）。",
			p.name, group.ZH, box.ZH, holds.ZH, within.ZH),
	}
}
