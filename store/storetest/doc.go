// Package storetest is the contract every store.Store adapter must keep:
// renewals scoped by tenant, the due index, reminder claims with leases and
// expiry, de-duplication keys, price books, settings and recent checks.
// Each adapter's test calls Run with a function that opens a fresh, empty
// store.
package storetest
