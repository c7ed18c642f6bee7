package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

func TestChartFlag(t *testing.T) {
	dir := t.TempDir()
	env := func(k string) string {
		if k == "GPUADVISOR_DB" {
			return filepath.Join(dir, "db")
		}
		return ""
	}
	billing := []string{"billing", "ondemand=35", "monthly=15000", "hours=300"}
	tests := []struct {
		name  string
		argv  []string
		code  int
		file  string
		check func(t *testing.T, b []byte)
	}{
		{"svg keeps Chinese as text", append([]string{"--lang", "zh", "--chart", filepath.Join(dir, "c.svg")}, billing...), 0, "c.svg", func(t *testing.T, b []byte) {
			// the break-even 15,000 / 35 = 428.57 h is marked, in Chinese, as text
			if !bytes.Contains(b, []byte("<svg")) || !bytes.Contains(b, []byte("盈亏平衡 428.57小时</text>")) {
				t.Errorf("svg lacks the marked break-even as text:\n%.600s", b)
			}
		}},
		{"png", append([]string{"--chart", filepath.Join(dir, "c.PNG")}, billing...), 0, "c.PNG", func(t *testing.T, b []byte) {
			if !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) || len(b) < 10000 {
				t.Errorf("not a drawn PNG: %d bytes", len(b))
			}
		}},
		{"two charts in one file", []string{"--chart", filepath.Join(dir, "q.svg"), "quote", "hours=300 cards=8 A: price=35 tokens_s=21000; B: price=29 tokens_s=14000"}, 0, "q.svg", func(t *testing.T, b []byte) {
			if !bytes.Contains(b, []byte("Monthly TCO by line item")) || !bytes.Contains(b, []byte("Cost per 1M tokens")) {
				t.Errorf("svg lacks one of the two quote charts")
			}
		}},
		{"other extension", append([]string{"--chart", filepath.Join(dir, "c.jpg")}, billing...), 2, "", nil},
		{"no chart in the answer", []string{"--chart", filepath.Join(dir, "h.svg"), "checklist"}, 2, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := Main(tt.argv, &out, &errb, env); code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout %s\nstderr %s", code, tt.code, out.String(), errb.String())
			}
			if tt.code != 0 {
				if !strings.Contains(out.String()+errb.String(), "--chart") {
					t.Errorf("the error does not name --chart: %s %s", out.String(), errb.String())
				}
				return
			}
			b, err := os.ReadFile(filepath.Join(dir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, b)
		})
	}
}

// TestColumns: the tables of a reply fit $COLUMNS when stdout is not a
// terminal (the rows under a header's dashes; prose is the terminal's to
// wrap).
func TestColumns(t *testing.T) {
	for _, cols := range []string{"50", "80"} {
		var out, errb bytes.Buffer
		env := func(k string) string {
			if k == "COLUMNS" {
				return cols
			}
			return ""
		}
		Main([]string{"--full", "tier", "model=qwen2.5-7b", "mode=full"}, &out, &errb, env)
		rows := 0
		inTable := false
		lines := strings.Split(out.String(), "\n")
		for i, l := range lines {
			if i+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "---") {
				inTable = true // a header line
			}
			if l == "" {
				inTable = false
			}
			if inTable {
				rows++
				if chat.Width(l) > atoi(cols) {
					t.Errorf("COLUMNS=%s: table line %d wide: %q", cols, chat.Width(l), l)
				}
			}
		}
		if rows < 10 {
			t.Errorf("COLUMNS=%s: %d table lines seen; the test reads no table", cols, rows)
		}
	}
	if got := columns(&bytes.Buffer{}, func(string) string { return "" }); got != 100 {
		t.Errorf("no tty, no COLUMNS: %d columns, want 100", got)
	}
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}
