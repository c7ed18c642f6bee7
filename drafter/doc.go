// Package drafter runs the slow jobs that chat commands defer (LLM drafts,
// ask): it takes a chat.Job, leases its id, runs the job's request through
// the router with Sync set, posts the reply with the chat.Poster of the
// job's platform (Slack response_url or channel, Feishu chat or message),
// and only then marks the job done, so that a job delivered twice is done
// once and a job whose post failed is done by the retry (docs/drafting.md).
//
// It always finishes within its own deadline: the work gets the deadline
// minus a reserve kept for posting, and when the work fails, panics or runs
// out of time a clear failure message is posted instead of nothing. The last
// attempt of a job that cannot be posted says the draft failed and how to ask
// again.
//
// functions/drafter runs it as an async Lambda; `serve` runs it in-process
// through Queue, a chat.Dispatcher that keeps accepted jobs in a JobStore
// (the bbolt file) until they are done, resumes them at start and leaves
// them stored at shutdown. Local is the memory-only dispatcher it replaces.
package drafter
