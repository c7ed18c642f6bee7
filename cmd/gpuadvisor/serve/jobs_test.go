package serve

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpuadvisor/internal/testkit/llmtest"

	"gpuadvisor/internal/testkit"
)

// Shutting serve down while a draft is being written: the draft is still
// posted before serve stops and closes the store.
func TestServeShutdownFinishesDraftInFlight(t *testing.T) {
	fake := llmtest.New(func(llmtest.Request) llmtest.Response {
		return llmtest.Response{Content: "slow draft", Delay: 400 * time.Millisecond}
	})
	t.Cleanup(fake.Close)
	fs := testkit.NewSlack(t)
	env := slackEnv(fs) // the LLM's settings come through serve's getenv, like the rest
	env["OPENAI_BASE_URL"], env["OPENAI_MODEL"], env["OPENAI_API_KEY"] = fake.BaseURL, "test-model", "sk-test"
	r := startServe(t, serveOptions{}, env)
	text := "draft sla vendor=AcmeGPU response=30m replace=4h outage=4h comp=2x migration=yes destruction=yes"
	body := []byte(slackForm(text, "trig-shutdown-1", fs.HookURL("T1/B1/x")).Encode())
	status, out := post(t, r.url, "/slack/commands", "application/x-www-form-urlencoded", body, testSigningSecret, time.Now())
	var ack slackMessage
	json.Unmarshal(out, &ack)
	if status != 200 || !strings.Contains(strings.ToLower(ack.Text), "working on it") {
		t.Fatalf("draft command: got HTTP %d %q, want the acknowledgement", status, ack.Text)
	}
	if err := r.stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}
	_, hooks, _ := fs.Sent()
	if len(hooks) != 1 || !strings.Contains(hooks[0].Raw, "AcmeGPU") {
		t.Fatalf("got %d posts to the response_url by the time serve stopped, want the draft", len(hooks))
	}
	// The store was closed: the file opens again at once.
	st, err := openStoreForTest(r.db)
	if err != nil {
		t.Fatalf("store still locked after shutdown: %v", err)
	}
	st.Close()
	if n := r.logs.Count("INFO", "stopped"); n != 1 {
		t.Errorf("got %d 'stopped' lines, want 1", n)
	}
}

// Drafts accepted but not finished when serve stops stay in the store file,
// and the next start posts each of them once: nobody who was told "the
// draft will be posted here" is left waiting.
func TestServeKeepsUnfinishedDraftsForTheNextStart(t *testing.T) {
	slow := llmtest.New(func(llmtest.Request) llmtest.Response {
		return llmtest.Response{Content: "slow draft", Delay: 3 * time.Second}
	})
	t.Cleanup(slow.Close)
	fs := testkit.NewSlack(t)
	env := slackEnv(fs)
	env["OPENAI_BASE_URL"], env["OPENAI_MODEL"], env["OPENAI_API_KEY"] = slow.BaseURL, "test-model", "sk-test"
	db := filepath.Join(t.TempDir(), "gpuadvisor.db")
	r := startServe(t, serveOptions{DB: db, Grace: 300 * time.Millisecond}, env)
	const n = 3
	for i := range n {
		text := fmt.Sprintf("draft sla vendor=Vendor%d response=30m replace=4h outage=4h comp=2x", i)
		body := []byte(slackForm(text, fmt.Sprintf("trig-keep-%d", i), fs.HookURL(fmt.Sprintf("T1/B%d/x", i))).Encode())
		if status, out := post(t, r.url, "/slack/commands", "application/x-www-form-urlencoded", body, testSigningSecret, time.Now()); status != 200 {
			t.Fatalf("draft %d: HTTP %d %s", i, status, out)
		}
	}
	r.stop() // the grace runs out with every draft still waiting on the LLM
	if _, hooks, _ := fs.Sent(); len(hooks) != 0 {
		t.Fatalf("%d drafts posted by a shutdown that cut them short, want none (they stay stored)", len(hooks))
	}

	// The next start, with an LLM that answers, posts each stored draft once.
	fast := llmtest.New(func(llmtest.Request) llmtest.Response { return llmtest.Response{Content: "fast draft"} })
	t.Cleanup(fast.Close)
	env["OPENAI_BASE_URL"] = fast.BaseURL
	r2 := startServe(t, serveOptions{DB: db}, env)
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, hooks, _ := fs.Sent()
		if len(hooks) >= n || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := r2.stop(); err != nil {
		t.Fatal(err)
	}
	_, hooks, _ := fs.Sent()
	seen := map[string]int{}
	for _, h := range hooks {
		for i := range n {
			if strings.Contains(h.Raw, fmt.Sprintf("Vendor%d", i)) {
				seen[fmt.Sprint(i)]++
			}
		}
	}
	if len(hooks) != n || len(seen) != n {
		t.Errorf("after the restart %d posts for %v, want each of the %d drafts once", len(hooks), seen, n)
	}
	if r2.logs.Count("INFO", "drafts resumed") != 1 {
		t.Errorf("the restart did not log the resumed drafts:\n%s", r2.logs.String())
	}
}
