// Package stored holds what the commands that keep data in a store (price,
// renewal, settings) say when the store is missing or fails: the same
// words, naming what each keeps.
package stored

import (
	"fmt"
	"log/slog"

	"gpuadvisor/chat"
)

// Kept names what a command keeps, as its messages say it.
type Kept struct {
	// Log names the store in the log line: "price" logs "price store failed".
	Log string
	// Needs starts the missing-store error: "the price book needs" (价格表).
	Needs, NeedsZH string
	// Store names the store that failed: "price" (价格).
	Store, StoreZH string
}

// Missing is the error when no store is configured here.
func (k Kept) Missing(lang chat.Lang) *chat.Error {
	return &chat.Error{Code: chat.CodeUnavailable, Message: fmt.Sprintf(chat.T(lang,
		"%s a store, and none is configured here (the CLI uses --db FILE; the functions use TABLE_NAME)",
		"%s需要存储，这里没有配置（命令行用 --db 文件；云函数用 TABLE_NAME）"), chat.T(lang, k.Needs, k.NeedsZH))}
}

// Failed logs a store failure during op ("" when the command has one
// operation) and is the user's error for it, never a success.
func (k Kept) Failed(c *chat.Call, log *slog.Logger, op string, err error) *chat.Error {
	attrs := []any{"op", op, "tenant", c.Req.Tenant, "err", err}
	en, zh := "", ""
	if op == "" {
		attrs = attrs[2:]
	} else {
		en, zh = " ("+op+")", "（"+op+"）"
	}
	chat.LoggerOr(log).Error(k.Log+" store failed", attrs...)
	return &chat.Error{Code: chat.CodeUnavailable, Message: chat.T(c.Lang,
		"the "+k.Store+" store did not answer"+en+"; nothing was changed. Try again in a moment.",
		k.StoreZH+"存储没有响应"+zh+"，未做任何更改，请稍后重试。")}
}
