// Package store defines what the bot keeps between requests: renewals,
// sent-reminder marks and de-duplication keys. Adapters live in infra/
// (DynamoDB, the embedded bbolt file) and infra/memstore (memory, for tests
// and single-process runs).
package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"gpuadvisor/advisor/renewal"
)

// Store is everything the bot keeps: renewals, price books, settings,
// recent checks, trial checks, reminder marks, de-duplication keys and kept texts. Every adapter
// implements all of it, and store/storetest checks each against the same
// contract.
type Store interface {
	Renewals
	Prices
	Settings
	Checks
	Trials
	Reminders
	Deduper
	Texts
}

// Errors every adapter returns (wrapped) so callers can tell them apart.
var (
	ErrNotFound = errors.New("not found")
	ErrConflict = errors.New("conflict")
	// ErrDamaged is wrapped by an error saying the store's file is damaged;
	// its text names the file and what to do, and is shown to the user.
	ErrDamaged = errors.New("the store is damaged")
)

// Damage is an error about a damaged store file (it wraps ErrDamaged):
// File is the file to restore from a backup or move aside.
type Damage interface {
	error
	File() string
}

// Deduper remembers keys for a while so that retries and duplicate deliveries
// do no work twice. A key is taken with a short lease and marked done only
// once the work it guards is finished (the reply posted): a failure releases
// it, and a crash leaves a lease that runs out, so the platform's redelivery
// does the work instead of being taken for a duplicate.
type Deduper interface {
	// Lease takes key until now+lease. It returns Claimed when this call took
	// it (no key, an expired one, or a lease that ran out), Sent when the
	// work was done (Done was called and its keep has not passed), Held when
	// another delivery holds an unexpired lease. An error means nothing is
	// known: the caller must not assume either.
	Lease(ctx context.Context, key string, lease time.Duration) (Claim, error)
	// Done marks key's work finished and remembers it for keep, so that
	// redeliveries within keep are duplicates.
	Done(ctx context.Context, key string, keep time.Duration) error
	// Claim records key as done for ttl in one step (Lease, then Done). It
	// returns true when this call claimed the key, false when the key was
	// already leased or done and has not expired.
	Claim(ctx context.Context, key string, ttl time.Duration) (bool, error)
	// Release forgets key, so that a later delivery can claim it again. It is
	// for work that a claim guarded and that failed: the retry must not be
	// taken for a duplicate. Releasing an unknown key is not an error.
	Release(ctx context.Context, key string) error
}

// Scope is where a request comes from: a tenant (platform plus workspace
// or team id) and a conversation in it (Slack channel, Feishu chat,
// "terminal").
type Scope struct {
	Tenant  string
	Channel string
}

// Sees reports whether a request from s may read, change or delete r: r is
// in s's tenant and either shared team-wide (scope=team) or added in s's
// channel. A renewal stored in a private channel is never seen elsewhere.
func (s Scope) Sees(r renewal.Renewal) bool {
	return r.Tenant == s.Tenant && (r.TeamWide() || r.Channel == s.Channel)
}

// ScopeOf is the scope a renewal's own channel has: it always sees it.
func ScopeOf(r renewal.Renewal) Scope { return Scope{Tenant: r.Tenant, Channel: r.Channel} }

// Renewals keeps each team's contracts. Users' calls are scoped by Scope: a
// request never reads, changes or deletes a renewal its scope does not see
// (Scope.Sees), which it gets as ErrNotFound. The reminder engine's calls
// (DueRenewals, SetNextCheck, SetDelivery) work on any renewal.
type Renewals interface {
	// CreateRenewal stores a new renewal under r.Tenant and r.ID, indexed
	// for the reminder engine under r.NextCheck (none when zero). It returns
	// ErrConflict when the tenant already has that id (in any channel).
	CreateRenewal(ctx context.Context, r renewal.Renewal) error
	// GetRenewal returns one renewal the scope sees, or ErrNotFound.
	GetRenewal(ctx context.Context, scope Scope, id string) (renewal.Renewal, error)
	// ListRenewals returns the renewals the scope sees, by renewal date,
	// then id.
	ListRenewals(ctx context.Context, scope Scope) ([]renewal.Renewal, error)
	// DeleteRenewal removes a renewal the scope sees and its place in the
	// due index, or returns ErrNotFound.
	DeleteRenewal(ctx context.Context, scope Scope, id string) error
	// SetUsage records the actual busy hours per card per month and, when
	// ondemand > 0, the on-demand price per card-hour to compare with; it
	// returns the updated renewal, or ErrNotFound when the scope does not
	// see it.
	SetUsage(ctx context.Context, scope Scope, id string, hours []float64, ondemand float64) (renewal.Renewal, error)
	// DueRenewals returns the renewals of every tenant whose NextCheck lies
	// within [from, to], in no particular order.
	DueRenewals(ctx context.Context, from, to renewal.Date) ([]renewal.Renewal, error)
	// SetNextCheck moves a renewal in the due index; the zero Date takes it
	// out. It returns ErrNotFound when the renewal was deleted meanwhile.
	SetNextCheck(ctx context.Context, tenant, id string, next renewal.Date) error
	// SetDelivery records how the last reminder of a renewal went out
	// (renewal.LastDelivery). It returns ErrNotFound when the renewal was
	// deleted meanwhile.
	SetDelivery(ctx context.Context, tenant, id string, d renewal.Delivery) error
}

// Reminders records which reminder of which renewal was sent, so that each
// (renewal, cycle, offset) is sent once however many runs overlap. A run
// claims a reminder with a lease, sends it, then marks it sent; a claim whose
// lease ran out (the run died) can be taken over. Marks expire at the time
// given when claimed; an expired mark reads as no mark at all.
type Reminders interface {
	// ClaimReminder takes key for owner until now+lease. It returns Claimed
	// when this call took it (no mark, an expired mark, or a claim whose lease
	// has passed), Sent when it was already sent, Held when another owner's
	// lease is still running. An error means nothing is known.
	ClaimReminder(ctx context.Context, key ReminderKey, owner string, now time.Time, lease time.Duration, expires time.Time) (Claim, error)
	// MarkSent records the reminder as sent, on the condition that owner
	// still holds the claim; otherwise it returns ErrConflict and changes
	// nothing.
	MarkSent(ctx context.Context, key ReminderKey, owner string, now time.Time) error
	// ReleaseReminder drops owner's claim after a failed send so that the
	// next run retries at once. A claim held by another owner, or a sent
	// mark, is left alone (no error).
	ReleaseReminder(ctx context.Context, key ReminderKey, owner string) error
	// ReminderMark reads a mark as of now, or returns ErrNotFound (none, or
	// expired).
	ReminderMark(ctx context.Context, key ReminderKey, now time.Time) (Mark, error)
}

// ReminderKey names one reminder: a renewal's cycle and the offset in days
// before that cycle's notice deadline.
type ReminderKey struct {
	Tenant    string
	RenewalID string
	// Cycle is the renewal date of the cycle the reminder is about.
	Cycle renewal.Date
	// Offset is the reminder's days before the notice deadline.
	Offset int
}

// String writes the key for logs: tenant/id/2027-03-01/30.
func (k ReminderKey) String() string {
	return k.Tenant + "/" + k.RenewalID + "/" + k.Cycle.String() + "/" + strconv.Itoa(k.Offset)
}

// IdempotencyKey is the key a platform send carries (Feishu's uuid, at most
// 50 characters): the same reminder never makes a second message there.
func (k ReminderKey) IdempotencyKey() string {
	return Digest("remind-", []byte(k.String()), 12)
}

// Digest is prefix followed by the hex of the first n bytes (at most 32) of
// data's SHA-256: a short key that the same data always gives and other data
// almost never does (reminder and job ids, platform idempotency keys).
func Digest(prefix string, data []byte, n int) string {
	sum := sha256.Sum256(data)
	return prefix + hex.EncodeToString(sum[:n])
}

// Claim is what ClaimReminder found.
type Claim int

// The outcomes of a claim.
const (
	// Claimed: this owner holds the reminder and must send it.
	Claimed Claim = iota + 1
	// Sent: the reminder was sent already (for a de-duplication key: the
	// work it guards is done).
	Sent
	// Held: another run holds it and its lease has not run out.
	Held
)

func (c Claim) String() string {
	switch c {
	case Claimed:
		return "claimed"
	case Sent:
		return "sent"
	case Held:
		return "held"
	}
	return "unknown"
}

// MarkState is the state of a reminder mark.
type MarkState string

// The states of a reminder mark.
const (
	StateClaimed MarkState = "claimed"
	StateSent    MarkState = "sent"
)

// Mark is what a store knows of one reminder.
type Mark struct {
	Key   ReminderKey
	State MarkState
	// Owner is the run that claimed it.
	Owner string
	// LeaseUntil is when a claim may be taken over.
	LeaseUntil time.Time
	// SentAt is when it was marked sent.
	SentAt time.Time
	// ExpiresAt is when the mark is forgotten.
	ExpiresAt time.Time
}
