package sizing

import (
	"reflect"
	"sync"
	"testing"
)

// Advise reuses its search buffers across calls (a sync.Pool): answers
// given at the same time on many goroutines are the ones given one by one.
func TestAdviseConcurrent(t *testing.T) {
	gs := gpus(t)
	var reqs []Request
	for _, id := range []string{"qwen2.5-7b", "llama-2-70b", "qwen2.5-72b", "deepseek-v3"} {
		for _, mode := range []Mode{ModeFull, ModeLoRA, ModeQLoRA, ModeInfer} {
			reqs = append(reqs, Request{Model: preset(t, id), Mode: mode, Zero: ZeroAuto})
		}
	}
	want := make([]Advice, len(reqs))
	for i, r := range reqs {
		var err error
		if want[i], err = Advise(r, gs); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(reqs))
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, r := range reqs {
				if got, err := Advise(r, gs); err != nil || !reflect.DeepEqual(got, want[i]) {
					errs <- r.Model.ID + " " + string(r.Mode)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("%s: a concurrent answer differs from the one given alone", e)
	}
}
