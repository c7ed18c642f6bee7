package trial

import (
	"strings"
	"testing"
)

func TestSMIQueryECCFixture(t *testing.T) {
	f, probs := Read(fixture(t, "smiq_525_a100x8_ecc.txt"))
	if len(probs) != 0 || len(f.GPUs) != 8 || f.DriverVersion != "525.85.12" || f.CUDAVersion != "12.0" || f.CountSource != ToolSMIQuery {
		t.Fatalf("-q -d ECC,POWER: %d GPUs driver %q cuda %q source %q problems %+v; want 8, 525.85.12, 12.0, nvidia-smi -q", len(f.GPUs), f.DriverVersion, f.CUDAVersion, f.CountSource, probs)
	}
	for i, g := range f.GPUs {
		wantU, wantC, wantAgg := 0, 0, 0
		if i == 3 {
			wantU, wantC, wantAgg = 2, 117, 2
		}
		if g.ECC != "on" || *g.ECCUncorrected != wantU || *g.ECCCorrected != wantC || *g.ECCAggregateUncorrected != wantAgg {
			t.Errorf("GPU %d: ecc %q volatile uncorrectable %d correctable %d aggregate uncorrectable %d; want on %d %d %d",
				i, g.ECC, *g.ECCUncorrected, *g.ECCCorrected, *g.ECCAggregateUncorrected, wantU, wantC, wantAgg)
		}
		if *g.PowerCapW != 400 || *g.PowerMaxW != 400 || g.PowerDrawW == nil {
			t.Errorf("GPU %d: power cap %v max %v draw %v, want 400 400", i, *g.PowerCapW, *g.PowerMaxW, g.PowerDrawW)
		}
	}
	if g := f.GPUs[0]; *g.PowerDrawW != 64.12 || g.BusID != "00000000:07:00.0" {
		t.Errorf("GPU 0 draws %v at %s, want 64.12 W at 00000000:07:00.0", *g.PowerDrawW, g.BusID)
	}
}

// query535 is nvidia-smi -q for one GPU on driver 535+ (SRAM counters split
// into Parity and SEC-DED, "GPU Power Readings", a pending row remap).
const query535 = `
==============NVSMI LOG==============

Timestamp                                 : Thu May 22 04:10:23 2025
Driver Version                            : 535.247.01
CUDA Version                              : 12.2

Attached GPUs                             : 1
GPU 00000000:07:00.0
    Product Name                          : NVIDIA A100-SXM4-80GB
    Product Brand                         : NVIDIA
    Persistence Mode                      : Enabled
    Serial Number                         : 1324021034567
    FB Memory Usage
        Total                             : 81920 MiB
        Reserved                          : 665 MiB
        Used                              : 4 MiB
        Free                              : 81250 MiB
    ECC Mode
        Current                           : Enabled
        Pending                           : Enabled
    ECC Errors
        Volatile
            SRAM Correctable              : 0
            SRAM Uncorrectable Parity     : 1
            SRAM Uncorrectable SEC-DED    : 0
            DRAM Correctable              : 4
            DRAM Uncorrectable            : 2
        Aggregate
            SRAM Correctable              : 0
            SRAM Uncorrectable Parity     : 1
            SRAM Uncorrectable SEC-DED    : 0
            DRAM Correctable              : 9
            DRAM Uncorrectable            : 5
            SRAM Threshold Exceeded       : No
        Aggregate Uncorrectable SRAM Sources
            SRAM L2                       : 1
            SRAM SM                       : 0
    Remapped Rows
        Correctable Error                 : 0
        Uncorrectable Error               : 2
        Pending                           : Yes
        Remapping Failure Occurred        : No
    Temperature
        GPU Current Temp                  : 31 C
    GPU Power Readings
        Power Draw                        : 61.52 W
        Current Power Limit               : 250.00 W
        Requested Power Limit             : 250.00 W
        Default Power Limit               : 400.00 W
        Min Power Limit                   : 100.00 W
        Max Power Limit                   : 400.00 W
    Module Power Readings
        Power Draw                        : N/A
        Current Power Limit               : N/A
`

// queryOld is the ECC section of drivers before 450 (V100): Single and
// Double Bit counters with a Total each.
const queryOld = `==============NVSMI LOG==============

Driver Version                            : 418.67
CUDA Version                              : 10.1

Attached GPUs                             : 1
GPU 00000000:00:1E.0
    Product Name                          : Tesla V100-SXM2-16GB
    ECC Mode
        Current                           : Enabled
        Pending                           : Enabled
    ECC Errors
        Volatile
            Single Bit            
                Device Memory             : 3
                Register File             : 0
                Total                     : 3
            Double Bit            
                Device Memory             : 1
                Register File             : 0
                Total                     : 1
        Aggregate
            Single Bit            
                Total                     : 12
            Double Bit            
                Total                     : 1
    Power Readings
        Power Draw                        : 41.20 W
        Power Limit                       : 300.00 W
        Enforced Power Limit              : 300.00 W
        Max Power Limit                   : 300.00 W
`

func TestSMIQueryLayouts(t *testing.T) {
	tests := []struct {
		name, in         string
		product          string
		volU, volC, aggU int
		capW, maxW       float64
		remap            bool
	}{
		{"535: SRAM Parity and SEC-DED split, GPU Power Readings", query535, "NVIDIA A100-SXM4-80GB", 3, 4, 6, 250, 400, true},
		{"418: Single and Double Bit totals", queryOld, "Tesla V100-SXM2-16GB", 1, 3, 1, 300, 300, false},
	}
	for _, tt := range tests {
		f, probs := Read(tt.in)
		if len(f.GPUs) != 1 || len(probs) != 0 {
			t.Fatalf("%s: %d GPUs, problems %+v; want 1 GPU", tt.name, len(f.GPUs), probs)
		}
		g := f.GPUs[0]
		if g.Name != tt.product || *g.ECCUncorrected != tt.volU || *g.ECCCorrected != tt.volC || *g.ECCAggregateUncorrected != tt.aggU {
			t.Errorf("%s: %q ECC volatile U/C %d/%d aggregate U %d; want %q %d/%d %d", tt.name, g.Name, *g.ECCUncorrected, *g.ECCCorrected, *g.ECCAggregateUncorrected, tt.product, tt.volU, tt.volC, tt.aggU)
		}
		if *g.PowerCapW != tt.capW || *g.PowerMaxW != tt.maxW || g.RemapPending != tt.remap {
			t.Errorf("%s: cap %v max %v remap %v; want %v %v %v", tt.name, *g.PowerCapW, *g.PowerMaxW, g.RemapPending, tt.capW, tt.maxW, tt.remap)
		}
	}
}

func TestSMIQueryMergesIntoTable(t *testing.T) {
	// The 525 table cuts names to "NVIDIA A100-SXM..."; -q gives the full
	// product name and the ECC and power detail, matched by bus id.
	table := fixture(t, "smi_525_a100x8_ecc.txt")
	f, _ := Read(table + query535)
	if len(f.GPUs) != 8 || f.Tools[0] != ToolSMI || f.Tools[1] != ToolSMIQuery {
		t.Fatalf("table + -q: %d GPUs, tools %v; want 8 GPUs, [nvidia-smi nvidia-smi -q]", len(f.GPUs), f.Tools)
	}
	g := f.GPUs[0]
	if g.Name != "NVIDIA A100-SXM4-80GB" || g.NameCut || g.Serial != "1324021034567" || *g.PowerCapW != 250 || *g.ECCUncorrected != 3 {
		t.Errorf("GPU 0 after merge: %q cut=%v serial %q cap %v ecc %d; want the full name, serial, cap 250, ecc 3", g.Name, g.NameCut, g.Serial, *g.PowerCapW, *g.ECCUncorrected)
	}
	if f.GPUs[1].NameCut != true {
		t.Errorf("GPU 1 has no -q block and must keep its cut name")
	}
}

func TestSMIQueryAttachedMismatch(t *testing.T) {
	in := strings.Replace(query535, "Attached GPUs                             : 1", "Attached GPUs                             : 8", 1)
	_, probs := Read(in)
	if !hasProblem(probs, "8 GPUs are attached but the paste holds 1") {
		t.Errorf("problems %+v, want the attached-GPU count mismatch", probs)
	}
}

func TestSMICSV(t *testing.T) {
	csv := "index, name, serial, memory.total [MiB], power.limit [W], driver_version\n" +
		"0, NVIDIA A100-SXM4-80GB, 1324021034567, 81920 MiB, 400.00 W, 525.85.12\n" +
		"1, NVIDIA A100-SXM4-80GB, 1324021034568, 81920 MiB, 400.00 W, 525.85.12\n"
	alone, _ := Read(csv)
	if len(alone.GPUs) != 2 || alone.CountSource != ToolSMICSV || alone.DriverVersion != "525.85.12" || alone.GPUs[1].Serial != "1324021034568" || alone.GPUs[0].MemoryGB != 80 || *alone.GPUs[0].PowerCapW != 400 {
		t.Errorf("CSV alone: %+v", alone)
	}
	// With the 525 table, whose names are cut, the CSV gives full names and serials.
	both, probs := Read(fixture(t, "smi_525_a100x8_ecc.txt") + csv)
	if len(both.GPUs) != 8 || len(probs) != 0 || both.GPUs[0].Name != "NVIDIA A100-SXM4-80GB" || both.GPUs[0].NameCut || both.GPUs[1].Serial != "1324021034568" || !both.GPUs[2].NameCut {
		t.Errorf("table + CSV: %d GPUs, GPU0 %q cut=%v, GPU1 serial %q, problems %+v", len(both.GPUs), both.GPUs[0].Name, both.GPUs[0].NameCut, both.GPUs[1].Serial, probs)
	}
	if noheader, _ := Read("0, NVIDIA A100-SXM4-80GB, 81920 MiB\n"); len(noheader.Tools) != 0 {
		t.Errorf("CSV without a header read as %v", noheader.Tools)
	}
}

func TestSMITableUnknownLayout(t *testing.T) {
	future := "| NVIDIA-SMI 999.1.2   Driver Version: 999.1.2   CUDA Version: 14.0 |\n" +
		"| GPU | Name | Memory |\n|=====|\n| 0 | NVIDIA B300 | 288 GB |\n| 1 | NVIDIA B300 | 288 GB |\n"
	f, probs := Read(future)
	if f.DriverVersion != "999.1.2" || len(f.GPUs) != 0 || !hasProblem(probs, "unknown layout") {
		t.Errorf("unknown layout: driver %q, %d GPUs, problems %+v; want the driver, no GPUs and a problem saying how to paste", f.DriverVersion, len(f.GPUs), probs)
	}
}
