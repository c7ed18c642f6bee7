package renewal

// What happens to one reminder of a cycle (Planned.Status).
const (
	// PlanScheduled: its day is ahead; the run of that day sends it.
	PlanScheduled = "scheduled"
	// PlanDue: its day is today; the next run sends it.
	PlanDue = "due"
	// PlanCatchUp: its day has passed and no smaller offset's day has
	// come: the next run sends it, late (Due).
	PlanCatchUp = "catch_up"
	// PlanFolded: its day has passed and a smaller offset's day has come
	// too: that reminder (Planned.Into) covers it; it is never sent on its
	// own.
	PlanFolded = "folded"
	// PlanSent: it was delivered for this cycle (Renewal.LastDelivery).
	PlanSent = "sent"
)

// Planned is one reminder of the cycle current on a day and what the team
// will receive of it.
type Planned struct {
	Reminder
	// Status is one of the Plan constants.
	Status string `json:"status"`
	// Into is the offset of the reminder that covers a folded one (or the
	// one sent since); 0 otherwise.
	Into int `json:"into_offset_days,omitempty"`
}

// Coming reports whether the team is still to receive p: due, caught up
// or scheduled.
func (p Planned) Coming() bool {
	return p.Status == PlanScheduled || p.Status == PlanDue || p.Status == PlanCatchUp
}

// Plan is the reminders of the cycle current on today, largest offset
// first, each with what the team will actually receive (Due folds the days
// already passed into the newest one; a day in the past is never "to
// come"). A reminder LastDelivery delivered for this cycle is sent, and so
// are the larger offsets before it.
func (r Renewal) Plan(today Date) (Cycle, []Planned) {
	c, rems := r.Schedule(today)
	due, hasDue := r.Due(today)
	sent := -1 // the offset delivered for this cycle, if any
	if ld := r.LastDelivery; ld != nil && ld.Via != ViaFailed && ld.Cycle == c.Renews {
		sent = ld.Offset
	}
	out := make([]Planned, 0, len(rems))
	for _, rem := range rems {
		p := Planned{Reminder: rem, Status: PlanScheduled}
		switch {
		case sent >= 0 && rem.Offset == sent:
			p.Status = PlanSent
		case sent >= 0 && rem.Offset > sent:
			p.Status, p.Into = PlanFolded, sent
		case rem.Date.After(today):
		case hasDue && rem.Offset == due.Offset:
			p.Status = PlanDue
			if due.Late {
				p.Status = PlanCatchUp
			}
		case hasDue:
			p.Status, p.Into = PlanFolded, due.Offset
		}
		out = append(out, p)
	}
	return c, out
}
