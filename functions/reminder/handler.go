package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/lambdacontext"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/remind"
	"gpuadvisor/store"
)

// handler runs the engine for each scheduled invocation.
type handler struct {
	store   remind.Store
	posters map[string]chat.Poster
	loc     *time.Location
	now     func() time.Time
	log     *slog.Logger
}

// event is every field the accepted payloads may carry: a classic
// EventBridge "Scheduled Event", or a Scheduler Input {"task":"remind"}.
type event struct {
	Source     string `json:"source"`
	DetailType string `json:"detail-type"`
	Task       string `json:"task"`
	// Now and DryRun are for a manual test invoke of a ScheduleV2 Input.
	Now    string `json:"now"`
	DryRun bool   `json:"dry_run"`
}

// Summary is what an invocation returns (and logs): counts, and the
// reminders that failed.
type Summary struct {
	Today   rules.Date       `json:"today"`
	DryRun  bool             `json:"dry_run"`
	Checked int              `json:"checked"`
	Sent    int              `json:"sent"`
	Skipped int              `json:"skipped"`
	Failed  []remind.Failure `json:"failed"`
	// Unreadable are the stored renewals that could not be decoded (each
	// logged with its key); the others were sent.
	Unreadable []store.Unreadable `json:"unreadable"`
	// Due lists the reminders sent, or in a dry run those due.
	Due []remind.Sent `json:"due,omitempty"`
}

// errEvent is a payload this function does not handle.
var errEvent = errors.New("not a reminder event")

// parse accepts a classic scheduled event (source aws.events, detail-type
// "Scheduled Event") or a Scheduler Input with task "remind".
func parse(payload json.RawMessage) (event, error) {
	var ev event
	if err := json.Unmarshal(payload, &ev); err != nil {
		return ev, fmt.Errorf("%w: payload is not a JSON object: %v", errEvent, err)
	}
	switch {
	case ev.Source == "aws.events" && ev.DetailType == "Scheduled Event":
		if ev.Now != "" || ev.DryRun || ev.Task != "" {
			return ev, fmt.Errorf("%w: a scheduled event carries no task, now or dry_run", errEvent)
		}
		return ev, nil
	case ev.Task == "remind" && ev.Source == "":
		return ev, nil
	case ev.Task != "":
		return ev, fmt.Errorf("%w: task %q is not \"remind\"", errEvent, ev.Task)
	}
	return ev, fmt.Errorf("%w: want an EventBridge \"Scheduled Event\" or {\"task\":\"remind\"}, got source %q detail-type %q", errEvent, ev.Source, ev.DetailType)
}

func (h *handler) clock(ev event) (time.Time, error) {
	if ev.Now == "" {
		return h.now(), nil
	}
	if t, err := time.Parse(time.RFC3339, ev.Now); err == nil {
		return t, nil
	}
	d, err := rules.ParseDate(ev.Now)
	if err != nil {
		return time.Time{}, fmt.Errorf("%w: now %q is not a day or an RFC 3339 time", errEvent, ev.Now)
	}
	return d.Start(h.loc).Add(9 * time.Hour), nil
}

// Handle runs one reminder pass. It returns an error when the payload is not
// a reminder event, when the due renewals cannot be read, or when any
// reminder failed (after the others were sent), so that Lambda retries the
// invocation; what was sent is not sent again.
func (h *handler) Handle(ctx context.Context, payload json.RawMessage) (Summary, error) {
	ev, err := parse(payload)
	if err != nil {
		h.log.Error("reminder: event refused", "err", err.Error())
		return Summary{}, err
	}
	now, err := h.clock(ev)
	if err != nil {
		return Summary{}, err
	}
	owner := ""
	if lc, ok := lambdacontext.FromContext(ctx); ok {
		owner = "lambda-" + lc.AwsRequestID
	}
	eng := &remind.Engine{Store: h.store, Posters: h.posters, Loc: h.loc, DryRun: ev.DryRun, Owner: owner, Log: h.log,
		Now: func() time.Time { return now }}
	res, err := eng.Run(ctx)
	if err != nil {
		return Summary{}, err
	}
	sum := Summary{Today: res.Today, DryRun: res.DryRun, Checked: res.Checked, Sent: len(res.Sent), Skipped: res.Skipped, Failed: res.Failed,
		Unreadable: res.Unreadable, Due: res.Sent}
	if len(sum.Due) > 100 {
		sum.Due = sum.Due[:100] // keep the response small; the log has the counts
	}
	var errs []error
	if len(res.Failed) > 0 {
		errs = append(errs, fmt.Errorf("%d of %d due reminders were not sent; they stay due and are retried", len(res.Failed), len(res.Failed)+len(res.Sent)))
	}
	if len(res.Unreadable) > 0 {
		errs = append(errs, fmt.Errorf("%d stored renewal(s) could not be read and were left out (%s); the others were sent", len(res.Unreadable), unreadableKeys(res.Unreadable)))
	}
	return sum, errors.Join(errs...)
}

// unreadableKeys lists the keys of bad records for an error message.
func unreadableKeys(list []store.Unreadable) string {
	keys := make([]string, len(list))
	for i, u := range list {
		keys[i] = u.Key
	}
	return strings.Join(keys, ", ")
}
