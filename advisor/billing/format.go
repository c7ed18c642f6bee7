package billing

import (
	"strconv"
	"strings"
)

// formatNum writes a number for people: at most two decimals, no trailing
// zeros, thousands separated by commas (the same form as the chat layer's).
func formatNum(v float64) string {
	neg := v < 0
	if neg {
		v = -v
	}
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	if neg && s != "0" {
		b.WriteByte('-')
	}
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if frac != "" {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// hoursList writes card hours compactly: one value when all cards agree, the
// list for a few cards, the range for many.
func hoursList(hours []float64) string {
	if len(hours) == 0 {
		return "0"
	}
	lo, hi := hours[0], hours[0]
	for _, h := range hours {
		lo, hi = min(lo, h), max(hi, h)
	}
	switch {
	case lo == hi:
		return formatNum(lo)
	case len(hours) <= 8:
		parts := make([]string, len(hours))
		for i, h := range hours {
			parts[i] = formatNum(h)
		}
		return strings.Join(parts, ", ")
	}
	return formatNum(lo) + "–" + formatNum(hi)
}
