package prompts

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"gpuadvisor/advisor"
)

// Defaults of a Service.
const (
	// DefaultTimeout bounds one draft's LLM calls when the caller's deadline
	// is later (or absent).
	DefaultTimeout = 20 * time.Second
	// DefaultRetries is how many times a rate-limited, unavailable or empty
	// answer is retried.
	DefaultRetries = 1
	// DefaultBackoff is the pause before a retry.
	DefaultBackoff = 400 * time.Millisecond
)

// Service writes drafts. The zero value writes template drafts only.
type Service struct {
	// LLM improves the wording; nil means templates only.
	LLM LLM
	// Timeout bounds the LLM calls of one draft; the caller's deadline, when
	// earlier, wins. Zero means DefaultTimeout.
	Timeout time.Duration
	// Retries on rate limits, server errors and empty answers; negative
	// means none, zero means DefaultRetries.
	Retries int
	// Backoff is the pause before a retry; zero means DefaultBackoff.
	Backoff time.Duration
	// Rand feeds the random delimiter; nil means crypto/rand.
	Rand io.Reader
	// Log receives one line per LLM attempt (never a prompt or a body); nil
	// means slog.Default().
	Log *slog.Logger
}

// Configured reports whether an LLM is set up, so a chat command can answer
// a template-only draft at once instead of deferring it.
func (s *Service) Configured() bool {
	if s == nil || s.LLM == nil {
		return false
	}
	_, unconfigured := s.LLM.(Unconfigured)
	return !unconfigured
}

// Model names the LLM model, or "".
func (s *Service) Model() string {
	if s == nil {
		return ""
	}
	if m, ok := s.LLM.(Modeler); ok {
		return m.Model()
	}
	return ""
}

// SLA writes contract SLA clauses with the given numbers. The error is only
// ever a template failure (a bug); LLM trouble gives a template Draft with a
// Reason.
func (s *Service) SLA(ctx context.Context, lang string, t SLATerms) (Draft, error) {
	j, err := t.job(lang)
	if err != nil {
		return Draft{}, err
	}
	return s.write(ctx, j)
}

// Questions writes the e-mail to the vendor's sales asking the given items.
func (s *Service) Questions(ctx context.Context, lang string, in QuestionsInput) (Draft, error) {
	j, err := in.job(lang)
	if err != nil {
		return Draft{}, err
	}
	return s.write(ctx, j)
}

// Renewal writes the renegotiation e-mail from the renewal's numbers.
func (s *Service) Renewal(ctx context.Context, lang string, t RenewalTerms) (Draft, error) {
	j, err := t.job(lang)
	if err != nil {
		return Draft{}, err
	}
	return s.write(ctx, j)
}

func (s *Service) write(ctx context.Context, j job) (Draft, error) {
	d := Draft{Kind: j.kind, Lang: j.lang, Text: j.text, Source: SourceTemplate, Facts: j.facts, Model: s.Model()}
	if s == nil || s.LLM == nil {
		d.Reason = &Reason{Code: ReasonNotConfigured}
		return d, nil
	}
	tag, open, close, err := delimiter(s.Rand)
	if err != nil {
		return Draft{}, err
	}
	p, err := j.prompt(tag, open, close)
	if err != nil {
		return Draft{}, err
	}
	out, reason := s.complete(ctx, string(j.kind), p)
	if reason != nil {
		d.Reason = reason
		return d, nil
	}
	cand := clean(out)
	if r := j.check(cand, tag); r != nil {
		s.log().Debug("llm draft rejected", "kind", j.kind, "check", r.Check, "value", r.Value)
		d.Reason = r
		return d, nil
	}
	d.Text, d.Source, d.Changes = cand, SourceLLM, Redline(j.text, cand)
	return d, nil
}

// complete calls the LLM within the time budget, retrying what is worth
// retrying once; a nil Reason means out holds content.
func (s *Service) complete(ctx context.Context, what string, p Prompt) (string, *Reason) {
	if u, ok := s.LLM.(Unconfigured); ok {
		return "", &Reason{Code: ReasonNotConfigured, Value: u.Why}
	}
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	retries := s.Retries
	if retries == 0 {
		retries = DefaultRetries
	}
	backoff := s.Backoff
	if backoff <= 0 {
		backoff = DefaultBackoff
	}
	for attempt := 0; ; attempt++ {
		start := time.Now()
		out, err := s.LLM.Complete(ctx, p)
		if err == nil && strings.TrimSpace(clean(out)) == "" {
			err = ErrEmpty
		}
		r := reasonOf(ctx, err)
		s.log().Debug("llm call", "what", what, "attempt", attempt+1, "ms", time.Since(start).Milliseconds(), "outcome", outcome(r), "bytes", len(out))
		if r == nil {
			return out, nil
		}
		retryable := r.Code == ReasonRateLimited || r.Code == ReasonUnavailable || r.Code == ReasonEmpty
		if !retryable || attempt >= retries {
			return "", r
		}
		// the server's Retry-After, when it sent one, is the least pause;
		// when it does not fit in the time left, the template is used now
		pause := backoff
		var ra *RetryAfterError
		if errors.As(err, &ra) && ra.After > pause {
			pause = ra.After
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < pause+time.Second {
			return "", r
		}
		select {
		case <-ctx.Done():
			return "", &Reason{Code: ReasonTimeout, Detail: ctx.Err().Error()}
		case <-time.After(pause):
		}
	}
}

func outcome(r *Reason) string {
	if r == nil {
		return "ok"
	}
	return r.Code
}

// reasonOf classifies an LLM error; nil for no error.
func reasonOf(ctx context.Context, err error) *Reason {
	if err == nil {
		return nil
	}
	r := &Reason{Detail: err.Error()}
	switch {
	case errors.Is(err, ErrNotConfigured):
		r.Code = ReasonNotConfigured
	case errors.Is(err, ErrTimeout), errors.Is(err, context.DeadlineExceeded), ctx.Err() != nil:
		r.Code = ReasonTimeout
	case errors.Is(err, ErrQuota):
		r.Code = ReasonQuota
	case errors.Is(err, ErrRateLimited):
		r.Code = ReasonRateLimited
	case errors.Is(err, ErrUnavailable):
		r.Code = ReasonUnavailable
	case errors.Is(err, ErrRejected):
		r.Code = ReasonRejected
	case errors.Is(err, ErrEmpty):
		r.Code = ReasonEmpty
	default:
		r.Code = ReasonError
	}
	return r
}

func (s *Service) log() *slog.Logger {
	if s != nil && s.Log != nil {
		return s.Log
	}
	return slog.Default()
}

var (
	thinkRE   = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`(?s)<think>.*?</think>`) }}
	fenceRE   = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile("(?m)^\\s*```[a-zA-Z]*\\s*$") }}
	headingRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`(?m)^#{1,6}\s+`) }}
)

// clean removes what models add around a draft: reasoning blocks
// (<think>…</think>), code fences, Markdown bold and headings, CRLF.
func clean(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = thinkRE.Get().ReplaceAllString(s, "")
	if i := strings.Index(s, "</think>"); i >= 0 { // an unopened close tag ends the reasoning
		s = s[i+len("</think>"):]
	}
	s = fenceRE.Get().ReplaceAllString(s, "")
	s = strings.NewReplacer("**", "", "__", "").Replace(s)
	s = headingRE.Get().ReplaceAllString(s, "")
	return strings.TrimSpace(s)
}

// String describes a draft's path for logs and tests: "llm" or
// "template (check_failed: url)".
func (d Draft) String() string {
	if d.Source == SourceLLM {
		return string(SourceLLM)
	}
	if d.Reason == nil {
		return string(SourceTemplate)
	}
	if d.Reason.Check != "" {
		return fmt.Sprintf("%s (%s: %s)", SourceTemplate, d.Reason.Code, d.Reason.Check)
	}
	return fmt.Sprintf("%s (%s)", SourceTemplate, d.Reason.Code)
}
