"""Causes of XLA's FAILs on the complex-typed chlo ops (complex<f32>, complex<f64>), for bench/gpu/make_reports.py.

Checked by hand on the jax 0.11.2 / jaxlib 0.11.2 run (XLA:CPU and XLA:GPU on an H100). XLA has no complex chlo
kernels: it expands the chlo ops with StableHLO's chlo-legalize-to-stablehlo patterns
(stablehlo/transforms/ChloLegalizeToStablehlo.cpp, ChloDecompositionPatterns*.td), and complex multiply, divide,
power and atan2 with its own expansions of the stablehlo ops. Expected values are the reference's (MPFR/MPC: the
exact complex function, each part rounded once); the worked examples were reproduced with numpy in the element's
part type, step by step, and checked against mpmath.
"""
import fnmatch
import json
import os
import re
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(_ROOT, "reports", "python"))
from conformance_report import one_of, worst  # noqa: E402

# The current profile's budgets (docs/tolerances.md: the first rule whose op and type globs both match decides).
try:
    with open(os.path.join(_ROOT, "reports", "profiles", "default.json"), encoding="utf-8") as _f:
        _RULES = json.load(_f).get("rules", [])
except (OSError, ValueError):
    _RULES = []


def _expand(glob):
    """A glob's brace alternatives, expanded ({a,b*} -> a, b*); the rest is fnmatch's syntax ([!a] included)."""
    found = re.search(r"\{([^{}]*)\}", glob)
    if not found:
        return [glob]
    return [g for alt in found.group(1).split(",") for g in _expand(glob[:found.start()] + alt + glob[found.end():])]


def _glob(pattern, name):
    return any(fnmatch.fnmatchcase(name, g) for p in (pattern if isinstance(pattern, list) else [pattern])
               for g in _expand(p))


def current_rule(op, element_type):
    """The default profile's rule for (op, element type) today: the first rule whose op and type match."""
    op = op[len("stablehlo."):] if op.startswith("stablehlo.") else op
    for rule in _RULES:
        if _glob(rule.get("op", "*"), op) and _glob(rule.get("type", "*"), element_type):
            return rule
    return None


def current_ulp_budget(op, element_type):
    """The ULP budget the current profile gives a complex op, or None (exact, or a bound rule)."""
    rule = current_rule(op, element_type)
    if not rule or rule.get("exact") or "bound" in rule or "ulp" not in rule:
        return None
    return rule["ulp"]


def _within_current_budget(case):
    """Only ULP distances (no NaN, no infinity), the largest mismatch within today's budget.

    The comparator (reports/comparator.cc) sorts mismatches by the distance of the part that mismatches, and the
    message quotes the worst one ("imaginary part: 1 ULP > 0"): that is the largest over all the case's
    mismatches, listed or not. (The `ulp` of a listed element is its larger part's, which may be a flushed
    subnormal part, a warning under both profiles.)"""
    budget = current_ulp_budget(case.get("op") or "", case.get("element_type") or "")
    if budget is None:
        return False
    message = case.get("message") or ""
    found = re.search(r"(?:real|imaginary) part: (\d+) ULP > ", message)
    if not found or "NaN" in message or int(found.group(1)) > budget:
        return False
    for w in case.get("worst") or []:
        if w.get("category") not in ("value", "nan"):
            continue
        if w.get("category") == "nan":
            return False
        bits = str(w.get("actual_bits", "")) + "," + str(w.get("expected_bits", ""))
        if any(b.strip().upper() in _NONFINITE for b in bits.split(",")):
            return False
    return True


_NONFINITE = {"0X7F800000", "0XFF800000", "0X7FC00000", "0XFFC00000", "0X7FFFFFFF", "0XFFFFFFFF",
              "0X7FF0000000000000", "0XFFF0000000000000", "0X7FF8000000000000", "0XFFF8000000000000"}

_ALL = {"xla-cpu", "xla-gpu"}
_ZERO = ("0x00000000", "0x80000000", "0x0000000000000000", "0x8000000000000000")


def _part_lost(case):
    """sinh: the real part came out +-0 where it is not; cosh: the imaginary part."""
    w = worst(case)
    part = 0 if case.get("op") == "chlo.sinh" else 1
    actual = str(w.get("actual_bits", "")).split(",")
    expected = str(w.get("expected_bits", "")).split(",")
    return len(actual) == 2 and len(expected) == 2 and actual[part].strip() in _ZERO and \
        expected[part].strip() not in _ZERO
_TRANSCENDENTAL = r"chlo\.(acos|asin|atan|acosh|asinh|atanh|cosh|sinh|tan|square|_asin_acos_kernel)"

CAUSES = [
    ("chlo-complex-within-current-budget", _ALL, _TRANSCENDENTAL, r"^complex<f(32|64)>$", _within_current_budget,
     "**Judged before the profile had complex chlo budgets: these would PASS today.** This run's profile gave the "
     "complex chlo functions no budget (`default:exact`), so a 1 ULP difference failed. The current "
     "reports/profiles/default.json allows, per part (the worse part decides): chlo.acos, chlo.asin, chlo.acosh, "
     "chlo.asinh 2 ULP, chlo.atan, chlo.atanh, chlo.cosh, chlo.sinh 1 ULP (glibc x86_64's libm-test-ulps entries "
     "for cacos, casin, cacosh, casinh, catan, catanh, ccosh, csinh, commit 0003605a), chlo.tan 2 ULP (the "
     "`tan/complex` rule, glibc ctan), chlo.square 4 ULP (`multiply/complex`: chlo.square(z) is multiply(z, z), "
     "Kahan's bound) and chlo._asin_acos_kernel 4 ULP (`complex/other`, chosen: no libm function). Every FAIL "
     "here is a plain value difference (no NaN or infinity, flush-to-zero and signed-zero elements are "
     "warnings under both profiles) whose largest mismatch (the part distance the message quotes, the largest "
     "over all elements) is within that budget. E.g. spec/chlo.atan/edge-complex, atan(0.5 + 0.25i) = "
     "(0.48425448, 0.20058662) = (0x3EF7F034, 0x3E4D6694) (MPC), XLA:CPU and XLA:GPU (0x3EF7F035, 0x3E4D6694): "
     "1 ULP, within glibc catan's 1. A listed element's `ulp` (its larger part's) can be huge where one part is a "
     "subnormal flushed to 0, an `ftz` warning: in gen/chlo.asin/complex<f32>/uniform/1/0 (XLA:CPU) an element "
     "expected (-8.99369e-40, -59.312775) came back (-0.0, -59.31277), 641811 ULP in the flushed real part, "
     "1 ULP (the mismatch) in the imaginary part. The predicate looks each case's budget up in default.json (the first rule whose op "
     "and type globs match) when the report is made."),
    ("chlo-complex-sinh-cosh-cancellation", _ALL, r"chlo\.(sinh|cosh)", r"^complex<f(32|64)>$",
     lambda case: _part_lost(case) or one_of("gen/chlo.sinh/complex<f32>/uniform/1/2")(case),
     "**Complex `chlo.sinh` and `chlo.cosh` are a difference (sum) of two complex exponentials, which cancels "
     "for small |Re z|: the real part of sinh and the imaginary part of cosh come out 0.** "
     "ChloLegalizeToStablehlo.cpp expands complex sinh as exp(z + log(1/2)) - exp(-z + log(1/2)) "
     "(materializeSinhApproximationForLargeX, used for every complex input) and cosh as the sum of the same "
     "two terms. With z = x + iy, the real part of sinh is e^(x+h) cos y - e^(h-x) cos y (h = log(1/2) "
     "rounded); whenever |x| is below half an ulp of h (2^-54 in f64, 2^-25 in f32) both x + h and h - x "
     "round to h, the two terms are bitwise equal and the difference is exactly 0, where sinh's real part is "
     "x cos y to working precision. gen/chlo.sinh/complex<f64>/uniform/1/3: z = (1.2703647340904045e-28, "
     "8.625542911319485e-36), sinh z = (0x3A24213629E1D594, 0x38A6EE3D855422C8) (MPC, rounded per part); "
     "XLA:CPU and XLA:GPU give (0x0000000000000000, 0x38A6EE3D855422C8). In f32, "
     "gen/chlo.sinh/complex<f32>/uniform/1/0: z = (1.1461616e-15, 1.6842797e-27), expected real part "
     "0x26A52DE6, XLA 0. Likewise cosh's imaginary part e^(x+h) sin y + e^(h-x) sin(-y) is exactly 0: "
     "gen/chlo.cosh/complex<f64>/uniform/1/3, z = (4.0215058222360136e-70, 3.5265215628185654e+70), "
     "expected (0x3FE49DDE43101B1E, 0x3180FB57F9A25AF3), XLA (0x3FE49DDE43101B1E, 0). The expansion "
     "evaluated step by step with numpy in the part type (XLA's complex exp: e^x cos y, e^x sin y, with "
     "(e^(x/2) cos y) e^(x/2) when e^x overflows) gives XLA's bits exactly for 50 of the 52 FAILs here, and "
     "the zero part in all of them. For |x| a little above that threshold the cancellation is partial: "
     "gen/chlo.sinh/complex<f32>/uniform/1/2, z = (-8.840043e-06, -5.3119376e-18), expected real part "
     "0xB7144FB2, XLA 0xB7140000 (-148 x 2^-24, a difference of two numbers near 0.5; 20402 ULP; numpy's "
     "f32 steps give 0xB7148000, one 2^-24 away, from exp's last bit)."),
    ("chlo-complex-sinh-cosh-large-argument", _ALL, r"chlo\.(sinh|cosh)", r"^complex<f(32|64)>$",
     lambda case: case.get("backend") == "xla-cpu" and one_of(
         "gen/chlo.cosh/complex<f32>/special/1/4", "gen/chlo.sinh/complex<f32>/special/1/3")(case)
     or case.get("backend") != "xla-cpu" and one_of(
         "gen/chlo.cosh/complex<f32>/special/1/1", "gen/chlo.cosh/complex<f32>/special/1/4",
         "gen/chlo.sinh/complex<f32>/special/1/3", "gen/chlo.cosh/complex<f64>/special/1/0",
         "gen/chlo.cosh/complex<f64>/special/1/1", "gen/chlo.cosh/complex<f64>/special/1/4",
         "gen/chlo.sinh/complex<f64>/special/1/2")(case),
     "**Complex `chlo.sinh` and `chlo.cosh` near overflow: the argument x + log(1/2) is rounded before the "
     "exponential, 20 to 500 ULP.** The expansion (ChloLegalizeToStablehlo.cpp) computes e^(x + h) with "
     "h = log(1/2) so that e^x/2 does not overflow; but x + h is rounded to the part type, and for |x| near "
     "89 (f32) or 710 (f64) half an ulp of x is a relative error of e^(x+h) of hundreds of ULP. "
     "gen/chlo.cosh/complex<f64>/special/1/4: z = (-710.4758600739437, 3.680362957104123e-163); "
     "h - x = 709.7827128933839 is 5.5e-14 (247.6 x 2^-52) above the exact -log 2 - x (mpmath), so the "
     "real part is 0x7FEFFFFFFFFFFB2A where cosh z rounds to 0x7FEFFFFFFFFFF93B (495 ULP); numpy f64 steps "
     "give XLA:GPU's bits exactly, both parts (0x7FEFFFFFFFFFFB2A, 0xDE35319B26A6B7CE). In f32, "
     "gen/chlo.cosh/complex<f32>/special/1/1 (z = (-89.41598510742188, -0.5)): exp(h - x) overflows f32, "
     "XLA's complex exp takes (e^(a/2) cos y) e^(a/2), and numpy gives XLA:GPU's (0x7F60A948, 0x7EF5774C) "
     "exactly, expected (0x7F60A92F, 0x7EF57731) (27 ULP). The upstream comment names the f32 input "
     "+/-89.4159851 as overflowing to inf: gen/chlo.sinh/complex<f32>/special/1/3, z = (89.41598510742188, "
     "-1.1754944e-38), real part 0x7F7FFFEC (3.4028196e38) expected, XLA inf (and 22-24 ULP in the imaginary "
     "part). The other cases here reproduce within 1 ULP of numpy (the last bit of exp or cos)."),
    ("chlo-complex-sinh-two-exponentials-rounding", {"xla-gpu"}, r"chlo\.sinh", r"^complex<f64>$",
     one_of("gen/chlo.sinh/complex<f64>/special/1/0"),
     "**Complex `chlo.sinh` 2 ULP off from its two-exponential formula (budget 1).** sinh(-2 - "
     "710.475860073944i) is (-3.2238125891965708, -1.723675257281951) = (0xC009CA5E41384243, "
     "0xBFFB942C81AF34B2) (MPC); XLA:GPU (0xC009CA5E41384242, 0xBFFB942C81AF34B0). exp(z + h) - exp(h - z) "
     "rounds the two arguments, two exponentials, four products with cos y and sin y and the two "
     "differences: numpy's f64 steps give the imaginary part 0xBFFB942C81AF34B0 exactly (real part "
     "0xC009CA5E41384241, 1 ULP from XLA's)."),
    ("chlo-complex-atan2-square-overflow", {"xla-cpu"}, r"chlo\.broadcast_atan2", r"^complex<f(32|64)>$",
     lambda case: "NaN where a number" in (case.get("message") or ""),
     "**Complex `chlo.broadcast_atan2` gives NaN where x*x or y*y overflows.** chlo.broadcast_atan2 becomes "
     "stablehlo.atan2, which XLA expands for complex operands as atan2(y, x) = -i log((x + iy) / "
     "sqrt(x*x + y*y)) (elemental_ir_emitter.cc, kAtan2), with textbook complex products. For parts beyond "
     "sqrt(max) (1.8e19 in f32, 1.3e154 in f64) a square overflows, infinities of both signs meet in "
     "x*x + y*y, and the sqrt, the division and the log carry NaN, while atan2 itself is finite (the "
     "reference: the exact complex function, MPC, rounded once per part). "
     "gen/chlo.broadcast_atan2/complex<f32>/log-uniform/1/0: y = (0.0075253113, 8.982322e27), "
     "x = (0.00045040448, 1.0117874e-30); atan2 is (1.5707964, 5.014343e-32) = (0x3FC90FDB, 0x0B822E07), "
     "XLA:CPU (0xFFC00000, 0x7F800000); in numpy f32, y*y = (0.0075^2 - (8.98e27)^2, ...) = (-inf, "
     "1.3518955e26), the first infinity. Checked for all 16 such FAILs (f32 and f64): each has a square "
     "with an infinite or NaN part (numpy, the part type). The exact NaN/inf bits come after the sqrt, "
     "division and log of infinities and were not modelled bit for bit."),
    ("chlo-complex-atan2-imaginary-part-lost", {"xla-cpu"}, r"chlo\.broadcast_atan2", r"^complex<f32>$",
     one_of("gen/chlo.broadcast_atan2/complex<f32>/special/1/0", "gen/chlo.broadcast_atan2/complex<f32>/uniform/1/0",
            "gen/chlo.broadcast_atan2/complex<f32>/uniform/1/2", "gen/chlo.broadcast_atan2/complex<f32>/uniform/1/3"),
     "**Complex `chlo.broadcast_atan2` loses a tiny imaginary part to 0.** In XLA's -i log(w), w = (x + iy) / "
     "sqrt(x*x + y*y), the imaginary part of the result is -log|w|, and |w| is 1 up to a relative "
     "difference far below f32's epsilon, so log|w| is exactly 0. gen/chlo.broadcast_atan2/complex<f32>/"
     "uniform/1/0: y = (3.4451458e-33, 2.9949742e-22), x = (-48.08783, -1.0590457e-37); atan2 is "
     "(3.1415927, -6.2281334e-24) = (0x40490FDB, 0x98F0F072) (MPC), XLA:CPU (0x40490FDB, 0x00000000): in "
     "numpy f32 x*x = (2312.4395, 1.0185441e-35) and y*y = (-9e-44, 0), so sqrt(x*x + y*y) is |x| to "
     "working precision and the 6.2e-24 is below every rounding. In gen/chlo.broadcast_atan2/complex<f32>/"
     "uniform/1/3 the real part (1.6108434e-23, the arg of w near 0) also comes out 7.2138364e-23 for the "
     "same reason."),
]
