package trial

import (
	"strconv"
	"strings"
)

// XidHardware reports whether an Xid code points at the hardware (memory,
// NVLink, the bus, the GPU's firmware: nvidia.json), and its name.
func XidHardware(code int) (Text, bool) {
	n, ok := loadNvidia.Get().xid[code]
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
