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
#include <vector>

#include "absl/functional/function_ref.h"
#include "ir/element_type.h"
#include "ir/numerics_base.h"

namespace hloconf::ref {


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
// `step` is any callable (usually a lambda at the call site); it is referred to, not copied into a
// std::function, so a call allocates nothing, and `out` is a per-thread scratch value (ScratchFloat).
uint64_t roundCorrectly(ElementType t, absl::FunctionRef<Approximation(mpfr_ptr out)> step);

// Complex version: each part is rounded correctly to the part type of `t` (kC64 -> f32, kC128 -> f64).
struct ComplexApproximation {
  Approximation re;
  Approximation im;
};
using ComplexApproxStep = std::function<ComplexApproximation(mpc_ptr out)>;
// Returns {real bits, imaginary bits} of the part format. As roundCorrectly, it allocates nothing per call.
std::pair<uint64_t, uint64_t> roundComplexCorrectly(ElementType part_type,
                                                    absl::FunctionRef<ComplexApproximation(mpc_ptr out)> step);

// Error bounds of MPC results (inex as MPC returns it, both parts rounded to nearest at their precision).
ComplexApproximation roundedByMpc(mpc_srcptr out, int inex);

// Whether every value in [value - 2^error_exponent, value + 2^error_exponent] rounds to the same bits of
// `t`; if so, returns them.
std::optional<uint64_t> roundInterval(ElementType t, mpfr_srcptr value, mpfr_exp_t error_exponent);

// --- Scratch values ---------------------------------------------------------------------------------------

// Working MPFR and MPC numbers for per-element code, taken from a per-thread pool instead of the heap:
// once a thread has used a pool slot at a precision, taking it again at that precision or below allocates
// nothing (mpfr_set_prec only reallocates to grow). They behave as MpFloat and MpComplex do (the value
// starts as NaN at the given precision; mpfr_set_prec and mpfr_swap on them are fine), but the pool is a
// stack: they must be destroyed in the reverse order of their construction, which automatic variables
// are. Never put one in a container or a heap object.
class ScratchFloat {
 public:
  explicit ScratchFloat(mpfr_prec_t precision = 64);
  ~ScratchFloat();
  ScratchFloat(const ScratchFloat&) = delete;
  ScratchFloat& operator=(const ScratchFloat&) = delete;
  mpfr_ptr get() { return value_; }
  mpfr_srcptr get() const { return value_; }
  operator mpfr_ptr() { return value_; }
  operator mpfr_srcptr() const { return value_; }

 private:
  mpfr_ptr value_;
};

class ScratchComplex {
 public:
  explicit ScratchComplex(mpfr_prec_t precision = 64);
  ~ScratchComplex();
  ScratchComplex(const ScratchComplex&) = delete;
  ScratchComplex& operator=(const ScratchComplex&) = delete;
  mpc_ptr get() { return value_; }
  mpc_srcptr get() const { return value_; }
  operator mpc_ptr() { return value_; }
  operator mpc_srcptr() const { return value_; }
  mpfr_ptr re() { return mpc_realref(value_); }
  mpfr_ptr im() { return mpc_imagref(value_); }

 private:
  mpc_ptr value_;
};

// Exact arithmetic on MPFR values: `out` gets the precision that holds the result exactly (a sum of
// `terms`, a product, a difference). Operands are exact at their own precisions; non-finite ones propagate.
void exactSum(mpfr_ptr out, const std::vector<mpfr_srcptr>& terms);
void exactMul(mpfr_ptr out, mpfr_srcptr a, mpfr_srcptr b);
void exactSub(mpfr_ptr out, mpfr_srcptr a, mpfr_srcptr b);

// The format-level numerics (MpFloat, formatPrecision, ULP distance, integer wrapping) live in
// ir/numerics_base.h, below both this evaluator and the comparator; these names keep `ref::` spellings.
using hloconf::MpComplex;
using hloconf::MpFloat;
using hloconf::floatOrdinal;
using hloconf::formatPrecision;
using hloconf::integerInRange;
using hloconf::integerMask;
using hloconf::integerToFloat;
using hloconf::integerValue;
using hloconf::ulpDistance;
using hloconf::wrapInteger;

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_NUMERICS_H_
