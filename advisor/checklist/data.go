package checklist

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"gpuadvisor/advisor"
)

// checklistJSON is the checklist as data: the dimensions, and every item
// with its wording, the terms that match it and its traps
// (docs/checklist.md). Term lists are "|"-separated; "@name" stands for a
// list of the file's "lists" (units, "yes" words, shared trap phrases).
//
//go:embed checklist.json
var checklistJSON []byte

// dataFile is checklist.json; its keys are the field names in lower case.
// A *string term list is absent (nil: no condition) or present ("" is the
// one term "": any number, for units).
type dataFile struct {
	Note       string
	Lists      map[string]string
	Dimensions []struct {
		ID      Dimension
		Title   Text
		Aliases string
	}
	Items []itemRow
}

type itemRow struct {
	ID                            string
	Dimension                     Dimension
	Key                           bool
	Name, Question, Why, Concrete Text
	Topics                        *string
	Gate                          *struct {
		Note           string
		Need, Not, But *string
		Wide           bool
	}
	Min     int
	Signals []signalRow
	Traps   []struct {
		When, Neg *string
		Unless    []signalRow
		Vague     bool
		Why       Text
	}
}

type signalRow struct {
	Terms, Also, Units *string
	Version            bool
	AnyPolarity        bool `json:"any_polarity"`
	Sentence           bool `json:"sentence"`
}

// checklistData is the checklist decoded: the items in order and the
// dimensions' titles and aliases.
type checklistData struct {
	items  []Item
	titles map[Dimension]Text
	alias  map[string]Dimension
	lists  map[string][]string // the shared lists, by name
}

// loadData decodes checklist.json once.
var loadData = advisor.Lazy[*checklistData]{New: func() *checklistData { return advisor.MustParse("checklist.json", checklistJSON, parseData) }}

// allItems is every item, dimension by dimension, with its name and traps.
func allItems() []Item { return loadData.Get().items }

// parseData decodes and checks the checklist data: known dimensions, ids
// unique and prefixed by their dimension, every wording in both languages,
// topics and signals for every item, a signal that can fail, a trap with
// phrases and a reason, and no unknown "@list".
func parseData(b []byte) (*checklistData, error) {
	var f dataFile
	if err := advisor.DecodeStrict(b, &f); err != nil {
		return nil, err
	}
	p := termParser{lists: f.Lists}
	out := &checklistData{titles: map[Dimension]Text{}, alias: map[string]Dimension{}, lists: map[string][]string{}}
	for name, l := range f.Lists {
		out.lists[name] = p.list(&l)
	}
	for _, r := range f.Dimensions {
		if err := bothLanguages(string(r.ID)+" title", r.Title); err != nil {
			return nil, err
		}
		out.titles[r.ID] = r.Title
		for _, a := range w(r.Aliases) {
			out.alias[a] = r.ID
		}
	}
	prefix := map[Dimension]string{Hardware: "hw.", Network: "net.", Billing: "bill.", Operations: "ops.", Security: "sec.", Trial: "trial.", Contract: "ct."}
	for _, d := range Dimensions() {
		if _, ok := out.titles[d]; !ok {
			return nil, fmt.Errorf("dimension %s has no row", d)
		}
	}
	seen := map[string]bool{}
	for _, r := range f.Items {
		if seen[r.ID] {
			return nil, fmt.Errorf("%s: listed twice", r.ID)
		}
		seen[r.ID] = true
		if pre, ok := prefix[r.Dimension]; !ok || !strings.HasPrefix(r.ID, pre) {
			return nil, fmt.Errorf("%s: dimension %q is unknown or does not match the id", r.ID, r.Dimension)
		}
		for name, tx := range map[string]Text{"name": r.Name, "question": r.Question, "why": r.Why, "concrete": r.Concrete} {
			if err := bothLanguages(r.ID+" "+name, tx); err != nil {
				return nil, err
			}
		}
		it := Item{ID: r.ID, Name: r.Name, Dimension: r.Dimension, Question: r.Question, Why: r.Why, Concrete: r.Concrete, Key: r.Key,
			topics: p.list(r.Topics), min: r.Min, signals: p.signals(r.Signals)}
		if g := r.Gate; g != nil {
			it.gate = gate{need: p.list(g.Need), not: p.list(g.Not), but: p.list(g.But), wide: g.Wide}
		}
		if len(it.topics) == 0 || len(it.signals) == 0 {
			return nil, fmt.Errorf("%s: needs topics and signals to be matched", r.ID)
		}
		signals := it.signals
		for _, t := range r.Traps {
			tr := trap{when: p.list(t.When), neg: p.list(t.Neg), unless: p.signals(t.Unless), vague: t.Vague, why: t.Why}
			if len(tr.when) == 0 && len(tr.neg) == 0 {
				return nil, fmt.Errorf("%s: a trap needs phrases", r.ID)
			}
			if err := bothLanguages(r.ID+" trap", t.Why); err != nil {
				return nil, err
			}
			it.traps = append(it.traps, tr)
			// A trap's positive phrases are topics too ("逻辑删除" is about data destruction).
			it.topics = append(it.topics, tr.when...)
			signals = append(slices.Clip(signals), tr.unless...)
		}
		for _, s := range signals {
			if len(s.terms) == 0 && len(s.units) == 0 {
				return nil, fmt.Errorf("%s: a signal with neither terms nor units always holds", r.ID)
			}
		}
		out.items = append(out.items, it)
	}
	if p.err != nil {
		return nil, p.err
	}
	return out, nil
}

// bothLanguages checks that a wording has English and Chinese.
func bothLanguages(where string, t Text) error {
	if strings.TrimSpace(t.EN) == "" || !strings.ContainsFunc(t.ZH, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
		return fmt.Errorf("%s must have English and Chinese wording, got %+v", where, t)
	}
	return nil
}

// termParser expands term lists, keeping the first error.
type termParser struct {
	lists map[string]string
	err   error
}

// list splits a "|"-separated list and expands "@name" from the file's
// lists; nil stays nil.
func (p *termParser) list(s *string) []string {
	if s == nil {
		return nil
	}
	out := []string{}
	for _, x := range w(*s) {
		if name, ok := strings.CutPrefix(x, "@"); ok {
			l, found := p.lists[name]
			if !found && p.err == nil {
				p.err = fmt.Errorf("unknown list @%s", name)
			}
			out = append(out, w(l)...)
			continue
		}
		out = append(out, x)
	}
	return out
}

func (p *termParser) signals(rows []signalRow) []signal {
	var out []signal
	for _, r := range rows {
		out = append(out, signal{terms: p.list(r.Terms), also: p.list(r.Also), units: p.list(r.Units), version: r.Version, anyPolarity: r.AnyPolarity, sentence: r.Sentence})
	}
	return out
}
