package memstore

import (
	"slices"
	"sync"
	"time"
)

// tenantLog is what CheckLog and TrialLog keep: each tenant's records,
// newest first, at most a bound a tenant, safe for concurrent use. The zero
// value is ready. Records go in and come out as copies (clone), so that the
// log's and its callers' do not share slices.
type tenantLog[T any] struct {
	mu sync.Mutex
	by map[string][]T // tenant → records, newest first
}

// put inserts v among tenant's records by newer (newest first), in place
// of the records same reports, and drops the oldest past keep.
func (l *tenantLog[T]) put(tenant string, v T, same func(T) bool, newer func(a, b T) int, keep int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.by == nil {
		l.by = map[string][]T{}
	}
	vs := slices.DeleteFunc(l.by[tenant], same)
	i, _ := slices.BinarySearchFunc(vs, v, newer)
	vs = slices.Insert(vs, i, v)
	l.by[tenant] = vs[:min(len(vs), keep)]
}

// read returns copies of what pick picks from tenant's records (newest
// first), picked under the lock.
func (l *tenantLog[T]) read(tenant string, pick func([]T) []T, clone func(T) T) []T {
	l.mu.Lock()
	defer l.mu.Unlock()
	picked := pick(l.by[tenant])
	out := make([]T, len(picked))
	for i, v := range picked {
		out[i] = clone(v)
	}
	return out
}

// remove deletes tenant's records that doomed reports; it says whether
// there was one.
func (l *tenantLog[T]) remove(tenant string, doomed func(T) bool) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	vs := l.by[tenant]
	n := len(vs)
	vs = slices.DeleteFunc(vs, doomed)
	l.by[tenant] = vs
	return len(vs) < n
}

// clock is now(), or time.Now() when now is nil: the clocks the logs and
// shelves of this package are given.
func clock(now func() time.Time) time.Time {
	if now != nil {
		return now()
	}
	return time.Now()
}
