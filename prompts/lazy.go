package prompts

import (
	"regexp"
	"sync"
)

// Nothing in this package is compiled or parsed at package init: the chat
// functions link it but most cold starts answer a command that never drafts,
// and at a 128 MB Lambda's CPU share every millisecond of init costs about
// thirteen of wall time. The templates, the regular expressions and the
// lexicon's index and the word sets are built on first use, once; tests use every one of them,
// so a pattern or template that does not compile still fails the tests.

// lazyRegexp returns a function that compiles src on its first call and
// returns the same *regexp.Regexp after.
func lazyRegexp(src string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(src) })
}

// lazyWords returns a function that builds the set of the words of s (split
// at spaces) on its first call and returns the same set after.
func lazyWords(s string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool { return wordSet(s) })
}
