#!/usr/bin/env bash
# Prints one table of gpuadvisor's numbers (make bench):
#   - stripped linux/arm64 bootstrap size of each function (target < 20 MB);
#   - cold start of functions/slack and functions/feishu from process start
#     to the first reply, under the Lambda runtime interface emulator (one
#     invocation at a time, each cold start in a fresh emulator), with the
#     secret from a Secrets Manager stand-in and the de-duplication claim in
#     dynalite, both over TLS, the system root bundle as trust store, and the
#     bootstrap in a cgroup limited to a 128 MB Lambda's CPU share
#     (7,200/100,000 µs; needs root): wall time and the cgroup's CPU time,
#     for Go's defaults and for the template's GO* settings (GOGC,
#     GOMEMLIMIT, GOMAXPROCS: read from template.yaml's Globals), and those
#     once more on a busy host (a SCHED_IDLE busy loop on every core, so
#     that the cores do not idle between the throttled bursts: an idle
#     machine reads up to 1.6 times the CPU time for the same build);
#   - warm reply latency p50/p99 of 2,000 signed slash commands sent over
#     loopback to `gpuadvisor serve`;
#   - peak memory of serve (VmHWM, target < 64 MB);
#   - the de-duplication cost per request in serve (a lease and its done
#     mark): on the store's fsynced transactions, on bolt.Leases, and on
#     Leases with the disk full (each mark synced to the spill file first).
# Everything runs on 127.0.0.1 against processes this script starts, with a
# bounded request count and time. Build output goes to .cache/bench.
# Knobs: BENCH_N (2000), BENCH_CLIENTS (8), BENCH_COLD_RUNS (9).
set -euo pipefail
cd "$(dirname "$0")/.."

out=.cache/bench
mkdir -p "$out/arm64" "$out/host" .cache/bin
lambda_build=(go build -tags lambda.norpc -trimpath -ldflags="-s -w")

echo "== building (linux/arm64 bootstraps, host binaries, emulator)" >&2
sizes=()
for fn in slack feishu drafter reminder; do
  if [ -d "functions/$fn" ]; then
    GOOS=linux GOARCH=arm64 CGO_ENABLED=0 "${lambda_build[@]}" -o "$out/arm64/$fn/bootstrap" "./functions/$fn"
  else
    rm -f "$out/arm64/$fn/bootstrap" # reported as not built
  fi
  sizes+=(-size "$fn=$out/arm64/$fn/bootstrap")
done
for fn in slack feishu; do
  CGO_ENABLED=0 "${lambda_build[@]}" -o "$out/host/$fn/bootstrap" "./functions/$fn"
done
go build -trimpath -o "$out/host/gpuadvisor" ./cmd/gpuadvisor
go build -o "$out/host/benchreport" ./tools/benchreport
if [ ! -x .cache/bin/aws-lambda-rie ]; then
  go build -o .cache/bin/aws-lambda-rie github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie
fi

echo "== dynalite (the de-duplication claims)" >&2
(cd scripts/dynalite && npm ci --no-audit --no-fund --loglevel=error) >&2
dyn_port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
scripts/dynalite/node_modules/.bin/dynalite --host 127.0.0.1 --port "$dyn_port" --createTableMs 0 --deleteTableMs 0 &
dyn_pid=$!
trap 'kill "$dyn_pid" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$dyn_port") 2>/dev/null; then break; fi
  sleep 0.1
done

echo "== measuring" >&2
echo "de-duplication per request (go test -bench Dedupe ./infra/bolt, ${BENCH_N:-2000} each):"
go test -run '^$' -bench Dedupe -benchtime "${BENCH_N:-2000}x" ./infra/bolt | awk '/^BenchmarkDedupe/ { printf "  %-40s %10.3f ms\n", $1, $3 / 1e6 }'
"$out/host/benchreport" "${sizes[@]}" \
  -rie .cache/bin/aws-lambda-rie -bootstrap "$out/host/slack/bootstrap" -feishu-bootstrap "$out/host/feishu/bootstrap" \
  -dynamo "http://127.0.0.1:$dyn_port" -template template.yaml -busy \
  -serve "$out/host/gpuadvisor" \
  -n "${BENCH_N:-2000}" -c "${BENCH_CLIENTS:-8}" -cold-runs "${BENCH_COLD_RUNS:-9}" -timeout 5m
