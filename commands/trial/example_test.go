package trial_test

import (
	"context"
	"fmt"
	"os"

	"gpuadvisor/chat"
	"gpuadvisor/commands/trial"
)

func ExampleCommand() {
	r := chat.NewRouter()
	r.Register(trial.Command())
	paste, _ := os.ReadFile("../../advisor/trial/testdata/smi_535_a100pcie_x7.txt")
	rep := r.Handle(context.Background(), chat.Request{Text: "trial check gpu=A100-80G cards=8 " + string(paste)})
	fmt.Println(rep.Title)
	for _, w := range rep.Warnings {
		fmt.Println(w)
	}
	// Output:
	// Trial check: 1 mismatch with what was promised
	// 8 cards were promised, 7 are visible (nvidia-smi)
}
