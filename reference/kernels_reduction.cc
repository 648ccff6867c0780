// Reductions: reduce, reduce_window, select_and_scatter.
//
// Two ways to evaluate a reduction body (docs/accumulation.md has the details and the formulas):
// - General path: the body region is applied with Interpreter::runRegion on scalar tensors, as a left
//   fold that starts from the init values and takes the input elements in row-major order (reduce: of the
//   reduced dimensions; reduce_window: of the window; select_and_scatter: of the source indices).
//   With three or more leaves the right-nested and a balanced tree are evaluated too; where they differ
//   from the left fold, the element is marked implementation-defined (order-dependent on this data).
// - Recognised monoids: a single-input body that is exactly one of stablehlo.add, multiply, maximum,
//   minimum, and, or, xor on its two block arguments, returned directly. Its result does not depend on
//   the spec's implementation-defined schedule: float sums are accumulated exactly and rounded once
//   (with RtValue::error_bound, a bound that every summation order in the element type meets), float
//   products are correctly rounded (with a bound), integers wrap, and the rest are exact. Float and complex
//   sums take fastFloatSum (no MPFR number per term; exactly exactFloatSum's bits and bounds, which
//   setExactSumFastPath(false) selects), and their result elements are computed on the thread pool.
// Inputs are converted to the body's element types first (to_destination_type; is_promotable). Quantized
// bodies always take the general path on quantized scalars (each body op is dequantize-op-quantize, so each
// step requantizes); results whose value can depend on the schedule are marked implementation-defined.
// This file also defines the promotion and body helpers that kernels.h declares for scatter and the
// collectives.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>

#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/elementwise.h"
#include "reference/exact_sum.h"
#include "reference/kernels.h"
#include "reference/long_accumulator.h"
#include "reference/numerics.h"
#include "reference/parallel.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;

// Attribute values (window sizes, strides, dilations, padding) beyond this magnitude are refused, so
// that every index computation below stays far inside int64.
constexpr int64_t kMaxAttrValue = int64_t{1} << 30;
// The most window positions a reduce_window or select_and_scatter may visit (a hostile window costs one
// case, not the run).
constexpr int64_t kMaxWindowWork = int64_t{1} << 32;
// Terms per task of a parallel float add reduction (a task of fewer stays on the calling thread).
constexpr int64_t kTermsPerTask = 8192;
// A term of a reduction that is the init value (reduce_window's padding and base-dilation holes).
constexpr int64_t kInitTerm = -1;

// --- Small helpers -------------------------------------------------------------------------------------------

std::string joinInts(const std::vector<int64_t>& values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i) strAppend(&text, i ? ", " : "", values[i]);
  return text;
}


// Elem of element `i` of a tensor (both parts for complex).
Elem elemAt(const Tensor& t, int64_t i) {
  return {t.bits(i, 0), isComplex(t.elementType()) ? t.bits(i, 1) : 0};
}
void setElem(Tensor& t, int64_t i, Elem e) {
  t.setBits(i, e.re, 0);
  if (isComplex(t.elementType())) t.setBits(i, e.im, 1);
}

// convert(x, to) for a promotable pair; `marked` is set when an integer value does not fit (wraps, as
// convert does).
Elem convertElem(ElementType from, ElementType to, Elem in, bool& marked) {
  if (from == to) return in;
  if (isBoolean(from)) return in;
  if (isInteger(from)) {
    const __int128 v = integerValue(from, in.re);
    marked = marked || !integerInRange(to, v);
    return {wrapInteger(to, v), 0};
  }
  MpFloat x(64);
  if (isFloat(from)) {
    decodeFloat(from, in.re, x);
    return {encodeFloat(to, x), 0};
  }
  const ElementType pf = complexPartType(from), pt = complexPartType(to);
  Elem out;
  decodeFloat(pf, in.re, x);
  out.re = encodeFloat(pt, x);
  decodeFloat(pf, in.im, x);
  out.im = encodeFloat(pt, x);
  return out;
}

// to_destination_type of every element of `in` into element type `to` (an element type or a valid
// quantized type, promotable from in's). `marks` (one per element, or empty: none marked) gets the
// conversion's marks added: an integer that does not fit, or quantize's implementation-defined cases.
Tensor convertTensor(const Tensor& in, const Type& to, std::vector<uint8_t>& marks) {
  if (in.type().tensorElement() == to) return in;
  const int64_t count = in.numElements();
  marks.resize(count, 0);
  const Type type = Type::tensor(in.type().shape(), to);
  if (to.isQuantized()) return quantizeTensor(dequantizeTensor(in), type, marks);  // quantize(dequantize(x))
  Tensor out(type);
  const ElementType from = in.elementType(), e = to.elementType();
  for (int64_t k = 0; k < count; ++k) {
    bool marked = marks[k] != 0;
    setElem(out, k, convertElem(from, e, elemAt(in, k), marked));
    marks[k] = marked;
  }
  return out;
}

}  // namespace

// The op of a body that is exactly `%r = OP(%arg0, %arg1)` (either argument order) and
// `stablehlo.return %r`, with every type `scalar`; OpId::kUnknown otherwise.
OpId singleOpBody(const Region& region, const Type& scalar) {
  if (region.blocks.size() != 1) return OpId::kUnknown;
  const Block& block = *region.blocks.front();
  if (block.arguments.size() != 2 || block.operations.size() != 2) return OpId::kUnknown;
  const Operation& op = *block.operations[0];
  const Operation& ret = *block.operations[1];
  if (ret.id != OpId::kReturn || ret.operands.size() != 1 || op.results.size() != 1 ||
      ret.operands[0] != op.results[0].get() || op.operands.size() != 2 || !op.regions.empty()) {
    return OpId::kUnknown;
  }
  const Value* a0 = block.arguments[0].get();
  const Value* a1 = block.arguments[1].get();
  if (!((op.operands[0] == a0 && op.operands[1] == a1) || (op.operands[0] == a1 && op.operands[1] == a0))) return OpId::kUnknown;
  for (const Value* v : {a0, a1, static_cast<const Value*>(op.results[0].get())}) {
    if (!v->type.isTensor() || v->type.rank() != 0 || v->type != scalar) return OpId::kUnknown;
  }
  return op.id;
}

namespace {

// Whether every element x of quantized tensor `t` (a valid type) has quantize(dequantize(x)) = x.
bool requantizesToItself(const Tensor& t) {
  std::vector<uint8_t> marks;
  const Tensor back = quantizeTensor(dequantizeTensor(t), t.type(), marks);
  for (int64_t k = 0; k < t.numElements(); ++k) {
    if (back.bits(k) != t.bits(k)) return false;
  }
  return true;
}

// --- Recognised bodies -----------------------------------------------------------------------------------------

enum class Monoid { kNone, kAdd, kMultiply, kMaximum, kMinimum, kAnd, kOr, kXor };

// The monoid of a single-input body on a non-quantized `scalar` type: exactly `%r = OP(%arg0, %arg1)`
// (either argument order) and `stablehlo.return %r`, every type `scalar`; kNone otherwise (general path).
Monoid recognizeBody(const Region& region, size_t num_inputs, const Type& scalar) {
  if (num_inputs != 1 || scalar.isQuantized()) return Monoid::kNone;
  const ElementType t = scalar.elementType();
  const bool logical = isBoolean(t) || isInteger(t);
  switch (singleOpBody(region, scalar)) {
    case OpId::kAdd: return Monoid::kAdd;
    case OpId::kMultiply: return isComplex(t) ? Monoid::kNone : Monoid::kMultiply;  // complex: general path
    case OpId::kMaximum: return Monoid::kMaximum;
    case OpId::kMinimum: return Monoid::kMinimum;
    case OpId::kAnd: return logical ? Monoid::kAnd : Monoid::kNone;
    case OpId::kOr: return logical ? Monoid::kOr : Monoid::kNone;
    case OpId::kXor: return logical ? Monoid::kXor : Monoid::kNone;
    default: return Monoid::kNone;
  }
}

// --- Exact float accumulation ----------------------------------------------------------------------------------

// gamma_k = k*u / (1 - k*u) with u = 2^-p (Higham, Accuracy and Stability of Numerical Algorithms, 2nd
// ed., Lemma 3.1), rounded up; false when k*u >= 1 (no bound).
bool gammaUp(int64_t k, int p, MpFloat& gamma) {
  MpFloat ku(128), den(128);
  mpfr_set_si(ku, k, MPFR_RNDU);
  mpfr_mul_2si(ku, ku, -p, MPFR_RNDU);  // exact
  if (mpfr_cmp_ui(ku, 1) >= 0) return false;
  mpfr_ui_sub(den, 1, ku, MPFR_RNDD);
  mpfr_div(gamma, ku, den, MPFR_RNDU);
  return true;
}

double toDoubleUp(mpfr_srcptr x) { return mpfr_get_d(x, MPFR_RNDU); }

// acc += |x|, rounded up.
void addAbsUp(mpfr_ptr acc, mpfr_srcptr x) {
  if (mpfr_signbit(x)) {
    mpfr_sub(acc, acc, x, MPFR_RNDU);
  } else {
    mpfr_add(acc, acc, x, MPFR_RNDU);
  }
}

// Whether `x` (>= 0) reaches the largest finite value of `t` (an order may then overflow).
bool reachesOverflow(ElementType t, mpfr_srcptr x) {
  MpFloat largest(64);
  decodeFloat(t, largestFinite(t), largest);
  return mpfr_cmp(x, largest) >= 0;
}

// The sum of float terms of format `t`, correctly rounded (one rounding of the exact sum), and a bound
// that every summation order in `t` meets (docs/accumulation.md, "Sums").
uint64_t exactFloatSum(ElementType t, const std::vector<uint64_t>& terms, double& bound) {
  bound = 0;
  const int p = formatPrecision(t);
  MpFloat x(64);
  bool pos_inf = false, neg_inf = false, all_negative_zero = true, any_nonzero = false;
  mpfr_exp_t max_exp = 0, min_lsb = 0;
  for (uint64_t bits : terms) {
    decodeFloat(t, bits, x);
    if (mpfr_nan_p(x)) return encodeFloat(t, x);
    if (mpfr_inf_p(x)) {
      (mpfr_signbit(x) ? neg_inf : pos_inf) = true;
      all_negative_zero = false;
      continue;
    }
    if (mpfr_zero_p(x)) {
      all_negative_zero = all_negative_zero && mpfr_signbit(x);
      continue;
    }
    all_negative_zero = false;
    const mpfr_exp_t e = mpfr_get_exp(x);  // |x| < 2^e, and x is a multiple of 2^(e - p)
    if (!any_nonzero || e > max_exp) max_exp = e;
    if (!any_nonzero || e - p < min_lsb) min_lsb = e - p;
    any_nonzero = true;
  }
  if (pos_inf || neg_inf) {
    // IEEE: inf + finite = inf; +inf + -inf = NaN, in every order, with bound 0. Unless the finite terms
    // can overflow in some order (the same test as below): then one order may meet the infinity with the
    // opposite one and give NaN, and there is no finite bound.
    if (pos_inf && neg_inf) {
      mpfr_set_nan(x);
      return encodeFloat(t, x);
    }
    mpfr_set_inf(x, pos_inf ? 1 : -1);
    const uint64_t result = encodeFloat(t, x);
    if (any_nonzero) {
      MpFloat finite_abs(64), gamma(64), term(64);
      mpfr_set_zero(finite_abs, 1);
      for (uint64_t bits : terms) {
        decodeFloat(t, bits, term);
        if (mpfr_number_p(term)) addAbsUp(finite_abs, term);
      }
      if (!gammaUp(static_cast<int64_t>(terms.size()) - 1, p, gamma)) {
        bound = std::numeric_limits<double>::infinity();
        return result;
      }
      mpfr_add_ui(gamma, gamma, 1, MPFR_RNDU);
      mpfr_mul(finite_abs, finite_abs, gamma, MPFR_RNDU);
      if (reachesOverflow(t, finite_abs)) bound = std::numeric_limits<double>::infinity();
    }
    return result;
  }
  if (!any_nonzero) {
    // All zeros: -0 only when every term is -0 (IEEE 754 §6.3), in any order.
    mpfr_set_zero(x, all_negative_zero ? -1 : 1);
    return encodeFloat(t, x);
  }
  // Every partial sum is a multiple of 2^min_lsb below n * 2^max_exp: this precision holds it exactly.
  mpfr_prec_t bits_n = 1;
  while ((int64_t{1} << bits_n) <= static_cast<int64_t>(terms.size()) && bits_n < 62) ++bits_n;
  const mpfr_prec_t precision = (max_exp - min_lsb) + bits_n + 2;
  MpFloat sum(precision), abs_sum(precision);
  mpfr_set_zero(sum, 1);
  mpfr_set_zero(abs_sum, 1);
  for (uint64_t bits : terms) {
    decodeFloat(t, bits, x);
    if (mpfr_zero_p(x)) continue;
    mpfr_add(sum, sum, x, MPFR_RNDN);  // exact
    if (mpfr_signbit(x)) {
      mpfr_sub(abs_sum, abs_sum, x, MPFR_RNDN);
    } else {
      mpfr_add(abs_sum, abs_sum, x, MPFR_RNDN);
    }
  }
  // An exact zero sum of nonzero terms is +0 under round-to-nearest (IEEE 754 §6.3); sum is +0 here.
  const uint64_t result = encodeFloat(t, sum);

  MpFloat gamma(64), total(64), one_plus(64);
  if (!gammaUp(static_cast<int64_t>(terms.size()) - 1, p, gamma)) {
    bound = std::numeric_limits<double>::infinity();
    return result;
  }
  // Some order may overflow (or the exact sum does): no finite bound.
  mpfr_add_ui(one_plus, gamma, 1, MPFR_RNDU);
  mpfr_mul(total, abs_sum, one_plus, MPFR_RNDU);
  if (reachesOverflow(t, total)) {
    bound = std::numeric_limits<double>::infinity();
    return result;
  }
  // gamma_{n-1} * sum|terms| + |sum - result| (the final rounding, computed exactly).
  mpfr_mul(total, gamma, abs_sum, MPFR_RNDU);
  MpFloat rounded(64), diff(precision + 2);
  decodeFloat(t, result, rounded);
  mpfr_sub(diff, sum, rounded, MPFR_RNDN);  // exact: both are multiples of 2^min_lsb
  mpfr_abs(diff, diff, MPFR_RNDN);
  mpfr_add(total, total, diff, MPFR_RNDU);
  bound = toDoubleUp(total);
  return result;
}

// The product of float terms of format `t`, correctly rounded, and a bound that every multiplication
// order in `t` meets when no partial product can leave the normal range (docs/accumulation.md, "Products").
uint64_t exactFloatProduct(ElementType t, const std::vector<uint64_t>& terms, double& bound) {
  bound = 0;
  const int p = formatPrecision(t);
  MpFloat x(64);
  bool negative = false, any_zero = false, any_inf = false;
  for (uint64_t bits : terms) {
    decodeFloat(t, bits, x);
    if (mpfr_nan_p(x)) return encodeFloat(t, x);
    negative = negative != static_cast<bool>(mpfr_signbit(x));
    any_zero = any_zero || mpfr_zero_p(x);
    any_inf = any_inf || mpfr_inf_p(x);
  }
  if (any_zero && any_inf) {
    mpfr_set_nan(x);
    return encodeFloat(t, x);
  }
  if (any_zero || any_inf) {
    if (any_zero) {
      mpfr_set_zero(x, negative ? -1 : 1);
    } else {
      mpfr_set_inf(x, negative ? -1 : 1);
    }
    // Every order gives this (bound 0), unless the other factors' partial products can reach
    // infinity next to a zero, or 0 next to an infinity: 0 * inf is NaN. The range test of the finite
    // case below, on the finite nonzero factors.
    const uint64_t special = encodeFloat(t, x);
    MpFloat gamma(64), big(64), small(64), factor(64), smallest_normal(64);
    if (!gammaUp(static_cast<int64_t>(terms.size()) - 1, p, gamma)) {
      bound = std::numeric_limits<double>::infinity();
      return special;
    }
    mpfr_set_ui(big, 1, MPFR_RNDN);
    mpfr_set_ui(small, 1, MPFR_RNDN);
    for (uint64_t bits : terms) {
      decodeFloat(t, bits, x);
      if (!mpfr_regular_p(x)) continue;
      mpfr_abs(x, x, MPFR_RNDN);
      if (mpfr_cmp_ui(x, 1) >= 0) {
        mpfr_mul(big, big, x, MPFR_RNDU);
      } else {
        mpfr_mul(small, small, x, MPFR_RNDD);
      }
    }
    mpfr_add_ui(factor, gamma, 1, MPFR_RNDU);
    mpfr_mul(big, big, factor, MPFR_RNDU);
    mpfr_ui_sub(factor, 1, gamma, MPFR_RNDD);
    mpfr_mul(small, small, factor, MPFR_RNDD);
    decodeFloat(t, smallestNormal(t), smallest_normal);
    if ((any_zero && reachesOverflow(t, big)) || (any_inf && mpfr_cmp(small, smallest_normal) < 0)) {
      bound = std::numeric_limits<double>::infinity();
    }
    return special;
  }
  mpfr_prec_t bits_n = 1;
  while ((int64_t{1} << bits_n) <= static_cast<int64_t>(terms.size()) && bits_n < 62) ++bits_n;
  // Ziv step: the product at wi = w + log2(n) + 4 bits has relative error below gamma_{n-1}(2^-wi) <=
  // 2^-(w+3), so below a quarter ulp of the w-bit result; rounding to w bits adds half an ulp.
  const uint64_t result = roundCorrectly(t, [&](mpfr_ptr out) {
    MpFloat product(mpfr_get_prec(out) + bits_n + 4), term(64);
    mpfr_set_ui(product, 1, MPFR_RNDN);
    bool inexact = false;
    for (uint64_t bits : terms) {
      decodeFloat(t, bits, term);
      inexact = (mpfr_mul(product, product, term, MPFR_RNDN) != 0) || inexact;
    }
    inexact = (mpfr_set(out, product, MPFR_RNDN) != 0) || inexact;
    return withinUlps(out, 1, inexact);
  });

  // Bound: (gamma_{n-1} + u) * |P| with |P| bounded above; only when every partial product of every
  // order stays in the normal range (Higham's model holds): the product of the factors >= 1 (times
  // 1 + gamma) is below the largest finite value and the product of the factors < 1 (times 1 - gamma)
  // is at least the smallest normal value.
  MpFloat gamma(64), up(64), big(64), small(64), magnitude(64);
  if (!gammaUp(static_cast<int64_t>(terms.size()) - 1, p, gamma)) {
    bound = std::numeric_limits<double>::infinity();
    return result;
  }
  mpfr_set_ui(up, 1, MPFR_RNDN);
  mpfr_set_ui(big, 1, MPFR_RNDN);
  mpfr_set_ui(small, 1, MPFR_RNDN);
  for (uint64_t bits : terms) {
    decodeFloat(t, bits, x);
    mpfr_abs(x, x, MPFR_RNDN);
    mpfr_mul(up, up, x, MPFR_RNDU);
    if (mpfr_cmp_ui(x, 1) >= 0) {
      mpfr_mul(big, big, x, MPFR_RNDU);
    } else {
      mpfr_mul(small, small, x, MPFR_RNDD);
    }
  }
  MpFloat factor(64), smallest_normal(64);
  mpfr_add_ui(factor, gamma, 1, MPFR_RNDU);
  mpfr_mul(big, big, factor, MPFR_RNDU);
  mpfr_ui_sub(factor, 1, gamma, MPFR_RNDD);
  mpfr_mul(small, small, factor, MPFR_RNDD);
  decodeFloat(t, smallestNormal(t), smallest_normal);
  if (reachesOverflow(t, big) || mpfr_cmp(small, smallest_normal) < 0) {
    bound = std::numeric_limits<double>::infinity();
    return result;
  }
  mpfr_set_ui(factor, 1, MPFR_RNDN);
  mpfr_mul_2si(factor, factor, -p, MPFR_RNDN);  // u
  mpfr_add(factor, factor, gamma, MPFR_RNDU);
  mpfr_mul(magnitude, up, factor, MPFR_RNDU);
  bound = toDoubleUp(magnitude);
  return result;
}

// --- Exact float sums without MPFR (the fast path) -------------------------------------------------------------
//
// fastFloatSum gives exactly exactFloatSum's bits and bound (bit for bit; tests/reference/reduce_fast_test.cc
// compares the two) from the terms' exact values as doubles (every value of a format up to f64 is one), with
// no MPFR number per term:
// - the sum is exact in a LongAccumulator and rounded once (LongAccumulator::round has encodeFloat's rules,
//   zero signs included);
// - sum|x| is the double sum of the magnitudes when no step of it rounds (TwoSum finds every rounding error);
// - the bound's 64-bit steps rounded up (MPFR_RNDU) are redone on 64-bit integer significands (Up64): with
//   A = sum|x| exact, RU64(A (1 + gamma)) and RU64(gamma A) are roundings of exact products;
// - the last two steps, RU53(RU64(RU64(gamma A) + D)) with D = |sum - result|, equal RU53(RU64(gamma A) + D)
//   (rounding up to 64 bits and then to 53 is rounding up to 53: the 53-bit numbers are 64-bit numbers),
//   an exact 128-bit integer sum rounded up (addUp53), with D read from the accumulator as a double (when
//   it is one) or, for f32 and f64 sums whose double sum does not round, the double sum minus the result.
// gamma and 1 + gamma (per term count) still come from gammaUp in MPFR, once per count. An element whose
// magnitudes' double sum rounds, or whose bound's values leave the double range, computes the bound's steps
// in MPFR from the accumulators' exact sums (per element, not per term); an element with a NaN or an
// infinity computes its few per-element MPFR values as exactFloatSum does, and an infinity next to finite
// terms whose magnitudes' double sum rounds goes to exactFloatSum itself (rare: its bound is a test of
// overflow on a sum rounded up step by step).

// A nonnegative number sig 2^exp with a 64-bit significand (sig = 0, or its top bit set): the values of
// exactFloatSum's 64-bit arithmetic.
struct Up64 {
  uint64_t sig = 0;
  long exp = 0;
};

// a >= 0 finite, exactly.
Up64 up64FromDouble(double a) {
  if (a == 0) return {};
  int e = 0;
  const double m = std::frexp(a, &e);  // a = m 2^e with m in [1/2, 1)
  return {static_cast<uint64_t>(std::ldexp(m, 64)), static_cast<long>(e) - 64};
}

// x >= 0 with at most 64 significant bits, exactly.
Up64 up64FromMpfr(mpfr_srcptr x) {
  if (mpfr_zero_p(x)) return {};
  const mpfr_exp_t e = mpfr_get_exp(x);  // x = 0.1... 2^e
  MpFloat scaled(64);
  mpfr_mul_2si(scaled, x, 64 - e, MPFR_RNDN);  // exact: in [2^63, 2^64)
  return {mpfr_get_ui(scaled, MPFR_RNDN), static_cast<long>(e) - 64};
}

void up64ToMpfr(Up64 v, mpfr_ptr out) {  // exact at 64 bits
  mpfr_set_ui(out, v.sig, MPFR_RNDN);
  mpfr_mul_2si(out, out, v.exp, MPFR_RNDN);
}

// a b rounded up to 64 bits (mpfr_mul at 64 bits with MPFR_RNDU).
Up64 mulUp64(Up64 a, Up64 b) {
  if (a.sig == 0 || b.sig == 0) return {};
  const unsigned __int128 m = static_cast<unsigned __int128>(a.sig) * b.sig;  // in [2^126, 2^128)
  const int shift = (m >> 127) != 0 ? 64 : 63;
  uint64_t top = static_cast<uint64_t>(m >> shift);  // top bit set
  long exp = a.exp + b.exp + shift;
  if ((m & ((static_cast<unsigned __int128>(1) << shift) - 1)) != 0 && ++top == 0) {
    top = uint64_t{1} << 63;  // carried out: 2^64
    ++exp;
  }
  return {top, exp};
}

// a + b rounded up to a double (mpfr_get_d with MPFR_RNDU of the exact sum) when that is a normal double
// and both operands fit in a 128-bit integer scaled so that the larger one's top bit is bit 125 (room for
// the carry); nullopt otherwise (the caller then takes the MPFR steps: operands more than 62 binades
// apart, which gamma A and |sum - result| hardly ever are, or a subnormal or infinite bound).
std::optional<double> addUp53(Up64 a, Up64 b) {
  if (a.sig == 0 && b.sig == 0) return 0.0;
  const long top = std::max(a.sig ? a.exp + 64 : b.exp + 64, b.sig ? b.exp + 64 : a.exp + 64);
  const long base = top - 126;  // v's bit 0 weighs 2^base
  unsigned __int128 v = 0;
  for (const Up64& x : {a, b}) {
    if (x.sig == 0) continue;
    if (x.exp < base) return std::nullopt;
    v += static_cast<unsigned __int128>(x.sig) << (x.exp - base);  // at most bit 126
  }
  // v has its top bit at 125 or 126: keep 53 bits, and add one unit when anything below is nonzero.
  const int high = (v >> 126) != 0 ? 126 : 125;
  const int shift = high - 52;
  uint64_t kept = static_cast<uint64_t>(v >> shift);
  if ((v & ((static_cast<unsigned __int128>(1) << shift) - 1)) != 0) ++kept;  // 2^53 at most: exact
  const long exp = base + shift;
  if (exp < -1074) return std::nullopt;  // kept 2^exp below 2^-1022: the double grid there is coarser
  const double up = std::ldexp(static_cast<double>(kept), static_cast<int>(std::min<long>(exp, 2000)));
  if (!std::isfinite(up)) return std::nullopt;
  return up;
}

bool atLeast(Up64 a, Up64 b) {
  if (b.sig == 0) return true;
  if (a.sig == 0) return false;
  return a.exp != b.exp ? a.exp > b.exp : a.sig >= b.sig;
}

// gamma_{n-1} and 1 + gamma_{n-1} of exactFloatSum (64 bits, rounded up) and the largest finite value of
// the format, for the last (n, format) asked.
struct SumConstants {
  int64_t n = -1;
  ElementType t = ElementType::kF32;
  bool bounded = false;  // gammaUp succeeded
  Up64 gamma, one_plus, largest;
};

const SumConstants& sumConstants(SumConstants& c, int64_t n, ElementType t) {
  if (c.n == n && c.t == t) return c;
  c.n = n;
  c.t = t;
  c.largest = up64FromDouble(exactDouble(t, largestFinite(t)));
  MpFloat gamma(64), one_plus(64);
  c.bounded = gammaUp(n - 1, formatPrecision(t), gamma);
  if (c.bounded) {
    mpfr_add_ui(one_plus, gamma, 1, MPFR_RNDU);
    c.gamma = up64FromMpfr(gamma);
    c.one_plus = up64FromMpfr(one_plus);
  }
  return c;
}

// Per-thread working state of fastFloatSum.
struct SumScratch {
  LongAccumulator sum, aux;
  SumConstants constants;
  std::vector<double> values;
};

SumScratch& sumScratch() {
  thread_local SumScratch scratch;
  return scratch;
}

// exactFloatSum's bound of a finite sum whose terms are finite and not all zero, in MPFR from the exact
// sums: `sum` holds the terms' exact sum, `magnitudes` the exact sum of their magnitudes (both consumed).
double boundFromExactSums(ElementType t, const SumConstants& c, LongAccumulator& sum, LongAccumulator& magnitudes, uint64_t result) {
  MpFloat abs_sum(2), gamma(64), one_plus(64), total(64), diff(2);
  magnitudes.toMpfr(abs_sum);
  up64ToMpfr(c.gamma, gamma);
  up64ToMpfr(c.one_plus, one_plus);
  mpfr_mul(total, abs_sum, one_plus, MPFR_RNDU);
  if (reachesOverflow(t, total)) return std::numeric_limits<double>::infinity();
  mpfr_mul(total, gamma, abs_sum, MPFR_RNDU);
  sum.add(-exactDouble(t, result));  // the result is finite: it does not reach overflow
  sum.toMpfr(diff);                  // sum - result, exactly
  mpfr_abs(diff, diff, MPFR_RNDN);
  mpfr_add(total, total, diff, MPFR_RNDU);
  return toDoubleUp(total);
}

// exactFloatSum(t, bits, bound) for terms whose exact values are x[0..n), where bitsOf(i) gives the bits
// of x[i] (read only for a NaN, and by the fallback to exactFloatSum).
template <typename BitsOf>
uint64_t fastFloatSum(ElementType t, const BitsOf& bitsOf, const double* x, size_t n, double& bound) {
  bound = 0;
  SumScratch& s = sumScratch();
  // sum|x| and sum x in double (the latter from x[0], so that -0 + -0 stays -0), and whether a step of
  // either rounded (TwoSum: a + m = next + error exactly; a NaN error counts).
  double a = 0, sum = n > 0 ? x[0] : 0;
  bool inexact = false, sum_inexact = false, any_nonzero = false;
  for (size_t i = 0; i < n; ++i) {
    const double m = std::fabs(x[i]);
    const double next = a + m;
    const double z = next - a;
    const double error = (a - (next - z)) + (m - z);
    inexact = inexact || error != 0;
    any_nonzero = any_nonzero || m != 0;
    a = next;
    if (i > 0) {
      const double next_sum = sum + x[i];
      const double zs = next_sum - sum;
      sum_inexact = sum_inexact || (sum - (next_sum - zs)) + (x[i] - zs) != 0;
      sum = next_sum;
    }
  }
  if (!std::isfinite(a)) {
    // A NaN or an infinity (or finite magnitudes whose double sum overflows: then inexact is set).
    bool pos_inf = false, neg_inf = false;
    for (size_t i = 0; i < n; ++i) {
      if (std::isnan(x[i])) {
        MpFloat nan(64);
        decodeFloat(t, bitsOf(i), nan);  // the first NaN, as exactFloatSum returns it
        return encodeFloat(t, nan);
      }
      if (std::isinf(x[i])) (x[i] < 0 ? neg_inf : pos_inf) = true;
    }
    if (pos_inf && neg_inf) {
      MpFloat nan(64);
      mpfr_set_nan(nan);
      return encodeFloat(t, nan);
    }
    if (pos_inf || neg_inf) {
      MpFloat inf(64);
      mpfr_set_inf(inf, pos_inf ? 1 : -1);
      const uint64_t result = encodeFloat(t, inf);
      bool finite_nonzero = false;
      double finite_abs = 0;
      inexact = false;
      for (size_t i = 0; i < n; ++i) {
        if (std::isinf(x[i])) continue;
        const double m = std::fabs(x[i]);
        const double next = finite_abs + m;
        const double z = next - finite_abs;
        inexact = inexact || (finite_abs - (next - z)) + (m - z) != 0;
        finite_nonzero = finite_nonzero || m != 0;
        finite_abs = next;
      }
      if (!finite_nonzero) return result;
      // exactFloatSum sums the finite magnitudes rounding up at 64 bits; with no rounding in double, its
      // sum is this exact one.
      if (inexact || !std::isfinite(finite_abs)) {
        std::vector<uint64_t> bits(n);
        for (size_t i = 0; i < n; ++i) bits[i] = bitsOf(i);
        return exactFloatSum(t, bits, bound);
      }
      const SumConstants& c = sumConstants(s.constants, static_cast<int64_t>(n), t);
      if (!c.bounded || atLeast(mulUp64(up64FromDouble(finite_abs), c.one_plus), c.largest)) {
        bound = std::numeric_limits<double>::infinity();
      }
      return result;
    }
  }
  // The exact sum rounded once. When no step of the double sum rounded, it is that double (an exact
  // zero of nonzero terms is +0 and -0 + -0 is -0 in IEEE addition, the signs exactFloatSum gives), and
  // for f32 and f64 a conversion rounds it (IEEE: to nearest even, with f32's subnormals and overflow)
  // and leaves D = sum - result exact in a double; otherwise the accumulator sums and rounds.
  const bool exact_double = !sum_inexact && (t == ElementType::kF32 || t == ElementType::kF64);
  uint64_t result = 0;
  double d = 0;
  if (exact_double) {
    if (t == ElementType::kF32) {
      const float rounded = static_cast<float>(sum);
      result = std::bit_cast<uint32_t>(rounded);
      d = sum - static_cast<double>(rounded);  // exact: the bits of sum below f32's
    } else {
      result = std::bit_cast<uint64_t>(sum);
    }
  } else {
    s.sum.clear();
    s.sum.addValues(x, 1, n);
    result = s.sum.round(t);
  }
  if (!any_nonzero) return result;  // all zeros: -0 only when every term is -0; bound 0
  const SumConstants& c = sumConstants(s.constants, static_cast<int64_t>(n), t);
  if (!c.bounded) {
    bound = std::numeric_limits<double>::infinity();
    return result;
  }
  if (!inexact) {
    const Up64 abs_sum = up64FromDouble(a);
    if (atLeast(mulUp64(abs_sum, c.one_plus), c.largest)) {
      bound = std::numeric_limits<double>::infinity();
      return result;
    }
    const Up64 scaled = mulUp64(c.gamma, abs_sum);  // RU64(gamma A)
    const double rounded = exactDouble(t, result);
    if (std::isfinite(rounded)) {
      // D = |sum - rounded| as a double, when it is one.
      bool d_exact = exact_double;
      if (!exact_double) {
        s.sum.add(-rounded);
        d = std::bit_cast<double>(s.sum.round(ElementType::kF64));
        s.sum.add(-d);
        d_exact = s.sum.isZero();
      }
      if (d_exact) {
        // RU53(RU64(gamma A) + D), as integers.
        if (const std::optional<double> up = addUp53(scaled, up64FromDouble(std::fabs(d)))) {
          bound = *up;
          return result;
        }
      }
    }
  }
  // The bound's steps in MPFR, from the exact sums.
  s.sum.clear();
  s.sum.addValues(x, 1, n);
  s.aux.clear();
  for (size_t i = 0; i < n; ++i) s.aux.add(std::fabs(x[i]));
  bound = boundFromExactSums(t, c, s.sum, s.aux, result);
  return result;
}

// The exact values of every element of part `part` of tensor `t` (part type `pt`) as doubles; 8-bit
// formats through a table of their 256 values.
std::vector<double> partValues(const Tensor& t, ElementType pt, int part) {
  const int64_t count = t.numElements();
  std::vector<double> values(count);
  if (t.elementType() == ElementType::kF32) {  // 4 bytes per element, little-endian: the float itself
    const uint8_t* bytes = t.bytes().data();
    for (int64_t i = 0; i < count; ++i) {
      float f;
      std::memcpy(&f, bytes + 4 * i, 4);
      values[i] = f;
    }
  } else if (floatFormat(pt).total_bits <= 8) {
    std::array<double, 256> table;
    for (uint64_t b = 0; b < 256; ++b) table[b] = exactDouble(pt, b);
    for (int64_t i = 0; i < count; ++i) values[i] = table[t.bits(i, part) & 0xFF];
  } else {
    for (int64_t i = 0; i < count; ++i) values[i] = exactDouble(pt, t.bits(i, part));
  }
  return values;
}

// --- Exact min/max --------------------------------------------------------------------------------------------

// --- The reduction driver -------------------------------------------------------------------------------------

// Inputs converted to the body's element types, their marks, the converted init values and the body.
struct Reduction {
  const Region* body = nullptr;
  size_t n = 0;
  std::vector<Type> scalar_types;  // tensor<Ei>, the body's argument types
  std::vector<ElementType> types;  // Ei
  std::vector<Tensor> data;        // inputs converted to Ei
  std::vector<std::vector<uint8_t>> marks;  // per input element; empty when none is marked
  std::vector<Elem> init;
  std::vector<uint8_t> init_marks;
  Monoid monoid = Monoid::kNone;
  bool init_is_identity = true;  // for add, multiply, xor: otherwise the result depends on how often the
                                 // schedule uses the init value (implementation-defined in the spec)
  bool quantized = false;          // a body type is quantized (general path; docs/accumulation.md)
  bool order_independent = false;  // quantized: a maximum or minimum whose values requantize to themselves
  // A float or complex add with the fast path (exactSumFastPath() at setup): the exact values of the
  // converted input's parts and of the init value's, as doubles (fastFloatSum).
  bool fast_sum = false;
  std::array<std::vector<double>, 2> values;
  std::array<double, 2> init_values{};
};

// Whether the body is a single float or complex add: its result elements are independent sums, computed
// in parallel (the general path runs the interpreter and stays on the calling thread).
bool isFloatAdd(const Reduction& r) {
  return r.monoid == Monoid::kAdd && (isFloat(r.types[0]) || isComplex(r.types[0]));
}

// What one reduction produces: one element per result, its mark, and its bound (NaN: none).
struct GroupResult {
  std::vector<Elem> values;
  bool marked = false;
  double bound = std::numeric_limits<double>::quiet_NaN();
};

bool isIdentity(Monoid m, ElementType t, Elem e) {
  if (m != Monoid::kAdd && m != Monoid::kMultiply && m != Monoid::kXor) return true;
  if (isBoolean(t)) return m == Monoid::kXor ? e.re == 0 : true;  // add = or, multiply = and: idempotent
  if (isInteger(t)) return integerValue(t, e.re) == (m == Monoid::kMultiply ? 1 : 0);
  const ElementType part = isComplex(t) ? complexPartType(t) : t;
  MpFloat x(64);
  auto is = [&](uint64_t bits, int value) {
    decodeFloat(part, bits, x);
    return value == 0 ? static_cast<bool>(mpfr_zero_p(x)) : (mpfr_number_p(x) && mpfr_cmp_si(x, value) == 0);
  };
  if (m == Monoid::kMultiply) return is(e.re, 1);
  return is(e.re, 0) && (!isComplex(t) || is(e.im, 0));
}

// Sets up a Reduction: `inputs` and `inits` (N each), the body (2N scalar arguments, N results).
absl::Status setupReduction(Interpreter& interp, const Operation& op, const Region& body, std::vector<const RtValue*> inputs,
                            std::vector<const RtValue*> inits, Reduction& r) {
  r.body = &body;
  r.n = inputs.size();
  if (body.blocks.size() != 1) return interp.opError(op, "the body must have one block");
  const Block& block = *body.blocks.front();
  if (block.arguments.size() != 2 * r.n) {
    return interp.opError(op, strCat("the body takes ", block.arguments.size(), " argument(s); ", r.n, " input(s) need ", 2 * r.n));
  }
  for (size_t i = 0; i < r.n; ++i) {
    const Type& acc = block.arguments[i]->type;
    const Type& elem = block.arguments[r.n + i]->type;
    if (!acc.isTensor() || acc.rank() != 0 || !(acc == elem)) {
      return interp.opError(op, strCat("body arguments ", i, " and ", r.n + i, " must be one scalar tensor type"));
    }
    const Tensor& in = inputs[i]->tensor;
    const Tensor& init = inits[i]->tensor;
    if (init.type().rank() != 0) return interp.opError(op, strCat("init value ", i, " must be a 0-dimensional tensor"));
    RETURN_IF_ERROR(checkPerTensorQuantized(interp, op, acc, strCat("body argument ", i)));
    RETURN_IF_ERROR(checkPerTensorQuantized(interp, op, in.type(), strCat("input ", i)));
    RETURN_IF_ERROR(checkPerTensorQuantized(interp, op, init.type(), strCat("init value ", i)));
    if (init.type().tensorElement() != in.type().tensorElement()) {
      return interp.opError(op, strCat("init value ", i, " has element type ", init.type().tensorElement().toString(), ", but input ", i,
                                       " has ", in.type().tensorElement().toString()));
    }
    if (!isPromotable(in.type().tensorElement(), acc.tensorElement())) {
      return interp.opError(op, strCat("input ", i, " of element type ", in.type().tensorElement().toString(),
                                       " cannot be promoted to the body's ", acc.tensorElement().toString()));
    }
    r.scalar_types.push_back(acc);
    r.types.push_back(acc.elementType());
    r.quantized = r.quantized || acc.isQuantized();
    std::vector<uint8_t> marks = inputs[i]->impl_defined;
    r.data.push_back(convertTensor(in, acc.tensorElement(), marks));
    if (std::find(marks.begin(), marks.end(), 1) == marks.end()) marks.clear();
    r.marks.push_back(std::move(marks));
    std::vector<uint8_t> init_marks = inits[i]->impl_defined;
    const Tensor init_converted = convertTensor(init, acc.tensorElement(), init_marks);
    r.init.push_back(elemAt(init_converted, 0));
    r.init_marks.push_back(!init_marks.empty() && init_marks[0] != 0);
  }
  r.monoid = recognizeBody(body, r.n, r.scalar_types[0]);
  if (r.monoid != Monoid::kNone) r.init_is_identity = isIdentity(r.monoid, r.types[0], r.init[0]);
  if (isFloatAdd(r) && exactSumFastPath()) {
    r.fast_sum = true;
    const bool complex = isComplex(r.types[0]);
    const ElementType part = complex ? complexPartType(r.types[0]) : r.types[0];
    for (int k = 0; k < (complex ? 2 : 1); ++k) {
      r.values[k] = partValues(r.data[0], part, k);
      r.init_values[k] = exactDouble(part, k == 0 ? r.init[0].re : r.init[0].im);
    }
  }
  if (r.quantized) {
    // Quantized bodies take the general path. Each step requantizes, so the result can depend on the
    // schedule unless the body is a maximum or minimum on values that requantize to themselves.
    Tensor init(r.scalar_types[0]);
    setElem(init, 0, r.init[0]);
    const OpId body_op = r.n == 1 ? singleOpBody(body, r.scalar_types[0]) : OpId::kUnknown;
    r.order_independent = r.n == 1 && orderIndependentBody(body, r.scalar_types[0], {&r.data[0], &init});
    // add, multiply: an init value that is not the identity (0, 1 after dequantize) is used an
    // implementation-defined number of times.
    if (body_op == OpId::kAdd || body_op == OpId::kMultiply) {
      MpFloat x(64);
      const Tensor value = dequantizeTensor(init);
      decodeFloat(value.elementType(), value.bits(0), x);
      r.init_is_identity = body_op == OpId::kAdd ? static_cast<bool>(mpfr_zero_p(x)) : mpfr_cmp_ui(x, 1) == 0;
    }
  }
  return absl::OkStatus();
}

bool termMarked(const Reduction& r, size_t input, int64_t term) {
  if (term == kInitTerm) return r.init_marks[input] != 0;
  return !r.marks[input].empty() && r.marks[input][term] != 0;
}
Elem termValue(const Reduction& r, size_t input, int64_t term) {
  return term == kInitTerm ? r.init[input] : elemAt(r.data[input], term);
}

// The monoid path: init first, then the terms (the fold order does not change the result).
void reduceMonoid(const Reduction& r, const std::vector<int64_t>& terms, const std::vector<uint8_t>* extra_marks, GroupResult& out) {
  const ElementType t = r.types[0];
  bool marked = r.init_marks[0] != 0 || !r.init_is_identity;
  for (size_t k = 0; k < terms.size(); ++k) {
    marked = marked || termMarked(r, 0, terms[k]) || (extra_marks && (*extra_marks)[k]);
  }
  Elem acc = r.init[0];
  const Monoid m = r.monoid;
  if (isBoolean(t) || isInteger(t)) {
    // Booleans: add and maximum are OR, multiply and minimum are AND (as the elementwise ops).
    const bool boolean = isBoolean(t);
    __int128 exact = boolean ? 0 : integerValue(t, acc.re);
    bool exact_overflow = false, any_zero = exact == 0;
    uint64_t bits = acc.re;
    for (int64_t term : terms) {
      const uint64_t y = termValue(r, 0, term).re;
      const __int128 v = boolean ? 0 : integerValue(t, y);
      switch (m) {
        case Monoid::kAdd:
          if (boolean) {
            bits |= y;
          } else {
            bits += y;
            exact_overflow = exact_overflow || __builtin_add_overflow(exact, v, &exact);
          }
          break;
        case Monoid::kMultiply:
          if (boolean) {
            bits &= y;
          } else {
            bits *= y;
            any_zero = any_zero || v == 0;
            exact_overflow = exact_overflow || __builtin_mul_overflow(exact, v, &exact);
          }
          break;
        case Monoid::kMaximum:
          if (boolean) {
            bits |= y;
          } else if (v > integerValue(t, bits)) {
            bits = y;
          }
          break;
        case Monoid::kMinimum:
          if (boolean) {
            bits &= y;
          } else if (v < integerValue(t, bits)) {
            bits = y;
          }
          break;
        case Monoid::kAnd: bits &= y; break;
        case Monoid::kOr: bits |= y; break;
        case Monoid::kXor: bits ^= y; break;
        case Monoid::kNone: break;
      }
    }
    bits &= integerMask(t);
    if (!boolean && (m == Monoid::kAdd || m == Monoid::kMultiply)) {
      // Wrapping arithmetic is exact modulo 2^width, so the bits do not depend on the order; the element
      // is implementation-defined when the exact result does not fit (the product of terms one of which
      // is 0 is 0, however large the others).
      const bool fits = m == Monoid::kMultiply && any_zero ? true : !exact_overflow && integerInRange(t, exact);
      marked = marked || !fits;
    }
    out.values = {Elem{bits, 0}};
    out.marked = marked;
    return;
  }
  if (m == Monoid::kMaximum || m == Monoid::kMinimum) {
    const bool max = m == Monoid::kMaximum;
    for (int64_t term : terms) {
      const Elem y = termValue(r, 0, term);
      if (isComplex(t)) {
        acc = complexMinMax(complexPartType(t), acc, y, max);
      } else {
        acc.re = floatMinMax(t, acc.re, y.re, max);
      }
    }
    out.values = {acc};
    out.marked = marked;
    return;
  }
  // Float or complex add, float multiply.
  const bool complex = isComplex(t);
  const ElementType part = complex ? complexPartType(t) : t;
  if (m == Monoid::kAdd && r.fast_sum) {
    Elem result;
    double bounds[2] = {0, 0};
    std::vector<double>& values = sumScratch().values;
    for (int k = 0; k < (complex ? 2 : 1); ++k) {
      // The init value first, then the terms, as exactFloatSum gets them.
      values.resize(terms.size() + 1);
      values[0] = r.init_values[k];
      const double* data = r.values[k].data();
      for (size_t i = 0; i < terms.size(); ++i) values[i + 1] = terms[i] == kInitTerm ? r.init_values[k] : data[terms[i]];
      auto bitsOf = [&](size_t i) {
        const Elem e = i == 0 ? acc : termValue(r, 0, terms[i - 1]);
        return k == 0 ? e.re : e.im;
      };
      (k == 0 ? result.re : result.im) = fastFloatSum(part, bitsOf, values.data(), values.size(), bounds[k]);
    }
    out.values = {result};
    out.marked = marked;
    out.bound = std::max(bounds[0], bounds[1]);
    return;
  }
  std::vector<uint64_t> re, im;
  re.reserve(terms.size() + 1);
  re.push_back(acc.re);
  if (complex) im.push_back(acc.im);
  for (int64_t term : terms) {
    const Elem y = termValue(r, 0, term);
    re.push_back(y.re);
    if (complex) im.push_back(y.im);
  }
  Elem result;
  double bound_re = 0, bound_im = 0;
  if (m == Monoid::kAdd) {
    result.re = exactFloatSum(part, re, bound_re);
    if (complex) result.im = exactFloatSum(part, im, bound_im);
  } else {
    result.re = exactFloatProduct(part, re, bound_re);
  }
  out.values = {result};
  out.marked = marked;
  out.bound = std::max(bound_re, bound_im);
}

// One reduction of `terms` (flat input indices or kInitTerm) starting from the init values.
// `extra_marks`, when given, has one taint flag per term.
absl::Status reduceGroup(Interpreter& interp, const Operation& op, const Reduction& r, const std::vector<int64_t>& terms,
                         const std::vector<uint8_t>* extra_marks, GroupResult& out) {
  if (r.monoid != Monoid::kNone) {
    reduceMonoid(r, terms, extra_marks, out);
    return absl::OkStatus();
  }
  // General path: acc = body(acc..., term...) for each term in order, starting from the init values.
  // The leaves, in order: the init values, then each term (N scalars each).
  std::vector<std::vector<RtValue>> leaves;
  leaves.reserve(terms.size() + 1);
  {
    std::vector<RtValue> init;
    for (size_t i = 0; i < r.n; ++i) {
      Tensor scalar(r.scalar_types[i]);
      setElem(scalar, 0, r.init[i]);
      init.push_back(RtValue::ofTensor(std::move(scalar), {r.init_marks[i]}));
    }
    leaves.push_back(std::move(init));
  }
  for (size_t k = 0; k < terms.size(); ++k) {
    std::vector<RtValue> leaf;
    for (size_t i = 0; i < r.n; ++i) {
      Tensor scalar(r.scalar_types[i]);
      setElem(scalar, 0, termValue(r, i, terms[k]));
      const bool marked = termMarked(r, i, terms[k]) || (extra_marks && (*extra_marks)[k]);
      leaf.push_back(RtValue::ofTensor(std::move(scalar), {static_cast<uint8_t>(marked)}));
    }
    leaves.push_back(std::move(leaf));
  }
  // body(left..., right...), checked.
  auto combine = [&](const std::vector<RtValue>& left, const std::vector<RtValue>& right) -> absl::StatusOr<std::vector<RtValue>> {
    std::vector<RtValue> args = left;
    args.insert(args.end(), right.begin(), right.end());
    ASSIGN_OR_RETURN(std::vector<RtValue> result, interp.runRegion(*r.body, std::move(args)));
    if (result.size() != r.n) return interp.opError(op, strCat("the body returned ", result.size(), " value(s), expected ", r.n));
    for (size_t i = 0; i < r.n; ++i) {
      const RtValue& v = result[i];
      if (!v.isTensor() || v.tensor.type().rank() != 0 || v.tensor.type().tensorElement() != r.scalar_types[i].tensorElement()) {
        return interp.opError(op, strCat("body result ", i, " must be a ", r.scalar_types[i].toString()));
      }
    }
    return result;
  };
  std::vector<RtValue> acc = leaves[0];
  for (size_t k = 1; k < leaves.size(); ++k) {
    ASSIGN_OR_RETURN(acc, combine(acc, leaves[k]));
  }
  // Order dependence (docs/accumulation.md): the spec lets the schedule be any binary tree over the leaves
  // in this order. With three or more leaves the reference also evaluates the right-nested tree and a
  // balanced one; where either differs from the left fold, the result depends on the schedule and is
  // marked implementation-defined. (Quantized bodies are marked below without this test.)
  bool order_dependent = false;
  if (!r.quantized && leaves.size() >= 3) {
    auto sameBits = [&](const std::vector<RtValue>& x) {
      for (size_t i = 0; i < r.n; ++i) {
        const Elem a = elemAt(acc[i].tensor, 0), b = elemAt(x[i].tensor, 0);
        if (a.re == b.re && a.im == b.im) continue;
        const ElementType t = r.types[i];
        if (isFloat(t) && classifyFloat(t, a.re) == FloatClass::kNaN && classifyFloat(t, b.re) == FloatClass::kNaN) continue;
        if (isComplex(t)) {
          const ElementType pt = complexPartType(t);
          const bool na = classifyFloat(pt, a.re) == FloatClass::kNaN || classifyFloat(pt, a.im) == FloatClass::kNaN;
          const bool nb = classifyFloat(pt, b.re) == FloatClass::kNaN || classifyFloat(pt, b.im) == FloatClass::kNaN;
          if (na && nb) continue;
        }
        return false;
      }
      return true;
    };
    // Right-nested: body(l0, body(l1, ... body(l_{m-2}, l_{m-1}))).
    std::vector<RtValue> right = leaves.back();
    for (size_t k = leaves.size() - 1; k-- > 0;) {
      ASSIGN_OR_RETURN(right, combine(leaves[k], right));
    }
    order_dependent = !sameBits(right);
    if (!order_dependent && leaves.size() >= 4) {
      // Balanced: adjacent pairs, level by level.
      std::vector<std::vector<RtValue>> level = leaves;
      while (level.size() > 1) {
        std::vector<std::vector<RtValue>> up;
        for (size_t k = 0; k + 1 < level.size(); k += 2) {
          ASSIGN_OR_RETURN(std::vector<RtValue> next, combine(level[k], level[k + 1]));
          up.push_back(std::move(next));
        }
        if (level.size() % 2) up.push_back(std::move(level.back()));
        level = std::move(up);
      }
      order_dependent = !sameBits(level[0]);
    }
  }
  out.values.clear();
  out.marked = false;
  for (size_t i = 0; i < r.n; ++i) {
    out.values.push_back(elemAt(acc[i].tensor, 0));
    out.marked = out.marked || acc[i].isImplDefined(0);
  }
  // Quantized: every step requantizes, so two or more terms give a result that depends on the schedule
  // (unless order_independent), and an add or multiply init value that is not the identity is used an
  // implementation-defined number of times.
  if (r.quantized && ((terms.size() >= 2 && !r.order_independent) || !r.init_is_identity)) out.marked = true;
  if (order_dependent) out.marked = true;
  return absl::OkStatus();
}

// The result tensors of a reduction: types checked against the body, size bounded.
struct ResultSet {
  std::vector<Tensor> tensors;
  std::vector<std::vector<uint8_t>> marks;
  std::vector<double> bounds;  // for a recognised add/multiply on floats
  bool has_bounds = false;
};

absl::StatusOr<ResultSet> makeResults(Interpreter& interp, const Operation& op, const Reduction& r, const std::vector<int64_t>& shape) {
  if (op.results.size() != r.n) return interp.opError(op, strCat("has ", op.results.size(), " result(s), expected ", r.n));
  ResultSet rs;
  for (size_t i = 0; i < r.n; ++i) {
    ASSIGN_OR_RETURN(const Type type, resultTensorType(interp, op, i, shape));
    if (type.tensorElement() != r.scalar_types[i].tensorElement()) {
      return interp.opError(op, strCat("result ", i, " has element type ", type.tensorElement().toString(), ", but the body's is ",
                                       r.scalar_types[i].tensorElement().toString()));
    }
    RETURN_IF_ERROR(checkResultSize(interp, op, type));
    rs.tensors.emplace_back(type);
    rs.marks.emplace_back(rs.tensors.back().numElements());
  }
  const ElementType t = r.types[0];
  rs.has_bounds = (r.monoid == Monoid::kAdd && (isFloat(t) || isComplex(t))) || (r.monoid == Monoid::kMultiply && isFloat(t));
  if (rs.has_bounds) rs.bounds.assign(rs.tensors[0].numElements(), 0.0);
  return rs;
}

void storeGroup(ResultSet& rs, int64_t index, const GroupResult& g) {
  for (size_t i = 0; i < rs.tensors.size(); ++i) {
    setElem(rs.tensors[i], index, g.values[i]);
    rs.marks[i][index] = g.marked;
  }
  if (rs.has_bounds) rs.bounds[index] = std::isnan(g.bound) ? 0.0 : g.bound;
}

std::vector<RtValue> finish(ResultSet& rs) {
  std::vector<RtValue> results;
  for (size_t i = 0; i < rs.tensors.size(); ++i) {
    RtValue v = RtValue::ofTensor(std::move(rs.tensors[i]), std::move(rs.marks[i]));
    if (rs.has_bounds) v.error_bound = rs.bounds;
    results.push_back(std::move(v));
  }
  return results;
}

// The first `count` operands as tensors of one shape (inputs), and the next `count` (init values).
absl::Status tensorOperands(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands, size_t count,
                            std::vector<const RtValue*>& inputs, std::vector<const RtValue*>& inits) {
  for (size_t i = 0; i < 2 * count; ++i) {
    RETURN_IF_ERROR(tensorOperand(interp, op, operands, i).status());
    (i < count ? inputs : inits).push_back(&operands[i]);
  }
  for (size_t i = 1; i < count; ++i) {
    if (inputs[i]->tensor.type().shape() != inputs[0]->tensor.type().shape()) {
      return interp.opError(op, strCat("inputs 0 and ", i, " have different shapes: ", inputs[0]->tensor.type().toString(), " and ",
                                       inputs[i]->tensor.type().toString()));
    }
  }
  return absl::OkStatus();
}

// --- reduce ----------------------------------------------------------------------------------------------------

Results reduceKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (op.regions.size() != 1) return interp.opError(op, "needs one body region");
  if (operands.empty() || operands.size() % 2 != 0) return interp.opError(op, strCat("needs N inputs and N init values, got ", operands.size(), " operand(s)"));
  const size_t n = operands.size() / 2;
  std::vector<const RtValue*> inputs, inits;
  RETURN_IF_ERROR(tensorOperands(interp, op, operands, n, inputs, inits));
  const std::vector<int64_t>& shape = inputs[0]->tensor.type().shape();
  const int64_t rank = static_cast<int64_t>(shape.size());
  const ReduceOp reduce(op);
  // The view reads a missing or malformed list as empty, which would reduce nothing.
  const Attribute* dimensions = reduce.attribute("dimensions");
  if (!dimensions || !decode::decodesAs(*dimensions, AttrKind::kI64Array)) return interp.opError(op, "needs a 'dimensions' integer list");
  std::vector<bool> reduced(rank, false);
  for (int64_t d : reduce.dimensions()) {
    if (d < 0 || d >= rank) return interp.opError(op, strCat("dimension ", d, " is out of range for rank ", rank, " (C4)"));
    if (reduced[d]) return interp.opError(op, strCat("dimension ", d, " appears twice (C5)"));
    reduced[d] = true;
  }
  Reduction r;
  RETURN_IF_ERROR(setupReduction(interp, op, op.regions[0], inputs, inits, r));
  std::vector<int64_t> result_shape, reduced_shape, kept_dims, reduced_dims;
  for (int64_t d = 0; d < rank; ++d) {
    if (reduced[d]) {
      reduced_shape.push_back(shape[d]);
      reduced_dims.push_back(d);
    } else {
      result_shape.push_back(shape[d]);
      kept_dims.push_back(d);
    }
  }
  ASSIGN_OR_RETURN(ResultSet rs, makeResults(interp, op, r, result_shape));
  const std::vector<int64_t> strides = rowMajorStrides(shape);
  // Offsets of the reduced elements (row-major over the reduced dimensions in ascending order).
  std::vector<int64_t> offsets;
  const int64_t input_elements = inputs[0]->tensor.numElements();
  if (input_elements > 0) {
    std::vector<int64_t> index(reduced_shape.size(), 0);
    do {
      int64_t off = 0;
      for (size_t k = 0; k < reduced_dims.size(); ++k) off += index[k] * strides[reduced_dims[k]];
      offsets.push_back(off);
    } while (nextIndex(index, reduced_shape));
  }
  const int64_t result_elements = numElements(result_shape);
  // The terms of the result element at `index`.
  auto termsAt = [&](const std::vector<int64_t>& index, std::vector<int64_t>& terms) {
    int64_t base = 0;
    for (size_t k = 0; k < kept_dims.size(); ++k) base += index[k] * strides[kept_dims[k]];
    terms.clear();
    if (input_elements > 0) {
      for (int64_t off : offsets) terms.push_back(base + off);
    }
  };
  if (isFloatAdd(r)) {
    // Independent sums: the same bits for any split of the elements.
    const int64_t per_element = static_cast<int64_t>(offsets.size()) + 1;
    parallelFor(result_elements, std::max<int64_t>(1, kTermsPerTask / per_element), [&](int64_t begin, int64_t end) {
      std::vector<int64_t> index = unravelIndex(begin, result_shape), terms;
      GroupResult g;
      for (int64_t i = begin; i < end; ++i) {
        termsAt(index, terms);
        reduceMonoid(r, terms, nullptr, g);
        storeGroup(rs, i, g);
        nextIndex(index, result_shape);
      }
    });
    return finish(rs);
  }
  std::vector<int64_t> index(result_shape.size(), 0), terms;
  GroupResult g;
  for (int64_t i = 0; i < result_elements; ++i) {
    termsAt(index, terms);
    RETURN_IF_ERROR(reduceGroup(interp, op, r, terms, nullptr, g));
    storeGroup(rs, i, g);
    nextIndex(index, result_shape);
  }
  return finish(rs);
}

// --- Window attributes -----------------------------------------------------------------------------------------

// The values of the window attribute `name` of `view` (window_dimensions, window_strides, base_dilations,
// window_dilations): `rank` entries (reduce_window C4, C6, C8, C10; select_and_scatter C4, C6), each
// positive (reduce_window C5, C7, C9, C11; select_and_scatter C5, C7) and at most kMaxAttrValue; 1 per
// dimension when absent.
absl::StatusOr<std::vector<int64_t>> windowValues(Interpreter& interp, const OpView& view, std::string_view name,
                                                  const std::optional<std::vector<int64_t>>& values, int64_t rank) {
  const Operation& op = view.operation();
  if (!values) {
    // Present but not an integer list: not the default.
    if (view.hasAttribute(name)) return interp.opError(op, strCat("'", name, "' must be an integer list"));
    return std::vector<int64_t>(rank, 1);
  }
  if (static_cast<int64_t>(values->size()) != rank) {
    return interp.opError(op, strCat("'", name, "' has ", values->size(), " entries, but the input has rank ", rank));
  }
  for (int64_t v : *values) {
    if (v < 1 || v > kMaxAttrValue) {
      return interp.opError(op, strCat("'", name, "' value ", v, " is out of range [1, ", kMaxAttrValue, "]"));
    }
  }
  return *values;
}

// The padding of `view` (reduce_window C12, select_and_scatter C8: shape [rank, 2]), each value within
// kMaxAttrValue; zeros when absent. Sets lo = padding[:, 0] and hi = padding[:, 1].
absl::Status paddingValues(Interpreter& interp, const OpView& view, const std::optional<std::vector<std::vector<int64_t>>>& padding,
                           int64_t rank, std::vector<int64_t>& lo, std::vector<int64_t>& hi) {
  const Operation& op = view.operation();
  lo.assign(rank, 0);
  hi.assign(rank, 0);
  if (!padding) {
    // Present but not a 2-dimensional integer tensor: not the default.
    if (view.hasAttribute("padding")) return interp.opError(op, "'padding' must be a 2-dimensional dense integer tensor");
    return absl::OkStatus();
  }
  if (static_cast<int64_t>(padding->size()) != rank) {
    return interp.opError(op, strCat("'padding' has ", padding->size(), " row(s), but the input has rank ", rank, " (shape [", rank, ", 2])"));
  }
  for (int64_t d = 0; d < rank; ++d) {
    const std::vector<int64_t>& row = (*padding)[d];
    if (row.size() != 2) return interp.opError(op, strCat("'padding' has ", row.size(), " column(s), but must have 2 (low, high)"));
    for (int side = 0; side < 2; ++side) {
      if (row[side] < -kMaxAttrValue || row[side] > kMaxAttrValue) {
        return interp.opError(op, strCat("'padding' value ", row[side], " is out of the evaluator's range"));
      }
      (side == 0 ? lo : hi)[d] = row[side];
    }
  }
  return absl::OkStatus();
}

// Windows of a (base-dilated, padded) input: number of windows per dimension (spec reduce_window C15).
absl::StatusOr<std::vector<int64_t>> numWindows(Interpreter& interp, const Operation& op, const std::vector<int64_t>& shape,
                                               const std::vector<int64_t>& window, const std::vector<int64_t>& strides,
                                               const std::vector<int64_t>& base_dilations, const std::vector<int64_t>& window_dilations,
                                               const std::vector<int64_t>& lo, const std::vector<int64_t>& hi) {
  std::vector<int64_t> result;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] > (int64_t{1} << 31)) return interp.opError(op, strCat("dimension ", d, " of size ", shape[d], " is beyond the evaluator's range"));
    const int64_t dilated = shape[d] == 0 ? 0 : (shape[d] - 1) * base_dilations[d] + 1;
    const int64_t padded = lo[d] + dilated + hi[d];
    if (padded < 0) return interp.opError(op, strCat("dimension ", d, " is padded to a negative size ", padded));
    const int64_t dilated_window = (window[d] - 1) * window_dilations[d] + 1;
    const bool empty = padded == 0 || dilated_window > padded;
    result.push_back(empty ? 0 : (padded - dilated_window) / strides[d] + 1);
  }
  return result;
}

// Refuses windows whose total work (result elements x window volume) is beyond kMaxWindowWork.
absl::Status checkWindowWork(Interpreter& interp, const Operation& op, const std::vector<int64_t>& result_shape,
                             const std::vector<int64_t>& window) {
  __int128 work = 1;
  for (int64_t d : result_shape) work = std::min<__int128>(work * d, __int128{kMaxWindowWork} + 1);
  if (work == 0) return absl::OkStatus();
  for (int64_t d : window) work = std::min<__int128>(work * d, __int128{kMaxWindowWork} + 1);
  if (work > kMaxWindowWork) return interp.opError(op, "the windows visit more elements than the evaluator's bound (2^32)");
  return absl::OkStatus();
}

// --- reduce_window ---------------------------------------------------------------------------------------------

Results reduceWindowKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (op.regions.size() != 1) return interp.opError(op, "needs one body region");
  if (operands.empty() || operands.size() % 2 != 0) return interp.opError(op, strCat("needs N inputs and N init values, got ", operands.size(), " operand(s)"));
  const size_t n = operands.size() / 2;
  std::vector<const RtValue*> inputs, inits;
  RETURN_IF_ERROR(tensorOperands(interp, op, operands, n, inputs, inits));
  const std::vector<int64_t>& shape = inputs[0]->tensor.type().shape();
  const int64_t rank = static_cast<int64_t>(shape.size());
  const ReduceWindowOp reduce_window(op);
  if (!reduce_window.hasAttribute("window_dimensions")) return interp.opError(op, "needs 'window_dimensions'");
  ASSIGN_OR_RETURN(const std::vector<int64_t> window,
                   windowValues(interp, reduce_window, "window_dimensions", reduce_window.windowDimensions(), rank));
  ASSIGN_OR_RETURN(const std::vector<int64_t> strides,
                   windowValues(interp, reduce_window, "window_strides", reduce_window.windowStrides(), rank));
  ASSIGN_OR_RETURN(const std::vector<int64_t> base_dilations,
                   windowValues(interp, reduce_window, "base_dilations", reduce_window.baseDilations(), rank));
  ASSIGN_OR_RETURN(const std::vector<int64_t> window_dilations,
                   windowValues(interp, reduce_window, "window_dilations", reduce_window.windowDilations(), rank));
  std::vector<int64_t> lo, hi;
  RETURN_IF_ERROR(paddingValues(interp, reduce_window, reduce_window.padding(), rank, lo, hi));
  ASSIGN_OR_RETURN(const std::vector<int64_t> result_shape,
                   numWindows(interp, op, shape, window, strides, base_dilations, window_dilations, lo, hi));
  Reduction r;
  RETURN_IF_ERROR(setupReduction(interp, op, op.regions[0], inputs, inits, r));
  ASSIGN_OR_RETURN(ResultSet rs, makeResults(interp, op, r, result_shape));
  RETURN_IF_ERROR(checkWindowWork(interp, op, result_shape, window));
  const std::vector<int64_t> in_strides = rowMajorStrides(shape);
  const int64_t result_elements = numElements(result_shape);
  // The terms of the result element at `index` (w: scratch of rank entries).
  auto termsAt = [&](const std::vector<int64_t>& index, std::vector<int64_t>& w, std::vector<int64_t>& terms) {
    terms.clear();
    std::fill(w.begin(), w.end(), 0);
    do {
      // Position in the padded, base-dilated input; padding and dilation holes hold the init value.
      int64_t flat = 0;
      bool is_init = false;
      for (int64_t d = 0; d < rank && !is_init; ++d) {
        const int64_t x = index[d] * strides[d] + w[d] * window_dilations[d] - lo[d];
        if (x < 0 || x % base_dilations[d] != 0 || x / base_dilations[d] >= shape[d]) {
          is_init = true;
        } else {
          flat += (x / base_dilations[d]) * in_strides[d];
        }
      }
      terms.push_back(is_init ? kInitTerm : flat);
    } while (nextIndex(w, window));
  };
  if (isFloatAdd(r)) {
    // Independent sums: the same bits for any split of the elements.
    const int64_t per_element = numElements(window) + 1;
    parallelFor(result_elements, std::max<int64_t>(1, kTermsPerTask / per_element), [&](int64_t begin, int64_t end) {
      std::vector<int64_t> index = unravelIndex(begin, result_shape), w(rank, 0), terms;
      GroupResult g;
      for (int64_t i = begin; i < end; ++i) {
        termsAt(index, w, terms);
        reduceMonoid(r, terms, nullptr, g);
        storeGroup(rs, i, g);
        nextIndex(index, result_shape);
      }
    });
    return finish(rs);
  }
  std::vector<int64_t> index(rank, 0), w(rank, 0), terms;
  GroupResult g;
  for (int64_t i = 0; i < result_elements; ++i) {
    termsAt(index, w, terms);
    RETURN_IF_ERROR(reduceGroup(interp, op, r, terms, nullptr, g));
    storeGroup(rs, i, g);
    nextIndex(index, result_shape);
  }
  return finish(rs);
}

// --- select_and_scatter ----------------------------------------------------------------------------------------

Results selectAndScatterKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (op.regions.size() != 2) return interp.opError(op, "needs a select region and a scatter region");
  if (operands.size() != 3) return interp.opError(op, strCat("takes 3 operands (operand, source, init_value), got ", operands.size()));
  constexpr const char* kNames[] = {"the operand", "the source", "the init value"};
  for (size_t i = 0; i < 3; ++i) {
    ASSIGN_OR_RETURN(const Tensor* t, tensorOperand(interp, op, operands, i));
    RETURN_IF_ERROR(checkPerTensorQuantized(interp, op, t->type(), kNames[i]));
  }
  const RtValue& operand = operands[0];
  const RtValue& source = operands[1];
  const Tensor& x = operand.tensor;
  const Type& e = x.type().tensorElement();  // an element type or a quantized type
  if (source.tensor.type().tensorElement() != e) return interp.opError(op, "the source and the operand must have one element type (C1)");
  const std::vector<int64_t>& shape = x.type().shape();
  const int64_t rank = static_cast<int64_t>(shape.size());
  const SelectAndScatterOp select_and_scatter(op);
  ASSIGN_OR_RETURN(const std::vector<int64_t> window,
                   windowValues(interp, select_and_scatter, "window_dimensions", select_and_scatter.windowDimensions(), rank));
  ASSIGN_OR_RETURN(const std::vector<int64_t> strides,
                   windowValues(interp, select_and_scatter, "window_strides", select_and_scatter.windowStrides(), rank));
  std::vector<int64_t> lo, hi;
  RETURN_IF_ERROR(paddingValues(interp, select_and_scatter, select_and_scatter.padding(), rank, lo, hi));
  const std::vector<int64_t> ones(rank, 1);
  ASSIGN_OR_RETURN(const std::vector<int64_t> windows, numWindows(interp, op, shape, window, strides, ones, ones, lo, hi));
  if (source.tensor.type().shape() != windows) {
    return interp.opError(op, strCat("the source has type ", source.tensor.type().toString(), ", but the windows give shape [",
                                     joinInts(windows), "] (C2)"));
  }
  // The select region: (tensor<E>, tensor<E>) -> tensor<i1>.
  const Region& select = op.regions[0];
  if (select.blocks.size() != 1 || select.blocks.front()->arguments.size() != 2) {
    return interp.opError(op, "the select region must take two arguments");
  }
  for (const auto& arg : select.blocks.front()->arguments) {
    if (!arg->type.isTensor() || arg->type.rank() != 0 || arg->type.tensorElement() != e) {
      return interp.opError(op, strCat("the select region's arguments must be tensor<", e.toString(), "> (C9)"));
    }
  }
  // The scatter reduction: source values (converted to the scatter body's type) from init_value.
  Reduction r;
  RETURN_IF_ERROR(setupReduction(interp, op, op.regions[1], {&source}, {&operands[2]}, r));
  ASSIGN_OR_RETURN(ResultSet rs, makeResults(interp, op, r, shape));
  RETURN_IF_ERROR(checkWindowWork(interp, op, windows, window));

  // Selection: per source index (row-major), the window's elements in row-major order, skipping padding;
  // the running choice is kept while select(chosen, current) is true (spec: reduce_window_without_init).
  const Type scalar_type = Type::tensor({}, e);
  auto scalar = [&](int64_t i) {
    Tensor t(scalar_type);
    setElem(t, 0, elemAt(x, i));
    return RtValue::ofTensor(std::move(t), {static_cast<uint8_t>(operand.isImplDefined(i))});
  };
  const std::vector<int64_t> in_strides = rowMajorStrides(shape);
  const int64_t source_elements = source.tensor.numElements();
  std::vector<int64_t> selected(source_elements, -1);
  std::vector<uint8_t> taint(source_elements, 0);
  std::vector<int64_t> index(rank, 0), w(rank, 0);
  for (int64_t s = 0; s < source_elements; ++s) {
    std::fill(w.begin(), w.end(), 0);
    int64_t chosen = -1;
    bool tainted = false;
    do {
      int64_t flat = 0;
      bool inside = true;
      for (int64_t d = 0; d < rank && inside; ++d) {
        const int64_t pos = index[d] * strides[d] + w[d] - lo[d];
        inside = pos >= 0 && pos < shape[d];
        flat += pos * in_strides[d];
      }
      if (!inside) continue;
      if (chosen < 0) {
        chosen = flat;
        continue;
      }
      ASSIGN_OR_RETURN(const std::vector<RtValue> keep, interp.runRegion(select, {scalar(chosen), scalar(flat)}));
      if (keep.size() != 1 || !keep[0].isTensor() || keep[0].tensor.elementType() != ElementType::kI1 ||
          keep[0].tensor.type().rank() != 0) {
        return interp.opError(op, "the select region must return one tensor<i1> (C9)");
      }
      tainted = tainted || keep[0].isImplDefined(0);
      if (!keep[0].tensor.bits(0)) chosen = flat;
    } while (nextIndex(w, window));
    // A window with no operand element (all padding) scatters nowhere (the spec leaves it open, #731).
    selected[s] = chosen;
    taint[s] = tainted;
    nextIndex(index, windows);
  }
  // Per result element, the source indices that selected it, in row-major order of the source.
  const int64_t result_elements = x.numElements();
  std::vector<int64_t> first(result_elements + 1, 0);
  for (int64_t s = 0; s < source_elements; ++s) {
    if (selected[s] >= 0) ++first[selected[s] + 1];
  }
  for (int64_t i = 0; i < result_elements; ++i) first[i + 1] += first[i];
  std::vector<int64_t> order(first.back()), fill(first.begin(), first.end() - 1);
  for (int64_t s = 0; s < source_elements; ++s) {
    if (selected[s] >= 0) order[fill[selected[s]]++] = s;
  }
  auto termsOf = [&](int64_t i, std::vector<int64_t>& terms, std::vector<uint8_t>& term_taint) {
    terms.assign(order.begin() + first[i], order.begin() + first[i + 1]);
    term_taint.clear();
    for (int64_t s : terms) term_taint.push_back(taint[s]);
  };
  if (isFloatAdd(r)) {
    // Independent sums: the same bits for any split of the elements.
    const int64_t per_element = std::max<int64_t>(1, static_cast<int64_t>(order.size()) / std::max<int64_t>(1, result_elements)) + 1;
    parallelFor(result_elements, std::max<int64_t>(1, kTermsPerTask / per_element), [&](int64_t begin, int64_t end) {
      std::vector<int64_t> terms;
      std::vector<uint8_t> term_taint;
      GroupResult g;
      for (int64_t i = begin; i < end; ++i) {
        termsOf(i, terms, term_taint);
        reduceMonoid(r, terms, &term_taint, g);
        storeGroup(rs, i, g);
      }
    });
    return finish(rs);
  }
  std::vector<int64_t> terms;
  std::vector<uint8_t> term_taint;
  GroupResult g;
  for (int64_t i = 0; i < result_elements; ++i) {
    termsOf(i, terms, term_taint);
    RETURN_IF_ERROR(reduceGroup(interp, op, r, terms, &term_taint, g));
    storeGroup(rs, i, g);
  }
  return finish(rs);
}

constexpr KernelDef kKernels[] = {
    {OpId::kReduce, reduceKernel},
    {OpId::kReduceWindow, reduceWindowKernel},
    {OpId::kSelectAndScatter, selectAndScatterKernel},
};

}  // namespace

std::span<const KernelDef> reductionKernels() { return kKernels; }

RtValue toDestinationType(const RtValue& x, const Type& to) {
  if (x.tensor.type().tensorElement() == to) return x;
  std::vector<uint8_t> marks = x.impl_defined;
  Tensor converted = convertTensor(x.tensor, to, marks);
  return RtValue::ofTensor(std::move(converted), std::move(marks));
}

bool orderIndependentBody(const Region& body, const Type& scalar, std::initializer_list<const Tensor*> values) {
  const OpId body_op = singleOpBody(body, scalar);
  const bool min_max = body_op == OpId::kMaximum || body_op == OpId::kMinimum;
  if (scalar.isQuantized()) {
    if (!min_max) return false;
    for (const Tensor* t : values) {
      if (!requantizesToItself(*t)) return false;
    }
    return true;
  }
  const ElementType t = scalar.elementType();
  if (isInteger(t) || isBoolean(t)) {
    switch (body_op) {
      case OpId::kMaximum:
      case OpId::kMinimum:
      case OpId::kAdd:
      case OpId::kMultiply:
      case OpId::kAnd:
      case OpId::kOr:
      case OpId::kXor: return true;
      default: return false;
    }
  }
  return min_max;
}

absl::Status checkPerTensorQuantized(Interpreter& interp, const Operation& op, const Type& type, std::string_view what) {
  if (!type.isTensor() || !type.isQuantized()) return absl::OkStatus();
  if (std::string problem = quantizedTypeProblem(type); !problem.empty()) return interp.opError(op, strCat(what, ": ", problem));
  if (type.quantizedType().quantized_dimension) {
    return interp.opError(op, strCat(what, " has the per-axis quantized type ", type.toString(),
                                     "; the op takes tensors or per-tensor quantized tensors"));
  }
  return absl::OkStatus();
}

}  // namespace hloconf::ref
