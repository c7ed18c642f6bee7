package renewal

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"gpuadvisor/advisor"
)

// Mode is how a contract is billed: the period its price is for.
type Mode string

// The billing modes a renewing contract can have.
const (
	Monthly   Mode = "monthly"
	Quarterly Mode = "quarterly"
	Yearly    Mode = "yearly"
)

// Modes lists the accepted modes, in the order shown to users.
var Modes = []Mode{Monthly, Quarterly, Yearly}

// Months is the length of the mode's billing period in months (0 when the
// mode is unknown).
func (m Mode) Months() int {
	switch m {
	case Monthly:
		return 1
	case Quarterly:
		return 3
	case Yearly:
		return 12
	}
	return 0
}

// Limits of a stored renewal.
const (
	// DaysPerMonth is how many days a month of term counts for when a notice
	// period is compared with the term.
	DaysPerMonth = 30
	// MaxNoticeDays is the longest notice period accepted.
	MaxNoticeDays = 365
	// MaxOffsetDays is the earliest reminder accepted, in days before the deadline.
	MaxOffsetDays = 365
	// MaxOffsets is how many reminders one renewal may ask for.
	MaxOffsets = 10
	// MaxTermMonths is the longest term accepted.
	MaxTermMonths = 60
	// MaxCards is the most cards one contract may hold.
	MaxCards = 100000
	// MaxMonthHours is advisor.MaxMonthHours, the most hours a card can run
	// in a month (31 × 24).
	MaxMonthHours = advisor.MaxMonthHours
)

// DefaultOffsets are the reminder days before the notice deadline used when a
// renewal does not set its own.
var DefaultOffsets = []int{30, 14, 7, 1}

// Renewal is one contract a team wants to be reminded of before it renews.
// Money is in the currency the team typed (yuan by default); prices are per
// card.
type Renewal struct {
	// ID identifies the renewal within its tenant.
	ID string `json:"id"`
	// Tenant scopes it: platform plus workspace or team id ("slack:T123").
	Tenant string `json:"tenant"`
	// Platform is where reminders go: "slack", "feishu" or "cli".
	Platform string `json:"platform"`
	// Channel is the Slack channel or Feishu chat id reminders are posted to.
	Channel string `json:"channel"`
	// CreatedBy is the user who added it.
	CreatedBy string `json:"created_by,omitempty"`
	// Lang is the language reminders are written in ("zh" or "en").
	Lang string `json:"lang,omitempty"`
	// CreatedAt is when it was added.
	CreatedAt time.Time `json:"created_at"`

	// Vendor is who the contract is with.
	Vendor string `json:"vendor"`
	// GPU is the card rented ("A100-80G"); may be empty.
	GPU string `json:"gpu,omitempty"`
	// Cards is how many cards the contract holds.
	Cards int `json:"cards"`
	// Mode is the billing period the price is for.
	Mode Mode `json:"mode"`
	// Price is the price per card per billing period.
	Price float64 `json:"price"`
	// OnDemand is the on-demand price per card-hour to compare with; 0 when unknown.
	OnDemand float64 `json:"ondemand,omitempty"`
	// Renews is the day the contract renews unless cancelled.
	Renews Date `json:"renews"`
	// NoticeDays is how many days before Renews the vendor must be told.
	// With NoticeMonths set it is 30 a month: a count for what compares
	// lengths, not the deadline.
	NoticeDays int `json:"notice_days"`
	// NoticeMonths, when more than 0, is a notice period in calendar months
	// (提前一个月通知, one month's notice): each deadline is its renewal
	// day less that many months, the same day of the month or that month's
	// last day (2027-07-31 less a month is 2027-06-30), 28 to 31 days a
	// month. Thirty days a month would put some deadlines a day or more
	// after the contract's.
	NoticeMonths int `json:"notice_months,omitempty"`
	// Offsets are the reminder days before the notice deadline, largest
	// first; nil means DefaultOffsets.
	Offsets []int `json:"remind_days,omitempty"`
	// TermMonths is the minimum term a renewal commits to; 0 means the
	// mode's billing period.
	TermMonths int `json:"term_months,omitempty"`
	// Usage is the actual busy hours per card per month: one value is the
	// average of every card, or one value per card.
	Usage []float64 `json:"usage_hours,omitempty"`

	// NextCheck is the day the reminder engine must look at the renewal next
	// (the store's due index); zero when no reminder is left.
	NextCheck Date `json:"next_check,omitempty"`

	// Scope is who may see and change it: ScopeChannel (the default; empty
	// reads as it) is the channel it was added in, ScopeTeam every channel
	// of the tenant.
	Scope string `json:"scope,omitempty"`
	// LastDelivery is how the last reminder went out; nil before the first.
	LastDelivery *Delivery `json:"last_delivery,omitempty"`
}

// The scopes of a renewal.
const (
	ScopeChannel = "channel"
	ScopeTeam    = "team"
)

// TeamWide reports whether every channel of the tenant shares the renewal.
func (r Renewal) TeamWide() bool { return r.Scope == ScopeTeam }

// How a reminder was delivered (Delivery.Via).
const (
	// ViaChannel: posted in the renewal's channel.
	ViaChannel = "channel"
	// ViaDM: the channel refused it; sent as a direct message to whoever
	// added the renewal, and the channel is tried again on the next run.
	ViaDM = "dm"
	// ViaFailed: neither worked; the next run tries again.
	ViaFailed = "failed"
)

// Delivery is one attempt to deliver a reminder.
type Delivery struct {
	// At is when it was attempted.
	At time.Time `json:"at"`
	// Cycle is the renewal date of the cycle the reminder was about.
	Cycle Date `json:"cycle"`
	// Offset is the reminder's days before the notice deadline.
	Offset int `json:"offset_days"`
	// Via is ViaChannel, ViaDM or ViaFailed.
	Via string `json:"via"`
	// Error is why the channel (and, for ViaFailed, the DM) refused it.
	Error string `json:"error,omitempty"`
	// Channel and Message name the message the reminder became (Slack's
	// channel and ts, Feishu's chat and message_id); set when it was posted
	// in the channel. A rerun finds the reminder here instead of reading the
	// channel's history.
	Channel string `json:"channel,omitempty"`
	Message string `json:"message,omitempty"`
}

// RemindOffsets returns the reminder offsets in use, largest first.
func (r Renewal) RemindOffsets() []int {
	if len(r.Offsets) == 0 {
		return DefaultOffsets
	}
	return r.Offsets
}

// Term is the renewal term in months: TermMonths, or the mode's period.
func (r Renewal) Term() int {
	if r.TermMonths > 0 {
		return r.TermMonths
	}
	return max(r.Mode.Months(), 1)
}

// MonthlyPrice is the price per card per month (Price over the mode's months).
func (r Renewal) MonthlyPrice() float64 {
	return r.Price / float64(max(r.Mode.Months(), 1))
}

// MonthlyTotal is what the contract costs a month for all its cards.
func (r Renewal) MonthlyTotal() float64 { return r.MonthlyPrice() * float64(r.Cards) }

// TermTotal is what renewing commits to: the monthly total times the term.
func (r Renewal) TermTotal() float64 { return r.MonthlyTotal() * float64(r.Term()) }

// Deadline is the notice deadline of the first cycle: Renews less the
// notice period.
func (r Renewal) Deadline() Date { return r.deadline(r.Renews) }

// deadline is the notice deadline of a renewal on renews: NoticeMonths
// calendar months before it when set, else NoticeDays days.
func (r Renewal) deadline(renews Date) Date {
	if r.NoticeMonths > 0 {
		return renews.AddMonths(-r.NoticeMonths)
	}
	return renews.AddDays(-r.NoticeDays)
}

// MaxNoticeMonths is the longest notice period accepted in months.
const MaxNoticeMonths = 12

// FieldError is an input the renewal rules refuse. Key names the command
// key; En and Zh say why, in each language.
type FieldError struct {
	Key string
	En  string
	Zh  string
}

func (e *FieldError) Error() string { return "renewal: " + e.Key + ": " + e.En }

func fieldErr(key, en, zh string, args ...any) error {
	return &FieldError{Key: key, En: fmt.Sprintf(en, args...), Zh: fmt.Sprintf(zh, args...)}
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// NormalizeOffsets sorts offsets largest first and refuses duplicates and
// values outside 0..MaxOffsetDays.
func NormalizeOffsets(offsets []int) ([]int, error) {
	if len(offsets) == 0 {
		return nil, fieldErr("remind", "give at least one day, for example remind=30,14,7,1", "至少写一个天数，例如 提醒=30,14,7,1")
	}
	if len(offsets) > MaxOffsets {
		return nil, fieldErr("remind", "at most %d reminders, got %d", "最多 %d 次提醒，收到 %d 次", MaxOffsets, len(offsets))
	}
	out := slices.Clone(offsets)
	slices.SortFunc(out, func(a, b int) int { return b - a })
	for i, d := range out {
		if d < 0 || d > MaxOffsetDays {
			return nil, fieldErr("remind", "%d days is outside 0..%d days before the deadline", "%d 天超出范围，应为截止日前 0 到 %d 天", d, MaxOffsetDays)
		}
		if i > 0 && out[i-1] == d {
			return nil, fieldErr("remind", "%d days is given twice", "%d 天重复出现", d)
		}
	}
	return out, nil
}

// Validate reports the first field the rules refuse, as a *FieldError.
// today is the current day where the team is: a renewal date must be after it.
func (r Renewal) Validate(today Date) error {
	switch {
	case r.Vendor == "":
		return fieldErr("vendor", "missing vendor: who is the contract with?", "缺少供应商：合同是和谁签的？")
	case r.Cards < 1 || r.Cards > MaxCards:
		return fieldErr("cards", "cards must be 1 to %d, got %d", "卡数应为 1 到 %d，收到 %d", MaxCards, r.Cards)
	case r.Mode.Months() == 0:
		return fieldErr("mode", "mode %q is not monthly, quarterly or yearly", "计费方式 %q 不是 包月、包季 或 包年", string(r.Mode))
	case !finite(r.Price) || r.Price <= 0:
		return &FieldError{Key: "price", En: "missing price: the price per card per " + r.Mode.periodEn() + ", more than 0", Zh: "缺少价格：每卡每" + r.Mode.periodZh() + "的价格，应大于 0"}
	case !finite(r.OnDemand) || r.OnDemand < 0:
		return fieldErr("ondemand", "on-demand price per card-hour must be 0 or more", "按需价格（每卡每小时）不能为负")
	case r.Renews.IsZero():
		return fieldErr("renews", "missing renews: the day the contract renews, YYYY-MM-DD", "缺少续约日，格式 YYYY-MM-DD")
	case !r.Renews.After(today):
		return fieldErr("renews", "renews=%s is not in the future (today is %s); give the next renewal date", "续约日 %s 不在未来（今天是 %s），请填写下一次续约日期", r.Renews, today)
	case r.NoticeDays < 0 || r.NoticeDays > MaxNoticeDays:
		return fieldErr("notice", "notice must be 0 to %d days, got %d", "提前通知期应为 0 到 %d 天，收到 %d 天", MaxNoticeDays, r.NoticeDays)
	case r.NoticeMonths < 0 || r.NoticeMonths > MaxNoticeMonths:
		return fieldErr("notice", "notice must be 0 to %d months, got %d", "提前通知期应为 0 到 %d 个月，收到 %d 个月", MaxNoticeMonths, r.NoticeMonths)
	case r.TermMonths < 0 || r.TermMonths > MaxTermMonths:
		return fieldErr("term", "term must be 1 to %d months, got %d", "期限应为 1 到 %d 个月，收到 %d", MaxTermMonths, r.TermMonths)
	}
	if r.NoticeMonths > 0 {
		if r.NoticeMonths > r.Term() {
			return fieldErr("notice", "notice of %d months is longer than the %d-month term; check the contract's notice clause or give term=",
				"提前通知期 %d 个月比 %d 个月的期限还长；请核对合同的通知条款，或填写 期限=", r.NoticeMonths, r.Term())
		}
	} else if termDays := r.Term() * DaysPerMonth; r.NoticeDays > termDays {
		return fieldErr("notice", "notice=%dd is longer than the %d-month term (%d days, a month counted as 30); check the contract's notice clause or give term=",
			"提前通知期 %d 天比 %d 个月的期限（%d 天，每月按 30 天计）还长；请核对合同的通知条款，或填写 期限=",
			r.NoticeDays, r.Term(), termDays)
	}
	if len(r.Offsets) > 0 {
		if _, err := NormalizeOffsets(r.Offsets); err != nil {
			return err
		}
	}
	if len(r.Usage) > 1 && len(r.Usage) != r.Cards {
		return fieldErr("hours", "%d hour values for %d cards: give one average or one value per card", "给了 %d 个小时数，但有 %d 张卡：请给一个平均值，或每张卡一个值", len(r.Usage), r.Cards)
	}
	for _, h := range r.Usage {
		if !finite(h) || h < 0 || h > MaxMonthHours {
			return fieldErr("hours", "%v hours is outside 0..%d a month", "%v 小时超出每月 0 到 %d 小时的范围", h, MaxMonthHours)
		}
	}
	return nil
}

func (m Mode) periodEn() string {
	switch m {
	case Quarterly:
		return "quarter"
	case Yearly:
		return "year"
	}
	return "month"
}

func (m Mode) periodZh() string {
	switch m {
	case Quarterly:
		return "季"
	case Yearly:
		return "年"
	}
	return "月"
}

// NoticePeriod is a notice of days, or of months when months is more than
// 0, in words: 30 days, 1 month; 30 天, 1 个月.
func NoticePeriod(days, months int) advisor.Text {
	n, en, zh := days, "day", "天"
	if months > 0 {
		n, en, zh = months, "month", "个月"
	}
	if n == 1 {
		return advisor.Text{EN: "1 " + en, ZH: "1 " + zh}
	}
	return advisor.Text{EN: fmt.Sprintf("%d %ss", n, en), ZH: fmt.Sprintf("%d %s", n, zh)}
}

// NoticeBefore is NoticePeriod as English puts it before "notice": 30
// days', 1 month's (Chinese as NoticePeriod).
func NoticeBefore(days, months int) advisor.Text {
	t := NoticePeriod(days, months)
	if strings.HasPrefix(t.EN, "1 ") {
		t.EN += "'s"
	} else {
		t.EN += "'"
	}
	return t
}
