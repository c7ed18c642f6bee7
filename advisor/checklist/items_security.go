package checklist

var securityItems = []Item{
	{
		ID: "sec.isolation", Dimension: Security, Key: true,
		Question: Text{EN: "How are tenants isolated: virtual machines, containers, or a dedicated physical host?", ZH: "租户之间怎么隔离：虚拟机、容器，还是独占物理机？"},
		Why:      Text{EN: "Several tenants may share one physical server; VM isolation is stronger than containers, a dedicated host strongest.", ZH: "你可能和其他租户共用一台物理机；虚拟机隔离比容器可靠，独占物理机最强。"},
		Concrete: Text{EN: "Dedicated bare-metal host with no other tenant; or KVM VMs with GPU passthrough (VFIO)", ZH: "独占裸金属整机，无其他租户；或KVM虚拟机+GPU直通（VFIO）"},
		topics:   w("隔离|isolation|isolated|虚拟化|容器|container|~vm~|虚拟机|独占|独享|dedicated|物理机|bare metal|bare-metal|裸金属|多租户|multi-tenant|~tenant|共享|~shared"),
		// 独享 and dedicated bandwidth are about the network, not tenants.
		gate: gate{not: w("带宽|bandwidth|内网|intranet|公网|~public|gbps|gb/s|mbps|网卡|~nic~|~port|端口|~ip~|~ips~|客户经理|account manager|~support"),
			but: w("隔离|isolat|租户|tenant|物理机|bare metal|bare-metal|裸金属|整机|~host|~server|虚拟机|~vm~|容器|container|gpu直通|passthrough")},
		signals: []signal{
			{terms: w("~kvm|虚拟机隔离|vm隔离|虚拟化隔离|物理机|裸金属|bare metal|bare-metal|独占整机|独享整机|整机独享|整机独占|dedicated host|dedicated server|dedicated machine|dedicated physical|容器隔离|docker隔离|container isolation|gpu直通|passthrough|~vfio|sr-iov|~mig~|~vgpu|no other tenant|不与其他|不和其他|单租户|single tenant|single-tenant")},
			{terms: w("容器|~docker|container"), also: w("隔离|isolat|租户|~tenant|共享|~shared|独享|独占")},
			{terms: w("虚拟机|virtual machine|~vm~|~vms~"), also: w("隔离|isolat|租户|~tenant|每个|~each|独立")},
		},
	},
	{
		ID: "sec.data_destruction", Dimension: Security,
		Question: Text{EN: "After we delete data, is the disk physically destroyed or securely wiped, and can you certify it?", ZH: "数据删除后，磁盘是物理销毁还是安全擦除？能否出具证明？"},
		Why:      Text{EN: "Logical delete leaves data recoverable on a disk that the next tenant gets.", ZH: "逻辑删除后数据仍可能被恢复，而这块盘会分给下一个租户。"},
		Concrete: Text{EN: "Disks wiped to NIST 800-88 on release; failed disks degaussed and shredded; certificate of destruction on request", ZH: "释放时按 NIST 800-88 擦除；故障盘消磁并粉碎；可出具销毁证明"},
		topics:   w("销毁|删除|擦除|清除|destruction|~destroy|~wipe|~wiping|~wiped|~erase|deletion|~delete|逻辑删除|物理销毁|消磁|粉碎|~shred|overwrit|覆写|800-88|~sanitiz|degauss"),
		signals: []signal{
			{terms: w("物理销毁|消磁|粉碎|多次覆写|覆写|覆盖写|physical destruction|physically destroy|degauss|~shred|overwrite|overwritten|800-88|销毁证明|销毁证书|certificate of destruction|dod 5220|安全擦除|secure erase|crypto erase|cryptographic erase")},
		},
	},
	{
		ID: "sec.encryption", Dimension: Security,
		Question: Text{EN: "Are disks encrypted, with what, and who holds the keys?", ZH: "磁盘是否加密？用什么加密？密钥由谁保管？"},
		Why:      Text{EN: "Encryption whose keys the vendor holds protects you from thieves, not from the vendor.", ZH: "密钥在供应商手里的加密，只防外贼，不防供应商。"},
		Concrete: Text{EN: "AES-256 disk encryption; keys in your own KMS (BYOK); we never see them", ZH: "AES-256 磁盘加密；密钥存于客户自有KMS（BYOK），平台无法获取"},
		topics:   w("加密|~encrypt|密钥|秘钥|key management|~kms~|~byok~"),
		signals: []signal{
			{terms: w("~aes|~kms~|~luks|国密|~sm4|~byok~|客户自持|客户保管|用户保管|自带密钥|客户持有|用户持有|customer-managed|customer managed|you hold|you keep|your own key|我们保管|平台保管|平台托管|we hold|we keep|held by|托管")},
		},
	},
	{
		ID: "sec.certs", Dimension: Security,
		Question: Text{EN: "Which certifications can you show as documents: MLPS level 3 (等保三级), ISO 27001, and your IDC licence number?", ZH: "能出示哪些资质文件：等保三级、ISO 27001、增值电信业务经营许可证编号？"},
		Why:      Text{EN: "Government and SOE projects drop vendors without them; the IDC licence can be checked with the regulator.", ZH: "政企项目会直接淘汰没有这些资质的供应商；IDC许可证可在工信部查询核验。"},
		Concrete: Text{EN: "MLPS level 3 and ISO 27001 certificates (scans attached); IDC licence 川B2-20201234, checkable on the MIIT site", ZH: "等保三级证书、ISO 27001证书（附扫描件）；增值电信业务经营许可证 川B2-20201234，可在工信部网站查询"},
		topics:   w("等保|认证|资质|证书|~iso~|27001|许可证|经营许可|certif|~mlps|soc 2|soc2|合规|compliance|license number|licence number|增值电信"),
		signals: []signal{
			{terms: w("等保三级|三级等保|等保3级|等保二级|mlps level 3|~mlps 3|iso 27001|iso27001|iso/iec 27001|soc 2|soc2|增值电信业务经营许可证|idc许可证|idc licence|idc license"),
				also: w("扫描件|证书编号|编号|复印件|提供|可查|查询|附件|~copy|~copies|certificate|~provide|available|~number|document|~scan|attached|附|证书")},
			{terms: w("b1-2|b2-2")},
		},
	},
	{
		ID: "sec.liability", Dimension: Security,
		Question: Text{EN: "Who is liable for data security in the contract, and what are the cross-border data terms?", ZH: "合同里数据安全责任由谁承担？数据出境方面怎么约定？"},
		Why:      Text{EN: "For B2B work the client will ask; a vendor that will not sign liability terms leaves the risk with you.", ZH: "做To B业务甲方一定会问；不肯签责任条款的供应商等于把风险全留给你。"},
		Concrete: Text{EN: "Data-security liability and a data processing agreement are in the contract; data stays in mainland China", ZH: "合同含数据安全责任条款和数据处理协议；数据全部存储在境内，不出境"},
		topics:   w("责任|liability|~liable|数据安全|data security|出境|cross-border|跨境|保密协议|~nda~|~dpa~|泄露|~leak|~breach|境内"),
		signals: []signal{
			{terms: w("责任|liability|~liable|~responsible|responsibility|保密协议|~nda~|~dpa~|数据处理协议"), also: w("合同|contract|协议|agreement|条款|clause|写入|约定|签署|~sign~|~signed~")},
			{terms: w("不出境|境内存储|存储在境内|境内|stays in china|stay in china|within mainland china|mainland china|not leave china|no cross-border|never leaves")},
		},
	},
}
