package chat

import "strings"

// Example returns the command's example that best fits lang: for Chinese one
// whose command word is Chinese, else one with Chinese in it; for English the
// first whose command word is English (values such as a vendor 酷算云 may be
// Chinese); else the first.
func (c *Command) Example(lang Lang) string {
	if c == nil || len(c.Examples) == 0 {
		return ""
	}
	best, bestScore := c.Examples[0], -1
	for _, e := range c.Examples {
		word, _, _ := strings.Cut(strings.TrimSpace(e), " ")
		score := 0
		switch {
		case lang == ZH && HasHan(word):
			score = 2
		case lang == ZH && HasHan(e):
			score = 1
		case lang != ZH && !HasHan(word):
			score = 2
		}
		if score > bestScore {
			best, bestScore = e, score
		}
	}
	return best
}
