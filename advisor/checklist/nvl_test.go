package checklist

import (
	"strings"
	"testing"
)

// TestNVL: an NVL part (PCIe cards NVLink-bridged a few at a time) named
// with more cards than one set of bridges joins does not make NVLink,
// NVSwitch or all-to-all between every card: the item is vague with why,
// never covered, in both languages.
func TestNVL(t *testing.T) {
	tests := []struct {
		text     string
		want     Status
		evidence string
		why      string // in the English reason; "" for the usual ones
	}{
		{"8卡H100 NVL 94G，NVLink全互联", Vague, "8卡H100 NVL 94G", `so "NVLink全互联" does not hold between all the cards`},
		{"8x H100 NVL 94GB, NVLink 600GB/s", Vague, "8x H100 NVL 94GB", "with 8 of them, a card reaches the cards outside its pair over PCIe"},
		{"H100 NVL 94G 八卡机 卡间NVLink 600GB/s", Vague, "H100 NVL 94G", "with 8 of them"},
		{"8卡H100 NVL，NVSwitch", Vague, "8卡H100 NVL", `"NVSwitch" does not hold`},
		{"我们是H100 NVL。卡间NVLink全互联。", Vague, "我们是H100 NVL", "the text does not say how many"},
		{"8卡H100 NVL", Vague, "8卡H100 NVL", "the name is no promise of NVLink between all the cards"},
		{"H100 NVL x8, cards are NVLinked", Vague, "H100 NVL x8", "with 8 of them"},
		{"8卡 H200 NVL 141G 4卡NVLink互联", Vague, "8卡 H200 NVL 141G 4卡NVLink互联", "in groups of up to 4"},
		// no more cards than a group: read as usual
		{"2卡H100 NVL 94G，NVLink 600GB/s", Covered, "NVLink 600GB/s", ""},
		{"4卡H200 NVL 141G，NVLink 900GB/s", Covered, "NVLink 900GB/s", ""},
		// PCIe between the pairs, said: the trap stands
		{"8卡H100 NVL 94G，两两NVLink桥接，对与对之间走PCIe", Risk, "两两NVLink桥接，对与对之间走PCIe", ""},
		// not NVL cards: a rack with NVLink switches, an SXM board
		{"GB200 NVL72 整机柜 NVLink全互联", Covered, "GB200 NVL72 整机柜 NVLink全互联", ""},
		{"8卡H100 SXM5 80G，NVSwitch全互联", Covered, "NVSwitch全互联", ""},
		// only asked about
		{"8卡H100 NVL能不能NVLink全互联？", Missing, "", ""},
	}
	for _, tt := range tests {
		f := findingOf(Check(tt.text), "hw.interconnect")
		if f.Status != tt.want || f.Evidence != tt.evidence || !strings.Contains(f.Why.EN, tt.why) {
			t.Errorf("Check(%q) hw.interconnect: %s %q %q; want %s %q with %q", tt.text, f.Status, f.Evidence, f.Why.EN, tt.want, tt.evidence, tt.why)
		}
		if tt.why != "" && (!strings.Contains(f.Why.ZH, "NVLink 桥") || !strings.Contains(f.Why.ZH, "topo -m")) {
			t.Errorf("Check(%q): Chinese reason %q does not say it", tt.text, f.Why.ZH)
		}
	}
	// every part says where its group size comes from
	for _, p := range nvlParts {
		if p.group < 2 || !strings.Contains(p.source, "20") || !strings.Contains(p.source, ".") {
			t.Errorf("%s: group %d, source %q: want a group and a dated source", p.name, p.group, p.source)
		}
	}
}

func TestCardCount(t *testing.T) {
	for s, want := range map[string]int{
		"8卡h100 nvl": 8, "h100 nvl x8": 8, "8x h100 nvl": 8, "八卡机": 8, "双卡h100 nvl": 2, "8 cards": 8, "8-gpu server": 8,
		"4卡nvlink互联，8卡一台": 8, "35元/卡时": 0, "1.8/卡时": 0, "8x400g roce": 0, "h100 nvl 94g": 0, "a100 80g": 0, "16张卡": 16,
	} {
		if got := cardCount(s); got != want {
			t.Errorf("cardCount(%q) = %d, want %d", s, got, want)
		}
	}
}
