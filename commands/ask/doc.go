// Package ask is the `ask` chat command (问): a free-text question, read by
// the LLM (JSON mode) as one to three commands of the language, validated
// against the router's commands and keys, and run deterministically by the
// router. The reply shows each command it ran, so the user can correct it
// and run it again; values the LLM computed rather than copied from the
// question are flagged. The LLM never answers the question itself.
//
// ask only reads: its commands run in a read-only request
// (chat.WithReadOnly), where the router answers every call that writes
// (Command.Writes: price set, settings market=, renewal add, quote
// save=yes, ...) with a suggestion, the exact line and a button, instead of
// running it.
// With no LLM configured, ask explains the command language instead.
package ask
