package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	rules "gpuadvisor/advisor/renewal"
)

type remindJSON struct {
	DryRun bool `json:"dry_run"`
	Sent   []struct {
		RenewalID  string `json:"renewal_id"`
		OffsetDays int    `json:"offset_days"`
		Deadline   string `json:"deadline"`
		Late       bool   `json:"late"`
	} `json:"sent"`
	Failed []json.RawMessage `json:"failed"`
}

func remindRun(t *testing.T, args ...string) (remindJSON, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	var res remindJSON
	if strings.Contains(strings.Join(args, " "), "--json") && code != 2 {
		if err := json.Unmarshal(out.Bytes(), &res); err != nil {
			t.Fatalf("%v: output is not JSON: %v\n%s%s", args, err, out.String(), errOut.String())
		}
	}
	return res, out.String() + errOut.String(), code
}

func TestRemindCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	var out, errOut bytes.Buffer
	if code := run([]string{"--db", db, "--now", "2026-12-01", "renewal", "add", "vendor=酷算云", "gpu=A100-80G", "cards=8", "price=15000", "renews=2027-03-01", "notice=30d"}, &out, &errOut); code != 0 {
		t.Fatalf("add: %d %s", code, out.String())
	}
	// Dry runs list the due reminder, twice, and change nothing.
	for range 2 {
		res, text, code := remindRun(t, "--db", db, "remind", "--now", "2027-01-01", "--dry-run", "--json")
		if code != 0 || !res.DryRun || len(res.Sent) != 1 || res.Sent[0].OffsetDays != 30 || res.Sent[0].Deadline != "2027-01-30" || !res.Sent[0].Late {
			t.Fatalf("dry run: exit %d %+v\n%s", code, res, text)
		}
	}
	// The real run sends it and prints the reminder; a second run sends nothing.
	_, text, code := remindRun(t, "--db", db, "remind", "--now", "2027-01-01")
	if code != 0 || !strings.Contains(text, "Renewal reminder: 酷算云 A100-80G × 8") || !strings.Contains(text, "1 sent") {
		t.Fatalf("run: exit %d\n%s", code, text)
	}
	res, text, code := remindRun(t, "--db", db, "remind", "--now", "2027-01-01", "--json")
	if code != 0 || len(res.Sent) != 0 {
		t.Errorf("second run sent %d (exit %d)\n%s", len(res.Sent), code, text)
	}
	res, _, _ = remindRun(t, "--db", db, "remind", "--now", "2027-01-16", "--json")
	if len(res.Sent) != 1 || res.Sent[0].OffsetDays != 14 || res.Sent[0].Late {
		t.Errorf("14-day run: %+v", res.Sent)
	}
}

func TestRemindFailsWithoutAPosterAndKeepsItDue(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	st := &lazyStore{path: db}
	s, err := st.open()
	if err != nil {
		t.Fatal(err)
	}
	r := sampleSlackRenewal()
	if err := s.CreateRenewal(t.Context(), r); err != nil {
		t.Fatal(err)
	}
	st.Close()
	t.Setenv("SLACK_BOT_TOKEN", "")
	res, text, code := remindRun(t, "--db", db, "remind", "--now", "2027-01-01", "--json")
	if code != 1 || len(res.Failed) != 1 || len(res.Sent) != 0 {
		t.Fatalf("no Slack token: exit %d, %d failed\n%s", code, len(res.Failed), text)
	}
	res, _, _ = remindRun(t, "--db", db, "remind", "--now", "2027-01-01", "--dry-run", "--json")
	if len(res.Sent) != 1 {
		t.Errorf("the failed reminder is no longer due: %+v", res)
	}
}

func TestRemindBadFlags(t *testing.T) {
	for _, args := range [][]string{{"remind", "extra"}, {"remind", "--now", "soon"}} {
		_, text, code := remindRun(t, append([]string{"--db", filepath.Join(t.TempDir(), "g.db")}, args...)...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", args, code, text)
		}
	}
}

func sampleSlackRenewal() rules.Renewal {
	renews, _ := rules.ParseDate("2027-03-01")
	r := rules.Renewal{ID: "s1", Tenant: "slack:T1", Platform: "slack", Channel: "C1", Lang: "en", Vendor: "v", Cards: 1,
		Mode: rules.Monthly, Price: 100, Renews: renews, NoticeDays: 30}
	today, _ := rules.ParseDate("2026-12-01")
	r.NextCheck = r.FirstCheck(today)
	return r
}
