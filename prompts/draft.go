package prompts

import (
	"fmt"
	"strings"

	"gpuadvisor/advisor"
)

// Kind names a draft.
type Kind string

// The drafts this package writes.
const (
	// Questions is an e-mail to the vendor's sales asking the vague and
	// missing checklist items.
	Questions Kind = "questions"
	// SLA is a set of contract SLA clauses with the given numbers.
	SLA Kind = "sla"
	// Renewal is a renegotiation e-mail built on actual usage against the
	// break-even.
	Renewal Kind = "renewal"
)

// Source says who wrote the text of a draft.
type Source string

// The two paths a draft can take.
const (
	// SourceLLM: the LLM's wording, which passed every grounding check.
	SourceLLM Source = "llm"
	// SourceTemplate: the deterministic template (no LLM, an LLM error, or a
	// failed check; Draft.Reason says which).
	SourceTemplate Source = "template"
)

// Languages a draft is written in.
const (
	ZH = "zh"
	EN = "en"
)

// Fact is one value a draft must carry unchanged.
type Fact struct {
	// Key is the command key it came from ("response", "vendor").
	Key string `json:"key"`
	// Label names it in the draft's language.
	Label string `json:"label"`
	// Value is exactly how it must appear in the draft ("30 minutes", "2x").
	Value string `json:"value"`
}

// Draft is a finished draft and how it was made.
type Draft struct {
	Kind Kind   `json:"kind"`
	Lang string `json:"lang"`
	// Text is the draft, plain text with line breaks.
	Text string `json:"text"`
	// Source is llm or template.
	Source Source `json:"source"`
	// Model names the LLM model when one was asked.
	Model string `json:"model,omitempty"`
	// Reason says why the template was used; nil when Source is llm.
	Reason *Reason `json:"reason,omitempty"`
	// Facts are the required facts, in order.
	Facts []Fact `json:"facts"`
	// Changes are what the LLM's wording changed against the template,
	// clause by clause (Redline); empty when Source is template or the
	// wording is identical.
	Changes []Change `json:"changes"`
}

// Reason codes: why a draft fell back to the template (or ask could not run).
const (
	ReasonNotConfigured = "not_configured"
	ReasonTimeout       = "timeout"
	ReasonRateLimited   = "rate_limited"
	ReasonQuota         = "quota"
	ReasonUnavailable   = "unavailable"
	ReasonRejected      = "rejected"
	ReasonEmpty         = "empty"
	ReasonNotJSON       = "not_json"
	ReasonCheckFailed   = "check_failed"
	ReasonError         = "llm_error"
)

// Reason explains the path a draft took when it is not the LLM's.
type Reason struct {
	// Code is one of the Reason* constants.
	Code string `json:"code"`
	// Check names the failed grounding check when Code is check_failed
	// (required_fact, unknown_number, url, ...).
	Check string `json:"check,omitempty"`
	// Value is what the check found: a number, a missing fact, a count. It
	// is never a link, address or mention (those are not echoed).
	Value string `json:"value,omitempty"`
	// Detail is operator detail (the error text, never a secret); not shown
	// to users.
	Detail string `json:"-"`
}

// Message says the reason in one sentence, in lang ("zh" or "en").
func (r *Reason) Message(lang string) string {
	if r == nil {
		return ""
	}
	switch r.Code {
	case ReasonNotConfigured:
		msg := pick(lang, reasonTexts.Get()[r.Code])
		if r.Value != "" {
			msg += pick(lang, [2]string{": ", "："}) + r.Value
		}
		return msg
	case ReasonCheckFailed:
		return fmt.Sprintf(pick(lang, reasonTexts.Get()[r.Code]), CheckLabel(lang, r.Check), checkMessage(lang, r.Check, r.Value))
	}
	if t, ok := reasonTexts.Get()[r.Code]; ok {
		return pick(lang, t)
	}
	return pick(lang, [2]string{"the LLM call failed", "LLM 调用失败"})
}

// pick is t's English (t[0]) or Chinese (t[1]) text.
func pick(lang string, t [2]string) string {
	if lang == ZH {
		return t[1]
	}
	return t[0]
}

// reasonTexts say each reason: English, Chinese. check_failed's take the
// check's name and what it found.
var reasonTexts = advisor.Lazy[map[string][2]string]{New: func() map[string][2]string {
	return map[string][2]string{
		ReasonNotConfigured: {"no LLM is configured (set OPENAI_API_KEY or OPENAI_BASE_URL, and OPENAI_MODEL)", "未配置 LLM（请设置 OPENAI_API_KEY 或 OPENAI_BASE_URL，以及 OPENAI_MODEL）"},
		ReasonTimeout:       {"the LLM did not answer in time", "LLM 未能按时回答"},
		ReasonRateLimited:   {"the LLM endpoint is rate-limiting requests (HTTP 429)", "LLM 接口限流（HTTP 429）"},
		ReasonQuota:         {"the LLM account has no quota left (HTTP 429 insufficient_quota)", "LLM 账户额度已用完（HTTP 429 insufficient_quota）"},
		ReasonUnavailable:   {"the LLM endpoint is unavailable (server error or unreachable)", "LLM 接口不可用（服务器错误或无法连接）"},
		ReasonRejected:      {"the LLM endpoint rejected the request (check OPENAI_MODEL and the key)", "LLM 接口拒绝了请求（请检查 OPENAI_MODEL 和密钥）"},
		ReasonEmpty:         {"the LLM returned an empty answer", "LLM 返回了空内容"},
		ReasonNotJSON:       {"the LLM's answer was not the JSON asked for", "LLM 的回答不是要求的 JSON"},
		ReasonCheckFailed:   {"the LLM's draft failed the %s check: %s", "LLM 的草稿未通过“%s”检查：%s"},
	}
}}

// Grounding checks, by name.
const (
	CheckEmpty         = "empty"
	CheckRequiredFact  = "required_fact"
	CheckUnknownNumber = "unknown_number"
	CheckMissingNumber = "missing_number"
	CheckSpelledNumber = "spelled_number"
	CheckURL           = "url"
	CheckEmail         = "email"
	CheckMention       = "mention"
	CheckLength        = "length"
	CheckLanguage      = "language"
	CheckOpaque        = "opaque_text"
	CheckDelimiter     = "delimiter"
	CheckMissingClause = "missing_clause"
	CheckQuestionCount = "question_count"
	// CheckQuantityAdded: a number with a unit (4 days, 0.5x, ¥9,000) that
	// the reference draft does not hold.
	CheckQuantityAdded = "quantity_added"
	// CheckQuantityDropped: a number with its unit that the reference holds
	// and the draft lost (or gave another unit).
	CheckQuantityDropped = "quantity_dropped"
	// CheckClause: a number moved to another clause (the response time now
	// says what the replacement time said).
	CheckClause = "clause"
	// CheckQualifier: a phrase that weakens a commitment (business days,
	// best effort, 原则上, 尽量) that the reference does not have.
	CheckQualifier = "qualifier"
	// CheckNegation: a negation added or removed in a numbered clause.
	CheckNegation = "negation"
	// CheckClauseOrder: the numbered clauses are not the template's, in
	// its order (one dropped, added, merged or moved).
	CheckClauseOrder = "clause_order"
	// CheckSubject: a number kept its clause but now says something else
	// (the response time became the time to open a ticket).
	CheckSubject = "subject"
	// CheckModal: an obligation weakened (is replaced -> should be
	// replaced, 须 -> 可).
	CheckModal = "modal"
	// CheckExclusion: an exclusion added (excluding scheduled maintenance,
	// 计划内维护除外).
	CheckExclusion = "exclusion"
	// CheckCap: a cap added (up to, limited to, 为限, 上限).
	CheckCap = "cap"
	// CheckWaiver: a right given up (waives, 放弃, 豁免).
	CheckWaiver = "waiver"
	// CheckChoice: a choice moved to the other party, or the commitment
	// left to discussion or goodwill (at Acme's choice, 协商).
	CheckChoice = "choice"
	// CheckResponsibility: liability moved or removed (exempt, 由客户自行承担).
	CheckResponsibility = "responsibility"
	// CheckCondition: a condition added (unless, subject to, 前提是, 如果).
	CheckCondition = "condition"
	// CheckDirection: a direction word changed (above/below, or more/or
	// less, in addition to/instead of, before/after, 改为/继续).
	CheckDirection = "direction"
	// CheckPhone: a phone number, in digits or in Chinese numerals.
	CheckPhone = "phone"
	// CheckContact: a contact channel (WeChat, QQ, Telegram, a hotline).
	CheckContact = "contact"
	// CheckInstruction: words addressed to a system or to the reader
	// (SYSTEM NOTE, 【系统指令】, 请直接回复).
	CheckInstruction = "instruction"
	// CheckAlignment: a sentence that matches no sentence of the template
	// (a clause replaced wholesale).
	CheckAlignment = "alignment"
	// CheckCurrency: a currency changed (¥ → $, 元 → 美元, CNY → USD).
	CheckCurrency = "currency"
	// CheckParty: who does, chooses, names or confirms something changed
	// (the customer moves its own data; 由甲方承担), or a party the template
	// does not name appeared.
	CheckParty = "party"
	// CheckPromise: a promise the facts do not hold (exclusivity, free or
	// bonus credit, auto-renewal, an offer accepted, prepayment).
	CheckPromise = "promise"
	// CheckDropped: a sentence of the template is gone (the move to the
	// standby machine, "answer each question by its number").
	CheckDropped = "dropped_sentence"
	// CheckTerm: a term the template's clause names is gone (weekends from
	// "nights, weekends and public holidays", the refund from "a credit or
	// a refund", the phone from "by phone or instant message").
	CheckTerm = "dropped_term"
	// CheckMarkup: text marked so that a reader reads it otherwise than the
	// checks do (struck through: verbal commitments do ~~not~~ replace
	// them; an HTML comment).
	CheckMarkup = "markup"
	// CheckScope: what a commitment covers narrowed by an added word (the
	// first failed GPU, critical faults, remote support, 部分磁盘), or a
	// card's price or usage made a node's (per node, 每台).
	CheckScope = "scope"
)

// checkNamesZH name the checks in Chinese replies, which hold no English
// key (the JSON keeps the check's name in reason.check).
var checkNamesZH = advisor.Lazy[map[string]string]{New: func() map[string]string {
	return map[string]string{
		CheckEmpty: "内容", CheckRequiredFact: "必备事实", CheckUnknownNumber: "新增数字", CheckMissingNumber: "缺失数字",
		CheckSpelledNumber: "文字数字", CheckURL: "链接", CheckEmail: "邮箱", CheckMention: "提及", CheckLength: "长度",
		CheckLanguage: "语言", CheckOpaque: "编码或隐藏文字", CheckDelimiter: "引用标记", CheckMissingClause: "条款缺失",
		CheckQuestionCount: "问题数量", CheckQuantityAdded: "新增数量", CheckQuantityDropped: "缺失数量", CheckClause: "条款归属",
		CheckQualifier: "弱化限定", CheckNegation: "否定", CheckClauseOrder: "条款顺序", CheckSubject: "数字所指", CheckModal: "义务强度",
		CheckExclusion: "除外", CheckCap: "上限", CheckWaiver: "放弃权利", CheckChoice: "选择权", CheckResponsibility: "责任",
		CheckCondition: "前提条件", CheckDirection: "方向词", CheckPhone: "电话", CheckContact: "联系方式", CheckInstruction: "指令",
		CheckAlignment: "句子对应", CheckCurrency: "币种", CheckParty: "当事方", CheckPromise: "新增承诺", CheckDropped: "删句",
		CheckTerm: "删项", CheckMarkup: "删除线或隐藏", CheckScope: "适用范围",
	}
}}

// CheckLabel names a check in a reply: its name in English, its Chinese
// name in Chinese.
func CheckLabel(lang, check string) string {
	if lang == ZH {
		if n, ok := checkNamesZH.Get()[check]; ok {
			return n
		}
	}
	return check
}

// checkTexts say what each grounding check found: English, Chinese. Those
// of checksWithValue hold one verb for the value (for quantity_added and
// quantity_dropped the quantity in words).
var checkTexts = advisor.Lazy[map[string][2]string]{New: func() map[string][2]string {
	return map[string][2]string{
		CheckEmpty:           {"it is empty", "内容为空"},
		CheckRequiredFact:    {"the fact %q is missing or changed", "事实 %q 缺失或被改动"},
		CheckUnknownNumber:   {"it added the number %s, which is not in the facts", "出现了事实中没有的数字 %s"},
		CheckMissingNumber:   {"it dropped the number %s", "漏掉了数字 %s"},
		CheckSpelledNumber:   {"it wrote a number in words (%s), which cannot be checked against the facts", "用文字写了数字（%s），无法与事实核对"},
		CheckURL:             {"it added a link", "加入了链接"},
		CheckEmail:           {"it added an e-mail address", "加入了邮箱地址"},
		CheckMention:         {"it added an @-mention", "加入了 @ 提及"},
		CheckLength:          {"its length is out of bounds (%s)", "长度超出范围（%s）"},
		CheckLanguage:        {"it is not written in the language asked for", "不是用要求的语言写的"},
		CheckOpaque:          {"it contains an encoded string", "包含编码字符串"},
		CheckDelimiter:       {"it repeats the markers around the vendor's text", "复述了供应商文本的引用标记"},
		CheckMissingClause:   {"it dropped the %s clause", "遗漏了“%s”条款"},
		CheckQuantityAdded:   {"it added %s, which is not in the facts", "加入了事实中没有的 %s"},
		CheckQuantityDropped: {"it dropped or changed %s", "遗漏或改动了 %s"},
		CheckQualifier:       {"it weakened a commitment with %q", "用“%s”弱化了承诺"},
		CheckQuestionCount:   {"it does not ask the numbered questions 1 to %s", "没有给出编号 1 到 %s 的全部问题"},
		CheckClauseOrder:     {"its numbered clauses are not the template's in order (%s)", "编号条款与模板不一致或顺序被改动（%s）"},
		CheckSubject:         {"%s no longer says what the template says it does", "%s 所指的内容与模板不同"},
		CheckModal:           {"it weakened an obligation with %q", "用“%s”弱化了义务"},
		CheckExclusion:       {"it added an exclusion (%q)", "加入了除外条件（“%s”）"},
		CheckCap:             {"it added a cap (%q)", "加入了上限（“%s”）"},
		CheckWaiver:          {"it added a waiver (%q)", "加入了放弃权利的内容（“%s”）"},
		CheckChoice:          {"it moved a choice or left a commitment to discussion (%q)", "改变了选择权或把承诺改为协商（“%s”）"},
		CheckResponsibility:  {"it moved or removed a responsibility (%q)", "转移或免除了责任（“%s”）"},
		CheckCondition:       {"it added a condition (%q)", "加入了前提条件（“%s”）"},
		CheckDirection:       {"it changed a direction word (%q)", "改动了方向词（“%s”）"},
		CheckPhone:           {"it added a phone number", "加入了电话号码"},
		CheckContact:         {"it added a contact channel (%q)", "加入了联系方式（“%s”）"},
		CheckInstruction:     {"it added words addressed to a system or to the reader (%q)", "加入了针对系统或读者的指令（“%s”）"},
		CheckAlignment:       {"a sentence matches nothing in the template (%s)", "有句子与模板中的任何句子都对不上（%s）"},
		CheckCurrency:        {"it changed the currency (%q)", "改动了币种（“%s”）"},
		CheckParty:           {"it changed who does, chooses or confirms something (%s)", "改动了由谁做、谁选择或谁确认（%s）"},
		CheckPromise:         {"it added a promise the facts do not hold (%q)", "加入了事实中没有的承诺（“%s”）"},
		CheckDropped:         {"it dropped a sentence of the template (%s)", "删掉了模板中的一句话（%s）"},
		CheckTerm:            {"it dropped a term of the template (%s)", "删掉了模板中的一项内容（%s）"},
		CheckMarkup:          {"it marks text as struck through or hidden (%s)", "把文字标成删除线或隐藏（%s）"},
		CheckScope:           {"it changed what a commitment covers (%q)", "改动了承诺的适用范围（“%s”）"},
	}
}}

var checksWithValue = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		CheckRequiredFact: true, CheckUnknownNumber: true, CheckMissingNumber: true, CheckSpelledNumber: true,
		CheckLength: true, CheckMissingClause: true, CheckQuantityAdded: true, CheckQuantityDropped: true,
		CheckQualifier: true, CheckQuestionCount: true, CheckClauseOrder: true, CheckSubject: true, CheckModal: true,
		CheckExclusion: true, CheckCap: true, CheckWaiver: true, CheckChoice: true, CheckResponsibility: true,
		CheckCondition: true, CheckDirection: true, CheckContact: true, CheckInstruction: true, CheckAlignment: true,
		CheckCurrency: true, CheckParty: true, CheckPromise: true, CheckDropped: true, CheckTerm: true, CheckMarkup: true, CheckScope: true,
	}
}}

func checkMessage(lang, check, value string) string {
	t := func(en, zh string) string { return pick(lang, [2]string{en, zh}) }
	switch check {
	case CheckQuantityAdded, CheckQuantityDropped, CheckSubject:
		value = quantityText(lang, value)
	case CheckClause:
		q, c, _ := strings.Cut(value, " / ")
		return fmt.Sprintf(t("%s no longer belongs to the %s clause, or a number moved into it", "%s 不再属于“%s”条款，或有数字被移入该条款"), quantityText(lang, q), c)
	case CheckNegation:
		if k, ok := strings.CutPrefix(value, "moved:"); ok {
			where := fmt.Sprintf(t("clause %s", "第 %s 条"), k)
			if k == "" {
				where = t("the text around the clauses", "条款以外的文字")
			}
			return fmt.Sprintf(t("it moved a negation in %s onto other words (what was promised not to happen now happens, or the other way round)",
				"在%s把否定移到了别的内容上（原本承诺不发生的事变成会发生，或反之）"), where)
		}
		if !strings.Contains(value, "/") {
			return fmt.Sprintf(t("it removed what cost nothing (%q)", "删去了“%s”（原本免费）"), value)
		}
		var item, want, got int
		fmt.Sscanf(value, "%d/%d/%d", &item, &want, &got)
		where := fmt.Sprintf(t("clause %d", "第 %d 条"), item)
		if item == 0 {
			where = t("the introduction", "开头部分")
		}
		return fmt.Sprintf(t("it added or removed a negation in %s (%d in the facts' draft, %d in its own)", "在%s增加或删除了否定（模板草稿 %d 处，LLM 草稿 %d 处）"), where, want, got)
	}
	text, ok := checkTexts.Get()[check]
	switch {
	case !ok:
		return strings.TrimSpace(value)
	case checksWithValue.Get()[check]:
		return fmt.Sprintf(pick(lang, text), value)
	}
	return pick(lang, text)
}

// unitNames name the units of a quantity ("4 d") in a reason: en, zh.
var unitNames = advisor.Lazy[map[string][2]string]{New: func() map[string][2]string {
	return map[string][2]string{
		"min": {"minutes", "分钟"}, "h": {"hours", "小时"}, "d": {"days", "天"}, "w": {"weeks", "周"},
		"mo": {"months", "个月"}, "y": {"years", "年"}, "s": {"seconds", "秒"}, "x": {"x", "倍"},
	}
}}

// moneyText writes a price of a reason ("¥15000/card/mo") in words: "¥15000
// per card per month", "每卡每月 ¥15000".
func moneyText(lang, value string) (string, bool) {
	cur := ""
	for _, c := range []string{"hk$", "jp¥", "€", "¥", "$"} {
		if strings.HasPrefix(value, c) {
			cur = c
			break
		}
	}
	if cur == "" {
		return "", false
	}
	amount, rate, _ := strings.Cut(value, "/")
	if lang == ZH && (cur == "hk$" || cur == "jp¥") {
		amount = strings.TrimPrefix(amount, cur) + map[string]string{"hk$": " 港元", "jp¥": " 日元"}[cur]
	}
	var en, zh []string
	for _, part := range strings.Split(rate, "/") {
		w, ok := map[string][2]string{"card": {"per card", "每卡"}, "h": {"per hour", "每小时"}, "mo": {"per month", "每月"}, "y": {"per year", "每年"}}[part]
		if ok {
			en, zh = append(en, w[0]), append(zh, w[1])
		}
	}
	if lang == ZH {
		return strings.TrimSpace(strings.Join(zh, "") + " " + amount), true
	}
	return strings.TrimSpace(amount + " " + strings.Join(en, " ")), true
}

// quantityText writes a quantity of a reason ("4 d") in words ("4 days",
// "4 天"); other units are shown as they are.
func quantityText(lang, value string) string {
	if t, ok := moneyText(lang, value); ok {
		return t
	}
	num, unit, ok := strings.Cut(value, " ")
	if ok && (unit == "date" || unit == "time" || unit == "name") {
		return num
	}
	if ok && (unit == "gb" || unit == "tb" || unit == "g" || unit == "t" || unit == "gbps") {
		return num + " " + strings.ToUpper(unit)
	}
	if ok && (unit == "cards" || unit == "hosts") {
		w := map[string][2]string{"cards": {" cards", " 张卡"}, "hosts": {" hosts", " 台主机"}}[unit]
		return num + pick(lang, w)
	}
	w, known := unitNames.Get()[unit]
	if !ok || !known {
		return value
	}
	if lang == ZH {
		return num + " " + w[1]
	}
	if unit == "x" {
		return num + "x"
	}
	return num + " " + w[0]
}
