package trial

import (
	"fmt"
	"strings"
)

// gbps writes a rate: "9.38 Gbit/s".
func gbps(v float64) string { return num(v) + " Gbit/s" }

// RunLabel names an iperf3 run: "TCP ×8 → 10.0.0.2"; an iperf 2 run says
// so: "iperf 2 TCP ×8 → 1.1.1.16".
func RunLabel(r IperfRun) string {
	s := "TCP"
	if r.Protocol == "udp" {
		s = "UDP"
	}
	if r.Iperf2 {
		s = "iperf 2 " + s
	}
	if r.Streams > 1 {
		s += fmt.Sprintf(" ×%d", r.Streams)
	}
	if r.Reverse {
		s += " -R"
	}
	if r.Host != "" {
		s += " → " + r.Host
	}
	return s
}

func (c *comparer) tcp() {
	line := c.p.IntranetGbps
	tested := false
	for _, r := range c.f.Iperf {
		if r.Error != "" {
			advice := tf("iperf3 did not run (%s): start iperf3 -s on the other machine and open port 5201 between them",
				"iperf3 未能运行（%s）：请在另一台机器上启动 iperf3 -s，并放通两机之间的 5201 端口", r.Error)
			if strings.Contains(r.Error, "busy") {
				// the server answered: another client's test holds it
				advice = tf("iperf3 did not run (%s): the server is up but another test holds it (iperf3 -s serves one client at a time); wait for it to end and run again, or start a second server (iperf3 -s -p 5202) and connect with -p 5202",
					"iperf3 未能运行（%s）：服务端在运行，但正被另一个测试占用（iperf3 -s 一次只服务一个客户端）；请等它结束后重测，或另起一个服务端（iperf3 -s -p 5202）并用 -p 5202 连接", r.Error)
			}
			c.add("iperf_error", "net.intranet_bw", Warn, "", r.Error, nil, advice)
			continue
		}
		if r.Protocol != "tcp" || line == 0 {
			continue
		}
		tested = true
		need := TCPShare * line
		if r.Gbps >= need {
			c.add("intranet_tcp", "net.intranet_bw", Pass, gbps(line), gbps(r.Gbps), nil, tf(
				"%s: %s, at least 90%% of the promised %s", "%s：%s，不低于承诺 %s 的 90%%", RunLabel(r), gbps(r.Gbps), gbps(line)))
			continue
		}
		hint := Text{}
		if r.Streams <= 1 && line >= 25 {
			hint = Text{EN: "; one TCP stream rarely fills 25G and up, rerun with -P 8", ZH: "；单条 TCP 流很难跑满 25G 以上，请加 -P 8 重测"}
		}
		c.add("intranet_tcp", "net.intranet_bw", Fail, gbps(line), gbps(r.Gbps), nil, Text{
			EN: fmt.Sprintf("%s promised, %s measured (%s), under the 90%% pass mark of %s%s", gbps(line), gbps(r.Gbps), RunLabel(r), gbps(need), hint.EN),
			ZH: fmt.Sprintf("承诺 %s，实测 %s（%s），低于 90%% 合格线 %s%s", gbps(line), gbps(r.Gbps), RunLabel(r), gbps(need), hint.ZH)})
	}
	if line > 0 && !tested {
		c.add("intranet_tcp", "net.intranet_bw", Unverified, gbps(line), "", nil, tf(
			"a %s intranet was promised; paste iperf3 -c <ip> -P 8 -t 30 (TCP) to measure it",
			"承诺 %s 内网；请粘贴 iperf3 -c <ip> -P 8 -t 30（TCP）的结果来实测", gbps(line)))
	}
}

func (c *comparer) udp() {
	line := c.p.IntranetGbps
	for _, r := range c.f.Iperf {
		if r.Protocol != "udp" || r.Error != "" || r.LossPct == nil {
			continue
		}
		loss := *r.LossPct
		offered := r.TargetGbps
		if offered == 0 && r.SenderGbps != nil {
			offered = *r.SenderGbps
		}
		measured := fmt.Sprintf("%s%% @ %s", num(loss), gbps(offered))
		switch {
		case loss <= UDPMaxLossPct:
			c.add("udp_loss", "net.intranet_bw", Pass, "≤ 1%", measured, nil, Text{
				EN: fmt.Sprintf("%s: %s%% loss at %s offered, %s received", RunLabel(r), num(loss), gbps(offered), gbps(r.Gbps)),
				ZH: fmt.Sprintf("%s：发送 %s 时丢包 %s%%，接收 %s", RunLabel(r), gbps(offered), num(loss), gbps(r.Gbps))})
		case line > 0 && offered > TCPShare*line*1.01:
			c.add("udp_loss", "net.intranet_bw", Warn, "≤ 1%", measured, nil, Text{
				EN: fmt.Sprintf("%s: %s%% loss, but %s was offered, over 90%% of the %s line rate, where loss is expected; rerun with -b %sG",
					RunLabel(r), num(loss), gbps(offered), gbps(line), num(TCPShare*line)),
				ZH: fmt.Sprintf("%s：丢包 %s%%，但发送速率 %s 超过 %s 线速的 90%%，丢包在所难免；请用 -b %sG 重测",
					RunLabel(r), num(loss), gbps(offered), gbps(line), num(TCPShare*line))})
		default:
			c.add("udp_loss", "net.intranet_bw", Fail, "≤ 1%", measured, nil, Text{
				EN: fmt.Sprintf("%s: %s%% of datagrams lost at %s offered (pass: at most 1%%): the intranet drops packets, likely shared or congested",
					RunLabel(r), num(loss), gbps(offered)),
				ZH: fmt.Sprintf("%s：发送 %s 时丢包 %s%%（合格线 1%%）：内网在丢包，可能是共享或拥塞",
					RunLabel(r), gbps(offered), num(loss))})
		}
	}
}

func (c *comparer) nccl() {
	want := c.p.BusGBs
	nvlink := c.p.NVLink != nil && *c.p.NVLink
	if len(c.f.NCCL) == 0 {
		if want > 0 {
			c.add("busbw", "trial.allreduce", Unverified, fmt.Sprintf("%s GB/s", num(want)), "", nil, tf(
				"%s GB/s of bus bandwidth was promised; paste all_reduce_perf -b 8 -e 8G -f 2 -g <cards>",
				"承诺总线带宽 %s GB/s；请粘贴 all_reduce_perf -b 8 -e 8G -f 2 -g <卡数> 的结果", num(want)))
		}
		return
	}
	measured := false
	for _, r := range c.f.NCCL {
		measured = measured || len(r.Rows) > 0
		if r.Error != "" {
			c.add("nccl_error", "trial.allreduce", Fail, "", r.Error, nil, tf(
				"%s failed (%s): the GPUs could not run the collective, so nothing was measured; rerun with NCCL_DEBUG=INFO and send the log to the vendor: a card, a link or the driver and NCCL do not work together",
				"%s 运行失败（%s）：GPU 之间无法完成集合通信，什么也没测到；请加 NCCL_DEBUG=INFO 重跑并把日志发给供应商：可能是卡、链路或驱动与 NCCL 不匹配", r.Op, r.Error))
		}
		if r.Wrong > 0 {
			c.add("nccl_wrong", "trial.allreduce", Fail, "0", fmt.Sprint(r.Wrong), nil, tf(
				"%s returned %d wrong results (#wrong): data is corrupted on the way between GPUs",
				"%s 有 %d 个错误结果（#wrong）：GPU 间传输的数据已损坏", r.Op, r.Wrong))
		}
		if r.Unchecked && len(r.Rows) > 0 {
			c.add("nccl_wrong", "trial.allreduce", Warn, "0", "N/A", nil, tf(
				"%s ran with validation off (validation: 0, -c 0): #wrong is N/A, so corrupted data between GPUs would not show; run it again with -c 1 (the default)",
				"%s 关闭了结果校验（validation: 0，即 -c 0）：#wrong 为 N/A，GPU 间数据损坏也不会显示；请用 -c 1（默认值）重跑", r.Op))
		}
		if len(r.Rows) == 0 {
			continue
		}
		if r.GPUs == 1 && r.Nodes <= 1 {
			// one rank moves nothing between cards: busbw is 0 by definition
			promisedCards := ""
			if c.p.Cards > 0 {
				promisedCards = fmt.Sprint(c.p.Cards)
			}
			c.add("nccl_gpus", "trial.allreduce", Warn, promisedCards, "1", nil, tf(
				"%s ran on one GPU: a single rank measures no link between cards (its bus bandwidth is 0 by definition); rerun with -g <cards>",
				"%s 只在一块 GPU 上运行：单个 rank 测不到卡间链路（总线带宽按定义为 0）；请用 -g <卡数> 重测", r.Op))
			if want > 0 {
				c.add("busbw", "trial.allreduce", Unverified, fmt.Sprintf("%s GB/s", num(want)), "", nil, tf(
					"%s GB/s of bus bandwidth was promised; the pasted all-reduce ran on one GPU, which cannot show it",
					"承诺总线带宽 %s GB/s；粘贴的 all-reduce 只在一块 GPU 上运行，无法体现", num(want)))
			}
			continue
		}
		peak := fmt.Sprintf("%s GB/s", num(r.PeakBusGBs))
		small := r.MaxSize < NCCLPeakSize
		if r.Nodes > 1 {
			// ranks on several hosts: the network between them sets the
			// bus bandwidth, not the link inside one machine
			c.add("nccl_nodes", "hw.inter_node", Info, "", perNode(r), nil, tf(
				"%[1]s ran across %[2]d machines (%[3]d ranks): its bus bandwidth (peak %[4]s) is what the network between the machines carries, not NVLink or PCIe inside one",
				"%[1]s 跨 %[2]d 台机器运行（%[3]d 个 rank）：它的总线带宽（峰值 %[4]s）是机器之间的网络所能承载的，不是一台机器内的 NVLink 或 PCIe",
				r.Op, r.Nodes, r.GPUs, peak))
		}
		if small {
			c.add("nccl_size", "trial.allreduce", Warn, "8G", BytesLabel(r.MaxSize), nil, tf(
				"%s ran only up to %s: bus bandwidth peaks at large messages; rerun with -e 8G",
				"%s 最大只测到 %s：总线带宽只在大消息时达到峰值；请用 -e 8G 重测", r.Op, BytesLabel(r.MaxSize)))
		}
		if c.p.Cards > 0 && r.Nodes <= 1 && r.GPUs > 0 && r.GPUs < c.p.Cards {
			c.add("nccl_gpus", "trial.allreduce", Warn, fmt.Sprint(c.p.Cards), fmt.Sprint(r.GPUs), nil, tf(
				"%[1]s ran on %[2]s of the %[3]d promised; rerun with -g %[3]d", "%[1]s 只在 %[4]d 块 GPU 上运行（承诺 %[3]d 块）；请用 -g %[3]d 重测",
				r.Op, count(r.GPUs, "GPU", "GPUs"), c.p.Cards, r.GPUs))
		}
		if nvlink && !small && r.Nodes <= 1 && r.GPUs > 1 && r.PeakBusGBs <= PCIe5x16GBs {
			c.add("nccl_nvlink", "hw.interconnect", Fail, "NVLink", peak, nil, tf(
				"NVLink was promised, but the all-reduce peaks at %s, no more than one PCIe 5.0 x16 link carries (%s GB/s): the GPUs talk over PCIe",
				"承诺 NVLink，但 all-reduce 峰值只有 %s，不超过一条 PCIe 5.0 x16 链路的 %s GB/s：GPU 之间走的是 PCIe", peak, num(PCIe5x16GBs)))
		}
		if want == 0 {
			continue
		}
		need := BusShare * want
		promised := fmt.Sprintf("%s GB/s", num(want))
		if r.Nodes > 1 && (c.p.Cards == 0 || c.p.Cards < r.GPUs) {
			// the promise is one machine's (or says nothing of the cards
			// it spans): a figure across machines is not the same figure
			c.add("busbw", "trial.allreduce", Unverified, promised, peak, nil, tf(
				"%[1]s of bus bandwidth was promised; the pasted %[2]s ran across %[3]d machines (%[4]d ranks), so its %[5]s measures the network between them, not the link inside one machine, and is not compared with the promise: run all_reduce_perf -b 8 -e 8G -f 2 -g <cards> on one machine, or write cards=%[4]d if the promise covers all %[4]d cards",
				"承诺总线带宽 %[1]s；粘贴的 %[2]s 跨 %[3]d 台机器运行（%[4]d 个 rank），它的 %[5]s 测的是机器之间的网络，不是一台机器内的卡间链路，不与承诺比较：请在一台机器上运行 all_reduce_perf -b 8 -e 8G -f 2 -g <卡数>；如果承诺指的是全部 %[4]d 张卡，请写 卡数=%[4]d",
				promised, r.Op, r.Nodes, r.GPUs, peak))
			continue
		}
		switch {
		case r.PeakBusGBs >= need:
			c.add("busbw", "trial.allreduce", Pass, promised, peak, nil, tf(
				"%s peaks at %s busbw, at least 90%% of the promised %s", "%s 峰值总线带宽 %s，不低于承诺 %s 的 90%%", r.Op, peak, promised))
		case small:
			c.add("busbw", "trial.allreduce", Unverified, promised, peak, nil, tf(
				"%s promised; the run stopped at %s, before the bus bandwidth peaks (%s so far): rerun all_reduce_perf with -e 8G",
				"承诺 %s；测试在 %s 就停止了，总线带宽尚未到达峰值（目前 %s）：请用 -e 8G 重跑 all_reduce_perf", promised, BytesLabel(r.MaxSize), peak))
		default:
			c.add("busbw", "trial.allreduce", Fail, promised, peak, nil, tf(
				"%s promised, %s peaks at %s busbw (at %s), under the 90%% pass mark of %s GB/s",
				"承诺 %s，%s 峰值总线带宽仅 %s（%s 时），低于 90%% 合格线 %s GB/s", promised, r.Op, peak, BytesLabel(r.PeakSize), num(need)))
		}
	}
	if want > 0 && !measured {
		c.add("busbw", "trial.allreduce", Unverified, fmt.Sprintf("%s GB/s", num(want)), "", nil, tf(
			"%s GB/s of bus bandwidth was promised; the pasted all_reduce_perf has no result rows, so it shows none: paste a run that completes (all_reduce_perf -b 8 -e 8G -f 2 -g <cards>)",
			"承诺总线带宽 %s GB/s；粘贴的 all_reduce_perf 没有结果行，无法体现：请粘贴一次完整跑完的结果（all_reduce_perf -b 8 -e 8G -f 2 -g <卡数>）", num(want)))
	}
}
