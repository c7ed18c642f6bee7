package main

import (
	"math"
	"slices"
	"time"
)

// percentile returns the p-th percentile (0 < p <= 100) of ds by the
// nearest-rank method: the smallest value with at least p% of the values at
// or below it. ds is sorted in place.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	rank := int(math.Ceil(p / 100 * float64(len(ds))))
	rank = min(max(rank, 1), len(ds))
	return ds[rank-1]
}
