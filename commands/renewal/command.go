package renewal

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
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

func (d Deps) log() *slog.Logger {
	if d.Log != nil {
		return d.Log
	}
	return slog.Default()
}

// idAlphabet leaves out letters and digits people confuse (0/o, 1/l/i).
const idAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// RandomID returns six characters of idAlphabet.
func RandomID() string {
	b := make([]byte, 6)
	rand.Read(b)
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return string(b)
}

func (d Deps) newID() string {
	if d.NewID != nil {
		return d.NewID()
	}
	return RandomID()
}

func help(en, zh string) map[chat.Lang]string { return map[chat.Lang]string{chat.EN: en, chat.ZH: zh} }

// Examples of the command; the first is shown in errors.
var examples = []string{
	"renewal add vendor=酷算云 gpu=A100-80G cards=8 mode=monthly price=15000 renews=2027-03-01 notice=30d",
	"续约 添加 供应商=酷算云 显卡=A100-80G 卡数=8 方式=包月 价格=15000 续约日=2027-03-01 通知期=30天",
	"renewal add vendor=酷算云 gpu=A100-80G cards=8 price=15000 renews=2027-03-01 notice=30d remind=30,14,7,1 ondemand=35 term=3m",
	"renewal list",
	"renewal usage k7m2p9 hours=310 ondemand=35",
	"renewal remove k7m2p9",
	"renewal",
}

// sub is one sub-command word.
type sub struct {
	name    string
	aliases []string
	run     func(d Deps, ctx context.Context, c *chat.Call, a *chat.Args) (chat.Reply, error)
	keys    []chat.Key
	example string
	en, zh  string
}

var subs = []sub{
	{name: "add", aliases: []string{"添加", "新增", "增加", "加", "create"}, run: Deps.add, keys: addKeys, example: examples[0],
		en: "store a contract and remind this channel before its notice deadline", zh: "保存合同，并在通知截止日前提醒本频道"},
	{name: "list", aliases: []string{"列表", "查看", "ls", "all"}, run: Deps.list, example: "renewal list",
		en: "this channel's and the team-wide renewals, deadlines, next and last reminders", zh: "本频道及全团队共享的续约、截止日、下次和上次提醒"},
	{name: "remove", aliases: []string{"删除", "移除", "rm", "delete", "del"}, run: Deps.remove, example: "renewal remove k7m2p9",
		en: "delete a renewal and its reminders", zh: "删除续约及其提醒"},
	{name: "usage", aliases: []string{"用量", "使用", "使用量", "hours"}, run: Deps.usage, keys: usageKeys, example: "renewal usage k7m2p9 hours=310 ondemand=35",
		en: "record actual monthly hours for the keep-or-switch advice", zh: "记录每月实际用量，用于续约或切换建议"},
	{name: "new", aliases: []string{"新建", "提醒"}, example: "renewal new billing ondemand=35 monthly=15000 hours=300",
		en: "how to add a renewal, prefilled from another command (the \"Remind me before renewal\" button)", zh: "如何添加续约，按另一条命令预填（“续约提醒”按钮）"},
}

func findSub(word string) (sub, bool) {
	w := strings.ToLower(word)
	for _, s := range subs {
		if w == s.name {
			return s, true
		}
		for _, a := range s.aliases {
			if w == strings.ToLower(a) {
				return s, true
			}
		}
	}
	return sub{}, false
}

// Command returns the `renewal` chat command (alias 续约).
func Command(d Deps) *chat.Command {
	parser := chat.NewRouter()
	for _, s := range subs {
		if s.name == "new" {
			continue
		}
		parser.Register(&chat.Command{
			Name: "renewal " + s.name, Aliases: append([]string{s.name}, s.aliases...),
			Keys: append([]chat.Key{}, s.keys...), Examples: []string{s.example},
		})
	}
	var docs []*chat.Command
	for _, s := range subs {
		docs = append(docs, &chat.Command{Name: "renewal " + s.name, Aliases: s.aliases, Keys: s.keys,
			Summary: help(s.en, s.zh)})
	}
	return &chat.Command{
		Subs:    docs,
		Name:    "renewal",
		Aliases: []string{"续约", "renewals", "续费"},
		Summary: help("store contracts that renew; reminders before the notice deadline with keep-or-switch advice",
			"记录会续约的合同；在通知截止日前提醒，并给出续约或切换建议"),
		Examples: examples,
		Run: func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
			return d.run(ctx, c, parser)
		},
	}
}

func (d Deps) run(ctx context.Context, c *chat.Call, parser *chat.Router) (chat.Reply, error) {
	toks := c.Args.Tokens
	for len(toks) > 0 && toks[0].Sep {
		toks = toks[1:]
	}
	if len(toks) == 0 {
		return overview(c.Lang), nil
	}
	word := toks[0].Word
	s, ok := findSub(word)
	if !ok {
		var names []string
		for _, s := range subs {
			names = append(names, s.name)
		}
		shown := word
		if shown == "" {
			shown = toks[0].Key + "=" + toks[0].Value
		}
		e := chat.Invalidf(c.Lang, "renewal", examples[0],
			"renewal needs a sub-command first, not %q: %s", "续约 后面要先写子命令，而不是 %q：%s", shown, strings.Join(names, ", "))
		var words []string
		for _, s := range subs {
			words = append(words, append([]string{s.name}, s.aliases...)...)
		}
		if best := chat.Closest(word, words); word != "" && best != "" {
			e.Message += fmt.Sprintf(chat.T(c.Lang, ". Did you mean %s?", "。你是不是想用 %s？"), best)
			if bs, ok := findSub(best); ok {
				e.Example = bs.example
			}
		}
		return chat.Reply{}, e
	}
	if s.name == "new" {
		return prefill(c), nil
	}
	if d.Store == nil {
		return chat.Reply{}, &chat.Error{Code: chat.CodeUnavailable, Message: chat.T(c.Lang,
			"renewals need a store, and none is configured here (the CLI uses --db FILE; the functions use TABLE_NAME)",
			"续约功能需要存储，这里没有配置（命令行用 --db 文件；云函数用 TABLE_NAME）")}
	}
	if c.Req.Tenant == "" {
		return chat.Reply{}, &chat.Error{Code: chat.CodeUnavailable, Message: chat.T(c.Lang,
			"this platform did not say which team you are in, so renewals cannot be kept for it",
			"平台没有告知你所在的团队，无法为其保存续约")}
	}
	_, args, _, err := parser.Parse(chat.Request{Text: c.Args.Original, Lang: c.Lang})
	if err != nil {
		return chat.Reply{}, err
	}
	return s.run(d, ctx, c, args)
}

// storeError reports a store failure to the user, never as success. A
// damaged store file is named, with what to do about it.
func (d Deps) storeError(c *chat.Call, op string, err error) error {
	d.log().Error("renewal store failed", "op", op, "tenant", c.Req.Tenant, "err", err)
	var dmg store.Damage
	if errors.As(err, &dmg) {
		f := dmg.File()
		return &chat.Error{Code: chat.CodeUnavailable, Message: fmt.Sprintf(chat.T(c.Lang,
			"the renewal store file %s is damaged (%v); nothing was changed. Restore a backup over it, or move it aside (mv %s %s.damaged) to start with an empty store.",
			"续约存储文件 %s 已损坏（%v），未做任何更改。请用备份覆盖它，或把它移开（mv %s %s.damaged）后以空存储重新开始。"), f, errors.Unwrap(dmg), f, f)}
	}
	return &chat.Error{Code: chat.CodeUnavailable, Message: chat.T(c.Lang,
		"the renewal store did not answer ("+op+"); nothing was changed. Try again in a moment.",
		"续约存储没有响应（"+op+"），未做任何更改，请稍后重试。")}
}

// notFound is the error for an id this channel does not see: none, or one
// another channel keeps to itself (which it must not reveal).
func notFound(c *chat.Call, id string) error {
	return &chat.Error{Code: chat.CodeNotFound, Key: "id", Example: "renewal list",
		Message: fmt.Sprintf(chat.T(c.Lang, "no renewal %q here; `renewal list` shows this channel's and the team-wide ones (a renewal added in another channel is seen and changed only there, unless it was added with scope=team)",
			"这里没有编号为 %q 的续约；用 `续约 列表` 查看本频道的和团队共享的续约（在其他频道添加的续约只能在那里查看和修改，除非添加时写了 范围=team）"), id)}
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
