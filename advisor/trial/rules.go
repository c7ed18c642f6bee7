package trial

import (
	"gpuadvisor/advisor"
)

// rules states each rule of Compare, as the reply shows it.
var rules = advisor.Lazy[map[string]Text]{New: func() map[string]Text {
	return map[string]Text{
		"smi_error": {
			EN: "nvidia-smi must list the GPUs; a driver failure means the machine is not usable as delivered.",
			ZH: "nvidia-smi 必须能列出 GPU；驱动报错说明机器在交付状态下不可用。"},
		"gpu_lost": {
			EN: "Every card must answer: a line \"Unable to determine the device handle for GPU…\" above the table, or ERR! in a card's fields, is a card the driver cannot reach or read (fallen off the bus, \"GPU is lost\", a GSP timeout).",
			ZH: "每块卡都须能访问：表格上方出现 \"Unable to determine the device handle for GPU…\"，或某块卡的字段显示 ERR!，说明驱动访问或读取不到这块卡（掉卡、\"GPU is lost\"、GSP 超时）。"},
		"gpu_model": {
			EN: "GPU model: the family in gpu= must match every GPU's name (A100-80G matches NVIDIA A100-SXM4-80GB and NVIDIA A100 80GB PCIe).",
			ZH: "型号：承诺的型号（型号=）须与每块 GPU 的名称一致（A100-80G 可匹配 NVIDIA A100-SXM4-80GB 和 NVIDIA A100 80GB PCIe）。"},
		"form_factor": {
			EN: "Form factor: compared only when the promise names one (SXM, PCIe, NVL); nvidia-smi names SXM parts SXM4/SXM5 or, for the H100/H800/H200, by their HBM3 memory.",
			ZH: "版本：仅当承诺写明 SXM、PCIe 或 NVL 时比较；nvidia-smi 对 SXM 卡显示 SXM4/SXM5，H100/H800/H200 则以 HBM3 标识。"},
		"memory": {
			EN: "Memory: the reported total is read as the card's sold capacity, the smallest standard size holding it (81920 MiB → 80 GB, 24564 MiB → 24 GB), and must equal the promise.",
			ZH: "显存：显示的总量按卡的标称容量读取，即能装下该值的最小标准容量（81920 MiB → 80 GB，24564 MiB → 24 GB），须与承诺一致。"},
		"gpu_count": {
			EN: "Card count: nvidia-smi must list at least the promised number of GPUs (topo -m, then the NCCL rank list, when nvidia-smi is not pasted).",
			ZH: "卡数：nvidia-smi 列出的 GPU 数不得少于承诺（未粘贴 nvidia-smi 时依次用 topo -m、NCCL rank 列表）。"},
		"mig": {
			EN: "MIG: a GPU with MIG enabled (MIG M. column Enabled, or -q's MIG Mode Current) is split into instances, each with a share of the SMs and memory; a * after the mode is a change waiting for a reset.",
			ZH: "MIG：开启 MIG 的 GPU（MIG M. 列为 Enabled，或 -q 中 MIG Mode Current）被切成多个实例，每个实例只有部分 SM 和显存；模式后带 * 表示变更要等重置后生效。"},
		"count_sources": {
			EN: "Sources must agree: nvidia-smi and topo -m of one machine show the same number of GPUs.",
			ZH: "数据须一致：同一台机器的 nvidia-smi 与 topo -m 显示的 GPU 数应相同。"},
		"nvlink": {
			EN: "NVLink: every GPU pair of nvidia-smi topo -m must be NV# (# bonded links); PIX, PXB, PHB, NODE and SYS are PCIe paths.",
			ZH: "NVLink：nvidia-smi topo -m 中每对 GPU 都须为 NV#（# 为聚合链路数）；PIX、PXB、PHB、NODE、SYS 都是 PCIe 路径。"},
		"nccl_nvlink": {
			EN: "An all-reduce peaking at or under one PCIe 5.0 x16 link (32 GT/s × 16 lanes × 128/130 ÷ 8 ≈ 63 GB/s) is not running over NVLink.",
			ZH: "all-reduce 峰值不超过一条 PCIe 5.0 x16 链路（32 GT/s × 16 通道 × 128/130 ÷ 8 ≈ 63 GB/s）时，说明没有走 NVLink。"},
		"intranet_tcp": {
			EN: "TCP: the iperf3 receiver rate ([SUM] receiver line, or end.sum_received; iperf 2 marks neither: its server's lines are the rate received, its client's the rate sent) must reach 90% of the promised line rate (10G → 9 Gbit/s); at MTU 1500 the most TCP can carry is 1448/1538 ≈ 94%.",
			ZH: "TCP：iperf3 接收端速率（[SUM] receiver 行，或 end.sum_received；iperf 2 不标发送端和接收端：服务端的行是接收速率，客户端的行是发送速率）须达到承诺线速的 90%（10G → 9 Gbit/s）；MTU 1500 时 TCP 最多只能跑到 1448/1538 ≈ 94%。"},
		"udp_loss": {
			EN: "UDP: loss must stay at or under 1% when offering at most 90% of the line rate (-b 9G on 10G).",
			ZH: "UDP：发送速率不超过线速 90%（10G 用 -b 9G）时，丢包率须不超过 1%。"},
		"iperf_error": {
			EN: "iperf3 must run: a client error means no measurement.",
			ZH: "iperf3 必须能跑通：客户端报错即没有测量结果。"},
		"ecc": {
			EN: "ECC: any volatile uncorrectable ECC error (Volatile Uncorr. ECC, or -q's Volatile *Uncorrectable counters) fails the card; worn or ex-mining cards show it first.",
			ZH: "ECC：任何易失性不可纠正 ECC 错误（Volatile Uncorr. ECC 列，或 -q 中 Volatile 下的 Uncorrectable 计数）都判该卡不合格；老化卡、矿卡最先出现。"},
		"power_cap": {
			EN: "Power cap: a cap under 90% of the card's rated power (catalog: A100 SXM 400 W, H100 SXM 700 W, RTX 4090 450 W …) slows it under full load.",
			ZH: "功耗上限：低于额定功率 90%（目录：A100 SXM 400 W、H100 SXM 700 W、RTX 4090 450 W……）的上限会让卡在满载时降速。"},
		"temperature": {
			EN: "Temperature: a card over 85 °C under load (GPU-Util or power draw at least half of the cap) is a refurbished-card sign (worn fans, dried paste) or a cooling problem; sound data-centre cards level off below it.",
			ZH: "温度：负载下（GPU-Util 或功耗达到上限的一半）超过 85 °C 的卡可能是翻新卡（风扇老化、硅脂干涸）或散热有问题；正常的数据中心卡会稳定在该温度以下。"},
		"driver": {
			EN: "Driver: the version in the nvidia-smi header must be at least the promised one.",
			ZH: "驱动：nvidia-smi 表头中的版本不得低于承诺。"},
		"cuda": {
			EN: "CUDA: the CUDA Version in the nvidia-smi header (the newest CUDA the driver supports) must be at least the promised one.",
			ZH: "CUDA：nvidia-smi 表头的 CUDA Version（驱动支持的最高 CUDA）不得低于承诺。"},
		"nccl_wrong": {
			EN: "NCCL: #wrong must be 0 at every size; anything else is corrupted data.",
			ZH: "NCCL：每个消息大小的 #wrong 都须为 0，否则数据已损坏。"},
		"nccl_error": {
			EN: "NCCL: the all-reduce must run to its end; \"Test NCCL failure\" or \"Test CUDA failure\" means the GPUs could not run a collective on this machine.",
			ZH: "NCCL：all-reduce 须完整跑完；出现 \"Test NCCL failure\" 或 \"Test CUDA failure\" 说明这台机器上的 GPU 无法完成集合通信。"},
		"nccl_size": {
			EN: "Run all_reduce_perf up to 8G (-e 8G): bus bandwidth peaks only at large messages.",
			ZH: "all_reduce_perf 要测到 8G（-e 8G）：总线带宽只在大消息时达到峰值。"},
		"nccl_gpus": {
			EN: "all_reduce_perf must run on every card (-g <cards>).",
			ZH: "all_reduce_perf 须覆盖全部卡（-g <卡数>）。"},
		"nccl_nodes": {
			EN: "An all-reduce whose ranks run on several machines (the hosts of its rank list) measures the network between them; it is compared with a bus bandwidth promise only when cards= covers all its ranks, never as one machine's NVLink.",
			ZH: "rank 分布在多台机器上（rank 列表中的主机）的 all-reduce 测的是机器之间的网络；只有 卡数= 覆盖它的全部 rank 时才与总线带宽承诺比较，绝不当作一台机器内的 NVLink。"},
		"busbw": {
			EN: "Bus bandwidth: the peak busbw (the largest sizes) must reach 90% of the promise; \"# Avg bus bandwidth\" averages in tiny messages, so it is shown, not compared.",
			ZH: "总线带宽：峰值 busbw（最大消息）须达到承诺的 90%；\"# Avg bus bandwidth\" 把小消息也平均进去，只展示不比较。"},
		"xid": {
			EN: "Xid: hardware codes in dmesg (48, 61–64, 74, 79, 92, 94, 95, 119, 120, 154) fail the machine; other codes usually come from the program and are listed to check.",
			ZH: "Xid：dmesg 中的硬件类代码（48、61–64、74、79、92、94、95、119、120、154）判机器不合格；其他代码多由程序引起，列出供排查。"},
		"disk_rota": {
			EN: "Disks: lsblk's ROTA 1 is a spinning hard disk; training data on one starves the GPUs, so it is raised whatever else is fast (the check promises nothing of the disk: compare fio's read rate with what your data loader needs).",
			ZH: "磁盘：lsblk 中 ROTA 为 1 是机械硬盘；训练数据放在上面会喂不饱 GPU，所以无论其他多快都会提出（检查不对磁盘做承诺比较：请把 fio 的读速率与数据加载所需速率对照）。"},
		"fio_error": {
			EN: "fio: a job must end with err= 0; any other value means its numbers measure nothing.",
			ZH: "fio：任务须以 err= 0 结束；其他值说明数字不代表测量结果。"},
		"gpu_burn": {
			EN: "gpu_burn: every GPU must end OK after the 15-minute full load; FAULTY means wrong results under load.",
			ZH: "gpu_burn：15 分钟满载后每块 GPU 都须为 OK；FAULTY 表示满载时结果出错。"},
	}
}}

// RuleText returns the statement of a rule, empty when unknown.
func RuleText(rule string) Text { return rules.Get()[rule] }
