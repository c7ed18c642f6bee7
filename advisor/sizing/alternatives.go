package sizing

import "gpuadvisor/advisor/catalog"

// modeAlternatives answers the same question with a lighter method and keeps
// the answers that fit: LoRA instead of full training (QLoRA when LoRA does
// not fit either), QLoRA instead of LoRA,
// int4 weights instead of 16- or 8-bit serving, and full recomputation when it
// makes a cheaper option fit than the pick. They are appended to
// adv.Alternatives.
func modeAlternatives(adv Advice, gpus []catalog.GPU, p Pricing) []Alternative {
	req := adv.Request
	tries := make([]Alternative, 0, 2)
	switch req.Mode {
	case ModeFull:
		r := req
		r.Mode, r.Rank, r.Recompute = ModeLoRA, DefaultRank, "" // LoRA's own default recompute
		tries = append(tries, Alternative{Kind: AltLoRA, Request: r})
	case ModeLoRA:
		r := req
		r.Mode = ModeQLoRA
		tries = append(tries, Alternative{Kind: AltQLoRA, Request: r})
	case ModeInfer:
		if req.Precision != INT4 {
			r := req
			r.Precision = INT4
			tries = append(tries, Alternative{Kind: AltInt4, Request: r})
		}
	}
	if req.Mode.Training() && req.Recompute != RecomputeFull {
		r := req
		r.Recompute = RecomputeFull
		tries = append(tries, Alternative{Kind: AltRecompute, Request: r})
	}
	out := adv.Alternatives
	for _, t := range tries {
		bound := 0
		if adv.Fits {
			// a lighter method is worth showing only on no more cards; full
			// recomputation only when it is cheaper (fewer nodes at most)
			bound = adv.Pick.Cards()
			if t.Kind == AltRecompute {
				bound = adv.Pick.Nodes() * NodeCards
			}
		}
		a, err := advise(t.Request, gpus, bound, p, true)
		if err == nil && !a.Fits && t.Kind == AltLoRA {
			t.Kind, t.Request.Mode, t.Request.Recompute = AltQLoRA, ModeQLoRA, ""
			a, err = advise(t.Request, gpus, bound, p, true)
		}
		if err != nil || !a.Fits {
			continue
		}
		if t.Kind == AltRecompute && adv.Fits && !p.Less(a.Pick, adv.Pick) {
			continue // recomputing costs speed; only worth it when it saves money
		}
		t.Request, t.Option = a.Request, a.Pick
		out = appendAlt(out, t)
	}
	return out
}
