package bolt_test

import (
	"context"
	"path/filepath"
	"testing"

	"gpuadvisor/drafter"
	"gpuadvisor/infra/bolt"
	"gpuadvisor/infra/bolt/bolttest"
)

var _ drafter.JobStore = (*bolt.Store)(nil)

// TestJobsSurviveReopen: what PutJob stored is there after the file is
// closed and opened again (a restart of serve); DeleteJob forgets it.
func TestJobsSurviveReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "jobs.db")
	s := bolttest.Open(t, path)
	if got, err := s.Jobs(ctx); err != nil || len(got) != 0 {
		t.Fatalf("a new file holds jobs %v (err %v)", got, err)
	}
	for _, id := range []string{"a", "b", "c"} {
		if err := s.PutJob(ctx, id, []byte(`{"id":"`+id+`"}`)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.PutJob(ctx, "b", []byte(`{"id":"b","runs":1}`)); err != nil { // replaced
		t.Fatal(err)
	}
	if err := s.DeleteJob(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteJob(ctx, "never-stored"); err != nil {
		t.Errorf("deleting an unknown job: %v", err)
	}
	if err := s.PutJob(ctx, "", nil); err == nil {
		t.Error("an empty id was accepted")
	}
	s.Close()
	s = bolttest.Open(t, path)
	defer s.Close()
	got, err := s.Jobs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || string(got["b"]) != `{"id":"b","runs":1}` || string(got["c"]) != `{"id":"c"}` {
		t.Errorf("after reopen: %q, want b (replaced) and c", got)
	}
	if err := s.Check(); err != nil {
		t.Errorf("file check: %v", err)
	}
}
