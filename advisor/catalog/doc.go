// Package catalog is the advisor's embedded, sourced data: the GPUs a team can
// rent (memory, bandwidth, intra-node link, dense BF16 TFLOPS, the market guides' price
// tiers) and the model presets (shapes from each model's config.json). Every row
// carries a source: a vendor datasheet, the model's config.json, or the market guide
// article that gave a tier or price.
//
// Lookups forgive how people write names: FindGPU accepts "A100-80G",
// "a100 80g sxm4", "A100 80GB PCIe", "4090", "H800", "910B"; FindModel accepts
// "Qwen2.5-14B-Instruct", "qwen2.5 14b", "qwen-14b", "meta-llama/Llama-3.1-8B".
// An unknown name gives a *NotFoundError with the closest id (see Suggest).
//
// Other parts (billing, quotes, checklist, trial, renewals) reuse these lookups
// to read a vendor's "A100 80G" the same way the tier command does.
package catalog
