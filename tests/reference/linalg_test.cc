// fft, cholesky and triangular_solve, each against an answer known independently of the evaluator:
// values computed with python3-mpmath at 300 bits and rounded once (quoted beside the case), exact
// rational arithmetic done by hand, or round trips whose exact result is the input.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "tests/reference/eval_test_util.h"

namespace hloconf {
namespace {

using test::allBits;
using test::marks;

using test::evalOp;
using test::evaluate;
using test::f32Bits;
using test::f64Bits;


// --- fft --------------------------------------------------------------------------------------------------

// mpmath: X[j] = sum_k x[k] exp(-2 pi i jk/5) for x = [1, 2, 3, 4, 5]:
//   [(15, 0), (-2.5, 3.440954801177934), (-2.5, 0.8122992405822658), (-2.5, -0.8122992405822658),
//    (-2.5, -3.440954801177934)]; f64 imaginary parts 0x1.b87134f909657p+1 and 0x1.9fe5afa1bba1ap-1,
//   f32 (rounded once from the 300-bit value) 0x405C389A and 0x3F4FF2D8.
TEST(Fft, LengthFiveMatchesMpmathF64) {
  ref::RtValue r = evalOp({"dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0), (5.0, 0.0)]> : tensor<5xcomplex<f64>>"},
                          "stablehlo.fft %a, type = FFT, length = [5] : (tensor<5xcomplex<f64>>) -> tensor<5xcomplex<f64>>",
                          "tensor<5xcomplex<f64>>");
  EXPECT_EQ(allBits(r, 0), (std::vector<uint64_t>{f64Bits(15.0), f64Bits(-2.5), f64Bits(-2.5), f64Bits(-2.5), f64Bits(-2.5)}));
  EXPECT_EQ(allBits(r, 1), (std::vector<uint64_t>{f64Bits(0.0), f64Bits(0x1.b87134f909657p+1), f64Bits(0x1.9fe5afa1bba1ap-1),
                                                  f64Bits(-0x1.9fe5afa1bba1ap-1), f64Bits(-0x1.b87134f909657p+1)}));
  // Length 5 is not a power of two: no error bound is claimed.
  EXPECT_TRUE(r.error_bound.empty());
}

TEST(Fft, RfftLengthFiveMatchesMpmathF32) {
  ref::RtValue r = evalOp({"dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>"},
                          "stablehlo.fft %a, type = RFFT, length = [5] : (tensor<5xf32>) -> tensor<3xcomplex<f32>>",
                          "tensor<3xcomplex<f32>>");
  EXPECT_EQ(allBits(r, 0), (std::vector<uint64_t>{0x41700000, 0xC0200000, 0xC0200000}));
  EXPECT_EQ(allBits(r, 1), (std::vector<uint64_t>{0x0, 0x405C389A, 0x3F4FF2D8}));
}

// The spec's example, and an exact zero reached through irrational twiddles (1 + w + w^2 = 0 for
// w = exp(-2 pi i/3)): +0, not an endless Ziv loop.
TEST(Fft, SpecExampleAndCancellingTwiddles) {
  ref::RtValue r = evalOp({"dense<[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>"},
                          "stablehlo.fft %a, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>",
                          "tensor<4xcomplex<f32>>");
  EXPECT_EQ(allBits(r, 0), (std::vector<uint64_t>(4, f32Bits(1.0f))));
  EXPECT_EQ(allBits(r, 1), (std::vector<uint64_t>(4, 0)));
  ASSERT_EQ(r.error_bound.size(), 4u);  // power of two: Higham Thm 24.2
  for (double b : r.error_bound) EXPECT_TRUE(std::isfinite(b) && b > 0 && b < 1e-5) << b;

  ref::RtValue z = evalOp({"dense<[(1.0, 0.0), (1.0, 0.0), (1.0, 0.0)]> : tensor<3xcomplex<f64>>"},
                          "stablehlo.fft %a, type = FFT, length = [3] : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>",
                          "tensor<3xcomplex<f64>>");
  EXPECT_EQ(allBits(z, 0), (std::vector<uint64_t>{f64Bits(3.0), 0, 0}));
  EXPECT_EQ(allBits(z, 1), (std::vector<uint64_t>{0, 0, 0}));
}

// IRFFT(RFFT(x)) = x exactly; the reference rounds the exact composition once, so the round trip of
// exactly representable values is bit-exact (lengths 8 and 6, and a 2-D transform).
TEST(Fft, RfftIrfftRoundTripIsExact) {
  const std::string x8 = "dense<[1.0, -2.0, 3.5, 4.0, 0.25, -6.0, 7.0, 8.0]> : tensor<8xf32>";
  const std::string body = strCat("  %a = stablehlo.constant ", x8,
                                  "\n  %f = stablehlo.fft %a, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>\n"
                                  "  %r = stablehlo.fft %f, type = IRFFT, length = [8] : (tensor<5xcomplex<f32>>) -> tensor<8xf32>");
  ref::RtValue r = test::evalResult(body, "tensor<8xf32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{f32Bits(1), f32Bits(-2), f32Bits(3.5), f32Bits(4), f32Bits(0.25), f32Bits(-6),
                                               f32Bits(7), f32Bits(8)}));
  // Length 6: irrational twiddles, and rfft's output is rounded before the inverse, so only the
  // 2-D exact composition is checked through the IRFFT of an exactly known spectrum instead:
  // IRFFT of [6, 0, 0, 0] (length 6) is [1, 1, 1, 1, 1, 1].
  ref::RtValue ones = evalOp({"dense<[(6.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]> : tensor<4xcomplex<f64>>"},
                             "stablehlo.fft %a, type = IRFFT, length = [6] : (tensor<4xcomplex<f64>>) -> tensor<6xf64>", "tensor<6xf64>");
  EXPECT_EQ(allBits(ones), (std::vector<uint64_t>(6, f64Bits(1.0))));
  // 2-D: RFFT then IRFFT over [2, 4].
  const std::string body2 = strCat(
      "  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [-5.0, 6.5, 7.0, -8.0]]> : tensor<2x4xf64>\n"
      "  %f = stablehlo.fft %a, type = RFFT, length = [2, 4] : (tensor<2x4xf64>) -> tensor<2x3xcomplex<f64>>\n"
      "  %r = stablehlo.fft %f, type = IRFFT, length = [2, 4] : (tensor<2x3xcomplex<f64>>) -> tensor<2x4xf64>");
  ref::RtValue r2 = test::evalResult(body2, "tensor<2x4xf64>");
  EXPECT_EQ(allBits(r2), (std::vector<uint64_t>{f64Bits(1), f64Bits(2), f64Bits(3), f64Bits(4), f64Bits(-5), f64Bits(6.5),
                                                f64Bits(7), f64Bits(-8)}));
}

TEST(Fft, NonFiniteInputIsMarkedNaN) {
  ref::RtValue r = evalOp({"dense<[(1.0, 0.0), (0x7FF0000000000000, 0.0)]> : tensor<2xcomplex<f64>>"},
                          "stablehlo.fft %a, type = FFT, length = [2] : (tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>",
                          "tensor<2xcomplex<f64>>");
  EXPECT_EQ(marks(r), (std::vector<bool>{true, true}));
  for (uint64_t b : allBits(r, 0)) EXPECT_TRUE(std::isnan(std::bit_cast<double>(b)));
}

// --- cholesky ---------------------------------------------------------------------------------------------

// The spec's example: [[1,2,3],[2,20,26],[3,26,70]] = L L^T with L = [[1,0,0],[2,4,0],[3,5,6]].
TEST(Cholesky, SpecExampleLowerAndUpper) {
  const std::string a = "dense<[[1.0, 2.0, 3.0], [2.0, 20.0, 26.0], [3.0, 26.0, 70.0]]> : tensor<3x3xf32>";
  ref::RtValue lo = evalOp({a}, "\"stablehlo.cholesky\"(%a) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf32>", "tensor<3x3xf32>");
  EXPECT_EQ(allBits(lo), (std::vector<uint64_t>{f32Bits(1), 0, 0, f32Bits(2), f32Bits(4), 0, f32Bits(3), f32Bits(5), f32Bits(6)}));
  EXPECT_EQ(marks(lo), (std::vector<bool>{false, true, true, false, false, true, false, false, false}));
  ref::RtValue up = evalOp({a}, "\"stablehlo.cholesky\"(%a) {lower = false} : (tensor<3x3xf32>) -> tensor<3x3xf32>", "tensor<3x3xf32>");
  EXPECT_EQ(allBits(up), (std::vector<uint64_t>{f32Bits(1), f32Bits(2), f32Bits(3), 0, f32Bits(4), f32Bits(5), 0, 0, f32Bits(6)}));
  EXPECT_EQ(marks(up), (std::vector<bool>{false, false, false, true, false, false, true, true, false}));
}

// Batched, complex Hermitian: A = L L^H with L = [[2, 0], [(1, 1), 3]] gives A = [[4, (2, -2)], [(2, 2), 11]];
// the second matrix is not positive definite (undefined behaviour): NaN, every element marked.
TEST(Cholesky, BatchedComplexAndNotPositiveDefinite) {
  ref::RtValue r = evalOp({"dense<[[[(4.0, 0.0), (2.0, -2.0)], [(2.0, 2.0), (11.0, 0.0)]], [[(1.0, 0.0), (0.0, 0.0)], [(2.0, 0.0), "
                           "(1.0, 0.0)]]]> : tensor<2x2x2xcomplex<f64>>"},
                          "\"stablehlo.cholesky\"(%a) {lower = true} : (tensor<2x2x2xcomplex<f64>>) -> tensor<2x2x2xcomplex<f64>>",
                          "tensor<2x2x2xcomplex<f64>>");
  const std::vector<uint64_t> re = allBits(r, 0), im = allBits(r, 1);
  ASSERT_EQ(re.size(), 8u);
  EXPECT_EQ(re[0], f64Bits(2));
  EXPECT_EQ(re[2], f64Bits(1));
  EXPECT_EQ(im[2], f64Bits(1));
  EXPECT_EQ(re[3], f64Bits(3));
  EXPECT_EQ(im[3], f64Bits(0));
  for (int i = 4; i < 8; ++i) {
    EXPECT_TRUE(std::isnan(std::bit_cast<double>(re[i])));
    EXPECT_TRUE(r.isImplDefined(i));
  }
  EXPECT_FALSE(r.isImplDefined(0));
  EXPECT_TRUE(r.isImplDefined(1));
}

// --- triangular_solve -------------------------------------------------------------------------------------

std::string solveLine(bool left, bool lower, bool unit, const std::string& transpose, const std::string& a_type, const std::string& b_type) {
  return strCat("\"stablehlo.triangular_solve\"(%a, %b) {left_side = ", left ? "true" : "false", ", lower = ", lower ? "true" : "false",
                ", unit_diagonal = ", unit ? "true" : "false", ", transpose_a = #stablehlo<transpose ", transpose, ">} : (", a_type, ", ",
                b_type, ") -> ", b_type);
}

// A = [[2, 9], [1, 4]] read as lower ([[2, 0], [1, 4]]; the 9 is ignored). By hand:
//   left, A x = [1, 2]:        x = [1/2, 3/8]
//   left, A^T x = [1, 2]:      x1 = 1/2, x0 = (1 - 1/2)/2 = 1/4
//   right, x A = [1, 2]:       4 x1 = 2, 2 x0 + x1 = 1: x = [1/4, 1/2]
//   left, unit diagonal:       x = [1, 2 - 1] = [1, 1]
TEST(TriangularSolve, ExactRationalsAllModes) {
  const std::string a = "dense<[[2.0, 9.0], [1.0, 4.0]]> : tensor<2x2xf32>";
  const std::string col = "dense<[[1.0], [2.0]]> : tensor<2x1xf32>", row = "dense<[[1.0, 2.0]]> : tensor<1x2xf32>";
  auto solve = [&](bool left, bool unit, const std::string& tr) {
    return evalOp({a, left ? col : row}, solveLine(left, true, unit, tr, "tensor<2x2xf32>", left ? "tensor<2x1xf32>" : "tensor<1x2xf32>"),
                  left ? "tensor<2x1xf32>" : "tensor<1x2xf32>");
  };
  EXPECT_EQ(allBits(solve(true, false, "NO_TRANSPOSE")), (std::vector<uint64_t>{f32Bits(0.5f), f32Bits(0.375f)}));
  EXPECT_EQ(allBits(solve(true, false, "TRANSPOSE")), (std::vector<uint64_t>{f32Bits(0.25f), f32Bits(0.5f)}));
  EXPECT_EQ(allBits(solve(true, false, "ADJOINT")), (std::vector<uint64_t>{f32Bits(0.25f), f32Bits(0.5f)}));
  EXPECT_EQ(allBits(solve(false, false, "NO_TRANSPOSE")), (std::vector<uint64_t>{f32Bits(0.25f), f32Bits(0.5f)}));
  EXPECT_EQ(allBits(solve(true, true, "NO_TRANSPOSE")), (std::vector<uint64_t>{f32Bits(1), f32Bits(1)}));
  ref::RtValue r = solve(true, false, "NO_TRANSPOSE");
  ASSERT_EQ(r.error_bound.size(), 2u);
  for (double b : r.error_bound) EXPECT_TRUE(std::isfinite(b) && b > 0 && b < 1e-5) << b;
}

// Correct rounding of a non-terminating quotient: 1/3 and 9/5 in f64 and f32; complex ADJOINT:
// conj(2i) x = 4 gives x = 4 / (-2i) = 2i.
TEST(TriangularSolve, RoundsOnceAndComplexAdjoint) {
  ref::RtValue third = evalOp({"dense<[[3.0]]> : tensor<1x1xf64>", "dense<[[1.0]]> : tensor<1x1xf64>"},
                              solveLine(true, true, false, "NO_TRANSPOSE", "tensor<1x1xf64>", "tensor<1x1xf64>"), "tensor<1x1xf64>");
  EXPECT_EQ(allBits(third), (std::vector<uint64_t>{f64Bits(1.0 / 3.0)}));
  ref::RtValue nine_fifths = evalOp({"dense<[[5.0]]> : tensor<1x1xf32>", "dense<[[9.0]]> : tensor<1x1xf32>"},
                                    solveLine(false, false, false, "TRANSPOSE", "tensor<1x1xf32>", "tensor<1x1xf32>"), "tensor<1x1xf32>");
  EXPECT_EQ(allBits(nine_fifths), (std::vector<uint64_t>{f32Bits(1.8f)}));
  ref::RtValue adj = evalOp({"dense<[[(0.0, 2.0)]]> : tensor<1x1xcomplex<f32>>", "dense<[[(4.0, 0.0)]]> : tensor<1x1xcomplex<f32>>"},
                            solveLine(true, true, false, "ADJOINT", "tensor<1x1xcomplex<f32>>", "tensor<1x1xcomplex<f32>>"),
                            "tensor<1x1xcomplex<f32>>");
  EXPECT_EQ(allBits(adj, 0), (std::vector<uint64_t>{0}));
  EXPECT_EQ(allBits(adj, 1), (std::vector<uint64_t>{f32Bits(2)}));
}

TEST(TriangularSolve, SingularIsMarkedNaN) {
  ref::RtValue r = evalOp({"dense<[[0.0, 0.0], [1.0, 4.0]]> : tensor<2x2xf32>", "dense<[[1.0], [2.0]]> : tensor<2x1xf32>"},
                          solveLine(true, true, false, "NO_TRANSPOSE", "tensor<2x2xf32>", "tensor<2x1xf32>"), "tensor<2x1xf32>");
  EXPECT_EQ(marks(r), (std::vector<bool>{true, true}));
  for (uint64_t b : allBits(r)) EXPECT_TRUE(std::isnan(std::bit_cast<float>(static_cast<uint32_t>(b))));
}

// --- malformed ops: an error status, never a crash --------------------------------------------------------

void expectError(const std::string& constants, const std::string& op_line, const std::string& type) {
  const std::string text = strCat("func.func @main() -> ", type, " {\n", constants, "  %r = ", op_line, "\n  func.return %r : ", type, "\n}\n");
  test::Evaluation e = evaluate(text);
  EXPECT_FALSE(e.status.ok()) << text;
}

TEST(Linalg, MalformedAttributesAreErrors) {
  const std::string c4 = "  %a = stablehlo.constant dense<[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>\n";
  const std::string t4 = "tensor<4xcomplex<f32>>";
  expectError(c4, "\"stablehlo.fft\"(%a) {fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>", t4);
  expectError(c4, "\"stablehlo.fft\"(%a) {fft_type = #stablehlo<fft_type FOO>, fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>", t4);
  expectError(c4, "\"stablehlo.fft\"(%a) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 5>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>", t4);
  expectError(c4, "\"stablehlo.fft\"(%a) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: -4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>", t4);
  expectError(c4, "\"stablehlo.fft\"(%a) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 1, 1, 1, 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>", t4);
  expectError(c4, "\"stablehlo.fft\"(%a) {fft_type = #stablehlo<fft_type FFT>, fft_length = \"x\"} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>", t4);
  expectError(c4, "\"stablehlo.fft\"(%a) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>>", "tensor<3xcomplex<f32>>");
  expectError(c4, "\"stablehlo.fft\"(%a) {fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xf32>", "tensor<4xf32>");
  expectError(c4, "\"stablehlo.fft\"(%a) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>", "tensor<4xcomplex<f64>>");

  const std::string m = "  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>\n";
  expectError(m, "\"stablehlo.cholesky\"(%a) {lower = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>", "tensor<2x3xf32>");
  const std::string sq = "  %a = stablehlo.constant dense<[[1.0, 0.0], [0.0, 1.0]]> : tensor<2x2xf32>\n";
  expectError(sq, "\"stablehlo.cholesky\"(%a) {lower = 1 : i32} : (tensor<2x2xf32>) -> tensor<2x2xf32>", "tensor<2x2xf32>");
  expectError(sq, "\"stablehlo.cholesky\"(%a) {lower = true} : (tensor<2x2xf32>) -> tensor<2x2xf64>", "tensor<2x2xf64>");

  const std::string ab = sq + "  %b = stablehlo.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>\n";
  expectError(ab, "\"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = true, unit_diagonal = false} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>", "tensor<2x1xf32>");
  expectError(ab, "\"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose CONJ>} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>", "tensor<2x1xf32>");
  expectError(ab, "\"stablehlo.triangular_solve\"(%a, %b) {lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>", "tensor<2x1xf32>");
  // right side: b's last dimension (1) must match a's size (2).
  expectError(ab, "\"stablehlo.triangular_solve\"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>", "tensor<2x1xf32>");
}

}  // namespace
}  // namespace hloconf
