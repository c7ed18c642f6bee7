package trial

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixture reads a file of testdata/.
func fixture(t testing.TB, name string) string {
	t.Helper()
	s, err := readFixture(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func readFixture(name string) (string, error) {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	return string(b), err
}

func TestSMITableFixtures(t *testing.T) {
	tests := []struct {
		file                 string
		driver, cuda, smi    string
		count                int
		name, model          string
		cut                  bool
		memMiB, memGB        int
		capW, drawW0         float64
		ecc                  string
		eccGPU, eccN         int // a GPU with uncorrectable errors, -1 for none
		persistence, migMode string
		fan0temp             int
	}{
		{"smi_470_a100x8.txt", "470.182.03", "11.4", "470.182.03", 8, "NVIDIA A100-SXM...", "A100 SXM 80GB", true, 81251, 80, 400, 64, "on", -1, 0, "On", "Disabled", 29},
		{"smi_525_a100x8_ecc.txt", "525.85.12", "12.0", "525.85.12", 8, "NVIDIA A100-SXM...", "A100 SXM 80GB", true, 81920, 80, 400, 64, "on", 3, 2, "On", "Disabled", 29},
		{"smi_535_a100x8.txt", "535.104.05", "12.2", "535.104.05", 8, "NVIDIA A100-SXM4-80GB", "A100 SXM 80GB", false, 81920, 80, 400, 64, "on", -1, 0, "On", "Disabled", 29},
		{"smi_535_a100pcie_x7.txt", "535.154.05", "12.2", "535.154.05", 7, "NVIDIA A100 80GB PCIe", "A100 PCIe 80GB", false, 81920, 80, 300, 45, "on", -1, 0, "Off", "Disabled", 34},
		{"smi_550_h100x8.txt", "550.54.15", "12.4", "550.54.15", 8, "NVIDIA H100 80GB HBM3", "H100 SXM 80GB", false, 81559, 80, 700, 69, "on", -1, 0, "On", "Disabled", 27},
		{"smi_570_4090x8.txt", "570.86.15", "12.8", "570.86.15", 8, "NVIDIA GeForce RTX 4090", "RTX 4090 PCIe 24GB", false, 24564, 24, 450, 21, "off", -1, 0, "Off", "N/A", 34},
	}
	for _, tt := range tests {
		f, probs := Read(fixture(t, tt.file))
		if len(probs) > 0 {
			t.Errorf("%s: problems %+v, want none", tt.file, probs)
		}
		if len(f.Tools) != 1 || f.Tools[0] != ToolSMI {
			t.Errorf("%s: tools %v, want [nvidia-smi]", tt.file, f.Tools)
		}
		if f.DriverVersion != tt.driver || f.CUDAVersion != tt.cuda || f.SMIVersion != tt.smi {
			t.Errorf("%s: driver/cuda/smi %q/%q/%q, want %q/%q/%q", tt.file, f.DriverVersion, f.CUDAVersion, f.SMIVersion, tt.driver, tt.cuda, tt.smi)
		}
		if f.GPUCount != tt.count || len(f.GPUs) != tt.count || f.Hosts != 1 {
			t.Fatalf("%s: %d GPUs (count %d, hosts %d), want %d on 1 host", tt.file, len(f.GPUs), f.GPUCount, f.Hosts, tt.count)
		}
		for i, g := range f.GPUs {
			if g.Index != i || g.Name != tt.name || g.Model.String() != tt.model || g.NameCut != tt.cut {
				t.Errorf("%s: GPU %d = index %d name %q model %q cut %v; want %q %q %v", tt.file, i, g.Index, g.Name, g.Model, g.NameCut, tt.name, tt.model, tt.cut)
			}
			if g.MemoryTotalMiB != tt.memMiB || g.MemoryGB != tt.memGB {
				t.Errorf("%s: GPU %d memory %d MiB = %d GB, want %d = %d", tt.file, i, g.MemoryTotalMiB, g.MemoryGB, tt.memMiB, tt.memGB)
			}
			if g.PowerCapW == nil || *g.PowerCapW != tt.capW || g.PowerDrawW == nil {
				t.Errorf("%s: GPU %d power cap %v draw %v, want cap %v", tt.file, i, g.PowerCapW, g.PowerDrawW, tt.capW)
			}
			if g.ECC != tt.ecc || g.Persistence != tt.persistence || g.MIG != tt.migMode || g.Perf == "" || g.BusID == "" {
				t.Errorf("%s: GPU %d ecc %q persistence %q mig %q perf %q bus %q; want %q %q %q", tt.file, i, g.ECC, g.Persistence, g.MIG, g.Perf, g.BusID, tt.ecc, tt.persistence, tt.migMode)
			}
			wantECC := 0
			if i == tt.eccGPU {
				wantECC = tt.eccN
			}
			if tt.ecc == "on" && (g.ECCUncorrected == nil || *g.ECCUncorrected != wantECC) {
				t.Errorf("%s: GPU %d uncorrectable ECC %v, want %d", tt.file, i, g.ECCUncorrected, wantECC)
			}
		}
		if g := f.GPUs[0]; *g.PowerDrawW != tt.drawW0 || *g.TempC != tt.fan0temp {
			t.Errorf("%s: GPU 0 draws %v W at %v C, want %v W at %d C", tt.file, *g.PowerDrawW, *g.TempC, tt.drawW0, tt.fan0temp)
		}
	}
}

// cutAt returns s up to the first line containing marker, plus that line.
func cutAt(s, marker string) string {
	i := strings.Index(s, marker)
	if i < 0 {
		return s
	}
	j := strings.IndexByte(s[i:], '\n')
	if j < 0 {
		return s
	}
	return s[:i+j+1]
}

func TestSMITableDamaged(t *testing.T) {
	whole := fixture(t, "smi_535_a100x8.txt")
	lines := strings.Split(whole, "\n")
	headerless := strings.Join(lines[3:], "\n") // from the column header on
	noUsageRow := strings.Replace(whole, "| N/A   31C    P0              63W / 400W |      4MiB / 81920MiB |      0%      Default |\n", "", 1)
	tests := []struct {
		name    string
		in      string
		gpus    int
		problem string // a word the problem must contain, "" for none
		cut     bool
		driver  string
	}{
		{"cut in the middle of GPU 5", cutAt(whole, "00000000:90:00.0"), 6, "cut after GPU 5", true, "535.104.05"},
		{"cut inside GPU 5's first row", whole[:strings.Index(whole, "00000000:90:00.0")], 5, "cut after GPU 4", true, "535.104.05"},
		{"cut after GPU 3's usage row", cutAt(whole, "60W / 400W"), 4, "cut after GPU 3", true, "535.104.05"},
		{"cut after the header", cutAt(whole, "|=========="), 0, "no GPU rows", false, "535.104.05"},
		{"header line missing", headerless, 8, "header line", false, ""},
		{"a usage row missing", noUsageRow, 8, "row of GPU 6 is missing", false, "535.104.05"},
		{"header cut", strings.Replace(whole, "Driver Version: 535.104.05   CUDA Version: 12.2     |", "Driver Version:", 1), 8, "header line is cut", false, ""},
	}
	for _, tt := range tests {
		f, probs := Read(tt.in)
		if len(f.GPUs) != tt.gpus || f.SMICut != tt.cut || f.DriverVersion != tt.driver {
			t.Errorf("%s: %d GPUs cut=%v driver %q, want %d cut=%v driver %q", tt.name, len(f.GPUs), f.SMICut, f.DriverVersion, tt.gpus, tt.cut, tt.driver)
		}
		if !hasProblem(probs, tt.problem) {
			t.Errorf("%s: problems %+v, want one saying %q", tt.name, probs, tt.problem)
		}
	}
}

func hasProblem(probs []Problem, word string) bool {
	if word == "" {
		return len(probs) == 0
	}
	for _, p := range probs {
		if strings.Contains(p.Text.EN, word) && p.Text.ZH != "" {
			return true
		}
	}
	return false
}

func TestSMITableVariants(t *testing.T) {
	// Windows (WDDM, no MIG row), MIG on (ECC column "On", util N/A), the
	// driver failing, and a machine with no GPU.
	windows := `+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 580.105.08             Driver Version: 580.105.08     CUDA Version: 13.0     |
+-----------------------------------------+------------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |
|=========================================+========================+======================|
|   0  NVIDIA GeForce RTX 4090      WDDM  |   00000000:09:00.0  On |                  Off |
|  0%   48C    P8             18W /  450W |    1775MiB /  24564MiB |     19%      Default |
+-----------------------------------------+------------------------+----------------------+
`
	mig := `| NVIDIA-SMI 515.65.01    Driver Version: 515.65.01    CUDA Version: 11.7     |
|-------------------------------+----------------------+----------------------+
| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|                               |                      |               MIG M. |
|===============================+======================+======================|
|   0  NVIDIA A100-SXM...  On   | 00000000:01:00.0 Off |                   On |
| N/A   37C    P0    53W / 275W |      0MiB / 81251MiB |     N/A      Default |
|                               |                      |              Enabled |
+-------------------------------+----------------------+----------------------+
`
	tests := []struct {
		name, in    string
		gpus        int
		persistence string
		ecc         string
		smiErr      bool
	}{
		{"windows WDDM without MIG row", windows, 1, "WDDM", "off", false},
		{"MIG enabled", mig, 1, "On", "on", false},
		{"driver not loaded", "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.\n", 0, "", "", true},
		{"no GPU", "No devices were found\n", 0, "", "", true},
	}
	for _, tt := range tests {
		f, probs := Read(tt.in)
		if len(f.GPUs) != tt.gpus || (f.SMIError != "") != tt.smiErr || len(probs) > 0 {
			t.Fatalf("%s: %d GPUs, smi error %q, problems %+v; want %d GPUs, error %v, no problems", tt.name, len(f.GPUs), f.SMIError, probs, tt.gpus, tt.smiErr)
		}
		if tt.gpus > 0 && (f.GPUs[0].Persistence != tt.persistence || f.GPUs[0].ECC != tt.ecc) {
			t.Errorf("%s: persistence %q ecc %q, want %q %q", tt.name, f.GPUs[0].Persistence, f.GPUs[0].ECC, tt.persistence, tt.ecc)
		}
		if tt.smiErr && (f.GPUCount != 0 || f.CountSource != ToolSMI) {
			t.Errorf("%s: count %d from %q, want 0 from nvidia-smi", tt.name, f.GPUCount, f.CountSource)
		}
	}
}

func TestSMITableTwoMachines(t *testing.T) {
	a := fixture(t, "smi_535_a100x8.txt")
	f, probs := Read(a + "\n" + a)
	if f.Hosts != 2 || len(f.GPUs) != 16 || f.GPUCount != 16 || len(probs) != 0 {
		t.Fatalf("two tables: hosts %d, GPUs %d, problems %+v; want 2 hosts, 16 GPUs", f.Hosts, len(f.GPUs), probs)
	}
	if f.GPUs[8].Host != 1 || f.GPUs[8].Index != 0 {
		t.Errorf("GPU 8 = host %d index %d, want host 1 index 0", f.GPUs[8].Host, f.GPUs[8].Index)
	}
}
