// Package quote compares GPU rental quotes by monthly total cost of ownership
// (TCO) and by measured throughput, as docs/quote.md describes.
//
// Monthly TCO at the expected hours is
//
//	GPU hours × price × cards + storage + snapshots + egress + intranet over quota + support + licences
//
// A line item a quote leaves out is flagged as missing and filled with a stated
// default estimate, so an omission never makes a quote look cheaper: each
// missing storage or network item (storage, snapshots, egress, intranet) is
// estimated at a quarter of the storage-and-network share of the GPU cost
// (20% by default, the figure docs/domain.md#market-facts gives for long training quotes, so 5%
// each); missing support and licences are assumed included (¥0) and flagged
// so the team asks. Totals are given with and without the estimates.
//
// Throughput normalises vendors whose cards run at different speeds:
//
//	cost per 1M tokens = hourly cost of all cards / (tokens_per_s × 3600) × 1e6
//	run hours          = run tokens / tokens_per_s / 3600
//	run cost           = run hours × hourly cost of all cards
//
// The package is pure: standard library only, no I/O, deterministic.
package tco
