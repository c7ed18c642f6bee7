package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/bolt"
	"gpuadvisor/internal/wire"
)

// The `store` subcommand: check and back up the embedded store file. Its
// logic lives in infra/bolt (Inspect, BackupFile); this only prints.

const storeUsage = `usage: gpuadvisor [--db FILE] store check [--json]
       gpuadvisor [--db FILE] store backup BACKUP_FILE

check walks every page of the store file and counts its entries (exit 1 when
it is damaged, saying what to do). backup writes a consistent copy to
BACKUP_FILE (stop "gpuadvisor serve" first: it holds the file).`

func runStore(g globals, stdout, stderr io.Writer, getenv func(string) string) int {
	lang := g.Lang
	args := g.Rest[1:]
	if len(args) == 0 || (args[0] != "check" && args[0] != "backup") ||
		(args[0] == "check" && len(args) != 1) || (args[0] == "backup" && len(args) != 2) {
		fmt.Fprintln(stderr, chat.T(lang, "gpuadvisor store: give check, or backup and a file name, for example: gpuadvisor store backup ./gpuadvisor-backup.db",
			"gpuadvisor store：请写 check，或 backup 加文件名，例如：gpuadvisor store backup ./gpuadvisor-backup.db"))
		fmt.Fprintln(stderr, storeUsage)
		return 2
	}
	path, err := wire.StorePath(g.DB, getenv)
	if err != nil {
		fmt.Fprintln(stderr, "gpuadvisor store:", err)
		return 1
	}
	fail := func(err error) int {
		switch {
		case errors.Is(err, os.ErrNotExist):
			fmt.Fprintf(stderr, chat.T(lang, "gpuadvisor store: there is no store file at %s (--db FILE or %s names another)\n",
				"gpuadvisor store：%s 没有存储文件（用 --db 文件 或 %s 指定其他文件）\n"), path, wire.EnvDB)
		case errors.Is(err, bolt.ErrCorrupt):
			fmt.Fprintln(stderr, chat.T(lang, "gpuadvisor store: DAMAGED:", "gpuadvisor store：文件已损坏（请用备份覆盖它，或把它移开后以空存储重新开始）："), err)
		case errors.Is(err, bolt.ErrLocked):
			fmt.Fprintln(stderr, "gpuadvisor store:", err, chat.T(lang, "(stop gpuadvisor serve or remind first)", "（请先停止 gpuadvisor serve 或 remind）"))
		default:
			fmt.Fprintln(stderr, "gpuadvisor store:", err)
		}
		return 1
	}
	if args[0] == "check" {
		rep, err := bolt.Inspect(path, 2*time.Second)
		if err != nil {
			return fail(err)
		}
		if g.JSON {
			b, _ := json.MarshalIndent(map[string]any{"ok": true, "store": rep}, "", "  ")
			stdout.Write(append(b, '\n'))
			return 0
		}
		fmt.Fprintf(stdout, chat.T(lang, "%s is healthy: %d bytes, every page checked; %d renewals (%d in the due index), %d reminder marks, %d de-duplication keys\n",
			"%s 完好：%d 字节，每一页都已检查；续约 %d 个（到期索引 %d 条），提醒记录 %d 条，去重键 %d 个\n"),
			path, rep.Bytes, rep.Keys["renewals"], rep.Keys["due"], rep.Keys["marks"], rep.Keys["dedupe"])
		return 0
	}
	if _, err := os.Stat(path); err != nil {
		return fail(err)
	}
	st, err := bolt.Open(path, bolt.Options{})
	if err != nil {
		return fail(err)
	}
	defer st.Close()
	n, err := st.BackupFile(args[1])
	if err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, chat.T(lang, "backed up %s to %s (%d bytes); to restore, stop gpuadvisor and copy it back over %s\n",
		"已将 %s 备份到 %s（%d 字节）；恢复时先停止 gpuadvisor，再把它复制回 %s\n"), path, args[1], n, path)
	return 0
}
