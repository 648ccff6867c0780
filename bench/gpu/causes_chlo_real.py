"""Causes of XLA's FAILs on the real-typed chlo ops (f16/bf16/f32/f64 and integers), for bench/gpu/make_reports.py.

Each entry was checked by hand on the jax 0.11.2 / jaxlib 0.11.2 run (XLA:CPU and XLA:GPU on an H100): XLA has no
chlo kernels of its own; it expands chlo ops with StableHLO's chlo-legalize-to-stablehlo patterns
(stablehlo/transforms/ChloLegalizeToStablehlo.cpp and ChloDecompositionPatternsMath.td). The worked examples were
reproduced by evaluating those expansions step by step with numpy in the element type; exact values are mpmath's
(the reference's are MPFR's, rounded once).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "reports", "python"))
from conformance_report import one_of, ulp_value, worst  # noqa: E402


def _ulp_at_most(bound):
    return lambda case: ulp_value(worst(case).get("ulp")) <= bound


def _ulp_over(bound):
    return lambda case: ulp_value(worst(case).get("ulp")) > bound


def _actual_zero(case):
    return str(worst(case).get("actual_bits", "")).lower() in ("0x00000000", "0x0000000000000000")


CAUSES = [
    ("chlo-bessel-i1e-cephes-chebyshev", {"xla-cpu", "xla-gpu"}, r"chlo\.bessel_i1e", r"^(f32|f64)$", _ulp_at_most(4),
     "**`chlo.bessel_i1e` is Cephes' Chebyshev expansion, a few ULP off; the profile has no budget for it.** "
     "The expansion evaluates |x| * chbevl(|x|/2 - 2, A) for |x| <= 8 and chbevl(32/|x| - 2, B) / sqrt(|x|) "
     "beyond (Clenshaw recurrence b0 = x*b1 - b2 + c, result (b0 - b2)/2), each step rounded in the element "
     "type; no library table gives i1e an error bound, so the `default` profile judges it exactly. "
     "bessel_i1e(1.0) in f64 is 0.20791041534970844887 (MPFR rounds it to 0x3FCA9CCEF9365F00); XLA:CPU and "
     "XLA:GPU give 0x3FCA9CCEF9365F02, the bits the Clenshaw recurrence gives step by step in np.float64 with "
     "Cephes' 29 A coefficients (2 ULP). In f32, bessel_i1e(6.296886) (0x40C98017) is 0.148955847 (0x3E1887E2); "
     "the numpy f32 recurrence (B coefficients, /sqrt) gives 0x3E1887E6, XLA:GPU's bits (4 ULP); XLA:CPU "
     "gives 0x3E1887E3. Errors up to 4 ULP, also for subnormal results (i1e(x) = x/2 computed as x * 0.5000...)."),
    ("chlo-digamma-lanczos-root", {"xla-cpu", "xla-gpu"}, r"chlo\.digamma", r"^(f32|f64)$", _ulp_over(1000),
     "**`chlo.digamma` near its positive root 1.4616321449683622 has no correct digit.** The expansion is "
     "Lanczos' (g = 7, 9 terms): digamma(z + 1) = log(t) + a'(z)/a(z) - 7/t with t = z + 7.5, log(t) = "
     "log(7.5) + log1p(z/7.5). Its terms are of size 1 to 2 and cancel at the root, so the absolute error is "
     "a few f64 (or f32) epsilons and the result is a multiple of 2^-52 (2^-23) near 0. digamma(1.4616321449683622) "
     "(0x3FF762D86356BE3F) is -9.2412655217294275e-17 (0xBC9AA2D9B3CE29E0); XLA:CPU and XLA:GPU give "
     "2.220446049250313e-16 (0x3CB0000000000000, 2^-52, wrong sign), the bits numpy gives evaluating the "
     "expansion step by step in np.float64. In f32, digamma(1.4616323) (0x3FBB16C4) is 1.0331946e-7 "
     "(0x33DDE07A): XLA:CPU 0x34800000 (2^-22, numpy f32 gives the same), XLA:GPU 0."),
    ("chlo-digamma-lanczos-rounding", {"xla-cpu", "xla-gpu"}, r"chlo\.digamma", r"^(f32|f64)$", _ulp_at_most(200),
     "**`chlo.digamma` is Lanczos' approximation evaluated in the element type: 1 to 12 ULP off, 142 ULP "
     "where its terms cancel; the profile has no budget for digamma and judges it exactly.** digamma(z + 1) = "
     "log(7.5) + log1p(z/7.5) + a'(z)/a(z) - 7/(z + 7.5), with 8 quotients each for a and a', and for x < 0.5 "
     "the reflection digamma(1 - x) - pi cos(pi x)/sin(pi x). Every one of these steps rounds: "
     "digamma(1.0) in f32 is -0.5772156649 (0xBF13C468), XLA:CPU gives 0xBF13C463 (5 ULP), exactly what numpy "
     "gives evaluating the expansion step by step in np.float32 (XLA:GPU, with its own log1p, 0xBF13C466); "
     "digamma(20.0) in f64 is 2.9705239922421491 (0x4007C3A215354E9E), XLA and numpy f64 0x4007C3A215354E9D; "
     "digamma(-0.49999999999999994) is 0.036489973978577017 (0x3FA2AED059BD60D2), XLA and numpy f64 "
     "0x3FA2AED059BD6160 (142 ULP: the result is digamma(1.5), whose Lanczos terms of size 2 cancel to 0.036). "
     "For huge |x| (e.g. x = 3.99e104, f64) the log term alone is 1 ULP off."),
    ("chlo-lgamma-subnormal-reflection", {"xla-gpu"}, r"chlo\.lgamma", r"^(f32|f64)$",
     one_of("gen/chlo.lgamma/f32/special/1/1", "gen/chlo.lgamma/f32/special/1/2", "gen/chlo.lgamma/f32/special/1/3",
            "gen/chlo.lgamma/f64/special/1/4"),
     "**`chlo.lgamma` of a subnormal x rounds pi * x to a few subnormal units.** For x < 0.5 the expansion uses "
     "the reflection log(pi) - log(sin(pi * |frac(x)|)) - lgamma(1 - x); for x = +-1.4e-45 (f32, one subnormal "
     "unit) pi * x rounds to 3 units (4.2e-45), so the result is off by log(3/pi) = -0.046: lgamma(1.0e-45) is "
     "-log(1.4013e-45) = 103.27893 (0x42CE8ED0), XLA:GPU 103.32505 (0x42CEA66D, 6045 ULP) = log(pi) - "
     "log(3 * 2^-149); in f64 lgamma(5e-324) is 744.4400719213812 (0x40874385446D71C3), XLA:GPU "
     "744.4861895185626 (0x408743E3B7548F13). (XLA:CPU flushes these inputs to zero instead, a cause of its own.)"),
    ("chlo-lgamma-lanczos-cancellation", {"xla-cpu", "xla-gpu"}, r"chlo\.lgamma", r"^(f16|f32|f64)$", lambda case: True,
     "**`chlo.lgamma` is Lanczos' approximation, a sum of terms of size 1 to 10 whose absolute error is a few "
     "epsilons: near the roots x = 1 and x = 2 the relative error is unbounded (lgamma(1) is not 0), and "
     "elsewhere it exceeds the profile's 4 ULP (f64) / 6 ULP (f32) budget where the terms cancel.** lgamma(z + 1) "
     "= (log 2 + log pi)/2 + (z + 1/2 - t/log t) log t + log(a(z)), t = z + 7.5, log t = log(7.5) + "
     "log1p(z/7.5), a(z) = 0.99999999999981 + sum of 8 quotients; for x < 0.5 the reflection log(pi) - "
     "log|sin(pi x)| - lgamma(1 - x) (f16 is computed in f32). lgamma(1.0) in f32 is 0; XLA:CPU gives "
     "4.7683716e-7 (0x35000000), the bits of the expansion evaluated step by step in np.float32. "
     "lgamma(2.0000001) in f64 (0x400000000D6BF94D) is 4.2278436665324979e-8 (0x3E66B2B43F393939); numpy f64 "
     "gives 0x3E66B2B450000000, XLA:GPU's bits (2.8e8 ULP), XLA:CPU 0x3E66B2B448000000: the result is a "
     "multiple of 2^-55, the rounding grain of the O(1) terms. lgamma(1.0000000000000002) is "
     "-1.2816762426960008e-16; numpy f64 and XLA:GPU give 0, XLA:CPU 8.9e-16. lgamma(3.0000000000000004) is "
     "0.69314718055994572 (0x3FE62E42FEFA39F3), XLA 0x3FE62E42FEFA39E4 (15 ULP); lgamma(3.0) in f32 is "
     "0x3F317218, XLA:GPU 0x3F31722C (20 ULP); lgamma(0.74651784) f32 is 0.20707754 (0x3E540C23), XLA and "
     "numpy f32 0x3E540C40 (29 ULP); lgamma(1.999) f16 is -0.0004125 (0x8EC2), XLA:CPU and numpy (f32, then "
     "f16) 0x8EC0."),
    ("chlo-cosh-sinh-shifted-exp-argument", {"xla-cpu"}, r"chlo\.(cosh|sinh)", r"^(f32|f64)$", _ulp_at_most(600),
     "**`chlo.cosh` and `chlo.sinh` (for |x| >= 1) compute exp(x + log(1/2)) +- exp(-x + log(1/2)), and the "
     "rounding of the shifted argument is multiplied by |x| in the result.** The decomposition avoids the "
     "overflow of e^x / 2 that way; but x + log(1/2) is rounded to the element type, an error of up to "
     "ulp(x)/2 in the argument, i.e. a relative error of |x| * 2^-53 (f64) or |x| * 2^-24 (f32) in the result: "
     "up to 500 ULP at |x| = 700. cosh(-700) is 5.0711602736750225e303 (0x7EFD945DF4F8EC8E); -700 + log(1/2) "
     "rounds to -700.6931471805599 (exactly -700.69314718055994531...), and np.exp of it plus np.exp(log(1/2) "
     "+ 700) gives 0x7EFD945DF4F8EE58, XLA:CPU's bits (458 ULP; sinh(-700) likewise, negated). In f32, "
     "cosh(88) is 8.2581813e37 (0x7E7882B7); 88 + log(1/2) rounds to 87.306854 (exactly 87.30685282), and "
     "np.float32 exp gives 0x7E7882CE, XLA:CPU's bits (23 ULP); cosh(-89.41598) is 3.4027937e38 (0x7F7FFF6C), "
     "XLA:CPU and numpy 0x7F7FFF84 (24 ULP), and sinh(-89.415985) overflows to -inf (the exact result "
     "-3.4028196e38 is finite), as the upstream comment in ChloLegalizeToStablehlo.cpp says."),
    ("chlo-erf-inv-f32-polynomial", {"xla-cpu", "xla-gpu"}, r"chlo\.erf_inv", r"^f32$", _ulp_at_most(8),
     "**f32 `chlo.erf_inv` is Giles' single-precision polynomial, 6 ULP off near 1, over the 2 ULP the profile "
     "takes from CUDA's erfinvf.** w = -log1p(-x * x); for w >= 5 the degree-8 polynomial in sqrt(w) - 3, "
     "times x. erf_inv(0.999) (0x3F7FBE77) is 2.3267563268 (0x4014E993); w = 6.215128 in f32, and the Horner "
     "evaluation in np.float32 gives 0x4014E999, XLA:CPU's and XLA:GPU's bits (6 ULP)."),
    ("chlo-zeta-euler-maclaurin", {"xla-cpu", "xla-gpu"}, r"chlo\.(broadcast_)?zeta", r"^f64$", _ulp_at_most(1),
     "**`chlo.zeta` (Hurwitz zeta) is a 10-term direct sum plus a 12-term Euler-Maclaurin tail evaluated in the "
     "element type, 1 ULP off; the profile has no budget for zeta and judges it exactly.** zeta(3, 0.5) is "
     "8.41439832211716 (0x4020D42C0452055D, MPFR); XLA:CPU and XLA:GPU give 0x4020D42C0452055C, the bits of the "
     "expansion (sum of pow(q + k, -x) for k = 0..9, then (q+10)^(1-x)/(x-1) and the Horner Bernoulli tail) "
     "evaluated step by step with numpy f64."),
    ("chlo-zeta-infinite-q-nan", {"xla-cpu", "xla-gpu"}, r"chlo\.zeta", r"^f32$", one_of("spec/chlo.zeta/edge-special"),
     "**`chlo.zeta(x, +inf)` is NaN instead of 0.** The Euler-Maclaurin correction is (q + 10)^-x * (q + 10) / "
     "(x - 1): with q = inf that is 0 * inf = NaN, and no select handles q = inf. zeta(2, inf) is 0 (every "
     "term (q + k)^-2 is 0); the expansion in np.float32 gives NaN (0xFFC00000, XLA:CPU's bits; XLA:GPU "
     "0x7FFFFFFF)."),
    ("chlo-zeta-pole-select-overrides-domain", {"xla-cpu"}, r"chlo\.zeta", r"^f64$", one_of("gen/chlo.zeta/f64/special/1/2"),
     "**`chlo.zeta(-0.0, -2.0)` is +inf instead of NaN: the expansion's pole select comes after its domain "
     "select.** zeta is defined for x >= 1 (x < 1 gives NaN, the reference's value), but the last selects set "
     "+inf wherever q is an integer <= 0 and x is an even integer, and x = -0.0 passes floor(x) == x and "
     "rem(x, 2) == 0, so NaN is replaced by +inf (0x7FF0000000000000)."),
    ("chlo-polygamma-factorial-and-zeta", {"xla-cpu", "xla-gpu"}, r"chlo\.(broadcast_)?polygamma", r"^(f32|f64)$",
     _ulp_at_most(16),
     "**`chlo.polygamma(n, x)` is (-1)^(n+1) * exp(lgamma(n + 1)) * zeta(n + 1, x): n! comes from the Lanczos "
     "lgamma through exp and is several ULP off, and zeta adds its own error (for n = 0 it is `chlo.digamma`, "
     "1 ULP off here).** The profile has no budget for polygamma and judges it exactly. polygamma(2, 0.5) in "
     "f64 is -16.82879664423432 (0xC030D42C0452055D); numpy f64 gives exp(lgamma(3)) = 1.9999999999999976 "
     "(not 2) and zeta(3, 0.5) = 0x4020D42C0452055C, whose product is 0xC030D42C04520556, XLA:CPU's bits "
     "(7 ULP); polygamma(4, 0.25) in f32 is -24584.375 (0xC6C010C0), numpy f32 gives 4! as 24.000023 and "
     "the product 0xC6C010CB, XLA:CPU's bits (XLA:GPU 0xC6C010CC); polygamma(1, 1) on XLA:GPU is "
     "0x3FFA51A6625307DA for pi^2/6 = 0x3FFA51A6625307D3 (1! = 1.0000000000000009)."),
    ("chlo-polygamma-negative-x-zeta-tail", {"xla-cpu", "xla-gpu"}, r"chlo\.(broadcast_)?polygamma", r"^(f16|f32)$",
     _ulp_over(1000),
     "**`chlo.polygamma(n >= 1, x)` for x < -9 has no correct digit: the Hurwitz zeta's Euler-Maclaurin tail "
     "starts at q + 10, still negative, where the asymptotic expansion does not hold.** zeta(n + 1, q) sums "
     "(q + k)^-(n+1) for k = 0..9 and approximates the rest by the tail formula at a = q + 10; for q < -9 the "
     "rest contains the terms near the poles (q + k close to 0), which that formula cannot see. "
     "polygamma(2, -60.695023) in f32 is -65.127388 (0xC2824139); numpy f32 gives zeta(3, -60.695023) = "
     "1.3350847e-4 and the result -2.6701705e-4 (0xB98BFE6C); XLA:CPU gives 0xB98BFE6A, XLA:GPU 0xB98BFE73. "
     "polygamma(3, -58.18817) is 4803.493 (0x45961BF2); numpy f32 and XLA:CPU give -9.892718e-6 (0xB725F8E6). "
     "f16 is computed in f32 the same way (polygamma(4, -80.44) is 1073, XLA -1.0e-7; broadcast_polygamma at "
     "x = -112.5)."),
    ("chlo-asin-subnormal-intermediate-flushed", {"xla-cpu"}, r"chlo\.asin", r"^(f32|f64)$",
     lambda case: _actual_zero(case) and ulp_value(worst(case).get("ulp")) > 1e6,
     "**Real `chlo.asin` is 2 * atan2(x, 1 + sqrt((1 - x)(1 + x))), whose atan2 is x/2: subnormal for x just "
     "above the smallest normal number, and XLA:CPU flushes it to zero.** asin(1.1754944e-38) (0x00800000) is "
     "1.1754944e-38 (0x00800000); atan2(x, 2) is 5.877472e-39, subnormal, which XLA:CPU's flush-to-zero mode "
     "makes 0, so 2 * 0 = 0. In f64, asin(4.2513310272802513e-308) (0x001E9202BF1584C1) gives 0 the same way. "
     "The input and result are normal numbers, so the subnormal-flushing cause does not see these cases."),
    ("chlo-broadcast-divide-reciprocal", {"xla-cpu"}, r"chlo\.broadcast_divide", r"^(f16|f32)$", _ulp_at_most(1),
     "**XLA:CPU divides by a divisor broadcast from one element as x * (1/y), rounding twice.** Each of these "
     "cases has a scalar (or one-element) divisor. x = 6.822168e30 (0x72AC373A) / y = 178.41821 (0x43326B10) "
     "is 3.8236947e28 (0x6EF719B9, correctly rounded); np.float32 x * (1/y) gives 0x6EF719BA, XLA:CPU's bits; "
     "in f16, -0.2032 (0xB281) / 0.005795 (0x1DEF) is -35.06 (0xD062), and f16 x * (1/y) gives 0xD063, "
     "XLA:CPU's bits (f32 arithmetic would round to 0xD062)."),
    ("chlo-ragged-dot-mode3-ignores-group-sizes", {"xla-cpu", "xla-gpu"}, r"chlo\.ragged_dot", r".*",
     one_of("spec/chlo.ragged_dot/mode3-batch", "gen/chlo.ragged_dot/i8/special/1/3",
            "gen/chlo.ragged_dot/i64/log-uniform/1/0", "gen/chlo.ragged_dot/ui8/log-uniform/1/0",
            "gen/chlo.ragged_dot/ui8/log-uniform/1/2", "gen/chlo.ragged_dot/ui32/log-uniform/1/0"),
     "**In mode 3 (ragged batch dimension, [b,m,k] x [b,k,n] with group_sizes [g]), XLA ignores group_sizes and "
     "computes every batch as dot_general would.** By chlo.ragged_dot's definition a batch that no group covers "
     "(index >= sum(group_sizes)) gives zeros, the reference's value. spec/chlo.ragged_dot/mode3-batch has 3 "
     "batches and group_sizes [1, 1]: batch 2 must be zeros; XLA:CPU and XLA:GPU give its full product, e.g. "
     "[2, 1, 0] = 1.5 * 0.7 + 1.75 * 0.5 = 1.9249999999999998 (0x3FFECCCCCCCCCCCC). In every integer case "
     "(group sizes summing to less than b, often all 0) each wrong element equals the full batched product "
     "modulo 2^width: gen/chlo.ragged_dot/i8/special/1/3 (group_sizes [0, 0, 0]) element [0, 2, 0] is "
     "1 * 126 + 2 * 1 = 128, wrapped to -128 (0x80), XLA:CPU's value, where 0 is expected."),
]
