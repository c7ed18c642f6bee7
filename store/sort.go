package store

import (
	"cmp"
	"slices"

	"gpuadvisor/advisor/renewal"
)

// SortRenewals orders renewals as ListRenewals returns them: by renewal
// date, then id.
func SortRenewals(rs []renewal.Renewal) {
	slices.SortFunc(rs, func(a, b renewal.Renewal) int {
		return cmp.Or(cmp.Compare(a.Renews.String(), b.Renews.String()), cmp.Compare(a.ID, b.ID))
	})
}
