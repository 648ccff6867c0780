// The CUDA executor's per-element functions (executors/cuda/device_math.h), run on the host: the same
// HLOCONF_HD code the kernels run, against exact expected values; and the `cuda` backend, which without a
// device (or without the toolkit) answers UNSUPPORTED with the reason, and with one agrees with the cpu
// executor.
#include <gtest/gtest.h>

#include <type_traits>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "adapters/backend.h"
#include "executors/cuda/device_math.h"
#include "ir/element_type.h"
#include "ir/strings.h"
#include "ir/tensor.h"
#include "tests/executors/suite_check.h"

namespace hloconf {
namespace {

using cuda::BOp;
using cuda::CmpDir;
using cuda::UOp;
namespace dm = cuda::dm;

double pow2(int e) { return std::ldexp(1.0, e); }

TEST(CudaMath, HalfRoundsToNearestEven) {
  EXPECT_EQ(dm::doubleToHalf(1.0), 0x3c00);
  EXPECT_EQ(dm::doubleToHalf(-2.0), 0xc000);
  EXPECT_EQ(dm::doubleToHalf(65504.0), 0x7bff);
  EXPECT_EQ(dm::doubleToHalf(65519.99), 0x7bff);
  EXPECT_EQ(dm::doubleToHalf(65520.0), 0x7c00);  // the tie above the largest finite value: infinity
  EXPECT_EQ(dm::doubleToHalf(1e300), 0x7c00);
  EXPECT_EQ(dm::doubleToHalf(-1e300), 0xfc00);
  EXPECT_EQ(dm::doubleToHalf(pow2(-24)), 0x0001);          // smallest subnormal
  EXPECT_EQ(dm::doubleToHalf(pow2(-25)), 0x0000);          // tie between 0 and it: even
  EXPECT_EQ(dm::doubleToHalf(3 * pow2(-26)), 0x0001);      // above the tie
  EXPECT_EQ(dm::doubleToHalf(3 * pow2(-25)), 0x0002);      // tie between 1 and 2 subnormal ulps: even
  EXPECT_EQ(dm::doubleToHalf(1 + pow2(-11)), 0x3c00);      // tie: even
  EXPECT_EQ(dm::doubleToHalf(1 + 3 * pow2(-11)), 0x3c02);  // tie: even (up)
  EXPECT_EQ(dm::doubleToHalf(1 + pow2(-11) + pow2(-40)), 0x3c01);
  EXPECT_EQ(dm::doubleToHalf(pow2(-14) - pow2(-25)), 0x0400);  // rounds up into the smallest normal
  EXPECT_EQ(dm::doubleToHalf(-0.0), 0x8000);
  EXPECT_EQ(dm::doubleToHalf(std::numeric_limits<double>::infinity()), 0x7c00);
  EXPECT_EQ(dm::doubleToHalf(std::numeric_limits<double>::quiet_NaN()) & 0x7e00, 0x7e00);
  EXPECT_EQ(dm::doubleToHalf(std::numeric_limits<double>::denorm_min()), 0x0000);
}

TEST(CudaMath, Bf16RoundsToNearestEven) {
  EXPECT_EQ(dm::doubleToBf16(1.0), 0x3f80);
  EXPECT_EQ(dm::doubleToBf16(1 + pow2(-8)), 0x3f80);      // tie: even
  EXPECT_EQ(dm::doubleToBf16(1 + 3 * pow2(-8)), 0x3f82);  // tie: even (up)
  EXPECT_EQ(dm::doubleToBf16(1 + pow2(-8) + pow2(-30)), 0x3f81);
  EXPECT_EQ(dm::doubleToBf16(std::numeric_limits<float>::max()), 0x7f80);  // past the largest bf16's tie
  EXPECT_EQ(dm::doubleToBf16(-pow2(-133)), 0x8001);                         // smallest subnormal
  EXPECT_EQ(dm::doubleToBf16(pow2(-134)), 0x0000);                          // tie with 0: even
  EXPECT_EQ(dm::doubleToBf16(-0.0), 0x8000);
  const uint16_t nan = dm::doubleToBf16(-std::numeric_limits<double>::quiet_NaN());
  EXPECT_EQ(nan & 0xffc0, 0xffc0);
}

TEST(CudaMath, NarrowFloatsRoundTripEveryEncoding) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    const uint16_t bits = static_cast<uint16_t>(h);
    const float f16 = dm::halfToFloat(bits), bf16 = dm::bf16ToFloat(bits);
    if (!std::isnan(f16)) {
      ASSERT_EQ(dm::doubleToHalf(f16), bits) << std::hex << h;
    } else {
      ASSERT_EQ(dm::doubleToHalf(f16) & 0x7e00, 0x7e00) << std::hex << h;
    }
    if (!std::isnan(bf16)) {
      ASSERT_EQ(dm::doubleToBf16(bf16), bits) << std::hex << h;
    }
  }
  EXPECT_EQ(dm::halfToFloat(0x0001), static_cast<float>(pow2(-24)));
  EXPECT_EQ(dm::halfToFloat(0x7bff), 65504.0f);
  EXPECT_TRUE(std::isinf(dm::halfToFloat(0xfc00)));
}

TEST(CudaMath, F16ArithmeticRoundsOnce) {
  // 1 + 2^-11 in f32 is exact; the one rounding to f16 ties to even (1.0).
  const dm::Half one{0x3c00}, tiny{dm::doubleToHalf(pow2(-11))};
  using E = dm::Elem<dm::Half>;
  EXPECT_EQ(E::store(dm::floatBinary(BOp::kAdd, E::load(one), E::load(tiny))).bits, 0x3c00);
  using B = dm::Elem<dm::BFloat>;
  const dm::BFloat three{dm::doubleToBf16(3.0)};
  EXPECT_EQ(B::store(dm::floatBinary(BOp::kDiv, B::load(dm::BFloat{0x3f80}), B::load(three))).bits, 0x3eab);  // 1/3
}

TEST(CudaMath, IntegerDivisionRules) {
  EXPECT_EQ(dm::intBinary<int32_t>(BOp::kDiv, 7, 0), -1);
  EXPECT_EQ(dm::intBinary<uint16_t>(BOp::kDiv, 7, 0), 0xffff);
  EXPECT_EQ(dm::intBinary<int8_t>(BOp::kDiv, -128, -1), -128);
  EXPECT_EQ(dm::intBinary<int64_t>(BOp::kDiv, std::numeric_limits<int64_t>::min(), -1), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(dm::intBinary<int32_t>(BOp::kDiv, -7, 2), -3);
  EXPECT_EQ(dm::intBinary<int32_t>(BOp::kRem, 7, 0), 7);
  EXPECT_EQ(dm::intBinary<int16_t>(BOp::kRem, -32768, -1), 0);
  EXPECT_EQ(dm::intBinary<int32_t>(BOp::kRem, -7, 2), -1);
  EXPECT_EQ(dm::intBinary<uint8_t>(BOp::kMul, 200, 2), 144);
  EXPECT_EQ(dm::intBinary<uint16_t>(BOp::kMul, 0xffff, 0xffff), 1);
  EXPECT_EQ(dm::intBinary<int8_t>(BOp::kAdd, 127, 1), -128);
  EXPECT_EQ(dm::intUnary<int8_t>(UOp::kAbs, -128), -128);
  EXPECT_EQ(dm::intUnary<int32_t>(UOp::kNegate, std::numeric_limits<int32_t>::min()), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(dm::intUnary<int16_t>(UOp::kSign, -5), -1);
  EXPECT_EQ(dm::intUnary<uint32_t>(UOp::kSign, 5), 1u);
}

TEST(CudaMath, IntegerPowers) {
  EXPECT_EQ(dm::intBinary<int32_t>(BOp::kPow, 3, 4), 81);
  EXPECT_EQ(dm::intBinary<int32_t>(BOp::kPow, 2, -1), 0);
  EXPECT_EQ(dm::intBinary<int32_t>(BOp::kPow, 1, -5), 1);
  EXPECT_EQ(dm::intBinary<int32_t>(BOp::kPow, -1, -3), -1);
  EXPECT_EQ(dm::intBinary<int32_t>(BOp::kPow, -1, -4), 1);
  EXPECT_EQ(dm::intBinary<uint8_t>(BOp::kPow, 3, 5), 243);
  EXPECT_EQ(dm::intBinary<uint8_t>(BOp::kPow, 3, 6), static_cast<uint8_t>(729));
  EXPECT_EQ(dm::intBinary<int64_t>(BOp::kPow, 0, 0), 1);
}

TEST(CudaMath, ShiftsPastTheWidth) {
  EXPECT_EQ(dm::intBinary<int32_t>(BOp::kShl, 1, 31), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(dm::intBinary<int32_t>(BOp::kShl, 1, 32), 0);
  EXPECT_EQ(dm::intBinary<int32_t>(BOp::kShl, 1, -1), 0);  // the amount read as unsigned
  EXPECT_EQ(dm::intBinary<int8_t>(BOp::kShrA, -128, 7), -1);
  EXPECT_EQ(dm::intBinary<int8_t>(BOp::kShrA, -128, 8), -1);
  EXPECT_EQ(dm::intBinary<int8_t>(BOp::kShrA, 64, 100), 0);
  EXPECT_EQ(dm::intBinary<int8_t>(BOp::kShrL, -128, 7), 1);
  EXPECT_EQ(dm::intBinary<int8_t>(BOp::kShrL, -128, 8), 0);
  // unsigned: on the bit pattern, the top bit fills (as the reference does; docs/semantics.md)
  EXPECT_EQ(dm::intBinary<uint16_t>(BOp::kShrA, 0x8000, 15), 0xFFFF);
  EXPECT_EQ(dm::intBinary<uint16_t>(BOp::kShrA, 0x8000, 16), 0xFFFF);
  EXPECT_EQ(dm::intBinary<uint8_t>(BOp::kShrA, 240, 3), 254);
  EXPECT_EQ(dm::intBinary<uint8_t>(BOp::kShrA, 127, 1), 63);
  EXPECT_EQ(dm::intBinary<uint64_t>(BOp::kShrA, uint64_t{1} << 63, 63), ~uint64_t{0});
  EXPECT_EQ(dm::intBinary<int64_t>(BOp::kShrA, -8, 1), -4);
  EXPECT_EQ(dm::intBinary<uint64_t>(BOp::kShl, 1, 63), uint64_t{1} << 63);
  EXPECT_EQ(dm::intBinary<uint64_t>(BOp::kShl, 1, 64), 0u);
  EXPECT_EQ(dm::intBinary<uint8_t>(BOp::kShl, 0xff, 4), 0xf0);
}

TEST(CudaMath, BitCounts) {
  EXPECT_EQ(dm::intUnary<int8_t>(UOp::kPopcnt, -1), 8);
  EXPECT_EQ(dm::intUnary<int64_t>(UOp::kPopcnt, -1), 64);
  EXPECT_EQ(dm::intUnary<uint32_t>(UOp::kPopcnt, 0x80000001u), 2u);
  EXPECT_EQ(dm::intUnary<int16_t>(UOp::kClz, 0), 16);
  EXPECT_EQ(dm::intUnary<int16_t>(UOp::kClz, -1), 0);
  EXPECT_EQ(dm::intUnary<uint64_t>(UOp::kClz, 1), 63u);
  EXPECT_EQ(dm::intUnary<uint8_t>(UOp::kClz, 0x10), 3);
  EXPECT_EQ(dm::intUnary<uint8_t>(UOp::kNot, 0x0f), 0xf0);
}

TEST(CudaMath, CompareTotalOrder) {
  auto key = [](float f) { return dm::totalOrderKey(dm::f32Bits(f), 32); };
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> ascending = {-nan, -inf, -1.0f, -std::numeric_limits<float>::denorm_min(), -0.0f, 0.0f,
                                        std::numeric_limits<float>::denorm_min(), 1.0f, inf, nan};
  for (size_t i = 0; i + 1 < ascending.size(); ++i) {
    EXPECT_TRUE(dm::decide(CmpDir::kLT, key(ascending[i]), key(ascending[i + 1]))) << i;
    EXPECT_FALSE(dm::decide(CmpDir::kGE, key(ascending[i]), key(ascending[i + 1]))) << i;
  }
  EXPECT_TRUE(dm::decide(CmpDir::kEQ, key(nan), key(nan)));
  // bf16's encoding: -0 (0x8000) just below +0.
  EXPECT_TRUE(dm::decide(CmpDir::kLT, dm::totalOrderKey(0x8000, 16), dm::totalOrderKey(0x0000, 16)));
  // FLOAT ordering: NaN unordered, -0 == +0.
  EXPECT_FALSE(dm::decide(CmpDir::kEQ, nan, nan));
  EXPECT_TRUE(dm::decide(CmpDir::kNE, nan, nan));
  EXPECT_TRUE(dm::decide(CmpDir::kEQ, -0.0f, 0.0f));
}

TEST(CudaMath, MaximumMinimumNaNAndZeros) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(std::isnan(dm::floatMax(nan, 1.0f)));
  EXPECT_TRUE(std::isnan(dm::floatMin(1.0f, nan)));
  EXPECT_FALSE(std::signbit(dm::floatMax(-0.0f, 0.0f)));
  EXPECT_FALSE(std::signbit(dm::floatMax(0.0f, -0.0f)));
  EXPECT_TRUE(std::signbit(dm::floatMin(0.0f, -0.0f)));
  EXPECT_TRUE(std::signbit(dm::floatMin(-0.0f, 0.0f)));
  EXPECT_EQ(dm::floatMax(2.0, 3.0), 3.0);
}

TEST(CudaMath, FloatUnaryEdges) {
  EXPECT_TRUE(std::signbit(dm::floatUnary(UOp::kSign, -0.0f)));
  EXPECT_EQ(dm::floatUnary(UOp::kSign, -3.5), -1.0);
  EXPECT_EQ(dm::floatUnary(UOp::kAbs, -0.0f), 0.0f);
  EXPECT_FALSE(std::signbit(dm::floatUnary(UOp::kAbs, -0.0f)));
  EXPECT_EQ(dm::floatUnary(UOp::kRoundAfz, 2.5f), 3.0f);
  EXPECT_EQ(dm::floatUnary(UOp::kRoundAfz, -2.5), -3.0);
  EXPECT_EQ(dm::floatUnary(UOp::kRoundEven, 2.5f), 2.0f);
  EXPECT_EQ(dm::floatUnary(UOp::kRoundEven, -3.5), -4.0);
  EXPECT_EQ(dm::floatUnary(UOp::kLogistic, -1000.0f), 0.0f);
  EXPECT_EQ(dm::floatUnary(UOp::kLogistic, 1000.0), 1.0);
  EXPECT_EQ(dm::floatUnary(UOp::kRsqrt, 4.0f), 0.5f);
  EXPECT_TRUE(dm::isNan(dm::floatBinary(BOp::kRem, 1.0f, 0.0f)));
  EXPECT_EQ(dm::floatBinary(BOp::kRem, -7.0, 2.0), -1.0);
  EXPECT_FALSE(dm::isFinite(std::numeric_limits<float>::infinity()));
  EXPECT_TRUE(dm::isFinite(std::numeric_limits<double>::max()));
}

// chlo.mulhi: the high half of the exact product, against a 128-bit product, for every width and signedness.
template <class T>
void checkMulhi(std::mt19937_64& rng) {
  constexpr int kBits = static_cast<int>(8 * sizeof(T));
  const T edges[] = {T(0), T(1), static_cast<T>(-1), std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), static_cast<T>(3)};
  std::vector<T> values(std::begin(edges), std::end(edges));
  for (int i = 0; i < 200; ++i) values.push_back(static_cast<T>(rng()));
  for (T a : values)
    for (T b : values) {
      using Wide = std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>;
      const T want = static_cast<T>((static_cast<Wide>(a) * static_cast<Wide>(b)) >> kBits);
      ASSERT_EQ(dm::mulhi(a, b), want) << +a << " * " << +b;
      ASSERT_EQ(dm::intBinary<T>(BOp::kMulhi, a, b), want);
    }
}
TEST(CudaMath, MulhiIsTheHighHalfOfTheExactProduct) {
  std::mt19937_64 rng(5);
  checkMulhi<int8_t>(rng);
  checkMulhi<uint8_t>(rng);
  checkMulhi<int16_t>(rng);
  checkMulhi<uint16_t>(rng);
  checkMulhi<int32_t>(rng);
  checkMulhi<uint32_t>(rng);
  checkMulhi<int64_t>(rng);
  checkMulhi<uint64_t>(rng);
  EXPECT_FALSE(dm::intBinarySupported(BOp::kAtan2));
  EXPECT_FALSE(dm::floatBinarySupported(BOp::kMulhi));
  EXPECT_FALSE(dm::predBinarySupported(BOp::kMulhi));
}

TEST(CudaMath, NextAfterStepsTheEncoding) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(dm::f32Bits(dm::nextAfter(1.0f, 2.0f)), 0x3F800001u);
  EXPECT_EQ(dm::f32Bits(dm::nextAfter(1.0f, 0.0f)), 0x3F7FFFFFu);
  EXPECT_EQ(dm::f32Bits(dm::nextAfter(-1.0f, 0.0f)), 0xBF7FFFFFu);
  EXPECT_EQ(dm::f32Bits(dm::nextAfter(0.0f, -1.0f)), 0x80000001u);  // from a zero: the smallest subnormal toward y
  EXPECT_EQ(dm::f32Bits(dm::nextAfter(-0.0f, 1.0f)), 0x00000001u);
  EXPECT_EQ(dm::f32Bits(dm::nextAfter(0.0f, -0.0f)), 0x80000000u);  // x == y gives y
  EXPECT_EQ(dm::f32Bits(dm::nextAfter(std::numeric_limits<float>::max(), inf)), 0x7F800000u);
  EXPECT_EQ(dm::f32Bits(dm::nextAfter(inf, 0.0f)), 0x7F7FFFFFu);
  EXPECT_TRUE(std::isnan(dm::nextAfter(std::nanf(""), 1.0f)));
  EXPECT_EQ(dm::f64Bits(dm::nextAfter(1.0, 2.0)), 0x3FF0000000000001ull);
  // f16 and bf16 step their own 16-bit encodings, not f32's.
  EXPECT_EQ(dm::nextAfter(dm::Half{0x3C00}, dm::Half{0x4000}).bits, 0x3C01);  // 1 -> 1 + 2^-10
  EXPECT_EQ(dm::nextAfter(dm::BFloat{0x3F80}, dm::BFloat{0x0000}).bits, 0x3F7F);
  EXPECT_EQ(dm::nextAfter(dm::Half{0x0000}, dm::Half{0xBC00}).bits, 0x8001);
}

TEST(CudaMath, FloatTestsAndChloFunctionEdges) {
  const double inf = std::numeric_limits<double>::infinity();
  for (double x : {0.0, -1.5, inf, -inf, std::nan("")}) {
    EXPECT_EQ(dm::floatTest(dm::FloatTest::kFinite, x), std::isfinite(x)) << x;
    EXPECT_EQ(dm::floatTest(dm::FloatTest::kInf, x), std::isinf(x)) << x;
    EXPECT_EQ(dm::floatTest(dm::FloatTest::kNegInf, x), std::isinf(x) && x < 0) << x;
    EXPECT_EQ(dm::floatTest(dm::FloatTest::kPosInf, x), std::isinf(x) && x > 0) << x;
  }
  // erf_inv's host stand-in (the device calls CUDA's erfinvf / erfinv): the poles, NaN outside [-1, 1],
  // and erf(erf_inv(y)) = y to a few ULP inside.
  EXPECT_EQ(dm::floatUnary<double>(UOp::kErfInv, 1.0), inf);
  EXPECT_EQ(dm::floatUnary<double>(UOp::kErfInv, -1.0), -inf);
  EXPECT_TRUE(std::isnan(dm::floatUnary<double>(UOp::kErfInv, 1.5)));
  EXPECT_TRUE(std::isnan(dm::floatUnary<float>(UOp::kErfInv, std::nanf(""))));
  for (double y : {-0.999999, -0.5, -1e-300, 0.0, 1e-10, 0.3, 0.9, 0.999999999}) {
    const double x = dm::floatUnary<double>(UOp::kErfInv, y);
    EXPECT_NEAR(std::erf(x), y, 4e-16 * std::max(std::fabs(y), 1e-300) + 1e-300) << y;
  }
  EXPECT_EQ(dm::floatUnary<float>(UOp::kSquare, -3.0f), 9.0f);
  EXPECT_EQ(dm::floatUnary<double>(UOp::kLgamma, 1.0), 0.0);
  // f32 lgamma inside (-10.001, -2.264), where CUDA's lgammaf has no bound, by reflection in f64: the spec
  // case's -2.5 (mpmath: -0.0562437164976740506726, nearest f32 0xBD665FD0), and within 1 ULP of glibc's
  // long double lgammal rounded to f32 on a sweep of (-12, -2).
  EXPECT_EQ(dm::f32Bits(dm::floatUnary<float>(UOp::kLgamma, -2.5f)), 0xBD665FD0u);
  for (float x = -11.99f; x < -2.0f; x += 0.00731f) {
    if (x == std::floor(x)) continue;
    const float want = static_cast<float>(lgammal(static_cast<long double>(x)));
    const float got = dm::floatUnary<float>(UOp::kLgamma, x);
    if (std::fabs(want) < 1e-3f) continue;  // next to a root the sweep's check itself is too coarse
    const int64_t distance = std::llabs(static_cast<int64_t>(dm::f32Bits(got)) - static_cast<int64_t>(dm::f32Bits(want)));
    EXPECT_LE(distance, 1) << x << ": got " << got << ", lgammal " << want;
  }
  EXPECT_EQ(dm::floatUnary<double>(UOp::kAtanh, 1.0), inf);
  EXPECT_TRUE(std::isnan(dm::floatUnary<double>(UOp::kAcosh, 0.5)));
  for (int u = static_cast<int>(UOp::kAcos); u <= static_cast<int>(dm::kLastFloatUnary); ++u) {
    EXPECT_TRUE(dm::floatUnarySupported(static_cast<UOp>(u)));
    EXPECT_FALSE(dm::intUnarySupported(static_cast<UOp>(u), true));
    EXPECT_FALSE(dm::predUnarySupported(static_cast<UOp>(u)));
  }
}

// complex multiply by Kahan's FMA determinant per part: within 2 ULP of each exact part (f32 products and
// their difference are exact in f64 but for one final rounding), also where a c and b d nearly cancel, where
// the textbook a c - b d (rounded twice) loses every digit.
TEST(CudaMath, ComplexMultiplyPartsWithinTwoUlp) {
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> u(-4.0f, 4.0f);
  auto ulpDistance = [](float x, float y) {
    auto key = [](float f) {
      const int64_t b = dm::f32Bits(f);
      return b & 0x80000000 ? -(b & 0x7fffffff) : b;
    };
    return std::llabs(key(x) - key(y));
  };
  for (int i = 0; i < 20000; ++i) {
    float a = u(rng), b = u(rng), c = u(rng), d = u(rng);
    if (i % 2) c = b * d / a * (1 + 1e-7f * u(rng));  // a c close to b d
    float re, im;
    dm::complexMultiply(a, b, c, d, &re, &im);
    const float want_re = static_cast<float>(static_cast<double>(a) * c - static_cast<double>(b) * d);
    const float want_im = static_cast<float>(static_cast<double>(a) * d + static_cast<double>(b) * c);
    ASSERT_LE(ulpDistance(re, want_re), 2) << a << " " << b << " " << c << " " << d;
    ASSERT_LE(ulpDistance(im, want_im), 2) << a << " " << b << " " << c << " " << d;
  }
  EXPECT_EQ(dm::complexAbs(3.0, 4.0), 5.0);
}

TEST(CudaMath, ConvertRules) {
  auto fromF = [](double d) { dm::Scalar s; s.kind = dm::Scalar::kFloat; s.f = d; return s; };
  auto fromI = [](int64_t i) { dm::Scalar s; s.kind = dm::Scalar::kSignedInt; s.i = i; return s; };
  auto fromU = [](uint64_t u) { dm::Scalar s; s.kind = dm::Scalar::kUnsignedInt; s.u = u; return s; };
  EXPECT_EQ(dm::fromScalar<int8_t>(fromF(1e10)), 127);
  EXPECT_EQ(dm::fromScalar<int8_t>(fromF(-1e10)), -128);
  EXPECT_EQ(dm::fromScalar<int8_t>(fromF(-2.9)), -2);
  EXPECT_EQ(dm::fromScalar<int32_t>(fromF(std::nan(""))), 0);
  EXPECT_EQ(dm::fromScalar<uint8_t>(fromF(-5.0)), 0);
  EXPECT_EQ(dm::fromScalar<uint64_t>(fromF(1e30)), ~uint64_t{0});
  EXPECT_EQ(dm::fromScalar<int64_t>(fromF(9.3e18)), std::numeric_limits<int64_t>::max());
  EXPECT_EQ(dm::fromScalar<int64_t>(fromF(-9.3e18)), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(dm::fromScalar<uint8_t>(fromI(-1)), 255);
  EXPECT_EQ(dm::fromScalar<int16_t>(fromU(0x12345)), 0x2345);
  EXPECT_EQ(dm::fromScalar<dm::Pred>(fromF(std::nan(""))).v, 1);
  EXPECT_EQ(dm::fromScalar<dm::Pred>(fromF(-0.0)).v, 0);
  EXPECT_EQ(dm::fromScalar<dm::Pred>(fromI(2)).v, 1);
  // 2^53 + 1 does not fit a double: the sticky bit keeps the one rounding to f16/bf16 right. 2049 -> f16
  // is a tie (2048 or 2050): even gives 2048; 2051 -> 2052.
  EXPECT_EQ(dm::fromScalar<dm::Half>(fromI(2049)).bits, dm::doubleToHalf(2048.0));
  EXPECT_EQ(dm::fromScalar<dm::Half>(fromI(2051)).bits, dm::doubleToHalf(2052.0));
  // 2^63 + 2^55 + 1 (bf16 ulp at 2^63 is 2^56): just above the tie, so up.
  const uint64_t big = (uint64_t{1} << 63) + (uint64_t{1} << 55) + 1;
  EXPECT_EQ(dm::fromScalar<dm::BFloat>(fromU(big)).bits, dm::doubleToBf16(pow2(63) + pow2(56)));
  EXPECT_EQ(dm::fromScalar<dm::BFloat>(fromU((uint64_t{1} << 63) + (uint64_t{1} << 55))).bits, dm::doubleToBf16(pow2(63)));
  EXPECT_EQ(dm::fromScalar<float>(fromI(16777217)), 16777216.0f);
  EXPECT_EQ(dm::toScalar<dm::Half>(dm::Half{0x3c00}).f, 1.0);
  EXPECT_EQ(dm::toScalar<int8_t>(-3).i, -3);
  EXPECT_EQ(dm::toScalar<dm::Pred>(dm::Pred{1}).u, 1u);
}

// reduce_precision's bit algorithm against the CPU executor's (an independent formulation on doubles), for
// every float type on special and random encodings and formats around each type's own widths.
TEST(CudaMath, ReducePrecisionMatchesTheCpuExecutor) {
  struct Format { ElementType type; int bits, exp, mant; };
  const Format formats[] = {{ElementType::kF16, 16, 5, 10}, {ElementType::kBF16, 16, 8, 7}, {ElementType::kF32, 32, 8, 23},
                            {ElementType::kF64, 64, 11, 52}};
  std::mt19937_64 rng(7);
  for (const Format& f : formats) {
    const int64_t n = 512;
    std::vector<uint64_t> encodings;
    const uint64_t sign = uint64_t{1} << (f.bits - 1), exp_all = ((uint64_t{1} << f.exp) - 1) << f.mant;
    for (uint64_t special : {uint64_t{0}, uint64_t{1}, exp_all, exp_all | 1, exp_all - 1, uint64_t{1} << f.mant,
                             (uint64_t{1} << f.mant) - 1, exp_all | (uint64_t{1} << (f.mant - 1))}) {
      encodings.push_back(special);
      encodings.push_back(special | sign);
    }
    while (static_cast<int64_t>(encodings.size()) < n) {
      uint64_t r = rng();
      if (f.bits < 64) r &= (uint64_t{1} << f.bits) - 1;
      encodings.push_back(r);
    }
    Tensor input(Type::tensor({n}, Type::element(f.type)));
    for (int64_t i = 0; i < n; ++i) std::memcpy(input.mutableBytes().data() + i * (f.bits / 8), &encodings[static_cast<size_t>(i)], static_cast<size_t>(f.bits / 8));
    const std::string type = strCat("tensor<", n, "x", elementTypeName(f.type), ">");
    for (auto [e, m] : std::vector<std::pair<int, int>>{{1, 0}, {2, 1}, {4, 3}, {5, 2}, {5, 10}, {8, 7}, {8, 23}, {3, 0}, {11, 52}, {6, 30}}) {
      adapters::Request request = testing::makeRequest(
          strCat("  %0 = stablehlo.reduce_precision %arg0, format = e", e, "m", m, " : ", type, "\n  return %0 : ", type, "\n"),
          {type}, type, {input});
      const adapters::Reply cpu = testing::runOn(adapters::makeCpuBackend(), request);
      ASSERT_EQ(cpu.kind, adapters::Reply::Kind::kOutputs) << cpu.message;
      int failures = 0;
      for (int64_t i = 0; i < n && failures < 5; ++i) {
        uint64_t want = 0;
        std::memcpy(&want, cpu.outputs[0].bytes().data() + i * (f.bits / 8), static_cast<size_t>(f.bits / 8));
        const uint64_t got = dm::reducePrecisionBits(encodings[static_cast<size_t>(i)], f.bits, f.exp, f.mant, e, m);
        const bool both_nan = (want & ~sign) > exp_all && (got & ~sign) > exp_all;
        if (got != want && !both_nan) {
          ++failures;
          ADD_FAILURE() << elementTypeName(f.type) << " e" << e << "m" << m << " 0x" << std::hex << encodings[static_cast<size_t>(i)]
                        << ": got 0x" << got << ", cpu 0x" << want;
        }
      }
    }
  }
}

// --- the backend ------------------------------------------------------------------------------------------

Tensor f32Tensor(const std::vector<float>& values) {
  std::vector<uint8_t> bytes(values.size() * 4);
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return Tensor(Type::tensor({static_cast<int64_t>(values.size())}, Type::element(ElementType::kF32)), std::move(bytes));
}

// Here (no GPU) UNSUPPORTED naming the missing device or toolkit; on a machine with a GPU, the sum.
TEST(CudaBackend, AnswersUnsupportedWithoutADeviceOrTheSum) {
  adapters::Request request = testing::makeRequest(
      "  %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>\n  return %0 : tensor<4xf32>\n",
      {"tensor<4xf32>", "tensor<4xf32>"}, "tensor<4xf32>", {f32Tensor({1, 2, 3, 4}), f32Tensor({0.5f, -2, 1e30f, -0.0f})});
  const adapters::Reply reply = testing::runOn(adapters::makeCudaBackend(), request);
  if (reply.kind == adapters::Reply::Kind::kOutputs) {
    ASSERT_EQ(reply.outputs.size(), 1u);
    std::vector<float> got(4);
    std::memcpy(got.data(), reply.outputs[0].bytes().data(), 16);
    EXPECT_EQ(got, (std::vector<float>{1.5f, 0, 1e30f, 4}));
    return;
  }
  ASSERT_EQ(reply.kind, adapters::Reply::Kind::kUnsupported) << reply.message;
  EXPECT_TRUE(reply.message.find("no CUDA device") != std::string::npos ||
              reply.message.find("built without the CUDA toolkit") != std::string::npos)
      << reply.message;
}

// The command line: `hloconf run --backend cuda` on the spec's add cases. Here every case is UNSUPPORTED
// naming the missing device (never ERROR or CRASH); with a device they pass.
TEST(CudaBackend, CommandLineRunHasNoErrorsOrCrashes) {
  const std::string command = std::string(HLOCONF_BINARY) + " run --backend cuda --no-cache " + HLOCONF_SOURCE_DIR +
                              "/cases/add " + HLOCONF_SOURCE_DIR + "/cases/convert 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof(buffer), pipe)) output.append(buffer, n);
  const int status = pclose(pipe);
  EXPECT_NE(status, -1);
  // Per-case lines read "[ 1/15] UNSUPPORTED spec/add/... (cuda): reason".
  for (const char* bad : {"] ERROR ", "] CRASH ", "] FAIL ", "] TIMEOUT "}) EXPECT_EQ(output.find(bad), std::string::npos) << output;
  const bool has_device = output.find("no CUDA device") == std::string::npos &&
                          output.find("built without the CUDA toolkit") == std::string::npos;
  if (!has_device) {
    EXPECT_NE(output.find("UNSUPPORTED"), std::string::npos) << output;
  }
}

}  // namespace
}  // namespace hloconf
