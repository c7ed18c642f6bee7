package testkit

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Lambda is a fake Lambda Invoke API on loopback, as the drafter hand-off
// (infra/invoke) calls it: POST /2015-03-31/functions/{name}/invocations,
// SigV4-signed, X-Amz-Invocation-Type: Event. It records every call. A
// well-formed asynchronous invoke is answered 202 and its event handed to
// the function set by Route in the background, as Lambda's async queue
// would; any other call is a problem (Wait reports it), answered 400.
type Lambda struct {
	*httptest.Server
	// Name, when set, is the only function that may be invoked.
	Name string
	// Secret, when set, is the secret access key every call's signature is
	// verified with (CheckSigV4, for the lambda service).
	Secret string

	mu       sync.Mutex
	status   int
	run      func(event []byte) error
	calls    []LambdaCall
	events   [][]byte
	problems []string
	running  sync.WaitGroup
}

// LambdaCall is one call as it arrived.
type LambdaCall struct {
	Path, InvocationType, Authorization string
	Body                                []byte
}

// NewLambda starts a fake Invoke API for the function name ("" accepts any),
// closed when the test ends.
func NewLambda(t testing.TB, name string) *Lambda {
	l := &Lambda{Name: name}
	l.Server = httptest.NewServer(http.HandlerFunc(l.serve))
	t.Cleanup(l.Close)
	return l
}

// Route hands the next accepted events to run.
func (l *Lambda) Route(run func(event []byte) error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.run = run
}

// Fail answers every later call with status and Lambda's error body (a
// service exception); 0 answers again as Lambda does.
func (l *Lambda) Fail(status int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.status = status
}

// Calls returns the calls so far.
func (l *Lambda) Calls() []LambdaCall {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]LambdaCall(nil), l.calls...)
}

// Wait waits until every accepted event has run, then returns the events
// and the problems so far.
func (l *Lambda) Wait() (events [][]byte, problems []string) {
	l.running.Wait()
	l.mu.Lock()
	defer l.mu.Unlock()
	return append(events, l.events...), append(problems, l.problems...)
}

func (l *Lambda) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls = append(l.calls, LambdaCall{r.URL.Path, r.Header.Get("X-Amz-Invocation-Type"), r.Header.Get("Authorization"), body})
	w.Header().Set("Content-Type", "application/json")
	if l.status >= 400 {
		w.Header().Set("X-Amzn-ErrorType", "ServiceException")
		w.WriteHeader(l.status)
		io.WriteString(w, `{"Type":"Service","message":"boom"}`)
		return
	}
	if problem := l.check(r, body); problem != "" {
		l.problems = append(l.problems, problem)
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"Type":"User","message":"bad invoke"}`)
		return
	}
	l.events = append(l.events, body)
	run := l.run
	l.running.Go(func() {
		err := fmt.Errorf("no function to run the event")
		if run != nil {
			err = run(body)
		}
		if err != nil {
			l.mu.Lock()
			defer l.mu.Unlock()
			l.problems = append(l.problems, err.Error())
		}
	})
	w.WriteHeader(http.StatusAccepted)
}

// check says what is wrong with an invoke, or "".
func (l *Lambda) check(r *http.Request, body []byte) string {
	switch {
	case r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/2015-03-31/functions/") || !strings.HasSuffix(r.URL.Path, "/invocations"):
		return fmt.Sprintf("%s %s, want POST /2015-03-31/functions/{name}/invocations", r.Method, r.URL.Path)
	case l.Name != "" && r.URL.Path != "/2015-03-31/functions/"+l.Name+"/invocations":
		return fmt.Sprintf("%s invokes another function than %s", r.URL.Path, l.Name)
	case r.Header.Get("X-Amz-Invocation-Type") != "Event":
		return fmt.Sprintf("X-Amz-Invocation-Type %q, want Event (asynchronous)", r.Header.Get("X-Amz-Invocation-Type"))
	case !strings.HasPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 "):
		return "the invoke is not SigV4-signed"
	}
	if l.Secret != "" {
		sig, err := CheckSigV4(r, body, l.Secret, time.Now())
		if err != nil {
			return "the invoke's signature: " + err.Error()
		}
		if sig.Service != "lambda" {
			return fmt.Sprintf("the invoke is signed for %s, want lambda", sig.Service)
		}
	}
	return ""
}
