package draft

import (
	"context"
	"fmt"
	"strings"

	"gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
	"gpuadvisor/prompts"
	"gpuadvisor/store"
)

// RenewalGetter reads one stored renewal of a tenant (store.Renewals has it).
type RenewalGetter interface {
	GetRenewal(ctx context.Context, scope store.Scope, id string) (renewal.Renewal, error)
}

// Options are the command's dependencies. The zero value drafts from
// templates only and has no stored renewals.
type Options struct {
	// LLM words the drafts; nil means templates only.
	LLM prompts.LLM
	// Renewals looks up `draft renewal <id>`; nil means facts must be given.
	Renewals RenewalGetter
	// Check finds the vague and missing checklist items in vendor text;
	// nil means the advisor's checklist matcher.
	Check Checker
}

// Examples of the command; the first is shown in errors.
var examples = []string{
	"draft sla vendor=酷算云 response=30m replace=4h outage=4h comp=2x migration=yes destruction=yes",
	"起草 问题 供应商=酷算云 我们提供高配主机，万兆内网，7x24小时服务",
	"draft questions vendor=AcmeGPU hw.host net.intranet_bw ops.night_response",
	"draft renewal vendor=酷算云 price=15000 hours=310 ondemand=35 renews=2027-03-01 cards=8",
	"draft renewal r1",
}

// Command returns the `draft` chat command (alias 起草).
func Command(o Options) *chat.Command {
	d := &drafter{svc: &prompts.Service{LLM: o.LLM}, renewals: o.Renewals, check: o.Check}
	if d.check == nil {
		d.check = checklistGaps
	}
	d.subs = chat.NewRouter()
	q, sla, ren := questionsCommand(d), slaCommand(d), renewalCommand(d)
	d.subs.Register(q, sla, ren)
	return &chat.Command{
		Subs: []*chat.Command{
			{Name: q.Name, Aliases: q.Aliases, Keys: []chat.Key{vendorKey()},
				Summary: chat.Help("an e-mail to sales asking the vague and missing checklist items; after vendor=, paste what sales said or give item ids",
					"给销售的邮件，问清单中含糊和缺失的项；在 供应商= 之后粘贴销售的原话或写清单项编号")},
			{Name: sla.Name, Aliases: sla.Aliases, Keys: sla.Keys,
				Summary: chat.Help("SLA clauses to add to the contract", "要写进合同的 SLA 条款")},
			{Name: ren.Name, Aliases: ren.Aliases, Keys: ren.Keys,
				Summary: chat.Help("a renewal renegotiation e-mail, from a stored renewal id or the keys below", "续约议价邮件，按已保存的续约编号或下列参数")},
		},
		Name:    "draft",
		Aliases: []string{"起草", "草拟"},
		Summary: chat.Help("draft the questions for sales, the SLA clauses or the renewal e-mail (LLM-worded, template fallback)",
			"起草给销售的问题、SLA 条款或续约邮件（LLM 润色，模板兜底）"),
		Examples: examples,
		Keys:     nil, // free text: each sub-command validates its own keys
		Writes:   chat.Reads,
		Run:      d.run,
	}
}

// drafter holds what the sub-commands share.
type drafter struct {
	svc      *prompts.Service
	renewals RenewalGetter
	check    Checker
	// subs parses the words after `draft` with each sub-command's keys.
	subs *chat.Router
}

// sub is what a sub-command returns once its input is valid: what it
// drafts, for the acknowledgement ("the SLA clauses for X", "X的 SLA 条款"),
// and the work that writes the draft.
type sub struct {
	what, whatZH string
	write        func(ctx context.Context) (chat.Reply, error)
}

func (d *drafter) run(ctx context.Context, c *chat.Call) (chat.Reply, error) {
	if len(c.Args.Words) == 0 {
		return overview(c.Lang), nil
	}
	word := c.Args.Words[0]
	subCmd, ok := d.subs.Lookup(word)
	if !ok || strings.EqualFold(word, "help") {
		return chat.Reply{}, unknownSub(c.Lang, word)
	}
	if rep, ok := fromAnswer(c, subCmd); ok {
		return rep, nil
	}
	cmd, args, _, err := d.subs.Parse(chat.Request{Text: c.Args.Original, Lang: c.Lang})
	if err != nil {
		return chat.Reply{}, err
	}
	inner := &chat.Call{Req: c.Req, Args: args, Lang: c.Lang, Now: c.Now}
	s, err := d.prepare(ctx, cmd.Name, inner)
	if err != nil {
		return chat.Reply{}, err
	}
	if !c.Req.Sync && d.svc.Configured() {
		return chat.Ack(c, "Drafting "+s.what+" with the LLM; the draft will be posted here when it is ready.",
			"正在用 LLM 起草"+s.whatZH+"，完成后会发到这里。"), nil
	}
	rep, err := s.write(ctx)
	if err == nil {
		chat.NoteAssumptions(&rep, args) // hours=每天8小时: said as 240 h a month
	}
	return rep, err
}

// prepare validates a sub-command's input and returns its work.
func (d *drafter) prepare(ctx context.Context, name string, c *chat.Call) (sub, error) {
	switch name {
	case nameQuestions:
		return d.questions(c)
	case nameSLA:
		return d.sla(c)
	case nameRenewal:
		return d.renewal(ctx, c)
	}
	return sub{}, unknownSub(c.Lang, name)
}

// The sub-command names: the inner router's command names, which its errors
// show ("draft sla does not take the key ...").
const (
	nameQuestions = "draft questions"
	nameSLA       = "draft sla"
	nameRenewal   = "draft renewal"
)

func unknownSub(lang chat.Lang, word string) *chat.Error {
	msg := fmt.Sprintf(chat.T(lang, "draft %q: say what to draft: questions (问题), sla (条款) or renewal (续约)",
		"起草 %q：请说明起草什么：问题、条款 或 续约"), chat.Shown(word))
	if s := chat.Closest(word, []string{"questions", "sla", "renewal", "问题", "条款", "续约"}); s != "" {
		msg += fmt.Sprintf(chat.T(lang, ". Did you mean %s?", "。你是不是想写 %s？"), s)
	}
	return &chat.Error{Code: chat.CodeInvalid, Key: "draft", Message: msg, Example: examples[0]}
}

// overview answers a bare `draft`: what can be drafted and how.
func overview(lang chat.Lang) chat.Reply {
	t := chat.Table{Header: []string{chat.T(lang, "draft", "起草"), chat.T(lang, "what you get", "内容"), chat.T(lang, "example", "示例")}}
	t.Rows = [][]string{
		{"questions / 问题", chat.T(lang, "an e-mail to sales asking exactly the vague and missing checklist items", "给销售的邮件，只问清单中含糊和缺失的项"), examples[1]},
		{"sla / 条款", chat.T(lang, "contract SLA clauses with your numbers", "带你给出的数字的合同 SLA 条款"), examples[0]},
		{"renewal / 续约", chat.T(lang, "a renegotiation e-mail: actual usage against the break-even", "续约谈判邮件：实际用量对比盈亏平衡点"), examples[3]},
	}
	return chat.Reply{
		Title:   chat.T(lang, "What can I draft?", "可以起草什么？"),
		Summary: chat.T(lang, "Name the draft and give its facts. An LLM words it when one is configured; every number is checked, and the template is used otherwise.", "说明要起草的内容并给出事实。配置了 LLM 时由 LLM 润色，每个数字都会核对，否则使用模板。"),
		Tables:  []chat.Table{t},
		Private: true,
		Data:    map[string]any{"command": "draft", "kinds": []string{"questions", "sla", "renewal"}, "examples": examples},
	}
}

// vendorKey is the vendor key every sub-command takes.
func vendorKey() chat.Key { return keytab.DraftVendor[0] }

// maxVendor is the longest vendor name accepted, in runes.
const maxVendor = 40

// checkVendor refuses names that could carry a link, an address, a mention
// or markup into a draft, and over-long ones.
func checkVendor(lang chat.Lang, v, example string) (string, error) {
	v = strings.TrimSpace(strings.Trim(v, `"'`))
	bad := v == "" || len([]rune(v)) > maxVendor || strings.ContainsAny(v, "@＠<>/\\:：|*`~[]{}\n\r\t") ||
		strings.Contains(strings.ToLower(v), "http") || strings.Contains(strings.ToLower(v), "www.")
	if bad {
		return "", chat.Invalidf(lang, "vendor", example,
			"vendor=%q is not a vendor name: give a name of up to %d characters, without @, <, >, /, : or links",
			"vendor=%q 不是供应商名称：请写不超过 %d 个字符的名称，不含 @、<、>、/、: 或链接", chat.Truncate(v, 60), maxVendor)
	}
	return v, nil
}
