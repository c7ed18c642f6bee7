package advisor

import "sync"

// Lazy is a value New builds the first time Get is called, once; every later
// Get returns the same value (and a New that panicked panics again). It is
// safe for concurrent use.
//
// Unlike sync.OnceValue, which is a call and so runs when the program
// starts, a package-level Lazy written as a composite literal whose New is a
// function literal is data the compiler lays out: nothing of it runs before
// main. The public functions' cold start at a 128 MB Lambda pays for every
// package init (docs/architecture.md, "Nothing built at start").
type Lazy[T any] struct {
	New func() T

	once sync.Once
	v    T
	p    any
}

// Get returns the value, building it on the first call.
func (l *Lazy[T]) Get() T {
	l.once.Do(func() {
		defer func() { l.p = recover() }()
		l.v = l.New()
	})
	if l.p != nil {
		panic(l.p)
	}
	return l.v
}
