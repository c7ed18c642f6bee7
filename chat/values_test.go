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
