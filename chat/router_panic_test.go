package chat_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// The router holds the one panic guard: a command that panics gives an
// internal-error reply in the user's language, private, and the panic's
// value goes to the log (not to the chat).
func TestRouterPanicIsInternalError(t *testing.T) {
	var log bytes.Buffer
	r := chat.NewRouter()
	r.Log = slog.New(slog.NewTextHandler(&log, nil))
	r.Register(&chat.Command{Name: "boom", Aliases: []string{"崩"}, Summary: map[chat.Lang]string{chat.EN: "panics", chat.ZH: "崩溃"}, Examples: []string{"boom"},
		Run: func(context.Context, *chat.Call) (chat.Reply, error) { panic("secret detail") }})
	for _, tt := range []struct {
		text, lang, title, message string
	}{
		{"boom", "en", "I could not answer that", "internal error; the operators have the details in the log"},
		{"崩", "zh", "无法处理这个请求", "内部错误，详情已记录在日志中"},
	} {
		log.Reset()
		rep := r.Handle(context.Background(), chat.Request{Text: tt.text, Platform: "cli"})
		if rep.Error == nil || rep.Error.Code != chat.CodeInternal {
			t.Fatalf("%s: error %+v, want code %q", tt.text, rep.Error, chat.CodeInternal)
		}
		if string(rep.Lang) != tt.lang || rep.Title != tt.title || rep.Error.Message != tt.message || !rep.Private {
			t.Errorf("%s: reply lang=%s title=%q message=%q private=%v", tt.text, rep.Lang, rep.Title, rep.Error.Message, rep.Private)
		}
		if strings.Contains(rep.Summary, "secret detail") {
			t.Errorf("%s: the panic value reached the chat: %q", tt.text, rep.Summary)
		}
		if !strings.Contains(log.String(), "panic in command boom: secret detail") {
			t.Errorf("%s: log %q does not name the panic", tt.text, log.String())
		}
	}
}
