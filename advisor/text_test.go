package advisor

import "testing"

func TestTextIn(t *testing.T) {
	calls := 0
	lazy := LazyText(func() Text { calls++; return Text{EN: "cards", ZH: "卡"} })
	for _, tc := range []struct {
		lang, want string
	}{
		{"zh", "卡"},
		{"en", "cards"},
		{"", "cards"}, // anything but zh reads English
		{"ZH", "cards"},
	} {
		if got := (Text{EN: "cards", ZH: "卡"}).In(tc.lang); got != tc.want {
			t.Errorf("Text.In(%q) = %q, want %q", tc.lang, got, tc.want)
		}
		if got := lazy.In(tc.lang); got != tc.want {
			t.Errorf("LazyText.In(%q) = %q, want %q", tc.lang, got, tc.want)
		}
	}
	if calls != 4 {
		t.Errorf("the lazy wording was written %d times for 4 reads, want 4 (once per read: sync.OnceValue is the caller's)", calls)
	}
}
