// Package commands wires every command of the language into one chat.Router, so the
// CLI, serve and each Lambda answer exactly the same way.
package commands

import (
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/commands/ask"
	"gpuadvisor/commands/billing"
	"gpuadvisor/commands/checklist"
	"gpuadvisor/commands/draft"
	"gpuadvisor/commands/home"
	"gpuadvisor/commands/price"
	"gpuadvisor/commands/quote"
	"gpuadvisor/commands/renewal"
	"gpuadvisor/commands/settings"
	"gpuadvisor/commands/tier"
	"gpuadvisor/commands/trial"
	"gpuadvisor/commands/vendor"
	"gpuadvisor/prompts"
	"gpuadvisor/store"
)

// Deps are what the commands need from the outside. Zero values are valid:
// commands that need a missing dependency say so to the user.
type Deps struct {
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Renewals keeps each team's renewal contracts (the renewal command);
	// nil makes that command say a store is needed.
	Renewals store.Renewals
	// Prices keeps each team's price book (the price command); nil makes
	// that command say a store is needed.
	Prices store.Prices
	// Settings keeps each team's settings (the settings command, the market
	// card choice respects); nil makes that command say a store is needed.
	Settings store.Settings
	// Checks keeps each team's recent checks (`checklist check` records,
	// home lists them); nil records and lists none.
	Checks store.Checks
	// Trials keeps each team's trial checks (`trial check vendor=…` keeps,
	// vendor reads them); nil keeps none, and such a check says so.
	Trials store.Trials
	// LLM words the drafts and reads `ask` questions (infra/llm.FromEnv);
	// nil means template drafts only, and ask explains the command language.
	LLM prompts.LLM
	// ReadFile reads files the user names (tier config=<path>); set it in
	// the terminal only (os.ReadFile). nil: chat platforms, where a path is
	// refused and the file's contents must be pasted.
	ReadFile func(name string) ([]byte, error)
	// Members tell, per platform, whether the bot can post in a conversation
	// (`renewal add` warns when it cannot); nil checks nothing.
	Members map[string]renewal.MemberChecker
}

// New returns a router with every command registered.
func New(d Deps) *chat.Router {
	r := chat.NewRouter()
	if d.Now != nil {
		r.Now = d.Now
	}
	// Each capability registers its commands here.
	r.Register(tier.NewCommand(tier.Deps{ReadFile: d.ReadFile, Prices: d.Prices, Settings: d.Settings}))
	r.Register(billing.Command())
	r.Register(quote.NewCommand(quote.Deps{Prices: d.Prices}))
	r.Register(checklist.NewCommand(checklist.Deps{Checks: d.Checks}))
	r.Register(renewal.Command(renewal.Deps{Store: d.Renewals, Members: d.Members}))
	r.Register(trial.NewCommand(trial.Deps{Trials: d.Trials}))
	r.Register(price.Command(price.Deps{Store: d.Prices}))
	r.Register(settings.Command(settings.Deps{Store: d.Settings}))
	vd := vendor.Deps{Checks: d.Checks, Trials: d.Trials, Prices: d.Prices, Renewals: d.Renewals}
	r.Register(vendor.Command(vd))
	// home: the Slack Home tab and the Feishu menu
	hd := home.Deps{Renewals: d.Renewals, Checks: d.Checks, Trials: d.Trials}
	if d.Checks != nil || d.Trials != nil || d.Prices != nil || d.Renewals != nil {
		hd.Vendors = vd.BoardFrom // on what the home page read: each store once per reply
	}
	if d.Prices != nil {
		hd.Prices = d.Prices.ListPrices
	}
	r.Register(home.Command(hd))
	r.Register(draft.Command(draft.Options{LLM: d.LLM, Renewals: d.Renewals}), ask.Command(ask.Options{LLM: d.LLM, Router: r}))
	return r
}
