// Package billing chooses how to pay for rented GPUs: on-demand, monthly,
// spot or a hybrid of them, for the busy hours each card runs in a month.
//
// The rules are those of docs/billing.md (the market guide's, corrected: docs/domain.md#market-facts):
//
//   - on-demand costs price_h × hours per card; monthly costs price_month per
//     card, used or not;
//   - the break-even is price_month / price_h hours per card per month (the
//     market guide's A100 example: 15000 / 35 ≈ 428.57 h); the guide's inverted
//     "on-demand total × 0.7 < monthly fee ⇒ reserve" rule is not used, costs
//     are compared at the expected hours instead;
//   - spot counts the work lost to interruptions, effective hours
//     H × (1 + λ × (c/2 + r)), and is never chosen for work that cannot be
//     interrupted;
//   - the hybrid plan prices each card on its own and keeps the cheapest
//     option; with linear prices that reserves exactly the busiest cards, the
//     ones past the break-even, and leaves the rest elastic;
//   - at equal cost the option with less commitment wins: on-demand, then
//     spot, then monthly;
//   - commitment risk: what the months left cost, what a 3-month renewal
//     minimum commits to, and when a yearly prepay discount pays.
//
// Advise answers a billing question; AdviseRenewal gives the keep, downgrade
// or hybrid advice for a monthly contract up for renewal. The package is pure:
// standard library only, no I/O, deterministic.
package billing
