#!/usr/bin/env bash
# The CTest suite (without the label "long") under AddressSanitizer (LeakSanitizer included) and
# UndefinedBehaviorSanitizer: builds build-sanitize/ (CUDA off, -O1 -g, HLOCONF_SANITIZE=ON, which adds
# -fno-sanitize-recover=undefined) and runs the tests there. A memory error, a leak or undefined behaviour
# in any test or in a `hloconf` command a test runs fails the run. A test too slow under the sanitizers
# may be given the label "sanitize-slow", with its reason, in tests/CMakeLists.txt; it is left out here
# (none has it today). Findings in third-party libraries are suppressed by ci/sanitize/*.supp, each
# entry with why (none today).
# Usage: ci/sanitize.sh [extra ctest arguments, e.g. -R ir_tests]
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DHLOCONF_SANITIZE=ON -DHLOCONF_CUDA=OFF -DHLOCONF_BUILD_BENCH=OFF -DHLOCONF_WERROR="${HLOCONF_WERROR:-OFF}" >/dev/null
cmake --build build-sanitize -j "$(nproc)"
supp="$PWD/ci/sanitize"
# ASan's frames are several times a release build's: the parser's deepest nesting (1000 regions,
# docs/security.md) needs more than the default 8 MiB of stack there. Threads get the same size (glibc
# takes the default thread stack from this limit).
ulimit -s 65536
# The first report ends the process with a non-zero status (ASan always does; UBSan with halt_on_error and
# the build's -fno-sanitize-recover), so the test that ran it fails.
export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$supp/ubsan.supp${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$supp/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
ctest --test-dir build-sanitize --output-on-failure -j "$(nproc)" -LE 'long|sanitize-slow' "$@"
