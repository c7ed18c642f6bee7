package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
)

var quiet = slog.New(slog.DiscardHandler)

// fakePoster records the targets of what it was asked to post.
type fakePoster struct{ testkit.Recorder[chat.Target] }

func (p *fakePoster) Post(_ context.Context, t chat.Target, _ chat.Reply) error { return p.Record(t) }

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func seeded(t *testing.T) *memstore.Store {
	st := memstore.NewStore(nil)
	renews, _ := rules.ParseDate("2027-03-01")
	created, _ := rules.ParseDate("2026-12-01")
	r := rules.Renewal{ID: "r1", Tenant: "slack:T1", Platform: "slack", Channel: "C1", Lang: "zh", Vendor: "酷算云",
		GPU: "A100-80G", Cards: 8, Mode: rules.Monthly, Price: 15000, Renews: renews, NoticeDays: 30}
	r.NextCheck = r.FirstCheck(created)
	if err := st.CreateRenewal(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	return st
}

func newHandler(st *memstore.Store, p *fakePoster) *handler {
	return &handler{store: st, posters: map[string]chat.Poster{"slack": p}, loc: rules.Shanghai(),
		now: func() time.Time { return time.Date(2026, 12, 31, 1, 0, 0, 0, time.UTC) }, log: quiet}
}

// invoke goes through aws-lambda-go's own JSON path, as the runtime does.
func invoke(t *testing.T, h *handler, payload []byte) (Summary, error) {
	t.Helper()
	out, err := lambda.NewHandler(h.Handle).Invoke(context.Background(), payload)
	if err != nil {
		return Summary{}, err
	}
	var s Summary
	if err := json.Unmarshal(out, &s); err != nil {
		t.Fatalf("response %s: %v", out, err)
	}
	return s, nil
}

func TestAcceptedEvents(t *testing.T) {
	tests := []struct {
		name, file string
		wantSent   int
		wantDry    bool
	}{
		{"classic EventBridge rule", "scheduled-event.json", 1, false},
		{"EventBridge Scheduler Input", "schedulev2-input.json", 1, false},
		{"manual dry run with a date", "manual-dry-run.json", 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &fakePoster{}
			s, err := invoke(t, newHandler(seeded(t), p), fixture(t, tt.file))
			if err != nil {
				t.Fatalf("%s: %v", tt.file, err)
			}
			if s.Sent != tt.wantSent || s.DryRun != tt.wantDry || len(s.Due) != 1 || s.Due[0].RenewalID != "r1" || s.Due[0].OffsetDays != 30 {
				t.Errorf("%s: summary %+v", tt.file, s)
			}
			wantPosts := 1
			if tt.wantDry {
				wantPosts = 0
			}
			if len(p.All()) != wantPosts {
				t.Errorf("%s: %d posts, want %d", tt.file, len(p.All()), wantPosts)
			}
			if wantPosts == 1 && (p.All()[0].Channel != "C1" || p.All()[0].Key == "") {
				t.Errorf("target %+v, want channel C1 with an idempotency key", p.All()[0])
			}
		})
	}
}

func TestTheScheduleFiringTwiceSendsOnce(t *testing.T) {
	p := &fakePoster{}
	h := newHandler(seeded(t), p)
	for _, f := range []string{"scheduled-event.json", "scheduled-event.json", "schedulev2-input.json"} {
		if _, err := invoke(t, h, fixture(t, f)); err != nil {
			t.Fatal(err)
		}
	}
	if len(p.All()) != 1 {
		t.Errorf("three invocations posted %d reminders, want 1", len(p.All()))
	}
}

func TestRefusedEvents(t *testing.T) {
	for _, f := range []string{"s3-event.json", "other-task.json", "http-request.json", "garbage.txt"} {
		t.Run(f, func(t *testing.T) {
			p := &fakePoster{}
			_, err := newHandler(seeded(t), p).Handle(context.Background(), fixture(t, f))
			if !errors.Is(err, errEvent) {
				t.Errorf("%s: got %v, want errEvent", f, err)
			}
			if len(p.All()) != 0 {
				t.Errorf("%s: refused event posted", f)
			}
		})
	}
	bad := []byte(`{"task":"remind","now":"someday"}`)
	if _, err := newHandler(seeded(t), &fakePoster{}).Handle(context.Background(), bad); !errors.Is(err, errEvent) {
		t.Errorf("bad now: got %v", err)
	}
	mixed := []byte(`{"source":"aws.events","detail-type":"Scheduled Event","dry_run":true}`)
	if _, err := newHandler(seeded(t), &fakePoster{}).Handle(context.Background(), mixed); !errors.Is(err, errEvent) {
		t.Errorf("a scheduled event with dry_run: got %v, want refused", err)
	}
}

func TestAFailedPostFailsTheInvocationAndStaysDue(t *testing.T) {
	st := seeded(t)
	p := &fakePoster{}
	p.Fail(errors.New("slack: not_in_channel"))
	s, err := newHandler(st, p).Handle(context.Background(), fixture(t, "schedulev2-input.json"))
	if err == nil || len(s.Failed) != 1 || s.Sent != 0 {
		t.Fatalf("failing poster: %+v, %v; want an error and one failure", s, err)
	}
	p.Fail(nil)
	s, err = newHandler(st, p).Handle(context.Background(), fixture(t, "schedulev2-input.json"))
	if err != nil || s.Sent != 1 {
		t.Errorf("retry: %+v, %v; want it sent", s, err)
	}
}
