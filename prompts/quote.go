package prompts

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxVendorText is the most vendor text quoted into a prompt, in runes.
const maxVendorText = 8000

// delimiter returns a fresh marker pair around quoted data. The random part
// cannot be guessed by whoever wrote the data, so the data cannot close the
// quote and speak as the instructions.
func delimiter(r io.Reader) (tag, open, close string, err error) {
	if r == nil {
		r = rand.Reader
	}
	b := make([]byte, 8)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", "", "", fmt.Errorf("delimiter: %w", err)
	}
	tag = "VENDOR_DATA_" + strings.ToUpper(hex.EncodeToString(b))
	return tag, "<<" + tag + ">>", "<</" + tag + ">>", nil
}

// quoteData cleans untrusted text for quoting: valid UTF-8, no control
// characters but line breaks and tabs, at most maxVendorText runes. A text
// that somehow holds the marker loses it.
func quoteData(s, tag string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, strings.ReplaceAll(s, "\r\n", "\n"))
	if tag != "" {
		s = strings.ReplaceAll(s, tag, "")
	}
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > maxVendorText {
		s = string([]rune(s)[:maxVendorText]) + " […]"
	}
	return s
}

type promptData struct {
	Task        string
	Facts       []Fact
	Reference   string
	VendorText  string
	Open, Close string
}

// prompt builds the LLM request for a job: instructions first, then facts
// and the reference draft, and the vendor data last, quoted.
func (j job) prompt(tag, open, close string) (Prompt, error) {
	d := promptData{Task: j.task, Facts: j.facts, Reference: j.text, Open: open, Close: close}
	if strings.TrimSpace(j.vendorText) != "" {
		d.VendorText = quoteData(j.vendorText, tag)
	}
	sys, err := render("prompt."+j.lang+".system", d)
	if err != nil {
		return Prompt{}, err
	}
	user, err := render("prompt."+j.lang+".user", d)
	if err != nil {
		return Prompt{}, err
	}
	// Room for a reworded draft: Chinese runs about one token per rune,
	// English about one per four bytes; bounded either way.
	maxTok := utf8.RuneCountInString(j.text)*2 + 256
	return Prompt{System: sys, User: user, MaxTokens: min(maxTok, 4096)}, nil
}
