package tier

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
)

// book is a team with a price book: A800 at ¥8.5, H800 at ¥18 and RTX 4090
// at ¥2.2 per card-hour, saved in channel C1; a private channel's ¥1 A100.
func book(t *testing.T) *memstore.Store {
	t.Helper()
	st := memstore.NewStore(nil)
	for i, e := range []pricebook.Entry{
		{GPU: "a800-80g-sxm", OnDemand: 8.5, Monthly: 4800, Vendor: "算力港"},
		{GPU: "h800-sxm", OnDemand: 18, Vendor: "X"},
		{GPU: "rtx-4090", OnDemand: 2.2, Vendor: "Y"},
		{GPU: "a100-80g-sxm", OnDemand: 1, Vendor: "private", Channel: "G-private"},
	} {
		e.ID, e.Tenant, e.Currency, e.Date = string(rune('a'+i)), "slack:T1", "CNY", "2026-11-20"
		if e.Channel == "" {
			e.Channel, e.TeamWide = "C1", true
		}
		if err := st.PutPrice(context.Background(), e); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func ask(t *testing.T, st *memstore.Store, text string) (chat.Reply, data) {
	t.Helper()
	r := chat.NewRouter()
	var d Deps
	if st != nil {
		d = Deps{Prices: st, Settings: st}
	}
	r.Register(NewCommand(d))
	rep := r.Handle(context.Background(), chat.Request{Text: text, Platform: "slack", Tenant: "slack:T1", Channel: "C2", User: "U1"})
	if rep.Error != nil {
		return rep, data{}
	}
	return rep, rep.Data.(data)
}

func TestTeamPricesChooseTheCard(t *testing.T) {
	st := book(t)
	// Qwen2.5-14B LoRA needs 36 GB: the ¥2.2 RTX 4090 (24 GB) holds it only
	// as two cards with ZeRO-3 over PCIe, ¥4.4/h at 50% interconnect
	// efficiency = ¥8.8/h of full-speed work, so the A800 at ¥8.5 wins
	// (H800 ¥18). The private channel's ¥1 A100 is not seen from C2.
	rep, d := ask(t, st, "选卡 模型=qwen2.5-14b 模式=lora")
	if d.GPU != "a800-80g-sxm" || d.Cards != 1 || d.Price.Source != pricebook.Team || d.Price.OnDemand != 8.5 || d.Price.Vendor != "算力港" {
		t.Fatalf("pick %s x%d price %+v, want 1x a800-80g-sxm at the team's ¥8.5", d.GPU, d.Cards, d.Price)
	}
	ids := []string{}
	for _, o := range d.PriceOptions {
		ids = append(ids, o.GPU)
	}
	// the team's prices first, cheapest first; then reference prices; then
	// every card that fits without a price: none is dropped
	if len(ids) < 3 || !slices.Equal(ids[:3], []string{"a800-80g-sxm", "rtx-4090", "h800-sxm"}) || !d.PriceOptions[0].Chosen {
		t.Errorf("price options %v, want a800 (chosen), 2x rtx-4090, h800, then the others", ids)
	}
	rank := map[string]int{"team": 0, "reference": 1, "none": 2}
	seen := map[string]bool{}
	for i, o := range d.PriceOptions {
		seen[o.Source] = true
		if i > 0 && rank[o.Source] < rank[d.PriceOptions[i-1].Source] {
			t.Errorf("option %d %s (%s) ranked after %s (%s)", i, o.GPU, o.Source, d.PriceOptions[i-1].GPU, d.PriceOptions[i-1].Source)
		}
		if (o.Source == "none") != (o.PerCardHour == nil) {
			t.Errorf("option %s: source %s with per_card_hour %v", o.GPU, o.Source, o.PerCardHour)
		}
	}
	if !seen["reference"] || !seen["none"] {
		t.Errorf("price options %v lack reference-priced or unpriced cards", ids)
	}
	if cb := d.ChosenBy; cb.Basis != "team" || cb.Next == nil || cb.Next.GPU != "rtx-4090" || math.Abs(cb.Next.More-0.3) > 1e-9 {
		t.Errorf("chosen_by %+v (next %+v), want team, next 2x rtx-4090 at ¥0.3/h more of full-speed work", cb, cb.Next)
	}
	text := chat.RenderText(rep)
	for _, want := range []string{"按团队价格表中的价格选择", "1 张 a800-80g-sxm × ¥8.5 = ¥8.5/时", "2 张 rtx-4090 × ¥2.2 = ¥4.4/时（走 PCIe，按 50% 的互联效率，相当于 NVLink 速度下 ¥8.8/时）（多 ¥0.3/时："} {
		if !strings.Contains(text, want) {
			t.Errorf("reply lacks %q", want)
		}
	}
}

func TestTrainingRunRankedByItsCost(t *testing.T) {
	st := book(t)
	// Qwen2.5-32B full training on 1B tokens needs 8 NVSwitch cards. Hand
	// check: (6 × 31.985B + 12 × 64 × 40 × 128 × 4,096) × 1B = (1.9191e11 +
	// 1.6106e10) × 1e9 = 2.0802e20 model FLOPs.
	//   A800: 8 × 312e12 × 0.35 = 8.736e14 FLOP/s → 66.14 h × 8 × ¥8.5 = ¥4,497.74
	//   H800: 8 × 989e12 × 0.35 = 2.7692e15 FLOP/s → 20.87 h × 8 × ¥18 = ¥3,004.74
	// The H800 costs twice as much an hour and a third less for the run.
	rep, d := ask(t, st, "tier model=qwen2.5-32b mode=full tokens=1b market=cn")
	if d.GPU != "h800-sxm" || d.Cards != 8 {
		t.Fatalf("pick %dx %s, want 8x h800-sxm (cheapest run)", d.Cards, d.GPU)
	}
	if d.Job == nil || d.Job.Train == nil || math.Abs(d.Job.Train.Cost-3004.74) > 0.01 || math.Abs(d.Job.Train.Hours-20.866) > 0.001 || d.Job.Train.MFU != 0.35 {
		t.Fatalf("job %+v, want ¥3,004.74 over 20.87 h at 35%% MFU", d.Job)
	}
	js := string(chat.RenderJSON(rep))
	for _, field := range []string{`"kind": "training"`, `"flops": `, `"hours": `, `"mfu": 0.35`, `"cost": 3004.737`, `"cost_per_mtok": `, `"source": "team"`} {
		if !strings.Contains(js, field) {
			t.Errorf("JSON lacks %s", field)
		}
	}
	var a800 optionData
	for _, o := range d.PriceOptions {
		if o.GPU == "a800-80g-sxm" {
			a800 = o
		}
	}
	if math.Abs(a800.RunCost-4497.74) > 0.01 {
		t.Errorf("A800 run cost %v, want ¥4,497.74", a800.RunCost)
	}
	// what the A800 trades against the H800: a third of the BF16 compute
	// (312 / 989 = 0.3) and 0.6x the memory bandwidth (2,039 / 3,350)
	if !strings.Contains(a800.Trade.EN, "0.3× the BF16 compute") || !strings.Contains(a800.Trade.ZH, "BF16 算力 0.3 倍") {
		t.Errorf("A800 trade %+v", a800.Trade)
	}
	if !strings.Contains(chat.RenderText(rep), "Cards that fit, by price") {
		t.Error("the full reply lacks the price table")
	}
	// Per hour alone the A800 would win: without tokens= it is the pick.
	if _, d := ask(t, st, "tier model=qwen2.5-32b mode=full market=cn"); d.GPU != "a800-80g-sxm" {
		t.Errorf("without a run, pick %s, want a800-80g-sxm (¥68/h against ¥144/h)", d.GPU)
	}
}

func TestMarketNeverNamesCardsOutsideIt(t *testing.T) {
	for _, text := range []string{
		"选卡 模型=llama-2-70b 模式=full", "选卡 模型=qwen2.5-32b 模式=full", "tier model=qwen2.5-14b mode=lora market=cn",
		"tier model=deepseek-v3 mode=infer market=cn", "选卡 模型=qwen2.5-72b 模式=推理",
	} {
		_, d := ask(t, nil, text)
		if d.GPU == "" {
			t.Fatalf("%s: no answer", text)
		}
		if slices.Contains([]string{"b200", "h200-sxm", "l40s", "rtx-5090"}, d.GPU) {
			t.Errorf("%s: picked %s, not rentable in mainland China", text, d.GPU)
		}
		for _, a := range d.Alternatives {
			if slices.Contains([]string{"b200", "h200-sxm", "l40s", "rtx-5090"}, a.GPU) {
				t.Errorf("%s: alternative %s is not rentable in mainland China", text, a.GPU)
			}
		}
		if d.Market.Market != "cn" || !slices.Contains(d.Market.Excluded, "b200") {
			t.Errorf("%s: market %+v, want cn with b200 excluded", text, d.Market)
		}
	}
	// Asked for by name, a card outside the market is sized, with a warning.
	rep, d := ask(t, nil, "tier model=qwen2.5-7b mode=lora gpu=b200 market=cn")
	if d.GPU != "b200" || len(rep.Warnings) == 0 || !strings.Contains(rep.Warnings[0], "not commonly rentable") {
		t.Errorf("gpu=b200 in cn: pick %s, warnings %v", d.GPU, rep.Warnings)
	}
	// The team's setting decides for English requests too.
	st := memstore.NewStore(nil)
	st.PutSettings(context.Background(), "slack:T1", store.TeamSettings{Market: "cn"})
	if _, d := ask(t, st, "tier model=llama-2-70b mode=full"); d.Market.From != "team" || d.Market.Market != "cn" || d.GPU == "h200-sxm" {
		t.Errorf("team setting: market %+v pick %s", d.Market, d.GPU)
	}
}

func TestReferenceThenTierRule(t *testing.T) {
	// No price book: the market's reference prices decide (prices.json),
	// in each market at its own prices; with only unpriced cards left, the
	// tier rule does, and the reply says so.
	for _, tc := range []struct {
		name, text string
		source     pricebook.Source
		basis      string
		currency   string
	}{
		{"cn, reference prices", "选卡 模型=qwen2.5-14b 模式=lora", pricebook.Reference, "reference", "CNY"},
		{"global, reference prices", "tier model=qwen2.5-14b mode=lora market=global", pricebook.Reference, "reference", "USD"},
		{"only unpriced cards: the tier rule", "tier model=qwen2.5-7b mode=infer only=l20,a10", pricebook.None, "tier_rule", ""},
	} {
		_, d := ask(t, nil, tc.text)
		if d.Price.Source != tc.source || string(d.ChosenBy.Basis) != tc.basis || d.Price.Currency != tc.currency {
			t.Errorf("%s: %s price %+v basis %s; want source %s, basis %s, currency %q", tc.name, d.GPU, d.Price, d.ChosenBy.Basis, tc.source, tc.basis, tc.currency)
		}
		if tc.source == pricebook.Reference && (len(d.Price.Rows) == 0 || d.Price.Rows[0].Source == "" || d.Price.Rows[0].Date == "") {
			t.Errorf("%s: reference price without its published rows: %+v", tc.name, d.Price)
		}
	}
	// A card with no published price says so, with what was searched.
	if _, d := ask(t, nil, "tier model=qwen2.5-7b mode=infer gpu=l20"); d.Price.Source != pricebook.None || !strings.Contains(d.Price.NotFound, "L20") {
		t.Errorf("gpu=l20: price %+v, want none with the search that found nothing", d.Price)
	}
}

// A new team (no price book) serving a small model gets a card of 24-48 GB
// with its reference price, never an 80 GB card.
func TestNewTeamSmallModelNeverOn80GB(t *testing.T) {
	for _, text := range []string{
		"tier model=qwen3-0.6b mode=infer",
		"选卡 模型=qwen2.5-7b 模式=推理 上下文=32k",
		"tier model=Qwen2.5-14B-Instruct-AWQ mode=infer",
	} {
		rep, d := ask(t, nil, text)
		cat := mustCatalog(t)
		g, ok := cat.GPUByID(d.GPU)
		if !ok || g.MemoryGB < 24 || g.MemoryGB > 48 || d.Price.Source != pricebook.Reference {
			t.Errorf("%s: pick %s (%v GB) price %s; want a 24-48 GB card at its reference price", text, d.GPU, g.MemoryGB, d.Price.Source)
		}
		// the short reply names the next two options with their prices
		if !strings.Contains(rep.Summary, "Next: ") && !strings.Contains(rep.Summary, "其次：") {
			t.Errorf("%s: summary %q names no next options", text, rep.Summary)
		}
	}
}

func TestOnlyAndExclude(t *testing.T) {
	st := book(t)
	if _, d := ask(t, st, "选卡 模型=qwen2.5-14b 模式=lora exclude=a800"); d.GPU != "rtx-4090" || d.Cards != 2 {
		t.Errorf("exclude=a800: pick %dx %s, want 2x rtx-4090 (¥8.8/h of full-speed work, the next priced option)", d.Cards, d.GPU)
	}
	if _, d := ask(t, st, "选卡 模型=qwen2.5-14b 模式=lora exclude=a800,4090"); d.GPU != "h800-sxm" {
		t.Errorf("exclude=a800,4090: pick %s, want h800-sxm", d.GPU)
	}
	if _, d := ask(t, nil, "tier model=qwen2.5-14b mode=lora only=a100 market=cn"); !strings.HasPrefix(d.GPU, "a100") {
		t.Errorf("only=a100: pick %s", d.GPU)
	}
}

func TestMoneyKeysRefused(t *testing.T) {
	for _, tc := range []struct{ text, key string }{
		{"tier model=qwen2.5-7b mode=lora market=mars", "market"},
		{"tier model=qwen2.5-7b mode=lora exclude=z9", "exclude"},
		{"tier model=qwen2.5-7b mode=lora only=a100,zz", "only"},
		{"tier model=qwen2.5-7b mode=lora only=b200 market=cn", "only"},
		{"tier model=qwen2.5-7b mode=infer tokens=1b", "tokens"},
		{"tier model=qwen2.5-7b mode=lora tokens_per_day=1b", "tokens_per_day"},
		{"tier model=qwen2.5-7b mode=lora mfu=30%", "mfu"},
		{"tier model=qwen2.5-7b mode=lora tokens=1b mfu=90%", "mfu"},
		{"tier model=qwen2.5-7b mode=lora epochs=3", "dataset_tokens"},
		{"tier model=qwen2.5-7b mode=lora tokens=1b epochs=3 dataset_tokens=1m", "tokens"},
		{"选卡 模型=qwen2.5-7b 模式=lora 市场=火星", "market"},
	} {
		rep, _ := ask(t, nil, tc.text)
		if rep.Error == nil || rep.Error.Key != tc.key || rep.Error.Example == "" {
			t.Errorf("%s: error %+v, want one naming %q with an example", tc.text, rep.Error, tc.key)
		}
	}
}

func TestServingVolume(t *testing.T) {
	st := book(t)
	_, d := ask(t, st, "选卡 模型=qwen2.5-7b 模式=推理 tokens_per_day=2b")
	if d.Job == nil || d.Job.Serve == nil || d.Job.Kind != "serving" {
		t.Fatalf("serving job %+v", d.Job)
	}
	s := d.Job.Serve
	if s.Replicas < 1 || s.Cards != s.Replicas*d.Cards || s.CostPerMTok <= 0 || d.Batch != ServingBatch {
		t.Fatalf("serving job %+v (batch %d)", s, d.Batch)
	}
	// cost per 1M tokens = cards × 24 h × price / (tokens a day / 1e6)
	if want := float64(s.Cards) * 24 * d.Price.OnDemand / 2000; math.Abs(s.CostPerMTok-want) > 1e-9 {
		t.Errorf("cost per 1M tokens %v, want %v", s.CostPerMTok, want)
	}
	// A volume ranks the priced cards by a day of it, copies included: the
	// pick's day is the job's, and no priced card serves it for less.
	if len(d.PriceOptions) < 2 || !d.PriceOptions[0].Chosen || math.Abs(d.PriceOptions[0].DayCost-s.CostPerDay) > 1e-6 {
		t.Fatalf("price options %+v, want the pick first at ¥%v a day", d.PriceOptions, s.CostPerDay)
	}
	for _, o := range d.PriceOptions[1:] {
		if o.Source == "team" && o.DayCost < s.CostPerDay {
			t.Errorf("%s serves the volume for ¥%v a day, less than the pick's ¥%v", o.GPU, o.DayCost, s.CostPerDay)
		}
	}
}

// With a run and a card priced on-demand and monthly, the reply offers the
// billing command for the run's hours, as text and as a button.
func TestJobOffersBilling(t *testing.T) {
	rep, d := ask(t, book(t), "选卡 模型=qwen2.5-14b 模式=lora tokens=1b exclude=h800,4090")
	if d.GPU != "a800-80g-sxm" || d.Job == nil || d.Job.Train == nil {
		t.Fatalf("pick %s job %+v", d.GPU, d.Job)
	}
	want := "billing ondemand=8.5 monthly=4800 hours=" + strings.ReplaceAll(fmt.Sprintf("%.2f", d.Job.Train.Hours), ".00", "") + " cards=1"
	if len(rep.Buttons) == 0 || rep.Buttons[0].Action != chat.ActionRun || !strings.HasPrefix(rep.Buttons[0].Value, "billing ondemand=8.5 monthly=4800 hours=") {
		t.Fatalf("buttons %+v, want the billing command first (%s)", rep.Buttons, want)
	}
	if got := chat.ButtonCommand(rep.Buttons[0].Action, rep.Buttons[0].Value); got != rep.Buttons[0].Value {
		t.Errorf("the button runs %q", got)
	}
}

func mustCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	c, err := catalog.Default()
	if err != nil {
		t.Fatal(err)
	}
	return c
}
