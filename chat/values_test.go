package chat

import "testing"

func TestParseValue(t *testing.T) {
	tests := []struct {
		in   string
		kind Kind
		want float64
	}{
		{"35", Money, 35},
		{"35元/时", Money, 35},
		{"¥15,000", Money, 15000},
		{"￥15,000", Money, 15000},
		{"1.5万", Money, 15000},
		{"1.5w", Money, 15000},
		{"15k", Money, 15000},
		{"３００", Hours, 300},
		{"300小时", Hours, 300},
		{"300h", Hours, 300},
		{"7b", Count, 7e9},
		{"70B", Count, 70e9},
		{"2b", Count, 2e9},
		{"4k", Tokens, 4096},
		{"32k", Tokens, 32768},
		{"1m", Tokens, 1 << 20},
		{"8192", Tokens, 8192},
		{"10%", Percent, 10},
		{"30d", Days, 30},
		{"2w", Days, 14},
		{"30m", Minutes, 30},
		{"4h", Minutes, 240},
		{"2x", Ratio, 2},
		{"2倍", Ratio, 2},
		{"2TB", GB, 2000},
		{"-5", Hours, -5},
	}
	for _, tt := range tests {
		got, err := ParseValue(tt.in, tt.kind)
		if err != nil || got != tt.want {
			t.Errorf("ParseValue(%q, %v) = %v, %v; want %v", tt.in, tt.kind, got, err, tt.want)
		}
	}
	for _, bad := range []string{"abc", "", "1,00", "35元/吨", "NaN", "1e400"} {
		if v, err := ParseValue(bad, Money); err == nil {
			t.Errorf("ParseValue(%q) = %v, want an error", bad, v)
		}
	}
}

func TestTokenize(t *testing.T) {
	toks := Tokenize(Normalize(`计费 按需＝３５元/时，包月=1.5万 vendor="Ku Suan Yun"; B: price = 29`))
	var got []string
	for _, tk := range toks {
		switch {
		case tk.Sep:
			got = append(got, ";")
		case tk.Word != "":
			got = append(got, "w:"+tk.Word)
		default:
			got = append(got, tk.Key+"="+tk.Value)
		}
	}
	want := []string{"w:计费", "按需=35元/时", "包月=1.5万", "vendor=Ku Suan Yun", ";", "w:B:", "price=29"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
}

func TestUnclosedQuoteIsPlain(t *testing.T) {
	toks := Tokenize(`k="abc v=1`)
	if len(toks) != 2 || toks[0].Key != "k" || toks[0].Value != `"abc` || toks[1].Key != "v" || toks[1].Value != "1" {
		t.Errorf("Tokenize(k=\"abc v=1) = %+v, want k=\"abc and v=1", toks)
	}
}

func TestNoticeInMonths(t *testing.T) {
	for in, want := range map[string]float64{"1个月": 30, "2 months": 60, "3mo": 90} {
		if got, err := ParseValue(in, Days); err != nil || got != want {
			t.Errorf("ParseValue(%q, Days) = %v, %v; want %v", in, got, err, want)
		}
	}
}
