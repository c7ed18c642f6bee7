package serve

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/infra/bolt/bolttest"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store/storetest"
)

// Issue 25: one undecodable renewal made every `serve --remind-every` tick
// fail, and no reminder went out. The two readable ones are sent once, the
// bad one is named in the log, and the timer carries on.
func TestServeRemindsTheOthersBesideAnUnreadableRenewal(t *testing.T) {
	db := filepath.Join(t.TempDir(), "gpuadvisor.db")
	loc, _ := rules.Location("")
	today := rules.DateOf(time.Now(), loc)
	st := bolttest.Open(t, db)
	for _, id := range []string{"r1", "r2", "r3"} {
		r := storetest.Sample("slack:T0001", id)
		r.Platform, r.Channel, r.Vendor, r.LastDelivery = "slack", "C2147483705", "Vendor-"+id, nil
		r.Renews, r.NoticeDays, r.Offsets = today.AddDays(37), 30, []int{7}
		r.NextCheck = today
		if err := st.CreateRenewal(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	bolttest.Spoiler{S: st}.Spoil(t, "renewals", "slack:T0001", "r2")
	st.Close()

	fs := testkit.NewSlack(t)
	r := startServe(t, serveOptions{DB: db, RemindEvery: 200 * time.Millisecond}, slackEnv(fs))
	waitFor(t, 10*time.Second, "two reminders", func() bool { posts, _, _ := fs.Sent(); return len(posts) >= 2 })
	time.Sleep(700 * time.Millisecond) // more timer runs
	posts, _, _ := fs.Sent()
	var texts []string
	for _, p := range posts {
		texts = append(texts, p.Get("text"))
	}
	all := strings.Join(texts, "\n")
	if len(posts) != 2 || !strings.Contains(all, "Vendor-r1") || !strings.Contains(all, "Vendor-r3") || strings.Contains(all, "Vendor-r2") {
		t.Fatalf("%d reminders posted, want exactly r1's and r3's:\n%s", len(posts), all)
	}
	if r.logs.Count("ERROR", "stored record could not be read") == 0 || !strings.Contains(r.logs.String(), `"key":"slack:T0001/r2"`) {
		t.Errorf("the unreadable renewal is not named in the log")
	}
	if r.logs.Count("ERROR", "reminder run failed") != 0 {
		t.Errorf("a reminder run failed as a whole")
	}
}
