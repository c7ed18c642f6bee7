package advisor

// The month every rule of the advisor counts in. Prices per card-month are
// compared with prices per card-hour over MonthHours; MaxMonthHours only
// bounds what a user may type as busy hours in one month.
const (
	// MonthHours is the month used for "running all month": 30 days of
	// 24 h = 720 h. A break-even past it is never reached within a month,
	// a monthly fee is spread over it as an hourly price, and spot work
	// that needs more paid hours than it does not fit in a month.
	MonthHours = 30 * 24
	// MaxMonthHours is the most busy hours a card can run in the longest
	// calendar month, 31 × 24 = 744 h: more is an input error.
	MaxMonthHours = MonthHours + 24
)
