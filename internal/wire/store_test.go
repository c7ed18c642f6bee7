package wire

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestStorePath(t *testing.T) {
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	tests := []struct {
		name string
		db   string
		env  map[string]string
		want string
	}{
		{"--db wins", "/tmp/a.db", map[string]string{EnvDB: "/tmp/b.db"}, "/tmp/a.db"},
		{"GPUADVISOR_DB next", "", map[string]string{EnvDB: "/tmp/b.db"}, "/tmp/b.db"},
	}
	if runtime.GOOS == "linux" {
		tests = append(tests, struct {
			name string
			db   string
			env  map[string]string
			want string
		}{"XDG data directory", "", map[string]string{"XDG_DATA_HOME": "/data"}, "/data/gpuadvisor/gpuadvisor.db"})
	}
	for _, tt := range tests {
		got, err := StorePath(tt.db, env(tt.env))
		if err != nil || got != tt.want {
			t.Errorf("%s: StorePath(%q, %v) = %q, %v; want %q", tt.name, tt.db, tt.env, got, err, tt.want)
		}
	}
	if runtime.GOOS == "linux" {
		home, _ := os.UserHomeDir()
		got, _ := StorePath("", env(nil))
		if want := filepath.Join(home, ".local", "share", "gpuadvisor", "gpuadvisor.db"); got != want {
			t.Errorf("default: %q, want %q", got, want)
		}
	}
}
