package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gpuadvisor/infra/bolt"
	"gpuadvisor/infra/bolt/bolttest"
)

// spoiledStore is a store of three terminal renewals, due on 2026-12-31,
// whose second (r0001) had one byte changed on disk.
func spoiledStore(t *testing.T) string {
	t.Helper()
	path := storeFile(t, 3)
	st := bolttest.Open(t, path)
	bolttest.Spoiler{S: st}.Spoil(t, "renewals", "cli:local", "r0001")
	st.Close()
	return path
}

// Issue 25: one undecodable renewal made store check say "healthy", and
// failed remind and renewal list for everyone.
func TestOneBadRecordStopsNothing(t *testing.T) {
	path := spoiledStore(t)

	code, out, errs := runCLI("--db", path, "--json", "store", "check")
	var rep struct {
		File    string         `json:"file"`
		OK      bool           `json:"ok"`
		Buckets map[string]int `json:"buckets"`
		Bad     []struct{ Bucket, Key, Error string }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("store check --json: %v\n%s%s", err, out, errs)
	}
	if code != 1 || rep.OK || rep.File != path || rep.Buckets["renewals"] != 3 || len(rep.Bad) != 1 ||
		rep.Bad[0].Bucket != "renewals" || rep.Bad[0].Key != "cli:local/r0001" || !strings.Contains(rep.Bad[0].Error, "invalid character") {
		t.Errorf("store check: exit %d, %+v; want exit 1, not ok, 3 renewals, the bad key cli:local/r0001 with why\n%s", code, rep, out)
	}
	if code, out, _ := runCLI("--db", path, "store", "check"); code != 1 || !strings.Contains(out, "cli:local/r0001") || !strings.Contains(out, "store salvage") {
		t.Errorf("store check (text): exit %d, want 1 naming the key and salvage\n%s", code, out)
	}

	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"english", []string{"renewal", "list"}, "1 renewal could not be read: run `gpuadvisor store check`"},
		{"chinese", []string{"--lang", "zh", "续约", "列表"}, "有 1 条续约无法读取：请运行 `gpuadvisor store check`"},
	} {
		code, out, errs := runCLI(append([]string{"--db", path}, tt.args...)...)
		if code != 0 || !strings.Contains(out, "r0000") || !strings.Contains(out, "r0002") || strings.Contains(out, "r0001") || !strings.Contains(out, tt.want) {
			t.Errorf("%s renewal list: exit %d, want 0 with r0000, r0002 and %q\n%s%s", tt.name, code, tt.want, out, errs)
		}
	}

	code, out, errs = runCLI("--db", path, "--json", "remind", "--now", "2026-12-31")
	var res struct {
		Sent []struct {
			RenewalID string `json:"renewal_id"`
		}
		Unreadable []struct{ Bucket, Key string }
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("remind --json: %v\n%s%s", err, out, errs)
	}
	if code != 1 || len(res.Sent) != 2 || len(res.Unreadable) != 1 || res.Unreadable[0].Key != "cli:local/r0001" {
		t.Errorf("remind: exit %d, %+v; want exit 1, the two others sent, r0001 named\n%s", code, res, errs)
	}
	// the text form names the key and the counts
	path2 := spoiledStore(t)
	code, out, _ = runCLI("--db", path2, "remind", "--now", "2026-12-31")
	if code != 1 || !strings.Contains(out, "2 sent, 0 failed") || !strings.Contains(out, "1 unreadable") || !strings.Contains(out, "cli:local/r0001") {
		t.Errorf("remind (text): exit %d, want 1 with the counts and the key\n%s", code, out)
	}

	salvaged := filepath.Join(t.TempDir(), "salvaged.db")
	code, out, errs = runCLI("--db", path, "store", "salvage", salvaged)
	if code != 0 || !strings.Contains(out, "cli:local/r0001") || !strings.Contains(out, "renewals 2") {
		t.Fatalf("store salvage: exit %d, want 0 keeping 2 renewals and naming r0001\n%s%s", code, out, errs)
	}
	if code, out, errs := runCLI("--db", salvaged, "store", "check"); code != 0 || !strings.Contains(out, "2 renewals (2 in the due index)") {
		t.Errorf("the salvaged store: exit %d, want healthy with 2 renewals and their due entries\n%s%s", code, out, errs)
	}
	if code, _, errs := runCLI("--db", path, "store", "salvage", salvaged); code != 1 || !strings.Contains(errs, "exists already") {
		t.Errorf("salvage over an existing file: exit %d, want 1, refused\n%s", code, errs)
	}
}

// A 0-byte file (a copy that failed) opened as a new empty store.
func TestAnEmptyFileIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"store", "check"}, "empty (0 bytes)"},
		{[]string{"renewal", "list"}, "empty (0 bytes)"},
		{[]string{"--lang", "zh", "续约", "列表"}, "空文件（0 字节）"},
	} {
		args := tt.args
		code, out, errs := runCLI(append([]string{"--db", path}, args...)...)
		all := out + errs
		if code != 1 || !strings.Contains(all, tt.want) || !strings.Contains(all, path) {
			t.Errorf("%v on a 0-byte file: exit %d, want 1 saying it is empty\n%s", args, code, all)
		}
	}
	if fi, _ := os.Stat(path); fi.Size() != 0 {
		t.Errorf("the 0-byte file was written: now %d bytes", fi.Size())
	}
}

// A file held by another process names it: bbolt's lock here is held by
// this test process, so the holder is this pid.
func TestALockedStoreNamesItsHolder(t *testing.T) {
	path := storeFile(t, 1)
	st, err := bolt.Open(path, bolt.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	code, out, errs := runCLI("--db", path, "renewal", "list")
	all := out + errs
	if code != 1 || !strings.Contains(all, "is in use by") || !strings.Contains(all, "pid "+strconv.Itoa(os.Getpid())) {
		t.Errorf("renewal list on a held file: exit %d, want 1 naming pid %d\n%s", code, os.Getpid(), all)
	}
	if strings.Contains(all, "Try again") {
		t.Errorf("a held lock does not pass by retrying; the message says to:\n%s", all)
	}
}
