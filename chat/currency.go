package chat

import "strings"

// currencies are the ISO 4217 codes a currency= key takes, with the words
// and signs people type for them: the codes of the markets teams rent GPUs
// in. A code outside the list is refused by name, never taken on trust
// (currency=xyz is a typo, not a currency).
var currencies = []struct {
	code  string
	words []string
}{
	{"CNY", []string{"rmb", "cnh", "元", "人民币", "¥", "￥", "yuan", "块"}},
	{"USD", []string{"$", "us$", "美元", "美金", "dollar", "dollars"}},
	{"EUR", []string{"€", "欧元", "euro", "euros"}},
	{"HKD", []string{"hk$", "港币", "港元"}},
	{"JPY", []string{"日元", "円", "yen"}},
	{"GBP", []string{"£", "英镑", "pound"}},
	{"SGD", []string{"s$", "新加坡元", "新币"}},
	{"KRW", []string{"₩", "韩元", "won"}},
	{"TWD", []string{"nt$", "新台币", "台币"}},
	{"AUD", []string{"a$", "澳元"}},
	{"CAD", []string{"c$", "加元"}},
	{"CHF", []string{"瑞士法郎"}},
	{"INR", []string{"₹", "卢比"}},
	{"MYR", []string{"令吉", "马币"}},
	{"THB", []string{"泰铢"}},
	{"AED", []string{"迪拉姆"}},
}

// CurrencyCode reads a currency as typed (CNY, usd, 人民币, ¥, $, 欧元)
// as its ISO 4217 code; ok is false for anything else.
func CurrencyCode(raw string) (code string, ok bool) {
	s := strings.ToLower(strings.TrimSpace(Normalize(raw)))
	for _, c := range currencies {
		if s == strings.ToLower(c.code) {
			return c.code, true
		}
		for _, w := range c.words {
			if s == w {
				return c.code, true
			}
		}
	}
	return "", false
}

// CurrencyCodes lists the codes CurrencyCode reads, for the message that
// refuses another: "CNY, USD, EUR, …".
func CurrencyCodes(lang Lang) string {
	out := make([]string, len(currencies))
	for i, c := range currencies {
		out[i] = c.code
	}
	return strings.Join(out, T(lang, ", ", "、"))
}

// CurrencyOf is the currency a money value was typed in, from its sign or
// word ($2.5, 2.5美元, ¥35, 35元, 3 EUR), "" when it does not say.
func CurrencyOf(raw string) string {
	s := strings.ToLower(Normalize(raw))
	switch {
	case strings.Contains(s, "hk$") || strings.Contains(s, "港币") || strings.Contains(s, "港元") || strings.Contains(s, "hkd"):
		return "HKD"
	case strings.Contains(s, "$") || strings.Contains(s, "usd") || strings.Contains(s, "美元") || strings.Contains(s, "美金"):
		return "USD"
	case strings.Contains(s, "€") || strings.Contains(s, "eur") || strings.Contains(s, "欧元"):
		return "EUR"
	case strings.ContainsAny(s, "¥￥元") || strings.Contains(s, "rmb") || strings.Contains(s, "cny") || strings.Contains(s, "人民币"):
		return "CNY"
	}
	return ""
}

// InYuan is the error for the first of keys typed in a currency other than
// yuan (price=$1500, ondemand=2美元), for a command that keeps its prices in
// yuan: the amount would otherwise be stored as yuan, silently. nil when
// every one given is in yuan or says no currency.
func (a *Args) InYuan(keys ...string) *Error {
	for _, key := range keys {
		raw, ok := a.pairs[key]
		if !ok {
			continue
		}
		if c := CurrencyOf(raw); c != "" && c != "CNY" {
			return Invalidf(a.lang, key, a.keyExample(key), "%s=%s is in %s: these prices are kept in yuan (¥, 元); convert it at your rate and write it like %s",
				"%s=%s 是 %s：这里的价格按人民币（¥、元）记录；请按汇率换算后写成 %s", a.Name(key), Shown(raw), T(a.lang, c, currencyWord(c)), a.keyExample(key))
		}
	}
	return nil
}

// currencyWord is a currency's Chinese name (美元 for USD), its code when
// the table has none.
func currencyWord(code string) string {
	for _, c := range currencies {
		if c.code != code {
			continue
		}
		for _, w := range c.words {
			if HasHan(w) {
				return w
			}
		}
	}
	return code
}
