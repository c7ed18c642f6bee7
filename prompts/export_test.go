package prompts

import (
	"context"
	"testing"
)

// WireCase is one stanza of the rewrite corpora for the wire tests
// (package prompts_test, which drive the real go-openai client).
type WireCase struct {
	Name, Job, Want string
	// Apply rewrites the template draft as the stanza says.
	Apply func(t *testing.T, text string) string
}

// WireCorpus loads testdata/rewrites.txt or benign_rewrites.txt.
func WireCorpus(t *testing.T, file string) []WireCase {
	var out []WireCase
	for _, r := range loadRewrites(t, file) {
		out = append(out, WireCase{Name: r.name, Job: r.job, Want: r.want, Apply: r.apply})
	}
	return out
}

// WireDraft writes the draft a corpus job names ("sla.en") with s, from
// the facts the package's tests use.
func WireDraft(ctx context.Context, t *testing.T, s *Service, name string) Draft {
	t.Helper()
	kind, lang := name, EN
	if k, l, ok := cutDot(name); ok {
		kind, lang = k, l
	}
	var d Draft
	var err error
	switch kind {
	case "sla":
		d, err = s.SLA(ctx, lang, slaTerms)
	case "renewal":
		d, err = s.Renewal(ctx, lang, renewalTerms)
	case "questions":
		in := questionsEN
		if lang == ZH {
			in = questionsZH
		}
		d, err = s.Questions(ctx, lang, in)
	default:
		t.Fatalf("unknown job %q", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func cutDot(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
