// Package tco compares GPU rental quotes on one workload by total cost of
// ownership (TCO), and by the cost of a whole run when it is known
// (docs/quote.md).
//
// The team states its workload once: GPU hours per card a month, cards, the
// GB a month of storage, snapshots, egress and intranet traffic, and the
// tokens of a run. Each vendor states prices. Monthly TCO is
//
//	GPU hours × price × cards + storage + snapshots + egress + intranet over quota + support + licences
//
// A metered item a vendor gives no price for is estimated from the workload's
// volume times a reference unit price (References(): source and low–high
// range), the same for every vendor, never as a share of that vendor's GPU
// bill; the result says whether the cheapest changes anywhere in the range.
// An item whose volume the workload lacks cannot be priced and is left out
// of every total, with the key to give. Missing support and licences are ¥0,
// assumed included, and flagged.
//
// Throughput normalises vendors whose cards run at different speeds:
//
//	cost per 1M tokens = hourly cost of all cards / (tokens_s × 3600) × 1e6
//	TCO per 1M tokens  = monthly TCO / (tokens_s × 3600 × hours) × 1e6
//	run TCO            = run tokens / 1e6 × TCO per 1M tokens
//
// With a run size and every vendor's throughput the ranking is by run TCO;
// otherwise by monthly TCO. The package is pure: no I/O, deterministic.
package tco
