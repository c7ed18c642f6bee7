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
	var buf [64]byte
	return string(appendTrim(buf[:0], v, prec))
}

// appendTrim appends Trim(v, prec) to b without allocating.
func appendTrim(b []byte, v float64, prec int) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return append(b, '?')
	}
	start := len(b)
	b = strconv.AppendFloat(b, v, 'f', prec, 64)
	if prec > 0 {
		for b[len(b)-1] == '0' {
			b = b[:len(b)-1]
		}
		if b[len(b)-1] == '.' {
			b = b[:len(b)-1]
		}
	}
	if string(b[start:]) == "-0" {
		b = append(b[:start], '0')
	}
	return b
}

// Plain writes v with at most two decimals and no thousands separators (for
// figures that sit next to versions and bus ids).
func Plain(v float64) string { return Trim(v, 2) }

// Group writes v with at most two decimals and thousands separated by commas.
// It allocates only the result: replies format dozens of numbers.
func Group(v float64) string {
	var buf [64]byte
	s := appendTrim(buf[:0], v, 2)
	neg := len(s) > 0 && s[0] == '-'
	digits := s
	if neg {
		digits = s[1:]
	}
	intLen := len(digits)
	for i, c := range digits {
		if c == '.' {
			intLen = i
			break
		}
	}
	if intLen <= 3 {
		return string(s)
	}
	var out [96]byte
	o := out[:0]
	if neg {
		o = append(o, '-')
	}
	for i := 0; i < intLen; i++ {
		if i > 0 && (intLen-i)%3 == 0 {
			o = append(o, ',')
		}
		o = append(o, digits[i])
	}
	o = append(o, digits[intLen:]...)
	return string(o)
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
