package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/bolt"
	"gpuadvisor/internal/wire"
	"gpuadvisor/store"
)

// The `store` subcommand: check, back up and salvage the embedded store
// file. Its logic lives in infra/bolt (Inspect, BackupFile, Salvage); this
// only prints.

const storeUsage = `usage: gpuadvisor [--db FILE] store check [--json]
       gpuadvisor [--db FILE] store backup BACKUP_FILE
       gpuadvisor [--db FILE] store salvage NEW_FILE

check walks every page of the store file and decodes every record of every
bucket: exit 0 when it is healthy, 1 when it is damaged (it lists each
record that cannot be read and says what to do), 2 on bad usage.
backup writes a consistent copy to BACKUP_FILE. salvage writes a new store
NEW_FILE with every record that can be read and lists what it left out;
then move the damaged file aside and NEW_FILE in its place. Stop
"gpuadvisor serve" first: it holds the file.`

// storeSubs are the words of `store` and how many arguments each takes.
var storeSubs = map[string]int{"check": 0, "backup": 1, "salvage": 1}

func runStore(g globals, stdout, stderr io.Writer, getenv func(string) string) int {
	lang := g.Lang
	args := g.Rest[1:]
	if n, ok := storeSubs[first(args)]; !ok || len(args) != n+1 {
		if !g.JSON {
			defer fmt.Fprintln(stderr, storeUsage)
		}
		return cliFail(g.JSON, stdout, stderr, "store", chat.Error{Code: chat.CodeInvalid, Key: "store", Example: "gpuadvisor store backup ./gpuadvisor-backup.db",
			Message: chat.T(lang, "give check, or backup or salvage and a file name, for example: gpuadvisor store backup ./gpuadvisor-backup.db",
				"请写 check，或 backup、salvage 加文件名，例如：gpuadvisor store backup ./gpuadvisor-backup.db")}, 2)
	}
	path, err := wire.StorePath(g.DB, getenv)
	if err != nil {
		return cliFail(g.JSON, stdout, stderr, "store", chat.Error{Code: chat.CodeUnavailable, Key: "--db", Example: "--db ./gpuadvisor.db", Message: err.Error()}, 1)
	}
	fail := func(err error) int {
		return cliFail(g.JSON, stdout, stderr, "store", storeError(lang, path, err), 1)
	}
	switch args[0] {
	case "check":
		return storeCheck(g, stdout, stderr, path, fail)
	case "salvage":
		return storeSalvage(g, stdout, path, args[1], fail)
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

func first(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

// storeError is what the user is told about a store failure on path, in
// lang: the cause when it is known (store.Explain), else the error.
func storeError(lang chat.Lang, path string, err error) chat.Error {
	e := chat.Error{Code: chat.CodeUnavailable, Key: "--db", Example: "--db ./gpuadvisor.db", Message: err.Error()}
	var fe *store.FaultError
	switch {
	case errors.As(err, &fe) && fe.Problem != store.NoDirectory:
	case errors.Is(err, os.ErrNotExist):
		e.Code = chat.CodeNotFound
		e.Message = fmt.Sprintf(chat.T(lang, "there is no store file at %s (--db FILE or %s names another)",
			"%s 没有存储文件（用 --db 文件 或 %s 指定其他文件）"), path, wire.EnvDB)
		if fe != nil {
			e.Message = fe.Explain(string(lang))
		}
		return e
	case errors.Is(err, store.ErrDamaged):
		e.Code = chat.CodeInternal
	}
	if x := store.Explain(err, string(lang)); x.Known {
		e.Message = x.Message
	}
	return e
}

// checkJSON is `store check --json` (docs/json.md#store).
type checkJSON struct {
	Command string             `json:"command"`
	File    string             `json:"file"`
	OK      bool               `json:"ok"`
	Bytes   int64              `json:"bytes"`
	Buckets map[string]int     `json:"buckets"`
	Bad     []store.Unreadable `json:"bad"`
	// Damage says why the file as a whole cannot be read (torn, pages
	// damaged, empty, not a store), with what to do; "" otherwise.
	Damage string `json:"damage,omitempty"`
}

func storeCheck(g globals, stdout, stderr io.Writer, path string, fail func(error) int) int {
	lang := g.Lang
	rep, err := bolt.Inspect(path, 2*time.Second)
	if err != nil && !errors.Is(err, bolt.ErrCorrupt) {
		return fail(err)
	}
	out := checkJSON{Command: "store check", File: path, OK: err == nil && len(rep.Bad) == 0, Bytes: rep.Bytes, Buckets: rep.Keys, Bad: rep.Bad}
	if err != nil {
		out.Damage = storeError(lang, path, err).Message
	}
	code := 0
	if !out.OK {
		code = 1
	}
	if g.JSON {
		writeJSON(stdout, out)
		return code
	}
	if out.Damage != "" {
		fmt.Fprintf(stderr, "gpuadvisor store: %s\n", out.Damage)
		return code
	}
	if out.OK {
		fmt.Fprintf(stdout, chat.T(lang, "%s is healthy: %d bytes, every page checked and every record read; %d renewals (%d in the due index), %d reminder marks, %d de-duplication keys\n",
			"%s 完好：%d 字节，每一页都已检查，每条记录都能读出；续约 %d 个（到期索引 %d 条），提醒记录 %d 条，去重键 %d 个\n"),
			path, rep.Bytes, rep.Keys["renewals"], rep.Keys["due"], rep.Keys["marks"], rep.Keys["dedupe"])
		return 0
	}
	fmt.Fprintf(stdout, chat.T(lang, "%s is DAMAGED: its pages are sound, but %d record(s) cannot be read (the bot skips them and serves the others):\n",
		"%s 已损坏：页面完好，但有 %d 条记录无法读取（机器人会跳过它们，其余照常使用）：\n"), path, len(rep.Bad))
	t := chat.Table{Header: []string{chat.T(lang, "bucket", "类别"), chat.T(lang, "key", "键"), chat.T(lang, "why", "原因")}}
	for _, b := range rep.Bad {
		t.Rows = append(t.Rows, []string{b.Bucket, b.Key, b.Error})
	}
	fmt.Fprint(stdout, chat.RenderText(chat.Reply{Tables: []chat.Table{t}}))
	fmt.Fprintf(stdout, chat.T(lang, "\nTo keep every readable record: gpuadvisor --db %s store salvage NEW_FILE, then stop gpuadvisor, mv %s %s.damaged and mv NEW_FILE %s. Or restore a backup over it.\n",
		"\n保留所有能读出的记录：gpuadvisor --db %s store salvage 新文件，然后停止 gpuadvisor，执行 mv %s %s.damaged 和 mv 新文件 %s。也可以用备份覆盖它。\n"),
		path, path, path, path)
	return 1
}

func storeSalvage(g globals, stdout io.Writer, path, to string, fail func(error) int) int {
	lang := g.Lang
	rep, err := bolt.Salvage(path, to, 2*time.Second)
	if err != nil {
		return fail(err)
	}
	if g.JSON {
		writeJSON(stdout, map[string]any{"command": "store salvage", "ok": true, "file": rep.From, "salvaged_to": rep.To, "kept": rep.Kept, "left_out": rep.LeftOut})
		return 0
	}
	var kept []string
	for b, n := range rep.Kept {
		kept = append(kept, fmt.Sprintf("%s %d", b, n))
	}
	sort.Strings(kept)
	fmt.Fprintf(stdout, chat.T(lang, "wrote %s with every readable record of %s (%s); %d left out",
		"已把 %[2]s 中所有能读出的记录写入 %[1]s（%[3]s）；有 %[4]d 条未能保留"), to, path, strings.Join(kept, ", "), len(rep.LeftOut))
	if len(rep.LeftOut) == 0 {
		fmt.Fprintln(stdout, ".")
	} else {
		fmt.Fprintln(stdout, chat.T(lang, ":", "："))
		t := chat.Table{Header: []string{chat.T(lang, "bucket", "类别"), chat.T(lang, "key", "键"), chat.T(lang, "why", "原因")}}
		for _, b := range rep.LeftOut {
			t.Rows = append(t.Rows, []string{b.Bucket, b.Key, b.Error})
		}
		fmt.Fprint(stdout, chat.RenderText(chat.Reply{Tables: []chat.Table{t}}))
	}
	fmt.Fprintf(stdout, chat.T(lang, "Next: stop gpuadvisor, mv %s %s.damaged, mv %s %s.\n", "下一步：停止 gpuadvisor，执行 mv %s %s.damaged，再 mv %s %s。\n"), path, path, to, path)
	return 0
}
