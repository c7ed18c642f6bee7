package prompts

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"gpuadvisor/internal/testkit"
)

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	testkit.Testdata(t, name, []byte(got))
}

// zeroReader makes the delimiter deterministic in golden prompts.
type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 0xAB
	}
	return len(p), nil
}

// The facts the tests draft from, as the commands would pass them.
var (
	slaTerms = SLATerms{Vendor: "酷算云", ResponseMin: 30, ReplaceMin: 240, OutageMin: 240, Comp: 2, Migration: true, Destruction: true}

	// questionsEN and questionsZH are the open questions of one checklist
	// check, in each language: data, in testdata/questions.json.
	questionsEN, questionsZH = readQuestions("en"), readQuestions("zh")

	renewalTerms = RenewalTerms{
		Vendor: "酷算云", GPU: "A100-80G", Cards: 8, Monthly: 15000, OnDemand: 35, Hours: []float64{310},
		Renews: "2027-03-01", Deadline: "2027-01-30", Action: "downgrade",
		BreakEven: 15000.0 / 35, MonthlyTotal: 120000, OnDemandCost: 310 * 35 * 8, AdvisedCost: 310 * 35 * 8, Savings: 120000 - 310*35*8,
	}
)

// readQuestions is the lang entry of testdata/questions.json.
func readQuestions(lang string) QuestionsInput {
	b, err := os.ReadFile(filepath.Join("testdata", "questions.json"))
	if err != nil {
		panic(err) // the package's tests cannot run without their facts
	}
	var all map[string]QuestionsInput
	if err := json.Unmarshal(b, &all); err != nil {
		panic(fmt.Sprintf("testdata/questions.json: %v", err))
	}
	return all[lang]
}
