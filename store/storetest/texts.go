package storetest

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"gpuadvisor/store"
)

// RunTexts runs the store.Texts contract against a fresh Texts per test.
// Run includes it.
func RunTexts(t *testing.T, newTexts func(t *testing.T) store.Texts) {
	t.Helper()
	run(t, newTexts, []test[store.Texts]{
		{"a kept text reads back byte for byte, under its own key only", testTextRoundTrip},
		{"keeping a key again replaces its text; a dropped key reads as gone", testTextReplaceDrop},
		{"a bad key or a text over MaxText is refused and nothing is kept", testTextRefused},
		{"a kept text reads as gone once its ttl has passed", testTextExpiry},
		{"concurrent keeps of one key: one whole text wins", testTextConcurrent},
	})
}

// LongText is a vendor's answer of about n characters (Chinese and
// English mixed, as pasted from a chat), for tests of texts too long for a
// modal.
func LongText(n int) string {
	const line = "Q3 NVLink: yes, 8× A100 80GB SXM4 per node, NVSwitch 全互联; 7×24 support 中文支持, 4h on-site.\n"
	r := []rune(strings.Repeat(line, n/len([]rune(line))+1))
	return string(r[:n])
}

func mustKeep(t *testing.T, s store.Texts, key, text string, ttl time.Duration) {
	t.Helper()
	if err := s.KeepText(ctx, key, text, ttl); err != nil {
		t.Fatalf("KeepText(%s): %v", key, err)
	}
}

// kept is KeptText(key), failing on any error but ErrNotFound; ok false
// means not found.
func kept(t *testing.T, s store.Texts, key string) (string, bool) {
	t.Helper()
	got, err := s.KeptText(ctx, key)
	if errors.Is(err, store.ErrNotFound) {
		return "", false
	}
	if err != nil {
		t.Fatalf("KeptText(%s): %v", key, err)
	}
	return got, true
}

func testTextRoundTrip(t *testing.T, s store.Texts) {
	long := LongText(40000) // Slack's longest message text
	if len(long) > store.MaxText {
		t.Fatalf("the sample is %d bytes, more than MaxText %d", len(long), store.MaxText)
	}
	cases := []struct{ name, key, text string }{
		{"40,000 characters", "slack:T1:U1:a1", long},
		{"another user's key", "slack:T1:U2:a1", "short, " + "其它"},
		{"another tenant's key", "slack:T2:U1:a1", "x"},
		{"empty text", "slack:T1:U1:empty", ""},
		{"the longest text", "slack:T1:U1:max", strings.Repeat("a", store.MaxText)},
		{"the longest key", strings.Repeat("k", store.MaxTextKey), "y"},
	}
	for _, tt := range cases {
		mustKeep(t, s, tt.key, tt.text, time.Hour)
	}
	for _, tt := range cases {
		if got, ok := kept(t, s, tt.key); !ok || got != tt.text {
			t.Errorf("%s: read back %d bytes (found %v), want the %d kept", tt.name, len(got), ok, len(tt.text))
		}
	}
	if _, ok := kept(t, s, "slack:T1:U1:never"); ok {
		t.Errorf("a key never kept was found")
	}
}

func testTextReplaceDrop(t *testing.T, s store.Texts) {
	mustKeep(t, s, "k1", "the message", time.Hour)
	mustKeep(t, s, "k2", "another", time.Hour)
	mustKeep(t, s, "k1", "checklist check vendor=Acme\nthe message", time.Hour)
	if got, _ := kept(t, s, "k1"); got != "checklist check vendor=Acme\nthe message" {
		t.Errorf("after a second keep k1 reads %q, want the second text", got)
	}
	if err := s.DropText(ctx, "k1"); err != nil {
		t.Fatalf("DropText: %v", err)
	}
	if got, ok := kept(t, s, "k1"); ok {
		t.Errorf("a dropped key reads %q, want not found", got)
	}
	if got, _ := kept(t, s, "k2"); got != "another" {
		t.Errorf("dropping k1 changed k2: %q", got)
	}
	if err := s.DropText(ctx, "k1"); err != nil {
		t.Errorf("dropping a key twice: %v, want no error", err)
	}
	if err := s.DropText(ctx, "never"); err != nil {
		t.Errorf("dropping an unknown key: %v, want no error", err)
	}
}

func testTextRefused(t *testing.T, s store.Texts) {
	for _, tt := range []struct{ name, key, text string }{
		{"empty key", "", "x"},
		{"key with NUL", "a\x00b", "x"},
		{"key too long", strings.Repeat("k", store.MaxTextKey+1), "x"},
		{"text too long", "big", strings.Repeat("a", store.MaxText+1)},
	} {
		if err := s.KeepText(ctx, tt.key, tt.text, time.Hour); err == nil {
			t.Errorf("%s: kept, want an error", tt.name)
		}
	}
	if _, ok := kept(t, s, "big"); ok {
		t.Errorf("a refused text was kept")
	}
}

func testTextExpiry(t *testing.T, s store.Texts) {
	mustKeep(t, s, "short", "gone soon", time.Second)
	mustKeep(t, s, "long", "still here", time.Hour)
	mustKeep(t, s, "renewed", "first", time.Second)
	mustKeep(t, s, "renewed", "second", time.Hour) // a keep again sets a new expiry
	if got, ok := kept(t, s, "short"); !ok || got != "gone soon" {
		t.Fatalf("a one-second text reads %q (found %v) at once, want it", got, ok)
	}
	// whole seconds (DynamoDB's TTL is epoch seconds): after two seconds
	// the one-second text is gone
	time.Sleep(2100 * time.Millisecond)
	if got, ok := kept(t, s, "short"); ok {
		t.Errorf("a text past its ttl reads %q, want not found", got)
	}
	if got, _ := kept(t, s, "long"); got != "still here" {
		t.Errorf("a text within its ttl reads %q, want it", got)
	}
	if got, _ := kept(t, s, "renewed"); got != "second" {
		t.Errorf("a text kept again reads %q, want the second with its hour", got)
	}
	// an expired key is kept again as new
	mustKeep(t, s, "short", "again", time.Hour)
	if got, _ := kept(t, s, "short"); got != "again" {
		t.Errorf("an expired key kept again reads %q, want again", got)
	}
}

func testTextConcurrent(t *testing.T, s store.Texts) {
	texts := []string{LongText(5000), strings.Repeat("b", 9000), "short"}
	var wg sync.WaitGroup
	for i := range 9 {
		wg.Go(func() {
			if err := s.KeepText(ctx, "race", texts[i%len(texts)], time.Hour); err != nil {
				t.Errorf("KeepText: %v", err)
			}
		})
	}
	wg.Wait()
	got, _ := kept(t, s, "race")
	for _, w := range texts {
		if got == w {
			return
		}
	}
	t.Errorf("after concurrent keeps the key reads %d bytes, none of the texts kept", len(got))
}
