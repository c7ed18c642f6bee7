// Package vendor joins, per GPU vendor, what a team has collected about it
// (the checklist check of its sales replies, its prices, its contract) and
// decides which vendor to rent from: the stage each is at, what is still
// unknown, the deal-breakers that rule one out for the team's job, the next
// step, and a recommendation with its reasons. Everything here is a pure
// function of the evidence; the vendor command loads and renders it.
package vendor

import (
	"strings"
	"unicode"
)

// Key is the name a vendor is known by, folded so that the ways people
// type one name are one vendor: case, full-width letters and digits,
// spaces and the usual separators ("酷算 云", "酷算云", "ＡｃｍｅＧＰＵ",
// "acme-gpu" and "Acme GPU" are two keys: 酷算云 and acmegpu).
func Key(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E: // full-width ASCII
			r -= 0xFEE0
		case r == 0x3000: // ideographic space
			r = ' '
		}
		if unicode.IsSpace(r) || strings.ContainsRune("-_.·・,，、/", r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// Same reports whether a and b name the same vendor.
func Same(a, b string) bool { return Key(a) != "" && Key(a) == Key(b) }
