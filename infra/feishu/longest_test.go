package feishu

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
)

// The longest answers the real commands give fit one card, with no lark_md
// that mentions or links: the trial check of a 64-GPU nvidia-smi dump, a
// checklist check of 100 KB of sales text (with @all and links in it), the
// full help and the full checklist, in both languages.
func TestLongestRealRepliesFitACard(t *testing.T) {
	dump, err := os.ReadFile(filepath.Join("..", "..", "advisor", "trial", "testdata", "smi_550_h100x64.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sales := strings.Repeat("价格35元/时，8卡A100 80G，内网万兆，7x24小时支持，故障4小时换机，<at id=all></at> [link](https://evil.example) www.evil.cn。We offer NVLink and 100G RDMA. ", 100*1024/200)
	clock := func() time.Time { return testNow }
	r := commands.New(commands.Deps{Now: clock, Renewals: memstore.NewStore(clock)})
	for _, tc := range []struct{ name, text string }{
		{"trial check, 64 GPUs", "trial check gpu=H100-SXM-80G cards=64 nvlink=yes " + string(dump)},
		{"试用检查, 64 卡", "试用 检查 型号=H100-SXM 卡数=64 nvlink=是 " + string(dump)},
		{"checklist check, 100 KB", "checklist check " + sales},
		{"清单检查, 100 KB", "清单 检查 " + sales},
		{"help", "help"},
		{"帮助", "帮助"},
		{"checklist (the full list)", "checklist"},
		{"清单 (全部)", "清单"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := r.Handle(context.Background(), chat.Request{Text: tc.text, Platform: "feishu"})
			if rep.Error != nil {
				t.Fatalf("%.40q: error %s", tc.text, rep.Error.Message)
			}
			checkCard(t, RenderCard(rep))
		})
	}
}
