// The reference evaluator's numerics layer (reference/numerics.h): correct rounding onto every float
// format (Ziv loop included), interval rounding, ULP distance, and the integer helpers.
//
// Every expected bit pattern below is derived from the format's definition (docs/element-types.md
// table: exponent bits, mantissa bits, bias, overflow rule) in the comment beside it, not copied from
// the evaluator's output.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "reference/numerics.h"

namespace hloconf::ref {
namespace {

using ET = ElementType;

// An exact value sum(terms[i].first * 2^terms[i].second), built at 300 bits (exact for every use here).
struct Exact {
  explicit Exact(std::vector<std::pair<long, long>> terms) : value(300) {
    initNumerics();
    mpfr_set_zero(value, 1);
    MpFloat term(300);
    for (const auto& [m, e] : terms) {
      mpfr_set_si_2exp(term, m, e, MPFR_RNDN);
      mpfr_add(value, value, term, MPFR_RNDN);
    }
  }
  MpFloat value;
};

// Rounds an exact value through roundCorrectly, reporting it as exact.
uint64_t roundExact(ET t, const Exact& x) {
  return roundCorrectly(t, [&](mpfr_ptr out) {
    mpfr_set_prec(out, 300);  // the step may choose its own precision for an exact result
    mpfr_set(out, x.value, MPFR_RNDN);
    return Approximation{true, 0};
  });
}

// Rounds an exact value through roundCorrectly the way a math kernel would: the step only sees the
// working precision it is given, rounds the value to it and reports MPFR's one-ulp bound. Records each
// working precision the loop asked for.
uint64_t roundApprox(ET t, const Exact& x, std::vector<mpfr_prec_t>* precisions = nullptr) {
  return roundCorrectly(t, [&](mpfr_ptr out) {
    if (precisions) precisions->push_back(mpfr_get_prec(out));
    return roundedByMpfr(out, mpfr_set(out, x.value, MPFR_RNDN));
  });
}

// Both paths must agree; returns the bits.
uint64_t roundBoth(ET t, std::vector<std::pair<long, long>> terms) {
  Exact x(std::move(terms));
  const uint64_t exact = roundExact(t, x);
  const uint64_t approx = roundApprox(t, x);
  EXPECT_EQ(exact, approx) << "exact and approximated paths disagree for " << floatFormat(t).name;
  return exact;
}

// --- roundCorrectly ------------------------------------------------------------------------------------

TEST(RoundCorrectly, F32ExactAndTiesToEven) {
  // 1.0: exponent 127 (0x7F), mantissa 0 -> 0x3F800000.
  EXPECT_EQ(roundBoth(ET::kF32, {{1, 0}}), 0x3F800000u);
  // -2.5 = -1.01b * 2^1: sign 1, exponent 128, mantissa 0x200000 -> 0xC0200000.
  EXPECT_EQ(roundBoth(ET::kF32, {{-5, -1}}), 0xC0200000u);
  // 1 + 2^-24 lies exactly halfway between 1 (mantissa 0, even) and 1 + 2^-23 (mantissa 1): -> 1.0.
  EXPECT_EQ(roundBoth(ET::kF32, {{1, 0}, {1, -24}}), 0x3F800000u);
  // 1 + 3*2^-24 lies halfway between 1 + 2^-23 (mantissa 1, odd) and 1 + 2^-22 (mantissa 2): -> mantissa 2.
  EXPECT_EQ(roundBoth(ET::kF32, {{1, 0}, {3, -24}}), 0x3F800002u);
  // Just above the first midpoint: 1 + 2^-24 + 2^-40 rounds up to mantissa 1.
  EXPECT_EQ(roundBoth(ET::kF32, {{1, 0}, {1, -24}, {1, -40}}), 0x3F800001u);
}

TEST(RoundCorrectly, F32InexactQuotient) {
  // 2/3 = 0.101010...b; f32 keeps 24 significant bits 1010...1010 (exponent -1) and the next bits
  // 1010... are above half an ulp, so it rounds up: mantissa 0x2AAAAB, exponent 126 -> 0x3F2AAAAB.
  MpFloat two(8), three(8);
  mpfr_set_ui(two, 2, MPFR_RNDN);
  mpfr_set_ui(three, 3, MPFR_RNDN);
  const uint64_t bits = roundCorrectly(ET::kF32, [&](mpfr_ptr out) { return roundedByMpfr(out, mpfr_div(out, two, three, MPFR_RNDN)); });
  EXPECT_EQ(bits, 0x3F2AAAABu);
}

TEST(RoundCorrectly, F32SubnormalsAndUnderflow) {
  // The smallest subnormal is 2^-149 (bits 1).
  EXPECT_EQ(roundBoth(ET::kF32, {{1, -149}}), 0x00000001u);
  // 3 * 2^-150 is halfway between 2^-149 (bits 1, odd) and 2^-148 (bits 2): -> 2.
  EXPECT_EQ(roundBoth(ET::kF32, {{3, -150}}), 0x00000002u);
  // 2^-150 is halfway between +0 (even) and 2^-149: -> +0.
  EXPECT_EQ(roundBoth(ET::kF32, {{1, -150}}), 0x00000000u);
  // -2^-151 is below half the smallest subnormal: underflows to -0 (the sign is kept, IEEE 754).
  EXPECT_EQ(roundBoth(ET::kF32, {{-1, -151}}), 0x80000000u);
  // The largest subnormal (2^23 - 1) * 2^-149 plus half its ulp ties to the smallest normal 2^-126
  // (mantissa 0, even) -> 0x00800000.
  EXPECT_EQ(roundBoth(ET::kF32, {{(1 << 23) - 1, -149}, {1, -150}}), 0x00800000u);
}

TEST(RoundCorrectly, F32Overflow) {
  // Largest finite (2 - 2^-23) * 2^127 = 0x7F7FFFFF; its odd mantissa makes the tie
  // (2 - 2^-24) * 2^127 round up to 2^128, beyond the range: +inf 0x7F800000.
  EXPECT_EQ(roundBoth(ET::kF32, {{(1 << 24) - 1, 104}}), 0x7F7FFFFFu);
  EXPECT_EQ(roundBoth(ET::kF32, {{(1 << 25) - 1, 103}}), 0x7F800000u);
  EXPECT_EQ(roundBoth(ET::kF32, {{-1, 200}}), 0xFF800000u);
  // Just below the tie stays finite.
  EXPECT_EQ(roundBoth(ET::kF32, {{(1 << 24) - 1, 104}, {(1 << 20) - 1, 83}}), 0x7F7FFFFFu);
}

TEST(RoundCorrectly, F16) {
  // f16: 5 exponent bits, bias 15, 10 mantissa bits. 65504 = (2 - 2^-10) * 2^15 = 0x7BFF.
  EXPECT_EQ(roundBoth(ET::kF16, {{65504, 0}}), 0x7BFFu);
  // 65520 is the tie between 65504 (odd mantissa) and 2^16: rounds to 2^16, which overflows -> inf 0x7C00.
  EXPECT_EQ(roundBoth(ET::kF16, {{65520, 0}}), 0x7C00u);
  // 65519 is below the tie -> 65504.
  EXPECT_EQ(roundBoth(ET::kF16, {{65519, 0}}), 0x7BFFu);
  // Smallest subnormal 2^-14 * 2^-10 = 2^-24 -> 0x0001; -2^-25 ties to -0 (0x8000).
  EXPECT_EQ(roundBoth(ET::kF16, {{1, -24}}), 0x0001u);
  EXPECT_EQ(roundBoth(ET::kF16, {{-1, -25}}), 0x8000u);
  // 3 * 2^-25: tie between 2^-24 (odd) and 2^-23 -> 0x0002.
  EXPECT_EQ(roundBoth(ET::kF16, {{3, -25}}), 0x0002u);
  // 2049 = 2^11 + 1: tie between 2048 (even) and 2050 -> 2048 = 2^11: exponent 26 -> 0x6800.
  EXPECT_EQ(roundBoth(ET::kF16, {{2049, 0}}), 0x6800u);
}

TEST(RoundCorrectly, BF16) {
  // bf16 is the top half of f32: 8 exponent bits (bias 127), 7 mantissa bits. 1.0 -> 0x3F80.
  EXPECT_EQ(roundBoth(ET::kBF16, {{1, 0}}), 0x3F80u);
  // 1 + 2^-8 ties between 1.0 (even) and 1 + 2^-7 -> 0x3F80; 1 + 3*2^-8 ties up to 1 + 2^-6 -> 0x3F82.
  EXPECT_EQ(roundBoth(ET::kBF16, {{1, 0}, {1, -8}}), 0x3F80u);
  EXPECT_EQ(roundBoth(ET::kBF16, {{1, 0}, {3, -8}}), 0x3F82u);
  // 257 = 256 + 1: 256's ulp in bf16 is 2; tie -> 256 = 2^8 -> exponent 135 -> 0x4380.
  EXPECT_EQ(roundBoth(ET::kBF16, {{257, 0}}), 0x4380u);
  // Largest finite (2 - 2^-7) * 2^127 = 0x7F7F; (2 - 2^-8) * 2^127 ties up and overflows -> 0x7F80.
  EXPECT_EQ(roundBoth(ET::kBF16, {{255, 120}}), 0x7F7Fu);
  EXPECT_EQ(roundBoth(ET::kBF16, {{511, 119}}), 0x7F80u);
  // Smallest subnormal 2^-126 * 2^-7 = 2^-133 -> 0x0001.
  EXPECT_EQ(roundBoth(ET::kBF16, {{1, -133}}), 0x0001u);
}

TEST(RoundCorrectly, F8E4M3FN) {
  // 4 exponent bits, bias 7, 3 mantissa bits; only S.1111.111 is NaN, no infinity.
  // Largest finite S.1111.110 = 1.75 * 2^8 = 448 -> 0x7E.
  EXPECT_EQ(roundBoth(ET::kF8E4M3FN, {{448, 0}}), 0x7Eu);
  // 464 ties between 448 (mantissa 110, even) and 480 (mantissa 111, the NaN encoding) -> 448.
  EXPECT_EQ(roundBoth(ET::kF8E4M3FN, {{464, 0}}), 0x7Eu);
  // 470 rounds to 480, above the largest finite value: overflow gives NaN with the sign kept
  // (0x7F / 0xFF, APFloat's rule; docs/element-types.md).
  EXPECT_EQ(roundBoth(ET::kF8E4M3FN, {{470, 0}}), 0x7Fu);
  EXPECT_EQ(roundBoth(ET::kF8E4M3FN, {{-1000, 0}}), 0xFFu);
  // 1.0: exponent 7 -> 0x38; 1 + 2^-4 ties between 1.0 (even) and 1.125 -> 0x38.
  EXPECT_EQ(roundBoth(ET::kF8E4M3FN, {{1, 0}, {1, -4}}), 0x38u);
  // Smallest subnormal 2^(1-7) * 2^-3 = 2^-9 -> 0x01; -2^-11 is below half of it -> -0 (0x80).
  EXPECT_EQ(roundBoth(ET::kF8E4M3FN, {{1, -9}}), 0x01u);
  EXPECT_EQ(roundBoth(ET::kF8E4M3FN, {{-1, -11}}), 0x80u);
}

TEST(RoundCorrectly, F8E5M2) {
  // 5 exponent bits, bias 15, 2 mantissa bits, IEEE-like. Largest finite 1.75 * 2^15 = 57344 -> 0x7B.
  EXPECT_EQ(roundBoth(ET::kF8E5M2, {{57344, 0}}), 0x7Bu);
  // 61440 ties between 57344 (mantissa 11, odd) and 2^16 -> overflow -> +inf 0x7C; 60000 -> 57344.
  EXPECT_EQ(roundBoth(ET::kF8E5M2, {{61440, 0}}), 0x7Cu);
  EXPECT_EQ(roundBoth(ET::kF8E5M2, {{60000, 0}}), 0x7Bu);
  EXPECT_EQ(roundBoth(ET::kF8E5M2, {{-61440, 0}}), 0xFCu);
  // Smallest subnormal 2^-14 * 2^-2 = 2^-16 -> 0x01; 1.125 ties between 1.0 (0x3C) and 1.25 (0x3D) -> 0x3C.
  EXPECT_EQ(roundBoth(ET::kF8E5M2, {{1, -16}}), 0x01u);
  EXPECT_EQ(roundBoth(ET::kF8E5M2, {{9, -3}}), 0x3Cu);
}

TEST(RoundCorrectly, F8E4M3FNUZ) {
  // 4 exponent bits, bias 8, 3 mantissa bits; 0x80 (the -0 encoding) is the only NaN; no -0.
  // Largest finite 0x7F = 1.875 * 2^7 = 240; 248 ties between 240 (odd) and 256 -> overflow -> NaN 0x80.
  EXPECT_EQ(roundBoth(ET::kF8E4M3FNUZ, {{240, 0}}), 0x7Fu);
  EXPECT_EQ(roundBoth(ET::kF8E4M3FNUZ, {{248, 0}}), 0x80u);
  EXPECT_EQ(roundBoth(ET::kF8E4M3FNUZ, {{-300, 0}}), 0x80u);
  // 1.0: exponent 8 -> 0x40. Smallest subnormal 2^(1-8) * 2^-3 = 2^-10 -> 0x01.
  EXPECT_EQ(roundBoth(ET::kF8E4M3FNUZ, {{1, 0}}), 0x40u);
  EXPECT_EQ(roundBoth(ET::kF8E4M3FNUZ, {{1, -10}}), 0x01u);
  // A negative value that underflows gives +0: the format has no -0.
  EXPECT_EQ(roundBoth(ET::kF8E4M3FNUZ, {{-1, -12}}), 0x00u);
  // -1.0 is sign | 0x40 = 0xC0.
  EXPECT_EQ(roundBoth(ET::kF8E4M3FNUZ, {{-1, 0}}), 0xC0u);
}

TEST(RoundCorrectly, F4E2M1FN) {
  // 2 exponent bits, bias 1, 1 mantissa bit. Values 0, 0.5, 1, 1.5, 2, 3, 4, 6 (bits 0..7); no inf/NaN.
  EXPECT_EQ(roundBoth(ET::kF4E2M1FN, {{6, 0}}), 0x7u);
  // Overflow saturates to +-6.
  EXPECT_EQ(roundBoth(ET::kF4E2M1FN, {{100, 0}}), 0x7u);
  EXPECT_EQ(roundBoth(ET::kF4E2M1FN, {{-7, 0}}), 0xFu);
  // 5 ties between 4 (0x6, mantissa 0) and 6 (0x7) -> 4; 2.5 ties between 2 (0x4) and 3 (0x5) -> 2.
  EXPECT_EQ(roundBoth(ET::kF4E2M1FN, {{5, 0}}), 0x6u);
  EXPECT_EQ(roundBoth(ET::kF4E2M1FN, {{5, -1}}), 0x4u);
  // 0.5 is the only subnormal (0x1); 0.25 ties between 0 and 0.5 -> +0; -0.25 -> -0 (0x8).
  EXPECT_EQ(roundBoth(ET::kF4E2M1FN, {{1, -1}}), 0x1u);
  EXPECT_EQ(roundBoth(ET::kF4E2M1FN, {{1, -2}}), 0x0u);
  EXPECT_EQ(roundBoth(ET::kF4E2M1FN, {{-1, -2}}), 0x8u);
  // 0.75 ties between 0.5 (0x1, odd) and 1.0 (0x2) -> 1.0.
  EXPECT_EQ(roundBoth(ET::kF4E2M1FN, {{3, -2}}), 0x2u);
}

TEST(RoundCorrectly, ZivLoopRetriesWhenTheFirstPrecisionIsNotEnough) {
  // x = 1 + 2^-24 + 2^-60 is 2^-60 above the f32 midpoint between 1 and 1 + 2^-23, so it must round up
  // to 0x3F800001. The first working precision (24 + 24 = 48 bits) rounds x to the midpoint itself,
  // with a one-ulp bound 2^-47 that straddles the rounding boundary; only a retry at a precision that
  // sees the 2^-60 term decides. A loop that trusted the first approximation would give 1.0 (ties to
  // even).
  std::vector<mpfr_prec_t> precisions;
  EXPECT_EQ(roundApprox(ET::kF32, Exact({{1, 0}, {1, -24}, {1, -60}}), &precisions), 0x3F800001u);
  ASSERT_GE(precisions.size(), 2u);
  EXPECT_EQ(precisions[0], 48);
  EXPECT_GT(precisions.back(), 61);
  // The mirror image below the midpoint rounds down.
  EXPECT_EQ(roundApprox(ET::kF32, Exact({{1, 0}, {1, -24}, {-1, -60}})), 0x3F800000u);
  // f64 near a midpoint: 1 + 2^-53 + 2^-150 -> 1 + 2^-52 (0x3FF0000000000001).
  EXPECT_EQ(roundApprox(ET::kF64, Exact({{1, 0}, {1, -53}, {1, -150}})), 0x3FF0000000000001u);
}

TEST(RoundCorrectly, TightBoundIsDecidedAtTheFirstPrecision) {
  // 1 + 2^-30 + 2^-100 is inexact at 48 bits, but it and its one-ulp bound (2^-47) lie far from every
  // f32 rounding boundary (the nearest is 1 + 2^-24): the first approximation decides it -> 1.0.
  std::vector<mpfr_prec_t> precisions;
  EXPECT_EQ(roundApprox(ET::kF32, Exact({{1, 0}, {1, -30}, {1, -100}}), &precisions), 0x3F800000u);
  EXPECT_EQ(precisions.size(), 1u);
}

// --- roundInterval -------------------------------------------------------------------------------------

TEST(RoundInterval, StraddlingABoundaryIsNullopt) {
  // Midpoint 1 + 2^-24 with radius 2^-60: one end rounds to 1.0, the other to 1 + 2^-23.
  Exact mid({{1, 0}, {1, -24}});
  EXPECT_EQ(roundInterval(ET::kF32, mid.value, -60), std::nullopt);
  // 1 + 2^-25 is a quarter ulp above 1.0: radius 2^-60 stays on one side -> 1.0.
  Exact quarter({{1, 0}, {1, -25}});
  EXPECT_EQ(roundInterval(ET::kF32, quarter.value, -60), std::optional<uint64_t>(0x3F800000u));
  // 1.0 with radius 2^-20 reaches below 1 - 2^-25 (the boundary to 1 - 2^-24) -> nullopt; radius 2^-30 does not.
  Exact one({{1, 0}});
  EXPECT_EQ(roundInterval(ET::kF32, one.value, -20), std::nullopt);
  EXPECT_EQ(roundInterval(ET::kF32, one.value, -30), std::optional<uint64_t>(0x3F800000u));
  // 0 with a radius below half the smallest subnormal: both ends round to a zero, but -tiny gives -0
  // and +tiny gives +0, different bits -> nullopt (the sign of the zero is undecided).
  Exact zero({});
  EXPECT_EQ(roundInterval(ET::kF32, zero.value, -200), std::nullopt);
}

// --- ulpDistance ---------------------------------------------------------------------------------------

TEST(UlpDistance, F32) {
  EXPECT_EQ(ulpDistance(ET::kF32, 0x3F800000, 0x3F800001), std::optional<uint64_t>(1));  // adjacent
  EXPECT_EQ(ulpDistance(ET::kF32, 0x3F800001, 0x3F800000), std::optional<uint64_t>(1));  // symmetric
  EXPECT_EQ(ulpDistance(ET::kF32, 0x3F800000, 0x3F800000), std::optional<uint64_t>(0));
  // 1.0 and its predecessor 1 - 2^-24 (0x3F7FFFFF) are adjacent across the binade.
  EXPECT_EQ(ulpDistance(ET::kF32, 0x3F800000, 0x3F7FFFFF), std::optional<uint64_t>(1));
  EXPECT_EQ(ulpDistance(ET::kF32, 0x00000000, 0x80000000), std::optional<uint64_t>(0));  // +0 vs -0
  EXPECT_EQ(ulpDistance(ET::kF32, 0x7F7FFFFF, 0x7F800000), std::optional<uint64_t>(1));  // max finite vs inf
  EXPECT_EQ(ulpDistance(ET::kF32, 0x7FC00000, 0xFFC00001), std::optional<uint64_t>(0));  // NaN vs NaN
  EXPECT_EQ(ulpDistance(ET::kF32, 0x7FC00000, 0x3F800000), std::nullopt);                // NaN vs number
  EXPECT_EQ(ulpDistance(ET::kF32, 0x3F800000, 0x7F800001), std::nullopt);                // signaling NaN
  // Across zero: 2^-149 and -2^-149 are two steps apart (through the shared zero).
  EXPECT_EQ(ulpDistance(ET::kF32, 0x00000001, 0x80000001), std::optional<uint64_t>(2));
  // -inf to +inf: 2 * 0x7F800000 steps.
  EXPECT_EQ(ulpDistance(ET::kF32, 0xFF800000, 0x7F800000), std::optional<uint64_t>(2 * uint64_t{0x7F800000}));
}

TEST(UlpDistance, F64ExtremesDoNotOverflow) {
  // -max to +max in f64: each is 0x7FEFFFFFFFFFFFFF steps from zero, so 2 * 0x7FEFFFFFFFFFFFFF apart, which
  // exceeds int64 (the eval fuzzer found the signed overflow). -inf to +inf is two steps more.
  EXPECT_EQ(ulpDistance(ET::kF64, 0xFFEFFFFFFFFFFFFFull, 0x7FEFFFFFFFFFFFFFull), 0xFFDFFFFFFFFFFFFEull);
  EXPECT_EQ(ulpDistance(ET::kF64, 0x7FF0000000000000ull, 0xFFF0000000000000ull), 0xFFE0000000000000ull);
}

TEST(UlpDistance, NarrowFormats) {
  // f16 65504 (0x7BFF) and inf (0x7C00) are adjacent.
  EXPECT_EQ(ulpDistance(ET::kF16, 0x7BFF, 0x7C00), std::optional<uint64_t>(1));
  // f8E4M3FN: 448 (0x7E) to -448 (0xFE): 0x7E steps each side of zero.
  EXPECT_EQ(ulpDistance(ET::kF8E4M3FN, 0x7E, 0xFE), std::optional<uint64_t>(2 * 0x7E));
  EXPECT_EQ(ulpDistance(ET::kF8E4M3FN, 0x7F, 0xFF), std::optional<uint64_t>(0));  // both NaN
  // f8E4M3FNUZ: 0x80 is NaN, so it has no distance to 0x00 (which would be 0 for a true -0).
  EXPECT_EQ(ulpDistance(ET::kF8E4M3FNUZ, 0x80, 0x00), std::nullopt);
  EXPECT_EQ(ulpDistance(ET::kF8E4M3FNUZ, 0x01, 0x81), std::optional<uint64_t>(2));
  // f4E2M1FN: 0 (0x0) to 6 (0x7) is seven steps.
  EXPECT_EQ(ulpDistance(ET::kF4E2M1FN, 0x0, 0x7), std::optional<uint64_t>(7));
}

// --- Integers ------------------------------------------------------------------------------------------

TEST(Integers, ValueWrapAndRange) {
  // i2: two's complement on 2 bits, range -2..1; bits 0b10 read as -2, 0b11 as -1.
  EXPECT_EQ(integerValue(ET::kSI2, 0b10), -2);
  EXPECT_EQ(integerValue(ET::kSI2, 0b11), -1);
  EXPECT_EQ(wrapInteger(ET::kSI2, 2), 0b10u);  // 2 wraps to -2
  EXPECT_EQ(wrapInteger(ET::kSI2, -1), 0b11u);
  EXPECT_TRUE(integerInRange(ET::kSI2, -2));
  EXPECT_TRUE(integerInRange(ET::kSI2, 1));
  EXPECT_FALSE(integerInRange(ET::kSI2, 2));
  EXPECT_FALSE(integerInRange(ET::kSI2, -3));
  // i4: -8..7.
  EXPECT_EQ(integerValue(ET::kSI4, 0x8), -8);
  EXPECT_EQ(integerValue(ET::kSI4, 0x7), 7);
  EXPECT_EQ(wrapInteger(ET::kSI4, 8), 0x8u);
  EXPECT_EQ(wrapInteger(ET::kSI4, -9), 0x7u);  // -9 + 16 = 7
  EXPECT_FALSE(integerInRange(ET::kSI4, 8));
  EXPECT_TRUE(integerInRange(ET::kSI4, -8));
  // i8: -128..127; 128 wraps to bits 0x80 = -128.
  EXPECT_EQ(integerValue(ET::kSI8, 0x80), -128);
  EXPECT_EQ(integerValue(ET::kSI8, 0xFF), -1);
  EXPECT_EQ(wrapInteger(ET::kSI8, 128), 0x80u);
  EXPECT_EQ(wrapInteger(ET::kSI8, -129), 0x7Fu);
  EXPECT_FALSE(integerInRange(ET::kSI8, 128));
  EXPECT_FALSE(integerInRange(ET::kSI8, -129));
  EXPECT_TRUE(integerInRange(ET::kSI8, -128));
  // ui8: 0..255; the same bits 0xFF read as 255; -1 wraps to 0xFF.
  EXPECT_EQ(integerValue(ET::kUI8, 0xFF), 255);
  EXPECT_EQ(wrapInteger(ET::kUI8, -1), 0xFFu);
  EXPECT_EQ(wrapInteger(ET::kUI8, 256), 0x00u);
  EXPECT_TRUE(integerInRange(ET::kUI8, 255));
  EXPECT_FALSE(integerInRange(ET::kUI8, 256));
  EXPECT_FALSE(integerInRange(ET::kUI8, -1));
  // i64 extremes: -2^63..2^63-1.
  const __int128 i64_min = -(static_cast<__int128>(1) << 63);
  const __int128 i64_max = (static_cast<__int128>(1) << 63) - 1;
  EXPECT_TRUE(integerValue(ET::kSI64, 0x8000000000000000u) == i64_min);
  EXPECT_TRUE(integerValue(ET::kSI64, 0x7FFFFFFFFFFFFFFFu) == i64_max);
  EXPECT_EQ(wrapInteger(ET::kSI64, i64_max + 1), 0x8000000000000000u);
  EXPECT_EQ(wrapInteger(ET::kSI64, i64_min - 1), 0x7FFFFFFFFFFFFFFFu);
  EXPECT_TRUE(integerInRange(ET::kSI64, i64_min));
  EXPECT_TRUE(integerInRange(ET::kSI64, i64_max));
  EXPECT_FALSE(integerInRange(ET::kSI64, i64_max + 1));
  EXPECT_FALSE(integerInRange(ET::kSI64, i64_min - 1));
  // ui64: 0..2^64-1; all-ones bits read as 2^64 - 1 (not -1).
  const __int128 u64_max = (static_cast<__int128>(1) << 64) - 1;
  EXPECT_TRUE(integerValue(ET::kUI64, ~uint64_t{0}) == u64_max);
  EXPECT_EQ(wrapInteger(ET::kUI64, u64_max + 1), 0u);
  EXPECT_EQ(wrapInteger(ET::kUI64, -1), ~uint64_t{0});
  EXPECT_TRUE(integerInRange(ET::kUI64, u64_max));
  EXPECT_FALSE(integerInRange(ET::kUI64, u64_max + 1));
  EXPECT_FALSE(integerInRange(ET::kUI64, -1));
  // i1 (bool): 0 and 1.
  EXPECT_EQ(integerValue(ET::kI1, 1), 1);
  EXPECT_FALSE(integerInRange(ET::kI1, 2));
}

TEST(Integers, IntegerToFloatRoundsToNearestEven) {
  // 2^24 + 1 needs 25 significant bits: it ties between 2^24 (even) and 2^24 + 2 -> 2^24 = 0x4B800000.
  EXPECT_EQ(integerToFloat(ET::kF32, (1 << 24) + 1), 0x4B800000u);
  // 2^24 + 3 ties between 2^24 + 2 (mantissa 1, odd) and 2^24 + 4 -> 2^24 + 4 = 0x4B800002.
  EXPECT_EQ(integerToFloat(ET::kF32, (1 << 24) + 3), 0x4B800002u);
  EXPECT_EQ(integerToFloat(ET::kF32, -((1 << 24) + 1)), 0xCB800000u);
  // 2^64 - 1 rounds up to 2^64 in f64: exponent 1023 + 64 = 0x43F -> 0x43F0000000000000.
  EXPECT_EQ(integerToFloat(ET::kF64, (static_cast<__int128>(1) << 64) - 1), 0x43F0000000000000u);
  // i64 min is exactly -2^63 -> 0xC3E0000000000000.
  EXPECT_EQ(integerToFloat(ET::kF64, -(static_cast<__int128>(1) << 63)), 0xC3E0000000000000u);
  // 70000 overflows f16 (largest 65504, tie 65520) -> +inf 0x7C00.
  EXPECT_EQ(integerToFloat(ET::kF16, 70000), 0x7C00u);
}

TEST(Integers, IntegerToFloatBeyond64Bits) {
  // The function takes an __int128 and promises the correctly rounded value; 2^64 is exactly
  // 0x5F800000 in f32 (exponent 127 + 64 = 191 = 0xBF).
  // (Regression: the value used to pass through a 64-bit intmax_t.)
  EXPECT_EQ(integerToFloat(ET::kF32, static_cast<__int128>(1) << 64), 0x5F800000u);
  EXPECT_EQ(integerToFloat(ET::kF32, -(static_cast<__int128>(1) << 100)), 0xF1800000u);
}

}  // namespace
}  // namespace hloconf::ref
