package main

import (
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"gpuadvisor/bot"
	"gpuadvisor/infra/boltstore"
)

// serveStorePath is the store file: --db, else GPUADVISOR_DB, else
// gpuadvisor.db in the user's data directory.
// TODO(serve): replace with the renewals CLI's store opener when it lands.
func serveStorePath(db string, getenv func(string) string) (string, error) {
	if db != "" {
		return db, nil
	}
	if v := strings.TrimSpace(getenv("GPUADVISOR_DB")); v != "" {
		return v, nil
	}
	dir := strings.TrimSpace(getenv("XDG_DATA_HOME"))
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", errors.New("no store file: pass --db FILE or set GPUADVISOR_DB")
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "gpuadvisor", "gpuadvisor.db"), nil
}

// serveBotDeps are the commands' dependencies under serve.
func serveBotDeps(st *boltstore.Store, log *slog.Logger) bot.Deps {
	return bot.Deps{Renewals: st}
}
