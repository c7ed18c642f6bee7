package trial

import (
	"strings"
	"testing"
)

func TestAllReduceFixtures(t *testing.T) {
	tests := []struct {
		file     string
		gpus     int
		avg      float64 // 0 when the line is missing
		peak     float64
		peakSize int64
		maxSize  int64
		rows     int
		device   string
		problem  string
	}{
		{"allreduce_a100x8.txt", 8, 68.7779, 232.63, 8 << 30, 8 << 30, 31, "NVIDIA A100-SXM4-80GB", ""},
		{"allreduce_4090x8_pcie.txt", 8, 5.1773, 13.34, 2 << 30, 8 << 30, 31, "NVIDIA GeForce RTX 4090", ""},
		{"allreduce_a100x8_cut.txt", 8, 0, 100.96, 16 << 20, 16 << 20, 22, "NVIDIA A100-SXM4-80GB", "cut before \"# Avg bus bandwidth\""},
	}
	for _, tt := range tests {
		f, probs := Read(fixture(t, tt.file))
		if len(f.NCCL) != 1 || !hasProblem(probs, tt.problem) {
			t.Fatalf("%s: %d runs, problems %+v; want 1 run, problem %q", tt.file, len(f.NCCL), probs, tt.problem)
		}
		r := f.NCCL[0]
		avg := 0.0
		if r.AvgBusGBs != nil {
			avg = *r.AvgBusGBs
		}
		if r.GPUs != tt.gpus || r.Nodes != 1 || avg != tt.avg || r.PeakBusGBs != tt.peak || r.PeakSize != tt.peakSize || r.MaxSize != tt.maxSize || len(r.Rows) != tt.rows {
			t.Errorf("%s: %d GPUs on %d nodes, avg %v, peak %v at %d, max %d, %d rows; want %d on 1, %v, %v at %d, %d, %d",
				tt.file, r.GPUs, r.Nodes, avg, r.PeakBusGBs, r.PeakSize, r.MaxSize, len(r.Rows), tt.gpus, tt.avg, tt.peak, tt.peakSize, tt.maxSize, tt.rows)
		}
		if r.Devices[0] != tt.device || r.Op != "all_reduce" || r.Wrong != 0 {
			t.Errorf("%s: device %q op %q wrong %d, want %q all_reduce 0", tt.file, r.Devices[0], r.Op, r.Wrong, tt.device)
		}
		last := r.Rows[len(r.Rows)-1]
		if last.Type != "float" || last.Redop != "sum" || last.TimeUs <= 0 || last.InBusGBs <= 0 || last.Count != last.Size/4 {
			t.Errorf("%s: last row %+v", tt.file, last)
		}
	}
}

func TestAllReduceVariants(t *testing.T) {
	// nccl-tests before 2.10: no root column, "error" instead of "#wrong".
	old := `# nThread 1 nGpus 2 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 validation: 1
#
# Using devices
#   Rank  0 Pid  11234 on   gpu-node device  0 [0x3b] Tesla V100-SXM2-32GB
#   Rank  1 Pid  11234 on   gpu-node device  1 [0x5e] Tesla V100-SXM2-32GB
#
#                                                     out-of-place                       in-place
#       size         count    type   redop     time   algbw   busbw  error     time   algbw   busbw  error
#        (B)    (elements)                     (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
    67108864      16777216   float     sum   1421.3   47.22   47.22  0e+00   1419.8   47.27   47.27  0e+00
   134217728      33554432   float     sum   2802.6   47.89   47.89  0e+00   2801.1   47.92   47.92  0e+00
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 47.5747
`
	// two nodes under mpirun, -g 1 per rank; one wrong result.
	multi := `# nThread 1 nGpus 1 minBytes 1073741824 maxBytes 1073741824 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid   6899 on     node-a device  0 [0000:04:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid   6900 on     node-a device  1 [0000:05:00] NVIDIA H100 80GB HBM3
#  Rank  2 Group  0 Pid   6733 on     node-b device  0 [0000:04:00] NVIDIA H100 80GB HBM3
#  Rank  3 Group  0 Pid   6734 on     node-b device  1 [0000:05:00] NVIDIA H100 80GB HBM3
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  1073741824     268435456     float     sum      -1   7021.4  152.92  229.38      1   7019.9  152.96  229.44      0
# Out of bounds values : 1 FAILED
# Avg bus bandwidth    : 229.41
`
	headless := "  8589934592    2147483648     float     sum      -1    64619  132.93  232.63      0    65275  131.60  230.29      0\n"
	tests := []struct {
		name         string
		in           string
		runs, gpus   int
		nodes, wrong int
		peak         float64
		op           string
	}{
		{"before the root column", old, 1, 2, 1, 0, 47.92, "all_reduce"},
		{"two nodes, one wrong result", multi, 1, 4, 2, 1, 229.44, "all_reduce"},
		{"a row without its table is not a run", headless, 0, 0, 0, 0, 0, ""},
		{"named by the pasted command", "$ ./build/all_gather_perf -b 8 -e 1G -f 2 -g 2\n" + old, 1, 2, 1, 0, 47.92, "all_gather"},
	}
	for _, tt := range tests {
		f, _ := Read(tt.in)
		if len(f.NCCL) != tt.runs {
			t.Fatalf("%s: %d runs, want %d", tt.name, len(f.NCCL), tt.runs)
		}
		if tt.runs == 0 {
			continue
		}
		r := f.NCCL[0]
		if r.GPUs != tt.gpus || r.Nodes != tt.nodes || r.Wrong != tt.wrong || r.PeakBusGBs != tt.peak || r.Op != tt.op {
			t.Errorf("%s: %d GPUs %d nodes %d wrong peak %v op %q; want %d %d %d %v %q", tt.name, r.GPUs, r.Nodes, r.Wrong, r.PeakBusGBs, r.Op, tt.gpus, tt.nodes, tt.wrong, tt.peak, tt.op)
		}
	}
}

func TestAllReduceHeaderOnly(t *testing.T) {
	in := fixture(t, "allreduce_a100x8.txt")
	in = in[:strings.Index(in, "           8             2")]
	f, probs := Read(in)
	if !hasProblem(probs, "no result rows") || len(f.NCCL) != 1 || len(f.NCCL[0].Rows) != 0 || f.GPUCount != 8 {
		t.Errorf("header only: runs %d count %d problems %+v; want a run without rows, 8 GPUs from the rank list, and a problem", len(f.NCCL), f.GPUCount, probs)
	}
}

func TestBytesLabel(t *testing.T) {
	for n, want := range map[int64]string{8 << 30: "8G", 16 << 20: "16M", 4096: "4K", 8: "8", 1000: "1000"} {
		if got := BytesLabel(n); got != want {
			t.Errorf("BytesLabel(%d) = %q, want %q", n, got, want)
		}
	}
}
