// The numerics layer of the reference evaluator: the one place where a real (MPFR) or complex (MPC)
// value becomes the bits of a result element, where ULP distances are measured, and where integers wrap.
//
// Correct rounding of a function that is not exactly computable (exp, sin, a composed formula) uses
// Ziv's strategy: the caller computes an approximation at a working precision together with a rigorous
// bound on its error; if every value inside that error interval rounds to the same bits of the result
// format, those are the correctly rounded bits (rounding is monotonic); otherwise the working precision
// is doubled and the computation repeated. Rounding itself is `encodeFloat` (ir/element_type.h): one
// round-to-nearest-even step with the format's subnormals and overflow rule. docs/semantics.md has the
// argument and the per-format rules.
#ifndef HLOCONF_REFERENCE_NUMERICS_H_
#define HLOCONF_REFERENCE_NUMERICS_H_

#include <mpc.h>
#include <mpfr.h>

#include <cstdint>
#include <functional>
#include <optional>

#include "ir/element_type.h"

namespace hloconf::ref {

// An owned MPFR number.
class MpFloat {
 public:
  explicit MpFloat(mpfr_prec_t precision = 64) { mpfr_init2(value_, precision); }
  ~MpFloat() { mpfr_clear(value_); }
  MpFloat(const MpFloat&) = delete;
  MpFloat& operator=(const MpFloat&) = delete;
  mpfr_ptr get() { return value_; }
  mpfr_srcptr get() const { return value_; }
  operator mpfr_ptr() { return value_; }
  operator mpfr_srcptr() const { return value_; }

 private:
  mpfr_t value_;
};

// An owned MPC number.
class MpComplex {
 public:
  explicit MpComplex(mpfr_prec_t precision = 64) { mpc_init2(value_, precision); }
  ~MpComplex() { mpc_clear(value_); }
  MpComplex(const MpComplex&) = delete;
  MpComplex& operator=(const MpComplex&) = delete;
  mpc_ptr get() { return value_; }
  mpc_srcptr get() const { return value_; }
  operator mpc_ptr() { return value_; }
  operator mpc_srcptr() const { return value_; }
  mpfr_ptr re() { return mpc_realref(value_); }
  mpfr_ptr im() { return mpc_imagref(value_); }

 private:
  mpc_t value_;
};

// Precision (significand bits, the implicit bit included) of a float format.
int formatPrecision(ElementType t);

// Makes MPFR's exponent range as wide as it goes (once per thread: MPFR keeps it per thread); the
// evaluator relies on intermediate results never overflowing or underflowing MPFR itself.
void initNumerics();

// --- Correct rounding -----------------------------------------------------------------------------------

// What an approximation step reports. `exact`: `out` is the exact value. Otherwise the exact value lies
// within 2^error_exponent of `out` (an absolute bound). NaN and infinite results are taken as exact.
struct Approximation {
  bool exact = false;
  mpfr_exp_t error_exponent = 0;
};
// Error bound of a result that MPFR rounded correctly (to nearest) at its own precision: one ulp.
Approximation roundedByMpfr(mpfr_srcptr out, int ternary);
// Error bound for a result known to within `ulps_log2` binary orders of its ulp: 2^ulps_log2 ulps.
Approximation withinUlps(mpfr_srcptr out, int ulps_log2, int ternary = 1);

// Computes `out` (set to the working precision by the caller of the step) and its error bound.
using ApproxStep = std::function<Approximation(mpfr_ptr out)>;
// The bits of the exact value correctly rounded to `t` (Ziv loop: precisions p+24, then doubling).
uint64_t roundCorrectly(ElementType t, const ApproxStep& step);

// Complex version: each part is rounded correctly to the part type of `t` (kC64 -> f32, kC128 -> f64).
struct ComplexApproximation {
  Approximation re;
  Approximation im;
};
using ComplexApproxStep = std::function<ComplexApproximation(mpc_ptr out)>;
// Returns {real bits, imaginary bits} of the part format.
std::pair<uint64_t, uint64_t> roundComplexCorrectly(ElementType part_type, const ComplexApproxStep& step);

// Error bounds of MPC results (inex as MPC returns it, both parts rounded to nearest at their precision).
ComplexApproximation roundedByMpc(mpc_srcptr out, int inex);

// Whether every value in [value - 2^error_exponent, value + 2^error_exponent] rounds to the same bits of
// `t`; if so, returns them.
std::optional<uint64_t> roundInterval(ElementType t, mpfr_srcptr value, mpfr_exp_t error_exponent);

// --- Exact decode helpers -------------------------------------------------------------------------------

// Sets `out` to the exact value of float bits of type `t` (`out` needs >= formatPrecision(t) bits).
inline void toMpfr(ElementType t, uint64_t bits, mpfr_ptr out) { decodeFloat(t, bits, out); }

// --- ULP distance ---------------------------------------------------------------------------------------

// Position of a non-NaN float value in the ordered sequence of the format's values: consecutive
// representable values differ by one, +0 and -0 share a position, infinities sit just beyond the
// largest finite value. nullopt for NaN.
std::optional<int64_t> floatOrdinal(ElementType t, uint64_t bits);
// ULP distance between two values of a float format: the number of representable steps between them.
// 0 when both are NaN; nullopt when exactly one is NaN (no distance).
std::optional<uint64_t> ulpDistance(ElementType t, uint64_t a, uint64_t b);

// --- Integers -------------------------------------------------------------------------------------------

// Value of integer (or i1) bits as a 128-bit integer: sign-extended for signed types.
__int128 integerValue(ElementType t, uint64_t bits);
// Bits of `value` wrapped (two's complement) to the width of integer type `t`.
uint64_t wrapInteger(ElementType t, __int128 value);
// Whether `value` is representable in integer type `t` without wrapping.
bool integerInRange(ElementType t, __int128 value);
// Bits of an integer value correctly rounded to float format `t` (exact when representable).
uint64_t integerToFloat(ElementType t, __int128 value);
// Mask of the low bitWidth(t) bits.
uint64_t integerMask(ElementType t);

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_NUMERICS_H_
