package sizing

import (
	"encoding/json"
	"os"
	"strconv"
	"testing"
)

// publishedContext is one row of testdata/longest_contexts.json: a context a
// serving engine release was started with for a model on a card.
type publishedContext struct {
	Model     string    `json:"model"`
	Precision Precision `json:"precision"`
	GPU       string    `json:"gpu"`
	Cards     int       `json:"cards"`
	Published int       `json:"published"`
	Max       bool      `json:"max"`
	Tolerance float64   `json:"tolerance"`
	Why       string    `json:"why"`
	Source    string    `json:"source"`
}

func loadPublishedContexts(t *testing.T) []publishedContext {
	t.Helper()
	b, err := os.ReadFile("testdata/longest_contexts.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Contexts []publishedContext `json:"contexts"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Contexts
}

// The longest context on the published cards, with the reserve of the release
// that published it (the model's serving_engine), holds every published
// setting (each started), and is within the row's tolerance of those that are
// the longest the release reported.
func TestPublishedLongestContexts(t *testing.T) {
	rows := loadPublishedContexts(t)
	if len(rows) < 5 {
		t.Fatalf("%d rows, want the whole table", len(rows))
	}
	for _, c := range rows {
		name := c.Model + " " + string(c.Precision) + " on " + strconv.Itoa(c.Cards) + "x " + c.GPU
		if c.Source == "" || c.Max == (c.Why != "") || c.Max && c.Tolerance <= 0 {
			t.Errorf("%s: a row needs a source, and a tolerance when max or a why when not", name)
			continue
		}
		m := preset(t, c.Model)
		if m.ServingEngine == "" {
			t.Errorf("%s: the model names no serving engine release", name)
		}
		a := advise1(t, Request{Model: m, Mode: ModeInfer, Precision: c.Precision, Seq: c.Published, GPU: c.GPU, Cards: c.Cards})
		got := a.Infer.MaxContext
		switch {
		case !a.Fits:
			t.Errorf("%s: %d tokens do not fit (%.1f%% of each card); the release started with them (%s)", name, c.Published, 100*a.Pick.Utilization, c.Source)
		case got < c.Published:
			t.Errorf("%s: longest context %d, under the published %d that started (%s)", name, got, c.Published, c.Source)
		case c.Max && float64(got) > float64(c.Published)*(1+c.Tolerance):
			t.Errorf("%s: longest context %d, more than %.0f%% over the published %d (%s)", name, got, 100*c.Tolerance, c.Published, c.Source)
		}
	}
}

// The figures docs/deployments.md quotes for the published longest contexts.
func TestPublishedLongestContextFigures(t *testing.T) {
	for _, c := range []struct {
		model     string
		precision Precision
		gpu       string
		want      int
	}{
		{"llama-4-scout", BF16, "h100-sxm", 1_337_406},
		{"llama-4-scout", BF16, "h200-sxm", 3_701_718},
		{"llama-4-maverick", FP8, "h100-sxm", 431_269},
		{"llama-4-maverick", FP8, "h200-sxm", 2_795_581}, // memory alone; the model's limit caps it at 1,048,576
	} {
		a := advise1(t, Request{Model: preset(t, c.model), Mode: ModeInfer, Precision: c.precision, Seq: 100_000, GPU: c.gpu, Cards: 8})
		if got := a.Infer.MemoryContext; got != c.want {
			t.Errorf("%s %s on 8x %s: longest context %d, docs say %d", c.model, c.precision, c.gpu, got, c.want)
		}
	}
}
