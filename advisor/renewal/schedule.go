package renewal

import "slices"

// Cycle is one renewal of a contract: the day it renews and the notice
// deadline before it.
type Cycle struct {
	// N counts renewals after the first one stored (0 = Renews itself).
	N int `json:"n"`
	// Renews is the day this cycle renews.
	Renews Date `json:"renews"`
	// Deadline is Renews − notice period: the last day to cancel or renegotiate.
	Deadline Date `json:"deadline"`
}

// CycleN is the n-th renewal: Renews plus n terms.
func (r Renewal) CycleN(n int) Cycle {
	renews := r.Renews.AddMonths(n * r.Term())
	return Cycle{N: n, Renews: renews, Deadline: r.deadline(renews)}
}

// CycleOn is the cycle whose deadline is still ahead on today (or is today):
// once a deadline passes, the contract renewed and the next one counts.
func (r Renewal) CycleOn(today Date) Cycle {
	c := r.CycleN(0)
	if !c.Deadline.Before(today) {
		return c
	}
	// Jump close to the right cycle, then step: terms are at least a month.
	n := max(0, c.Deadline.DaysUntil(today)/(31*r.Term())-1)
	for {
		c = r.CycleN(n)
		if !c.Deadline.Before(today) {
			return c
		}
		n++
	}
}

// Reminder is a reminder due on a day: which offset of which cycle.
type Reminder struct {
	// Offset is how many days before the deadline it is meant for.
	Offset int `json:"offset_days"`
	// Date is the day it was due (Deadline − Offset).
	Date Date `json:"due_date"`
	// Cycle is the renewal it is about.
	Cycle Cycle `json:"cycle"`
	// DaysLeft is how many days are left until the deadline, from today.
	DaysLeft int `json:"days_left"`
	// Late is set when the reminder's day was missed and it is caught up.
	Late bool `json:"late,omitempty"`
}

// Due returns the reminder due on today, if any: the smallest offset of the
// current cycle whose day has come. A day missed (the schedule did not run)
// is caught up the next time; older offsets of the same cycle are folded into
// the newest one rather than sent one after another. Whether it was already
// sent is the caller's to know (the store's reminder marks).
func (r Renewal) Due(today Date) (Reminder, bool) {
	c := r.CycleOn(today)
	best := -1
	for _, d := range r.RemindOffsets() {
		if !c.Deadline.AddDays(-d).After(today) && (best < 0 || d < best) {
			best = d
		}
	}
	if best < 0 {
		return Reminder{}, false
	}
	date := c.Deadline.AddDays(-best)
	return Reminder{Offset: best, Date: date, Cycle: c, DaysLeft: today.DaysUntil(c.Deadline), Late: date.Before(today)}, true
}

// NextCheckAfter is the first day after today on which Due gives a reminder other
// than today's; ok is false when there is none (never, for a renewing
// contract, but kept for safety).
func (r Renewal) NextCheckAfter(today Date) (Date, bool) {
	cur, hasCur := r.Due(today)
	c := r.CycleOn(today)
	// Due changes only on an offset's day or the day after a deadline.
	var cand []Date
	for n := c.N; n <= c.N+2; n++ {
		cy := r.CycleN(n)
		cand = append(cand, cy.Deadline.AddDays(1))
		for _, d := range r.RemindOffsets() {
			cand = append(cand, cy.Deadline.AddDays(-d))
		}
	}
	slices.SortFunc(cand, func(a, b Date) int { return -a.DaysUntil(b) })
	for _, t := range cand {
		if !t.After(today) {
			continue
		}
		rem, ok := r.Due(t)
		if ok && (!hasCur || rem.Offset != cur.Offset || rem.Cycle != cur.Cycle) {
			return t, true
		}
	}
	return Date{}, false
}

// FirstCheck is where a renewal is indexed when stored on today: today when a
// reminder is already due (it is sent by the next run), else NextCheckAfter.
func (r Renewal) FirstCheck(today Date) Date {
	if _, ok := r.Due(today); ok {
		return today
	}
	d, _ := r.NextCheckAfter(today)
	return d
}

// Schedule lists the reminder days of the cycle current on today, largest
// offset first, for showing a team what to expect.
func (r Renewal) Schedule(today Date) (Cycle, []Reminder) {
	c := r.CycleOn(today)
	var out []Reminder
	for _, d := range r.RemindOffsets() {
		date := c.Deadline.AddDays(-d)
		out = append(out, Reminder{Offset: d, Date: date, Cycle: c, DaysLeft: date.DaysUntil(c.Deadline)})
	}
	return c, out
}
