#!/usr/bin/env bash
# How `hloconf eval --split-input-file` scales with the number of modules in one input: joins the first
# N files of the peer testdata folder (sorted by name) with `// -----` lines between them (N = 336, 672,
# 1344), times one eval of each joined input and one eval of the same N files passed as separate
# arguments, and prints both, time/N, and joined/separate, which stays near 1 when the cost is linear.
# With several binaries (e.g. this build and an older one) each gets its table, all in one run.
#   bench/split_input_scaling.sh [HLOCONF...]      (default: build/hloconf)
#   environment: FOLDER (default ../shared/peer/stablehlo-testdata), ROUNDS (default 1)
# Times are CPU seconds (user + system) of the hloconf process, the best of ROUNDS runs: on a shared
# machine they vary far less than wall time.
set -euo pipefail
folder=${FOLDER:-../shared/peer/stablehlo-testdata} rounds=${ROUNDS:-1}
binaries=("$@")
((${#binaries[@]} > 0)) || binaries=(build/hloconf)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mapfile -t files < <(ls "$folder"/*.mlir | sort)
if ((${#files[@]} < 1344)); then
  echo "need 1344 .mlir files in $folder, found ${#files[@]}" >&2
  exit 1
fi
sizes=(336 672 1344)
for n in "${sizes[@]}"; do
  for ((i = 0; i < n; ++i)); do
    ((i > 0)) && printf '\n// -----\n'
    cat "${files[i]}"
  done >"$work/joined_$n.mlir"
done

# Best CPU time (user + system) of ROUNDS runs of the command, in seconds.
best_time() {
  local best=""
  for ((r = 0; r < rounds; ++r)); do
    # eval exits non-zero when a module is unsupported: not a failure of this script.
    /usr/bin/time -f '%U %S' -o "$work/time" "$@" >/dev/null 2>&1 || true
    best=$(python3 -c "u, s = open('$work/time').read().split()[-2:]; t = float(u) + float(s); b = '$best'; print(t if b == '' else min(float(b), t))")
  done
  echo "$best"
}

for hloconf in "${binaries[@]}"; do
  echo "$hloconf"
  printf '%-6s %12s %8s %14s %8s %16s\n' "N" "joined (s)" "ms/N" "separate (s)" "ms/N" "joined/separate"
  for n in "${sizes[@]}"; do
    tj=$(best_time "$hloconf" eval -q --split-input-file "$work/joined_$n.mlir")
    ts=$(best_time "$hloconf" eval -q "${files[@]:0:n}")
    python3 -c "print(f'{$n:<6} {$tj:>12.2f} {1000 * $tj / $n:>8.1f} {$ts:>14.2f} {1000 * $ts / $n:>8.1f} {$tj / $ts:>16.2f}')"
  done
done
