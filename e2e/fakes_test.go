package e2e

import (
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

// lambdaAPI is the fake Lambda Invoke API (internal/testkit) in front of
// the emulator of one function: the emulator serves only
// /functions/function/invocations and is synchronous, so each accepted
// asynchronous event is run on it in the background, as Lambda's async queue
// would.
type lambdaAPI struct{ *testkit.Lambda }

func newLambdaAPI(t *testing.T, name string) *lambdaAPI {
	l := testkit.NewLambda(t, name)
	l.Secret = "test" // every function's AWS_SECRET_ACCESS_KEY (harness): each invoke's signature is checked
	return &lambdaAPI{l}
}

// route sends the next events to f.
func (l *lambdaAPI) route(f *fn) {
	l.Route(func(event []byte) error {
		_, err := f.call(event)
		return err
	})
}

// wait waits for every accepted event to have run, then reports the events
// and any problem.
func (l *lambdaAPI) wait() (events [][]byte, problems []string) { return l.Wait() }

// newFakeFeishu is a fake Feishu Open API (internal/testkit) for the app the
// event fixtures are addressed to.
func newFakeFeishu(t *testing.T) *testkit.Feishu {
	f := testkit.NewFeishu(t)
	f.AppID, f.AppSecret = "cli_a5e3b2c1d0f4900c", "e2e-app-secret"
	return f
}
