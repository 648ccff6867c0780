#!/usr/bin/env bash
# The main job: install what is needed, build, evaluate the spec-derived cases with the reference
# evaluator, run them as a conformance run (reference in-process and through the protocol), and run hloconf on the real-world peer programs (parse and round-trip all of them; evaluate
# the upstream testdata files whose ops the evaluator covers).
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install.sh
bash ci/build.sh
status=0
./build/hloconf eval -q cases | tail -n 20 || status=1
# The conformance run itself: the spec suite against the reference, in-process and through the backend
# protocol (`hloconf serve` as an external backend), with every report in build/reports/.
./build/hloconf run -q spec -j "$(nproc)" --report-dir build/reports/reference | tail -n 4 || status=1
./build/hloconf run -q spec -j "$(nproc)" --backend-cmd "$PWD/build/hloconf serve" \
  --report-dir build/reports/serve | tail -n 4 || status=1
peer=../shared/peer
if [[ ! -d $peer ]]; then
  echo "ci/main.sh: $peer is absent; skipping the peer programs"
  exit $status
fi
./build/hloconf parse --roundtrip "$peer/stablehlo-testdata" | tail -n 20 || status=1
./build/hloconf parse --roundtrip --split-input-file "$peer/stablehlo-interpret-tests" | tail -n 20 || status=1
# The peer acceptance count (covered top-level testdata files that pass their own checks).
./build/tests/reference_tests --gtest_filter='PeerEval.*' | grep -E '^\[ PEER' || status=1
exit $status
