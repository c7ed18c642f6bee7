package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gpuadvisor/advisor/pricebook"
	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/store"
)

func TestCommandsWithoutStoredDataNeverOpenTheFile(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	var out, errOut bytes.Buffer
	if code := run([]string{"--db", db, "help"}, &out, &errOut); code != 0 {
		t.Fatalf("help: exit %d: %s", code, errOut.String())
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Errorf("help created the store file: %v", err)
	}
	if code := run([]string{"--db", db, "renewal", "list"}, &out, &errOut); code != 0 {
		t.Fatalf("renewal list: exit %d: %s", code, errOut.String())
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("renewal list did not open the store: %v", err)
	}
}

func TestRenewalsPersistAcrossRuns(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	var out, errOut bytes.Buffer
	add := []string{"--db", db, "--now", "2026-12-01", "renewal", "add", "vendor=酷算云", "gpu=A100-80G", "cards=8", "mode=monthly", "price=15000", "renews=2027-03-01", "notice=30d"}
	if code := run(add, &out, &errOut); code != 0 {
		t.Fatalf("add: exit %d: %s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "2027-01-30") {
		t.Errorf("add does not show the deadline:\n%s", out.String())
	}
	out.Reset()
	if code := run([]string{"--db", db, "--now", "2026-12-01", "--json", "renewal", "list"}, &out, &errOut); code != 0 {
		t.Fatalf("list: exit %d", code)
	}
	if !strings.Contains(out.String(), `"vendor": "酷算云"`) || !strings.Contains(out.String(), `"deadline": "2027-01-30"`) {
		t.Errorf("list after a restart lacks the renewal:\n%s", out.String())
	}
	out.Reset()
	code := run([]string{"--db", db, "--now", "2026-12-01", "renewal", "add", "vendor=v", "cards=8", "renews=2027-03-01"}, &out, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "price") || out.Len() != 0 {
		t.Errorf("add without a price: exit %d, stdout %q, stderr %q; want exit 2 and the error naming price on stderr", code, out.String(), errOut.String())
	}
}

func TestALockedStoreIsReportedNotOK(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	var out, errOut bytes.Buffer
	run([]string{"--db", db, "renewal", "list"}, &out, &errOut)
	hold := &lazyStore{path: db}
	if _, err := hold.open(); err != nil {
		t.Fatal(err)
	}
	defer hold.Close()
	out.Reset()
	errOut.Reset()
	code := run([]string{"--db", db, "renewal", "list"}, &out, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), "store") {
		t.Errorf("list on a locked file: exit %d, stderr %q; want exit 1 and a store error", code, errOut.String())
	}
}

// TestEveryStoreCallReportsTheOpenError: a file that cannot be opened (its
// directory is a regular file) fails each call with the open error and a
// zero answer, and the file is tried once.
func TestEveryStoreCallReportsTheOpenError(t *testing.T) {
	notDir := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(notDir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	l := &lazyStore{path: filepath.Join(notDir, "g.db")}
	ctx, sc := context.Background(), store.Scope{Tenant: "t"}
	calls := map[string]func() (any, error){
		"CreateRenewal": func() (any, error) { return nil, l.CreateRenewal(ctx, rules.Renewal{}) },
		"GetRenewal":    func() (any, error) { return l.GetRenewal(ctx, sc, "r") },
		"ListRenewals":  func() (any, error) { return l.ListRenewals(ctx, sc) },
		"DeleteRenewal": func() (any, error) { return nil, l.DeleteRenewal(ctx, sc, "r") },
		"SetUsage":      func() (any, error) { return l.SetUsage(ctx, sc, "r", []float64{1}, 2) },
		"DueRenewals":   func() (any, error) { return l.DueRenewals(ctx, rules.Date{}, rules.Date{}) },
		"SetNextCheck":  func() (any, error) { return nil, l.SetNextCheck(ctx, "t", "r", rules.Date{}) },
		"SetDelivery":   func() (any, error) { return nil, l.SetDelivery(ctx, "t", "r", rules.Delivery{}) },
		"PutPrice":      func() (any, error) { return nil, l.PutPrice(ctx, pricebook.Entry{}) },
		"ListPrices":    func() (any, error) { return l.ListPrices(ctx, sc) },
		"DeletePrice":   func() (any, error) { return nil, l.DeletePrice(ctx, sc, "p") },
		"GetSettings":   func() (any, error) { return l.GetSettings(ctx, "t") },
		"PutSettings":   func() (any, error) { return nil, l.PutSettings(ctx, "t", store.TeamSettings{}) },
	}
	_, first := l.open()
	if first == nil {
		t.Fatal("a store under a regular file opened")
	}
	for name, call := range calls {
		v, err := call()
		if err != first {
			t.Errorf("%s: error %v, want the open error %v", name, err, first)
		}
		if v != nil && !reflect.ValueOf(v).IsZero() {
			t.Errorf("%s: answer %#v with the error, want the zero value", name, v)
		}
	}
}
