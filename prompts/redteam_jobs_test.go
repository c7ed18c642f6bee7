package prompts

import "testing"

// The extra drafts of the red-team table (TestRedTeamRewrites), written by
// the real templates from other facts than the fixtures: a renewal kept at
// ¥3,000 per card per month on 8 H100s, and vendor questions that quote an
// availability and a delivery range.
var (
	renewal3k = RenewalTerms{
		Vendor: "算力港", GPU: "H100", Cards: 8, Monthly: 3000, OnDemand: 5, Hours: []float64{700},
		Renews: "2027-06-01", Deadline: "2027-05-02", Action: "keep",
		BreakEven: 600, MonthlyTotal: 24000, OnDemandCost: 700 * 5 * 8, AdvisedCost: 24000, Savings: 0,
	}
	questionsPct = map[string]QuestionsInput{
		EN: {Vendor: "算力港", Questions: []Question{
			{ID: "ct.sla_availability", Dimension: "Contract", Ask: "Will the contract state a monthly availability of at least 99.9% for every GPU node?"},
			{ID: "hw.delivery", Dimension: "Hardware", Ask: "Can 8 H100 80GB cards be delivered within 2–4 weeks of signature?"},
			{ID: "bill.storage", Dimension: "Billing", Ask: "Is the first 500 GB of storage per month free, and what does each extra TB cost in CNY?"},
		}},
		ZH: {Vendor: "算力港", Questions: []Question{
			{ID: "ct.sla_availability", Dimension: "合同", Ask: "合同能否写明每个 GPU 节点的月可用性不低于 99.9%？"},
			{ID: "hw.delivery", Dimension: "硬件", Ask: "8 张 H100 80GB 能否在签约后 2–4 周内交付？"},
			{ID: "bill.storage", Dimension: "计费", Ask: "每月前 500 GB 存储是否免费？超出部分每 TB 多少元？"},
		}},
	}
)

// redteamJobs are the jobs the red-team table names beyond jobFor's.
func redteamJobs(t *testing.T) map[string]job {
	t.Helper()
	out := map[string]job{}
	for _, lang := range []string{EN, ZH} {
		j, err := renewal3k.job(lang)
		if err != nil {
			t.Fatal(err)
		}
		out["renewal3k."+lang] = j
		j, err = questionsPct[lang].job(lang)
		if err != nil {
			t.Fatal(err)
		}
		out["questionspct."+lang] = j
	}
	return out
}
