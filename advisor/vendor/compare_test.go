package vendor

import (
	"slices"
	"strings"
	"testing"
)

func TestKey(t *testing.T) {
	for _, tt := range []struct{ name, a, b string }{
		{"space inside Chinese", "酷算 云", "酷算云"},
		{"ideographic space", "酷算　云", "酷算云"},
		{"case", "AcmeGPU", "acmegpu"},
		{"full width", "ＡｃｍｅＧＰＵ", "AcmeGPU"},
		{"separators", "Acme-GPU", "acme gpu"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !Same(tt.a, tt.b) {
				t.Errorf("Key(%q) = %q, Key(%q) = %q; want one vendor", tt.a, Key(tt.a), tt.b, Key(tt.b))
			}
		})
	}
	if Same("酷算云", "算力港") || Same("", "") {
		t.Errorf("different or empty names count as one vendor")
	}
}

var training = Workload{GPU: "a100-80g-sxm", GPUName: "A100 80GB SXM", Cards: 8, Hours: 720, Months: 3}

func answered(risk int, risks ...string) *Check {
	return &Check{Verdict: "proceed", Covered: 10, Risk: risk, Risks: risks}
}

func monthly(gpu string, price float64) []Offer {
	return []Offer{{GPU: gpu, Monthly: price, Currency: "CNY", Date: "2026-11-20"}}
}

func texts(r Recommendation) string {
	var b strings.Builder
	for _, t := range append(slices.Clone(r.Reasons), r.Breaks...) {
		b.WriteString(t.EN + " | " + t.ZH + "\n")
	}
	return b.String()
}

func TestRecommendation(t *testing.T) {
	tests := []struct {
		name     string
		w        Workload
		es       []Evidence
		verdict  string
		vendor   string
		tie      []string
		contains []string
	}{
		{
			name: "a cheap vendor with a deal-breaker loses",
			w:    training,
			es: []Evidence{
				{Name: "A", Check: answered(1, "hw.interconnect"), Offers: monthly("a100-80g-sxm", 5000)},
				{Name: "B", Check: answered(0), Offers: monthly("a100-80g-sxm", 6000)},
			},
			verdict: Recommend, vendor: "B",
			contains: []string{"A is ¥8,000 a month cheaper but ruled out", "NVLink", "8-card", "no risks"},
		},
		{
			name: "office-hours support rules a vendor out for work around the clock",
			w:    Workload{GPU: "h20", GPUName: "H20", Cards: 1, Hours: 720, Months: 1},
			es: []Evidence{
				{Name: "A", Check: answered(1, "ops.night_response"), Offers: monthly("h20", 3000)},
				{Name: "B", Check: answered(0), Offers: monthly("h20", 4000)},
			},
			verdict: Recommend, vendor: "B", contains: []string{"A is ¥1,000 a month cheaper but ruled out", "around the clock"},
		},
		{
			name: "no NVLink is no deal-breaker on one card part-time",
			w:    Workload{GPU: "h20", GPUName: "H20", Cards: 1, Hours: 200, Months: 1},
			es: []Evidence{
				{Name: "A", Check: answered(1, "hw.interconnect"), Offers: monthly("h20", 3000)},
				{Name: "B", Check: answered(0), Offers: monthly("h20", 4000)},
			},
			verdict: Recommend, vendor: "A", contains: []string{"¥1,000 a month cheaper than B", "to settle before signing: 1"},
		},
		{
			name: "a vendor with no answers is ask first, never recommended over one that answered",
			w:    training,
			es: []Evidence{
				{Name: "Cheap", Offers: monthly("a100-80g-sxm", 3000)},
				{Name: "B", Check: answered(0), Offers: monthly("a100-80g-sxm", 6000)},
			},
			verdict: Recommend, vendor: "B",
			contains: []string{"Cheap is ¥24,000 a month cheaper but has not answered the checklist yet: ask first"},
		},
		{
			name: "a tie is called a tie with what would break it",
			w:    training,
			es: []Evidence{
				{Name: "A", Check: answered(0), Offers: monthly("a100-80g-sxm", 6000)},
				{Name: "B", Check: answered(0), Offers: monthly("a100-80g-sxm", 6020)},
			},
			verdict: Tie, tie: []string{"A", "B"},
			contains: []string{"A and B are a tie", "a trial of each", "a price more than ¥482 a month lower from either (1% of the cost)"},
		},
		{
			name: "only prices: compared on price, says what is missing",
			w:    training,
			es: []Evidence{
				{Name: "A", Offers: monthly("a100-80g-sxm", 6000)},
				{Name: "B", Offers: monthly("a100-80g-sxm", 5000)},
			},
			verdict:  AskFirst,
			contains: []string{"On price alone B is cheapest: ¥40,000 a month", "No vendor has answered", "answers to the checklist"},
		},
		{
			name: "fewer risks wins at the same price",
			w:    training,
			es: []Evidence{
				{Name: "A", Check: answered(2), Offers: monthly("a100-80g-sxm", 6000)},
				{Name: "B", Check: answered(0), Offers: monthly("a100-80g-sxm", 6000)},
			},
			verdict: Recommend, vendor: "B", contains: []string{"fewer risks in its answers than A (0 against 2)"},
		},
		{
			name: "every vendor ruled out",
			w:    training,
			es: []Evidence{
				{Name: "A", Check: answered(1, "hw.interconnect")},
			},
			verdict: NoneFits, contains: []string{"Every vendor is ruled out"},
		},
		{
			name: "no evidence", w: training, verdict: NoneFits, contains: []string{"No vendor has any evidence"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Compare(tt.w, tt.es).Recommendation
			if r.Verdict != tt.verdict || r.Vendor != tt.vendor || !slices.Equal(r.Tie, tt.tie) {
				t.Errorf("got verdict %q vendor %q tie %v, want %q %q %v\n%s", r.Verdict, r.Vendor, r.Tie, tt.verdict, tt.vendor, tt.tie, texts(r))
			}
			got := texts(r)
			for _, want := range tt.contains {
				if !strings.Contains(got, want) {
					t.Errorf("reasons lack %q; got\n%s", want, got)
				}
			}
			for _, line := range strings.Split(strings.TrimSpace(got), "\n") {
				if zh := line[strings.Index(line, " | ")+3:]; zh == "" || strings.Contains(zh, "%!") {
					t.Errorf("Chinese reason missing or misformatted: %q", line)
				}
			}
		})
	}
}

func TestColumn(t *testing.T) {
	w := Workload{GPU: "a100-80g-sxm", GPUName: "A100", Cards: 2, Hours: 300, Months: 3}
	tests := []struct {
		name          string
		e             Evidence
		stage         Stage
		priced        bool
		monthly, proj float64
		unknown       []string
		next          string
	}{
		{"on demand cheaper than monthly at 300 h", Evidence{Name: "A", Check: &Check{Covered: 5, Ask: []string{"hw.host"}, Missing: 1},
			Offers: []Offer{{GPU: "a100-80g-sxm", OnDemand: 10, Monthly: 5000, Currency: "CNY"}}},
			Quoted, true, 6000, 18000, []string{"open", "trial", "contract"}, "questions"},
		{"another card's price is no price", Evidence{Name: "A", Offers: monthly("h20", 100)},
			Quoted, false, 0, 0, []string{"answers", "price", "trial", "contract"}, "ask"},
		{"a contract's minimum term counts whole", Evidence{Name: "A", Check: answered(0),
			Contract: &Contract{GPU: "a100-80g-sxm", Cards: 2, TermMonths: 12, NoticeDays: 30, MonthlyPerCard: 4000, Currency: "CNY"}},
			Contracted, true, 8000, 96000, []string{"trial"}, "sla"},
		{"answered everything: trial next", Evidence{Name: "A", Check: answered(0)},
			Asked, false, 0, 0, []string{"price", "trial", "contract"}, "trial"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Compare(w, []Evidence{tt.e}).Columns[0]
			var codes []string
			for _, u := range c.Unknown {
				codes = append(codes, u.Code)
			}
			if c.Stage != tt.stage || c.Priced != tt.priced || c.Monthly != tt.monthly || c.Project != tt.proj || !slices.Equal(codes, tt.unknown) || c.Next.Kind != tt.next {
				t.Errorf("got stage %s priced %v monthly %v project %v unknown %v next %s; want %s %v %v %v %v %s",
					c.Stage, c.Priced, c.Monthly, c.Project, codes, c.Next.Kind, tt.stage, tt.priced, tt.monthly, tt.proj, tt.unknown, tt.next)
			}
		})
	}
}

// TestNextRenewal: a vendor whose contract is a stored renewal is next
// asked about that renewal (draft renewal <id>), naming what its e-mail
// still needs; open questions come first; a contract without an id, or a
// passed trial without a contract, still gets the SLA clauses.
func TestNextRenewal(t *testing.T) {
	w := Workload{GPU: "a100-80g-sxm", GPUName: "A100", Cards: 2, Hours: 300, Months: 3}
	contract := func(id string, ondemand float64, usage bool) *Contract {
		return &Contract{ID: id, GPU: "a100-80g-sxm", Cards: 2, TermMonths: 1, NoticeDays: 30, MonthlyPerCard: 4000, Currency: "CNY",
			Renews: "2027-03-01", OnDemand: ondemand, Usage: usage}
	}
	for _, tt := range []struct {
		name    string
		e       Evidence
		kind    string
		renewal string
		needs   []string
	}{
		{"usage and on-demand price recorded", Evidence{Name: "A", Check: answered(0), Contract: contract("r1", 9, true)}, "renewal", "r1", nil},
		{"no usage yet", Evidence{Name: "A", Check: answered(0), Contract: contract("r1", 9, false)}, "renewal", "r1", []string{"hours"}},
		{"neither", Evidence{Name: "A", Check: answered(0), Contract: contract("k7m2p9", 0, false)}, "renewal", "k7m2p9", []string{"ondemand", "hours"}},
		{"no answers yet: ask first", Evidence{Name: "A", Contract: contract("r1", 9, true)}, "ask", "", nil},
		{"open items first", Evidence{Name: "A", Check: &Check{Covered: 5, Missing: 1, Ask: []string{"hw.host"}}, Contract: contract("r1", 9, true)}, "questions", "", nil},
		{"a contract without an id", Evidence{Name: "A", Check: answered(0), Contract: contract("", 9, true)}, "sla", "", nil},
		{"a passed trial, no contract", Evidence{Name: "A", Check: answered(0), Trial: &Trial{Checks: 6}}, "sla", "", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n := Compare(w, []Evidence{tt.e}).Columns[0].Next
			if n.Kind != tt.kind || n.Renewal != tt.renewal || !slices.Equal(n.Needs, tt.needs) {
				t.Errorf("got next %s renewal %q needs %v, want %s %q %v", n.Kind, n.Renewal, n.Needs, tt.kind, tt.renewal, tt.needs)
			}
		})
	}
}
