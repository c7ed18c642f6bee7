package slack

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"unicode/utf8"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
)

// MaxFileBytes is the most of an attached file the bot reads; each command
// refuses more than its own limit (checklist check: 100 KB) with its own
// error.
const MaxFileBytes = 1 << 20

// textTypes are Slack's filetype values read as text (a snippet is "text"
// or its language).
var textTypes = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"text": true, "txt": true, "csv": true, "json": true, "yaml": true, "markdown": true, "log": true, "shell": true, "python": true, "post": false}
}}

// textExts are the file name extensions read as text.
var textExts = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{".txt": true, ".log": true, ".md": true, ".csv": true, ".json": true, ".yaml": true, ".yml": true, ".out": true}
}}

// isTextFile reports whether Slack's file is a text snippet or text file.
func isTextFile(f slackapi.File) bool {
	if f.Mode == "snippet" || strings.HasPrefix(f.Mimetype, "text/") || textTypes.Get()[f.Filetype] {
		return true
	}
	return textExts.Get()[strings.ToLower(path.Ext(f.Name))]
}

// errFileTooLarge is a file over MaxFileBytes.
var errFileTooLarge = errors.New("file too large")

// readFile downloads one text file (url_private_download with the bot
// token; files:read), at most MaxFileBytes, as UTF-8 text.
func (p *Poster) readFile(ctx context.Context, f slackapi.File) (string, error) {
	if f.Size > MaxFileBytes {
		return "", fmt.Errorf("%s: %w", f.Name, errFileTooLarge)
	}
	u := f.URLPrivateDownload
	if u == "" {
		u = f.URLPrivate
	}
	var buf bytes.Buffer
	lw := &limitWriter{w: &buf, n: MaxFileBytes + 1}
	if err := p.api.GetFileContext(ctx, u, lw); err != nil && !errors.Is(err, errFileTooLarge) {
		return "", fmt.Errorf("download %s: %w", f.Name, HideURL(err))
	}
	if buf.Len() > MaxFileBytes {
		return "", fmt.Errorf("%s: %w", f.Name, errFileTooLarge)
	}
	b := buf.Bytes()
	if !utf8.Valid(b) || bytes.IndexByte(b, 0) >= 0 {
		return "", fmt.Errorf("%s is not UTF-8 text", f.Name)
	}
	return strings.TrimSpace(string(b)), nil
}

// limitWriter stops after n bytes.
type limitWriter struct {
	w io.Writer
	n int
}

func (l *limitWriter) Write(p []byte) (int, error) {
	if len(p) > l.n {
		l.w.Write(p[:l.n])
		l.n = 0
		return 0, errFileTooLarge
	}
	l.n -= len(p)
	return l.w.Write(p)
}

// fileText reads every text file of a message, in order, each after a
// blank line; files that are not text are skipped. A file that could not
// be read is named in the returned problems.
func (h *Handler) fileText(ctx context.Context, files []slackapi.File) (string, []string) {
	var parts, problems []string
	for _, f := range files {
		if !isTextFile(f) {
			problems = append(problems, f.Name)
			continue
		}
		t, err := h.poster.readFile(ctx, f)
		if err != nil {
			h.log.Warn("reading an attached file failed", "file", chat.Truncate(f.Name, 60), "err", err)
			problems = append(problems, f.Name)
			continue
		}
		if t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "\n\n"), problems
}

// withFiles is a message's text with its text files after it: what a
// shortcut or a check reads as the pasted text.
func (h *Handler) withFiles(ctx context.Context, text string, files []slackapi.File) string {
	if len(files) == 0 {
		return text
	}
	ft, _ := h.fileText(ctx, files)
	return strings.TrimSpace(text + "\n" + ft)
}

// filesOnly answers a message that is only files: a file holding a command
// line runs it; other text gets what was read and how to check it; no text
// at all says what is read. It has no words to tell the language by, so it
// says it in both.
func filesOnly(text string, problems []string) (string, *chat.Reply) {
	if text != "" {
		return text, nil
	}
	msg := "我只能读取文字：文字消息，或不超过 1 MB 的文本文件或代码片段（.txt、.log、.md、.csv、.json、.yaml）；输入 help 查看命令。\n" +
		"I read text only: messages, or text files and snippets (.txt, .log, .md, .csv, .json, .yaml) up to 1 MB; type help to see the commands."
	if len(problems) > 0 {
		msg = "无法读取：" + strings.Join(problems, "、") + "。" + msg
	}
	return "", &chat.Reply{Lang: chat.ZH, Private: true, Title: "只能读取文字 / Text only", Summary: msg,
		Error: &chat.Error{Code: chat.CodeInvalid, Key: "file", Message: msg, Example: "help"}}
}

// fileHint answers a text file sent without a command: what was read and
// how to check it, in both languages.
func fileHint(name, text string) chat.Reply {
	n := utf8.RuneCountInString(text)
	msg := fmt.Sprintf("已读取 %s（%d 个字符）。对这条消息用快捷操作「Check vendor answer」按供应商答复核对，或用「Check trial output」与承诺逐项对照工具输出；也可以发送 清单 检查 或 试用 检查 加上这个文件。\n"+
		"I read %s (%d characters). Use the message shortcut Check vendor answer on it to check it as a vendor's answer, or Check trial output to compare tool output with the promises; or send checklist check or trial check with the file.", name, n, name, n)
	return chat.Reply{Lang: chat.ZH, Private: true, Title: "已读取文件 / File read", Summary: msg}
}
