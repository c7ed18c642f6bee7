package store

import (
	"context"

	"gpuadvisor/advisor/pricebook"
)

// Prices keeps each team's price book. An entry belongs to the channel that
// saved it (pricebook.Entry.Tenant and Channel); a team-wide entry is also
// read from every other channel of the tenant, but changed only from its
// own. A private channel's entries are never read elsewhere.
type Prices interface {
	// PutPrice stores a new entry under e.Tenant and e.ID, or returns
	// ErrConflict when the tenant already has that id.
	PutPrice(ctx context.Context, e pricebook.Entry) error
	// ListPrices returns what channel of tenant may read: its own entries
	// and the tenant's team-wide ones, in pricebook.Sort order.
	ListPrices(ctx context.Context, tenant, channel string) ([]pricebook.Entry, error)
	// DeletePrice removes the entry id saved in channel of tenant. Another
	// channel's entry, team-wide or not, is ErrNotFound: nothing changes.
	DeletePrice(ctx context.Context, tenant, channel, id string) error
}
