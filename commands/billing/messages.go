package billing

import (
	"strings"

	root "gpuadvisor/advisor"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
)

// zhAlias is the first Chinese alias of key, "" when it has none.
func zhAlias(key string) string {
	for _, k := range keytab.BillingKeys {
		if k.Name != key {
			continue
		}
		for _, a := range k.Aliases {
			if chat.HasHan(a) {
				return a
			}
		}
	}
	return ""
}

func keyNames(lang chat.Lang) string {
	names := make([]string, len(keytab.BillingKeys))
	for i, k := range keytab.BillingKeys {
		names[i] = chat.T(lang, k.Name, chat.HanWord(k.Name, k.Aliases))
	}
	return strings.Join(names, chat.T(lang, ", ", "、"))
}

// acceptedValues say what each key accepts, with values as people type them.
var acceptedValues = root.Lazy[map[string]root.Text]{New: func() map[string]root.Text {
	return map[string]root.Text{
		"ondemand": {EN: "the on-demand price per card-hour, more than 0: 35, 35元/时, ¥35",
			ZH: "每卡每小时的按需价格，须大于 0：35、35元/时、¥35"},
		"monthly": {EN: "the monthly price per card-month, more than 0: 15000, ¥15,000, 1.5万",
			ZH: "每卡每月的包月价格，须大于 0：15000、¥15,000、1.5万"},
		"hours": {EN: "busy hours per card per month, 0 to 744 (31 × 24): 300, 300h, 300小时, 8h/day (× 30 days), weekdays 10h/day (× 22), 40h/week (÷ 7 × 30 days); or one per card, comma-separated: 600,500,300",
			ZH: "每卡每月的使用小时数，0 到 744（31 × 24）：300、300h、300小时、每天8小时（× 30 天）、工作日每天10小时（× 22 天）、每周40小时（÷ 7 × 30 天）；或每卡一个，用英文逗号分隔：600,500,300"},
		"cards": {EN: "a whole number of cards from 1 to 1000, with one hours value for all of them: cards=4",
			ZH: "1 到 1000 之间的整数卡数，配合一个小时数表示每张卡都用这么久：卡数=4"},
		"spot": {EN: "the spot price per card-hour, more than 0: 12, 12元/时",
			ZH: "竞价实例每卡每小时价格，须大于 0：12、12元/时"},
		"interruptible": {EN: "yes or no (是/否)",
			ZH: "是 或 否"},
		"interrupt_rate": {EN: "interruptions per hour, 0 to 1: 0.05 (one every 20 h), 5%",
			ZH: "每小时中断次数，0 到 1：0.05（约 20 小时一次）、5%"},
		"checkpoint": {EN: "hours between checkpoints, 0 to 744: 1, 0.5h, 30min",
			ZH: "两次检查点之间的小时数，0 到 744：1、0.5h、30分钟"},
		"restart": {EN: "hours lost restarting after an interruption, 0 to 744: 0.25, 15min",
			ZH: "每次中断后重启耗费的小时数，0 到 744：0.25、15分钟"},
		"months": {EN: "months the project still runs, more than 0 and at most 120: 6, 6个月, half a year, 1 year, 18 months",
			ZH: "项目剩余月数，大于 0 且不超过 120：6、6个月、半年、1年、一年半"},
		"min_months": {EN: "the shortest term of a monthly reservation, more than 0 and at most 120: 3, 3个月, half a year, 1 year",
			ZH: "包月最短租期，大于 0 且不超过 120：3、3个月、半年、1年"},
		"yearly_discount": {EN: "the yearly prepay discount off the monthly price, 0% to 90%: 10%, 0.1, 10% off, 9折",
			ZH: "包年预付相对包月的折扣，0% 到 90%：10%、0.1、优惠10%、9折、打九折"},
		"yearly": {EN: "the yearly prepay price per card-year, more than 0 and at most 12 × monthly: 150000, 15万/年",
			ZH: "包年预付价格（每卡每年），须大于 0 且不超过 12 × 包月：150000、15万/年"},
		"currency": {EN: "a currency: CNY (¥, 元), USD ($), EUR (€), HKD, JPY, GBP, SGD, KRW, TWD, AUD, CAD, CHF, INR, MYR, THB or AED",
			ZH: "币种：人民币（CNY、¥、元）、美元（USD、$）、欧元（EUR、€）、港币、日元、英镑、新加坡元、韩元、新台币、澳元、加元、瑞士法郎、卢比、令吉、泰铢、迪拉姆"},
	}
}}

// accepted says what key accepts; for a key billing does not take, the keys
// it does.
func accepted(lang chat.Lang, key string) string {
	if v, ok := acceptedValues.Get()[key]; ok {
		return v.In(string(lang))
	}
	return chat.T(lang, "key=value pairs: ", "参数=值：") + keyNames(lang)
}

// example is a whole command line that works, showing key. It is written
// in English only: a Chinese reply shows it in Chinese words
// (chat.Router.Localize), so the two always ask for the same thing.
func example(key string) string {
	base := "billing ondemand=35 monthly=15000 hours=300"
	switch key {
	case "cards":
		return base + " cards=4"
	case "spot", "interruptible", "interrupt_rate", "checkpoint", "restart":
		return base + " spot=12 interruptible=yes interrupt_rate=0.05 checkpoint=1 restart=0.25"
	case "months", "min_months":
		return base + " months=6 min_months=3"
	case "yearly_discount":
		return base + " yearly_discount=10%"
	case "yearly":
		return base + " months=12 yearly=150000"
	case "currency":
		return base + " currency=CNY"
	}
	return base
}
