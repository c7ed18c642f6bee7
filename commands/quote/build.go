package quote

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/tco"
	"gpuadvisor/chat"
)

// settings are the workload and where its values came from.
type settings struct {
	w            tco.Workload
	hoursDefault bool     // hours was not given: DefaultHours is used, and said so
	assumptions  []string // values read on an assumption (hours per day)
	run          string   // how the run size was given, for the reply: "" or "epochs × dataset_tokens"
}

// readGlobals reads the workload, the keys before the first vendor. A bad
// value here is an error for the whole request: it changes every vendor.
func readGlobals(lang chat.Lang, ps []pair) (settings, error) {
	s := settings{w: tco.Workload{Hours: tco.DefaultHours, Volumes: map[tco.Line]float64{}}, hoursDefault: true}
	a, err := groupArgs(lang, ps)
	if err != nil {
		return s, err
	}
	seen := map[string]bool{}
	var epochs, dataset float64
	for _, p := range ps {
		if seen[p.spec.name] {
			return s, chat.Invalidf(lang, p.spec.name, p.spec.name+"="+p.spec.example,
				"%s is given twice for the workload; give it once", "%s 在工作负载里出现了两次，请只写一次", p.spec.name)
		}
		seen[p.spec.name] = true
		v, perr := readNumber(lang, a, p, "")
		if perr != nil {
			return s, &chat.Error{Code: chat.CodeInvalid, Key: perr.Key, Message: perr.Message, Example: perr.Example}
		}
		if note := chat.HoursPerDay(lang, p.raw); note != "" {
			s.assumptions = append(s.assumptions, note)
		}
		switch {
		case p.spec.name == "hours":
			if v <= 0 || v > tco.MaxHours {
				return s, hoursRange(lang, p.raw)
			}
			s.w.Hours, s.hoursDefault = v, false
		case p.spec.name == "cards":
			if v < 1 || v != math.Trunc(v) || v > tco.MaxCards {
				return s, chat.Invalidf(lang, "cards", "cards=8", "cards=%s must be a whole number of cards, 1 or more", "cards=%s 须为不小于1的整数", p.raw)
			}
			s.w.Cards = int(v)
		case p.spec.name == "run_tokens":
			s.w.RunTokens = v
		case p.spec.name == "months":
			if v <= 0 || v > tco.MaxMonths {
				return s, chat.Invalidf(lang, "months", "months=6", "months=%s: the months the project runs must be more than 0 and at most %d",
					"项目月数=%s：须大于0且不超过%d", p.raw, tco.MaxMonths)
			}
			s.w.Months = v
		case p.spec.name == "exit_egress_gb":
			s.w.ExitEgressGB = v
		case p.spec.name == "epochs":
			epochs = v
		case p.spec.name == "dataset_tokens":
			dataset = v
		case p.spec.part == volume:
			s.w.Volumes[p.spec.line] = v
		}
	}
	switch {
	case seen["epochs"] != seen["dataset_tokens"]:
		missing := "dataset_tokens"
		if !seen["epochs"] {
			missing = "epochs"
		}
		return s, chat.Invalidf(lang, missing, "epochs=3 dataset_tokens=500m",
			"a run given by epochs needs both epochs and dataset_tokens; add %s", "按轮数给出训练量时需要同时给出 epochs= 和 dataset_tokens=；请补上 %s=", missing)
	case seen["epochs"] && seen["run_tokens"]:
		return s, chat.Invalidf(lang, "run_tokens", "run_tokens=1.5b",
			"give the run either as run_tokens or as epochs with dataset_tokens, not both", "训练量请只用一种写法：总tokens，或 轮数+数据集tokens")
	case seen["epochs"]:
		s.w.RunTokens = epochs * dataset
		s.run = fmt.Sprintf("%s × %s", chat.Num(epochs), chat.Num(dataset))
	}
	if s.w.Cards == 0 {
		return s, chat.Invalidf(lang, "cards", "quote hours=300 cards=8 A: price=35; B: price=29",
			"missing cards: state the workload's cards once, before the first vendor (cards=8), so every vendor is priced on the same work",
			"缺少卡数：请在第一家之前写一次工作负载的卡数（卡数=8），让每家按同样的工作量计价")
	}
	return s, nil
}

// groupArgs hands a group of pairs (the workload, or one vendor) to chat's
// readers: each key once, with its first value (a repeat is a problem of its
// own), as valueText makes it readable.
func groupArgs(lang chat.Lang, ps []pair) (*chat.Args, error) {
	toks := make([]chat.Token, 0, len(ps))
	for _, p := range ps {
		if !slices.ContainsFunc(toks, func(t chat.Token) bool { return t.Key == p.spec.name }) { // a group has a few keys
			text, _ := valueText(p)
			toks = append(toks, chat.Token{Key: p.spec.name, Value: text})
		}
	}
	return chat.ArgsOf(keyIndex().reader, lang, toks)
}

// valueText is a pair's value as chat reads it: without the "," or ";" a
// list of vendors leaves after it, and a unit price per TB (300元/TB/月,
// 800/TB) written per GB, perTB saying so: the number is then divided by
// 1000.
func valueText(p pair) (text string, perTB bool) {
	text = strings.TrimSpace(strings.TrimRight(p.raw, ",;"))
	if p.spec.part == unitPrice {
		return perGBFromTB(text)
	}
	return text, false
}

// cardUnits are the words a card count may end with: 8卡, 8 GPUs, 8x.
var cardUnits = []string{"卡", "张", "cards", "card", "gpus", "gpu", "x"}

func hoursRange(lang chat.Lang, raw string) *chat.Error {
	return chat.Invalidf(lang, "hours", chat.T(lang, "hours=300", "时长=300"),
		"hours=%s is out of range: GPU hours per card a month must be more than 0 and at most %d (31 days × 24 h)",
		"时长=%s 超出范围：每卡每月GPU小时数须大于0且不超过%d（31天×24小时）", chat.Shown(raw), tco.MaxHours)
}

// readNumber reads a pair's value by its key's kind, through a, the Args of
// its group. Negative values and values that are not numbers are problems
// naming the key and an example.
func readNumber(lang chat.Lang, a *chat.Args, p pair, who string) (float64, *problem) {
	raw, perTB := valueText(p)
	spec := p.spec
	ex := spec.pair(lang)
	prefix := ""
	colon := chat.T(lang, ": ", "：")
	if who != "" {
		prefix = who + colon
	}
	if p.where != "" {
		prefix = p.where + colon + prefix
	}
	if raw == "" {
		return 0, &problem{Vendor: who, Key: spec.name, Example: ex,
			Message: prefix + fmt.Sprintf(chat.T(lang, "%s has no value; write it like %s", "%s 没有值，请写成 %s"), p.typed, ex)}
	}
	kind := spec.kind
	var units []string
	if spec.name == "cards" {
		units = cardUnits
	}
	if kind == chat.Money && foreignMoney(raw) {
		return 0, &problem{Vendor: who, Key: spec.name, Example: ex,
			Message: prefix + fmt.Sprintf(chat.T(lang, "%s=%s is not in yuan: quote compares prices in yuan (¥, 元); convert it at your rate and write it like %s",
				"%s=%s 不是人民币：报价对比按人民币（¥、元）计算；请按汇率换算后写成 %s"), p.typed, p.raw, ex)}
	}
	v, _, _, err := a.Value(spec.name, kind, units...)
	if chat.TooLarge(err) {
		return 0, &problem{Vendor: who, Key: spec.name, Example: ex,
			Message: prefix + fmt.Sprintf(chat.T(lang, "%s=%s is too large a number to be right; write it like %s", "%s=%s 数值太大，不可能是对的；请写成 %s"), p.typed, chat.Shown(p.raw), ex)}
	}
	if err != nil {
		return 0, &problem{Vendor: who, Key: spec.name, Example: ex,
			Message: prefix + chat.WithHintAs(lang, fmt.Sprintf(chat.T(lang, "%s=%q is not a number I can read; write it like %s", "%s=%q 无法读成数字，请写成 %s"), p.typed, chat.Shown(p.raw), ex), raw, kind)}
	}
	if perTB {
		v /= 1000 // decimal TB, as storage_gb reads 2TB as 2,000 GB
	}
	if want, ok := wantPeriod(spec); ok && kind == chat.Money {
		if got := chat.PricePeriod(raw); got != chat.NoPeriod && got != want {
			return 0, &problem{Vendor: who, Key: spec.name, Example: ex,
				Message: prefix + fmt.Sprintf(chat.T(lang, "%s=%s is a price %s, but %s is %s; write it like %s", "%s=%s 是%s的价格，而 %s 是%s；请写成 %s"),
					p.typed, p.raw, periodName(lang, got), p.typed, chat.T(lang, spec.en, spec.zh), ex)}
		}
	}
	if v < 0 {
		return 0, &problem{Vendor: who, Key: spec.name, Example: ex,
			Message: prefix + fmt.Sprintf(chat.T(lang, "%s=%s is negative; prices, amounts and counts must be 0 or more", "%s=%s 是负数；价格、数量和金额须不小于0"), p.typed, p.raw)}
	}
	if kind == chat.Percent && v <= 1 && !chat.PercentSign(raw) {
		v *= 100
	}
	return v, nil
}

// foreignMoney reports whether a money value names a currency other than the
// yuan every quote amount is shown in ($2.5, 2.5美元, 3 EUR).
func foreignMoney(raw string) bool {
	s := strings.ToLower(chat.Normalize(raw))
	for _, c := range []string{"$", "usd", "美元", "美金", "€", "eur", "欧元", "hkd", "港币", "港元"} {
		if strings.Contains(s, c) {
			return true
		}
	}
	return false
}

// wantPeriod is the period a money key's unit may name: price per
// card-hour, monthly per card-month, unit prices per GB (or GB-month), fees
// per month. ok is false for keys that are not money.
func wantPeriod(spec *keySpec) (chat.Period, bool) {
	switch {
	case spec.name == "price":
		return chat.PerHour, true
	case spec.name == "monthly":
		return chat.PerMonth, true
	case spec.part == unitPrice:
		return chat.PerGB, true
	case spec.part == fee:
		return chat.PerMonth, true
	}
	return chat.NoPeriod, false
}

var periodNames = advisor.Lazy[map[chat.Period]advisor.Text]{New: func() map[chat.Period]advisor.Text {
	return map[chat.Period]advisor.Text{
		chat.PerHour:  {EN: "per hour", ZH: "每小时"},
		chat.PerMonth: {EN: "per month", ZH: "每月"},
		chat.PerYear:  {EN: "per year", ZH: "每年"},
	}
}}

func periodName(lang chat.Lang, p chat.Period) string {
	return chat.Name(lang, periodNames.Get(), p, advisor.Text{EN: "per GB", ZH: "每GB"})
}

// perGBFromTB rewrites a unit price per TB (300元/TB/月, 800/TB) as per GB,
// reporting whether it did: the caller divides the number by 1000.
func perGBFromTB(raw string) (string, bool) {
	s := strings.ToLower(chat.Normalize(raw))
	for _, u := range []string{"/tb", "/t"} {
		i := strings.Index(s, u)
		if i < 0 {
			continue
		}
		after := s[i+len(u):]
		if after == "" || strings.HasPrefix(after, "/") {
			return s[:i] + "/gb" + after, true
		}
	}
	return raw, false
}

// buildVendor reads one draft into a vendor. ok is false when the vendor
// cannot be compared (no price, a key given twice, a bad required value);
// the problems say why and how to fix it.
func buildVendor(lang chat.Lang, d *draft) (v tco.Vendor, probs []problem, ok bool) {
	who := d.label(lang)
	v = tco.Vendor{Name: d.name, Charges: map[tco.Line]tco.Charge{}}
	a, err := groupArgs(lang, d.pairs)
	if err != nil {
		return v, []problem{{Vendor: who, Message: err.Error(), Dropped: true}}, false
	}
	seen := map[string]bool{}
	drop := false
	for _, p := range d.pairs {
		if seen[p.spec.name] {
			probs = append(probs, problem{Vendor: who, Key: p.spec.name, Example: p.spec.pair(lang),
				Message: fmt.Sprintf(chat.T(lang, "%s: %s is given twice; give it once", "%s：%s 出现了两次，请只写一次"), who, p.spec.word(lang))})
			drop = true
			continue
		}
		seen[p.spec.name] = true
		if raw, _ := a.Raw(p.spec.name); (p.spec.part == fee || p.spec.part == bare) && includedWords.Get()[strings.ToLower(raw)] {
			setCharge(&v, p.spec.line, fee, 0)
			continue
		}
		val, prob := readNumber(lang, a, p, who)
		if prob != nil {
			probs = append(probs, *prob)
			if p.spec.name == "price" || p.spec.name == "monthly" {
				drop = true
			}
			continue
		}
		switch p.spec.name {
		case "price":
			v.PricePerCardHour = val
		case "monthly":
			v.MonthlyPerCard = val
		case "own_cards":
			if val < 1 || val != math.Trunc(val) || val > tco.MaxCards {
				probs = append(probs, problem{Vendor: who, Key: "own_cards", Example: p.spec.pair(lang),
					Message: fmt.Sprintf(chat.T(lang, "%s: own_cards=%s must be a whole number of cards, 1 or more", "%s：%s=%s 须为不小于1的整数"), who, p.spec.word(lang), chat.Shown(p.raw))})
				drop = true
				continue
			}
			v.OwnCards = int(val)
		case "own_hours":
			if val <= 0 || val > tco.MaxHours {
				e := hoursRange(lang, p.raw)
				probs = append(probs, problem{Vendor: who, Key: "own_hours", Example: p.spec.pair(lang), Message: who + chat.T(lang, ": ", "：") + e.Message})
				drop = true
				continue
			}
			v.OwnHours = val
		case "min_months":
			if val <= 0 || val > 120 {
				probs = append(probs, problem{Vendor: who, Key: "min_months", Example: "min_months=3",
					Message: fmt.Sprintf(chat.T(lang, "%s: min_months=%s must be more than 0 and at most 120", "%s：最短租期=%s 须大于0且不超过120"), who, p.raw)})
				continue
			}
			v.MinMonths = val
		case "setup_fee":
			v.SetupFee = val
		case "deposit":
			v.Deposit = val
		case "migration_fee":
			v.MigrationFee = val
		case "tokens_s":
			if val == 0 {
				probs = append(probs, problem{Vendor: who, Key: "tokens_s", Example: "tokens_s=21000",
					Message: fmt.Sprintf(chat.T(lang, "%s: tokens_s=%s: a measured throughput is more than 0; leave tokens_s out when it was not measured",
						"%s：吞吐=%s：实测吞吐须大于0；没有实测时请不要写吞吐"), who, p.raw)})
				continue
			}
			v.TokensPerSec = val
		default:
			setCharge(&v, p.spec.line, p.spec.part, val)
		}
	}
	if v.PricePerCardHour > 0 && v.MonthlyPerCard > 0 {
		probs = append(probs, problem{Vendor: who, Key: "monthly", Example: who + "-monthly: monthly=15000",
			Message: fmt.Sprintf(chat.T(lang, "%s gives both price (per card-hour) and monthly (per card-month); I used price. Compare the monthly offer as a vendor of its own",
				"%s 同时给了单价（每卡时）和包月（每卡月）；已按单价计算。请把包月报价作为另一家单独比较"), who)})
		v.MonthlyPerCard = 0
	}
	if !drop && v.PricePerCardHour == 0 && v.MonthlyPerCard == 0 {
		probs = append(probs, problem{Vendor: who, Key: "price", Example: chat.T(lang, "price=35", "单价=35"),
			Message: fmt.Sprintf(chat.T(lang, "%s has no price: add price=35 (¥ per card-hour) or monthly=15000 (¥ per card-month)",
				"%s 没有价格：请加 单价=35（元/卡时）或 包月=15000（元/卡月）"), who)})
		drop = true
	}
	if drop {
		for i := range probs {
			probs[i].Dropped = true
		}
		probs = append(probs, problem{Vendor: who, Dropped: true,
			Message: fmt.Sprintf(chat.T(lang, "%s is left out of the comparison until this is fixed", "%s 暂不参与比较，修正后再试"), who)})
	}
	return v, probs, !drop
}

func setCharge(v *tco.Vendor, l tco.Line, pt part, val float64) {
	c := v.Charges[l]
	switch pt {
	case fee:
		c.Fee, c.HasFee = val, true
	case unitPrice:
		c.UnitPrice, c.HasUnitPrice = val, true
	case quota:
		c.FreeGB, c.HasFreeGB = val, true
	}
	v.Charges[l] = c
}
