// Package testkit is what the tests of every package share: golden files,
// a goroutine-safe log buffer, and fake Slack and Feishu servers on loopback
// that speak the platforms' real wire formats (the OpenAI-compatible fake is
// infra/llm/llmtest). It imports no package of this module, so a package's
// own tests can use it without an import cycle.
package testkit
