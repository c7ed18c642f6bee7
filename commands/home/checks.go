package home

import (
	"context"
	"fmt"
	"time"

	rules "gpuadvisor/advisor/renewal"
	av "gpuadvisor/advisor/vendor"
	"gpuadvisor/chat"
	"gpuadvisor/commands/checklist"
	"gpuadvisor/commands/vendor"
	"gpuadvisor/store"
)

// MaxChecks is how many recent checks the home page lists.
const MaxChecks = 5

// checks is the recent checks section: the newest MaxChecks the person
// sees (those they ran anywhere in the team, and those run, not privately,
// in this conversation: store.Check.SeenBy; the home page is always a
// private answer), each with a button drafting its questions to the vendor.
// A vendor in boarded (by av.Key) has its next step on the vendors board
// already, so its check gets no draft button of its own.
func (d Deps) checks(ctx context.Context, c *chat.Call, scope store.Scope, rd vendor.Read, rep *chat.Reply, data map[string]any, boarded map[string]bool) chat.Section {
	lang := c.Lang
	sec := chat.Section{Title: chat.T(lang, "Recent checks", "最近的核查")}
	cs, err := rd.Checks[:min(len(rd.Checks), MaxChecks)], rd.ChecksErr // the board read more
	if err != nil {
		d.log().ErrorContext(ctx, "home: recent checks not listed", "tenant", scope.Tenant, "err", err)
		rep.Warnings = append(rep.Warnings, chat.T(lang, "The recent checks could not be read just now; open this again in a minute.", "暂时无法读取最近的核查；请稍后重新打开。"))
		sec.Lines = []string{"-"}
		return sec
	}
	listed := []map[string]any{}
	data["recent_checks"] = listed
	if len(cs) == 0 {
		sec.Lines = []string{chat.T(lang, "None yet. Paste what a vendor's sales said and I show what they dodged: ", "还没有。粘贴供应商销售的原话，我会指出对方回避了什么：") +
			chat.T(lang, "checklist check vendor=AcmeGPU 8x A100 80GB SXM4, NVLink, 7x24 support.", "清单 检查 供应商=酷算云 我们是A100 80G SXM4，卡间NVLink，7x24小时值守。")}
		return sec
	}
	loc := d.Loc
	if loc == nil {
		loc = rules.Shanghai()
	}
	drafted := map[string]bool{}
	for _, ck := range cs {
		sec.Lines = append(sec.Lines, checkLine(lang, ck, loc))
		listed = append(listed, map[string]any{"id": ck.ID, "vendor": ck.Vendor, "verdict": ck.Verdict,
			"covered": ck.Covered, "risk": ck.Risk, "vague": ck.Vague, "missing": ck.Missing, "ask": ck.Ask,
			"at": ck.At.In(loc).Format(time.RFC3339), "private": ck.Private})
		if ck.Vendor != "" && len(ck.Ask) > 0 && !drafted[ck.Vendor] {
			drafted[ck.Vendor] = true
			if !boarded[av.Key(ck.Vendor)] {
				rep.Buttons = append(rep.Buttons, draftButton(lang, ck))
			}
		}
	}
	data["recent_checks"] = listed
	return sec
}

// checkLine is one check in words: vendor, verdict, counts, when.
func checkLine(lang chat.Lang, ck store.Check, loc *time.Location) string {
	vendor := ck.Vendor
	if vendor == "" {
		vendor = chat.T(lang, "(vendor not named)", "（未写供应商）")
	}
	line := fmt.Sprintf(chat.T(lang, "%s: %s — %d covered, %d risk, %d vague, %d not asked yet · %s",
		"%s：%s——答实 %d，风险 %d，含糊 %d，未提及 %d · %s"),
		vendor, checklist.VerdictName(lang, ck.Verdict), ck.Covered, ck.Risk, ck.Vague, ck.Missing, ck.At.In(loc).Format("2006-01-02 15:04"))
	if ck.Private {
		line += chat.T(lang, " · asked privately", " · 私密提问")
	}
	return line
}

// draftButton drafts the e-mail asking the vendor the check's open items.
func draftButton(lang chat.Lang, ck store.Check) chat.Button {
	value := chat.T(lang, "draft questions vendor=", "起草 问题 供应商=") + ck.Vendor
	for _, id := range ck.Ask {
		value += " " + id
	}
	return chat.Button{Action: chat.ActionRun, Label: fmt.Sprintf(chat.T(lang, "Questions for %s", "给%s的追问"), ck.Vendor), Value: value}
}
