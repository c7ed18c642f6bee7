package store

import (
	"context"
	"slices"
	"time"
)

// KeepChecks is how many checks a store keeps per tenant: the newest ones.
// Older ones are deleted (memstore, bolt) or never read (dynamo, where the
// TTL deletes them) — a home page lists the last few, so this is plenty.
const KeepChecks = 100

// CheckTTL is how long a check is kept: after it, a check reads as gone on
// every store (DynamoDB's TTL deletes it, on expires_at).
const CheckTTL = 90 * 24 * time.Hour

// Check is one `checklist check` of a vendor's answer, as the home page
// lists it: who ran it where, when, and what came out (not the text).
type Check struct {
	// ID names the check in its tenant: the same ID again is the same
	// check run again (RecentChecks lists it once, at its newest).
	ID string
	// Tenant and Channel are where it was run; User is who ran it.
	Tenant, Channel, User string
	// Private: asked with --private, so only User saw the answer.
	Private bool
	// TeamWide: run with scope=team, so every channel of the tenant sees
	// it (unless Private).
	TeamWide bool
	At       time.Time
	Vendor   string
	// Verdict is checklist.Verdict: "proceed", "ask_first" or "avoid".
	Verdict string
	// Covered, Risk, Vague and Missing count the items by status.
	Covered, Risk, Vague, Missing int
	// Ask are the checklist item ids to ask next, most important first.
	Ask []string
	// Risks are the checklist item ids answered with a known trap (no
	// NVLink, office-hours support): `vendor compare` rules a vendor out
	// when the job needs one. Nil on checks stored before it was kept.
	Risks []string
}

// Checks keeps the recent checks of each tenant. A check is seen by the
// person who ran it, from anywhere in the tenant, and, unless it was asked
// privately, from the conversation it was run in (Check.SeenBy). The home
// page, the only reader, is always a private answer to that person.
type Checks interface {
	// AddCheck records c (c.Tenant, c.Channel, c.ID and c.At must be set);
	// past KeepChecks of the tenant the oldest go.
	AddCheck(ctx context.Context, c Check) error
	// RecentChecks returns at most n checks that user in scope sees, newest
	// first, each ID once (the newest of it user sees), among the tenant's newest
	// KeepChecks and none older than CheckTTL.
	RecentChecks(ctx context.Context, scope Scope, user string, n int) ([]Check, error)
	// DeleteCheck removes every record of check id that belongs to scope's
	// conversation (Check.In: run there, or team-wide), private re-runs
	// included; it returns ErrNotFound when there is none, and leaves the
	// records of that id run elsewhere.
	DeleteCheck(ctx context.Context, scope Scope, id string) error
}

// SeenBy reports whether user, asking in scope, sees c: it is in the
// scope's tenant and either user ran it or it was run, not privately, in
// the scope's conversation or team-wide. An empty user or channel matches
// nothing.
func (c Check) SeenBy(scope Scope, user string) bool {
	if c.Tenant != scope.Tenant {
		return false
	}
	return (user != "" && c.User == user) || (!c.Private && (c.TeamWide || (scope.Channel != "" && c.Channel == scope.Channel)))
}

// In reports whether c belongs to scope's conversation: it is in the
// scope's tenant and was run in its channel or team-wide. It is what a
// conversation may delete (DeleteCheck).
func (c Check) In(scope Scope) bool { return scope.holds(c.Tenant, c.Channel, c.TeamWide) }

// Shown reports whether c is evidence a reply in scope's conversation may
// show to everyone in it: c belongs to the conversation (In) and was not
// asked privately.
func (c Check) Shown(scope Scope) bool { return c.In(scope) && !c.Private }

// Expires is when c is forgotten: At + CheckTTL.
func (c Check) Expires() time.Time { return c.At.Add(CheckTTL) }

// CheckKey checks the fields that key a check; stores refuse a check
// without them. The id may not hold '#' or NUL (the stores' key separators).
func CheckKey(c Check) error { return recordKey("check", c.Tenant, c.Channel, c.ID, c.At) }

// CloneCheck copies c's slices, so that a store's copy and its caller's do
// not share them.
func CloneCheck(c Check) Check {
	c.Ask = slices.Clone(c.Ask)
	c.Risks = slices.Clone(c.Risks)
	return c
}

// CheckTime writes t so that byte order is time order (UTC, nanoseconds,
// fixed width): the stores key checks by it.
func CheckTime(t time.Time) string { return t.UTC().Format("20060102T150405.000000000Z") }

// CheckPicker collects what RecentChecks returns from checks offered
// newest first: each store reads its checks in that order and stops when
// Offer says it has enough.
type CheckPicker struct {
	scope  Scope
	user   string
	n      int
	now    time.Time
	looked int
	seen   map[string]bool
	out    []Check
}

// NewCheckPicker picks for user in scope at most n checks, as of now.
func NewCheckPicker(scope Scope, user string, n int, now time.Time) *CheckPicker {
	return &CheckPicker{scope: scope, user: user, n: n, now: now, seen: map[string]bool{}}
}

// Offer takes the next check, newest first, and reports whether more are
// wanted (fewer than n picked and fewer than KeepChecks looked at).
func (p *CheckPicker) Offer(c Check) bool {
	if !p.More() {
		return false
	}
	p.looked++
	if c.SeenBy(p.scope, p.user) && p.now.Before(c.Expires()) && !p.seen[c.ID] {
		p.seen[c.ID] = true
		p.out = append(p.out, c)
	}
	return p.More()
}

// More reports whether the picker wants another check.
func (p *CheckPicker) More() bool { return len(p.out) < p.n && p.looked < KeepChecks }

// Checks are the checks picked, newest first.
func (p *CheckPicker) Checks() []Check { return p.out }
