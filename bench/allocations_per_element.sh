#!/usr/bin/env bash
# Heap allocation calls per element of the reference evaluator: `hloconf eval -q` of one f64 op
# (exponential on inputs uniform in [-700, 700], multiply on inputs uniform in [-100, 100]) over N random
# elements (seeded), under heaptrack, which counts every call to malloc, realloc and operator new. With
# several binaries (this build and an older one) all figures come from one run.
#   bench/allocations_per_element.sh [HLOCONF...]      (default: build/hloconf)
#   environment: N (default 100000)
set -euo pipefail
n=${N:-100000}
binaries=("$@")
((${#binaries[@]} > 0)) || binaries=(build/hloconf)
command -v heaptrack >/dev/null || { echo "needs heaptrack" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 - "$work" "$n" <<'PY'
import random, struct, sys
work, n = sys.argv[1], int(sys.argv[2])
random.seed(1)
t = f"tensor<{n}xf64>"
def hexes(lo, hi):
    return "".join(struct.pack("<d", random.uniform(lo, hi)).hex().upper() for _ in range(n))
def write(name, op, constants):
    body = "".join(f'  %{c} = stablehlo.constant dense<"0x{h}"> : {t}\n' for c, h in constants)
    args = ", ".join(f"%{c}" for c, _ in constants)
    open(f"{work}/{name}.mlir", "w").write(
        f"func.func @main() -> {t} {{\n{body}  %r = stablehlo.{op} {args} : {t}\n  return %r : {t}\n}}\n")
write("exponential", "exponential", [("a", hexes(-700, 700))])
write("multiply", "multiply", [("a", hexes(-100, 100)), ("b", hexes(-100, 100))])
PY
printf '%-36s %-12s %14s %12s\n' "hloconf" "op" "allocations" "per element"
for hloconf in "${binaries[@]}"; do
  for op in exponential multiply; do
    heaptrack -o "$work/trace" "$hloconf" eval -q "$work/$op.mlir" >/dev/null 2>&1
    calls=$(heaptrack_print "$work/trace.zst" 2>/dev/null | sed -n 's/^calls to allocation functions: \([0-9]*\).*/\1/p')
    rm -f "$work/trace.zst"
    printf '%-36s %-12s %14s %12.2f\n' "$hloconf" "$op" "$calls" "$(python3 -c "print($calls / $n)")"
  done
done
