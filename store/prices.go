package store

import (
	"context"
	"fmt"

	"gpuadvisor/advisor/pricebook"
)

// Prices keeps each team's price book, scoped as renewals are: an entry
// belongs to the channel that saved it (pricebook.Entry.Tenant and Channel)
// unless it was saved team-wide (scope=team); a request sees, and may remove,
// what its Scope sees (pricebook.Entry.Visible). A private channel's entries
// are never read or removed elsewhere.
type Prices interface {
	// PutPrice stores a new entry under e.Tenant and e.ID, or returns
	// ErrConflict when the tenant already has that id.
	PutPrice(ctx context.Context, e pricebook.Entry) error
	// ListPrices returns the entries scope sees: its channel's and the
	// tenant's team-wide ones, in pricebook.Sort order.
	ListPrices(ctx context.Context, scope Scope) ([]pricebook.Entry, error)
	// DeletePrice removes an entry scope sees; any other is ErrNotFound and
	// nothing changes.
	DeletePrice(ctx context.Context, scope Scope, id string) error
}

// CheckPriceKey refuses an entry key with its tenant, channel or id unset
// (every adapter calls it before writing).
func CheckPriceKey(tenant, channel, id string) error {
	if tenant == "" || channel == "" || id == "" {
		return fmt.Errorf("price key: tenant %q, channel %q and id %q must all be set", tenant, channel, id)
	}
	return nil
}
