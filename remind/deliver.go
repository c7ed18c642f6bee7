package remind

import (
	"context"
	"errors"
	"fmt"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
)

// ReminderPoster is a poster that delivers reminders exactly once and can
// reach a person when the channel refuses: infra/slack.Poster and
// infra/feishu.Client implement it. A plain chat.Poster still works (the
// terminal's); it gets no message id and no direct-message fallback.
type ReminderPoster interface {
	chat.Poster
	// PostReminder posts rep into channel tagged with key (Slack message
	// metadata, Feishu's send uuid) and returns the message's id (Slack's
	// ts, Feishu's message_id), which the engine records in the store.
	PostReminder(ctx context.Context, channel, key string, rep chat.Reply) (string, error)
	// PostDirect sends rep to user as a direct message, key making a retry
	// post once.
	PostDirect(ctx context.Context, user, key string, rep chat.Reply) error
}

// cannotPost reports whether err says the bot cannot post in the
// conversation at all (not a member, private, archived, gone): inviting it
// fixes that, retrying does not. Posters mark such errors with a
// CannotPost() bool method.
func cannotPost(err error) bool {
	var cp interface{ CannotPost() bool }
	return errors.As(err, &cp) && cp.CannotPost()
}

// dmNote is the reply a reminder's author gets when the channel refused it.
func dmNote(rep chat.Reply, rn rules.Renewal, err error) chat.Reply {
	lang := rep.Lang
	how := chat.T(lang, "type /invite @gpuadvisor in that channel", "在该频道输入 /invite @gpuadvisor")
	if rn.Platform == "feishu" {
		how = chat.T(lang, "add the bot in the group's settings (设置 → 群机器人 → 添加机器人)", "在群设置中添加机器人（设置 → 群机器人 → 添加机器人）")
	}
	rep.Warnings = append([]string{fmt.Sprintf(chat.T(lang,
		"I could not post this reminder in %s (%v), so it comes to you, who added the renewal. To get it there, %s; I try the channel again on the next run.",
		"这条提醒无法发到 %s（%v），所以发给了添加该续约的你。要让它发到频道，请%s；下次运行会再次尝试发到频道。"),
		rn.Channel, err, how)}, rep.Warnings...)
	return rep
}
