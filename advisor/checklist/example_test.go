package checklist_test

import (
	"fmt"

	"gpuadvisor/advisor/checklist"
)

func ExampleCheck() {
	r := checklist.Check("我们有A100 80G SXM4，卡间高速互联，7x24小时服务。数据删除采用逻辑删除。")
	for _, id := range []string{"hw.gpu_model", "hw.interconnect", "sec.data_destruction", "bill.granularity"} {
		for _, f := range r.Findings {
			if f.Item.ID == id {
				fmt.Printf("%s: %s %q\n  %s\n", id, f.Status, f.Evidence, f.Why.EN)
			}
		}
	}
	for _, fl := range r.RedFlags {
		fmt.Println("red flag:", fl.ID, fl.Phrase)
	}
	fmt.Printf("%+v\n", r.Counts)
	fmt.Println("verdict:", r.Verdict)
	// Output:
	// hw.gpu_model: covered "我们有A100 80G SXM4"
	//   Clear and acceptable: it names what can be checked in the trial and written into the contract.
	// hw.interconnect: vague "卡间高速互联"
	//   "high-speed interconnect" without NVLink or InfiniBand named may be plain PCIe or Ethernet: ask which, and for `nvidia-smi topo -m`.
	// sec.data_destruction: risk "数据删除采用逻辑删除"
	//   Deleted data is only logically deleted: it can be recovered from the disk the next tenant gets.
	// bill.granularity: missing ""
	//   Not addressed: a question to send, not a failure.
	// red flag: vague_interconnect 高速互联
	// red flag: 7x24_no_time 7x24
	// {Covered:1 Risk:1 Vague:2 Missing:42}
	// verdict: ask_first
}

func ExampleItems() {
	for _, it := range checklist.ByDimension(checklist.Network) {
		fmt.Println(it.ID, "—", it.Question.In("en"))
	}
	// Output:
	// net.local_node — Which machine room will serve us: which city and region, and is it in or near our city?
	// net.latency — What ping and packet loss should we see from our office to the machine room, and inside the data centre?
	// net.intranet_bw — What intranet bandwidth do we get between our machines, measured with iperf3 (TCP and UDP), and is it dedicated or shared?
	// net.public_bw — Public bandwidth: how many Mbps, fixed or metered, shared or dedicated?
}
