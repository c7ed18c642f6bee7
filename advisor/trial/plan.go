package trial

import (
	"fmt"
	"strconv"
)

// Step is one test of the trial plan: how long it takes, what to type, what
// to write down and what counts as a pass.
type Step struct {
	// ID is the checklist id of the test (trial.nvidia_smi ...: docs/checklist.md);
	// Item the hardware or network item it answers.
	ID    string `json:"id"`
	Item  string `json:"item"`
	Title Text   `json:"title"`
	// Minutes is the time budget; During names the step it runs inside of
	// (the support drill runs during the training loop), and then it adds no time.
	Minutes int    `json:"minutes"`
	During  string `json:"during,omitempty"`
	// Commands are typed as shown, in order.
	Commands []Command `json:"commands"`
	Record   Text      `json:"record"`
	Pass     Text      `json:"pass"`
}

// Command is one line to type, with what it is for; a step that is not typed
// (the support drill) has only the note.
type Command struct {
	Line string `json:"line"`
	Note Text   `json:"note"`
}

// cmd builds a Command; note may be empty.
func cmd(line, en, zh string) Command { return Command{Line: line, Note: Text{EN: en, ZH: zh}} }

// PlanOptions fill the plan's placeholders from what the vendor promised;
// zero values keep the placeholders.
type PlanOptions struct {
	Cards        int
	IntranetGbps float64
	Model        *Model
}

// TotalMinutes is the plan's wall-clock time: steps run inside another add nothing.
func TotalMinutes(steps []Step) int {
	n := 0
	for _, s := range steps {
		if s.During == "" {
			n += s.Minutes
		}
	}
	return n
}

// Plan returns the trial-period test plan: under two hours in all, each
// step named by its checklist item id (docs/checklist.md#trial-tests).
func Plan(o PlanOptions) []Step {
	cards := "<n>"
	if o.Cards > 0 {
		cards = strconv.Itoa(o.Cards)
	}
	udpRate := "10G"
	udpNote := tf("-b sets the offered rate: 10G suits a 25G or faster link; on a 10G link offer 9G (90%%), since headers make a full 10G overflow it",
		"-b 是发送速率：10G 适合 25G 及以上链路；10G 链路请用 9G（线速的 90%%），因为协议头会让满 10G 溢出")
	tcpPass := tf("TCP receiver ≥ 90%% of the promised line rate (10G → 9 Gbit/s)", "TCP 接收端 ≥ 承诺线速的 90%%（10G → 9 Gbit/s）")
	if o.IntranetGbps > 0 {
		udpRate = num(TCPShare*o.IntranetGbps) + "G"
		udpNote = tf("-b %s is 90%% of the promised %s line", "-b %s 为承诺 %s 线速的 90%%", udpRate, gbps(o.IntranetGbps))
		tcpPass = tf("TCP receiver ≥ %s (90%% of the promised %s)", "TCP 接收端 ≥ %s（承诺 %s 的 90%%）", gbps(TCPShare*o.IntranetGbps), gbps(o.IntranetGbps))
	}
	watts, wattsNote := "400", tf("400 W is the A100 SXM's rated power (the figure market guides use); set your card's Max Power Limit from nvidia-smi -q -d POWER (H100 SXM 700 W, RTX 4090 450 W, A100 PCIe 300 W)",
		"400 W 是 A100 SXM 的额定功率（租用指南中常用的数字）；请按 nvidia-smi -q -d POWER 中的 Max Power Limit 设置（H100 SXM 700 W、RTX 4090 450 W、A100 PCIe 300 W）")
	if o.Model != nil {
		if w := RatedWatts(*o.Model); w > 0 {
			watts = num(w)
			wattsNote = tf("%s W is the rated power of the %s (catalog); nvidia-smi -q -d POWER shows the card's Max Power Limit",
				"%s W 是 %s 的额定功率（目录）；nvidia-smi -q -d POWER 可查看该卡的 Max Power Limit", watts, o.Model.String())
		}
	}
	return []Step{
		{
			ID: "trial.nvidia_smi", Item: "hw.gpu_model", Minutes: 5,
			Title: Text{EN: "GPUs, driver, memory, power, ECC", ZH: "GPU、驱动、显存、功耗、ECC"},
			Commands: []Command{
				cmd("nvidia-smi", "model, count, driver, CUDA, memory, power, ECC", "型号、数量、驱动、CUDA、显存、功耗、ECC"),
				cmd("nvidia-smi -q -d ECC,POWER", "ECC counters and the power limits", "ECC 计数与功耗上限"),
				cmd("nvidia-smi --query-gpu=index,name,serial --format=csv", "serial numbers", "序列号"),
			},
			Record: Text{EN: "GPU model and count, memory per GPU (Memory-Usage total), driver and CUDA version (header), power draw and cap (Pwr:Usage/Cap), Volatile Uncorr. ECC, serial numbers",
				ZH: "GPU 型号与数量、每卡显存（Memory-Usage 总量）、驱动与 CUDA 版本（表头）、功耗与上限（Pwr:Usage/Cap）、Volatile Uncorr. ECC、序列号"},
			Pass: Text{EN: "model, form factor, count and memory as in the contract; 0 uncorrectable ECC errors; power cap at the card's rated power; serial numbers match the maker's records",
				ZH: "型号、版本、数量、显存与合同一致；不可纠正 ECC 错误为 0；功耗上限等于额定功率；序列号与厂商记录一致"},
		},
		{
			ID: "trial.topo", Item: "hw.interconnect", Minutes: 5,
			Title: Text{EN: "Interconnect between the cards", ZH: "卡间互联"},
			Commands: []Command{
				cmd("nvidia-smi topo -m", "the link between every pair of GPUs", "每对 GPU 之间的连接"),
				cmd("nvidia-smi nvlink -s", "speed of each NVLink, if any", "每条 NVLink 的速率（如有）"),
			},
			Record: Text{EN: "the connection of every GPU pair: NV# (bonded NVLinks) or PIX/PXB/PHB/NODE/SYS (PCIe paths); CPU and NUMA affinity",
				ZH: "每对 GPU 的连接：NV#（聚合 NVLink）或 PIX/PXB/PHB/NODE/SYS（PCIe 路径）；CPU 与 NUMA 亲和性"},
			Pass: Text{EN: "if NVLink was promised, NV# on every pair (NV12 on 8× A100 SXM, NV18 on 8× H100 SXM); SYS means crossing CPU sockets",
				ZH: "若承诺 NVLink，每对都应为 NV#（8× A100 SXM 为 NV12，8× H100 SXM 为 NV18）；SYS 表示跨 CPU 插槽"},
		},
		{
			ID: "trial.disk", Item: "hw.host", Minutes: 10,
			Title: Text{EN: "Data disk: fio sequential and random reads", ZH: "数据盘：fio 顺序读与随机读"},
			Commands: []Command{
				cmd("lsblk -d -o NAME,ROTA,SIZE,MODEL", "which disks there are; ROTA 1 is a spinning hard disk", "有哪些磁盘；ROTA 为 1 表示机械硬盘"),
				cmd("df -h /data", "where the data directory lives (use your own path)", "数据目录所在的盘（换成你的路径）"),
				cmd("fio --name=seq --filename=/data/fio.test --size=10G --rw=read --bs=1M --direct=1 --ioengine=libaio --iodepth=32 --runtime=60 --time_based",
					"sequential read, 1 MiB blocks, 60 s, bypassing the page cache", "顺序读，1 MiB 块，60 秒，绕过页缓存"),
				cmd("fio --name=rand --filename=/data/fio.test --size=10G --rw=randread --bs=4k --direct=1 --ioengine=libaio --iodepth=64 --numjobs=4 --group_reporting --runtime=60 --time_based",
					"random 4 KiB reads, 4 jobs, 60 s: many small files and shuffled datasets", "4 KiB 随机读，4 个任务，60 秒：对应大量小文件和打乱的数据集"),
				cmd("rm /data/fio.test", "remove the 10 GiB test file", "删除 10 GiB 测试文件"),
			},
			Record: Text{EN: "the data disk's ROTA, size and model; sequential read bw= (MB/s or GB/s); random read IOPS=",
				ZH: "数据盘的 ROTA、容量与型号；顺序读 bw=（MB/s 或 GB/s）；随机读 IOPS="},
			Pass: Text{EN: "the data disk is what was promised (NVMe, not ROTA 1); sequential read at least the rate your data loader reads (bytes per sample × samples/s of the training loop); numbers steady over the 60 s, not a burst that collapses (a throttled cloud disk)",
				ZH: "数据盘与承诺一致（NVMe，ROTA 不为 1）；顺序读不低于数据加载所需速率（每样本字节数 × 训练循环的样本/秒）；60 秒内数值平稳，而不是先冲高后骤降（限速的云盘）"},
		},
		{
			ID: "trial.iperf3", Item: "net.intranet_bw", Minutes: 15,
			Title: Text{EN: "Intranet bandwidth, TCP and UDP", ZH: "内网带宽（TCP 与 UDP）"},
			Commands: []Command{
				cmd("iperf3 -s", "on the second machine", "在第二台机器上运行"),
				cmd("iperf3 -c <ip> -P 8 -t 30", "TCP, 8 streams, 30 s", "TCP，8 条流，30 秒"),
				cmd("iperf3 -c <ip> -P 8 -t 30 -R", "TCP, the other direction", "TCP，反方向"),
				cmd("iperf3 -c <ip> -u -b "+udpRate+" -t 30", "UDP at the offered rate", "UDP，按指定速率发送"),
				cmd("iperf3 -c <ip> -P 8 -t 30 -J > iperf.json", "the same as JSON, easy to paste", "同样的测试输出 JSON，便于粘贴"),
			},
			Record: Text{EN: "TCP: the [SUM] receiver Gbit/s and Retr; UDP: receiver Gbit/s, jitter and Lost/Total (%); whether the bandwidth is shared or dedicated. " + udpNote.EN,
				ZH: "TCP：[SUM] receiver 行的 Gbit/s 与重传数 Retr；UDP：接收 Gbit/s、抖动和 Lost/Total（%）；带宽是共享还是独享。" + udpNote.ZH},
			Pass: Text{EN: tcpPass.EN + "; UDP loss ≤ 1%; needs a second machine on the same intranet: ask for two trial nodes",
				ZH: tcpPass.ZH + "；UDP 丢包 ≤ 1%；需要同一内网的第二台机器：请要两台试用节点"},
		},
		{
			ID: "trial.ping", Item: "net.latency", Minutes: 10,
			Title: Text{EN: "Ping and packet loss from your own site", ZH: "从你方办公地测 ping 与丢包"},
			Commands: []Command{
				cmd("ping -c 1000 -i 0.2 <public-ip>", "from your office or data source, not from the vendor's network: 1,000 pings, 200 s (Windows: ping -n 1000 <public-ip>)",
					"在你方办公地或数据源所在处运行，而不是在供应商网络内：1000 个包，约 200 秒（Windows：ping -n 1000 <公网IP>）"),
				cmd("mtr -rwc 100 <public-ip>", "the route hop by hop, with loss and latency at each hop", "逐跳显示路由，以及每一跳的丢包与延迟"),
				cmd("ping -c 100 <intranet-ip>", "between two trial machines: the intra-data-centre latency", "两台试用机之间：机房内延迟"),
			},
			Record: Text{EN: "packet loss and rtt min/avg/max/mdev from the ping summary; the first mtr hop where loss starts; the intranet average",
				ZH: "ping 汇总行中的丢包率与 rtt min/avg/max/mdev；mtr 中开始丢包的第一跳；内网平均延迟"},
			Pass: Text{EN: "0 of 1,000 pings lost (one lost is 0.1%); the average RTT is what the vendor quoted, and fits the use: every extra 10 ms is felt in real-time inference; inside the data centre under about 2 ms",
				ZH: "1000 个包零丢失（丢 1 个即 0.1%）；平均 RTT 与供应商所报一致且满足用途：实时推理每多 10 毫秒都能感觉到；机房内低于约 2 毫秒"},
		},
		{
			ID: "trial.allreduce", Item: "hw.interconnect", Minutes: 15,
			Title: Text{EN: "NCCL all-reduce across the cards", ZH: "跨卡 NCCL all-reduce"},
			Commands: []Command{
				cmd("git clone https://github.com/NVIDIA/nccl-tests && cd nccl-tests && make", "build nccl-tests (CUDA_HOME=/usr/local/cuda)", "编译 nccl-tests（CUDA_HOME=/usr/local/cuda）"),
				cmd("./build/all_reduce_perf -b 8 -e 8G -f 2 -g "+cards, "8 B to 8 GiB, doubling, on every card", "从 8 B 到 8 GiB 逐次翻倍，覆盖全部卡"),
			},
			Record: Text{EN: "busbw at the largest sizes (the peak), the \"# Avg bus bandwidth\" line, #wrong",
				ZH: "最大消息时的 busbw（峰值）、\"# Avg bus bandwidth\" 行、#wrong"},
			Pass: Text{EN: fmt.Sprintf("#wrong 0 everywhere; busbw rises smoothly with size and levels off; with NVLink the peak is far above one PCIe 5.0 x16 link (%s GB/s)", num(PCIe5x16GBs)),
				ZH: fmt.Sprintf("#wrong 全为 0；busbw 随消息增大平稳上升后趋平；有 NVLink 时峰值应远高于一条 PCIe 5.0 x16 链路（%s GB/s）", num(PCIe5x16GBs))},
		},
		{
			ID: "trial.train_loop", Item: "hw.host", Minutes: 30,
			Title: Text{EN: "A short training loop of your own model", ZH: "用自己的模型跑一次短训练"},
			Commands: []Command{
				cmd("torchrun --nproc_per_node="+cards+" train.py", "your own script, fixed config, about 200 steps", "你自己的训练脚本，固定配置，约 200 步"),
				cmd("nvidia-smi dmon -s pu -d 5", "in a second terminal: power, temperature, utilisation", "在第二个终端：功耗、温度、利用率"),
			},
			Record: Text{EN: "iterations/s or tokens/s after warm-up, with model, precision, batch and sequence length; GPU-Util during the run; time to load data and weights",
				ZH: "预热后的 iterations/s 或 tokens/s，并记下模型、精度、batch 与序列长度；运行时的 GPU-Util；数据与权重加载耗时"},
			Pass: Text{EN: "tokens/s at least what you priced the quote with (quote tokens_s=); GPU-Util stays high (a dip each step means the CPU, RAM or disk cannot keep up)",
				ZH: "tokens/s 不低于报价时用的数（quote 的 tokens_s=）；GPU-Util 持续较高（每步都掉说明 CPU、内存或磁盘跟不上）"},
		},
		{
			ID: "trial.support_drill", Item: "ops.night_response", Minutes: 15, During: "trial.train_loop",
			Title: Text{EN: "Support drill: report a fake fault mid-run", ZH: "售后演练：训练中途模拟报障"},
			Commands: []Command{
				cmd("", "halfway through the training loop, report by ticket or phone: “GPU 3 dropped off, nvidia-smi shows 7 GPUs”",
					"训练进行到一半时，通过工单或电话报障：“GPU 3 掉卡了，nvidia-smi 只显示 7 块”"),
			},
			Record: Text{EN: "when you reported, when a human first answered, when you got a concrete next step, and through which channel",
				ZH: "报障时间、首次有人工回复的时间、给出具体处理方案的时间，以及通过什么渠道"},
			Pass: Text{EN: "a human answers within the response time promised for the contract (15–30 min is usual), not only a ticket bot; they ask for the node and GPU id",
				ZH: "在合同承诺的响应时间内（通常 15–30 分钟）有人工回复，而不只是工单机器人；并询问节点与 GPU 编号"},
		},
		{
			ID: "trial.stress", Item: "hw.refurb", Minutes: 25,
			Title: Text{EN: "15-minute full-load test", ZH: "15 分钟满载测试"},
			Commands: []Command{
				cmd("sudo nvidia-smi -pm 1", "persistence mode on", "开启持久模式"),
				cmd("sudo nvidia-smi -pl "+watts, "power cap to the card's maximum; -pl sets the cap, the load comes next", "功耗上限调到该卡最大值；-pl 只设上限，负载由下一步产生"),
				cmd("git clone https://github.com/wilicc/gpu-burn && cd gpu-burn && make", "build gpu_burn", "编译 gpu_burn"),
				cmd("./gpu_burn 900", "900 s = 15 minutes of full load (or your training loop)", "900 秒 = 15 分钟满载（或用你的训练循环）"),
				cmd("nvidia-smi dmon -s pucve -d 10", "in a second terminal: power, temperature, clocks, throttling, ECC every 10 s", "在第二个终端：每 10 秒记录功耗、温度、频率、降频、ECC"),
				cmd("nvidia-smi -q -d ECC,PERFORMANCE", "after the run: ECC counters and throttle reasons", "测试后：ECC 计数与降频原因"),
				cmd("sudo dmesg -T | grep -i xid", "driver errors (Xid) during the run", "测试期间的驱动错误（Xid）"),
			},
			Record: Text{EN: "temperature, SM clock and power every 10 s; throttle reasons (HW Slowdown); ECC counters before and after; Xid lines; gpu_burn's OK/FAULTY per GPU. " + wattsNote.EN,
				ZH: "每 10 秒的温度、SM 频率与功耗；降频原因（HW Slowdown）；测试前后的 ECC 计数；Xid 日志；gpu_burn 每块 GPU 的 OK/FAULTY。" + wattsNote.ZH},
			Pass: Text{EN: "every GPU OK; no Xid; no new ECC errors; temperature levels off under the slowdown temperature; clocks steady (no HW Slowdown); no GPU drops out — refurbished and ex-mining cards fail here",
				ZH: "每块 GPU 均为 OK；无 Xid；无新增 ECC 错误；温度稳定在降频温度以下；频率平稳（无 HW Slowdown）；没有掉卡——翻新卡和矿卡往往在这一步露馅"},
		},
	}
}
