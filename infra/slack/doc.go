// Package slack puts the advisor into Slack: the
// /gpu slash command, Block Kit buttons and @-mentions, served from one
// handler on AWS Lambda (Function URL, API Gateway HTTP API and REST API events) or
// as a net/http handler for `serve`.
//
// It imports slack-go's package slack as slackapi.
//
// Every request goes through the same steps:
//
//  1. verify: Slack's v0 signature (HMAC-SHA256 of "v0:ts:body" with the
//     signing secret) over the raw body, compared in constant time, with the
//     timestamp no more than five minutes away from now in either direction.
//     Anything else is answered 401 and does no work. The one exception is
//     Slack's ssl_check ping, answered 200 with no work, as Slack documents it.
//  2. route by content, not by path: a form with "command" is a slash
//     command, a form with "payload" is an interaction (button press), JSON is
//     an Events API callback (url_verification, app_mention, message.im).
//  3. answer: the text goes to the chat.Router; the chat.Reply is rendered as
//     Block Kit (see Render) within Slack's limits, with user and vendor text
//     escaped so it can never mention, broadcast or link.
//
// Deterministic answers are rendered inside the HTTP response (milliseconds).
// Slow work (LLM drafts) is acknowledged at once and handed to a
// chat.Dispatcher (an async Lambda invoke in AWS); nothing keeps running after
// the handler returns. Both HTTP and Socket Mode (package infra/slack/socket,
// through Handler.Unsigned) hand the verified request to the chat.Pipeline,
// as infra/feishu does: Events API deliveries are de-duplicated by event_id,
// slash commands and interactions by trigger_id. The key is a short lease marked done only once the reply is
// posted: Slack's retry of an answered event does nothing, while a retry after
// a crash or a failed post (the handler answers 500) does the work. A slash
// command's answer is its response: when its command only reads, it is
// routed first and its trigger_id claimed as done in one write just before
// the response (chat.Delivery.InResponse).
//
// Poster implements chat.Poster for the drafter and the reminder: it posts to
// a response_url, or with chat.postMessage to a channel and thread.
package slack
