package commands

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// badInput is one bad or odd line a user may type, and what its reply must
// do. An error row (key set) must fail naming key, its message holding every
// phrase of says, with an example in the user's language; an answered row
// (key empty) must be answered, its reply showing every phrase of says (the
// default or the reading it took, never a silent one).
type badInput struct {
	name string
	line string
	key  string   // the key the error names; "" when the line must be answered
	says []string // phrases the message (or the answered reply) must hold
}

// badInputs are the bad and odd inputs of every command, in English and in
// Chinese: typos, repeats, empty values, numbers out of range or too big to
// hold, units and currencies in odd places, full-width text, dates the
// calendar lacks, ids that do not exist, and what chat platforms add.
var badInputs = []badInput{
	// keys
	{"unknown key", "billing ondemand=35 monthly=15000 hours=300 foo=1", "foo", []string{`"foo"`, "hours"}},
	{"unknown key zh", "计费 按需=35 包月=15000 时长=300 乱写=1", "乱写", []string{`"乱写"`, "时长"}},
	{"key typo suggests the key", "billing ondemand=35 monthly=15000 hourz=300", "hourz", []string{"Did you mean hours", "hours=300"}},
	{"key typo ties name both zh", "计费 按需=35 包月=15000 时常=300", "时常", []string{"时长", "时长=300"}},
	{"key typo in a sub-command", "renewal add vender=X gpu=A100 cards=8 price=15000 renews=2027-03-01", "vender", []string{"vendor"}},
	{"duplicate key, other value", "billing ondemand=35 monthly=15000 hours=300 hours=400", "hours", []string{"twice", "300", "400"}},
	{"duplicate key, other value zh", "计费 按需=35 包月=15000 时长=300 时长=400", "hours", []string{"两次", "300", "400"}},
	{"duplicate key, alias and name", "billing ondemand=35 od=36 monthly=15000 hours=300", "ondemand", []string{"twice", "35", "36"}},
	{"duplicate key, same value", "billing ondemand=35 monthly=15000 hours=300 hours=300", "", []string{"300 h"}},
	{"empty value", "billing ondemand=35 monthly=15000 hours=", "hours", []string{"empty", "hours=300"}},
	{"empty value zh", "计费 按需=35 包月=15000 时长=", "hours", []string{"空", "时长=300"}},
	{"empty choice", "settings market=", "market", []string{"empty", "cn"}},
	{"empty choice zh", "设置 市场=", "market", []string{"空", "中国"}},
	{"mixed-language keys zh", "计费 ondemand=35 包月=15000 时长=300", "", []string{"按需"}},
	{"alias of the command zh", "账单 按需=35 包月=15000 时长=300", "", []string{"按需"}},
	{"only a command word", "billing", "ondemand", []string{"missing", "ondemand=35"}},
	{"only a command word zh", "计费", "ondemand", []string{"缺少", "按需=35"}},
	{"only a sub-command", "renewal add", "vendor", []string{"missing", "vendor="}},
	{"only a sub-command zh", "续约 添加", "vendor", []string{"缺少", "供应商="}},
	{"a required key missing", "billing ondemand=35 hours=300", "monthly", []string{"monthly"}},
	{"a required key missing zh", "计费 按需=35 时长=300", "monthly", []string{"包月"}},

	// numbers
	{"negative", "billing ondemand=35 monthly=15000 hours=-5", "hours", []string{"negative"}},
	{"zero price", "billing ondemand=0 monthly=15000 hours=300", "ondemand", []string{"more than 0"}},
	{"zero cards zh", "计费 按需=35 包月=15000 时长=300 卡数=0", "cards", []string{"1 到 1000"}},
	{"NaN", "billing ondemand=NaN monthly=15000 hours=300", "ondemand", []string{`"NaN"`, "35"}},
	{"Inf zh", "计费 按需=Inf 包月=15000 时长=300", "ondemand", []string{`"Inf"`, "35"}},
	{"1e309 is too big", "billing ondemand=35 monthly=1e309 hours=300", "monthly", []string{"too large"}},
	{"1e309 is too big zh", "计费 按需=35 包月=1e309 时长=300", "monthly", []string{"太大"}},
	{"huge hours", "billing ondemand=35 monthly=15000 hours=99999999999999999999", "hours", []string{"744"}},
	{"huge price", "price set gpu=a100-80g ondemand=9999999999999", "ondemand", []string{"between"}},
	{"huge price zh", "价格 设置 显卡=a100-80g 按需=9999999999999", "ondemand", []string{"之间"}},
	{"negative price zh", "价格 设置 显卡=a100-80g 按需=-9", "ondemand", []string{"-9"}},
	{"emoji value", "billing ondemand=😀 monthly=15000 hours=300", "ondemand", []string{"😀", "35"}},
	{"emoji word", "billing ondemand=35 monthly=15000 hours=300 😀", "command", []string{"😀"}},
	{"not a number zh", "计费 按需=abc 包月=15000 时长=300", "ondemand", []string{`"abc"`, "35"}},
	{"one bad value in a list", "billing ondemand=35 monthly=15000 hours=300,abc", "hours", []string{"abc", "card 2"}},

	// money, units, Chinese numbers
	{"yuan per hour", "billing ondemand=35元/小时 monthly=15000 hours=300", "", []string{"¥35/h"}},
	{"yen sign", "billing ondemand=¥35 monthly=15000 hours=300", "", []string{"¥35/h"}},
	{"dollars per hour", "billing ondemand=$2.5/h monthly=$1500 hours=300", "", []string{"$2.5/h"}},
	{"3千", "billing ondemand=35 monthly=3千 hours=300", "", []string{"¥3,000"}},
	{"1.5万 zh", "计费 按需=35 包月=1.5万 时长=300", "", []string{"¥15,000"}},
	{"full-width digits, ＝ and ：", "billing ondemand=３５ monthly＝15000 hours：300", "hours", []string{"colon", "hours=300"}},
	{"full-width space zh", "计费　按需＝35　包月＝15000　时长＝300", "", []string{"¥35/小时"}},
	{"Chinese comma between pairs zh", "计费 按需=35，包月=15000，时长=300", "", []string{"¥15,000"}},
	{"hours with h", "billing ondemand=35 monthly=15000 hours=300h", "", []string{"300 h"}},
	{"hours with 小时 zh", "计费 按需=35 包月=15000 时长=300小时", "", []string{"300 小时"}},
	{"hours a day zh", "计费 按需=35 包月=15000 时长=每天8小时", "", []string{"× 30 天"}},
	{"hours with a money unit", "billing ondemand=35 monthly=15000 hours=300元", "hours", []string{"300元", "hours=300"}},
	{"price with an hours unit", "billing ondemand=35小时 monthly=15000 hours=300", "ondemand", []string{"35小时"}},
	{"monthly price typed as hourly zh", "计费 按需=1.5万/月 包月=15000 时长=300", "ondemand", []string{"按需"}},
	{"seq 32k", "tier model=qwen2.5-14b mode=lora seq=32k", "", []string{"32,768"}},
	{"seq 32K", "tier model=qwen2.5-14b mode=lora seq=32K", "", []string{"32,768"}},
	{"seq with a money unit", "tier model=qwen2.5-14b mode=lora seq=32元", "seq", []string{"32元"}},
	{"tokens 1b", "tier model=qwen2.5-32b mode=full tokens=1b", "", []string{"1B-token"}},
	{"tokens 1B", "tier model=qwen2.5-32b mode=full tokens=1B", "", []string{"1B-token"}},
	{"tokens 1e9", "tier model=qwen2.5-32b mode=full tokens=1e9", "", []string{"1B-token"}},
	{"tokens 10亿 zh", "选卡 模型=qwen2.5-32b 模式=全参 训练token=10亿", "", []string{"1B token"}},

	// percentages
	{"utilization 90%", "tier model=qwen2.5-14b mode=lora utilization=90%", "", []string{"limit is 90%"}},
	{"utilization 0.9", "tier model=qwen2.5-14b mode=lora utilization=0.9", "", []string{"limit is 90%"}},
	{"utilization 90", "tier model=qwen2.5-14b mode=lora utilization=90", "", []string{"limit is 90%"}},
	{"utilization 150", "tier model=qwen2.5-14b mode=lora utilization=150", "utilization", []string{"150", "0.9"}},
	{"interrupt rate 150% zh", "计费 按需=35 包月=15000 时长=300 竞价=12 可中断=是 中断率=150% 检查点=1 重启=0.25", "interrupt_rate", []string{"150%", "0 到 1"}},
	{"yearly discount 120%", "billing ondemand=35 monthly=15000 hours=300 yearly_discount=120%", "yearly_discount", []string{"120%", "90%"}},

	// yes/no and choices
	{"yes/no typo", "billing ondemand=35 monthly=15000 hours=300 spot=12 interruptible=maybe", "interruptible", []string{`"maybe"`, "yes"}},
	{"yes/no typo zh", "计费 按需=35 包月=15000 时长=300 竞价=12 可中断=不确定", "interruptible", []string{`"不确定"`, "是"}},
	{"choice typo zh", "选卡 模型=qwen2.5-14b 模式=飞", "mode", []string{`"飞"`, "推理"}},
	{"choice typo", "settings market=mars", "market", []string{`"mars"`, "global"}},
	{"choice typo market zh", "设置 市场=火星", "market", []string{`"火星"`, "国外"}},
	{"repeated setting", "settings market=cn market=global", "market", []string{"twice", "cn", "global"}},

	// dates
	{"a day the calendar lacks", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=2027-02-30 notice=30d", "renews", []string{"2027-02-30", "no day 30", "renews=2027-03-01"}},
	{"a day the calendar lacks zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=2027-02-30 通知期=30天", "renews", []string{"没有 30 日", "续约日=2027-03-01"}},
	{"a date with slashes", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=2027/3/1 notice=30d", "", []string{"2027-03-01"}},
	{"a date without the year zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=3月1日 通知期=30天", "renews", []string{"年份", "续约日=2027-03-01"}},
	{"a date in words zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=明天 通知期=30天", "renews", []string{"明天", "续约日=2027-03-01"}},
	{"a date in words", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=tomorrow notice=30d", "renews", []string{"tomorrow", "renews=2027-03-01"}},
	{"a date passed", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=2026-03-01 notice=30d", "renews", []string{"not in the future"}},
	{"notice not read zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=2027-03-01 通知期=abc", "notice", []string{`"abc"`, "通知期=30天"}},
	{"no notice: default stated", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=2027-03-01", "", []string{"notice not given"}},

	// ids and names that do not exist
	{"renewal id unknown", "renewal remove nope", "id", []string{"nope", "renewal list"}},
	{"renewal id unknown zh", "续约 删除 不存在", "id", []string{"不存在", "续约 列表"}},
	{"price id unknown", "price remove nope", "id", []string{"nope", "price list"}},
	{"vendor unknown", "vendor show nope", "vendor", []string{"nope"}},
	{"vendor unknown by 查看 zh", "供应商 查看 不存在", "vendor", []string{"不存在"}},
	{"card unknown", "price set gpu=nosuch ondemand=9", "gpu", []string{"nosuch", "a100"}},
	{"card unknown zh", "价格 设置 显卡=不存在 按需=9", "gpu", []string{"不存在", "a100"}},
	{"model unknown zh", "选卡 模型=不存在的模型", "model", []string{"不存在的模型", "参数量="}},
	{"unknown command", "bilimg ondemand=35 monthly=15000 hours=300", "command", []string{"billing"}},
	{"unknown command zh", "记费 按需=35", "command", []string{"计费"}},

	// vendor compare reads its keys even before there is evidence
	{"compare hours not read", "vendor compare hours=abc", "hours", []string{`"abc"`}},
	{"compare rate not read zh", "供应商 比较 时长=720 卡数=8 汇率=abc", "rate", []string{"abc", "汇率="}},
	{"compare rate empty", "vendor compare hours=720 cards=8 rate=", "rate", []string{"rate=USD:7.2"}},

	// quote: a vendor's bad value is named in the user's words
	{"quote vendor value not read zh", `报价 时长=300 卡数=8 A: 单价=35; B: 单价=abc; C: 单价=29`, "", []string{`"abc"`, "单价=35"}},
	{"quote one vendor only", "quote hours=300 cards=8 A: price=35", "", []string{"Only one vendor"}},
	{"quote cards zero", "quote hours=300 cards=0 A: price=35; B: price=29", "cards", []string{"cards=0"}},

	// platforms and pasted text
	{"Feishu mention prefix zh", "@_user_1 计费 按需=35 包月=15000 时长=300", "", []string{"¥35/小时"}},
	{"Feishu mention prefix", "@_user_1 billing ondemand=35 monthly=15000 hours=300", "", []string{"¥35/h"}},
	{"Feishu mention inside zh", "计费 @_user_2 按需=35 包月=15000 时长=300", "", []string{"¥35/小时"}},
	{"Slack mention prefix", "<@U0123ABC> billing ondemand=35 monthly=15000 hours=300", "", []string{"¥35/h"}},
	{"Slack entity", "billing ondemand=35 monthly=15000 hours=300 &amp; cards=2", "command", []string{`"&"`}},
	{"Slack mailto link", "renewal add vendor=<mailto:sales@x.com|sales@x.com> gpu=A100 cards=8 price=15000 renews=2027-03-01 notice=30d", "", []string{"sales@x.com"}},
	{"Slack link as a value", "billing ondemand=<http://35|35> monthly=15000 hours=300", "", []string{"¥35/h"}},
	{"smart quotes", "billing ondemand=“35” monthly=15000 hours=300", "", []string{"¥35/h"}},
	{"injection-ish text", "billing ondemand=35;rm -rf / monthly=15000 hours=300", "command", []string{"rm"}},
	{"script tag", `price set gpu=a100-80g ondemand=9 vendor=<script>alert(1)</script>`, "", []string{"alert(1)"}},
	{"very long value", "billing ondemand=" + strings.Repeat("9", 5000) + " monthly=15000 hours=300", "ondemand", []string{"too large"}},
	{"key=value before the command", "ondemand=35 billing monthly=15000", "command", []string{"billing"}},
	{"Chinese colon for = zh", "选卡 模型：qwen2.5-14b 模式：lora", "model", []string{"不要用冒号", "模型=qwen2.5-14b"}},
	{"a very long paste", "checklist check " + strings.Repeat("We have NVLink. ", 8000), "text", []string{"100 KB"}},

	// help
	{"--help after a command", "billing --help", "", []string{"ondemand"}},
	{"--help after a command zh", "计费 --help", "", []string{"按需"}},
	{"help for a command that does not exist zh", "帮助 不存在", "command", []string{"不存在"}},

	// round 2: tier, price, billing's currency, vendor compare
	{"empty model", "tier model= mode=lora", "model", []string{"empty", "model=qwen2.5-14b"}},
	{"empty model zh", "选卡 模型= 模式=微调", "model", []string{"空值", "模型=qwen2.5-14b"}},
	{"price in dollars keeps its currency", "price set gpu=a100-80g-sxm ondemand=$2", "", []string{"2 USD"}},
	{"price currency unknown", "price set gpu=a100-80g-sxm ondemand=9 currency=xyz", "currency", []string{`"xyz"`, "USD"}},
	{"price currency contradicts a sign", "price set gpu=a100-80g-sxm ondemand=$9 currency=CNY", "currency", []string{"USD", "CNY"}},
	{"price per month typed as on-demand zh", "价格 设置 显卡=a100-80g-sxm 按需=9元/月", "ondemand", []string{"每月", "按需=9"}},
	{"price per hour typed as monthly", "price set gpu=a100-80g-sxm monthly=35元/时", "monthly", []string{"an hour", "monthly=5000"}},
	{"price vendor empty", "price set gpu=a100-80g-sxm ondemand=9 vendor=", "vendor", []string{"empty"}},
	{"price date the calendar lacks", "price set gpu=a100-80g-sxm ondemand=9 date=2026-02-30", "date", []string{"no day 30"}},
	{"billing currency unknown", "billing ondemand=35 monthly=15000 hours=300 currency=xyz", "currency", []string{`"xyz"`, "USD"}},
	{"billing currency in Chinese zh", "计费 按需=35 包月=15000 时长=300 货币=欧元", "", []string{"EUR"}},
	{"billing spot as 现货 zh", "计费 按需=35 包月=15000 时长=300 现货=12 可中断=否", "", []string{"竞价"}},
	{"compare card unknown", "vendor compare gpu=nosuch", "gpu", []string{"nosuch", "a100-80g-sxm"}},
	{"compare cards zero", "vendor compare cards=0", "cards", []string{"cards=0"}},
	{"compare months not read zh", "供应商 对比 月数=abc", "months", []string{`"abc"`}},

	// round 3: what a Chinese reply to an English line showed in English
	{"recompute not read", "tier model=qwen2.5-7b mode=full recompute=maybe", "recompute", []string{`"maybe"`, "recompute=full"}},
	{"exclude an unknown card", "tier model=qwen2.5-14b mode=lora exclude=nosuch", "exclude", []string{"nosuch", "a100-80g-sxm"}},
	{"exclude an unknown card zh", "选卡 模型=qwen2.5-14b 模式=微调 排除=不存在", "exclude", []string{"不存在", "排除="}},
	{"term not read zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=2027-03-01 通知期=30天 期限=永远", "term", []string{"永远", "3个月"}},
	{"intranet not read", `trial check intranet=abc "x"`, "intranet", []string{`"abc"`, "10g"}},
	{"quote price in dollars", "quote hours=300 cards=8 A: price=$35; B: price=29; C: price=30", "", []string{"not in yuan"}},
	{"quote vendor key typed twice", "quote hours=300 cards=8 A: price=35 price=36; B: price=29; C: price=30", "", []string{"twice"}},
	{"draft what is not known", "draft frob", "draft", []string{`"frob"`}},

	// round 4: what a paste or a habit adds
	{"a unit after a space", "billing ondemand=35 元 monthly=15000 hours=300 h", "", []string{"¥35/h", "300 h"}},
	{"a unit after a space zh", "计费 按需=35 元/小时 包月=1.5 万 时长=300 小时", "", []string{"¥15,000"}},
	{"a key without its value", "billing ondemand monthly=15000 hours=300", "ondemand", []string{"no value", "ondemand=35"}},
	{"a key without its value zh", "设置 市场", "market", []string{"没有值", "市场="}},
	{"a key without its value in a sub-command", "renewal add vendor gpu=A100", "vendor", []string{"no value", "vendor=酷算云"}},
	{"a zero-width space", "billing ondemand=35 monthly=15000 hours=300\u200b", "", []string{"300 h"}},
	{"a command in code marks", "`billing ondemand=35 monthly=15000 hours=300`", "", []string{"¥35/h"}},
	{"a command in a code block zh", "```计费 按需=35 包月=15000 时长=300```", "", []string{"¥35/小时"}},
	{"upper case", "BILLING ONDEMAND=35 MONTHLY=15000 HOURS=300", "", []string{"¥35/h"}},
	{"a look-alike letter in a key", "billing ondemand=35 monthly=15000 h\u043eurs=300", "h\u043eurs", []string{"Did you mean hours=300"}},
	{"--lang in chat", "billing ondemand=35 monthly=15000 hours=300 --lang zh", "", []string{"按需"}},
	{"pairs on separate lines", "billing ondemand=35\nmonthly=15000\nhours=300", "", []string{"¥35/h"}},
	{"Chinese numerals zh", "计费 按需=三十五元 包月=一万五 时长=三百 卡数=八", "", []string{"¥15,000", "8"}},

	// round 5: checklist, renewal new
	{"an item id with a word after it", "checklist hw.gpu_model extra", "checklist", []string{`"extra"`, "checklist check"}},
	{"full empty", "checklist check full= We have NVLink.", "full", []string{"empty", "full=yes"}},
	{"vendor empty zh", "清单 检查 供应商= 我们有NVLink。", "vendor", []string{"空值", "供应商=酷算云"}},
	{"a prefill with a value not read", "renewal new billing ondemand=abc monthly=15000 hours=300", "", []string{"Not read", "ondemand=abc"}},
	{"key=value first zh", "按需=35 计费 包月=15000", "command", []string{"按需=", "计费"}},
	{"words before the command zh", "帮我算一下 计费 按需=35 包月=15000 时长=300", "command", []string{"计费", "计费 按需=35 包月=15000 时长=300"}},
	{"words before the command", "please billing ondemand=35 monthly=15000 hours=300", "command", []string{`"please"`, "billing ondemand=35 monthly=15000 hours=300"}},
	{"a colon for = in a sub-command", "price set gpu:a100-80g-sxm ondemand=9", "gpu", []string{"colon", "gpu=a100-80g-sxm"}},
	{"a colon for = zh", "设置 市场：海外", "market", []string{"冒号", "市场=海外"}},
	{"a direction mark", "billing ondemand=35 monthly=15000 hours=\u202e300", "", []string{"300 h"}},
	{"a prefill in Chinese zh", "续约 新建 计费 按需=35 包月=1.5万 时长=300", "", []string{"续约日=年-月-日", "期限=3个月"}},

	// round 8: days written day-first, approximate numbers
	{"a day with the year last", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=01/03/2027 notice=30d", "renews", []string{"01/03/2027", "year first", "renews=2027-03-01"}},
	{"a day with the year last zh", "续约 添加 供应商=X 显卡=A100 卡数=8 单价=15000 续约日=3.1.2027 提前=30天", "renews", []string{"3.1.2027", "年份写在前面"}},
	{"an approximate number", "billing ondemand=35 monthly=15000 hours=约300", "", []string{"300 h"}},
	{"an approximate number zh", "计费 按需=35 包月=1.5万 时长=300左右", "", []string{"300"}},

	// round 9: numbers as phones and habits write them
	{"八五折 is 85% paid zh", "计费 按需=35 包月=15000 时长=300 包年折扣=八五折", "", []string{"1 − 15%"}},
	{"打九五折 zh", "计费 按需=35 包月=15000 时长=300 包年折扣=打九五折", "", []string{"1 − 5%"}},
	{"八点五折 zh", "计费 按需=35 包月=15000 时长=300 包年折扣=八点五折", "", []string{"1 − 15%"}},
	{"百分之十 zh", "计费 按需=35 包月=15000 时长=300 包年折扣=百分之十", "", []string{"1 − 10%"}},
	{"a big discount is said as read", "billing ondemand=35 monthly=15000 hours=300 yearly_discount=85%", "", []string{"85% off", "yearly_discount=15%"}},
	{"a big discount is said as read zh", "计费 按需=35 包月=15000 时长=300 包年折扣=0.85", "", []string{"减 85%", "包年折扣=15%"}},
	{"Chinese digits in a row zh", "计费 按需=35 包月=15000 时长=三五百", "hours", []string{"三五百", "阿拉伯数字"}},
	{"a decimal point in words zh", "计费 按需=三十五点五 包月=一点五万 时长=300", "", []string{"¥35.5/小时", "¥15,000"}},
	{"per card-hour in words zh", "计费 按需=35元每卡时 包月=1.5万每卡每月 时长=300", "", []string{"¥35/小时", "¥15,000"}},
	{"per GPU-hour", "billing ondemand=$2.5/gpu/h monthly=$1500/gpu/month hours=300", "", []string{"$2.5/h"}},
	{"a monthly price per card-hour", "billing ondemand=35 monthly=15000/card-hour hours=300", "monthly", []string{"per hour"}},
	{"a dot between thousands", "billing ondemand=35 monthly=15.000 hours=300", "monthly", []string{"15.000", "reads two ways", "15000"}},
	{"a dot between thousands zh", "计费 按需=35 包月=15.000 时长=300", "monthly", []string{"两种读法", "15000"}},
	{"dots between thousands", "billing ondemand=35000 monthly=15.000.000 hours=300", "", []string{"¥15,000,000"}},
	{"a decimal comma", "billing ondemand=35,5 monthly=15000 hours=300", "ondemand", []string{"35.5"}},
	{"a range of hours", "billing ondemand=35 monthly=15000 hours=300-400小时", "hours", []string{"a range", "350"}},
	{"a range of hours zh", "计费 按需=35 包月=15000 时长=300到400", "hours", []string{"范围", "350"}},
	{"a range of cards", "billing ondemand=35 monthly=15000 hours=300 cards=8~16", "cards", []string{"a range", "12"}},
	{"a range of prices zh", "价格 设置 显卡=a100-80g 按需=9到10", "ondemand", []string{"范围", "9.5"}},
	// round 9: the shape of a line typed on a phone
	{"a ! at the end", "billing ondemand=35 monthly=15000 hours=300!", "", []string{"300 h"}},
	{"a ？ at the end zh", "计费 按需=35 包月=15000 时长=300？", "", []string{"300 小时"}},
	{"single quotes around values", "billing ondemand=‘35’ monthly='15000' hours=300", "", []string{"¥35/h", "¥15,000"}},
	{"a space inside a number", "billing ondemand=35 monthly=15 000 hours=300", "monthly", []string{"monthly=15 000", "without spaces"}},
	{"a space between two cards' hours", "billing ondemand=35 monthly=15000 hours=300 400", "hours", []string{"hours=300,400"}},
	{"a space inside a date zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=2027 3 1", "renews", []string{"空格", "续约日=2027-03-01"}},
	{"a name with a space", "renewal add vendor=Ku Suan gpu=A100 cards=8 price=15000 renews=2027-03-01", "vendor", []string{`vendor="Ku Suan"`}},
	{"a day in English words", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=Mar 1 2027", "renews", []string{`"1 2027"`, `renews="Mar 1 2027"`, "renews=2027-03-01"}},
	{"a slash before the command", "/billing ondemand=35 monthly=15000 hours=300", "", []string{"¥35/h"}},
	{"a sub-command with a ? zh", "续约 添加？", "vendor", []string{"缺少"}},

	// round 9: dates, hours, cards and keys in other spellings
	{"a date as eight digits", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=20270301 notice=30d", "", []string{"2027-03-01"}},
	{"a date in Chinese numerals zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=二〇二七年三月一日 通知期=30天", "", []string{"2027-03-01"}},
	{"eight digits the calendar lacks", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=20270230 notice=30d", "renews", []string{"no day 30"}},
	{"round the clock", "billing ondemand=35 monthly=15000 hours=24/7", "", []string{"24 h a day × 30 days = 720 h"}},
	{"round the clock zh", "计费 按需=35 包月=15000 时长=全天", "", []string{"720 小时"}},
	{"cards with GPUs after a space", "billing ondemand=35 monthly=15000 hours=300 cards=8 GPUs", "", []string{"8 (300 h a month"}},
	{"machines for cards", "billing ondemand=35 monthly=15000 hours=300 cards=2台", "cards", []string{"machines", "16"}},
	{"machines for cards zh", "选卡 模型=qwen2.5-14b 模式=微调 卡数=2台", "cards", []string{"机器", "16 张卡"}},
	{"keys in pinyin zh", "计费 anxu=35 baoyue=15000 shichang=300", "anxu", []string{"你是不是想写 按需=35"}},
	{"a key in pinyin", "billing ondemand=35 baoyue=15000 hours=300", "baoyue", []string{"Did you mean monthly=15000"}},
	{"a key and a word after it", "billing ondemand_price=35 monthly=15000 hours=300", "ondemand_price", []string{"Did you mean ondemand=35"}},
	{"a key and a word after it zh", "计费 按需单价=35 包月=15000 时长=300", "按需单价", []string{"你是不是想写 按需=35"}},
	{"a command in pinyin zh", "jifei 按需=35 包月=15000 时长=300", "command", []string{"你是不是想用 计费"}},
	{"a command in pinyin", "xuyue list", "command", []string{"Did you mean renewal"}},
	{"a sub-command in pinyin zh", "续约 tianjia", "renewal", []string{"你是不是想用 添加"}},

	// round 9: currencies in words, and prices kept in yuan
	{"dollars in words", "billing ondemand=35美元 monthly=1500美元 hours=300", "", []string{"$35/h", "$1,500"}},
	{"euros by sign", "billing ondemand=€2.5 monthly=€1500 hours=300", "", []string{"2.5 EUR/h"}},
	{"US$ before the number", "billing ondemand=US$2.5 monthly=US$1500 hours=300", "", []string{"$2.5/h"}},
	{"a renewal price in dollars", "renewal add vendor=X gpu=A100 cards=8 price=$1500 renews=2027-03-01 notice=30d", "price", []string{"USD", "yuan", "price=15000"}},
	{"a renewal price in dollars zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=1500美元 续约日=2027-03-01 通知期=30天", "price", []string{"美元", "人民币", "价格=15000"}},
	{"a renewal's on-demand price in dollars", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=2027-03-01 notice=30d ondemand=$2", "ondemand", []string{"USD"}},
	{"a renewal letter's price in dollars", "draft renewal vendor=X price=$1500 cards=8 ondemand=35 hours=310 renews=2027-03-01", "price", []string{"USD", "yuan"}},

	// round 9: help asked in many ways
	{"a command word and ?", "billing?", "", []string{"ondemand=35"}},
	{"a command word and ？ zh", "计费？", "", []string{"按需=35"}},
	{"a command word and 帮助 zh", "计费 帮助", "", []string{"按需=35"}},
	{"a command word and help", "billing help", "", []string{"ondemand=35"}},
	{"a sub-command and help", "renewal add help", "", []string{"renews="}},
	{"怎么用 after a command zh", "续约 怎么用", "", []string{"续约日="}},
	{"help me", "help me", "", []string{"billing"}},
	{"/help", "/help", "", []string{"billing"}},
	{"a greeting", "hi", "", []string{"billing"}},
	{"a greeting zh", "你好", "", []string{"计费"}},
	{"怎么用 zh", "怎么用", "", []string{"计费"}},

	{"a quoted number with spaces", `billing ondemand=35 monthly="15 000" hours=300`, "monthly", []string{"without spaces: 15000"}},

	// round 10: a key typo's suggestion in the user's words
	{"a key typo's value in Chinese words zh", "显存 模型=qwen2.5-14b 模试=lora", "模试", []string{"你是不是想写 模型=qwen2.5-14b 或 模式=微调？"}},
	{"a sub-command's key typo in Chinese words zh", "续约 添加 供应商=酷算云 卡数=8 价格=15000 续约日=2027-03-01 通知期=30天 期线=3个月", "期线", []string{"续约 添加 不接受参数", "你是不是想写 期限=3个月？"}},
	{"a price book key typo in Chinese words zh", "价格 设置 显卡=a100-80g 按需=9 范畴=团队", "范畴", []string{"你是不是想写 范围=团队？"}},
	{"a key's last word", "billing ondemand=35 monthly=15000 hours=500 discount=15%", "discount", []string{"Did you mean yearly_discount=10%?"}},
	{"a key's last word zh", "计费 按需=35 包月=15000 时长=500 折扣=85折", "折扣", []string{"你是不是想写 包年折扣=10%？"}},
	// round 10: discounts as people write them, and prices with a discount
	{"a yearly discount off", "billing ondemand=35 monthly=15000 hours=500 months=12 yearly_discount=15% off", "", []string{"¥153,000"}},
	{"a yearly discount as -15%", "billing ondemand=35 monthly=15000 hours=500 months=12 yearly_discount=-15%", "", []string{"¥153,000"}},
	{"a yearly discount 优惠 zh", "计费 按需=35 包月=15000 时长=500 项目月数=12 包年折扣=优惠15%", "", []string{"¥153,000"}},
	{"a yearly discount 打八五折 zh", "计费 按需=35 包月=15000 时长=500 项目月数=12 包年折扣=打八五折", "", []string{"¥153,000"}},
	{"a yearly discount in percent words", "billing ondemand=35 monthly=15000 hours=500 months=12 yearly_discount=15 percent", "", []string{"¥153,000"}},
	{"a price with 打9折", "billing ondemand=35打9折 monthly=15000 hours=300", "ondemand", []string{"price with a discount", "31.5 (35 × 90%)"}},
	{"a price with 85折 after a space zh", "计费 按需=35 包月=15000 85折 时长=300", "monthly", []string{"价格加折扣", "包月=12750（15,000 × 85%）"}},
	{"a renewal price with 九折 zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000九折 续约日=2027-03-01 通知期=30天", "price", []string{"折后实付的价格 13,500（15,000 × 90%）"}},
	{"a vendor's price with a discount in a quote", "quote hours=300 cards=8 A: price=35(15%off); B: price=29", "", []string{"29.75 (35 × 85%)"}},

	// round 10: a day with a time of day, as calendars and systems export it
	{"an ISO time in China's zone", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=2027-03-01T00:00:00+08:00 notice=30d", "", []string{"renews 2027-03-01"}},
	{"a time after a space", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=2027-03-01 09:00 notice=30d", "", []string{"renews 2027-03-01"}},
	{"a part of the day after a space zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=2027/3/1 上午 通知期=30天", "", []string{"2027-03-01"}},
	{"a part of the day after a space, English keys", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=2027/3/1 上午 notice=30d", "", []string{"renews 2027-03-01"}},
	{"a UTC time that is the next day in China", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=2027-02-28T16:00:00Z notice=30d", "renews", []string{"2027-03-01 in China (UTC+8)", "renews=2027-03-01 or renews=2027-02-28"}},
	{"a UTC time that is the next day in China zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=2027-02-28T16:00:00Z 通知期=30天", "renews", []string{"中国时间（UTC+8）却是 2027-03-01", "续约日=2027-03-01 或 续约日=2027-02-28"}},
	{"a time that is no time", "renewal add vendor=X gpu=A100 cards=8 price=15000 renews=2027-03-01T25:00 notice=30d", "renews", []string{"renews=2027-03-01"}},
	{"a renewal letter's day with a time", "draft renewal vendor=X price=15000 cards=8 ondemand=35 hours=310 renews=2027-03-01T09:00:00+08:00", "", []string{"2027-03-01"}},
	{"a renewal letter's day without its year zh", "起草 续约 供应商=X 价格=15000 卡数=8 按需=35 时长=310 续约日=3月1日", "renews", []string{"没有写年份", "续约日=2027-03-01"}},
	{"a price's day with a time", "price set gpu=a100-80g ondemand=9 date=2026-11-20 14:30", "", []string{"2026-11-20"}},

	// round 10: terms in years and halves, wherever months are read
	{"half a year left zh", "计费 按需=35 包月=15000 时长=500 项目月数=半年", "", []string{"剩余 6 个月"}},
	{"a year left", "billing ondemand=35 monthly=15000 hours=500 months=1 year", "", []string{"over the 12 months left"}},
	{"a year and a half left zh", "计费 按需=35 包月=15000 时长=500 项目月数=一年半 最短租期=半年", "", []string{"剩余 18 个月"}},
	{"18 months left", "billing ondemand=35 monthly=15000 hours=500 months=18个月", "", []string{"over the 18 months left"}},
	{"a renewal's term in years zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=2027-03-01 通知期=30天 期限=一年半 --full", "", []string{"18 个月"}},
	{"a renewal's term of half a year", `renewal add vendor=X gpu=A100 cards=8 price=15000 renews=2027-03-01 notice=30d term="half a year" --full`, "", []string{"6-month term"}},
	{"a renewal's term not whole zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=2027-03-01 通知期=30天 期限=一个半月", "term", []string{"整月", "半年"}},
	{"a quote's project in years zh", "报价 时长=300 卡数=8 项目月数=两年 A: 单价=35; B: 包月=15000 最短租期=一年", "", []string{"24 个月"}},
	{"a vendor comparison over a year", "vendor compare cards=8 months=一年", "", []string{"12 months"}},

	// round 10: hours with their own period written out
	{"hours per card a month in words zh", "计费 按需=35 包月=15000 时长=每卡每月300小时", "", []string{"每卡每月 300 小时"}},
	{"hours a month first zh", "计费 按需=35 包月=15000 时长=一个月300小时", "", []string{"每卡每月 300 小时"}},
	{"hours per card and month after", "billing ondemand=35 monthly=15000 hours=300h/卡/月", "", []string{"at 300 h a month per card"}},
	{"hours a year are refused zh", "计费 按需=35 包月=15000 时长=每年3000小时", "hours", []string{"每年3000小时"}},

	// round 10: sizes in words, names split by a space in tier
	{"a card name split by a space zh", "显存 模型=qwen2.5-14b 显卡=A100 80G", "gpu", []string{"值被空格分开了", "显卡=a100-80g"}},
	{"a model name with spaces", "tier model=llama 3.1 8b mode=lora", "model", []string{`model="llama 3.1 8b"`}},
	{"parameters in words", "tier params=7 billion", "", []string{"7B model"}},
	{"a run's tokens in words", "quote hours=300 cards=8 run_tokens=2 billion A: price=35 tokens_s=21000; B: price=29 tokens_s=14000", "", []string{"2,000,000,000 tokens"}},

	// round 10: quote's ambiguous keys with a unit that says which is meant
	{"a storage price under storage zh", "报价 时长=300 卡数=8 A: 单价=35 存储=0.3元/GB/月; B: 包月=1.5w", "storage", []string{"每 GB 的单价", "存储单价=0.3元/GB/月"}},
	{"a volume under storage", "quote hours=300 cards=8 A: price=35 storage=2TB; B: price=29", "storage", []string{"is a volume", "storage_gb=2TB"}},
	{"a fee under egress", "quote hours=300 cards=8 A: price=35 egress=¥600; B: price=29", "egress", []string{"amount of money", "egress_fee=¥600"}},

	// round 10: prices with the card after the period, a price without a currency beside one with it
	{"the card after the period zh", "价格 设置 显卡=A800 按需=8.5元/小时/卡 包月=4800/月/卡 供应商=算力港", "", []string{"算力港"}},
	{"per hour per GPU", "billing ondemand=$2/h/gpu monthly=$1000/month/gpu hours=300", "", []string{"$2/h", "$1,000"}},
	{"a bare price read in the other's currency", "billing ondemand=$2 monthly=1000 hours=300", "", []string{"monthly=1000 has no currency and is read in USD, as ondemand=$2 is"}},
	{"a bare price read in the other's currency zh", "计费 按需=2美元 包月=1000 时长=300", "", []string{"包月=1000 没有写币种，按 USD 读（与 按需=2美元 相同）"}},

	// round 10: a notice said as given ahead
	{"notice 提前30天 zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=2027-03-01 通知期=提前30天", "", []string{"通知截止日 2027-01-30"}},
	{"notice 提前一个月 zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=2027-03-01 通知期=提前一个月", "", []string{"通知截止日 2027-02-01"}},
	{"notice days before", `renewal add vendor=X gpu=A100 cards=8 price=15000 renews=2027-03-01 notice="30 days before"`, "", []string{"Notice deadline 2027-01-30"}},
	{"notice a month in advance", `renewal add vendor=X gpu=A100 cards=8 price=15000 renews=2027-03-01 notice="1 month in advance"`, "", []string{"1 month's notice"}},

	// round 10: prices as invoices and phones write them
	{"a middle dot in the unit zh", "计费 按需=35元/卡·时 包月=15000元/卡·月 时长=300", "", []string{"¥35/小时", "¥15,000"}},
	{"the period before the amount zh", "计费 按需=一小时35 包月=一个月1.5万 时长=300", "", []string{"¥35/小时", "¥15,000"}},
	{"a per card-hour in words zh", "计费 按需=35元一张卡一小时 包月=15000 时长=300", "", []string{"¥35/小时"}},
	{"RMB per hour after a space", "billing ondemand=35 RMB/hr monthly=15000CNY/month hours=300", "", []string{"¥35/h", "¥15,000"}},
	{"a monthly price said per hour first zh", "计费 按需=35 包月=每小时15000 时长=300", "monthly", []string{"每小时的价格"}},

	// round 10: spot's settings in words, yes and no in more words, lists
	{"spot settings in words zh", "计费 按需=35 包月=15000 时长=300 卡数=4 竞价=12 可中断=可以 中断率=每20小时一次 检查点=每小时 重启=15分钟", "", []string{"× 1.0375"}},
	{"spot settings in more words zh", "计费 按需=35 包月=15000 时长=300 卡数=4 竞价=12 可中断=能 中断率=20小时一次 检查点=半小时 重启=一刻钟", "", []string{"× 1.025"}},
	{"spot settings in English words", `billing ondemand=35 monthly=15000 hours=300 spot=12 interruptible=yes interrupt_rate="once every 20 hours" checkpoint="every 30 min" restart=0.25`, "", []string{"× 1.025"}},
	{"no as 不行 zh", "计费 按需=35 包月=15000 时长=300 卡数=4 竞价=12 可中断=不行", "", []string{"不可中断"}},
	{"cards' hours split by Chinese commas zh", "计费 按需=35 包月=15000 时长=600，500，300", "hours", []string{"时长=600,500,300"}},
	{"cards' hours split by slashes", "billing ondemand=35 monthly=15000 hours=600/500/300", "hours", []string{"with commas: 600,500,300"}},

	// round 10: a trial's promises as sales write them
	{"a line rate split by a space zh", "试用 内网=200G IB", "intranet", []string{`内网="200G IB"`}},
	{"a line rate with its transport zh", `试用 内网="200G IB"`, "", []string{"试用期实测方案"}},
	{"a card name split by a space in a trial", "trial gpu=A100 80G", "gpu", []string{`gpu="A100 80G"`}},
	{"NVLink said as had zh", "试用 互联=有NVLink", "", []string{"试用期实测方案"}},

	// round 10: busy hours as a share or as all the time, a thousands suffix before the period
	{"hours as a share", "billing ondemand=35 monthly=15000 hours=40%", "hours", []string{"40% × 720 h = 288 h", "utilization"}},
	{"hours as a utilization zh", "计费 按需=35 包月=15000 时长=利用率40%", "hours", []string{"40% × 720 小时 = 288 小时"}},
	{"hours as a share in a quote", "quote hours=40% cards=8 A: price=35; B: price=29", "hours", []string{"288 h"}},
	{"hours all the time zh", "计费 按需=35 包月=15000 时长=一直跑", "", []string{"每天 24 小时 × 30 天 = 每月 720 小时"}},
	{"hours always on", `billing ondemand=35 monthly=15000 hours="always on"`, "", []string{"24 h a day × 30 days = 720 h a month"}},
	{"15k a month", "billing ondemand=35/hr monthly=15k/mo hours=300/mo", "", []string{"¥15,000"}},

	// round 10: an SLA's limits said as within
	{"a response within zh", "起草 SLA 供应商=酷算云 响应=15分钟内", "", []string{"须在15分钟内"}},
	{"a replacement within zh", "起草 SLA 供应商=酷算云 更换=2小时以内", "", []string{"报障后2小时内"}},
	{"a response within in English", `draft sla vendor=酷算云 response="within 10 min"`, "", []string{"10"}},
	{"a response of half an hour zh", "起草 SLA 供应商=酷算云 响应=一刻钟", "", []string{"须在15分钟内"}},
	{"an outage threshold as within is a bound zh", "起草 SLA 供应商=酷算云 故障=2小时内", "outage", []string{"上限（至多 2小时）"}},

	// round 10: a trial promise's typo in Chinese words
	{"a trial promise's key typo in Chinese words zh", "试用 检查 内往=10g\n| NVIDIA-SMI 535.104.05 |", "内往", []string{"你是不是想写 内网=万兆？"}},

	// round 10: a percentage in words is a percentage (0.5 percent is not 50%)
	{"an interrupt rate in percent words", `billing ondemand=35 monthly=15000 hours=300 spot=12 interruptible=yes interrupt_rate="5 percent" checkpoint=1 restart=0.25`, "", []string{"× 1.0375"}},
	{"a small discount in percent words", `billing ondemand=35 monthly=15000 hours=500 months=12 yearly_discount="0.5 percent"`, "", []string{"¥179,100"}},

	// round 10: yuan and jiao as said
	{"yuan and jiao zh", "计费 按需=35块5 包月=15000 时长=300", "", []string{"¥35.5/小时"}},
	{"yuan and jiao in words zh", "计费 按需=两块五一个小时 包月=1500 时长=300", "", []string{"¥2.5/小时"}},

	// round 10: markets as a team names where it rents
	{"the market as 内地 zh", "设置 市场=内地", "", []string{"国内（中国大陆）"}},
	{"the market as a place abroad zh", "设置 市场=香港", "", []string{"海外（中国大陆以外）"}},
	{"the market as the US", "settings market=USA", "", []string{"global (outside mainland China)"}},
	{"the market as the world zh", "设置 市场=全球", "market", []string{"全球", "中国、国外"}},

	// round 10: keys and values typed without =
	{"keys and values with spaces", "billing ondemand 35 monthly 15000 hours 300", "ondemand", []string{"join each key and its value with =", "billing ondemand=35 monthly=15000 hours=300"}},
	{"keys and values with spaces zh", "计费 按需 35 包月 15000 时长 300", "ondemand", []string{"请用 = 连接", "计费 按需=35 包月=15000 时长=300"}},
	{"keys and values run together zh", "计费 按需35 包月15000 时长300", "ondemand", []string{"按需=35", "计费 按需=35 包月=15000 时长=300"}},
	{"keys and values with dashes", "billing ondemand-35 monthly-15000 hours-300", "ondemand", []string{"ondemand=35", "billing ondemand=35 monthly=15000 hours=300"}},
	{"= typed twice", "billing ondemand==35 monthly=15000 hours=300", "", []string{"¥35/h"}},
	{"a sub-command's pairs with spaces", "renewal add vendor X gpu A100 cards 8", "vendor", []string{"renewal add vendor=X gpu=A100 cards=8"}},
	{"a card as a bare word in tier", "tier qwen2.5-14b h100", "gpu", []string{"gpu=h100"}},
	{"a card as a bare word in tier zh", "显存 模型=qwen2.5-14b 4090", "gpu", []string{"显卡=4090"}},
	{"a LoRA rank run together", "tier qwen2.5-14b lora r32", "r", []string{"r=32"}},

	// round 10: a card name with the count in it is never stored as a card
	{"a count in the card name", "renewal add vendor=X gpu=8xA100 price=15000 renews=2027-03-01", "gpu", []string{"gpu=A100 cards=8"}},
	{"a count in the card name zh", "续约 添加 供应商=X 显卡=8卡A100 月价=15000 续约日=2027-03-01", "gpu", []string{"显卡=A100 卡数=8"}},
	{"an RTX card is a card", "renewal add vendor=X gpu=RTX4090 cards=8 price=15000 renews=2027-03-01", "", []string{"RTX4090"}},

	// round 10: a key of another period is never suggested (包年 is not 包月)
	{"a yearly price in the price book zh", "价格 设置 显卡=A800 包年=5万 供应商=算力港", "包年", []string{"包年 是按年计的价格，这里没有这样的参数"}},
	{"a yearly price in the price book", "price set gpu=a800 yearly=50000", "yearly", []string{"yearly names a price per year, which no key here takes"}},

	// round 10: billing's hours by the words quote and renewal take for them
	{"usage for hours", "billing ondemand=35 monthly=15000 usage=300", "", []string{"at 300 h a month per card"}},
	{"小时数 for hours zh", "计费 按需=35 包月=15000 小时数=300", "", []string{"每卡每月 300 小时"}},

	// round 10: hours per week, and every conversion said where it is read
	{"hours per week", "billing ondemand=35 monthly=15000 hours=40h/week", "", []string{"40 h a week ÷ 7 × 30 days = 171.43 h a month", "171.43 h × ¥35/h = ¥6,000"}},
	{"hours per week zh", "计费 按需=35 包月=15000 时长=每周40小时", "", []string{"每周 40 小时 ÷ 7 × 30 天 = 每月 171.43 小时"}},
	{"hours per week in a quote zh", "报价 时长=一周跑40个小时 卡数=8 A: 单价=35; B: 单价=29", "", []string{"每月 171.43 小时"}},
	{"more hours a week than a week has", "billing ondemand=35 monthly=15000 hours=200h/week", "hours", []string{"40h/week"}},
	{"hours per day in a renewal zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=15000 续约日=2027-03-01 通知期=30天 时长=每天8小时", "", []string{"时长：每天8小时 = 每天 8 小时 × 30 天 = 每月 240 小时"}},
	{"hours per day in a renewal letter", "draft renewal vendor=X price=15000 cards=8 ondemand=35 hours=8h/day renews=2027-03-01", "", []string{"8 h a day × 30 days = 240 h a month"}},
	{"hours per week in a vendor comparison zh", "供应商 对比 卡数=8 时长=每周40小时", "", []string{"每周 40 小时 ÷ 7 × 30 天 = 每月 171.43 小时"}},

	// round 10: approximate signs after the number, and bounds
	{"a ~ after the number", "billing ondemand=35 monthly=15000 hours=300~", "", []string{"300 h"}},
	{"a ～ after the number zh", "计费 按需=35 包月=15000 时长=300～", "", []string{"300 小时"}},
	{"来 before the unit zh", "计费 按需=35 包月=15000 时长=三百来小时", "", []string{"300 小时"}},
	{"a + after the hours", "billing ondemand=35 monthly=15000 hours=300+", "hours", []string{"at least 300", "hours=300"}},
	{"多 after the hours zh", "计费 按需=35 包月=15000 时长=300多个小时", "hours", []string{"下限", "至少 300个小时"}},
	{"a price from zh", "计费 按需=35元起 包月=15000 时长=300", "ondemand", []string{"下限（至少 35元）", "按需=35"}},
	{"at most, in a quote", `quote hours="up to 300h" cards=8 A: price=35; B: price=29`, "hours", []string{"at most 300h"}},
	{"a vendor's price from, in a quote zh", "报价 时长=300 卡数=8 A: 单价=35起; B: 单价=29", "", []string{"A：单价=\"35起\"", "至少 35"}},
	{"a renewal price with 多 zh", "续约 添加 供应商=X 显卡=A100 卡数=8 月价=1万多 续约日=2027-03-01 通知期=30天", "price", []string{"至少 1万"}},
	{"a key's last word, rate", "billing ondemand=35 monthly=15000 hours=300 spot=12 rate=0.05", "rate", []string{"Did you mean interrupt_rate=0.05?"}},
}

// TestBadInputs runs every bad input through the real router, as text and
// as JSON, in the language it is typed in and with the reply in the other
// language: each gets an answer or an error that names its key, says what
// is accepted with an example, in the reply's language (a Chinese reply
// shows no English key or value word the user did not type), and never a
// stack trace or an internal error.
func TestBadInputs(t *testing.T) {
	if len(badInputs) < 60 {
		t.Fatalf("%d bad inputs; want at least 60", len(badInputs))
	}
	r := replyRouter()
	words, hanAliases := errorWords(r), mixedAliases(r)
	for _, tt := range badInputs {
		typedLang := chat.EN
		if strings.HasSuffix(tt.name, " zh") {
			typedLang = chat.ZH
		}
		for _, lang := range []chat.Lang{typedLang, other(typedLang)} {
			own := lang == typedLang
			rep := handleLang(r, tt.line, lang)
			where := tt.name + " (" + string(lang) + ")"
			text := chat.RenderText(withFull(rep))
			if bad := leaks.FindString(text + string(chat.RenderJSON(rep))); bad != "" && !strings.Contains(tt.line, bad) {
				t.Errorf("%s: %q: the reply shows %q:\n%s", where, tt.line, bad, text)
			}
			if tt.key == "" {
				if rep.Error != nil {
					t.Errorf("%s: %q: got error %s %s %q, want an answer", where, tt.line, rep.Error.Code, rep.Error.Key, rep.Error.Message)
					continue
				}
				if own {
					for _, s := range tt.says {
						if !strings.Contains(text, s) {
							t.Errorf("%s: %q: the answer does not show %q:\n%s", where, tt.line, s, clip(text))
						}
					}
				}
			} else {
				if rep.Error == nil {
					t.Errorf("%s: %q: answered %q, want an error about %s", where, tt.line, rep.Title, tt.key)
					continue
				}
				e := rep.Error
				if e.Code == chat.CodeInternal || e.Key != tt.key {
					t.Errorf("%s: %q: got error %s about %q, want one about %q: %s", where, tt.line, e.Code, e.Key, tt.key, e.Message)
				}
				if e.Example == "" {
					t.Errorf("%s: %q: the error has no example: %s", where, tt.line, e.Message)
				}
				if own {
					for _, s := range tt.says {
						if !strings.Contains(e.Message+"\n"+e.Example, s) {
							t.Errorf("%s: %q: the error does not say %q: %s (example %s)", where, tt.line, s, e.Message, e.Example)
						}
					}
				}
				var j struct {
					Error chat.Error `json:"error"`
				}
				if err := json.Unmarshal(chat.RenderJSON(rep), &j); err != nil || j.Error.Code != e.Code || j.Error.Key != e.Key || j.Error.Message == "" || j.Error.Example == "" {
					t.Errorf("%s: %q: JSON error %+v (%v); want its code, key, message and example", where, tt.line, j, err)
				}
			}
			if lang == chat.ZH {
				shown := withoutAllowed(shownText(withFull(rep)), hanAliases)
				if rep.Error != nil { // the keys' Chinese spellings with Latin letters in them (cuda版本) are Chinese words
					shown = withoutAllowed(rep.Title+"\n"+rep.Error.Message+"\n"+rep.Error.Example, hanAliases)
				}
				for _, bad := range englishIn(shown, tt.line, words) {
					t.Errorf("%s: %q: the Chinese reply shows %s", where, tt.line, bad)
				}
			}
		}
	}
}

// errorWords are englishWords and the English words of an error sentence
// left untranslated: a Chinese error reply shows none of them.
func errorWords(r *chat.Router) []string {
	return append(englishWords(r), "the", "not", "must", "between", "accepted", "example", "missing", "given", "empty", "write", "unknown", "twice", "range")
}

// leaks are what a reply never shows: a Go stack trace, a panic, an
// internal error or a Go value printed raw.
var leaks = regexp.MustCompile(`goroutine \d+|panic:|runtime error|\.go:\d+|internal error|内部错误|%!|<nil>|\bNaN\b|\+Inf`)

func other(l chat.Lang) chat.Lang {
	if l == chat.ZH {
		return chat.EN
	}
	return chat.ZH
}

func withFull(rep chat.Reply) chat.Reply {
	rep.Full = true
	return rep
}

func handleLang(r *chat.Router, line string, lang chat.Lang) chat.Reply {
	req := in("T1", "C1", line)
	req.Lang = lang
	return r.Handle(context.Background(), req)
}

func clip(s string) string {
	if r := []rune(s); len(r) > 600 {
		return string(r[:600]) + "…"
	}
	return s
}

// TestVendorRateIsNeverAssumed: with prices in two currencies, vendor
// compare compares costs only at the rate= the user gives, says so and
// how to give it when there is none, reads the currency in Chinese words,
// and refuses a rate of a currency none of the prices is in.
func TestVendorRateIsNeverAssumed(t *testing.T) {
	r := replyRouter()
	for _, setup := range []string{"price set gpu=a100-80g-sxm monthly=$700 vendor=X", "price set gpu=a100-80g-sxm monthly=5000 vendor=Y"} {
		if rep := handleLang(r, setup, chat.EN); rep.Error != nil {
			t.Fatalf("%s: %v", setup, rep.Error)
		}
	}
	for _, tt := range []struct {
		name, line string
		lang       chat.Lang
		key        string
		says       []string
	}{
		{"no rate", "vendor compare", chat.EN, "", []string{"no exchange rate was given", "rate=USD:"}},
		{"no rate zh", "供应商 对比", chat.ZH, "", []string{"没有给出汇率", "汇率=USD:"}},
		{"a rate", "vendor compare rate=USD:7.2", chat.EN, "", []string{"1 USD = ¥7.2"}},
		{"a bare rate", "vendor compare rate=7.2", chat.EN, "", []string{"1 USD = ¥7.2"}},
		{"a rate in Chinese words zh", "供应商 对比 汇率=美元:7.2", chat.ZH, "", []string{"1 USD = ¥7.2"}},
		{"a rate of another currency", "vendor compare rate=EUR:7.8", chat.EN, "rate", []string{"EUR", "USD"}},
		{"a rate not read zh", "供应商 对比 汇率=abc", chat.ZH, "rate", []string{"abc", "汇率=USD:7.2"}},
		{"a rate of no currency", "vendor compare rate=XYZ:7", chat.EN, "rate", []string{"XYZ", "CNY"}},
		{"an empty rate", "vendor compare rate=", chat.EN, "rate", []string{"no value"}},
	} {
		rep := handleLang(r, tt.line, tt.lang)
		text := chat.RenderText(withFull(rep))
		switch {
		case tt.key == "" && rep.Error != nil:
			t.Errorf("%s: %q: error %v, want an answer", tt.name, tt.line, rep.Error)
		case tt.key != "" && (rep.Error == nil || rep.Error.Key != tt.key):
			t.Errorf("%s: %q: %v, want an error about %s", tt.name, tt.line, rep.Error, tt.key)
		}
		for _, s := range tt.says {
			if !strings.Contains(text, s) {
				t.Errorf("%s: %q: the reply does not say %q:\n%s", tt.name, tt.line, s, clip(text))
			}
		}
	}
}

// TestQuoteFileErrorsInChinese: a quotes file that is not YAML, or has no
// vendors list of the right shape, is refused in Chinese with the line it
// is wrong at and an example file in the Chinese keys, which is read.
func TestQuoteFileErrorsInChinese(t *testing.T) {
	r := replyRouter()
	for _, doc := range []string{"hours: [300\ncards: 8\n", "供应商: 3\n", "- 1\n- 2\n"} {
		req := in("T1", "C1", "报价")
		req.Lang, req.Attachment = chat.ZH, doc
		rep := r.Handle(context.Background(), req)
		if rep.Error == nil || rep.Error.Key != "file" {
			t.Errorf("%q: %v, want an error about the file", doc, rep.Error)
			continue
		}
		if !strings.Contains(rep.Error.Message, "行") || regexp.MustCompile(`[A-Za-z]{3,}`).MatchString(strings.ReplaceAll(rep.Error.Message+rep.Error.Example, "YAML", "")) {
			t.Errorf("%q: %q (example %q); want the line, in Chinese words only", doc, rep.Error.Message, rep.Error.Example)
		}
		ex := in("T1", "C1", "报价")
		ex.Lang, ex.Attachment = chat.ZH, rep.Error.Example
		if got := r.Handle(context.Background(), ex); got.Error != nil {
			t.Errorf("the example file %q is refused: %v", rep.Error.Example, got.Error)
		}
	}
}

// TestPinyinCoversEveryChineseWord: every Chinese command word, sub-command
// word and key has a pinyin (chat.Pinyin), so that a word typed in pinyin
// with the input method off (anxu=35, jifei) is pointed to it; a key added
// with a character the table lacks fails here.
func TestPinyinCoversEveryChineseWord(t *testing.T) {
	var words []string
	var walk func(cmds []*chat.Command)
	walk = func(cmds []*chat.Command) {
		for _, c := range cmds {
			words = append(words, c.Aliases...)
			for _, k := range c.Keys {
				words = append(words, k.Aliases...)
			}
			walk(c.Subs)
		}
	}
	walk(replyRouter().Commands())
	n := 0
	for _, w := range words {
		if !chat.HasHan(w) {
			continue
		}
		n++
		if _, ok := chat.Pinyin(w); !ok {
			t.Errorf("%q has a character without a pinyin in chat.pinyinOf", w)
		}
	}
	if n < 100 {
		t.Fatalf("only %d Chinese words found", n)
	}
}
