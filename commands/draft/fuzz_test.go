package draft

import (
	"context"
	"testing"

	"gpuadvisor/chat"
)

// FuzzDraft: whatever follows `draft`, the command answers with a reply or a
// clear error, never a panic or an internal error.
func FuzzDraft(f *testing.F) {
	for _, s := range examples {
		f.Add(s)
	}
	f.Add("draft questions vendor=\"Ku Suan\" hw.host 万兆 @channel")
	f.Add("起草 续约 r1 hours=1,2,3 cards=2")
	f.Add("draft sla vendor=x response=-1m comp=1e309")
	r := router(Options{})
	f.Fuzz(func(t *testing.T, s string) {
		rep := r.Handle(context.Background(), chat.Request{Text: s, Sync: true})
		if rep.Error != nil && rep.Error.Code == chat.CodeInternal {
			t.Errorf("%q: internal error", s)
		}
	})
}
