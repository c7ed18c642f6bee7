package prompts

import (
	"context"
	"strings"
	"testing"
)

// draftCases are the golden template drafts: every kind, the clause and
// advice variants.
func draftCases(lang string) map[string]func() (job, error) {
	q := questionsEN
	if lang == ZH {
		q = questionsZH
	}
	return map[string]func() (job, error){
		"sla": func() (job, error) { return slaTerms.job(lang) },
		"sla_no_migration": func() (job, error) {
			t := slaTerms
			t.Migration, t.Destruction = false, false
			return t.job(lang)
		},
		"questions":         func() (job, error) { return q.job(lang) },
		"renewal_downgrade": func() (job, error) { return renewalTerms.job(lang) },
		"renewal_keep": func() (job, error) {
			r := renewalTerms
			r.Hours, r.Action, r.OnDemandCost, r.AdvisedCost, r.Savings = []float64{520}, "keep", 520*35*8, 120000, 0
			r.Deadline = ""
			return r.job(lang)
		},
		"renewal_hybrid": func() (job, error) {
			r := renewalTerms
			r.Cards, r.Hours, r.Action = 2, []float64{600, 100}, "hybrid"
			r.MonthlyTotal, r.OnDemandCost, r.AdvisedCost = 30000, 700*35, 15000+100*35
			r.Savings = r.MonthlyTotal - r.AdvisedCost
			return r.job(lang)
		},
	}
}

// TestTemplateDraftsGolden renders every template draft in both languages
// through a Service with no LLM.
func TestTemplateDraftsGolden(t *testing.T) {
	s := &Service{} // no LLM: templates only
	for _, lang := range []string{EN, ZH} {
		for name, mk := range draftCases(lang) {
			t.Run(name+"_"+lang, func(t *testing.T) {
				j, err := mk()
				if err != nil {
					t.Fatal(err)
				}
				d, err := s.write(context.Background(), j)
				if err != nil {
					t.Fatal(err)
				}
				if d.Source != SourceTemplate || d.Reason == nil || d.Reason.Code != ReasonNotConfigured {
					t.Errorf("path = %s, want template (not_configured)", d)
				}
				// A template draft passes its own checks: a model that copied it
				// verbatim would be accepted.
				if r := j.check(d.Text, ""); r != nil {
					t.Errorf("the template draft fails its own check %s (%s)", r.Check, r.Value)
				}
				golden(t, "draft_"+name+"."+lang+".golden", d.Text+"\n")
			})
		}
	}
}

// TestPromptsGolden renders the prompt sent to the LLM for each draft, with a
// fixed delimiter, so a reviewer reads exactly what the model sees.
func TestPromptsGolden(t *testing.T) {
	for _, lang := range []string{EN, ZH} {
		q := questionsEN
		if lang == ZH {
			q = questionsZH
		}
		jobs := map[string]func() (job, error){
			"sla":       func() (job, error) { return slaTerms.job(lang) },
			"questions": func() (job, error) { return q.job(lang) },
			"renewal":   func() (job, error) { return renewalTerms.job(lang) },
		}
		for name, mk := range jobs {
			t.Run(name+"_"+lang, func(t *testing.T) {
				j, err := mk()
				if err != nil {
					t.Fatal(err)
				}
				tag, open, close, err := delimiter(zeroReader{})
				if err != nil {
					t.Fatal(err)
				}
				p, err := j.prompt(tag, open, close)
				if err != nil {
					t.Fatal(err)
				}
				if name == "questions" {
					// the vendor text comes after the instructions, inside the markers
					iOpen, iData, iRules := strings.Index(p.User, open), strings.Index(p.User, "高配主机，万兆内网"), strings.Index(p.User, "REFERENCE DRAFT")
					if lang == ZH {
						iRules = strings.Index(p.User, "参考草稿")
					}
					if iOpen < 0 || iData < iOpen || iRules > iOpen || !strings.Contains(p.User[iData:], close) {
						t.Errorf("vendor text is not quoted after the instructions:\n%s", p.User)
					}
				}
				golden(t, "prompt_"+name+"."+lang+".golden", "## system\n"+p.System+"\n\n## user\n"+p.User+"\n")
			})
		}
	}
}

func TestAskPromptGolden(t *testing.T) {
	specs := []CommandSpec{
		{Name: "tier", Summary: "GPU tier and card count for a model", Keys: []KeySpec{
			{Name: "model", Example: "qwen2.5-14b", Help: "model preset"},
			{Name: "mode", Example: "lora", Help: "full, lora, qlora or infer"},
		}, Examples: []string{"tier model=qwen2.5-14b mode=lora seq=4096"}},
		{Name: "billing", Summary: "on-demand vs monthly vs spot", Keys: []KeySpec{
			{Name: "ondemand", Example: "35", Help: "on-demand price per card-hour"},
			{Name: "monthly", Example: "15000"},
			{Name: "hours", Example: "300"},
		}},
	}
	for _, lang := range []string{EN, ZH} {
		tag, open, close, _ := delimiter(zeroReader{})
		p, err := askPrompt(lang, "我们要微调 qwen2.5 14b，每天跑8小时，A100按需35一小时", specs, tag, open, close)
		if err != nil {
			t.Fatal(err)
		}
		if !p.JSON || !strings.Contains(strings.ToLower(p.System), "json") {
			t.Errorf("ask prompt must use JSON mode and say json (DeepSeek requires the word): JSON=%v", p.JSON)
		}
		golden(t, "prompt_ask."+lang+".golden", "## system\n"+p.System+"\n\n## user\n"+p.User+"\n")
	}
}
