package serve

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/infra/bolt"
	"gpuadvisor/store"

	"gpuadvisor/internal/testkit"
)

func openStoreForTest(path string) (*bolt.Store, error) {
	return bolt.Open(path, bolt.Options{Timeout: 500 * time.Millisecond})
}

// child is `gpuadvisor serve` running as its own process.
type child struct {
	cmd  *exec.Cmd
	url  string
	logs *testkit.SyncBuffer
}

var (
	buildServeOnce sync.Once
	builtServe     string
	buildServeErr  error
)

// serveBinary builds this command once per test run.
func serveBinary(t *testing.T) string {
	t.Helper()
	buildServeOnce.Do(func() {
		dir, err := os.MkdirTemp("", "gpuadvisor-serve-test")
		if err != nil {
			buildServeErr = err
			return
		}
		builtServe = filepath.Join(dir, "gpuadvisor")
		out, err := exec.Command("go", "build", "-o", builtServe, "..").CombinedOutput()
		if err != nil {
			buildServeErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildServeErr != nil {
		t.Fatal(buildServeErr)
	}
	return builtServe
}

// startChild runs serve on a free loopback port with the store at db and
// waits until it says where it listens.
func startChild(t *testing.T, bin, db string, env map[string]string) *child {
	t.Helper()
	cmd := exec.Command(bin, "--db", db, "serve", "--addr", "127.0.0.1:0", "--remind-every", "0")
	cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	c := &child{cmd: cmd, logs: &testkit.SyncBuffer{}}
	cmd.Stderr = c.logs
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("serve (pid %d) logs:\n%s", cmd.Process.Pid, c.logs.String())
		}
	})
	lines := Listening(stdout)
	select {
	case c.url = <-lines:
	case <-time.After(10 * time.Second):
		t.Fatalf("serve did not start within 10 s:\n%s", c.logs.String())
	}
	return c
}

var renewalIDRE = regexp.MustCompile(`\(id ([a-z0-9]+)\)`)

// Killing serve (SIGKILL) while it stores renewals loses none that it
// acknowledged: each was a committed bbolt transaction before the reply.
func TestServeKilledMidWriteLosesNoRenewal(t *testing.T) {
	bin := serveBinary(t)
	fs := testkit.NewSlack(t)
	env := slackEnv(fs)
	db := filepath.Join(t.TempDir(), "gpuadvisor.db")
	first := startChild(t, bin, db, env)

	loc, _ := rules.Location("")
	renews := time.Now().In(loc).AddDate(0, 3, 0).Format("2006-01-02")
	add := func(base string, i int) (string, error) {
		text := fmt.Sprintf("renewal add vendor=vendor%02d gpu=A100-80G cards=8 mode=monthly price=15000 renews=%s notice=30d", i, renews)
		body := []byte(slackForm(text, fmt.Sprintf("trig-crash-%d", i), fs.HookURL("T1/B1/x")).Encode())
		status, out, err := postNoFatal(base+"/slack/commands", body)
		if err != nil {
			return "", err
		}
		m := renewalIDRE.FindStringSubmatch(string(out))
		if status != 200 || m == nil {
			return "", fmt.Errorf("renewal add %d: HTTP %d %.200s", i, status, out)
		}
		return m[1], nil
	}
	// One renewal stored before anything else happens.
	firstID, err := add(first.url, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Then a stream of writes from four clients, killed in the middle.
	var mu sync.Mutex
	acked := []string{firstID}
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := 1 + w; ctx.Err() == nil; i += 4 {
				id, err := add(first.url, i)
				if err != nil {
					return // the process is gone
				}
				mu.Lock()
				acked = append(acked, id)
				mu.Unlock()
			}
		})
	}
	waitFor(t, 10*time.Second, "twenty acknowledged writes", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(acked) >= 20
	})
	if err := first.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	first.cmd.Wait()
	stop()
	wg.Wait()

	second := startChild(t, bin, db, env)
	status, out, err := postNoFatal(second.url+"/slack/commands", []byte(slackForm("renewal list", "trig-list-1", fs.HookURL("T1/B1/x")).Encode()))
	if err != nil || status != 200 {
		t.Fatalf("renewal list after restart: HTTP %d %v %.300s", status, err, out)
	}
	if !strings.Contains(string(out), firstID) {
		t.Errorf("renewal list after SIGKILL and restart does not show %s: %.500s", firstID, out)
	}
	// Every acknowledged write is in the store (read directly: the list
	// shows only so many).
	second.cmd.Process.Signal(syscall.SIGTERM)
	if err := second.cmd.Wait(); err != nil {
		t.Errorf("serve exited with %v after SIGTERM, want a clean exit", err)
	}
	st, err := openStoreForTest(db)
	if err != nil {
		t.Fatalf("open the store after SIGTERM: %v", err)
	}
	defer st.Close()
	stored, err := st.ListRenewals(context.Background(), store.Scope{Tenant: "slack:T0001", Channel: "C2147483705"})
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, r := range stored {
		have[r.ID] = true
	}
	mu.Lock()
	defer mu.Unlock()
	for _, id := range acked {
		if !have[id] {
			t.Errorf("renewal %s was acknowledged before the kill but is not stored", id)
		}
	}
	t.Logf("%d renewals acknowledged before SIGKILL, %d stored after", len(acked), len(stored))
}

// postNoFatal sends a signed slash command body; errors are returned, not fatal
// (the server may be killed mid-request).
func postNoFatal(u string, body []byte) (int, []byte, error) {
	req, err := newSignedRequest(u, body)
	if err != nil {
		return 0, nil, err
	}
	resp, err := (&httpClientNoKeepAlive).Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// Expired de-duplication keys are deleted from the file when serve starts
// (and hourly after), so the store does not grow with every request.
func TestServeSweepsExpiredKeys(t *testing.T) {
	db := filepath.Join(t.TempDir(), "gpuadvisor.db")
	past := time.Now().Add(-3 * time.Hour)
	st, err := bolt.Open(db, bolt.Options{Now: func() time.Time { return past }})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"slack:trigger:old-1", "slack:trigger:old-2"} {
		if ok, err := st.Claim(context.Background(), k, time.Hour); !ok || err != nil {
			t.Fatalf("claim %s: %v %v", k, ok, err)
		}
	}
	if ok, err := st.Claim(context.Background(), "slack:trigger:live", 24*time.Hour); !ok || err != nil {
		t.Fatalf("claim live key: %v %v", ok, err)
	}
	st.Close()

	fs := testkit.NewSlack(t)
	r := startServe(t, serveOptions{DB: db}, slackEnv(fs))
	waitFor(t, 5*time.Second, "the sweep at start", func() bool { return r.logs.Count("INFO", "store swept") == 1 })
	if !strings.Contains(r.logs.String(), `"expired_keys_deleted":2`) {
		t.Errorf("sweep log does not say 2 keys deleted:\n%s", r.logs.String())
	}
	// The live key still de-duplicates.
	status, out := post(t, r.url, "/slack/commands", "application/x-www-form-urlencoded",
		[]byte(slackForm("help", "live", fs.HookURL("T1/B1/x")).Encode()), testSigningSecret, time.Now())
	if status != 200 || len(out) != 0 {
		t.Errorf("repeat of a live trigger id: got HTTP %d %q, want 200 with no answer (a duplicate)", status, out)
	}
}

// A delivery answered before serve stopped is still a duplicate after it
// starts again: the done marks kept in memory (bolt.Leases) are written to
// the file at shutdown.
func TestServeDuplicateAcrossARestart(t *testing.T) {
	db := filepath.Join(t.TempDir(), "gpuadvisor.db")
	fs := testkit.NewSlack(t)
	send := func(r *running, trigger string) (int, []byte) {
		return post(t, r.url, "/slack/commands", "application/x-www-form-urlencoded",
			[]byte(slackForm("help", trigger, fs.HookURL("T1/B1/x")).Encode()), testSigningSecret, time.Now())
	}
	r := startServe(t, serveOptions{DB: db}, slackEnv(fs))
	if status, out := send(r, "restart-1"); status != 200 || !strings.Contains(string(out), "blocks") {
		t.Fatalf("first delivery: HTTP %d %q, want an answer", status, out)
	}
	if status, out := send(r, "restart-1"); status != 200 || len(out) != 0 {
		t.Errorf("repeat in the same run: HTTP %d %q, want 200 with no answer (a duplicate)", status, out)
	}
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}
	r = startServe(t, serveOptions{DB: db}, slackEnv(fs))
	if status, out := send(r, "restart-1"); status != 200 || len(out) != 0 {
		t.Errorf("repeat after a restart: HTTP %d %q, want 200 with no answer (a duplicate)", status, out)
	}
	if status, out := send(r, "restart-2"); status != 200 || !strings.Contains(string(out), "blocks") {
		t.Errorf("a new delivery after a restart: HTTP %d %q, want an answer", status, out)
	}
}
