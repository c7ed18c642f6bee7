// Command benchreport measures gpuadvisor and prints one Markdown table:
// the stripped linux/arm64 size of each function's bootstrap, the cold start
// of the Slack and Feishu functions under the Lambda runtime interface
// emulator (a row per function and GC setting: wall time, and the CPU time
// of the bootstrap from its cgroup, which is limited to a 128 MB Lambda's
// share of a core; the secret and the de-duplication claim come over TLS
// from a local front, the claim stored in dynalite with -dynamo, and the
// trust store is the system root bundle plus the run's own CA), the
// warm reply latency (p50/p99) of signed slash commands sent over loopback
// to `gpuadvisor serve`, and serve's peak memory (VmHWM).
//
// scripts/bench.sh (make bench) builds the binaries and runs it:
//
//	benchreport -serve BIN -rie BIN -bootstrap BIN -feishu-bootstrap BIN -dynamo URL -size slack=FILE -size feishu=FILE ...
//
// It only ever talks to processes it started itself, on 127.0.0.1, with a
// bounded number of requests (-n) and a bounded time (-timeout).
package main
