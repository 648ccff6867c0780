#!/usr/bin/env bash
# Configures and builds hloconf in build/: every target (tests and benchmarks included), or only the
# targets named as arguments (`ci/build.sh hloconf` for a job that only runs the binary). Used by main.sh
# and test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
# -Werror: a warning fails the CI build (HLOCONF_WERROR=OFF in the environment turns it off for a local build).
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHLOCONF_WERROR="${HLOCONF_WERROR:-ON}" >/dev/null
if [ "$#" -gt 0 ]; then
  cmake --build build -j "$(nproc)" --target "$@"
else
  cmake --build build -j "$(nproc)"
fi
