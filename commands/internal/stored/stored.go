// Package stored holds what the commands that keep data in a store (price,
// renewal, settings, and the price book tier and quote read) say when the
// store is missing or fails: the same words, naming what each keeps. It is
// the one place a command's store failure is logged, with its cause.
package stored

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"gpuadvisor/chat"
	"gpuadvisor/store"
)

// Kept names what a command keeps, as its messages say it.
type Kept struct {
	// Log names the store in the log line: "price" logs "price store failed".
	Log string
	// Needs starts the missing-store error: "the price book needs" (价格表).
	Needs, NeedsZH string
	// Store names the store that failed: "price" (价格).
	Store, StoreZH string
	// Then, when set, ends a failure's message in place of "nothing was
	// changed": what was done before it failed, or what still works.
	Then, ThenZH string
}

// Missing is the error when no store is configured here.
func (k Kept) Missing(lang chat.Lang) *chat.Error {
	return &chat.Error{Code: chat.CodeUnavailable, Message: fmt.Sprintf(chat.T(lang,
		"%s a store, and none is configured here (the CLI uses --db FILE; the functions use TABLE_NAME)",
		"%s需要存储，这里没有配置（命令行用 --db 文件；云函数用 TABLE_NAME）"), chat.T(lang, k.Needs, k.NeedsZH))}
}

// Failed logs a store failure during op ("" when the command has one
// operation) with its cause, once, and is the user's error for it, never a
// success: what is wrong and what to do when the adapter found the cause
// (store.Explain: a read-only or damaged file, a full disk, a held lock, an
// unreadable record, a throttled table), and "try again" only where
// retrying can help.
func (k Kept) Failed(c *chat.Call, log *slog.Logger, op string, err error) *chat.Error {
	attrs := []any{"op", op, "tenant", c.Req.Tenant, "err", err}
	en, zh := "", ""
	if op == "" {
		attrs = attrs[2:]
	} else {
		en, zh = " ("+op+")", "（"+op+"）"
	}
	var fe *store.FaultError
	if errors.As(err, &fe) {
		attrs = append(attrs, "problem", string(fe.Problem))
	}
	chat.LoggerOr(log).Error(k.Log+" store failed", attrs...)
	var msg string
	x := store.Explain(err, string(c.Lang))
	switch {
	case x.Known:
		msg = chat.T(c.Lang, "the "+k.Store+" store failed"+en+": "+x.Message+".", k.StoreZH+"存储出错"+zh+"："+x.Message+"。")
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		msg, x.Retry = chat.T(c.Lang, "the "+k.Store+" store did not answer in time"+en+".", k.StoreZH+"存储没有及时响应"+zh+"。"), true
	default:
		msg = chat.T(c.Lang, "the "+k.Store+" store failed"+en+" (the operators have the cause in the log).",
			k.StoreZH+"存储出错"+zh+"（运维人员可在日志中看到原因）。")
	}
	// Then says what did happen (a partial save) or what still works;
	// without it, the failure changed nothing.
	if k.Then != "" {
		msg += chat.T(c.Lang, " "+k.Then, k.ThenZH)
	} else {
		msg += chat.T(c.Lang, " Nothing was changed.", "未做任何更改。")
	}
	if x.Retry && !x.Known { // a known cause that can pass says "try again" itself
		msg += chat.T(c.Lang, " Try again in a moment.", "请稍后重试。")
	}
	return &chat.Error{Code: chat.CodeUnavailable, Message: msg}
}
