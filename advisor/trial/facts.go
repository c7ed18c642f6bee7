package trial

// Tool names, as reported in Facts.Tools.
const (
	ToolSMI       = "nvidia-smi"    // the default table
	ToolSMIQuery  = "nvidia-smi -q" // the full query, or -q -d ECC,POWER
	ToolTopo      = "nvidia-smi topo -m"
	ToolIperf     = "iperf3"          // text output
	ToolIperfJSON = "iperf3 -J"       // JSON output
	ToolIperf2    = "iperf 2"         // iperf 2.x text output (iperf -c, iperf -s)
	ToolAllReduce = "all_reduce_perf" // nccl-tests
	ToolDmesg     = "dmesg"           // NVRM Xid lines
	ToolGPUBurn   = "gpu_burn"
	ToolFio       = "fio"
	ToolLsblk     = "lsblk"
)

// Facts are what the pasted tool output shows, each number as measured.
type Facts struct {
	// Tools are the tools recognised in the paste, in the order above.
	Tools []string `json:"tools"`
	// SMIVersion, DriverVersion and CUDAVersion come from the nvidia-smi
	// header or the -q log. CUDAVersion is the highest CUDA the driver supports.
	SMIVersion    string `json:"smi_version,omitempty"`
	DriverVersion string `json:"driver_version,omitempty"`
	CUDAVersion   string `json:"cuda_version,omitempty"`
	// SMICut is set when an nvidia-smi table ends before its last GPU block
	// closed: GPUs after the last one read may be missing.
	SMICut bool `json:"smi_cut,omitempty"`
	// SMIError is set when nvidia-smi printed a failure instead of a table.
	SMIError string `json:"smi_error,omitempty"`
	// LostGPUs are the "Unable to determine the device handle for GPU…"
	// lines nvidia-smi prints before its table for a card the driver can
	// no longer reach (fallen off the bus, "GPU is lost"): the table then
	// lists the other cards only.
	LostGPUs []string `json:"lost_gpus,omitempty"`
	// Hosts is the number of nvidia-smi tables or logs pasted (one per machine).
	Hosts int `json:"hosts,omitempty"`
	// GPUCount is the number of GPUs seen, from the best source: nvidia-smi,
	// then topo -m, then the NCCL rank list. CountSource names it.
	GPUCount    int    `json:"gpu_count"`
	CountSource string `json:"count_source,omitempty"`
	// GPUs are the devices nvidia-smi listed, in index order.
	GPUs []GPU `json:"gpus"`
	// Links is the topo -m matrix between GPUs.
	Links *Links `json:"links,omitempty"`
	// Iperf are the iperf3 runs, text and JSON, and the iperf 2 runs.
	Iperf []IperfRun `json:"iperf,omitempty"`
	// NCCL are the nccl-tests runs.
	NCCL []AllReduce `json:"nccl,omitempty"`
	// Xid are the NVRM Xid lines of dmesg.
	Xid []Xid `json:"xid,omitempty"`
	// Burn is the gpu_burn verdict per GPU.
	Burn []BurnResult `json:"gpu_burn,omitempty"`
	// Fio are fio's jobs; Disks lsblk's disks.
	Fio   []FioRun `json:"fio,omitempty"`
	Disks []Disk   `json:"disks,omitempty"`
}

// FioRun is one job (or group) of a fio report.
type FioRun struct {
	Name string `json:"name"`
	// RW and BlockSize come from the job's settings line (rw=randread,
	// bs=(R) 4096B-…), when pasted.
	RW        string `json:"rw,omitempty"`
	BlockSize string `json:"bs,omitempty"`
	Jobs      int    `json:"jobs,omitempty"`
	// Err is the job's err= (0 when it ran through).
	Err int `json:"err"`
	// IOPS and rates in decimal MB/s, nil for a direction not run.
	ReadIOPS  *float64 `json:"read_iops,omitempty"`
	ReadMBs   *float64 `json:"read_mbs,omitempty"`
	WriteIOPS *float64 `json:"write_iops,omitempty"`
	WriteMBs  *float64 `json:"write_mbs,omitempty"`
}

// Disk is one line of lsblk with its ROTA column.
type Disk struct {
	Name       string `json:"name"`
	Rotational bool   `json:"rotational"`
	Size       string `json:"size,omitempty"`
	Model      string `json:"model,omitempty"`
}

// GPU is one device as nvidia-smi shows it.
type GPU struct {
	// Host numbers the nvidia-smi table or log the GPU came from (0 first).
	Host  int    `json:"host"`
	Index int    `json:"index"`
	Name  string `json:"name"`
	// NameCut is set when nvidia-smi shortened the name ("NVIDIA A100-SXM...").
	NameCut bool `json:"name_cut,omitempty"`
	// Model is the name read as family, form factor and memory label.
	Model  Model  `json:"model"`
	BusID  string `json:"bus_id,omitempty"`
	Serial string `json:"serial,omitempty"`
	// MemoryTotalMiB and MemoryUsedMiB are as reported; MemoryGB is the sold
	// capacity they stand for (MemoryLabel).
	MemoryTotalMiB int `json:"memory_total_mib"`
	MemoryUsedMiB  int `json:"memory_used_mib"`
	MemoryGB       int `json:"memory_gb"`
	// Power in watts: draw now, the enforced cap, and the highest cap allowed.
	PowerDrawW *float64 `json:"power_draw_w,omitempty"`
	PowerCapW  *float64 `json:"power_cap_w,omitempty"`
	PowerMaxW  *float64 `json:"power_max_w,omitempty"`
	TempC      *int     `json:"temp_c,omitempty"`
	UtilPct    *int     `json:"util_pct,omitempty"`
	Perf       string   `json:"perf,omitempty"`
	// Persistence is On or Off (WDDM/TCC on Windows).
	Persistence string `json:"persistence,omitempty"`
	// ECC is "on", "off" or "n/a" (cards without ECC); "" when not shown.
	ECC string `json:"ecc,omitempty"`
	// ECCUncorrected is the volatile uncorrectable count (the table's
	// "Volatile Uncorr. ECC" column, or -q's Volatile * Uncorrectable sum).
	ECCUncorrected *int `json:"ecc_uncorrected,omitempty"`
	// ECCCorrected and ECCAggregateUncorrected come from nvidia-smi -q only.
	ECCCorrected            *int `json:"ecc_corrected,omitempty"`
	ECCAggregateUncorrected *int `json:"ecc_aggregate_uncorrected,omitempty"`
	// RemapPending is set when -q shows a pending row remap (needs a reset).
	RemapPending bool `json:"remap_pending,omitempty"`
	// Err is set when nvidia-smi prints ERR! for the card (in its name,
	// ECC or usage fields): the driver can no longer read it.
	Err bool `json:"err,omitempty"`
	// MIG is the MIG mode column ("Disabled", "Enabled", "N/A"), or -q's
	// MIG Mode Current. MIGPending is set when a change waits for a GPU
	// reset (the table's "Disabled*"/"Enabled*", or -q's Pending differing).
	MIG        string `json:"mig,omitempty"`
	MIGPending bool   `json:"mig_pending,omitempty"`
	// MIGDevices counts the MIG instances the table's "MIG devices:" part
	// lists for this GPU: with MIG on, a tenant gets one of these slices.
	MIGDevices int `json:"mig_devices,omitempty"`
}

// Links is the GPU part of an nvidia-smi topo -m matrix.
type Links struct {
	// GPUs is the number of GPU rows.
	GPUs int `json:"gpus"`
	// Pairs are the connections between each pair of GPUs, A < B.
	Pairs []Link `json:"pairs"`
	// AllNVLink is true when every pair is NV#.
	AllNVLink bool `json:"all_nvlink"`
	// Kinds counts pairs by connection: {"NV12": 28} or {"PIX": 4, "SYS": 24}.
	Kinds map[string]int `json:"kinds"`
	// Affinity is each GPU's CPU and NUMA affinity.
	Affinity []Affinity `json:"affinity,omitempty"`
	// NICs are the NIC columns (mlx5_0 or NIC0 with its legend name).
	NICs []string `json:"nics,omitempty"`
}

// Link is one GPU pair of the topo matrix.
type Link struct {
	A    int    `json:"a"`
	B    int    `json:"b"`
	Kind string `json:"kind"` // NV12, PIX, PXB, PHB, NODE, SYS
	// NVLinks is the number of bonded NVLinks (12 for NV12), 0 over PCIe.
	NVLinks int `json:"nvlinks"`
}

// Affinity is one GPU's CPU cores and NUMA node.
type Affinity struct {
	GPU  int    `json:"gpu"`
	CPU  string `json:"cpu"`
	NUMA string `json:"numa"`
}

// IperfRun is one iperf3 (or iperf 2) test's summary.
type IperfRun struct {
	// Source is "text" or "json".
	Source string `json:"source"`
	// Iperf2 is set for iperf 2.x output, whose client reports what it
	// sent and whose receiver side is its server's ("Server Report:").
	Iperf2 bool `json:"iperf2,omitempty"`
	// Protocol is "tcp" or "udp".
	Protocol string  `json:"protocol"`
	Host     string  `json:"host,omitempty"`
	Streams  int     `json:"streams"`
	Reverse  bool    `json:"reverse,omitempty"`
	Seconds  float64 `json:"seconds,omitempty"`
	// SenderGbps and ReceiverGbps are the summary rates in Gbit/s (10^9).
	SenderGbps   *float64 `json:"sender_gbps,omitempty"`
	ReceiverGbps *float64 `json:"receiver_gbps,omitempty"`
	// Gbps is the figure compared: the receiver's, or the sender's when the
	// receiver line is missing.
	Gbps        float64  `json:"gbps"`
	Retransmits *int     `json:"retransmits,omitempty"`
	JitterMs    *float64 `json:"jitter_ms,omitempty"`
	LostPackets *int64   `json:"lost_packets,omitempty"`
	Packets     *int64   `json:"packets,omitempty"`
	LossPct     *float64 `json:"loss_pct,omitempty"`
	// TargetGbps is the UDP rate asked for with -b, when the output says.
	TargetGbps float64 `json:"target_gbps,omitempty"`
	// Error is iperf3's own error message ("unable to connect to server").
	Error string `json:"error,omitempty"`
}

// AllReduce is one nccl-tests run (all_reduce_perf by default).
type AllReduce struct {
	// Op is the collective when the output names it, else "all_reduce".
	Op string `json:"op"`
	// GPUs is the number of ranks listed (or nGpus when the list is missing);
	// Nodes the number of distinct hosts in the rank list.
	GPUs  int `json:"gpus"`
	Nodes int `json:"nodes,omitempty"`
	// RanksPerNode counts the ranks on each host of the rank list, in the
	// order the hosts first appear.
	RanksPerNode []int    `json:"ranks_per_node,omitempty"`
	Devices      []string `json:"devices,omitempty"`
	// AvgBusGBs is the "# Avg bus bandwidth" line, in GB/s; nil when missing.
	AvgBusGBs *float64 `json:"avg_busbw_gbs"`
	// PeakBusGBs is the highest busbw of any size (out-of-place or in-place),
	// at PeakSize bytes.
	PeakBusGBs float64 `json:"peak_busbw_gbs"`
	PeakSize   int64   `json:"peak_size"`
	// MaxSize is the largest message size run, in bytes.
	MaxSize int64 `json:"max_size"`
	// Wrong is the sum of the #wrong columns (data corruption if above 0).
	Wrong int `json:"wrong"`
	// Error is the run's failure message ("Test NCCL failure all_reduce.cu:44
	// 'unhandled cuda error / '"), empty when it ran.
	Error string `json:"error,omitempty"`
	// Unchecked is set when the run did not check its results (the header's
	// "validation: 0", all_reduce_perf -c 0): #wrong is N/A, not 0.
	Unchecked bool `json:"unchecked,omitempty"`
	// Rows are the table rows.
	Rows []NCCLRow `json:"rows"`
}

// NCCLRow is one message size of an nccl-tests table.
type NCCLRow struct {
	Size     int64   `json:"size"`
	Count    int64   `json:"count"`
	Type     string  `json:"type"`
	Redop    string  `json:"redop,omitempty"`
	TimeUs   float64 `json:"time_us"`
	AlgGBs   float64 `json:"algbw_gbs"`
	BusGBs   float64 `json:"busbw_gbs"`
	InTimeUs float64 `json:"in_time_us"`
	InAlgGBs float64 `json:"in_algbw_gbs"`
	InBusGBs float64 `json:"in_busbw_gbs"`
}

// Xid is one NVRM Xid line of the kernel log.
type Xid struct {
	PCI  string `json:"pci"`
	Code int    `json:"code"`
	Line string `json:"line"`
}

// BurnResult is gpu_burn's verdict for one GPU.
type BurnResult struct {
	GPU int  `json:"gpu"`
	OK  bool `json:"ok"`
}

// Problem is a part of the paste that could not be read completely: which
// tool, what is missing, and how to paste it so it can be read.
type Problem struct {
	Tool string `json:"tool"`
	Text Text   `json:"text"`
}

// has reports whether tool was recognised.
func (f *Facts) has(tool string) bool {
	for _, t := range f.Tools {
		if t == tool {
			return true
		}
	}
	return false
}
