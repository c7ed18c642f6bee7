package trial

import (
	"strings"
	"testing"
)

func TestPlanFitsTwoHours(t *testing.T) {
	steps := Plan(PlanOptions{})
	if total := TotalMinutes(steps); total > 120 || total < 60 {
		t.Errorf("the plan takes %d minutes, want under two hours (seed 000) and more than an hour", total)
	}
	want := []string{"trial.nvidia_smi", "trial.topo", "trial.iperf3", "trial.allreduce", "trial.train_loop", "trial.support_drill", "trial.stress"}
	if len(steps) != len(want) {
		t.Fatalf("%d steps, want %d", len(steps), len(want))
	}
	for i, s := range steps {
		if s.ID != want[i] || s.Minutes <= 0 || len(s.Commands) == 0 || s.Item == "" {
			t.Errorf("step %d = %s, %d min, %d commands, item %q; want %s with minutes, commands and an item", i, s.ID, s.Minutes, len(s.Commands), s.Item, want[i])
		}
		for _, txt := range []Text{s.Title, s.Record, s.Pass} {
			if txt.EN == "" || txt.ZH == "" {
				t.Errorf("step %s lacks a wording: %+v", s.ID, txt)
			}
		}
		for _, c := range s.Commands {
			if c.Line == "" && s.ID != "trial.support_drill" || c.Note.EN == "" || c.Note.ZH == "" {
				t.Errorf("step %s: command %+v lacks its line or note", s.ID, c)
			}
		}
	}
	if steps[5].During != "trial.train_loop" {
		t.Errorf("the support drill runs during %q, want the training loop", steps[5].During)
	}
}

// commands joins a step's command lines.
func commands(s Step) string {
	var lines []string
	for _, c := range s.Commands {
		lines = append(lines, c.Line)
	}
	return strings.Join(lines, "\n")
}

func TestPlanCommands(t *testing.T) {
	tests := []struct {
		name string
		o    PlanOptions
		step int
		want []string
	}{
		{"nvidia-smi and ECC", PlanOptions{}, 0, []string{"nvidia-smi", "nvidia-smi -q -d ECC,POWER"}},
		{"topology", PlanOptions{}, 1, []string{"nvidia-smi topo -m"}},
		{"iperf3 TCP and UDP as the seed asks", PlanOptions{}, 2, []string{"iperf3 -s", "iperf3 -c <ip> -P 8 -t 30", "iperf3 -c <ip> -u -b 10G -t 30", "-J"}},
		{"UDP at 90% of a promised 10G", PlanOptions{IntranetGbps: 10}, 2, []string{"iperf3 -c <ip> -u -b 9G -t 30"}},
		{"UDP at 90% of a promised 25G", PlanOptions{IntranetGbps: 25}, 2, []string{"-u -b 22.5G"}},
		{"nccl-tests all cards", PlanOptions{}, 3, []string{"all_reduce_perf -b 8 -e 8G -f 2 -g <n>", "github.com/NVIDIA/nccl-tests"}},
		{"nccl-tests on 8 cards", PlanOptions{Cards: 8}, 3, []string{"-g 8"}},
		{"training loop", PlanOptions{Cards: 8}, 4, []string{"--nproc_per_node=8"}},
		{"full load: the seed's -pl 400", PlanOptions{}, 6, []string{"nvidia-smi -pl 400", "gpu_burn 900", "dmesg", "xid"}},
		{"full load on an H100 SXM", PlanOptions{Model: &Model{Family: "H100", FormFactor: SXM}}, 6, []string{"nvidia-smi -pl 700"}},
		{"full load on a 4090", PlanOptions{Model: &Model{Family: "RTX 4090", FormFactor: PCIe}}, 6, []string{"nvidia-smi -pl 450"}},
	}
	for _, tt := range tests {
		got := commands(Plan(tt.o)[tt.step])
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: commands\n%s\nlack %q", tt.name, got, w)
			}
		}
	}
}
