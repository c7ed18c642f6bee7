package draft

import (
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit/llmtest"
	"gpuadvisor/prompts"
)

// TestRedline: an LLM draft comes with what it changed against the
// template, clause by clause: in the JSON (changes), as a unified diff in
// the terminal; an unchanged one says it is identical; a template draft
// has no redline.
func TestRedline(t *testing.T) {
	rows := []struct {
		name, text   string
		edit         [2]string
		clause       string
		removed      string
		added        string
		identical    bool
		lines        []string
		templateOnly bool
	}{
		{name: "one clause reworded", text: "draft sla vendor=酷算云 response=30m replace=4h outage=4h comp=2x",
			edit: [2]string{"delivers a written destruction certificate", "provides a written certificate of destruction"}, clause: "6",
			removed: "delivers", added: "provides", lines: []string{"--- template", "+++ LLM", "@@ clause 6 @@", "-6. Certified data destruction.", "+6. Certified data destruction."}},
		{name: "一条改了措辞", text: "起草 sla 供应商=酷算云 响应=30分钟 更换=4小时 故障=4小时 赔偿=2倍",
			edit: [2]string{"并出具书面销毁证明", "并提供书面的销毁证明"}, clause: "6", removed: "出具", added: "提供",
			lines: []string{"--- 模板", "+++ LLM", "@@ 第 6 条 @@"}},
		{name: "identical", text: "draft sla vendor=酷算云 response=30m replace=4h outage=4h comp=2x", identical: true,
			lines: []string{"identical to the template"}},
		{name: "the template", text: "draft sla vendor=酷算云 response=30m replace=4h outage=4h comp=2x", edit: [2]string{"30 minutes", "3 minutes"}, templateOnly: true},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			l, _ := fakeLLM(t, 2*time.Second, func(req llmtest.Request) llmtest.Response {
				ref := llmtest.Reference(req.User())
				if r.edit[0] != "" {
					if !strings.Contains(ref, r.edit[0]) {
						t.Errorf("%q is not in the template", r.edit[0])
					}
					ref = strings.ReplaceAll(ref, r.edit[0], r.edit[1])
				}
				return llmtest.Reply(ref)
			})
			rep := handle(router(Options{LLM: l}), r.text, true)
			d := data(rep)
			changes, _ := d["changes"].([]prompts.Change)
			if r.templateOnly {
				if d["source"] != "template" || rep.Redline != nil || len(changes) != 0 {
					t.Fatalf("a template draft has no redline: source %v, redline %+v, changes %v", d["source"], rep.Redline, changes)
				}
				return
			}
			if d["source"] != "llm" || rep.Redline == nil || d["identical"] != r.identical {
				t.Fatalf("source %v, redline %+v, identical %v; want llm, a redline, identical %v", d["source"], rep.Redline, d["identical"], r.identical)
			}
			if r.identical != (len(changes) == 0) || len(rep.Redline.Changes) != len(changes) {
				t.Fatalf("changes %+v, redline %+v", changes, rep.Redline)
			}
			if !r.identical {
				c := changes[0]
				if len(changes) != 1 || c.Clause != r.clause || !strings.Contains(c.Removed, r.removed) || !strings.Contains(c.Added, r.added) {
					t.Errorf("changes %+v: want one in clause %s, %q removed, %q added", changes, r.clause, r.removed, r.added)
				}
				if strings.Contains(c.Removed, "Certified") || strings.Contains(c.Added, "数据销毁") {
					t.Errorf("change %+v holds words that did not change", c)
				}
			}
			written := rep.Facts[0].Value
			if r.identical != strings.Contains(written, "identical to it") || !r.identical && !strings.Contains(written, "1 line") && !strings.Contains(written, "1 行") {
				t.Errorf("written by %q: want it to say identical (%v) or how many lines changed", written, r.identical)
			}
			txt := chat.RenderText(rep)
			for _, want := range r.lines {
				if !strings.Contains(txt, want) {
					t.Errorf("the terminal text lacks %q:\n%s", want, txt)
				}
			}
			if js := string(chat.RenderJSON(rep)); !strings.Contains(js, `"changes": [`) {
				t.Errorf("JSON lacks changes:\n%s", js)
			}
		})
	}
}
