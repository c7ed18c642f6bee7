// Command benchreport measures gpuadvisor and prints one Markdown table:
// the stripped linux/arm64 size of each function's bootstrap, the cold start
// of the Slack function under the Lambda runtime interface emulator, the
// warm reply latency (p50/p99) of signed slash commands sent over loopback
// to `gpuadvisor serve`, and serve's peak memory (VmHWM).
//
// scripts/bench.sh (make bench) builds the binaries and runs it:
//
//	benchreport -serve BIN -rie BIN -bootstrap BIN -size slack=FILE -size feishu=FILE ...
//
// It only ever talks to processes it started itself, on 127.0.0.1, with a
// bounded number of requests (-n) and a bounded time (-timeout).
package main
