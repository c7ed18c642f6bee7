package commands

import (
	"context"
	"sync"
	"testing"
	"time"

	"gpuadvisor/chat"
)

// TestConcurrentChineseReplies answers Chinese questions from many
// goroutines on one fresh router, as a warm Lambda may: the router's
// per-command localization (built on the first Chinese reply that asks)
// and the advisor's kept look-ups must give every goroutine the reply a
// lone request gets. Run with -race to check the sharing too.
func TestConcurrentChineseReplies(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC) }
	texts := []string{
		"选卡 模型=qwen2.5-7b 模式=推理 上下文=32k",
		"显存 模型=qwen2.5-72b 模式=qlora 序列=2048",
		"计费 按需=35元/时 包月=¥15,000 时长=300",
		"选卡 模型=deepseek-r1 模式=推理 显卡=h20",
	}
	want := make([]string, len(texts))
	for i, s := range texts {
		want[i] = chat.RenderText(New(Deps{Now: now}).Handle(context.Background(), chat.Request{Text: s, Platform: "cli"}))
	}
	r := New(Deps{Now: now})
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 4 * len(texts) {
				i := (g + k) % len(texts)
				if got := chat.RenderText(r.Handle(context.Background(), chat.Request{Text: texts[i], Platform: "cli"})); got != want[i] {
					errs <- texts[i] + ":\n" + got
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("a concurrent reply differs from the lone one: %s", e)
	}
}
