// Package choice decides which adequate card a team rents, and records why.
//
// The sizing package finds, for every card of the market, the fewest cards
// that fit the job. Choice ranks those options by money, the way a team
// rents (docs/pricing.md):
//
//   - An option is priced by the team's own price book when it has the
//     card (what its vendors quoted), else by the catalog's dated
//     reference price (the midpoint of the published range), else it has
//     no price. No card is dropped for lack of a price.
//   - The team's prices rank first, then reference prices, then the cards
//     with neither, which the tier rule orders (sizing.Less). Costs of
//     different kinds are never compared with each other.
//   - Within a kind, the lower cost wins: per hour (price per card-hour ×
//     cards ÷ the interconnect efficiency, sizing.InterconnectOf: a split
//     over PCIe does less work an hour), or the whole training run, or a
//     day of a serving volume (whose time counts the interconnect). At
//     equal money an option on NVLink beats one split over PCIe; then the
//     tier rule breaks the tie.
//
// The decision carries its reason as data (ChosenBy): the basis (team,
// reference, tier_rule or forced), what it was ranked by, the next option
// and what separates them, the options at the same cost, and what the tier
// rule alone would have picked when that card has no price.
package choice
