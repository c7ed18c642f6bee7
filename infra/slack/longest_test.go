package slack

import (
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
)

// The longest answers the real commands give fit Block Kit's limits: the
// trial check of a 64-GPU nvidia-smi dump, a checklist check of 100 KB of
// sales text (with mentions and links in it), the full help and the full
// checklist, in both languages.
func TestLongestRealRepliesFitBlockKit(t *testing.T) {
	r := commands.New(commands.Deps{Now: fixedNow, Renewals: memstore.NewStore(fixedNow)})
	testkit.EachLongestReply(t, r, "slack", "<!channel> <@U123> [link](https://evil.example) @所有人", func(t *testing.T, rep chat.Reply) {
		for _, v := range limitViolations(Render(rep)) {
			t.Error(v)
		}
	})
}
