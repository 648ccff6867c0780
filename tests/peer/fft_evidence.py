#!/usr/bin/python3
"""Evidence for FFT disagreements between hloconf and the upstream peer golden values.

For a peer testdata file whose @main applies one stablehlo.fft to @inputs and checks it against
@expected, this script takes the inputs, our result (`hloconf eval --hex`) and XLA's expected values. For
a sample of the elements where ours and XLA's differ (the largest differences first, then random ones),
it computes the exact DFT value with mpmath at high precision and rounds it once, to nearest-even, to the
part type. It reports, for each sampled element, whether ours or XLA's is the correctly rounded value.

Usage: tests/peer/fft_evidence.py --hloconf build/hloconf [--sample N] FILE...
Only /usr/bin/python3 with python3-mpmath and python3-numpy (Debian packages).
"""
import argparse
import random
import re
import subprocess
import sys

import mpmath
import numpy as np

PART = {"f32": (np.float32, np.uint32, 24), "f64": (np.float64, np.uint64, 53)}


def run_hex(hloconf, path, function):
    out = subprocess.run([hloconf, "eval", "--hex", "--function", function, path], capture_output=True, text=True).stdout
    m = re.search(r'result 0: dense<"0x([0-9A-F]*)"> : tensor<([0-9x]+)x(complex<(f32|f64)>|f32|f64)>', out)
    if not m:
        sys.exit(f"{path}: no hex result for @{function}:\n{out[:500]}")
    raw = bytes.fromhex(m.group(1))
    shape = [int(d) for d in m.group(2).split("x")]
    complex_ = m.group(3).startswith("complex")
    part = m.group(4) if complex_ else m.group(3)
    ftype, utype, _ = PART[part]
    bits = np.frombuffer(raw, dtype=utype)
    if complex_:
        shape = shape + [2]
    return bits.reshape(shape), part, complex_


def to_float(bits, part):
    ftype, utype, _ = PART[part]
    return float(np.array(bits, dtype=utype).view(ftype))


def round_bits(x, part):
    """x (mpf) rounded once, to nearest-even, to the part format; returns the bits (normal range only)."""
    ftype, utype, prec = PART[part]
    with mpmath.workprec(prec):
        r = +x  # mpmath rounds to nearest-even at the working precision
    value = ftype(float(r)) if r != 0 else ftype(0.0) * (ftype(-1.0) if mpmath.sign(x) < 0 else ftype(1.0))
    if abs(float(r)) < np.finfo(ftype).tiny and r != 0:
        return None  # subnormal result: not handled here (none occur in these files)
    return int(np.array([value], dtype=ftype).view(utype)[0])


def ulps(a, b, part):
    ftype, utype, _ = PART[part]
    width = 32 if part == "f32" else 64
    def ordinal(u):
        sign = u >> (width - 1)
        mag = u & ((1 << (width - 1)) - 1)
        return -mag if sign else mag
    return abs(ordinal(int(a)) - ordinal(int(b)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hloconf", required=True)
    ap.add_argument("--sample", type=int, default=24)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    mpmath.mp.prec = 200
    random.seed(1)
    all_ours = True
    for path in args.files:
        text = open(path).read()
        m = re.search(r"stablehlo.fft %0, type =\s+(\w+), length = \[([0-9, ]+)\]", text)
        kind, lengths = m.group(1), [int(x) for x in m.group(2).split(",")]
        xin, in_part, in_complex = run_hex(args.hloconf, path, "inputs")
        expected, part, out_complex = run_hex(args.hloconf, path, "expected")
        ours, _, _ = run_hex(args.hloconf, path, "main")
        k = len(lengths)
        # Input values as mpmath numbers, lazily.
        def xval(index):
            if in_complex:
                return mpmath.mpc(to_float(xin[index + (0,)], in_part), to_float(xin[index + (1,)], in_part))
            return mpmath.mpf(to_float(xin[index], in_part))
        out_shape = ours.shape[:-1] if out_complex else ours.shape
        diff = np.argwhere(np.any((ours != expected).reshape(out_shape + ((2,) if out_complex else (1,))), axis=-1))
        # Rank the differing elements by XLA's ULP distance from ours; take the largest and a random sample.
        def parts(arr, idx):
            return [arr[tuple(idx) + (p,)] for p in range(2)] if out_complex else [arr[tuple(idx)]]
        scored = sorted(((max(ulps(a, b, part) for a, b in zip(parts(ours, i), parts(expected, i))), tuple(i)) for i in diff), reverse=True)
        picks = [s[1] for s in scored[: args.sample // 2]]
        rest = [s[1] for s in scored[args.sample // 2 :]]
        picks += random.sample(rest, min(len(rest), args.sample - len(picks)))
        ours_right = xla_right = neither = 0
        worst = None
        for idx in picks:
            batch, pos = idx[: len(idx) - k], idx[len(idx) - k :]
            n_total = 1
            for L in lengths:
                n_total *= L
            acc = mpmath.mpc(0)
            # Sum over the full transform index space of the last k dimensions.
            ranges = [range(L) for L in lengths]
            import itertools
            for q in itertools.product(*ranges):
                phase = sum(mpmath.mpf(int(p) * int(qq)) / int(L) for p, qq, L in zip(pos, q, lengths))
                if kind == "FFT" or kind == "RFFT":
                    w = mpmath.expjpi(-2 * phase)
                    xq = xval(batch + tuple(q))
                else:  # IFFT / IRFFT
                    w = mpmath.expjpi(2 * phase)
                    if kind == "IRFFT" and q[-1] >= xin.shape[len(batch) + k - 1]:
                        mirror = tuple((-qq) % L for qq, L in zip(q[:-1], lengths[:-1])) + (lengths[-1] - q[-1],)
                        xq = mpmath.conj(xval(batch + mirror))
                    else:
                        xq = xval(batch + tuple(q))
                acc += xq * w
            if kind in ("IFFT", "IRFFT"):
                acc /= n_total
            exact = [acc.real, acc.imag] if out_complex else [acc.real]
            want = [round_bits(v, part) for v in exact]
            got_ours = [int(v) for v in parts(ours, idx)]
            got_xla = [int(v) for v in parts(expected, idx)]
            if want == got_ours:
                ours_right += 1
            elif want == got_xla:
                xla_right += 1
            else:
                neither += 1
            d = max(ulps(a, b, part) for a, b in zip(got_xla, want))
            if worst is None or d > worst[0]:
                worst = (d, idx, exact, want, got_ours, got_xla)
        all_ours = all_ours and xla_right == 0 and neither == 0
        name = path.split("/")[-1]
        print(f"{name}: {kind} length {lengths}: {len(diff)} elements differ from XLA; sampled {len(picks)}: "
              f"ours correctly rounded {ours_right}, XLA {xla_right}, neither {neither}")
        d, idx, exact, want, got_ours, got_xla = worst
        print(f"  worst XLA element {list(idx)}: exact {', '.join(mpmath.nstr(v, 30) for v in exact)}; correctly rounded "
              f"{[hex(w) for w in want]}; ours {[hex(w) for w in got_ours]}; XLA {[hex(w) for w in got_xla]} ({d} ULP)")
    return 0 if all_ours else 1


if __name__ == "__main__":
    sys.exit(main())
