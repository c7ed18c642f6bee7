package feishu

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"unicode/utf8"

	larkim "github.com/larksuite/oapi-sdk-go/v3/service/im/v1"

	"gpuadvisor/advisor"
)

// MaxFileBytes is the most of a file the bot reads; each command refuses
// more than its own limit (checklist check: 100 KB) with its own error.
const MaxFileBytes = 1 << 20

// textFiles are the file name extensions read as text.
var textFiles = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{".txt": true, ".log": true, ".md": true, ".csv": true, ".json": true, ".yaml": true, ".yml": true, ".out": true, "": true}
}}

// ErrNotTextFile is a file that is not a text file (by name or content).
var ErrNotTextFile = errors.New("not a text file")

// Message is a message read back by its id.
type Message struct {
	ID, Type, Text    string // Text for text and post messages
	FileKey, FileName string // for a file message
	Deleted, Readable bool
}

// GetMessage reads a message by id (GET /open-apis/im/v1/messages/:id,
// im:message): a text or post message's text, a file message's key.
func (c *Client) GetMessage(ctx context.Context, id string) (Message, error) {
	resp, err := c.im.Message.Get(ctx, larkim.NewGetMessageReqBuilder().MessageId(id).Build())
	if err != nil {
		return Message{}, fmt.Errorf("feishu get message %s: %w", id, err)
	}
	if !resp.Success() {
		return Message{}, c.apiError(ctx, "get message", resp.Code, resp.Msg, resp.RequestId())
	}
	if resp.Data == nil || len(resp.Data.Items) == 0 || resp.Data.Items[0] == nil {
		return Message{}, fmt.Errorf("feishu get message %s: no such message", id)
	}
	it := resp.Data.Items[0]
	m := Message{ID: id, Type: str(it.MsgType)}
	if it.Deleted != nil {
		m.Deleted = *it.Deleted
	}
	raw := ""
	if it.Body != nil {
		raw = str(it.Body.Content)
	}
	if m.Type == "file" {
		m.FileKey, m.FileName = fileContent(raw)
		return m, nil
	}
	m.Text, m.Readable = contentText(m.Type, raw)
	return m, nil
}

// FileText reads a text file sent in message messageID (GET
// /open-apis/im/v1/messages/:id/resources/:file_key?type=file,
// im:resource): at most MaxFileBytes, valid UTF-8, with no NUL byte; any
// other file is ErrNotTextFile.
func (c *Client) FileText(ctx context.Context, messageID, fileKey, name string) (string, error) {
	if !textFiles.Get()[strings.ToLower(path.Ext(name))] {
		return "", fmt.Errorf("%w: %s", ErrNotTextFile, name)
	}
	req := larkim.NewGetMessageResourceReqBuilder().MessageId(messageID).FileKey(fileKey).Type("file").Build()
	resp, err := c.im.MessageResource.Get(ctx, req)
	if err != nil {
		return "", fmt.Errorf("feishu get file of %s: %w", messageID, err)
	}
	if !resp.Success() || resp.File == nil {
		return "", c.apiError(ctx, "get file", resp.Code, resp.Msg, resp.RequestId())
	}
	b, err := io.ReadAll(io.LimitReader(resp.File, MaxFileBytes+1))
	if err != nil {
		return "", fmt.Errorf("feishu read file of %s: %w", messageID, err)
	}
	if len(b) > MaxFileBytes {
		return "", fmt.Errorf("%w: %s is over %d MB", ErrNotTextFile, name, MaxFileBytes>>20)
	}
	if !utf8.Valid(b) || strings.ContainsRune(string(b), 0) {
		return "", fmt.Errorf("%w: %s is not UTF-8 text", ErrNotTextFile, name)
	}
	return strings.TrimSpace(string(b)), nil
}
