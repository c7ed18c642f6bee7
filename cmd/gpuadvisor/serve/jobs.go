package serve

import (
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/feishu"
)

// Limits of the in-process drafter.
const (
	// jobTimeout bounds one draft, LLM calls and the post included (the
	// drafter function's own timeout in AWS).
	jobTimeout = 90 * time.Second
	// jobWorkers drafts at once; the rest wait their turn.
	jobWorkers = 4
	// jobQueue is how many drafts may wait; past it Dispatch says busy.
	jobQueue = 64
)

// posters are the chat.Posters of the platforms that are on, by platform
// name, for the drafter and the reminder.
func (s *server) posters() map[string]chat.Poster {
	m := map[string]chat.Poster{}
	if s.slackPoster != nil {
		m["slack"] = s.slackPoster
	}
	if s.feishuClient != nil {
		m[feishu.Platform] = s.feishuClient
	}
	return m
}
