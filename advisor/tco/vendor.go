package tco

import (
	"math"

	"gpuadvisor/advisor"
)

// Line is one line item of a monthly bill. Its value is the JSON key used in
// "line_items".
type Line string

// The line items of a monthly TCO, in bill order.
const (
	GPU       Line = "gpu"
	Storage   Line = "storage"
	Snapshots Line = "snapshots"
	Egress    Line = "egress"
	Intranet  Line = "intranet"
	Support   Line = "support"
	Licences  Line = "licences"
)

// Lines lists every line item in bill order.
var Lines = []Line{GPU, Storage, Snapshots, Egress, Intranet, Support, Licences}

// Extras are the line items besides GPU time, in bill order.
var Extras = []Line{Storage, Snapshots, Egress, Intranet, Support, Licences}

// Metered are the extras billed by volume: GB held a month (storage,
// snapshots) or GB moved a month (egress, intranet past a free quota).
var Metered = []Line{Storage, Snapshots, Egress, Intranet}

// IsMetered reports whether l is billed by volume.
func IsMetered(l Line) bool {
	for _, m := range Metered {
		if l == m {
			return true
		}
	}
	return false
}

// MaxHours is advisor.MaxMonthHours, the most GPU hours a card can run in
// a month (31 days × 24 h).
const MaxHours = advisor.MaxMonthHours

// MaxCards is the most cards one comparison may price.
const MaxCards = 100000

// Workload is what the team will run, the same for every vendor: GPU hours
// per card a month, cards, the volumes of each metered item a month, and
// the size of a whole run.
type Workload struct {
	// Hours is the GPU hours per card a month, in (0, MaxHours].
	Hours float64 `json:"hours"`
	// Cards is the number of cards, at least 1.
	Cards int `json:"cards"`
	// Volumes holds the GB a month of each metered item the team stated;
	// an item absent is unknown (an explicit 0 is zero).
	Volumes map[Line]float64 `json:"volumes_gb"`
	// RunTokens is the size of a whole run in tokens; 0 means no run.
	RunTokens float64 `json:"run_tokens,omitempty"`
	// Months is how long the project runs, in months (fractions allowed);
	// 0 means not given: the ranking is then by the month (or the run).
	Months float64 `json:"months,omitempty"`
	// ExitEgressGB is the data moved out once at the end of the project,
	// priced at each vendor's egress price; 0 means none stated.
	ExitEgressGB float64 `json:"exit_egress_gb,omitempty"`
}

// Volume is the stated volume of a metered item, and whether it was stated.
func (w Workload) Volume(l Line) (float64, bool) {
	v, ok := w.Volumes[l]
	return v, ok
}

// Charge is one extra line item as a vendor prices it: a monthly fee, or a
// unit price per GB (per GB-month for storage and snapshots) less a free
// quota. A fee wins over a unit price; a stated fee of 0 means included.
type Charge struct {
	Fee          float64 `json:"fee,omitempty"`
	HasFee       bool    `json:"has_fee,omitempty"`
	UnitPrice    float64 `json:"unit_price,omitempty"`
	HasUnitPrice bool    `json:"has_unit_price,omitempty"`
	FreeGB       float64 `json:"free_gb,omitempty"`
	HasFreeGB    bool    `json:"has_free_gb,omitempty"`
}

// Vendor is one vendor's prices and properties.
type Vendor struct {
	// Name labels the vendor; names must be unique within a comparison.
	Name string `json:"name"`
	// PricePerCardHour is the on-demand price in ¥ per card-hour.
	PricePerCardHour float64 `json:"price_per_card_hour,omitempty"`
	// MonthlyPerCard is a reserved price in ¥ per card-month, used when
	// PricePerCardHour is 0.
	MonthlyPerCard float64 `json:"monthly_per_card,omitempty"`
	// TokensPerSec is the measured training throughput of all the
	// workload's cards together on this vendor; 0 means not measured.
	TokensPerSec float64 `json:"tokens_s,omitempty"`
	// MinMonths is the shortest term the vendor rents for; 0 means not said.
	MinMonths float64 `json:"min_months,omitempty"`
	// Charges holds the extra line items the vendor prices, keyed by line.
	Charges map[Line]Charge `json:"charges,omitempty"`
	// OwnCards and OwnHours replace the workload's cards and hours for this
	// vendor on purpose (it rents only whole 8-card machines, say); 0 means
	// the workload's. The reply states every such change.
	OwnCards int     `json:"own_cards,omitempty"`
	OwnHours float64 `json:"own_hours,omitempty"`
	// SetupFee and MigrationFee are charged once (set-up, moving in or
	// out); Deposit is paid up front and refunded at the end.
	SetupFee     float64 `json:"setup_fee,omitempty"`
	Deposit      float64 `json:"deposit,omitempty"`
	MigrationFee float64 `json:"migration_fee,omitempty"`
}

// Validate checks one vendor's quote: a price (hourly or monthly), no
// negative or non-finite number, own hours and cards in range.
func (v Vendor) Validate() error {
	type field struct {
		name string
		v    float64
	}
	nums := []field{{"price", v.PricePerCardHour}, {"monthly", v.MonthlyPerCard}, {"tokens_s", v.TokensPerSec},
		{"min_months", v.MinMonths}, {"own_hours", v.OwnHours}, {"own_cards", float64(v.OwnCards)},
		{"setup_fee", v.SetupFee}, {"deposit", v.Deposit}, {"migration_fee", v.MigrationFee}}
	for _, l := range Extras {
		c := v.Charges[l]
		nums = append(nums, field{FeeKey(l), c.Fee}, field{PriceKey(l), c.UnitPrice}, field{string(l) + "_quota", c.FreeGB})
	}
	for _, n := range nums {
		if math.IsNaN(n.v) || math.IsInf(n.v, 0) || n.v < 0 {
			return advisor.Invalidf(n.name, n.name+"=0", "%s: %s=%g must be a number, 0 or more", "%s：%s=%g 须为不小于0的数", v.Name, n.name, n.v)
		}
	}
	if v.PricePerCardHour == 0 && v.MonthlyPerCard == 0 {
		return advisor.Invalidf("price", "price=35", "%s has no price: add price=35 (¥ per card-hour) or monthly=15000 (¥ per card-month)",
			"%s 没有价格：请加 单价=35（元/卡时）或 包月=15000（元/卡月）", v.Name)
	}
	if v.OwnHours > MaxHours {
		return advisor.Invalidf("own_hours", "own_hours=500", "%s: own_hours=%g is more than a month holds (%d h)", "%s：own_hours=%g 超过一个月的小时数（%d）", v.Name, v.OwnHours, MaxHours)
	}
	if v.OwnCards > MaxCards {
		return advisor.Invalidf("own_cards", "own_cards=8", "%s: own_cards=%d is more than %d", "%s：own_cards=%d 超过 %d", v.Name, v.OwnCards, MaxCards)
	}
	return nil
}

// Validate checks the workload: hours in (0, MaxHours], at least one card,
// volumes and run size 0 or more.
func (w Workload) Validate() error {
	switch {
	case !(w.Hours > 0) || w.Hours > MaxHours:
		return advisor.Invalidf("hours", "hours=300", "hours=%g: GPU hours per card a month must be more than 0 and at most %d (31 days × 24 h)",
			"hours=%g：每卡每月GPU小时数须大于0且不超过%d（31天×24小时）", w.Hours, MaxHours)
	case w.Cards < 1 || w.Cards > MaxCards:
		return advisor.Invalidf("cards", "cards=8", "cards=%d: give the workload's cards, 1 to %d, before the first vendor",
			"cards=%d：请在第一家供应商之前给出卡数，1 到 %d", w.Cards, MaxCards)
	case !(w.RunTokens >= 0) || math.IsInf(w.RunTokens, 0):
		return advisor.Invalidf("run_tokens", "run_tokens=2b", "run_tokens=%g must be 0 or more", "run_tokens=%g 须不小于0", w.RunTokens)
	case !(w.Months >= 0) || w.Months > MaxMonths:
		return advisor.Invalidf("months", "months=6", "months=%g: the project's months must be more than 0 and at most %d", "项目月数=%g：须大于0且不超过%d", w.Months, MaxMonths)
	case !(w.ExitEgressGB >= 0) || math.IsInf(w.ExitEgressGB, 0):
		return advisor.Invalidf("exit_egress_gb", "exit_egress_gb=5000", "exit_egress_gb=%g must be 0 or more GB", "迁出流量=%g 须不小于0 GB", w.ExitEgressGB)
	}
	for _, l := range Metered {
		if v, ok := w.Volumes[l]; ok && (!(v >= 0) || math.IsInf(v, 0)) {
			return advisor.Invalidf(VolumeKey(l), VolumeKey(l)+"=2000", "%s=%g must be 0 or more GB", "%s=%g 须不小于0 GB", VolumeKey(l), v)
		}
	}
	return nil
}

// VolumeKey, PriceKey and FeeKey are the command language's keys of a line
// item: storage_gb, storage_price, storage_fee; snapshot_gb for snapshots.
func VolumeKey(l Line) string { return stem(l) + "_gb" }

// PriceKey is the unit-price key of a line item (storage_price).
func PriceKey(l Line) string { return stem(l) + "_price" }

// FeeKey is the monthly-fee key of a line item (storage_fee; support and
// licences are their own fee keys).
func FeeKey(l Line) string {
	if l == Support || l == Licences {
		return string(l)
	}
	return stem(l) + "_fee"
}

func stem(l Line) string {
	if l == Snapshots {
		return "snapshot"
	}
	return string(l)
}
