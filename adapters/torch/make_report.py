#!/usr/bin/python3
"""Writes docs/reports/torch-1.13-cpu.md: PyTorch (CPU) against the `spec` suite and a generated suite.

    /usr/bin/python3 adapters/torch/make_report.py --count 1000

runs, from the repository root,

    build/hloconf run --backend torch spec                                        -j 2 --report-dir W/spec
    build/hloconf run --backend torch gen:all --strategies special --count S ...  -j 2 --report-dir W/gen-special
    build/hloconf run --backend torch gen:all --strategies uniform --count N ...  -j 2 --report-dir W/gen-uniform
    build/hloconf run --backend torch gen:all --strategies normal --count M ...   -j 2 --report-dir W/gen-normal

(the gen: runs restricted with --dtypes to the element types torch has; `normal`, ML-shaped data, exists for
the products and reductions only), then reads the four results.json
files and writes the Markdown report. `--reuse` skips the runs and reads the reports already in the work
directory. The backend-independent parts (reading results, the summary, max-ULP and UNSUPPORTED tables) are
reports/python/conformance_report.py, shared with executors/make_report.py. Standard library only (Debian's
/usr/bin/python3).
"""

import argparse
import collections
import json
import math
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHLO_REPORT = os.path.join(ROOT, "docs", "reports", "torch-1.13-chlo.md")


def chlo_section():
    """The chlo ops' rows: their own run and report (adapters/torch/make_chlo_report.py, `gen:chlo.*`), whose
    special-function table is copied here so that this report has them too."""
    if not os.path.exists(CHLO_REPORT):
        return []
    with open(CHLO_REPORT) as f:
        text = f.read()
    start = text.find("## The special functions, worst ULP first")
    end = text.find("\n## ", start + 1)
    totals = re.search(r"- Totals: ([^\n]*)", text)
    date = re.search(r"- Date: ([^,]*), hloconf commit `([0-9a-f]+)`", text)
    if start < 0 or end < 0:
        return []
    table = [line for line in text[start:end].splitlines() if line.startswith("|")]
    return ["## The chlo ops", "",
            "The chlo ops (`gen:chlo.*`: the special functions, the broadcast_* family, top_k, mulhi, ragged_dot, scan, "
            "constant_like) run apart from the suites above, in [torch-1.13-chlo.md](torch-1.13-chlo.md) "
            + (f"({date.group(1)}, commit `{date.group(2)}`; {totals.group(1)})" if date and totals else "")
            + ", which has every op and type, and the worst element of each special function with mpmath's exact value "
            "and its cause. The special functions' rows, copied from it:", ""] + table + [""]
sys.path.insert(0, os.path.join(ROOT, "reports", "python"))
from conformance_report import (annex_g_equivalent, code, complex_parts, errors_section,  # noqa: E402
                                failure_kind, fmt_ulp, input_elements, inputs_at, is_nan_bits, is_snan_bits,
                                load_text, md_escape, parse_type, read_results, report_date, run_logged, summary_table,
                                ulp_grid, ulp_groups, ulp_value, unsupported_table)

TORCH_DTYPES = ["i1", "i8", "i16", "i32", "i64", "ui8", "f16", "bf16", "f32", "f64", "complex<f32>", "complex<f64>"]

# Causes of the torch deviations, checked by hand (torch 1.13.0a0, Debian, x86-64 AVX2, one thread) with the torch
# snippets quoted and mpmath for the exact values. Each: (key, class, op regex, element-type regex, text).
# class "kernel": a torch kernel computes something else than the spec's function (a bug or an approximation);
# class "numeric": a fixed-precision result in another order or with overflowing intermediates, where the exact
# result (what the reference rounds) differs: a real deviation from the spec's value, but not a kernel bug.
CAUSES = [
    ("sign-nan", "kernel", "sign", r"^(f16|bf16|f32|f64)$",
     "**Wrong special value: `sign(NaN)` is 0.** `torch.sign(torch.tensor([float('nan'), -0.0]))` is "
     "`tensor([0., 0.])`: NaN gives 0 (the spec: NaN) and -0.0 gives +0.0 (the spec: -0.0), as "
     "`(0 < x) - (x < 0)` gives: both comparisons are false for NaN and for -0.0."),
    ("log1p-cutoff", "kernel", "log_plus_one", r"^(bf16|f32|f64)$",
     "**A cutoff in the kernel: `log1p(x)` is +inf for every x > 1e38 (f32) or x > 1e307 (f64).** "
     "`torch.log1p(torch.tensor([3.4028235e38]))` is `inf`; the answer is log1p(3.4028235e38) = 88.72283905... "
     "(mpmath). The first f32 that gives inf is 1.0000000694e38 (0x7E96769A, the next float above 1e38); "
     "`torch.log1p(torch.tensor([1e307, 1.0000000000000001e307], dtype=torch.float64))` is "
     "`[706.8936, inf]`, and log1p(DBL_MAX) is 709.782712893384. This is Sleef's log1p (torch's vectorized "
     "CPU math), which returns infinity above these constants instead of computing log(x) there. bf16 is "
     "computed in f32 and inherits the f32 cutoff."),
    ("fmod-overflow", "kernel", "remainder", r"^(bf16|f16|f32|f64)$",
     "**Overflow of an intermediate in the vectorized `fmod`.** The vectorized loop of `torch.fmod` computes "
     "`a - trunc(a / b) * b`; when `a / b` overflows, the result is NaN although the exact remainder is finite "
     "(|r| < |b|). `torch.fmod(torch.tensor([3e38]*16), torch.tensor([1e-30]*16))` is NaN everywhere; with 15 "
     "elements (the scalar loop, `std::fmod`) it is 6.140135e-31, the exact fmod(3e38f, 1e-30f). With 17 "
     "elements the first 16 are NaN and the last is right: whether a case fails depends on the tensor's size "
     "(blocks of 16 f32 or 8 f64)."),
    ("cabs-overflow", "kernel", "abs", r"^complex",
     "**|z| without scaling.** The vectorized `torch.abs` of complex tensors computes `sqrt(re*re + im*im)`: "
     "`torch.abs(torch.tensor([3e20+4e20j]*8, dtype=torch.complex64))` is `inf` (answer: 5e20), and "
     "`3e-25+4e-25j` gives 0 (answer: 5e-25); complex128 overflows beyond about 1.3e154 "
     "(`3e160+4e160j` gives inf), and `inf + i NaN` gives NaN (hypot: inf). With fewer than 8 (complex64) "
     "elements torch takes a scalar path (`std::abs`, a hypot) and gets 5.0000001e20 and inf: the result "
     "depends on the tensor's size."),
    ("csgn", "kernel", "sign", r"^complex",
     "**`sgn(z) = z / |z|` with the unscaled |z|.** `torch.sgn(torch.tensor([-3e20+0j]*16, dtype=torch.complex64))` "
     "is `-0+0j` (answer: -1+0j); `-1e-30+0j` gives `0j` (16 elements) or `nan+nanj` (one element)."),
    ("csigmoid", "kernel", "logistic", r"^complex",
     "**`1 / (1 + exp(-z))` overflows.** `torch.sigmoid(torch.tensor([-90+1j]*16, dtype=torch.complex64))` is "
     "`nan+nanj`; the answer is 4.4272e-40+6.8950e-40j (mpmath), representable as f32 subnormals. exp(90) "
     "overflows f32, and `1 / (inf + inf*i)` is NaN. Where exp(-z) is finite but large, the complex division "
     "`1 / w` (see `cdiv`) flushes a normal result to 0 (the complex<f64> example below)."),
    ("cdiv", "kernel", "divide", r"^complex",
     "**Complex division without scaling.** The divisor's `c*c + d*d` overflows or underflows: "
     "`(torch.tensor([1+1j]*16, dtype=torch.complex64) / torch.tensor([2e19+2e19j]*16, dtype=torch.complex64))` "
     "is `0j`, where the answer is 5e-20 (a normal f32); with `1e19+1e19j` it is 1.0000000329e-19, nearly right. "
     "Quotients with subnormal parts come out 0 or NaN."),
    ("cadd-alpha", "kernel", "add|subtract", r"^complex",
     "**`a + alpha*b` with a complex alpha.** torch's add kernel computes `a + alpha * b` with `alpha = 1+0j` "
     "as a complex multiply, so an infinite or NaN part of b meets `0 * inf` or `0 * NaN` and spreads NaN to "
     "the other part: "
     "`torch.tensor([1+1j]*16, dtype=torch.complex64) + torch.tensor([complex(2, inf)]*16, dtype=torch.complex64)` "
     "is `nan+infj` (answer: 3+inf j); subtract gives `nan-infj`; with b = 1+NaN i the sum is `nan+nanj`, "
     "where the spec's componentwise sum has a finite real part. A NaN part in a stays in its part."),
    ("cwrap", "kernel", "after_all|call|case|composite|if|infeed|outfeed|while|map|scatter", r"^complex",
     "**Complex add/subtract/multiply inside a region or callee.** These programs run complex `add`, "
     "`subtract` or `multiply` in a callee, branch, loop body or combiner; the failures are those ops' "
     "deviations with infinite parts (cadd-alpha, cmul)."),
    ("cmul", "kernel", "multiply", r"^complex",
     "**No C99 Annex G recovery for infinite parts.** Complex multiply is `(ac - bd) + (ad + bc)i`: "
     "`torch.tensor([complex(inf, inf)]*16, dtype=torch.complex64) * torch.tensor([1+0j]*16, dtype=torch.complex64)` "
     "is `nan+nanj`, where the product (Annex G, as the spec's reference computes) is an infinity. And an "
     "overflowing part can get the wrong sign: `torch.tensor([4.3809359954346246e272-3.993258150660613e170j]*3, "
     "dtype=torch.complex128) * torch.tensor([-9.641497252690517e263+2.168924519981451e305j]*3, "
     "dtype=torch.complex128)` is `inf+infj`, where the real part ac - bd = -4.2e536 + 8.7e475 is -inf. "
     "(That is what `fma(a, c, -(b*d))` gives: b*d rounds to -inf first and wins over the unrounded a*c.) "
     "Which of these a case gets can depend on its other elements (vectorized or scalar loop)."),
    ("cconv", "kernel", "convolution|dynamic_conv", r"^complex",
     "**Complex convolution with infinite parts.** The spec's convolution sums the complex products "
     "`(ar br - ai bi) + (ar bi + ai br)i` of each window; the reference sums those real products exactly. "
     "For `gen/convolution/complex<f32>/special/1/2` (an input `-1+infj` against a filter `0.5+3j`, the other "
     "terms finite) that is `-inf+infj` at output [0, 0], and so is the same sum done as four real "
     "convolutions, `conv(xr, wr) - conv(xi, wi)` and `conv(xr, wi) + conv(xi, wr)`; "
     "`torch.nn.functional.conv1d` on the complex tensors gives `nan+nanj` there (and on every output of "
     "that batch), so its complex convolution does not compute these products one by one. The few finite "
     "FAILs of these rows are ULP deviations of the same kind as the real types'."),
    ("bf16conv-daz", "kernel", "convolution|dynamic_conv", r"^bf16$",
     "**bf16 convolution flushes subnormals to zero.** "
     "`torch.nn.functional.conv1d(torch.tensor([[[1.17e-38]]], dtype=torch.bfloat16), "
     "torch.tensor([[[float('inf')]]], dtype=torch.bfloat16))` is `nan` (the subnormal input read as 0, "
     "and 0 * inf), where the product, and the same convolution in f32, is `inf`; and a subnormal input "
     "1.0e-39 times 2.0 gives 0 where the exact 2.02e-39 is a bf16 subnormal. The spec's bf16 has "
     "subnormals; the accumulation bound allows any order and rounding of the products, not dropping "
     "inputs, so these FAIL: the `nan` ones have an infinite exact result, the `ulp` ones a product of a "
     "subnormal input that carries the sum (in `gen/convolution/bf16/special/1/41`, 3.39e38 * 1.17e-38 = 3.95 "
     "at output [0, 1, 0], where torch gives 0)."),
    ("exp-cutoff", "kernel", "exponential", r"^f64$",
     "**A cutoff in the kernel: `exp(x)` is +inf for x > 709.78271114955742.** Sleef's exp (torch's vectorized "
     "CPU math) returns infinity above that constant, but exp(x) is finite up to ln(DBL_MAX) = "
     "709.782712893384: `torch.exp(torch.tensor([709.782712893384], dtype=torch.float64))` is `inf`, the "
     "answer is 1.7976931348622732e308 (mpmath). The first f64 that gives inf is 709.7827111495576."),
    ("pow-overflow", "kernel", "power", r"^(f32|f64|bf16|f16)$",
     "**The vectorized `pow` overflows before the result does.** `torch.pow(torch.tensor([1.3407807929942594e154]*8, "
     "dtype=torch.float64), torch.tensor([2.0]*8, dtype=torch.float64))` is `inf`; the answer is "
     "1.7976931348623151e308 (finite, `math.pow` gives it), and `pow(DBL_MAX, 0.9999999999999999)` = "
     "1.797693134862174e308 is inf too. With fewer than 8 elements torch takes the scalar path (`std::pow`) "
     "and is right: the result depends on the tensor's size."),
    ("cexp", "kernel", "exponential|sine|cosine|tan|tanh|rsqrt|sqrt|power", r"^complex",
     "**Complex kernels overflow in intermediates.** Complex `exp(x+iy)` is `exp(x) * (cos y + i sin y)`, and "
     "exp(x) overflows before the product: `torch.exp(torch.tensor([89+2j]*16, dtype=torch.complex64))` is "
     "`-inf+infj`, the answer is -1.8683e38 + inf i (the real part is finite). The failures of complex sin, "
     "cos, tan, tanh, rsqrt, sqrt and pow are of the same kind (an infinity or NaN where the answer is finite, "
     "for large or infinite parts; see the examples), plus errors of 2 ULP on ordinary inputs: torch's "
     "cos(1+1i) has the real part 0x3F556F53, the correctly rounded one is 0x3F556F55 (spec/cosine/edge-complex)."),
    ("quantize-wrap", "kernel", "uniform_quantize", r".*",
     "**Out-of-range values wrap before the clamp.** `torch.quantize_per_tensor` converts `x / scale + zp` to "
     "int64 before clamping to the storage range; from 2^63 on the conversion gives INT64_MIN, which clamps "
     "to the storage minimum: `torch.quantize_per_tensor(torch.tensor([1e19]), 1.0, 0, torch.quint8).int_repr()` "
     "is 0 (the spec: 255; 9e18 gives 255), and qint8 gives -128 for 1e19, 3e38 and +inf (the spec: 127)."),
    ("rng-b", "kernel", "rng", r".*",
     "**`uniform_(a, b)` returns b.** As if torch computed `a + (b - a) * u` with u in [0, 1) and rounded to "
     "nearest in the tensor's format, the result can be b, outside the spec's [a, b): with b the next float after "
     "a = 1.0, `torch.empty(100000).uniform_(1.0, 1.0000001)` returns b for about half the elements (50094 "
     "with seed 0); bf16 and f64 alike. (rng cases check the range, so the golden value is `true`.)"),
    ("numeric", "numeric",
     r"dot_general|convolution|dynamic_conv|reduce|reduce_window|triangular_solve|cholesky|fft|batch_norm_.*|graph"
     r"|select_and_scatter",
     r".*",
     "**Accumulation order, conditioning, overflowing intermediates.** The exact result (what the reference "
     "rounds) is an infinity or a large or tiny finite number, and torch's partial sums in its own order and "
     "format overflow or cancel first: `+inf + -inf` is NaN, an infinity of the other sign stays, a near-zero "
     "FFT output or a factor of an ill-conditioned matrix "
     "is far in ULP, and `torch.var_mean` (Welford's update `mean += (x - mean) / n`) gives NaN for a mean "
     "with an infinite element: `torch.var_mean(torch.tensor([inf, 1., 2., 3.]), dim=0, unbiased=False)` is "
     "`(nan, nan)`, where the mean is inf. These are deviations from the spec's exactly rounded value that any "
     "fixed-precision "
     "implementation with another order shows, not kernel bugs. (`dynamic_conv` is judged by the accumulation "
     "bound like convolution; a `graph` case allows 64 ULP for its whole chain, a chosen budget, and a FAIL there "
     "is a lead for `hloconf minimize`, not a verdict.)"),
]


ANNEX_G_OPS = {"sine", "cosine", "tan", "tanh", "sqrt", "rsqrt", "power", "exponential", "log", "logistic"}


def not_torch(case):
    """A reason when a FAIL is not a torch deviation (a generator or reference issue), else None."""
    op = case["op"]
    ins = input_elements(case)
    if op == "sort":
        if any(bits and any(is_nan_bits(et, b) for b in bits) for et, bits in ins if et in
               ("f16", "bf16", "f32", "f64", "complex<f32>", "complex<f64>")):
            return ("sort-nan", "generator: a sort whose FLOAT comparator sees NaN keys. `compare LT/GT` on NaN is "
                    "no strict weak order, so the spec leaves the order open and the reference's order is one of "
                    "many (torch puts NaN last). generators/programs_movement.cc keeps such keys finite "
                    "(`finite_only`), but the `special` strategy ignores the hint.")
    if op == "uniform_quantize":
        w = (case.get("worst") or [{}])[0]
        et, bits = ins[0] if ins else (None, None)
        i = w.get("index", -1)
        if bits and 0 <= i < len(bits) and is_nan_bits(et, bits[i]):
            return ("quantize-nan", "reference: `uniform_quantize(NaN)` has the golden value 0; the conversion of "
                    "NaN to an integer is implementation-defined (as for `convert`), so the element should be "
                    "IMPL_DEFINED (torch gives the storage minimum).")
    if op == "power" and not (case["element_type"] or "").startswith("complex"):
        w = (case.get("worst") or [{}])[0]
        if str(w.get("expected")) == "1.0" and any(bits and any(is_snan_bits(et, b) for b in bits)
                                                  for et, bits in ins if et in ("f16", "bf16", "f32", "f64")):
            return ("pow-snan", "reference: `power(sNaN, 0)` has the golden value 1. IEEE 754-2019 9.2.1 makes "
                    "pow(x, ±0) = 1 for a *quiet* NaN; a signaling NaN operand signals and gives a quiet NaN, "
                    "which is what torch returns for bf16, and for f32 in its scalar loop (fewer than 16 "
                    "elements; 1.0 from 16 on). At least implementation-defined.")
    if op == "dynamic_conv" and "exact" in (case.get("rule") or ""):
        return ("dynamic-conv-exact", "profile: reports/profiles/default.json has no accumulation rule for "
                "`dynamic_conv` (the `accumulation` rule names `convolution` but not `dynamic_conv`), so its "
                "results are compared exactly and every rounding difference of another summation order fails. "
                "`convolution` cases with the same kind of inputs are judged by the accumulation bound; the "
                "dynamic_conv failures that would fail that bound too (NaN or an infinity of the other sign) are "
                "the `numeric` kind shown for convolution. Not judged here until the profile covers the op.")
    if op == "batch_norm_grad":
        dims, _ = parse_type((case.get("inputs") or [{}])[0].get("type", ""))
        bad = [w for w in case.get("worst") or [] if w.get("category") != "within"]
        if dims is not None and 0 in dims and bad and (case.get("mismatches") or 0) <= len(bad) and all(
                w.get("output") == 1 and str(w.get("actual")) in ("0.0", "-0.0") for w in bad):
            return ("bn-grad-empty", "reference: for an operand with no elements per feature, the reference "
                    "gives `grad_scale` = NaN where the spec's decomposition gives 0. The spec reduces "
                    "`grad_output * normalized_operand` (an empty sum, 0); the reference computes "
                    "`(Σ grad_output·centered) / sqrt(variance + epsilon)` (reference/kernels_convolution.cc, "
                    "docs/accumulation.md), which is 0/0 or 0/NaN when variance + epsilon is 0 or negative.")
    if (case["element_type"] or "").startswith("complex") and op in ANNEX_G_OPS:
        worst = case.get("worst") or []
        bad = [w for w in worst if w.get("category") != "within"]
        if bad and (case.get("mismatches") or 0) <= len(bad) and all(
                annex_g_equivalent(complex_parts(w.get("expected_bits")), complex_parts(w.get("actual_bits")))
                for w in bad):
            return ("complex-nan-part", "reference strictness: the golden element is NaN + iNaN where torch's has "
                    "one NaN part and a zero or infinite other part, or both are NaN ± i∞ (or ±∞ + iNaN) with "
                    "another sign of the infinity. C11 Annex G gives a zero (ctanh(±0 + iNaN) = ±0 + iNaN, "
                    "ctanh(+0 ± i∞) = +0 + iNaN, ctan through ctanh) or leaves the sign of the infinity "
                    "unspecified (csin(NaN ∓ i∞) = NaN ± i∞, csqrt(-∞ + iNaN) = NaN ± i∞); complex pow with a "
                    "NaN "
                    "or overflowing operand has no special-value rule. torch's results are allowed there.")
    return None


def hloconf_cmd(args):
    return [os.path.join(ROOT, args.hloconf)]


def run_suites(args, work):
    dtypes = ",".join(TORCH_DTYPES)
    runs = [
        ("spec", ["spec"]),
        ("gen-special", ["gen:all", "--strategies", "special", "--count", str(args.special_count), "--seed",
                         str(args.seed), "--dtypes", dtypes]),
        ("gen-uniform", ["gen:all", "--strategies", "uniform", "--count", str(args.count), "--seed",
                         str(args.seed), "--dtypes", dtypes]),
        ("gen-normal", ["gen:all", "--strategies", "normal", "--count", str(args.normal_count), "--seed",
                        str(args.seed), "--dtypes", dtypes]),
    ]
    walls = {}
    for name, sources in runs:
        out = os.path.join(work, name)
        cmd = hloconf_cmd(args) + ["run", "--backend", "torch"] + sources + ["-j", str(args.jobs), "-q",
                                                                            "--report-dir", out]
        run_logged(cmd, ROOT, name, walls)
    walls["commit"] = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                     text=True).stdout.strip()
    with open(os.path.join(work, "walls.json"), "w") as f:
        json.dump(walls, f)
    return walls


def cause_of(op, et):
    """(key, class, text) of the first CAUSES entry for (op, element type), or None."""
    for key, cls, op_pat, et_pat, text in CAUSES:
        if re.fullmatch(op_pat, op) and re.search(et_pat, et):
            return key, cls, text
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=1000, help="uniform random cases per op and element type")
    ap.add_argument("--special-count", type=int, default=100, help="special-value cases per op and element type")
    ap.add_argument("--normal-count", type=int, default=1000,
                    help="normal (N(0,1) data, N(0,1/fan-in) weights) cases per op and element type")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--hloconf", default="build/hloconf")
    ap.add_argument("--work-dir", default="/tmp/hloconf-torch-report")
    ap.add_argument("--out", default="docs/reports/torch-1.13-cpu.md")
    ap.add_argument("--reuse", action="store_true", help="do not run; read the reports in --work-dir")
    ap.add_argument("--max-failures", type=int, default=30, help="entries in 'Most interesting failures'")
    args = ap.parse_args()

    work = os.path.abspath(args.work_dir)
    os.makedirs(work, exist_ok=True)
    if args.reuse:
        with open(os.path.join(work, "walls.json")) as f:
            walls = json.load(f)
    else:
        walls = run_suites(args, work)

    suites = [("spec", "spec suite (cases/)"),
              ("gen-special", f"generated, special values ({args.special_count} per op and element type)"),
              ("gen-uniform", f"generated, uniform random ({args.count} per op and element type)"),
              ("gen-normal", f"generated, normal (ML-shaped data, {args.normal_count} per op and element type)")]
    data = {}
    headers = {}
    for name, _ in suites:
        headers[name], data[name] = read_results(os.path.join(work, name, "results.json"))

    commit = walls.get("commit") or subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                                   capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True,
                           text=True).stdout.strip()
    try:
        torch_version = subprocess.run(["/usr/bin/python3", "-c", "import torch; print(torch.__version__)"],
                                       capture_output=True, text=True, timeout=120).stdout.strip()
    except Exception:  # noqa: BLE001
        torch_version = "?"
    date = report_date(headers["spec"])

    cmd = f"/usr/bin/python3 adapters/torch/make_report.py --count {args.count}"
    if args.special_count != 100:
        cmd += f" --special-count {args.special_count}"
    if args.normal_count != 1000:
        cmd += f" --normal-count {args.normal_count}"
    if args.seed != 1:
        cmd += f" --seed {args.seed}"
    if args.jobs != 2:
        cmd += f" -j {args.jobs}"

    load_note = load_text(walls)
    L = []
    L.append("# Conformance report: PyTorch 1.13 (CPU) against StableHLO")
    L.append("")
    L.append("PyTorch's CPU kernels, run through the torch adapter (adapters/torch/, eager, one torch thread per "
             "process), against the `spec` suite and a generated suite. Every FAIL below is a difference "
             "between torch's result and the reference's golden value beyond the default tolerance profile "
             "(reports/profiles/default.json).")
    L.append("")
    L.append("## How it was produced")
    L.append("")
    L.append("```")
    L.append(cmd)
    L.append("```")
    L.append("")
    refs = sorted({headers[n].get("reference_version", "?") for n, _ in suites})
    L.append(f"- Date: {date}. hloconf commit `{commit}`" + (" (with local changes)" if dirty else "") +
             f", reference version `{', '.join(refs)}`" + (" (**the runs used different reference versions**)"
                                                            if len(refs) > 1 else "") +
             f", profile `{headers['spec'].get('profile', '?')}`.")
    L.append(f"- torch `{torch_version}` (Debian's python3-torch, CPU), x86-64, `-j {args.jobs}`, "
             f"{os.cpu_count()} cores{load_note}.")
    L.append(f"- Generated suite: `gen:all`, seed {args.seed}, element types torch has "
             f"(`--dtypes {','.join(TORCH_DTYPES)}`): `--strategies special --count {args.special_count}` and "
             f"`--strategies uniform --count {args.count}` and `--strategies normal --count {args.normal_count}`, "
             f"i.e. {args.special_count} special-value cases, {args.count} uniform random cases and "
             f"{args.normal_count} normal cases per op and element type. `normal` (N(0,1) data, N(0,1/fan-in) "
             "weights: what a trained model's tensors look like) exists for the products and reductions only: "
             "dot_general, convolution, dynamic_conv, reduce and reduce_window.")
    if args.count < 1000:
        wall_u = headers["gen-uniform"].get("wall_seconds") or walls.get("gen-uniform", 0)
        L.append(f"- **The uniform count is {args.count}, not the 1,000 of the issue** (and of the script's default): "
                 f"the uniform run took {wall_u / 60:.0f} min for {args.count} cases per op and element type on "
                 f"this machine ({os.cpu_count()} cores, shared with other jobs{load_note}), so 1,000 would take "
                 f"about {wall_u * 1000 / args.count / 60:.0f} min at that speed. A first run with 1,000 was stopped "
                 "when the load of other jobs (builds and test runs, load average up to 13) projected it beyond "
                 "the 45 minutes this report's run was allowed, and the report was made with a count that fitted "
                 "with a margin. `make_report.py --count 1000` runs the full suite.")
    L.append("- The commands it ran (the work directory keeps the four report files of each run):")
    L.append("")
    L.append("```")
    for name, _ in suites:
        L.append(headers[name].get("command_line", ""))
    L.append("```")
    L.append("")
    L.append("## Summary")
    L.append("")
    L += summary_table(suites, data, headers, walls)
    total_cases = sum(len(v) for v in data.values())
    L.append("")

    allcases = [(name, x) for name, _ in suites for x in data[name]]
    # classify the FAILs
    for name, x in allcases:
        if x["status"] != "FAIL":
            continue
        nt = not_torch(x)
        if nt:
            x["class"], x["cause"], x["cause_text"] = "not-torch", nt[0], nt[1]
            continue
        c = cause_of(x["op"], x["element_type"] or "")
        if c:
            x["cause"], x["class"], x["cause_text"] = c
        else:
            x["class"], x["cause"], x["cause_text"] = "unexplained", "", ""
    fails = [(name, x) for name, x in allcases if x["status"] == "FAIL"]
    by_class = collections.Counter(x["class"] for _, x in fails)
    L.append(f"Of the {len(fails)} FAILs, {by_class.get('kernel', 0)} are torch kernel deviations with an explained "
             f"cause (class *kernel* below), {by_class.get('numeric', 0)} are deviations from the exactly rounded "
             f"result by accumulation order, conditioning or overflowing intermediates (class *numeric*, no kernel "
             f"bug), {by_class.get('unexplained', 0)} are not explained, and {by_class.get('not-torch', 0)} are "
             "**not torch deviations** but generator or reference issues (section \"FAILs that are not torch "
             "deviations\"); those are left out of the FAIL counts of the tables below.")
    L.append("")

    L += chlo_section()

    # --- max ULP per op x element type
    groups, ops, types, others = ulp_groups(allcases, TORCH_DTYPES, lambda x: x["class"] == "not-torch")
    L.append("## Max ULP error per op and element type")
    L.append("")
    L.append("All four suites together. A cell is the largest ULP distance over the float elements that torch "
             "computed, over all its cases (`0`: every float element exact; `int`: only integer or boolean elements, "
             "compared exactly), then **F n** when n cases FAILed, E n for ERROR/CRASH/TIMEOUT, and g n for FAILs "
             "that are generator or reference issues (not counted, their ULP left out). `U`: every case UNSUPPORTED. "
             "Empty: no case. A large ULP value within a PASS comes from an element whose tolerance is a derived "
             "error bound (accumulations) rather than ULPs. `none`: ops without an element type (tokens). "
             "Columns with every case UNSUPPORTED are not shown: "
             + ", ".join(others) + " (element types torch lacks, refused by the handshake).")
    L.append("")
    L += ulp_grid(groups, ops, types)
    L.append("")

    # --- failures per op and kind
    L.append("## Failures by op and kind")
    L.append("")
    L.append("Kinds: `nan` torch gave NaN where the answer is a number; `number-for-nan` the reverse; `overflow` "
             "torch gave an infinity for a finite answer; `lost-inf` a finite value for an infinite answer; "
             "`inf-sign` an infinity of the wrong sign; `ulp` a finite value too far from the answer. "
             "Cause: the key of the explanation in [Causes](#causes). Example: a torch-deviation case of the group; "
             "`build/hloconf repro '<ID>' --backend torch '<ID>'` (a spec case: its .mlir file as the last "
             "argument) writes it as a standalone program, `build/hloconf run --backend torch '<ID>'` shows the "
             "expected and torch's value.")
    L.append("")
    L.append("| op | element type | FAIL (spec / special / uniform) | kinds | max ULP | class | cause | example |")
    L.append("| --- | --- | ---: | --- | ---: | --- | --- | --- |")
    fg = collections.defaultdict(lambda: {"by": collections.Counter(), "kinds": collections.Counter(), "ulp": -1.0,
                                          "causes": collections.Counter(), "classes": collections.Counter(),
                                          "example": None})
    for name, x in fails:
        g = fg[(x["op"], x["element_type"])]
        g["by"][name] += 1
        g["kinds"][failure_kind(x)] += 1
        g["causes"][x["cause"]] += 1
        g["classes"][x["class"]] += 1
        u = ulp_value(x["max_ulp"])
        g["ulp"] = math.inf if math.isnan(u) else max(g["ulp"], u)
        if x["class"] != "not-torch" and (g["example"] is None or len(x["id"]) < len(g["example"])):
            g["example"] = x["id"]
    for (o, t), g in sorted(fg.items()):
        by = " / ".join(str(g["by"].get(n, 0)) for n, _ in suites)
        kinds = ", ".join(f"{k} {v}" for k, v in g["kinds"].most_common())
        classes = ", ".join(f"{k} {v}" if len(g["classes"]) > 1 else k for k, v in g["classes"].most_common())
        causes = ", ".join(k for k, _ in g["causes"].most_common() if k)
        example = code(g["example"]) if g["example"] else ""
        L.append(f"| {o} | {md_escape(t)} | {by} | {kinds} | {fmt_ulp(g['ulp'])} | {classes} | {causes} | {example} |")
    L.append("")

    # --- causes
    L.append("## Causes")
    L.append("")
    L.append("Each checked by hand on this machine with the torch snippet quoted (torch's CPU kernels, one thread) "
             "and mpmath (python3-mpmath) for the exact values. Several depend on the tensor's size, because "
             "torch's vectorized loop and its scalar loop for the remainder compute differently.")
    L.append("")
    used = collections.Counter(x["cause"] for _, x in fails)
    for key, cls, op_pat, et_pat, text in CAUSES:
        if used.get(key):
            L.append(f"- `{key}` ({cls}; {used[key]} FAILs): {text}")
    L.append("")

    # --- most interesting failures
    L.append("## Most interesting failures")
    L.append("")
    L.append("One case per op, element-type family and kind of failure (at most two per op and per cause), kernel "
             "deviations first, in the order of [Causes](#causes). "
             "The repro command (`hloconf` is build/hloconf) writes the case as a standalone program with the exact "
             "input bits; `build/hloconf run --backend torch '<ID>'` reruns it. Inputs are shown for elementwise "
             "ops, with their bits.")
    L.append("")
    picked = {}
    for name, x in fails:
        if x["class"] == "not-torch":
            continue
        fam = "complex" if (x["element_type"] or "").startswith("complex") else "real"
        key = (x["op"], fam, failure_kind(x))
        u = ulp_value(x["max_ulp"])
        u = math.inf if math.isnan(u) else u
        best = picked.get(key)
        # prefer spec cases, then small cases (readable), then large ULP
        w0 = (x.get("worst") or [{}])[0]
        shown_in = inputs_at(x, w0.get("index", 0), x.get("elements") or 0) or []
        plain = not any("nan" in v for v in shown_in)
        score = (name == "spec", plain, -(x.get("elements") or 0) if (x.get("elements") or 0) > 8 else 0, u)
        if best is None or score > best[0]:
            picked[key] = (score, name, x)
    order = {"kernel": 0, "unexplained": 1, "numeric": 2}
    cause_rank = {c[0]: i for i, c in enumerate(CAUSES)}
    entries = sorted(picked.values(), key=lambda e: (order.get(e[2]["class"], 3), cause_rank.get(e[2]["cause"], 99),
                                                     -e[0][1], e[2]["op"], e[2]["element_type"]))
    per_op = collections.Counter()
    per_cause = collections.Counter()
    shown = 0
    elementwise_like = re.compile(r"^(?!dot_general|convolution|dynamic_conv|reduce|reduce_window|fft|triangular_solve|"
                                  r"cholesky|batch_norm_.*|map|while|graph|call|case|if|composite|after_all|infeed|"
                                  r"outfeed|scatter|sort|select_and_scatter)")
    for _, name, x in entries:
        if shown >= args.max_failures:
            break
        if per_op[x["op"]] >= (1 if x["class"] == "numeric" else 2) or \
                per_cause[x["cause"]] >= (6 if x["class"] == "numeric" else 2):
            continue
        per_op[x["op"]] += 1
        per_cause[x["cause"]] += 1
        shown += 1
        w = (x.get("worst") or [{}])[0]
        L.append(f"### {x['op']} {md_escape(x['element_type'])}: {failure_kind(x)}")
        L.append("")
        L.append(f"- case: {code(x['id'])} ({name}), {x.get('mismatches')} of {x.get('elements')} elements "
                 f"beyond tolerance, rule `{x.get('rule')}`")
        L.append(f"- repro: {code(x.get('repro') or '')}")
        nelems = x.get("elements") or 0
        ins = inputs_at(x, w.get("index", 0), nelems) if w else None
        if ins is not None and elementwise_like.match(x["op"]):
            L.append(f"- input at {w.get('position')}: " + ", ".join(code(v) for v in ins))
        else:
            L.append("- inputs: " + ", ".join(code(i.get("type", "")) for i in x.get("inputs") or [])
                     + " (bits in the repro)")
        if w:
            L.append(f"- expected {code(str(w.get('expected')))} (`{w.get('expected_bits')}`), torch "
                     f"{code(str(w.get('actual')))} (`{w.get('actual_bits')}`), {fmt_ulp(ulp_value(w.get('ulp')))} ULP"
                     f" at output {w.get('output')} {w.get('position')}")
        if x["cause"]:
            L.append(f"- cause: `{x['cause']}` ({x['class']}, see [Causes](#causes))")
        L.append("")

    # --- not torch
    L.append("## FAILs that are not torch deviations")
    L.append("")
    L.append("hloconf reports these as FAIL, but the golden value or the case is at fault, not torch. They are "
             "reported to the generator and reference owners and left out of the FAIL counts above.")
    L.append("")
    nts = collections.defaultdict(list)
    for name, x in fails:
        if x["class"] == "not-torch":
            nts[x["cause"]].append((name, x))
    if not nts:
        L.append("None.")
    for key, lst in sorted(nts.items()):
        name, x = lst[0]
        w = (x.get("worst") or [{}])[0]
        L.append(f"- `{key}` ({len(lst)} FAILs, e.g. {code(x['id'])}: expected {code(str(w.get('expected')))}, "
                 f"torch {code(str(w.get('actual')))}): {x['cause_text']}")
    L.append("")

    # --- unsupported
    L.append("## UNSUPPORTED, grouped by reason")
    L.append("")
    L.append("A case is UNSUPPORTED when its program uses an element type that torch lacks anywhere, not only in "
             "its main operands: most `ui32` and `ui64` lines are cases of the listed element types whose "
             "programs also hold `ui32`/`ui64` values (index and shape operands, replica and partition ids, "
             "channel and collective operands). "
             "The other lines are torch's own messages (no CPU kernel for that dtype) or ops torch does not "
             "have with StableHLO's meaning.")
    L.append("")
    L += unsupported_table(allcases)
    L.append("")

    # --- errors
    L += errors_section(allcases)
    L.append("")

    out = os.path.join(ROOT, args.out)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(L))
    print(f"wrote {args.out}: {total_cases} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
