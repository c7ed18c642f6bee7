package trial

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	root "gpuadvisor/advisor"
	rules "gpuadvisor/advisor/renewal"
	advisor "gpuadvisor/advisor/trial"
	"gpuadvisor/chat"
	"gpuadvisor/store"
)

// recordTimeout bounds the store write, so that a slow store delays the
// answer by at most this much.
const recordTimeout = 2 * time.Second

// maxVendor bounds a vendor name (as checklist check does).
const maxVendor = 40

// Deps are where `trial check vendor=…` keeps the trial for the vendor's
// record (`vendor show`). The zero value keeps nothing, and a check that
// names a vendor then says it was not kept.
type Deps struct {
	// Trials keeps the trials; nil keeps none.
	Trials store.Trials
	// Log receives a failed write; nil means slog.Default().
	Log *slog.Logger
}

// readVendor reads vendor=: a name of at most maxVendor characters,
// without the marks of an address or a link.
func readVendor(lang chat.Lang, a *chat.Args) (string, error) {
	raw, _ := a.Raw("vendor")
	v := strings.TrimSpace(raw)
	if v == "" || len([]rune(v)) > maxVendor || strings.ContainsAny(v, "@＠<>/\\:：|*`~[]{}") || strings.Contains(strings.ToLower(v), "http") {
		return "", chat.Invalidf(lang, "vendor", chat.T(lang, "trial check vendor=AcmeGPU gpu=A100-80G cards=8 <paste>", "试用 检查 供应商=酷算云 型号=A100-80G 卡数=8 <粘贴输出>"),
			"vendor=%q is not a vendor name: up to %d characters, without @, <, >, /, : or links",
			"供应商 %q 不是有效名称：不超过 %d 个字符，不含 @、<、>、/、: 或链接", chat.Truncate(raw, 60), maxVendor)
	}
	return v, nil
}

// scopeAliases are the words scope= takes besides channel and team.
var scopeAliases = root.Lazy[map[string]string]{New: func() map[string]string {
	return map[string]string{"频道": "channel", "本频道": "channel", "团队": "team", "全团队": "team", "tenant": "team", "workspace": "team"}
}}

// TrialOf is the record of a trial check: where and by whom, the vendor,
// what was promised, the tools read and what each check found. Its ID is a
// digest of the conversation, the person, the vendor, the promise and
// every check, so the same paste checked again (the Details button, a
// retry) is the same trial.
func TrialOf(c *chat.Call, vendor string, teamWide bool, p advisor.Promise, r advisor.Report) store.Trial {
	t := store.Trial{
		Tenant: c.Req.Tenant, Channel: c.Req.Channel, User: c.Req.User, TeamWide: teamWide, At: c.Now, Vendor: vendor,
		Promised: store.TrialPromise{GPU: p.GPU, Cards: p.Cards, IntranetGbps: p.IntranetGbps, MemoryGB: p.MemoryGB,
			BusGBs: p.BusGBs, Driver: p.Driver, CUDA: p.CUDA},
		Tools: append([]string(nil), r.Facts.Tools...),
	}
	if p.NVLink != nil {
		t.Promised.NVLink = map[bool]string{true: "yes", false: "no"}[*p.NVLink]
	}
	for _, f := range r.Findings {
		t.Checks = append(t.Checks, store.TrialCheck{Rule: f.Rule, Item: f.Item, Status: f.Status,
			Promised: chat.Truncate(f.Promised, 60), Measured: chat.Truncate(f.Measured, 60)})
	}
	h := sha256.New()
	pr := t.Promised
	for _, s := range []string{c.Req.Channel, c.Req.User, vendor, strconv.FormatBool(teamWide), pr.GPU, strconv.Itoa(pr.Cards), pr.NVLink,
		strconv.FormatFloat(pr.IntranetGbps, 'g', -1, 64), strconv.Itoa(pr.MemoryGB), strconv.FormatFloat(pr.BusGBs, 'g', -1, 64), pr.Driver, pr.CUDA} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	for _, k := range t.Checks {
		h.Write([]byte(k.Rule + "\x00" + k.Status + "\x00" + k.Promised + "\x00" + k.Measured + "\x00"))
	}
	t.ID = hex.EncodeToString(h.Sum(nil)[:12])
	return t
}

// record keeps the trial rep answers for in.vendor and says so in rep: in
// its summary where it is kept and how to see it, or a warning that it was
// not kept (no store here, no conversation, a failed write). The answer
// itself is complete either way.
func (d Deps) record(ctx context.Context, c *chat.Call, in input, r advisor.Report, rep *chat.Reply) {
	lang := c.Lang
	data, _ := rep.Data.(checkData)
	notKept := func(why string) {
		rep.Warnings = append(rep.Warnings, why)
	}
	switch {
	case d.Trials == nil:
		notKept(fmt.Sprintf(chat.T(lang, "Not kept for %s: there is no store here (the CLI uses --db FILE; the functions use TABLE_NAME). The check above is complete.",
			"未记入 %s 的资料：这里没有配置存储（命令行用 --db 文件；云函数用 TABLE_NAME）。上面的实测结果是完整的。"), in.vendor))
	case c.Req.Tenant == "" || c.Req.Channel == "":
		notKept(fmt.Sprintf(chat.T(lang, "Not kept for %s: this platform did not say which team and channel you are in. The check above is complete.",
			"未记入 %s 的资料：平台没有告知你所在的团队和频道。上面的实测结果是完整的。"), in.vendor))
	default:
		t := TrialOf(c, in.vendor, in.teamWide, in.promise, r)
		wctx, cancel := context.WithTimeout(ctx, recordTimeout)
		defer cancel()
		where := chat.T(lang, "this channel", "本频道")
		if in.teamWide {
			where = chat.T(lang, "the whole team", "全团队")
		}
		show := chat.T(lang, "vendor show ", "供应商 详情 ") + quoteName(in.vendor)
		if old, ok := d.recorded(wctx, t); ok {
			// the same trial again (a retry, --full after the short answer):
			// kept once, at the day it was first recorded
			data.TrialID, data.AlreadyStored = old.ID, true
			rep.Summary += chat.T(lang, " ", "") + fmt.Sprintf(chat.T(lang, "Already recorded for %s on %s (%s sees it): nothing added; %s.",
				"这次实测已于 %[2]s 记入 %[1]s 的资料（%[3]s可见）：没有重复添加；%[4]s。"), in.vendor, old.At.In(rules.Shanghai()).Format("2006-01-02"), where, show)
			rep.Buttons = append(rep.Buttons, chat.Button{Action: chat.ActionRun, Label: chat.T(lang, "Vendor record: ", "供应商资料：") + in.vendor, Value: show})
		} else if err := d.Trials.AddTrial(wctx, t); err != nil {
			chat.LoggerOr(d.Log).ErrorContext(ctx, "trial check: not kept for the vendor", "tenant", t.Tenant, "vendor", t.Vendor, "err", err)
			notKept(fmt.Sprintf(chat.T(lang, "Not kept for %s (the store could not be written just now; nothing else was lost): run the same check again to keep it. The check above is complete.",
				"未记入 %s 的资料（暂时无法写入存储，其他内容未受影响）：再运行一次同样的实测即可保存。上面的实测结果是完整的。"), in.vendor))
		} else {
			data.TrialID = t.ID
			rep.Summary += chat.T(lang, " ", "") + fmt.Sprintf(chat.T(lang, "Kept for %s's record (%s sees it): %s.", "已记入 %s 的资料（%s可见）：%s。"), in.vendor, where, show)
			rep.Buttons = append(rep.Buttons, chat.Button{Action: chat.ActionRun, Label: chat.T(lang, "Vendor record: ", "供应商资料：") + in.vendor, Value: show})
		}
	}
	if rep.Data != nil {
		rep.Data = data
	}
}

// recorded finds the trial of t's id (the same trial checked again by the
// same person in the same conversation) among those the conversation
// keeps. A store that cannot be read finds none: the write that follows
// replaces a trial of the same id, so nothing is doubled either way.
func (d Deps) recorded(ctx context.Context, t store.Trial) (store.Trial, bool) {
	ts, err := d.Trials.ListTrials(ctx, store.Scope{Tenant: t.Tenant, Channel: t.Channel})
	if err != nil {
		chat.LoggerOr(d.Log).WarnContext(ctx, "trial check: kept trials not read; writing it again", "tenant", t.Tenant, "err", err)
		return store.Trial{}, false
	}
	for _, o := range ts {
		if o.ID == t.ID {
			return o, true
		}
	}
	return store.Trial{}, false
}

// quoteName writes a vendor name as a command word: in quotes when it
// holds a space.
func quoteName(name string) string {
	if strings.ContainsAny(name, " \t") {
		return `"` + name + `"`
	}
	return name
}

// RuleLabel names a trial check's rule in lang ("intranet TCP", 内网 TCP).
func RuleLabel(lang chat.Lang, rule string) string { return ruleLabel(lang, rule) }

// CommandOf is the command line that produced t, without its paste:
// `trial check vendor=… scope=team gpu=… cards=… … <paste>`, with the
// Chinese key words in Chinese.
func CommandOf(lang chat.Lang, t store.Trial) string {
	zh := lang == chat.ZH
	parts := []string{chat.T(lang, "trial check", "试用 检查")}
	add := func(en, zhKey, v string) {
		if v == "" || v == "0" {
			return
		}
		if strings.ContainsAny(v, " \t") {
			v = `"` + v + `"`
		}
		k := en
		if zh {
			k = zhKey
		}
		parts = append(parts, k+"="+v)
	}
	p := t.Promised
	add("vendor", "供应商", t.Vendor)
	if t.TeamWide {
		add("scope", "范围", chat.T(lang, "team", "团队"))
	}
	add("gpu", "型号", p.GPU)
	add("cards", "卡数", strconv.Itoa(p.Cards))
	add("nvlink", "互联", map[string]string{"yes": chat.T(lang, "yes", "是"), "no": chat.T(lang, "no", "否")}[p.NVLink])
	if p.IntranetGbps > 0 {
		add("intranet", "内网", strconv.FormatFloat(p.IntranetGbps, 'g', -1, 64)+"g")
	}
	if p.MemoryGB > 0 {
		add("memory", "显存", strconv.Itoa(p.MemoryGB)+"g")
	}
	add("busbw", "总线带宽", strconv.FormatFloat(p.BusGBs, 'g', -1, 64))
	add("driver", "驱动", p.Driver)
	add("cuda", "cuda版本", p.CUDA)
	return strings.Join(parts, " ") + chat.T(lang, " <paste>", " <粘贴输出>")
}
