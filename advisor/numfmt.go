// Number formatting: writes numbers for people, the same way in every reply:
// at most a fixed number of decimals, no trailing zeros, and (with Group)
// thousands separated by commas: 15,000; 428.57; 0.5.
package advisor

import (
	"math"
	"strconv"
	"strings"
)

// Trim writes v with at most prec decimals and no trailing zeros; -0 is 0.
func Trim(v float64, prec int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "?"
	}
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		return "0"
	}
	return s
}

// Plain writes v with at most two decimals and no thousands separators (for
// figures that sit next to versions and bus ids).
func Plain(v float64) string { return Trim(v, 2) }

// Group writes v with at most two decimals and thousands separated by commas.
func Group(v float64) string {
	s := Trim(v, 2)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	intPart, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if hasFrac {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// Compact writes a list of values (one per card, say) briefly: one value
// when all agree ("300"), the list for up to eight ("600, 500, 300"), the
// range for more ("100–720"); "0" for none.
func Compact(vs []float64) string {
	if len(vs) == 0 {
		return "0"
	}
	lo, hi := vs[0], vs[0]
	for _, v := range vs {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	switch {
	case lo == hi:
		return Group(lo)
	case len(vs) <= 8:
		parts := make([]string, len(vs))
		for i, v := range vs {
			parts[i] = Group(v)
		}
		return strings.Join(parts, ", ")
	}
	return Group(lo) + "–" + Group(hi)
}
