package chat_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
)

type dispatchFunc func(context.Context, chat.Job) error

func (f dispatchFunc) Dispatch(ctx context.Context, j chat.Job) error { return f(ctx, j) }

func pipelineRouter() *chat.Router {
	r := chat.NewRouter()
	r.Register(&chat.Command{Name: "echo", Summary: map[chat.Lang]string{chat.EN: "echo", chat.ZH: "回显"}, Examples: []string{"echo"},
		Run: func(_ context.Context, c *chat.Call) (chat.Reply, error) {
			return chat.Reply{Title: "echo " + c.Req.Text}, nil
		}})
	r.Register(&chat.Command{Name: "slow", Summary: map[chat.Lang]string{chat.EN: "slow", chat.ZH: "慢"}, Examples: []string{"slow"},
		Run: func(_ context.Context, c *chat.Call) (chat.Reply, error) {
			return chat.Ack(c, "Working on it.", "正在处理。"), nil
		}})
	r.Register(&chat.Command{Name: "boom", Summary: map[chat.Lang]string{chat.EN: "panics", chat.ZH: "崩溃"}, Examples: []string{"boom"},
		Run: func(context.Context, *chat.Call) (chat.Reply, error) {
			var m map[string]int
			//lint:ignore SA5000 the command's bug is the point: it must panic
			m["x"] = 1 // a command's bug: assignment to a nil map
			return chat.Reply{}, nil
		}})
	return r
}

// The pipeline's outcomes: what was delivered, in order, and what became of
// the key.
func TestPipeline(t *testing.T) {
	errPost := errors.New("post failed")
	errDispatch := errors.New("throttled")
	tests := []struct {
		name        string
		text        string
		dispatch    error // nil: accepted
		noDrafter   bool
		postErr     error
		want        chat.Outcome
		delivered   []string // titles, in order
		outcomes    []chat.Outcome
		jobs        int
		keyAfter    string // what a second Lease finds: claimed, sent or held
		wantErrText string
	}{
		{name: "answered", text: "echo hi", want: chat.Answered, delivered: []string{"echo echo hi"}, outcomes: []chat.Outcome{chat.Answered}, keyAfter: "sent"},
		{name: "a command's panic is an internal error", text: "boom", want: chat.Answered, delivered: []string{"I could not answer that"}, outcomes: []chat.Outcome{chat.Answered}, keyAfter: "sent"},
		{name: "deferred: ack, then the job", text: "slow", want: chat.Deferred, delivered: []string{"Working on it"}, outcomes: []chat.Outcome{chat.Deferred}, jobs: 1, keyAfter: "sent"},
		{name: "no drafter: coming soon, same words everywhere", text: "slow", noDrafter: true, want: chat.NotDeployed, delivered: []string{"Coming soon"}, outcomes: []chat.Outcome{chat.NotDeployed}, keyAfter: "sent"},
		{name: "dispatch fails: ack, then the failure", text: "slow", dispatch: errDispatch, want: chat.DispatchFailed,
			delivered: []string{"Working on it", "I could not start that"}, outcomes: []chat.Outcome{chat.Deferred, chat.DispatchFailed}, keyAfter: "sent", wantErrText: "throttled"},
		{name: "post fails: the key is released for the retry", text: "echo hi", postErr: errPost, want: chat.PostFailed, delivered: []string{"echo echo hi"}, outcomes: []chat.Outcome{chat.Answered}, keyAfter: "claimed", wantErrText: "post failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dd := &memstore.Deduper{}
			var jobs []chat.Job
			p := &chat.Pipeline{Router: pipelineRouter(), Deduper: dd, Keep: time.Hour,
				Dispatcher: dispatchFunc(func(_ context.Context, j chat.Job) error {
					if tt.dispatch != nil {
						return tt.dispatch
					}
					jobs = append(jobs, j)
					return nil
				})}
			if tt.noDrafter {
				p.Dispatcher = nil
			}
			var titles []string
			var outcomes []chat.Outcome
			res := p.Answer(context.Background(), chat.Delivery{
				Key: "k", Request: chat.Request{Text: tt.text}, JobID: "job-1", Target: chat.Target{Channel: "C1"},
				Deliver: func(_ context.Context, rep chat.Reply, o chat.Outcome) error {
					titles, outcomes = append(titles, rep.Title), append(outcomes, o)
					return tt.postErr
				},
				Acked: func() string { return "" }, // the acknowledgement cannot be replaced
			})
			if res.Outcome != tt.want {
				t.Errorf("outcome %s, want %s", res.Outcome, tt.want)
			}
			if len(titles) != len(tt.delivered) {
				t.Fatalf("delivered %q (%v), want %q", titles, outcomes, tt.delivered)
			}
			for i := range titles {
				if titles[i] != tt.delivered[i] || outcomes[i] != tt.outcomes[i] {
					t.Errorf("delivery %d: %q as %s, want %q as %s", i, titles[i], outcomes[i], tt.delivered[i], tt.outcomes[i])
				}
			}
			if len(jobs) != tt.jobs {
				t.Errorf("%d jobs, want %d", len(jobs), tt.jobs)
			}
			if tt.jobs > 0 && (jobs[0].ID != "job-1" || jobs[0].Target != chat.Target{Channel: "C1", Key: "job-1"}) {
				t.Errorf("job %+v: want id job-1, target C1 with key job-1", jobs[0])
			}
			if (res.Err == nil) != (tt.wantErrText == "") || res.Err != nil && res.Err.Error() != tt.wantErrText {
				t.Errorf("err %v, want %q", res.Err, tt.wantErrText)
			}
			c, _ := dd.Lease(context.Background(), "k", time.Minute)
			if got := map[int]string{1: "claimed", 2: "sent", 3: "held"}[int(c)]; got != tt.keyAfter {
				t.Errorf("key after: %s, want %s", got, tt.keyAfter)
			}
		})
	}
}

// TestPipelineReplacesTheAcknowledgement: the message the acknowledgement
// became, as the platform reports it after delivering it, is where the
// drafter's answer goes (Target.Replace), so it arrives in place of
// "working on it", not as a second message.
func TestPipelineReplacesTheAcknowledgement(t *testing.T) {
	var jobs []chat.Job
	ack := ""
	p := &chat.Pipeline{Router: pipelineRouter(), Deduper: &memstore.Deduper{}, Keep: time.Hour,
		Dispatcher: dispatchFunc(func(_ context.Context, j chat.Job) error { jobs = append(jobs, j); return nil })}
	p.Answer(context.Background(), chat.Delivery{
		Key: "k", Request: chat.Request{Text: "slow"}, JobID: "job-1", Target: chat.Target{Channel: "C1", MessageID: "om_user"},
		Deliver: func(_ context.Context, rep chat.Reply, o chat.Outcome) error { ack = "om_ack"; return nil },
		Acked:   func() string { return ack },
	})
	if len(jobs) != 1 || jobs[0].Target != (chat.Target{Channel: "C1", MessageID: "om_user", Key: "job-1", Replace: "om_ack"}) {
		t.Errorf("jobs %+v: want one whose target replaces om_ack", jobs)
	}
}

// A key answered, or being answered, is not answered again; a failing store
// does nothing.
func TestPipelineDuplicates(t *testing.T) {
	dd := &memstore.Deduper{}
	p := &chat.Pipeline{Router: pipelineRouter(), Deduper: dd, Keep: time.Hour}
	n := 0
	d := chat.Delivery{Key: "k", Request: chat.Request{Text: "echo"}, Deliver: func(context.Context, chat.Reply, chat.Outcome) error { n++; return nil }}
	dd.Lease(context.Background(), "k", time.Minute) // another delivery is answering
	if res := p.Answer(context.Background(), d); res.Outcome != chat.InProgress || n != 0 {
		t.Errorf("held key: %s with %d deliveries, want in_progress and none", res.Outcome, n)
	}
	dd.Done(context.Background(), "k", time.Hour)
	if res := p.Answer(context.Background(), d); res.Outcome != chat.Duplicate || n != 0 {
		t.Errorf("done key: %s with %d deliveries, want duplicate and none", res.Outcome, n)
	}
	d.Key = ""
	if res := p.Answer(context.Background(), d); res.Outcome != chat.Answered || n != 1 {
		t.Errorf("no key: %s with %d deliveries, want answered once", res.Outcome, n)
	}
}
