#!/usr/bin/env bash
# Installs what is needed, builds, and runs every test: the CTest suite (without the label "long"), then
# bounded fuzzing runs of the parser, the reference evaluator and the backend-reply reader: a fixed seed
# and a fixed number of inputs each (HLOCONF_FUZZ_RUNS, default 8000), within HLOCONF_FUZZ_SECONDS (default
# 120, at most 60 for the backend-reply reader, whose inputs are small; 0 skips them). With
# the CTest suite once more under ASan and UBSan (ci/sanitize.sh): a second full build, 31 minutes in all
# on a 2-core machine without a compiler cache (docs/security.md, "Sanitizers"); HLOCONF_SANITIZE_TESTS=0
# leaves it out.
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install.sh
bash ci/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)" -LE long
if [[ ${HLOCONF_SANITIZE_TESTS:-1} == 1 ]]; then
  bash ci/sanitize.sh
fi
fuzz_seconds=${HLOCONF_FUZZ_SECONDS:-120}
export HLOCONF_FUZZ_RUNS=${HLOCONF_FUZZ_RUNS:-8000}
if ((fuzz_seconds > 0)); then
  bash ci/fuzz.sh "$fuzz_seconds" parse_fuzzer
  bash ci/fuzz.sh "$fuzz_seconds" eval_fuzzer
  bash ci/fuzz.sh "$((fuzz_seconds < 60 ? fuzz_seconds : 60))" backend_reply_fuzzer
fi
