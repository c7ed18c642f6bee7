package store

import (
	"fmt"
	"strings"
	"time"
)

// Checks and trials are the same kind of record: one run of a command by a
// user in a conversation of a tenant, kept per tenant (the newest KeepChecks
// or KeepTrials) until a TTL passes, and seen in its channel or, run
// team-wide, in every channel of the tenant. What the two share is written
// once, here.

// recordKey checks the fields that key a record of kind ("check",
// "trial"): tenant, channel, id and time set, the id without '#' or NUL and
// the tenant without NUL (the stores' key separators).
func recordKey(kind, tenant, channel, id string, at time.Time) error {
	if tenant == "" || channel == "" || id == "" || at.IsZero() ||
		strings.ContainsAny(id, "#\x00") || strings.ContainsRune(tenant, 0) {
		return fmt.Errorf("%s key: tenant %q, channel %q, id %q (without '#') and time %v must be set", kind, tenant, channel, id, at)
	}
	return nil
}

// holds reports whether a record of tenant run in channel (teamWide: with
// scope=team) belongs to s's conversation: same tenant, and team-wide or
// run in s's channel. An empty tenant or channel of s holds nothing of its
// own.
func (s Scope) holds(tenant, channel string, teamWide bool) bool {
	return tenant == s.Tenant && s.Tenant != "" && (teamWide || (s.Channel != "" && channel == s.Channel))
}
