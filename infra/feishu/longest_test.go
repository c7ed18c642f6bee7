package feishu

import (
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
)

// The longest answers the real commands give fit one card, with no lark_md
// that mentions or links: the trial check of a 64-GPU nvidia-smi dump, a
// checklist check of 100 KB of sales text (with @all and links in it), the
// full help and the full checklist, in both languages.
func TestLongestRealRepliesFitACard(t *testing.T) {
	clock := func() time.Time { return testNow }
	r := commands.New(commands.Deps{Now: clock, Renewals: memstore.NewStore(clock)})
	testkit.EachLongestReply(t, r, Platform, "<at id=all></at> [link](https://evil.example) www.evil.cn", func(t *testing.T, rep chat.Reply) {
		checkCard(t, RenderCard(rep))
	})
}
