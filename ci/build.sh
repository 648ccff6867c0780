#!/usr/bin/env bash
# Configures and builds hloconf (tests and benchmarks included) in build/. Used by main.sh and test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)"
