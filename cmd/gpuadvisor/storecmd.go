package main

import (
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
		if !g.JSON {
			defer fmt.Fprintln(stderr, storeUsage)
		}
		return cliFail(g.JSON, stdout, stderr, "store", chat.Error{Code: chat.CodeInvalid, Key: "store", Example: "gpuadvisor store backup ./gpuadvisor-backup.db",
			Message: chat.T(lang, "give check, or backup and a file name, for example: gpuadvisor store backup ./gpuadvisor-backup.db",
				"请写 check，或 backup 加文件名，例如：gpuadvisor store backup ./gpuadvisor-backup.db")}, 2)
	}
	path, err := wire.StorePath(g.DB, getenv)
	if err != nil {
		return cliFail(g.JSON, stdout, stderr, "store", chat.Error{Code: chat.CodeUnavailable, Key: "--db", Example: "--db ./gpuadvisor.db", Message: err.Error()}, 1)
	}
	fail := func(err error) int {
		e := chat.Error{Code: chat.CodeUnavailable, Key: "--db", Example: "--db ./gpuadvisor.db", Message: err.Error()}
		switch {
		case errors.Is(err, os.ErrNotExist):
			e.Code = chat.CodeNotFound
			e.Message = fmt.Sprintf(chat.T(lang, "there is no store file at %s (--db FILE or %s names another)",
				"%s 没有存储文件（用 --db 文件 或 %s 指定其他文件）"), path, wire.EnvDB)
		case errors.Is(err, bolt.ErrCorrupt):
			e.Code = chat.CodeInternal
			e.Message = chat.T(lang, "DAMAGED: ", "文件已损坏（请用备份覆盖它，或把它移开后以空存储重新开始）：") + err.Error()
		case errors.Is(err, bolt.ErrLocked):
			e.Message = err.Error() + " " + chat.T(lang, "(stop gpuadvisor serve or remind first)", "（请先停止 gpuadvisor serve 或 remind）")
		}
		return cliFail(g.JSON, stdout, stderr, "store", e, 1)
	}
	if args[0] == "check" {
		rep, err := bolt.Inspect(path, 2*time.Second)
		if err != nil {
			return fail(err)
		}
		if g.JSON {
			writeJSON(stdout, map[string]any{"command": "store check", "ok": true, "store": rep})
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
	if g.JSON {
		writeJSON(stdout, map[string]any{"command": "store backup", "ok": true, "store": path, "backup": args[1], "bytes": n})
		return 0
	}
	fmt.Fprintf(stdout, chat.T(lang, "backed up %s to %s (%d bytes); to restore, stop gpuadvisor and copy it back over %s\n",
		"已将 %s 备份到 %s（%d 字节）；恢复时先停止 gpuadvisor，再把它复制回 %s\n"), path, args[1], n, path)
	return 0
}
