#!/usr/bin/env bash
# Builds the libFuzzer target with clang (ASan + UBSan + LeakSanitizer) and fuzzes the parser for
# SECONDS (default 60), seeded with the peer programs when ../shared/peer exists. Any crash, hang
# (>10 s per input), leak or round-trip mismatch fails the run and leaves the input in build-fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DHLOCONF_BUILD_FUZZ=ON -DHLOCONF_BUILD_TESTS=OFF -DHLOCONF_BUILD_BENCH=OFF >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target parse_fuzzer
mkdir -p build-fuzz/corpus
seeds=()
[[ -d ../shared/peer ]] && seeds+=(../shared/peer)
[[ -d cases ]] && seeds+=(cases)
cd build-fuzz
rc=0
./fuzz/parse_fuzzer -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
  -print_final_stats=1 corpus "${seeds[@]/#/../}" >fuzz.log 2>&1 || rc=$?
grep -E '^(#[0-9]+ +(INITED|DONE)|stat::(number_of_executed_units|peak_rss_mb)|SUMMARY|==[0-9]+==ERROR)' fuzz.log || true
if ((rc != 0)); then
  echo "ci/fuzz.sh: the fuzzer found a problem (exit $rc); see build-fuzz/fuzz.log and the crash-*/leak-*/timeout-* file there"
  tail -n 40 fuzz.log
  exit 1
fi
echo "ci/fuzz.sh: ${seconds}s of fuzzing, corpus of $(ls corpus | wc -l) inputs, no crash, hang or leak"
