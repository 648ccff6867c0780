// Checks of the random-number kernels (reference/kernels_rng.cc, docs/rng.md).
//
// - Known-answer vectors of Random123 (Salmon et al., SC11; the library's kat_vectors file) for
//   Threefry-2x32-20 and Philox-4x32-10, fed through rng_bit_generator (the state layout of XLA puts
//   the key in state[0] and the counter after it, so a scalar ui64 THREE_FRY output and a 4xui32 PHILOX
//   output with a u64[3] state are exactly one block).
// - XLA's output layouts: the spec's example (THREE_FRY 2x2xui64) and the testdata file
//   rng_bit_generator_uint64_2.mlir (both produced by XLA), a 3x2xui32 THREE_FRY output printed by an XLA
//   (PJRT CPU) front end, and vectors worked out from XLA's prng.cc layout (docs/rng.md) with an
//   independent script: the half-shape split of narrow THREE_FRY outputs, the PHILOX block order, the
//   u64[2] PHILOX state (counter (state[1], state[0])) and the 128-bit carry of a u64[3] state.
// - rng: ranges, shapes, marks; malformed programs give an error status, never a crash.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/reference/eval_test_util.h"

namespace hloconf {
namespace {

using test::allBits;

using test::evaluate;
using V = std::vector<uint64_t>;


struct RbgResult {
  bool ok = false;
  std::string error;
  V state, output;
  int64_t state_marks = 0, output_marks = 0;
};

// Runs rng_bit_generator with `algorithm` on the constant state `state` (ui64 values) into `out_type`.
RbgResult rbg(const std::string& algorithm, const std::string& state_literal, int64_t state_size, const std::string& out_type) {
  const std::string st = strCat("tensor<", state_size, "xui64>");
  const std::string text = strCat("func.func @main() -> (", st, ", ", out_type, ") {\n", "  %s = stablehlo.constant dense<",
                                  state_literal, "> : ", st, "\n", "  %o, %r = stablehlo.rng_bit_generator %s, algorithm = ",
                                  algorithm, " : (", st, ") -> (", st, ", ", out_type, ")\n", "  func.return %o, %r : ", st, ", ",
                                  out_type, "\n}\n");
  test::Evaluation e = evaluate(text);
  RbgResult r;
  r.ok = e.status.ok();
  r.error = std::string(e.status.message());
  if (!r.ok || e.results.size() != 2) return r;
  r.state = allBits(e.results[0]);
  r.output = allBits(e.results[1]);
  r.state_marks = e.results[0].implDefinedCount();
  r.output_marks = e.results[1].implDefinedCount();
  return r;
}

// --- Known-answer vectors (Random123 kat_vectors) -------------------------------------------------------

// Threefry2x32-20: (counter, key) -> output, as u32 pairs; through THREE_FRY state [key, counter] with
// key = k0 | k1 << 32, counter = c0 | c1 << 32, and one ui64 output x0 | x1 << 32.
TEST(RngBitGenerator, ThreefryKnownAnswers) {
  struct Kat {
    uint64_t counter, key, expected;
  };
  const Kat kats[] = {
      {0, 0, 0x99ba4efe6b200159ull},                                                      // ctr {0,0} key {0,0}
      {~0ull, ~0ull, 0xbb002be71cb996fcull},                                               // all ones
      {0x85a308d3243f6a88ull, 0x0370734413198a2eull, 0x483df7a0c4923a9cull},             // digits of pi
  };
  for (const Kat& k : kats) {
    RbgResult r = rbg("THREE_FRY", strCat("[", k.key, ", ", k.counter, "]"), 2, "tensor<ui64>");
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_EQ(r.output.size(), 1u);
    EXPECT_EQ(r.output[0], k.expected) << test::hex(r.output[0]);
    EXPECT_EQ(r.state, (V{k.key, k.counter + 1}));
    EXPECT_EQ(r.output_marks, 0);
  }
}

// Philox4x32-10: counter {c0..c3}, key {k0, k1} -> 4 words; through PHILOX state [key, low, high] with
// low = c0 | c1 << 32, high = c2 | c3 << 32, key = k0 | k1 << 32, and a 4xui32 output (block 0).
TEST(RngBitGenerator, PhiloxKnownAnswers) {
  struct Kat {
    uint64_t key, low, high;
    V expected, state;
  };
  const Kat kats[] = {
      {0, 0, 0, {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}, {0, 1, 0}},
      // All ones: the counter increment carries out of both words.
      {~0ull, ~0ull, ~0ull, {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}, {~0ull, 0, 0}},
      {0x299f31d0a4093822ull, 0x85a308d3243f6a88ull, 0x0370734413198a2eull, {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1},
       {0x299f31d0a4093822ull, 0x85a308d3243f6a89ull, 0x0370734413198a2eull}},
  };
  for (const Kat& k : kats) {
    RbgResult r = rbg("PHILOX", strCat("[", k.key, ", ", k.low, ", ", k.high, "]"), 3, "tensor<4xui32>");
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.output, k.expected);
    EXPECT_EQ(r.state, k.state);
  }
}

// --- XLA's layouts ------------------------------------------------------------------------------------------

// The spec's example (produced by XLA): 64-bit elements take counter + row-major index.
TEST(RngBitGenerator, SpecExampleThreefry) {
  RbgResult r = rbg("THREE_FRY", "[1, 2]", 2, "tensor<2x2xui64>");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.state, (V{1, 6}));
  EXPECT_EQ(r.output, (V{9236835810183407956ull, 16087790271692313299ull, 18212823393184779219ull, 2658481902456610144ull}));
}

// stablehlo/testdata/rng_bit_generator_uint64_2.mlir (XLA:CPU): state [3, 3] -> [3, 4], one ui64.
TEST(RngBitGenerator, TestdataThreefryScalar) {
  RbgResult r = rbg("THREE_FRY", "3", 2, "tensor<ui64>");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.state, (V{3, 4}));
  EXPECT_EQ(r.output, (V{3349939604322698703ull}));
}

// 32-bit THREE_FRY splits the shape in halves along the first even dimension (here 1): element (r, c)
// is word c of Threefry(counter + r); the counter advances by 3. Printed by an XLA (PJRT CPU) front end
// as 1.7973e9 2.5791e9 / 1.3515e9 3.2358e9 / 1.6886e9 4.2293e9; the first pair is the {0,0} KAT.
TEST(RngBitGenerator, Threefry32SplitsTheShape) {
  RbgResult r = rbg("THREE_FRY", "0", 2, "tensor<3x2xui32>");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.state, (V{0, 3}));
  EXPECT_EQ(r.output, (V{0x6b200159, 0x99ba4efe, 1351547692, 3235790642, 1688610540, 4229293427}));
  // Split along dimension 0 (the first even one) for 2x3: element (r, c) is word r of Threefry(10 + c).
  RbgResult r16 = rbg("THREE_FRY", "[4, 10]", 2, "tensor<2x3xui16>");
  ASSERT_TRUE(r16.ok) << r16.error;
  EXPECT_EQ(r16.state, (V{4, 13}));
  EXPECT_EQ(r16.output, (V{50687, 15812, 37186, 65186, 54615, 7258}));
  // No even dimension: split the largest; 3 -> halves of 2, the last word dropped.
  RbgResult r8 = rbg("THREE_FRY", "[4, 10]", 2, "tensor<3xui8>");
  ASSERT_TRUE(r8.ok) << r8.error;
  EXPECT_EQ(r8.state, (V{4, 12}));
  EXPECT_EQ(r8.output, (V{255, 162, 196}));
  // A scalar: word 0 of Threefry(counter), counter + 1.
  RbgResult r0 = rbg("THREE_FRY", "[4, 10]", 2, "tensor<ui32>");
  ASSERT_TRUE(r0.ok) << r0.error;
  EXPECT_EQ(r0.state, (V{4, 11}));
  EXPECT_EQ(r0.output, (V{1438893567}));
}

// A u64[2] PHILOX state [k, s] is reversed by XLA: counter (low s, high k); the new state keeps only the
// low word: [k, s + blocks].
TEST(RngBitGenerator, PhiloxTwoWordState) {
  RbgResult r = rbg("PHILOX", "[5, 7]", 2, "tensor<6xui32>");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.state, (V{5, 9}));
  EXPECT_EQ(r.output, (V{1957188081, 3299040168, 2189429415, 2942269241, 4036186172, 3451158193}));
  // 64-bit elements: words (0,1) then (2,3) of each block; 3 elements use 2 blocks.
  RbgResult r64 = rbg("PHILOX", "[5, 7]", 2, "tensor<3xui64>");
  ASSERT_TRUE(r64.ok) << r64.error;
  EXPECT_EQ(r64.state, (V{5, 9}));
  EXPECT_EQ(r64.output, (V{14169269631707533809ull, 12636950168311171751ull, 14822611576293642300ull}));
  // The first 32-bit words equal the low halves of the 64-bit ones (same blocks).
  EXPECT_EQ(r.output[0], r64.output[0] & 0xffffffffu);
}

// A u64[3] state: the 128-bit counter carries from state[1] into state[2]; narrow elements keep the low
// 16 bits of each 32-bit word.
TEST(RngBitGenerator, PhiloxThreeWordCarry) {
  RbgResult r = rbg("PHILOX", "[1, 18446744073709551615, 9]", 3, "tensor<5xui16>");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.state, (V{1, 1, 10}));
  EXPECT_EQ(r.output, (V{9862, 44481, 28665, 60991, 34416}));
}

// Signed and float outputs are the same bits.
TEST(RngBitGenerator, SignedAndFloatOutputsReinterpretBits) {
  RbgResult u = rbg("PHILOX", "[5, 7]", 2, "tensor<6xui32>");
  RbgResult s = rbg("PHILOX", "[5, 7]", 2, "tensor<6xi32>");
  RbgResult f = rbg("PHILOX", "[5, 7]", 2, "tensor<6xf32>");
  ASSERT_TRUE(u.ok && s.ok && f.ok) << u.error << s.error << f.error;
  EXPECT_EQ(s.output, u.output);
  EXPECT_EQ(f.output, u.output);
  RbgResult f64 = rbg("THREE_FRY", "[1, 2]", 2, "tensor<2x2xf64>");
  ASSERT_TRUE(f64.ok) << f64.error;
  EXPECT_EQ(f64.output[0], 9236835810183407956ull);
  RbgResult h = rbg("THREE_FRY", "[4, 10]", 2, "tensor<2x3xbf16>");
  ASSERT_TRUE(h.ok) << h.error;
  EXPECT_EQ(h.output, (V{50687, 15812, 37186, 65186, 54615, 7258}));
}

// DEFAULT is XLA's PHILOX on CPU and GPU, with every element of both results marked.
TEST(RngBitGenerator, DefaultIsPhiloxMarked) {
  RbgResult p = rbg("PHILOX", "[5, 7, 11]", 3, "tensor<2x3xui32>");
  RbgResult d = rbg("DEFAULT", "[5, 7, 11]", 3, "tensor<2x3xui32>");
  ASSERT_TRUE(p.ok && d.ok) << p.error << d.error;
  EXPECT_EQ(d.output, p.output);
  EXPECT_EQ(d.state, p.state);
  EXPECT_EQ(d.output_marks, 6);
  EXPECT_EQ(d.state_marks, 3);
  EXPECT_EQ(p.output_marks, 0);
}

// DEFAULT with a state size PHILOX does not take (the spec allows any size; the result is
// implementation-defined): PHILOX over the folded state words, every element of both results marked.
TEST(RngBitGenerator, DefaultTakesAnyStateSizeMarked) {
  for (const char* state : {"[1, 2, 3, 4]", "[9]"}) {
    const int64_t size = std::string(state) == "[9]" ? 1 : 4;
    RbgResult d = rbg("DEFAULT", state, size, "tensor<5xui32>");
    ASSERT_TRUE(d.ok) << d.error;
    EXPECT_EQ(d.output.size(), 5u);
    EXPECT_EQ(d.output_marks, 5);
    EXPECT_EQ(d.state_marks, size);
  }
  // Folding: [1, 2, 3, 4] is key 1 and counter (2, 3 ^ 4) = the PHILOX result of [1, 2, 7].
  RbgResult folded = rbg("DEFAULT", "[1, 2, 3, 4]", 4, "tensor<5xui32>");
  RbgResult philox = rbg("PHILOX", "[1, 2, 7]", 3, "tensor<5xui32>");
  ASSERT_TRUE(folded.ok && philox.ok);
  EXPECT_EQ(folded.output, philox.output);
}

TEST(RngBitGenerator, EmptyOutputKeepsTheCounter) {
  RbgResult r = rbg("THREE_FRY", "[1, 2]", 2, "tensor<0x3xui32>");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.state, (V{1, 2}));
  EXPECT_TRUE(r.output.empty());
}

TEST(RngBitGenerator, MalformedIsAnError) {
  EXPECT_FALSE(rbg("THREE_FRY", "[1, 2, 3]", 3, "tensor<2xui32>").ok);
  EXPECT_FALSE(rbg("PHILOX", "[1, 2, 3, 4]", 4, "tensor<2xui32>").ok);
  EXPECT_FALSE(rbg("PHILOX", "[1]", 1, "tensor<2xui32>").ok);
  EXPECT_FALSE(rbg("THREE_FRY", "[1, 2]", 2, "tensor<2xi1>").ok);
  EXPECT_FALSE(rbg("THREE_FRY", "[1, 2]", 2, "tensor<2xcomplex<f32>>").ok);
  // A state of the wrong element type, and a result state of another size.
  const char* bad[] = {
      "func.func @main() -> tensor<2xi64> {\n  %s = stablehlo.constant dense<[1, 2]> : tensor<2xi64>\n"
      "  %o, %r = \"stablehlo.rng_bit_generator\"(%s) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xi64>) -> (tensor<2xi64>, tensor<2xui32>)\n"
      "  func.return %o : tensor<2xi64>\n}\n",
      "func.func @main() -> tensor<3xui64> {\n  %s = stablehlo.constant dense<[1, 2]> : tensor<2xui64>\n"
      "  %o, %r = \"stablehlo.rng_bit_generator\"(%s) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>) -> (tensor<3xui64>, tensor<2xui32>)\n"
      "  func.return %o : tensor<3xui64>\n}\n",
      "func.func @main() -> tensor<2xui64> {\n  %s = stablehlo.constant dense<[1, 2]> : tensor<2xui64>\n"
      "  %o, %r = \"stablehlo.rng_bit_generator\"(%s) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<?xui32>)\n"
      "  func.return %o : tensor<2xui64>\n}\n",
  };
  for (const char* text : bad) {
    auto module = parseModule(text, "test.mlir");
    if (!module.ok()) continue;  // rejected by the parser: also fine
    test::Evaluation e = evaluate(text);
    EXPECT_FALSE(e.status.ok()) << text;
  }
}

// --- rng ------------------------------------------------------------------------------------------------------

test::Evaluation rng(const std::string& dist, const std::string& type, const std::string& a, const std::string& b,
                     const std::string& shape_literal, int64_t rank, const std::string& result_type) {
  const std::string text =
      strCat("func.func @main() -> ", result_type, " {\n  %a = stablehlo.constant dense<", a, "> : tensor<", type,
             ">\n  %b = stablehlo.constant dense<", b, "> : tensor<", type, ">\n  %c = stablehlo.constant dense<", shape_literal,
             "> : tensor<", rank, "xi64>\n  %r = stablehlo.rng %a, %b, %c, distribution = ", dist, " : (tensor<", type, ">, tensor<",
             type, ">, tensor<", rank, "xi64>) -> ", result_type, "\n  func.return %r : ", result_type, "\n}\n");
  return evaluate(text);
}

TEST(Rng, UniformFloatInRangeAndMarked) {
  test::Evaluation e = rng("UNIFORM", "f32", "-1.0", "2.0", "[4, 25]", 2, "tensor<4x25xf32>");
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  const ref::RtValue& v = e.results[0];
  ASSERT_EQ(v.tensor.numElements(), 100);
  EXPECT_EQ(v.implDefinedCount(), 100);
  float lo = 10, hi = -10;
  for (int64_t i = 0; i < 100; ++i) {
    const float x = std::bit_cast<float>(static_cast<uint32_t>(v.tensor.bits(i)));
    EXPECT_GE(x, -1.0f);
    EXPECT_LT(x, 2.0f);
    lo = std::min(lo, x), hi = std::max(hi, x);
  }
  EXPECT_LT(lo, 0.0f);  // spread over the interval
  EXPECT_GT(hi, 1.0f);
  // Deterministic.
  test::Evaluation again = rng("UNIFORM", "f32", "-1.0", "2.0", "[4, 25]", 2, "tensor<4x25xf32>");
  ASSERT_TRUE(again.status.ok());
  EXPECT_EQ(allBits(again.results[0]), allBits(v));
}

TEST(Rng, UniformNarrowIntervalStaysBelowB) {
  // bf16 1.0 and its successor 1.0078125: every value must be 1.0.
  test::Evaluation e = rng("UNIFORM", "bf16", "1.0", "1.0078125", "[50]", 1, "tensor<50xbf16>");
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  for (uint64_t b : allBits(e.results[0])) EXPECT_EQ(b, 0x3F80u);
  test::Evaluation f64 = rng("UNIFORM", "f64", "-1.0e308", "1.0e308", "[50]", 1, "tensor<50xf64>");
  ASSERT_TRUE(f64.status.ok()) << f64.status.message();
  for (uint64_t b : allBits(f64.results[0])) {
    const double x = std::bit_cast<double>(b);
    EXPECT_TRUE(x >= -1.0e308 && x < 1.0e308) << x;
  }
}

TEST(Rng, UniformIntegers) {
  test::Evaluation e = rng("UNIFORM", "i32", "-5", "5", "[200]", 1, "tensor<200xi32>");
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  std::vector<int> seen(10, 0);
  for (uint64_t b : allBits(e.results[0])) {
    const int32_t x = static_cast<int32_t>(static_cast<uint32_t>(b));
    ASSERT_TRUE(x >= -5 && x < 5) << x;
    ++seen[x + 5];
  }
  for (int c : seen) EXPECT_GT(c, 0);
  EXPECT_EQ(e.results[0].implDefinedCount(), 200);
  test::Evaluation u = rng("UNIFORM", "ui8", "250", "255", "[3, 3]", 2, "tensor<3x3xui8>");
  ASSERT_TRUE(u.status.ok()) << u.status.message();
  for (uint64_t b : allBits(u.results[0])) EXPECT_TRUE(b >= 250 && b < 255) << b;
  test::Evaluation big = rng("UNIFORM", "i64", "-9223372036854775808", "9223372036854775807", "[20]", 1, "tensor<20xi64>");
  ASSERT_TRUE(big.status.ok()) << big.status.message();
  for (uint64_t b : allBits(big.results[0])) EXPECT_NE(b, 0x7fffffffffffffffull);
  test::Evaluation boolean = rng("UNIFORM", "i1", "false", "true", "[4]", 1, "tensor<4xi1>");
  ASSERT_TRUE(boolean.status.ok()) << boolean.status.message();
  EXPECT_EQ(allBits(boolean.results[0]), (V{0, 0, 0, 0}));
}

TEST(Rng, Normal) {
  test::Evaluation e = rng("NORMAL", "f32", "10.0", "2.0", "[1000]", 1, "tensor<1000xf32>");
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  double sum = 0, sum2 = 0;
  for (uint64_t b : allBits(e.results[0])) {
    const double x = std::bit_cast<float>(static_cast<uint32_t>(b));
    ASSERT_TRUE(x > 10.0 - 2.0 * 10 && x < 10.0 + 2.0 * 10) << x;  // Box-Muller with 64-bit u1 stays within 9.5 sd
    sum += x, sum2 += x * x;
  }
  const double mean = sum / 1000, var = sum2 / 1000 - mean * mean;
  EXPECT_NEAR(mean, 10.0, 0.3);
  EXPECT_NEAR(var, 4.0, 0.8);
  EXPECT_EQ(e.results[0].implDefinedCount(), 1000);
  // Standard deviation 0: every value is the mean.
  test::Evaluation z = rng("NORMAL", "f16", "1.5", "0.0", "[7]", 1, "tensor<7xf16>");
  ASSERT_TRUE(z.status.ok()) << z.status.message();
  for (uint64_t b : allBits(z.results[0])) EXPECT_EQ(b, 0x3E00u);
}

TEST(Rng, UndefinedAndMalformedAreErrors) {
  auto expectError = [](const test::Evaluation& e) {
    EXPECT_FALSE(e.status.ok());
    EXPECT_NE(e.status.message().find("stablehlo.rng"), std::string::npos) << e.status.message();
  };
  expectError(rng("UNIFORM", "f32", "2.0", "2.0", "[3]", 1, "tensor<3xf32>"));      // a >= b
  expectError(rng("UNIFORM", "f32", "3.0", "2.0", "[3]", 1, "tensor<3xf32>"));
  expectError(rng("UNIFORM", "f32", "0x7FC00000", "2.0", "[3]", 1, "tensor<3xf32>"));  // NaN bound
  expectError(rng("UNIFORM", "f32", "0xFF800000", "2.0", "[3]", 1, "tensor<3xf32>"));  // -inf bound
  expectError(rng("UNIFORM", "i32", "7", "-7", "[3]", 1, "tensor<3xi32>"));
  expectError(rng("UNIFORM", "ui8", "9", "9", "[3]", 1, "tensor<3xui8>"));
  expectError(rng("NORMAL", "f32", "0.0", "-1.0", "[3]", 1, "tensor<3xf32>"));      // b < 0
  expectError(rng("NORMAL", "i32", "0", "1", "[3]", 1, "tensor<3xi32>"));           // (C2)
  expectError(rng("UNIFORM", "f32", "0.0", "1.0", "[4]", 1, "tensor<3xf32>"));      // (C3)
  expectError(rng("UNIFORM", "f32", "0.0", "1.0", "[-1]", 1, "tensor<?xf32>"));     // negative size
  expectError(rng("UNIFORM", "f32", "0.0", "1.0", "[4294967296, 4294967296]", 2, "tensor<?x?xf32>"));  // too large
}

}  // namespace
}  // namespace hloconf
