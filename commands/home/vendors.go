package home

import (
	"context"
	"fmt"
	"slices"
	"strings"

	av "gpuadvisor/advisor/vendor"
	"gpuadvisor/chat"
	"gpuadvisor/commands/vendor"
)

// boardRead is what Deps.Vendors returned.
type boardRead struct {
	board vendor.Board
	err   error
}

// vendors is the vendors board: one line per vendor the person sees
// evidence about, with its stage and next step, and a button per vendor
// taking that step (docs/vendors.md#the-home-page).
// The vendors it lists are returned by av.Key: their next step replaces the
// recent checks' draft button for the same vendor.
func (d Deps) vendors(ctx context.Context, c *chat.Call, read boardRead, rep *chat.Reply, data map[string]any) (chat.Section, map[string]bool) {
	lang := c.Lang
	sec := chat.Section{Title: chat.T(lang, "Vendors", "供应商")}
	listed := []map[string]any{}
	data["vendors"] = listed
	b, err := read.board, read.err
	if err != nil {
		d.log().ErrorContext(ctx, "home: vendors board not read", "tenant", c.Req.Tenant, "err", err)
		rep.Warnings = append(rep.Warnings, chat.T(lang, "The vendors could not be read just now; open this again in a minute.", "暂时无法读取供应商；请稍后重新打开。"))
		sec.Lines = []string{"-"}
		return sec, nil
	}
	if len(b.Lines) == 0 {
		sec.Lines = []string{chat.T(lang, "None yet. Name the vendor when you check its answers or save its price, and it appears here with its next step: ",
			"还没有。核查供应商的回答或保存报价时写上供应商，它就会出现在这里并附下一步：") +
			chat.T(lang, "price set gpu=a100-80g monthly=5000 vendor=AcmeGPU", "价格 设置 显卡=A100 包月=5000 供应商=酷算云")}
		return sec, nil
	}
	shown := map[string]bool{}
	for _, l := range b.Lines {
		shown[av.Key(l.Name)] = true
		sec.Lines = append(sec.Lines, l.Line)
		listed = append(listed, map[string]any{"name": l.Name, "stage": l.Stage,
			"next": map[string]string{"text": l.NextText, "command": l.NextCommand}})
		if !slices.ContainsFunc(rep.Buttons, func(x chat.Button) bool { return x.Value == l.Button.Value }) {
			rep.Buttons = append(rep.Buttons, l.Button)
		}
	}
	if b.More > 0 {
		sec.Lines = append(sec.Lines, fmt.Sprintf(chat.T(lang, "%d more: vendor list", "另有 %d 个：供应商 列表"), b.More))
	}
	if len(b.Lines) > 1 {
		rep.Buttons = append(rep.Buttons, chat.Button{Action: chat.ActionRun, Label: chat.T(lang, "Compare vendors", "对比供应商"), Value: chat.T(lang, "vendor compare", "供应商 对比")})
	}
	if len(b.Missing) > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf(chat.T(lang, "The vendors board leaves out %s: not kept here, or not readable just now.",
			"供应商看板未包含%s：这里没有保存，或暂时无法读取。"), strings.Join(b.Missing, chat.T(lang, ", ", "、"))))
	}
	data["vendors"] = listed
	return sec, shown
}
