// A fast path for correctly rounded f64 results of the transcendental ops: exponential,
// exponential_minus_one, log, log_plus_one, sine, cosine, tan, tanh, logistic, cbrt, sqrt, rsqrt and
// power, evaluated in 128-bit integer arithmetic with a rigorous error bound carried alongside, and
// accepted only when every value within that bound rounds to the same f64.
//
// Argument (docs/semantics.md has it in prose; fast_math_f64.cc at each step): every intermediate value
// is an enclosure: a 127-bit significand m, an exponent e and an error count err, meaning the exact value
// lies within err·2^e of m·2^e. Each operation (product, sum, reciprocal, fixed-point polynomial)
// states how its error count follows from its operands' (the truncation of every integer operation is
// counted, and the constants come from MPFR, rounded to nearest). Polynomials are Taylor series whose
// remainder is bounded by the Lagrange (or alternating-series) remainder on the reduced interval.
// Rounding to nearest-even is monotonic, so when both ends of the final interval round to the same
// f64 (overflow and subnormals included), that f64 is the correctly rounded result. Otherwise, and for
// special operands (NaN, infinities, zeros, negative bases with non-integer exponents), the caller falls
// back to MPFR: a result that the fast path gives is the one the MPFR path would give.
#ifndef HLOCONF_REFERENCE_FAST_MATH_F64_H_
#define HLOCONF_REFERENCE_FAST_MATH_F64_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/op_id.h"

namespace hloconf::ref {

// The correctly rounded f64 bits of the op on the f64 bits x, or nullopt when they are not proven.
using FastF64Unary = std::optional<uint64_t> (*)(uint64_t x);

// The fast function for unary op `op`, or nullptr when there is none or the fast path is switched off.
FastF64Unary fastF64Function(OpId op);
// The unary ops with a fast path (tests check them against MPFR).
std::vector<OpId> fastF64Ops();
// power(x, y) on f64 bits, or nullopt when not proven (and always when the fast path is switched off).
std::optional<uint64_t> fastF64Power(uint64_t x, uint64_t y);

// On by default. Benchmarks and tests switch it off to measure or compare against MPFR alone.
void setFastF64Enabled(bool on);
bool fastF64Enabled();

// For tests: what the fast path computed before rounding. `decided` holds a result settled without an
// interval (overflow to infinity, underflow to zero, tanh's ±1...); otherwise the exact value lies within
// err·2^e of (neg ? -1 : 1)·m·2^e.
struct F64Enclosure {
  std::optional<uint64_t> decided;
  bool neg = false;
  unsigned __int128 m = 0;
  int e = 0;
  unsigned __int128 err = 0;
};
// The enclosure of op(x) (of power(x, y) for OpId::kPower), or nullopt where the fast path declines
// before rounding (special operands). Works whether or not the fast path is switched on.
std::optional<F64Enclosure> fastF64Enclosure(OpId op, uint64_t x, uint64_t y = 0);

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_FAST_MATH_F64_H_
