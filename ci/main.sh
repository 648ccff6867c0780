#!/usr/bin/env bash
# The main job: install what is needed, build, and run hloconf on the real-world peer programs.
# Today the main job is parsing and round-tripping them (`hloconf parse --roundtrip`); it grows with the
# evaluator and the harness.
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install.sh
bash ci/build.sh
peer=../shared/peer
if [[ ! -d $peer ]]; then
  echo "ci/main.sh: $peer is absent; parsing the project's own cases instead"
  exec ./build/hloconf parse --roundtrip --split-input-file cases
fi
status=0
./build/hloconf parse --roundtrip "$peer/stablehlo-testdata" | tail -n 20 || status=1
./build/hloconf parse --roundtrip --split-input-file "$peer/stablehlo-interpret-tests" | tail -n 20 || status=1
exit $status
