// Package bot wires every command of the language into one chat.Router, so the
// CLI, serve and each Lambda answer exactly the same way.
package bot

import (
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/commands/billing"
	"gpuadvisor/commands/quote"
)

// Deps are what the commands need from the outside. Zero values are valid:
// commands that need a missing dependency say so to the user.
type Deps struct {
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// New returns a router with every command registered.
func New(d Deps) *chat.Router {
	r := chat.NewRouter()
	if d.Now != nil {
		r.Now = d.Now
	}
	// Each capability registers its commands here.
	r.Register(billing.Command())
	r.Register(quote.Command())
	return r
}
