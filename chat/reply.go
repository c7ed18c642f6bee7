package chat

import "context"

// Reply is the platform-neutral answer to one command. It is built once by a
// command and rendered as terminal text, JSON, Slack Block Kit or a Feishu card.
type Reply struct {
	// Command is the canonical command word ("tier", "billing", ...).
	Command string
	// Lang is the language the reply is written in.
	Lang Lang
	// Title is a short heading (under 150 characters).
	Title string
	// Summary is the recommendation in a sentence or two.
	Summary string
	// Facts are the key numbers, shown as label/value fields.
	Facts []Fact
	// Tables hold breakdowns (line items, options, per-card splits).
	Tables []Table
	// Charts are pictures of the numbers, drawn by each surface (see Chart).
	Charts []Chart
	// Sections hold the reasoning and other prose, one titled block each.
	Sections []Section
	// Redline is what an LLM's wording changed against the template (a
	// draft written by the LLM); nil for every other reply.
	Redline *Redline
	// Warnings are things the user must not miss.
	Warnings []string
	// Buttons are follow-up actions (drafts, reminders).
	Buttons []Button
	// Suggested are commands not run because they write and the request
	// was read-only (WithReadOnly): the user runs them.
	Suggested []Suggestion
	// Private marks a reply only the asker should see (help, errors, --private).
	Private bool
	// Full marks a reply asked for whole (--full): Brief leaves it as it is.
	Full bool
	// Asked is the command line answered, as typed (set by Router.Handle):
	// the Details button runs it again with --full.
	Asked string
	// Partial marks a reply computed from incomplete input.
	Partial bool
	// Deferred marks an acknowledgement: the real answer is produced later by
	// the drafter (see Job) and posted when ready.
	Deferred bool
	// Job is set on a deferred reply: what the drafter must run.
	Job *Job
	// Error is set when the command could not be answered.
	Error *Error
	// Data is the machine-readable result, marshalled by RenderJSON. It carries
	// the JSON field names other parts rely on (for example "command").
	Data any
}

// Fact is one labelled number or value.
type Fact struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// Table is a small grid of text.
type Table struct {
	Title  string     `json:"title,omitempty"`
	Header []string   `json:"header"`
	Rows   [][]string `json:"rows"`
}

// Section is a titled block of lines.
type Section struct {
	Title string   `json:"title,omitempty"`
	Lines []string `json:"lines"`
}

// Button is a follow-up action. Action is one of the Action* constants; Value
// is an opaque payload (usually the command text the button continues from).
type Button struct {
	Action string `json:"action"`
	Label  string `json:"label"`
	Value  string `json:"value,omitempty"`

	// shown is the command as a Chinese reply writes it for typing
	// (Router.Localize; ButtonLine), set by the router; the button itself
	// runs ButtonCommand.
	shown string
}

// Button actions understood by every platform.
const (
	ActionDraftQuestions = "draft_questions"
	ActionDraftSLA       = "draft_sla"
	ActionRemindRenewal  = "remind_renewal"
	ActionDraftRenewal   = "draft_renewal"
	// ActionChecklistFull re-runs `checklist check` privately with the
	// full item table; its value is the vendor= and text checked.
	ActionChecklistFull = "checklist_full"
	// ActionRun runs its value as a command line: the main commands on the
	// Slack Home tab and in the Feishu bot menu.
	ActionRun = "run"
	// ActionDetails runs the command again with --full, privately: the
	// derivations, tables and follow-ups a short reply left out. Its value
	// is the command line (Reply.Asked).
	ActionDetails = "details"
)

// Job is slow work handed to the drafter: the request to run again with Sync set.
type Job struct {
	// ID makes the job idempotent: the drafter runs each ID once.
	ID      string  `json:"id"`
	Request Request `json:"request"`
	// Target is filled by the platform adapter before dispatch.
	Target Target `json:"target"`
}

// Dispatcher hands a job to the drafter: an async Lambda invoke in AWS, a
// goroutine-free in-process call when run locally.
type Dispatcher interface {
	Dispatch(ctx context.Context, job Job) error
}

// StandardButtons are the follow-ups offered under an advisor answer.
func StandardButtons(lang Lang, value string) []Button {
	return []Button{
		{Action: ActionDraftQuestions, Label: T(lang, "Draft vendor questions", "起草供应商问题"), Value: value},
		{Action: ActionDraftSLA, Label: T(lang, "Draft SLA clauses", "起草SLA条款"), Value: value},
		{Action: ActionRemindRenewal, Label: T(lang, "Remind me before renewal", "续约提醒"), Value: value},
	}
}

// Target says where a deferred answer must be posted.
type Target struct {
	// ResponseURL is Slack's response_url for a slash command or button.
	ResponseURL string `json:"response_url,omitempty"`
	// Channel is the Slack channel or Feishu chat id.
	Channel string `json:"channel,omitempty"`
	// ThreadTS is the Slack thread to answer in.
	ThreadTS string `json:"thread_ts,omitempty"`
	// MessageID is the Feishu message to reply to.
	MessageID string `json:"message_id,omitempty"`
	// Key is the idempotency key of the send (Feishu's uuid): the same key
	// never produces a second message.
	Key string `json:"key,omitempty"`
	// Replace names the "working on it" message the answer replaces instead
	// of arriving as a second message: a Feishu message id (updated in
	// place), or ReplaceOriginal for Slack's response_url (replace_original).
	// Empty: the answer is a new message.
	Replace string `json:"replace,omitempty"`
	// User is who asked a private answer in a group chat (a Feishu
	// open_id): the answer is shown to that user only (an ephemeral card,
	// else a direct message), never to the chat.
	User string `json:"user,omitempty"`
}

// ReplaceOriginal is Target.Replace for the message a Slack response_url
// belongs to: the acknowledgement a slash command answered with.
const ReplaceOriginal = "response_url"

// ReplaceEphemeral prefixes Target.Replace when the "working on it" is an
// ephemeral message (a Feishu card only Target.User sees), which cannot be
// updated: the answer is shown to that user the same way, and then the
// acknowledgement is deleted.
const ReplaceEphemeral = "ephemeral:"

// Poster posts a finished reply to where a deferred job said it must go
// (Slack response_url or channel, Feishu chat or message). Each platform
// adapter in infra/ implements it.
type Poster interface {
	Post(ctx context.Context, target Target, rep Reply) error
}

// ButtonWordsZH are the command words of a follow-up action as a Chinese
// reply writes them ("起草 问题" for draft questions): the Chinese words the
// commands take (a test of the full router checks them), for a router that
// answers without the command the action runs (a command's own tests).
// Empty for an action without fixed words (run, details).
func ButtonWordsZH(action string) string {
	switch action {
	case ActionDraftQuestions:
		return "起草 问题"
	case ActionDraftSLA:
		return "起草 条款"
	case ActionDraftRenewal:
		return "起草 续约"
	case ActionRemindRenewal:
		return "续约 新建"
	case ActionChecklistFull:
		return "清单 检查 全部=是"
	}
	return ""
}

// ButtonCommand turns a pressed button into the command line it stands for,
// so a button press runs through the same router as typed text.
func ButtonCommand(action, value string) string {
	switch action {
	case ActionDraftQuestions:
		return "draft questions " + value
	case ActionDraftSLA:
		return "draft sla " + value
	case ActionDraftRenewal:
		return "draft renewal " + value
	case ActionRemindRenewal:
		return "renewal new " + value
	case ActionChecklistFull:
		return "checklist --private check full=yes " + value
	case ActionRun:
		if value != "" {
			return value
		}
	case ActionDetails:
		return "--private --full " + value
	}
	return "help"
}
