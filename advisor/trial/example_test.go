package trial_test

import (
	"fmt"
	"os"

	"gpuadvisor/advisor/trial"
)

func ExampleCheck() {
	paste, _ := os.ReadFile("testdata/smi_535_a100pcie_x7.txt")
	m, _ := trial.ParseModel("A100 SXM4 80G")
	r := trial.Check(string(paste), trial.Promise{GPU: "A100 SXM4 80G", Model: &m, Cards: 8})
	fmt.Println(r.Facts.GPUCount, trial.GroupNames(r.Facts.GPUs))
	for _, f := range trial.Mismatches(r.Findings) {
		fmt.Println(f.Rule+":", f.Text.EN)
	}
	// Output:
	// 7 7× NVIDIA A100 80GB PCIe
	// form_factor: all 7 GPUs: PCIe (NVIDIA A100 80GB PCIe), but the SXM form factor was promised: SXM and PCIe versions of one chip differ in memory bandwidth, power and NVLink
	// gpu_count: 8 cards were promised, 7 are visible (nvidia-smi)
}

func ExamplePlan() {
	steps := trial.Plan(trial.PlanOptions{Cards: 8, IntranetGbps: 10})
	fmt.Println(trial.TotalMinutes(steps), "minutes")
	fmt.Println(steps[5].Commands[1].Line)
	// Output:
	// 115 minutes
	// ./build/all_reduce_perf -b 8 -e 8G -f 2 -g 8
}

func ExampleParseModel() {
	for _, s := range []string{"A100-80G", "NVIDIA A100-SXM4-80GB", "NVIDIA H100 80GB HBM3", "4090"} {
		m, _ := trial.ParseModel(s)
		fmt.Println(m)
	}
	// Output:
	// A100 80GB
	// A100 SXM 80GB
	// H100 SXM 80GB
	// RTX 4090 PCIe
}
