#!/usr/bin/env bash
# Optional CI step (not run by ci/test.sh: it adds about 10 minutes of build on 2 cores, more on shared
# ones): builds the upstream StableHLO interpreter from ../shared/upstream (Debian's LLVM/MLIR 19 packages,
# openxla/stablehlo 840c41ce with the sort fix of upstream issue #2440), then measures our files on it
# (ci/upstream_interpret.sh) and runs the tests that need it (StablehloTranslateAdapter.*, skipped without).
#
#   bash ci/upstream.sh [WORK_DIR]      # after ci/build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${HLOCONF_SHARED_DIR:-$(cd .. && pwd)/shared}
if [[ ! -f $shared/upstream/build.sh ]]; then
  echo "ci/upstream.sh: $shared/upstream/build.sh is absent; nothing to build" >&2
  exit 0
fi
translate=$(BACKPORTS=1 bash "$shared/upstream/build.sh" | tail -n 1)
export STABLEHLO_TRANSLATE=$translate
export STABLEHLO_OPT=$(dirname "$translate")/stablehlo-opt
bash ci/upstream_interpret.sh "${1:-/tmp/hloconf-upstream}"
build/tests/adapters_tests --gtest_filter='StablehloTranslateAdapter.*'
