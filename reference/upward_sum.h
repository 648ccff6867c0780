// Sums rounded upward step by step, in hardware: the magnitude M of an accumulation bound
// (reference/exact_sum.h, SumBound) is the sum of |a_i b_i| with every partial sum rounded up to 53 bits.
#ifndef HLOCONF_REFERENCE_UPWARD_SUM_H_
#define HLOCONF_REFERENCE_UPWARD_SUM_H_

#include <cstddef>

namespace hloconf::ref {

// start + x[0] + ... + x[n - 1], left to right, each addition rounded toward +infinity (IEEE double).
// For nonnegative terms whose partial sums stay normal (at least 2^-1022) this is the sum MPFR computes at
// 53 bits with MPFR_RNDU; a partial sum beyond the double range is +infinity, which MPFR's rounding up
// of the final sum to a double also gives. Runs with the FPU rounding mode set upward and restores it;
// its translation unit is compiled with -frounding-math, so the compiler keeps the additions where they
// are and evaluates them at run time.
double sumRoundedUpward(double start, const double* x, std::size_t n);
// start + |x[0]| + ... + |x[n - 1]| in the same way, over the finite x[i] only (NaN and infinities add
// nothing): M's terms straight from the products.
double sumMagnitudesRoundedUpward(double start, const double* x, std::size_t n);

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_UPWARD_SUM_H_
