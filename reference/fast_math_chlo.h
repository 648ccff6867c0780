// A fast path for correctly rounded f32 results of chlo.lgamma, chlo.digamma and chlo.erf_inv, which
// through MPFR alone cost tens of microseconds per element (docs/design/chlo.md, "f32 fast path").
//
// lgamma and digamma are evaluated in double with a rigorous absolute error bound carried alongside each
// intermediate value (Stirling's series with DLMF 5.11(ii)'s remainder bound, the recurrences and the
// reflection formulas; the logarithms, sines and cosines come from fast_math_f64's enclosures). The
// result is accepted only when both ends of the bound interval round to the same f32 (a Ziv test);
// otherwise, and for special operands (NaN, infinities, zeros, poles), the caller falls back to MPFR.
// erf_inv takes a double candidate r and proves erf(m-) < x < erf(m+) for the midpoints m-, m+ next to
// r with MPFR's directed rounding at 53 bits: erf is increasing, so the root lies between them and r is
// the correctly rounded result. Either way a result given here is the one the MPFR path gives.
#ifndef HLOCONF_REFERENCE_FAST_MATH_CHLO_H_
#define HLOCONF_REFERENCE_FAST_MATH_CHLO_H_

#include <cstdint>
#include <optional>

#include "ir/op_id.h"

namespace hloconf::ref {

// The correctly rounded f32 bits of the op on the f32 bits x, or nullopt when they are not proven.
using FastChloF32 = std::optional<uint32_t> (*)(uint32_t x);

std::optional<uint32_t> fastF32Lgamma(uint32_t x);
std::optional<uint32_t> fastF32Digamma(uint32_t x);
std::optional<uint32_t> fastF32ErfInv(uint32_t x);

// The fast function of chlo op `op` on f32 (lgamma, digamma, erf_inv), or nullptr when there is none or
// the fast path is switched off.
FastChloF32 fastChloF32Function(OpId op);

// On by default. Benchmarks and tests switch it off to measure or compare against MPFR alone.
void setFastChloF32Enabled(bool on);
bool fastChloF32Enabled();

// For tests: the interval [lo, hi] (doubles) that encloses the exact lgamma / digamma of the f32 x, as the
// fast path computes it before rounding; nullopt where it declines (special operands, a failed bound).
struct DoubleInterval {
  double lo, hi;
};
std::optional<DoubleInterval> chloF32Enclosure(OpId op, uint32_t x);

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_FAST_MATH_CHLO_H_
