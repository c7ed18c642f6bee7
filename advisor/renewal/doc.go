// Package renewal holds the rules for GPU contracts that renew: the notice
// deadline, the days reminders are due, and the keep-or-switch advice at the
// renewal (docs/domain.md#renewal-notice-dates).
//
// The rules, each one line:
//
//   - notice deadline = renewal date − notice period (in days);
//   - a reminder is due offset days before the deadline (not the renewal
//     date); the default offsets are 30, 14, 7 and 1 days;
//   - dates are calendar days in Asia/Shanghai unless the caller sets another
//     location;
//   - a missed day is caught up, not skipped: on any day the due reminder is
//     the one with the smallest offset whose day has come, until the deadline
//     passes; older offsets of the same cycle are folded into it;
//   - a contract that was not cancelled renews for its term (term=3m, or the
//     billing period of its mode): once a deadline has passed, the next
//     cycle's deadline is the one reminded;
//   - a notice period longer than the term is refused (a month counts as 30
//     days);
//   - keep or switch follows the billing rules (advisor/billing.AdviseRenewal):
//     break-even hours per card per month = monthly price / on-demand price;
//     past it the reservation is kept, at or below it on-demand costs no more,
//     and with per-card hours the busy cards stay reserved (hybrid); renewing
//     commits cards × monthly price × term months.
//
// The package is pure: standard library (and advisor/billing) only, no I/O,
// deterministic.
package renewal
