package trial

import (
	"strings"
	"testing"

	"gpuadvisor/chat"
)

func TestParseInput(t *testing.T) {
	table := "+------+\n| NVIDIA-SMI 535.104.05  Driver Version: 535.104.05 |\n"
	tests := []struct {
		name     string
		original string
		check    bool
		cards    int
		gpu      string
		nvlink   string // "", "yes", "no"
		gbps     float64
		mem      int
		busbw    float64
		driver   string
		paste    string // the paste must start with this
	}{
		{"plan", "", false, 0, "", "", 0, 0, 0, "", ""},
		{"plan tailored", "cards=8 intranet=25g gpu=H100", false, 8, "H100", "", 25, 0, 0, "", ""},
		{"check with the issue's promises", "check gpu=A100-80G cards=8 nvlink=yes intranet=10g " + table, true, 8, "A100-80G", "yes", 10, 0, 0, "", "+------+"},
		{"paste on the next line", "check cards=8\n" + table, true, 8, "", "", 0, 0, 0, "", "+------+"},
		{"Chinese keys and values", "检查 型号=A100-80G 卡数=8张 nvlink=是 内网=万兆 显存=80g " + table, true, 8, "A100-80G", "yes", 10, 80, 0, "", "+------+"},
		{"full-width", "check 卡数＝８ " + table, true, 8, "", "", 0, 0, 0, "", "+------+"},
		{"quoted value with spaces", `check gpu="H100 SXM 80G" cards=8 ` + table, true, 8, "H100 SXM 80G", "", 0, 0, 0, "", "+------+"},
		{"all keys", "check nvlink=no memory=24 busbw=20GB/s driver=550.54 cuda=12.4 " + table, true, 0, "", "no", 0, 24, 20, "550.54", "+------+"},
		{"env var starts the paste", "check cards=8 NCCL_DEBUG=WARN ./build/all_reduce_perf -b 8", true, 8, "", "", 0, 0, 0, "", "NCCL_DEBUG=WARN"},
		{"topo legend '=' is not a key", "check cards=8\n\tGPU0\tGPU1\nLegend:\n  X    = Self\n", true, 8, "", "", 0, 0, 0, "", "GPU0"},
		{"paste without promises", "check " + table, true, 0, "", "", 0, 0, 0, "", "+------+"},
		{"verify is check", "verify cards=2 x", true, 2, "", "", 0, 0, 0, "", "x"},
	}
	for _, tt := range tests {
		in, err := parseInput(chat.EN, tt.original, "")
		if err != nil {
			t.Errorf("%s: parseInput(%q) failed: %v", tt.name, tt.original, err)
			continue
		}
		p := in.promise
		nv := ""
		if p.NVLink != nil {
			nv = map[bool]string{true: "yes", false: "no"}[*p.NVLink]
		}
		if in.check != tt.check || p.Cards != tt.cards || p.GPU != tt.gpu || nv != tt.nvlink || p.IntranetGbps != tt.gbps || p.MemoryGB != tt.mem || p.BusGBs != tt.busbw || p.Driver != tt.driver {
			t.Errorf("%s: got check=%v %+v nvlink=%s; want check=%v cards=%d gpu=%q nvlink=%s intranet=%v memory=%d busbw=%v driver=%q",
				tt.name, in.check, p, nv, tt.check, tt.cards, tt.gpu, tt.nvlink, tt.gbps, tt.mem, tt.busbw, tt.driver)
		}
		if !strings.HasPrefix(in.paste, tt.paste) || (tt.paste == "" && in.paste != "") {
			t.Errorf("%s: paste %.40q, want it to start with %q", tt.name, in.paste, tt.paste)
		}
		if tt.gpu != "" && (p.Model == nil || p.Model.Family == "") {
			t.Errorf("%s: gpu=%s not read as a model", tt.name, tt.gpu)
		}
	}
}

func TestParseInputAttachment(t *testing.T) {
	in, err := parseInput(chat.EN, "check cards=8", "| NVIDIA-SMI 535 |\n")
	if err != nil || !strings.Contains(in.paste, "NVIDIA-SMI") {
		t.Errorf("--file attachment: paste %q err %v, want the file's text", in.paste, err)
	}
}

func TestParseInputErrors(t *testing.T) {
	tests := []struct {
		name, original string
		lang           chat.Lang
		key            string
		says           string
	}{
		{"unknown key with a suggestion", "check nvlnik=yes x", chat.EN, "nvlnik", "Did you mean nvlink=yes?"},
		{"unknown key in Chinese", "检查 卡型号=A100 x", chat.ZH, "卡型号", "不接受参数"},
		{"given twice", "check cards=8 cards=4 x", chat.EN, "cards", "given twice"},
		{"unknown GPU", "check gpu=MI300X x", chat.EN, "gpu", "not a GPU I know; known: A100"},
		{"cards not a number", "check cards=eight x", chat.EN, "cards", "whole number of GPUs"},
		{"cards fractional", "check cards=7.5 x", chat.EN, "cards", "whole number"},
		{"cards zero", "check cards=0 x", chat.EN, "cards", "from 1 to 4096"},
		{"nvlink not yes/no", "check nvlink=maybe x", chat.EN, "nvlink", "not yes or no"},
		{"intranet unreadable", "check intranet=fast x", chat.EN, "intranet", "10g, 25g, 100g"},
		{"intranet in Chinese, unreadable", "检查 内网=很快 x", chat.ZH, "intranet", "万兆"},
		{"memory negative", "check memory=-80g x", chat.EN, "memory", "memory size per GPU"},
		{"busbw not a number", "check busbw=fast x", chat.EN, "busbw", "GB/s"},
		{"driver not a version", "check driver=latest x", chat.EN, "driver", "version number"},
		{"empty value", "check gpu= x", chat.EN, "gpu", "no value"},
		{"plan with stray text", "please", chat.EN, "output", "start with the word check"},
	}
	for _, tt := range tests {
		_, err := parseInput(tt.lang, tt.original, "")
		e, ok := err.(*chat.Error)
		if !ok || e.Code != chat.CodeInvalid || e.Key != tt.key || !strings.Contains(e.Message, tt.says) || e.Example == "" {
			t.Errorf("%s: parseInput(%q) = %v; want invalid_input on %q saying %q with an example", tt.name, tt.original, err, tt.key, tt.says)
		}
	}
}
