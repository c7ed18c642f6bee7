// Package trial is the trial-period test: the two-hour plan of commands to run
// on a rented GPU box before signing (nvidia-smi, topo -m, iperf3, NCCL
// all_reduce_perf, a training loop, a support drill, a 15-minute full load),
// the parsers of those tools' real output, and the comparison of what was
// measured with what the vendor promised.
//
// Read turns pasted tool output into Facts; Compare checks Facts against a
// Promise and names every mismatch with the rule that decided it; Plan returns
// the test plan in the reader's language, the JSON the trial command sends.
// The plan's steps (plan.json) and the GPU families, rated powers and
// hardware Xid codes (nvidia.json) are embedded data, decoded on first use.
// Everything here is pure and uses the standard library only.
package trial
