package store

import (
	"strings"
	"testing"
)

// Every bucket a store reports a skipped record of is named in the reply,
// in both languages, never as the fallback "stored record".
func TestSkippedWarningsNameEveryBucket(t *testing.T) {
	for _, tt := range []struct {
		bucket, en, zh string
	}{
		{"renewals", "1 renewal could not be read", "有 1 条续约无法读取"},
		{"due", "1 renewal could not be read", "有 1 条续约无法读取"},
		{"prices", "1 price book entry could not be read", "有 1 条价格记录无法读取"},
		{"checks", "1 recent check could not be read", "有 1 条检查记录无法读取"},
		{"trials", "1 trial check could not be read", "有 1 条实测记录无法读取"},
		{"settings", "1 team setting could not be read", "有 1 条团队设置无法读取"},
		{"marks", "1 reminder mark could not be read", "有 1 条提醒记录无法读取"},
		{"dedupe", "1 de-duplication key could not be read", "有 1 条去重记录无法读取"},
		{"drafter_jobs", "1 queued draft could not be read", "有 1 条排队中的草稿无法读取"},
	} {
		t.Run(tt.bucket, func(t *testing.T) {
			list := []Unreadable{{Bucket: tt.bucket, Key: "k"}}
			if got := SkippedWarnings(list, "en"); len(got) != 1 || !strings.HasPrefix(got[0], tt.en+":") {
				t.Errorf("en: got %q, want it to start %q", got, tt.en+":")
			}
			if got := SkippedWarnings(list, "zh"); len(got) != 1 || !strings.HasPrefix(got[0], tt.zh+"：") {
				t.Errorf("zh: got %q, want it to start %q", got, tt.zh+"：")
			}
		})
	}
}
