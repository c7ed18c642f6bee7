package sizing

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"gpuadvisor/advisor/catalog"
)

// Option is one way to run a request: a card, how many, and how the job is laid
// out on them.
type Option struct {
	// GPU is the card: a row of the slice given to Advise.
	GPU *catalog.GPU `json:"-"`
	// Result is the memory per card.
	Result Result `json:"result"`
	// Utilization is the per-card need over the card's capacity as nvidia-smi
	// reports it (0.83 = 83%).
	Utilization float64 `json:"utilization"`
	// NeedsNVLink is set when one copy of the model is split over the cards.
	NeedsNVLink bool `json:"needs_nvlink"`
	// NeedsInfiniBand is set past one 8-card node.
	NeedsInfiniBand bool `json:"needs_infiniband"`
	// LinkOK is false when the split needs a link the card lacks (PCIe only,
	// or an NVLink bridge across more than two cards).
	LinkOK bool `json:"link_ok"`
	// Tight is set for a serving option that fits the limit but leaves less
	// than the headroom (HasHeadroom): the answer only when no layout of its
	// card leaves more.
	Tight bool `json:"tight,omitempty"`
	// fullTraining is set for full-parameter training, whose gradient
	// all-reduce needs a switch to run at speed (FastLink).
	fullTraining bool
}

// HeadroomShare is the share of the usable memory a serving plan leaves
// free at the least, unless the free memory holds one more sequence at
// the requested context: below both, the plan is tight, and the next
// layout (one more card, TP 2) is the pick.
const HeadroomShare = 0.05

// HasHeadroom reports whether result r, on a card of capacity GB at
// utilization u, leaves room to work: for training always (the limit is the
// margin); for serving at least HeadroomShare of the usable memory free, or
// the KV cache of one more sequence at the requested context.
func HasHeadroom(req *Request, r *Result, capacity float64) bool {
	if req.Mode.Training() {
		return true
	}
	usable := req.Utilization * capacity
	free := usable - r.Memory.PerCardGB
	one := r.Memory.KVCacheGB / float64(max(req.Batch, 1))
	return free >= HeadroomShare*usable || one > 0 && free >= one
}

// Cards is the option's card count.
func (o Option) Cards() int { return o.Result.Layout.Cards }

// Nodes is the 8-card servers the option needs.
func (o Option) Nodes() int { return (o.Cards() + NodeCards - 1) / NodeCards }

// Alternative kinds.
const (
	AltCheaper   = "cheaper"        // a cheaper option that fits only without headroom
	AltSafer     = "safer"          // an option with at least 25% of each card free
	AltLoRA      = "lora"           // LoRA instead of full training
	AltQLoRA     = "qlora"          // QLoRA instead of LoRA
	AltInt4      = "int4"           // int4 weights instead of 16/8-bit
	AltRecompute = "recompute_full" // full recomputation makes a cheaper option fit
	AltMoreCards = "more_cards"     // the forced card count does not fit; this count does
)

// Alternative is another option worth knowing, with the request it answers
// (a different mode, precision or recompute for the mode alternatives).
type Alternative struct {
	Kind    string  `json:"kind"`
	Request Request `json:"request"`
	Option  Option  `json:"option"`
}

// InferFacts are the serving figures of the picked option.
type InferFacts struct {
	// MaxContext is the longest context (tokens per sequence, at the request's
	// batch) the picked cards can serve: what fits within the 90% limit
	// (MemoryContext), capped by the model's own limit when it is known.
	MaxContext int `json:"max_context_tokens"`
	// MemoryContext is the longest context the memory alone allows, whatever
	// the model's limit.
	MemoryContext int `json:"max_context_memory_tokens"`
	// ModelContext is the model's own limit (0 when unknown).
	ModelContext int `json:"model_context_tokens"`
	// SlidingReserveCardGB is what the sliding-window layers keep on each
	// card at the longest context, whatever it is (SlidingKVTokens per
	// layer and sequence): the budget the longest context divides is what
	// is left after it. 0 without sliding-window layers.
	SlidingReserveCardGB float64 `json:"sliding_reserve_card_gb,omitempty"`
	// DecodeTokensPerSec is an upper bound on the decode speed of each
	// sequence: the bandwidth of the cards a token passes through over the bytes
	// one decode step reads. A step reads all weights once plus the KV cache of
	// every sequence of the batch at seq, and yields one token per sequence.
	DecodeTokensPerSec float64 `json:"decode_tokens_per_s_max"`
	// DecodeTokensPerSecAll is the same bound for the whole batch: batch ×
	// DecodeTokensPerSec.
	DecodeTokensPerSecAll float64 `json:"decode_tokens_per_s_all_max"`
	// BandwidthGBs is the memory bandwidth that bound uses (one card × tensor-parallel degree).
	BandwidthGBs float64 `json:"bandwidth_gbs"`
	// BytesPerTokenGB is what one decode step reads on all the cards: weights +
	// batch × the KV cache of one sequence at seq (a sliding-window layer
	// reads its window) × KVReplicas.
	BytesPerTokenGB float64 `json:"bytes_per_token_gb"`
	// KVReplicas is how many times each KV head is held and read: tensor
	// parallel degree ÷ KV heads when the degree is larger, else 1.
	KVReplicas float64 `json:"kv_replicas"`
	// Sequences is how many concurrent sequences at the requested context
	// the pick's KV budget holds (the budget over one sequence's KV cache).
	Sequences int `json:"concurrent_sequences"`
}

// Advice is the tier answer for one request.
type Advice struct {
	// Request is the request answered, defaults filled.
	Request Request `json:"request"`
	// Fits is false when nothing fits within the limits; Pick is then the closest try.
	Fits bool `json:"fits"`
	// Pick is the cheapest adequate option.
	Pick Option `json:"pick"`
	// Alternatives are cheaper-but-tighter, safer and mode alternatives.
	Alternatives []Alternative `json:"alternatives"`
	// Infer holds the serving figures (inference only).
	Infer *InferFacts `json:"infer,omitempty"`
	// Fitting is, per card considered, the fewest cards that fit within the
	// limit: what a price comparison ranks (the forced card only, when req.GPU
	// names one).
	Fitting []Option `json:"-"`
}

// Advise picks the cheapest adequate GPU and card count for req among gpus
// (the catalog's rows): the option must fit within 90% of each card and, when
// split, have the link it needs. Cheapest is Less: price tier, then card count,
// then the smaller card. Non-CUDA cards are considered only when req.GPU names
// them. req.Cards fixes the count; otherwise counts 1, 2, 4, ... 1024 are
// tried. The error is for invalid requests (see Request.Validate) or an unknown
// req.GPU.
func Advise(req Request, gpus []catalog.GPU) (Advice, error) {
	return AdviseByPrice(req, gpus, Pricing{})
}

// Pricing ranks options by money. Cost is what an option costs (per hour,
// or for a whole run), false when its card has no price; nil ranks by the
// tier rule (Less). Group, when set, orders priced options by whose price
// they carry before their cost (lower first: a team's quotes before
// reference prices), so that costs of different kinds are never compared.
type Pricing struct {
	Cost  func(o Option) (float64, bool)
	Group func(o Option) int
}

// PerCardHour is a Pricing by price per card-hour x cards.
func PerCardHour(price func(gpuID string) (float64, bool)) Pricing {
	return Pricing{Cost: func(o Option) (float64, bool) {
		v, ok := price(o.GPU.ID)
		return v * float64(o.Cards()), ok
	}}
}

// cost is p.Cost, false without one.
func (p Pricing) cost(o Option) (float64, bool) {
	if p.Cost == nil || o.GPU == nil {
		return 0, false
	}
	return p.Cost(o)
}

// Less orders options by money: a priced option before an unpriced one,
// then the lower group, then the lower cost; at the same cost an option
// whose split runs on its fast link (or that is not split) before one
// split over PCIe (equal money buys the better interconnect); then the
// tier rule (Less) to break ties and to order unpriced options.
func (p Pricing) Less(a, b Option) bool {
	ra, rb := p.rank(a), p.rank(b)
	return ra.less(&rb)
}

// Sort orders opts by Less, keeping equal options in their order (a stable
// sort), working each option's cost out once rather than at every
// comparison.
func (p Pricing) Sort(opts []Option) {
	if len(opts) < 2 {
		return
	}
	rs := make([]ranked, len(opts))
	for i := range opts {
		rs[i] = p.rank(opts[i])
	}
	slices.SortStableFunc(rs, func(a, b ranked) int {
		switch {
		case a.less(&b):
			return -1
		case b.less(&a):
			return 1
		}
		return 0
	})
	for i := range rs {
		opts[i] = rs[i].Option
	}
}

// ranked is an option with its cost worked out once: advise compares each
// option several times.
type ranked struct {
	Option
	cost   float64
	group  int
	priced bool
}

func (p Pricing) rank(o Option) ranked {
	c, ok := p.cost(o)
	r := ranked{Option: o, cost: c, priced: ok}
	if ok && p.Group != nil {
		r.group = p.Group(o)
	}
	return r
}

// less is Pricing.Less on the costs worked out.
func (a *ranked) less(b *ranked) bool {
	if a.priced != b.priced {
		return a.priced
	}
	if a.priced && a.group != b.group {
		return a.group < b.group
	}
	if a.priced && a.cost != b.cost {
		return a.cost < b.cost
	}
	if fa, fb := a.FastLink(), b.FastLink(); a.priced && fa != fb {
		return fa
	}
	return lessRule(&a.Option, &b.Option)
}

// FastLink reports whether the option needs no fast link or has one: one
// copy of the model is not split, or is split over NVLink (or HCCS) that
// joins all the cards it spans; for full training on several cards, an
// NVLink or HCCS switch (InterconnectOf).
func (o Option) FastLink() bool {
	if o.GPU != nil && o.Cards() > 1 && o.fullTraining {
		return o.GPU.MaxSplit() >= NodeCards
	}
	return !o.NeedsNVLink || o.LinkOK
}

// AdviseByPrice is Advise with the options ranked by p instead of the tier
// rule: the pick is the cheapest adequate option by p.Less.
func AdviseByPrice(req Request, gpus []catalog.GPU, p Pricing) (Advice, error) {
	adv, err := advise(req, gpus, 0, p, false)
	if err != nil {
		return adv, err
	}
	adv.Alternatives = modeAlternatives(adv, gpus, p)
	return adv, nil
}

// advise is Advise without the mode alternatives; maxCards > 0 stops the
// search past that many cards (an alternative that must beat a known pick).
// p ranks the options. lite answers only Fits and Pick when something
// fits (what a mode alternative uses): no Fitting, no alternatives, no
// serving figures, no closest try.
func advise(req Request, gpus []catalog.GPU, maxCards int, p Pricing, lite bool) (Advice, error) {
	req = req.WithDefaults()
	if err := req.Validate(); err != nil {
		return Advice{}, fmt.Errorf("advise: %w", err)
	}
	var forced *catalog.GPU
	if req.GPU != "" {
		for i := range gpus {
			if gpus[i].ID == req.GPU {
				forced = &gpus[i]
			}
		}
		if forced == nil {
			return Advice{}, fmt.Errorf("advise: no GPU with id %q", req.GPU)
		}
	}
	adv := Advice{Request: req}
	// the search's buffers are reused from one call to the next (nothing
	// of them is returned: options copy their Result)
	all := scratch.Get().(*searched)
	defer scratch.Put(all)
	cands := all.cands[:0]
	for i := range gpus {
		if g := &gpus[i]; forced != nil && g.ID == forced.ID || eligible(req.Mode, g) {
			cands = append(cands, g)
		}
	}
	all.cands = cands
	search(all, req, cands, forced, maxCards, false)
	all.promoteBare()
	if !all.anyFit(cands, forced) {
		if lite {
			return adv, nil // nothing fits, and the closest try is not asked for
		}
		search(all, req, cands, forced, maxCards, true)
		all.promoteBare()
	}
	// the options are made from the search's results only as they are
	// looked at (each is a few hundred bytes)
	picked, closest := false, false
	var closestOpt Option
	var pick ranked // adv.Pick with its cost
	if !lite {
		n := 0
		for i := range all.per {
			if all.per[i].fit > 0 && (forced == nil || cands[i].ID == forced.ID) {
				n++
			}
		}
		if n > 0 {
			adv.Fitting = make([]Option, 0, n)
		}
	}
	for i := range all.per {
		s := &all.per[i]
		if forced != nil && cands[i].ID != forced.ID {
			continue
		}
		if s.closest > 0 && (!closest || s.closestU < closestOpt.Utilization) {
			closestOpt, closest = all.option(cands[i], s.closest), true
		}
		if s.fit > 0 {
			o := p.rank(all.option(cands[i], s.fit))
			o.Tight = s.tightFit
			if !lite {
				adv.Fitting = append(adv.Fitting, o.Option)
			}
			if !picked || o.less(&pick) {
				pick, picked = o, true
			}
		}
	}
	switch {
	case picked:
		adv.Fits, adv.Pick = true, pick.Option
	case closest:
		adv.Pick, pick = closestOpt, p.rank(closestOpt)
	default:
		return adv, nil
	}
	if lite {
		return adv, nil
	}
	var tight, safe ranked
	hasTight, hasSafe := false, false
	for i := range all.per {
		if forced != nil && cands[i].ID != forced.ID {
			continue // a forced card stays in every alternative
		}
		if s := &all.per[i]; s.tight > 0 {
			if o := p.rank(all.option(cands[i], s.tight)); o.less(&pick) && (!hasTight || o.less(&tight)) && !same(o.Option, adv.Pick) {
				tight, hasTight = o, true
			}
		}
	}
	if hasTight && adv.Fits {
		adv.Alternatives = appendAlt(adv.Alternatives, Alternative{Kind: AltCheaper, Request: req, Option: tight.Option})
	}
	for i := range all.per {
		if all.per[i].safe == 0 {
			continue
		}
		if adv.Fits && adv.Pick.Utilization <= SaferUtilization {
			break // the pick already leaves a quarter of each card free
		}
		o := p.rank(all.option(cands[i], all.per[i].safe))
		if forced != nil && o.GPU.ID != forced.ID || adv.Fits && o.Cards() > 2*adv.Pick.Cards() {
			continue // a forced card stays; safer must not mean a far bigger cluster
		}
		later := !adv.Fits || pick.less(&o) || o.GPU.ID == adv.Pick.GPU.ID && o.Cards() == adv.Pick.Cards()
		if later && o.Utilization < adv.Pick.Utilization && !same(o.Option, adv.Pick) && (!hasSafe || o.less(&safe)) {
			safe, hasSafe = o, true
		}
	}
	if hasSafe {
		kind := AltSafer
		if !adv.Fits {
			kind = AltMoreCards
		}
		adv.Alternatives = appendAlt(adv.Alternatives, Alternative{Kind: kind, Request: req, Option: safe.Option})
	}
	if req.Mode == ModeInfer {
		adv.Infer = inferFacts(req, adv.Pick)
	}
	return adv, nil
}

// appendAlt appends a to alts, making room for the usual few at once.
func appendAlt(alts []Alternative, a Alternative) []Alternative {
	if alts == nil {
		alts = make([]Alternative, 0, 3)
	}
	return append(alts, a)
}

// gpuSearch is, for one GPU, the fewest cards that fit within each limit,
// and the search's state for that GPU.
type gpuSearch struct {
	// fit, tight, safe and closest are 1 + the index of the option's
	// Result in searched.results; 0 when none was found.
	fit, tight, safe, closest int32
	// bare is the first option within the limit without the headroom:
	// the fit when no layout of the card has it
	bare           int32
	closestU       float64 // the closest option's utilization
	closestCards   int
	prev           float64 // the lowest utilization at the previous count
	capacity       float64 // the card's CapacityGB
	split          int     // the card's MaxSplit
	done, hopeless bool
	neverFits      bool // the named card, past the limit at any count
	tightFit       bool // fit is the bare option: no layout left the headroom
}

// searched is what search found: per GPU, the options as indexes into the
// results that they use (several GPUs share a layout's Result).
type searched struct {
	mode    Mode // the request's: options of full training need a switch to be fast
	per     []gpuSearch
	results []Result
	cands   []*catalog.GPU // the cards searched (advise's buffer)
}

// scratch holds searched buffers for reuse.
var scratch = sync.Pool{New: func() any { return &searched{results: make([]Result, 0, 16)} }}

// option is GPU g's option at index at (1-based) of the results.
func (s *searched) option(g *catalog.GPU, at int32) Option {
	o := option(g, s.results[at-1])
	o.fullTraining = s.mode == ModeFull
	return o
}

// keep stores r among the results once (*at is 0 until then) and returns
// its index.
func (s *searched) keep(r *Result, at *int32) int32 {
	if *at == 0 {
		s.results = append(s.results, *r)
		*at = int32(len(s.results))
	}
	return *at
}

// search tries card counts in increasing order and, for each, the layouts in
// preference order that each card's link allows; per GPU it records the first
// option under 90% (fit), 100% (tight) and 75% (safe) of the card, and the
// option with the lowest use (closest). Memory per card does not depend on the
// card, so each layout is estimated once for all GPUs (once for the cards with
// NVLS and once for the others when the request's engine release reserves NCCL
// NVLS buffers). A card that cannot fit
// even with endless sharding stops after two counts, unless it is keep (the
// card the user named, whose closest try is reported). The closest option is
// tracked only when asked (it matters only when nothing fits); a larger count
// replaces it only when doubling the cards saved at least 5% (ClosestGain),
// and the named card stops there when no count can bring it under the limit.
func search(out *searched, req Request, gpus []*catalog.GPU, keep *catalog.GPU, maxCards int, closest bool) {
	out.mode = req.Mode
	out.per = slices.Grow(out.per[:0], len(gpus))[:len(gpus)]
	clear(out.per)
	out.results = out.results[:0]
	// one estimator per set of serving batch defaults (BatchDefaultsFor:
	// the small cards' 0 and the large cards' 1; training has one), and for
	// the large cards with NVLS a third when the request's engine release
	// reserves NCCL's NVLS buffers (every NVLS card is a large one)
	var ests [3]estimator
	ests[0].initFor(&req, SmallCardBatch)
	est := &ests[0] // the smaller reserve: the floors stay lower bounds
	serving, nvls := !req.Mode.Training(), false
	if serving {
		ests[1].initFor(&req, LargeCardBatch)
		if x := ests[1].engine; x != nil && x.NVLSBytes > 0 {
			ests[2], ests[2].nvls, nvls = ests[1], true, true
		}
	}
	var floors [8]struct { // floor by link reach (MaxSplit: 1, 2 or 8)
		split int
		f     float64
	}
	nfloors := 0
	for i, g := range gpus {
		s := &out.per[i]
		s.prev, s.capacity, s.split = math.Inf(1), g.CapacityGB(), g.MaxSplit()
		if req.Cards > 0 {
			continue
		}
		split, f, ok := s.split, 0.0, false
		for _, x := range floors[:nfloors] {
			if x.split == split {
				f, ok = x.f, true
			}
		}
		if !ok {
			f = floor(est, split, keep != nil && g.ID == keep.ID)
			if nfloors < len(floors) {
				floors[nfloors].split, floors[nfloors].f = split, f
				nfloors++
			}
		}
		if keep != nil && g.ID == keep.ID {
			s.neverFits = f > req.Utilization*g.CapacityGB()
			continue
		}
		s.hopeless = f > s.capacity
	}
	counts := cardCounts
	if req.Cards > 0 {
		counts = []int{req.Cards}
	}
	var lbuf [16]Layout
	var rbufs [3][16]Result // per estimator
	var haves [3][16]bool
	var saveds [3][16]int32 // 1 + the index in out.results of rbuf[i], once kept
	left := len(gpus)
	bestNodes := 0 // fewest nodes of any option found within the limit
	for _, n := range counts {
		if left == 0 || maxCards > 0 && n > maxCards {
			break
		}
		if keep == nil && bestNodes > 0 && n > 2*bestNodes*NodeCards {
			break // the pick has at most bestNodes nodes; a safer option at most twice its cards
		}
		ls := layouts(lbuf[:0], &req, n)
		haves, saveds = [3][16]bool{}, [3][16]int32{}
		var reach [16]int // the cards a layout's link must join (0: none)
		for i := range ls {
			if n > 1 && ls[i].Split() {
				reach[i] = min(n, NodeCards)
			}
		}
		for gi, g := range gpus {
			s := &out.per[gi]
			if s.done {
				continue
			}
			best := math.Inf(1)
			capacity, split := s.capacity, s.split
			v := 0
			if serving && BatchDefaultsFor(g) == LargeCardBatch {
				v = 1
				if nvls && NVLSCard(g) {
					v = 2
				}
			}
			rbuf, have, saved := &rbufs[v], &haves[v], &saveds[v]
			// a split (or full training's gradient all-reduce) that the
			// card's fast link cannot join runs over PCIe: slower, not
			// impossible (InterconnectOf states the cost), but only inside
			// one node, unless the user named the card
			slowLink := req.Mode == ModeFull && n > 1 && split < NodeCards
			pcieOK := n <= NodeCards || keep != nil && g.ID == keep.ID
			for i := range ls {
				if (reach[i] > split || slowLink) && !pcieOK {
					continue // PCIe splits stay inside one node
				}
				if !have[i] {
					ests[v].estimateInto(&rbuf[i], &ls[i])
					have[i] = true
				}
				u := rbuf[i].Memory.PerCardGB / capacity
				best = min(best, u)
				// a closer try at more cards counts only if doubling saved at
				// least 5%: past that, more cards barely help (the closest of a
				// card that never fits is not its largest count)
				if closest && s.fit == 0 && (s.closest == 0 || u < s.closestU && (s.closestCards == n || u < ClosestGain*s.prev)) {
					s.closest, s.closestU, s.closestCards = out.keep(&rbuf[i], &saved[i]), u, rbuf[i].Layout.Cards
				}
				if s.tight == 0 && u <= 1 {
					s.tight = out.keep(&rbuf[i], &saved[i])
				}
				if s.fit == 0 && u <= req.Utilization {
					if HasHeadroom(&req, &rbuf[i], capacity) {
						s.fit = out.keep(&rbuf[i], &saved[i])
					} else if s.bare == 0 {
						s.bare = out.keep(&rbuf[i], &saved[i])
					}
				}
				// safe is under both bars: with utilization= below 75% an option
				// under 75% but over the limit neither fits nor ends the search
				if s.safe == 0 && u <= SaferUtilization && u <= req.Utilization {
					s.safe = out.keep(&rbuf[i], &saved[i])
					break // a safe layout also fits and is tight: nothing left to find
				}
			}
			if s.fit > 0 {
				if nodes := (out.results[s.fit-1].Layout.Cards + NodeCards - 1) / NodeCards; bestNodes == 0 || nodes < bestNodes {
					bestNodes = nodes
				}
			}
			// found, or doubling the cards no longer helps (sharding has hit its floor)
			if s.safe > 0 || n > 1 && (best > 0.99*s.prev || s.hopeless || s.neverFits && best > ClosestGain*s.prev) {
				s.done = true
				left--
			}
			s.prev = best
		}
	}
}

// promoteBare makes each card's bare option (within the limit, without the
// headroom) its fit when no layout of the card left the headroom, or when
// the roomier layout needs more nodes: headroom is worth one more card or
// TP 2 inside a node, not a second node and its InfiniBand.
func (s *searched) promoteBare() {
	nodes := func(at int32) int { return (s.results[at-1].Layout.Cards + NodeCards - 1) / NodeCards }
	for i := range s.per {
		if p := &s.per[i]; p.bare > 0 && (p.fit == 0 || nodes(p.fit) > nodes(p.bare)) {
			p.fit, p.tightFit = p.bare, true
		}
	}
}

// anyFit reports whether the search found an option within the limit on a
// card that may be picked (the forced one, when there is one).
func (s *searched) anyFit(gpus []*catalog.GPU, forced *catalog.GPU) bool {
	for i := range s.per {
		if s.per[i].fit > 0 && (forced == nil || gpus[i].ID == forced.ID) {
			return true
		}
	}
	return false
}

// floor is a lower bound on the memory per card any card count can reach on a
// card whose fast link holds a split over at most maxSplit cards (1 for PCIe
// only, 2 for an NVLink bridge, 8 for NVSwitch). A card without NVSwitch
// splits over PCIe inside one node (anywhere, when the user named it:
// named). It is used only to stop searching cards that can never fit.
func floor(est *estimator, maxSplit int, named bool) float64 {
	req := &est.req
	m := &req.Model
	var buf [16]Layout
	ls := buf[:0]
	if maxSplit < NodeCards && named {
		maxSplit = NodeCards // the named card may span nodes over PCIe
	}
	dpMax := 1 << 20
	if maxSplit < NodeCards {
		maxSplit, dpMax = NodeCards, NodeCards // over PCIe, inside one node
	}
	if !req.Mode.Training() {
		if dpMax > NodeCards {
			return 0 // pipeline parallelism across nodes keeps lowering it
		}
		for n := 1; n <= maxSplit; n++ {
			if tp, pp, ok := inferSplit(m, n); ok {
				ls = append(ls, Layout{TensorParallel: tp, PipelineParallel: pp})
			}
		}
	} else {
		zs := []int{2, 3} // data parallel alone / a split
		if req.Zero != ZeroAuto {
			zs = []int{min(req.Zero, 2), req.Zero}
		}
		ls = append(ls, Layout{DataParallel: dpMax, Zero: zs[0]})
		if maxSplit >= 2 {
			ls = append(ls, Layout{DataParallel: 2, Zero: zs[1]})
			if m.Heads%2 == 0 {
				ls = append(ls, Layout{TensorParallel: 2})
			}
		}
		if maxSplit >= NodeCards {
			t := 1
			for _, c := range []int{8, 4, 2} {
				if m.Heads%c == 0 {
					t = c
					break
				}
			}
			ls = append(ls, Layout{DataParallel: max(dpMax/t, 1), TensorParallel: t, Zero: zs[1]})
		}
	}
	f := math.Inf(1)
	for _, l := range ls {
		f = min(f, est.estimate(normalize(l)).Memory.PerCardGB)
	}
	return f
}

var cardCounts = []int{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}

// layouts lists the ways to run req on n cards, preferred first: for training,
// tensor-parallel degree 1, 2, 4, 8 (dividing n and the heads), each with ZeRO
// stage 0..3 (or the stage asked for; stages only matter with data
// parallelism); a fixed req.Cards is the data-parallel degree, without tensor
// parallelism. For inference, tensor parallel inside a node (the largest degree
// up to 8 dividing n and the heads) and pipeline parallel across nodes.
func layouts(out []Layout, req *Request, n int) []Layout {
	m := &req.Model
	if !req.Mode.Training() {
		tp, pp, ok := inferSplit(m, n)
		if !ok {
			return out
		}
		l := normalize(Layout{TensorParallel: tp, PipelineParallel: pp})
		if m.MoE() && n > 1 {
			l.ExpertParallel = n
		}
		return append(out, l)
	}
	for _, t := range []int{1, 2, 4, 8} {
		if t > n || n%t != 0 || m.Heads%t != 0 || req.Cards > 0 && t > 1 {
			break
		}
		d := n / t
		lo, hi := 0, 3
		switch {
		case req.Zero != ZeroAuto:
			lo, hi = req.Zero, req.Zero
		case d == 1:
			hi = 0
		}
		for z := lo; z <= hi; z++ {
			out = append(out, normalize(Layout{DataParallel: d, TensorParallel: t, Zero: z}))
		}
	}
	return out
}

// InferSplit is how n cards serve one copy of m: tensor parallel tp (the
// largest degree up to 8 that divides both n and the attention heads, as
// vLLM requires) times pipeline parallel pp = n/tp (at most one stage per
// layer). ok is false when n cannot be split that way.
func InferSplit(m catalog.Model, n int) (tp, pp int, ok bool) { return inferSplit(&m, n) }

func inferSplit(m *catalog.Model, n int) (tp, pp int, ok bool) {
	if n < 1 {
		return 0, 0, false
	}
	for t := min(n, NodeCards); t >= 1; t-- {
		if n%t == 0 && m.Heads%t == 0 {
			tp, pp = t, n/t
			break
		}
	}
	if pp > m.Layers {
		return 0, 0, false
	}
	return tp, pp, true
}

func option(g *catalog.GPU, r Result) Option {
	l := r.Layout
	o := Option{GPU: g, Result: r, Utilization: r.Memory.PerCardGB / g.CapacityGB()}
	o.NeedsNVLink = l.Cards > 1 && l.Split()
	o.NeedsInfiniBand = l.Cards > NodeCards
	o.LinkOK = !o.NeedsNVLink || min(l.Cards, NodeCards) <= g.MaxSplit()
	return o
}

// Less orders options by price: first one 8-card node before several (past one
// node the job needs InfiniBand or RoCE, which costs more and few rentals
// include), then an option that needs no split over PCIe before one that
// does (slower: see InterconnectOf), then the market guides' tier (docs/domain.md#market-facts; entry < mid < flagship), then fewer cards,
// then the smaller card (memory, bandwidth, link kind and speed, TFLOPS), then
// the id. Within a tier a smaller card rents for less, and fewer, bigger cards
// beat more, smaller ones (less communication).
func Less(a, b Option) bool { return lessRule(&a, &b) }

func lessRule(a, b *Option) bool {
	if na, nb := a.Nodes(), b.Nodes(); na != nb {
		return na < nb
	}
	if fa, fb := a.FastLink(), b.FastLink(); fa != fb {
		return fa // without prices, a split over PCIe comes after every option that needs none
	}
	if ta, tb := catalog.TierRank(a.GPU.Tier), catalog.TierRank(b.GPU.Tier); ta != tb {
		return ta < tb
	}
	if a.Cards() != b.Cards() {
		return a.Cards() < b.Cards()
	}
	ga, gb := a.GPU, b.GPU
	switch {
	case ga.MemoryGB != gb.MemoryGB:
		return ga.MemoryGB < gb.MemoryGB
	case ga.BandwidthGBs != gb.BandwidthGBs:
		return ga.BandwidthGBs < gb.BandwidthGBs
	case linkRank(ga.Link) != linkRank(gb.Link):
		return linkRank(ga.Link) < linkRank(gb.Link)
	case ga.LinkGBs != gb.LinkGBs:
		return ga.LinkGBs < gb.LinkGBs
	case ga.BF16TFLOPS != gb.BF16TFLOPS:
		return ga.BF16TFLOPS < gb.BF16TFLOPS
	}
	return ga.ID < gb.ID
}

func linkRank(link string) int {
	switch link {
	case catalog.LinkPCIe:
		return 0
	case catalog.LinkNVLinkBridge:
		return 1
	case catalog.LinkHCCS:
		return 2
	}
	return 3
}

func same(a, b Option) bool {
	return a.GPU.ID == b.GPU.ID && a.Result.Layout == b.Result.Layout
}

// Eligible reports whether Advise considers g for req without being told to:
// the card runs CUDA (Ascend needs CANN or MindSpore ports), and for training
// it has at least MinTrainTFLOPS dense BF16, half an A100: below that a run
// takes more than twice as long, which eats the lower hourly price (A10, L20,
// H20 are for serving).
func Eligible(req Request, g catalog.GPU) bool { return eligible(req.Mode, &g) }

// eligible is Eligible without copying the request and the card.
func eligible(mode Mode, g *catalog.GPU) bool {
	return g.CUDA && (!mode.Training() || g.BF16TFLOPS >= MinTrainTFLOPS)
}

// ServingFacts are the serving figures (longest context, decode bound) of
// option o for req, which Advise gives for its pick only: a price
// comparison of serving options needs them for each.
func ServingFacts(req Request, o Option) *InferFacts { return inferFacts(req.WithDefaults(), o) }

// inferFacts computes the longest context and the decode bound for the pick.
func inferFacts(req Request, o Option) *InferFacts {
	r := o.Result
	l := r.Layout
	m := req.Model
	f := &InferFacts{ModelContext: m.Context}
	chunk := r.Batch.Tokens
	if chunk == 0 {
		chunk = LargeCardBatch.Tokens
	}
	// per card: weights + reserve + the stage's share of the KV cache <= u·C
	budget := req.Utilization*o.GPU.CapacityGB() - r.Memory.WeightsGB - r.Memory.OverheadGB
	if r.StageLayers > 0 {
		// the reserve without the part that grows with the context (an engine
		// release's block table), which the longest context pays at its own length
		fixed := req.Utilization*o.GPU.CapacityGB() - r.Memory.WeightsGB - (r.Memory.OverheadGB - r.BlockTableGB)
		tokens := func(b float64) int {
			if b <= 0 {
				return 0
			}
			return kvTokens(m, b*GB*float64(r.KVShards)*float64(m.Layers)/float64(r.StageLayers)/req.KVFactor(), req.Batch, chunk)
		}
		f.MemoryContext = tokens(fixed)
		if e := req.engine(); e != nil && e.BlockTable {
			// the context L that fits with its block table: L = tokens(fixed −
			// table(L)); the table is 1% of the KV per token, so a few steps
			// from above settle it, and the answer is checked to fit
			for range 4 {
				f.MemoryContext = tokens(fixed - e.BlockTableBytes(f.MemoryContext)/GB)
			}
			for f.MemoryContext > 0 && f.MemoryContext < NoMemoryLimit && tokens(fixed-e.BlockTableBytes(f.MemoryContext)/GB) < f.MemoryContext {
				f.MemoryContext--
			}
		}
	}
	if r.StageLayers > 0 && r.KVShards > 0 {
		f.SlidingReserveCardGB = SlidingKVBytes(m, chunk+m.SlidingWindow, chunk) * float64(req.Batch) *
			float64(r.StageLayers) / float64(m.Layers) / float64(r.KVShards) / GB
	}
	if one := r.Memory.KVCacheGB / float64(max(req.Batch, 1)); one > 0 && budget > 0 {
		f.Sequences = int(budget / one)
	}
	f.MaxContext = f.MemoryContext
	if f.ModelContext > 0 {
		f.MaxContext = min(f.MaxContext, max(f.ModelContext, m.ContextScaled))
	}
	f.BandwidthGBs = o.GPU.BandwidthGBs * float64(l.TensorParallel)
	// every card holding a copy of a KV head reads it: tensor-parallel degree
	// ÷ KV heads when the degree is larger, every card for MLA's one latent
	f.KVReplicas = float64(l.TensorParallel) / float64(kvShards(m, l.TensorParallel))
	f.BytesPerTokenGB = (DecodeWeightBytes(m, req.Precision, req.Batch) + KVRead(m, req.Seq, req.Batch)*req.KVFactor()*f.KVReplicas) / GB
	if f.BytesPerTokenGB > 0 {
		f.DecodeTokensPerSec = f.BandwidthGBs / f.BytesPerTokenGB
		f.DecodeTokensPerSecAll = f.DecodeTokensPerSec * float64(req.Batch)
	}
	return f
}
