package hygiene

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// The repository must be self-contained: what the code relies on is written
// down in docs/, and nothing points to a file outside the repository. This
// file checks both (see docs/README.md).

// outsideRef matches a citation of a document that is not in the repository:
// the four design notes by name, or a path that leaves the checkout.
// (the pattern spells ".md" as "[.]md" so that this file does not itself
// read as a citation to a line-based search)
var outsideRef = regexp.MustCompile(`\b(?:DOMAIN|PLATFORM|ARCHITECTURE|STYLE)[.]md\b|\.\./shared\b|/work/shared\b|\bshared/seeds\b`)

// selfFile holds the patterns above and examples of them, so it is not
// searched.
const selfFile = "internal/hygiene/docs_test.go"

// pendingOutside are files that still cite an outside document in text shown
// to users (and the golden files pinning that text); the replacement wording
// is being applied to them on another branch. Each entry must still match a
// file with such a citation, so the list shrinks to nothing as they are fixed.
var pendingOutside = []string{}

// pendingDocs are docs/ pages written on other branches at the same time as
// the comments citing them. Each must still be missing: once a page exists,
// its entry goes, and its anchors are checked like every other page's.
var pendingDocs = []string{}

// docRef matches a docs/ page cited in a comment, with its optional anchor.
var docRef = regexp.MustCompile(`(?:^|[^\w/.-])(docs/[\w./-]*\.md)(?:#([\w-]+))?`)

// mdLink matches the target of a Markdown link to a .md file.
var mdLink = regexp.MustCompile(`\]\(([^)\s#]*\.md)(?:#([^)\s]+))?\)`)

type ref struct {
	page, anchor string
}

// commentRefs returns the docs/ pages cited in the comments of a Go file.
func commentRefs(name string, src []byte) ([]ref, error) {
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var refs []ref
	for _, g := range f.Comments {
		for _, c := range g.List {
			for _, m := range docRef.FindAllStringSubmatch(c.Text, -1) {
				refs = append(refs, ref{page: strings.TrimRight(m[1], "."), anchor: m[2]})
			}
		}
	}
	return refs, nil
}

// markdownRefs returns the .md pages a Markdown file links to, resolved
// against the file's folder; links that leave the repository or carry a
// scheme are returned as they are, for the caller to refuse.
func markdownRefs(file string, src []byte) []ref {
	var refs []ref
	for _, m := range mdLink.FindAllStringSubmatch(string(src), -1) {
		target := m[1]
		if !strings.Contains(target, "://") {
			target = path.Join(path.Dir(file), target)
		}
		refs = append(refs, ref{page: target, anchor: m[2]})
	}
	return refs
}

// slug is the anchor GitHub gives a heading: lower case, punctuation
// dropped (letters, digits, "-" and "_" kept), spaces turned into "-".
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors returns the anchors of a Markdown page's headings (outside fenced
// code), numbering repeats as GitHub does: x, x-1, x-2.
func anchors(md []byte) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(string(md), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		level := len(line) - len(strings.TrimLeft(line, "#"))
		if level == 0 || level > 6 || !strings.HasPrefix(line[level:], " ") {
			continue
		}
		s := slug(line[level:])
		if n := seen[s]; n > 0 {
			out[s+"-"+itoa(n)] = true
		} else {
			out[s] = true
		}
		seen[s]++
	}
	return out
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

func TestOutsideRef(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"// the rules of DOMAIN" + ".md §2", true},
		{"PLATFORM" + ".md §3.4", true},
		{"see ARCHITECTURE" + ".md", true},
		{"(STYLE" + ".md)", true},
		{"read ../shared/notes.md", true},
		{"/work/shared/DOMAIN", true},
		{"the shared/seeds folder", true},
		{"// the rules of docs/billing.md", false},
		{"docs/architecture.md#invariants", false},
		{"MYDOMAIN" + ".md", false},
		{"../sharedlib", false},
		{"a shared seed of the fuzzer", false},
	} {
		if got := outsideRef.MatchString(tc.text); got != tc.want {
			t.Errorf("outsideRef.MatchString(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestCommentRefs(t *testing.T) {
	src := []byte(`package p

// Rules of docs/billing.md; see docs/platforms.md#feishu-sdk-root-package.
// The end of a sentence: docs/domain.md.
func f() string {
	return "docs/json.md" // a string is not a comment; docs/sub/x.md#a_b is
}

/* block: docs/architecture.md#invariants, not infra/docs/y.md */
`)
	got, err := commentRefs("p.go", src)
	if err != nil {
		t.Fatal(err)
	}
	want := []ref{
		{"docs/billing.md", ""},
		{"docs/platforms.md", "feishu-sdk-root-package"},
		{"docs/domain.md", ""},
		{"docs/sub/x.md", "a_b"},
		{"docs/architecture.md", "invariants"},
	}
	sameRefs(t, "commentRefs", got, want)
}

func TestMarkdownRefs(t *testing.T) {
	src := []byte("See [a](architecture.md#layers), [b](../README.md), [c](https://x.y/z.md), [d](docs/json.md) and [e](#local).")
	got := markdownRefs("docs/README.md", src)
	want := []ref{{"docs/architecture.md", "layers"}, {"README.md", ""}, {"https://x.y/z.md", ""}, {"docs/docs/json.md", ""}}
	sameRefs(t, "markdownRefs", got, want)
}

func sameRefs(t *testing.T, fn string, got, want []ref) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s = %v, want %v", fn, got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: ref %d = %v, want %v", fn, i, got[i], want[i])
		}
	}
}

func TestAnchors(t *testing.T) {
	md := []byte("# Platform facts\n## Slack retries and de-duplication\n### `tier`\n" +
		"```\n# not a heading\n```\n## Feishu SDK root package\n## Notes\n## Notes\n#no-space\n## response_url (5 × 30 min)\n")
	got := anchors(md)
	for _, a := range []string{"platform-facts", "slack-retries-and-de-duplication", "tier", "feishu-sdk-root-package", "notes", "notes-1", "response_url-5--30-min"} {
		if !got[a] {
			t.Errorf("anchor %q missing; got %v", a, got)
		}
	}
	for _, a := range []string{"not-a-heading", "no-space"} {
		if got[a] {
			t.Errorf("anchor %q should not exist", a)
		}
	}
}

// tracked lists the files git tracks, relative to the repository root.
func tracked(t *testing.T) (root string, files []string) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v (the test needs git and a checkout)", err)
	}
	files = strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	if len(files) < 50 {
		t.Fatalf("git ls-files listed %d files; expected the whole repository", len(files))
	}
	return root, files
}

func matchAny(patterns []string, name string) (string, bool) {
	for _, p := range patterns {
		if ok, _ := path.Match(p, name); ok {
			return p, true
		}
	}
	return "", false
}

// TestNoOutsideReferences fails when a tracked file outside docs/ cites a
// document that is not in the repository.
func TestNoOutsideReferences(t *testing.T) {
	root, files := tracked(t)
	used := map[string]bool{}
	for _, f := range files {
		if strings.HasPrefix(f, "docs/") || f == selfFile {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil || bytes.IndexByte(b[:min(len(b), 8000)], 0) >= 0 {
			continue // deleted in the work tree, or binary
		}
		m := outsideRef.Find(b)
		if m == nil {
			continue
		}
		if p, ok := matchAny(pendingOutside, f); ok {
			used[p] = true
			continue
		}
		line := 1 + bytes.Count(b[:outsideRef.FindIndex(b)[0]], []byte("\n"))
		t.Errorf("%s:%d cites %q, which is not in the repository: cite the docs/ page that holds it", f, line, m)
	}
	for _, p := range pendingOutside {
		if !used[p] {
			t.Errorf("pendingOutside lists %q, but no such file cites an outside document any more: delete the entry", p)
		}
	}
}

// TestCitedDocsExist fails when a Go comment or a Markdown link cites a
// docs/ page (or a section of one) that does not exist.
func TestCitedDocsExist(t *testing.T) {
	root, files := tracked(t)
	pages := map[string]map[string]bool{} // page -> its anchors; nil when missing
	page := func(p string) map[string]bool {
		a, ok := pages[p]
		if !ok {
			if b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p))); err == nil {
				a = anchors(b)
			}
			pages[p] = a
		}
		return a
	}
	check := func(where string, r ref) {
		if strings.Contains(r.page, "://") {
			return
		}
		if strings.HasPrefix(r.page, "..") {
			t.Errorf("%s links to %s, outside the repository", where, r.page)
			return
		}
		a := page(r.page)
		if a == nil {
			if _, ok := matchAny(pendingDocs, r.page); !ok {
				t.Errorf("%s cites %s, which does not exist", where, r.page)
			}
			return
		}
		if r.anchor != "" && !a[r.anchor] {
			t.Errorf("%s cites %s#%s, but that page has no such heading", where, r.page, r.anchor)
		}
	}
	goRefs := 0
	for _, f := range files {
		isGo, isMD := strings.HasSuffix(f, ".go"), strings.HasSuffix(f, ".md")
		if !isGo && !isMD {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			continue // deleted in the work tree
		}
		if isMD {
			for _, r := range markdownRefs(f, b) {
				check(f, r)
			}
			continue
		}
		refs, err := commentRefs(f, b)
		if err != nil {
			continue // not Go source this test can read (e.g. a template); go vet reports real errors
		}
		for _, r := range refs {
			goRefs++
			check(f, r)
		}
	}
	if goRefs == 0 {
		t.Error("no Go comment cites a docs/ page: the search is broken")
	}
	for _, p := range pendingDocs {
		if page(p) != nil {
			t.Errorf("%s exists now: delete it from pendingDocs so its anchors are checked", p)
		}
	}
}
