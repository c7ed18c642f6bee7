package tier

import (
	"fmt"
	"testing"

	"gpuadvisor/advisor/sizing"
)

// sprintf writes what fmt.Sprintf writes: its own verbs (%s of a string, %d
// of an int, %[n] indexes, %%) and, through fmt, everything else.
func TestSprintfIsFmt(t *testing.T) {
	for _, c := range []struct {
		format string
		args   []any
	}{
		{"%s GB of %s GB (%s)", []any{"39.66", "80", "50%"}},
		{"%d (%s)", []any{8, "ZeRO-1"}},
		{"batch %[2]d 时每条 %[1]s token", []any{"4,096", 1}},
		{"%[5]s for %[2]d, %[1]s %[3]s %[4]s", []any{"a", 2, "c", "d", "e"}},
		{"100%% of %s", []any{"x"}},
		{"%d", []any{-123456789}},
		{"no verbs", nil},
		{"trailing %", []any{"x"}},
		{"%s and %s", []any{"one"}},       // missing: fmt's %!s(MISSING)
		{"%s", []any{"one", "two"}},       // extra: fmt's %!(EXTRA ...)
		{"%[3]s", []any{"a"}},             // bad index
		{"%[x]s", []any{"a"}},             // bad index
		{"%d", []any{"not an int"}},       // wrong type
		{"%s", []any{7}},                  // wrong type
		{"%q and %.1f", []any{"q", 1.25}}, // other verbs
		{"%5s|%-3d|", []any{"ab", 7}},     // flags
		{"%s", []any{fmt.Errorf("an error")}},
		{"%[1]s %[1]s %s", []any{"a", "b"}}, // after an index, the next argument
		{"%[2]s", []any{"a", "b", "c"}},     // reordered: no EXTRA
		{"%[1]%", []any{"a"}},
		{"%s, %s, recompute=%s, %s", []any{sizing.AdamW, sizing.ModeLoRA, sizing.RecomputeSelective, sizing.Precision("int4")}}, // named strings
		{"%d %q %v", []any{sizing.AdamW, sizing.ModeLoRA, sizing.RecomputeSelective}},                                           // other verbs: fmt's
	} {
		if got, want := sprintf(c.format, c.args...), fmt.Sprintf(c.format, c.args...); got != want {
			t.Errorf("sprintf(%q, %v) = %q, fmt says %q", c.format, c.args, got, want)
		}
	}
}

func FuzzSprintf(f *testing.F) {
	f.Add("%s: %d%%", "x", 3)
	f.Add("%[2]d %[1]s %s", "中文", -1)
	f.Add("%[", "", 0)
	f.Fuzz(func(t *testing.T, format, s string, n int) {
		if got, want := sprintf(format, s, n), fmt.Sprintf(format, s, n); got != want {
			t.Errorf("sprintf(%q, %q, %d) = %q, fmt says %q", format, s, n, got, want)
		}
		if got, want := sprintf(format, n, s), fmt.Sprintf(format, n, s); got != want {
			t.Errorf("sprintf(%q, %d, %q) = %q, fmt says %q", format, n, s, got, want)
		}
	})
}

// The number formats of the replies, by hand: pct rounds to a whole
// percentage, count scales by T/B/M, money and size add their unit.
func TestNumberFormats(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{pct(0.826), "83%"},
		{pct(0.9), "90%"},
		{pct(1.5), "150%"},
		{count(14.77e9), "14.77B"},
		{count(1.5e12), "1.5T"},
		{count(68.814e6), "68.81M"},
		{count(4096), "4,096"},
		{money(15000), "¥15,000"},
		{money(-2.5), "¥-2.5"},
		{size(2.494), "2.49 GB"},
		{size(0.04194), "41.94 MB"},
		{size(0.00005734), "57.34 KB"},
		{numWith("(", 1234567.891, ")"), "(1,234,567.89)"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
