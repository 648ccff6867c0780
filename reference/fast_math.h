// A fast path for correctly rounded f32 results of unary math functions: the C library's double-precision
// function, accepted only when it provably rounds to the same f32 as the exact value.
//
// Argument: let d be the library's double result for an f32 input x (exactly representable in double).
// glibc documents the maximum error of these double functions as a few ulps of double (its
// libm-test-ulps lists at most 4 for x86_64); we assume a bound of 2^-45 relative (at least 128 ulps of
// double), so the exact value lies in [d - |d| 2^-45, d + |d| 2^-45]. Rounding to f32 (round to nearest
// even, with f32's overflow and subnormals) is monotonic, so when both ends of that interval round to
// the same f32, the exact value does too, and that f32 is the correctly rounded result. Otherwise
// (about 2^-20 of inputs) the caller falls back to MPFR. Results beyond double's range or below 2^-200
// round to an infinity or a zero of their sign (fast_math.cc has the argument). Non-finite inputs and
// NaN results always fall back, so special values keep the MPFR path's rules. tests/reference/fast_math_test.cc checks the fast path
// against MPFR on every f32 input of sampled exponent ranges; docs/semantics.md has the argument.
#ifndef HLOCONF_REFERENCE_FAST_MATH_H_
#define HLOCONF_REFERENCE_FAST_MATH_H_

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "ir/op_id.h"

namespace hloconf::ref {

using FastUnaryF64 = double (*)(double);

// The double function behind op `op` (OpId::kExponential), or nullptr when there is no fast path.
FastUnaryF64 fastF32Function(OpId op);
// The ops with a fast path (tests check them against the schema: unary elementwise float ops).
std::vector<OpId> fastF32Ops();

// The correctly rounded f32 bits of fn(x) for f32 bits x, or nullopt when the fast path cannot prove them.
std::optional<uint32_t> fastF32Unary(FastUnaryF64 fn, uint32_t x);

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_FAST_MATH_H_
