#!/usr/bin/env bash
# Configures and builds hloconf (tests and benchmarks included) in build/. Used by main.sh and test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
# -Werror: a warning fails the CI build (HLOCONF_WERROR=OFF in the environment turns it off for a local build).
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHLOCONF_WERROR="${HLOCONF_WERROR:-ON}" >/dev/null
cmake --build build -j "$(nproc)"
