package feishu

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"testing"

	"gpuadvisor/chat"
)

func TestReminderSendsAreSingleByUUID(t *testing.T) {
	api := newFakeAPI(t)
	api.InChat = map[string]bool{"oc_in": true, "oc_out": false}
	api.Refuse = map[string]int{"oc_gone": 230002} // the bot is not in the chat
	c := NewClient(apiConfig(api), slog.New(slog.DiscardHandler), nil)
	ctx := context.Background()
	rep := chat.Reply{Lang: chat.ZH, Title: "续约提醒"}
	const key = "remind-0123456789abcdef01234567" // store.ReminderKey.IdempotencyKey's shape
	for range 3 {                                 // a run, a crash, two reruns
		id, err := c.PostReminder(ctx, "oc_in", key, rep)
		if err != nil {
			t.Fatal(err)
		}
		if id == "" {
			t.Error("PostReminder returned no message_id for the engine to record")
		}
	}
	if err := c.PostDirect(ctx, "ou_author", key+"-dm-2027-01-01", rep); err != nil {
		t.Fatal(err)
	}
	byKey := map[string]string{}
	for _, m := range api.Messages() {
		byKey[m.Body.UUID] += m.ReceiveIDType + ":" + m.Body.ReceiveID
	}
	want := map[string]string{key: "chat_id:oc_in", key + "-dm-2027-01-01": "open_id:ou_author"}
	if fmt.Sprint(byKey) != fmt.Sprint(want) || api.Sends() != 4 {
		t.Errorf("messages by uuid %v after %d sends; want %v: one message per uuid", byKey, api.Sends(), want)
	}
	_, err := c.PostReminder(ctx, "oc_gone", key, rep)
	var cp interface{ CannotPost() bool }
	if !errors.As(err, &cp) || !cp.CannotPost() {
		t.Errorf("a chat without the bot: %v, want an error that says it cannot post there", err)
	}
	for chat, want := range map[string]bool{"oc_in": true, "oc_out": false, "oc_private": false} {
		if got, err := c.CanPost(ctx, chat); err != nil || got != want {
			t.Errorf("CanPost(%s) = %v, %v; want %v", chat, got, err, want)
		}
	}
}
