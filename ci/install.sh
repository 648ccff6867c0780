#!/usr/bin/env bash
# Installs every Debian package hloconf needs to build, test and benchmark.
# Idempotent: packages already present are skipped, and apt-get runs only when something is missing.
# Why each package is there: docs/dependencies.md.
set -euo pipefail

packages=(
  build-essential cmake ninja-build
  libmpfr-dev libmpc-dev libgmp-dev
  libboost-dev libboost-filesystem-dev
  libabsl-dev nlohmann-json3-dev libcli11-dev
  libtbb-dev
  libopenblas-dev liblapacke-dev libfftw3-dev libsleef-dev libdnnl-dev ocl-icd-opencl-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev
  python3 python3-mpmath python3-numpy python3-torch
  chromium
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "ci/install.sh: all ${#packages[@]} packages present"
  exit 0
fi

echo "ci/install.sh: installing ${missing[*]}"
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
