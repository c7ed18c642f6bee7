package testkit

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// LongestRequest is one of the longest answers the real commands give.
type LongestRequest struct{ Name, Text string }

// LongestRequests are the requests whose replies are the longest a
// platform renders: the trial check of a 64-GPU nvidia-smi dump, a checklist
// check of 100 KB of sales text, the full help and the full checklist, in
// both languages. hostile is the platform's mentions and links, written
// into the sales text so that the renderer has to defuse them.
func LongestRequests(t testing.TB, hostile string) []LongestRequest {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	dump, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "..", "advisor", "trial", "testdata", "smi_550_h100x64.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sales := strings.Repeat("价格35元/时，8卡A100 80G，内网万兆，7x24小时支持，故障4小时换机，"+hostile+"。We offer NVLink and 100G RDMA. ", 100*1024/200)
	return []LongestRequest{
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

// EachLongestReply answers every LongestRequests request with r as platform
// asks it, and gives each reply to check in a subtest of its own; a reply
// that is an error fails the subtest.
func EachLongestReply(t *testing.T, r *chat.Router, platform, hostile string, check func(*testing.T, chat.Reply)) {
	t.Helper()
	for _, tc := range LongestRequests(t, hostile) {
		t.Run(tc.Name, func(t *testing.T) {
			rep := r.Handle(context.Background(), chat.Request{Text: tc.Text, Platform: platform})
			if rep.Error != nil {
				t.Fatalf("%.40q: error %s", tc.Text, rep.Error.Message)
			}
			check(t, rep)
		})
	}
}
