// Package drafter runs the slow jobs that chat commands defer (LLM drafts,
// ask): it takes a chat.Job, claims its id so that a job delivered twice is
// done once, runs the job's request through the router with Sync set, and
// posts the reply with the chat.Poster of the job's platform (Slack
// response_url or channel, Feishu chat or message).
//
// It always finishes within its own deadline: the work gets the deadline
// minus a reserve kept for posting, and when the work fails, panics or runs
// out of time a clear failure message is posted instead of nothing.
//
// functions/drafter runs it as an async Lambda; `serve` runs it in-process
// through Local, a chat.Dispatcher.
package drafter
