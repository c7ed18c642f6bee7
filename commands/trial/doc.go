// Package trial is the chat command `trial` (试用, 实测). Alone it answers the
// two-hour trial-period test plan: the exact commands (nvidia-smi, topo -m,
// iperf3, NCCL all_reduce_perf, a training loop, a support drill, a 15-minute
// full load), what to record and what passes. With `check`, it reads the
// vendor's promises (gpu= cards= nvlink= intranet= memory= busbw= driver=
// cuda=) and the pasted tool output after them, asks advisor/trial what the
// output shows, and answers every mismatch with the rule that found it. Its
// Data is the JSON contract
//
//	{"command":"trial","facts":{...},"mismatches":[...], "checks":[...], "unread":[...], "partial":false}
//
// for check, and {"command":"trial","mode":"plan","steps":[...]} for the plan.
package trial
