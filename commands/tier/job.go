package tier

import (
	"encoding/json"

	"gpuadvisor/advisor"

	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
)

// job is the cost of the job asked with tokens= (or epochs= and
// dataset_tokens=) for training, or tokens_per_day= for serving.
type job struct {
	train *sizing.Job
	serve *sizing.Serving
	// params is N, the parameters a token reads (active ones for MoE).
	params   float64
	peak     float64 // one card's dense BF16 TFLOPS
	price    float64 // per card-hour; 0 when the card has no price
	mfuGiven bool
	// recompute is the run's activation recomputation setting.
	recompute sizing.Recompute
	batch     int
	// batchDefault: batch= was not given and ServingBatch was used.
	batchDefault bool
	cardName     string
	monthly      float64 // the price's monthly fee per card, for the billing line
	hasPrices    bool
}

// jobData is the JSON `job`: {flops, hours, mfu, cost, cost_per_mtok} for
// training; for serving {tokens_per_day, replicas, cards, efficiency,
// cost_per_day, cost_per_mtok}.
type jobData struct {
	Kind  string // training or serving
	Train *sizing.Job
	Serve *sizing.Serving
}

// MarshalJSON writes the job's own fields with its kind.
func (j jobData) MarshalJSON() ([]byte, error) {
	var v any = j.Train
	if j.Serve != nil {
		v = j.Serve
	}
	b, err := json.Marshal(v)
	if err != nil || len(b) < 2 {
		return b, err
	}
	return append([]byte(`{"kind":"`+j.Kind+`",`), b[1:]...), nil
}

// jobSpec is the job the user described, read before the card is chosen:
// with a training run known, cards are ranked by the cost of the run.
type jobSpec struct {
	train    bool
	tokens   float64 // training tokens (tokens=, or epochs= × dataset_tokens=)
	mfu      float64 // 0: the default
	mfuGiven bool
	perDay   float64 // serving tokens_per_day=
	// batchDefault is set when batch= was not given with tokens_per_day=
	// and ServingBatch was used.
	batchDefault bool
}

// ServingBatch is the concurrent sequences a daily volume is sized for when
// batch= is not given: serving engines batch continuously (vLLM allows 256
// sequences by default); 32 is a moderate load that leaves room for long
// contexts.
const ServingBatch = 32

// readJobSpec reads tokens=, epochs=, dataset_tokens=, mfu= and
// tokens_per_day=; nil when none is given.
func readJobSpec(a *chat.Args, lang chat.Lang, mode sizing.Mode) (*jobSpec, error) {
	hasTrain := a.Has("tokens") || a.Has("epochs") || a.Has("dataset_tokens")
	if !hasTrain && !a.Has("tokens_per_day") {
		if a.Has("mfu") {
			return nil, chat.Invalidf(lang, "mfu", "tier model=qwen2.5-7b mode=lora tokens=2b mfu=35%", "mfu= goes with a training run: add tokens= (or epochs= and dataset_tokens=)", "mfu= 需配合训练任务：请加 tokens=（或 epochs= 和 dataset_tokens=）")
		}
		return nil, nil
	}
	if hasTrain && !mode.Training() {
		return nil, chat.Invalidf(lang, "tokens", "tier model=qwen2.5-7b mode=infer tokens_per_day=1b",
			"tokens= costs a training run; for serving give tokens_per_day=", "tokens= 用于估算训练；推理请写 tokens_per_day=")
	}
	if a.Has("tokens_per_day") && mode.Training() {
		return nil, chat.Invalidf(lang, "tokens_per_day", "tier model=qwen2.5-7b mode=lora tokens=2b",
			"tokens_per_day= costs serving (mode=infer); for a training run give tokens=", "tokens_per_day= 用于推理（mode=infer）；训练请写 tokens=")
	}
	if !hasTrain {
		tpd, err := a.Number("tokens_per_day", 1e3, 1e15)
		return &jobSpec{perDay: tpd}, err
	}
	tokens, err := trainingTokens(a, lang)
	if err != nil {
		return nil, err
	}
	js := &jobSpec{train: true, tokens: tokens}
	if a.Has("mfu") {
		pct, err := a.Number("mfu", 100*sizing.MinMFU, 100*sizing.MaxMFU)
		if err != nil {
			return nil, err
		}
		js.mfu, js.mfuGiven = pct/100, true
	}
	return js, nil
}

// runInput is the training run on option o at price (per card-hour).
func (js *jobSpec) runInput(r sizing.Request, o sizing.Option, price float64) sizing.JobInput {
	return sizing.JobInput{Mode: r.Mode, Recompute: r.Recompute, Model: r.Model, Seq: r.Seq, Tokens: js.tokens,
		Cards: o.Cards(), PeakTFLOPS: o.GPU.BF16TFLOPS * linkEfficiency(r, o), MFU: js.mfu, PricePerCardHour: price}
}

// runCost is what the training run costs on o at price; false when it
// cannot be costed.
func (js *jobSpec) runCost(r sizing.Request, o sizing.Option, price float64) (float64, bool) {
	if js == nil || !js.train || o.GPU == nil {
		return 0, false
	}
	j, err := sizing.TrainingJob(js.runInput(r, o, price))
	return j.Cost, err == nil && j.Cost > 0
}

// dayCost is what a day of the serving volume costs on o at price (copies
// of o to serve it); false when it cannot be costed.
func (js *jobSpec) dayCost(r sizing.Request, o sizing.Option, price float64) (float64, bool) {
	if js == nil || js.perDay <= 0 || o.GPU == nil || r.Mode.Training() {
		return 0, false
	}
	f := sizing.ServingFacts(r, o)
	if f == nil || f.DecodeTokensPerSecAll <= 0 {
		return 0, false
	}
	s, err := sizing.ServingJob(js.perDay, f.DecodeTokensPerSecAll, o.Cards(), servingEfficiency(r, o), price)
	return s.CostPerDay, err == nil && s.CostPerDay > 0
}

// cost costs the job on the pick; nil when no job was described.
func (js *jobSpec) cost(lang chat.Lang, adv sizing.Advice, ch *selection) (*job, error) {
	if js == nil {
		return nil, nil
	}
	r, p := adv.Request, adv.Pick
	g := gpuOf(p)
	j := &job{params: r.Model.ActiveParams(), peak: g.BF16TFLOPS * linkEfficiency(r, p), cardName: g.ID, mfuGiven: js.mfuGiven, recompute: r.Recompute, batch: r.Batch, batchDefault: js.batchDefault}
	if pr, ok := ch.price(g.ID); ok && adv.Fits {
		j.price, j.monthly, j.hasPrices = pr.perHour, pr.json.Monthly, true
	}
	if !adv.Fits {
		return j, nil // nothing to cost: the reply says what does not fit
	}
	if js.train {
		t, err := sizing.TrainingJob(js.runInput(r, p, j.price))
		if err != nil {
			return nil, chat.Invalidf(lang, "tokens", "tokens=2b", "%s", "%s", err.Error())
		}
		j.train = &t
		return j, nil
	}
	if adv.Infer == nil || adv.Infer.DecodeTokensPerSecAll <= 0 {
		return j, nil
	}
	s, err := sizing.ServingJob(js.perDay, adv.Infer.DecodeTokensPerSecAll, p.Cards(), servingEfficiency(r, p), j.price)
	if err != nil {
		return nil, chat.Invalidf(lang, "tokens_per_day", "tokens_per_day=1b", "%s", "%s", err.Error())
	}
	j.serve = &s
	return j, nil
}

// trainingTokens is tokens=, or epochs= × dataset_tokens=.
func trainingTokens(a *chat.Args, lang chat.Lang) (float64, error) {
	if a.Has("tokens") {
		if a.Has("epochs") || a.Has("dataset_tokens") {
			return 0, chat.Invalidf(lang, "tokens", "tokens=2b", "give tokens=, or epochs= with dataset_tokens=, not both", "请写 tokens=，或 epochs= 加 dataset_tokens=，不要同时写")
		}
		return a.Number("tokens", 1e3, 1e16)
	}
	if !a.Has("epochs") || !a.Has("dataset_tokens") {
		return 0, chat.Invalidf(lang, "dataset_tokens", "epochs=3 dataset_tokens=500m", "epochs= needs dataset_tokens= (and the other way round)", "epochs= 需要配合 dataset_tokens=（反之亦然）")
	}
	e, err := a.Number("epochs", 0.01, 1000)
	if err != nil {
		return 0, err
	}
	d, err := a.Number("dataset_tokens", 1e3, 1e16)
	if err != nil {
		return 0, err
	}
	return e * d, nil
}

func (j *job) data() *jobData {
	switch {
	case j == nil:
		return nil
	case j.train != nil:
		return &jobData{Kind: "training", Train: j.train}
	case j.serve != nil:
		return &jobData{Kind: "serving", Serve: j.serve}
	}
	return nil
}

// facts are the job's lines in the reply.
func (j *job) facts(lang chat.Lang) []chat.Fact {
	switch {
	case j.train != nil:
		t := j.train
		mfu := chat.T(lang, "default", "默认")
		if j.mfuGiven {
			mfu = chat.T(lang, "given", "给定")
		}
		v := sprintf(chat.T(lang, "%[1]s tokens × (%[2]s × %[3]s params + %[4]s attention FLOPs per token at seq %[5]s) = %[6]s model FLOPs (attention %[7]s); ÷ (%[8]d × %[9]s TFLOPS × %[10]s MFU, %[11]s) = %[12]s h",
			"%[1]s token × （%[2]s × %[3]s 参数 + 序列长度 %[5]s 时每 token 注意力 %[4]s FLOPs）= %[6]s 模型 FLOPs（注意力占 %[7]s）；÷（%[8]d × %[9]s TFLOPS × %[10]s MFU，%[11]s）= %[12]s 小时"),
			count(t.Tokens), num(t.FLOPsPerToken), count(j.params), sci(t.FLOPsAttention/t.Tokens), num(float64(t.Seq)), sci(t.FLOPs), pct(t.FLOPsAttention/t.FLOPs),
			t.Cards, num(j.peak), pct(t.MFU), mfu, num(t.Hours))
		if t.Cost > 0 {
			v += sprintf(chat.T(lang, "; × %d × %s per card-hour = %s (%s per 1M tokens)", "；× %d 卡 × 每卡每小时 %s = %s（每百万 token %s）"),
				t.Cards, money(j.price), money(t.Cost), money(t.CostPerMTok))
		} else {
			v += chat.T(lang, "; no price for this card, so no cost", "；这张卡没有价格，无法算费用")
		}
		facts := []chat.Fact{{Label: chat.T(lang, "Training run", "训练任务"), Value: v}}
		if t.RecomputeFLOPs > 0 {
			facts = append(facts, chat.Fact{Label: chat.T(lang, "Recomputation", "重计算"), Value: sprintf(chat.T(lang,
				"%s recomputation adds %s hardware FLOPs (+%s) that MFU does not count: the hours above hold at %s MFU, but the run reaches a lower MFU than without it (at %s MFU the cards do %s of their peak in hardware FLOPs, HFU)",
				"%s重计算另增 %s 硬件 FLOPs（+%s），MFU 不计这部分：上面的小时数按 %s MFU 计算，但开启重计算的任务实际能达到的 MFU 更低（MFU 为 %s 时，硬件 FLOPs 利用率 HFU 为 %s）"),
				recomputeName(lang, j.recompute), sci(t.RecomputeFLOPs), pct(t.RecomputeFLOPs/t.FLOPs), pct(t.MFU), pct(t.MFU), pct(t.HFU))})
		}
		return facts
	case j.serve != nil:
		s := j.serve
		v := sprintf(chat.T(lang, "%s tokens a day = %s tokens/s on average; one copy at batch %d serves %s tokens/s (the decode bound × %s efficiency): %s = %s",
			"每天 %s token = 平均 %s token/s；每份模型在批量 %d 时可服务 %s token/s（解码上限 × %s 效率）：%s = %s"),
			count(s.TokensPerDay), num(s.TokensPerSec), j.batch, num(s.ReplicaTokensPerSec), pct(s.Efficiency),
			chat.Plural(lang, s.Replicas, "copy", "copies", "份"), chat.Plural(lang, s.Cards, "card", "cards", "张卡"))
		if j.batchDefault {
			v += sprintf(chat.T(lang, " (batch %d concurrent sequences is the default for a daily volume; set batch=)", "（按日用量估算时默认 %d 条并发序列；可用 批量= 调整）"), j.batch)
		}
		if s.CostPerDay > 0 {
			v += sprintf(chat.T(lang, "; %d × 24 h × %s = %s a day (%s per 1M tokens; peaks need more copies)", "；%d × 24 小时 × %s = 每天 %s（每百万 token %s；高峰需要更多份）"),
				s.Cards, money(j.price), money(s.CostPerDay), money(s.CostPerMTok))
		}
		return []chat.Fact{{Label: chat.T(lang, "Serving", "推理服务"), Value: v}}
	}
	return nil
}

// next is the billing command to type for the job's hours on the pick, in a
// sentence; cmd is the command alone when it is complete (a monthly price
// is known), for a button.
func (j *job) next(lang chat.Lang, adv sizing.Advice, ch *selection) (line, cmd string) {
	if j == nil || !j.hasPrices || !adv.Fits {
		return "", ""
	}
	p, _ := ch.price(gpuOf(adv.Pick).ID)
	od := p.json.OnDemand
	if od == 0 {
		return "", ""
	}
	var hours float64
	cards := adv.Pick.Cards()
	switch {
	case j.train != nil:
		hours = j.train.Hours
	case j.serve != nil:
		hours, cards = advisor.MonthHours, j.serve.Cards
	default:
		return "", ""
	}
	cmdLine := sprintf(chat.T(lang, "billing ondemand=%s monthly=<the vendor's monthly price> hours=%s cards=%d", "计费 按需=%s 包月=<供应商的包月价> 时长=%s 卡数=%d"),
		advisor.Plain(od), advisor.Plain(min(hours, advisor.MaxMonthHours)), cards)
	if j.monthly > 0 { // the button runs the English line; a Chinese reply shows it in Chinese words
		cmd = sprintf("billing ondemand=%s monthly=%s hours=%s cards=%d", advisor.Plain(od), advisor.Plain(j.monthly), advisor.Plain(min(hours, advisor.MaxMonthHours)), cards)
		cmdLine = cmd
		if lang == chat.ZH {
			cmdLine = sprintf("计费 按需=%s 包月=%s 时长=%s 卡数=%d", advisor.Plain(od), advisor.Plain(j.monthly), advisor.Plain(min(hours, advisor.MaxMonthHours)), cards)
		}
	}
	s := sprintf(chat.T(lang, "On-demand, monthly or spot for these hours: %s", "这些小时数该按需、包月还是竞价：%s"), cmdLine)
	if hours > advisor.MaxMonthHours {
		s += sprintf(chat.T(lang, " (the run takes %s h, more than a month: busy every hour of each month)", "（任务需 %s 小时，超过一个月：每个月每小时都在用）"), num(hours))
	}
	return s, cmd
}

// recomputeName is the recomputation setting as the reply names it.
func recomputeName(lang chat.Lang, rc sizing.Recompute) string {
	if rc == sizing.RecomputeFull {
		return chat.T(lang, "Full", "全量")
	}
	return chat.T(lang, "Selective", "选择性")
}

// sci writes a large count as 4.2e19.
func sci(v float64) string { return sprintf("%.3g", v) }
