package draft

import (
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// TestFromAnswer: the draft buttons under another answer carry that answer's
// input; they get the line to send, while typed input keeps its errors.
func TestFromAnswer(t *testing.T) {
	r := router(Options{})
	for _, tc := range []struct {
		name, text string
		prefill    string // the line offered; "" means the usual parse and errors
	}{
		{"sla under billing", "draft sla ondemand=35 monthly=15000 hours=300", slaLine.Get()[chat.EN]},
		{"sla under billing, command word kept", "draft sla billing ondemand=35", slaLine.Get()[chat.EN]},
		{"questions under tier", "draft questions gpu=rtx-5090 cards=1", questionsLine.Get()[chat.EN]},
		{"Chinese billing answer", "draft sla 按需=35 包月=15000 时长=300", slaLine.Get()[chat.ZH]},
		{"typed unknown key with a vendor", "draft sla vendor=X bogus=1", ""},
		{"typed SLA key without a vendor", "draft sla response=30m", ""},
		{"typed free text without a vendor", "draft questions we offer 10GbE ondemand=35", ""},
		{"renewal is not a button of an answer", "draft renewal ondemand=35", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := handle(r, tc.text, false)
			data, _ := rep.Data.(map[string]any)
			got, _ := data["prefill"].(string)
			if tc.prefill == "" {
				if rep.Error == nil || got != "" {
					t.Errorf("%q: got prefill %q, error %v; want the usual error", tc.text, got, rep.Error)
				}
				return
			}
			if rep.Error != nil || got != tc.prefill || !rep.Private || !strings.Contains(rep.Summary, tc.prefill) {
				t.Errorf("%q: got prefill %q private %v error %v, want %q shown privately", tc.text, got, rep.Private, rep.Error, tc.prefill)
			}
		})
	}
}

// TestPrefillLinesParse: each offered line, once the vendor is filled in,
// is a valid command.
func TestPrefillLinesParse(t *testing.T) {
	r := router(Options{})
	for _, lines := range []map[chat.Lang]string{slaLine.Get(), questionsLine.Get()} {
		for lang, line := range lines {
			filled := strings.Replace(line, "=", "=酷算云", 1)
			if rep := handle(r, filled, true); rep.Error != nil {
				t.Errorf("%s line %q: %v", lang, filled, rep.Error.Message)
			}
		}
	}
}
