package renewal

import (
	"strconv"
	"strings"
	"unicode"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
)

// found is what a prefill could read from another command's text.
type found struct {
	From     string  `json:"from,omitempty"`
	Vendor   string  `json:"vendor,omitempty"`
	GPU      string  `json:"gpu,omitempty"`
	Cards    float64 `json:"cards,omitempty"`
	Monthly  float64 `json:"price,omitempty"`
	OnDemand float64 `json:"ondemand,omitempty"`
	Hours    string  `json:"hours,omitempty"`
	// Unread are the key=value pairs whose value could not be read, as
	// typed: not filled in, and said so.
	Unread []string `json:"unread,omitempty"`
}

// originKeys are the keys of the other commands (billing, quote, tier and
// their Chinese aliases), each named for the renewal field it fills; read
// through chat's one alias lookup.
var originKeys = advisor.Lazy[chat.KeyIndex]{New: func() chat.KeyIndex {
	return chat.IndexKeys([]chat.Key{
		{Name: "vendor", Aliases: []string{"name", "供应商", "厂商", "商家", "平台", "名称"}},
		{Name: "gpu", Aliases: []string{"显卡", "卡型", "型号", "card"}},
		{Name: "cards", Aliases: []string{"卡数", "卡", "张数", "gpus", "n", "数量"}},
		{Name: "monthly", Aliases: []string{"month", "reserved", "包月", "月租", "月价", "monthly_price", "price_month"}},
		{Name: "ondemand", Aliases: []string{"on_demand", "on-demand", "od", "hourly", "按需", "按需价", "时价", "卡时价", "price_h"}},
		{Name: "hours", Aliases: []string{"h", "hours_per_month", "时长", "小时", "每月小时", "月时长"}},
	})
}}

// readOriginal picks the renewal's facts out of the command a button came
// from. In quote, price is per card-hour; elsewhere a bare price is ignored.
// Only the first vendor of a quote is read.
func readOriginal(text string) found {
	toks := chat.Tokenize(chat.Normalize(text))
	var f found
	vendors := 0
	for i, t := range toks {
		if t.Sep {
			if vendors > 0 {
				break
			}
			continue
		}
		if t.Word != "" {
			if i == 0 {
				f.From = strings.ToLower(t.Word)
				continue
			}
			if name, ok := strings.CutSuffix(t.Word, ":"); ok && name != "" {
				if vendors++; vendors > 1 {
					break
				}
				f.Vendor = name
			}
			continue
		}
		k, _ := originKeys.Get().Lookup(t.Key)
		field := k.Name
		if key := strings.ToLower(t.Key); (key == "price" || key == "单价" || key == "价格") && (f.From == "quote" || f.From == "报价") {
			field = "ondemand"
		}
		switch field {
		case "vendor":
			f.Vendor = t.Value
		case "gpu":
			if v, err := chat.ParseValue(t.Value, chat.Count); err == nil {
				f.Cards = v // quote's gpu= is a card count
			} else {
				f.GPU = t.Value
			}
		case "cards":
			if v, err := chat.ParseValue(t.Value, chat.Count); err == nil {
				f.Cards = v
			} else {
				f.unread(t)
			}
		case "monthly":
			if v, err := chat.ParseValue(t.Value, chat.Money); err == nil {
				f.Monthly = v
			} else {
				f.unread(t)
			}
		case "ondemand":
			if v, err := chat.ParseValue(t.Value, chat.Money); err == nil {
				f.OnDemand = v
			} else {
				f.unread(t)
			}
		case "hours":
			var hs []string
			for _, p := range strings.Split(t.Value, ",") {
				if v, err := chat.ParseValue(p, chat.Hours); err == nil {
					hs = append(hs, num(v))
				} else {
					f.unread(t)
					hs = nil
					break
				}
			}
			f.Hours = strings.Join(hs, ",")
		}
	}
	return f
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// unread records a pair whose value could not be read.
func (f *found) unread(t chat.Token) {
	f.Unread = append(f.Unread, t.Key+"="+chat.Shown(t.Value))
}

// prefill answers `renewal new <original command>`: how to add a renewal,
// with a `renewal add` line filled from what the original says.
func prefill(c *chat.Call) chat.Reply {
	lang := c.Lang
	rest := strings.TrimSpace(c.Args.Original)
	if i := strings.IndexFunc(rest, unicode.IsSpace); i >= 0 {
		rest = strings.TrimSpace(rest[i:]) // drop "new"/"新建"
	} else {
		rest = ""
	}
	f := readOriginal(rest)
	k := func(en, zh string) string { return chat.T(lang, en, zh) + "=" }
	parts := []string{chat.T(lang, "renewal add", "续约 添加")}
	add := func(key, value string) { parts = append(parts, key+value) }
	add(k("vendor", "供应商"), quoteIf(f.Vendor))
	if f.GPU != "" {
		add(k("gpu", "显卡"), quoteIf(f.GPU))
	}
	cards := ""
	if f.Cards > 0 {
		cards = num(f.Cards)
	} else if n := strings.Count(f.Hours, ",") + 1; f.Hours != "" && n > 1 {
		cards = strconv.Itoa(n)
	}
	add(k("cards", "卡数"), cards)
	add(k("mode", "方式"), chat.T(lang, "monthly", "包月"))
	price := ""
	if f.Monthly > 0 {
		price = num(f.Monthly)
	}
	add(k("price", "价格"), price)
	if f.OnDemand > 0 {
		add(k("ondemand", "按需"), num(f.OnDemand))
	}
	if f.Hours != "" {
		add(k("hours", "时长"), f.Hours)
	}
	add(k("renews", "续约日"), chat.T(lang, "YYYY-MM-DD", "年-月-日"))
	add(k("notice", "通知期"), chat.T(lang, "30d", "30天"))
	line := strings.Join(parts, " ")

	var missing []string
	for _, m := range []struct {
		empty  bool
		en, zh string
	}{
		{f.Vendor == "", "vendor", "供应商"}, {cards == "", "cards", "卡数"}, {price == "", "price (per card per month)", "价格（每卡每月）"},
	} {
		if m.empty {
			missing = append(missing, chat.T(lang, m.en, m.zh))
		}
	}
	lines := []string{
		chat.T(lang, "renews: the day the contract renews unless cancelled (YYYY-MM-DD).", "续约日：不取消就自动续约的日期（年-月-日，如 2027-03-01）。"),
		chat.T(lang, "notice: the notice period in the contract; 30d is a guess, check it. The deadline is the renewal date minus it.",
			"通知期：合同里的提前通知期；30天只是猜测，请核对。截止日 = 续约日 − 通知期。"),
		chat.T(lang, "Optional: remind=30,14,7,1 (days before the deadline), term=3m (minimum renewal term), ondemand= and hours= for the keep-or-switch advice.",
			"可选：提醒=30,14,7,1（截止日前几天）、期限=3个月（续约最短期限）、按需= 和 时长= 用于续约或切换建议。"),
	}
	if len(f.Unread) > 0 {
		lines = append([]string{chat.T(lang, "Not read, so not filled in: ", "无法读取，未填入：") + strings.Join(f.Unread, chat.T(lang, ", ", "、")) + chat.T(lang, ".", "。")}, lines...)
	}
	if len(missing) > 0 {
		sep := ", "
		if lang == chat.ZH {
			sep = "、"
		}
		lines = append([]string{chat.T(lang, "Still to fill in: ", "还需填写：") + strings.Join(missing, sep) + chat.T(lang, ", renews.", "、续约日。")}, lines...)
	}
	return chat.Reply{
		Title: chat.T(lang, "Remind me before renewal", "续约提醒"),
		Summary: chat.T(lang, "Tell me when the contract renews and I will remind this channel 30, 14, 7 and 1 days before its notice deadline, with the numbers to decide. Edit and send this line:",
			"告诉我合同何时续约，我会在通知截止日前 30、14、7、1 天提醒本频道，并附上决策所需的数字。修改后发送这一行：") + "\n" + line,
		Sections: []chat.Section{{Title: chat.T(lang, "What to fill in", "需要填写"), Lines: lines}},
		Private:  true,
		Data:     map[string]any{"command": "renewal", "action": "new", "prefill": line, "found": f},
	}
}

// quoteIf quotes a value with spaces so the line parses back.
func quoteIf(v string) string {
	if strings.ContainsAny(v, " \t") {
		return `"` + v + `"`
	}
	return v
}

// overview answers `renewal` alone: the sub-commands and the keys of add.
func overview(lang chat.Lang) chat.Reply {
	t := chat.Table{Header: []string{chat.T(lang, "sub-command", "子命令"), chat.T(lang, "also", "别名"), chat.T(lang, "what it does", "用途"), chat.T(lang, "example", "示例")}}
	var names []string
	self := Command(Deps{}) // its words, to show the examples in Chinese ones
	for _, s := range subs.Get().List {
		word, also := s.Name, strings.Join(s.Aliases[:1], " ")
		if lang == chat.ZH { // the sub-command by its Chinese word, its other Chinese spellings
			word, also = chat.KeySpellings(lang, s.Name, s.Aliases)
		}
		t.Rows = append(t.Rows, []string{word, also, chat.T(lang, s.EN, s.ZH), self.Localize(lang, s.Example)})
		names = append(names, s.Name)
	}
	keys := chat.Table{Title: chat.T(lang, "Keys of add", "添加 的参数"), Header: []string{chat.T(lang, "key", "参数"), chat.T(lang, "also", "别名"), chat.T(lang, "meaning", "含义"), chat.T(lang, "example", "示例")}}
	for _, k := range keytab.RenewalAdd {
		word, also := k.Name, strings.Join(k.Aliases[:1], " ")
		if lang == chat.ZH { // the key by its Chinese word, its other Chinese spellings
			word, also = chat.KeySpellings(lang, k.Name, k.Aliases)
		}
		keys.Rows = append(keys.Rows, []string{word, also, k.Help.In(string(lang)), self.Localize(lang, k.Name+"="+k.Example)})
	}
	return chat.Reply{
		Title: chat.T(lang, "Renewals: reminders before the notice deadline", "续约：在通知截止日前提醒"),
		Summary: chat.T(lang, "Store a contract that renews; this channel is reminded 30, 14, 7 and 1 days before its notice deadline (renewal date − notice period), with actual use against the break-even and what to renegotiate.",
			"保存会自动续约的合同；本频道会在通知截止日（续约日 − 提前通知期）前 30、14、7、1 天收到提醒，附实际用量与盈亏平衡的对比和谈判要点。"),
		Tables:  []chat.Table{t, keys},
		Private: true,
		Data:    map[string]any{"command": "renewal", "action": "help", "subcommands": names},
	}
}
