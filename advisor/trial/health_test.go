package trial

import (
	"strings"
	"testing"
)

func TestDmesgXid(t *testing.T) {
	f, _ := Read(fixture(t, "dmesg_xid.txt"))
	want := []Xid{{PCI: "0000:4e:00", Code: 63}, {PCI: "0000:4e:00", Code: 94}, {PCI: "0000:87:00", Code: 13}, {PCI: "0000:87:00", Code: 13}}
	if len(f.Xid) != len(want) {
		t.Fatalf("%d Xid lines, want %d", len(f.Xid), len(want))
	}
	for i, w := range want {
		if f.Xid[i].PCI != w.PCI || f.Xid[i].Code != w.Code || !strings.HasPrefix(f.Xid[i].Line, "NVRM: Xid") {
			t.Errorf("Xid %d = %+v, want %+v", i, f.Xid[i], w)
		}
	}
	mig, _ := Read("NVRM: Xid (PCI:0000:01:00 GPU-I:05): 94, pid=7194, Contained: CE User Channel (0x9). RST: No, D-RST: No\n")
	if len(mig.Xid) != 1 || mig.Xid[0].PCI != "0000:01:00" || mig.Xid[0].Code != 94 {
		t.Errorf("MIG Xid read as %+v, want PCI 0000:01:00 code 94", mig.Xid)
	}
}

func TestGPUBurn(t *testing.T) {
	whole := fixture(t, "gpu_burn_4090x8.txt")
	f, probs := Read(whole)
	if len(f.Burn) != 8 || len(probs) != 0 {
		t.Fatalf("%d verdicts, problems %+v; want 8, none", len(f.Burn), probs)
	}
	for _, b := range f.Burn {
		if b.OK != (b.GPU != 5) {
			t.Errorf("GPU %d OK=%v, want only GPU 5 FAULTY", b.GPU, b.OK)
		}
	}
	cut, probs := Read(whole[:strings.Index(whole, "Killing")])
	if len(cut.Burn) != 0 || !hasProblem(probs, "cut before its verdict") {
		t.Errorf("cut run: %d verdicts, problems %+v; want none and a problem", len(cut.Burn), probs)
	}
}
