package billing

import (
	"strings"

	"gpuadvisor/chat"
)

// zhAlias is the first Chinese alias of key, "" when it has none.
func zhAlias(key string) string {
	for _, k := range keys {
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

func keyNames() string {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = k.Name
	}
	return strings.Join(names, ", ")
}

// accepted says what key accepts, with values as people type them.
func accepted(lang chat.Lang, key string) string {
	t := func(en, zh string) string { return chat.T(lang, en, zh) }
	switch key {
	case "ondemand":
		return t("the on-demand price per card-hour, more than 0: 35, 35元/时, ¥35", "每卡每小时的按需价格，须大于 0：35、35元/时、¥35")
	case "monthly":
		return t("the monthly price per card-month, more than 0: 15000, ¥15,000, 1.5万", "每卡每月的包月价格，须大于 0：15000、¥15,000、1.5万")
	case "hours":
		return t("busy hours per card per month, 0 to 744 (31 × 24): 300, 300h, 300小时, 8h/day (× 30 days), weekdays 10h/day (× 22); or one per card, comma-separated: 600,500,300",
			"每卡每月的使用小时数，0 到 744（31 × 24）：300、300h、300小时、每天8小时（× 30 天）、工作日每天10小时（× 22 天）；或每卡一个，用英文逗号分隔：600,500,300")
	case "cards":
		return t("a whole number of cards from 1 to 1000, with one hours value for all of them: cards=4",
			"1 到 1000 之间的整数卡数，配合一个小时数表示每张卡都用这么久：卡数=4")
	case "spot":
		return t("the spot price per card-hour, more than 0: 12, 12元/时", "竞价实例每卡每小时价格，须大于 0：12、12元/时")
	case "interruptible":
		return t("yes or no (是/否)", "yes 或 no（是/否）")
	case "interrupt_rate":
		return t("interruptions per hour, 0 to 1: 0.05 (one every 20 h), 5%", "每小时中断次数，0 到 1：0.05（约 20 小时一次）、5%")
	case "checkpoint":
		return t("hours between checkpoints, 0 to 744: 1, 0.5h, 30min", "两次检查点之间的小时数，0 到 744：1、0.5h、30分钟")
	case "restart":
		return t("hours lost restarting after an interruption, 0 to 744: 0.25, 15min", "每次中断后重启耗费的小时数，0 到 744：0.25、15分钟")
	case "months":
		return t("months the project still runs, more than 0 and at most 120: 6, 6个月", "项目剩余月数，大于 0 且不超过 120：6、6个月")
	case "min_months":
		return t("the shortest term of a monthly reservation, more than 0 and at most 120: 3, 3个月", "包月最短租期，大于 0 且不超过 120：3、3个月")
	case "yearly_discount":
		return t("the yearly prepay discount off the monthly price, 0% to 90%: 10%, 0.1, 9折", "包年预付相对包月的折扣，0% 到 90%：10%、0.1、9折")
	case "currency":
		return t("a currency: CNY (¥, 元), USD ($), EUR (€) or another 3-letter code", "币种：CNY（¥、元）、USD（$）、EUR（€）或其他三字母代码")
	}
	return t("key=value pairs: ", "key=value 参数：") + keyNames()
}

// example is a whole command line that works, showing key, in the user's
// language.
func example(lang chat.Lang, key string) string {
	base := chat.T(lang, "billing ondemand=35 monthly=15000 hours=300", "计费 按需=35元/时 包月=1.5万 时长=300小时")
	switch key {
	case "cards":
		return base + chat.T(lang, " cards=4", " 卡数=4")
	case "spot", "interruptible", "interrupt_rate", "checkpoint", "restart":
		return chat.T(lang,
			"billing ondemand=35 monthly=15000 hours=300 spot=12 interruptible=yes interrupt_rate=0.05 checkpoint=1 restart=0.25",
			"计费 按需=35 包月=15000 时长=300 竞价=12 可中断=是 中断率=0.05 检查点=1 重启=0.25")
	case "months", "min_months":
		return base + chat.T(lang, " months=6 min_months=3", " 剩余月数=6 最短租期=3")
	case "yearly_discount":
		return base + chat.T(lang, " yearly_discount=10%", " 包年折扣=9折")
	case "currency":
		return base + chat.T(lang, " currency=CNY", " 币种=CNY")
	}
	return base
}
