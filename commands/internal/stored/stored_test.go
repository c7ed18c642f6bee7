package stored

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

func TestKept(t *testing.T) {
	price := Kept{Log: "price", Needs: "the price book needs", NeedsZH: "价格表", Store: "price", StoreZH: "价格"}
	settings := Kept{Log: "settings", Store: "settings", StoreZH: "设置"}
	tests := []struct {
		kept Kept
		lang chat.Lang
		op   string
		want string // the failure's message
		log  string // in the log line
	}{
		{price, chat.EN, "set", "the price store did not answer (set); nothing was changed. Try again in a moment.", `msg="price store failed" op=set tenant=T`},
		{price, chat.ZH, "list", "价格存储没有响应（list），未做任何更改，请稍后重试。", `op=list`},
		{settings, chat.EN, "", "the settings store did not answer; nothing was changed. Try again in a moment.", `msg="settings store failed" tenant=T`},
		{settings, chat.ZH, "", "设置存储没有响应，未做任何更改，请稍后重试。", `tenant=T err=down`},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		c := &chat.Call{Lang: tt.lang, Req: chat.Request{Tenant: "T"}}
		e := tt.kept.Failed(c, slog.New(slog.NewTextHandler(&b, nil)), tt.op, errors.New("down"))
		if e.Code != chat.CodeUnavailable || e.Message != tt.want || !strings.Contains(b.String(), tt.log) {
			t.Errorf("%s %s %q: %+v, log %q; want %q and a log with %q", tt.kept.Log, tt.lang, tt.op, e, b.String(), tt.want, tt.log)
		}
		if tt.op == "" && strings.Contains(b.String(), "op=") {
			t.Errorf("%s: the log names an operation it does not have: %s", tt.kept.Log, b.String())
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
