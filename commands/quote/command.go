package quote

import (
	"context"
	"fmt"
	"strings"

	"gpuadvisor/advisor/tco"
	"gpuadvisor/chat"
	"gpuadvisor/store"
)

// Example is the example command line.
const Example = "quote hours=300 cards=8 storage_gb=2000 egress_gb=3000 A: price=35 storage_price=0.3 egress_price=0.8 tokens_s=21000; B: price=29 egress_price=0.8 tokens_s=14000"

// exampleZH is Example in Chinese.
const exampleZH = "报价 时长=300 卡数=8 存储量=2000 流量=3000 A: 单价=35 存储单价=0.3 流量单价=0.8 吞吐=21000; B: 单价=29 流量单价=0.8 吞吐=14000"

// Deps are what the quote command needs from outside; zero values are
// valid (save=yes then says a store is needed).
type Deps struct {
	// Prices keeps the team's price book, for save=yes.
	Prices store.Prices
	// NewID makes price book ids; nil means six random characters.
	NewID func() string
}

// Command returns the quote command (alias 报价, 比价) without a store.
func Command() *chat.Command { return NewCommand(Deps{}) }

// NewCommand returns the quote command with its dependencies.
func NewCommand(d Deps) *chat.Command {
	return &chat.Command{
		Name:    "quote",
		Aliases: []string{"报价", "比价", "报价对比", "quotes", "tco"},
		Summary: chat.Help("compare vendors' quotes by monthly total cost of ownership and by cost per token", "按月度总拥有成本和每token成本对比各家报价"),
		Examples: []string{
			Example,
			"quote hours=300 cards=8 run_tokens=2b A: price=35 tokens_s=21000; B: price=29 tokens_s=14000",
			exampleZH,
			"quote hours=每天8小时 cards=8 A: price=35; B: monthly=1万5 min_months=3",
			"quote card=a800 cards=8 save=yes A: price=8.5; B: monthly=4800",
			"quote --file quotes.yaml",
			"quote keys",
		},
		Subs:   keyDocs(),
		Writes: d.saves,
		Run:    func(ctx context.Context, c *chat.Call) (chat.Reply, error) { return d.run(ctx, c) },
	}
}

func (d Deps) run(ctx context.Context, c *chat.Call) (chat.Reply, error) {
	lang := c.Lang
	if len(c.Args.Tokens) == 1 && keysWords.Get()[strings.ToLower(c.Args.Tokens[0].Word)] {
		return keysReply(lang), nil
	}
	in := &input{}
	if strings.TrimSpace(c.Req.Attachment) != "" {
		if err := parseYAML(lang, c.Req.Attachment, in); err != nil {
			return chat.Reply{}, err
		}
	}
	parseTokens(lang, c.Args.Tokens, in)
	if in.fatal != nil {
		return chat.Reply{}, in.fatal
	}
	sv, err := takeSave(lang, in)
	if err != nil {
		return chat.Reply{}, err
	}

	set, gerr := readGlobals(lang, in.globals)
	if gerr != nil {
		return chat.Reply{}, gerr
	}
	if len(in.vendors) == 0 {
		msg := chat.T(lang, "no vendor quote found: give each vendor a name and its keys, vendors separated by ; or new lines. Keys: ",
			"没有读到任何供应商报价：请给每家写上名称和参数，各家之间用 ; 或换行分开。参数：") + keyNamesIn(lang)
		if len(in.problems) > 0 {
			msg += ". " + chat.T(lang, "Could not read: ", "无法读取：") + joinProblems(in.problems)
		}
		return chat.Reply{}, &chat.Error{Code: chat.CodeInvalid, Key: "vendors", Message: msg, Example: Example}
	}

	probs := in.problems
	var vendors []tco.Vendor
	names := map[string]bool{}
	var unnamed []string
	for _, d := range in.vendors {
		if d.name == "" {
			d.name = fmt.Sprintf("V%d", d.index)
			unnamed = append(unnamed, d.name)
		}
		if names[d.name] {
			return chat.Reply{}, chat.Invalidf(lang, "name", "A: price=35; B: price=29",
				"two vendors are both called %q; give each vendor its own name (A:, B:, or name=...)",
				"有两家供应商都叫 %q；请给每家不同的名称（A:、B: 或 name=...）", d.name)
		}
		names[d.name] = true
		v, ps, ok := buildVendor(lang, d)
		probs = append(probs, ps...)
		if ok {
			vendors = append(vendors, v)
		}
	}
	if len(vendors) == 0 {
		return chat.Reply{}, &chat.Error{Code: chat.CodeInvalid, Key: firstKey(probs, "price"), Example: Example,
			Message: chat.T(lang, "no quote could be compared: ", "没有可比较的报价：") + joinProblems(probs)}
	}
	res, err := tco.Compare(set.w, vendors)
	if err != nil {
		if e, ok := chat.FromDomain(lang, err); ok {
			return chat.Reply{}, e
		}
		return chat.Reply{}, fmt.Errorf("compare %d quotes: %w", len(vendors), err)
	}
	rep := reply(lang, res, set, probs)
	if sv.save {
		if err := d.save(ctx, c, sv, set.w, vendors, &rep); err != nil {
			return chat.Reply{}, err
		}
	}
	if len(unnamed) > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf(chat.T(lang,
			"Vendors without a name are called %s in the order given; label them as \"A:\" or name=A.",
			"未命名的供应商按出现顺序称为 %s；可写成 \"A:\" 或 名称=A。"), strings.Join(unnamed, ", ")))
		if d, ok := rep.Data.(Data); ok {
			d.Warnings = rep.Warnings
			rep.Data = d
		}
	}
	return rep, nil
}

func joinProblems(ps []problem) string {
	var parts []string
	for _, p := range ps {
		if p.Message != "" && !(p.Key == "" && p.Dropped) {
			parts = append(parts, p.Message)
		}
	}
	return strings.Join(parts, "; ")
}

func firstKey(ps []problem, def string) string {
	for _, p := range ps {
		if p.Key != "" {
			return p.Key
		}
	}
	return def
}
