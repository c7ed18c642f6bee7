// Package advisor is the domain of gpuadvisor: what an AI team needs to know to
// rent GPUs well, with no knowledge of chat platforms, clouds or LLMs.
//
// Its sub-packages hold the rules, each traced to a source:
//
//   - catalog: the embedded, sourced GPU and model catalog (vendor datasheets,
//     each model's config.json) and forgiving name lookup ("A100-80G",
//     "Qwen2.5-14B-Instruct").
//   - memory: memory per card for full training (mixed-precision Adam and ZeRO,
//     Rajbhandari et al. 2020), activations (Korthikanti et al. 2022), LoRA and
//     QLoRA (Dettmers et al. 2023), inference with a GQA KV cache; and the GPU
//     tier: the cheapest adequate card class and count, with alternatives.
//   - billing, quotes, checklist and renewals live in sibling packages.
//
// Every package under advisor/ imports only the standard library and other
// advisor packages; imports_test.go fails the build otherwise. Numbers use
// decimal units (GB = 10^9 bytes) and every figure an answer prints traces to an
// input, a catalog row or a named formula.
package advisor
