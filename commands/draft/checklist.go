package draft

import (
	"errors"

	"gpuadvisor/advisor/checklist"
)

// Gap is one checklist item the vendor's text left vague or missing.
type Gap struct {
	// ID is the checklist item id (hw.host).
	ID string
	// Status is "vague" or "missing".
	Status string
	// Evidence is the vendor's phrase that made it vague, if any.
	Evidence string
}

// Checker reads what a vendor said against the due-diligence checklist and
// returns the items it left vague or missing, in checklist order.
type Checker func(text string) ([]Gap, error)

// errNoMatcher: a Checker that cannot read vendor text.
var errNoMatcher = errors.New("checklist matcher not available")

// maxVendorText bounds the text read (the checklist command's limit).
const maxVendorText = 100 * 1024

// checklistGaps is the default Checker: the advisor's deterministic matcher
// (advisor/checklist.Check), its follow-up items.
func checklistGaps(text string) ([]Gap, error) {
	var gaps []Gap
	for _, f := range checklist.Check(text).FollowUp {
		gaps = append(gaps, Gap{ID: f.Item.ID, Status: string(f.Status), Evidence: f.Evidence})
	}
	return gaps, nil
}
