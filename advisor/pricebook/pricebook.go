// Package pricebook is a team's own GPU prices: what its vendors quoted, per
// card, kept so that card choice can be made by money (the team's prices
// first, then reference prices with their date and source, and only with no
// price at all the tier rule). See docs/pricing.md.
package pricebook

import (
	"cmp"
	"math"
	"slices"

	"gpuadvisor/advisor"
)

// Source says where a price came from.
type Source string

// The sources of a price, most trusted first.
const (
	Team      Source = "team"      // the team's own price book (its vendors' quotes)
	Reference Source = "reference" // a published price with its date and source
	None      Source = "none"      // no price: the choice fell back to the tier rule
)

// Limits of what a price book entry accepts.
const (
	MaxHourly  = 10000     // per card-hour, in the currency
	MaxMonthly = 2_000_000 // per card-month
	MaxNote    = 200       // characters
	MaxVendor  = 60        // characters
	MaxEntries = 200       // per team and channel
)

// Entry is one price a team keeps: a card at a vendor, per card. Zero
// means "not quoted" for OnDemand, Monthly and Spot; at least one is set.
type Entry struct {
	ID       string  `json:"id"`
	GPU      string  `json:"gpu"` // catalog id, e.g. a100-80g-sxm
	Vendor   string  `json:"vendor,omitempty"`
	OnDemand float64 `json:"ondemand,omitempty"` // per card-hour
	Monthly  float64 `json:"monthly,omitempty"`  // per card-month
	Spot     float64 `json:"spot,omitempty"`     // per card-hour
	Currency string  `json:"currency"`           // ISO 4217, CNY unless said
	Note     string  `json:"note,omitempty"`
	Date     string  `json:"date"` // YYYY-MM-DD the price was saved or quoted
	// Workload is what the price was quoted for, kept by `quote … save=yes`
	// (nil for a price set by hand).
	Workload *Workload `json:"workload,omitempty"`

	// Tenant and Channel are where it was saved; TeamWide shares it with
	// every channel of the tenant, each of which may then remove it.
	Tenant   string `json:"-"`
	Channel  string `json:"-"`
	TeamWide bool   `json:"team_wide,omitempty"`
	AddedBy  string `json:"-"`
}

// Workload is the workload a saved quote priced: Cards busy Hours a month
// each, for Months (0: not given), and the usage given by key (GB a month
// of each metered item by its line name, run_tokens, exit_egress_gb).
type Workload struct {
	Hours  float64            `json:"hours"`
	Cards  int                `json:"cards"`
	Months float64            `json:"months,omitempty"`
	Usage  map[string]float64 `json:"usage,omitempty"`
}

// Equal reports whether w and o describe the same workload (both nil
// counts as equal).
func (w *Workload) Equal(o *Workload) bool {
	if w == nil || o == nil {
		return w == o
	}
	if w.Hours != o.Hours || w.Cards != o.Cards || w.Months != o.Months || len(w.Usage) != len(o.Usage) {
		return false
	}
	for k, v := range w.Usage {
		if ov, ok := o.Usage[k]; !ok || ov != v {
			return false
		}
	}
	return true
}

// Clone is a copy of w that shares nothing with it; nil for nil.
func (w *Workload) Clone() *Workload {
	if w == nil {
		return nil
	}
	c := *w
	if w.Usage != nil {
		c.Usage = make(map[string]float64, len(w.Usage))
		for k, v := range w.Usage {
			c.Usage[k] = v
		}
	}
	return &c
}

// Price is the price a recommendation used, in the JSON every command
// shares: {ondemand, monthly, currency, source, vendor, date}.
type Price struct {
	OnDemand float64 `json:"ondemand,omitempty"`
	Monthly  float64 `json:"monthly,omitempty"`
	Currency string  `json:"currency,omitempty"`
	Source   Source  `json:"source"`
	Vendor   string  `json:"vendor,omitempty"`
	Date     string  `json:"date,omitempty"`
}

// Price is the entry as the price a recommendation cites.
func (e Entry) Price() Price {
	return Price{OnDemand: e.OnDemand, Monthly: e.Monthly, Currency: e.Currency, Source: Team, Vendor: e.Vendor, Date: e.Date}
}

// HourlyEquivalent is the entry's price per card-hour at hours busy hours a
// month: the cheaper of on-demand and the monthly fee spread over those
// hours (a monthly fee is paid whether the card is busy or not). It is 0
// when the entry has neither price, or hours is not positive.
func (e Entry) HourlyEquivalent(hours float64) float64 {
	best := math.Inf(1)
	if e.OnDemand > 0 {
		best = e.OnDemand
	}
	if e.Monthly > 0 && hours > 0 {
		best = min(best, e.Monthly/hours)
	}
	if math.IsInf(best, 1) {
		return 0
	}
	return best
}

// FieldError names the key of an entry the book refuses, with why in both
// languages.
type FieldError struct {
	Key string
	Why advisor.Text
}

func (e *FieldError) Error() string { return "price: " + e.Key + ": " + e.Why.EN }

func refuse(key, en, zh string, args ...any) error {
	return &FieldError{Key: key, Why: advisor.Textf(en, zh, args...)}
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// Validate reports the first thing the book cannot keep, as a *FieldError:
// no card, no price at all, a negative or absurd price, a monthly fee below
// 24 hours of on-demand (a swapped pair), spot above on-demand, or a note or
// vendor name too long.
func (e Entry) Validate() error {
	if e.GPU == "" {
		return refuse("gpu", "say which card the price is for", "请写明是哪张卡的价格")
	}
	for _, f := range []struct {
		key string
		v   float64
		max float64
	}{{"ondemand", e.OnDemand, MaxHourly}, {"monthly", e.Monthly, MaxMonthly}, {"spot", e.Spot, MaxHourly}} {
		if !finite(f.v) || f.v < 0 {
			return refuse(f.key, "a price cannot be negative (got %v)", "价格不能为负（收到 %v）", f.v)
		}
		if f.v > f.max {
			return refuse(f.key, "%s per card is above %s: is it the price of a whole machine or a year?", "每卡 %s 超过 %s：是不是整机或整年的价格？", advisor.Group(f.v), advisor.Group(f.max))
		}
	}
	if e.OnDemand == 0 && e.Monthly == 0 && e.Spot == 0 {
		return refuse("ondemand", "give at least one price per card: ondemand (per hour), monthly or spot", "至少给一个每卡价格：按需（每小时）、包月或竞价")
	}
	if e.OnDemand > 0 && e.Monthly > 0 && e.Monthly < 24*e.OnDemand {
		return refuse("monthly", "a monthly fee of %s is less than 24 hours at the on-demand %s per hour: are ondemand and monthly swapped?",
			"包月 %s 还不到按需 %s/小时的 24 小时费用：按需和包月是不是写反了？", advisor.Group(e.Monthly), advisor.Group(e.OnDemand))
	}
	if e.OnDemand > 0 && e.Spot > e.OnDemand {
		return refuse("spot", "spot %s per hour is above on-demand %s: spot is the discounted, reclaimable price", "竞价 %s/小时高于按需 %s：竞价应是可被回收的折扣价", advisor.Group(e.Spot), advisor.Group(e.OnDemand))
	}
	if n := len([]rune(e.Note)); n > MaxNote {
		return refuse("note", "the note has %d characters; at most %d", "备注有 %d 个字符，最多 %d 个", n, MaxNote)
	}
	if n := len([]rune(e.Vendor)); n > MaxVendor {
		return refuse("vendor", "the vendor name has %d characters; at most %d", "供应商名称有 %d 个字符，最多 %d 个", n, MaxVendor)
	}
	return nil
}

// Visible reports whether a request from channel of tenant sees the entry,
// and so may use or remove it: entries saved in that channel, and team-wide
// entries of the same tenant. A private channel's entries are never seen
// elsewhere.
func (e Entry) Visible(tenant, channel string) bool {
	return e.Tenant == tenant && (e.TeamWide || e.Channel == channel)
}

// Sort orders entries by card, then the cheapest on-demand price (unpriced
// last), then vendor and id: the order `price list` shows.
func Sort(es []Entry) {
	slices.SortFunc(es, func(a, b Entry) int {
		return cmp.Or(cmp.Compare(a.GPU, b.GPU), cmp.Compare(hourlyKey(a), hourlyKey(b)), cmp.Compare(a.Vendor, b.Vendor), cmp.Compare(a.ID, b.ID))
	})
}

func hourlyKey(e Entry) float64 {
	if e.OnDemand > 0 {
		return e.OnDemand
	}
	return math.Inf(1)
}

// ForGPU returns the entries for one catalog card, cheapest first.
func ForGPU(es []Entry, gpu string) []Entry {
	var out []Entry
	for _, e := range es {
		if e.GPU == gpu {
			out = append(out, e)
		}
	}
	Sort(out)
	return out
}

// Cheapest returns the entry with the lowest HourlyEquivalent at hours, and
// false when none has a price usable at those hours.
func Cheapest(es []Entry, hours float64) (Entry, bool) {
	var best Entry
	found := false
	for _, e := range es {
		h := e.HourlyEquivalent(hours)
		if h <= 0 {
			continue
		}
		if !found || h < best.HourlyEquivalent(hours) || (h == best.HourlyEquivalent(hours) && e.ID < best.ID) {
			best, found = e, true
		}
	}
	return best, found
}
