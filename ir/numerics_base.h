// The format-level numerics that both the reference evaluator and the comparator stand on: owned MPFR and
// MPC numbers, a format's precision, the ULP distance between two values of a float format, and integer
// values, wrapping and ranges. Encoding and decoding (correct rounding onto a format) are
// ir/element_type.h's; the evaluator's own numerics (Ziv's loop, error bounds) are reference/numerics.h's.
#ifndef HLOCONF_IR_NUMERICS_BASE_H_
#define HLOCONF_IR_NUMERICS_BASE_H_

#include <mpc.h>
#include <mpfr.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/element_type.h"
#include "ir/tensor.h"

namespace hloconf {

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

// --- Text ------------------------------------------------------------------------------------------------

// The text of one element (float literal, or hex bits for NaN/inf, `(re, im)` for complex, true/false).
std::string elementToString(const Tensor& tensor, int64_t index);
// Row-major index -> multi-dimensional index text "[i, j]".
std::string indexToString(const std::vector<int64_t>& shape, int64_t index);

}  // namespace hloconf

#endif  // HLOCONF_IR_NUMERICS_BASE_H_
