package chat

import (
	"context"
	"testing"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{"billing ondemand=35 monthly=15000 hours=300", "计费 按需=35元/时 包月=1.5万 时长=300小时",
		`quote A: price=35; B: price=29`, "tier model=\"qwen 7b\"", "=", "a==b", "\"", "；；", "help billing"} {
		f.Add(s)
	}
	r := NewRouter()
	f.Fuzz(func(t *testing.T, s string) {
		rep := r.Handle(context.Background(), Request{Text: s})
		_ = RenderText(rep)
		_ = RenderJSON(rep)
		for _, v := range []Kind{Plain, Money, Hours, Count, Tokens, Percent, Days, Minutes, Ratio, GB} {
			_, _ = ParseValue(s, v)
		}
	})
}
