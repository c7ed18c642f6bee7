package serve

import (
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"gpuadvisor/internal/testkit"
)

// Issue 25: on a full disk serve logged an ERROR every 200 ms, /healthz
// said ok, the shutdown lost the pending marks, and after the restart a
// request acknowledged before the stop was answered twice. The disk fault
// is injected (ENOSPC on every store write); infra/bolt's
// TestLeasesOnAFullDisk fills a real tmpfs.
func TestServeOnAFullDisk(t *testing.T) {
	db := filepath.Join(t.TempDir(), "gpuadvisor.db")
	var full atomic.Bool
	fault := func() error {
		if full.Load() {
			return &fs.PathError{Op: "write", Path: db, Err: syscall.ENOSPC}
		}
		return nil
	}
	fsl := testkit.NewSlack(t)
	send := func(r *running, trigger string) (int, []byte) {
		return post(t, r.url, "/slack/commands", "application/x-www-form-urlencoded",
			[]byte(slackForm("help", trigger, fsl.HookURL("T1/B1/x")).Encode()), testSigningSecret, time.Now())
	}
	health := func(r *running) (int, map[string]any) {
		resp, err := http.Get(r.url + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("/healthz is not JSON: %s", b)
		}
		return resp.StatusCode, m
	}
	r := startServe(t, serveOptions{DB: db, Grace: time.Second, writeFault: fault}, slackEnv(fsl))
	if code, h := health(r); code != 200 || h["status"] != "ok" {
		t.Fatalf("/healthz before: %d %v, want 200 status ok", code, h)
	}
	full.Store(true)
	for _, trigger := range []string{"full-1", "full-2", "full-3"} {
		if status, out := send(r, trigger); status != 200 || !strings.Contains(string(out), "blocks") {
			t.Fatalf("%s on a full disk: HTTP %d %q, want an answer", trigger, status, out)
		}
	}
	waitFor(t, 5*time.Second, "/healthz degraded", func() bool { _, h := health(r); return h["status"] == "degraded" })
	time.Sleep(time.Second) // several flush attempts
	code, h := health(r)
	if reason, _ := h["reason"].(string); code != 200 || !strings.Contains(reason, "full") || !strings.Contains(reason, "free") {
		t.Errorf("/healthz on a full disk: %d %v, want 200, degraded, the reason naming the full disk and the free space", code, h)
	}
	if n := r.logs.Count("ERROR", "dedupe marks not written"); n != 1 {
		t.Errorf("%d error lines for one failure streak, want 1", n)
	}
	if status, out := send(r, "full-2"); status != 200 || len(out) != 0 {
		t.Errorf("repeat on a full disk: HTTP %d %q, want a duplicate", status, out)
	}
	if err := r.stop(); err != nil {
		t.Fatalf("stop on a full disk: %v, want the marks kept in the spill file", err)
	}
	if r.logs.Count("WARN", "kept in the spill file") != 1 {
		t.Errorf("the shutdown did not say what it could not write to the store")
	}
	full.Store(false)
	r = startServe(t, serveOptions{DB: db, writeFault: fault}, slackEnv(fsl))
	for _, trigger := range []string{"full-1", "full-2", "full-3"} {
		if status, out := send(r, trigger); status != 200 || len(out) != 0 {
			t.Errorf("%s after the restart: HTTP %d %q, want a duplicate (answered before the stop)", trigger, status, out)
		}
	}
	if code, h := health(r); code != 200 || h["status"] != "ok" {
		t.Errorf("/healthz after the disk was freed: %d %v, want ok", code, h)
	}
}
