// chlo ops that are not MPFR/MPC functions of one operand (those are in kernels_elementwise.cc's table):
// is_inf and its signed forms, next_after, conj, erf_inv, zeta, polygamma, bessel_i1e, the broadcast_*
// family, mulhi, top_k, constant_like and scan. (ragged_dot is dot_general's neighbour in kernels_dot.cc.)
// docs/design/chlo.md gives the definitions and the choices where chlo.md is silent.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <numeric>

#include "absl/strings/str_join.h"

#include "ir/chlo_broadcast.h"
#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "reference/fast_math_chlo.h"
#include "reference/elementwise.h"
#include "reference/float_order.h"
#include "reference/numerics.h"
#include "reference/special_functions.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;

// -x, exactly (the functions here are odd); on the value, so every format's zero and NaN rules hold.
uint64_t negateFloat(ElementType t, uint64_t x) {
  ScratchFloat v(64);
  decodeFloat(t, x, v);
  mpfr_neg(v, v, MPFR_RNDN);
  return encodeFloat(t, v);
}

// --- Classification and neighbours ------------------------------------------------------------------------

Results isInfKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isFloat(t)) return typeError(interp, op, "float types");
  const OpId which = op.id;
  return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
    const bool infinite = classifyFloat(t, a[0].re) == FloatClass::kInfinity;  // false in formats without one
    const bool negative = infinite && (a[0].re >> (floatFormat(t).total_bits - 1)) != 0;
    switch (which) {
      case OpId::kChloIsNegInf: out.re = negative; break;
      case OpId::kChloIsPosInf: out.re = infinite && !negative; break;
      default: out.re = infinite; break;  // chlo.is_inf
    }
    return false;
  });
}

// C nextafter(x, y) on the encoding (docs/design/chlo.md): every format orders the magnitudes of its
// values as the unsigned encoding of the magnitude, so a neighbour is one step of that.
uint64_t nextAfter(ElementType t, uint64_t x, uint64_t y) {
  if (classifyFloat(t, x) == FloatClass::kNaN) return x;
  if (classifyFloat(t, y) == FloatClass::kNaN) return y;
  ScratchFloat a(64), b(64);
  decodeFloat(t, x, a);
  decodeFloat(t, y, b);
  const int direction = mpfr_cmp(b, a);
  if (direction == 0) return y;  // C: y (next_after(-0, +0) is +0)
  const FloatFormat& f = floatFormat(t);
  const uint64_t sign_bit = f.has_sign ? uint64_t{1} << (f.total_bits - 1) : 0;
  if (mpfr_zero_p(a)) return smallestSubnormal(t) | (direction < 0 ? sign_bit : 0);
  const uint64_t sign = x & sign_bit, magnitude = x & ~sign_bit;
  const bool away_from_zero = (direction > 0) == (sign == 0);
  const uint64_t stepped = away_from_zero ? magnitude + 1 : magnitude - 1;
  // To a zero: the zero of x's sign, +0 where the format has no -0 (its encoding is NaN in FNUZ formats).
  if (stepped == 0 && !f.has_negative_zero) return 0;
  return sign | stepped;
}

Results nextAfterKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isFloat(t)) return typeError(interp, op, "float types");
  return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
    out.re = nextAfter(t, a[0].re, a[1].re);
    return false;
  }, /*same_types=*/true);
}

// conj(x) = (real(x), -imag(x)); a real operand is its own conjugate. The parts of complex types are
// f32 or f64, where negation is the sign bit.
Results conjKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isFloat(t) && !isComplex(t)) return typeError(interp, op, "float and complex types");
  const uint64_t imag_sign = isComplex(t) ? uint64_t{1} << (floatFormat(complexPartType(t)).total_bits - 1) : 0;
  return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
    out = {a[0].re, a[0].im ^ imag_sign};
    return false;
  }, /*same_types=*/true);
}

// --- erf_inv ---------------------------------------------------------------------------------------------

// erf_inv(x): NaN outside [-1, 1] and for NaN, +-inf at +-1, +-0 at +-0; odd.
uint64_t erfInv(ElementType t, uint64_t x) {
  ScratchFloat a(64);
  decodeFloat(t, x, a);
  MpFloat special(8);
  if (mpfr_nan_p(a) || mpfr_cmpabs_ui(a, 1) > 0) {
    mpfr_set_nan(special);
    return encodeFloat(t, special);
  }
  if (mpfr_zero_p(a)) return x;
  // f32: a double candidate proven by MPFR at 53 bits (reference/fast_math_chlo.h).
  if (t == ElementType::kF32 && fastChloF32Enabled()) {
    if (std::optional<uint32_t> r = fastF32ErfInv(static_cast<uint32_t>(x))) return *r;
  }
  const bool negative = mpfr_signbit(a) != 0;
  if (mpfr_cmpabs_ui(a, 1) == 0) {
    mpfr_set_inf(special, negative ? -1 : 1);
    return encodeFloat(t, special);
  }
  mpfr_abs(a, a, MPFR_RNDN);
  const uint64_t magnitude = roundCorrectly(t, [&](mpfr_ptr out) { return erfInvStep(out, a); });
  return negative ? negateFloat(t, magnitude) : magnitude;
}

Results erfInvKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isFloat(t)) return typeError(interp, op, "float types");
  return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
    out.re = erfInv(t, a[0].re);
    return false;
  }, /*same_types=*/true);
}

// --- zeta, polygamma, bessel_i1e ------------------------------------------------------------------------

// The first element of float tensor `values` whose exact value satisfies `refused`, or -1.
template <typename Refused>
int64_t firstRefused(const Tensor& values, Refused refused) {
  const ElementType t = values.elementType();
  ScratchFloat v(64);
  for (int64_t i = 0; i < values.numElements(); ++i) {
    decodeFloat(t, values.bits(i), v);
    if (refused(static_cast<mpfr_srcptr>(v))) return i;
  }
  return -1;
}

uint64_t nanBits(ElementType t) {
  MpFloat nan(8);
  mpfr_set_nan(nan);
  return encodeFloat(t, nan);
}

uint64_t signedBits(ElementType t, int sign, bool infinite) {
  MpFloat v(8);
  if (infinite) {
    mpfr_set_inf(v, sign);
  } else {
    mpfr_set_zero(v, sign);
  }
  return encodeFloat(t, v);
}

// The operand q of zeta (or x of polygamma) that hurwitzZetaStep is not used for: below -2^20 the direct
// sum to the first positive base is millions of terms; negative with an exponent above 2^16, the terms'
// magnitudes leave MPFR's exponent range and opposite signs cancel to NaN.
constexpr long kNegativeBaseLimit = 1L << 20;

// With a negative base a and an odd integer exponent s, the terms (a + n)^-s of both signs reach |a + n|^-s
// near the smallest |a + n| and cancel (for a = -365.5 exactly, in pairs), so the Ziv loop needs about
// s log2(2|a| + 2) bits, each step summing |a| + w terms at w bits. Above this many bits the reference
// says unsupported instead of computing for minutes: zeta(1785, -365.5) needs 17,000 bits and took over
// 60 s; 4,096 bits take about a second.
constexpr int kNegativeBaseCancellationBits = 4096;

// Whether zeta(s, a) (polygamma(s - 1, a)) with a < 0 cancels beyond kNegativeBaseCancellationBits. An
// even s makes every term positive: nothing cancels.
bool cancelsTooDeeply(mpfr_srcptr s, mpfr_srcptr a) {
  if (!mpfr_number_p(s) || !mpfr_number_p(a) || mpfr_sgn(a) >= 0) return false;
  MpFloat half_s(mpfr_get_prec(s) + 1);
  mpfr_div_2ui(half_s, s, 1, MPFR_RNDN);  // exact
  if (mpfr_integer_p(half_s)) return false;
  return mpfr_get_d(s, MPFR_RNDU) * std::log2(2 * std::fabs(mpfr_get_d(a, MPFR_RNDU)) + 2) > kNegativeBaseCancellationBits;
}

// The first element k where zeta(exponents[k] + shift, bases[k]) cancels too deeply, or -1 (zeta: shift
// 0; polygamma(n, x): exponents n, shift 1). A non-integer exponent or an integer base sums nothing (NaN
// or a pole).
int64_t firstDeepCancellation(ElementType t, const Tensor& exponents, const Tensor& bases, unsigned long shift) {
  for (int64_t k = 0; k < exponents.numElements(); ++k) {
    ScratchFloat s(64), a(64);
    decodeFloat(t, exponents.bits(k), s);
    decodeFloat(t, bases.bits(k), a);
    if (!mpfr_integer_p(s) || mpfr_integer_p(a)) continue;
    mpfr_add_ui(s, s, shift, MPFR_RNDN);  // exact below 2^64; an exponent that large is refused either way
    if (cancelsTooDeeply(s, a)) return k;
  }
  return -1;
}

// zeta(x, q) = sum_{n >= 0} (q + n)^-x as chlo.md defines it (docs/design/chlo.md gives each case).
uint64_t hurwitzZeta(ElementType t, uint64_t x_bits, uint64_t q_bits) {
  ScratchFloat s(64), a(64);
  decodeFloat(t, x_bits, s);
  decodeFloat(t, q_bits, a);
  if (mpfr_nan_p(s) || mpfr_nan_p(a) || mpfr_cmp_ui(s, 1) < 0) return nanBits(t);  // x < 1: the series diverges
  if (mpfr_cmp_ui(s, 1) == 0) return signedBits(t, 1, true);                         // the harmonic series
  const bool integer_a = mpfr_integer_p(a), integer_s = mpfr_integer_p(s);
  if (mpfr_inf_p(a)) return mpfr_sgn(a.get()) > 0 ? signedBits(t, 1, false) : nanBits(t);
  if (integer_a && mpfr_sgn(a.get()) <= 0) return integer_s ? signedBits(t, 1, true) : nanBits(t);  // a term 0^-x
  if (mpfr_sgn(a.get()) < 0 && !integer_s) return nanBits(t);  // negative bases to a non-integer power
  if (mpfr_inf_p(s)) {  // each term (q + n)^-inf: 0 above 1, 1 at 1, inf below
    const int c = mpfr_cmp_ui(a, 1);
    if (mpfr_sgn(a.get()) < 0) return nanBits(t);
    if (c == 0) {
      MpFloat one(8);
      mpfr_set_ui(one, 1, MPFR_RNDN);
      return encodeFloat(t, one);
    }
    return signedBits(t, 1, c < 0);
  }
  if (mpfr_cmp_ui(a, 1) == 0) {  // the Riemann zeta function, which MPFR has
    return roundCorrectly(t, [&](mpfr_ptr out) { return roundedByMpfr(out, mpfr_zeta(out, s, MPFR_RNDN)); });
  }
  // a > 1 with a^-x below 2^-(2^40): 0 < zeta <= a^-x (1 + a/(x - 1)) is far below every subnormal.
  if (mpfr_cmp_ui(a, 1) > 0) {
    MpFloat log2_a(64);
    mpfr_log2(log2_a, a, MPFR_RNDD);
    mpfr_mul(log2_a, log2_a, s, MPFR_RNDD);
    if (mpfr_cmp_ui_2exp(log2_a, 1, 40) > 0) return signedBits(t, 1, false);
  }
  return roundCorrectly(t, [&](mpfr_ptr out) { return hurwitzZetaStep(out, s, a); });
}

Results zetaKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isFloat(t)) return typeError(interp, op, "float types");
  if (operands.size() == 2 && operands[0].isTensor() && operands[1].isTensor() &&
      operands[0].tensor.type() == operands[1].tensor.type()) {
    const Tensor& x = operands[0].tensor;
    // Finite q only: q = -inf is NaN (docs/design/chlo.md), not a long sum.
    const int64_t i = firstRefused(operands[1].tensor, [&](mpfr_srcptr q) { return mpfr_number_p(q) && mpfr_cmp_si(q, -kNegativeBaseLimit) < 0; });
    if (i >= 0) return interp.unsupported(op, strCat("zeta with q below -2^20 (element ", i, "): the direct sum is too long"));
    if (const int64_t k = firstDeepCancellation(t, x, operands[1].tensor, 0); k >= 0) {
      return interp.unsupported(op, strCat("zeta with q < 0 and x log2(2|q| + 2) above ", kNegativeBaseCancellationBits, " (element ", k,
                                           "): terms of opposite sign cancel to that many bits, too slow to evaluate exactly"));
    }
  }
  return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
    out.re = hurwitzZeta(t, a[0].re, a[1].re);
    return false;
  }, /*same_types=*/true);
}

// The largest order polygamma evaluates: n! and the terms stay inside MPFR's exponent range well beyond.
constexpr long kPolygammaOrderLimit = 1L << 16;

// polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x) for n >= 1, digamma for n = 0; NaN unless n is a
// non-negative integer. Returns whether the element is implementation-defined (a pole, or digamma's).
bool polygamma(ElementType t, uint64_t n_bits, uint64_t x_bits, uint64_t& result) {
  ScratchFloat n(64), x(64);
  decodeFloat(t, n_bits, n);
  decodeFloat(t, x_bits, x);
  if (mpfr_nan_p(n) || mpfr_nan_p(x) || !mpfr_integer_p(n) || mpfr_sgn(n.get()) < 0) {
    result = nanBits(t);
    return false;
  }
  const bool pole = mpfr_integer_p(x) && mpfr_sgn(x.get()) <= 0;
  if (mpfr_zero_p(n)) {
    result = roundCorrectly(t, [&](mpfr_ptr out) { return roundedByMpfr(out, mpfr_digamma(out, x, MPFR_RNDN)); });
    return pole;
  }
  MpFloat half_n(66);
  mpfr_div_2ui(half_n, n, 1, MPFR_RNDN);  // exact
  const bool odd_order = !mpfr_integer_p(half_n);
  if (pole) {  // both sides +inf for odd n; opposite infinities for even n
    result = odd_order ? signedBits(t, 1, true) : nanBits(t);
    return true;
  }
  if (mpfr_inf_p(x)) {
    result = mpfr_sgn(x.get()) > 0 ? signedBits(t, odd_order ? 1 : -1, false) : nanBits(t);
    return false;
  }
  // n! zeta(n + 1, x) at w bits: zeta within 2^e_z (hurwitzZetaStep), n! correctly rounded (u); the
  // product's error is |n!| 2^e_z (1 + u) + 2u |product|, plus the rounding to q bits.
  MpFloat s(80);
  mpfr_add_ui(s, n, 1, MPFR_RNDN);  // exact
  result = roundCorrectly(t, [&](mpfr_ptr out) -> Approximation {
    const mpfr_prec_t q = mpfr_get_prec(out);
    MpFloat zeta(q + 8), factorial(q + 8), error(64), scratch(64);
    const Approximation z = hurwitzZetaStep(zeta, s, x);
    mpfr_gamma(factorial, s, MPFR_RNDN);  // n! = Gamma(n + 1)
    mpfr_mul(out, factorial, zeta, MPFR_RNDN);
    if (!odd_order) mpfr_neg(out, out, MPFR_RNDN);
    mpfr_abs(error, factorial, MPFR_RNDU);
    mpfr_mul_2si(error, error, z.error_exponent + 1, MPFR_RNDU);
    mpfr_abs(scratch, out, MPFR_RNDU);
    mpfr_mul_2si(scratch, scratch, 3 - static_cast<long>(q), MPFR_RNDU);
    mpfr_add(error, error, scratch, MPFR_RNDU);
    return {false, mpfr_zero_p(error) ? mpfr_get_emin() : mpfr_get_exp(error)};
  });
  return false;
}

Results polygammaKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isFloat(t)) return typeError(interp, op, "float types");
  if (operands.size() == 2 && operands[0].isTensor() && operands[1].isTensor()) {
    const int64_t big = firstRefused(operands[0].tensor, [](mpfr_srcptr n) { return mpfr_number_p(n) && mpfr_cmp_si(n, kPolygammaOrderLimit) > 0; });
    if (big >= 0) return interp.unsupported(op, strCat("polygamma of order n above 2^16 (element ", big, ")"));
    const int64_t low = firstRefused(operands[1].tensor, [](mpfr_srcptr x) { return mpfr_number_p(x) && mpfr_cmp_si(x, -kNegativeBaseLimit) < 0; });
    if (low >= 0) return interp.unsupported(op, strCat("polygamma with x below -2^20 (element ", low, "): the direct sum is too long"));
    // n <= 0 (digamma, NaN) gives an exponent n + 1 <= 1, which never cancels that deep.
    if (const int64_t k = firstDeepCancellation(t, operands[0].tensor, operands[1].tensor, 1); k >= 0) {
      return interp.unsupported(op, strCat("polygamma with x < 0 and (n + 1) log2(2|x| + 2) above ", kNegativeBaseCancellationBits,
                                           " (element ", k, "): terms of opposite sign cancel to that many bits, too slow to evaluate exactly"));
    }
  }
  return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
    return polygamma(t, a[0].re, a[1].re, out.re);
  }, /*same_types=*/true);
}

// bessel_i1e(x) = e^-|x| I1(x): odd, 0 at 0 and at +-inf (I1(x) e^-x ~ 1/sqrt(2 pi x)).
Results besselI1eKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isFloat(t)) return typeError(interp, op, "float types");
  return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
    ScratchFloat x(64);
    decodeFloat(t, a[0].re, x);
    if (mpfr_nan_p(x) || mpfr_zero_p(x)) {
      out.re = a[0].re;
    } else if (mpfr_inf_p(x)) {
      out.re = signedBits(t, mpfr_sgn(x.get()), false);
    } else {
      const bool negative = mpfr_signbit(x) != 0;
      mpfr_abs(x, x, MPFR_RNDN);
      const uint64_t magnitude = roundCorrectly(t, [&](mpfr_ptr r) { return besselI1eStep(r, x); });
      out.re = negative ? negateFloat(t, magnitude) : magnitude;
    }
    return false;
  }, /*same_types=*/true);
}

// --- The broadcast_* family -------------------------------------------------------------------------------

// A stand-in operation that kernels can run: `name` on operands of `operand_types`, with one result of
// `result_type`, the properties given, and `at`'s location for its errors. Kernels read only an op's
// types, properties and location.
class StandIn {
 public:
  StandIn(OpId id, const std::vector<Type>& operand_types, const Type& result_type, const Operation& at)
      : op_(std::string(opName(id))) {
    for (const Type& t : operand_types) {
      operands_.push_back(std::make_unique<Value>(Value{t}));
      op_.operands.push_back(operands_.back().get());
    }
    op_.addResult(result_type);
    op_.source_offset = at.source_offset;
  }
  Operation& op() { return op_; }

 private:
  std::vector<std::unique_ptr<Value>> operands_;
  Operation op_;
};

Results broadcastingKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const std::optional<OpId> applied = chloBroadcastApplied(op.id);
  if (!applied) return interp.unsupported(op);
  if (operands.size() != op.operands.size() || operands.size() < 2) {
    return interp.opError(op, strCat("takes ", op.operands.size(), " operands, got ", operands.size()));
  }
  if (op.results.size() != 1) return interp.opError(op, "needs one result");
  std::vector<const Tensor*> tensors;
  std::vector<std::vector<int64_t>> shapes;
  for (size_t k = 0; k < operands.size(); ++k) {
    ASSIGN_OR_RETURN(const Tensor* t, tensorOperand(interp, op, operands, k));
    tensors.push_back(t);
    shapes.push_back(t->type().shape());
  }
  const absl::StatusOr<ChloBroadcast> broadcast_shape = chloBroadcast(op, shapes);
  if (!broadcast_shape.ok()) return interp.opError(op, std::string(broadcast_shape.status().message()));
  const std::vector<int64_t>& shape = broadcast_shape->shape;
  const auto& maps = broadcast_shape->maps;
  std::vector<RtValue> broadcast;
  std::vector<Type> types;
  for (size_t k = 0; k < tensors.size(); ++k) {
    const Type type = Type::tensor(shape, tensors[k]->type().tensorElement());
    StandIn in_dim(OpId::kBroadcastInDim, {tensors[k]->type()}, type, op);
    in_dim.op().properties.push_back({"broadcast_dimensions", Attribute::denseArray(ElementType::kSI64, {maps[k].begin(), maps[k].end()})});
    std::vector<RtValue> one = {operands[k]};
    ASSIGN_OR_RETURN(std::vector<RtValue> moved, lookupKernel(OpId::kBroadcastInDim)(interp, in_dim.op(), one));
    broadcast.push_back(std::move(moved[0]));
    types.push_back(type);
  }
  StandIn applied_op(*applied, types, op.results[0]->type, op);
  for (const NamedAttrList* list : {&op.properties, &op.attributes}) {
    for (const NamedAttr& a : *list) {
      if (a.name != "broadcast_dimensions") applied_op.op().properties.push_back(a);
    }
  }
  return lookupKernel(*applied)(interp, applied_op.op(), broadcast);
}

// --- Integers ---------------------------------------------------------------------------------------------

// mulhi: the high N bits of the exact 2N-bit product (N <= 64, so it fits in 128 bits), arithmetic shift
// for signed types.
Results mulhiKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isInteger(t)) return typeError(interp, op, "integer types");
  const int width = bitWidth(t);
  return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
    const __int128 x = integerValue(t, a[0].re), y = integerValue(t, a[1].re);
    if (isSignedInteger(t)) {
      out.re = wrapInteger(t, (x * y) >> width);
    } else {
      const unsigned __int128 product = static_cast<unsigned __int128>(x) * static_cast<unsigned __int128>(y);
      out.re = wrapInteger(t, static_cast<__int128>(product >> width));
    }
    return false;
  }, /*same_types=*/true);
}

// --- top_k ------------------------------------------------------------------------------------------------

// An order key of an element: larger means earlier in top_k's output. Floats by IEEE totalOrder (the
// comparator of the upstream decomposition into stablehlo.sort), integers and i1 by value.
__int128 topKKey(ElementType t, uint64_t bits) {
  if (isFloat(t)) return totalOrderKey(t, bits);
  return integerValue(t, bits);
}

Results topKKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1) return interp.opError(op, strCat("takes 1 operand, got ", operands.size()));
  ASSIGN_OR_RETURN(const Tensor* operand, tensorOperand(interp, op, operands, 0));
  const ElementType t = operand->elementType();
  if (operand->type().isQuantized()) return interp.unsupported(op, "top_k of quantized values (chlo.md gives no order for them)");
  if (isComplex(t)) return typeError(interp, op, "float, integer and boolean types: complex numbers have no order");
  const Attr* k_attr = op.attr("k");
  if (!k_attr || (*k_attr)->kind() != Attribute::Kind::kInteger) return interp.opError(op, "needs an integer attribute 'k'");
  const int64_t k = (*k_attr)->intValue();
  const Attr* stable_attr = op.attr("is_stable");
  const bool stable = stable_attr && (*stable_attr)->kind() == Attribute::Kind::kBool && (*stable_attr)->boolValue();
  const std::vector<int64_t>& shape = operand->type().shape();
  if (shape.empty()) return interp.opError(op, "needs an operand of rank 1 or more (it works along the last dimension)");
  const int64_t n = shape.back();
  if (k < 0 || k > n) {
    return interp.opError(op, strCat("k = ", k, " must be between 0 and the last dimension's size ", n));
  }
  if (op.results.size() != 2) return interp.opError(op, "needs two results (values, indices)");
  std::vector<int64_t> result_shape = shape;
  result_shape.back() = k;
  ASSIGN_OR_RETURN(const Type values_type, resultTensorType(interp, op, 0, result_shape));
  ASSIGN_OR_RETURN(const Type indices_type, resultTensorType(interp, op, 1, result_shape));
  if (values_type.elementType() != t) {
    return interp.opError(op, strCat("the values have type ", values_type.toString(), ", but the operand's elements are ",
                                     elementTypeName(t), ": they must be equal"));
  }
  const ElementType index_type = indices_type.elementType();
  if (!isInteger(index_type) || !integerInRange(index_type, std::max<int64_t>(n - 1, 0))) {
    return interp.opError(op, strCat("the indices type ", indices_type.toString(), " cannot hold the indices up to ", n - 1));
  }
  Tensor values(values_type), indices(indices_type);
  std::vector<uint8_t> values_impl(values.numElements()), indices_impl(indices.numElements());
  const RtValue& in = operands[0];
  const int64_t rows = n == 0 ? 0 : operand->numElements() / n;
  std::vector<int64_t> order(n);
  for (int64_t row = 0; row < rows; ++row) {
    const int64_t base = row * n;
    std::iota(order.begin(), order.end(), 0);
    // Descending by key, equal keys in index order (stable).
    std::stable_sort(order.begin(), order.end(), [&](int64_t i, int64_t j) {
      return topKKey(t, operand->bits(base + i)) > topKKey(t, operand->bits(base + j));
    });
    for (int64_t j = 0; j < k; ++j) {
      const int64_t from = base + order[j], to = row * k + j;
      values.setBits(to, operand->bits(from));
      indices.setBits(to, wrapInteger(index_type, order[j]));
      values_impl[to] = in.isImplDefined(from);
      indices_impl[to] = in.isImplDefined(from);
      // is_stable = false: chlo.md leaves the order of equal elements implementation-defined, so an index
      // with an equal value elsewhere in the row (a tie that could be ordered the other way) is marked.
      if (!stable) {
        const __int128 key = topKKey(t, operand->bits(from));
        const bool tied = (j > 0 && topKKey(t, operand->bits(base + order[j - 1])) == key) ||
                          (j + 1 < n && topKKey(t, operand->bits(base + order[j + 1])) == key);
        indices_impl[to] = indices_impl[to] || tied;
      }
    }
  }
  std::vector<RtValue> results;
  results.push_back(RtValue::ofTensor(std::move(values), std::move(values_impl)));
  results.push_back(RtValue::ofTensor(std::move(indices), std::move(indices_impl)));
  return results;
}

// --- scan --------------------------------------------------------------------------------------------------

// The layout of a tensor around one dimension: `outer` blocks of `size` positions of `inner` elements each.
struct AlongDimension {
  int64_t outer = 1, size = 1, inner = 1;
  AlongDimension(const std::vector<int64_t>& shape, int64_t dimension) {
    for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d) {
      if (d < dimension) outer *= shape[d];
      if (d == dimension) size = shape[d];
      if (d > dimension) inner *= shape[d];
    }
  }
  // The flat index of element (o, position, i).
  int64_t at(int64_t o, int64_t position, int64_t i) const { return (o * size + position) * inner + i; }
};

// Position `position` of `from` along `dimension`, as a value of rank one less; marks travel with the
// elements (an error bound does not: only sums of products carry one, and a slice is not one).
RtValue sliceAt(const RtValue& from, int64_t dimension, int64_t position) {
  const Tensor& t = from.tensor;
  const AlongDimension layout(t.type().shape(), dimension);
  std::vector<int64_t> shape = t.type().shape();
  shape.erase(shape.begin() + dimension);
  Tensor out(Type::tensor(shape, t.type().tensorElement()));
  std::vector<uint8_t> impl(from.impl_defined.empty() ? 0 : out.numElements());
  const size_t bytes = static_cast<size_t>(layout.inner) * t.elementBytes();
  for (int64_t o = 0; o < layout.outer; ++o) {
    const int64_t source = layout.at(o, position, 0);
    if (bytes) std::memcpy(out.mutableBytes().data() + o * bytes, t.bytes().data() + source * t.elementBytes(), bytes);
    for (int64_t i = 0; !impl.empty() && i < layout.inner; ++i) impl[o * layout.inner + i] = from.impl_defined[source + i];
  }
  return RtValue::ofTensor(std::move(out), std::move(impl));
}

// Writes `slice` (rank one less) at `position` of `to` along `dimension`, with its marks and bounds.
void insertAt(RtValue& to, const RtValue& slice, int64_t dimension, int64_t position) {
  Tensor& t = to.tensor;
  const AlongDimension layout(t.type().shape(), dimension);
  const size_t bytes = static_cast<size_t>(layout.inner) * t.elementBytes();
  if (!slice.impl_defined.empty() && to.impl_defined.empty()) to.impl_defined.assign(t.numElements(), 0);
  if (!slice.error_bound.empty() && to.error_bound.empty()) to.error_bound.assign(t.numElements(), 0.0);
  for (int64_t o = 0; o < layout.outer; ++o) {
    const int64_t target = layout.at(o, position, 0);
    if (bytes) std::memcpy(t.mutableBytes().data() + target * t.elementBytes(), slice.tensor.bytes().data() + o * bytes, bytes);
    for (int64_t i = 0; i < layout.inner; ++i) {
      if (!slice.impl_defined.empty()) to.impl_defined[target + i] = slice.impl_defined[o * layout.inner + i];
      if (!slice.error_bound.empty()) to.error_bound[target + i] = slice.error_bound[o * layout.inner + i];
    }
  }
}

// chlo.scan (chlo.md; docs/design/chlo.md, "scan"): the body runs once per position along `dimension`, in
// increasing order, or decreasing with is_reverse. It takes the inputs' slices at the position and the
// carries (the inits at the first step) and returns the outputs' slices at that position and the next
// carries; the last carries are the carry results. is_associative allows an implementation to combine in
// another order (a parallel prefix); the reference's sequential order is the definition's.
Results scanKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ChloScanOp scan(op);
  const size_t inputs = scan.numInputs(), inits = scan.numInits(), outputs = scan.numOutputs();
  if (op.regions.size() != 1 || op.results.size() < inits) return interp.opError(op, "needs a body and one carry result per init");
  const int64_t dimension = scan.dimension();
  // The number of steps: the inputs' size along the dimension (verify::chloScan has checked they agree),
  // else the outputs', else scan_dim_size.
  std::optional<int64_t> steps = scan.scanDimSize();
  for (size_t i = 0; i < inputs; ++i) {
    ASSIGN_OR_RETURN(const Tensor* input, tensorOperand(interp, op, operands, i));
    if (dimension < 0 || dimension >= input->type().rank()) return interp.opError(op, strCat("inputs[", i, "] has no dimension ", dimension));
    const int64_t size = input->type().shape()[dimension];
    if (steps && *steps != size) return interp.opError(op, strCat("inputs[", i, "] has ", size, " positions along dimension ", dimension, ", not ", *steps));
    steps = size;
  }
  for (size_t i = 0; !steps && i < outputs; ++i) {
    const Type& t = op.results[i]->type;
    if (dimension < t.rank() && t.shape()[dimension] != kDynamicSize) steps = t.shape()[dimension];
  }
  if (!steps) return interp.opError(op, "has no inputs, no static output size and no scan_dim_size: the number of steps is unknown");
  // The outputs, allocated once their element types are known (from the first step's slices).
  std::vector<RtValue> results(op.results.size());
  std::vector<RtValue> carries(operands.begin() + static_cast<std::ptrdiff_t>(inputs), operands.end());
  for (int64_t step = 0; step < *steps; ++step) {
    const int64_t position = scan.isReverse() ? *steps - 1 - step : step;
    std::vector<RtValue> args;
    for (size_t i = 0; i < inputs; ++i) args.push_back(sliceAt(operands[i], dimension, position));
    for (RtValue& carry : carries) args.push_back(std::move(carry));
    ASSIGN_OR_RETURN(std::vector<RtValue> r, interp.runRegion(op.regions[0], std::move(args)));
    if (r.size() != outputs + inits) {
      return interp.opError(op, strCat("the body returned ", r.size(), " values; it must return ", outputs, " output slices and ", inits, " carries"));
    }
    for (size_t j = 0; j < outputs; ++j) {
      if (!r[j].isTensor() || r[j].tensor.type().rank() + 1 != op.results[j]->type.rank()) {
        return interp.opError(op, strCat("the body's output ", j, " is not a slice of outputs[", j, "]"));
      }
      if (step == 0) {
        std::vector<int64_t> shape = r[j].tensor.type().shape();
        shape.insert(shape.begin() + dimension, *steps);
        ASSIGN_OR_RETURN(const Type type, resultTensorType(interp, op, j, shape));
        if (type.tensorElement() != r[j].tensor.type().tensorElement()) {
          return interp.opError(op, strCat("the body's output ", j, " has elements ", r[j].tensor.type().tensorElement().toString(),
                                           ", outputs[", j, "] has ", type.tensorElement().toString()));
        }
        RETURN_IF_ERROR(checkResultSize(interp, op, type));
        results[j] = RtValue::ofTensor(Tensor(type));
      }
      std::vector<int64_t> slice_shape = results[j].tensor.type().shape();
      slice_shape.erase(slice_shape.begin() + dimension);
      if (r[j].tensor.type().shape() != slice_shape) {
        return interp.opError(op, strCat("the body's output ", j, " changed shape at step ", step));
      }
      insertAt(results[j], r[j], dimension, position);
    }
    carries.assign(std::make_move_iterator(r.begin() + static_cast<std::ptrdiff_t>(outputs)), std::make_move_iterator(r.end()));
  }
  // Zero steps: the outputs are empty along the dimension, the carries are the inits.
  for (size_t j = 0; *steps == 0 && j < outputs; ++j) {
    ASSIGN_OR_RETURN(const Type type, resultTensorType(interp, op, j, op.results[j]->type.shape()));
    results[j] = RtValue::ofTensor(Tensor(type));
  }
  for (size_t i = 0; i < inits; ++i) results[outputs + i] = std::move(carries[i]);
  return results;
}

// --- Constants --------------------------------------------------------------------------------------------

// constant_like: the scalar `value` (an attribute typed as the operand's elements) at every position of
// the operand's shape.
Results constantLikeKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1) return interp.opError(op, strCat("takes 1 operand, got ", operands.size()));
  ASSIGN_OR_RETURN(const Tensor* operand, tensorOperand(interp, op, operands, 0));
  if (op.results.size() != 1) return interp.opError(op, "needs one result");
  ASSIGN_OR_RETURN(const Type type, resultTensorType(interp, op, 0, operand->type().shape()));
  if (type.isQuantized()) return interp.unsupported(op, "constant_like of a quantized type");
  const ElementType t = type.elementType();
  const Attr* value = op.attr("value");
  if (!value) return interp.opError(op, "needs a 'value' attribute");
  const std::optional<decode::ScalarBits> scalar = decode::scalar(value->get());
  if (!scalar) return interp.opError(op, strCat("'value' must be a typed scalar (one element), got ", (*value)->toString()));
  if (scalar->type != t) {
    return interp.opError(op, strCat("'value' has type ", elementTypeName(scalar->type), ", but the result's elements are ",
                                     elementTypeName(t), ": they must be equal"));
  }
  Tensor out(type);
  for (int64_t i = 0; i < out.numElements(); ++i) {
    out.setBits(i, scalar->real, 0);
    if (isComplex(t)) out.setBits(i, scalar->imaginary, 1);
  }
  return std::vector<RtValue>{RtValue::ofTensor(std::move(out))};
}

constexpr KernelDef kKernels[] = {
    {OpId::kChloIsInf, isInfKernel},
    {OpId::kChloIsNegInf, isInfKernel},
    {OpId::kChloIsPosInf, isInfKernel},
    {OpId::kChloNextAfter, nextAfterKernel},
    {OpId::kChloConj, conjKernel},
    {OpId::kChloErfInv, erfInvKernel},
    {OpId::kChloZeta, zetaKernel},
    {OpId::kChloPolygamma, polygammaKernel},
    {OpId::kChloBesselI1e, besselI1eKernel},
    {OpId::kChloMulhi, mulhiKernel},
    {OpId::kChloTopK, topKKernel},
    {OpId::kChloConstantLike, constantLikeKernel},
    {OpId::kChloScan, scanKernel},
    {OpId::kChloBroadcastAdd, broadcastingKernel},
    {OpId::kChloBroadcastAnd, broadcastingKernel},
    {OpId::kChloBroadcastAtan2, broadcastingKernel},
    {OpId::kChloBroadcastCompare, broadcastingKernel},
    {OpId::kChloBroadcastComplex, broadcastingKernel},
    {OpId::kChloBroadcastDivide, broadcastingKernel},
    {OpId::kChloBroadcastMaximum, broadcastingKernel},
    {OpId::kChloBroadcastMinimum, broadcastingKernel},
    {OpId::kChloBroadcastMultiply, broadcastingKernel},
    {OpId::kChloBroadcastNextAfter, broadcastingKernel},
    {OpId::kChloBroadcastOr, broadcastingKernel},
    {OpId::kChloBroadcastPolygamma, broadcastingKernel},
    {OpId::kChloBroadcastPower, broadcastingKernel},
    {OpId::kChloBroadcastRemainder, broadcastingKernel},
    {OpId::kChloBroadcastSelect, broadcastingKernel},
    {OpId::kChloBroadcastShiftLeft, broadcastingKernel},
    {OpId::kChloBroadcastShiftRightArithmetic, broadcastingKernel},
    {OpId::kChloBroadcastShiftRightLogical, broadcastingKernel},
    {OpId::kChloBroadcastSubtract, broadcastingKernel},
    {OpId::kChloBroadcastXor, broadcastingKernel},
    {OpId::kChloBroadcastZeta, broadcastingKernel},
};

}  // namespace

std::span<const KernelDef> chloKernels() { return kKernels; }

}  // namespace hloconf::ref
