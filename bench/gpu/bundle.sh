#!/bin/bash
# Packs the hloconf built here into .gpu/ (ignored by git) for the GPU machine, which has CUDA, Python,
# jax and torch but none of our Debian libraries (MPFR, OpenBLAS, oneTBB, SLEEF, FFTW, abseil, Boost):
# the stripped binary, with the libraries it needs beside it (rpath $ORIGIN/lib), except the C and C++
# runtimes and CUDA's own libraries, which the machine has in newer versions.
# usage: bench/gpu/bundle.sh [BUILD_DIR]   (then carry .gpu in the device tool's run)
set -euo pipefail
for tool in patchelf xz readelf; do
  command -v "$tool" > /dev/null || { echo "bundle.sh: needs $tool (apt-get install patchelf xz-utils binutils)" >&2; exit 1; }
done
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
out=$root/.gpu
grep -qx '/.gpu/' "$root/.git/info/exclude" 2>/dev/null || echo '/.gpu/' >> "$root/.git/info/exclude"
rm -rf "$out" && mkdir -p "$out/lib"
# Linked again with the rpath $ORIGIN/lib (then /usr/local/cuda/lib64, where that machine keeps cuBLASLt) as
# DT_RPATH, which (unlike RUNPATH) also serves the libraries'
# own dependencies; patchelf on the finished binary corrupted its dynamic symbols.
link=$(ninja -C "$build" -t commands hloconf | tail -1 | sed 's/^: && //; s/ && :$//')
link=${link/ -o hloconf / -o $out/hloconf.full }
link=$(echo "$link" | sed -E "s@-Wl,-rpath,[^ ]*@-Wl,-rpath,'\\\$ORIGIN/lib:/usr/local/cuda/lib64' -Wl,--disable-new-dtags@")
(cd "$build" && eval "$link")
strip -o "$out/hloconf" "$out/hloconf.full" && rm "$out/hloconf.full"
readelf -d "$out/hloconf" | grep -q "RPATH.*ORIGIN/lib" || { echo "bundle.sh: the relinked hloconf has no \$ORIGIN rpath" >&2; exit 1; }
ldd "$build/hloconf" | awk '/=> \// {print $1, $3}' | while read -r name path; do
  case "$name" in
    libc.so*|libm.so*|libstdc++*|libgcc_s*|ld-linux*|libpthread*|libdl*|librt*|libcuda.so*|libcudart*|libcublas*|libcudnn*|libcufft*|libnvrtc*) ;;
    *) cp -L "$path" "$out/lib/$name" ;;
  esac
done
# DT_RPATH (not RUNPATH) so that the libraries' own dependencies are found in lib/ too.
for lib in "$out"/lib/*; do patchelf --force-rpath --set-rpath '$ORIGIN' "$lib"; done
# OpenBLAS is found through Debian's alternatives (libblas.so.3): the bundle's copy is the real one.

echo "$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD || echo +changes)" > "$out/commit"
# The device tool carries at most 64 MiB with the working tree: ship it compressed, unpacked there by
# bench/gpu/device_check.sh.
XZ_OPT=-T0 tar -C "$out" -cJf "$root/.gpu.tar.xz" . && rm -rf "$out" && mkdir -p "$out" && mv "$root/.gpu.tar.xz" "$out/bundle.tar.xz"
du -sh "$out/bundle.tar.xz"
