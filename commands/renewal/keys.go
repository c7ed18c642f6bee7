package renewal

import (
	"math"

	"gpuadvisor/chat"
)

// addKeys are the keys of `renewal add`, with their Chinese aliases.
var addKeys = []chat.Key{
	{Name: "vendor", Aliases: []string{"供应商", "厂商", "商家", "平台", "云厂商", "name"}, Kind: chat.Plain, Example: "酷算云",
		Help: chat.Help("who the contract is with (required)", "合同的供应商（必填）")},
	{Name: "gpu", Aliases: []string{"显卡", "卡型", "型号", "card", "model"}, Kind: chat.Plain, Example: "A100-80G",
		Help: chat.Help("the card rented", "租用的显卡型号")},
	{Name: "cards", Aliases: []string{"卡数", "张数", "数量", "gpus", "n"}, Kind: chat.Count, Example: "8",
		Help: chat.Help("how many cards the contract holds (required)", "合同包含的卡数（必填）")},
	{Name: "mode", Aliases: []string{"方式", "计费方式", "付费方式", "模式", "billing"}, Kind: chat.Plain, Example: "monthly",
		Help: chat.Help("monthly, quarterly or yearly: the period the price is for (default monthly)", "包月、包季或包年：价格对应的周期（默认包月）")},
	{Name: "price", Aliases: []string{"价格", "单价", "月租", "月价", "包月", "monthly"}, Kind: chat.Money, Example: "15000",
		Help: chat.Help("price per card per period of the mode (required)", "每卡每个计费周期的价格（必填）")},
	{Name: "renews", Aliases: []string{"续约日", "续费日", "续约日期", "到期", "到期日", "renewal", "date", "expires"}, Kind: chat.Plain, Example: "2027-03-01",
		Help: chat.Help("the day it renews unless cancelled, YYYY-MM-DD (required)", "不取消就自动续约的日期，YYYY-MM-DD（必填）")},
	{Name: "notice", Aliases: []string{"通知期", "提前通知", "提前", "notice_days"}, Kind: chat.Days, Example: "30d",
		Help: chat.Help("notice period before the renewal date: 30d, 30天, 4w", "续约日前需提前通知的天数：30d、30天、4w")},
	{Name: "remind", Aliases: []string{"提醒", "提醒天数", "reminders", "remind_days"}, Kind: chat.Days, Example: "30,14,7,1",
		Help: chat.Help("days before the notice deadline to remind (default 30,14,7,1)", "在通知截止日前几天提醒（默认 30,14,7,1）")},
	{Name: "ondemand", Aliases: []string{"按需", "按需价", "od", "hourly"}, Kind: chat.Money, Example: "35",
		Help: chat.Help("on-demand price per card-hour, for the keep-or-switch advice", "每卡每小时的按需价格，用于续约或切换建议")},
	{Name: "term", Aliases: []string{"期限", "最短期限", "续约期限", "min_term", "minimum"}, Kind: chat.Plain, Example: "3m",
		Help: chat.Help("minimum term a renewal commits to: 3m, 3个月, 1y (default the mode's period)", "续约最短期限：3m、3个月、1y（默认一个计费周期）")},
	{Name: "hours", Aliases: []string{"时长", "小时", "用量", "usage"}, Kind: chat.Hours, Example: "310",
		Help: chat.Help("actual busy hours per card per month: one average, or one per card", "每卡每月实际使用小时：一个平均值，或每卡一个")},
	{Name: "scope", Aliases: []string{"范围", "可见范围", "共享", "share", "visibility"}, Kind: chat.Plain, Example: "team",
		Help: chat.Help("who sees and changes it: channel (default, only here) or team", "谁能查看和修改：channel（默认，仅本频道）或 team（全团队）")},
}

// usageKeys are the keys of `renewal usage`.
var usageKeys = []chat.Key{addKeys[10], addKeys[8]}

// keyExample is key=example for key, for error messages.
func keyExample(key string) string {
	for _, k := range addKeys {
		if k.Name == key {
			return "renewal add ... " + k.Name + "=" + k.Example
		}
	}
	return examples[0]
}

var scopeAliases = map[string]string{
	"团队": "team", "全团队": "team", "团队共享": "team", "共享": "team", "workspace": "team", "shared": "team",
	"频道": "channel", "本频道": "channel", "群": "channel", "本群": "channel", "群聊": "channel", "chat": "channel", "private": "channel",
}

var modeAliases = map[string]string{
	"包月": "monthly", "月付": "monthly", "按月": "monthly", "month": "monthly", "月": "monthly",
	"包季": "quarterly", "季付": "quarterly", "按季": "quarterly", "quarter": "quarterly", "季": "quarterly",
	"包年": "yearly", "年付": "yearly", "按年": "yearly", "year": "yearly", "annual": "yearly", "annually": "yearly", "年": "yearly",
}

// wholeDays turns a list of day counts into whole days.
func wholeDays(lang chat.Lang, key string, vs []float64) ([]int, error) {
	out := make([]int, len(vs))
	for i, v := range vs {
		if v != math.Trunc(v) {
			return nil, chat.Invalidf(lang, key, keyExample(key), "%s must be whole days, got %s", "%s 必须是整天数，收到 %s", key, chat.Num(v))
		}
		out[i] = int(v)
	}
	return out, nil
}
