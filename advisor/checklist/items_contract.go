package checklist

var contractItems = []Item{
	{
		ID: "ct.sla_response", Dimension: Contract, Key: true,
		Question: Text{EN: "Will the response times be written into the contract (an SLA annex), for every severity, 7x24?", ZH: "响应时效能否写进合同（SLA附件），按故障等级、7x24？"},
		Why:      Text{EN: "Verbal promises count for nothing; only response times in the contract can be enforced.", ZH: "口头承诺不算数；只有写进合同的响应时效才能追责。"},
		Concrete: Text{EN: "SLA annex: P1 response 15 min, P2 30 min, 7x24; a missed response is credited 5% of the month", ZH: "SLA附件：P1 15分钟响应、P2 30分钟，7x24；超时按月费5%补偿"},
		topics:   w("~sla~|服务等级|响应时间|响应时效|合同|contract|response time|写入合同|写进合同|~annex|附件|服务协议|service level"),
		signals: []signal{
			{terms: w("~sla~|合同|contract|协议|agreement|附件|~annex|appendix|书面|written|写入|写进|in writing"), also: w("响应|~response|~respond|到场|on-site|onsite"), units: w("分钟|min|mins|minutes|小时|h|hours|hour|hr")},
		},
	},
	{
		ID: "ct.sla_compensation", Dimension: Contract,
		Question: Text{EN: "What compensation does the contract give for outages, e.g. a single fault over 4 h compensated at 2x the order amount for its duration?", ZH: "合同对故障怎么赔偿？例如单次故障超过4小时，按故障时长订单金额的双倍补偿？"},
		Why:      Text{EN: "A vendor that signs a compensation ratio trusts its own operations; one that will not is telling you something.", ZH: "敢签赔偿比例的平台对自己的运维有底气；不敢签的，也说明了问题。"},
		Concrete: Text{EN: "Single fault over 4 h: 2x the order amount for the fault's duration, credited to the next bill", ZH: "单次故障超过4小时，按故障时长订单金额的2倍补偿，抵扣下期账单"},
		topics:   w("赔偿|赔付|补偿|compensat|service credit|credit back|credited back|~credits~|违约|penalty|双倍"),
		signals: []signal{
			{terms: w("赔偿|赔付|补偿|compensat|service credit|~credits~|credit back|credited back|返还|~refund"), units: w("倍|x|%|小时|h|hours|天|days|day")},
			{terms: w("赔偿|赔付|补偿|compensat|service credit|~credits~|~refund"), also: w("双倍|两倍|~double|~twice")},
		},
	},
	{
		ID: "ct.migration", Dimension: Contract,
		Question: Text{EN: "At the end of the term, will you help migrate our data out, how, and for what fee?", ZH: "合同到期时，是否协助把数据迁出？怎么迁？收不收费？"},
		Why:      Text{EN: "Terabytes of data and checkpoints are slow to move; an exit fee or no help locks you in.", ZH: "TB级数据和checkpoint迁移很慢；收迁出费或不给协助就等于被锁定。"},
		Concrete: Text{EN: "Free migration help at term end: we copy up to 50 TB to your storage or disks within 3 days", ZH: "到期免费协助迁移：3天内将最多50TB数据拷贝到你方存储或硬盘"},
		topics:   w("迁移|migration|~migrate|数据迁移|到期|合同结束|end of term|导出|~export|数据带走|迁出"),
		signals: []signal{
			{terms: w("迁移|migration|~migrate|导出|~export|迁出|带走"), also: w("免费|~free|收费|不收费|no charge|费用|~fee|~cost|元|~charge|包含|included|¥")},
		},
	},
	{
		ID: "ct.upgrade", Dimension: Contract,
		Question: Text{EN: "Can we upgrade to a newer card during the term by paying the price difference?", ZH: "合同期内能否补差价升级到新一代的卡？"},
		Why:      Text{EN: "Cards turn over within a year; an upgrade clause keeps a long contract from locking you onto old hardware.", ZH: "GPU一年内就会迭代；有升级条款，长约才不会把你锁在旧卡上。"},
		Concrete: Text{EN: "Upgrade to H100 at any time for the price difference, prorated over the remaining months", ZH: "合同期内可随时补差价升级到H100，按剩余月数折算"},
		topics:   w("升级|~upgrade|换新卡|新卡|补差价|差价|price difference|换代|newer card|newer gpu|迭代|new generation"),
		signals: []signal{
			{terms: w("升级|~upgrade|换新|换代|新卡|~newer"), also: w("差价|补差|price difference|~difference|折算|按比例|prorat|pro rata|不支持|not supported|不可以|不能|cannot|can't|不提供|no upgrade")},
		},
	},
	{
		ID: "ct.bandwidth", Dimension: Contract,
		Question: Text{EN: "Is bandwidth fixed or metered, and what does traffic past the quota cost?", ZH: "带宽是固定带宽还是按流量计费？超出部分单价多少？"},
		Why:      Text{EN: "Metered bandwidth without a stated overage price is an open-ended bill.", ZH: "按流量计费却不写超出单价，账单就没有上限。"},
		Concrete: Text{EN: "Fixed 100 Mbps included; traffic beyond 5 TB a month billed at ¥0.5/GB", ZH: "固定带宽100Mbps已含；每月超出5TB部分按 0.5元/GB 计费"},
		topics:   w("固定带宽|按流量|带宽计费|流量计费|带宽费|bandwidth billing|fixed bandwidth|~metered|超出部分|~overage|带宽包|流量包|按带宽|带宽超出|流量超出|bandwidth beyond|bandwidth over|bandwidth past|traffic beyond|traffic over|beyond the quota|past the quota|over the quota"),
		signals: []signal{
			{terms: w("固定带宽|按流量|按带宽|fixed bandwidth|~metered|per gb|按量计费|流量包|带宽包|带宽"), units: w("$|mbps|m|兆|g|gbps")},
			{terms: w("超出|超过|超额|~overage|beyond|over the quota|past the quota|~above"), units: w("$")},
		},
	},
}
