package checklist

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"time"

	cl "gpuadvisor/advisor/checklist"
	"gpuadvisor/chat"
	"gpuadvisor/store"
)

// recordTimeout bounds the store write, so that a slow store delays the
// answer by at most this much.
const recordTimeout = 2 * time.Second

// Deps are where `checklist check` records what it found (the home page's
// recent checks). The zero value records nothing.
type Deps struct {
	// Checks keeps the recent checks; nil records nothing.
	Checks store.Checks
	// Log receives a failed write; nil means slog.Default().
	Log *slog.Logger
}

// NewCommand is Command that records every `checklist check` it answers in
// d.Checks. A failed write never fails the answer: it is logged and the
// answer says it was not saved.
func NewCommand(d Deps) *chat.Command {
	cmd := Command()
	if d.Checks == nil {
		return cmd
	}
	run := cmd.Run
	// check records what it found, where there is a conversation to keep it for
	cmd.Writes = func(c *chat.Call) bool {
		sub, _, _ := splitSub(c.Args.Original)
		return checkDoc.Get().Picks(sub) && c.Req.Tenant != "" && c.Req.Channel != ""
	}
	cmd.Run = func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
		rep, err := run(ctx, c)
		if err == nil {
			d.record(ctx, c, &rep)
		}
		return rep, err
	}
	return cmd
}

// record stores the check rep answers, when it answers one in a
// conversation (a request with no tenant or channel has nowhere to keep it).
func (d Deps) record(ctx context.Context, c *chat.Call, rep *chat.Reply) {
	data, ok := rep.Data.(checkJSON)
	if !ok || c.Req.Tenant == "" || c.Req.Channel == "" {
		return
	}
	ck := CheckOf(c, data.Vendor, data.Report)
	ck.Private = c.Args.Private || rep.Private
	ck.TeamWide = data.Scope == "team"
	wctx, cancel := context.WithTimeout(ctx, recordTimeout)
	defer cancel()
	if err := d.Checks.AddCheck(wctx, ck); err != nil {
		chat.LoggerOr(d.Log).ErrorContext(ctx, "checklist check: not saved to recent checks", "tenant", ck.Tenant, "err", err)
		rep.Warnings = append(rep.Warnings, chat.T(c.Lang, "Not saved to recent checks (the store could not be written just now); the answer above is complete.",
			"未保存到最近的核查（暂时无法写入存储）；上面的回答是完整的。"))
	}
}

// CheckOf is the record of a check: where and by whom, the verdict, the
// counts, the items to ask next (as many as the reply lists) and the items
// answered with a known trap (Risks, which `vendor compare` reads). Its ID is
// a digest of the conversation, the person, the vendor and every item's
// status and phrase, so the same answer checked again (the "Show all
// items" button, a retry) is the same check.
func CheckOf(c *chat.Call, vendor string, r cl.Report) store.Check {
	h := sha256.New()
	for _, s := range []string{c.Req.Channel, c.Req.User, vendor} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	for _, it := range r.Items {
		h.Write([]byte(it.ID + "\x00" + string(it.Status) + "\x00" + it.Evidence + "\x00"))
	}
	ask := make([]string, 0, briefFollowUps)
	for _, f := range r.FollowUp[:min(len(r.FollowUp), briefFollowUps)] {
		ask = append(ask, f.ID)
	}
	var risks []string
	for _, it := range r.Items {
		if it.Status == cl.Risk {
			risks = append(risks, it.ID)
		}
	}
	return store.Check{
		ID: hex.EncodeToString(h.Sum(nil)[:12]), Tenant: c.Req.Tenant, Channel: c.Req.Channel, User: c.Req.User,
		At: c.Now, Vendor: vendor, Verdict: string(r.Verdict),
		Covered: r.Total.Covered, Risk: r.Total.Risk, Vague: r.Total.Vague, Missing: r.Total.Missing, Ask: ask, Risks: risks,
	}
}

// VerdictName is a stored verdict in words ("ask first", 先追问).
func VerdictName(lang chat.Lang, v string) string { return verdictName(lang, cl.Verdict(v)) }
