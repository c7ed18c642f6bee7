package trial

import (
	"strings"
	"testing"

	"gpuadvisor/advisor/checklist"
)

func TestPlanFitsTwoHours(t *testing.T) {
	steps := Plan(PlanOptions{})
	if total := TotalMinutes(steps); total > 120 || total < 60 {
		t.Errorf("the plan takes %d minutes, want under two hours and more than an hour", total)
	}
	// 5 + 5 + 10 + 15 + 10 + 15 + 30 + 25 = 115 minutes (the support drill runs inside the training loop).
	if total := TotalMinutes(steps); total != 115 {
		t.Errorf("the plan takes %d minutes, want 115", total)
	}
	want := []string{"trial.nvidia_smi", "trial.topo", "trial.disk", "trial.iperf3", "trial.ping", "trial.allreduce", "trial.train_loop", "trial.support_drill", "trial.stress"}
	if len(steps) != len(want) {
		t.Fatalf("%d steps, want %d", len(steps), len(want))
	}
	for i, s := range steps {
		if s.ID != want[i] || s.Minutes <= 0 || len(s.Commands) == 0 || s.Item == "" {
			t.Errorf("step %d = %s, %d min, %d commands, item %q; want %s with minutes, commands and an item", i, s.ID, s.Minutes, len(s.Commands), s.Item, want[i])
		}
	}
	// Both languages: every wording is there, Chinese in Chinese, every
	// placeholder filled, and the same steps and commands.
	zh := Plan(PlanOptions{Lang: "zh"})
	for i, s := range steps {
		z := zh[i]
		if z.ID != s.ID || z.Minutes != s.Minutes || z.During != s.During || len(z.Commands) != len(s.Commands) {
			t.Errorf("step %d: English %s and Chinese %s differ", i, s.ID, z.ID)
			continue
		}
		for j, c := range s.Commands {
			if c.Line == "" && s.ID != "trial.support_drill" || c.Note == "" || z.Commands[j].Line != c.Line || !hasHan(z.Commands[j].Note) {
				t.Errorf("step %s: command %+v / %+v lacks its line or note, or the languages differ", s.ID, c, z.Commands[j])
			}
		}
		for _, txt := range [][2]string{{s.Title, z.Title}, {s.Record, z.Record}, {s.Pass, z.Pass}} {
			if txt[0] == "" || !hasHan(txt[1]) || strings.Contains(txt[0]+txt[1], "{") {
				t.Errorf("step %s: wording %q / %q is missing, not Chinese or has a placeholder left", s.ID, txt[0], txt[1])
			}
		}
	}
	if steps[7].During != "trial.train_loop" {
		t.Errorf("the support drill runs during %q, want the training loop", steps[7].During)
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
		step string
		want []string
	}{
		{"nvidia-smi and ECC", PlanOptions{}, "trial.nvidia_smi", []string{"nvidia-smi", "nvidia-smi -q -d ECC,POWER"}},
		{"topology", PlanOptions{}, "trial.topo", []string{"nvidia-smi topo -m"}},
		{"iperf3 TCP and UDP", PlanOptions{}, "trial.iperf3", []string{"iperf3 -s", "iperf3 -c <ip> -P 8 -t 30", "iperf3 -c <ip> -u -b 10G -t 30", "-J"}},
		{"UDP at 90% of a promised 10G", PlanOptions{IntranetGbps: 10}, "trial.iperf3", []string{"iperf3 -c <ip> -u -b 9G -t 30"}},
		{"UDP at 90% of a promised 25G", PlanOptions{IntranetGbps: 25}, "trial.iperf3", []string{"-u -b 22.5G"}},
		{"nccl-tests all cards", PlanOptions{}, "trial.allreduce", []string{"all_reduce_perf -b 8 -e 8G -f 2 -g <n>", "github.com/NVIDIA/nccl-tests"}},
		{"nccl-tests on 8 cards", PlanOptions{Cards: 8}, "trial.allreduce", []string{"-g 8"}},
		{"training loop", PlanOptions{Cards: 8}, "trial.train_loop", []string{"--nproc_per_node=8"}},
		{"full load: -pl 400 on an A100 SXM", PlanOptions{}, "trial.stress", []string{"nvidia-smi -pl 400", "gpu_burn 900", "dmesg", "xid"}},
		{"full load on an H100 SXM", PlanOptions{Model: &Model{Family: "H100", FormFactor: SXM}}, "trial.stress", []string{"nvidia-smi -pl 700"}},
		{"full load on a 4090", PlanOptions{Model: &Model{Family: "RTX 4090", FormFactor: PCIe}}, "trial.stress", []string{"nvidia-smi -pl 450"}},
		{"fio sequential and random reads", PlanOptions{}, "trial.disk", []string{"lsblk -d -o NAME,ROTA", "--rw=read --bs=1M --direct=1", "--rw=randread --bs=4k", "rm /data/fio.test"}},
		{"ping and packet loss from your site", PlanOptions{}, "trial.ping", []string{"ping -c 1000", "mtr -rwc 100 <public-ip>", "<intranet-ip>"}},
	}
	for _, tt := range tests {
		var got string
		for _, st := range Plan(tt.o) {
			if st.ID == tt.step {
				got = commands(st)
			}
		}
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: commands\n%s\nlack %q", tt.name, got, w)
			}
		}
	}
}

// TestPlanStepsAreChecklistItems: every step of the plan is a checklist
// item (`checklist trial.topo` answers), and every trial item is a step.
func TestPlanStepsAreChecklistItems(t *testing.T) {
	steps := map[string]bool{}
	for _, s := range Plan(PlanOptions{}) {
		steps[s.ID] = true
		if _, ok := checklist.Lookup(s.ID); !ok {
			t.Errorf("plan step %s is not a checklist item", s.ID)
		}
		if it, ok := checklist.Lookup(s.Item); !ok || it.Dimension == checklist.Trial {
			t.Errorf("plan step %s serves %q, want a checklist item outside the trial tests", s.ID, s.Item)
		}
	}
	for _, it := range checklist.ByDimension(checklist.Trial) {
		if !steps[it.ID] {
			t.Errorf("checklist item %s has no step in the plan", it.ID)
		}
	}
}

func hasHan(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= 0x4E00 && r <= 0x9FFF })
}
