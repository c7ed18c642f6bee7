package checklist

var networkItems = []Item{
	{
		ID: "net.local_node", Dimension: Network,
		Question: Text{EN: "Which machine room will serve us: which city and region, and is it in or near our city?", ZH: "为我们服务的机房在哪：哪个城市、哪个区域？在不在本地或附近？"},
		Why:      Text{EN: "Without a local node, datasets and weights cross provinces over the public internet, and every resume after a failure costs hours.", ZH: "没有本地节点，数据集和权重要跨省走公网，每次中断恢复都多耗几个小时。"},
		Concrete: Text{EN: "Chengdu Tianfu data centre (our own, licensed), region cn-southwest-1; Chongqing as backup", ZH: "成都天府机房（自营持牌），区域 cn-southwest-1；重庆机房备份"},
		topics:   w("机房|节点|~region|区域|可用区|data center|datacenter|data centre|~idc~|本地|local node|local data|~locally|~located|位于|地域"),
		// 节点间 and 跨节点 are about the network between nodes (hw.inter_node).
		gate: gate{not: w("节点间|跨节点|多节点|节点之间|机间"), but: w("机房|~region|区域|可用区|data center|datacenter|data centre|~idc~|本地|位于|地域")},
		signals: []signal{
			{terms: w("成都|重庆|贵阳|雅安|绵阳|庆阳|乌兰察布|北京|上海|杭州|深圳|广州|宁夏|中卫|张家口|天府|双流|郫都|西安|武汉|南京|苏州|chengdu|chongqing|guiyang|beijing|shanghai|hangzhou|shenzhen|guangzhou|ningxia|xi'an|wuhan"),
				also: w("机房|节点|data center|datacenter|data centre|idc|~region|区域|可用区|园区|~az~|campus|~zone")},
			{terms: w("cn-southwest|cn-north|cn-east|cn-south|ap-chengdu|ap-chongqing|ap-beijing|ap-shanghai|ap-guangzhou")},
		},
	},
	{
		ID: "net.latency", Dimension: Network,
		Question: Text{EN: "What ping and packet loss should we see from our office to the machine room, and inside the data centre?", ZH: "从我们办公地到机房的ping值和丢包率是多少？机房内部延迟多少？"},
		Why:      Text{EN: "Real-time inference feels every extra 10 ms; intra-DC latency should stay under about 2 ms.", ZH: "实时推理每多10毫秒都能感觉到；机房内延迟应在2毫秒左右以内。"},
		Concrete: Text{EN: "Office to DC: ping 3 ms, loss under 0.1%; intra-DC under 0.5 ms (a test IP is provided)", ZH: "办公室到机房 ping 3ms、丢包<0.1%；机房内<0.5ms（提供测试IP）"},
		topics:   w("~ping|延迟|时延|latency|丢包|packet loss|~rtt~"),
		signals: []signal{
			{units: w("ms|毫秒")},
			{terms: w("丢包|packet loss|~loss"), units: w("%")},
		},
	},
	{
		ID: "net.intranet_bw", Dimension: Network,
		Question: Text{EN: "What intranet bandwidth do we get between our machines, measured with iperf3 (TCP and UDP), and is it dedicated or shared?", ZH: "我们机器之间的内网带宽多少？用iperf3（TCP和UDP）实测是多少？独享还是共享？"},
		Why:      Text{EN: "\"10 GbE intranet\" on a web page is a claim, not a measurement; neighbours on a shared network slow NCCL traffic.", ZH: "官网写的“万兆内网”是宣传值不是实测；共享网络被邻居抢占时NCCL通信会变慢。"},
		Concrete: Text{EN: "25 Gb/s dedicated per machine; iperf3 TCP 23.4 Gb/s, UDP 22.8 Gb/s (report attached)", ZH: "每台独享 25Gb/s；iperf3 实测 TCP 23.4Gb/s、UDP 22.8Gb/s（附报告）"},
		topics:   w("内网带宽|内网|intranet|万兆|10gbe|25gbe|~25g~|~100g~|网卡|~nic~|iperf|局域网|~lan~|private network|internal network|内部网络|internal bandwidth"),
		// 100G of disk and 内网流量 are not the intranet's bandwidth.
		gate: gate{not: w("流量|~traffic|额度|quota|免费|~free|收费|计费|计量|超出|盘|存储|storage|~disk|显存|内存|memory|~ram~|~ssd|nvme|~hbm"),
			but: w("带宽|bandwidth|iperf|网卡|~nic~|万兆|gbps|gbit|gb/s|g/s|速率|~speed|10gbe|25gbe|测速")},
		signals: []signal{
			{terms: w("iperf|实测|测得|测试结果|测速结果|measured|tested|test result|benchmark"), units: unitsNet},
			{terms: w("独享|专享|dedicated|不共享|not shared|共享|~shared"), units: unitsNet},
		},
	},
	{
		ID: "net.public_bw", Dimension: Network,
		Question: Text{EN: "Public bandwidth: how many Mbps, fixed or metered, shared or dedicated?", ZH: "公网带宽多少Mbps？固定带宽还是按流量？独享还是共享？"},
		Why:      Text{EN: "Pulling datasets and weights over a thin or shared public link stalls the start of every run.", ZH: "公网带宽小或共享时，拉数据集和权重会拖慢每次开跑。"},
		Concrete: Text{EN: "100 Mbps dedicated fixed bandwidth included; bursts to 1 Gbps metered at ¥0.8/GB", ZH: "100Mbps 独享固定带宽已含；突发至 1Gbps 按 0.8元/GB 计"},
		topics:   w("公网带宽|公网|public bandwidth|internet bandwidth|出口带宽|外网带宽|~bgp~|外网|public ip|弹性ip|~eip~|~public~"),
		signals: []signal{
			{terms: w("公网|~public|出口|外网|~bgp~|带宽|bandwidth"), units: w("mbps|m|兆|gbps|g|mb/s|mbit|mbit/s")},
			{terms: w("带宽|bandwidth"), also: w("按流量|~metered|按量"), units: w("$")},
		},
	},
}
