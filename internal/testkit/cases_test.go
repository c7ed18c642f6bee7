package testkit

import (
	"errors"
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

func TestExamplesSlugJSON(t *testing.T) {
	r := Router(&chat.Command{Name: "draft sla", Examples: []string{"draft sla vendor=x", "起草 条款"}})
	got := Examples(r)
	// help (built in) and draft sla: each example in both languages
	var sla []Example
	for _, ex := range got {
		if ex.Command == "draft sla" {
			sla = append(sla, ex)
		}
	}
	want := []Example{{"draft sla", 1, "draft sla vendor=x", chat.EN}, {"draft sla", 1, "draft sla vendor=x", chat.ZH},
		{"draft sla", 2, "起草 条款", chat.EN}, {"draft sla", 2, "起草 条款", chat.ZH}}
	if !reflect.DeepEqual(sla, want) {
		t.Errorf("Examples = %+v, want %+v", sla, want)
	}
	for in, want := range map[string]string{"draft sla": "draft_sla", "Checklist--Check": "checklist_check", "tier": "tier"} {
		if got := Slug(in, "_"); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
	if got := string(JSON(t, map[string]any{"a": "<b>", "n": 1})); got != "{\n  \"a\": \"<b>\",\n  \"n\": 1\n}\n" {
		t.Errorf("JSON = %q", got)
	}
}

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"a.txt": "smi\n", "b.txt": "topo\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := Files(t, dir, "b.txt", "a.txt"); got != "topo\nsmi\n" {
		t.Errorf("Files = %q, want b then a", got)
	}
	ft := &fatalT{TB: t}
	func() {
		defer func() { _ = recover() }()
		Files(ft, dir, "missing.txt")
	}()
	if !ft.failed {
		t.Error("a missing file did not fail the test")
	}
}

func (f *fatalT) Fatal(...any) { f.failed = true; panic("fatal") }

func (f *fatalT) Errorf(string, ...any) { f.failed = true }

func TestWantInvalid(t *testing.T) {
	good := chat.Reply{Error: &chat.Error{Code: chat.CodeInvalid, Key: "hours", Message: "hours=-5 is negative", Example: "hours=300"}}
	for _, tt := range []struct {
		rep  chat.Reply
		fail bool
	}{
		{good, false},
		{chat.Reply{Title: "an answer"}, true},
		{chat.Reply{Error: &chat.Error{Code: chat.CodeInternal, Key: "hours", Message: "hours=-5 is negative", Example: "hours=300"}}, true},
		{chat.Reply{Error: &chat.Error{Code: chat.CodeInvalid, Key: "cards", Message: "hours=-5 is negative", Example: "hours=300"}}, true},
		{chat.Reply{Error: &chat.Error{Code: chat.CodeInvalid, Key: "hours", Message: "bad", Example: "hours=300"}}, true},
		{chat.Reply{Error: &chat.Error{Code: chat.CodeInvalid, Key: "hours", Message: "hours=-5 is negative"}}, true},
	} {
		ft := &fatalT{TB: t}
		WantInvalid(ft, "case", tt.rep, "hours", "negative")
		if ft.failed != tt.fail {
			t.Errorf("WantInvalid(%+v) failed = %v, want %v", tt.rep.Error, ft.failed, tt.fail)
		}
	}
}

func TestRecorder(t *testing.T) {
	var r Recorder[int]
	if err := r.Record(1); err != nil {
		t.Fatal(err)
	}
	refused := errors.New("throttled")
	r.Fail(refused)
	if err := r.Record(2); err != refused {
		t.Errorf("Record after Fail = %v, want %v", err, refused)
	}
	r.Fail(nil)
	r.Record(3)
	got := r.All()
	if !reflect.DeepEqual(got, []int{1, 3}) { // 2 was refused, so not kept
		t.Errorf("All = %v, want [1 3]", got)
	}
	got[0] = 9 // a copy: the recorder keeps its own
	if r.All()[0] != 1 {
		t.Error("All returned the recorder's own slice")
	}
	r.Reset()
	if n := len(r.All()); n != 0 {
		t.Errorf("after Reset %d kept, want 0", n)
	}
}
