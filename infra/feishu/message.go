package feishu

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Incoming is the part of an im.message.receive_v1 event the bot reads.
type Incoming struct {
	MessageID string
	ChatID    string
	ChatType  string // p2p, group, topic_group
	ThreadID  string
	RootID    string
	SenderID  string   // open_id
	FromUser  bool     // sender_type == "user"
	Text      string   // the text with every mention removed
	Mentions  []string // open_ids of everyone mentioned
	// ParentID is the message this one replies to ("" for none).
	ParentID string
	// MessageType is text, post, file, image, ...; FileKey and FileName
	// are a file message's.
	MessageType, FileKey, FileName string
}

// ErrNotText is ParseMessage's error for a message that is neither text nor
// post (an image, file, voice message, sticker, ...); the other fields of
// Incoming are filled in.
var ErrNotText = errors.New("message type is not read (only text and post)")

// ParseMessage reads the event body of im.message.receive_v1. Text and post
// (rich text) messages give Text; other types give ErrNotText.
func ParseMessage(event []byte) (Incoming, error) {
	var ev messageEvent
	if err := json.Unmarshal(event, &ev); err != nil {
		return Incoming{}, fmt.Errorf("message event: %w", err)
	}
	m := ev.Message
	if m == nil || str(m.MessageID) == "" || str(m.ChatID) == "" {
		return Incoming{}, fmt.Errorf("message event: no message_id or chat_id")
	}
	in := Incoming{
		MessageID:   str(m.MessageID),
		ChatID:      str(m.ChatID),
		ChatType:    str(m.ChatType),
		ThreadID:    str(m.ThreadID),
		RootID:      str(m.RootID),
		ParentID:    str(m.ParentID),
		MessageType: str(m.MessageType),
	}
	if s := ev.Sender; s != nil {
		in.FromUser = str(s.SenderType) == "user"
		if s.SenderID != nil {
			in.SenderID = str(s.SenderID.OpenID)
		}
	}
	var keys []string
	for _, me := range m.Mentions {
		if me == nil {
			continue
		}
		if k := str(me.Key); k != "" {
			keys = append(keys, k)
		}
		if me.ID != nil && str(me.ID.OpenID) != "" {
			in.Mentions = append(in.Mentions, str(me.ID.OpenID))
		}
	}
	raw := str(m.Content)
	var text string
	var err error
	switch t := str(m.MessageType); t {
	case "text":
		var c struct {
			Text string `json:"text"`
		}
		err = json.Unmarshal([]byte(raw), &c)
		text = c.Text
	case "post":
		text, err = postText([]byte(raw))
	case "file":
		in.FileKey, in.FileName = fileContent(raw)
		return in, fmt.Errorf("%w: %q", ErrNotText, t)
	default:
		return in, fmt.Errorf("%w: %q", ErrNotText, t)
	}
	if err != nil {
		return in, fmt.Errorf("%s content: %w", str(m.MessageType), err)
	}
	in.Text = stripMentions(text, keys)
	return in, nil
}

// messageEvent is the part of larkim.P2MessageReceiveV1Data that
// ParseMessage reads, with the SDK's JSON names (a test decodes the same
// events into both): decoding into the SDK's type made encoding/json work
// out the fields of its two dozen nested types at every cold start.
type messageEvent struct {
	Sender *struct {
		SenderID *struct {
			OpenID *string `json:"open_id"`
		} `json:"sender_id"`
		SenderType *string `json:"sender_type"`
	} `json:"sender"`
	Message *struct {
		MessageID   *string `json:"message_id"`
		RootID      *string `json:"root_id"`
		ParentID    *string `json:"parent_id"`
		ThreadID    *string `json:"thread_id"`
		ChatID      *string `json:"chat_id"`
		ChatType    *string `json:"chat_type"`
		MessageType *string `json:"message_type"`
		Content     *string `json:"content"`
		Mentions    []*struct {
			Key *string `json:"key"`
			ID  *struct {
				OpenID *string `json:"open_id"`
			} `json:"id"`
		} `json:"mentions"`
	} `json:"message"`
}

// stripMentions removes the @_user_N placeholders (and @_all), longest key
// first so @_user_1 does not eat the start of @_user_10.
func stripMentions(text string, keys []string) string {
	keys = append(keys, "@_all")
	sort.Slice(keys, func(i, j int) bool { return len(keys[i]) > len(keys[j]) })
	for _, k := range keys {
		text = strings.ReplaceAll(text, k, " ")
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// postElement is one inline element of a received post message.
type postElement struct {
	Tag      string `json:"tag"`
	Text     string `json:"text"`
	UserID   string `json:"user_id"`
	UserName string `json:"user_name"`
}

type postBody struct {
	Title   string          `json:"title"`
	Content [][]postElement `json:"content"`
}

// postText flattens a post's paragraphs into lines. Received posts carry
// {"title","content"}; a language-wrapped body ({"zh_cn":{...}}, any
// locale) is read too.
// Mentions ("at") are left out, links keep their text, images are skipped.
func postText(raw []byte) (string, error) {
	var p postBody
	if err := json.Unmarshal(raw, &p); err != nil {
		return "", err
	}
	if p.Content == nil {
		var byLang map[string]json.RawMessage
		if err := json.Unmarshal(raw, &byLang); err != nil {
			return "", err
		}
		// zh_cn, en_us, ja_jp first, then any other locale (zh_hk, ...).
		langs := []string{"zh_cn", "en_us", "ja_jp"}
		others := make([]string, 0, len(byLang))
		for k := range byLang {
			others = append(others, k)
		}
		sort.Strings(others)
		for _, lang := range append(langs, others...) {
			if b, ok := byLang[lang]; ok && json.Unmarshal(b, &p) == nil && p.Content != nil {
				break
			}
		}
	}
	var b strings.Builder
	for i, para := range p.Content {
		if i > 0 {
			b.WriteByte('\n')
		}
		for _, e := range para {
			switch e.Tag {
			case "text", "a", "code_block", "md":
				b.WriteString(e.Text)
			case "at":
				b.WriteByte(' ')
			}
		}
	}
	return b.String(), nil
}

// addressed says whether the bot must answer: always in a one-to-one chat;
// in a group only when the bot itself is mentioned. botID "" means the bot's
// open_id is unknown, and then any mention other than @all counts.
func (in Incoming) addressed(botID string) bool {
	if in.ChatType == "p2p" {
		return true
	}
	for _, id := range in.Mentions {
		if botID == "" || id == botID {
			return true
		}
	}
	return false
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// fileContent reads a file message's content: {"file_key","file_name"}.
func fileContent(raw string) (key, name string) {
	var c struct {
		FileKey  string `json:"file_key"`
		FileName string `json:"file_name"`
	}
	json.Unmarshal([]byte(raw), &c)
	return c.FileKey, c.FileName
}

// contentText is the text of a message's content JSON by its type (text
// and post); ok is false for any other type.
func contentText(msgType, raw string) (string, bool) {
	switch msgType {
	case "text":
		var c struct {
			Text string `json:"text"`
		}
		if json.Unmarshal([]byte(raw), &c) != nil {
			return "", false
		}
		return stripMentions(c.Text, nil), true
	case "post":
		t, err := postText([]byte(raw))
		return t, err == nil
	}
	return "", false
}
