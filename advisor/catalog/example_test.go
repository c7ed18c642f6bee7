package catalog_test

import (
	"fmt"

	"gpuadvisor/advisor/catalog"
)

func ExampleFindGPU() {
	m, err := catalog.FindGPU("A100-80G")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.GPU.ID, m.GPU.MemoryGB, m.GPU.BandwidthGBs, m.GPU.Tier)
	for _, a := range m.Assumed {
		fmt.Println("assumed", a.Field, a.Value)
	}
	// Output:
	// a100-80g-sxm 80 2039 mid
	// assumed form sxm
}

func ExampleFindModel() {
	m, err := catalog.FindModel("Qwen/Qwen2.5-14B-Instruct")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Model.ID, m.Model.Layers, m.Model.Hidden, m.Model.Heads, m.Model.KVHeads, m.Model.FFN, m.Model.Vocab)

	_, err = catalog.FindModel("unknown-99b")
	fmt.Println(err)
	// Output:
	// qwen2.5-14b 48 5120 40 8 13824 152064
	// no model called "unknown-99b" in the catalog; closest: glm-4.5-air
}

func ExampleSuggest() {
	fmt.Println(catalog.Suggest("h1OO"))
	fmt.Println(catalog.Suggest("qwen2.5-15b"))
	// Output:
	// h100-sxm
	// qwen2.5-14b
}
