package renewal

// Notice is where a renewal stands with its notice deadline on a day. When
// the deadline of the next renewal has passed but the renewal has not
// happened yet, that renewal happens unless the vendor waives the notice:
// the team must hear it first, with what it commits to, and the reminders
// move to the next cycle.
type Notice struct {
	// Passed says the notice deadline of the next renewal (Missed) is past
	// and the renewal is still ahead (or today).
	Passed bool `json:"deadline_passed"`
	// Missed is that renewal when Passed: the day it renews and the
	// deadline that passed; zero otherwise.
	Missed Cycle `json:"missed,omitzero"`
	// Next is the first cycle whose deadline is today or ahead: the one the
	// reminders are for.
	Next Cycle `json:"next"`
	// Commits is what the missed renewal commits to when Passed: the
	// contract's monthly total × its term (TermTotal); 0 otherwise.
	Commits float64 `json:"commits,omitempty"`
}

// NoticeOn is the renewal's notice on today.
func (r Renewal) NoticeOn(today Date) Notice {
	n := Notice{Next: r.CycleOn(today)}
	if n.Next.N == 0 {
		return n
	}
	if prev := r.CycleN(n.Next.N - 1); !prev.Renews.Before(today) {
		n.Passed, n.Missed, n.Commits = true, prev, r.TermTotal()
	}
	return n
}
