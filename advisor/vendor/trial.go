package vendor

import (
	"slices"

	"gpuadvisor/advisor"
)

// trialItem is what a failed trial check (an advisor/trial rule id) shows
// about the machines delivered: the checklist item it disproves, and
// whether that rules the vendor out for w (the machine is not the one
// sold, or faulty; no NVLink where the job needs one) or only needs
// settling (a slow network, an old driver, a hot card).
type trialItem struct {
	item  string
	rules []string
	fatal func(w Workload) bool
}

func always(Workload) bool      { return true }
func never(Workload) bool       { return false }
func multiCard(w Workload) bool { return w.Cards > 1 }

// trialItems map the trial's rules to checklist items.
var trialItems = []trialItem{
	{"hw.gpu_model", []string{"gpu_model", "form_factor", "memory", "gpu_count", "count_sources"}, always},
	{"hw.refurb", []string{"smi_error", "ecc", "xid", "gpu_burn", "nccl_wrong"}, always},
	{"hw.interconnect", []string{"nvlink", "nccl_nvlink"}, multiCard},
	{"hw.interconnect", []string{"busbw"}, never},
	{"net.intranet_bw", []string{"intranet_tcp", "udp_loss"}, never},
	{"hw.software", []string{"driver", "cuda"}, never},
	{"hw.refurb", []string{"power_cap", "temperature"}, never},
}

// trialFindings sorts a trial's failed checks: the deal-breakers for w,
// and the checklist items the other failures ask about.
func trialFindings(w Workload, t *Trial) (breakers []DealBreaker, settle []string) {
	if t == nil {
		return nil, nil
	}
	for _, rule := range t.Failed {
		for _, ti := range trialItems {
			if !slices.Contains(ti.rules, rule) {
				continue
			}
			if ti.fatal(w) {
				if !slices.ContainsFunc(breakers, func(d DealBreaker) bool { return d.Item == ti.item }) {
					name := itemName(ti.item)
					breakers = append(breakers, DealBreaker{Item: ti.item, Text: advisor.Text{
						EN: name.EN + " failed in its trial" + why(w, ti).EN,
						ZH: name.ZH + "在试用中未通过" + why(w, ti).ZH}})
				}
			} else if !slices.Contains(settle, ti.item) {
				settle = append(settle, ti.item)
			}
		}
	}
	return breakers, settle
}

// why says why a failed trial item rules the vendor out.
func why(w Workload, ti trialItem) advisor.Text {
	if ti.item == "hw.interconnect" {
		return advisor.Textf(", and your %d-card job needs a fast card-to-card link (NVLink)", "，而你们的 %d 卡任务需要高速卡间互联（NVLink）", w.Cards)
	}
	return advisor.Textf(": the machines delivered are not the ones sold, or are faulty", "：交付的机器与所售不符或有故障")
}

// failed is how many of a column's trial checks failed.
func failed(c Column) int {
	if c.Trial == nil {
		return 0
	}
	return len(c.Trial.Failed)
}

// trialRank orders by the trial: passed, then not run, then failed.
func trialRank(c Column) int {
	switch {
	case c.Trial.Passed():
		return 0
	case c.Trial == nil:
		return 1
	}
	return 2
}

// TrialItems are the checklist items the given trial rules check, each
// once, in the order of rules ("nvlink" → hw.interconnect); a rule the map
// does not know is left out.
func TrialItems(rules []string) []string {
	var out []string
	for _, r := range rules {
		for _, ti := range trialItems {
			if slices.Contains(ti.rules, r) && !slices.Contains(out, ti.item) {
				out = append(out, ti.item)
			}
		}
	}
	return out
}
