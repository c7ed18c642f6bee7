package tier

import (
	"strings"
	"testing"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
)

// An option's reply names the links its cards really talk over, in both
// languages: PCIe only on a card without NVLink (or past a bridged pair),
// NVLink inside each node and InfiniBand/RoCE between nodes past one node.
func TestOverLinks(t *testing.T) {
	c, err := catalog.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, model, gpu string
		mode             sizing.Mode
		en, zh           string
	}{
		{"one card", "qwen2.5-7b", "a100-80g-sxm", sizing.ModeInfer, "", ""},
		{"single node PCIe", "llama-2-13b", "rtx-4090", sizing.ModeInfer, "over PCIe", "走 PCIe"},
		{"single node NVLink", "llama-2-70b", "a100-80g-sxm", sizing.ModeInfer, "over NVLink", "走 NVLink"},
		{"multi-node NVLink and IB", "qwen2.5-72b", "h20", sizing.ModeFull,
			"over NVLink inside each node and InfiniBand/RoCE between nodes", "服务器内走 NVLink、服务器之间走 InfiniBand/RoCE"},
		{"multi-node PCIe and IB", "qwen2.5-14b", "rtx-4090", sizing.ModeFull,
			"over PCIe inside each node and InfiniBand/RoCE between nodes", "服务器内走 PCIe、服务器之间走 InfiniBand/RoCE"},
	} {
		m, ok := c.ModelByID(tc.model)
		if !ok {
			t.Fatalf("%s: no model %s", tc.name, tc.model)
		}
		a, err := sizing.Advise(sizing.Request{Model: m, Mode: tc.mode, Seq: 4096, GPU: tc.gpu, Zero: sizing.ZeroAuto}, c.GPUs())
		if err != nil || !a.Fits {
			t.Fatalf("%s: fits %v, err %v", tc.name, a.Fits, err)
		}
		if got := overLinks(chat.EN, tc.mode, a.Pick); got != tc.en {
			t.Errorf("%s (%d× %s): got %q, want %q", tc.name, a.Pick.Cards(), tc.gpu, got, tc.en)
		}
		if got := overLinks(chat.ZH, tc.mode, a.Pick); got != tc.zh {
			t.Errorf("%s (%d× %s) zh: got %q, want %q", tc.name, a.Pick.Cards(), tc.gpu, got, tc.zh)
		}
	}
}

// JSON says the links of every priced option and alternative: past one node
// the network with NVLink inside it, PCIe only on cards without NVLink.
func TestOptionInterconnectJSON(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		gpu        string
		cards      int
		want       sizing.Interconnect
	}{
		{"two-node A800 SXM option: NVLink and the network", "tier model=deepseek-v3 mode=infer", "a800-80g-sxm", 16,
			sizing.Interconnect{Link: sizing.LinkFast, Network: true, Efficiency: sizing.NetworkEfficiency}},
		{"the pick on one node: NVLink alone", "tier model=deepseek-v3 mode=infer", "h20", 8,
			sizing.Interconnect{Link: sizing.LinkFast, Efficiency: 1}},
		{"an RTX 4090 pair split over PCIe", "tier model=qwen2.5-14b mode=lora seq=4096", "rtx-4090", 2,
			sizing.Interconnect{Link: sizing.LinkPCIe, Efficiency: sizing.PCIeTrainingEfficiency}},
	} {
		d := tierData(t, tc.text)
		found := false
		for _, o := range d.PriceOptions {
			if o.GPU == tc.gpu && o.Cards == tc.cards {
				found = true
				if o.Interconnect != tc.want {
					t.Errorf("%s: price option interconnect %+v, want %+v", tc.name, o.Interconnect, tc.want)
				}
			}
		}
		if !found {
			t.Errorf("%s: no price option %d× %s", tc.name, tc.cards, tc.gpu)
		}
	}
	d := tierData(t, "tier model=qwen2.5-72b mode=full gpu=h20")
	for _, a := range d.Alternatives {
		want := sizing.Interconnect{Link: sizing.LinkFast, Efficiency: 1}
		if a.Cards > sizing.NodeCards {
			want = sizing.Interconnect{Link: sizing.LinkFast, Network: true, Efficiency: sizing.NetworkEfficiency}
		}
		if a.Interconnect != want {
			t.Errorf("alternative %s %d× %s: interconnect %+v, want %+v", a.Kind, a.Cards, a.GPU, a.Interconnect, want)
		}
	}
	if len(d.Alternatives) == 0 {
		t.Error("no alternatives for Qwen2.5-72B full on H20")
	}
}

// The Interconnect fact names the link that joins the cards: HCCS on
// Ascend, NVLink on NVIDIA's SXM boards.
func TestInterconnectFactNamesTheLink(t *testing.T) {
	for _, tc := range []struct{ name, text, want, not string }{
		{"Ascend 910B", "tier model=qwen2.5-72b mode=full gpu=ascend-910b --full", "HCCS joins the cards", "NVLink joins the cards"},
		{"Ascend 910B opening", "tier model=qwen2.5-72b mode=full gpu=ascend-910b", "ZeRO-3): HCCS needed;", "NVLink needed"},
		{"Ascend 910B opening zh", "选卡 模型=qwen2.5-72b 模式=全参 显卡=ascend-910b", "）：需要 HCCS；", "需要 NVLink"},
		{"Ascend 910B zh", "选卡 模型=qwen2.5-72b 模式=全参 显卡=ascend-910b --full", "HCCS 连通各卡", "NVLink 连通各卡"},
		{"H20", "tier model=qwen2.5-72b mode=full gpu=h20 --full", "NVLink joins the cards", "HCCS"},
		// the facts' link row is named for the card's link too
		{"Ascend 910B fact row", "tier model=qwen2.5-72b mode=infer gpu=ascend-910b --full", "\n  HCCS ", "\n  NVLink "},
		{"Ascend 910B fact row zh", "选卡 模型=qwen2.5-72b 模式=推理 显卡=ascend-910b --full", "\n  HCCS ", "\n  NVLink "},
		{"H20 fact row", "tier model=qwen2.5-72b mode=infer gpu=h20 --full", "\n  NVLink ", "\n  HCCS "},
	} {
		out := chat.RenderText(handle(t, tc.text))
		if !strings.Contains(out, tc.want) || strings.Contains(out, tc.not) {
			t.Errorf("%s: reply lacks %q or has %q", tc.name, tc.want, tc.not)
		}
	}
}
