// Package bolt is the embedded store: every store.Store interface kept
// in one bbolt file, the default for the CLI and `gpuadvisor serve`.
//
// Each change is one bbolt read-write transaction, committed with an fsync
// before the call returns: a process killed mid-write loses nothing that was
// acknowledged and leaves no half-written renewal (tested by killing a child
// process during writes and reopening the file).
//
// Layout (bucket: key → value):
//
//	renewals: tenant 0x00 id                         → renewal JSON
//	due:      YYYY-MM-DD 0x00 tenant 0x00 id           → empty (the due index)
//	marks:    tenant 0x00 id 0x00 cycle 0x00 offset   → reminder mark JSON
//	dedupe:   key                                     → expiry, 8-byte big-endian epoch seconds, then 'l' (leased) or 'd' (done)
//	checks:   tenant 0x00 UTC time 0x00 id            → check JSON (the newest store.KeepChecks per tenant)
//
// Leases is the Deduper `gpuadvisor serve` answers deliveries with: leases in
// memory, done marks written to the dedupe bucket behind the requests, many
// in one transaction (docs/stores.md says why that keeps the guarantees).
//
// Open checks the file before using it (its meta pages against its size,
// then bbolt's Tx.Check on a read-only open): a torn or corrupt file is a
// *CorruptError naming the file and what to do, never a panic, and so is a
// page found damaged later (every transaction runs under a recover). Inspect
// checks a file read-only; BackupFile copies a live store consistently. See
// docs/stores.md.
//
// Only one process may open the file at a time (bbolt's file lock); a second
// one waits up to Options.Timeout and then fails with ErrLocked.
package bolt
