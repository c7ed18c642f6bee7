package feishu

import (
	"context"
	"fmt"

	larkim "github.com/larksuite/oapi-sdk-go/v3/service/im/v1"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
)

// Open API codes that mean the bot may not post there: inviting it fixes
// them, retrying does not. 230002: the bot is not in the chat; 230013: the
// user is outside the bot's availability (a direct message); 232011: the
// operator is not in the chat; 230006: the bot ability is off.
var cannotPostCodes = advisor.Lazy[map[int]bool]{New: func() map[int]bool {
	return map[int]bool{230002: true, 230013: true, 232011: true, 230006: true}
}}

// CannotPost tells the reminder engine that the bot is not allowed to post
// in the chat (or to the user).
func (e *APIError) CannotPost() bool { return cannotPostCodes.Get()[e.Code] }

// PostReminder posts a reminder card into chatID with key as the send's uuid
// and returns its message_id: Feishu sends at most one message per uuid, so
// a rerun after a crash posts nothing twice.
func (c *Client) PostReminder(ctx context.Context, chatID, key string, rep chat.Reply) (string, error) {
	return c.CreateCard(ctx, chatID, RenderCard(rep), uuidOf(key))
}

// PostDirect sends rep to the user openID in their chat with the bot.
func (c *Client) PostDirect(ctx context.Context, openID, key string, rep chat.Reply) error {
	_, err := c.DirectCard(ctx, openID, RenderCard(rep), uuidOf(key))
	return err
}

// CanPost asks whether the bot is in the chat
// (GET /open-apis/im/v1/chats/:chat_id/members/is_in_chat; scope
// im:chat:readonly or im:chat).
func (c *Client) CanPost(ctx context.Context, chatID string) (bool, error) {
	resp, err := c.im.ChatMembers.IsInChat(ctx, larkim.NewIsInChatChatMembersReqBuilder().ChatId(chatID).Build())
	if err != nil {
		return false, fmt.Errorf("feishu is_in_chat %s: %w", chatID, err)
	}
	if !resp.Success() {
		e := c.apiError(ctx, "is_in_chat", resp.Code, resp.Msg, resp.RequestId())
		if resp.Code == 232011 || resp.Code == 230002 || resp.Code == 232010 {
			return false, nil // not in the chat, so it cannot look
		}
		return false, e
	}
	return resp.Data != nil && resp.Data.IsInChat != nil && *resp.Data.IsInChat, nil
}

// uuidOf is key as a send's uuid (at most 50 characters).
func uuidOf(key string) string {
	if len(key) > 50 {
		return IdempotencyKey(key)
	}
	return key
}
