package chat

import "testing"

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

// Normalize copies runs of ASCII whole and folds everything else rune by
// rune: the result is the same wherever the runs start and end.
func TestNormalizeRuns(t *testing.T) {
	for in, want := range map[string]string{
		"":                         "",
		"tier model=qwen2.5-7b":    "tier model=qwen2.5-7b",
		"a\tb":                     "a b",
		"\t":                       " ",
		"模型＝ｑｗｅｎ，卡数＝８":             "模型=qwen 卡数=8",
		"x「y」z":                    `x"y"z`,
		"a\u3000b\u00a0c、d。e":      "a b c d e",
		"‘q’—－":                    "'q'--",
		"abc\xffdef":               "abcdef",
		"价格 35元/时\t按需":             "价格 35元/时 按需",
		"ascii then 中文 then ascii": "ascii then 中文 then ascii",
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

// A quoted value is copied whole when valid, and an invalid byte inside
// quotes is read as U+FFFD, as outside them.
func TestTokenizeQuotedRuns(t *testing.T) {
	for in, want := range map[string]Token{
		`vendor="Ku Suan Yun"`: {Key: "vendor", Value: "Ku Suan Yun", quoted: true},
		`"a b"`:                {Word: "a b", quoted: true},
		"\"a\xffb\"":           {Word: "a\uFFFDb", quoted: true},
		`k="酷算 云"`:             {Key: "k", Value: "酷算 云", quoted: true},
		`pre"fix mid"post`:     {Word: "prefix midpost", quoted: true},
		`x="{\"a\": 1}"`:       {Key: "x", Value: `{\a\: 1}`, quoted: true},
	} {
		toks := Tokenize(in)
		if len(toks) != 1 || toks[0] != want {
			t.Errorf("Tokenize(%q) = %+v, want [%+v]", in, toks, want)
		}
	}
}

// Words changed by a quote or an invalid byte are written one after the
// other into one buffer and become one string: each token still gets its
// own word, key and value, wherever it stands among unchanged ones.
func TestTokenizeChangedWords(t *testing.T) {
	in := "k=\"a b\" w \"c d\" x=1 v=\"p\xffq\" \xffz=9; \"m n\"=o tail\n\"{\"hidden_size\": 4096,\""
	want := []Token{
		{Key: "k", Value: "a b", quoted: true}, {Word: "w"}, {Word: "c d", quoted: true}, {Key: "x", Value: "1"},
		{Key: "v", Value: "p\uFFFDq", quoted: true}, {Key: "\uFFFDz", Value: "9"}, {Sep: true},
		{Word: "m n=o", quoted: true}, {Word: "tail"}, {Sep: true}, {Word: "{hidden_size: 4096,", quoted: true},
	}
	got := Tokenize(in)
	if len(got) != len(want) {
		t.Fatalf("Tokenize(%q) = %+v, want %+v", in, got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("token %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// Chinese digits in a row are never read as their last digit (八五 was 5,
// 三五百 500): they are refused, and 折 reads them as tenths and hundredths.
func TestChineseDigitRuns(t *testing.T) {
	for in, want := range map[string]float64{"三十五点五": 35.5, "一点五万": 15000, "一万零五百": 10500, "八点五": 8.5, "一万五": 15000} {
		if got, err := ParseValue(in, Money); err != nil || got != want {
			t.Errorf("ParseValue(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"八五", "三五百", "两三百", "15.000", "1.500"} {
		if got, err := ParseValue(in, Money); err == nil {
			t.Errorf("ParseValue(%q) = %v; want an error", in, got)
		}
	}
	for in, want := range map[string]float64{"八五折": 0.85, "打九五折": 0.95, "9折": 0.9, "8.5折": 0.85, "85折": 0.85, "八点五折": 0.85, "打八折": 0.8} {
		if got, ok := Zhe(in); !ok || got != want {
			t.Errorf("Zhe(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	if got := Normalize("折扣=百分之十五"); got != "折扣=十五%" {
		t.Errorf("Normalize(百分之十五) = %q", got)
	}
}

// A discount written as the share off reads as that share in every
// spelling; a price with a discount after it is read as both, so that the
// price paid can be said (and is never taken for the list price).
func TestDiscounts(t *testing.T) {
	for in, want := range map[string]float64{"15% off": 15, "15%off": 15, "off 15%": 15, "-15%": 15, "减15%": 15, "优惠15%": 15,
		"便宜15%": 15, "降价 15%": 15, "省15%": 15, "折扣15%": 15, "15%的折扣": 15, "15 percent off": 15, "１５％ｏｆｆ": 15} {
		if got, ok := PercentOff(in); !ok || got != want {
			t.Errorf("PercentOff(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"15%", "15", "85折", "off", "-150%", "减15元", "0% off"} {
		if got, ok := PercentOff(in); ok {
			t.Errorf("PercentOff(%q) = %v; want no discount read", in, got)
		}
	}
	for _, tt := range []struct {
		in          string
		price, paid float64
	}{
		{"35打9折", 35, 0.9},
		{"15000 85折", 15000, 0.85},
		{"35元/时(9折)", 35, 0.9},
		{"35元/时（九折）", 35, 0.9},
		{"1.5万 15% off", 15000, 0.85},
		{"¥9块打八五折", 9, 0.85},
		{"15k,九五折", 15000, 0.95},
	} {
		price, paid, ok := Discounted(tt.in)
		if !ok || price != tt.price || paid != tt.paid {
			t.Errorf("Discounted(%q) = %v, %v, %v; want %v, %v", tt.in, price, paid, ok, tt.price, tt.paid)
		}
	}
	for _, in := range []string{"35", "35元/时", "9折", "35 10折", "35打", "abc 9折"} {
		if p, d, ok := Discounted(in); ok {
			t.Errorf("Discounted(%q) = %v, %v; want no discounted price", in, p, d)
		}
	}
}
