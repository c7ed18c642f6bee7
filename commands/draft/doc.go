// Package draft is the `draft` chat command (起草): LLM-worded drafts built
// from the advisor's facts, with a template fallback.
//
//	draft questions vendor=酷算云 <what sales said, or checklist item ids>
//	draft sla vendor=X response=30m replace=4h outage=4h comp=2x migration=yes destruction=yes
//	draft renewal <renewal id> | vendor=X price=15000 hours=310 ondemand=35 renews=2027-03-01
//
// The sub-words have Chinese aliases (问题, 条款, 续约) and so do the keys.
// Input is validated first, always. Then, in chat (a request that is not
// Sync) with an LLM configured, the command answers with chat.Ack and the
// platform hands the job to the drafter; with Sync (CLI, drafter) or with no
// LLM it drafts inline. The reply carries the draft in Summary (plain lines,
// escaped by each renderer), the facts it was built from, and which path was
// taken: the LLM's checked wording, or the template and why.
package draft
