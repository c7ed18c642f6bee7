package e2e

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"gpuadvisor/internal/testkit"
)

// newFakeSlack is a fake Slack (internal/testkit) that accepts only the
// bot token it gives the functions.
func newFakeSlack(t *testing.T) *testkit.Slack {
	f := testkit.NewSlack(t)
	f.BotToken = "xoxb-e2e-test"
	return f
}

// lambdaAPI stands for the Lambda Invoke API in front of the emulator of one
// function: POST /2015-03-31/functions/{name}/invocations, SigV4-signed, with
// X-Amz-Invocation-Type: Event answered 202 at once, the event then run on
// the emulator (which serves only /functions/function/invocations and is
// synchronous), as Lambda's async queue would.
type lambdaAPI struct {
	*httptest.Server
	name string

	mu       sync.Mutex
	target   *fn
	events   [][]byte
	problems []string
	done     sync.WaitGroup
}

func newLambdaAPI(t *testing.T, name string) *lambdaAPI {
	l := &lambdaAPI{name: name}
	l.Server = httptest.NewServer(http.HandlerFunc(l.serve))
	t.Cleanup(l.Close)
	return l
}

// route sends the next events to f.
func (l *lambdaAPI) route(f *fn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.target = f
}

func (l *lambdaAPI) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	want := "/2015-03-31/functions/" + l.name + "/invocations"
	problem := ""
	switch {
	case r.Method != http.MethodPost || r.URL.Path != want:
		problem = fmt.Sprintf("%s %s, want POST %s", r.Method, r.URL.Path, want)
	case r.Header.Get("X-Amz-Invocation-Type") != "Event":
		problem = fmt.Sprintf("X-Amz-Invocation-Type %q, want Event (asynchronous)", r.Header.Get("X-Amz-Invocation-Type"))
	case !strings.HasPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 "):
		problem = "the invoke is not SigV4-signed"
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if problem != "" {
		l.problems = append(l.problems, problem)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"Type":"User","message":"bad invoke"}`)
		return
	}
	l.events = append(l.events, body)
	target := l.target
	l.done.Add(1)
	go func() {
		defer l.done.Done()
		if target == nil {
			l.fail("no function to run the event")
			return
		}
		if _, err := target.call(body); err != nil {
			l.fail(err.Error())
		}
	}()
	w.WriteHeader(http.StatusAccepted)
}

func (l *lambdaAPI) fail(p string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.problems = append(l.problems, p)
}

// wait waits for every accepted event to have run, then reports the events
// and any problem.
func (l *lambdaAPI) wait() (events [][]byte, problems []string) {
	l.done.Wait()
	l.mu.Lock()
	defer l.mu.Unlock()
	return append(events, l.events...), append(problems, l.problems...)
}

// newFakeFeishu is a fake Feishu Open API (internal/testkit) for the app the
// event fixtures are addressed to.
func newFakeFeishu(t *testing.T) *testkit.Feishu {
	f := testkit.NewFeishu(t)
	f.AppID, f.AppSecret = "cli_a5e3b2c1d0f4900c", "e2e-app-secret"
	return f
}
