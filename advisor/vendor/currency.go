package vendor

import (
	"maps"
	"slices"
	"strings"

	"gpuadvisor/advisor"
)

// Yuan is the currency costs are compared in: the team's prices default to
// it, and the reference prices that fill gaps are in it.
const Yuan = "CNY"

// Currency is the ISO 4217 code of a price's currency: "" and RMB are yuan
// (a price typed without a sign is in yuan).
func Currency(c string) string {
	switch c = strings.ToUpper(strings.TrimSpace(c)); c {
	case "", "RMB", "CNH":
		return Yuan
	}
	return c
}

// Rates are the exchange rates the team gave: yuan for one unit of each
// currency (USD 7.2: one dollar is ¥7.2). None is ever assumed: prices in
// a currency without a rate are not compared with prices in yuan.
type Rates map[string]float64

// toYuan converts v in cur to yuan; ok is false when cur is not yuan and
// no rate for it was given.
func (r Rates) toYuan(v float64, cur string) (float64, bool) {
	cur = Currency(cur)
	if cur == Yuan {
		return v, true
	}
	if x := r[cur]; x > 0 {
		return v * x, true
	}
	return 0, false
}

// Currencies are the different currencies of the priced columns, in the
// order first seen.
func Currencies(cs []Column) []string {
	var out []string
	for _, c := range cs {
		if c.Priced && !slices.Contains(out, c.Currency) {
			out = append(out, c.Currency)
		}
	}
	return out
}

// rateText writes the rates used: "1 USD = ¥7.2".
func rateText(r Rates, used []string) advisor.Text {
	var en, zh []string
	for _, cur := range slices.Sorted(maps.Keys(r)) {
		if !slices.Contains(used, cur) {
			continue
		}
		s := "1 " + cur + " = ¥" + advisor.Group(r[cur])
		en, zh = append(en, s), append(zh, s)
	}
	return advisor.Text{EN: strings.Join(en, ", "), ZH: strings.Join(zh, "，")}
}

// money writes an amount with its currency: ¥8,000 for CNY, $8,000 for
// USD, "8,000 EUR" otherwise.
func money(v float64, cur string) string {
	switch Currency(cur) {
	case Yuan:
		return "¥" + advisor.Group(roundMoney(v))
	case "USD":
		return "$" + advisor.Group(roundMoney(v))
	}
	return advisor.Group(roundMoney(v)) + " " + Currency(cur)
}

// roundMoney keeps cents under 100 and whole units above: ¥0.35 a GB, but
// ¥48,000 a month.
func roundMoney(v float64) float64 {
	if v < 100 && v > -100 {
		return float64(int64(v*100+copysignHalf(v))) / 100
	}
	return float64(int64(v + copysignHalf(v)))
}

func copysignHalf(v float64) float64 {
	if v < 0 {
		return -0.5
	}
	return 0.5
}

// Money writes an amount as the comparison does (¥8,000).
func Money(v float64, cur string) string { return money(v, cur) }
