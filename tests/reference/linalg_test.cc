// fft, cholesky and triangular_solve, each against an answer known independently of the evaluator:
// values computed with python3-mpmath at 300 bits and rounded once (quoted beside the case), exact
// rational arithmetic done by hand, or round trips whose exact result is the input.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ir/strings.h"
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
  // Length 5 (one radix-5 stage), eta_5 = 2u + sqrt(2) gamma_16 with u = 2^-53. Normwise: sqrt(5) eta_5 times
  // ||y||_2 = sqrt(5) ||x||_2 = sqrt(5 * 55); componentwise: eta_5 ||x||_1 = 15 eta_5, which is smaller and
  // is taken. Plus half an ulp of the golden value.
  ASSERT_EQ(r.error_bound.size(), 5u);
  const double u = 0x1p-53, eta = 2 * u + std::sqrt(2.0) * 16 * u / (1 - 16 * u);
  const double normwise = std::sqrt(5.0) * eta * std::sqrt(5.0 * 55.0), componentwise = eta * 15;
  ASSERT_LT(componentwise, normwise);
  EXPECT_GE(r.error_bound[0], componentwise + 0x1p-50);  // |15| has ulp 2^-49
  EXPECT_LE(r.error_bound[0], (componentwise + 0x1p-50) * (1 + 1e-6));
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
  ASSERT_EQ(r.error_bound.size(), 4u);  // two radix-2 stages
  for (double b : r.error_bound) EXPECT_TRUE(std::isfinite(b) && b > 0 && b < 1e-5) << b;

  ref::RtValue z = evalOp({"dense<[(1.0, 0.0), (1.0, 0.0), (1.0, 0.0)]> : tensor<3xcomplex<f64>>"},
                          "stablehlo.fft %a, type = FFT, length = [3] : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>",
                          "tensor<3xcomplex<f64>>");
  EXPECT_EQ(allBits(z, 0), (std::vector<uint64_t>{f64Bits(3.0), 0, 0}));
  EXPECT_EQ(allBits(z, 1), (std::vector<uint64_t>{0, 0, 0}));
}

// An implementation in the element type: a mixed-radix (3 x 5 x 2 = 30) or prime-length (17) transform
// evaluated naively in f32 arithmetic with f32 twiddles, every kind, lies within the bound of every
// element; the same evaluation with one twiddle off by 2^-8 relative (as accurate as a bf16 twiddle: a bug) leaves it for some element.
namespace {
struct F32Complex {
  float re, im;
};
// y_k = sum_j x_j w^{jk}, w = e^{-+2 pi i / n}, each product and sum in f32 (j ascending).
std::vector<F32Complex> naiveDftF32(const std::vector<F32Complex>& x, bool inverse, float spoil) {
  const size_t n = x.size();
  std::vector<F32Complex> y(n);
  for (size_t k = 0; k < n; ++k) {
    float re = 0, im = 0;
    for (size_t j = 0; j < n; ++j) {
      const double a = 2 * M_PI * static_cast<double>((j * k) % n) / static_cast<double>(n);
      float c = static_cast<float>(std::cos(a)), s = static_cast<float>(inverse ? std::sin(a) : -std::sin(a));
      if ((j * k) % n == 1) c *= spoil;
      re += x[j].re * c - x[j].im * s;
      im += x[j].re * s + x[j].im * c;
    }
    y[k] = inverse ? F32Complex{re / static_cast<float>(n), im / static_cast<float>(n)} : F32Complex{re, im};
  }
  return y;
}
std::string f32Literal(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%08X", static_cast<unsigned>(std::bit_cast<uint32_t>(v)));
  return buf;
}
// How many parts of `y` lie outside golden +- bound.
int outsideBound(const ref::RtValue& golden, const std::vector<F32Complex>& y, bool real_out) {
  int outside = 0;
  for (size_t i = 0; i < y.size(); ++i) {
    const double b = golden.error_bound.at(i);
    const double gr = std::bit_cast<float>(static_cast<uint32_t>(golden.tensor.bits(i, 0)));
    outside += std::fabs(static_cast<double>(y[i].re) - gr) > b;
    if (!real_out) {
      const double gi = std::bit_cast<float>(static_cast<uint32_t>(golden.tensor.bits(i, 1)));
      outside += std::fabs(static_cast<double>(y[i].im) - gi) > b;
    }
  }
  return outside;
}
}  // namespace

TEST(Fft, F32ImplementationsLieWithinTheBoundAndABadTwiddleDoesNot) {
  for (int n : {30, 17}) {
    std::vector<F32Complex> x(n);
    std::string cx, rx;
    for (int j = 0; j < n; ++j) {
      // Mixed signs and magnitudes, so that some outputs nearly cancel.
      x[j] = {static_cast<float>(std::sin(1.7 * j) * (1 + j % 4)), static_cast<float>(std::cos(0.3 * j * j) - 0.5)};
      cx += strCat(j ? ", " : "", "(", f32Literal(x[j].re), ", ", f32Literal(x[j].im), ")");
      rx += strCat(j ? ", " : "", f32Literal(x[j].re));
    }
    const std::string ct = strCat("tensor<", n, "xcomplex<f32>>"), rt = strCat("tensor<", n, "xf32>");
    const std::string ht = strCat("tensor<", n / 2 + 1, "xcomplex<f32>>");
    for (const char* kind : {"FFT", "IFFT"}) {
      const bool inv = std::string(kind) == "IFFT";
      ref::RtValue g = evalOp({strCat("dense<[", cx, "]> : ", ct)},
                              strCat("stablehlo.fft %a, type = ", kind, ", length = [", n, "] : (", ct, ") -> ", ct), ct);
      ASSERT_EQ(g.error_bound.size(), static_cast<size_t>(n));
      EXPECT_EQ(outsideBound(g, naiveDftF32(x, inv, 1.0f), false), 0) << kind << " " << n;
      EXPECT_GT(outsideBound(g, naiveDftF32(x, inv, 1.0f + 0x1p-8f), false), 0) << kind << " " << n;
    }
    // RFFT: the real parts only; the result is the first n/2+1 outputs.
    std::vector<F32Complex> xr = x;
    for (F32Complex& v : xr) v.im = 0;
    ref::RtValue g = evalOp({strCat("dense<[", rx, "]> : ", rt)},
                            strCat("stablehlo.fft %a, type = RFFT, length = [", n, "] : (", rt, ") -> ", ht), ht);
    ASSERT_EQ(g.error_bound.size(), static_cast<size_t>(n / 2 + 1));
    std::vector<F32Complex> y = naiveDftF32(xr, false, 1.0f);
    y.resize(n / 2 + 1);
    EXPECT_EQ(outsideBound(g, y, false), 0) << "RFFT " << n;
    y = naiveDftF32(xr, false, 1.0f + 0x1p-8f);
    y.resize(n / 2 + 1);
    EXPECT_GT(outsideBound(g, y, false), 0) << "RFFT " << n;
    // IRFFT of the first n/2+1 values of x's FFT taken as a Hermitian half spectrum (X[0] real, and
    // X[n/2] real for even n).
    std::vector<F32Complex> half(x.begin(), x.begin() + n / 2 + 1), full(n);
    half[0].im = 0;
    if (n % 2 == 0) half[n / 2].im = 0;
    std::string hx;
    for (int j = 0; j <= n / 2; ++j) hx += strCat(j ? ", " : "", "(", f32Literal(half[j].re), ", ", f32Literal(half[j].im), ")");
    for (int j = 0; j < n; ++j) full[j] = j <= n / 2 ? half[j] : F32Complex{half[n - j].re, -half[n - j].im};
    ref::RtValue gi = evalOp({strCat("dense<[", hx, "]> : ", ht)},
                             strCat("stablehlo.fft %a, type = IRFFT, length = [", n, "] : (", ht, ") -> ", rt), rt);
    ASSERT_EQ(gi.error_bound.size(), static_cast<size_t>(n));
    EXPECT_EQ(outsideBound(gi, naiveDftF32(full, true, 1.0f), true), 0) << "IRFFT " << n;
    EXPECT_GT(outsideBound(gi, naiveDftF32(full, true, 1.0f + 0x1p-8f), true), 0) << "IRFFT " << n;
  }
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

// Irrational factors are certified correctly rounded: A = [[2, 1], [1, 2]] gives L = [[sqrt 2, 0],
// [1/sqrt 2, sqrt(3/2)]]; mpmath at 300 bits, rounded once to f64: 0x1.6a09e667f3bcdp+0,
// 0x1.6a09e667f3bcdp-1, 0x1.3988e1409212ep+0.
TEST(Cholesky, IrrationalFactorIsCorrectlyRounded) {
  ref::RtValue r = evalOp({"dense<[[2.0, 1.0], [1.0, 2.0]]> : tensor<2x2xf64>"},
                          "\"stablehlo.cholesky\"(%a) {lower = true} : (tensor<2x2xf64>) -> tensor<2x2xf64>", "tensor<2x2xf64>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{f64Bits(0x1.6a09e667f3bcdp+0), 0, f64Bits(0x1.6a09e667f3bcdp-1),
                                               f64Bits(0x1.3988e1409212ep+0)}));
}

// The error bound of the spec example in f32: tr(A) = 91, and L^-1 = [[1, 0, 0], [-1/2, 1/4, 0],
// [-1/12, -5/24, 1/6]], so ||L^-1||_F^2 = 1 + 1/4 + 1/16 + 1/144 + 25/576 + 1/36; delta = gamma_4 tr / (1 - gamma_4),
// theta = ||L^-1||_F^2 delta, bound = sqrt(tr) theta / (1 - theta) plus half an ulp of the element.
TEST(Cholesky, ErrorBoundOfTheSpecExample) {
  ref::RtValue r = evalOp({"dense<[[1.0, 2.0, 3.0], [2.0, 20.0, 26.0], [3.0, 26.0, 70.0]]> : tensor<3x3xf32>"},
                          "\"stablehlo.cholesky\"(%a) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf32>", "tensor<3x3xf32>");
  ASSERT_EQ(r.error_bound.size(), 9u);
  const double u = 0x1p-24, g = 4 * u / (1 - 4 * u), delta = g * 91 / (1 - g);
  const double inv2 = 1 + 1.0 / 4 + 1.0 / 16 + 1.0 / 144 + 25.0 / 576 + 1.0 / 36, theta = inv2 * delta;
  const double normwise = std::sqrt(91.0) * theta / (1 - theta);
  // Element (2, 2) = 6 (ulp 2^-21), element (0, 0) = 1 (ulp 2^-23).
  EXPECT_NEAR(r.error_bound[8], normwise + 0x1p-22, normwise * 1e-6);
  EXPECT_NEAR(r.error_bound[0], normwise + 0x1p-24, normwise * 1e-6);
  EXPECT_FALSE(r.isImplDefined(8));
}

namespace {
// Cholesky-Crout in f32 arithmetic (sums in k order): an implementation in the element type.
// `spoil` multiplies one square root (a bug of that size).
std::vector<float> choleskyF32(const std::vector<float>& a, int n, float spoil) {
  std::vector<float> l(n * n, 0.0f);
  for (int j = 0; j < n; ++j) {
    for (int i = j; i < n; ++i) {
      float acc = a[i * n + j];
      for (int k = 0; k < j; ++k) acc -= l[i * n + k] * l[j * n + k];
      l[i * n + j] = i == j ? std::sqrt(acc) * (j == n - 1 ? spoil : 1.0f) : acc / l[j * n + j];
    }
  }
  return l;
}
}  // namespace

// An f32 factorisation lies within the bound of every element, for the 5x5 Hilbert matrix (kappa about
// 4.8e5, so the normwise bound is wide) and for a well-conditioned one (5 on the diagonal plus the Hilbert
// matrix); in the well-conditioned one, a factorisation whose last square root is 2^-10 off does not.
// A nearly singular matrix (lambda_min = 2^-24) is beyond the theorem in f32: every element is marked
// implementation-defined.
TEST(Cholesky, F32ImplementationLiesWithinTheBound) {
  const int n = 5;
  for (float diagonal : {0.0f, 5.0f}) {
    std::vector<float> a(n * n);
    std::string lit;
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        a[i * n + j] = 1.0f / static_cast<float>(i + j + 1) + (i == j ? diagonal : 0.0f);
        char buf[16];
        std::snprintf(buf, sizeof buf, "0x%08X", static_cast<unsigned>(std::bit_cast<uint32_t>(a[i * n + j])));
        lit += strCat(j == 0 ? (i ? "], [" : "[[") : ", ", buf);
      }
    }
    lit += "]]";
    ref::RtValue r = evalOp({strCat("dense<", lit, "> : tensor<5x5xf32>")},
                            "\"stablehlo.cholesky\"(%a) {lower = true} : (tensor<5x5xf32>) -> tensor<5x5xf32>", "tensor<5x5xf32>");
    ASSERT_EQ(r.error_bound.size(), 25u);
    auto outside = [&](const std::vector<float>& l) {
      int count = 0;
      for (int i = 0; i < n; ++i) {
        for (int j = 0; j <= i; ++j) {
          const double g = std::bit_cast<float>(static_cast<uint32_t>(r.tensor.bits(i * n + j, 0)));
          count += std::fabs(static_cast<double>(l[i * n + j]) - g) > r.error_bound[i * n + j];
        }
      }
      return count;
    };
    EXPECT_EQ(outside(choleskyF32(a, n, 1.0f)), 0) << diagonal;
    if (diagonal > 0) {
      EXPECT_GT(outside(choleskyF32(a, n, 1.0f + 0x1p-10f)), 0);
    }
    for (int i = 0; i < n; ++i) EXPECT_FALSE(r.isImplDefined(i * n + i));
  }
  ref::RtValue near = evalOp({"dense<[[1.0, 0x3F7FFFFF], [0x3F7FFFFF, 1.0]]> : tensor<2x2xf32>"},
                             "\"stablehlo.cholesky\"(%a) {lower = true} : (tensor<2x2xf32>) -> tensor<2x2xf32>", "tensor<2x2xf32>");
  EXPECT_EQ(marks(near), (std::vector<bool>{true, true, true, true}));
  EXPECT_EQ(near.tensor.bits(0, 0), f32Bits(1.0f));
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
