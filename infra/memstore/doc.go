// Package memstore holds in-memory implementations of the store interfaces,
// for tests and for a single process: Store (everything) and Deduper (only
// de-duplication keys). Nothing survives the process.
package memstore
