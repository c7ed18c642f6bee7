// Package settings is the `settings` command (设置): choices a team makes
// once for every channel. Today one: market=cn|global, where the team rents
// cards (mainland China, or elsewhere), which card choice respects.
package settings

import (
	"context"
	"log/slog"
	"time"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
	"gpuadvisor/commands/internal/stored"
	"gpuadvisor/store"
)

// Deps are what the command needs from the outside.
type Deps struct {
	// Store keeps the settings; nil makes the command say a store is needed.
	Store store.Settings
	// Log receives store failures; nil means slog.Default().
	Log *slog.Logger
}

var examples = []string{"settings market=cn", "设置 市场=国内", "settings"}

// MarketAliases read the markets as people write them.
func MarketAliases() map[string]string { return marketAliases.Get() }

var marketAliases = advisor.Lazy[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"china": "cn", "mainland": "cn", "国内": "cn", "中国": "cn", "大陆": "cn", "中国大陆": "cn", "境内": "cn", "prc": "cn",
		"内地": "cn", "中国内地": "cn", "mainland china": "cn", "china mainland": "cn",
		"海外": "global", "国外": "global", "境外": "global", "overseas": "global", "international": "global", "world": "global", "us": "global",
		// outside mainland China, as a team names where it rents
		"国际": "global", "美国": "global", "usa": "global", "欧美": "global", "香港": "global", "hong kong": "global", "hk": "global",
		"新加坡": "global", "singapore": "global", "abroad": "global", "outside china": "global",
	}
}}

// Command returns the `settings` chat command (alias 设置).
func Command(d Deps) *chat.Command {
	return &chat.Command{
		Name:      "settings",
		Aliases:   []string{"设置", "setting", "配置"},
		Summary:   chat.Help("your team's settings for every channel: the market you rent in", "团队设置（所有频道通用）：在哪个市场租卡"),
		Keys:      keytab.SettingsKeys,
		Examples:  examples,
		ExampleZH: map[string]string{"market=cn": "国内", "market=global": "海外"},
		Writes:    func(c *chat.Call) bool { return len(c.Args.Keys()) > 0 }, // market= (any key) is saved
		Run:       d.run,
	}
}

// Market returns the market a request is answered for: the team's
// setting, else cn (mainland China, where most teams asking rent; a team
// renting elsewhere says settings market=global once), with whether the
// team chose it.
func Market(ctx context.Context, st store.Settings, req chat.Request, lang chat.Lang) (string, bool) {
	if st != nil && req.Tenant != "" {
		if s, err := st.GetSettings(ctx, req.Tenant); err == nil && s.Market != "" {
			return s.Market, true
		}
	}
	return catalog.MarketCN, false
}

func (d Deps) run(ctx context.Context, c *chat.Call) (chat.Reply, error) {
	lang := c.Lang
	if d.Store == nil || c.Req.Tenant == "" {
		return chat.Reply{}, &chat.Error{Code: chat.CodeUnavailable, Message: chat.T(lang,
			"team settings need a store and a team, and this place has neither (the CLI uses --db FILE; the functions use TABLE_NAME)",
			"团队设置需要存储和团队信息，这里没有（命令行用 --db 文件；云函数用 TABLE_NAME）")}
	}
	a := c.Args
	if len(a.Words) > 0 {
		if e := a.BareKey(a.Words[0]); e != nil {
			return chat.Reply{}, e
		}
		return chat.Reply{}, chat.Invalidf(lang, "market", examples[0], "settings takes key=value pairs; %q is not one", "设置 只接受 参数=值；%q 不是", chat.Shown(a.Words[0]))
	}
	cur, err := d.Store.GetSettings(ctx, c.Req.Tenant)
	if err != nil {
		return chat.Reply{}, d.storeError(c, err)
	}
	action := "show"
	if a.Has("market") {
		m, err := a.Choice("market", "", catalog.Markets, MarketAliases())
		if err != nil {
			return chat.Reply{}, err
		}
		cur = store.TeamSettings{Market: m, UpdatedBy: c.Req.User, UpdatedAt: c.Now.UTC().Format(time.RFC3339)}
		if err := d.Store.PutSettings(ctx, c.Req.Tenant, cur); err != nil {
			return chat.Reply{}, d.storeError(c, err)
		}
		action = "set"
	}
	market, chosen := Market(ctx, d.Store, c.Req, lang)
	value := marketName(lang, market)
	if !chosen {
		value += chat.T(lang, " (not chosen: the default; settings market=global if your team rents outside mainland China)",
			"（未设置：默认值；如果团队在中国大陆以外租卡，请用 设置 市场=海外）")
	}
	title := chat.T(lang, "Team settings", "团队设置")
	if action == "set" {
		title = chat.T(lang, "Team settings saved", "已保存团队设置")
	}
	return chat.Reply{
		Title: title,
		Facts: []chat.Fact{{Label: chat.T(lang, "Market", "市场"), Value: value}},
		Summary: chat.T(lang, "Card choice names only cards rentable in this market, unless you ask for one with gpu=.",
			"选卡只推荐这个市场能租到的卡，除非你用 显卡= 指定。"),
		Data: map[string]any{"command": "settings", "action": action, "market": market, "chosen": chosen, "settings": cur},
	}, nil
}

func marketName(lang chat.Lang, m string) string {
	if m == catalog.MarketCN {
		return chat.T(lang, "cn (mainland China)", "国内（中国大陆）")
	}
	return chat.T(lang, "global (outside mainland China)", "海外（中国大陆以外）")
}

func (d Deps) storeError(c *chat.Call, err error) error {
	return stored.Kept{Log: "settings", Store: "settings", StoreZH: "设置"}.Failed(c, d.Log, "", err)
}
