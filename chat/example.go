package chat

// Example returns the command's first example in lang: for Chinese the first
// example with Chinese in it, for English the first without; else the first.
func (c *Command) Example(lang Lang) string {
	if c == nil || len(c.Examples) == 0 {
		return ""
	}
	for _, e := range c.Examples {
		if HasHan(e) == (lang == ZH) {
			return e
		}
	}
	return c.Examples[0]
}
