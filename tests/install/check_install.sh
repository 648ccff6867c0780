#!/usr/bin/env bash
# `cmake --install` gives a tree that works on its own: the installed binary, run from another directory,
# finds the spec suite, the tolerance profiles and the external adapters under PREFIX/share/hloconf
# (golden/cases.cc, sourceTreeDir), not in the source tree it was built from.
#   tests/install/check_install.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" > /dev/null
hloconf="$prefix/bin/hloconf"
for path in share/hloconf/cases/README.md share/hloconf/reports/profiles/default.json share/hloconf/adapters/PROTOCOL.md \
            share/hloconf/adapters/python/hloconf_adapter.py share/hloconf/adapters/torch/adapter.json; do
  [[ -f "$prefix/$path" ]] || { echo "check_install: $path is not installed"; exit 1; }
done
if find "$prefix/share/hloconf/adapters" -name '*.cc' | grep -q .; then
  echo "check_install: C++ sources were installed as adapter data"; exit 1
fi
cd /
# The spec suite and the strict profile from the installed tree: the repro command names its files.
"$hloconf" run --backend reference spec --ops abs --profile strict -q --report-dir "$prefix/run" > "$prefix/run.log" 2>&1 || {
  cat "$prefix/run.log"; exit 1; }
grep -q "$prefix/share/hloconf/cases/abs/" "$prefix/run/results.json" || {
  echo "check_install: the installed binary did not take the installed cases"; head -c 2000 "$prefix/run/results.json"; exit 1; }
# An external adapter from the installed tree (torch, where Debian's python3-torch is installed): an
# adapter the binary cannot find is a usage error, exit 2.
if /usr/bin/python3 -c "import torch" 2> /dev/null; then
  "$hloconf" run --backend torch spec --ops abs -q --report-dir "$prefix/torch" > "$prefix/torch.log" 2>&1 || {
    cat "$prefix/torch.log"; exit 1; }
fi
echo "check_install: $prefix works on its own"
