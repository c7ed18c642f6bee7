package sizing

import "gpuadvisor/advisor/catalog"

// Interconnect efficiencies: the share of a job's speed a layout keeps for
// the link its cards talk over. They change job time and serving speed,
// never the fit: tensor parallelism and ZeRO-3 over PCIe run every day on
// rented RTX 4090s, slower, not impossible. The MFU and serving efficiency
// defaults already assume cards that talk over NVLink (or HCCS) inside a
// node, so that link keeps 1. PCIe 4.0 x16 all-reduces at about 25 GB/s
// per direction against 300-450 GB/s on NVLink (docs/pricing.md#interconnect): a
// tensor-parallel decode step exchanges a few activations per layer, so
// serving loses a quarter; training all-reduces every gradient (and with
// ZeRO-3 gathers every weight) each step, so it loses half. Across nodes
// the network (InfiniBand or RoCE) takes a tenth more. These are the
// advisor's stated planning figures, not measurements: every answer that
// uses one says so.
const (
	PCIeServingEfficiency  = 0.75
	PCIeTrainingEfficiency = 0.5
	NetworkEfficiency      = 0.9
)

// Links a layout's cards talk over.
const (
	LinkNone    = "none"    // one card: no card-to-card traffic
	LinkFast    = "nvlink"  // NVLink (or HCCS) joins every card the layout spans
	LinkPCIe    = "pcie"    // the split or the gradient all-reduce runs over PCIe
	LinkNetwork = "network" // past one node, between nodes (with the in-node link)
)

// Interconnect is the link an option's cards talk over and the share of
// the job's speed it keeps.
type Interconnect struct {
	// Link is LinkNone, LinkFast or LinkPCIe for the traffic inside a node.
	Link string `json:"link"`
	// Network is set past one node: the nodes talk over InfiniBand or RoCE.
	Network bool `json:"network,omitempty"`
	// Efficiency multiplies job speed: 1 on NVLink, PCIeServingEfficiency
	// or PCIeTrainingEfficiency over PCIe, × NetworkEfficiency across nodes.
	Efficiency float64 `json:"efficiency"`
}

// InterconnectOf is the link option o's cards talk over for mode, and what
// it costs in speed. Heavy traffic is a split model (tensor or pipeline
// parallel, ZeRO-3) or full training's gradient all-reduce; LoRA's data
// parallelism all-reduces only the adapters, which PCIe carries at full
// speed.
func InterconnectOf(mode Mode, o Option) Interconnect {
	if o.GPU == nil || o.Cards() <= 1 {
		return Interconnect{Link: LinkNone, Efficiency: 1}
	}
	ic := Interconnect{Link: LinkFast, Efficiency: 1, Network: o.NeedsInfiniBand}
	heavy := o.NeedsNVLink || mode == ModeFull
	// full training all-reduces every gradient each step: only an NVLink
	// or HCCS switch carries it at speed, not a bridge that may be missing
	slow := min(o.Cards(), NodeCards) > o.GPU.MaxSplit() || mode == ModeFull && o.GPU.MaxSplit() < NodeCards
	if heavy && slow {
		ic.Link = LinkPCIe
		ic.Efficiency = PCIeServingEfficiency
		if mode.Training() {
			ic.Efficiency = PCIeTrainingEfficiency
		}
	} else if !heavy && !o.GPU.NVLinkClass() {
		ic.Link = LinkPCIe // light traffic: PCIe carries it at full speed
	}
	if ic.Network {
		ic.Efficiency *= NetworkEfficiency
	}
	return ic
}

// Link names as datasheets and vendors write them (the same in every language).
const (
	NameNVLink  = "NVLink"
	NameHCCS    = "HCCS" // Huawei's NVLink counterpart between Ascend NPUs
	NamePCIe    = "PCIe"
	NameNetwork = "InfiniBand/RoCE"
)

// LinkNames names the links option o's cards really talk over for mode:
// inNode is the link inside a node (NVLink, or HCCS on Ascend, when it
// joins every card the traffic needs; PCIe on a card without it, or where a
// heavy split reaches past it), between is NameNetwork past one node. One
// card talks over nothing: both are empty.
func LinkNames(mode Mode, o Option) (inNode, between string) {
	ic := InterconnectOf(mode, o)
	switch ic.Link {
	case LinkNone:
		return "", ""
	case LinkPCIe:
		inNode = NamePCIe
	default:
		inNode = NameNVLink
		if o.GPU.Link == catalog.LinkHCCS {
			inNode = NameHCCS
		}
	}
	if ic.Network {
		between = NameNetwork
	}
	return inNode, between
}
