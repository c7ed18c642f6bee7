package billing

import "gpuadvisor/advisor"

// formatNum writes a number for people: at most two decimals, no trailing
// zeros, thousands separated by commas (the same form as the chat layer's).
func formatNum(v float64) string { return advisor.Group(v) }

// hoursList writes card hours compactly (advisor.Compact).
func hoursList(hours []float64) string { return advisor.Compact(hours) }
