#!/usr/bin/python3
"""The conformance reports of a GPU-machine run (bench/gpu/device_check.sh): XLA:GPU, XLA:CPU and our CUDA executor.

    /usr/bin/python3 bench/gpu/make_reports.py REPORTS_DIR [--date YYYY-MM-DD]

REPORTS_DIR is $OUT/reports.tar.xz of device_check.sh, unpacked: one folder per backend (results.json, or only
journal.jsonl for a run stopped by its time limit) and summary.txt beside it (or in its parent folder). Writes
docs/reports/xla-gpu-h100.md, docs/reports/xla-cpu.md and docs/reports/cuda-h100.md. Every FAIL is matched to a
cause of CAUSES (checked by hand against the reference's exactly rounded value, which MPFR computes; each entry
says how) or listed as unexplained.
"""
import argparse
import collections
import json
import math
import os
import re
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "reports", "python"))
from conformance_report import (BAD, code, errors_section, failure_kind, fmt_ulp, input_elements,  # noqa: E402
                                inputs_at, md_escape, one_of, read_results, report_date, ulp_grid, ulp_groups, ulp_value,
                                worst)

TYPE_ORDER = ["i1", "i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64", "f16", "bf16", "f32", "f64",
              "complex<f32>", "complex<f64>"]
FLOAT_BITS = {"f16": (16, 5, 10), "bf16": (16, 8, 7), "f32": (32, 8, 23), "f64": (64, 11, 52)}


def is_subnormal(et, bits):
    if et not in FLOAT_BITS:
        return False
    total, exp_bits, mant_bits = FLOAT_BITS[et]
    exponent = (bits >> mant_bits) & ((1 << exp_bits) - 1)
    return exponent == 0 and bits & ((1 << mant_bits) - 1) != 0


def part_type(et):
    """The float type of an element type's parts: complex<f32> -> f32."""
    return et[len("complex<"):-1] if et.startswith("complex<") else et


def touches_subnormal(case):
    """Whether a part of the worst element's expected value, or an input element the case holds, is subnormal."""
    w = worst(case)
    et = part_type(case.get("element_type") or "")
    for part in str(w.get("expected_bits", "")).split(","):
        try:
            if is_subnormal(et, int(part, 16)):
                return True
        except ValueError:
            pass
    for input_type, elements in input_elements(case):
        if input_type.startswith("complex<"):
            half = FLOAT_BITS.get(part_type(input_type), (0,))[0]
            elements = [b >> shift & ((1 << half) - 1) for b in elements if b is not None for shift in (0, half)] if half else []
            input_type = part_type(input_type)
        if elements and any(b is not None and is_subnormal(input_type, b) for b in elements):
            return True
    return False


# Causes of the FAILs, each checked by hand. (key, backends, op regex, element-type regex, predicate, text).
CAUSES = [
    ("xla-cpu-flushes-subnormals", {"xla-cpu"}, r".*", r"^(f16|bf16|f32|f64|complex<f32>|complex<f64>)$",
     lambda case: touches_subnormal(case) or one_of("gen/convolution/bf16/log-uniform/1/3")(case),
     "**XLA:CPU flushes subnormal numbers to zero**, as inputs and as results (its runtime runs compiled code "
     "with the CPU's flush-to-zero and denormals-are-zero modes on). The spec's ops are IEEE-754 operations, "
     "which keep subnormals: `add(1.1754942e-38, 1.4e-45)` is 1.1754944e-38 (0x00800000, exact), XLA:CPU gives 0; "
     "`ceil(1.4e-45)` is 1.0 and `floor(-1.4e-45)` is -1.0, XLA:CPU gives 0.0 and -0.0 (it reads the input as "
     "zero); `sqrt`, `rsqrt`, `log`, `cbrt`, `sign`, `convert` (f32 subnormal to f64 or to i1) and `remainder` "
     "by a subnormal divisor (NaN for a division by the flushed zero) follow. A subnormal product inside a "
     "sum is flushed too: in gen/convolution/bf16/log-uniform/1/3, element [3, 0, 0, 1] is "
     "5.7518482e-6 x -4.0251936e-32 + 2.879961e-37 x 0.024291992 = -2.3152303e-37 + 6.9959994e-39 (a "
     "subnormal product), exactly -2.2452304e-37, which rounds to bf16 0x8299; XLA:CPU gives 0x829E, the "
     "first product alone rounded (5 ULP), and -0 becomes +0 in element [3, 1, 0, 0]. The expected values are the "
     "reference's, exact (MPFR) and rounded once; the cases hold the input bits. XLA:GPU does not flush f32 "
     "(the same spec cases PASS there)."),
    ("approximate-f32-divide-sqrt", {"xla-gpu"}, r"divide|sqrt|map", r"^f32$",
     lambda case: ulp_value(worst(case).get("ulp")) <= 2 and (case["op"] != "map" or one_of("gen/map/f32/uniform/1/2")(case)),
     "**XLA:GPU's f32 `divide` and `sqrt` are not correctly rounded.** IEEE 754 (and so the spec) makes both "
     "exact operations rounded once; the `default` profile allows them 0 ULP. XLA:GPU returns the neighbour of "
     "the right result on about one case in five: `sqrt(4.350194e-05)` (0x383675DB) is 0.0065956004 "
     "(0x3BD81FE8, the MPFR value rounded to nearest), XLA:GPU 0x3BD81FE7; `divide(-536.16046, 4.0698164e-11)` "
     "is -1.3174070e13 (0xD53FB53C), XLA:GPU 0xD53FB53D. A `map` whose body divides inherits it: in "
     "gen/map/f32/uniform/1/2 (body x / y - z), -2.1270622e-12 / -3.082711e-35 rounds to 6.8999726e22 "
     "(0x6569C7B9), XLA:GPU's quotient is 0x6569C7BA, and the subtraction of -1.0867554e-13 keeps it; in "
     "element [2, 0] the quotient 0xDAFFA0FE instead of 0xDAFFA0FF gives 0xDAFBD7C0 after subtracting, "
     "where the exact steps give 0xDAFBD7C1. The same cases PASS on XLA:CPU and on our CUDA "
     "executor (which compiles with -prec-div=true -prec-sqrt=true), so this is XLA:GPU's choice of the "
     "approximate PTX instructions, not the hardware."),
    ("tanh-approximation", {"xla-cpu", "xla-gpu"}, r"tanh", r"^f32$", lambda case: ulp_value(worst(case).get("ulp")) <= 8,
     "**f32 `tanh` is a rational approximation of up to 3 ULP** (Eigen's fast tanh, which XLA emits on CPU and "
     "GPU), over the 2 ULP that the `default` profile allows: tanh(0.05638596) (0x3D66F4F7) is 0.056326278 "
     "(0x3D66B662, MPFR), XLA 0x3D66B65F."),
    ("complex-tiny-parts-lost", {"xla-cpu", "xla-gpu"}, r"sine|cosine|tan|tanh|sqrt|sign|divide|multiply|subtract|map|call",
     r"^complex", lambda case: str(worst(case).get("actual_bits", "")).split(",")[-1] in ("0x00000000", "0x80000000", "0x0000000000000000", "0x8000000000000000") or str(worst(case).get("actual_bits", "")).split(",")[0] in ("0x00000000", "0x80000000", "0x0000000000000000", "0x8000000000000000"),
     "**Complex results lose a small part to zero.** XLA computes complex functions from real formulas whose "
     "intermediates underflow or cancel: the imaginary part of cos(x + iy) is -sin(x)sinh(y), and XLA's sinh of "
     "a tiny y gives 0 where sinh(y) = y to working precision; `cosine((-7.112447e25, -7.4277651e-18))` is "
     "(-0.8168542, 4.2846632e-18) (MPFR, each part rounded once), XLA gives an imaginary part of 0. `sign` "
     "divides by |z|, which overflows for huge parts (sign((-1.8e308, 1.8e308)) is (-0.7071, 0.7071); XLA gives "
     "(-0, 0)). The reference's values are the exact functions of the exact complex inputs, rounded once per part."),
    ("complex-function-formulas", {"xla-cpu", "xla-gpu"},
     r"atan2|rsqrt|power|logistic|exponential_minus_one|log|log_plus_one|sine|cosine|tan|tanh|divide|multiply|map|sqrt", r"^complex", lambda case: True,
     "**XLA's complex `atan2`, `rsqrt`, `power`, `logistic`, `exponential_minus_one`, `log`, `divide` and "
     "`multiply` are textbook formulas that overflow, cancel or lose the branch.** `atan2` of complex numbers "
     "gives NaN/inf where the exact result is finite (atan2((-3.18e10, -1.92e18), (-1.25e35, -6.8e-8)) is "
     "(-3.1415927, 1.53e-17)); `rsqrt((-1.4625735e-11, 1.3218919e-24))` has real part 1.1816515e-08, XLA "
     "-0.011429724 (a cancellation in 1/sqrt(z)); `power` of large complex numbers overflows to infinities of the "
     "wrong sign or NaN where the exact result is an infinity of a definite direction; `logistic((3.3e-26, "
     "-3.1e13))` has real part exactly 0.5 to working precision, XLA 0.49999622 (127 ULP); the product "
     "(-4.1e23 - 3.4e38i)(3.4e38 - 3.4e38i) is (-inf, -inf), XLA gives NaN or +inf for the imaginary part; "
     "log((-0.5, 5e-324)) has imaginary part +pi, XLA -pi (the sign of a subnormal imaginary part lost, "
     "XLA:CPU); log_plus_one((-1, -2.2250738585072014e-308)) is log(-2.2250738585072014e-308 i) = "
     "(-708.3964185322641, -pi/2), XLA:GPU gives a real part of -inf: |1 + z| is computed from "
     "x^2 + 2x + y^2 (or the like), where y^2 = 4.95e-616 underflows and the sum is exactly -1, so log1p "
     "gives -inf (the imaginary part, atan2, is right); at infinities, `sine` and `cosine` give a NaN part where C99 Annex G (which the reference "
     "follows) gives -0 or an infinity. Every expected value is the exact complex function rounded once per part (MPC)."),
    ("integer-shift-right-arithmetic-unsigned", {"xla-cpu", "xla-gpu"}, r"shift_right_arithmetic", r"^ui", lambda case: True,
     "**Not an XLA deviation: our reference's reading of `shift_right_arithmetic` on unsigned types.** The "
     "reference shifts an unsigned value logically (254 >> 7 = 1 in ui8); XLA copies the top bit in (255), "
     "and so does the upstream interpreter (stablehlo/reference/Element.cpp: `APInt::ashr` on the bits, "
     "whatever the signedness). The spec says only \"arithmetic right-shift\". Both upstream implementations "
     "agree, so the reference (and our executors, held to it) should follow them. Done on 2026-11-27 "
     "(docs/semantics.md, spec/shift_right_arithmetic/edge-unsigned): these FAILs were measured before that "
     "change; the reference now gives the value XLA gave here."),
    ("unsigned-power-exponent-as-signed", {"xla-gpu", "xla-cpu"}, r"power", r"^ui", lambda case: True,
     "**Unsigned `power` reads a large exponent as negative.** power(0, 32768) in ui16 is 0; XLA:GPU gives 1: "
     "the exponent 32768 (0x8000) is treated as the signed -32768, and x^negative is given the value 1 for "
     "x = 0."),
    ("intermediate-overflow-nan", {"xla-cpu", "xla-gpu"}, r"batch_norm_.*|triangular_solve|fft", r".*",
     lambda case: "nan" in str(worst(case).get("actual")).lower() or str(worst(case).get("actual_bits", "")).startswith(("0x7FF", "0xFFF", "0x7FC", "0xFFC", "0x7F8", "0xFF8", "0x7E", "0xFE")) or "inf" in str(worst(case).get("actual")),
     "**Intermediate overflow: NaN, or an infinity (of either sign), where the exact result is an infinity or a "
     "large finite value.** "
     "`batch_norm_*` computes the variance (x - mean)^2 and the normalisation in the element type, so an "
     "overflowing square or inf - inf gives NaN where the exact normalised value is an infinity (f16, bf16, f32, "
     "f64); `triangular_solve` divides and subtracts infinities the exact solution does not have; f32 `fft` "
     "overflows to inf in a butterfly where the exact transform is 9.823105e37. These are accumulation-order "
     "and range limits of fixed-precision arithmetic, not kernel bugs; the reference evaluates with exact "
     "intermediates (MPFR) and rounds the result once."),
    ("batch-group-convolution-sums-all-groups", {"xla-gpu"}, r"convolution", r".*",
     one_of("gen/convolution/i64/log-uniform/1/0", "gen/convolution/ui8/log-uniform/1/0",
            "gen/convolution/ui32/special/1/4", "gen/convolution/bf16/uniform/1/4",
            "gen/convolution/bf16/cancellation/1/1"),
     "**A convolution with `batch_group_count` > 1 sums every batch group into every output feature.** The "
     "spec splits the input batch into `batch_group_count` groups and output feature group k sees batch "
     "group k only. XLA:GPU adds the other groups' windows too: in gen/convolution/i64/log-uniform/1/0 "
     "(batch_group_count 2, two output features), element [0, 0, 0] is -3751318 x 5133 + -26 x "
     "-6534988689674915 + 197177255 x 1 = 169909686873209751 (exact); XLA:GPU gives 4703978849305365082 = "
     "169909686873209751 + 4534069162432155331, the second group's sum, wrapped to i64. An exact model of "
     "that (every group summed, integers wrapped) reproduces all the worst elements the results hold, bit "
     "for bit: 8 of 8 for the i64, ui8 and bf16 cases, 7 of 7 for ui32 (for bf16 with the products and "
     "sums rounded to f32: the NaNs where 5.28e-10 is expected are the other groups' products overflowing "
     "f32, inf - inf), and "
     "gen/convolution/bf16/cancellation/1/1 gives -1024 where the spec gives 1024. The integer cases "
     "involve no rounding at all; XLA:CPU and our executors PASS all five. Every one of them also has a "
     "`window_reversal`; none of the batch-grouped cases without one FAILs on XLA:GPU (14 PASS), but "
     "not every reversed one FAILs: "
     "gen/convolution/f16/special/1/1 PASSes, though the model would change it, so the exact trigger "
     "inside XLA:GPU's rewrite of batch groups is not pinned down."),
    ("padding-times-infinity", {"xla-cpu", "xla-gpu"}, r"convolution", r"^(f16|bf16|f32|f64|complex<f32>|complex<f64>)$",
     lambda case: "special" in case["id"] or "padding-times-infinity" in case["id"],
     "**NaN lost over padding: padding not multiplied.** The spec's convolution pads the input with "
     "zeros (and fills lhs-dilation holes with zeros) and multiplies every window element, so a kernel "
     "infinity or NaN over padding gives 0 x inf = NaN. XLA skips them. **XLA:CPU**: the single-window spec "
     "case convolution/edge-padding-times-infinity (0 x inf + 1 x 2, 1 x inf + 0 x 2, 0 x inf + 3 x 2) "
     "expects NaN, inf, NaN and XLA:CPU gives 2.0, inf, 6.0, exactly the sums without the padded and "
     "hole positions. **XLA:GPU** PASSes that spec case, but in gen/convolution/f64/special/1/1 "
     "(lhs_dilation 3, negative padding: every zero is a hole) a model that skips the holes reproduces all 8 "
     "worst elements bit for bit: element [0, 0, 0, 0] is NaN by the spec (a hole times a kernel NaN), "
     "XLA:GPU -7.999999999999999, the sum of the remaining products; gen/convolution/f16/special/1/0 has an "
     "empty input (a spatial size 0), so every window is all padding: the spec gives 0 x NaN = NaN, "
     "XLA:GPU 0.0. Our CUDA executor had the same bug, fixed (docs/reports/cuda-h100.md)."),
    ("cuda-padding-not-multiplied", {"cuda"}, r"convolution", r".*", lambda case: "special" in case["id"],
     "**Fixed after this run: padding was not multiplied.** The direct convolution kernel skipped padded "
     "positions and lhs-dilation holes, which the spec multiplies as zeros: a kernel infinity or NaN over "
     "padding gives 0 x inf = NaN. gen/convolution/f64/special/1/1 was reproduced on the host with the "
     "kernel's own per-element code (tests/executors/cuda_emulation_test.cc) and fixed in "
     "executors/cuda/conv_desc.h; the new spec case convolution/edge-padding-times-infinity fails without the "
     "fix. Verified on the H100 since: --backend cuda has no convolution FAIL, the spec case included."),
    ("cuda-batch-norm-f64-range", {"cuda"}, r"batch_norm_.*", r"^f64$", lambda case: True,
     "**f64 `batch_norm_*` overflows in f64 where the exact result is an infinity.** The CUDA kernels compute "
     "in f64 (the CPU executor in long double, with 4 more exponent bits): for inputs near the f64 limit the "
     "square (x - mean)^2 or a sum overflows and inf - inf gives NaN, where the exact normalised value is an "
     "infinity (e.g. gen/batch_norm_grad/f64/uniform/1/4: expected +inf, got NaN). A scaled computation (or "
     "double-double) would fix it; left open."),
    ("cuda-lgammaf-inside-its-interval", {"cuda"}, r"chlo\.lgamma", r"^f32$", one_of("spec/chlo.lgamma/edge-rounding-f32"),
     "**CUDA's `lgammaf` is 16 ULP off at -2.5, inside the interval where its table gives no bound.** CUDA's "
     "Programming Guide lists lgammaf at 6 ULP \"outside interval -10.001 ... -2.264; larger inside\" (the "
     "`default` profile's chlo.lgamma/f32 budget is that 6). lgamma(-2.5) = -0.0562437164976740506726... "
     "(mpmath), correctly rounded 0xBD665FD0; the H100 gave 0xBD665FE0, 16 ULP away. Fixed after this run: f32 "
     "lgamma inside (-12, -2) now uses the reflection formula in f64 (executors/cuda/device_math.h, mLgamma), "
     "which gives 0xBD665FD0 and is within 1 ULP of glibc's lgammal over a sweep of that interval "
     "(tests/executors/cuda_math_test.cc); not yet run on a device."),
    ("scatter-combine-order", {"xla-cpu", "xla-gpu"}, r"scatter", r"^(i1|i8)$", lambda case: True,
     "**Scatter with colliding updates is combined in another order or with another body.** The spec applies "
     "the updates of colliding indices one after another in index order with the program's combiner; for i1 "
     "and i8 (a wrapping add) XLA gives another value (i8: -128 where the ordered wrapping sum is -55). "
     "Exact integers; the case holds the inputs. Not yet traced to XLA's scatter expander."),
    ("reduce-precision-nan-to-zero-mantissa", {"xla-cpu", "xla-gpu"}, r"reduce_precision", r".*", lambda case: True,
     "**A choice the spec leaves open:** `reduce_precision` of a NaN to 0 mantissa bits. The reference keeps "
     "the exponent and clears the mantissa (a NaN becomes an infinity of its sign: 0xFFC0 -> 0xFF80, as the "
     "bit formula of the spec's C-like description reads); XLA keeps the NaN. Counted here until the spec "
     "decides; not evidence of an XLA bug."),
    ("f32-f16-expm1-logistic-2ulp", {"xla-cpu", "xla-gpu"}, r"exponential_minus_one|logistic", r"^(f32|f16|bf16)$",
     lambda case: ulp_value(worst(case).get("ulp")) <= 4,
     "**`exponential_minus_one` (f32, f16) and `logistic` (f16) 2 ULP off**, where the `default` profile "
     "allows 1 (the CUDA and glibc bounds for expm1f; one rounding for the narrow types, computed in f32): "
     "expm1(0.2646338) (0x3E877E15) is 0.30295375 (0x3E9B1CC1, MPFR), XLA:CPU 0x3E9B1CBF; logistic(-0.2220459) "
     "in f16 (0xB31B) is 0.4448 (0x371E), XLA 0x371C: XLA evaluates f16 logistic in f16 steps "
     "(1 / (1 + exp(-x)), each rounded), not once from f32."),
    ("complex-order-real-part-only", {"xla-cpu", "xla-gpu"}, r"compare|maximum|minimum|sort", r"^complex",
     lambda case: True,
     "**Complex ordering looks at the real part only.** The spec orders complex numbers lexicographically by "
     "(real, imaginary) in `compare` (GE, GT, LE, LT), `maximum` and `minimum`. XLA compares the real parts alone, "
     "so pairs with equal real parts tie: `compare GE, (1, 2), (1, 3)` is false by the spec (2 < 3), XLA says "
     "true; `maximum((-1, 0), (-1, 2))` is (-1, 2), XLA returns its first operand (-1, 0); `minimum((1, 5), "
     "(1, 3))` is (1, 3), XLA gives (1, 5). Exact results (no rounding involved); the spec cases hold the "
     "inputs."),
    ("complex-abs-inf-nan", {"xla-cpu", "xla-gpu"}, r"abs", r"^complex",
     lambda case: "inf" in str(worst(case).get("expected")) or worst(case).get("expected_bits") in ("0x7F800000", "0x7FF0000000000000"),
     "**`abs(complex(inf, NaN))` is NaN, not +inf.** `abs` of a complex number is its modulus, hypot(re, im); "
     "IEEE 754 and C99 Annex G make hypot(±inf, NaN) = +inf (an infinite part decides it whatever the other "
     "is), which is what the reference returns. XLA computes it with a formula that propagates the NaN "
     "(XLA:CPU 0x7FC00000, XLA:GPU 0x7FFFFFFF)."),
    ("tanh-saturates-early", {"xla-cpu", "xla-gpu"}, r"tanh", r"^f32$",
     lambda case: worst(case).get("actual_bits") in ("0x3F800000", "0xBF800000"),
     "**f32 `tanh` saturates to ±1 too early.** XLA's f32 tanh is a rational approximation on an input clamped "
     "to |x| <= 7.9053111 (Eigen's fast tanh, which XLA emits on CPU and GPU), so every |x| above that gives "
     "exactly ±1. tanh(8) = 0.99999977492967588981... (MPFR, and mpmath at 200 bits), which rounds to "
     "0.99999976 (0x3F7FFFFC); 1.0 is 4 ULP away, over the 2 ULP that the `default` profile allows f32 tanh "
     "(the CUDA and glibc bounds). f32 values between 7.9053 and 9.0109 (where tanh rounds to 1.0) fail."),
    ("complex-cosine-2ulp", {"xla-cpu", "xla-gpu"}, r"cosine|sine", r"^complex",
     lambda case: ulp_value(worst(case).get("ulp")) <= 4,
     "**Complex `cosine` off by 2 ULP.** cos(1 + i) = 0.833730025131149... - 0.988897705762865...i (MPFR; "
     "mpmath agrees); rounded to f32: (0.83373004, -0.9888977) = (0x3F556F55, 0xBF7D2866). XLA computes "
     "cos(x)cosh(y) - i sin(x)sinh(y) from f32 parts, each rounded, and returns a real part 0x3F556F53, 2 ULP "
     "away, where the `default` profile allows 1 ULP per part (glibc's ccos bound)."),
    ("promoted-accumulator-ignored", {"xla-cpu", "xla-gpu"}, r"all_reduce|reduce_scatter|scatter|reduce", r"^(i8|ui8|i16)$",
     lambda case: "promote" in case["id"],
     "**A reduction body of a wider type is not honoured.** The spec lets the body of `all_reduce`, "
     "`reduce_scatter` and `scatter` compute in a wider type than the operand (C-constraints on "
     "`is_promotable`): an i8 operand with an i32 body sums in i32, so 100 + 100 is 200. XLA computes in the "
     "operand's type and wraps: -56 (all_reduce, reduce_scatter), or refuses the program (scatter: "
     "\"Reduction function's accumulator shape ... differs from the init_value shape\", an ERROR)."),
    ("all-reduce-max-drops-nan", {"xla-cpu", "xla-gpu"}, r"all_reduce", r"^(f16|bf16|f32|f64)$",
     lambda case: "nan" in str(worst(case).get("expected")).lower() or str(worst(case).get("expected_bits", "")).startswith("0x7FC"),
     "**`all_reduce` with a `maximum` body drops NaN.** The spec's `maximum` propagates NaN, so a group "
     "holding a NaN reduces to NaN; XLA:CPU's all-reduce maximum returns the largest number instead (3.0)."),
    ("dot-algorithm-ignored", {"xla-cpu"}, r"dot_general", r".*",
     lambda case: "algorithm" in case["id"],
     "**`dot_general`'s `algorithm` is ignored on XLA:CPU.** The case asks for bf16 x bf16 products accumulated "
     "in f32 (`lhs_precision_type = bf16`): the inputs must be rounded to bf16 before they are multiplied. "
     "XLA:CPU multiplies the f32 inputs as they are: 0.0019540787 where the products of the bf16-rounded "
     "inputs sum to exactly 0.0. (XLA:GPU refuses the 6-pass algorithms, UNSUPPORTED or ERROR below.)"),
    ("scatter-partial-window", {"xla-cpu", "xla-gpu"}, r"scatter", r".*",
     lambda case: "oob" in case["id"] or "out-of-bounds" in case["id"] or one_of("gen/scatter/ui8/log-uniform/1/3")(case),
     "**An update window that is partly out of bounds is skipped whole.** The spec checks bounds per update "
     "element (`scatter`'s semantics: an element whose result index is out of bounds is skipped, the others "
     "are applied), so the window [10, 20, 30] at start 3 of [1, 2, 3, 4, 5] updates positions 3 and 4: "
     "[1, 2, 3, 14, 25]. XLA skips every window that does not fit whole and leaves [1, 2, 3, 4, 5] (element 4: "
     "5 where the spec gives 25). Exact integers. gen/scatter/ui8/log-uniform/1/3 (three operands, batching "
     "dimensions) is the same: its window of 2 along operand dimension 2 (size 2) starts at index 1 for "
     "the batch (1, 2), so its first element lands at position 1 and its second is out of bounds; the spec "
     "applies the first (operand [0, 2, 1, 1]: ui8 45, the update, and f16 max(0.01918, 0.373) = 0.373), "
     "XLA:CPU and XLA:GPU keep 16 and 0.01918 (the window skipped whole)."),
    ("tanh-f64-6ulp", {"xla-cpu"}, r"tanh", r"^f64$", lambda case: ulp_value(worst(case).get("ulp")) <= 16,
     "**f64 `tanh` near 1 is 6 ULP off on XLA:CPU.** tanh(x) for the case's input rounds to "
     "0.9999999999999999 (0x3FEFFFFFFFFFFFFF, MPFR); XLA:CPU gives 0x3FEFFFFFFFFFFFF9, 6 ULP below, where the "
     "profile allows 2 (glibc's f64 tanh bound): XLA's f64 tanh is computed as (e^2x - 1)/(e^2x + 1), whose "
     "rounding errors do not cancel near 1."),
    ("sort-negative-dimension", {"xla-gpu"}, r"sort", r".*", one_of("gen/sort/i1/special/1/4"),
     "**`sort` with a negative `dimension` other than -1 is not sorted on XLA:GPU.** The spec allows "
     "-R <= dimension < R and reads a negative one as rank + dimension. gen/sort/i1/special/1/4 sorts two "
     "5x4 operands along dimension -2 (= 0) with an i32 GT comparator: column 3, [-1909912331, -2147483648, "
     "2147483646, 2, 2147483647], sorts to [2147483647, 2147483646, 2, -1909912331, -2147483648]. XLA:GPU "
     "returns both operands unchanged: all 17 mismatching elements (11 i32, 6 i1) are the input's element "
     "at the same position. Exact values. The other XLA:GPU sorts along -2, -3 or -4 fail to compile "
     "(\"The iota dimension cannot go beyond the operation rank or be negative\", \"Stable sorting of more "
     "than 2^31-1 elements\"), or crash (SIGSEGV); those along -1 PASS, and XLA:CPU PASSes them all."),
    ("irfft-trailing-length-one", {"xla-gpu"}, r"fft", r".*", one_of("gen/fft/f32/log-uniform/1/4"),
     "**IRFFT with a last `fft_length` of 1 takes the wrong dimension as the Hermitian one.** "
     "gen/fft/f32/log-uniform/1/4 is an IRFFT of a 2x4x3x1 complex operand with fft_length [4, 3, 1]: by "
     "the spec an ifft along the 4 and the 3, then an irfft of length 1 along the last (which keeps the "
     "real part). XLA:GPU computes a 2-D C2R of lengths (4, 3) instead: it reads X[k, 0] and X[k, 1] as the "
     "half spectrum of the length-3 dimension and ignores X[k, 2], whose (1, 2) element "
     "(8.0415154e29, -3.2455007e35) dominates the exact result. That model, evaluated exactly (mpmath) and "
     "rounded once, reproduces the 8 worst elements to 1 ULP: element [1, 1, 1, 0] is -1.3439273e34 by "
     "the spec (0xF825A6DE), 1.671764e32 by the model (0x7503E101) and by XLA:GPU (0x7503E101). All 24 "
     "elements FAIL; XLA:CPU PASSes."),
    ("divide-reassociated", {"xla-gpu"}, r"map", r".*", one_of("gen/map/bf16/special/1/3"),
     "**`(x / y) / z` is computed as `x / (y * z)`**, XLA's algebraic simplifier rewrite (A / B) / C => "
     "A / (B * C), which is not exact in floating point: it changes what overflows and underflows. "
     "gen/map/bf16/special/1/3 divides twice in a map body. For x = -6.917529e20, y = -2.6448623e-36, "
     "z = 3.3762391e38, x / y = 2.6e56 overflows bf16 (and f32) to inf and inf / z = inf (0x7F80); XLA:GPU "
     "gives x / (y * z) = x / -892.96875 = 7.75e17 (0x5D2C), bit for bit. Likewise -3.3895314e38 / "
     "-1.8013797e-25 / -9.0320105e30 is -inf by the spec, XLA:GPU -2.08e32 (0xF524); and -1.1754944e-38 / "
     "-4.087376e37 underflows to 0, so the spec gives 0.0 where XLA:GPU gives 2.46e-38 (0x0106). The spec "
     "evaluates the body's ops one after another, each rounded."),
    ("complex-multiply-body-textbook-formula", {"xla-cpu", "xla-gpu"}, r"reduce", r"^complex<f64>$",
     one_of("gen/reduce/complex<f64>/normal/1/3"),
     "**A complex multiply in a reduce body rounds each of its four products and two sums.** The spec "
     "evaluates the body op by op, each result rounded once (the reference: the exact product of two complex "
     "numbers, each part rounded once); XLA uses the textbook (ac - bd, ad + bc) in f64, up to a few ULP per "
     "multiply. gen/reduce/complex<f64>/normal/1/3 multiplies three factors per row, starting from 1. Row "
     "[1, 0]: (-0.431341308301183 + 1.18774075381385i)(-0.2756682500443057 - 0.9436903598816772i)"
     "(1.576580897514974 - 2.653010012565122i) is exactly 2.165852112980793909... - 3.163569728423474599...i "
     "(mpmath, 300 bits), rounded once per step (the reference) 0x400153AA45C9CCD1, 0xC0094EFDA5518E2F; the "
     "textbook formula in f64, factors in order, gives 0x400153AA45C9CCD0, 0xC0094EFDA5518E2D: XLA:CPU's and "
     "XLA:GPU's bits exactly (2 ULP in the imaginary part)."),
    ("complex-multiply-contracted-to-fma", {"xla-cpu"}, r"reduce_window", r"^complex<f32>$",
     one_of("gen/reduce_window/complex<f32>/normal/1/3"),
     "**XLA:CPU contracts the complex multiply's formula into a fused multiply-add.** The window's product "
     "(0.6412386 - 0.493856i)(-0.56114864 - 0.64959353i) is exactly -0.680635825541155981 - "
     "0.139417796058474152i; rounded once, 0xBF2E3E26, 0xBE0EC38A (the reference, and also what the textbook "
     "formula gives in f32). XLA:CPU's imaginary part 0xBE0EC38B is fma(a_im, b_re, a_re * b_im) (mpmath, "
     "one rounding of the fma): the product a_re * b_im rounded, the other kept exact, 1 ULP off. The spec "
     "rounds each op's result once; it does not allow a different rounding inside one multiply."),
    ("triangular-solve-inexact-reciprocal", {"xla-cpu"}, r"triangular_solve", r"^f64$",
     one_of("gen/triangular_solve/f64/log-uniform/1/2"),
     "**XLA:CPU divides by the diagonal through a reciprocal that is itself 1 ULP off.** Element [0, 1] of "
     "gen/triangular_solve/f64/log-uniform/1/2 (x A = b, A lower 2x2) is b / a = -3.110647619810166e212 / "
     "1.045476231244016e-64 = -2.97534035384888194...e276 exactly (mpmath), 0xF9557BF92A017065 rounded once "
     "(the reference). Multiplying by the correctly rounded reciprocal 1/a = 0x4D3740536FFCBF8D would give "
     "...064 (1 ULP); XLA:CPU's 0xF9557BF92A017063 is b times 0x4D3740536FFCBF8C, the reciprocal 1 ULP "
     "below, bit for bit: two roundings and an inexact reciprocal, 2 ULP in all."),
    ("complex-dot-tf32-not-in-reference-bound", {"xla-gpu"}, r"dot_general", r"^complex<f32>$",
     one_of("gen/dot_general/complex<f32>/uniform/1/2"),
     "**Not an XLA deviation by our own model: the reference's bound leaves out `precision_config`'s input "
     "rounding for complex<f32> operands.** docs/accumulation.md lets f32 factors be rounded to bf16 "
     "(`DEFAULT`) or tf32 (`HIGH`) before they are multiplied, and the spec leaves `precision_config` "
     "underspecified (#755); but reference/exact_sum.cc (precisionConfigModel) applies that only when an "
     "operand is f32, not complex<f32>. XLA:GPU rounds the parts to tf32 here (precision DEFAULT, HIGH): "
     "element [3, 2, 0] is (-2.2471372e20, 4.2238485e29) exactly rounded; with every part rounded to tf32 "
     "(nearest) first, -500957184 x -8.4278562e20 (from -501036160 and -8.430227e20) gives the imaginary "
     "part 4.221995e29 (0x70AA8668), XLA:GPU's bits exactly, and the real part 0xE142F2BE, XLA:GPU "
     "0xE142F2BD (its f32 sum order); element [2, 2, 0] likewise. The error, 4.4e-4 relative, is inside "
     "the u_in = 2^-8 the reference allows an f32 dot at DEFAULT. Left to the reference's owners."),
]


# The chlo ops' causes (gen:all has held every chlo op since 2026-11-28), kept in their own modules.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
for module in ("causes_chlo_real", "causes_chlo_complex"):
    try:
        CAUSES += __import__(module).CAUSES
    except ImportError:
        pass
# The narrowest causes first: each reproduces its cases' bits (or names a single mechanism on exact inputs),
# so a case that also holds a subnormal somewhere is not claimed by the broad flush-to-zero cause instead.
try:
    CAUSES = __import__("causes_remaining").CAUSES + CAUSES
except ImportError:
    pass


def cause_of(backend, case):
    for key, backends, op_pat, et_pat, predicate, text in CAUSES:
        if backend in backends and re.fullmatch(op_pat, case.get("op") or "") and \
                re.search(et_pat, case.get("element_type") or "") and predicate(case):
            return key, text
    return None


def read_backend(folder):
    """(header, cases) from results.json, or from journal.jsonl for a run its time limit stopped."""
    results = os.path.join(folder, "results.json")
    if os.path.exists(results):
        header, cases = read_results(results)
        return header, cases, True
    cases = []
    journal = os.path.join(folder, "journal.jsonl")
    if os.path.exists(journal):
        with open(journal, encoding="utf-8") as f:
            for line in f:
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                if isinstance(entry, dict) and isinstance(entry.get("result"), dict):
                    entry = entry["result"]  # a finished case's line: {"finished": ..., "result": {...}}
                if isinstance(entry, dict) and "status" in entry and "id" in entry:
                    cases.append(entry)
    return {}, cases, False


def message_key(message):
    """A message with numbers, hex values, types and source positions blanked: one line per reason."""
    text = (message or "").split("\n")[0]
    text = re.sub(r"^\S+:\d+:\d+: ", "", text)  # the case's own location, in front of an executor's reason
    text = re.sub(r"0x[0-9A-Fa-f]+", "0x...", text)
    text = re.sub(r"tensor<[^>]*>+", "tensor<...>", text)
    text = re.sub(r"\d+", "N", text)
    return text[:160]


def grouped_table(cases, status):
    rows = collections.defaultdict(lambda: [0, collections.Counter(), None])
    for x in cases:
        if x["status"] != status:
            continue
        row = rows[message_key(x.get("message"))]
        row[0] += 1
        row[1][x["op"]] += 1
        row[2] = row[2] or x["id"]
    L = ["| reason | cases | ops | example |", "| --- | ---: | --- | --- |"]
    for key, (n, ops, example) in sorted(rows.items(), key=lambda kv: -kv[1][0]):
        ops_text = ", ".join(o for o, _ in ops.most_common(6)) + (f" (+{len(ops) - 6})" if len(ops) > 6 else "")
        L.append(f"| {md_escape(key)} | {n} | {md_escape(ops_text)} | {code(example)} |")
    return L


def summary_rows(parts):
    statuses = ["PASS", "FAIL", "UNSUPPORTED", "IMPL_DEFINED", "CRASH", "TIMEOUT", "ERROR"]
    L = ["| suite | cases | " + " | ".join(statuses) + " |", "| --- | ---: | " + " | ".join("---:" for _ in statuses) + " |"]
    for label, cases in parts:
        counts = collections.Counter(x["status"] for x in cases)
        L.append(f"| {label} | {len(cases)} | " + " | ".join(str(counts.get(s, 0)) for s in statuses) + " |")
    return L


BACKENDS = {
    "xla-gpu": ("docs/reports/xla-gpu-h100.md", "XLA:GPU (jaxlib) on an NVIDIA H100",
                "XLA itself, through jaxlib's XLA client (adapters/xla/, `--backend xla-gpu`): each case's program, "
                "in our generic MLIR form, compiled by XLA:GPU and run on the H100."),
    "xla-cpu": ("docs/reports/xla-cpu.md", "XLA:CPU (jaxlib)",
                "XLA itself, through jaxlib's XLA client (adapters/xla/, `--backend xla-cpu`): each case's program, "
                "in our generic MLIR form, compiled by XLA:CPU (8 host devices, for programs on a process grid) "
                "and run on the GPU machine's CPU cores."),
    "cuda": ("docs/reports/cuda-h100.md", "our CUDA executor on an NVIDIA H100",
             "Our own CUDA executor (executors/cuda/, `--backend cuda`) on the H100: the CPU executor's plan with "
             "device kernels, held to the suite like any vendor backend."),
}


def gpu_model(summary):
    """The GPU of the run, from nvidia-smi's line in summary.txt ("NVIDIA H200, ..."): H100 unless it says another."""
    for line in summary:
        found = re.match(r"NVIDIA (H\d+)\b", line.strip())
        if found:
            return found.group(1)
    return "H100"


def report(backend, folders, summary, date):
    out, title, intro = BACKENDS[backend]
    # The device tool lends an H100 or an H200: each GPU's reports have their own files (cuda-h200.md ...).
    model = gpu_model(summary)
    out, title, intro = (out.replace("h100", model.lower()), title.replace("H100", model), intro.replace("H100", model))
    header, cases, complete = {}, [], True
    by_id = {}
    for folder in folders:  # the cuda executor's spec and generated suites are two runs; a -rerun folder last
        if os.path.isdir(folder):
            h, c, done = read_backend(folder)
            header = header or h
            for x in c:
                by_id[x["id"]] = x  # a later folder's result of a case replaces an earlier one's
            complete = complete and done
    cases = list(by_id.values())
    if not cases:
        print(f"{backend}: no results in {', '.join(folders)}", file=sys.stderr)
        return
    spec = [x for x in cases if x["id"].startswith("spec/")]
    gen = [x for x in cases if not x["id"].startswith("spec/")]
    for x in cases:
        if x["status"] == "FAIL":
            found = cause_of(backend, x)
            x["cause"], x["cause_text"] = found if found else ("", "")
    fails = [x for x in cases if x["status"] == "FAIL"]
    explained = sum(1 for x in fails if x["cause"])
    # The runs of this backend, its variants included (the cuda executor's cuda-unfused, cuda-generated, ...).
    lines = [l.split("] ", 1)[-1] for l in summary if re.match(re.escape(backend) + r"(-[a-z-]+)? \(", l.split("] ", 1)[-1])]
    L = [f"# Conformance report: {title}", "", intro, ""]
    L += ["## How it was produced", "", "On the GPU machine (the `device` tool), from the checkout's root:", "",
          "```", "bench/gpu/bundle.sh            # here: hloconf and its libraries, carried as .gpu/",
          "bash bench/gpu/device_check.sh # there: every suite, every backend, the benchmarks",
          f"/usr/bin/python3 bench/gpu/make_reports.py REPORTS_DIR   # here: this report", "```", ""]
    L.append(f"- Date: {date or report_date(header)}. hloconf {header.get('tool_version', '?')}, "
             f"reference version `{header.get('reference_version', '?')}`, profile `{header.get('profile', 'default')}`.")
    for s in summary[:5]:
        m = re.match(r"\[\d+ s\] hloconf: (.*)", s)
        if m:  # which build ran: the carried bundle's commit, or a build on the machine
            L.append(f"- hloconf: {md_escape(m.group(1))}")
        elif s.strip() and not s.startswith("["):
            L.append(f"- Machine: {md_escape(s.strip())}")
    for line in lines:
        L.append(f"- The run: {md_escape(line.strip())}")
    if not complete:
        L.append("- **The run was stopped by its time limit**: these are the cases it finished (from its journal).")
    L += ["", "## Summary", ""]
    L += summary_rows([("spec suite (cases/)", spec), ("generated (gen:all)", gen), ("**all**", cases)])
    L += ["", f"{len(fails)} FAIL: {explained} with an explained cause (below), {len(fails) - explained} not explained yet.", ""]

    groups, ops, types, others = ulp_groups([("all", x) for x in cases], TYPE_ORDER)
    L += ["## Max ULP error per op and element type", "",
          "A cell is the largest ULP distance over the float elements of every case (`int`: integer or boolean "
          "results, compared exactly), then **F n** for n FAILs and E n for ERROR, CRASH or TIMEOUT; `U`: every "
          "case UNSUPPORTED. Columns whose every case is UNSUPPORTED are left out"
          + (": " + ", ".join(others) if others else "") + ".", ""]
    L += ulp_grid(groups, ops, types)
    L += ["", "## Failures by cause", ""]
    by_cause = collections.defaultdict(list)
    for x in fails:
        by_cause[x["cause"]].append(x)
    for key, _, _, _, _, text in CAUSES:
        if by_cause.get(key):
            ops_text = ", ".join(sorted({f"{x['op']} {x['element_type']}" for x in by_cause[key]}))
            L += [f"### `{key}`: {len(by_cause[key])} FAILs ({md_escape(ops_text)})", "", text, ""]
            L += evidence(by_cause[key][:3])
    if by_cause.get(""):
        L += ["### Not explained yet", "",
              "FAILs whose cause nobody has checked yet. Each line is the worst element: the reference's exact "
              "value rounded once (MPFR), the backend's, and their distance.", ""]
        L += evidence(by_cause[""][:40])
    L += ["## UNSUPPORTED, grouped by reason", ""]
    L += grouped_table(cases, "UNSUPPORTED")
    L += ["", "## ERROR, CRASH, TIMEOUT, grouped by message", ""]
    for status in ("ERROR", "CRASH", "TIMEOUT"):
        if any(x["status"] == status for x in cases):
            L += [f"### {status}", ""] + grouped_table(cases, status) + [""]
    if not any(x["status"] in BAD - {"FAIL"} for x in cases):
        L.append("None.")
    path = os.path.join(ROOT, out)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(L) + "\n")
    print(f"wrote {out}: {len(cases)} cases, {len(fails)} FAIL ({explained} explained)", file=sys.stderr)


def evidence(cases):
    L = []
    for x in cases:
        w = worst(x)
        ins = inputs_at(x, w.get("index", 0), x.get("elements") or 0) if w else None
        shown = ("; input " + ", ".join(code(v) for v in ins)) if ins else ""
        L.append(f"- {code(x['id'])} ({x['op']} {md_escape(x['element_type'] or '')}, {failure_kind(x)}): "
                 f"expected {code(str(w.get('expected')))} (`{w.get('expected_bits')}`), got "
                 f"{code(str(w.get('actual')))} (`{w.get('actual_bits')}`), {fmt_ulp(ulp_value(w.get('ulp')))} ULP "
                 f"at {w.get('position')}{shown}")
    L.append("")
    return L


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reports_dir")
    parser.add_argument("--date", default="")
    args = parser.parse_args()
    summary = []
    for candidate in (os.path.join(args.reports_dir, "summary.txt"), os.path.join(args.reports_dir, "..", "summary.txt")):
        if os.path.exists(candidate):
            with open(candidate, encoding="utf-8") as f:
                summary = f.read().splitlines()
            break
    for backend in BACKENDS:
        report(backend, [os.path.join(args.reports_dir, backend + suffix) for suffix in ("", "-gen", "-rerun")],
               summary, args.date)


if __name__ == "__main__":
    main()
