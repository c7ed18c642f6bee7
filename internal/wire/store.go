package wire

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// EnvDB names the store file when --db is not given.
const EnvDB = "GPUADVISOR_DB"

// StorePath is the embedded store's file: --db FILE, else $GPUADVISOR_DB,
// else gpuadvisor.db in the user's data directory. On Linux and the BSDs that
// is the XDG data directory, $XDG_DATA_HOME/gpuadvisor or
// ~/.local/share/gpuadvisor; elsewhere os.UserConfigDir()/gpuadvisor
// (~/Library/Application Support/gpuadvisor on macOS, %AppData%\gpuadvisor
// on Windows), which is where those systems keep application data.
func StorePath(db string, getenv func(string) string) (string, error) {
	if db = strings.TrimSpace(db); db != "" {
		return db, nil
	}
	if v := strings.TrimSpace(getenv(EnvDB)); v != "" {
		return v, nil
	}
	var dir string
	switch runtime.GOOS {
	case "darwin", "windows", "ios", "plan9":
		d, err := os.UserConfigDir()
		if err != nil {
			return "", fmt.Errorf("no store file: pass --db FILE or set %s (%v)", EnvDB, err)
		}
		dir = d
	default:
		dir = strings.TrimSpace(getenv("XDG_DATA_HOME"))
		if dir == "" {
			home, err := os.UserHomeDir()
			if err != nil {
				return "", fmt.Errorf("no store file: pass --db FILE or set %s (%v)", EnvDB, err)
			}
			dir = filepath.Join(home, ".local", "share")
		}
	}
	return filepath.Join(dir, "gpuadvisor", "gpuadvisor.db"), nil
}
