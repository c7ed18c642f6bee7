package slack

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"gpuadvisor/chat"
)

func TestPosterResponseURL(t *testing.T) {
	tests := []struct {
		name     string
		rep      chat.Reply
		wantType string
		replace  string
	}{
		{"a result goes to the channel", chat.Reply{Title: "draft", Summary: "Dear sales, <@U1> &"}, InChannel, ""},
		{"a private result only to the user", chat.Reply{Title: "draft", Private: true}, Ephemeral, ""},
		{"a draft replaces its working on it", chat.Reply{Title: "draft", Private: true}, Ephemeral, chat.ReplaceOriginal},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := newRecorder(t)
			p := NewPoster("xoxb-test-token", rec.apiURL(), rec.Client())
			if err := p.Post(context.Background(), chat.Target{ResponseURL: rec.hookURL(), Channel: "C1", Replace: tc.replace}, tc.rep); err != nil {
				t.Fatal(err)
			}
			hooks := rec.calls("/hook")
			if len(hooks) != 1 || len(rec.Requests()) != 1 {
				t.Fatalf("%d requests, %d to the response_url; want exactly one to it", len(rec.Requests()), len(hooks))
			}
			m := hooks[0].JSON
			if m["response_type"] != tc.wantType || m["replace_original"] != (tc.replace != "") || m["delete_original"] != false {
				t.Errorf("response_url message = %v; want response_type %s and replace_original %t", m, tc.wantType, tc.replace != "")
			}
			if blocks, _ := m["blocks"].([]any); len(blocks) == 0 {
				t.Errorf("no blocks in %v", m)
			}
			if b, _ := json.Marshal(m); strings.Contains(string(b), "<@U1>") {
				t.Errorf("mention not escaped: %s", b)
			}
		})
	}
}

func TestPosterChannelAndThread(t *testing.T) {
	rec := newRecorder(t)
	p := NewPoster("xoxb-test-token", strings.TrimSuffix(rec.apiURL(), "/"), rec.Client()) // trailing slash added
	rep := chat.Reply{Title: "续约提醒", Summary: "酷算云 A100 将于 2027-03-01 续约", Buttons: chat.StandardButtons(chat.ZH, "renewal 1")}
	if err := p.Post(context.Background(), chat.Target{Channel: "C9", ThreadTS: "1700000000.000100"}, rep); err != nil {
		t.Fatal(err)
	}
	posts := rec.calls("/api/chat.postMessage")
	if len(posts) != 1 {
		t.Fatalf("chat.postMessage calls = %d, want 1", len(posts))
	}
	f := posts[0].Form
	if f.Get("channel") != "C9" || f.Get("thread_ts") != "1700000000.000100" || f.Get("token") != "xoxb-test-token" {
		t.Errorf("channel %q thread %q token %q", f.Get("channel"), f.Get("thread_ts"), f.Get("token"))
	}
	if !strings.Contains(f.Get("blocks"), "续约提醒") || !strings.Contains(f.Get("text"), "酷算云") {
		t.Errorf("blocks %q text %q", f.Get("blocks"), f.Get("text"))
	}
}

func TestPosterErrors(t *testing.T) {
	rec := newRecorder(t)
	p := NewPoster("xoxb-test-token", rec.apiURL(), rec.Client())
	ctx := context.Background()
	if err := p.Post(ctx, chat.Target{}, chat.Reply{Title: "x"}); err == nil {
		t.Error("Post with no response_url and no channel succeeded")
	}
	if err := p.Post(ctx, chat.Target{ResponseURL: rec.URL + "/gone"}, chat.Reply{Title: "x"}); err == nil || !strings.Contains(err.Error(), "response_url") {
		t.Errorf("Post to a 404 response_url: err = %v", err)
	}
	bad := NewPoster("xoxb-test-token", rec.URL+"/nowhere/", rec.Client())
	if err := bad.Post(ctx, chat.Target{Channel: "C1"}, chat.Reply{Title: "x"}); err == nil || !strings.Contains(err.Error(), "chat.postMessage") {
		t.Errorf("chat.postMessage against a 404: err = %v", err)
	}
}

// A response_url is a credential (whoever holds it can post into the channel
// for 30 minutes), so a failed post must not put it into the error, which
// ends up in the log. The cause stays reachable with errors.Is.
func TestPosterErrorHidesTheResponseURL(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	hook := dead.URL + "/commands/T0001/1234567890/ZYXWVUTSRQ"
	dead.Close() // connection refused: net/http's error names the URL
	p := NewPoster("xoxb-test-token", "", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := p.Post(ctx, chat.Target{ResponseURL: hook}, chat.Reply{Title: "x"})
	if err == nil {
		t.Fatal("Post to a closed port succeeded")
	}
	if strings.Contains(err.Error(), "ZYXWVUTSRQ") || strings.Contains(err.Error(), "/commands/") {
		t.Errorf("error names the response_url: %v", err)
	}
	if !strings.Contains(err.Error(), "response_url") || !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("error %q: want it to say response_url and to wrap ECONNREFUSED", err)
	}
}

// The same through a button press: the log line of the failed post.
func TestButtonPostFailureLogsNoResponseURL(t *testing.T) {
	f := newFixture(t, nil)
	dead := httptest.NewServer(http.NotFoundHandler())
	hook := dead.URL + "/actions/T0001/1234567890/ZYXWVUTSRQ"
	dead.Close()
	f.rec.FailPosts.Store(1) // the acknowledgement goes to the response_url
	f.rec.FailError = "not_in_channel"
	res := invoke(t, f.h, event(t, pressBody(t, hook, "", ""), testNow, true, nil))
	if res.StatusCode != 200 {
		t.Fatalf("status %d, want 200", res.StatusCode)
	}
	logs := f.logs.String()
	if !strings.Contains(logs, "post_failed") {
		t.Fatalf("the failed post is not logged:\n%s", logs)
	}
	if strings.Contains(logs, "ZYXWVUTSRQ") {
		t.Errorf("the log contains the response_url:\n%s", logs)
	}
}
