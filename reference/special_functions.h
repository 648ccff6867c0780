// Steps of roundCorrectly's Ziv loop (reference/numerics.h) for chlo's special functions that MPFR does
// not have: each computes an approximation at `out`'s precision and a rigorous bound on its error.
// docs/design/chlo.md gives the arguments.
#ifndef HLOCONF_REFERENCE_SPECIAL_FUNCTIONS_H_
#define HLOCONF_REFERENCE_SPECIAL_FUNCTIONS_H_

#include <mpfr.h>

#include "reference/numerics.h"

namespace hloconf::ref {

// erf_inv(x) for 0 < x < 1: Newton's method, then an a-posteriori enclosure of the root.
Approximation erfInvStep(mpfr_ptr out, mpfr_srcptr x);

// The Hurwitz zeta function zeta(s, a) = sum over n >= 0 of (a + n)^-s, for finite s > 1 and finite a that
// is not a non-positive integer, with a > 0 or s an integer (every term real): a direct sum with a bounded
// tail where that converges fast, else the Euler-Maclaurin formula with its remainder bound.
Approximation hurwitzZetaStep(mpfr_ptr out, mpfr_srcptr s, mpfr_srcptr a);

// Where bessel_i1e switches from the power series (a few thousand terms at 2^12) to the asymptotic
// expansion (about a dozen terms there at 53 bits).
inline constexpr long kBesselI1eSeriesLimit = 4096;

// bessel_i1e(x) = e^-x I1(x) for finite x > 0: the power series of I1 (positive terms) with a bounded tail
// up to kBesselI1eSeriesLimit, the asymptotic expansion with its remainder bound beyond.
Approximation besselI1eStep(mpfr_ptr out, mpfr_srcptr x);
// Its two parts, for the tests that hold one against the other: the series is valid for every x > 0 (it
// is only slow for large x), the asymptotic expansion for x > kBesselI1eSeriesLimit.
Approximation besselI1eSeriesStep(mpfr_ptr out, mpfr_srcptr x);
Approximation besselI1eAsymptoticStep(mpfr_ptr out, mpfr_srcptr x);

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_SPECIAL_FUNCTIONS_H_
