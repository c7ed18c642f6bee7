package billing

import (
	"fmt"
	"math"

	root "gpuadvisor/advisor"
	advisor "gpuadvisor/advisor/billing"
	"gpuadvisor/chat"
)

// view formats the numbers of one answer in the user's language and currency.
type view struct {
	lang     chat.Lang
	currency string
}

func (v view) t(en, zh string) string { return chat.T(v.lang, en, zh) }

func (v view) f(en, zh string, args ...any) string {
	return fmt.Sprintf(chat.T(v.lang, en, zh), args...)
}

// money writes an amount in the input's currency: ¥15,000, $15,000,
// 15,000 EUR; yuan when the currency was not said (the market the bot
// prices by default, as quote and tier do).
func (v view) money(x float64) string {
	switch v.currency {
	case "CNY", "":
		return "¥" + chat.Num(x)
	case "USD":
		return "$" + chat.Num(x)
	}
	return chat.Num(x) + " " + v.currency
}

// perHour writes a price per card-hour.
func (v view) perHour(x float64) string { return v.money(x) + v.t("/h", "/小时") }

// h writes hours with their unit.
func (v view) h(x float64) string { return chat.Num(x) + v.t(" h", " 小时") }

var modeNames = root.Lazy[map[advisor.Mode]root.Text]{New: func() map[advisor.Mode]root.Text {
	return map[advisor.Mode]root.Text{
		advisor.OnDemand:     {EN: "on-demand", ZH: "按需"},
		advisor.Monthly:      {EN: "monthly", ZH: "包月"},
		advisor.Spot:         {EN: "spot", ZH: "竞价"},
		advisor.YearlyPrepay: {EN: "yearly", ZH: "包年"},
	}
}}

func (v view) mode(m advisor.Mode) string {
	return chat.Name(v.lang, modeNames.Get(), m, root.Text{EN: "hybrid", ZH: "混合"})
}

// be writes a break-even in hours; one past the hours a month holds reads
// "never within a month": the cheaper option wins at any hours.
func (v view) be(x float64) string {
	if x > advisor.MonthHours {
		return v.f("never within a month (%s > %d h)", "一个月内永远达不到（%s > %d 小时）", chat.Num(x), advisor.MonthHours)
	}
	return v.h(x)
}

// cardCount writes a number of cards.
func (v view) cardCount(n int) string {
	if n == 1 {
		return v.t("1 card", "1 张卡")
	}
	return v.f("%d cards", "%d 张卡", n)
}

// card names a card by its 1-based position in the input.
func (v view) card(i int) string { return fmt.Sprintf("#%d", i+1) }

// hoursOf writes the hours of the given cards compactly.
func (v view) hoursOf(a advisor.Advice, idx []int) string {
	hs := make([]float64, len(idx))
	for i, j := range idx {
		hs[i] = a.Cards[j].Hours
	}
	return root.Compact(hs)
}

// exact writes a rate or factor with up to four decimals (1.0375, 0.05).
func exact(x float64) string { return root.Trim(x, 4) }

// pct writes a fraction as a percentage with at most one decimal.
func pct(x float64) string { return chat.Num(math.Round(x*1000)/10) + "%" }

// round2 rounds for JSON: money to cents, hours to hundredths.
func round2(x float64) float64 { return math.Round(x*100) / 100 }

// upperFirst capitalises the first letter of an English sentence.
func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
