package chat

import (
	"strings"
	"testing"
)

// TestSpokenValues: prices and hours as people say them in Chinese are
// read, with the period their words name.
func TestSpokenValues(t *testing.T) {
	tests := []struct {
		name, in string
		kind     Kind
		want     float64
		period   Period
	}{
		{"块 an hour", "35块一小时", Money, 35, PerHour},
		{"块钱 per hour", "35块钱每小时", Money, 35, PerHour},
		{"元 an hour, 一个小时", "35元一个小时", Money, 35, PerHour},
		{"万 a month", "1.5万一个月", Money, 15000, PerMonth},
		{"块 a month", "15000块每月", Money, 15000, PerMonth},
		{"a year", "16万一年", Money, 160000, PerYear},
		{"Chinese numerals stay", "一万五", Money, 15000, NoPeriod},
		{"plain 元/时 still", "35元/时", Money, 35, PerHour},
		{"一天8个小时", "一天8个小时", Hours, 240, NoPeriod},
		{"每天8个钟", "每天8个钟", Hours, 240, NoPeriod},
		{"每天8个钟头", "每天8个钟头", Hours, 240, NoPeriod},
		{"工作日一天10小时", "工作日一天10小时", Hours, 220, NoPeriod},
		{"300个钟", "300个钟", Hours, 300, NoPeriod},
	}
	for _, tt := range tests {
		got, err := ParseValue(tt.in, tt.kind)
		if err != nil || got != tt.want {
			t.Errorf("%s: ParseValue(%q) = %v, %v; want %v", tt.name, tt.in, got, err, tt.want)
		}
		if tt.kind == Money {
			if p := PricePeriod(tt.in); p != tt.period {
				t.Errorf("%s: PricePeriod(%q) = %q, want %q", tt.name, tt.in, p, tt.period)
			}
		}
	}
	for _, bad := range []string{"35块一周", "一天30小时", "每天8个"} {
		kind := Money
		if bad != "35块一周" {
			kind = Hours
		}
		if v, err := ParseValue(bad, kind); err == nil {
			t.Errorf("ParseValue(%q) = %v; want an error", bad, v)
		}
	}
}

// TestMissingKeyInChinese: a missing key is named in the reply's language.
func TestMissingKeyInChinese(t *testing.T) {
	cmd := &Command{Name: "renewal", Keys: []Key{{Name: "price", Aliases: []string{"价格"}, Kind: Money, Example: "15000"}}, Examples: []string{"renewal add price=15000"}}
	for _, tt := range []struct {
		lang Lang
		want string
	}{{ZH, "缺少 价格，请写成 价格=15000"}, {EN, "missing price; add it as price=15000"}} {
		a, err := ArgsOf(cmd, tt.lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = a.Number("price", 0, 1e9)
		if err == nil || err.Error() == "" || !strings.Contains(err.(*Error).Message, tt.want) {
			t.Errorf("%s: got %v, want %q", tt.lang, err, tt.want)
		}
	}
}
