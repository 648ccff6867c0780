// Per-op spot checks of the elementwise, bitwise and conversion kernels, each against an answer known
// independently of the evaluator: IEEE 754 arithmetic of the host (for +, -, *, /, fmod, which the host
// rounds correctly in f32/f64), the format definitions, the spec's and docs/semantics.md's rules, or a
// value worked out in the comment beside it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ir/strings.h"
#include "tests/reference/eval_test_util.h"

namespace hloconf {
namespace {

using test::allBits;
using test::marks;

using test::bitsAt;
using test::evalOp;
using test::evalResult;
using test::f32Bits;
using test::f64Bits;
using test::hex;

bool isNaNAt(const ref::RtValue& v, int64_t i) {
  const ElementType t = v.tensor.elementType();
  return classifyFloat(isComplex(t) ? complexPartType(t) : t, bitsAt(v, i)) == FloatClass::kNaN;
}

// Bits of every element, for one readable comparison.

// --- Float arithmetic ----------------------------------------------------------------------------------

TEST(ElementwiseFloat, AddMultiplyDivideF32) {
  // volatile: the host computes these at run time in f32 (SSE, round to nearest even).
  volatile float tenth = 0.1f, fifth = 0.2f, one = 1.0f, three = 3.0f, x = 1.1f;
  ref::RtValue add = evalOp({"dense<[1.0, 0.1, 16777216.0]> : tensor<3xf32>", "dense<[2.0, 0.2, 1.0]> : tensor<3xf32>"},
                            "stablehlo.add %a, %b : tensor<3xf32>", "tensor<3xf32>");
  // 1 + 2 = 3 exactly; 0.1f + 0.2f rounds (0x3E99999A); 2^24 + 1 ties to 2^24 (even).
  EXPECT_EQ(allBits(add), (std::vector<uint64_t>{f32Bits(3.0f), f32Bits(tenth + fifth), 0x4B800000}));
  EXPECT_EQ(allBits(add)[1], 0x3E99999Au);
  ref::RtValue mul = evalOp({"dense<[1.5, 1.1]> : tensor<2xf32>", "dense<[-2.0, 1.1]> : tensor<2xf32>"},
                            "stablehlo.multiply %a, %b : tensor<2xf32>", "tensor<2xf32>");
  EXPECT_EQ(allBits(mul), (std::vector<uint64_t>{f32Bits(-3.0f), f32Bits(x * x)}));
  ref::RtValue div = evalOp({"dense<[7.0, 1.0, 1.0, -1.0]> : tensor<4xf32>", "dense<[2.0, 3.0, 0.0, 0.0]> : tensor<4xf32>"},
                            "stablehlo.divide %a, %b : tensor<4xf32>", "tensor<4xf32>");
  // 7/2 = 3.5 exactly; 1/3 rounds up to 0x3EAAAAAB; 1/+0 = +inf, -1/+0 = -inf.
  EXPECT_EQ(allBits(div), (std::vector<uint64_t>{f32Bits(3.5f), f32Bits(one / three), 0x7F800000, 0xFF800000}));
  EXPECT_EQ(allBits(div)[1], 0x3EAAAAABu);
  EXPECT_TRUE(div.impl_defined.empty());  // IEEE float results are never implementation-defined
}

TEST(ElementwiseFloat, RemainderHasTheSignOfTheDividend) {
  // Spec: remainder(x, y) = x - y * trunc(x / y) (C fmod): -5.5 = -2 * 2 - 1.5 -> -1.5; 5.5 rem -2 = 1.5.
  // A zero remainder keeps the dividend's sign: 7 rem 7 = +0, -6 rem 3 = -0, -0 rem 3 = -0 (C fmod).
  ref::RtValue r = evalOp({"dense<[-5.5, 5.5, 7.0, -6.0, -0.0]> : tensor<5xf32>", "dense<[2.0, -2.0, 7.0, 3.0, 3.0]> : tensor<5xf32>"},
                          "stablehlo.remainder %a, %b : tensor<5xf32>", "tensor<5xf32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{f32Bits(std::fmod(-5.5f, 2.0f)), f32Bits(std::fmod(5.5f, -2.0f)),
                                               f32Bits(0.0f), f32Bits(-0.0f), f32Bits(-0.0f)}));
  EXPECT_EQ(allBits(r)[0], f32Bits(-1.5f));
  // Integers: the sign of the dividend too (-7 rem 2 = -1, 7 rem -2 = 1).
  ref::RtValue i = evalOp({"dense<[-7, 7]> : tensor<2xi32>", "dense<[2, -2]> : tensor<2xi32>"},
                          "stablehlo.remainder %a, %b : tensor<2xi32>", "tensor<2xi32>");
  EXPECT_EQ(allBits(i), (std::vector<uint64_t>{0xFFFFFFFF, 1}));
}

TEST(ElementwiseFloat, MaximumMinimumWithNaNAndSignedZeros) {
  // Spec: maximum/minimum propagate NaN and order -0 < +0 (IEEE 754-2019 maximum/minimum).
  const std::vector<std::string> in = {"dense<[0x7FC00000, 1.0, -0.0, 0.0, -1.0]> : tensor<5xf32>",
                                       "dense<[1.0, 0x7FC00000, 0.0, -0.0, 2.0]> : tensor<5xf32>"};
  ref::RtValue mx = evalOp(in, "stablehlo.maximum %a, %b : tensor<5xf32>", "tensor<5xf32>");
  ref::RtValue mn = evalOp(in, "stablehlo.minimum %a, %b : tensor<5xf32>", "tensor<5xf32>");
  EXPECT_TRUE(isNaNAt(mx, 0));
  EXPECT_TRUE(isNaNAt(mx, 1));
  EXPECT_TRUE(isNaNAt(mn, 0));
  EXPECT_TRUE(isNaNAt(mn, 1));
  EXPECT_EQ(bitsAt(mx, 2), 0x00000000u);  // max(-0, +0) = +0
  EXPECT_EQ(bitsAt(mx, 3), 0x00000000u);  // max(+0, -0) = +0
  EXPECT_EQ(bitsAt(mn, 2), 0x80000000u);  // min(-0, +0) = -0
  EXPECT_EQ(bitsAt(mn, 3), 0x80000000u);  // min(+0, -0) = -0
  EXPECT_EQ(bitsAt(mx, 4), f32Bits(2.0f));
  EXPECT_EQ(bitsAt(mn, 4), f32Bits(-1.0f));
}

TEST(ElementwiseFloat, SignRsqrtAndRounding) {
  // sign: -1, 0 or 1 with the operand's sign; zeros (with their sign) and NaN are returned as they are.
  ref::RtValue sign = evalOp({"dense<[-0.0, 0.0, -2.5, 3.0, 0x7FC00000]> : tensor<5xf32>"}, "stablehlo.sign %a : tensor<5xf32>",
                             "tensor<5xf32>");
  EXPECT_EQ(bitsAt(sign, 0), 0x80000000u);
  EXPECT_EQ(bitsAt(sign, 1), 0x00000000u);
  EXPECT_EQ(bitsAt(sign, 2), f32Bits(-1.0f));
  EXPECT_EQ(bitsAt(sign, 3), f32Bits(1.0f));
  EXPECT_TRUE(isNaNAt(sign, 4));
  // IEEE 754 rSqrt: rsqrt(-0) = -inf, rsqrt(+0) = +inf, rsqrt(4) = 0.5, rsqrt(-1) = NaN, rsqrt(+inf) = +0.
  ref::RtValue rsqrt = evalOp({"dense<[-0.0, 0.0, 4.0, -1.0, 0x7F800000]> : tensor<5xf32>"}, "stablehlo.rsqrt %a : tensor<5xf32>",
                              "tensor<5xf32>");
  EXPECT_EQ(bitsAt(rsqrt, 0), 0xFF800000u);
  EXPECT_EQ(bitsAt(rsqrt, 1), 0x7F800000u);
  EXPECT_EQ(bitsAt(rsqrt, 2), f32Bits(0.5f));
  EXPECT_TRUE(isNaNAt(rsqrt, 3));
  EXPECT_EQ(bitsAt(rsqrt, 4), 0x00000000u);
  // Halfway cases: away from zero gives 3 and -3, to even gives 2 and -2; 0.5 -> 1 vs 0; 3.5 -> 4 both.
  const std::vector<std::string> in = {"dense<[2.5, -2.5, 0.5, 3.5, 2.4]> : tensor<5xf32>"};
  ref::RtValue afz = evalOp(in, "stablehlo.round_nearest_afz %a : tensor<5xf32>", "tensor<5xf32>");
  ref::RtValue even = evalOp(in, "stablehlo.round_nearest_even %a : tensor<5xf32>", "tensor<5xf32>");
  EXPECT_EQ(allBits(afz), (std::vector<uint64_t>{f32Bits(3.0f), f32Bits(-3.0f), f32Bits(1.0f), f32Bits(4.0f), f32Bits(2.0f)}));
  EXPECT_EQ(allBits(even), (std::vector<uint64_t>{f32Bits(2.0f), f32Bits(-2.0f), f32Bits(0.0f), f32Bits(4.0f), f32Bits(2.0f)}));
}

TEST(ElementwiseFloat, TranscendentalsAreCorrectlyRounded) {
  // e = 2.71828182845904523536...; the f32 neighbours are 2.7182817459106445 (0x402DF854) and
  // 2.7182819843292236 (0x402DF855); e is 0.0826e-6 above the first and 0.156e-6 below the second.
  EXPECT_EQ(bitsAt(evalOp({"dense<1.0> : tensor<f32>"}, "stablehlo.exponential %a : tensor<f32>", "tensor<f32>"), 0), 0x402DF854u);
  // ln 2 = 0.693147180559945309417232...; its f64 rounding is the well-known M_LN2 bits 0x3FE62E42FEFA39EF.
  EXPECT_EQ(bitsAt(evalOp({"dense<2.0> : tensor<f64>"}, "stablehlo.log %a : tensor<f64>", "tensor<f64>"), 0),
            0x3FE62E42FEFA39EFu);
}

TEST(ElementwiseFloat, SineF16IsRoundedOnceNotThroughF32) {
  // sin(300) = -0.99975583990114951121... The f16 neighbours below 1 in magnitude are 1 - 2^-11
  // (0.99951171875) and 1.0, with the midpoint 1 - 2^-12 = 0.999755859375. |sin(300)| is 1.95e-8 below
  // that midpoint, so the correctly rounded f16 is -(1 - 2^-11) = 0xBBFF. Rounding to f32 first (whose
  // half-ulp below 1 is 2^-25 = 2.98e-8) lands exactly on the midpoint, which then ties to even: -1.0
  // (0xBC00), the wrong answer.
  // Second case (found by scanning every f16 with mpmath): x = 0x32B3 = 0.2093505859375,
  // sin(x) = 0.207824708903368133..., direct f16 rounding 0.2078857421875 (0x32A7); through f32, 0x32A6.
  ref::RtValue r = evalOp({"dense<[300.0, 0x32B3]> : tensor<2xf16>"}, "stablehlo.sine %a : tensor<2xf16>", "tensor<2xf16>");
  EXPECT_EQ(hex(bitsAt(r, 0)), "0xBBFF");
  EXPECT_EQ(hex(bitsAt(r, 1)), "0x32A7");
}

// --- Complex -------------------------------------------------------------------------------------------

TEST(ElementwiseComplex, AbsAndMultiply) {
  // |3 + 4i| = 5 exactly; |1 + i| = sqrt(2), whose f32 rounding is 0x3FB504F3.
  ref::RtValue abs = evalOp({"dense<[(3.0, 4.0), (1.0, 1.0)]> : tensor<2xcomplex<f32>>"},
                            "stablehlo.abs %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>", "tensor<2xf32>");
  EXPECT_EQ(allBits(abs), (std::vector<uint64_t>{f32Bits(5.0f), 0x3FB504F3}));
  // (1 + 2i)(3 + 4i) = (3 - 8) + (4 + 6)i = -5 + 10i.
  // (a + i)(a + i) with a = 1 + 2^-12: real part a^2 - 1 = 2^-11 + 2^-24 (exact in f32: 0x3A000400),
  // imaginary 2a = 2 + 2^-11 (0x40000800). Rounding a^2 to f32 first would lose the 2^-24 (a tie to
  // even), giving 2^-11: each part must be rounded once from its exact value.
  ref::RtValue mul = evalOp({"dense<[(1.0, 2.0), (1.000244140625, 1.0)]> : tensor<2xcomplex<f32>>",
                             "dense<[(3.0, 4.0), (1.000244140625, 1.0)]> : tensor<2xcomplex<f32>>"},
                            "stablehlo.multiply %a, %b : tensor<2xcomplex<f32>>", "tensor<2xcomplex<f32>>");
  EXPECT_EQ(allBits(mul, 0), (std::vector<uint64_t>{f32Bits(-5.0f), 0x3A000400}));
  EXPECT_EQ(allBits(mul, 1), (std::vector<uint64_t>{f32Bits(10.0f), 0x40000800}));
}

// The spec gives complex functions no special-value rules: results from an operand with an infinite or
// NaN part are implementation-defined (C Annex G gives exp(+inf + 0i) = +inf + 0i and
// (inf + inf i)(1 + 0i) = inf + inf i, where the textbook product gives NaN + NaN i). Finite operands
// and add (per part IEEE) are not marked.
TEST(ElementwiseComplex, NonFiniteOperandsOfComplexFunctionsAreMarked) {
  ref::RtValue e = evalOp({"dense<[(0x7F800000, 0.0), (1.0, 0.0), (0.0, 0x7FC00000)]> : tensor<3xcomplex<f32>>"},
                          "stablehlo.exponential %a : tensor<3xcomplex<f32>>", "tensor<3xcomplex<f32>>");
  EXPECT_EQ(marks(e), (std::vector<bool>{true, false, true}));
  EXPECT_EQ(allBits(e, 0)[0], 0x7F800000u);  // the golden value is still Annex G's
  const std::string a = "dense<[(0x7F800000, 0x7F800000), (1.0, 2.0)]> : tensor<2xcomplex<f32>>";
  const std::string b = "dense<[(1.0, 0.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>";
  for (const char* op : {"multiply", "divide", "power"}) {
    ref::RtValue r = evalOp({a, b}, strCat("stablehlo.", op, " %a, %b : tensor<2xcomplex<f32>>"), "tensor<2xcomplex<f32>>");
    EXPECT_EQ(marks(r), (std::vector<bool>{true, false})) << op;
  }
  ref::RtValue add = evalOp({a, b}, "stablehlo.add %a, %b : tensor<2xcomplex<f32>>", "tensor<2xcomplex<f32>>");
  EXPECT_EQ(marks(add), (std::vector<bool>{false, false}));
}

// pow(x, 0) = 1 for a quiet NaN x (C F.9.4.4), but IEEE 754-2019 makes a signalling NaN signal and give a
// NaN: power(sNaN, 0) and power(1, sNaN) are 1 and marked; power(qNaN, 0) is 1 and not marked.
TEST(ElementwiseFloat, PowerOfASignallingNaNIsMarked) {
  ref::RtValue r = evalOp({"dense<[0x7FA00000, 0x7FC00000, 1.0, 1.0]> : tensor<4xf32>",
                           "dense<[0.0, 0.0, 0x7FA00000, 0x7FC00000]> : tensor<4xf32>"},
                          "stablehlo.power %a, %b : tensor<4xf32>", "tensor<4xf32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>(4, f32Bits(1.0f))));
  EXPECT_EQ(marks(r), (std::vector<bool>{true, false, true, false}));
}

TEST(ElementwiseComplex, Atan2FollowsTheUpstreamFormula) {
  // atan2(y, x) = -i log((x + iy) / sqrt(x^2 + y^2)). Exact values from python3-mpmath at 300 bits:
  //   y = 1+2i,      x = 3-i: 0.19025318855618244315 + 0.8418239574966185068 i
  //   y = 0.5-0.25i, x = 2:   0.24848430243952665669 - 0.11808983573454865518 i
  // rounded to f64 (nearest even); the decimal literals below are the shortest forms of those doubles.
  ref::RtValue r = evalOp({"dense<[(1.0, 2.0), (0.5, -0.25)]> : tensor<2xcomplex<f64>>",
                           "dense<[(3.0, -1.0), (2.0, 0.0)]> : tensor<2xcomplex<f64>>"},
                          "stablehlo.atan2 %a, %b : tensor<2xcomplex<f64>>", "tensor<2xcomplex<f64>>");
  EXPECT_EQ(allBits(r, 0), (std::vector<uint64_t>{f64Bits(0.19025318855618245), f64Bits(0.24848430243952666)}));
  EXPECT_EQ(allBits(r, 1), (std::vector<uint64_t>{f64Bits(0.8418239574966185), f64Bits(-0.11808983573454865)}));
}

TEST(ElementwiseComplex, TanhAndTanOfLargeArgumentsAreFast) {
  // The eval fuzzer found tanh(5.05e10 - 1.78e-7 i) taking minutes in MPC. Exactly, its real part is
  // 1 - ~e^(-1e11) and its imaginary part -~e^(-1e11): they round to (1, -0) (the zero takes the sign of
  // sin 2y < 0). tan(z) = -i tanh(iz) takes the same path for large imaginary parts.
  ref::RtValue r = evalOp({"dense<[(5.05e10, -1.78e-7)]> : tensor<1xcomplex<f32>>"},
                          "stablehlo.tanh %a : tensor<1xcomplex<f32>>", "tensor<1xcomplex<f32>>");
  EXPECT_EQ(allBits(r, 0), (std::vector<uint64_t>{f32Bits(1.0f)}));
  EXPECT_EQ(allBits(r, 1), (std::vector<uint64_t>{0x80000000}));
  ref::RtValue t = evalOp({"dense<[(-1.78e-7, 5.05e10)]> : tensor<1xcomplex<f32>>"},
                          "stablehlo.tan %a : tensor<1xcomplex<f32>>", "tensor<1xcomplex<f32>>");
  EXPECT_EQ(allBits(t, 0), (std::vector<uint64_t>{0x80000000}));  // -0: sin(2x) < 0 over a huge cosh
  EXPECT_EQ(allBits(t, 1), (std::vector<uint64_t>{f32Bits(1.0f)}));
}

// The branch cut: z = x - 0i with x < 0 lies below the negative real axis, where log z = ln|x| - i pi, so
// z^w = exp(w log z) is the conjugate of (x + 0i)^conj(w). When the power is exact MPC's pow takes a
// shortcut that ignored the zero's sign and returned the value above the cut. Exact values, worked by hand:
//   (-4 - 0i)^(1/2) = 2 e^(-i pi/2) = -2i, as sqrt(-4 - 0i) gives;  (-4 - 0i)^(3/2) = (-2i)^3 = 8i;
//   (-4 - 0i)^(1/4) = sqrt(-2i) = 1 - i;  (-16 - 0i)^(-1/2) = 1/(-4i) = i/4, as rsqrt(-16 - 0i) gives.
// Above the axis (+0) each is the conjugate; the zero real parts are exact zeros.
TEST(ElementwiseComplex, PowerOnTheNegativeRealAxisFollowsLogsBranchCut) {
  const std::string z = "dense<[(-4.0, -0.0), (-4.0, -0.0), (-4.0, -0.0), (-16.0, -0.0), (-4.0, 0.0), (-4.0, 0.0), (-4.0, 0.0), (-16.0, 0.0)]>";
  const std::string w = "dense<[(0.5, 0.0), (1.5, 0.0), (0.25, 0.0), (-0.5, 0.0), (0.5, 0.0), (1.5, 0.0), (0.25, 0.0), (-0.5, 0.0)]>";
  for (const char* type : {"tensor<8xcomplex<f64>>", "tensor<8xcomplex<f32>>"}) {
    const bool f64 = std::string(type).find("f64") != std::string::npos;
    auto bits = [&](double v) { return f64 ? f64Bits(v) : f32Bits(static_cast<float>(v)); };
    const uint64_t sign = f64 ? 0x8000000000000000u : 0x80000000u;
    ref::RtValue p = evalOp({z + " : " + type, w + " : " + type}, strCat("stablehlo.power %a, %b : ", type), type);
    EXPECT_EQ(allBits(p, 1), (std::vector<uint64_t>{bits(-2.0), bits(8.0), bits(-1.0), bits(0.25), bits(2.0), bits(-8.0),
                                                    bits(1.0), bits(-0.25)}))
        << type;
    const std::vector<uint64_t> re = allBits(p, 0);
    ASSERT_EQ(re.size(), 8u);
    for (int i : {0, 1, 3, 4, 5, 7}) EXPECT_EQ(re[i] & ~sign, 0u) << type << " element " << i;  // a zero of either sign
    EXPECT_EQ(re[2], bits(1.0)) << type;
    EXPECT_EQ(re[6], bits(1.0)) << type;
    // Below the cut the real parts are those above it (conjugation keeps them).
    for (int i = 0; i < 4; ++i) EXPECT_EQ(re[i], re[i + 4]) << type << " element " << i;
    // sqrt, rsqrt and log of the same operands agree on the side of the cut.
    ref::RtValue s = evalOp({z + " : " + type}, strCat("stablehlo.sqrt %a : ", type), type);
    EXPECT_EQ(allBits(s, 1)[0], bits(-2.0)) << type;
    EXPECT_EQ(allBits(s, 1)[4], bits(2.0)) << type;
    ref::RtValue r = evalOp({z + " : " + type}, strCat("stablehlo.rsqrt %a : ", type), type);
    EXPECT_EQ(allBits(r, 1)[3], bits(0.25)) << type;
    EXPECT_EQ(allBits(r, 1)[7], bits(-0.25)) << type;
    ref::RtValue l = evalOp({z + " : " + type}, strCat("stablehlo.log %a : ", type), type);
    EXPECT_NE(allBits(l, 1)[0] & sign, 0u) << type;  // Im log(-4 - 0i) = -pi
  }
}

// rsqrt(z) = 1/sqrt(z) = exp(-log(z)/2) on the real axis (docs/semantics.md, derived at complexRsqrt):
//   x > 0: rsqrt(x + 0i) = x^(-1/2) - 0i and rsqrt(x - 0i) = x^(-1/2) + 0i (rsqrt(conj z) = conj(rsqrt z));
//   x < 0: rsqrt(x + 0i) = +0 - i |x|^(-1/2) and rsqrt(x - 0i) = +0 + i |x|^(-1/2) (the branch cut).
// power(z, -1/2) gives the same bits. 1/sqrt(2) correctly rounded (python3-mpmath at 300 bits):
// 0x3FE6A09E667F3BCD in f64, 0x3F3504F3 in f32.
TEST(ElementwiseComplex, RsqrtOnTheRealAxisAgreesWithPowerMinusOneHalf) {
  const std::string z = "dense<[(4.0, 0.0), (4.0, -0.0), (2.0, 0.0), (2.0, -0.0), (-4.0, 0.0), (-4.0, -0.0), (-2.0, 0.0), (-2.0, -0.0)]>";
  for (const char* type : {"tensor<8xcomplex<f64>>", "tensor<8xcomplex<f32>>"}) {
    const bool f64 = std::string(type).find("f64") != std::string::npos;
    auto bits = [&](double v) { return f64 ? f64Bits(v) : f32Bits(static_cast<float>(v)); };
    const uint64_t half_root = f64 ? 0x3FE6A09E667F3BCDu : 0x3F3504F3u;  // 1/sqrt(2)
    const uint64_t sign = f64 ? 0x8000000000000000u : 0x80000000u;
    ref::RtValue r = evalOp({z + " : " + type}, strCat("stablehlo.rsqrt %a : ", type), type);
    EXPECT_EQ(allBits(r, 0), (std::vector<uint64_t>{bits(0.5), bits(0.5), half_root, half_root, 0, 0, 0, 0})) << type;
    EXPECT_EQ(allBits(r, 1), (std::vector<uint64_t>{sign, 0, sign, 0, bits(-0.5), bits(0.5), half_root | sign, half_root}))
        << type;
    ref::RtValue p = evalOp({z + " : " + type, strCat("dense<(-0.5, 0.0)> : ", type)}, strCat("stablehlo.power %a, %b : ", type), type);
    EXPECT_EQ(allBits(p, 0), allBits(r, 0)) << type;
    EXPECT_EQ(allBits(p, 1), allBits(r, 1)) << type;
  }
}

// --- Integer arithmetic --------------------------------------------------------------------------------

TEST(ElementwiseInteger, AddWrapsAndIsMarked) {
  // i8: 127 + 1 = 128 does not fit; two's complement wrap gives -128 (0x80), implementation-defined.
  ref::RtValue r = evalOp({"dense<[127, 1, -128]> : tensor<3xi8>", "dense<[1, 1, -1]> : tensor<3xi8>"},
                          "stablehlo.add %a, %b : tensor<3xi8>", "tensor<3xi8>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{0x80, 2, 0x7F}));
  EXPECT_EQ(marks(r), (std::vector<bool>{true, false, true}));
  // ui8: 255 + 1 wraps to 0 (also overflow of the exact value).
  ref::RtValue u = evalOp({"dense<[255, 200]> : tensor<2xui8>", "dense<[1, 55]> : tensor<2xui8>"},
                          "stablehlo.add %a, %b : tensor<2xui8>", "tensor<2xui8>");
  EXPECT_EQ(allBits(u), (std::vector<uint64_t>{0, 255}));
  EXPECT_EQ(marks(u), (std::vector<bool>{true, false}));
}

TEST(ElementwiseInteger, DivideByZeroAndOverflow) {
  // docs/semantics.md (XLA's choices): x / 0 = -1 (all bits), INT_MIN / -1 = INT_MIN (wrapped), both
  // marked; 7 / -2 truncates toward zero to -3 and is not marked.
  ref::RtValue d = evalOp({"dense<[7, -7, -2147483648, 7]> : tensor<4xi32>", "dense<[0, 0, -1, -2]> : tensor<4xi32>"},
                          "stablehlo.divide %a, %b : tensor<4xi32>", "tensor<4xi32>");
  EXPECT_EQ(allBits(d), (std::vector<uint64_t>{0xFFFFFFFF, 0xFFFFFFFF, 0x80000000, 0xFFFFFFFD}));
  EXPECT_EQ(marks(d), (std::vector<bool>{true, true, true, false}));
  // x rem 0 = x (marked); INT_MIN rem -1 = 0, the exact remainder (not marked).
  ref::RtValue r = evalOp({"dense<[7, -2147483648]> : tensor<2xi32>", "dense<[0, -1]> : tensor<2xi32>"},
                          "stablehlo.remainder %a, %b : tensor<2xi32>", "tensor<2xi32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{7, 0}));
  EXPECT_EQ(marks(r), (std::vector<bool>{true, false}));
}

TEST(ElementwiseInteger, ShiftsByTheWidthOrMoreAreMarked) {
  // i8, amounts read as unsigned: 8 and 255 (-1) are >= the width. XLA: 0 for left and logical right
  // shifts, the sign fill for arithmetic right shifts.
  const std::vector<std::string> in = {"dense<[1, -128, -128, 1, -128]> : tensor<5xi8>", "dense<[7, 1, 8, -1, 9]> : tensor<5xi8>"};
  ref::RtValue left = evalOp(in, "stablehlo.shift_left %a, %b : tensor<5xi8>", "tensor<5xi8>");
  EXPECT_EQ(allBits(left), (std::vector<uint64_t>{0x80, 0x00, 0x00, 0x00, 0x00}));  // 1 << 7 = 0x80; 0x80 << 1 drops the bit
  EXPECT_EQ(marks(left), (std::vector<bool>{false, false, true, true, true}));
  ref::RtValue logical = evalOp(in, "stablehlo.shift_right_logical %a, %b : tensor<5xi8>", "tensor<5xi8>");
  EXPECT_EQ(allBits(logical), (std::vector<uint64_t>{0x00, 0x40, 0x00, 0x00, 0x00}));  // 0x80 >> 1 = 0x40 (zero fill)
  EXPECT_EQ(marks(logical), (std::vector<bool>{false, false, true, true, true}));
  ref::RtValue arith = evalOp(in, "stablehlo.shift_right_arithmetic %a, %b : tensor<5xi8>", "tensor<5xi8>");
  EXPECT_EQ(allBits(arith), (std::vector<uint64_t>{0x00, 0xC0, 0xFF, 0x00, 0xFF}));  // -128 >> 1 = -64 (0xC0)
  EXPECT_EQ(marks(arith), (std::vector<bool>{false, false, true, true, true}));
}

TEST(ElementwiseInteger, AnArithmeticShiftOfAnUnsignedTypeFillsWithItsTopBit) {
  // ui8 and ui4: the bit pattern is shifted as XLA and the upstream interpreter do (docs/semantics.md).
  const std::vector<std::string> u8 = {"dense<[240, 127, 128, 128]> : tensor<4xui8>", "dense<[3, 1, 9, 0]> : tensor<4xui8>"};
  ref::RtValue r8 = evalOp(u8, "stablehlo.shift_right_arithmetic %a, %b : tensor<4xui8>", "tensor<4xui8>");
  EXPECT_EQ(allBits(r8), (std::vector<uint64_t>{0xFE, 0x3F, 0xFF, 0x80}));
  EXPECT_EQ(marks(r8), (std::vector<bool>{false, false, true, false}));  // 9 >= the width: the fill, marked
  const std::vector<std::string> u4 = {"dense<[12, 7]> : tensor<2xui4>", "dense<[2, 2]> : tensor<2xui4>"};
  ref::RtValue r4 = evalOp(u4, "stablehlo.shift_right_arithmetic %a, %b : tensor<2xui4>", "tensor<2xui4>");
  EXPECT_EQ(allBits(r4), (std::vector<uint64_t>{0xF, 0x1}));  // 1100 >> 2 = 1111; 0111 >> 2 = 0001
}

TEST(ElementwiseInteger, PopcntAndCountLeadingZeros) {
  // popcnt: 0 -> 0, -1 (32 ones) -> 32, 0x0F0F -> 8, INT_MIN (one bit) -> 1.
  ref::RtValue pop = evalOp({"dense<[0, -1, 3855, -2147483648]> : tensor<4xi32>"}, "stablehlo.popcnt %a : tensor<4xi32>",
                            "tensor<4xi32>");
  EXPECT_EQ(allBits(pop), (std::vector<uint64_t>{0, 32, 8, 1}));
  // clz: 0 -> 32 (the width), 1 -> 31, negative -> 0, 2^16 -> 15.
  ref::RtValue clz = evalOp({"dense<[0, 1, -5, 65536]> : tensor<4xi32>"}, "stablehlo.count_leading_zeros %a : tensor<4xi32>",
                            "tensor<4xi32>");
  EXPECT_EQ(allBits(clz), (std::vector<uint64_t>{32, 31, 0, 15}));
  // i8: clz counts within 8 bits: 1 -> 7, 0 -> 8.
  ref::RtValue clz8 = evalOp({"dense<[1, 0]> : tensor<2xi8>"}, "stablehlo.count_leading_zeros %a : tensor<2xi8>", "tensor<2xi8>");
  EXPECT_EQ(allBits(clz8), (std::vector<uint64_t>{7, 8}));
}

// --- Compare and select --------------------------------------------------------------------------------

TEST(ElementwiseLogic, CompareTotalOrderAndFloat) {
  // Pairs: (-0, +0), (+NaN, +inf), (-NaN, -inf), (NaN, NaN), (1, 2).
  const std::vector<std::string> in = {"dense<[-0.0, 0x7FC00000, 0xFFC00000, 0x7FC00000, 1.0]> : tensor<5xf32>",
                                       "dense<[0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 2.0]> : tensor<5xf32>"};
  const std::string type = " : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>";
  // IEEE totalOrder: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN.
  ref::RtValue total_lt = evalOp(in, "stablehlo.compare LT, %a, %b, TOTALORDER" + type, "tensor<5xi1>");
  EXPECT_EQ(allBits(total_lt), (std::vector<uint64_t>{1, 0, 1, 0, 1}));
  ref::RtValue total_gt = evalOp(in, "stablehlo.compare GT, %a, %b, TOTALORDER" + type, "tensor<5xi1>");
  EXPECT_EQ(allBits(total_gt), (std::vector<uint64_t>{0, 1, 0, 0, 0}));
  ref::RtValue total_eq = evalOp(in, "stablehlo.compare EQ, %a, %b, TOTALORDER" + type, "tensor<5xi1>");
  EXPECT_EQ(allBits(total_eq), (std::vector<uint64_t>{0, 0, 0, 1, 0}));  // same NaN encoding is equal
  // IEEE comparison: -0 == +0; every comparison with NaN is false except NE, which is true.
  ref::RtValue float_eq = evalOp(in, "stablehlo.compare EQ, %a, %b, FLOAT" + type, "tensor<5xi1>");
  EXPECT_EQ(allBits(float_eq), (std::vector<uint64_t>{1, 0, 0, 0, 0}));
  ref::RtValue float_ne = evalOp(in, "stablehlo.compare NE, %a, %b, FLOAT" + type, "tensor<5xi1>");
  EXPECT_EQ(allBits(float_ne), (std::vector<uint64_t>{0, 1, 1, 1, 1}));
  ref::RtValue float_lt = evalOp(in, "stablehlo.compare LT, %a, %b, FLOAT" + type, "tensor<5xi1>");
  EXPECT_EQ(allBits(float_lt), (std::vector<uint64_t>{0, 0, 0, 0, 1}));
  // Signed and unsigned comparison of the same bits (compare (C3) ties compare_type to the element type):
  // 0xFF is -1 < 1 as i8, and 255 > 1 as ui8.
  ref::RtValue s = evalOp({"dense<-1> : tensor<i8>", "dense<1> : tensor<i8>"},
                          "stablehlo.compare LT, %a, %b, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>", "tensor<i1>");
  ref::RtValue u = evalOp({"dense<255> : tensor<ui8>", "dense<1> : tensor<ui8>"},
                          "stablehlo.compare LT, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>", "tensor<i1>");
  EXPECT_EQ(bitsAt(s, 0), 1u);
  EXPECT_EQ(bitsAt(u, 0), 0u);
}

TEST(ElementwiseLogic, CompareComplexIsLexicographicWithIeeePartComparisons) {
  // Spec (compare): complex operands compare lexicographically on (real, imag) with compare_type FLOAT,
  // e.g. LT = (re < re') or (re == re' and im < im'), each part compared per IEEE 754.
  // Pairs: 0 (1,5) vs (2,0): real parts decide; 1 (2,1) vs (2,3): equal reals, imaginary parts decide;
  // 2 (2,3) vs (2,3): equal; 3 (3,0) vs (2,9): real parts decide; 4 (NaN,0) vs (1,0): unordered real
  // parts; 5 (1,NaN) vs (2,0): real parts decide, the NaN is not looked at; 6 (2,NaN) vs (2,0): equal
  // reals, unordered imaginary parts; 7 (-0,1) vs (+0,1): -0 == +0, so equal; 8 (inf,0) vs (inf,-1):
  // equal reals, imaginary parts decide.
  const std::vector<std::string> in = {
      "dense<[(1.0, 5.0), (2.0, 1.0), (2.0, 3.0), (3.0, 0.0), (0x7FC00000, 0.0), (1.0, 0x7FC00000), (2.0, 0x7FC00000), (-0.0, 1.0), "
      "(0x7F800000, 0.0)]> : tensor<9xcomplex<f32>>",
      "dense<[(2.0, 0.0), (2.0, 3.0), (2.0, 3.0), (2.0, 9.0), (1.0, 0.0), (2.0, 0.0), (2.0, 0.0), (0.0, 1.0), "
      "(0x7F800000, -1.0)]> : tensor<9xcomplex<f32>>"};
  const std::string type = ", FLOAT : (tensor<9xcomplex<f32>>, tensor<9xcomplex<f32>>) -> tensor<9xi1>";
  auto compare = [&](const std::string& direction) {
    return allBits(evalOp(in, "stablehlo.compare " + direction + ", %a, %b" + type, "tensor<9xi1>"));
  };
  //                                            0  1  2  3  4  5  6  7  8
  EXPECT_EQ(compare("LT"), (std::vector<uint64_t>{1, 1, 0, 0, 0, 1, 0, 0, 0}));
  EXPECT_EQ(compare("LE"), (std::vector<uint64_t>{1, 1, 1, 0, 0, 1, 0, 1, 0}));
  EXPECT_EQ(compare("GT"), (std::vector<uint64_t>{0, 0, 0, 1, 0, 0, 0, 0, 1}));
  EXPECT_EQ(compare("GE"), (std::vector<uint64_t>{0, 0, 1, 1, 0, 0, 0, 1, 1}));
  EXPECT_EQ(compare("EQ"), (std::vector<uint64_t>{0, 0, 1, 0, 0, 0, 0, 1, 0}));
  EXPECT_EQ(compare("NE"), (std::vector<uint64_t>{1, 1, 0, 1, 1, 1, 1, 0, 1}));
  // complex<f64>, no compare_type (FLOAT by default): (1, 2) < (1, 3) and (1, 2) >= (0, 100).
  ref::RtValue f64 = evalOp({"dense<[(1.0, 2.0), (1.0, 2.0)]> : tensor<2xcomplex<f64>>", "dense<[(1.0, 3.0), (0.0, 100.0)]> : tensor<2xcomplex<f64>>"},
                            "stablehlo.compare LT, %a, %b : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xi1>", "tensor<2xi1>");
  EXPECT_EQ(allBits(f64), (std::vector<uint64_t>{1, 0}));
}

TEST(ElementwiseLogic, CompareComplexTakesOnlyFloatCompareType) {
  // Spec C3: compare_type is FLOAT if is_complex(element_type(lhs)); TOTALORDER, SIGNED and UNSIGNED are errors.
  for (const char* compare_type : {"TOTALORDER", "SIGNED", "UNSIGNED"}) {
    for (const char* direction : {"EQ", "LT"}) {
      const std::string text = strCat(
          "func.func @main() -> tensor<1xi1> {\n  %a = stablehlo.constant dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>\n"
          "  %r = stablehlo.compare ", direction, ", %a, %a, ", compare_type,
          " : (tensor<1xcomplex<f32>>, tensor<1xcomplex<f32>>) -> tensor<1xi1>\n  func.return %r : tensor<1xi1>\n}\n");
      test::Evaluation e = test::evaluate(text);
      ASSERT_FALSE(e.status.ok()) << compare_type << " " << direction;
      // Refused by the verifier before anything runs, for the constraint it breaks.
      EXPECT_THAT(e.status.message(),
                  ::testing::HasSubstr(strCat("compare (C3): compare_type ", compare_type, " does not fit lhs's element type complex<f32>")));
    }
  }
}

TEST(ElementwiseLogic, SelectAndClampWithScalars) {
  // A rank-0 predicate selects whole operands.
  ref::RtValue sel = evalOp({"dense<false> : tensor<i1>", "dense<[1.0, 2.0]> : tensor<2xf32>", "dense<[3.0, 4.0]> : tensor<2xf32>"},
                            "stablehlo.select %a, %b, %c : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>",
                            "tensor<2xf32>");
  EXPECT_EQ(allBits(sel), (std::vector<uint64_t>{f32Bits(3.0f), f32Bits(4.0f)}));
  ref::RtValue per = evalOp({"dense<[true, false]> : tensor<2xi1>", "dense<[1.0, 2.0]> : tensor<2xf32>", "dense<[3.0, 4.0]> : tensor<2xf32>"},
                            "stablehlo.select %a, %b, %c : tensor<2xi1>, tensor<2xf32>", "tensor<2xf32>");
  EXPECT_EQ(allBits(per), (std::vector<uint64_t>{f32Bits(1.0f), f32Bits(4.0f)}));
  // clamp(0, x, 1) with rank-0 bounds: -1 -> 0, 0.5 stays, 2 -> 1, NaN stays NaN.
  ref::RtValue clamp = evalOp({"dense<0.0> : tensor<f32>", "dense<[-1.0, 0.5, 2.0, 0x7FC00000]> : tensor<4xf32>", "dense<1.0> : tensor<f32>"},
                              "stablehlo.clamp %a, %b, %c : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>",
                              "tensor<4xf32>");
  EXPECT_EQ(bitsAt(clamp, 0), f32Bits(0.0f));
  EXPECT_EQ(bitsAt(clamp, 1), f32Bits(0.5f));
  EXPECT_EQ(bitsAt(clamp, 2), f32Bits(1.0f));
  EXPECT_TRUE(isNaNAt(clamp, 3));
  // Integer clamp with scalar bounds [-2, 5].
  ref::RtValue iclamp = evalOp({"dense<-2> : tensor<i32>", "dense<[-100, 3, 100]> : tensor<3xi32>", "dense<5> : tensor<i32>"},
                               "stablehlo.clamp %a, %b, %c : (tensor<i32>, tensor<3xi32>, tensor<i32>) -> tensor<3xi32>",
                               "tensor<3xi32>");
  EXPECT_EQ(allBits(iclamp), (std::vector<uint64_t>{0xFFFFFFFE, 3, 5}));
}

// --- Conversions ---------------------------------------------------------------------------------------

TEST(Conversion, FloatToIntegerTruncatesAndSaturates) {
  // Truncation toward zero: 2.7 -> 2, -2.7 -> -2. docs/semantics.md (XLA): NaN -> 0, out of range
  // saturates (1e10 -> INT32_MAX, -1e10 -> INT32_MIN, +inf -> INT32_MAX), each marked.
  ref::RtValue r = evalOp({"dense<[2.7, -2.7, 0x7FC00000, 1.0e10, -1.0e10, 0x7F800000]> : tensor<6xf32>"},
                          "stablehlo.convert %a : (tensor<6xf32>) -> tensor<6xi32>", "tensor<6xi32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{2, 0xFFFFFFFE, 0, 0x7FFFFFFF, 0x80000000, 0x7FFFFFFF}));
  EXPECT_EQ(marks(r), (std::vector<bool>{false, false, true, true, true, true}));
}

TEST(Conversion, F64ToF16RoundsOnce) {
  // 0x3FF0020000001000 = 1 + 2^-11 + 2^-40: just above the f16 midpoint between 1 and 1 + 2^-10, so it
  // rounds up to 0x3C01 (through f32 it would first become the midpoint and then tie down to 1.0).
  // 65520 ties to 2^16 and overflows to +inf (0x7C00); 65519 -> 65504 (0x7BFF); 2^-25 (0x3E60000000000000)
  // ties between +0 and the smallest subnormal 2^-24 -> +0.
  ref::RtValue r = evalOp({"dense<[0x3FF0020000001000, 65520.0, 65519.0, 0x3E60000000000000]> : tensor<4xf64>"},
                          "stablehlo.convert %a : (tensor<4xf64>) -> tensor<4xf16>", "tensor<4xf16>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{0x3C01, 0x7C00, 0x7BFF, 0x0000}));
  EXPECT_TRUE(r.impl_defined.empty());
}

TEST(Conversion, ToBoolAndFromComplex) {
  // Integer to i1: nonzero is true.
  ref::RtValue b = evalOp({"dense<[0, 1, -5]> : tensor<3xi32>"}, "stablehlo.convert %a : (tensor<3xi32>) -> tensor<3xi1>",
                          "tensor<3xi1>");
  EXPECT_EQ(allBits(b), (std::vector<uint64_t>{0, 1, 1}));
  // Complex to real keeps the real part (spec: convert).
  ref::RtValue re = evalOp({"dense<[(1.5, -2.0), (-0.25, 7.0)]> : tensor<2xcomplex<f32>>"},
                           "stablehlo.convert %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>", "tensor<2xf32>");
  EXPECT_EQ(allBits(re), (std::vector<uint64_t>{f32Bits(1.5f), f32Bits(-0.25f)}));
  // Integer narrowing that wraps is marked: i32 300 -> i8 44 (300 - 256).
  ref::RtValue n = evalOp({"dense<[300, -1]> : tensor<2xi32>"}, "stablehlo.convert %a : (tensor<2xi32>) -> tensor<2xi8>",
                          "tensor<2xi8>");
  EXPECT_EQ(allBits(n), (std::vector<uint64_t>{44, 0xFF}));
  EXPECT_EQ(marks(n), (std::vector<bool>{true, false}));
}

TEST(Conversion, BitcastConvert) {
  // Same width: the bits themselves. 1.0f is 0x3F800000, -2.0f is 0xC0000000. Not marked.
  ref::RtValue same = evalOp({"dense<[1.0, -2.0]> : tensor<2xf32>"}, "stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<2xi32>",
                             "tensor<2xi32>");
  EXPECT_EQ(allBits(same), (std::vector<uint64_t>{0x3F800000, 0xC0000000}));
  EXPECT_TRUE(same.impl_defined.empty());
  // f64 -> 4 x f16: 1.0 is 0x3FF0000000000000; in little-endian order the lowest 16 bits come first.
  // Between widths the element order is implementation-defined (spec), so every element is marked.
  ref::RtValue split = evalOp({"dense<1.0> : tensor<f64>"}, "stablehlo.bitcast_convert %a : (tensor<f64>) -> tensor<4xf16>",
                              "tensor<4xf16>");
  EXPECT_EQ(allBits(split), (std::vector<uint64_t>{0x0000, 0x0000, 0x0000, 0x3FF0}));
  EXPECT_EQ(marks(split), (std::vector<bool>{true, true, true, true}));
  // Same width: an element keeps its operand element's mark (here a wrapped i32 sum viewed as ui32; the
  // generators view quantized results this way, and a quantized NaN would otherwise lose its mark).
  ref::RtValue wrapped = evalResult("  %a = stablehlo.constant dense<[2147483647, 1]> : tensor<2xi32>\n"
                                    "  %s = stablehlo.add %a, %a : tensor<2xi32>\n"
                                    "  %r = stablehlo.bitcast_convert %s : (tensor<2xi32>) -> tensor<2xui32>",
                                    "tensor<2xui32>");
  EXPECT_EQ(allBits(wrapped), (std::vector<uint64_t>{0xFFFFFFFE, 2}));
  EXPECT_EQ(marks(wrapped), (std::vector<bool>{true, false}));
}

TEST(Conversion, ReducePrecisionToF16Format) {
  // e5m10 is f16's format: largest finite 65504; 65520 ties (odd mantissa) up to 2^16 -> +inf;
  // 1 + 2^-11 ties to 1.0; 1 + 3*2^-11 ties up to 1 + 2^-9. The result stays f32.
  ref::RtValue r = evalOp({"dense<[65504.0, 65520.0, 1.00048828125, 1.00146484375, -70000.0]> : tensor<5xf32>"},
                          "stablehlo.reduce_precision %a, format = e5m10 : tensor<5xf32>", "tensor<5xf32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{f32Bits(65504.0f), 0x7F800000, f32Bits(1.0f), f32Bits(1.001953125f), 0xFF800000}));
}

// mantissa_bits = 0: one significant bit, so v in [2^(E-1), 2^E) rounds to 2^(E-1) or 2^E, and a tie
// (1.5 * 2^(E-1)) goes to the power of two whose biased f32 exponent is even, as XLA's rounding on the
// encoding does: 1.5 -> 2 (exponent 128), 3 -> 2 (not 4: 129 is odd), 6 -> 8, 0.75 -> 0.5 (126), -3 -> -2;
// non-ties round to nearest: 1.4 -> 1, 2.9 -> 2, 3.1 -> 4. (Checked against XLA's bit formula on 200
// random values, most of them ties.)
TEST(Conversion, ReducePrecisionWithoutMantissaBitsTiesToAnEvenExponent) {
  ref::RtValue r = evalOp({"dense<[1.5, 3.0, 6.0, 0.75, -3.0, 1.4, 2.9, 3.1]> : tensor<8xf32>"},
                          "stablehlo.reduce_precision %a, format = e8m0 : tensor<8xf32>", "tensor<8xf32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{f32Bits(2.0f), f32Bits(2.0f), f32Bits(8.0f), f32Bits(0.5f), f32Bits(-2.0f), f32Bits(1.0f),
                                               f32Bits(2.0f), f32Bits(4.0f)}));
}

TEST(Conversion, ReducePrecisionToTheOperandsOwnFormatIsTheIdentity) {
  // docs/semantics.md: "A step whose width is not below the operand's is skipped, so e8m23 on f32 is the
  // identity, subnormals included." 0x00000001 (2^-149) and 0x00400000 (2^-127) are f32 subnormals.
  ref::RtValue r = evalOp({"dense<[0x00000001, 0x00400000, 1.5]> : tensor<3xf32>"},
                          "stablehlo.reduce_precision %a, format = e8m23 : tensor<3xf32>", "tensor<3xf32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{0x00000001, 0x00400000, f32Bits(1.5f)}));
}

TEST(Conversion, ReducePrecisionRoundsSubnormalsOnTheOperandsGrid) {
  // e8m1 on f32: only the mantissa step applies, rounding the 23 stored mantissa bits to 1. A subnormal
  // keeps the fixed subnormal exponent, so its quantum becomes 2^22 * 2^-149 = 2^-127 (docs/semantics.md,
  // as XLA rounds the encoding):
  //   0x00600000 = 3 * 2^-128 = 1.5 quanta: ties to 2 quanta = 2^-126, the smallest normal 0x00800000;
  //   0x00200000 = 2^-128 = 0.5 quantum: ties to 0 -> +0 (a relative 2-bit rounding would keep 2^-128).
  ref::RtValue r = evalOp({"dense<[0x00600000, 0x00200000]> : tensor<2xf32>"},
                          "stablehlo.reduce_precision %a, format = e8m1 : tensor<2xf32>", "tensor<2xf32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{0x00800000, 0x00000000}));
}

}  // namespace
}  // namespace hloconf
