// Package remind is the reminder engine: once a day (EventBridge in AWS, a
// timer under `serve`, `gpuadvisor remind` by hand) it finds the renewals
// whose reminder is due, and sends each reminder exactly once.
//
// For each renewal the store's due index returns (a window of CatchUpDays
// back, so missed days are caught up):
//
//  1. the rules (advisor/renewal) say which reminder is due today, if any;
//  2. the reminder (renewal, cycle, offset) is claimed with a conditional
//     write carrying a lease: a concurrent run sees it held and moves on, a
//     later run sees it sent;
//  3. the renewal is read again (a deleted one is not reminded) and the
//     reply is posted through the chat.Poster of the renewal's platform, to
//     its channel, with the reminder's idempotency key (Feishu's uuid);
//  4. only after the post succeeded is the reminder marked sent, on the
//     condition that this run still holds the claim. A failed post releases
//     the claim and is retried by the next run; it is never marked sent;
//  5. the renewal moves in the due index to the day it is next due.
//
// A run that dies between claiming and marking leaves a claim that the next
// run takes over once the lease has passed.
//
// Catch-up has a bound: the due index is read CatchUpDays back (35 by
// default, more than the default 30-day offset). A renewal whose reminder
// kept failing, or whose schedule did not run at all, for longer than that
// drops out of the window; raise CatchUpDays after a longer outage. Dry-run reads only: it sends
// nothing, claims nothing, marks nothing and moves nothing.
package remind
