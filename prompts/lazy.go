package prompts

// Nothing in this package is compiled or parsed at package init: the chat
// functions link it but most cold starts answer a command that never drafts,
// and at a 128 MB Lambda's CPU share every millisecond of init costs about
// thirteen of wall time. The templates, the regular expressions, the
// lexicon's index and the word sets are advisor.Lazy values (static data
// until first use), built once on first use; tests use every one of them, so
// a pattern or template that does not compile still fails the tests.
