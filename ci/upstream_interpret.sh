#!/usr/bin/env bash
# Measures the promise of docs/design/upstream.md: the files we write in the upstream testdata format pass
# under the upstream interpreter. Writes the spec suite's golden vectors (`hloconf golden spec --format
# mlir`) and generated cases (`hloconf gen all --count 5`), runs each under `stablehlo-translate
# --interpret` (chlo programs through `stablehlo-opt --chlo-legalize-to-stablehlo` first) and classifies it:
#   PASS      the tool exits 0 (every check held)
#   GAP       the file says the upstream interpreter cannot pass it (its `cannot pass this file` comment)
#             and it does not pass; GAP-PASSES: it says so but passes (the comment is stale)
#   MAY-FAIL  the file says the interpreter may fail it, depending on its inputs (`may fail this file`:
#             an upstream bug that shows for some values, a chlo op evaluated through an approximation),
#             and it fails; MAY-FAIL-PASSES: it says so and passes. Neither counts in the PASS share.
#   FAIL      a check failed, or the tool rejected or crashed on a file that declares no gap
# and prints the counts, the share of PASS among the files without a declared gap, and each FAIL with the
# tool's first error line. The per-file table is WORK_DIR/results.tsv.
#
#   STABLEHLO_TRANSLATE=... bash ci/upstream_interpret.sh [WORK_DIR] [--count N] [--jobs J] [--ops 'OPS']
# (--ops: generated files for these ops only, as `hloconf gen OPS` takes them; default all)
# (--count 0: the golden files only; `gen all --count 5` writes about 16,700 files, an hour or more of
# the upstream interpreter on 2 shared cores)
set -euo pipefail
cd "$(dirname "$0")/.."
work=/tmp/hloconf-upstream; count=5; jobs=2; ops=all
if [[ $# -gt 0 && $1 != --* ]]; then work=$1; shift; fi
while [[ $# -gt 0 ]]; do
  case $1 in
    --count) count=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --ops) ops=$2; shift 2 ;;
    *) echo "usage: $0 [WORK_DIR] [--count N] [--jobs J] [--ops 'OPS']" >&2; exit 2 ;;
  esac
done
hloconf=${HLOCONF:-build/hloconf}
translate=${STABLEHLO_TRANSLATE:-$(command -v stablehlo-translate || true)}
if [[ -z $translate || ! -x $translate ]]; then
  echo "$0: stablehlo-translate not found: set STABLEHLO_TRANSLATE (../shared/upstream/build.sh builds it)" >&2
  exit 2
fi
opt=${STABLEHLO_OPT:-$(dirname "$translate")/stablehlo-opt}
rm -rf "$work"; mkdir -p "$work"
"$hloconf" golden spec --format mlir --out "$work/golden" > "$work/golden.log" 2>&1 || true
mkdir -p "$work/gen"
# OPS is split into words but its globs are hloconf's, not the shell's (set -f).
set -f
# shellcheck disable=SC2086
if ((count > 0)); then "$hloconf" gen $ops --count "$count" --out "$work/gen" > "$work/gen.log" 2>&1 || true; fi
set +f

run_one() {  # FILE -> one line: STATUS <tab> FILE <tab> first error line
  local file=$1 out status=PASS input=$1
  # A chlo op in the pretty form (`chlo.lgamma %x`) or the generic one (`"chlo.lgamma"(%x)`), not a comment.
  if grep -v '^ *//' "$file" | grep '\(^\|[ ="]\)chlo\.[a-z_]' > /dev/null; then
    input=$(mktemp)
    if ! "$opt" --chlo-legalize-to-stablehlo "$file" > "$input" 2> "$input.err"; then
      out="stablehlo-opt: $(grep -m1 'error' "$input.err")"; status=FAIL
    fi
  fi
  if [[ $status == PASS ]]; then
    if out=$(timeout 300 "$translate" --interpret "$input" 2>&1 >/dev/null); then status=PASS; else status=FAIL; fi
  fi
  [[ $input != "$file" ]] && rm -f "$input" "$input.err"
  if grep -q 'cannot pass this file' "$file"; then
    [[ $status == PASS ]] && status=GAP-PASSES || status=GAP
  elif grep -q 'may fail this file' "$file"; then
    [[ $status == PASS ]] && status=MAY-FAIL-PASSES || status=MAY-FAIL
  fi
  local first; first=$(printf '%s\n' "$out" | grep -m1 -v '^\s*$' | tr '\t' ' ' | cut -c1-300)
  printf '%s\t%s\t%s\n' "$status" "$file" "$first"
}
export -f run_one
export translate opt
find "$work/golden" "$work/gen" -name '*.mlir' | sort | xargs -P "$jobs" -I{} bash -c 'run_one "$1"' _ {} > "$work/results.tsv"

total=$(wc -l < "$work/results.tsv")
count_of() { awk -F'\t' -v s="$1" '$1 == s' "$work/results.tsv" | wc -l; }
pass=$(count_of PASS); fail=$(count_of FAIL); gap=$(count_of GAP); stale=$(count_of GAP-PASSES)
may=$(count_of MAY-FAIL); may_pass=$(count_of MAY-FAIL-PASSES)
for part in golden gen; do
  n=$(grep -c "	$work/$part/" "$work/results.tsv" || true)
  p=$(awk -F'\t' -v d="$work/$part/" '$1 == "PASS" && index($2, d) == 1' "$work/results.tsv" | wc -l)
  echo "$part: $n files, $p PASS"
done
echo "all: $total files: $pass PASS, $fail FAIL, $gap GAP (declared, not passing), $stale GAP-PASSES (declared, passing)," \
  "$may MAY-FAIL (declared as input-dependent, failing), $may_pass MAY-FAIL-PASSES (declared as input-dependent, passing)"
supported=$((pass + fail))
if ((supported > 0)); then
  awk -v p="$pass" -v s="$supported" 'BEGIN { printf "PASS among the files without a declared gap: %d/%d = %.2f%%\n", p, s, 100 * p / s }'
fi
awk -F'\t' '$1 == "FAIL" || $1 == "GAP-PASSES" { print "  " $1 " " $2 ": " $3 }' "$work/results.tsv"
