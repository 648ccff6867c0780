#!/usr/bin/env bash
# Runs one Google Benchmark program from two builds, alternately, and prints each benchmark's time in
# both and the ratio (new / old; below 1 is faster). Alternating runs share the machine's state, so the
# ratio is measured in one run of this script.
#   bench/compare.sh OLD_BUILD_DIR NEW_BUILD_DIR [BENCH_NAME=evaluator_bench] [ROUNDS=2]
# For example, against the tree of an earlier commit:
#   git worktree add /tmp/old <commit> && (cd /tmp/old && bash ci/build.sh)
#   bench/compare.sh /tmp/old/build build evaluator_bench 3
set -euo pipefail
old=$1 new=$2 bench=${3:-evaluator_bench} rounds=${4:-2}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for ((r = 1; r <= rounds; ++r)); do
  for side in old new; do
    dir=$old
    [[ $side == new ]] && dir=$new
    "$dir/bench/$bench" --benchmark_format=json --benchmark_out="$out/$side-$r.json" --benchmark_out_format=json >/dev/null 2>&1
  done
done
/usr/bin/python3 - "$out" "$rounds" <<'PY'
import json, sys, os
out, rounds = sys.argv[1], int(sys.argv[2])
best = {"old": {}, "new": {}}
for side in best:
    for r in range(1, rounds + 1):
        for b in json.load(open(os.path.join(out, f"{side}-{r}.json")))["benchmarks"]:
            t = b["real_time"]  # in the benchmark's unit
            best[side][b["name"]] = min(t, best[side].get(b["name"], float("inf")))
unit = "ms"
print(f"{'benchmark':<28} {'old (best of ' + str(rounds) + ')':>18} {'new (best of ' + str(rounds) + ')':>18} {'new/old':>8}")
for name in best["old"]:
    o, n = best["old"][name], best["new"].get(name)
    if n is None:
        continue
    print(f"{name:<28} {o:>15.0f} {unit} {n:>15.0f} {unit} {n / o:>8.3f}")
PY
