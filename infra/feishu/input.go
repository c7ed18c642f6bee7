package feishu

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
)

// checkWords start a reply that checks the message it replies to.
var checkWords = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"check": true, "检查": true, "核对": true}
}}

// replyCheck reads the text of a reply as a check of the message replied
// to: `check` / `检查` (with keys, such as 供应商=酷算云) is `checklist check`,
// `trial check` / `试用 检查` (with promises) is `trial check`. prefix is the
// command line the replied-to text follows; ok is false for anything else.
func replyCheck(text string) (prefix string, ok bool) {
	words := strings.Fields(text)
	if len(words) == 0 {
		return "", false
	}
	w0 := strings.ToLower(words[0])
	rest := func(n int) string { // the text after its first n words
		s := strings.TrimSpace(text)
		for range n {
			i := strings.IndexFunc(s, unicode.IsSpace)
			if i < 0 {
				return ""
			}
			s = strings.TrimSpace(s[i:])
		}
		return s
	}
	zh := chat.HasHan(w0)
	switch {
	case checkWords.Get()[w0]:
		return strings.TrimSpace(chat.T(lang(zh), "checklist check", "清单 检查") + " " + rest(1)), true
	case (w0 == "checklist" || w0 == "清单") && len(words) > 1 && checkWords.Get()[strings.ToLower(words[1])]:
		return strings.TrimSpace(chat.T(lang(zh), "checklist check", "清单 检查") + " " + rest(2)), true
	case (w0 == "trial" || w0 == "试用") && len(words) > 1 && checkWords.Get()[strings.ToLower(words[1])]:
		return strings.TrimSpace(chat.T(lang(zh), "trial check", "试用 检查") + " " + rest(2)), true
	}
	return "", false
}

func lang(zh bool) chat.Lang {
	if zh {
		return chat.ZH
	}
	return chat.EN
}

// readInput is how a message whose words are not all it says is answered:
// a reply that checks the message it replies to (parent_id), whose text
// (or text file) is read back; a text file sent to the bot, read as the
// message. nil: the message is answered as its text.
func (h *Handler) readInput(in Incoming, req chat.Request) func(context.Context) chat.Reply {
	if in.ParentID != "" {
		prefix, ok := replyCheck(in.Text)
		if !ok {
			return nil
		}
		return func(ctx context.Context) chat.Reply {
			l := lang(chat.HasHan(prefix))
			m, err := h.d.Client.GetMessage(ctx, in.ParentID)
			text := m.Text
			if err == nil && m.FileKey != "" {
				text, err = h.d.Client.FileText(ctx, in.ParentID, m.FileKey, m.FileName)
			} else if err == nil && !m.Readable {
				err = fmt.Errorf("%w: a %s message", ErrNotTextFile, m.Type)
			}
			if err != nil {
				h.d.Log.WarnContext(ctx, "feishu: the message replied to could not be read", "err", errText(err))
				return unreadable(l, errors.Is(err, ErrNotTextFile))
			}
			r := req
			r.Text = prefix + "\n" + text
			return h.d.Router.Handle(ctx, r)
		}
	}
	if in.FileKey != "" {
		return func(ctx context.Context) chat.Reply {
			text, err := h.d.Client.FileText(ctx, in.MessageID, in.FileKey, in.FileName)
			if err != nil {
				h.d.Log.WarnContext(ctx, "feishu: a file sent could not be read", "err", errText(err))
				if errors.Is(err, ErrNotTextFile) {
					return notTextFile()
				}
				return unreadable(chat.ZH, false)
			}
			word, _, _ := strings.Cut(strings.TrimSpace(text), " ")
			if _, known := h.d.Router.Lookup(strings.TrimPrefix(word, "/gpu")); known && word != "" {
				r := req
				r.Text = text // the file holds a command line
				return h.d.Router.Handle(ctx, r)
			}
			return fileRead(in.FileName, text)
		}
	}
	return nil
}

// fileRead answers a text file sent without a command: what was read and
// how to check it. It has no words to tell the language by, so it says it
// in both.
func fileRead(name, text string) chat.Reply {
	n := utf8.RuneCountInString(text)
	msg := fmt.Sprintf("已读取 %s（%d 个字符）。回复这条文件消息 @gpuadvisor 检查 即按供应商答复核对；@gpuadvisor 试用 检查 型号=A100-80G 卡数=8 即与承诺逐项对照工具输出。\n"+
		"I read %s (%d characters). Reply to the file with @gpuadvisor check to check it as a vendor's answer, or @gpuadvisor trial check gpu=A100-80G cards=8 to compare tool output with the promises.", name, n, name, n)
	return chat.Reply{Lang: chat.ZH, Title: "已读取文件 / File read", Summary: msg, Private: true}
}

// unreadable answers a message or file the bot cannot read as text.
func unreadable(l chat.Lang, notText bool) chat.Reply {
	msg := chat.T(l, "I could not read the message replied to; try again in a minute, or paste its text after the command.",
		"无法读取被回复的消息；请一分钟后再试，或把原文粘贴在命令后面。")
	if notText {
		msg = chat.T(l, "I read text only: a text or rich-text message, or a text file (.txt, .log, .md, .csv, .json, .yaml) up to 1 MB.",
			"我只能读取文字：文本或富文本消息，或不超过 1 MB 的文本文件（.txt、.log、.md、.csv、.json、.yaml）。")
	}
	return chat.Reply{Lang: l, Private: true, Title: chat.T(l, "Not readable", "无法读取"), Summary: msg,
		Error: &chat.Error{Code: chat.CodeInvalid, Key: "message", Message: msg, Example: chat.T(l, "check", "检查")}}
}

// notTextFile answers a file that is not text (a PDF, a picture). It has no
// words to tell the user's language by, so it says it in both.
func notTextFile() chat.Reply {
	msg := "我只能读取文字：文本消息，或不超过 1 MB 的文本文件（.txt、.log、.md、.csv、.json、.yaml）；请把报价或工具输出粘贴成文字发送，或输入 help 查看命令。\n" +
		"I read text only: text messages, or text files (.txt, .log, .md, .csv, .json, .yaml) up to 1 MB; paste the quote or the tool output as text, or type help to see the commands."
	return chat.Reply{Lang: chat.ZH, Private: true, Title: "只能读取文字 / Text only", Summary: msg,
		Error: &chat.Error{Code: chat.CodeInvalid, Key: "message_type", Message: msg, Example: "help"}}
}
