package price

import (
	"fmt"
	"strings"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/chat"
)

// money writes a per-card price with its currency, or "-" when not quoted.
func money(v float64, currency string) string {
	if v == 0 {
		return "-"
	}
	if currency == "CNY" || currency == "" {
		return "¥" + chat.Num(v)
	}
	return chat.Num(v) + " " + currency
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func vendorSuffix(lang chat.Lang, vendor string) string {
	if vendor == "" {
		return ""
	}
	return chat.T(lang, " at ", "，") + vendor
}

// priceFacts are an entry's prices as label/value facts, those quoted only.
func priceFacts(lang chat.Lang, e pricebook.Entry) []chat.Fact {
	var out []chat.Fact
	for _, f := range []struct {
		en, zh string
		v      float64
	}{{"On-demand per card-hour", "按需（每卡每小时）", e.OnDemand}, {"Monthly per card", "包月（每卡）", e.Monthly}, {"Spot per card-hour", "竞价（每卡每小时）", e.Spot}} {
		if f.v > 0 {
			out = append(out, chat.Fact{Label: chat.T(lang, f.en, f.zh), Value: money(f.v, e.Currency)})
		}
	}
	out = append(out, chat.Fact{Label: chat.T(lang, "Quoted on", "报价日期"), Value: e.Date})
	if e.Note != "" {
		out = append(out, chat.Fact{Label: chat.T(lang, "Note", "备注"), Value: e.Note})
	}
	return out
}

// assumedNotes say what a forgiving card name left open and was filled in.
func assumedNotes(lang chat.Lang, m catalog.GPUMatch) []string {
	var out []string
	for _, a := range m.Assumed {
		what := map[string][2]string{"memory": {"memory", "显存"}, "form": {"form factor", "形态"}}[a.Field]
		out = append(out, fmt.Sprintf(chat.T(lang, "gpu= did not say the %s: saved as %s (%s). If that is not the card quoted, remove it and give the full name.",
			"显卡= 没写%s：按 %s 保存（%s）。如不是所报的卡，请删除后写全型号。"), chat.T(lang, what[0], what[1]), strings.ToUpper(a.Value), m.GPU.Name))
	}
	return out
}
