package trial

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated fixtures in testdata/")

// smiDump writes an nvidia-smi table of n H100 SXM GPUs in the layout of
// driver 550 (91 columns), the way a large HGX pod's dump looks when the
// tables of its nodes are joined under one header. GPU 37 carries one
// uncorrectable ECC error so that a check has something to find.
func smiDump(n int) string {
	var b strings.Builder
	b.WriteString("Fri Jun 21 11:15:42 2024       \n")
	b.WriteString("+-----------------------------------------------------------------------------------------+\n")
	b.WriteString("| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4     |\n")
	b.WriteString("|-----------------------------------------+------------------------+----------------------+\n")
	b.WriteString("| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |\n")
	b.WriteString("| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |\n")
	b.WriteString("|                                         |                        |               MIG M. |\n")
	b.WriteString("|=========================================+========================+======================|\n")
	for i := 0; i < n; i++ {
		ecc := "0"
		if i == 37 {
			ecc = "1"
		}
		bus := fmt.Sprintf("%08X:%02X:00.0", i/8, []int{0x18, 0x2A, 0x3A, 0x5D, 0x9A, 0xAB, 0xBA, 0xDB}[i%8])
		fmt.Fprintf(&b, "|%4d  %-31s%-3s |   %s %3s |%21s |\n", i, "NVIDIA H100 80GB HBM3", "On", bus, "Off", ecc)
		draw := fmt.Sprintf("%dW", 68+i%7)
		fmt.Fprintf(&b, "|%4s%6s%6s%16s / %5s |%11s / %9s |%8s      Default |\n", "N/A", fmt.Sprintf("%dC", 27+i%5), "P0", draw, "700W", "1MiB", "81559MiB", "0%")
		b.WriteString("|                                         |                        |             Disabled |\n")
		b.WriteString("+-----------------------------------------+------------------------+----------------------+\n")
	}
	b.WriteString(strings.Repeat(" ", 91) + "\n")
	b.WriteString("+-----------------------------------------------------------------------------------------+\n")
	b.WriteString("| Processes:                                                                              |\n")
	b.WriteString("|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |\n")
	b.WriteString("|        ID   ID                                                               Usage      |\n")
	b.WriteString("|=========================================================================================|\n")
	b.WriteString("|  No running processes found                                                             |\n")
	b.WriteString("+-----------------------------------------------------------------------------------------+\n")
	return b.String()
}

// TestGenerated64 keeps testdata/smi_550_h100x64.txt equal to the generator
// (go test -update rewrites it) and checks it reads as 64 GPUs.
func TestGenerated64(t *testing.T) {
	got := smiDump(64)
	path := filepath.Join("testdata", "smi_550_h100x64.txt")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if want := fixture(t, "smi_550_h100x64.txt"); got != want {
		t.Errorf("the generator and %s differ; run go test -update", path)
	}
	f, probs := Read(got)
	if len(f.GPUs) != 64 || len(probs) != 0 || f.GPUs[63].Index != 63 || *f.GPUs[37].ECCUncorrected != 1 {
		t.Errorf("64-GPU dump: %d GPUs, problems %+v", len(f.GPUs), probs)
	}
	for _, line := range strings.Split(got, "\n")[1:] {
		if line != "" && len(line) != 91 {
			t.Fatalf("line %q is %d wide, want 91 like driver 550", line, len(line))
		}
	}
}

// BenchmarkTrialCheck64GPU reads a 64-GPU nvidia-smi dump and compares it
// with a promise. Target: under 5 ms.
func BenchmarkTrialCheck64GPU(b *testing.B) {
	dump := smiDump(64)
	p := Promise{GPU: "H100-SXM-80G", Model: model("H100-SXM-80G"), Cards: 64, NVLink: yes()}
	b.SetBytes(int64(len(dump)))
	b.ReportAllocs()
	for b.Loop() {
		r := Check(dump, p)
		if len(r.Facts.GPUs) != 64 {
			b.Fatalf("%d GPUs", len(r.Facts.GPUs))
		}
	}
}

// BenchmarkTrialCheckEverything reads every fixture pasted at once.
func BenchmarkTrialCheckEverything(b *testing.B) {
	ents, err := os.ReadDir("testdata")
	if err != nil {
		b.Fatal(err)
	}
	var all strings.Builder
	for _, e := range ents {
		if !e.IsDir() {
			all.WriteString(fixture(b, e.Name()))
		}
	}
	paste := all.String()
	p := Promise{GPU: "A100-80G", Model: model("A100-80G"), Cards: 8, NVLink: yes(), IntranetGbps: 10}
	b.SetBytes(int64(len(paste)))
	for b.Loop() {
		Check(paste, p)
	}
}
