package testkit

import "sync"

// Recorder is a goroutine-safe list of what a test double was handed (the
// requests a fake server got, the jobs a dispatcher took, the messages a
// poster sent), so that a test can look while the code under test still
// runs. The zero value is ready to use.
type Recorder[T any] struct {
	mu   sync.Mutex
	list []T
	err  error
}

// Record keeps v and returns nil, or, after Fail, returns that error and
// keeps nothing (a refused call did not happen).
func (r *Recorder[T]) Record(v T) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err != nil {
		return r.err
	}
	r.list = append(r.list, v)
	return nil
}

// Fail makes every later Record return err; nil records again.
func (r *Recorder[T]) Fail(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.err = err
}

// All returns what was recorded so far, oldest first (a copy).
func (r *Recorder[T]) All() []T {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]T(nil), r.list...)
}

// Reset forgets what was recorded so far.
func (r *Recorder[T]) Reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.list = nil
}
