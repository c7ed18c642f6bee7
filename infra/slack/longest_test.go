package slack

import (
	"context"
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
	for _, tc := range testkit.LongestRequests(t, "<!channel> <@U123> [link](https://evil.example) @所有人") {
		t.Run(tc.Name, func(t *testing.T) {
			rep := r.Handle(context.Background(), chat.Request{Text: tc.Text, Platform: "slack"})
			if rep.Error != nil {
				t.Fatalf("%.40q: error %s", tc.Text, rep.Error.Message)
			}
			msg := Render(rep)
			for _, v := range limitViolations(msg) {
				t.Error(v)
			}
		})
	}
}
