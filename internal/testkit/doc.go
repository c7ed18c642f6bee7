// Package testkit is what the tests of every package share: golden files,
// a goroutine-safe log buffer and recorder, and fake Slack, Feishu and
// Lambda servers on loopback that speak the real wire formats (the
// OpenAI-compatible fake is testkit/llmtest). Of this module it imports only
// chat, store and advisor/renewal, so the tests of every other package can
// use it without an import cycle.
package testkit
