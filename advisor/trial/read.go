package trial

import (
	"sort"
	"strings"
)

// MaxPaste is the longest paste Read is asked to read, in bytes: a 64-GPU
// nvidia-smi -q log is about 400 KB.
const MaxPaste = 1 << 20

// Read finds the tool outputs in a paste (several may be pasted together, in
// any order) and returns what they show, with the parts that could not be read
// completely. Facts.Tools is empty when nothing was recognised.
func Read(paste string) (Facts, []Problem) {
	text := strings.ReplaceAll(paste, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	lines := strings.Split(text, "\n")
	f := Facts{GPUs: []GPU{}}
	var probs []Problem
	readSMITable(lines, &f, &probs)
	readSMIQuery(lines, &f, &probs)
	readSMICSV(lines, &f)
	readSMIList(lines, &f)
	readTopo(lines, &f, &probs)
	readIperfText(lines, &f, &probs)
	readIperfJSON(text, &f, &probs)
	readAllReduce(lines, &f, &probs)
	readDmesg(lines, &f)
	readGPUBurn(lines, &f, &probs)
	readFio(lines, &f)
	readLsblk(lines, &f)
	sort.SliceStable(f.GPUs, func(i, j int) bool {
		a, b := f.GPUs[i], f.GPUs[j]
		if a.Host != b.Host {
			return a.Host < b.Host
		}
		return a.Index < b.Index
	})
	if len(f.LostGPUs) > 0 && len(f.GPUs) == 0 && f.SMIError == "" {
		// no table came after it: no card is usable
		f.SMIError = f.LostGPUs[0]
	}
	f.count()
	return f, probs
}

// count sets GPUCount from the most direct source: nvidia-smi lists every
// device the driver sees; topo -m and the NCCL rank list come next.
func (f *Facts) count() {
	switch {
	case len(f.GPUs) > 0 || f.SMIError != "":
		f.GPUCount, f.CountSource = len(f.GPUs), ToolSMI
		switch {
		case f.has(ToolSMI):
		case f.has(ToolSMIQuery):
			f.CountSource = ToolSMIQuery
		case f.has(ToolSMICSV):
			f.CountSource = ToolSMICSV
		case f.has(ToolSMIList):
			f.CountSource = ToolSMIList
		}
	case f.Links != nil:
		f.GPUCount, f.CountSource = f.Links.GPUs, ToolTopo
	case len(f.NCCL) > 0 && f.NCCL[0].GPUs > 0:
		f.GPUCount, f.CountSource = f.NCCL[0].GPUs, ToolAllReduce
	}
}

// Report is a whole trial check: what the paste shows, what could not be
// read, and the finding of each rule.
type Report struct {
	Facts    Facts
	Problems []Problem
	Findings []Finding
}

// Check reads the paste and compares it with the promise.
func Check(paste string, p Promise) Report {
	f, probs := Read(paste)
	return Report{Facts: f, Problems: probs, Findings: Compare(f, p)}
}
