package trial

import (
	"strconv"
	"strings"
)

// xidNames are the Xid codes of NVIDIA's Xid catalog that point at the
// hardware (memory, NVLink, the bus, the GPU's firmware) rather than at the
// program that ran; any of them during a trial is a reason to ask for another
// machine.
var xidNames = map[int]Text{
	48:  {EN: "double-bit ECC error", ZH: "双比特 ECC 错误"},
	61:  {EN: "internal micro-controller breakpoint/warning", ZH: "内部微控制器断点/告警"},
	62:  {EN: "internal micro-controller halt", ZH: "内部微控制器停机"},
	63:  {EN: "ECC page retirement or row remapping recorded", ZH: "已记录 ECC 页退役或行重映射"},
	64:  {EN: "ECC page retirement or row remapping failed", ZH: "ECC 页退役或行重映射失败"},
	74:  {EN: "NVLink error", ZH: "NVLink 错误"},
	79:  {EN: "GPU has fallen off the bus", ZH: "GPU 从总线上掉线"},
	92:  {EN: "high single-bit ECC error rate", ZH: "单比特 ECC 错误率过高"},
	94:  {EN: "contained ECC error", ZH: "已隔离的 ECC 错误"},
	95:  {EN: "uncontained ECC error", ZH: "未能隔离的 ECC 错误"},
	119: {EN: "GSP RPC timeout", ZH: "GSP RPC 超时"},
	120: {EN: "GSP error", ZH: "GSP 错误"},
}

// XidHardware reports whether an Xid code points at the hardware, and its name.
func XidHardware(code int) (Text, bool) {
	n, ok := xidNames[code]
	return n, ok
}

// readDmesg reads the kernel log lines of the NVIDIA driver:
// "[ 9.1] NVRM: Xid (PCI:0000:07:00): 79, pid=1234, GPU has fallen off the bus."
func readDmesg(lines []string, f *Facts) {
	for _, raw := range lines {
		i := strings.Index(raw, "NVRM: Xid (")
		if i < 0 {
			continue
		}
		rest := raw[i+len("NVRM: Xid ("):]
		pci, tail, ok := strings.Cut(rest, ")")
		if !ok {
			continue
		}
		fields := strings.Fields(pci)
		if len(fields) == 0 {
			continue
		}
		pci = strings.TrimPrefix(fields[0], "PCI:")
		tail = strings.TrimSpace(strings.TrimPrefix(tail, ":"))
		codeText, _, _ := strings.Cut(tail, ",")
		code, err := strconv.Atoi(strings.TrimSpace(codeText))
		if err != nil {
			continue
		}
		f.Xid = append(f.Xid, Xid{PCI: pci, Code: code, Line: strings.TrimSpace(raw[i:])})
	}
	if len(f.Xid) > 0 {
		f.Tools = append(f.Tools, ToolDmesg)
	}
}

// readGPUBurn reads gpu_burn's verdict ("Tested 8 GPUs:" then "GPU 0: OK" or
// "GPU 3: FAULTY"); progress lines without a verdict mean the run was cut.
func readGPUBurn(lines []string, f *Facts, probs *[]Problem) {
	tested, progress := false, false
	for _, raw := range lines {
		s := strings.TrimSpace(raw)
		switch {
		case strings.HasPrefix(s, "Tested ") && strings.HasSuffix(s, "GPUs:"):
			tested = true
		case strings.Contains(s, "proc'd:") && strings.Contains(s, "errors:"):
			progress = true
		case tested && strings.HasPrefix(s, "GPU "):
			n, verdict, ok := strings.Cut(strings.TrimPrefix(s, "GPU "), ":")
			idx, err := strconv.Atoi(strings.TrimSpace(n))
			if !ok || err != nil {
				continue
			}
			f.Burn = append(f.Burn, BurnResult{GPU: idx, OK: strings.TrimSpace(verdict) == "OK"})
		}
	}
	if !tested && !progress {
		return
	}
	f.Tools = append(f.Tools, ToolGPUBurn)
	if !tested {
		*probs = append(*probs, Problem{Tool: ToolGPUBurn, Text: tf(
			"gpu_burn is cut before its verdict (\"Tested N GPUs:\" and one OK/FAULTY line per GPU); paste the end of the run",
			"gpu_burn 输出在结论之前被截断（\"Tested N GPUs:\" 及每块 GPU 的 OK/FAULTY 行）；请粘贴运行结束时的输出")})
	}
}
