package quote

import (
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// TestMoneyCellsHaveTheirSign: every money cell of every table a quote
// shows carries ¥ (a cell with nothing to show is "?" or "-"), in both
// languages; the numbers under a heading alone are not enough.
func TestMoneyCellsHaveTheirSign(t *testing.T) {
	line := "quote hours=300 cards=8 storage_gb=2000 months=3 run_tokens=2b A: price=35 support=2000 setup_fee=5000 deposit=10000 tokens_s=21000 storage_price=0.3; B: price=33 snapshot_price=0.2 tokens_s=14000"
	for _, lang := range []chat.Lang{chat.EN, chat.ZH} {
		rep := handle(line, "", lang)
		if rep.Error != nil {
			t.Fatalf("%s: %v", lang, rep.Error)
		}
		if len(rep.Tables) < 3 {
			t.Fatalf("%s: %d tables, want the ranking, the line items and the one-off fees", lang, len(rep.Tables))
		}
		for _, tb := range rep.Tables {
			for _, row := range tb.Rows {
				for i, cell := range row {
					h := tb.Header[i]
					if !isMoneyColumn(tb, i) {
						continue
					}
					if cell != "?" && cell != "-" && !strings.HasPrefix(cell, "¥") {
						t.Errorf("%s: table %q, column %q: cell %q, want ¥ before the amount", lang, tb.Title, h, cell)
					}
				}
			}
		}
	}
}

// isMoneyColumn reports whether column i of a quote table holds money:
// every column of the line items and one-off tables but the first, and
// the ranking's price, cost and per-token columns.
func isMoneyColumn(tb chat.Table, i int) bool {
	if i == 0 {
		return false
	}
	switch tb.Header[i] {
	case "#", "vendor", "供应商", "cards × h", "卡 × 小时", "run h", "整轮小时":
		return false
	}
	return true
}
