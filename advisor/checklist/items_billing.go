package checklist

var billingItems = []Item{
	{
		ID: "bill.modes", Dimension: Billing,
		Question: Text{EN: "Which billing modes exist (on-demand, monthly, yearly, spot), at what price each? Send the price matrix.", ZH: "有哪些计费方式（按需、包月、包年、抢占式），各多少钱？请给一份价格矩阵。"},
		Why:      Text{EN: "Choosing reserved or on-demand needs both prices: break-even hours = monthly price / hourly price.", ZH: "选包月还是按需要两个价格：盈亏平衡小时数 = 月价 / 时价。"},
		Concrete: Text{EN: "A100 80G: on-demand ¥35/card-h, monthly ¥15,000/card, yearly ¥162,000/card, spot ¥12/card-h", ZH: "A100 80G：按需 35元/卡时，包月 15000元/卡，包年 162000元/卡，抢占式 12元/卡时"},
		topics:   w("按需|按量|包月|包年|月付|年付|抢占|竞价|~spot~|on-demand|on demand|~monthly|~yearly|~annual|~reserved|preemptible|pay-as-you-go|pay as you go|计费方式|billing mode|价格矩阵|price list|~pricing"),
		min:      2,
		signals: []signal{
			{terms: w("按需|按量|on-demand|on demand|pay-as-you-go|pay as you go|~hourly|按小时|/卡时|/小时|/h"), units: w("$")},
			{terms: w("包月|月付|~monthly|per month|/月|月租"), units: w("$")},
			{terms: w("包年|年付|~yearly|~annual|per year|/年"), units: w("$")},
			{terms: w("抢占|竞价|~spot~|preemptible"), units: w("$")},
		},
	},
	{
		ID: "bill.granularity", Dimension: Billing, Key: true,
		Question: Text{EN: "What is the billing granularity: per second, minute or hour? Is a partial hour rounded up?", ZH: "扣费粒度是按秒、按分钟还是按小时？不足一小时是否按一小时计？"},
		Why:      Text{EN: "Per-hour billing with rounding up makes short tests and frequent restarts cost far more than they use.", ZH: "按小时计费且向上取整时，短测试和频繁重启的实际花费远超使用量。"},
		Concrete: Text{EN: "Billed per second, settled hourly; no rounding up", ZH: "按秒计费、按小时结算，不向上取整"},
		topics:   w("计费粒度|扣费粒度|粒度|按秒|按分钟|按小时计费|按小时扣费|按小时结算|granularity|per second|per-second|per minute|per-minute|billed hourly|hourly billing|billed by|billed per|秒级|分钟级|小时级|计费周期|结算周期|不足一小时|不足1小时|rounded up|round up"),
		signals: []signal{
			{terms: w("按秒|按分钟|按小时计费|按小时扣费|按小时结算|秒级|分钟级|小时级|per second|per-second|per minute|per-minute|billed hourly|hourly billing|by the second|by the minute|by the hour|billed per hour|不足一小时|不足1小时|rounded up to|round up to")},
		},
	},
	{
		ID: "bill.stop_no_charge", Dimension: Billing,
		Question: Text{EN: "Is a stopped instance free? What keeps being charged while it is stopped (disks, IPs)?", ZH: "实例停机后是否不收费？停机期间还有哪些费用照收（磁盘、IP）？"},
		Why:      Text{EN: "If a stopped instance still bills the GPU, every idle night and weekend is paid at full price.", ZH: "如果停机仍收GPU费用，每个闲置的夜晚和周末都按全价付费。"},
		Concrete: Text{EN: "Stopped instances are not billed for the GPU; the 500 GB data disk is still charged at ¥0.3/GB-month", ZH: "停机后GPU不计费；500GB 数据盘仍按 0.3元/GB/月 收费"},
		topics:   w("停机|关机|暂停|~stopped|~stop~|shut down|shutdown|闲置|~idle~|停止实例|挂起|suspend"),
		signals: []signal{
			{anyPolarity: true, terms: w("停机|关机|~stopped|~stop~|shutdown|shut down|闲置|~idle~|暂停|挂起|suspend"),
				also: w("不收费|不计费|不扣费|免费|收费|计费|照常|仍|照收|not charged|not billed|no charge|~free|charged|billed|只收|只计|~only|don't charge|do not charge|doesn't charge|does not charge|~charge for|~bill for")},
		},
	},
	{
		ID: "bill.egress", Dimension: Billing, Key: true,
		Question: Text{EN: "Is public egress charged, at how much per GB? Does pulling model weights and datasets count?", ZH: "公网出流量是否收费？每GB多少钱？拉取模型权重和数据集算不算？"},
		Why:      Text{EN: "Egress is the hidden cost most often underestimated: one team paid ¥8k on top of ¥30k of GPU for downloads, uploads and snapshots.", ZH: "出流量是最容易被低估的隐藏费用：有团队在3万GPU费用之外多付了8千多的下载、上传和快照费。"},
		Concrete: Text{EN: "Egress ¥0.8/GB; ingress and pulls from our mirror free; first 1 TB a month free", ZH: "公网出流量 0.8元/GB；入流量和从镜像站拉取免费；每月前1TB免费"},
		topics:   w("公网流量|出流量|下行流量|上行流量|流量费|~egress|outbound traffic|data transfer|外网流量|~download|下载|流量|~traffic|~ingress|入流量|出网"),
		gate: gate{not: w("内网|intranet|internal network|internal traffic|局域网|~lan~|private network"),
			but: w("公网|外网|出网|出流量|~egress|~public|~internet|下载|~download|上传|~upload|~ingress|入流量")},
		signals: []signal{
			{terms: w("流量|~egress|~traffic|transfer|下载|~download|出网|~ingress"), units: w("$"), anyPolarity: true},
			{terms: w("流量|~egress|~traffic|transfer|下载|~download|出网|~ingress"), also: w("免费|~free|不收费|不计费|不收取|no charge|~no egress charge|~no charges|free of charge"), units: unitsGB, anyPolarity: true},
		},
	},
	{
		ID: "bill.intranet_quota", Dimension: Billing,
		Question: Text{EN: "How much intranet traffic is free each month, and what does each GB past the quota cost?", ZH: "内网流量每月免费额度多少？超出后每GB多少钱？"},
		Why:      Text{EN: "Multi-node training moves terabytes inside the data centre; a small quota turns into a large bill.", ZH: "多机训练在机房内传输TB级数据，额度小就会变成大账单。"},
		Concrete: Text{EN: "Intranet traffic unmetered and free; or 10 TB free a month, then ¥0.1/GB", ZH: "内网流量不计量、免费；或每月免费10TB，超出 0.1元/GB"},
		topics:   w("内网流量|内网额度|免费额度|intranet traffic|intranet quota|internal traffic|内网免费|free quota|内网收费|内网不收费|内网计费|intranet is free|intranet free|内网|intranet"),
		// 内网 alone is the intranet's bandwidth (万兆内网), not its traffic quota.
		// Public traffic's quota is bill.egress.
		gate: gate{need: w("流量|~traffic|额度|quota|免费|~free|收费|计费|计量|~metered|不限|unlimited|unmetered|超出|超过|~beyond|included|包含|赠送"),
			not: w("公网|外网|出网|出流量|~egress|~public|~internet"), but: w("内网|intranet|internal")},
		signals: []signal{
			{units: unitsGB, also: w("额度|quota|免费|~free|以内|within|included|包含|每月|a month|per month")},
			{terms: w("不限|不限量|unlimited|无上限|不计量|not metered|unmetered|no quota")},
			{terms: w("超出|超过|超额|beyond|over the quota|past the quota|above the quota|overage"), units: w("$")},
		},
	},
	{
		ID: "bill.storage", Dimension: Billing, Key: true,
		Question: Text{EN: "What do disks, object storage and snapshots cost per GB-month, and how much comes free?", ZH: "云盘、对象存储和快照各怎么收费（每GB每月）？赠送多少？"},
		Why:      Text{EN: "Datasets of hundreds of GB to several TB, plus daily snapshots, add up to a real share of the bill.", ZH: "几百GB到几TB的数据集加上每日快照，会占账单相当一部分。"},
		Concrete: Text{EN: "Data disk ¥0.3/GB-month with 500 GB free; object storage ¥0.12/GB-month; snapshots ¥0.1/GB-month", ZH: "数据盘 0.3元/GB/月，赠送500GB；对象存储 0.12元/GB/月；快照 0.1元/GB/月"},
		topics:   w("存储|云盘|数据盘|对象存储|~oss~|快照|snapshot|storage|~disk|~nas~|~cos~|~s3~|备份|~backup"),
		// A disk named without a price, quota or charge is about hardware or
		// data destruction, not the storage bill.
		gate: gate{need: w("元|¥|$|/gb|/g|/tb|price|~cost|收费|计费|扣费|免费|~free|赠送|~included|包含|额度|quota|per gb|/月|month|费用|~charge|~billed|~bill|价格|多少钱|单价")},
		signals: []signal{
			{terms: w("存储|云盘|对象存储|~oss~|快照|snapshot|storage|~nas~|备份|数据盘|~disk|~backup"), units: w("$")},
			{terms: w("存储|云盘|对象存储|~oss~|快照|snapshot|storage|~nas~|数据盘|~disk"), also: w("免费|~free|赠送|included|包含|含|不收费"), units: unitsGB},
		},
	},
	{
		ID: "bill.min_term", Dimension: Billing,
		Question: Text{EN: "What is the minimum term, the early-termination penalty, the minimum renewal, and the prepay discount?", ZH: "最短租期多长？提前解约怎么罚？续约最少几个月？预付有什么折扣？"},
		Why:      Text{EN: "A reservation idles if the project ends early; renewals often require 3 months, and yearly prepay is often about 10% off.", ZH: "项目提前结束时包月资源会空转；续约常要求至少3个月，年付通常便宜10%左右。"},
		Concrete: Text{EN: "Minimum 1 month; early termination costs 30% of the remaining months; monthly renewals; yearly prepay 10% off", ZH: "最短1个月；提前解约按剩余月费30%收违约金；可按月续；年付九折"},
		topics:   w("最短|最低租期|起租|租期|合约期|最少|minimum term|min term|minimum commitment|commitment|违约金|提前解约|提前终止|early termination|续费|续租|续约|~renewal|预付|~prepay|~prepaid|年付|折扣|discount|~term~"),
		signals: []signal{
			{units: w("个月|月|month|months|mo|年|year|years|天|days|day|%|折|周|weeks")},
			{terms: w("无最短|无最低|没有最低|没有最短|no minimum|随时退|无起租|不限租期|no commitment")},
			{terms: w("九折|八折|八五折|九五折")},
		},
	},
	{
		ID: "bill.trial", Dimension: Billing,
		Question: Text{EN: "Is there a trial period, how long, and does its fee count toward the first month?", ZH: "有没有试用期？多长？试用费用能否抵扣首月？"},
		Why:      Text{EN: "Two hours of trial tests (nvidia-smi, iperf3, all_reduce, a training loop, a support drill) expose most problems before you sign.", ZH: "两小时的试用实测（nvidia-smi、iperf3、all_reduce、训练循环、报障演练）能在签约前暴露大部分问题。"},
		Concrete: Text{EN: "1–3 day trial billed hourly; the trial fee is credited against the first month", ZH: "1–3天按小时计费的试用期；试用费用可抵扣首月"},
		topics:   w("试用|测试期|~trial|体验|~poc~|免费测试|测试机|试跑"),
		signals: []signal{
			{units: w("天|小时|h|hours|hour|days|day|d|周|week|weeks")},
			{terms: w("抵扣|抵|~credit|~credited|deduct|deducted|count toward|counts toward|不抵扣|offset")},
		},
	},
	{
		ID: "bill.extras", Dimension: Billing,
		Question: Text{EN: "Are there other charges: support fees, paid images, framework licences, management fees?", ZH: "还有其他费用吗：技术支持费、付费镜像、框架授权、管理费？"},
		Why:      Text{EN: "Support tiers and licences are line items too; a quote without them is not the full price.", ZH: "支持套餐和授权也是费用项；不含它们的报价不是全价。"},
		Concrete: Text{EN: "Standard support included; premium support ¥2,000/month; all images free; no management fee", ZH: "标准技术支持已含；高级支持 2000元/月；镜像全部免费；无管理费"},
		topics:   w("技术支持费|支持费|服务费|support fee|镜像费|付费镜像|授权|~license~|~licence~|~licenses~|~licences~|management fee|~fees~|~fee~|免费镜像|镜像免费|镜像收费|支持免费|支持收费|support is included|support included|support is free|images are free|许可|额外费用|extra fee|extra charge|hidden fee|hidden cost|隐藏费用|隐性费用|其他费用|附加费|管理费|additional charge|additional fee|other fees|other charges"),
		signals: []signal{
			{terms: w("支持费|服务费|~support~|镜像|~image~|~images~|授权|~license|~licence|许可|管理费|附加费|~fee|~charge|费用"), units: w("$"), anyPolarity: true},
			{anyPolarity: true, terms: w("支持费|技术支持|服务费|support fee|~support~|镜像费|镜像|~images|授权|~license|~licence|许可|管理费"), also: w("免费|不收费|不另收|~free|included|包含|已含|no charge|0元|无支持费|无授权费|无管理费|无服务费|no support fee|no licence fee|no license fee|no licensing fee|no management fee|no image fee|at no cost|at no extra cost")},
		},
	},
}
