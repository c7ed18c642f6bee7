package renewal

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"gpuadvisor/advisor"
	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
	"gpuadvisor/commands/internal/stored"
	"gpuadvisor/store"
)

// Deps are what the command needs from the outside.
type Deps struct {
	// Store keeps the renewals; nil makes every sub-command except new and
	// the overview answer that renewals need a store.
	Store store.Renewals
	// Loc is the time zone of "today"; nil means Asia/Shanghai.
	Loc *time.Location
	// NewID makes renewal ids; nil means six random characters.
	NewID func() string
	// Log receives store failures; nil means slog.Default().
	Log *slog.Logger
	// Members tells, per platform, whether the bot can post in a
	// conversation (infra/slack.Poster, infra/feishu.Client); `renewal add`
	// asks it and says how to invite the bot. A platform without one is not
	// checked.
	Members map[string]MemberChecker
}

// MemberChecker tells whether the bot can post in a conversation.
type MemberChecker interface {
	CanPost(ctx context.Context, channel string) (bool, error)
}

func (d Deps) loc() *time.Location {
	if d.Loc != nil {
		return d.Loc
	}
	return rules.Shanghai()
}

func (d Deps) log() *slog.Logger { return chat.LoggerOr(d.Log) }

func (d Deps) newID() string { return chat.NewIDWith(d.NewID) }

// Examples of the command; the first is shown in errors.
var examples = []string{
	"renewal add vendor=酷算云 gpu=A100-80G cards=8 mode=monthly price=15000 renews=2027-03-01 notice=30d",
	"续约 添加 供应商=酷算云 显卡=A100-80G 卡数=8 方式=包月 价格=15000 续约日=2027-03-01 通知期=30天",
	"renewal add vendor=酷算云 gpu=A100-80G cards=8 price=15000 renews=2027-03-01 notice=30d remind=30,14,7,1 ondemand=35 term=3m",
	"renewal list",
	"renewal usage k7m2p9 hours=310 ondemand=35",
	"renewal remove k7m2p9",
	"renewal edit k7m2p9 price=40000 notice=45d",
	"renewal",
}

// runs are the sub-commands' bodies, by name; new has none (it prefills).
var runs = advisor.Lazy[map[string]func(d Deps, ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error)]{New: func() map[string]func(d Deps, ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error) {
	return map[string]func(d Deps, ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error){
		"add": Deps.add, "list": Deps.list, "remove": Deps.remove, "usage": Deps.usage, "edit": Deps.edit,
	}
}}

// exampleZH spells the examples' values in Chinese (Command.ExampleZH), for
// the command and its sub-commands' errors.
func exampleZH() map[string]string {
	return map[string]string{"monthly": "包月", "3m": "3个月", "team": "团队",
		"billing ondemand=35 monthly=15000 hours=300": "计费 按需=35 包月=15000 时长=300"}
}

var subs = advisor.Lazy[*chat.Subs]{New: func() *chat.Subs {
	s := chat.NewSubs("renewal", "续约", examples[0],
		chat.Sub{Name: "add", Aliases: []string{"添加", "新增", "增加", "加", "create"}, Keys: keytab.RenewalAdd, Example: examples[0], Writes: true,
			EN: "store a contract and remind this channel before its notice deadline", ZH: "保存合同，并在通知截止日前提醒本频道"},
		chat.Sub{Name: "list", Aliases: []string{"列表", "查看", "ls", "all"}, Example: "renewal list",
			EN: "this channel's and the team-wide renewals, deadlines, next and last reminders", ZH: "本频道及全团队共享的续约、截止日、下次和上次提醒"},
		chat.Sub{Name: "remove", Aliases: []string{"删除", "移除", "rm", "delete", "del"}, Example: "renewal remove k7m2p9", Writes: true,
			EN: "delete a renewal and its reminders", ZH: "删除续约及其提醒"},
		chat.Sub{Name: "usage", Aliases: []string{"用量", "使用", "使用量", "hours"}, Keys: usageKeys(), Example: "renewal usage k7m2p9 hours=310 ondemand=35", Writes: true,
			EN: "record actual monthly hours for the keep-or-switch advice", ZH: "记录每月实际用量，用于续约或切换建议"},
		chat.Sub{Name: "edit", Aliases: []string{"修改", "编辑", "更改", "change", "update"}, Keys: keytab.RenewalAdd, Example: "renewal edit k7m2p9 price=40000", Writes: true,
			EN: "change a stored renewal (any key of add) and move its reminders", ZH: "修改已保存的续约（参数与 添加 相同），提醒随之调整"},
		chat.Sub{Name: "new", Aliases: []string{"新建", "提醒"}, Text: true, Example: "renewal new billing ondemand=35 monthly=15000 hours=300",
			EN: "how to add a renewal, prefilled from another command (the \"Remind me before renewal\" button)", ZH: "如何添加续约，按另一条命令预填（“续约提醒”按钮）"},
	)
	s.ExampleZH = exampleZH()
	return s
}}

// Command returns the `renewal` chat command (alias 续约).
func Command(d Deps) *chat.Command {
	c := words()
	c.Run = d.run
	return c
}

// words is the command without its run: its words, keys and examples, for
// a reply that writes one of its lines in the user's language (Localize).
func words() *chat.Command {
	return &chat.Command{
		Subs:    subs.Get().Docs(),
		Name:    "renewal",
		Aliases: []string{"续约", "renewals", "续费"},
		Summary: chat.Help("store contracts that renew; reminders before the notice deadline with keep-or-switch advice",
			"记录会续约的合同；在通知截止日前提醒，并给出续约或切换建议"),
		Examples:  examples,
		ExampleZH: exampleZH(),
		Writes:    subs.Get().Writes,
	}
}

func (d Deps) run(ctx context.Context, c *chat.Call) (chat.Reply, error) {
	return subs.Get().Dispatch(c, overview, func(s chat.Sub) error { return d.ready(c, s) },
		func(s chat.Sub, a *chat.Args) (chat.Reply, error) {
			if s.Name == "new" {
				return prefill(c), nil
			}
			return runs.Get()[s.Name](d, ctx, c, a)
		})
}

// kept names the renewals in the store's errors.
var kept = stored.Kept{Log: "renewal", Needs: "renewals need", NeedsZH: "续约功能", Store: "renewal", StoreZH: "续约"}

// ready says why renewals cannot be kept here, nil when they can (and for
// new, which only prefills a command).
func (d Deps) ready(c *chat.Call, s chat.Sub) error {
	switch {
	case s.Name == "new":
		return nil
	case d.Store == nil:
		return kept.Missing(c.Lang)
	case c.Req.Tenant == "":
		return &chat.Error{Code: chat.CodeUnavailable, Message: chat.T(c.Lang,
			"this platform did not say which team you are in, so renewals cannot be kept for it",
			"平台没有告知你所在的团队，无法为其保存续约")}
	}
	return nil
}

// storeError reports a store failure to the user, never as success, with
// its cause and what to do (a damaged file named, a held lock, a full disk:
// stored.Kept.Failed).
func (d Deps) storeError(c *chat.Call, op string, err error) error {
	return kept.Failed(c, d.Log, op, err)
}

// notFound is the error for an id this channel does not see: none, or one
// another channel keeps to itself (which it must not reveal).
func notFound(c *chat.Call, id string) error {
	return &chat.Error{Code: chat.CodeNotFound, Key: "id", Example: "renewal list",
		Message: fmt.Sprintf(chat.T(c.Lang, "no renewal %q here; `renewal list` shows this channel's and the team-wide ones (a renewal added in another channel is seen and changed only there, unless it was added with scope=team)",
			"这里没有编号为 %q 的续约；用 `续约 列表` 查看本频道的和团队共享的续约（在其他频道添加的续约只能在那里查看和修改，除非添加时写了 范围=团队）"), id)}
}

// scope is where the call comes from: its team and channel.
func scope(c *chat.Call) store.Scope {
	return store.Scope{Tenant: c.Req.Tenant, Channel: c.Req.Channel}
}

// fieldError turns a rule's refusal into the user's error.
func fieldError(lang chat.Lang, err error) error {
	var fe *rules.FieldError
	if errors.As(err, &fe) {
		return &chat.Error{Code: chat.CodeInvalid, Key: fe.Key, Message: chat.T(lang, fe.En, fe.Zh), Example: keyExample(fe.Key)}
	}
	return err
}

// oneID reads the renewal id a sub-command needs.
func oneID(c *chat.Call, a *chat.Args, example string) (string, error) {
	if len(a.Words) == 0 {
		return "", chat.Invalid(c.Lang, "id", "give the renewal's id; `renewal list` shows them",
			"请写出续约编号；用 `续约 列表` 查看", example)
	}
	if len(a.Words) > 1 {
		return "", chat.Invalidf(c.Lang, "id", example, "give one id, not %d words", "只写一个编号，而不是 %d 个词", len(a.Words))
	}
	return strings.ToLower(a.Words[0]), nil
}
