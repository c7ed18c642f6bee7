package checklist

var operationsItems = []Item{
	{
		ID: "ops.night_response", Dimension: Operations, Key: true,
		Question: Text{EN: "If a GPU drops at 23:00, who answers and how fast? Humans 24/7, or tickets only?", ZH: "深夜11点掉卡，谁来响应、多快？7x24有人值守，还是只有工单？"},
		Why:      Text{EN: "Most small platforms staff office hours only; a fault at hour 37 of a run waits until morning.", ZH: "多数小平台人工支持只覆盖工作时间；训练到第37小时出故障要等到第二天。"},
		Concrete: Text{EN: "7x24 on-call engineers by phone and WeChat; response within 15 minutes, on site within 2 hours", ZH: "7x24工程师电话和微信值守；15分钟内响应，2小时内到场"},
		topics:   w("7x24|全天候|响应|~response|~respond|售后|客服|值班|on-call|oncall|夜间|深夜|~night|工单|~ticket|~support~|技术支持|掉卡|人工|round the clock|round-the-clock|around the clock"),
		signals: []signal{
			{units: unitsTime, also: w("响应|~response|~respond|到场|接手|回复|~reply|~replies|~replied|答复|~answer|人工|~engineer|工程师|on-site|onsite|处理|~handled|pick up|call back")},
		},
	},
	{
		ID: "ops.env_reinstall", Dimension: Operations,
		Question: Text{EN: "If drivers and CUDA conflict, do you reinstall the environment for free, and how fast?", ZH: "驱动和CUDA环境冲突时，平台是否免费帮忙重装？多久完成？"},
		Why:      Text{EN: "Environment breakage is common; paying or waiting for every reinstall stalls the team.", ZH: "环境出问题很常见；每次重装都收费或等待会拖住整个团队。"},
		Concrete: Text{EN: "Free reinstall of driver, CUDA or image on request, done within 30 minutes", ZH: "应要求免费重装驱动/CUDA/镜像，30分钟内完成"},
		topics:   w("重装|重新安装|reinstall|re-install|环境冲突|驱动冲突|环境问题|reimage|re-image|重置系统|重装系统|环境配置|环境部署|environment setup|environment issue"),
		signals: []signal{
			{terms: w("重装|reinstall|re-install|重新安装|reimage|re-image|重置|环境|environment"), also: w("免费|~free|不收费|no charge|包含|included|收费|元|~charge|~fee|分钟|小时|~min|~hour|minutes|hours")},
		},
	},
	{
		ID: "ops.interrupt_comp", Dimension: Operations,
		Question: Text{EN: "When a platform fault breaks a run, what happens to the hours already billed: refunded, credited, or charged anyway?", ZH: "平台故障导致训练中断时，已扣的算力费用怎么处理：退还、补偿时长，还是照扣？"},
		Why:      Text{EN: "A broken multi-day run wastes every hour since the last checkpoint; the contract must say who pays for them.", ZH: "多天训练被打断会浪费自上次checkpoint以来的全部时长；合同要写清由谁承担。"},
		Concrete: Text{EN: "Hours lost to a platform fault are not billed, and the time since the last checkpoint is credited back", ZH: "平台故障期间不计费，并按距上次checkpoint的时长补偿"},
		topics:   w("中断|补偿|宕机|故障|退费|返还|~interrupt|compensat|~refund|service credit|credit back|credited back|~credits~|downtime|outage|~crash|平台原因|赔"),
		signals: []signal{
			{terms: w("中断|宕机|故障|~interrupt|outage|downtime|~crash|平台原因|~failure|~fault"),
				also: w("不计费|不扣费|退还|返还|全额|双倍|倍|等时长|同等时长|延长|顺延|~refund|not billed|not charged|~credited|credit back|~extend|2x|~double|免单")},
			{terms: w("补偿|赔偿|compensat|service credit|credit back|credited back|~credits~|~refund"), units: w("倍|x|%|小时|h|hours|hour|天|days")},
		},
	},
	{
		ID: "ops.hw_replace", Dimension: Operations, Key: true,
		Question: Text{EN: "How fast is a failed card or machine replaced, is there a standby machine, and who migrates the data?", ZH: "坏卡或故障机器多久更换？有没有备用机？数据迁移由谁负责、要多久？"},
		Why:      Text{EN: "Good vendors replace within 4 hours with a standby machine and move the data themselves.", ZH: "靠谱的供应商4小时内换上备用机，并自己负责迁移数据。"},
		Concrete: Text{EN: "Failed card replaced within 4 h; a standby machine is swapped in and our engineers move your data within 2 h", ZH: "坏卡4小时内更换；先切备用机，数据由我方工程师2小时内迁移完成"},
		topics:   w("换卡|更换|换机|备机|备用机|替换|~replace|replacement|~spare|standby|硬件故障|hardware failure|hardware fault|坏卡|掉卡|failed card|failed gpu|故障卡"),
		signals: []signal{
			{terms: w("更换|换卡|换机|替换|~replace|~replaced|replacement|~swap|~swapped|备机|备用机|standby|~spare"), units: w("小时|h|hours|hour|hr|分钟|min|minutes|天|day|days|工作日|business day")},
		},
	},
	{
		ID: "ops.persistence", Dimension: Operations,
		Question: Text{EN: "Is data kept after an instance is released? Can we save custom images and snapshots, and resume from checkpoints?", ZH: "实例释放后数据是否保留？能否保存自定义镜像和快照、从checkpoint断点续训？"},
		Why:      Text{EN: "Without persistence every move repeats half a day to three days of setup; images and snapshots cut it to minutes.", ZH: "没有持久化，每次换机都要重做半天到三天的环境；镜像和快照能缩短到几分钟。"},
		Concrete: Text{EN: "Data disks kept 7 days after release; custom images and snapshots supported; checkpoints on shared NAS survive restarts", ZH: "释放后数据盘保留7天；支持自定义镜像和快照；checkpoint存共享NAS，重启不丢"},
		topics:   w("数据保留|持久化|保留|快照|snapshot|自定义镜像|custom image|断点续训|checkpoint|续训|~resume|~persist|释放后|after release|retention"),
		signals: []signal{
			{terms: w("保留|~retain|~retained|~kept|~keep|~persist|持久|retention"), units: w("天|days|day|小时|hours|h|月|months|month|个月|周|weeks")},
			{terms: w("自定义镜像|custom image|快照|snapshot|保存镜像"), also: w("支持|可以|提供|~support~|supported|available|免费|保存|~save|~can")},
			{terms: w("checkpoint|断点续训|续训|~resume"), also: w("支持|~support~|supported|自动|automatic|提供|保存|~saved|survive|不丢")},
		},
	},
	{
		ID: "ops.monitoring", Dimension: Operations,
		Question: Text{EN: "Do you monitor hardware health (temperature, ECC, Xid errors) and alert us? What redundancy covers power and network?", ZH: "是否监控硬件健康（温度、ECC、Xid错误）并通知我们？电力和网络有什么冗余？"},
		Why:      Text{EN: "A card whose temperature drifts red at hour 37 should be caught by monitoring before it kills the run.", ZH: "训练到第37小时温度飘红的卡，应该在毁掉任务前被监控发现。"},
		Concrete: Text{EN: "DCGM monitoring of temperature, ECC and Xid every 30 s, alerts to your Feishu group; dual power feeds with UPS and diesel generator", ZH: "DCGM每30秒监控温度、ECC、Xid，告警推送到飞书群；双路供电+UPS+柴油发电机"},
		topics:   w("监控|monitoring|~monitor|健康检查|health check|告警|~alert|冗余|redundancy|redundant|~ups~|双路供电|~dcgm|巡检|prometheus|grafana"),
		signals: []signal{
			{terms: w("~dcgm|prometheus|grafana|温度|temperature|~ecc~|功耗|~power~|~xid|显存错误|短信|~sms~|邮件|email|飞书|钉钉|微信|wechat|webhook|feishu|~lark~|dingtalk"),
				also: w("监控|~monitor|告警|~alert|通知|~notify|~notified|推送")},
			{terms: w("~ups~|柴油|发电机|generator|双路|dual power|~n+1|~2n~|dual-feed|dual feed|双线")},
		},
	},
}
