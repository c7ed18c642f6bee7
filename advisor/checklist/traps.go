package checklist

import "strings"

// trap is a clear answer that is a known bad one (docs/checklist.md#traps):
// it makes an item Risk (or, with vague set, Vague with its own reason)
// instead of Covered, however concrete it reads.
type trap struct {
	// when: one of these stated positively ("逻辑删除", "business hours
	// only"); a negated one ("非翻新", "not refurbished") is not the trap.
	when []string
	// neg: one of these negated ("没有NVLink", "not yet ISO 27001").
	neg []string
	// unless: the window also holds one of these signals (a commitment that
	// answers the trap: "逻辑删除后物理销毁").
	unless []signal
	// vague: the trap makes the item Vague, not Risk ("流量不限" has no
	// bandwidth number: vague at best).
	vague bool
	why   Text
}

// negators turn the term after them into its opposite. Chinese ones may be
// followed by a verb (没有配备NVLink, 不提供序列号); English ones by a few
// words (does not support NVLink, not yet ISO 27001 certified).
var negators = w("没有|没|无|不|未|暂不|暂无|非|禁止|拒绝|~no~|~not~|~without~|n't~|~never~|~none~|~cannot~")

// notNegators begin with a negator but do not negate what follows
// (不仅 = not only, 不限 = unlimited, 无需 = no need).
var notNegators = w("不仅|不只|不止|不限|无限|无论|无需|无须|不用|非常|不错|不会丢|无忧|不同|不间断|不断|无缝|不超过|不低于|不少于|不高于|不大于|不小于|无损|无阻塞|不掉|不丢|未来|无线|不定期|非工作|~not only|~not just|~no matter|~no need|~no extra|~no additional|~no problem|~no later than|~not later than|~not more than|~no more than|~not exceed")

// negLookback is how far before a term a negator may stand, in bytes of
// normalized text: four Chinese characters or about three English words.
const negLookback = 16

// negatedAt reports whether the term at s[i:] is negated: a negator ends at
// most negLookback bytes before i, in the same clause.
func negatedAt(s string, i int) bool {
	lo := max(i-negLookback, 0)
	if nl := strings.LastIndexByte(s[lo:i], '\n'); nl >= 0 {
		lo += nl + 1
	}
	span := s[lo:i]
	for _, x := range negators {
		t := parseTerm(x)
		off := 0
		for {
			j := t.find(span[off:])
			if j < 0 {
				break
			}
			j += off
			if !startsAny(s[lo+j:], notNegators) && t.boundaryOK(s, lo+j) {
				return true
			}
			off = j + 1
		}
	}
	return false
}

// startsAny reports whether s starts with one of the terms (boundaries on
// the right are checked).
func startsAny(s string, terms []string) bool {
	for _, x := range terms {
		t := parseTerm(x)
		if strings.HasPrefix(s, t.text) && t.boundaryOK(s, 0) {
			return true
		}
	}
	return false
}

// occurrences calls f with the start and end of every occurrence of one of
// terms in s, respecting boundaries, until f returns true.
func occurrences(s string, terms []string, f func(i, end int) bool) bool {
	for _, x := range terms {
		t := parseTerm(x)
		off := 0
		for off < len(s) {
			j := t.find(s[off:])
			if j < 0 {
				break
			}
			end := off + j + len(t.text)
			if f(off+j, end) {
				return true
			}
			off = end
		}
	}
	return false
}

// containsAffirmed reports whether one of terms occurs in s not negated.
func containsAffirmed(s string, terms []string) bool {
	return occurrences(s, terms, func(i, _ int) bool { return !negatedAt(s, i) })
}

// containsNegated reports whether one of terms occurs in s negated, before
// it ("没有NVLink") or after it ("RDMA is not available", "IB暂不支持").
func containsNegated(s string, terms []string) bool {
	return occurrences(s, terms, func(i, end int) bool { return negatedAt(s, i) || deniedAfter(s, end) })
}

// denials after a term say it is not there. Only these: "X is not billed"
// answers a question, it does not deny X.
var denials = w("~not available|~not supported|~not offered|~not provided|~unavailable|~isn't available|~aren't available|~isn't supported|~aren't supported|暂不支持|不支持|暂不提供|不提供|暂无|无法提供|还没有")

// deniedAfter reports whether a denial follows the term ending at end,
// within negLookback bytes (after "is", "are" and the like) in its clause.
func deniedAfter(s string, end int) bool {
	hi := min(end+negLookback+8, len(s))
	if nl := strings.IndexByte(s[end:hi], '\n'); nl >= 0 {
		hi = end + nl
	}
	return containsAny(s[end:hi], denials)
}

// sprung reports whether the trap holds in a window's normalized text,
// unless the rest of the answer (claims: every clause that is not a
// question or quoted) settles it ("account manager in business hours;
// 24/7 on-call engineers, 15-minute response").
// negs says whether txt holds a negator at all (without one, nothing is
// negated and the plain search is enough).
func (t *trap) sprung(txt, claims string, negs bool) bool {
	if negs && !containsAffirmed(txt, t.when) && !containsNegated(txt, t.neg) || !negs && !containsAny(txt, t.when) {
		return false
	}
	for i := range t.unless {
		if t.unless[i].holds(claims) {
			return false
		}
	}
	return true
}

// Phrases the traps share.
var (
	stillBilled  = "照常计费|照常收费|照常扣费|照收|仍收|仍然收|仍计费|仍然计费|仍按|依然收|依然计费|继续计费|继续收费|照扣|照常扣|still billed|still charged|continue to be billed|continues to bill|keeps billing|keep billing|charged as usual|billed as usual|billed in full|charged in full"
	notInWriting = "口头|~verbal|不写入合同|不写进合同|不能写进合同|不能写入合同|不进合同|~not in the contract|~not in writing|won't put|will not put|cannot put|can't put|standard terms only|标准合同不改|不改合同|不签sla|不提供sla"
)

// traps per item id: the traps of docs/checklist.md and their like, in both languages.
var traps = map[string][]trap{
	"hw.interconnect": {{
		when:   w("仅pcie|只有pcie|只支持pcie|pcie only|only pcie|纯pcie|pcie直连|走pcie|over pcie|via pcie|through pcie|pcie互联|pcie switch|pcie交换|pcie 交换|~pix~|~pxb~|~phb~"),
		neg:    w("nvlink|nvswitch|卡间互联|全互联"),
		unless: []signal{{terms: w("nvlink|nvswitch"), units: unitsRate}, {terms: w("~nv4~|~nv8~|~nv12~|~nv18~")}},
		why: Text{EN: "Without NVLink the cards talk over PCIe: multi-card training and tensor parallelism are throttled (up to about 2x slower on 8 cards).",
			ZH: "没有NVLink，卡间通信走PCIe：多卡训练和张量并行会被卡脖子（8卡任务可慢近一倍）。"},
	}},
	"hw.inter_node": {{
		when: w("仅单机|只有单机|只提供单机|单机不跨|single node only|single-node only|single machine only|不支持多机|不支持跨机|普通以太网|ordinary ethernet|plain ethernet|regular ethernet|tcp/ip only"),
		neg:  w("infiniband|~ib~|~roce|~rdma|多机|跨机|multi-node"),
		why: Text{EN: "No InfiniBand or RoCE between machines: a job past 8 cards crawls over ordinary Ethernet.",
			ZH: "机器之间没有InfiniBand或RoCE：超过8卡的任务要靠普通以太网通信，会慢得爬。"},
	}},
	"hw.host": {{
		when:   w("机械盘|机械硬盘|~hdd|sata盘|sata hdd|spinning disk"),
		unless: []signal{{terms: w("nvme|~ssd|固态"), also: w("数据盘|data disk|data drive|训练数据|dataset")}},
		why: Text{EN: "Training data on hard disks starves the GPUs: data loading, not the card, sets the speed.",
			ZH: "训练数据放在机械盘上会喂不饱GPU：速度取决于数据加载而不是显卡。"},
	}},
	"hw.refurb": {{
		when: w("翻新|矿卡|二手|refurbished|refurb~|ex-mining|used cards|second-hand|secondhand|拆机|mining cards"),
		neg:  w("序列号|serial|满载|压测|stress test|burn-in|保修|warranty"),
		why: Text{EN: "Refurbished or ex-mining cards, or no way to check (serials, full-load test): they drop off, overheat or throw ECC errors under load.",
			ZH: "翻新卡或矿卡，或不让核验（序列号、满载测试）：这类卡在满载下容易掉卡、过热或出ECC错误。"},
	}},
	"net.local_node": {{
		when: w("只有中转|仅中转|中转带宽|跨省|no local|not in chengdu|no data center in|no machine room in"),
		neg:  w("本地节点|本地机房|local node|local data center|local datacenter|local machine room"),
		why: Text{EN: "No machine room near you: weights and data cross provinces over the public network, and every restart costs time.",
			ZH: "附近没有机房：权重和数据要跨省走公网，每次中断恢复都多耗时间。"},
	}},
	"net.latency": {{
		when: w("丢包较高|丢包率较高|偶尔丢包|有丢包|高峰期丢包|occasional packet loss|some packet loss|packet loss at peak|high latency|延迟较高|延迟偏高"),
		why: Text{EN: "They admit latency or packet loss: real-time inference feels every extra 10 ms.",
			ZH: "对方承认延迟高或有丢包：实时推理每多10毫秒都能感觉到。"},
	}},
	"net.intranet_bw": {{
		when: w("共享带宽|带宽共享|shared bandwidth|bandwidth is shared|与其他租户共享|shared with other|和其他用户共享|共享内网|shared intranet|shared network"),
		why: Text{EN: "Shared intranet bandwidth: a neighbour's job can take it mid-run and NCCL slows down.",
			ZH: "内网带宽共享：邻居的任务随时可能抢走带宽，NCCL通信会变慢。"},
	}},
	"net.public_bw": {{
		when:   w("流量不限|不限流量|不限带宽|带宽不限|unlimited traffic|unlimited bandwidth|unmetered bandwidth|无限流量|无限带宽"),
		unless: []signal{{units: w("mbps|m|兆|gbps|mb/s|mbit")}},
		vague:  true,
		why: Text{EN: "\"Unlimited\" with no bandwidth number: a 5 Mbps line is unlimited too; ask for the Mbps.",
			ZH: "“不限”却没有带宽数字：5M的线路也叫不限；要问清多少Mbps。"},
	}},
	"bill.modes": {{
		when: w("按需不担保|不担保资源|不担保有卡|不担保库存|资源不担保|不承诺资源|视库存|看库存|高峰期可能无卡|高峰期无卡|高峰期可能没有|高峰期没有|~subject to availability|capacity not guaranteed|no capacity guarantee|availability not guaranteed|not guaranteed at peak"),
		why: Text{EN: "On-demand capacity is not guaranteed: at peak there may be no card to start on.",
			ZH: "按需资源不保证：高峰期可能根本开不出卡。"},
	}},
	"bill.stop_no_charge": {{
		when:   w(stillBilled),
		unless: []signal{{terms: w("不收费|不计费|不扣费|不收gpu|gpu不计费|gpu不收费|not billed for the gpu|not charged for the gpu|gpu is free|gpu is not")}},
		why: Text{EN: "A stopped instance is still billed: every idle night and weekend is paid at full price.",
			ZH: "停机照常计费：每个闲置的夜晚和周末都按全价付钱。"},
	}},
	"bill.egress": {{
		when:   w("流量不限|不限流量|unlimited traffic|unlimited data|unlimited egress|无限流量|流量无上限"),
		unless: []signal{{units: w("mbps|m|兆|gbps|mb/s|mbit")}, {terms: w("内网|intranet|internal")}},
		vague:  true,
		why: Text{EN: "\"Unlimited traffic\" with no bandwidth number: vague at best; ask for the bandwidth and any fair-use cap.",
			ZH: "“流量不限”却没有带宽数字：充其量是含糊；要问清带宽和是否有公平使用上限。"},
	}},
	"bill.min_term": {{
		when: w("不可提前解约|不能提前解约|不支持提前解约|不可退|不能退|不退款|不予退款|non-refundable|no early termination|cannot terminate early|cannot be cancelled|non-cancellable|最短一年|最短1年|起租一年|起租1年|至少一年|至少1年|最低一年|最低1年|最短12个月|至少12个月|12个月起|一年起租|1年起租|minimum one year|minimum 1 year|minimum of one year|minimum of 1 year|1-year minimum|one-year minimum|minimum 12 months|minimum term of 12 months|minimum term is 12 months|minimum term is one year"),
		why: Text{EN: "A long or non-cancellable minimum term: if the project ends sooner, you pay for idle cards.",
			ZH: "最短租期长或不可提前解约：项目提前结束时，你要为闲置的卡付钱。"},
	}},
	"bill.trial": {{
		neg: w("试用|~trial|测试机|~poc~"),
		why: Text{EN: "No trial: nothing the sales team said can be measured before you sign.",
			ZH: "没有试用：销售说的一切都无法在签约前实测。"},
	}},
	"ops.night_response": {{
		when:   w("工作日9|工作日 9|仅工作日|只在工作日|工作日白天|工作时间内|工作时间响应|~business hours|~office hours|~working hours|weekdays only|9-18点|9:00-18:00|9点-18点|9点到18点|9am-6pm|9am to 6pm|9-6 |夜间不值守|夜间无人|晚上没人|夜间仅工单|夜间只能|夜间工单|周末无人|~tickets only|~ticket only|~only tickets|~only by ticket|~only via ticket|仅工单|只能提工单|只支持工单|只接受工单|next business day|次日处理|第二天处理"),
		neg:    w("7x24|值守|值班|on-call|oncall|round the clock|夜间响应|night support"),
		unless: []signal{{terms: w("夜间|深夜|晚上|~night|after hours|after-hours|outside business hours|outside office hours|非工作时间|7x24"), also: w("响应|~response|~respond|回复|到场|人工|~engineer|工程师"), units: unitsTime}},
		why: Text{EN: "Support in office hours only, or tickets only at night: a card that drops at 23:00 waits until morning.",
			ZH: "只在工作时间有人，夜间只能提工单：晚上11点掉卡要等到第二天。"},
	}},
	"ops.env_reinstall": {{
		when: w("自行重装|自行解决|自行处理|自行安装|自己重装|you reinstall|reinstall it yourself|reinstall yourself|self-service only|不负责环境|环境问题不负责|not responsible for the environment|not responsible for your environment"),
		neg:  w("重装|reinstall|re-install|重新安装"),
		why: Text{EN: "Driver and CUDA conflicts are yours to fix: each one can cost half a day.",
			ZH: "驱动和CUDA冲突要自己解决：每次都可能耗掉半天。"},
	}},
	"ops.interrupt_comp": {{
		when: w("中断照常|中断后照常|中断也照常|中断期间照常|中断也计费|故障期间照常|宕机期间照常|宕机照常|宕机也计费|不补偿|不予补偿|不退费|费用不退|不作补偿|no refund|not refunded|not compensated|no compensation|billed during outages|billed during the outage|billed during an outage|outage hours are billed|still billed during"),
		neg:  w("补偿|退还|返还|~refund|compensat"),
		why: Text{EN: "Hours lost when the platform breaks a run are billed anyway: you pay for their outage.",
			ZH: "平台原因中断的时长照样收费：等于你为他们的故障买单。"},
	}},
	"ops.hw_replace": {{
		when:   w("返厂|寄回厂家|寄修|送修|~rma~|return to the manufacturer|客户自行迁移|用户自行迁移|自行迁移|migrate it yourself|you migrate|your responsibility to migrate|customer migrates"),
		neg:    w("备机|备用机|standby|~spare"),
		unless: []signal{{terms: w("备机|备用机|standby|~spare|更换|~replace"), units: w("小时|h|hours|hour|hr|分钟|min|minutes")}},
		why: Text{EN: "No standby machine, repair by return to the maker, or data migration left to you: a failed card stops the project for days.",
			ZH: "没有备机、返厂维修或数据迁移要自己做：坏一张卡项目就要停几天。"},
	}},
	"ops.persistence": {{
		when: w("释放后数据删除|释放后数据清除|释放后不保留|释放即删除|释放后即删除|数据不保留|不保留数据|不做保留|deleted on release|deleted when released|deleted when you release|lost on release|lost when released|erased on release|data is not kept|not retained|重启后丢失|lost on restart|lost after restart"),
		neg:  w("快照|snapshot|自定义镜像|custom image|持久|persist|保留|retain|checkpoint|续训|数据盘|persistent disk"),
		why: Text{EN: "Data is lost on release, with no snapshots or persistent disks: a stopped run starts from zero.",
			ZH: "释放即丢数据，也没有快照或持久盘：中断的训练只能从头再来。"},
	}},
	"ops.monitoring": {{
		neg: w("监控|~monitor|告警|~alert"),
		why: Text{EN: "No hardware monitoring: nobody sees a card overheating before your run dies.",
			ZH: "没有硬件监控：卡过热时没人发现，直到训练挂掉。"},
	}},
	"sec.isolation": {{
		when:   w("共享物理机|与其他租户共享|与其他客户共享|和其他客户共享|shared with other tenants|shared with other customers|shared physical|无隔离|不隔离|no isolation|not isolated|共享环境"),
		neg:    w("隔离|isolat"),
		unless: []signal{{terms: w("不与其他|不和其他|not shared with|never shared with")}},
		why: Text{EN: "No isolation from other tenants: your weights and data sit beside strangers' jobs.",
			ZH: "与其他租户没有隔离：你的模型权重和数据和陌生人的任务放在一起。"},
	}},
	"sec.data_destruction": {{
		when:   w("逻辑删除|logical delete|logically delete|logical deletion|仅删除|只做删除|只删除|磁盘复用|硬盘复用|disks are reused|drives are reused|reused without|格式化后|quick format|只格式化|仅格式化|可恢复"),
		neg:    w("物理销毁|销毁|~wipe|擦除|physical destruction|physically destroy|~destroy|覆写|overwrite|~shred|消磁|degauss"),
		unless: []signal{{terms: w("物理销毁|消磁|粉碎|多次覆写|覆写|physical destruction|physically destroy|degauss|~shred|overwrite|overwritten|800-88|安全擦除|secure erase|crypto erase|cryptographic erase|销毁证明|certificate of destruction")}},
		why: Text{EN: "Deleted data is only logically deleted: it can be recovered from the disk the next tenant gets.",
			ZH: "删除只是逻辑删除：数据还能从下一位租户拿到的磁盘上恢复。"},
	}},
	"sec.encryption": {{
		neg: w("加密|~encrypt"),
		why: Text{EN: "No disk encryption: whoever gets the disk gets the weights.",
			ZH: "没有磁盘加密：谁拿到磁盘就拿到了模型权重。"},
	}},
	"sec.certs": {{
		when: w("正在申请|正在办理|申请中|办理中|筹备中|审核中|计划申请|准备申请|明年|in progress|pending|underway|planned for|planning to get|working on"),
		neg:  w("等保|~mlps|iso 27001|iso27001|27001|~iso~|soc 2|soc2|许可证|~licence|~license|认证|~certif|资质|证书"),
		why: Text{EN: "No MLPS level 3 or ISO 27001 in hand: government and SOE projects drop vendors without them.",
			ZH: "没有等保三级或ISO 27001证书：政企项目会直接淘汰这类供应商。"},
	}},
	"sec.liability": {{
		when: w("不承担|概不负责|不负责|免责|not liable|not responsible|no liability|disclaim|客户自行承担|用户自行承担|自行负责|自行承担|at your own risk|customer bears|数据可能出境|数据会出境|境外存储|境外服务器|stored overseas|stored outside china|overseas servers|outside mainland china"),
		why: Text{EN: "Liability for your data is disclaimed, or data may leave the country: a To-B customer's audit fails here.",
			ZH: "数据安全责任被推掉，或数据可能出境：To B客户的审计会卡在这里。"},
	}},
	"trial.nvidia_smi": {{
		when: w("不开放root|没有root|无root|no root|without root|不能登录|cannot log in|no ssh"),
		neg:  w("nvidia-smi|~root|~ssh|登录"),
		why: Text{EN: "You cannot run nvidia-smi yourself: the card, driver and ECC state cannot be checked.",
			ZH: "不能自己运行nvidia-smi：卡、驱动和ECC状态都无法核验。"},
	}},
	"trial.iperf3": {{
		neg: w("iperf|带宽测试|测速|speed test|bandwidth test"),
		why: Text{EN: "No intranet test allowed: the bandwidth on the web page stays a claim.", ZH: "不允许测内网：网页上的带宽只能是宣传。"},
	}},
	"trial.allreduce": {{
		neg: w("all_reduce|allreduce|all-reduce|~nccl"),
		why: Text{EN: "No all-reduce test allowed: the interconnect stays unmeasured.", ZH: "不允许做all-reduce测试：卡间互联无法实测。"},
	}},
	"trial.support_drill": {{
		neg: w("报障|演练|~drill|模拟故障"),
		why: Text{EN: "They refuse a support drill: you learn the response time at the first real fault.", ZH: "拒绝报障演练：要等第一次真故障才知道响应多快。"},
	}},
	"trial.stress": {{
		when: w("禁止压测|不允许压测|不允许满载|禁止满载|不能压测|no stress test|stress tests are not allowed|not allowed to stress|no burn-in"),
		neg:  w("满载|压测|压力测试|烤机|~stress|burn-in|full load|full-load|gpu-burn|gpu burn"),
		why:  Text{EN: "No full-load test allowed: refurbished and ex-mining cards fail exactly there, so this hides them.", ZH: "不允许满载测试：翻新卡和矿卡正是在这一步露馅，拒绝等于掩盖。"},
	}},
	"trial.disk": {{
		neg: w("~fio~|磁盘测试|disk test|读写测试"),
		why: Text{EN: "No disk test allowed: a hard disk or throttled cloud disk would starve data loading unseen.", ZH: "不允许测磁盘：机械盘或限速云盘会在看不见的地方拖慢数据加载。"},
	}},
	"trial.ping": {{
		neg: w("~ping|丢包测试|延迟测试|latency test|mtr"),
		why: Text{EN: "No ping test from your site: the latency your users feel stays unknown.", ZH: "不允许从你方测ping：用户实际感受到的延迟无从得知。"},
	}},
	"ct.sla_response": {{
		when: w(notInWriting + "|~no sla~|没有sla|无sla|不签sla"),
		neg:  w("~sla~|合同|contract|书面|in writing"),
		why: Text{EN: "The response time stays out of the contract: a verbal promise counts for nothing.",
			ZH: "响应时间不写进合同：口头承诺不算数。"},
	}},
	"ct.sla_compensation": {{
		when: w("只补偿时长|仅补偿时长|只补时长|仅补时长|只延长|仅延长|只顺延|仅顺延|补偿时长为准|只赠送时长|仅赠送时长|only extend|only as extra time|only as service time|service time only|extra time only|credits only|only service credits|only in credits|only credit|never cash|no cash|not in cash|不退现金|不赔现金|不以现金|不折现|不现金"),
		neg:  w("赔偿|赔付|compensat|~refund|退款|现金"),
		why: Text{EN: "Compensation only as extra service time, never money: an outage costs them nothing.",
			ZH: "只补时长不赔钱：故障对他们没有任何成本。"},
	}},
	"ct.migration": {{
		when: w("到期即删除|到期后立即删除|到期后删除|到期删除|deleted at the end of the term|deleted when the contract ends|客户自行迁移|自行导出|export it yourself"),
		neg:  w("迁移|migration|~migrate|导出|~export"),
		why: Text{EN: "No help moving your data out at the end of the term, or it is deleted on expiry: leaving costs you the data.",
			ZH: "到期不协助迁移或直接删除：离开就意味着丢数据。"},
	}},
	"ct.bandwidth": {{
		when:   w("流量不限|不限流量|不限带宽|带宽不限|unlimited traffic|unlimited bandwidth|无限流量"),
		unless: []signal{{units: w("mbps|m|兆|gbps|mb/s|mbit")}},
		vague:  true,
		why: Text{EN: "\"Unlimited\" with no bandwidth number is not a bandwidth term: ask for the Mbps and the price past any cap.",
			ZH: "“不限”却没有带宽数字不算带宽条款：要问清多少Mbps以及超出后的价格。"},
	}},
}
