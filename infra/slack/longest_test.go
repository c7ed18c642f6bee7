package slack

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
)

// longestRequest is one of the longest answers the real commands give.
type longestRequest struct{ name, text string }

// longestRequests: the trial check of a 64-GPU nvidia-smi dump, a checklist
// check of 100 KB of sales text (with mentions and links in it), the full
// help and the full checklist, in both languages.
func longestRequests(t testing.TB) []longestRequest {
	t.Helper()
	dump, err := os.ReadFile(filepath.Join("..", "..", "advisor", "trial", "testdata", "smi_550_h100x64.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sales := strings.Repeat("价格35元/时，8卡A100 80G，内网万兆，7x24小时支持，故障4小时换机，<!channel> <@U123> [link](https://evil.example) @所有人。We offer NVLink and 100G RDMA. ", 100*1024/200)
	return []longestRequest{
		{"trial check, 64 GPUs", "trial check gpu=H100-SXM-80G cards=64 nvlink=yes " + string(dump)},
		{"试用检查, 64 卡", "试用 检查 型号=H100-SXM 卡数=64 nvlink=是 " + string(dump)},
		{"checklist check, 100 KB", "checklist check " + sales},
		{"清单检查, 100 KB", "清单 检查 " + sales},
		{"help", "help"},
		{"帮助", "帮助"},
		{"checklist (the full list)", "checklist"},
		{"清单 (全部)", "清单"},
	}
}

func TestLongestRealRepliesFitBlockKit(t *testing.T) {
	r := commands.New(commands.Deps{Now: fixedNow, Renewals: memstore.NewStore(fixedNow)})
	for _, tc := range longestRequests(t) {
		t.Run(tc.name, func(t *testing.T) {
			rep := r.Handle(context.Background(), chat.Request{Text: tc.text, Platform: "slack"})
			if rep.Error != nil {
				t.Fatalf("%.40q: error %s", tc.text, rep.Error.Message)
			}
			msg := Render(rep)
			for _, v := range limitViolations(msg) {
				t.Error(v)
			}
		})
	}
}
