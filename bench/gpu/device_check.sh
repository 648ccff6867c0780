#!/bin/bash
# Everything the GPU issue measures on the GPU machine, in one run of under 8 minutes (docs/benchmarks.md "GPU",
# docs/reports/cuda-h100.md, xla-gpu-h100.md, xla-cpu.md):
#   1. hloconf: the bundle that bench/gpu/bundle.sh made on the development machine (.gpu/bundle.tar.xz,
#      carried), or else a Release build here (which needs our Debian libraries, absent on that machine);
#   2. the spec suite and the generated suites against --backend cpu (which fills the golden cache),
#      --backend cuda (gen:all --count 10; again with fusion off, with cuDNN off and with every fused run
#      by a generated kernel, and as CUDA graphs; the fused kernels against the unfused bit for bit), xla-gpu and xla-cpu
#      (gen:all --count $XLA_COUNT, default 5: XLA compiles
#      every case, at about 60 (GPU) and 90 (CPU) cases a second on 16 cores);
#   3. bench/gpu/gpu_bench.py: ours against XLA:GPU and torch on the same GPU (before the XLA suites, which
#      take the longest);
#   4. $OUT/summary.txt (what ran, the totals, the timings), $OUT/gpu_bench.json and $OUT/reports.tar.xz (each run's results.json
#      and summary.md, or its journal.jsonl, which has the cases so far of a run stopped by its time limit), which
#      the make_report.py scripts read.
# usage, on the GPU machine from the checkout's root:  OUT=/some/dir bash bench/gpu/device_check.sh
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
OUT=${OUT:-/tmp/hloconf-device}
XLA_COUNT=${XLA_COUNT:-5}
XLA_LIMIT=${XLA_LIMIT:-240}  # seconds for each XLA suite (they run side by side); a suite cut off keeps its journal
# A shorter check (a second run in one session's device time): BENCH=0 skips fusion identity and the benchmarks,
# CUDA_VARIANTS=0 the unfused, direct-convolution, generated and graph variants; XLA_OPS limits the XLA suites to
# an --ops list (e.g. 'chlo.*'), whose reports then go to xla-gpu$XLA_SUFFIX (make_reports.py reads
# xla-gpu-rerun over xla-gpu, case by case).
BENCH=${BENCH:-1}
CUDA_VARIANTS=${CUDA_VARIANTS:-1}
XLA_OPS=${XLA_OPS:-}
XLA_SUFFIX=${XLA_SUFFIX:-}
JOBS=$(nproc)
mkdir -p "$OUT"
T0=$(date +%s)
say() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$OUT/summary.txt"; }

if [ -f .gpu/bundle.tar.xz ]; then
  mkdir -p .gpu/x && tar -C .gpu/x -xJf .gpu/bundle.tar.xz
  H=$ROOT/.gpu/x/hloconf
  say "hloconf: the carried bundle ($(cat .gpu/x/commit 2>/dev/null || echo 'commit unknown'))"
else
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DHLOCONF_BUILD_TESTS=OFF > "$OUT/build.log" 2>&1 &&
    ninja -C build-gpu hloconf >> "$OUT/build.log" 2>&1 || { say "the Release build failed: $(tail -n 3 "$OUT/build.log")"; exit 1; }
  H=$ROOT/build-gpu/hloconf
  say "hloconf: built here (Release)"
fi
# This checkout's cases, profiles and adapters, whichever tree the binary was built in.
export HLOCONF_CASES_DIR=$ROOT/cases HLOCONF_PROFILES_DIR=$ROOT/reports/profiles HLOCONF_ADAPTERS_DIR=$ROOT/adapters
# cuDNN, which the cuda executor loads at run time for convolutions (executors/cuda/cudnn_conv.h): the
# toolkit's copy if the machine has one, else the one that came with torch's wheels.
if [ ! -e /usr/local/cuda/lib64/libcudnn.so.9 ] && ! ldconfig -p 2>/dev/null | grep -q 'libcudnn.so.9 '; then
  CUDNN_DIR=$(python3 -c 'import os, nvidia.cudnn as c; print(os.path.join(list(c.__path__)[0], "lib"))' 2>/dev/null)
  [ -n "$CUDNN_DIR" ] && [ -e "$CUDNN_DIR/libcudnn.so.9" ] && export LD_LIBRARY_PATH=$CUDNN_DIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
{
  echo "cuDNN: $(ls /usr/local/cuda/lib64/libcudnn.so.9 2>/dev/null || ldconfig -p 2>/dev/null | grep -m1 -o "/[^ ]*libcudnn.so.9$" || echo "${CUDNN_DIR:-none found}")"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  python3 -c 'import jax, jaxlib, torch; print("jax", jax.__version__, "jaxlib", jaxlib.__version__, "torch", torch.__version__)'
} 2>&1 | tee -a "$OUT/summary.txt"

R=/tmp/hloconf-device-reports
CACHE=/tmp/hloconf-device-golden
rm -rf "$R" && mkdir -p "$R"
suite() {  # suite NAME JOBS LIMIT_SECONDS SOURCES...: one run, its report under $R/NAME
  local name=$1 jobs=$2 limit=$3
  shift 3
  local started=$(date +%s)
  timeout "$limit" "$H" run -q -j "$jobs" --timeout 60 --cache-dir "$CACHE" --report-dir "$R/$name" "$@" > "$R/$name.log" 2>&1
  local rc=$?
  say "$name ($*): $(grep -E '^[0-9]+ cases' "$R/$name.log" | tail -n 1) [exit $rc, $(( $(date +%s) - started )) s]"
}
# gen:all --count 10 here: the cuda suites below then find every golden value in the cache.
suite cpu "$JOBS" 60 --backend cpu spec gen:all --count 10
# The cuda executor runs in hloconf's process: the spec and generated suites in two runs, so that a crash
# loses one of them, not both.
suite cuda 4 30 --backend cuda spec
suite cuda-gen 4 60 --backend cuda gen:all --count 10
if [ "$CUDA_VARIANTS" = 1 ]; then
  # The same spec suite with fused elementwise runs off, and with cuDNN off (every convolution by the direct
  # kernel): each must agree with the first (executors/cuda/README.md).
  HLOCONF_CUDA_FUSION=0 suite cuda-unfused 4 30 --backend cuda spec
  HLOCONF_CUDA_CUDNN=0 suite cuda-direct-conv 4 60 --backend cuda spec gen:convolution --count 10
  # Every fused run by a generated kernel (NVRTC; by default only runs of 2^16 elements or more get one), and
  # the generated kernels, the interpreter and the unfused kernels compared bit for bit on chains that tempt a
  # compiler to contract a multiply into an add (bench/gpu/fusion_identity.py).
  HLOCONF_CUDA_NVRTC=1 suite cuda-generated 4 90 --backend cuda spec
  # Every program without control flow as one CUDA graph from its first run (by default from its second).
  HLOCONF_CUDA_GRAPHS=1 suite cuda-graphs 4 90 --backend cuda spec gen:all --count 2
fi
if [ "$BENCH" = 1 ]; then
  say "fusion identity (bench/gpu/fusion_identity.py)"
  timeout 90 python3 bench/gpu/fusion_identity.py "$H" 2>&1 | tee -a "$OUT/summary.txt"
fi
# The reports so far go to $OUT before the benchmarks, so that a run stopped later keeps them. The device
# tool brings back files of at most 16 MiB: a journal goes only for a run without results.json (stopped by
# its limit), which is all make_reports.py reads of it.
save_reports() {
  (cd "$R" && find . -name journal.jsonl -execdir test -f results.json \; -print |
     tar -cJf "$OUT/reports.tar.xz" --exclude=report.html --exclude=junit.xml --exclude-from=- .)
}
save_reports
if [ "$BENCH" = 1 ]; then
  say "benchmarks (bench/gpu/gpu_bench.py)"
  PYTHONUNBUFFERED=1 timeout 200 python3 bench/gpu/gpu_bench.py "$H" --repeat 5 --json "$OUT/gpu_bench.json" 2>&1 |
    tee -a "$OUT/summary.txt"
fi
# XLA compiles every case on the CPU cores (XLA:GPU about 6 cores at -j 10, XLA:CPU about 7 at -j 8): the two
# share the machine's cores side by side. XLA_COUNT=0: no XLA suites (a quick look at ours and the benchmarks).
if [ "$XLA_COUNT" -gt 0 ]; then
  OPS=()
  [ -n "$XLA_OPS" ] && OPS=(--ops "$XLA_OPS")
  suite "xla-gpu$XLA_SUFFIX" 10 "$XLA_LIMIT" --backend xla-gpu "${OPS[@]}" spec gen:all --count "$XLA_COUNT" &
  suite "xla-cpu$XLA_SUFFIX" 8 "$XLA_LIMIT" --backend xla-cpu "${OPS[@]}" spec gen:all --count "$XLA_COUNT" &
  wait
  save_reports
fi
say "done: $OUT/summary.txt, $OUT/reports.tar.xz, $OUT/gpu_bench.json"
