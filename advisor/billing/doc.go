// Package billing chooses how to pay for rented GPUs: on-demand, monthly,
// spot or a hybrid of them, for the busy hours each card runs in a month.
//
// The rules are those of docs/billing.md:
//
//   - on-demand costs price_h × hours per card; monthly costs price_month per
//     card, used or not;
//   - the break-even is price_month / price_h hours per card per month (the
//     A100 example: 15000 / 35 ≈ 428.57 h); an inverted
//     "on-demand total × 0.7 < monthly fee ⇒ reserve" rule is not used, costs
//     are compared at the expected hours instead;
//   - spot counts the work lost to interruptions, effective hours
//     H × (1 + λ × (c/2 + r)), and is never chosen for work that cannot be
//     interrupted;
//   - the hybrid plan prices each card on its own and keeps the cheapest
//     option; with linear prices that reserves exactly the busiest cards, the
//     ones past the break-even, and leaves the rest elastic;
//   - at equal cost a card that reaches the break-even is reserved, and
//     on-demand wins over spot (it is never reclaimed);
//   - with the months left (and the minimum term) each card goes on the
//     option that costs least over them: elastic × months, monthly × whole
//     months (at least the minimum), or a yearly prepay × whole years;
//   - keep-or-switch advice counts the switching cost (half a day to three
//     days of set-up) and the on-demand capacity risk.
//
// Advise answers a billing question; AdviseRenewal gives the keep, downgrade
// or hybrid advice for a monthly contract up for renewal. The package is pure:
// standard library only, no I/O, deterministic.
package billing
