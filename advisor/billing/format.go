package billing

import (
	"strings"

	"gpuadvisor/advisor"
)

// formatNum writes a number for people: at most two decimals, no trailing
// zeros, thousands separated by commas (the same form as the chat layer's).
func formatNum(v float64) string { return advisor.Group(v) }

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
