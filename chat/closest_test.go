package chat

import "testing"

func TestClosest(t *testing.T) {
	keys := []string{"ondemand", "od", "monthly", "hours", "h", "cards", "spot"}
	tests := []struct {
		in, want string
	}{
		{"ondemnd", "ondemand"},
		{"monthy", "monthly"},
		{"hous", "hours"},
		{"crads", "cards"},
		{"foo", ""},    // two edits of a three-letter word is another word, not a typo of "od"
		{"colour", ""}, // nothing close
		{"xy", ""},
	}
	for _, tt := range tests {
		if got := Closest(tt.in, keys); got != tt.want {
			t.Errorf("Closest(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := Closest("计废", []string{"计费", "报价"}); got != "计费" {
		t.Errorf("Closest(计废) = %q, want 计费", got)
	}
	if got := Closest("biling", []string{"billing", "tier"}); got != "billing" {
		t.Errorf("Closest(biling) = %q, want billing", got)
	}
}
