package store

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"
)

// KeepTrials is how many trials a store keeps per tenant: the newest ones.
// Older ones are deleted (memstore, bolt) or never read (dynamo, where the
// TTL deletes them): a team trials a handful of vendors, so this is plenty.
const KeepTrials = 100

// TrialTTL is how long a trial is kept: after it, a trial reads as gone on
// every store (DynamoDB's TTL deletes it, on expires_at). A trial is the
// evidence a rental decision rests on, so it outlives a check.
const TrialTTL = 365 * 24 * time.Hour

// Trial is one `trial check vendor=…` of a vendor's machines, as the vendor
// record keeps it: who ran it where and when, what the vendor promised and
// what each check found — never the pasted tool output.
type Trial struct {
	// ID names the trial in its tenant: the same ID again is the same trial
	// checked again, and replaces it.
	ID string
	// Tenant and Channel are where it was run; User is who ran it.
	Tenant, Channel, User string
	// TeamWide: run with scope=team, so every channel of the tenant sees it.
	TeamWide bool
	At       time.Time
	Vendor   string
	Promised TrialPromise
	// Tools are the tools whose output was read ("nvidia-smi", "iperf3").
	Tools []string
	// Checks are what each check found, in the order they ran.
	Checks []TrialCheck
}

// TrialPromise is what the trial compared the machines against: the keys
// of trial check as the user gave them (zero when not promised).
type TrialPromise struct {
	// GPU is the card as typed ("A100-80G").
	GPU   string
	Cards int
	// NVLink is "yes", "no", or "" when not promised.
	NVLink string
	// IntranetGbps is the intranet's promised line rate in Gbit/s.
	IntranetGbps float64
	MemoryGB     int
	// BusGBs is the promised NCCL all-reduce bus bandwidth in GB/s.
	BusGBs float64
	// Driver and CUDA are the promised minimum versions.
	Driver, CUDA string
}

// TrialCheck is one check of a trial: the rule (advisor/trial: gpu_model,
// nvlink, intranet_tcp, …), the checklist item it serves, its status
// ("pass", "fail", "warn", "unverified", "info") and the short values
// promised and measured ("10 Gbit/s", "6.2 Gbit/s").
type TrialCheck struct {
	Rule, Item, Status string
	Promised, Measured string
}

// The statuses of a trial check that the vendor record counts.
const (
	TrialPass = "pass"
	TrialFail = "fail"
	TrialWarn = "warn"
)

// Failed are the rules of the checks that failed, in order.
func (t Trial) Failed() []string { return t.rules(TrialFail) }

// Warnings are the rules of the checks that need a look, in order.
func (t Trial) Warnings() []string { return t.rules(TrialWarn) }

func (t Trial) rules(status string) []string {
	var out []string
	for _, c := range t.Checks {
		if c.Status == status {
			out = append(out, c.Rule)
		}
	}
	return out
}

// Expires is when t is forgotten: At + TrialTTL.
func (t Trial) Expires() time.Time { return t.At.Add(TrialTTL) }

// SeesTrial reports whether a request from s may read or delete t: t is in s's
// tenant and either team-wide or run in s's channel. A trial run in a
// private channel is never seen elsewhere.
func (s Scope) SeesTrial(t Trial) bool { return s.holds(t.Tenant, t.Channel, t.TeamWide) }

// Trials keeps each team's trial checks, scoped as renewals and prices are:
// a trial belongs to the channel it was run in unless it was run team-wide
// (scope=team); a request sees, and may delete, what its Scope sees
// (Scope.SeesTrial).
type Trials interface {
	// AddTrial records t (t.Tenant, t.Channel, t.ID and t.At must be set),
	// replacing a trial of the same ID; past KeepTrials of the tenant the
	// oldest go.
	AddTrial(ctx context.Context, t Trial) error
	// ListTrials returns the trials scope sees, newest first, among the
	// tenant's newest KeepTrials and none older than TrialTTL.
	ListTrials(ctx context.Context, scope Scope) ([]Trial, error)
	// DeleteTrial removes a trial scope sees; any other is ErrNotFound and
	// nothing changes.
	DeleteTrial(ctx context.Context, scope Scope, id string) error
}

// TrialKey checks the fields that key a trial; stores refuse a trial
// without them. The id may not hold '#' or NUL (the stores' key separators).
func TrialKey(t Trial) error { return recordKey("trial", t.Tenant, t.Channel, t.ID, t.At) }

// NewerTrial orders trials newest first: by time, then id.
func NewerTrial(a, b Trial) int {
	return cmp.Or(b.At.Compare(a.At), strings.Compare(b.ID, a.ID))
}

// PickTrials is what ListTrials returns from all of a tenant's trials (in
// any order) as of now: the newest KeepTrials, those not expired, those
// scope sees, newest first.
func PickTrials(all []Trial, scope Scope, now time.Time) []Trial {
	all = slices.Clone(all)
	slices.SortFunc(all, NewerTrial)
	var out []Trial
	for _, t := range all[:min(len(all), KeepTrials)] {
		if scope.SeesTrial(t) && now.Before(t.Expires()) {
			out = append(out, t)
		}
	}
	return out
}

// CloneTrial copies t's slices, so that a store's copy and its caller's do
// not share them.
func CloneTrial(t Trial) Trial {
	t.Tools = slices.Clone(t.Tools)
	t.Checks = slices.Clone(t.Checks)
	return t
}
