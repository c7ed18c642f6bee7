// Package advisor is the domain of gpuadvisor: what an AI team needs to know to
// rent GPUs well, with no knowledge of chat platforms, clouds or LLMs.
//
// This root package holds the vocabulary the decisions share: Text (a wording
// in English and Chinese), the one error type, number formatting, fuzzy
// name matching, DecodeStrict and MustParse, the one way an embedded data
// file is decoded (a misspelt key is an error), and Lazy, which loads such a
// file (or builds any table) once, on first use, without work at start.
//
// Its sub-packages are named for the decision, each rule traced to a source:
//
//   - catalog: the embedded, sourced GPU and model catalog (vendor datasheets,
//     each model's config.json) and forgiving name lookup ("A100-80G",
//     "Qwen2.5-14B-Instruct").
//   - sizing: memory per card for full training (mixed-precision Adam and ZeRO,
//     Rajbhandari et al. 2020), activations (Korthikanti et al. 2022), LoRA and
//     QLoRA (Dettmers et al. 2023), inference with a GQA KV cache; and the GPU
//     tier: the cheapest adequate card class and count, with alternatives.
//   - billing: on-demand, monthly, spot or a hybrid at the team's hours.
//   - tco: vendor quotes compared by total cost of ownership.
//   - checklist: the due-diligence checklist and the reading of what sales said.
//   - trial: the trial-period test plan and the reading of its outputs.
//   - renewal: notice deadlines, reminders and keep-or-switch advice.
//   - pricebook: the team's own quoted prices.
//
// Every package under advisor/ imports only the standard library and other
// advisor packages; imports_test.go fails the build otherwise. Numbers use
// decimal units (GB = 10^9 bytes) and every figure an answer prints traces to an
// input, a catalog row or a named formula.
package advisor
