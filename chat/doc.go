// Package chat is the conversation layer: the command language (text in, from any
// platform and in Chinese or English), the registry of commands, and the
// platform-neutral Reply with its terminal-text and JSON renderers.
//
// A command is parsed once into Args, run against the advisor, and answered with
// a Reply. Slack Block Kit and Feishu card renderers live in infra/ and reuse the
// same Reply, so every platform says the same thing.
package chat
