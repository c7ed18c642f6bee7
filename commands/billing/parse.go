package billing

import (
	"errors"
	"fmt"
	"math"
	"strings"

	advisor "gpuadvisor/advisor/billing"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
)

// query is a billing question read from the command line.
type query struct {
	in       advisor.Input
	currency string   // ISO code, "" when the input did not say
	uniform  bool     // one hours value for every card
	notes    []string // warnings about keys that had no effect, in the user's language
	// assumptions explain values read on an assumption (hours per day)
	assumptions []string
}

// read turns the command's arguments into an advisor input. Every error is
// a *chat.Error naming the key, saying what is accepted, with an example.
func read(a *chat.Args, lang chat.Lang) (query, error) {
	var q query
	p := reader{a: a, lang: lang}
	if err := p.strayWords(); err != nil {
		return q, err
	}
	var err error
	if q.in.OnDemand, _, err = p.positive("ondemand", true, 1e6); err != nil {
		return q, err
	}
	if q.in.Monthly, _, err = p.positive("monthly", true, 1e9); err != nil {
		return q, err
	}
	if q.in.Hours, q.uniform, err = p.hours(); err != nil {
		return q, err
	}
	if q.in.Spot, err = p.spot(&q); err != nil {
		return q, err
	}
	q.assumptions = a.Assumptions()
	if q.in.MonthsLeft, _, err = p.months("months"); err != nil {
		return q, err
	}
	if q.in.MinMonths, _, err = p.months("min_months"); err != nil {
		return q, err
	}
	if d, ok, err := p.yearlyDiscount(); err != nil {
		return q, err
	} else if ok {
		q.in.Yearly = &advisor.YearlyOffer{Discount: d}
		if raw, _ := a.Raw("yearly_discount"); d > 0.5 && !strings.Contains(raw, "折") {
			// 85% is 85% off; a vendor's 85折 is 15% off: said, never guessed
			q.notes = append(q.notes, fmt.Sprintf(p.t("%s=%s is read as %s off the monthly price (you pay %s); if the offer is to pay %s (85折), write %s=%s",
				"%s=%s 按包月价减 %s 计（只付 %s）；如果报价是付 %s（即 85折 这类说法），请写 %s=%s"),
				p.name("yearly_discount"), raw, pct(d), pct(1-d), pct(d), p.name("yearly_discount"), pct(1-d)))
		}
	}
	if d, ok, err := p.yearlyPrice(q.in.Monthly); err != nil {
		return q, err
	} else if ok {
		q.in.Yearly = &advisor.YearlyOffer{Discount: d}
	}
	if q.currency, err = p.currency(); err != nil {
		return q, err
	}
	q.assumptions = append(q.assumptions, p.sameCurrency(q.currency)...)
	return q, nil
}

// sameCurrency says which prices were typed without a currency and read in
// another price's (ondemand=$2 monthly=4800: the 4800 is read as $4,800),
// so that the reading is said, never silent; none when the currency is
// yuan (a bare price is yuan anyway) or was given with currency=.
func (p reader) sameCurrency(currency string) []string {
	if currency == "" || currency == "CNY" || p.a.Has("currency") {
		return nil
	}
	from := ""
	for _, k := range []string{"ondemand", "monthly", "spot", "yearly"} {
		if raw, ok := p.a.Raw(k); ok && currencyOf(raw) != "" {
			from = p.name(k) + "=" + raw
			break
		}
	}
	var out []string
	for _, k := range []string{"ondemand", "monthly", "spot", "yearly"} {
		if raw, ok := p.a.Raw(k); ok && currencyOf(raw) == "" {
			out = append(out, fmt.Sprintf(p.t("%s=%s has no currency and is read in %s, as %s is; if it is another currency, convert it",
				"%s=%s 没有写币种，按 %s 读（与 %s 相同）；如果是别的币种，请换算后再写"), p.name(k), raw, currency, from))
		}
	}
	return out
}

// reader reads one key at a time with the messages of this command.
type reader struct {
	a    *chat.Args
	lang chat.Lang
}

func (p reader) t(en, zh string) string { return chat.T(p.lang, en, zh) }

// name is how a key is named in a message: the English key, and in Chinese
// its Chinese alias (a Chinese reply names no English key).
func (p reader) name(key string) string {
	if p.lang == chat.ZH {
		if zh := zhAlias(key); zh != "" {
			return zh
		}
	}
	return key
}

// bad is the error for key: what was wrong, what is accepted, an example.
func (p reader) bad(key, problemEN, problemZH string) *chat.Error {
	acc := accepted(p.lang, key)
	return chat.Invalid(p.lang, key,
		fmt.Sprintf("%s. Accepted: %s.", problemEN, acc),
		fmt.Sprintf("%s。可接受：%s。", problemZH, acc),
		example(key))
}

func (p reader) missing(key string) *chat.Error {
	return p.bad(key, "missing "+p.name(key), "缺少 "+p.name(key))
}

func (p reader) unreadable(key, raw string) *chat.Error {
	return chat.Hinted(p.lang, p.bad(key, fmt.Sprintf("%s=%q is not a value I can read", key, chat.Shown(raw)), fmt.Sprintf("%s=%q 无法识别", p.name(key), chat.Shown(raw))), raw)
}

// strayWords rejects bare words: billing takes only key=value pairs. A bare
// number is most likely a card's hours split off by a Chinese comma.
func (p reader) strayWords() error {
	if len(p.a.Words) == 0 {
		return nil
	}
	w := p.a.Words[0]
	if e := p.a.BareKey(w); e != nil {
		return e
	}
	if _, err := chat.ParseValue(w, chat.Hours); err == nil {
		return p.bad("hours", fmt.Sprintf("%q stands alone; several cards' hours go in one value separated by ASCII commas, without spaces", w),
			fmt.Sprintf("%q 单独出现；多张卡的小时数请写在同一个值里，用英文逗号分隔、不加空格", w))
	}
	if k, v, ok := strings.Cut(w, ":"); ok && v != "" {
		if key := canonical(k); key != "" {
			return p.bad(key, fmt.Sprintf("%q: join a key and its value with =, not a colon: %s=%s", w, k, v),
				fmt.Sprintf("%q：键和值之间请用 =，不要用冒号：%s=%s", w, k, v))
		}
	}
	return chat.Invalid(p.lang, "command",
		fmt.Sprintf("billing takes key=value pairs, not the word %q; keys: %s", w, keyNames(chat.EN)),
		fmt.Sprintf("计费只接受 参数=值，不接受单独的词 %q；可用参数：%s", w, keyNames(chat.ZH)),
		example(""))
}

// canonical is the key a name or alias stands for, "" when none.
func canonical(name string) string {
	k, _ := chat.LookupKey(keytab.BillingKeys, name)
	return k.Name
}

// value reads key through chat.Args.Value, naming the key when it cannot.
func (p reader) value(key string, kind chat.Kind, suffixes ...string) (v float64, raw string, ok bool, err error) {
	v, raw, ok, err = p.a.Value(key, kind, suffixes...)
	if chat.TooLarge(err) {
		return 0, raw, true, p.bad(key, fmt.Sprintf("%s=%s is too large a number to be right", key, chat.Shown(raw)), fmt.Sprintf("%s=%s 数值太大，不可能是对的", p.name(key), chat.Shown(raw)))
	}
	if err != nil {
		return 0, raw, true, p.unreadable(key, raw)
	}
	return v, raw, ok, nil
}

// positive reads a price: more than 0 and at most max.
func (p reader) positive(key string, required bool, max float64) (float64, bool, error) {
	v, raw, ok, err := p.value(key, chat.Money)
	switch {
	case err != nil:
		return 0, ok, err
	case !ok && required:
		return 0, false, p.missing(key)
	case !ok:
		return 0, false, nil
	case v <= 0:
		return 0, true, p.bad(key, fmt.Sprintf("%s=%s must be more than 0", key, raw), fmt.Sprintf("%s=%s 必须大于 0", p.name(key), raw))
	case wrongPeriod(key, raw):
		en, zh := periodWords(chat.PricePeriod(raw))
		return 0, true, p.bad(key, fmt.Sprintf("%s=%s is a price %s, not the price this key takes", key, raw, en),
			fmt.Sprintf("%s=%s 是%s的价格，不是这个参数要的价格", p.name(key), raw, zh))
	case v > max:
		return 0, true, p.bad(key, fmt.Sprintf("%s=%s is more than %s", key, raw, chat.Num(max)), fmt.Sprintf("%s=%s 超过 %s", p.name(key), raw, chat.Num(max)))
	}
	return v, true, nil
}

// wrongPeriod reports whether a price's unit names another period than the
// key's: ondemand and spot are per card-hour, monthly per card-month
// (15000元/月 typed as ondemand would make the break-even 0 h).
func wrongPeriod(key, raw string) bool {
	want := chat.PerHour
	switch key {
	case "monthly":
		want = chat.PerMonth
	case "yearly":
		want = chat.PerYear
	}
	got := chat.PricePeriod(raw)
	return got != chat.NoPeriod && got != want
}

// periodWords names a period in a message: "per month", "每月".
func periodWords(pd chat.Period) (en, zh string) {
	switch pd {
	case chat.PerHour:
		return "per hour", "每小时"
	case chat.PerMonth:
		return "per month", "每月"
	case chat.PerYear:
		return "per year", "每年"
	case chat.PerGB:
		return "per GB", "每 GB"
	}
	return "", ""
}

// hours reads one value or a comma list, and cards.
func (p reader) hours() ([]float64, bool, error) {
	parts, raw, ok := p.a.Parts("hours")
	if !ok {
		return nil, false, p.missing("hours")
	}
	if len(parts) > advisor.MaxCards {
		return nil, false, p.bad("hours", fmt.Sprintf("hours lists %d cards, more than %d", len(parts), advisor.MaxCards),
			fmt.Sprintf("%s 列了 %d 张卡，超过 %d 张", p.name("hours"), len(parts), advisor.MaxCards))
	}
	hours := make([]float64, 0, len(parts))
	for i, part := range parts {
		v, err := chat.ParseValue(part, chat.Hours)
		card := ""
		if len(parts) > 1 {
			card = fmt.Sprintf(p.t(" (card %d)", "（第 %d 张卡）"), i+1)
		}
		switch {
		case part == "":
			return nil, false, p.bad("hours", fmt.Sprintf("hours=%q has an empty value%s", raw, card), fmt.Sprintf("%s=%q 有空值%s", p.name("hours"), raw, card))
		case i > 0 && len(part) > 1 && part[0] == '0' && part[1] >= '0' && part[1] <= '9':
			// 1,000 is a thousands separator, not cards of 1 h and 0 h
			return nil, false, p.bad("hours", fmt.Sprintf("hours=%s reads like one number with a thousands separator, more than a month holds (%d h); several cards go as 600,500,300", raw, advisor.MaxMonthHours),
				fmt.Sprintf("%s=%s 像是带千位分隔符的一个数，超过一个月的小时数（%d 小时）；多张卡请写成 600,500,300", p.name("hours"), raw, advisor.MaxMonthHours))
		case err != nil:
			return nil, false, chat.HintedAs(p.lang, p.bad("hours", fmt.Sprintf("hours=%q%s is not a number of hours", part, card), fmt.Sprintf("%s=%q%s 无法读成小时数", p.name("hours"), part, card)), part, chat.Hours)
		case v < 0:
			return nil, false, p.bad("hours", fmt.Sprintf("hours=%s%s is negative", part, card), fmt.Sprintf("%s=%s%s 是负数", p.name("hours"), part, card))
		case v > advisor.MaxMonthHours:
			return nil, false, p.bad("hours", fmt.Sprintf("hours=%s%s is more than a month holds (%d h = 31 × 24)", part, card, advisor.MaxMonthHours),
				fmt.Sprintf("%s=%s%s 超过一个月的小时数（%d 小时 = 31 × 24）", p.name("hours"), part, card, advisor.MaxMonthHours))
		}
		hours = append(hours, v)
	}
	v, craw, ok, err := p.value("cards", chat.Count, "张卡", "张", "块", "卡", "cards", "card", "gpus", "gpu")
	switch {
	case err != nil:
		return nil, false, err
	case !ok:
		return hours, len(hours) == 1, nil
	case v < 1 || v > advisor.MaxCards || v != math.Trunc(v):
		return nil, false, p.bad("cards", fmt.Sprintf("cards=%s is not a whole number from 1 to %d", craw, advisor.MaxCards),
			fmt.Sprintf("%s=%s 不是 1 到 %d 之间的整数", p.name("cards"), craw, advisor.MaxCards))
	case len(hours) == 1:
		out := make([]float64, int(v))
		for i := range out {
			out[i] = hours[0]
		}
		return out, true, nil
	case int(v) != len(hours):
		return nil, false, p.bad("cards", fmt.Sprintf("cards=%s but hours lists %d cards; give one hours value per card, or one value with cards", craw, len(hours)),
			fmt.Sprintf("%s=%s，但 %s 列了 %d 张卡；请每张卡写一个小时数，或只写一个数再加卡数", p.name("cards"), craw, p.name("hours"), len(hours)))
	}
	return hours, false, nil
}

// spot reads the spot offer and what an interruption costs.
func (p reader) spot(q *query) (*advisor.SpotOffer, error) {
	price, given, err := p.positive("spot", false, 1e6)
	if err != nil {
		return nil, err
	}
	interruptible, err := p.a.Bool("interruptible", false)
	if err != nil {
		var ce *chat.Error
		if errors.As(err, &ce) {
			ce.Message += p.t(". Accepted: yes or no (是/否).", "")
			ce.Example = example("interruptible")
		}
		return nil, err
	}
	rate, rateOK, err := p.rate()
	if err != nil {
		return nil, err
	}
	ckpt, ckptOK, err := p.duration("checkpoint")
	if err != nil {
		return nil, err
	}
	restart, restartOK, err := p.duration("restart")
	if err != nil {
		return nil, err
	}
	if !given {
		for _, k := range []string{"interruptible", "interrupt_rate", "checkpoint", "restart"} {
			if p.a.Has(k) {
				q.notes = append(q.notes, fmt.Sprintf(p.t("%s has no effect without a spot price (spot=12)", "%s 只在给出竞价价格时生效（竞价=12）"), p.name(k)))
			}
		}
		return nil, nil
	}
	s := &advisor.SpotOffer{Price: price, Interruptible: interruptible, InterruptRate: rate, CheckpointHours: ckpt, RestartHours: restart}
	s.LossKnown = rateOK && ckptOK && restartOK
	if !s.LossKnown && (interruptible || rateOK || ckptOK || restartOK) {
		for _, k := range []struct {
			key string
			ok  bool
		}{{"interrupt_rate", rateOK}, {"checkpoint", ckptOK}, {"restart", restartOK}} {
			if !k.ok {
				return nil, p.bad(k.key, fmt.Sprintf("missing %s: spot needs interrupt_rate, checkpoint and restart to count the work lost to interruptions, effective hours = H × (1 + λ × (c/2 + r))", p.name(k.key)),
					fmt.Sprintf("缺少 %s：竞价需同时给出中断率、检查点间隔和重启耗时，才能计入中断损失的工作，有效小时 = H × (1 + λ × (c/2 + r))", p.name(k.key)))
			}
		}
	}
	return s, nil
}

// rate reads interrupt_rate: interruptions per hour, 0 to 1; "5%" is 0.05.
func (p reader) rate() (float64, bool, error) {
	if raw, ok := p.a.Raw("interrupt_rate"); ok {
		if every, ok := chat.OnceEvery(raw); ok { // 每20小时一次, once every 20 hours: 1/20 = 0.05
			return 1 / every, true, nil
		}
	}
	v, raw, ok, err := p.a.Value("interrupt_rate", chat.Percent, "次/小时", "/小时", "每小时", "/hour", "/hr", "/h")
	switch {
	case !ok:
		return 0, false, nil
	case err != nil:
		return 0, true, p.unreadable("interrupt_rate", raw)
	case chat.PercentSign(raw):
		v /= 100
	}
	if v < 0 || v > 1 {
		return 0, true, p.bad("interrupt_rate", fmt.Sprintf("interrupt_rate=%s is outside 0 to 1 per hour", raw), fmt.Sprintf("%s=%s 不在每小时 0 到 1 次之间", p.name("interrupt_rate"), raw))
	}
	return v, true, nil
}

// duration reads checkpoint or restart in hours; 30min and 15分钟 work too.
func (p reader) duration(key string) (float64, bool, error) {
	v, raw, ok, err := p.a.Duration(key)
	switch {
	case !ok:
		return 0, false, nil
	case err != nil:
		return 0, true, p.unreadable(key, raw)
	case v < 0 || v > advisor.MaxMonthHours:
		return 0, true, p.bad(key, fmt.Sprintf("%s=%s is outside 0 to %d h", key, raw, advisor.MaxMonthHours), fmt.Sprintf("%s=%s 不在 0 到 %d 小时之间", p.name(key), raw, advisor.MaxMonthHours))
	}
	return v, true, nil
}

// months reads months (left) or min_months: more than 0, at most 120.
func (p reader) months(key string) (float64, bool, error) {
	v, raw, ok, err := p.value(key, chat.Months)
	switch {
	case err != nil || !ok:
		return 0, ok, err
	case v <= 0 || v > advisor.MaxMonths:
		return 0, true, p.bad(key, fmt.Sprintf("%s=%s must be more than 0 and at most %d", key, raw, advisor.MaxMonths),
			fmt.Sprintf("%s=%s 应大于 0 且不超过 %d", p.name(key), raw, advisor.MaxMonths))
	}
	return v, true, nil
}

// yearlyDiscount reads the discount as a fraction: 10%, 0.1, 10 and 9折 are
// all 0.1 (9折 means paying 90%; 85折 paying 85%).
func (p reader) yearlyDiscount() (float64, bool, error) {
	raw, ok := p.a.Raw("yearly_discount")
	if !ok {
		return 0, false, nil
	}
	var pct float64
	if off, ok := chat.PercentOff(raw); ok { // 15% off, -15%, 减15%, 优惠15%
		pct = off
	} else if strings.HasSuffix(strings.TrimSpace(chat.Normalize(raw)), "折") {
		paid, ok := chat.Zhe(raw) // 9折, 8.5折, 八五折, 打九折
		if !ok {
			return 0, true, p.unreadable("yearly_discount", raw)
		}
		pct = 100 - 100*paid
	} else {
		v, _, _, err := p.a.Value("yearly_discount", chat.Percent)
		if err != nil {
			return 0, true, p.unreadable("yearly_discount", raw)
		}
		if v > 0 && v <= 1 && !chat.PercentSign(raw) {
			v *= 100
		}
		pct = v
	}
	if pct < 0 || pct > 90 {
		return 0, true, p.bad("yearly_discount", fmt.Sprintf("yearly_discount=%s is outside 0%% to 90%%", raw), fmt.Sprintf("%s=%s 不在 0%% 到 90%% 之间", p.name("yearly_discount"), raw))
	}
	return pct / 100, true, nil
}

// yearlyPrice reads yearly, the prepay price per card-year, as the
// discount it is off twelve months of the monthly price: 150,000 against
// 12 × 15,000 = 180,000 is 16.7% off.
func (p reader) yearlyPrice(monthly float64) (float64, bool, error) {
	v, given, err := p.positive("yearly", false, 1e10)
	switch {
	case err != nil || !given:
		return 0, false, err
	case p.a.Has("yearly_discount"):
		return 0, true, p.bad("yearly", "give the yearly prepay either as yearly (a price per card-year) or as yearly_discount, not both",
			"包年预付请只写一种：包年（每卡每年的价格）或 包年折扣，不要同时写")
	case v > YearMonths*monthly:
		return 0, true, p.bad("yearly", fmt.Sprintf("yearly=%s per card-year is more than 12 months of monthly=%s (%s): a prepay would cost more than paying monthly; check it is per card and per year",
			chat.Num(v), chat.Num(monthly), chat.Num(YearMonths*monthly)),
			fmt.Sprintf("%s=%s（每卡每年）比 12 个月的包月 %s（%s）还贵：预付反而更贵；请确认是每卡每年的价格",
				p.name("yearly"), chat.Num(v), chat.Num(monthly), chat.Num(YearMonths*monthly)))
	}
	return 1 - v/(YearMonths*monthly), true, nil
}

// YearMonths is the months a yearly prepay covers.
const YearMonths = advisor.YearMonths

// currency is the currency key, or what the prices' signs say.
func (p reader) currency() (string, error) {
	found := ""
	if raw, ok := p.a.Raw("currency"); ok {
		c, ok := currencyCode(raw)
		if !ok {
			return "", p.unreadable("currency", raw)
		}
		found = c
	}
	for _, k := range []string{"ondemand", "monthly", "spot", "yearly"} {
		raw, ok := p.a.Raw(k)
		if !ok {
			continue
		}
		c := currencyOf(raw)
		if c == "" {
			continue
		}
		if found != "" && c != found {
			if p.a.Has("currency") {
				return "", p.bad("currency", fmt.Sprintf("currency=%s, but %s=%s is in %s; give the prices in one currency", found, k, raw, c),
					fmt.Sprintf("币种=%s，但 %s=%s 是 %s；请统一币种", found, p.name(k), raw, c))
			}
			return "", p.bad("currency", fmt.Sprintf("the prices mix currencies (%s and %s); convert them to one", found, c),
				fmt.Sprintf("价格混用了币种（%s 和 %s），请换算成同一币种", found, c))
		}
		found = c
	}
	return found, nil
}

func currencyCode(raw string) (string, bool) { return chat.CurrencyCode(raw) }

// currencyOf reads the currency a price was typed in, "" when it does not say.
func currencyOf(raw string) string { return chat.CurrencyOf(raw) }

// fieldError turns an advisor input error into the user's error. The
// command reads every value first; the rules refuse what only they can see
// (swapped prices, say).
func fieldError(lang chat.Lang, err error) error {
	if e, ok := chat.FromDomain(lang, err); ok {
		return e
	}
	return fmt.Errorf("billing advice: %w", err)
}
