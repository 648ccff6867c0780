#!/usr/bin/env bash
# Builds a libFuzzer target with clang (ASan + UBSan + LeakSanitizer) and fuzzes it for SECONDS
# (default 60), seeded with the peer programs when ../shared/peer exists and with cases/.
# Usage: ci/fuzz.sh [SECONDS] [TARGET]; TARGET is parse_fuzzer (default: the parser and its round trip),
# eval_fuzzer (the reference evaluator on whatever parses) or backend_reply_fuzzer (a backend's reply
# lines and output .npy files, seeded with fuzz/seeds/backend_reply_fuzzer instead of MLIR). Any crash, hang (>10 s per input), leak
# or round-trip mismatch fails the run and leaves the input in build-fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
target=${2:-parse_fuzzer}
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DHLOCONF_BUILD_FUZZ=ON -DHLOCONF_CUDA=OFF -DHLOCONF_BUILD_TESTS=OFF -DHLOCONF_BUILD_BENCH=OFF >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target "$target"
mkdir -p "build-fuzz/corpus-$target"
seeds=()
if [[ -d fuzz/seeds/$target ]]; then
  seeds+=("fuzz/seeds/$target")
else
  [[ -d ../shared/peer ]] && seeds+=(../shared/peer)
  [[ -d cases ]] && seeds+=(cases)
fi
cd build-fuzz
rc=0
runs=()
# A fixed number of inputs (HLOCONF_FUZZ_RUNS) with a fixed seed makes a run repeatable: CI sees the
# same inputs every time, so a finding is a property of the code, not of the machine's speed.
[[ -n ${HLOCONF_FUZZ_RUNS:-} ]] && runs=(-runs="$HLOCONF_FUZZ_RUNS")
"./fuzz/$target" -seed="${HLOCONF_FUZZ_SEED:-1}" "${runs[@]}" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
  -print_final_stats=1 "corpus-$target" "${seeds[@]/#/../}" >"fuzz-$target.log" 2>&1 || rc=$?
grep -E '^(#[0-9]+ +(INITED|DONE)|stat::(number_of_executed_units|peak_rss_mb)|SUMMARY|==[0-9]+==ERROR)' fuzz-$target.log || true
if ((rc != 0)); then
  echo "ci/fuzz.sh: the fuzzer found a problem (exit $rc); see build-fuzz/fuzz-$target.log and the crash-*/leak-*/timeout-* file there"
  tail -n 40 fuzz-$target.log
  exit 1
fi
echo "ci/fuzz.sh: ${seconds}s of fuzzing, $target, corpus of $(ls "corpus-$target" | wc -l) inputs, no crash, hang or leak"
