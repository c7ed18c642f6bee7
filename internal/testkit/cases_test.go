package testkit

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"gpuadvisor/chat"
)

func TestReadCases(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	text := "# comment\n\nen_add: renewal add vendor=v cards=8\njson_list: renewal list\n    renewal add vendor=a\n\trenewal add vendor=b\nzh_x: 续约: 列表\n"
	if err := os.WriteFile(filepath.Join("testdata", "cases.txt"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got := ReadCases(t, "cases.txt")
	want := []Case{
		{Name: "en_add", Text: "renewal add vendor=v cards=8"},
		{Name: "json_list", Text: "renewal list", Setup: []string{"renewal add vendor=a", "renewal add vendor=b"}},
		{Name: "zh_x", Text: "续约: 列表"}, // only the first ": " ends the name
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ReadCases = %+v, want %+v", got, want)
	}
	if got[0].JSON() || !got[1].JSON() {
		t.Errorf("JSON(): en_add %v, json_list %v; want false, true", got[0].JSON(), got[1].JSON())
	}
}

func TestDataOf(t *testing.T) {
	if got := DataOf[int](t, "x", chat.Reply{Data: 7}); got != 7 {
		t.Errorf("DataOf = %d, want 7", got)
	}
	for _, rep := range []chat.Reply{{Data: "seven"}, {Error: &chat.Error{Code: chat.CodeInvalid}, Data: 7}} {
		ft := &fatalT{TB: t}
		func() {
			defer func() { _ = recover() }()
			DataOf[int](ft, "x", rep)
		}()
		if !ft.failed {
			t.Errorf("DataOf[int](%+v) did not fail the test", rep)
		}
	}
}

// fatalT records Fatalf instead of ending the test.
type fatalT struct {
	testing.TB
	failed bool
}

func (f *fatalT) Helper() {}

func (f *fatalT) Fatalf(string, ...any) { f.failed = true; panic("fatal") }

func TestSeqIDsAndClock(t *testing.T) {
	next := SeqIDs("r")
	if a, b := next(), next(); a != "r1" || b != "r2" {
		t.Errorf("SeqIDs(r) = %s, %s; want r1, r2", a, b)
	}
	at := time.Date(2027, 1, 1, 9, 0, 0, 0, time.UTC)
	if got := RouterAt(at).Now(); !got.Equal(at) {
		t.Errorf("RouterAt(%v).Now() = %v", at, got)
	}
}
