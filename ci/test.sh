#!/usr/bin/env bash
# Installs what is needed, builds, and runs every test: the CTest suite, then a bounded fuzzing run of the
# parser (HLOCONF_FUZZ_SECONDS, default 60; 0 skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install.sh
bash ci/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)" -LE long
fuzz_seconds=${HLOCONF_FUZZ_SECONDS:-60}
if ((fuzz_seconds > 0)); then
  bash ci/fuzz.sh "$fuzz_seconds"
fi
