// Conversions: convert (every pair of element types), bitcast_convert, reduce_precision, real, imag,
// complex. docs/semantics.md lists the implementation-defined choices (out-of-range float-to-integer
// saturates, NaN to integer is 0, integer narrowing wraps; all marked).
#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "reference/elementwise.h"
#include "reference/numerics.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;

ElementType resultType(const Operation& op) { return op.results.empty() ? ElementType::kI1 : op.results[0]->type.elementType(); }

// The value of a real element (bool, integer or float bits) as an exact MPFR number.
void realValue(ElementType t, uint64_t bits, mpfr_ptr out) {
  if (isFloat(t)) {
    decodeFloat(t, bits, out);
    return;
  }
  const __int128 v = integerValue(t, bits);
  if (v < 0) {
    mpfr_set_sj(out, static_cast<intmax_t>(v), MPFR_RNDN);
  } else {
    mpfr_set_uj(out, static_cast<uintmax_t>(v), MPFR_RNDN);
  }
}

// Converts one real value (exact in `value`) to real type `d`. Returns true when implementation-defined.
bool convertReal(mpfr_srcptr value, ElementType d, uint64_t& out) {
  if (isBoolean(d)) {
    out = mpfr_zero_p(value) ? 0 : 1;  // NaN is non-zero: true
    return false;
  }
  if (isFloat(d)) {
    out = encodeFloat(d, value);
    return false;
  }
  // To an integer: truncate toward zero; NaN gives 0 and out-of-range values saturate (XLA), marked.
  if (mpfr_nan_p(value)) {
    out = 0;
    return true;
  }
  const __int128 lo = isSignedInteger(d) ? static_cast<__int128>(minSignedValue(d)) : 0;
  const __int128 hi = static_cast<__int128>(maxUnsignedValue(d));
  MpFloat truncated(mpfr_get_prec(value) > 128 ? mpfr_get_prec(value) : 128);
  mpfr_trunc(truncated, value);
  const int sign = mpfr_sgn(truncated.get());
  MpFloat lo_value(128), hi_value(128);
  mpfr_set_sj(lo_value, static_cast<intmax_t>(lo), MPFR_RNDN);
  mpfr_set_uj(hi_value, static_cast<uintmax_t>(hi), MPFR_RNDN);
  if (mpfr_inf_p(truncated.get()) || (sign < 0 && mpfr_less_p(truncated, lo_value)) || (sign > 0 && mpfr_greater_p(truncated, hi_value))) {
    out = wrapInteger(d, sign < 0 ? lo : hi);
    return true;
  }
  const __int128 v = sign < 0 ? static_cast<__int128>(mpfr_get_sj(truncated, MPFR_RNDZ))
                                             : static_cast<__int128>(mpfr_get_uj(truncated, MPFR_RNDZ));
  out = wrapInteger(d, v);
  return false;
}

Results convertKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType s = operandType(op), d = resultType(op);
  if (s == ElementType::kIndex || d == ElementType::kIndex) return interp.unsupported(op, "index element types");
  return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
    // Integer to integer (and bool): exact value, wrapped to the destination; narrowing that changes the
    // value is implementation-defined (TBD in the spec), marked.
    if (!isFloat(s) && !isComplex(s) && !isFloat(d) && !isComplex(d)) {
      const __int128 v = integerValue(s, a[0].re);
      if (isBoolean(d)) {
        out.re = v != 0;
        return false;
      }
      out.re = wrapInteger(d, v);
      return !integerInRange(d, v);
    }
    MpFloat re(128), im(128);
    if (isComplex(s)) {
      decodeFloat(complexPartType(s), a[0].re, re);
      decodeFloat(complexPartType(s), a[0].im, im);
    } else {
      realValue(s, a[0].re, re);
      mpfr_set_zero(im, 1);
    }
    if (isComplex(d)) {
      out.re = encodeFloat(complexPartType(d), re);
      out.im = encodeFloat(complexPartType(d), im);
      return false;
    }
    return convertReal(re, d, out.re);  // complex to real: the imaginary part is ignored (spec)
  });
}

Results bitcastConvertKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  ASSIGN_OR_RETURN(const Tensor* in, tensorOperand(interp, op, operands, 0));
  if (op.results.size() != 1) return interp.opError(op, "needs one result");
  if (!op.results[0]->type.isTensor()) return interp.opError(op, "the result must be a tensor");
  // The result shape follows from the operand's (spec C1): the same when the bit widths match, one more
  // dimension of size ws/wd when the result elements are narrower, one fewer when they are wider.
  const ElementType s = in->elementType(), d = op.results[0]->type.elementType();
  if (s == ElementType::kIndex || d == ElementType::kIndex) return interp.unsupported(op, "index element types");
  std::vector<int64_t> shape = in->type().shape();
  if (bitWidth(s) > bitWidth(d)) {
    shape.push_back(bitWidth(s) / bitWidth(d));
  } else if (bitWidth(s) < bitWidth(d)) {
    if (shape.empty() || shape.back() * bitWidth(s) != bitWidth(d)) {
      return interp.opError(op, strCat("the operand's last dimension must hold one ", elementTypeName(d), " (", bitWidth(d), " bits)"));
    }
    shape.pop_back();
  }
  ASSIGN_OR_RETURN(const Type result_type, resultTensorType(interp, op, 0, shape));
  RETURN_IF_ERROR(checkResultSize(interp, op, result_type));
  Tensor out(result_type);
  const int64_t total_bits = in->numElements() * bitWidth(s);
  if (total_bits != out.numElements() * bitWidth(d)) {
    return interp.opError(op, strCat("the operand has ", total_bits, " bits, but the result type ", result_type.toString(),
                                     " has ", out.numElements() * bitWidth(d)));
  }
  // A little-endian bit stream: element after element, a complex element's real part first.
  std::vector<uint8_t> stream(static_cast<size_t>(total_bits));
  auto parts = [](ElementType t) { return isComplex(t) ? 2 : 1; };
  auto part_bits = [&](ElementType t) { return bitWidth(t) / parts(t); };
  int64_t pos = 0;
  for (int64_t i = 0; i < in->numElements(); ++i) {
    for (int part = 0; part < parts(s); ++part) {
      const uint64_t bits = in->bits(i, part);
      for (int b = 0; b < part_bits(s); ++b) stream[pos++] = (bits >> b) & 1;
    }
  }
  pos = 0;
  for (int64_t i = 0; i < out.numElements(); ++i) {
    for (int part = 0; part < parts(d); ++part) {
      uint64_t bits = 0;
      for (int b = 0; b < part_bits(d); ++b) bits |= static_cast<uint64_t>(stream[pos++]) << b;
      out.setBits(i, bits, part);
    }
  }
  // Between element types of different widths the element order within the bits is
  // implementation-defined (spec: `bits`); the reference uses little-endian order and marks them.
  // Between equal widths an element carries its operand element's mark (a quantize that saturated NaN,
  // an integer that wrapped: the bits are implementation-defined whatever they are viewed as).
  std::vector<uint8_t> impl(out.numElements(), bitWidth(s) != bitWidth(d) ? 1 : 0);
  if (bitWidth(s) == bitWidth(d)) {
    for (int64_t i = 0; i < out.numElements(); ++i) impl[i] = operands[0].isImplDefined(i);
  }
  return std::vector<RtValue>{RtValue::ofTensor(std::move(out), std::move(impl))};
}

Results reducePrecisionKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isFloat(t)) return interp.opError(op, "takes float tensors");
  const ReducePrecisionOp reduce_precision(op);
  const int64_t e = reduce_precision.exponentBits(), m = reduce_precision.mantissaBits();
  // reduce_precision (C2), (C3): exponent_bits >= 1, mantissa_bits >= 0; the upper limits bound the work.
  if (e < 1 || m < 0 || e > 30 || m > 200) return interp.opError(op, strCat("exponent_bits ", e, " / mantissa_bits ", m, " out of range"));
  // The spec's two steps, as XLA implements them on the operand's encoding:
  //  1. mantissa: when m is below the operand's mantissa width, round to nearest-even at m bits on the
  //     operand's own grid (so an operand subnormal rounds at its fixed absolute quantum);
  //  2. exponent: when e is below the operand's exponent width, values above the (e, m) format's largest
  //     finite value become infinities and values below its smallest normal 2^(1 - bias) become zeros,
  //     both keeping the sign (that format is taken without subnormals, as XLA does).
  // A step whose width is not below the operand's is skipped, so e.g. e8m23 on f32 is the identity.
  const FloatFormat& src = floatFormat(t);
  const long bias = (1L << (e - 1)) - 1;
  return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
    const FloatClass c = classifyFloat(t, a[0].re);
    if (c == FloatClass::kNaN && m == 0) {
      // With no mantissa bits the reduced format has no NaN: truncating the mantissa (spec) leaves the
      // all-ones exponent, an infinity of the NaN's sign.
      MpFloat inf(8);
      const bool negative = src.has_sign && ((a[0].re >> (src.total_bits - 1)) & 1);
      mpfr_set_inf(inf, negative ? -1 : 1);
      out.re = encodeFloat(t, inf);
      return false;
    }
    if (c == FloatClass::kNaN || c == FloatClass::kInfinity || c == FloatClass::kZero) {
      out.re = a[0].re;
      return false;
    }
    MpFloat v(256);
    decodeFloat(t, a[0].re, v);
    const bool negative = mpfr_signbit(v) != 0;
    if (m < src.mantissa_bits) {
      // MPFR exponent of the operand's smallest normal: 2^(1 - bias) lies in [2^(E-1), 2^E) with E = 2 - bias.
      const mpfr_exp_t src_min_normal_exp = 2 - src.bias;
      if (src.has_subnormals && mpfr_get_exp(v) < src_min_normal_exp) {
        const long quantum_exp = 1 - src.bias - static_cast<long>(m);  // the operand's subnormal grid at m bits
        mpfr_mul_2si(v, v, -quantum_exp, MPFR_RNDN);
        mpfr_rint(v, v, MPFR_RNDN);
        mpfr_mul_2si(v, v, quantum_exp, MPFR_RNDN);
        if (mpfr_zero_p(v)) mpfr_set_zero(v, negative ? -1 : 1);
      } else if (m == 0) {
        // One significant bit: v in [2^(E-1), 2^E) rounds to 2^(E-1) or 2^E. A tie (1.5 * 2^(E-1)) goes to
        // the one whose biased exponent in the operand's format is even: XLA's rounding on the encoding
        // (add half an ulp minus one plus the last kept bit, which is the exponent's lowest bit, then
        // truncate), which the upstream interpreter shares. MPFR's ties-to-even at precision 1 would
        // take 2^E always.
        const mpfr_exp_t E = mpfr_get_exp(v);
        MpFloat tie(8);
        mpfr_set_ui_2exp(tie, 3, E - 2, MPFR_RNDN);
        const int cmp = mpfr_cmpabs(v, tie);
        const bool lower = cmp < 0 || (cmp == 0 && ((E - 1 + src.bias) % 2 == 0));
        mpfr_set_ui_2exp(v, 1, lower ? E - 1 : E, MPFR_RNDN);
        if (negative) mpfr_neg(v, v, MPFR_RNDN);
      } else {
        mpfr_prec_round(v, static_cast<mpfr_prec_t>(m + 1), MPFR_RNDN);
      }
    }
    if (e < src.exponent_bits && mpfr_regular_p(v)) {
      // Largest finite: (2 - 2^-m) * 2^bias; smallest normal: 2^(1 - bias). MPFR exponents: x in [2^(E-1), 2^E).
      if (mpfr_get_exp(v) > bias + 1) {
        mpfr_set_inf(v, negative ? -1 : 1);
      } else if (mpfr_get_exp(v) < 2 - bias) {
        mpfr_set_zero(v, negative ? -1 : 1);
      }
    }
    out.re = encodeFloat(t, v);
    return false;
  });
}

Results realImagKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  const bool imag = op.id == OpId::kImag;
  if (!isFloat(t) && !isComplex(t)) return interp.opError(op, "takes float or complex tensors");
  return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
    if (isComplex(t)) {
      out.re = imag ? a[0].im : a[0].re;
    } else {
      MpFloat zero(8);
      mpfr_set_zero(zero, 1);
      out.re = imag ? encodeFloat(t, zero) : a[0].re;
    }
    return false;
  });
}

Results complexKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (!isComplex(resultType(op))) return interp.opError(op, "the result must be complex");
  return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
    out.re = a[0].re;
    out.im = a[1].re;
    return false;
  });
}

constexpr KernelDef kKernels[] = {
    {OpId::kConvert, convertKernel},
    {OpId::kBitcastConvert, bitcastConvertKernel},
    {OpId::kReducePrecision, reducePrecisionKernel},
    {OpId::kReal, realImagKernel},
    {OpId::kImag, realImagKernel},
    {OpId::kComplex, complexKernel},
};

}  // namespace

std::span<const KernelDef> conversionKernels() { return kKernels; }

}  // namespace hloconf::ref
