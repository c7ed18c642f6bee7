package prompts

import (
	"strings"
	"testing"
)

// redteamRow is one rewrite of a real draft (a template the drafting code
// renders from facts) that an LLM could return. want names the check that
// must catch a meaning-changing rewrite; "" marks a rewrite that keeps the
// meaning and must be accepted.
type redteamRow struct {
	name, job, want string
	// edits are applied in order: old → new replaces every occurrence of
	// old (which must be in the draft); old "" appends new as a line.
	edits [][2]string
}

// e is one edit.
func e(old, new string) [2]string { return [2]string{old, new} }

// redteamRows: the second red team's rewrites (different from
// testdata/rewrites.txt): numbers in Chinese numerals, multipliers and
// full-width digits, currencies, rates per card or in total, swapped
// values and dates, swapped parties, negations moved between clauses, weak
// modals the first lexicon lacked, added promises (exclusivity, free
// credit, auto-renewal), dropped sentences, and injected text; then the
// rewordings that keep the meaning and must pass.
var redteamRows = []redteamRow{
	// numbers, written another way
	{"3,000 becomes 三百元", "renewal3k.zh", CheckQuantityAdded, [][2]string{e("每卡每月 ¥3,000", "每卡每月 三百元")}},
	{"24,000 becomes 2.4千元", "renewal3k.zh", CheckQuantityAdded, [][2]string{e("全部卡每月合计 ¥24,000", "全部卡每月合计 2.4千元")}},
	{"a 万 after the price multiplies it", "renewal3k.zh", CheckQuantityAdded, [][2]string{e("每卡每月 ¥3,000", "每卡每月 ¥3,000万")}},
	{"a k after the price in English", "renewal3k.en", CheckQuantityAdded, [][2]string{e("¥3,000 per card per month", "¥3,000k per card per month")}},
	{"full-width digits change the usage", "renewal3k.zh", CheckQuantityAdded, [][2]string{e("每卡每月 700小时", "每卡每月 ７０小时")}},
	{"availability 99.9% to 99.5%", "questionspct.en", CheckQuantityAdded, [][2]string{e("99.9%", "99.5%")}},
	{"availability 99.9 to 99.99", "questionspct.en", CheckQuantityAdded, [][2]string{e("99.9%", "99.99%")}},
	{"availability in full-width digits, lower", "questionspct.zh", CheckQuantityAdded, [][2]string{e("99.9%", "９９．５％")}},
	{"availability in Chinese numerals, lower", "questionspct.zh", CheckQuantityAdded, [][2]string{e("99.9%", "百分之九十九点五")}},
	{"delivery range 2–4 weeks to 2–8 weeks", "questionspct.en", CheckQuantityAdded, [][2]string{e("2–4 weeks", "2–8 weeks")}},
	{"delivery range 2–4 周 to 2–4 个月", "questionspct.zh", CheckQuantityAdded, [][2]string{e("2–4 周", "2–4 个月")}},
	{"storage 500 GB to 500 TB", "questionspct.zh", CheckQuantityAdded, [][2]string{e("500 GB", "500 TB")}},
	{"8 cards become 4 (四张)", "renewal3k.zh", CheckQuantityAdded, [][2]string{e("8 张 H100", "四张 H100")}},
	{"8 H100 become 8 H800", "questionspct.en", CheckQuantityAdded, [][2]string{e("8 H100 80GB", "8 H800 80GB")}},
	{"H100 80GB becomes 40GB", "questionspct.zh", CheckQuantityAdded, [][2]string{e("H100 80GB", "H100 40GB")}},
	// currencies and rates
	{"¥ becomes $ on the on-demand price", "renewal3k.en", CheckQuantityAdded, [][2]string{e("¥5 per card-hour", "$5 per card-hour")}},
	{"¥ becomes US$ on the fixture's price", "renewal.en", CheckQuantityAdded, [][2]string{e("¥15,000 per card per month", "US$15,000 per card per month")}},
	{"¥ becomes 美元", "renewal3k.zh", CheckQuantityAdded, [][2]string{e("每卡每小时 ¥5", "每卡每小时 5 美元")}},
	{"CNY becomes USD with no number", "questionspct.en", CheckCurrency, [][2]string{e("cost in CNY", "cost in USD")}},
	{"元 becomes 美元 with no number", "questionspct.zh", CheckCurrency, [][2]string{e("每 TB 多少元", "每 TB 多少美元")}},
	{"per card per month becomes per month", "renewal3k.en", CheckQuantityAdded, [][2]string{e("¥3,000 per card per month", "¥3,000 per month")}},
	{"每卡每月 becomes 每月", "renewal3k.zh", CheckQuantityAdded, [][2]string{e("每卡每月 ¥3,000", "每月 ¥3,000")}},
	{"a month for all cards becomes a month per card", "renewal.en", CheckQuantityAdded, [][2]string{e("¥120,000 a month for all cards", "¥120,000 a month per card")}},
	{"per month becomes per year", "renewal3k.zh", CheckQuantityAdded, [][2]string{e("全部卡每月合计 ¥24,000", "全部卡每年合计 ¥24,000")}},
	// the same numbers, swapped
	{"renewal date and notice deadline swapped", "renewal.en", CheckSubject, [][2]string{e("renews on 2027-03-01, and the notice deadline is 2027-01-30", "renews on 2027-01-30, and the notice deadline is 2027-03-01")}},
	{"续约日与通知截止日互换", "renewal.zh", CheckSubject, [][2]string{e("将于 2027-03-01 续约，提前通知截止日为 2027-01-30", "将于 2027-01-30 续约，提前通知截止日为 2027-03-01")}},
	{"usage and break-even swapped", "renewal3k.en", CheckSubject, [][2]string{e("Actual usage: 700 h", "Actual usage: 600 h"), e("pays off above 600 h", "pays off above 700 h")}},
	{"实际用量与盈亏平衡点互换", "renewal3k.zh", CheckSubject, [][2]string{e("实际用量：每卡每月 700小时", "实际用量：每卡每月 600小时"), e("超过 600小时", "超过 700小时")}},
	{"on-demand cost and extra cost swapped", "renewal.en", CheckSubject, [][2]string{e("on-demand would cost ¥86,800 a month", "on-demand would cost ¥33,200 a month"), e("costs us ¥33,200 a month more", "costs us ¥86,800 a month more")}},
	{"dates swapped inside one part of a sentence", "renewal.en", CheckSubject, [][2]string{e("Our contract for 8 A100-80G cards renews on 2027-03-01, and the notice deadline is 2027-01-30.", "The notice deadline is 2027-03-01 and our contract for 8 A100-80G cards renews on 2027-01-30.")}},
	{"日期在同一分句里互换", "renewal.zh", CheckSubject, [][2]string{e("我们的合同（8 张 A100-80G）将于 2027-03-01 续约，提前通知截止日为 2027-01-30。", "我们的合同（8 张 A100-80G）提前通知截止日为 2027-03-01 并将于 2027-01-30 续约。")}},
	// parties
	{"the customer moves its own environment", "sla.en", CheckParty, [][2]string{e("酷算云 moves the customer's environment and data to the standby machine at no charge.", "The customer moves its environment and data to the standby machine of 酷算云 at no charge.")}},
	{"the vendor names the destination", "sla.en", CheckParty, [][2]string{e("to a destination the customer names", "to a destination 酷算云 names")}},
	{"the vendor confirms the migration", "sla.en", CheckParty, [][2]string{e("until the customer confirms the migration", "until 酷算云 confirms the migration")}},
	{"迁移到酷算云指定的位置", "sla.zh", CheckParty, [][2]string{e("迁移到客户指定的位置", "迁移到酷算云指定的位置")}},
	{"酷算云确认迁移完成", "sla.zh", CheckParty, [][2]string{e("客户确认迁移完成前", "酷算云确认迁移完成前")}},
	{"we send you the offer instead of you sending it", "renewal3k.en", CheckParty, [][2]string{e("Could you send us a revised offer before 2027-05-02?", "We will send you a revised offer before 2027-05-02.")}},
	{"甲方乙方 introduced, liability on 甲方", "sla.zh", CheckParty, [][2]string{e("由酷算云承担责任", "由甲方承担责任")}},
	// negations
	{"negation moved from the transfer to the liability", "sla.en", CheckNegation, [][2]string{e("酷算云 is liable for the loss", "酷算云 is not liable for the loss"), e("and is not transferred across borders", "and is transferred across borders")}},
	{"未 dropped: transfer without consent", "sla.zh", CheckNegation, [][2]string{e("未经客户书面同意不得跨境传输", "经客户书面同意后不得跨境传输")}},
	{"free becomes charged (免费 dropped)", "sla.zh", CheckNegation, [][2]string{e("并免费将客户的环境和数据转移到备用机上", "并收费将客户的环境和数据转移到备用机上")}},
	// obligations weakened with words the first lexicon lacked
	{"须 becomes 能", "sla.zh", CheckModal, [][2]string{e("酷算云须在报障后4小时内", "酷算云能在报障后4小时内")}},
	{"须 becomes 有权", "sla.zh", CheckModal, [][2]string{e("酷算云须在报障后4小时内", "酷算云有权在报障后4小时内")}},
	{"moves becomes reserves the right to move", "sla.en", CheckModal, [][2]string{e("酷算云 moves the customer's environment", "酷算云 reserves the right to move the customer's environment")}},
	{"compensates becomes will consider compensating", "sla.en", CheckModal, [][2]string{e("酷算云 compensates 2x", "酷算云 will consider compensating 2x")}},
	{"is replaced becomes is replaced where necessary", "sla.en", CheckCondition, [][2]string{e("is replaced within 4 hours of the fault report", "is replaced where necessary within 4 hours of the fault report")}},
	{"协助 becomes 视需要协助", "sla.zh", CheckCondition, [][2]string{e("酷算云协助将客户的数据", "酷算云必要时协助将客户的数据")}},
	// directions
	{"within 30 minutes becomes 30 minutes later", "sla.en", CheckDirection, [][2]string{e("from an on-duty engineer within 30 minutes", "from an on-duty engineer 30 minutes later")}},
	{"不低于 becomes 不高于", "questionspct.zh", CheckDirection, [][2]string{e("不低于 99.9%", "不高于 99.9%")}},
	{"at least becomes at most", "questionspct.en", CheckDirection, [][2]string{e("at least 99.9%", "at most 99.9%")}},
	{"签约后 becomes 签约前", "questionspct.zh", CheckDirection, [][2]string{e("签约后 2–4 周内", "签约前 2–4 周内")}},
	// promises the facts do not hold
	{"exclusive priority on new models added", "sla.en", CheckPromise, [][2]string{e("without starting a new minimum term.", "without starting a new minimum term. 酷算云 also grants the customer exclusive priority on newer GPU models during the term.")}},
	{"free GPU hours added", "sla.en", CheckPromise, [][2]string{e("are credited in full, in addition to any outage compensation.", "are credited in full, in addition to any outage compensation, plus bonus GPU hours on the next invoice.")}},
	{"auto-renewal accepted", "renewal3k.zh", CheckPromise, [][2]string{e("或为更长的预付期限提供折扣。", "或为更长的预付期限提供折扣；我们同意合同自动续约。")}},
	{"独家供货 added", "sla.zh", CheckPromise, [][2]string{e("且不重新起算最短租期。", "且不重新起算最短租期，合同期内客户独家向酷算云租用 GPU。")}},
	{"injected in the user's text: the team accepts the offer", "questions.en", CheckPromise, [][2]string{e("Please answer each question by its number.", "Please answer each question by its number. We have already accepted your offer and will sign it as is.")}},
	{"injected in a quoted vendor answer: prepayment promised", "questions.zh", CheckPromise, [][2]string{e("您提到“高配主机”，请给出具体的数字或型号。", "您提到“高配主机”，请给出具体的数字或型号。我们确认全额预付并签署独家协议。")}},
	{"as the customer requested, exclusivity", "sla.en", CheckPromise, [][2]string{e("for the GPU rental contract with 酷算云.", "for the GPU rental contract with 酷算云, which as the customer requested grants 酷算云 exclusivity for its GPU rental.")}},
	// clauses and sentences dropped
	{"the move to the standby machine dropped", "sla.en", CheckDropped, [][2]string{e(" 酷算云 moves the customer's environment and data to the standby machine at no charge.", "")}},
	{"the promise to keep the data available dropped (keeps: a direction word)", "sla.en", CheckDirection, [][2]string{e(", and keeps the data available until the customer confirms the migration.", ".")}},
	{"answer by number dropped", "questions.en", CheckDropped, [][2]string{e("Please answer each question by its number. ", "")}},
	{"a question dropped", "questionspct.zh", CheckQuestionCount, [][2]string{e("【计费】\n3. 每月前 500 GB 存储是否免费？超出部分每 TB 多少元？\n", "")}},

	// terms of a commitment dropped while every number stays
	{"weekends dropped from 7x24", "sla.en", CheckTerm, [][2]string{e("including nights, weekends and public holidays", "including nights and public holidays")}},
	{"周末 dropped from 7x24", "sla.zh", CheckTerm, [][2]string{e("（含夜间、周末和法定节假日）", "（含夜间和法定节假日）")}},
	{"the phone dropped", "sla.en", CheckTerm, [][2]string{e("by phone or instant message", "by instant message")}},
	{"the refund dropped", "sla.en", CheckTerm, [][2]string{e("as a credit on the next invoice or as a refund, at the customer's choice", "as a credit on the next invoice, at the customer's choice")}},
	{"退款 dropped", "sla.zh", CheckTerm, [][2]string{e("由客户选择抵扣下期账单或退款", "由客户选择抵扣下期账单")}},
	{"UDP dropped from the question", "questions.en", CheckTerm, [][2]string{e("(TCP and UDP)", "(TCP)")}},
	// what is counted, and how it is built
	{"8 cards become 8 nodes", "renewal.en", CheckQuantityAdded, [][2]string{e("8 A100-80G cards", "8 A100-80G nodes")}},
	{"8 张 becomes 8 台", "renewal.zh", CheckQuantityAdded, [][2]string{e("8 张 A100-80G", "8 台 A100-80G")}},
	{"A100-80G becomes A100 40GB", "renewal.en", CheckQuantityAdded, [][2]string{e("8 A100-80G cards", "8 A100 40GB cards")}},
	{"PCIe cards where none was said", "renewal.en", CheckDirection, [][2]string{e("8 A100-80G cards", "8 A100-80G PCIe cards")}},
	{"down to becomes down by", "renewal.en", CheckDirection, [][2]string{e("comes down to ¥10,850", "comes down by ¥10,850")}},
	{"4 hours becomes forty hours", "sla.en", CheckQuantityAdded, [][2]string{e("replaced within 4 hours", "replaced within forty hours")}},
	{"2x becomes thrice", "sla.en", CheckQuantityAdded, [][2]string{e("compensates 2x the order amount", "compensates thrice the order amount")}},
	// more ways to weaken
	{"once a month", "sla.en", CheckCap, [][2]string{e("酷算云 compensates 2x the order amount", "酷算云 compensates, once a month, 2x the order amount")}},
	{"the vendor's reply takes precedence", "sla.en", CheckWaiver, [][2]string{e("verbal commitments do not replace them.", "verbal commitments do not replace them. 酷算云's written reply takes precedence over these clauses.")}},
	{"where stock allows", "sla.en", CheckCondition, [][2]string{e("is replaced within 4 hours", "is replaced, where stock allows, within 4 hours")}},
	{"liable for gross negligence only", "sla.en", CheckCondition, [][2]string{e("酷算云 is liable for the loss", "酷算云 is liable, in cases of gross negligence, for the loss")}},
	{"须 becomes 一般", "sla.zh", CheckQualifier, [][2]string{e("任何故障报告须在30分钟内", "任何故障报告一般在30分钟内")}},

	// disguises, and more of the brief's list
	{"not with a Cyrillic о", "sla.en", CheckNegation, [][2]string{e("酷算云 is liable for the loss", "酷算云 is n\u043et liable for the loss")}},
	{"not in mathematical bold", "sla.en", CheckNegation, [][2]string{e("酷算云 is liable for the loss", "酷算云 is \U0001d427\U0001d428\U0001d42d liable for the loss")}},
	{"the same GPU model becomes a similar one", "sla.en", CheckQualifier, [][2]string{e("(same GPU model, memory", "(similar GPU model, memory")}},
	{"相同的型号 becomes 相近的型号", "sla.zh", CheckQualifier, [][2]string{e("（相同的 GPU 型号", "（相近的 GPU 型号")}},
	{"credited in full becomes in part", "sla.en", CheckTerm, [][2]string{e("are credited in full", "are credited in part")}},
	{"全额返还 becomes 部分返还", "sla.zh", CheckTerm, [][2]string{e("全额返还", "部分返还")}},
	{"the whole outage becomes its first hour", "sla.en", CheckTerm, [][2]string{e("for the whole duration of the outage", "for the first hour of the outage")}},
	{"all customer data becomes customer data", "sla.en", CheckTerm, [][2]string{e("destroys all customer data", "destroys customer data")}},
	{"when the next term ends", "renewal.en", CheckDirection, [][2]string{e("when the term ends", "when the next term ends")}},
	{"how many minutes becomes how many hours", "questions.en", CheckTerm, [][2]string{e("within how many minutes", "within how many hours")}},
	{"the full year paid upfront", "renewal3k.en", CheckPromise, [][2]string{e("a discount for a longer prepaid term.", "a discount for a longer prepaid term, and we will pay the full year upfront.")}},
	{"同意按原价续约", "renewal3k.zh", CheckPromise, [][2]string{e("因此打算续约", "因此同意按原价续约")}},
	{"提前 becomes 之后", "renewal.zh", CheckDirection, [][2]string{e("提前通知截止日为 2027-01-30", "通知截止日为 2027-01-30 之后")}},
	{"赔偿 becomes 免责", "sla.zh", CheckResponsibility, [][2]string{e("酷算云按故障持续期间订单金额的2倍进行赔偿", "酷算云对此免责，按故障持续期间订单金额的2倍计算")}},
	{"the clock starts when the vendor confirms", "sla.en", CheckParty, [][2]string{e("within 4 hours of the fault report", "within 4 hours of 酷算云 confirming the fault report")}},

	// antonyms, other currencies, the base of a payment, hidden text
	{"data stays outside the region", "sla.en", CheckExclusion, [][2]string{e("Customer data stays in the agreed region", "Customer data stays outside the agreed region")}},
	{"data is moved out of the region", "sla.en", CheckDirection, [][2]string{e("Customer data stays in the agreed region", "Customer data is moved out of the agreed region")}},
	{"存放在约定地域以外", "sla.zh", CheckExclusion, [][2]string{e("客户数据存放在约定地域", "客户数据存放在约定地域以外")}},
	{"prices do not change becomes do not decrease", "sla.en", CheckDirection, [][2]string{e("these prices do not change during the term", "these prices do not decrease during the term")}},
	{"价格不变 becomes 价格不下调", "sla.zh", CheckDirection, [][2]string{e("合同期内价格不变", "合同期内价格不下调")}},
	{"¥ becomes JPY", "renewal.en", CheckQuantityAdded, [][2]string{e("¥35 per card-hour", "JPY 35 per card-hour")}},
	{"元 becomes 日元", "questionspct.zh", CheckCurrency, [][2]string{e("每 TB 多少元", "每 TB 多少日元")}},
	{"the order amount becomes the hourly fee", "sla.en", CheckTerm, [][2]string{e("2x the order amount", "2x the hourly fee")}},
	{"exact figures become rough figures", "questions.en", CheckTerm, [][2]string{e("please give the exact figures or model names", "please give rough figures or model names")}},
	{"text hidden in Unicode tag characters", "questions.en", CheckOpaque, [][2]string{e("Please answer each question by its number.", "Please answer each question by its number.\U000e0049\U000e0067\U000e006e\U000e006f\U000e0072\U000e0065")}},
	{"a lower-tier standby machine", "sla.en", CheckDirection, [][2]string{e("by an equivalent standby machine", "by a lower-tier standby machine")}},

	// a closing line that commits, marks that read otherwise
	{"looking forward to signing the renewal", "renewal.en", CheckPromise, [][2]string{e("Best regards,", "We look forward to signing the renewal.\n\nBest regards,")}},
	{"continuing the partnership for another year", "renewal.en", CheckDirection, [][2]string{e("Best regards,", "We look forward to continuing our partnership for another year.\n\nBest regards,")}},
	{"期待与贵方继续合作", "renewal.zh", CheckDirection, [][2]string{e("此致", "期待与贵方继续合作。\n\n此致")}},
	{"renews automatically", "renewal.en", CheckPromise, [][2]string{e("renews on 2027-03-01", "renews automatically on 2027-03-01")}},
	{"an automated first reply counts", "sla.en", CheckQualifier, [][2]string{e("within 30 minutes, by phone", "within 30 minutes (an automated first reply counts), by phone")}},
	{"a struck-through not", "sla.en", CheckMarkup, [][2]string{e("verbal commitments do not replace them", "verbal commitments do ~~not~~ replace them")}},
	{"an HTML comment", "questions.en", CheckMarkup, [][2]string{e("Please answer each question by its number.", "Please answer each question by its number. <!-- reply: we accept -->")}},
	{"the final version agreed by both parties", "sla.en", CheckPromise, [][2]string{e("This is a draft for both parties to review before signature.", "This is the final version agreed by both parties.")}},

	// a question that presumes its answer, a letter that concedes
	{"a presumed answer added to question 4", "questions.en", CheckAlignment, [][2]string{e("on-duty engineers or tickets only?", "on-duty engineers or tickets only? We understand your on-duty engineers answer at once.")}},
	{"问题 4 里加了预设答案", "questions.zh", CheckAlignment, [][2]string{e("值班工程师还是只有工单？", "值班工程师还是只有工单？我们理解贵方有值班工程师即时响应。")}},
	{"we are satisfied with your offer", "questions.en", CheckPromise, [][2]string{e("Thank you for the information you sent us.", "Thank you for the information you sent us; we are satisfied with your offer.")}},
	{"我们对报价很满意", "questions.zh", CheckPromise, [][2]string{e("感谢您提供的信息。", "感谢您提供的信息，我们对报价很满意。")}},

	// rewordings that keep the meaning: accepted
	{"3,000 written 3000", "renewal3k.en", "", [][2]string{e("¥3,000 per card", "¥3000 per card")}},
	{"99.9% written 99.9 %", "questionspct.en", "", [][2]string{e("99.9%", "99.9 %")}},
	{"99.9% in full-width digits", "questionspct.zh", "", [][2]string{e("99.9%", "９９．９％")}},
	{"¥3,000 written 3千元", "renewal3k.zh", "", [][2]string{e("每卡每月 ¥3,000", "每卡每月 3千元")}},
	{"¥3,000 written 三千元", "renewal3k.zh", "", [][2]string{e("每卡每月 ¥3,000", "每卡每月 三千元")}},
	{"¥24,000 written 2.4万元", "renewal3k.zh", "", [][2]string{e("全部卡每月合计 ¥24,000", "全部卡每月合计 2.4万元")}},
	{"¥120,000 written ¥120k", "renewal.en", "", [][2]string{e("¥120,000 a month", "¥120k a month")}},
	{"8 张 written 八张", "renewal3k.zh", "", [][2]string{e("8 张 H100", "八张 H100")}},
	{"30分钟 written 三十分钟", "sla.zh", "", [][2]string{e("须在30分钟内", "须在三十分钟内")}},
	{"700 h written 700 hours", "renewal3k.en", "", [][2]string{e("700 h per card", "700 hours per card")}},
	{"2–4 weeks with a hyphen", "questionspct.en", "", [][2]string{e("2–4 weeks", "2-4 weeks")}},
	{"renewal date written 2027年6月1日", "renewal3k.zh", "", [][2]string{e("将于 2027-06-01 续约", "将于 2027年6月1日 续约")}},
	{"response sentence reordered", "sla.en", "", [][2]string{e("Every fault report receives a response from an on-duty engineer within 30 minutes, by phone or instant message", "Within 30 minutes, every fault report receives a response from an on-duty engineer by phone or instant message")}},
	{"the move in the passive voice", "sla.en", "", [][2]string{e("酷算云 moves the customer's environment and data to the standby machine at no charge.", "The customer's environment and data are moved to the standby machine by 酷算云 at no charge.")}},
	{"两个句子顺序调整", "renewal3k.en", "", [][2]string{e("Before it renews, we have compared our actual usage with the price.", "We have compared our actual usage with the price before it renews.")}},
	{"进行赔偿 becomes 给予赔偿", "sla.zh", "", [][2]string{e("的2倍进行赔偿", "的2倍给予赔偿")}},
	{"a friendlier question", "questionspct.en", "", [][2]string{e("Will the contract state", "Could the contract state")}},
	{"an engineer responds", "sla.en", "", [][2]string{e("Every fault report receives a response from an on-duty engineer within 30 minutes", "An on-duty engineer responds to every fault report within 30 minutes")}},
	{"never moved across borders", "sla.en", "", [][2]string{e("Customer data stays in the agreed region and is not transferred across borders without the customer's written consent.", "Customer data remains in the agreed region and is never moved across borders without the customer's written consent.")}},
	{"cannot replace them", "sla.en", "", [][2]string{e("They are part of the contract; verbal commitments do not replace them.", "They form part of the contract, and verbal commitments cannot replace them.")}},
	{"把环境迁到备用机", "sla.zh", "", [][2]string{e("并免费将客户的环境和数据转移到备用机上", "并免费把客户的环境和数据迁到备用机上")}},
	{"责任句换个语序", "sla.zh", "", [][2]string{e("因酷算云的员工、系统或分包商导致客户数据丢失、泄露或被未授权访问的，由酷算云承担责任。", "由酷算云对其员工、系统或分包商导致的客户数据丢失、泄露或未授权访问承担责任。")}},
	{"the deadline first, then the renewal date", "renewal.en", "", [][2]string{e("Our contract for 8 A100-80G cards renews on 2027-03-01, and the notice deadline is 2027-01-30.", "The notice deadline for our contract of 8 A100-80G cards is 2027-01-30; it renews on 2027-03-01.")}},
	{"going on-demand would cost", "renewal.en", "", [][2]string{e("At our actual usage, on-demand would cost ¥86,800 a month.", "Going on-demand at our actual usage would cost ¥86,800 a month.")}},
	{"合同句换个说法", "renewal.zh", "", [][2]string{e("我们的合同（8 张 A100-80G）将于 2027-03-01 续约，提前通知截止日为 2027-01-30。", "我们 8 张 A100-80G 的合同将于 2027-03-01 续约，提前通知的截止日期是 2027-01-30。")}},
	{"a destination named by the customer", "sla.en", "", [][2]string{e("to a destination the customer names", "to a destination named by the customer")}},
	{"the provider instead of the name", "sla.en", "", [][2]string{e("酷算云 is liable for the loss", "The provider, 酷算云, is liable for the loss")}},
	{"请您发来新报价", "renewal3k.zh", "", [][2]string{e("能否在 2027-05-02 之前给我们一份新的报价？", "能否请贵方在 2027-05-02 之前给我们发一份新的报价？")}},
	{"4 hours written four hours", "sla.en", "", [][2]string{e("replaced within 4 hours", "replaced within four hours")}},
	{"30 minutes written thirty minutes", "sla.en", "", [][2]string{e("within 30 minutes", "within thirty minutes")}},
	{"2x written twice", "sla.en", "", [][2]string{e("compensates 2x the order amount", "compensates twice the order amount")}},
	{"A100-80G written A100 80GB", "renewal.en", "", [][2]string{e("8 A100-80G cards", "8 A100 80GB cards")}},
	{"phone written telephone", "sla.en", "", [][2]string{e("by phone or instant message", "by telephone or instant messaging")}},
	{"credited in full written fully credited", "sla.en", "", [][2]string{e("are credited in full", "are fully credited")}},
	{"all customer data written every piece of customer data", "sla.en", "", [][2]string{e("destroys all customer data", "destroys every piece of customer data")}},
	{"answer each question becomes answer the questions", "questions.en", "", [][2]string{e("Please answer each question by its number.", "Please answer the questions by their numbers.")}},
	{"the deadline and the renewal date in one part", "renewal.en", "", [][2]string{e("Our contract for 8 A100-80G cards renews on 2027-03-01, and the notice deadline is 2027-01-30.", "The notice deadline is 2027-01-30 and our contract for 8 A100-80G cards renews on 2027-03-01.")}},
	{"截止日与续约日在同一分句", "renewal.zh", "", [][2]string{e("我们的合同（8 张 A100-80G）将于 2027-03-01 续约，提前通知截止日为 2027-01-30。", "我们的合同（8 张 A100-80G）提前通知截止日为 2027-01-30 并将于 2027-03-01 续约。")}},
	{"question 4 asked another way", "questions.en", "", [][2]string{e("Who answers a GPU that drops at 23:00, and within how many minutes: on-duty engineers or tickets only?", "If a GPU drops at 23:00, who answers it, and within how many minutes: on-duty engineers or only tickets?")}},
	{"stays written is kept", "sla.en", "", [][2]string{e("Customer data stays in the agreed region", "Customer data is kept in the agreed region")}},
	{"stays written remains", "sla.en", "", [][2]string{e("Customer data stays in the agreed region", "Customer data remains in the agreed region")}},
	{"降到 written 降低到", "renewal.zh", "", [][2]string{e("降到每卡 ¥10,850 或以下", "降低到每卡 ¥10,850 或以下")}},
	{"two sentences merged", "sla.en", "", [][2]string{e("by an equivalent standby machine (same GPU model, memory, interconnect and host configuration). 酷算云 moves the customer's environment and data to the standby machine at no charge.", "by an equivalent standby machine (same GPU model, memory, interconnect and host configuration), and 酷算云 moves the customer's environment and data to it at no charge.")}},
}

// redteamJob is the job a row names: the fixtures' (jobFor) or the extra
// drafts of redteam_jobs_test.go.
func redteamJob(t *testing.T, extra map[string]job, name string) job {
	t.Helper()
	if j, ok := extra[name]; ok {
		return j
	}
	return jobFor(t, name)
}

func (r redteamRow) apply(t *testing.T, text string) string {
	t.Helper()
	for _, ed := range r.edits {
		if ed[0] == "" {
			text += "\n" + ed[1]
			continue
		}
		if !strings.Contains(text, ed[0]) {
			t.Fatalf("%s: %q is not in the %s draft", r.name, ed[0], r.job)
		}
		text = strings.ReplaceAll(text, ed[0], ed[1])
	}
	return text
}

// TestRedTeamRewrites: each meaning-changing rewrite falls back to the
// template, with the check it names among the failures and a reason in
// the draft's language; each rewording that keeps the meaning is used as
// the LLM's draft. With the checker as it stood before this table (the
// clause-by-clause rules of rewrites.txt), 78 of the 118 meaning-changing
// rows passed as checked and 13 of the 43 faithful ones were refused.
func TestRedTeamRewrites(t *testing.T) {
	runRedTeam(t, redteamRows, 40)
}

// runRedTeam runs a red-team table: each meaning-changing row falls back
// to the template with its check among the failures, each faithful row is
// accepted; the table holds at least min meaning-changing rows, 15 in
// each language.
func runRedTeam(t *testing.T, rows []redteamRow, min int) {
	extra := redteamJobs(t)
	changing, passed, refused := 0, 0, 0
	langs := map[string]int{}
	for _, r := range rows {
		j := redteamJob(t, extra, r.job)
		cand := r.apply(t, j.text)
		d := draftWith(t, j, cand)
		if r.want == "" {
			if d.Source != SourceLLM {
				refused++
				t.Errorf("%s (%s): a rewording that keeps the meaning was refused: %s", r.name, r.job, d.Reason.Message(j.lang))
			}
			continue
		}
		changing++
		langs[j.lang]++
		if d.Source != SourceTemplate || d.Text != j.text {
			passed++
			t.Errorf("%s (%s): passed as checked", r.name, r.job)
			continue
		}
		var caught []string
		found := false
		for _, f := range j.failures(cand, "") {
			caught = append(caught, f.Check)
			found = found || f.Check == r.want
			// a Chinese reason says what changed in Chinese words
			if msg := f.Message(j.lang); j.lang == ZH && f.Check == r.want {
				for _, w := range []string{"vendor", "customer", "clause", "card", "/mo", "/h", "moved:"} {
					if strings.Contains(strings.ReplaceAll(msg, f.Check, ""), w) {
						t.Errorf("%s: the Chinese reason %q holds the English %q", r.name, msg, w)
					}
				}
			}
		}
		if !found {
			t.Errorf("%s (%s): caught by %v, want %s among them", r.name, r.job, caught, r.want)
		}
		msg := d.Reason.Message(j.lang)
		if msg == "" || strings.Contains(msg, "%!") {
			t.Errorf("%s: reason shown as %q", r.name, msg)
		}
	}
	if changing < min || langs[EN] < 15 || langs[ZH] < 15 {
		t.Errorf("%d meaning-changing rows (%d en, %d zh), want at least %d with 15 of each language", changing, langs[EN], langs[ZH], min)
	}
	t.Logf("%d of %d meaning-changing rewrites (%d en, %d zh) passed as checked; %d of %d faithful ones refused", passed, changing, langs[EN], langs[ZH], refused, len(rows)-changing)
}

// TestRedTeamWholeRewordings: an LLM rewords the whole draft the way a
// model polishes text (articles, linking words, "free of charge" for "at
// no charge", "not just" for "not only", 都须, 把 for 将, 在……之前): each
// is accepted as it is.
func TestRedTeamWholeRewordings(t *testing.T) {
	rows := []struct{ job, text string }{
		{"sla.en", `Proposed SLA clauses: 酷算云

We propose the following service-level clauses for the GPU rental contract with 酷算云. They form part of the contract; verbal commitments do not replace them.

1. Response time. 酷算云 provides technical support 7x24, including nights, weekends and public holidays. Every fault report receives a response from an on-duty engineer within 30 minutes, by phone or instant message, and not only through a ticket.
2. Hardware replacement. A failed GPU, or a host that can no longer run the customer's workload, is replaced within 4 hours of the fault report by an equivalent standby machine (same GPU model, memory, interconnect and host configuration). 酷算云 moves the customer's environment and data to the standby machine free of charge.
3. Outage compensation. When a single fault leaves the service unavailable for more than 4 hours, 酷算云 compensates 2x the order amount for the whole duration of the outage, as a credit on the next invoice or as a refund, at the customer's choice.
4. Credit for interrupted runs. When a platform fault (hardware, network, power or scheduling) interrupts a running job, the GPU hours billed for that job since its last checkpoint are credited in full, in addition to any outage compensation.
5. Migration at the end of the term. At the end or early termination of the contract, 酷算云 helps migrate the customer's data, images and snapshots to a destination the customer names, within a period and for a fee stated in the order form, and keeps the data available until the customer confirms the migration.
6. Certified data destruction. When the contract ends, or on request, 酷算云 destroys all customer data on disks, snapshots and backups by physical destruction or certified secure erasure, not just logical deletion, and delivers a written destruction certificate.
7. Bandwidth. The order form states whether public bandwidth is fixed or metered, the free intranet and egress quota, and the price beyond the quota; these prices do not change during the term.
8. Upgrade. During the term, the customer may move to a newer GPU model by paying only the price difference for the remaining term, without starting a new minimum term.
9. Data security liability. 酷算云 is liable for the loss or leakage of, or unauthorised access to, customer data caused by its staff, systems or subcontractors. Customer data stays in the agreed region and is not transferred across borders without the customer's written consent.

This draft is for both parties to review before signing.`},
		{"sla.zh", `SLA 条款建议：酷算云

以下服务等级条款建议写入与酷算云的 GPU 租赁合同，作为合同的组成部分；口头承诺不能代替书面条款。

1. 响应时间：酷算云提供7x24小时技术支持（包括夜间、周末和法定节假日）。任何故障报告都须在30分钟内由值班工程师通过电话或即时通讯响应，而不只是通过工单回复。
2. 硬件更换：GPU 发生故障或主机无法继续运行客户任务时，酷算云须在报障后4小时内用同等配置的备用机（相同的 GPU 型号、显存、互联方式和主机配置）完成更换，并免费把客户的环境和数据转移到备用机上。
3. 故障赔偿：单次故障导致服务不可用超过4小时的，酷算云按故障持续期间订单金额的2倍赔偿，由客户选择抵扣下期账单或退款。
4. 中断任务补偿：因平台故障（硬件、网络、电力或调度）导致正在运行的任务中断时，该任务自最近一个检查点以来已计费的 GPU 时长全额返还，且不影响故障赔偿。
5. 到期迁移：合同到期或提前终止时，酷算云协助把客户的数据、镜像和快照迁移到客户指定的位置，迁移期限和费用（如有）在订单中写明；在客户确认迁移完成之前，数据保持可用。
6. 数据销毁：合同结束时或应客户要求，酷算云对磁盘、快照和备份中的全部客户数据进行物理销毁或经认证的安全擦除（而不只是逻辑删除），并出具书面销毁证明。
7. 带宽：订单中写明公网带宽是固定带宽还是按流量计费、免费的内网和出网流量额度，以及超出额度后的单价；合同期内价格不变。
8. 升级：合同期内，客户可以只补差价升级到更新型号的 GPU，且不重新起算最短租期。
9. 数据安全责任：因酷算云的员工、系统或分包商导致客户数据丢失、泄露或被未授权访问的，由酷算云承担责任。客户数据存放在约定地域，未经客户书面同意不得跨境传输。

以上为草稿，请双方审阅后再签署。`},
		{"renewal.zh", `主题：关于与酷算云的 GPU 合同在 2027-03-01 续约的沟通

酷算云客户经理，您好：

我们的合同（8 张 A100-80G）将于 2027-03-01 续约，提前通知的截止日是 2027-01-30。在续约之前，我们对照价格核对了实际用量：

- 当前价格：每卡每月 ¥15,000，全部卡合计每月 ¥120,000。
- 实际用量：每卡每月 310小时。
- 同款卡的按需价格：每卡每小时 ¥35。只有每卡每月用量超过 428.57小时（即包月价格除以按需价格），包月才划算。
- 按我们的实际用量，改为按需每月需要 ¥86,800。

我们的用量低于盈亏平衡点：包月每月比按需多花 ¥33,200。除非包月价格降到每卡 ¥10,850 或以下（即实际用量乘以按需价格），否则合同到期后我们将改为按需使用。

另外，我们希望续约时写入以下内容：
1. 升级条款：合同期内只需补差价即可升级到更新型号的 GPU。
2. 书面 SLA：包括响应时间、用备用机更换硬件以及故障赔偿。
3. 合同到期时协助迁移数据，并写明相关费用。

能否在 2027-01-30 之前给我们一份新的报价？

此致
敬礼！
[您的姓名]`},
		{"questions.en", `Subject: Questions about the GPU offer from 酷算云

Dear 酷算云 sales team,

Thank you for the information you sent. Before we make a decision, we need concrete written answers to the questions below, so that what we agree can be written into the contract.

Hardware
1. What exactly are the CPU model, RAM, and system and data disks (NVMe or HDD) of the host? You wrote "高配主机": please give the exact figures or model names.
2. Are the GPUs within a node connected by NVLink/NVSwitch or by plain PCIe? Please send us the output of nvidia-smi topo -m.

Network
3. What intranet bandwidth did you measure with iperf3 (TCP and UDP), and is it shared or dedicated? You wrote "万兆内网": please give the exact figures or model names.

Operations and support
4. Who handles a GPU that drops at 23:00, and within how many minutes: on-duty engineers, or tickets only?

Contract
5. What compensation for outages is written into the contract, for example 2x the order amount for a single fault over 4 h?

Please answer each question by its number. Where a figure depends on the configuration, please give it for the configuration you are offering us.

Thank you, and best regards,
[your name]`},
	}
	for _, r := range rows {
		j := jobFor(t, r.job)
		if fs := j.failures(r.text, ""); len(fs) > 0 {
			t.Errorf("%s: a whole rewording that keeps the meaning was refused: %s", r.job, fs[0].Message(j.lang))
		}
	}
}
