package catalog

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"

	"gpuadvisor/advisor"
)

//go:embed prices.json
var pricesJSON []byte

// Currencies a reference price is quoted in.
const (
	CNY = "CNY"
	USD = "USD"
)

// PriceRow is one published price of one card in one market: a provider's
// list price or a market survey's figure, per card, with its source and date.
type PriceRow struct {
	GPU    string `json:"gpu"`
	Market string `json:"market"`
	// Currency is CNY or USD.
	Currency string `json:"currency"`
	// OnDemand is the low and high price per card-hour.
	OnDemand [2]float64 `json:"on_demand"`
	// Monthly is the low and high price per card-month; zero when the
	// source publishes none.
	Monthly [2]float64 `json:"monthly"`
	// Vendor is the provider the price is from, when the source names one.
	Vendor string `json:"vendor,omitempty"`
	// Source says where the figure comes from, in words; SourceZH in Chinese.
	Source   string `json:"source"`
	SourceZH string `json:"source_zh"`
	// URL is the source's address ("" for a printed guide).
	URL string `json:"url"`
	// Date is when the figure was published or read: YYYY, YYYY-MM or YYYY-MM-DD.
	Date string `json:"date"`
}

// NotFound records a card searched for a reference price in a market and
// not found: it has none there, and replies say so.
type NotFound struct {
	GPU      string `json:"gpu"`
	Market   string `json:"market"`
	Searched string `json:"searched"`
	Note     string `json:"note"`
	NoteZH   string `json:"note_zh"`
}

// Reference is a card's reference price in one market: every row of it,
// and the range they span.
type Reference struct {
	GPU, Market, Currency string
	// OnDemand is the lowest low and the highest high of the rows, per card-hour.
	OnDemand [2]float64
	// Monthly is the same for the rows that publish a monthly price (zero
	// when none does).
	Monthly [2]float64
	// Rows are the published figures, in the file's order.
	Rows []PriceRow
}

// Midpoint is the middle of the on-demand range: what cards are ranked by.
func (r Reference) Midpoint() float64 { return (r.OnDemand[0] + r.OnDemand[1]) / 2 }

// MonthlyMidpoint is the middle of the monthly range, 0 when none is published.
func (r Reference) MonthlyMidpoint() float64 { return (r.Monthly[0] + r.Monthly[1]) / 2 }

// Latest is the newest date of the rows.
func (r Reference) Latest() string {
	d := ""
	for _, row := range r.Rows {
		d = max(d, row.Date)
	}
	return d
}

// Prices is the reference price book: per market, per card.
type Prices struct {
	refs     map[string]map[string]Reference // market -> gpu -> reference
	notFound map[string]map[string]NotFound
	rows     []PriceRow
}

var datePattern = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^\d{4}(-\d{2}(-\d{2})?)?$`)
}}

// ParsePrices reads prices.json and checks every row against the GPU
// catalog: a known card and market, a currency, 0 < low ≤ high, a source
// and a date.
func ParsePrices(b []byte, gpus []GPU) (*Prices, error) {
	var f struct {
		Note     string     `json:"note"`
		Rows     []PriceRow `json:"rows"`
		NotFound []NotFound `json:"not_found"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("price catalog: %w", err)
	}
	known := map[string]bool{}
	for _, g := range gpus {
		known[g.ID] = true
	}
	p := &Prices{refs: map[string]map[string]Reference{}, notFound: map[string]map[string]NotFound{}, rows: f.Rows}
	for i, r := range f.Rows {
		where := fmt.Sprintf("price catalog: row %d (%s, %s)", i+1, r.GPU, r.Market)
		switch {
		case !known[r.GPU]:
			return nil, fmt.Errorf("%s: no such card in the GPU catalog", where)
		case !slices.Contains(Markets, r.Market):
			return nil, fmt.Errorf("%s: unknown market", where)
		case r.Currency != CNY && r.Currency != USD:
			return nil, fmt.Errorf("%s: currency %q is not CNY or USD", where, r.Currency)
		case !(r.OnDemand[0] > 0 && r.OnDemand[0] <= r.OnDemand[1]):
			return nil, fmt.Errorf("%s: on_demand %v must be 0 < low ≤ high", where, r.OnDemand)
		case r.Monthly != [2]float64{} && !(r.Monthly[0] > 0 && r.Monthly[0] <= r.Monthly[1]):
			return nil, fmt.Errorf("%s: monthly %v must be 0 < low ≤ high, or absent", where, r.Monthly)
		case r.Source == "" || r.SourceZH == "":
			return nil, fmt.Errorf("%s: a source is required, in English and Chinese (source, source_zh)", where)
		case !datePattern.Get().MatchString(r.Date):
			return nil, fmt.Errorf("%s: date %q is not YYYY, YYYY-MM or YYYY-MM-DD", where, r.Date)
		}
		m := p.refs[r.Market]
		if m == nil {
			m = map[string]Reference{}
			p.refs[r.Market] = m
		}
		ref, seen := m[r.GPU]
		if !seen {
			ref = Reference{GPU: r.GPU, Market: r.Market, Currency: r.Currency, OnDemand: r.OnDemand}
		} else if ref.Currency != r.Currency {
			return nil, fmt.Errorf("%s: currency %s differs from the card's other rows (%s)", where, r.Currency, ref.Currency)
		}
		ref.OnDemand = [2]float64{min(ref.OnDemand[0], r.OnDemand[0]), max(ref.OnDemand[1], r.OnDemand[1])}
		if r.Monthly != [2]float64{} {
			if ref.Monthly == [2]float64{} {
				ref.Monthly = r.Monthly
			}
			ref.Monthly = [2]float64{min(ref.Monthly[0], r.Monthly[0]), max(ref.Monthly[1], r.Monthly[1])}
		}
		ref.Rows = append(ref.Rows, r)
		m[r.GPU] = ref
	}
	for _, n := range f.NotFound {
		switch {
		case !known[n.GPU] || !slices.Contains(Markets, n.Market):
			return nil, fmt.Errorf("price catalog: not_found %s in %s: unknown card or market", n.GPU, n.Market)
		case n.Note == "" || n.NoteZH == "" || !datePattern.Get().MatchString(n.Searched):
			return nil, fmt.Errorf("price catalog: not_found %s in %s: a note in both languages and the date searched are required", n.GPU, n.Market)
		}
		if _, ok := p.refs[n.Market][n.GPU]; ok {
			return nil, fmt.Errorf("price catalog: %s in %s is both priced and not found", n.GPU, n.Market)
		}
		if p.notFound[n.Market] == nil {
			p.notFound[n.Market] = map[string]NotFound{}
		}
		p.notFound[n.Market][n.GPU] = n
	}
	return p, nil
}

// Reference is card id's reference price in market; false when none is published.
func (p *Prices) Reference(market, id string) (Reference, bool) {
	r, ok := p.refs[market][id]
	return r, ok
}

// NotFound is why card id has no reference price in market, when it was
// searched for and none was found.
func (p *Prices) NotFound(market, id string) (NotFound, bool) {
	n, ok := p.notFound[market][id]
	return n, ok
}

// Rows are every published figure, in the file's order.
func (p *Prices) Rows() []PriceRow { return p.rows }

var referencePrices = advisor.Lazy[loaded[*Prices]]{New: func() loaded[*Prices] {
	c, err := Default()
	if err != nil {
		return loaded[*Prices]{nil, err}
	}
	p, err := ParsePrices(pricesJSON, c.GPUs())
	return loaded[*Prices]{p, err}
}}

// ReferencePrices returns the embedded reference prices (prices.json). The
// error is only ever a defect in the embedded file (the tests load it).
func ReferencePrices() (*Prices, error) {
	l := referencePrices.Get()
	return l.v, l.err
}
