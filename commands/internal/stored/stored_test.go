package stored

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"syscall"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/store"
)

func TestKept(t *testing.T) {
	price := Kept{Log: "price", Needs: "the price book needs", NeedsZH: "价格表", Store: "price", StoreZH: "价格"}
	settings := Kept{Log: "settings", Store: "settings", StoreZH: "设置"}
	book := Kept{Log: "price", Store: "price book", StoreZH: "价格表", Then: "2 of 3 prices were saved.", ThenZH: "已保存 2/3 个价格。"}
	full := &store.FaultError{Problem: store.DiskFull, Path: "/d/g.db", Free: 4096, Err: fmt.Errorf("commit: %w", syscall.ENOSPC)}
	locked := &store.FaultError{Problem: store.Locked, Path: "/d/g.db", Holder: "gpuadvisor serve, pid 4242", Err: errors.New("timeout")}
	throttled := &store.FaultError{Problem: store.Throttled, Path: "tbl", Err: errors.New("ProvisionedThroughputExceeded")}
	bad := store.NewUnreadable("/d/g.db", "renewals", "slack:T1/r2", errors.New("invalid character 'E'"))
	tests := []struct {
		name string
		kept Kept
		lang chat.Lang
		op   string
		err  error
		want string // the failure's message
		log  string // in the log line
	}{
		{"unknown cause: no retry promised", price, chat.EN, "set", errors.New("down"),
			"the price store failed (set) (the operators have the cause in the log). Nothing was changed.", `msg="price store failed" op=set tenant=T err=down`},
		{"unknown cause in Chinese", price, chat.ZH, "list", errors.New("down"), "价格存储出错（list）（运维人员可在日志中看到原因）。未做任何更改。", `op=list`},
		{"a timeout may pass", settings, chat.EN, "", fmt.Errorf("get: %w", context.DeadlineExceeded),
			"the settings store did not answer in time. Nothing was changed. Try again in a moment.", `msg="settings store failed" tenant=T`},
		{"disk full says how much is free", settings, chat.EN, "", full,
			"the settings store failed: the disk holding the store file /d/g.db is full (4.0 KiB free): free some space, then try again. Nothing was changed.", `problem=disk_full`},
		{"a held lock names its holder, in Chinese", price, chat.ZH, "set", locked,
			"价格存储出错（set）：存储文件 /d/g.db 正被 gpuadvisor serve, pid 4242 使用：请先停止它，或用 --db 指定另一个文件。未做任何更改。", `problem=locked`},
		{"a throttled table: try again", price, chat.EN, "list", throttled,
			"the price store failed (list): the table tbl is throttling requests (its throughput is used up): try again in a moment. Nothing was changed.", `problem=throttled`},
		{"an unreadable record names its key and store check", price, chat.EN, "remove", bad,
			"the price store failed (remove): the stored renewal slack:T1/r2 could not be read: run `gpuadvisor store check` (and `gpuadvisor store salvage NEW_FILE` to keep every readable record). Nothing was changed.", `err="renewal record`},
		{"what was saved replaces nothing changed", book, chat.ZH, "save", errors.New("down"),
			"价格表存储出错（save）（运维人员可在日志中看到原因）。已保存 2/3 个价格。", `op=save`},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		c := &chat.Call{Lang: tt.lang, Req: chat.Request{Tenant: "T"}}
		e := tt.kept.Failed(c, slog.New(slog.NewTextHandler(&b, nil)), tt.op, tt.err)
		if e.Code != chat.CodeUnavailable || e.Message != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, e.Message, tt.want)
		}
		if !strings.Contains(b.String(), tt.log) || strings.Count(b.String(), "\n") != 1 {
			t.Errorf("%s: log %q, want one line with %q", tt.name, b.String(), tt.log)
		}
		if tt.op == "" && strings.Contains(b.String(), "op=") {
			t.Errorf("%s: the log names an operation it does not have: %s", tt.name, b.String())
		}
	}
	for lang, want := range map[chat.Lang]string{
		chat.EN: "the price book needs a store, and none is configured here (the CLI uses --db FILE; the functions use TABLE_NAME)",
		chat.ZH: "价格表需要存储，这里没有配置（命令行用 --db 文件；云函数用 TABLE_NAME）",
	} {
		if e := price.Missing(lang); e.Code != chat.CodeUnavailable || e.Message != want {
			t.Errorf("Missing(%s) = %+v, want %q", lang, e, want)
		}
	}
}
