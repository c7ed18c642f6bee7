#!/usr/bin/env bash
# Runs every test of the project: unit, contract (against dynalite), end to end
# (built Lambda bootstraps under the runtime interface emulator) and brief fuzzing.
# It installs and starts what the tests need and stops it after.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# Build and test with the toolchain go.mod names (its `toolchain` line: the newest go1.26
# patch, with the standard library's security fixes), fetched from the module proxy when the
# machine's Go is older, whatever GOTOOLCHAIN the machine's go env sets.
export GOTOOLCHAIN=auto
echo "== $(go version)"

echo "== go vet"
go vet ./...

# staticcheck at a pinned version, fetched through the module proxy on a fresh
# machine (go run pkg@version builds it outside this module's go.mod).
STATICCHECK_VERSION=v0.8.2
echo "== staticcheck $STATICCHECK_VERSION"
go run "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION" ./...

echo "== dynalite (DynamoDB-compatible server for the store contract tests)"
if [ -z "${DYNAMO_ENDPOINT:-}" ]; then
  (cd scripts/dynalite && npm ci --no-audit --no-fund --loglevel=error)
  dyn_port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  scripts/dynalite/node_modules/.bin/dynalite --host 127.0.0.1 --port "$dyn_port" --createTableMs 0 --deleteTableMs 0 &
  dyn_pid=$!
  trap 'kill "$dyn_pid" 2>/dev/null || true' EXIT
  for _ in $(seq 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$dyn_port") 2>/dev/null; then break; fi
    if ! kill -0 "$dyn_pid" 2>/dev/null; then echo "dynalite did not start" >&2; exit 1; fi
    sleep 0.1
  done
  (exec 3<>"/dev/tcp/127.0.0.1/$dyn_port") 2>/dev/null || { echo "dynalite is not listening on 127.0.0.1:$dyn_port" >&2; exit 1; }
  export DYNAMO_ENDPOINT="http://127.0.0.1:$dyn_port"
fi
echo "DYNAMO_ENDPOINT=$DYNAMO_ENDPOINT"

echo "== runtime interface emulator (the end-to-end tests in e2e/ run each function's bootstrap under it)"
mkdir -p .cache/e2e
go build -o .cache/e2e/aws-lambda-rie github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie
export RIE_BIN="$root/.cache/e2e/aws-lambda-rie"

echo "== go test"
# The packages that build the Lambda bootstraps (deploy, e2e) take minutes on a loaded
# 2-core machine: a 30-minute bound per package instead of go test's 10.
go test -count=1 -timeout 30m ./...
# serve --store dynamo is in the build tagged dynamo only (the default CLI does not link the
# AWS SDK): its tests run in that build too.
go test -count=1 -tags dynamo -run 'TestServeStore' ./cmd/gpuadvisor/serve
# The functions' build (tag lambda.norpc) reads the root bundle its own way (a mapping): its
# tests run in that build too.
go test -count=1 -tags lambda.norpc ./infra/sysroots

echo "== fuzz (brief: every Fuzz target, ${FUZZTIME:=3000x} each)"
# Each target runs on its own: go test accepts one -fuzz target per package run.
# The budget is a count of executions, not a duration: Go 1.26's fuzz
# coordinator can report a spurious "context deadline exceeded" at the end of
# a duration budget on a loaded machine (golang/go#75804, fixed in Go 1.27).
grep -rl --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]*\(' . | grep -v node_modules | sort | while read -r f; do
  pkg="./$(dirname "${f#./}")"
  for name in $(grep -oE '^func Fuzz[A-Za-z0-9_]*' "$f" | sed 's/^func //'); do
    echo "-- $pkg $name"
    go test -run='^$' -fuzz="^${name}\$" -fuzztime="$FUZZTIME" "$pkg" >/tmp/fuzz.$$.log 2>&1 || { cat /tmp/fuzz.$$.log; exit 1; }
  done
done
