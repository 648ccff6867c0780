// The CUDA executor's per-element functions (executors/cuda/README.md): every one is HLOCONF_HD, which is
// __host__ __device__ under nvcc and nothing under a host compiler, so that the same logic runs in the
// kernels (kernels.cu) and in the host-side unit tests (tests/executors/cuda_math_test.cc, plain g++).
// Integer rules follow the CPU executor's (executors/cpu/kernels_elementwise.cc, elementwise_bits.cc):
// x / 0 is all ones, INT_MIN / -1 wraps, x % 0 is x, shift amounts >= the width give 0 (or the sign fill).
// f16 and bf16 compute in f32 and round once to nearest even.
#ifndef HLOCONF_EXECUTORS_CUDA_DEVICE_MATH_H_
#define HLOCONF_EXECUTORS_CUDA_DEVICE_MATH_H_

#include <math.h>
#include <stdint.h>
#include <string.h>

#if defined(__CUDACC__)
#define HLOCONF_HD __host__ __device__
#else
#define HLOCONF_HD
#endif

namespace hloconf::cuda {

// The element types the CUDA executor has kernels for.
enum DType : int {
  kPred,
  kS8,
  kS16,
  kS32,
  kS64,
  kU8,
  kU16,
  kU32,
  kU64,
  kF16,
  kBF16,
  kF32,
  kF64,
  kB128 /* 16 bytes moved as they are (complex<f64>): no arithmetic */
};
// A 16-byte element for the kernels that only move elements.
struct alignas(16) Bytes16 {
  uint64_t lo, hi;
};
// The bytes of one element of type t on the device.
HLOCONF_HD inline int dtypeBytes(DType t) {
  switch (t) {
    case kPred: case kS8: case kU8: return 1;
    case kS16: case kU16: case kF16: case kBF16: return 2;
    case kS32: case kU32: case kF32: return 4;
    case kB128:
      return 16;
    default: return 8;
  }
}

enum class UOp : int {
  kNegate,
  kAbs,
  kSign,
  kFloor,
  kCeil,
  kRoundAfz,
  kRoundEven,
  kSqrt,
  kRsqrt,
  kCbrt,
  kExp,
  kExpm1,
  kLog,
  kLog1p,
  kLogistic,
  kSin,
  kCos,
  kTan,
  kTanh,
  kNot,
  kPopcnt,
  kClz,
  // chlo's float functions (chlo.md): CUDA's libm where it has one, in the element type (f16/bf16 in f32)
  kAcos,
  kAcosh,
  kAsin,
  kAsinh,
  kAtan,
  kAtanh,
  kCosh,
  kSinh,
  kErf,
  kErfc,
  kErfInv,
  kLgamma,
  kSquare,
};
enum class BOp : int {
  kAdd,
  kSub,
  kMul,
  kDiv,
  kRem,
  kMax,
  kMin,
  kPow,
  kAtan2,
  kAnd,
  kOr,
  kXor,
  kShl,
  kShrA,
  kShrL,
  kMulhi /* chlo.mulhi: the high half of the double-width product, integers only */
};
// compare's direction and ordering (the plan's CompareDirection / CompareKind, same order).
enum class CmpDir : int { kEQ, kNE, kGE, kGT, kLE, kLT };
enum class CmpKind : int { kFloat, kTotalOrder, kSigned, kUnsigned };
// A reduce body the kernels apply natively (the plan's BodyOp without kRegion).
enum class RedOp : int { kAdd, kMul, kMax, kMin, kAnd, kOr, kXor };

namespace dm {

// --- bits ------------------------------------------------------------------------------------------------
HLOCONF_HD inline uint32_t f32Bits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
HLOCONF_HD inline float bitsF32(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
HLOCONF_HD inline uint64_t f64Bits(double f) { uint64_t b; memcpy(&b, &f, 8); return b; }
HLOCONF_HD inline double bitsF64(uint64_t b) { double f; memcpy(&f, &b, 8); return f; }

HLOCONF_HD inline bool isNan(float x) { return (f32Bits(x) & 0x7fffffffu) > 0x7f800000u; }
HLOCONF_HD inline bool isNan(double x) { return (f64Bits(x) & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
HLOCONF_HD inline bool isFinite(float x) { return (f32Bits(x) & 0x7f800000u) != 0x7f800000u; }
HLOCONF_HD inline bool isFinite(double x) { return (f64Bits(x) & 0x7ff0000000000000ull) != 0x7ff0000000000000ull; }
HLOCONF_HD inline bool signBit(float x) { return (f32Bits(x) >> 31) != 0; }
HLOCONF_HD inline bool signBit(double x) { return (f64Bits(x) >> 63) != 0; }

HLOCONF_HD inline int popcount64(uint64_t x) {
  int n = 0;
  while (x) { x &= x - 1; ++n; }
  return n;
}
// Leading zeros of the low `width` bits of x (x has no bits above them).
HLOCONF_HD inline int clz(uint64_t x, int width) {
  int n = width;
  while (x) { x >>= 1; --n; }
  return n;
}

// --- f16 and bf16: storage bits <-> f32, and a double rounded once to nearest even ----------------------
struct Half { uint16_t bits; };
struct BFloat { uint16_t bits; };

HLOCONF_HD inline float halfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu;
  if (exp == 0x1f) return bitsF32(sign | 0x7f800000u | (mant << 13));
  if (exp == 0) {
    const float v = static_cast<float>(mant) * 5.9604644775390625e-8f;  // mant * 2^-24, exact
    return sign ? -v : v;
  }
  return bitsF32(sign | ((exp + 112u) << 23) | (mant << 13));
}
HLOCONF_HD inline float bf16ToFloat(uint16_t b) { return bitsF32(static_cast<uint32_t>(b) << 16); }

// `v` rounded once (to nearest, ties to even) to the IEEE binary format of 1 sign bit, `exp_bits` exponent
// bits and `man_bits` stored mantissa bits (total <= 16): f16 (5, 10) and bf16 (8, 7). NaN stays a quiet
// NaN with the sign and the top payload bits; overflow gives infinity.
HLOCONF_HD inline uint16_t roundToIeee16(double v, int exp_bits, int man_bits) {
  const uint64_t b = f64Bits(v);
  const uint32_t sign = static_cast<uint32_t>(b >> 63) << (exp_bits + man_bits);
  const uint64_t abs = b & 0x7fffffffffffffffull;
  const uint32_t exp_all = ((1u << exp_bits) - 1u) << man_bits;
  if (abs > 0x7ff0000000000000ull)
    return static_cast<uint16_t>(sign | exp_all | (1u << (man_bits - 1)) |
                                 static_cast<uint32_t>((abs >> (52 - man_bits)) & ((1u << man_bits) - 1u)));
  if (abs == 0x7ff0000000000000ull) return static_cast<uint16_t>(sign | exp_all);
  const int bias = (1 << (exp_bits - 1)) - 1;
  const int biased64 = static_cast<int>(abs >> 52);
  int e = biased64 == 0 ? -1022 : biased64 - 1023;
  const uint64_t mant = (abs & 0xfffffffffffffull) | (biased64 == 0 ? 0 : (uint64_t{1} << 52));
  if (mant == 0) return static_cast<uint16_t>(sign);
  const int emin = 1 - bias;
  if (e > bias) return static_cast<uint16_t>(sign | exp_all);  // past the largest finite value's binade
  const int shift = 52 - man_bits + (e < emin ? emin - e : 0);
  if (shift >= 64) return static_cast<uint16_t>(sign);  // below half the smallest subnormal
  uint64_t q = mant >> shift;
  const uint64_t rem = mant & ((uint64_t{1} << shift) - 1), half = uint64_t{1} << (shift - 1);
  if (rem > half || (rem == half && (q & 1))) ++q;
  uint64_t bits;
  if (e < emin) bits = q;  // subnormal (q == 2^man_bits is the smallest normal, as encoded)
  else bits = (static_cast<uint64_t>(e + bias) << man_bits) + (q - (uint64_t{1} << man_bits));
  if (bits >= exp_all) return static_cast<uint16_t>(sign | exp_all);
  return static_cast<uint16_t>(sign | static_cast<uint32_t>(bits));
}
HLOCONF_HD inline uint16_t doubleToHalf(double v) { return roundToIeee16(v, 5, 10); }
HLOCONF_HD inline uint16_t doubleToBf16(double v) { return roundToIeee16(v, 8, 7); }

// --- element access: storage type S, compute type C -----------------------------------------------------
struct Pred { uint8_t v; };

template <class S> struct Elem {
  using C = S;
  HLOCONF_HD static C load(S s) { return s; }
  HLOCONF_HD static S store(C c) { return c; }
};
template <> struct Elem<Half> {
  using C = float;
  HLOCONF_HD static C load(Half s) { return halfToFloat(s.bits); }
  HLOCONF_HD static Half store(C c) { return Half{doubleToHalf(static_cast<double>(c))}; }
};
template <> struct Elem<BFloat> {
  using C = float;
  HLOCONF_HD static C load(BFloat s) { return bf16ToFloat(s.bits); }
  HLOCONF_HD static BFloat store(C c) { return BFloat{doubleToBf16(static_cast<double>(c))}; }
};
template <> struct Elem<Pred> {
  using C = uint8_t;
  HLOCONF_HD static C load(Pred s) { return s.v ? 1 : 0; }
  HLOCONF_HD static Pred store(C c) { return Pred{static_cast<uint8_t>(c ? 1 : 0)}; }
};

template <class T> struct UnsignedOf;
template <> struct UnsignedOf<int8_t> { using T = uint8_t; };
template <> struct UnsignedOf<int16_t> { using T = uint16_t; };
template <> struct UnsignedOf<int32_t> { using T = uint32_t; };
template <> struct UnsignedOf<int64_t> { using T = uint64_t; };
template <> struct UnsignedOf<uint8_t> { using T = uint8_t; };
template <> struct UnsignedOf<uint16_t> { using T = uint16_t; };
template <> struct UnsignedOf<uint32_t> { using T = uint32_t; };
template <> struct UnsignedOf<uint64_t> { using T = uint64_t; };
// Wrapping arithmetic type: unsigned and at least as wide as unsigned int (no int promotion overflow).
template <class T> struct WrapOf { using T2 = typename UnsignedOf<T>::T; };
template <class T>
using Wrap = decltype(typename WrapOf<T>::T2{} + 0u);
template <class T> HLOCONF_HD constexpr bool isSigned() { return static_cast<T>(-1) < static_cast<T>(0); }
template <class T> HLOCONF_HD constexpr bool isNegative(T x) {
  if constexpr (isSigned<T>()) return x < static_cast<T>(0);
  else return false;
}

// --- float math, one overload per precision ----------------------------------------------------------------
HLOCONF_HD inline float mFloor(float x) { return floorf(x); }
HLOCONF_HD inline double mFloor(double x) { return floor(x); }
HLOCONF_HD inline float mCeil(float x) { return ceilf(x); }
HLOCONF_HD inline double mCeil(double x) { return ceil(x); }
HLOCONF_HD inline float mRoundAfz(float x) { return roundf(x); }
HLOCONF_HD inline double mRoundAfz(double x) { return round(x); }
HLOCONF_HD inline float mRoundEven(float x) { return rintf(x); }
HLOCONF_HD inline double mRoundEven(double x) { return rint(x); }
HLOCONF_HD inline float mSqrt(float x) { return sqrtf(x); }
HLOCONF_HD inline double mSqrt(double x) { return sqrt(x); }
// rsqrt of f32 through f64 (one rounding of a nearly exact value), the same on host and device.
HLOCONF_HD inline float mRsqrt(float x) { return static_cast<float>(1.0 / sqrt(static_cast<double>(x))); }
HLOCONF_HD inline double mRsqrt(double x) { return 1.0 / sqrt(x); }
HLOCONF_HD inline float mCbrt(float x) { return cbrtf(x); }
HLOCONF_HD inline double mCbrt(double x) { return cbrt(x); }
HLOCONF_HD inline float mExp(float x) { return expf(x); }
HLOCONF_HD inline double mExp(double x) { return exp(x); }
HLOCONF_HD inline float mExpm1(float x) { return expm1f(x); }
HLOCONF_HD inline double mExpm1(double x) { return expm1(x); }
HLOCONF_HD inline float mLog(float x) { return logf(x); }
HLOCONF_HD inline double mLog(double x) { return log(x); }
HLOCONF_HD inline float mLog1p(float x) { return log1pf(x); }
HLOCONF_HD inline double mLog1p(double x) { return log1p(x); }
HLOCONF_HD inline float mSin(float x) { return sinf(x); }
HLOCONF_HD inline double mSin(double x) { return sin(x); }
HLOCONF_HD inline float mCos(float x) { return cosf(x); }
HLOCONF_HD inline double mCos(double x) { return cos(x); }
HLOCONF_HD inline float mTan(float x) { return tanf(x); }
HLOCONF_HD inline double mTan(double x) { return tan(x); }
HLOCONF_HD inline float mTanh(float x) { return tanhf(x); }
HLOCONF_HD inline double mTanh(double x) { return tanh(x); }
HLOCONF_HD inline float mAcos(float x) { return acosf(x); }
HLOCONF_HD inline double mAcos(double x) { return acos(x); }
HLOCONF_HD inline float mAcosh(float x) { return acoshf(x); }
HLOCONF_HD inline double mAcosh(double x) { return acosh(x); }
HLOCONF_HD inline float mAsin(float x) { return asinf(x); }
HLOCONF_HD inline double mAsin(double x) { return asin(x); }
HLOCONF_HD inline float mAsinh(float x) { return asinhf(x); }
HLOCONF_HD inline double mAsinh(double x) { return asinh(x); }
HLOCONF_HD inline float mAtan(float x) { return atanf(x); }
HLOCONF_HD inline double mAtan(double x) { return atan(x); }
HLOCONF_HD inline float mAtanh(float x) { return atanhf(x); }
HLOCONF_HD inline double mAtanh(double x) { return atanh(x); }
HLOCONF_HD inline float mCosh(float x) { return coshf(x); }
HLOCONF_HD inline double mCosh(double x) { return cosh(x); }
HLOCONF_HD inline float mSinh(float x) { return sinhf(x); }
HLOCONF_HD inline double mSinh(double x) { return sinh(x); }
HLOCONF_HD inline float mErf(float x) { return erff(x); }
HLOCONF_HD inline double mErf(double x) { return erf(x); }
HLOCONF_HD inline float mErfc(float x) { return erfcf(x); }
HLOCONF_HD inline double mErfc(double x) { return erfc(x); }
// lgamma of f32: CUDA's lgammaf has no error bound inside (-10.001, -2.264) (its table: "larger inside"; the
// H100 gave 16 ULP at -2.5), so there the reflection formula in f64, log(pi) - log|sin(pi x)| - lgamma(1 - x),
// with sin(pi x) from the exact reduction x = n + r (|r| <= 1/2) and f64 lgamma of 1 - x > 3 (outside f64's
// own interval): about 1e-15 absolute before the one rounding to f32. Elsewhere CUDA's lgammaf (6 ULP).
HLOCONF_HD inline float mLgamma(float x) {
  const double d = x;
  if (d > -12.0 && d < -2.0 && d != floor(d)) {
    const double n = rint(d), r = d - n;             // exact
    const double sine = sin(3.141592653589793 * r);  // |sin(pi x)| = |sin(pi r)|
    return static_cast<float>(1.1447298858494002 - log(fabs(sine)) - lgamma(1.0 - d));
  }
  return lgammaf(x);
}
HLOCONF_HD inline double mLgamma(double x) { return lgamma(x); }
// erf_inv: CUDA's erfinvf / erfinv on the device. The host has no such function; there (the host tests
// only) Newton's method on erf from a rough start, which is accurate to a few ULP.
template <class C>
HLOCONF_HD C hostErfInv(C y) {
  if (!(y > C(-1) && y < C(1))) return y == C(1) || y == C(-1) ? y / C(0) : (y - y) / (y - y);  // +-inf, NaN
  const double a = static_cast<double>(y), w = -log((1.0 - a) * (1.0 + a));
  double x = copysign(sqrt(w > 0 ? w : 0) * 0.8, a);
  for (int i = 0; i < 60; ++i) {
    const double f = erf(x) - a, slope = 1.1283791670955126 * exp(-x * x);
    if (slope == 0) break;
    const double step = f / slope;
    x -= step;
    if (fabs(step) <= 1e-17 * fabs(x)) break;
  }
  return static_cast<C>(x);
}
#if defined(__CUDA_ARCH__)
HLOCONF_HD inline float mErfInv(float x) { return erfinvf(x); }
HLOCONF_HD inline double mErfInv(double x) { return erfinv(x); }
#else
HLOCONF_HD inline float mErfInv(float x) { return hostErfInv(x); }
HLOCONF_HD inline double mErfInv(double x) { return hostErfInv(x); }
#endif
HLOCONF_HD inline float mFma(float x, float y, float z) { return fmaf(x, y, z); }
HLOCONF_HD inline double mFma(double x, double y, double z) { return fma(x, y, z); }
HLOCONF_HD inline float mFmod(float x, float y) { return fmodf(x, y); }
HLOCONF_HD inline double mFmod(double x, double y) { return fmod(x, y); }
HLOCONF_HD inline float mPow(float x, float y) { return powf(x, y); }
HLOCONF_HD inline double mPow(double x, double y) { return pow(x, y); }
HLOCONF_HD inline float mAtan2(float x, float y) { return atan2f(x, y); }
HLOCONF_HD inline double mAtan2(double x, double y) { return atan2(x, y); }
HLOCONF_HD inline float mCopysign(float x, float y) { return copysignf(x, y); }
HLOCONF_HD inline double mCopysign(double x, double y) { return copysign(x, y); }
// logistic of f32 in f64 (its two roundings in f64, one to f32): the spec's composite, nearly exact.
HLOCONF_HD inline double logisticF64(double a) {
  if (a < 0) {
    const double e = exp(a);
    return e / (1 + e);
  }
  return 1 / (1 + exp(-a));
}
HLOCONF_HD inline float mLogistic(float x) { return static_cast<float>(logisticF64(static_cast<double>(x))); }
HLOCONF_HD inline double mLogistic(double x) { return logisticF64(x); }

// IEEE maximum / minimum: a NaN operand gives that NaN (the first when both), +0 > -0.
template <class C>
HLOCONF_HD C floatMax(C a, C b) {
  if (isNan(a)) return a;
  if (isNan(b)) return b;
  if (a == b) return signBit(a) ? b : a;
  return a >= b ? a : b;
}
template <class C>
HLOCONF_HD C floatMin(C a, C b) {
  if (isNan(a)) return a;
  if (isNan(b)) return b;
  if (a == b) return signBit(a) ? a : b;
  return a <= b ? a : b;
}

// Whether op applies to a float (f16, bf16, f32, f64), integer or pred element.
HLOCONF_HD inline bool floatUnarySupported(UOp op) { return op != UOp::kNot && op != UOp::kPopcnt && op != UOp::kClz; }
// The last float unary op (the fused runs' generated kernels take every op up to it).
inline constexpr UOp kLastFloatUnary = UOp::kSquare;
HLOCONF_HD inline bool intUnarySupported(UOp op, bool is_signed) {
  if (op > UOp::kClz) return false;  // chlo's float functions
  return op == UOp::kNegate || op == UOp::kSign || op == UOp::kNot || op == UOp::kPopcnt || op == UOp::kClz ||
         (op == UOp::kAbs && is_signed);
}
HLOCONF_HD inline bool predUnarySupported(UOp op) { return op == UOp::kNot; }
HLOCONF_HD inline bool floatBinarySupported(BOp op) { return op <= BOp::kAtan2; }
HLOCONF_HD inline bool intBinarySupported(BOp op) { return op != BOp::kAtan2; }
HLOCONF_HD inline bool predBinarySupported(BOp op) {
  return op == BOp::kAdd || op == BOp::kMul || op == BOp::kMax || op == BOp::kMin || op == BOp::kAnd || op == BOp::kOr ||
         op == BOp::kXor;
}

template <class C>
HLOCONF_HD C floatUnary(UOp op, C x) {
  switch (op) {
    case UOp::kNegate: return -x;
    case UOp::kAbs: return signBit(x) ? -x : x;  // -0 and -NaN too
    case UOp::kSign: return (isNan(x) || x == 0) ? x : mCopysign(C(1), x);
    case UOp::kFloor: return mFloor(x);
    case UOp::kCeil: return mCeil(x);
    case UOp::kRoundAfz: return mRoundAfz(x);
    case UOp::kRoundEven: return mRoundEven(x);
    case UOp::kSqrt: return mSqrt(x);
    case UOp::kRsqrt: return mRsqrt(x);
    case UOp::kCbrt: return mCbrt(x);
    case UOp::kExp: return mExp(x);
    case UOp::kExpm1: return mExpm1(x);
    case UOp::kLog: return mLog(x);
    case UOp::kLog1p: return mLog1p(x);
    case UOp::kLogistic: return mLogistic(x);
    case UOp::kSin: return mSin(x);
    case UOp::kCos: return mCos(x);
    case UOp::kTan: return mTan(x);
    case UOp::kTanh: return mTanh(x);
    case UOp::kAcos:
      return mAcos(x);
    case UOp::kAcosh:
      return mAcosh(x);
    case UOp::kAsin:
      return mAsin(x);
    case UOp::kAsinh:
      return mAsinh(x);
    case UOp::kAtan:
      return mAtan(x);
    case UOp::kAtanh:
      return mAtanh(x);
    case UOp::kCosh:
      return mCosh(x);
    case UOp::kSinh:
      return mSinh(x);
    case UOp::kErf:
      return mErf(x);
    case UOp::kErfc:
      return mErfc(x);
    case UOp::kErfInv:
      return mErfInv(x);
    case UOp::kLgamma:
      return mLgamma(x);
    case UOp::kSquare:
      return x * x;     // chlo.square is multiply(x, x)
    default: return x;  // not reached: floatUnarySupported() is checked when the plan is lowered
  }
}

template <class C>
HLOCONF_HD C floatBinary(BOp op, C a, C b) {
  switch (op) {
    case BOp::kAdd: return a + b;
    case BOp::kSub: return a - b;
    case BOp::kMul: return a * b;
    case BOp::kDiv: return a / b;
    case BOp::kRem: return mFmod(a, b);
    case BOp::kMax: return floatMax(a, b);
    case BOp::kMin: return floatMin(a, b);
    case BOp::kPow: return mPow(a, b);
    case BOp::kAtan2: return mAtan2(a, b);
    default: return a;  // not reached
  }
}

// Integer powers by squaring, wrapping; a negative exponent gives 1 for base 1, +-1 for base -1, else 0.
template <class C>
HLOCONF_HD C intPower(C base, C exponent) {
  using U = Wrap<C>;
  using UC = typename UnsignedOf<C>::T;
  if (isNegative(exponent)) {
    if (base == C(1)) return C(1);
    if (base == static_cast<C>(-1)) return (static_cast<UC>(exponent) & 1u) ? static_cast<C>(-1) : C(1);
    return C(0);
  }
  U result = 1, b = static_cast<U>(static_cast<UC>(base));
  for (UC e = static_cast<UC>(exponent); e > 0; e = static_cast<UC>(e >> 1)) {
    if (e & 1u) result = static_cast<U>(result * b);
    b = static_cast<U>(b * b);
  }
  return static_cast<C>(static_cast<UC>(result));
}

// chlo.mulhi: the high half of the exact double-width product of a and b as their type (signed or unsigned).
// 8-, 16- and 32-bit types widen to 64 bits; 64-bit ones take the unsigned 128-bit product from 32-bit halves
// and correct it for the signs (hi(a b) = hi(ua ub) - (a < 0 ? ub : 0) - (b < 0 ? ua : 0), mod 2^64).
template <class C>
HLOCONF_HD C mulhi(C a, C b) {
  constexpr int kBits = static_cast<int>(8 * sizeof(C));
  if constexpr (kBits < 64 && isSigned<C>()) {
    const int64_t product = static_cast<int64_t>(a) * static_cast<int64_t>(b);  // exact: |a b| <= 2^62
    return static_cast<C>(static_cast<uint64_t>(product) >> kBits);
  } else if constexpr (kBits < 64) {
    return static_cast<C>((static_cast<uint64_t>(a) * static_cast<uint64_t>(b)) >> kBits);  // exact: a b < 2^64
  } else {
    const uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
    const uint64_t a0 = ua & 0xffffffffu, a1 = ua >> 32, b0 = ub & 0xffffffffu, b1 = ub >> 32;
    const uint64_t low = a0 * b0, mid1 = a1 * b0, mid2 = a0 * b1;
    const uint64_t carry = ((low >> 32) + (mid1 & 0xffffffffu) + (mid2 & 0xffffffffu)) >> 32;
    uint64_t high = a1 * b1 + (mid1 >> 32) + (mid2 >> 32) + carry;
    if constexpr (isSigned<C>()) {
      if (a < 0) high -= ub;
      if (b < 0) high -= ua;
    }
    return static_cast<C>(high);
  }
}

template <class C>
HLOCONF_HD C intBinary(BOp op, C a, C b) {
  using U = Wrap<C>;
  using UC = typename UnsignedOf<C>::T;
  constexpr int kBits = static_cast<int>(8 * sizeof(C));
  const U ua = static_cast<U>(static_cast<UC>(a)), ub = static_cast<U>(static_cast<UC>(b));
  switch (op) {
    case BOp::kAdd: return static_cast<C>(static_cast<UC>(ua + ub));
    case BOp::kSub: return static_cast<C>(static_cast<UC>(ua - ub));
    case BOp::kMul: return static_cast<C>(static_cast<UC>(ua * ub));
    case BOp::kDiv:
      if (b == C(0)) return static_cast<C>(static_cast<UC>(~UC(0)));
      if (isSigned<C>() && b == static_cast<C>(-1)) return static_cast<C>(static_cast<UC>(U(0) - ua));
      return static_cast<C>(a / b);
    case BOp::kRem:
      if (b == C(0)) return a;
      if (isSigned<C>() && b == static_cast<C>(-1)) return C(0);
      return static_cast<C>(a % b);
    case BOp::kMax: return a >= b ? a : b;
    case BOp::kMin: return a <= b ? a : b;
    case BOp::kPow: return intPower(a, b);
    case BOp::kAnd: return static_cast<C>(a & b);
    case BOp::kOr: return static_cast<C>(a | b);
    case BOp::kXor: return static_cast<C>(a ^ b);
    case BOp::kShl:
      if (static_cast<UC>(b) >= static_cast<UC>(kBits)) return C(0);
      return static_cast<C>(static_cast<UC>(ua << static_cast<UC>(b)));
    case BOp::kShrL:
      if (static_cast<UC>(b) >= static_cast<UC>(kBits)) return C(0);
      return static_cast<C>(static_cast<UC>(static_cast<UC>(a) >> static_cast<UC>(b)));
    case BOp::kShrA: {
      // On the bit pattern: its top bit fills the vacated bits, for unsigned types too (docs/semantics.md).
      const bool top_bit = (ua >> (kBits - 1)) & U(1);
      if (static_cast<UC>(b) >= static_cast<UC>(kBits)) return top_bit ? static_cast<C>(static_cast<UC>(~UC(0))) : C(0);
      const int amount = static_cast<int>(static_cast<UC>(b));
      const U fill = top_bit && amount > 0 ? static_cast<U>(~U(0) << (kBits - amount)) : U(0);
      return static_cast<C>(static_cast<UC>((ua >> amount) | fill));
    }
    case BOp::kMulhi:
      return mulhi(a, b);
    default: return a;  // not reached
  }
}

template <class C>
HLOCONF_HD C intUnary(UOp op, C x) {
  using U = Wrap<C>;
  using UC = typename UnsignedOf<C>::T;
  constexpr int kBits = static_cast<int>(8 * sizeof(C));
  switch (op) {
    case UOp::kNegate: return static_cast<C>(static_cast<UC>(U(0) - static_cast<U>(static_cast<UC>(x))));
    case UOp::kAbs: return isNegative(x) ? static_cast<C>(static_cast<UC>(U(0) - static_cast<U>(static_cast<UC>(x)))) : x;
    case UOp::kSign: return isNegative(x) ? static_cast<C>(-1) : (x > C(0) ? C(1) : C(0));
    case UOp::kNot: return static_cast<C>(~x);
    case UOp::kPopcnt: return static_cast<C>(popcount64(static_cast<UC>(x)));
    case UOp::kClz: return static_cast<C>(clz(static_cast<UC>(x), kBits));
    default: return x;  // not reached
  }
}

HLOCONF_HD inline uint8_t predBinary(BOp op, uint8_t a, uint8_t b) {
  switch (op) {
    case BOp::kAdd: case BOp::kMax: case BOp::kOr: return a | b;
    case BOp::kMul: case BOp::kMin: case BOp::kAnd: return a & b;
    case BOp::kXor: return a ^ b;
    default: return a;  // not reached
  }
}

// --- reduce_precision ------------------------------------------------------------------------------------------
// On the operand's encoding of `nbits` bits (src_exp exponent bits, src_mant mantissa bits), as XLA does it
// (and the CPU executor): the mantissa rounded to nearest even at m bits on the encoding (a carry moves into
// the exponent; an operand subnormal rounds at its fixed quantum), then, when e is below src_exp, values past
// the (e, m) format's range become infinities and values below its smallest normal zeros, keeping the sign.
// NaN, infinities and zeros pass unchanged, except that with m = 0 a NaN becomes the infinity of its sign.
HLOCONF_HD inline uint64_t reducePrecisionBits(uint64_t x, int nbits, int src_exp, int src_mant, int64_t e, int64_t m) {
  const uint64_t sign = uint64_t{1} << (nbits - 1);
  const uint64_t exp_all = ((uint64_t{1} << src_exp) - 1) << src_mant;
  const uint64_t mant_mask = (uint64_t{1} << src_mant) - 1;
  const uint64_t abs = x & (sign - 1);
  if ((abs & exp_all) == exp_all) {  // infinity or NaN
    if ((abs & mant_mask) != 0 && m == 0) return (x & sign) | exp_all;
    return x;
  }
  if (abs == 0) return x;
  if (m < src_mant) {
    const int drop = src_mant - static_cast<int>(m);
    const uint64_t last_kept = (x >> drop) & 1;
    x += ((uint64_t{1} << (drop - 1)) - 1) + last_kept;  // the sign bit is never reached: abs < exp_all
    x &= ~((uint64_t{1} << drop) - 1);
  }
  if (e < src_exp) {
    const uint64_t biased = (x & exp_all) >> src_mant;
    if (biased != (uint64_t{1} << src_exp) - 1 && (x & (sign - 1)) != 0) {  // finite and nonzero
      const int64_t src_bias = (int64_t{1} << (src_exp - 1)) - 1;
      const int64_t bias = (int64_t{1} << (e - 1)) - 1;
      const int64_t E = static_cast<int64_t>(biased) - src_bias + 1;  // the value is in [2^(E-1), 2^E)
      if (biased == 0 || E < 2 - bias) return x & sign;            // below the smallest normal: zero
      if (E > bias + 1) return (x & sign) | exp_all;                // past the largest finite: infinity
    }
  }
  return x;
}

// --- compare ------------------------------------------------------------------------------------------------
template <class T>
HLOCONF_HD bool decide(CmpDir d, T a, T b) {
  switch (d) {
    case CmpDir::kEQ: return a == b;
    case CmpDir::kNE: return a != b;
    case CmpDir::kGE: return a >= b;
    case CmpDir::kGT: return a > b;
    case CmpDir::kLE: return a <= b;
    default: return a < b;
  }
}
// IEEE totalOrder key of a float's encoding of `bits` bits: -NaN < -inf < ... < -0 < +0 < ... < +NaN.
HLOCONF_HD inline int64_t totalOrderKey(uint64_t encoding, int bits) {
  const uint64_t sign = uint64_t{1} << (bits - 1);
  const int64_t magnitude = static_cast<int64_t>(encoding & (sign - 1));
  return (encoding & sign) ? -magnitude - 1 : magnitude;
}

// --- convert ------------------------------------------------------------------------------------------------
// A source value: a float (as double, exact for f16/bf16/f32/f64), or an integer (pred as 0/1).
struct Scalar {
  enum Kind : int { kFloat, kSignedInt, kUnsignedInt } kind = kFloat;
  double f = 0;
  int64_t i = 0;
  uint64_t u = 0;
};

// An integer rounded once to nearest even into f16/bf16: to double with a sticky bit for what does not fit
// in 53 bits (round to odd), then the one rounding.
HLOCONF_HD inline double intToDoubleSticky(bool negative, uint64_t magnitude) {
  double d;
  if (magnitude >> 53) {
    int width = 64 - clz(magnitude, 64);
    int shift = width - 53;
    const bool sticky = (magnitude & ((uint64_t{1} << shift) - 1)) != 0;
    magnitude = (magnitude >> shift) | (sticky ? 1u : 0u);
    d = static_cast<double>(magnitude);
    for (int s = 0; s < shift; ++s) d *= 2;  // exact
  } else {
    d = static_cast<double>(magnitude);
  }
  return negative ? -d : d;
}

template <class To>
HLOCONF_HD To floatToInt(double d) {
  if (isNan(d)) return To(0);
  const double t = trunc(d);
  constexpr int kBits = static_cast<int>(8 * sizeof(To));
  const bool is_signed = isSigned<To>();
  const int past_bits = is_signed ? kBits - 1 : kBits;
  const double past_high = 2.0 * static_cast<double>(uint64_t{1} << (past_bits - 1));
  const double low = is_signed ? -past_high : 0.0;
  if (t < low) return is_signed ? static_cast<To>(uint64_t{1} << (kBits - 1)) : To(0);  // the minimum
  if (t >= past_high) return is_signed ? static_cast<To>((uint64_t{1} << (kBits - 1)) - 1) : static_cast<To>(~uint64_t{0});
  if (is_signed) return static_cast<To>(static_cast<int64_t>(t));
  return static_cast<To>(static_cast<uint64_t>(t));
}

template <class S>
HLOCONF_HD Scalar toScalar(S s) {
  Scalar v;
  const auto c = Elem<S>::load(s);
  using C = decltype(c);
  if constexpr (static_cast<C>(0.5) != static_cast<C>(0)) {
    v.kind = Scalar::kFloat;
    v.f = static_cast<double>(c);
  } else if constexpr (isSigned<C>()) {
    v.kind = Scalar::kSignedInt;
    v.i = static_cast<int64_t>(c);
  } else {
    v.kind = Scalar::kUnsignedInt;
    v.u = static_cast<uint64_t>(c);
  }
  return v;
}

// The source value as a double rounded to odd where an integer does not fit in 53 bits, so that the one
// rounding to f16/bf16 after it is still to nearest even.
HLOCONF_HD inline double scalarToDouble(const Scalar& v) {
  if (v.kind == Scalar::kSignedInt) {
    const bool negative = v.i < 0;
    return intToDoubleSticky(negative, negative ? uint64_t{0} - static_cast<uint64_t>(v.i) : static_cast<uint64_t>(v.i));
  }
  if (v.kind == Scalar::kUnsignedInt) return intToDoubleSticky(false, v.u);
  return v.f;
}

// Integers and f32/f64 (the specialisations below: pred, f16, bf16).
template <class To>
HLOCONF_HD To fromScalar(const Scalar& v) {
  if constexpr (static_cast<To>(0.5) != static_cast<To>(0)) {  // f32, f64: one rounding (to nearest even)
    if (v.kind == Scalar::kSignedInt) return static_cast<To>(v.i);
    if (v.kind == Scalar::kUnsignedInt) return static_cast<To>(v.u);
    return static_cast<To>(v.f);
  } else {  // integers: floats truncate and saturate (NaN -> 0); integers wrap
    if (v.kind == Scalar::kFloat) return floatToInt<To>(v.f);
    if (v.kind == Scalar::kSignedInt) return static_cast<To>(static_cast<uint64_t>(v.i));
    return static_cast<To>(v.u);
  }
}
template <>
HLOCONF_HD inline Pred fromScalar<Pred>(const Scalar& v) {
  const bool nonzero = v.kind == Scalar::kFloat ? (v.f != 0 || isNan(v.f)) : (v.kind == Scalar::kSignedInt ? v.i != 0 : v.u != 0);
  return Pred{static_cast<uint8_t>(nonzero ? 1 : 0)};
}
template <>
HLOCONF_HD inline Half fromScalar<Half>(const Scalar& v) { return Half{doubleToHalf(scalarToDouble(v))}; }
template <>
HLOCONF_HD inline BFloat fromScalar<BFloat>(const Scalar& v) { return BFloat{doubleToBf16(scalarToDouble(v))}; }

// compare of two floats of storage type S (Half, BFloat, float, double): FLOAT or TOTALORDER, the one rule
// of the compare kernel and the fused runs.
template <class S>
HLOCONF_HD bool compareFloat(CmpDir dir, CmpKind kind, S a, S b) {
  if (kind == CmpKind::kTotalOrder) {
    uint64_t ea, eb;
    int bits;
    if constexpr (sizeof(S) == 2) { ea = a.bits; eb = b.bits; bits = 16; }
    else if constexpr (sizeof(S) == 4) { ea = f32Bits(a); eb = f32Bits(b); bits = 32; }
    else { ea = f64Bits(a); eb = f64Bits(b); bits = 64; }
    return decide(dir, totalOrderKey(ea, bits), totalOrderKey(eb, bits));
  }
  return decide(dir, Elem<S>::load(a), Elem<S>::load(b));
}

// is_finite and chlo's is_inf, is_neg_inf, is_pos_inf (of the compute value: f16/bf16 widen exactly).
enum class FloatTest : int { kFinite, kInf, kNegInf, kPosInf };
template <class C>
HLOCONF_HD bool floatTest(FloatTest test, C x) {
  const bool infinite = !isFinite(x) && !isNan(x);
  switch (test) {
    case FloatTest::kFinite:
      return isFinite(x);
    case FloatTest::kInf:
      return infinite;
    case FloatTest::kNegInf:
      return infinite && signBit(x);
    default:
      return infinite && !signBit(x);
  }
}

// A float's storage encoding as an unsigned integer, and back.
HLOCONF_HD inline uint64_t encodingOf(Half x) { return x.bits; }
HLOCONF_HD inline uint64_t encodingOf(BFloat x) { return x.bits; }
HLOCONF_HD inline uint64_t encodingOf(float x) { return f32Bits(x); }
HLOCONF_HD inline uint64_t encodingOf(double x) { return f64Bits(x); }
template <class S>
HLOCONF_HD S fromEncoding(uint64_t e);
template <>
HLOCONF_HD inline Half fromEncoding<Half>(uint64_t e) {
  return Half{static_cast<uint16_t>(e)};
}
template <>
HLOCONF_HD inline BFloat fromEncoding<BFloat>(uint64_t e) {
  return BFloat{static_cast<uint16_t>(e)};
}
template <>
HLOCONF_HD inline float fromEncoding<float>(uint64_t e) {
  const uint32_t b = static_cast<uint32_t>(e);
  float f;
  memcpy(&f, &b, 4);
  return f;
}
template <>
HLOCONF_HD inline double fromEncoding<double>(uint64_t e) {
  double f;
  memcpy(&f, &e, 8);
  return f;
}

// chlo.next_after on the stored encoding (the CPU executor's rule, executors/cpu/elementwise_bits.cc): a NaN
// operand gives NaN; x == y gives y; from a zero, the smallest subnormal toward y; else one step of the
// encoding toward y.
template <class S>
HLOCONF_HD S nextAfter(S xs, S ys) {
  using C = typename Elem<S>::C;
  const C x = Elem<S>::load(xs), y = Elem<S>::load(ys);
  if (isNan(x) || isNan(y)) return Elem<S>::store(x + y);
  if (x == y) return ys;
  const uint64_t sign = uint64_t{1} << (8 * sizeof(S) - 1);
  if (x == C(0)) return fromEncoding<S>((y < C(0) ? sign : 0) | 1);
  return fromEncoding<S>((y > x) == (x > C(0)) ? encodingOf(xs) + 1 : encodingOf(xs) - 1);
}

// complex multiply, each part by Kahan's FMA algorithm for the 2x2 determinant (x = a c - b d as
// w = b d, fma(a, c, -w) + fma(-b, d, w)): relative error at most 2u per part (Jeannerod, Louvet, Muller,
// Math. Comp. 82, 2013), the bound of the `default` profile's multiply/complex rule.
template <class C>
HLOCONF_HD C kahanDifference(C a, C c, C b, C d) {  // a c - b d
  const C w = b * d;
  const C e = mFma(-b, d, w);
  const C f = mFma(a, c, -w);
  return f + e;
}
template <class C>
HLOCONF_HD void complexMultiply(C a, C b, C c, C d, C* re, C* im) {  // (a + b i)(c + d i)
  *re = kahanDifference(a, c, b, d);
  *im = kahanDifference(a, d, -b, c);
}
// |z| = hypot(re, im) (CUDA hypotf 3 ULP, hypot 2 ULP: the profile's abs/complex rules).
HLOCONF_HD inline float complexAbs(float re, float im) { return hypotf(re, im); }
HLOCONF_HD inline double complexAbs(double re, double im) { return hypot(re, im); }

// compare of two values of storage type S: the one rule of the compare kernel, sort and the fused runs.
// Integers compare as their type (UNSIGNED reads a signed type's bits as unsigned), i1 as 0 and 1.
template <class S>
HLOCONF_HD bool compareValues(CmpDir dir, CmpKind kind, S a, S b) {
  if (kind == CmpKind::kUnsigned) {
    using U = typename UnsignedOf<S>::T;
    return decide(dir, static_cast<U>(a), static_cast<U>(b));
  }
  return decide(dir, a, b);
}
HLOCONF_HD inline bool compareValues(CmpDir dir, CmpKind, Pred a, Pred b) { return decide(dir, Elem<Pred>::load(a), Elem<Pred>::load(b)); }
HLOCONF_HD inline bool compareValues(CmpDir dir, CmpKind kind, Half a, Half b) { return compareFloat(dir, kind, a, b); }
HLOCONF_HD inline bool compareValues(CmpDir dir, CmpKind kind, BFloat a, BFloat b) { return compareFloat(dir, kind, a, b); }
HLOCONF_HD inline bool compareValues(CmpDir dir, CmpKind kind, float a, float b) { return compareFloat(dir, kind, a, b); }
HLOCONF_HD inline bool compareValues(CmpDir dir, CmpKind kind, double a, double b) { return compareFloat(dir, kind, a, b); }

}  // namespace dm
}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_DEVICE_MATH_H_
