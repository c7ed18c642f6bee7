package bolt_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpuadvisor/infra/bolt"
	"gpuadvisor/infra/bolt/bolttest"
)

// renewalsFile writes a store of n renewals and returns its path.
func renewalsFile(t *testing.T, n int) string { return bolttest.RenewalsFile(t, n, nil) }

// Salvage on damaged files: never a panic; what it keeps is a healthy
// store, and what it cannot read it says, without sending the user back to
// salvage.
func TestSalvageOfDamagedFiles(t *testing.T) {
	for _, tt := range []struct {
		name   string
		damage func(t *testing.T, path string)
	}{
		{"torn to half", func(t *testing.T, path string) { os.Truncate(path, size(t, path)/2) }},
		{"one page of garbage in the middle", func(t *testing.T, path string) {
			mid := size(t, path) / pageSize / 2
			scribble(t, path, mid, mid+1, 0x5a)
		}},
		{"one byte flipped in a renewal", func(t *testing.T, path string) {
			s, err := bolt.Open(path, bolt.Options{})
			if err != nil {
				t.Fatal(err)
			}
			k := []byte("cli:local\x00r0007")
			v, _ := s.Raw([]byte("renewals"), k)
			v[strings.Index(string(v), `":"`)+2] = 'E'
			s.PutRaw([]byte("renewals"), k, v)
			s.Close()
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := renewalsFile(t, 600)
			tt.damage(t, path)
			to := filepath.Join(t.TempDir(), "salvaged.db")
			rep, err := bolt.Salvage(path, to, time.Second)
			if err != nil {
				if strings.Contains(err.Error(), "store salvage") || !strings.Contains(err.Error(), "restore a backup") {
					t.Errorf("Salvage failed with %v; want what to do instead, not salvage again", err)
				}
				if _, serr := os.Stat(to); serr == nil {
					t.Errorf("a failed salvage left %s behind", to)
				}
				t.Logf("refused: %v", err)
				return
			}
			t.Logf("kept %v, left out %d", rep.Kept, len(rep.LeftOut))
			if rep.Kept["renewals"]+len(rep.LeftOut) == 0 {
				t.Errorf("salvage kept nothing and named nothing")
			}
			ins, err := bolt.Inspect(to, time.Second)
			if err != nil || len(ins.Bad) != 0 || ins.Keys["renewals"] != rep.Kept["renewals"] {
				t.Errorf("the salvaged store: %v, %d bad, %d renewals; want healthy with the %d kept", err, len(ins.Bad), ins.Keys["renewals"], rep.Kept["renewals"])
			}
		})
	}
}
