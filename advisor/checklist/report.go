package checklist

// Report is a Result in one language: the JSON of `checklist check` (ids,
// statuses and counts as in Result; texts in the reader's language).
type Report struct {
	Items []ItemReport `json:"items"`
	// Total counts all items by status, Counts each dimension's: answered
	// items (covered, risk, vague) and open ones (missing) are kept apart.
	Total       Counts               `json:"total"`
	Counts      map[Dimension]Counts `json:"counts"`
	RedFlags    []FlagReport         `json:"red_flags"`
	FollowUp    []FollowUpReport     `json:"follow_up"` // by importance (Result.AskNext)
	Verdict     Verdict              `json:"verdict"`
	VerdictRule string               `json:"verdict_rule"`
	Reasons     []string             `json:"reasons"`
}

// ItemReport is one finding.
type ItemReport struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Dimension Dimension `json:"dimension"`
	Key       bool      `json:"key"`
	Status    Status    `json:"status"`
	Evidence  string    `json:"evidence"`
	Why       string    `json:"why"`
	Hedged    bool      `json:"hedged,omitempty"`
}

// FlagReport is one red flag.
type FlagReport struct {
	ID       string `json:"id"`
	Phrase   string `json:"phrase"`
	Evidence string `json:"evidence"`
	Count    int    `json:"count"`
	Why      string `json:"why"`
	// Severe: the flag alone gives avoid (no invoice, payment to a
	// personal account).
	Severe bool `json:"severe"`
}

// FollowUpReport is one question to send.
type FollowUpReport struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Key      bool   `json:"key"`
	Status   Status `json:"status"`
	Question string `json:"question"`
	Concrete string `json:"concrete"`
	Evidence string `json:"evidence,omitempty"`
}

// Report renders the result in lang ("zh" or "en").
func (r Result) Report(lang string) Report {
	rep := Report{Total: r.Counts, Counts: r.Scores, RedFlags: []FlagReport{}, FollowUp: []FollowUpReport{},
		Verdict: r.Verdict, VerdictRule: VerdictRule.In(lang), Reasons: []string{}}
	for _, f := range r.Findings {
		rep.Items = append(rep.Items, ItemReport{ID: f.Item.ID, Name: f.Item.Name.In(lang), Dimension: f.Item.Dimension, Key: f.Item.Key,
			Status: f.Status, Evidence: f.Evidence, Why: f.Why.In(lang), Hedged: f.Hedged})
	}
	for _, fl := range r.RedFlags {
		rep.RedFlags = append(rep.RedFlags, FlagReport{ID: fl.ID, Phrase: fl.Phrase, Evidence: fl.Evidence, Count: fl.Count, Why: fl.Why.In(lang), Severe: fl.Severe})
	}
	for _, f := range r.AskNext() {
		rep.FollowUp = append(rep.FollowUp, FollowUpReport{ID: f.Item.ID, Name: f.Item.Name.In(lang), Key: f.Item.Key, Status: f.Status,
			Question: f.Item.Question.In(lang), Concrete: f.Item.Concrete.In(lang), Evidence: f.Evidence})
	}
	for _, why := range r.Reasons {
		rep.Reasons = append(rep.Reasons, why.In(lang))
	}
	return rep
}
