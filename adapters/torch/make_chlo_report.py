#!/usr/bin/python3
"""Writes docs/reports/torch-1.13-chlo.md: PyTorch (CPU) on the chlo ops it has (torch.special and friends),
against the reference's correctly rounded goldens (issue 20).

    /usr/bin/python3 adapters/torch/make_chlo_report.py --count 100

runs, from the repository root,

    build/hloconf run --backend torch 'gen:chlo.*' --count N --seed 1 -j 2 -q --report-dir W

and writes the Markdown report from the run's results.json (per op and element type: cases, statuses, the
max ULP of the FAILs, the worst case): the special functions' rows first, worst ULP first, then every row. For the
worst element of each special function and float type (results.json's `worst`), it decodes the input from
the case's input bits, computes the function there with mpmath at 300 bits (independently of the reference),
rounds that once to the type, and prints the exact value, both bit patterns and the ULP distance beside the
cause in WORST_CAUSES (each found by hand with the torch call it quotes).
Standard library and python3-mpmath (Debian's /usr/bin/python3).
"""

import argparse
import datetime
import json
import math
import os
import re
import struct
import subprocess
import sys

import mpmath
from mpmath import mp, mpf

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPECIAL = {"chlo.lgamma", "chlo.digamma", "chlo.erf", "chlo.erfc", "chlo.erf_inv", "chlo.zeta", "chlo.polygamma",
           "chlo.bessel_i1e"}


# Why torch's worst element is wrong, per (op, element type): found by hand on the worst cases of the run in
# the committed report; the numbers beside each (input, exact value, bits) are computed by this script.
WORST_CAUSES = {
    ("chlo.zeta", "f32"): "**NaN not propagated.** `torch.special.zeta(torch.tensor([1.0]), torch.tensor([float('nan')]))` is "
        "`inf`: Cephes' zeta tests x == 1 (the pole) before it looks at q, so a NaN q gives +inf instead of NaN.",
    ("chlo.zeta", "f64"): "**A negative integer q with a non-integer x.** `torch.special.zeta(torch.tensor([1.9999999999999998], "
        "dtype=torch.float64), torch.tensor([-1.0], dtype=torch.float64))` is `inf`. The term (q + 1)^-x = 0^-x is +inf, "
        "but the term q^-x = (-1)^-x is not real, so the sum is NaN: chlo's decomposition (XLA's Zeta) tests the domain "
        "error (q <= 0 with x not an integer) before the negative-integer pole, and so does the reference "
        "(docs/design/chlo.md). Cephes tests q an integer first.",
    ("chlo.digamma", "f64"): "**Cancellation at digamma's positive zero x0 = 1.46163214496836234…** torch evaluates "
        "digamma there as a difference of O(1) terms: near x0 its absolute error (about 5e-16) exceeds the value itself, "
        "so the sign can be wrong. The correctly rounded value needs the expansion about the zero.",
    ("chlo.digamma", "f32"): "**The same cancellation at the zero x0** as in f64: the f32 input nearest x0 has a value of "
        "-1.2e-8, torch returns +1.07e-8.",
    ("chlo.polygamma", "f64"): "**Next to a pole, through the reflection formula.** polygamma(1, x) near x = -1 is about "
        "1/(x + 1)^2; at x = -1 + 2^-53 that is 2^106 (plus terms 53 orders of magnitude smaller). torch's order-1 "
        "polygamma is ATen's trigamma, which for x < 1/2 uses pi^2 / sin^2(pi x) with pi x rounded to double first: "
        "that product's rounding error (up to 2.2e-16) is of the size of the distance to the pole (3.5e-16), so "
        "sin(pi x) is off by a factor. `math.pi**2 / math.sin(math.pi * x)**2` in Python gives torch's "
        "3.074802986128771e31 to the last bit.",
    ("chlo.polygamma", "f32"): "**Next to a pole, through the reflection formula**, as for f64: in f32, "
        "pi^2 / sin^2(pi x) with pi x rounded to f32 at x = -2 - 2^-22 gives 7749636718592, torch's value; the answer is "
        "1.76e13.",
    ("chlo.polygamma", "bf16"): "**Far from the poles, in bf16.** polygamma(4, -106.5) is -4.58e-8, a value much smaller than "
        "the terms torch adds to get it (the reflection and the recurrence through the 107 poles between x and 0): "
        "their rounding errors swamp it.",
    ("chlo.erf_inv", "f64"): "**Near 1.** erf_inv(1 - 2^-53) is 5.8635847…; torch gives 5.8639485, 6e-5 too large. ATen's "
        "erfinv starts from a rational approximation in sqrt(-log((1 - |x|)/2)) and corrects it with Newton steps on "
        "erf. Near 5.86 the slope of erf is 2/sqrt(pi) e^(-y^2) = 1.3e-15, while erf(y) - x can only be computed in "
        "steps of 2^-53 = 1.1e-16: the correction cannot resolve y finer than about 0.08, so the result keeps the "
        "starting approximation's error.",
    ("chlo.erf_inv", "f32"): "**Near 1**, as for f64: at 1 - 2^-24 torch's f32 erfinv is 127 ULP off.",
    ("chlo.bessel_i1e", "f32"): "**Cephes' Chebyshev series in single precision.** torch's i1e evaluates Cephes' chbevl "
        "coefficients in the element type; the recurrence's rounding errors reach several ULP for x of a few units.",
    ("chlo.bessel_i1e", "f64"): "**Cephes' Chebyshev series** in double: a few ULP, as in f32.",
    ("chlo.erf", "f32"): "**1 ULP.** torch's vectorized erf (Sleef-style polynomial) is faithfully, not correctly, rounded.",
    ("chlo.erfc", "f32"): "**1 ULP.** torch's erfc is faithfully, not correctly, rounded.",
    ("chlo.erfc", "f64"): "**1 ULP.** torch's erfc (Cephes) is faithfully, not correctly, rounded.",
}

STRUCTURAL_NOTES = (
    "- **top_k** (FAILs in every float type): `torch.topk` ranks every NaN above +inf, whatever its sign, and "
    "treats -0 and +0 as equal, returning equal values in no fixed order. chlo's decomposition sorts by IEEE "
    "totalOrder (`compare_type TOTALORDER`), where a NaN with its sign bit set (0xFFC00000, the NaN torch itself "
    "produces) is below -inf and -0 is below +0, and chlo.md orders ties by index. So the special strategy's "
    "cases (NaNs of both signs, both zeros) fail on torch; integers, whose ties torch.topk happens to return "
    "in index order on CPU for these sizes, pass.\n"
    "- **broadcast_<op>**: the broadcast itself is exact (a copy), so each row fails where `<op>` does: "
    "broadcast_zeta and broadcast_polygamma as zeta and polygamma above; broadcast_remainder and complex "
    "broadcast_add, _subtract, _multiply, _divide and _power as those ops' rows in "
    "[torch-1.13-cpu.md](torch-1.13-cpu.md) (for complex: a NaN in one part of an operand spreads to both "
    "parts of torch's result).\n"
    "- **mulhi, ragged_dot, scan, constant_like, the other broadcast_* rows**: every case PASSes or is "
    "UNSUPPORTED for a dtype torch lacks (ui16/ui32/ui64; f16 matmul). Their FAIL-free rows test the "
    "adapter's compositions as much as torch.")

FORMATS = {"f64": (53, 11, "<d", 8), "f32": (24, 8, "<f", 4), "bf16": (8, 8, None, 2), "f16": (11, 5, "<e", 2)}

MPMATH = {
    "chlo.lgamma": lambda x: mp.log(abs(mp.gamma(x))),
    "chlo.digamma": mp.digamma,
    "chlo.erf": mp.erf,
    "chlo.erfc": mp.erfc,
    "chlo.erf_inv": mp.erfinv,
    "chlo.bessel_i1e": lambda x: mp.besseli(1, x) * mp.exp(-abs(x)),
    "chlo.zeta": lambda x, q: mp.zeta(x, q),
    "chlo.polygamma": lambda n, x: mp.psi(int(n), x),
}


def decode(element_type, raw):
    """The value of one element's little-endian bytes."""
    if element_type == "bf16":
        return struct.unpack("<f", b"\0\0" + raw)[0]
    return struct.unpack(FORMATS[element_type][2], raw)[0]


def bits_of(element_type, value):
    """The bits of `value` (an mpf, or a float) rounded once to nearest-even in the element type."""
    p, ebits = FORMATS[element_type][0], FORMATS[element_type][1]
    if isinstance(value, float) or not mpmath.isfinite(value):
        v = float(value)
    else:
        emin = 2 - (1 << (ebits - 1))  # the exponent of the smallest normal
        e = max(int(mpmath.floor(mpmath.log(abs(value), 2))) if value else emin, emin)
        quantum = mpmath.ldexp(1, e - p + 1)
        v = float(mpmath.nint(value / quantum) * quantum)  # nint rounds ties to even
    if element_type == "bf16":
        return "0x%04X" % (struct.unpack("<I", struct.pack("<f", v))[0] >> 16)
    raw = struct.pack(FORMATS[element_type][2], v)
    return "0x%0*X" % (2 * len(raw), int.from_bytes(raw, "little"))


def definitional(op, args):
    """The value where it is set by definition rather than computed (then mpmath is not asked: it gives zeta(1,
    NaN) = +inf), or None."""
    if any(math.isnan(a) for a in args):
        return "NaN (a NaN argument: IEEE 754 propagates it)"
    if op == "chlo.zeta" and args[1] <= 0 and args[1] == math.floor(args[1]) and args[0] != math.floor(args[0]):
        return f"NaN (not real: the term q^-x = ({args[1]!r})^-x with x not an integer)"
    return None


def worst_evidence(results, op, element_type):
    """Markdown lines for the worst element of (op, element type): the input, mpmath's exact value and its
    rounding, torch's bits and the ULP distance; empty when the run has no FAIL there."""
    worst = None
    for case in results["cases"]:
        if case.get("op") == op and case.get("element_type") == element_type and case.get("status") == "FAIL" and case.get("worst"):
            if worst is None or ulp_value(str(case["max_ulp"])) > ulp_value(str(worst[0]["max_ulp"])):
                worst = (case, case["worst"][0])
    if worst is None:
        return []
    case, element = worst
    size = FORMATS[element_type][3]
    args = []
    for operand in case["inputs"]:
        raw = bytes.fromhex(operand["hex"][2:])
        args.append(decode(element_type, raw[element["index"] * size:(element["index"] + 1) * size]))
    mp.prec = 300
    domain = definitional(op, args)
    if domain:
        exact_text, rounded = domain, element["expected_bits"]
    else:
      try:
        exact = MPMATH[op](*[mpf(a) for a in args])
        exact_text = (mpmath.nstr(exact, 25) if mpmath.isfinite(exact) else str(exact)) + " (mpmath, 300 bits)"
        rounded = bits_of(element_type, exact)
      except Exception as error:  # mpmath refuses some (zeta: "too much cancellation"); say so
        exact_text, rounded = f"(mpmath: {error})", "-"
    agrees = "" if rounded in ("-", element["expected_bits"]) else f" (mpmath rounds to {rounded}: check)"
    inputs = ", ".join(f"{a!r}" for a in args)
    return [f"- **`{op}` {element_type}**, worst of the run: `{case['id']}` element {element['position']}, "
            f"input {inputs}: exact {exact_text}, correctly rounded {element['expected_bits']}"
            f"{agrees}; torch {element['actual_bits']} ({element['actual']}), {ulp_text(element['ulp'])} ULP. "
            + WORST_CAUSES.get((op, element_type), "(cause not examined)")]


def rows_of(results):
    """(op, element type, max ULP, Markdown row) for every op and element type of the run, from results.json
    (summary.md lists only the first rows)."""
    groups = {}
    for case in results["cases"]:
        groups.setdefault((case.get("op", ""), case.get("element_type", "")), []).append(case)
    rows = []
    for (op, element_type), cases in sorted(groups.items()):
        statuses = {}
        for case in cases:
            statuses[case["status"]] = statuses.get(case["status"], 0) + 1
        other = ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()) if s not in ("PASS", "FAIL"))
        ulps = [(ulp_value(str(c.get("max_ulp", 0))), c["id"]) for c in cases if c["status"] == "FAIL"]
        worst = max(ulps, key=lambda u: u[0]) if ulps else (0.0, "")  # the first of the worst
        rows.append((op, element_type, worst[0],
                     f"| `torch` | `{op}` | `{element_type}` | {len(cases)} | {statuses.get('PASS', 0)} | {statuses.get('FAIL', 0)} | "
                     f"{other} | {ulp_text(worst[0]) if ulps else '-'} | {'`' + worst[1] + '`' if worst[1] else ''} |"))
    return rows


def ulp_text(ulp):
    if isinstance(ulp, (int, float)):
        return "inf" if math.isinf(ulp) else f"{ulp:.4g}"
    return str(ulp)


def ulp_value(text):
    text = text.strip()
    if text == "inf":
        return float("inf")
    try:
        return float(text)
    except ValueError:
        return -1.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100, help="cases per op, element type and strategy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hloconf", default="build/hloconf")
    ap.add_argument("--work-dir", default="/tmp/hloconf-torch-chlo-report")
    ap.add_argument("--out", default="docs/reports/torch-1.13-chlo.md")
    ap.add_argument("--reuse", action="store_true", help="write the report from the run already in --work-dir")
    args = ap.parse_args()
    os.chdir(ROOT)
    command = [args.hloconf, "run", "--backend", "torch", "gen:chlo.*", "--count", str(args.count), "--seed", str(args.seed),
               "-j", "2", "-q", "--report-dir", args.work_dir]
    run = subprocess.run(["true"] if args.reuse else command, capture_output=True, text=True)
    summary_path = os.path.join(args.work_dir, "summary.md")
    if not os.path.exists(summary_path):
        sys.exit(f"make_chlo_report: the run wrote no summary.md (exit status {run.returncode}):\n{run.stdout[-2000:]}{run.stderr[-2000:]}")
    with open(summary_path) as f:
        summary = f.read()
    totals = re.search(r"\*\*(\d+) cases\*\*: ([^\n]*)", summary)
    header = summary.splitlines()[4] if len(summary.splitlines()) > 4 else ""
    with open(os.path.join(args.work_dir, "results.json")) as f:
        results = json.load(f)
    parsed = rows_of(results)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    table_head = "| backend | op | element type | cases | PASS | FAIL | other | max ULP | worst case |\n| --- | --- | --- | ---: | ---: | ---: | --- | ---: | --- |\n"
    out = ["# torch 1.13 (CPU) on the chlo ops, against correctly rounded goldens\n",
           "Every element of every case is compared with the reference's MPFR value under the `default` profile: the "
           "chlo special functions exactly (the profile has no budget for them, so a FAIL is a torch result that is "
           "not the correctly rounded one), `chlo.tan` by tan's budget, `chlo.broadcast_<op>` by `<op>`'s rule, "
           "`chlo.ragged_dot` by the "
           "accumulation bound that dot_general gets. Written by `adapters/torch/make_chlo_report.py`.\n",
           "## How it was produced\n", "```", f"/usr/bin/python3 adapters/torch/make_chlo_report.py --count {args.count}", "```\n",
           f"- Date: {datetime.date.today().isoformat()}, hloconf commit `{commit}`; the run: `{' '.join(command[1:])}`.",
           f"- {header}" if header else "",
           f"- Totals: {totals.group(1)} cases: {totals.group(2)}.\n" if totals else "",
           "Element types torch has no kernel for (f16 for most special functions in torch 1.13) or no dtype "
           "(ui16, ui32, ui64) are UNSUPPORTED with the reason. torch has no mulhi, ragged_dot or scan: the adapter "
           "composes them from torch ops (adapters/torch/README.md), so their rows measure those compositions.\n",
           "## The special functions, worst ULP first\n", table_head.rstrip("\n")]
    out += [p[3] for p in sorted((p for p in parsed if p[0] in SPECIAL), key=lambda p: -p[2])]
    out += ["", "## The worst elements, one by one\n",
            "For each special function and type with a FAIL: the run's worst element, the exact value computed here "
            "by mpmath (not by the reference), the correctly rounded bits, torch's bits, and why torch is off.\n"]
    for op, element_type, _, _ in sorted((p for p in parsed if p[0] in SPECIAL), key=lambda p: -p[2]):
        if element_type in FORMATS:
            out += worst_evidence(results, op, element_type)
    out += ["", "## The structural ops\n", STRUCTURAL_NOTES]
    out += ["", "## Every op and element type\n", table_head.rstrip("\n")]
    out += [p[3] for p in parsed]
    with open(args.out, "w") as f:
        f.write("\n".join(line for line in out) + "\n")
    print(f"wrote {args.out}: {len(parsed)} rows")


if __name__ == "__main__":
    main()
