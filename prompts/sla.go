package prompts

import (
	"fmt"
	"strings"
)

// SLATerms are the numbers of the SLA clauses, as the user gave them (or as
// the SLA defaults of commands/draft filled them, which the caller shows).
type SLATerms struct {
	// Vendor is who the contract is with.
	Vendor string
	// ResponseMin is the 7x24 response time, in minutes.
	ResponseMin float64
	// ReplaceMin is the hardware replacement time with a standby machine, in minutes.
	ReplaceMin float64
	// OutageMin is the outage length past which compensation is due, in minutes.
	OutageMin float64
	// Comp is the compensation multiple of the order amount for the outage.
	Comp float64
	// Migration includes the migration-at-term-end clause.
	Migration bool
	// Destruction includes the certified-data-destruction clause.
	Destruction bool
}

type slaData struct {
	Vendor, Response, Replace, Outage, Comp string
}

// slaClauses lists the clauses in order, with the words that show a
// rewording kept them (any one, case-insensitive).
var slaClauses = []struct {
	name   string
	en, zh []string
	label  [2]string // en, zh
}{
	{"response", []string{"respon"}, []string{"响应"}, [2]string{"response time", "响应时间"}},
	{"replace", []string{"standby"}, []string{"备用"}, [2]string{"hardware replacement", "硬件更换"}},
	{"compensation", []string{"compensat"}, []string{"赔偿"}, [2]string{"outage compensation", "故障赔偿"}},
	{"credit", []string{"interrupt"}, []string{"中断"}, [2]string{"credit for interrupted runs", "中断任务补偿"}},
	{"migration", []string{"migrat"}, []string{"迁移"}, [2]string{"migration", "到期迁移"}},
	{"destruction", []string{"destr", "erasure"}, []string{"销毁"}, [2]string{"data destruction", "数据销毁"}},
	{"bandwidth", []string{"bandwidth"}, []string{"带宽"}, [2]string{"bandwidth", "带宽"}},
	{"upgrade", []string{"upgrad", "newer"}, []string{"升级"}, [2]string{"upgrade", "升级"}},
	{"liability", []string{"liab"}, []string{"责任"}, [2]string{"data security liability", "数据安全责任"}},
}

func (t SLATerms) job(lang string) (job, error) {
	lang = langOf(lang)
	d := slaData{
		Vendor:   t.Vendor,
		Response: duration(lang, t.ResponseMin),
		Replace:  duration(lang, t.ReplaceMin),
		Outage:   duration(lang, t.OutageMin),
		Comp:     ratio(lang, t.Comp),
	}
	j := job{
		kind:   SLA,
		lang:   lang,
		vendor: t.Vendor,
		task:   tr(lang, "the SLA clauses of a GPU rental contract", "GPU 租赁合同的 SLA 条款"),
		facts: []Fact{
			{Key: "vendor", Label: tr(lang, "Vendor", "供应商"), Value: d.Vendor},
			{Key: "response", Label: tr(lang, "Response time, 7x24", "7x24 响应时间"), Value: d.Response},
			{Key: "replace", Label: tr(lang, "Hardware replacement with a standby machine within", "备用机更换硬件时限"), Value: d.Replace},
			{Key: "outage", Label: tr(lang, "Compensation applies to a single outage longer than", "单次故障超过此时长即赔偿"), Value: d.Outage},
			{Key: "comp", Label: tr(lang, "Compensation, multiple of the order amount for the outage", "赔偿倍数（故障期间订单金额的倍数）"), Value: d.Comp},
		},
	}
	var b strings.Builder
	part := func(name string) (string, error) { return render("sla."+lang+"."+name, d) }
	title, err := part("title")
	if err != nil {
		return job{}, err
	}
	intro, err := part("intro")
	if err != nil {
		return job{}, err
	}
	b.WriteString(title + "\n\n" + intro + "\n\n")
	n := 0
	for _, c := range slaClauses {
		if c.name == "migration" && !t.Migration || c.name == "destruction" && !t.Destruction {
			continue
		}
		text, err := part(c.name)
		if err != nil {
			return job{}, err
		}
		n++
		fmt.Fprintf(&b, "%d. %s\n", n, text)
		words := c.en
		label := c.label[0]
		if lang == ZH {
			words, label = c.zh, c.label[1]
		}
		j.topics = append(j.topics, topic{label: label, words: words})
	}
	outro, err := part("outro")
	if err != nil {
		return job{}, err
	}
	b.WriteString("\n" + outro)
	j.text = b.String()
	return j, nil
}
