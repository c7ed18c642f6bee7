package checklist

var trialItems = []Item{
	{
		ID: "trial.nvidia_smi", Dimension: Trial,
		Question: Text{EN: "During the trial, may we run nvidia-smi and record driver version, memory, power draw and ECC counts?", ZH: "试用期能否运行 nvidia-smi，记录驱动版本、显存、功耗和ECC计数？"},
		Why:      Text{EN: "nvidia-smi shows in a minute whether the cards, memory and driver are what the quote says.", ZH: "nvidia-smi 一分钟就能看出卡、显存和驱动是否与报价一致。"},
		Concrete: Text{EN: "Yes, root access during the trial; run nvidia-smi -q and keep the output", ZH: "可以，试用期给root权限；可运行 nvidia-smi -q 并保存输出"},
		topics:   w("nvidia-smi|nvidia smi|驱动版本|driver version|功耗|power draw|截图|screenshot"),
		signals: []signal{
			{terms: w("nvidia-smi|nvidia smi"), also: append(w("截图|开放|root|can run|you can|screenshot|输出|output|登录|ssh|权限|access"), yes...)},
			{terms: w("驱动|driver"), version: true},
		},
	},
	{
		ID: "trial.topo", Dimension: Trial,
		Question: Text{EN: "During the trial, may we run `nvidia-smi topo -m` and `nvidia-smi nvlink -s` to see how the cards are linked?", ZH: "试用期能否运行 nvidia-smi topo -m 和 nvidia-smi nvlink -s，查看卡间如何互联？"},
		Why:      Text{EN: "The topology matrix shows NV# (NVLink) or PIX/PHB/SYS (PCIe) for every pair of cards: the interconnect promise, checked in a minute.", ZH: "拓扑矩阵会对每对卡显示 NV#（NVLink）或 PIX/PHB/SYS（PCIe）：一分钟就能核验互联承诺。"},
		Concrete: Text{EN: "Yes; topo -m shows NV12 between every pair of the 8 A100 SXM4 cards", ZH: "可以；topo -m 显示8张 A100 SXM4 两两之间均为 NV12"},
		topics:   w("~topo|拓扑|topology|nvlink -s"),
		signals: []signal{
			{terms: w("~topo|拓扑|topology|nvlink -s"), also: append(w("截图|~root|screenshot|输出|output|~nv12~|~nv18~|~nv8~|~nv4~|显示|shows"), yes...)},
		},
	},
	{
		ID: "trial.iperf3", Dimension: Trial,
		Question: Text{EN: "May we measure intranet bandwidth with iperf3 (TCP and UDP) between our machines during the trial?", ZH: "试用期能否用iperf3在我们的机器之间实测内网带宽（TCP和UDP）？"},
		Why:      Text{EN: "Only a measurement tells a claimed 10 GbE from a shared, congested link.", ZH: "只有实测才能分辨宣传的万兆和被共享挤占的链路。"},
		Concrete: Text{EN: "Yes; two trial machines are provided; our last test showed TCP 9.4 Gb/s and UDP 9.1 Gb/s", ZH: "可以；提供两台试用机；上次实测 TCP 9.4Gb/s、UDP 9.1Gb/s"},
		topics:   w("iperf|带宽测试|内网测试|测速|bandwidth test|network test|网络测试|speed test"),
		signals: []signal{
			{terms: w("iperf"), also: append(w("报告|~report|结果|~result|~tcp|~udp|实测"), yes...)},
			{terms: w("iperf|测速|bandwidth test|网络测试|speed test"), units: unitsNet},
		},
	},
	{
		ID: "trial.allreduce", Dimension: Trial,
		Question: Text{EN: "May we run an NCCL all_reduce test (nccl-tests all_reduce_perf) across all the cards during the trial?", ZH: "试用期能否跨全部卡跑NCCL all_reduce测试（nccl-tests 的 all_reduce_perf）？"},
		Why:      Text{EN: "Smooth all_reduce timings prove the interconnect; jumps reveal PCIe bottlenecks or noisy neighbours.", ZH: "all_reduce耗时平稳才说明互联没问题；忽高忽低说明有PCIe瓶颈或邻居抢占。"},
		Concrete: Text{EN: "Yes; 8-card all_reduce_perf bus bandwidth about 230 GB/s in our last run (log attached)", ZH: "可以；上次8卡 all_reduce_perf 总线带宽约 230GB/s（附日志）"},
		topics:   w("all_reduce|allreduce|all-reduce|~nccl|nccl-tests|busbw|集合通信"),
		signals: []signal{
			{terms: w("all_reduce|allreduce|all-reduce|~nccl|busbw"), units: w("gb/s|g/s|gbps")},
			{terms: w("all_reduce|allreduce|all-reduce|~nccl"), also: append(w("报告|~report|结果|~result|日志|~log~|~logs~"), yes...)},
		},
	},
	{
		ID: "trial.train_loop", Dimension: Trial,
		Question: Text{EN: "May we run one full small training loop of our own in the trial, and what throughput (tokens/s or it/s) do you measure on a comparable job?", ZH: "试用期能否跑一次我们自己的完整小规模训练循环？同类任务你们实测吞吐（tokens/s 或 it/s）是多少？"},
		Why:      Text{EN: "Throughput decides: a cheaper-per-hour machine that trains 30% slower costs more per token.", ZH: "吞吐决定成本：每小时便宜但训练慢30%的机器，每个token反而更贵。"},
		Concrete: Text{EN: "Yes; Qwen2.5-7B LoRA, sequence 4096, bf16 on 8x A100: 21,000 tokens/s measured", ZH: "可以；Qwen2.5-7B LoRA、4096序列、bf16、8卡A100 实测 21000 tokens/s"},
		topics:   w("训练循环|试跑|跑一下|benchmark|基准|吞吐|throughput|tokens/s|token/s|~it/s|迭代速度|训练速度|实测速度|跑分|training loop|test run|samples/s|样本/秒|训练脚本|training script"),
		signals: []signal{
			{units: w("tokens/s|token/s|tok/s|it/s|samples/s|样本/秒|条/秒|tflops|s/it|秒/步|步/秒|tokens/sec|tokens per second|token/秒|tokens/秒")},
			{terms: w("试跑|test run|benchmark|训练脚本|training script|跑分|基准测试|训练循环|training loop"), also: yes},
		},
	},
	{
		ID: "trial.support_drill", Dimension: Trial,
		Question: Text{EN: "May we report a simulated fault in the middle of a trial run to time your support's answer?", ZH: "试用期能否在训练进行中模拟报障，测一下客服的响应速度？"},
		Why:      Text{EN: "How fast support answers a fake fault at a bad moment is the best preview of a real one.", ZH: "在不方便的时候模拟报障，客服多快响应，最能预示真出事时的表现。"},
		Concrete: Text{EN: "Yes, any time; tickets and the on-call phone are both live during the trial", ZH: "可以，随时；试用期间工单和值班电话都有效"},
		topics:   w("模拟报障|报障|故障演练|演练|~drill|fake fault|模拟故障|测试客服|报修|mock incident|~simulate|simulated fault|simulated incident"),
		signals: []signal{
			{terms: w("模拟报障|故障演练|演练|~drill|模拟故障|fake fault|mock incident|~simulate|报障"), also: append(w("~may~"), yes...)},
		},
	},
	{
		ID: "trial.stress", Dimension: Trial,
		Question: Text{EN: "May we run a 15-minute full-load test (e.g. nvidia-smi -pl 400 with a burn-in) and check ECC errors afterwards?", ZH: "能否做15分钟满载测试（如 nvidia-smi -pl 400 加压测），结束后检查ECC错误？"},
		Why:      Text{EN: "Refurbished or ex-mining cards drop the driver, overheat or throw ECC errors under sustained full load.", ZH: "翻新卡和矿卡在持续满载下会掉驱动、温度异常或出现ECC错误。"},
		Concrete: Text{EN: "Yes; 15 minutes at the 400 W power limit allowed; ECC counters are reset before the test", ZH: "可以；允许在400W功耗上限下满载15分钟；测试前清零ECC计数"},
		topics:   w("满载|压测|压力测试|烤机|拷机|~stress|burn-in|burn in|full load|full-load|~-pl~|gpu-burn|gpu burn"),
		signals: []signal{
			{terms: w("满载|压测|压力测试|烤机|拷机|~stress|burn-in|burn in|full load|full-load|gpu-burn|gpu burn|~-pl~"), also: append(w("报告|~report"), yes...)},
			{terms: w("满载|压测|压力测试|烤机|~stress|burn-in|full load|gpu-burn|~-pl~"), units: w("分钟|min|minutes|小时|h|hours|w|瓦|watts")},
		},
	},
	{
		ID: "trial.disk", Dimension: Trial,
		Question: Text{EN: "May we test the data disk with fio (sequential read and random 4K read) during the trial?", ZH: "试用期能否用 fio 测试数据盘（顺序读和4K随机读）？"},
		Why:      Text{EN: "A hard disk or a throttled cloud disk starves data loading; fio shows it in five minutes.", ZH: "机械盘或限速云盘会拖慢数据加载；fio 五分钟就能测出来。"},
		Concrete: Text{EN: "Yes; local NVMe, fio sequential read 6.5 GB/s, 4K random read 800k IOPS", ZH: "可以；本地NVMe，fio 顺序读 6.5 GB/s，4K随机读 80万 IOPS"},
		topics:   w("~fio~|磁盘测试|disk test|disk benchmark|读写测试|磁盘性能|disk performance|~iops~|读写速度|read speed|读取速度"),
		signals: []signal{
			{terms: w("~fio~|磁盘|~disk|nvme|读写|~read|~iops~|读取"), units: w("gb/s|mb/s|g/s|m/s|iops|k iops|万 iops|万iops")},
			{terms: w("~fio~|磁盘测试|disk test|读写测试"), also: append(w("~may~"), yes...)},
		},
	},
	{
		ID: "trial.ping", Dimension: Trial,
		Question: Text{EN: "May we run ping and a packet-loss test (ping -c 1000, mtr) from our office to the trial machine?", ZH: "试用期能否从我们办公地对试用机做 ping 和丢包测试（ping -c 1000、mtr）？"},
		Why:      Text{EN: "Latency and loss from your own site are what your users and uploads feel; each extra 10 ms is visible in real-time inference.", ZH: "从你方测到的延迟和丢包才是用户和上传真实感受到的；实时推理每多10毫秒都看得出来。"},
		Concrete: Text{EN: "Yes; a public IP is open to ICMP during the trial; from Chengdu we see 4 ms average, 0% loss over 1,000 pings", ZH: "可以；试用期公网IP开放ICMP；从成都测平均4毫秒、1000个包丢包0%"},
		topics:   w("~ping|~mtr~|丢包测试|延迟测试|latency test|packet-loss test|packet loss test|~icmp"),
		signals: []signal{
			{terms: w("~ping|~mtr~|~icmp|丢包测试|延迟测试|latency test|packet loss test"), also: append(w("~may~"), yes...)},
			{terms: w("~ping|~mtr~"), units: w("ms|毫秒|%")},
		},
	},
}
