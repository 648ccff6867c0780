// The elementwise ops on bits and on a type's parts: and, or, xor, not, the shifts, popcnt,
// count_leading_zeros, is_finite, real, imag, complex, reduce_precision and bitcast_convert; chlo's
// is_inf, is_neg_inf, is_pos_inf, next_after and conj.
#include <bit>
#include <cmath>
#include <complex>
#include <cstring>
#include <type_traits>

#include "executors/cpu/elementwise_types.h"
#include "executors/plan/elementwise_params.h"

namespace hloconf::cpu {
namespace {

template <class E>
constexpr bool kIntegerOrBool = kIsInteger<E> || E::kClass == Class::kBool;

// The element's bits, as an unsigned number of its width (the stored bits are masked already).
template <class E, class C>
uint64_t bitsOf(C v) {
  constexpr uint64_t kMask = E::kBits >= 64 ? ~uint64_t{0} : (uint64_t{1} << E::kBits) - 1;
  return static_cast<uint64_t>(static_cast<std::make_unsigned_t<C>>(v)) & kMask;
}

struct AndFn {
  template <class E>
  static constexpr bool supports() { return kIntegerOrBool<E>; }
  template <class E, class C>
  static C apply(C a, C b) { return static_cast<C>(a & b); }
};
struct OrFn {
  template <class E>
  static constexpr bool supports() { return kIntegerOrBool<E>; }
  template <class E, class C>
  static C apply(C a, C b) { return static_cast<C>(a | b); }
};
struct XorFn {
  template <class E>
  static constexpr bool supports() { return kIntegerOrBool<E>; }
  template <class E, class C>
  static C apply(C a, C b) { return static_cast<C>(a ^ b); }
};
struct NotFn {
  template <class E>
  static constexpr bool supports() { return kIntegerOrBool<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (E::kClass == Class::kBool) return static_cast<C>(a ^ 1);
    else return static_cast<C>(~a);  // the narrow types' store masks the high bits away
  }
};

// Shifts: the amount read as unsigned; an amount >= the width gives 0 for the left and logical right
// shifts and the sign fill for the arithmetic right shift (XLA's choice, the reference's too).
enum class Shift { kLeft, kRightLogical, kRightArithmetic };
template <Shift K>
struct ShiftFn {
  template <class E>
  static constexpr bool supports() { return kIsInteger<E>; }
  template <class E, class C>
  static C apply(C a, C b) {
    const uint64_t amount = bitsOf<E>(b);
    const uint64_t bits = bitsOf<E>(a);
    // The arithmetic shift works on the bit pattern: its top bit fills the vacated bits, for unsigned
    // types too (as the reference, XLA and the upstream interpreter do; docs/semantics.md).
    const bool top_bit = (bits >> (E::kBits - 1)) & 1;
    if (amount >= static_cast<uint64_t>(E::kBits)) {
      if constexpr (K == Shift::kRightArithmetic) return top_bit ? static_cast<C>(~uint64_t{0}) : C(0);
      else return 0;
    }
    if constexpr (K == Shift::kLeft) return static_cast<C>(bits << amount);  // store keeps the low kBits bits
    else if constexpr (K == Shift::kRightLogical) return static_cast<C>(bits >> amount);
    else return static_cast<C>((bits >> amount) | (top_bit && amount > 0 ? ~uint64_t{0} << (E::kBits - amount) : 0));
  }
};

struct PopcntFn {
  template <class E>
  static constexpr bool supports() { return kIsInteger<E>; }
  template <class E, class C>
  static C apply(C a) { return static_cast<C>(std::popcount(bitsOf<E>(a))); }
};
struct CountLeadingZerosFn {
  template <class E>
  static constexpr bool supports() { return kIsInteger<E>; }
  template <class E, class C>
  static C apply(C a) { return static_cast<C>(E::kBits - std::bit_width(bitsOf<E>(a))); }
};

// --- is_finite, real, imag, complex: results of another element type --------------------------------------

// The in-place, tileable kernel that `pick` (called with the element tag of the step's first operand
// type) returns; a type it returns no kernel for is noKernelFor's error.
template <class Pick>
absl::StatusOr<KernelChoice> tileableKernelFor(const plan::Step& step, const plan::Plan& plan, Pick pick) {
  Kernel kernel = visitAnyElement<Kernel>(firstType(step, plan), pick);
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, true, true, /*tileable=*/true};
}

// is_finite and chlo's is_inf, is_neg_inf, is_pos_inf: an i1 result from a float operand.
enum class FloatTest { kFinite, kInf, kNegInf, kPosInf };

template <FloatTest kTest, class T>
bool passes(T x) {
  switch (kTest) {
    case FloatTest::kFinite: return std::isfinite(x);
    case FloatTest::kInf: return std::isinf(x);
    case FloatTest::kNegInf: return std::isinf(x) && x < 0;
    case FloatTest::kPosInf: return std::isinf(x) && x > 0;
  }
  return false;
}

template <class E, FloatTest kTest>
absl::Status floatTestKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  uint8_t* out = args.result();
  for (int64_t i = 0; i < args.num_elements; ++i) out[i] = passes<kTest>(E::load(x[i])) ? 1 : 0;
  return absl::OkStatus();
}

template <FloatTest kTest>
absl::StatusOr<KernelChoice> chooseFloatTest(const plan::Step& step, const plan::Plan& plan) {
  return tileableKernelFor(step, plan, [](auto e) -> Kernel {
    using E = decltype(e);
    if constexpr (kIsFloat<E>) return &floatTestKernel<E, kTest>;
    else return nullptr;
  });
}

// chlo.next_after: std::nextafter on the stored bits of an IEEE format (f16, bf16, f32, f64), so that
// the step is one unit in the last place of the operand's own format, subnormals included. A NaN operand
// gives NaN; x == y gives y (its sign, as C's nextafter); from a zero, the smallest subnormal toward y.
template <class E>
constexpr bool kIeeeFloat = std::is_same_v<E, F16> || std::is_same_v<E, BF16> || std::is_same_v<E, F32> ||
                            std::is_same_v<E, F64>;

template <class E>
absl::Status nextAfterKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  using U = std::conditional_t<sizeof(S) == 8, uint64_t, std::conditional_t<sizeof(S) == 4, uint32_t, uint16_t>>;
  constexpr U kSign = U{1} << (8 * sizeof(S) - 1);
  const S* xs = reinterpret_cast<const S*>(args.operands[0]);
  const S* ys = reinterpret_cast<const S*>(args.operands[1]);
  S* out = reinterpret_cast<S*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i) {
    const auto x = E::load(xs[i]), y = E::load(ys[i]);
    U bits;
    if (std::isnan(x) || std::isnan(y)) bits = std::bit_cast<U>(E::store(x + y));
    else if (x == y) bits = std::bit_cast<U>(ys[i]);
    else if (x == 0) bits = static_cast<U>((y < 0 ? kSign : U{0}) | U{1});
    else bits = static_cast<U>(std::bit_cast<U>(xs[i]) + ((y > x) == (x > 0) ? U{1} : static_cast<U>(-1)));
    out[i] = std::bit_cast<S>(bits);
  }
  return absl::OkStatus();
}

absl::StatusOr<KernelChoice> chooseNextAfter(const plan::Step& step, const plan::Plan& plan) {
  return tileableKernelFor(step, plan, [](auto e) -> Kernel {
    using E = decltype(e);
    if constexpr (kIeeeFloat<E>) return &nextAfterKernel<E>;
    else return nullptr;
  });
}

// chlo.conj: (re, -im) of a complex operand; a float operand is its own conjugate.
struct ConjFn {
  template <class E>
  static constexpr bool supports() { return kIsFloat<E> || kIsComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsComplex<E>) return std::conj(a);
    else return a;
  }
};

// real / imag of a complex operand: one part. Of a float operand: the operand itself / +0.
template <class T, bool kImag>
absl::Status complexPartKernel(const KernelArgs& args) {
  const auto* x = reinterpret_cast<const std::complex<T>*>(args.operands[0]);
  T* out = reinterpret_cast<T*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i) out[i] = kImag ? x[i].imag() : x[i].real();
  return absl::OkStatus();
}

absl::Status copyKernel(const KernelArgs& args) {
  const size_t bytes = static_cast<size_t>(plan::slotBytes(args.resultType(0)));
  if (bytes > 0) std::memmove(args.result(), args.operands[0], bytes);  // an empty tensor has no buffer
  return absl::OkStatus();
}
absl::Status zeroKernel(const KernelArgs& args) {
  // +0 is the all-zero encoding in every float format but f8E8M0FNU, which imag does not take (no zero).
  std::memset(args.result(), 0, static_cast<size_t>(plan::slotBytes(args.resultType(0))));
  return absl::OkStatus();
}

template <bool kImag>
absl::StatusOr<KernelChoice> chooseRealImag(const plan::Step& step, const plan::Plan& plan) {
  const ElementType t = firstType(step, plan);
  Kernel kernel = nullptr;
  if (t == ElementType::kC64) kernel = &complexPartKernel<float, kImag>;
  else if (t == ElementType::kC128) kernel = &complexPartKernel<double, kImag>;
  else if (isFloat(t) && t != ElementType::kTF32 && t != ElementType::kF8E8M0FNU) kernel = kImag ? &zeroKernel : &copyKernel;
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, false};
}

template <class T>
absl::Status complexKernel(const KernelArgs& args) {
  const T* re = reinterpret_cast<const T*>(args.operands[0]);
  const T* im = reinterpret_cast<const T*>(args.operands[1]);
  auto* out = reinterpret_cast<std::complex<T>*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i) out[i] = {re[i], im[i]};
  return absl::OkStatus();
}

absl::StatusOr<KernelChoice> chooseComplex(const plan::Step& step, const plan::Plan& plan) {
  const ElementType t = plan.slot_types[step.results[0]].elementType();
  Kernel kernel = t == ElementType::kC64 ? &complexKernel<float> : t == ElementType::kC128 ? &complexKernel<double> : nullptr;
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, false};
}

// --- reduce_precision --------------------------------------------------------------------------------------

// The spec's two steps on the operand's own encoding, as XLA does them (and the reference):
//  1. mantissa: when m is below the operand's mantissa width, round to nearest even at m bits on the
//     operand's grid (an operand subnormal rounds at its fixed absolute quantum);
//  2. exponent: when e is below the operand's exponent width, values above the (e, m) format's largest
//     finite value become infinities and values below its smallest normal 2^(1 - bias) zeros, keeping the
//     sign (that format has no subnormals, as in XLA).
// NaN, infinities and zeros pass unchanged, except that with m = 0 a NaN becomes the infinity of its sign
// (truncating its mantissa leaves the all-ones exponent).
struct SourceFormat {
  int exponent_bits;
  int mantissa_bits;
  int bias;
  bool has_subnormals;
};

double reducePrecision(double v, const SourceFormat& src, int e, int m) {
  const bool negative = std::signbit(v);
  if (m < src.mantissa_bits) {
    if (src.has_subnormals && std::fabs(v) < std::ldexp(1.0, 1 - src.bias)) {
      const int quantum = 1 - src.bias - m;  // the operand's subnormal grid at m bits
      v = std::ldexp(std::nearbyint(std::ldexp(v, -quantum)), quantum);
      if (v == 0) v = negative ? -0.0 : 0.0;
    } else if (m == 0) {
      // One significant bit: v in [2^(E-1), 2^E) rounds to 2^(E-1) or 2^E; a tie goes to the one whose
      // biased exponent in the operand's format is even (XLA's rounding on the encoding).
      const int E = std::ilogb(v) + 1;
      const double magnitude = std::fabs(v), tie = std::ldexp(3.0, E - 2);
      const bool lower = magnitude < tie || (magnitude == tie && (E - 1 + src.bias) % 2 == 0);
      v = std::copysign(std::ldexp(1.0, lower ? E - 1 : E), v);
    } else {
      // v is a normal double: round its 52-bit mantissa to m bits, ties to even, on the encoding (a carry
      // moves into the exponent).
      uint64_t bits = std::bit_cast<uint64_t>(v);
      const int drop = 52 - m;
      const uint64_t last_kept = (bits >> drop) & 1;
      bits += ((uint64_t{1} << (drop - 1)) - 1) + last_kept;
      bits &= ~((uint64_t{1} << drop) - 1);
      v = std::bit_cast<double>(bits);
    }
  }
  if (e < src.exponent_bits && v != 0 && std::isfinite(v)) {
    const long bias = (1L << (e - 1)) - 1;
    const long E = std::ilogb(v) + 1;  // v in [2^(E-1), 2^E)
    if (E > bias + 1) v = negative ? -INFINITY : INFINITY;
    else if (E < 2 - bias) v = negative ? -0.0 : 0.0;
  }
  return v;
}

template <class E>
absl::Status reducePrecisionKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  const auto& params = args.step.as<plan::ReducePrecisionParams>();
  const FloatFormat& format = floatFormat(args.operandType(0).elementType());
  const SourceFormat src{format.exponent_bits, format.mantissa_bits, format.bias, format.has_subnormals};
  // Widths at or beyond the operand's skip their step; clamping keeps the arithmetic small.
  const int e = static_cast<int>(std::min<int64_t>(params.exponent_bits, 30));
  const int m = static_cast<int>(std::min<int64_t>(params.mantissa_bits, 60));
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  S* out = reinterpret_cast<S*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i) {
    const double v = static_cast<double>(E::load(x[i]));
    if (std::isnan(v)) {
      out[i] = m == 0 ? E::fromDouble(std::signbit(v) ? -INFINITY : INFINITY) : x[i];
    } else if (std::isinf(v) || v == 0) {
      out[i] = x[i];
    } else {
      out[i] = E::fromDouble(reducePrecision(v, src, e, m));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<KernelChoice> chooseReducePrecision(const plan::Step& step, const plan::Plan& plan) {
  return tileableKernelFor(step, plan, [](auto e) -> Kernel {
    using E = decltype(e);
    if constexpr (kIsFloat<E>) return &reducePrecisionKernel<E>;
    else return nullptr;
  });
}

// --- bitcast_convert --------------------------------------------------------------------------------------

// The operand's bits as one little-endian stream (element after element, a complex element's real part
// first), cut into the result's elements. Between types whose storage is exactly their bits (no sub-byte
// types) that stream is the buffer itself.
bool storageIsBits(ElementType t) { return storageBytes(t) * 8 == bitWidth(t); }

absl::Status bitcastStreamKernel(const KernelArgs& args) {
  const ElementType s = args.operandType(0).elementType(), d = args.resultType(0).elementType();
  const int s_parts = isComplex(s) ? 2 : 1, d_parts = isComplex(d) ? 2 : 1;
  const int s_bits = bitWidth(s) / s_parts, d_bits = bitWidth(d) / d_parts;
  const size_t s_bytes = static_cast<size_t>(storageBytes(s) / s_parts), d_bytes = static_cast<size_t>(storageBytes(d) / d_parts);
  const int64_t s_count = args.operandType(0).numElements() * s_parts;
  const int64_t d_count = args.resultType(0).numElements() * d_parts;
  const uint8_t* in = args.operands[0];
  uint8_t* out = args.result();
  unsigned __int128 pending = 0;
  int pending_bits = 0;
  int64_t written = 0;
  for (int64_t i = 0; i < s_count; ++i) {
    uint64_t part = 0;
    std::memcpy(&part, in + static_cast<size_t>(i) * s_bytes, s_bytes);
    if (s_bits < 64) part &= (uint64_t{1} << s_bits) - 1;
    pending |= static_cast<unsigned __int128>(part) << pending_bits;
    pending_bits += s_bits;
    while (pending_bits >= d_bits && written < d_count) {
      const uint64_t value = static_cast<uint64_t>(pending) & (d_bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << d_bits) - 1);
      std::memcpy(out + static_cast<size_t>(written) * d_bytes, &value, d_bytes);
      ++written;
      pending >>= d_bits;
      pending_bits -= d_bits;
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<KernelChoice> chooseBitcast(const plan::Step& step, const plan::Plan& plan) {
  const ElementType s = firstType(step, plan), d = plan.slot_types[step.results[0]].elementType();
  if (s == ElementType::kIndex || d == ElementType::kIndex) return noKernelFor(step, plan);
  if (storageIsBits(s) && storageIsBits(d)) return KernelChoice{&copyKernel, true};
  return KernelChoice{&bitcastStreamKernel, false};
}

constexpr KernelFamilyEntry kKernels[] = {
    {OpId::kAnd, elementwise<binaryFor<AndFn>>},
    {OpId::kOr, elementwise<binaryFor<OrFn>>},
    {OpId::kXor, elementwise<binaryFor<XorFn>>},
    {OpId::kNot, elementwise<unaryFor<NotFn>>},
    {OpId::kShiftLeft, elementwise<binaryFor<ShiftFn<Shift::kLeft>>>},
    {OpId::kShiftRightLogical, elementwise<binaryFor<ShiftFn<Shift::kRightLogical>>>},
    {OpId::kShiftRightArithmetic, elementwise<binaryFor<ShiftFn<Shift::kRightArithmetic>>>},
    {OpId::kPopcnt, elementwise<unaryFor<PopcntFn>>},
    {OpId::kCountLeadingZeros, elementwise<unaryFor<CountLeadingZerosFn>>},
    {OpId::kIsFinite, chooseFloatTest<FloatTest::kFinite>},
    {OpId::kChloIsInf, chooseFloatTest<FloatTest::kInf>},
    {OpId::kChloIsNegInf, chooseFloatTest<FloatTest::kNegInf>},
    {OpId::kChloIsPosInf, chooseFloatTest<FloatTest::kPosInf>},
    {OpId::kChloNextAfter, chooseNextAfter},
    {OpId::kChloConj, elementwise<unaryFor<ConjFn>>},
    {OpId::kReal, chooseRealImag<false>},
    {OpId::kImag, chooseRealImag<true>},
    {OpId::kComplex, chooseComplex},
    {OpId::kReducePrecision, chooseReducePrecision},
    {OpId::kBitcastConvert, chooseBitcast},
};

}  // namespace

std::span<const KernelFamilyEntry> elementwiseBitKernels() { return kKernels; }

}  // namespace hloconf::cpu
