package sizing

import "testing"

// Every option names the links its cards really talk over: NVLink (HCCS on
// Ascend) where it joins the cards, PCIe only where the card has none or the
// split reaches past it, and InfiniBand/RoCE between nodes past one node.
func TestLinkNames(t *testing.T) {
	for _, tc := range []struct {
		name            string
		req             Request
		cards           int
		inNode, between string
	}{
		{"one card: no link", Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeInfer, Seq: 4096, GPU: "a100-80g-sxm"}, 1, "", ""},
		{"single node PCIe: Llama-2-13B on 2 RTX 4090s", Request{Model: preset(t, "llama-2-13b"), Mode: ModeInfer, Seq: 4096, GPU: "rtx-4090"}, 2, NamePCIe, ""},
		{"single node NVLink: Llama-2-70B on 2 A100 SXM", Request{Model: preset(t, "llama-2-70b"), Mode: ModeInfer, Seq: 4096, GPU: "a100-80g-sxm"}, 2, NameNVLink, ""},
		{"multi-node NVLink+IB: Qwen2.5-72B full on 16 H20s", Request{Model: preset(t, "qwen2.5-72b"), Mode: ModeFull, Seq: 4096, GPU: "h20"}, 16, NameNVLink, NameNetwork},
		{"multi-node PCIe+IB: Qwen2.5-14B full on 16 RTX 4090s", Request{Model: preset(t, "qwen2.5-14b"), Mode: ModeFull, Seq: 4096, GPU: "rtx-4090"}, 16, NamePCIe, NameNetwork},
		{"multi-node HCCS+IB: Qwen2.5-72B full on 32 Ascend 910B", Request{Model: preset(t, "qwen2.5-72b"), Mode: ModeFull, Seq: 4096, GPU: "ascend-910b"}, 32, NameHCCS, NameNetwork},
	} {
		a := advise1(t, tc.req)
		if !a.Fits || a.Pick.Cards() != tc.cards {
			t.Errorf("%s: fits %v on %d cards, want %d cards", tc.name, a.Fits, a.Pick.Cards(), tc.cards)
			continue
		}
		in, between := LinkNames(tc.req.Mode, a.Pick)
		if in != tc.inNode || between != tc.between {
			t.Errorf("%s: links %q, %q; want %q, %q", tc.name, in, between, tc.inNode, tc.between)
		}
	}
}
