package tier

import (
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// TestDefaultsUsedNameTheBatchUsed: the defaults listed are the values the
// answer used: a daily volume serves 32 concurrent sequences, so the list
// says batch=32, not batch=1.
func TestDefaultsUsedNameTheBatchUsed(t *testing.T) {
	tests := []struct{ name, text, want, notIn string }{
		{"serving a daily volume", "tier model=qwen2.5-14b mode=infer tokens_per_day=50m --full", "batch=32", "batch=1,"},
		{"training", "tier model=qwen2.5-14b mode=lora --full", "batch=1,", "batch=32"},
	}
	for _, tt := range tests {
		txt := chat.RenderText(handle(t, tt.text))
		i := strings.Index(txt, "Defaults used: ")
		if i < 0 {
			t.Fatalf("%s: no defaults listed:\n%s", tt.name, txt)
		}
		line := txt[i : i+strings.IndexByte(txt[i:], '\n')]
		if !strings.Contains(line, tt.want) || strings.Contains(line, tt.notIn) {
			t.Errorf("%s: %q, want %s and not %s", tt.name, line, tt.want, tt.notIn)
		}
	}
}
