package checklist_test

import (
	"fmt"

	"gpuadvisor/advisor/checklist"
)

func ExampleCheck() {
	r := checklist.Check("我们有A100 80G SXM4，卡间高速互联，7x24小时服务，按需计费。")
	for _, id := range []string{"hw.gpu_model", "hw.interconnect", "ops.night_response", "bill.granularity"} {
		for _, f := range r.Findings {
			if f.Item.ID == id {
				fmt.Printf("%s: %s %q\n", id, f.Status, f.Evidence)
			}
		}
	}
	for _, fl := range r.RedFlags {
		fmt.Println("red flag:", fl.ID, fl.Phrase)
	}
	fmt.Println("verdict:", r.Verdict)
	// Output:
	// hw.gpu_model: covered "我们有A100 80G SXM4，卡间高速互联"
	// hw.interconnect: vague "卡间高速互联"
	// ops.night_response: vague "7x24小时服务"
	// bill.granularity: missing ""
	// red flag: vague_interconnect 高速互联
	// red flag: 7x24_no_time 7x24
	// red flag: on_demand_no_granularity 按需
	// verdict: avoid
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
