package trial

import (
	"strconv"
	"strings"
)

// ncclRun collects one nccl-tests table.
type ncclRun struct {
	r       AllReduce
	cols    []string // column names of the header, "#" removed
	hosts   map[string]bool
	order   []string // hosts in the order they first appear
	ranks   map[string]int
	nGpus   int
	header  bool // the "# nThread ... nGpus" line was seen
	avgLine bool
}

// readAllReduce reads nccl-tests output (all_reduce_perf and its siblings):
//
//	# nThread 1 nGpus 8 minBytes 8 maxBytes 8589934592 step: 2(factor) ...
//	#  Rank  0 Group  0 Pid  40561 on node01 device  0 [0x07] NVIDIA A100-SXM4-80GB
//	#       size  count  type  redop  root  time  algbw  busbw #wrong  time  algbw  busbw #wrong
//	   8589934592  2147483648  float  sum  -1  39870  215.45  377.03  0  39850  215.56  377.22  0
//	# Avg bus bandwidth    : 86.0357
//
// Columns are found by the header's names, so tables from before "root" was
// added (2.10) and with "error" instead of "#wrong" are read too.
func readAllReduce(lines []string, f *Facts, probs *[]Problem) {
	var cur *ncclRun
	var runs []*ncclRun
	op := ""
	startRun := func() *ncclRun {
		r := &ncclRun{hosts: map[string]bool{}, ranks: map[string]int{}}
		runs = append(runs, r)
		return r
	}
	for _, raw := range lines {
		if i := failureAt(raw); i >= 0 {
			// "ArchLinux: Test NCCL failure all_reduce.cu:44 'unhandled cuda error / '"
			if cur == nil {
				cur = startRun()
			}
			if cur.r.Error == "" {
				cur.r.Error = strings.TrimSpace(raw[i:])
			}
			continue
		}
		s := untag(raw, ncclMarker)
		if s == "" {
			continue
		}
		if c, ok := strings.CutPrefix(s, "# Collective test starting:"); ok {
			op = strings.TrimSuffix(strings.TrimSpace(c), "_perf")
			continue
		}
		if i := strings.Index(s, "_perf "); i > 0 && !strings.HasPrefix(s, "#") && strings.Contains(s, " -b ") {
			// a pasted command line: ./build/all_reduce_perf -b 8 -e 8G -f 2 -g 8
			w := s[:i]
			if k := strings.LastIndexAny(w, "/ "); k >= 0 {
				w = w[k+1:]
			}
			op = w
			continue
		}
		if strings.HasPrefix(s, "#") || ncclComment(s) {
			// a comment line, or one whose "#" a chat or Markdown ate
			body := strings.TrimSpace(strings.TrimPrefix(s, "#"))
			fields := strings.Fields(body)
			switch {
			case strings.HasPrefix(body, "nThread "):
				cur = startRun()
				cur.header = true
				cur.nGpus = intAfter(fields, "nGpus")
				// "validation: 0" (-c 0): the results were not checked, #wrong is N/A
				if v := strings.Index(body, "validation: "); v >= 0 {
					cur.r.Unchecked = strings.HasPrefix(body[v+len("validation: "):], "0")
				}
			case len(fields) >= 8 && fields[0] == "Rank":
				if cur == nil {
					cur = startRun()
				}
				cur.rank(fields)
			case len(fields) >= 6 && fields[0] == "size" && contains(fields, "busbw"):
				if cur == nil || len(cur.r.Rows) > 0 {
					cur = startRun()
				}
				cur.cols = fields
			case strings.HasPrefix(body, "Avg bus bandwidth"):
				if cur != nil {
					_, v, _ := strings.Cut(body, ":")
					if bw, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
						cur.r.AvgBusGBs = &bw
					}
					cur.avgLine = true
				}
			}
			continue
		}
		if cur == nil {
			continue
		}
		cur.row(strings.Fields(s))
	}
	if len(runs) == 0 {
		return
	}
	f.Tools = append(f.Tools, ToolAllReduce)
	for i, run := range runs {
		if op != "" {
			run.r.Op = op
		} else {
			run.r.Op = "all_reduce"
		}
		run.r.GPUs = len(run.r.Devices)
		if run.r.GPUs == 0 {
			run.r.GPUs = run.nGpus
		}
		run.r.Nodes = len(run.hosts)
		if run.r.Nodes > 1 {
			for _, h := range run.order {
				run.r.RanksPerNode = append(run.r.RanksPerNode, run.ranks[h])
			}
		}
		switch {
		case run.r.Error != "" && len(run.r.Rows) == 0:
			// a failed run is a finding (nccl_error), not a paste to complete
		case len(run.r.Rows) == 0:
			*probs = append(*probs, Problem{Tool: ToolAllReduce, Text: tf(
				"nccl-tests run %d has no result rows (size, count, type ... busbw); paste the whole table down to \"# Avg bus bandwidth\"",
				"nccl-tests 第 %d 次运行没有结果行（size、count、type ... busbw）；请完整粘贴到 \"# Avg bus bandwidth\" 为止", i+1)})
		case run.r.GPUs == 1:
			*probs = append(*probs, Problem{Tool: ToolAllReduce, Text: tf(
				"nccl-tests run %d ran on one GPU (one rank): its bus bandwidth is 0 by definition and measures no link between cards; rerun with -g <cards> (or one rank per GPU under mpirun)",
				"nccl-tests 第 %d 次运行只有一块 GPU（一个 rank）：总线带宽按定义为 0，测不到卡间链路；请用 -g <卡数> 重测（或用 mpirun 每块 GPU 一个 rank）", i+1)})
		case !run.avgLine:
			*probs = append(*probs, Problem{Tool: ToolAllReduce, Text: tf(
				"nccl-tests run %d is cut before \"# Avg bus bandwidth\" (last size read: %s); the peak is from the rows shown; paste the table to its end",
				"nccl-tests 第 %d 次运行在 \"# Avg bus bandwidth\" 之前被截断（最后一行：%s）；峰值按已有行计算；请粘贴到表格末尾", i+1, BytesLabel(run.r.MaxSize))})
		}
		f.NCCL = append(f.NCCL, run.r)
	}
}

// rank reads "Rank 0 Group 0 Pid 40561 on node01 device 0 [0x07] NVIDIA A100-SXM4-80GB".
func (n *ncclRun) rank(fields []string) {
	for i, w := range fields {
		if w == "on" && i+1 < len(fields) {
			h := fields[i+1]
			if !n.hosts[h] {
				n.hosts[h] = true
				n.order = append(n.order, h)
			}
			n.ranks[h]++
		}
		if strings.HasPrefix(w, "[") && strings.HasSuffix(w, "]") && i+1 < len(fields) {
			n.r.Devices = append(n.r.Devices, strings.Join(fields[i+1:], " "))
			return
		}
	}
	n.r.Devices = append(n.r.Devices, "")
}

// row reads one size of the table by the header's column names; without a
// header, the current 13-column layout is assumed.
func (n *ncclRun) row(f []string) {
	cols := n.cols
	if cols == nil {
		switch len(f) {
		case 13:
			cols = strings.Fields("size count type redop root time algbw busbw #wrong time algbw busbw #wrong")
		case 12:
			cols = strings.Fields("size count type redop time algbw busbw #wrong time algbw busbw #wrong")
		default:
			return
		}
	}
	if len(f) < len(cols) {
		return
	}
	size, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil || cols[0] != "size" {
		return
	}
	row := NCCLRow{Size: size}
	seen := map[string]int{}
	ok := true
	for i, c := range cols {
		seen[c]++
		second := seen[c] == 2
		v := f[i]
		// set reads a number into the out-of-place column's field, or the
		// in-place one's when the name comes the second time.
		set := func(outOfPlace, inPlace *float64) {
			x, err := strconv.ParseFloat(v, 64)
			ok = ok && err == nil
			if second {
				*inPlace = x
			} else {
				*outOfPlace = x
			}
		}
		switch c {
		case "count":
			row.Count, _ = strconv.ParseInt(v, 10, 64)
		case "type":
			row.Type = v
		case "redop":
			row.Redop = v
		case "time":
			set(&row.TimeUs, &row.InTimeUs)
		case "algbw":
			set(&row.AlgGBs, &row.InAlgGBs)
		case "busbw":
			set(&row.BusGBs, &row.InBusGBs)
		case "#wrong":
			if w, err := strconv.Atoi(v); err == nil && w > 0 {
				n.r.Wrong += w
			}
		}
	}
	if !ok {
		return
	}
	n.r.Rows = append(n.r.Rows, row)
	if row.Size > n.r.MaxSize {
		n.r.MaxSize = row.Size
	}
	if bw := max(row.BusGBs, row.InBusGBs); bw > n.r.PeakBusGBs {
		n.r.PeakBusGBs, n.r.PeakSize = bw, row.Size
	}
}

func intAfter(fields []string, key string) int {
	for i, w := range fields {
		if w == key && i+1 < len(fields) {
			v, _ := strconv.Atoi(fields[i+1])
			return v
		}
	}
	return 0
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// BytesLabel writes a message size the way nccl-tests' -e takes it: 8G, 128M, 512.
func BytesLabel(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + "G"
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + "M"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + "K"
	}
	return strconv.FormatInt(n, 10)
}

// failureAt returns where nccl-tests' failure message starts in a line
// ("Test NCCL failure …", "Test CUDA failure …"), or -1; the trace lines
// after it ("Test failure common.cu:377") are not the message.
func failureAt(line string) int {
	for _, m := range []string{"Test NCCL failure", "Test CUDA failure"} {
		if i := strings.Index(line, m); i >= 0 {
			return i
		}
	}
	return -1
}

// ncclMarker reports whether s begins a line of nccl-tests' output: a
// comment line or a result row.
func ncclMarker(s string) bool {
	if strings.HasPrefix(s, "#") || ncclComment(s) {
		return true
	}
	f := strings.Fields(s)
	return len(f) > 8 && isNumber(f[0]) && isNumber(f[1])
}

// ncclComment reports whether s is one of nccl-tests' comment lines pasted
// without its "#" (a Markdown paste turns "# nThread ..." into a heading
// and the renderer drops the "#"), so no rank is lost and the header is read.
func ncclComment(s string) bool {
	f := strings.Fields(s)
	switch {
	case len(f) == 0:
		return false
	case strings.HasPrefix(s, "nThread ") && contains(f, "nGpus"),
		strings.HasPrefix(s, "Avg bus bandwidth"),
		len(f) >= 8 && f[0] == "Rank" && isNumber(f[1]) && f[2] == "Group",
		len(f) >= 6 && f[0] == "size" && contains(f, "busbw"):
		return true
	}
	return false
}
