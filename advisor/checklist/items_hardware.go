package checklist

// Units shared by the items.
var (
	unitsGB   = w("g|gb|gib|t|tb")
	unitsTime = w("分钟|min|mins|minute|minutes|小时|h|hr|hrs|hour|hours|秒|s|sec|seconds")
	unitsNet  = w("gbps|gb/s|g|gbit|gbit/s|gbits/sec|gbit/sec|mbps|mb/s|mbits/sec|gbe|gb|tbps|tb/s|t|tbit/s|gb hdr|g hdr|gb ndr|g ndr")
	// unitsRate are the units of a bandwidth written as a rate.
	unitsRate = w("gb/s|g/s|tb/s|t/s|gbps|tbps|gbit/s|tbit/s|gbits/sec|gbit/sec")
	// unitsLink are the units of a link's speed: 600GB/s, 3.2 Tbps, 400G,
	// 200Gb HDR, 400 Gbit/s.
	unitsLink = w("gb/s|g/s|tb/s|t/s|gbps|tbps|gbit/s|tbit/s|gbits/sec|gbit/sec|gbit|gb|g|t|gbe|gb hdr|g hdr|gb ndr|g ndr")
	yes       = w("可以|允许|支持|欢迎|提供|~allow|~welcome|~can~|~provide|配合|随时|any time|anytime")
)

var hardwareItems = []Item{
	{
		ID: "hw.gpu_model", Dimension: Hardware, Key: true,
		Question: Text{EN: "Which exact GPU model, form factor (SXM or PCIe) and memory size, and how many per machine?", ZH: "具体是哪款GPU、什么形态（SXM还是PCIe）、显存多大、每台几张？"},
		Why:      Text{EN: "One chip name covers variants that differ a lot: an A100 40G PCIe is not an A100 80G SXM4.", ZH: "同一芯片名下版本差别很大：A100 40G PCIe 不等于 A100 80G SXM4。"},
		Concrete: Text{EN: "8x A100 80G SXM4 per machine", ZH: "每台8张 A100 80G SXM4"},
		topics:   w("a100|a800|h100|h800|h200|h20|~l40|~l20~|4090|3090|v100|~a10~|~a30~|~a40~|910b|b200|gpu型号|显卡型号|卡型|型号|gpu model|card model|gpu type|latest nvidia|latest gpu|最新gpu|最新的gpu|最新显卡|最新款显卡|英伟达最新"),
		signals:  []signal{{terms: w("sxm|pcie|pci-e|~nvl~|hgx|dgx|4090|3090|~l40|~l20~|~a10~|~a30~|~a40~|h20|910b"), units: w("g|gb|gib")}},
	},
	{
		ID: "hw.mem_bandwidth", Dimension: Hardware,
		Question: Text{EN: "What is the GPU memory (HBM) bandwidth of these cards?", ZH: "这些卡的显存（HBM）带宽是多少？"},
		Why:      Text{EN: "SXM and PCIe variants of one chip differ a lot in memory bandwidth, and training throughput follows it.", ZH: "同一芯片的SXM版和PCIe版显存带宽差距明显，训练吞吐随之变化。"},
		Concrete: Text{EN: "HBM2e, 2,039 GB/s per card (A100 80G SXM4)", ZH: "HBM2e，每卡 2039 GB/s（A100 80G SXM4）"},
		topics:   w("显存带宽|hbm|memory bandwidth|mem bandwidth|显存位宽|内存带宽"),
		signals:  []signal{{units: unitsRate}},
	},
	{
		ID: "hw.interconnect", Dimension: Hardware, Key: true,
		Question: Text{EN: "Inside a machine, are the cards linked by NVLink/NVSwitch or plain PCIe, at what bandwidth? Can we see `nvidia-smi topo -m`?", ZH: "机器内卡与卡之间是NVLink/NVSwitch还是普通PCIe？带宽多少？能否给出 nvidia-smi topo -m 的输出？"},
		Why:      Text{EN: "Tensor parallelism and multi-card training over PCIe are throttled; NVLink vs PCIe can be nearly 2x on 8-card jobs.", ZH: "张量并行和多卡训练走PCIe会被卡脖子；8卡任务上NVLink与PCIe可差近一倍。"},
		Concrete: Text{EN: "NVLink 3 through NVSwitch, 600 GB/s per GPU, all-to-all (topo -m shows NV12)", ZH: "NVSwitch 全互联 NVLink3，每卡 600 GB/s（topo -m 显示 NV12）"},
		topics:   w("nvlink|nvswitch|卡间|互联|互连|interconnect|~topo|~p2p~|pcie|pci-e|~nv12~|~nv18~"),
		signals: []signal{
			{terms: w("nvlink|nvswitch"), units: unitsRate},
			{terms: w("~topo -m|topo-m|~nv12~|~nv18~|~nv8~")},
			{terms: w("nvlink|nvswitch"), also: w("全互联|all-to-all|fully connected|全连接|full mesh|full-mesh|fully meshed|两两互联")},
		},
	},
	{
		ID: "hw.inter_node", Dimension: Hardware,
		Question: Text{EN: "Between machines: InfiniBand or RoCE, at what bandwidth per GPU?", ZH: "机器之间用InfiniBand还是RoCE？每卡多少带宽？"},
		Why:      Text{EN: "Past 8 cards training traffic crosses machines; ordinary Ethernet between nodes makes multi-node jobs crawl.", ZH: "超过8卡训练流量要跨机，节点间走普通以太网会让多机任务慢得爬。"},
		Concrete: Text{EN: "8x 200 Gb/s HDR InfiniBand per node, one per GPU, non-blocking fat tree", ZH: "每节点 8×200Gb/s HDR InfiniBand，每卡一口，无阻塞胖树"},
		topics:   w("infiniband|~ib~|~roce|~rdma|节点间|跨节点|多机|机间|inter-node|internode|between nodes|multi-node|multinode|跨机|组网"),
		signals: []signal{
			{terms: w("infiniband|~ib~|~roce|~rdma"), units: unitsLink},
			{terms: w("~hdr~|~ndr~|~edr~|connectx|~cx6|~cx7|~cx-6|~cx-7")},
		},
	},
	{
		ID: "hw.host", Dimension: Hardware,
		Question: Text{EN: "What is the rest of the machine: CPU model and count, RAM, system and data disks (NVMe or HDD, size)?", ZH: "整机其余配置：CPU型号和数量、内存、系统盘和数据盘（NVMe还是机械盘、容量）？"},
		Why:      Text{EN: "The same card with a weaker CPU, less RAM or hard disks trains 30% slower or more: data loading starves the GPUs.", ZH: "同样的卡配上弱CPU、小内存或机械盘，训练可能慢30%以上：数据加载喂不饱GPU。"},
		Concrete: Text{EN: "2x EPYC 7T83 + 1 TB DDR5 + 4x NVMe 3.84 TB", ZH: "2路 EPYC 7T83 + 1TB DDR5 + 4块 NVMe 3.84T"},
		topics:   w("~cpu|内存|~ram~|系统盘|数据盘|nvme|~ssd|~hdd|机械盘|机械硬盘|epyc|xeon|至强|霄龙|主机|~host|硬盘|磁盘|~disk|ddr4|ddr5|配置|configuration|server spec|服务器配置|高配|high-spec|high spec"),
		// A disk's price, or its wiping, is billing or security, not the host.
		gate: gate{not: w("元|¥|/gb|/月|计费|收费|~price|~billed|~charged|销毁|擦除|~wipe|~wiping|复用|~reuse|删除|~delete|消磁|~destroy"),
			but: w("~cpu|内存|~ram~|nvme|~ssd|~hdd|机械|epyc|xeon|至强|霄龙|ddr4|ddr5|高配|high-spec|high spec")},
		min: 2,
		signals: []signal{
			{terms: w("epyc|xeon|至强|霄龙|鲲鹏|kunpeng|海光|hygon|~intel~|~amd~"), units: w("")},
			{terms: w("内存|~ram~|ddr4|ddr5|~memory~|~mem~"), units: unitsGB},
			{terms: w("nvme|~ssd|~hdd|机械盘|系统盘|数据盘|~disk|硬盘|磁盘|固态"), units: unitsGB},
		},
	},
	{
		ID: "hw.software", Dimension: Hardware,
		Question: Text{EN: "Which images come pre-installed: CUDA, driver and PyTorch versions? Is there a container registry?", ZH: "预装哪些镜像：CUDA、驱动、PyTorch 各是什么版本？有没有配套的容器镜像仓库？"},
		Why:      Text{EN: "Matching versions mean minutes to start; a mismatch costs half a day to three days of setup.", ZH: "版本对得上几分钟就能开跑，对不上要花半天到三天配环境。"},
		Concrete: Text{EN: "Ubuntu 22.04, driver 535.129, CUDA 12.2, PyTorch 2.3 image; private Harbor registry", ZH: "Ubuntu 22.04、驱动 535.129、CUDA 12.2、PyTorch 2.3 镜像；私有 Harbor 镜像仓库"},
		topics:   w("pytorch|~torch|cuda|cudnn|镜像|~image~|~images~|驱动|driver|conda|tensorflow|预装|pre-installed|preinstalled|~registry|环境"),
		signals: []signal{
			{terms: w("cuda|pytorch|~torch|驱动|driver|cudnn|tensorflow|ubuntu|python"), version: true},
			{terms: w("镜像仓库|~registry|harbor|私有仓库")},
		},
	},
	{
		ID: "hw.refurb", Dimension: Hardware,
		Question: Text{EN: "Are the cards new, or refurbished or ex-mining? Will you give serial numbers we can check with the maker, and let us run a 15-minute full-load test?", ZH: "卡是全新还是翻新/矿卡？能否提供可向厂家核验的序列号，并允许我们做15分钟满载测试？"},
		Why:      Text{EN: "Refurbished and ex-mining cards drop off the bus, overheat or throw ECC errors under sustained load.", ZH: "翻新卡和矿卡在持续满载下容易掉卡、温度飙升或出现ECC错误。"},
		Concrete: Text{EN: "All new, bought in 2024 through an NVIDIA partner; serial numbers listed in the contract annex; full-load test allowed in the trial", ZH: "全部全新，2024年经英伟达授权渠道采购；序列号列入合同附件；试用期允许满载测试"},
		topics:   w("翻新|矿卡|二手|refurb|ex-mining|~mining|序列号|~serial|全新|brand new|new cards|拆机|原厂|~ecc~|满载|压测|burn-in|stress test|保修|warranty"),
		signals: []signal{
			{terms: w("全新|brand new|new cards|原厂|非翻新|not refurbished|非矿卡|never used for mining|原装"), also: w("序列号|serial|发票|invoice|保修|warranty|可查|核验|verify|质保|采购|purchased|bought|授权渠道|合同|contract")},
			{terms: w("序列号|serial number|serials"), also: w("提供|provide|可查|核验|verify|match|官网|nvidia|附件|annex|清单|list")},
			{terms: w("满载|压测|~-pl|burn-in|stress test|gpu-burn|gpu burn"), also: yes},
		},
	},
}
