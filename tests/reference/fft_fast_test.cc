// fft's fast pass (plain double for f32 results, double-double for f64, each with a rigorous error bound;
// docs/accumulation.md, "fft") against the MPFR pass alone (ref::setFftFastPath(false)): the same bits,
// marks and error bounds on random and adversarial inputs of every kind, and the same results for any
// number of threads.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ir/strings.h"
#include "reference/kernels.h"
#include "reference/parallel.h"
#include "tests/reference/eval_test_util.h"

namespace hloconf {
namespace {

// Restores the fast path and the thread limit however a test ends.
class FftFastPath : public ::testing::Test {
 protected:
  void TearDown() override {
    ref::setFftFastPath(true);
    ref::setEvaluatorThreads(0);
  }
};

std::string tensorType(const std::vector<int64_t>& shape, const std::string& element) {
  std::string t = "tensor<";
  for (int64_t d : shape) strAppend(&t, d, "x");
  return t + element + ">";
}

// Input value families.
enum Family {
  kUniform,     // [-1, 1]
  kWide,        // exponents in [-60, 60]: cancellation across a wide range
  kRawBits,     // any finite bit pattern: subnormals to the largest values (f64 beyond 2^960 too)
  kNearTies,    // sums that land on or next to rounding midpoints: 1, half ulps, quarter ulps, tiny
  kIntegers,    // small integers and zeros: exact results, exact zeros, ties after the 1/n scaling
  kSparse,      // mostly zeros
  kTiny,        // small multiples of the smallest subnormal
  kNonFinite,   // uniform with a NaN or an infinity in the first slice
  kFamilies,
};

uint64_t draw(std::mt19937_64& rng, Family family, ElementType part) {
  const bool f32 = part == ElementType::kF32;
  const int p = f32 ? 24 : 53;
  const auto bits = [&](double v) -> uint64_t { return f32 ? std::bit_cast<uint32_t>(static_cast<float>(v)) : std::bit_cast<uint64_t>(v); };
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  switch (family) {
    case kUniform:
    case kNonFinite:
      return bits(unit(rng));
    case kWide:
      return bits(unit(rng) * std::ldexp(1.0, static_cast<int>(rng() % 121) - 60));
    case kRawBits:
      for (;;) {
        const uint64_t b = f32 ? rng() & 0xFFFFFFFFu : rng();
        const double v = f32 ? std::bit_cast<float>(static_cast<uint32_t>(b)) : std::bit_cast<double>(b);
        if (std::isfinite(v)) return b;
      }
    case kNearTies: {
      const double choices[] = {1, std::ldexp(1.0, -p), std::ldexp(1.0, -p - 1), 3 * std::ldexp(1.0, -p - 1), std::ldexp(1.0, -2 * p - 5), 0, 0.5};
      const double v = choices[rng() % 7];
      return bits(rng() % 2 ? v : -v);
    }
    case kIntegers:
      return bits(static_cast<double>(static_cast<int>(rng() % 7) - 3));
    case kSparse:
      return bits(rng() % 5 == 0 ? unit(rng) : 0.0);
    case kTiny:
      return bits(static_cast<double>(static_cast<int>(rng() % 11) - 5) * std::ldexp(1.0, f32 ? -149 : -1074));
    case kFamilies:
      break;
  }
  return 0;
}

struct FftProgram {
  std::string text;
  ref::RtValue operand;
};

// `%r = fft %a` of a random operand: `batch` leading dimensions, then the transformed ones.
FftProgram makeProgram(std::mt19937_64& rng, const std::string& kind, ElementType part, const std::vector<int64_t>& batch,
                       const std::vector<int64_t>& lengths, Family family, bool with_marks) {
  const std::string pt = part == ElementType::kF32 ? "f32" : "f64", ct = strCat("complex<", pt, ">");
  std::vector<int64_t> ishape = batch, oshape = batch;
  ishape.insert(ishape.end(), lengths.begin(), lengths.end());
  oshape.insert(oshape.end(), lengths.begin(), lengths.end());
  const int64_t half = lengths.back() / 2 + 1;
  if (kind == "IRFFT") ishape.back() = half;
  if (kind == "RFFT") oshape.back() = half;
  const bool real_in = kind == "RFFT";
  const std::string it = tensorType(ishape, real_in ? pt : ct), ot = tensorType(oshape, kind == "IRFFT" ? pt : ct);
  std::string length_list;
  for (size_t i = 0; i < lengths.size(); ++i) strAppend(&length_list, i ? ", " : "", lengths[i]);
  FftProgram prog;
  prog.text = strCat("func.func @main(%a: ", it, ") -> ", ot, " {\n  %r = stablehlo.fft %a, type = ", kind, ", length = [", length_list, "] : (",
                     it, ") -> ", ot, "\n  func.return %r : ", ot, "\n}\n");
  const ElementType et = real_in ? part : (part == ElementType::kF32 ? ElementType::kC64 : ElementType::kC128);
  Tensor t(Type::tensor(ishape, Type::element(et)));
  std::vector<uint8_t> marks(t.numElements());
  for (int64_t i = 0; i < t.numElements(); ++i) {
    t.setBits(i, draw(rng, family, part), 0);
    if (!real_in) t.setBits(i, draw(rng, family, part), 1);
    marks[i] = with_marks && rng() % 16 == 0;
  }
  if (family == kNonFinite && t.numElements() > 0) {
    const bool f32 = part == ElementType::kF32;
    const uint64_t specials[] = {f32 ? 0x7FC00000u : 0x7FF8000000000000u, f32 ? 0x7F800000u : 0x7FF0000000000000u,
                                 f32 ? 0xFF800000u : 0xFFF0000000000000u};
    t.setBits(static_cast<int64_t>(rng() % static_cast<uint64_t>(t.numElements() / std::max<int64_t>(1, batch.empty() ? 1 : batch[0]))),
              specials[rng() % 3], real_in ? 0 : static_cast<int>(rng() % 2));
  }
  prog.operand = ref::RtValue::ofTensor(std::move(t), with_marks ? marks : std::vector<uint8_t>{});
  return prog;
}

ref::RtValue run(const FftProgram& prog) {
  test::Evaluation e = test::evaluate(prog.text, "main", {prog.operand});
  EXPECT_TRUE(e.status.ok()) << e.status.message() << "\n" << prog.text;
  if (!e.status.ok() || e.results.size() != 1) return ref::RtValue();
  return e.results[0];
}

const char* const kKinds[] = {"FFT", "IFFT", "RFFT", "IRFFT"};
const char* const kFamilyNames[] = {"uniform", "wide", "raw-bits", "near-ties", "integers", "sparse", "tiny", "non-finite"};

// Every kind, both part types, lengths 1 to 17 (primes, powers of two, composites) and 2-D and 3-D
// transforms with batch dimensions, every input family, some inputs marked: the fast pass's results are
// the MPFR pass's, bit for bit.
TEST_F(FftFastPath, SameBitsMarksAndBoundsAsTheMpfrPass) {
  const std::vector<std::vector<int64_t>> shapes = {{1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}, {12}, {13}, {16}, {17}, {3, 4}, {2, 3, 5}, {4, 1, 2}};
  std::mt19937_64 rng(15);
  int cases = 0, differing = 0;
  for (const char* kind : kKinds) {
    for (ElementType part : {ElementType::kF32, ElementType::kF64}) {
      for (const std::vector<int64_t>& lengths : shapes) {
        for (int f = 0; f < kFamilies; ++f) {
          const std::vector<int64_t> batch = rng() % 2 ? std::vector<int64_t>{3} : std::vector<int64_t>{2, 2};
          const FftProgram prog = makeProgram(rng, kind, part, batch, lengths, static_cast<Family>(f), rng() % 3 == 0);
          ref::setFftFastPath(true);
          const ref::RtValue fast = run(prog);
          ref::setFftFastPath(false);
          const ref::RtValue mpfr = run(prog);
          ++cases;
          differing += test::countDifferences(fast, mpfr, strCat(kind, " ", part == ElementType::kF32 ? "f32" : "f64", " ", kFamilyNames[f], "\n", prog.text)) > 0;
        }
      }
    }
  }
  EXPECT_EQ(differing, 0) << "of " << cases << " programs";
}

// Larger transforms: prime and composite lengths up to 61, where the fast pass decides nearly every element
// and the MPFR pass handles the rest line by line.
TEST_F(FftFastPath, SameBitsOnLargerTransforms) {
  struct Shape {
    std::vector<int64_t> batch, lengths;
  };
  const Shape shapes[] = {{{4}, {61}}, {{2}, {64}}, {{3}, {9, 10}}, {{1}, {5, 6, 7}}};
  std::mt19937_64 rng(16);
  for (const char* kind : kKinds) {
    for (ElementType part : {ElementType::kF32, ElementType::kF64}) {
      for (const Shape& s : shapes) {
        for (Family f : {kUniform, kWide, kNearTies}) {
          const FftProgram prog = makeProgram(rng, kind, part, s.batch, s.lengths, f, true);
          ref::setFftFastPath(true);
          const ref::RtValue fast = run(prog);
          ref::setFftFastPath(false);
          const ref::RtValue mpfr = run(prog);
          EXPECT_EQ(test::countDifferences(fast, mpfr, strCat(kind, " ", kFamilyNames[f], "\n", prog.text)), 0);
        }
      }
    }
  }
}

// Exact zeros and exact midpoints reached through the twiddles: FFT of [1, 1, 1] (1 + w + w^2 = 0), RFFT's
// imaginary parts at 0 and n/2 (exactly 0 for real data, +0 in both passes), and FFT of [1, -2^-24, -2^-24]
// in f32, whose elements 1 and 2 are 1 - 2^-24 (w + w^2) = 1 + 2^-24 exactly, the midpoint between 1 and
// 1 + 2^-23 (no error bound decides it; docs/accumulation.md: the value at the last precision is rounded).
TEST_F(FftFastPath, ExactZerosAndTiesAreTheMpfrPassOnes) {
  const std::vector<std::string> programs = {
      "func.func @main() -> tensor<3xcomplex<f64>> {\n"
      "  %a = stablehlo.constant dense<[(1.0, 0.0), (1.0, 0.0), (1.0, 0.0)]> : tensor<3xcomplex<f64>>\n"
      "  %r = stablehlo.fft %a, type = FFT, length = [3] : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>\n"
      "  func.return %r : tensor<3xcomplex<f64>>\n}\n",
      "func.func @main() -> tensor<2x4xcomplex<f32>> {\n"
      "  %a = stablehlo.constant dense<[[0.1, -2.5, 3.0, 7.0, 1.0, 1.0], [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]]> : tensor<2x6xf32>\n"
      "  %r = stablehlo.fft %a, type = RFFT, length = [6] : (tensor<2x6xf32>) -> tensor<2x4xcomplex<f32>>\n"
      "  func.return %r : tensor<2x4xcomplex<f32>>\n}\n",
      "func.func @main() -> tensor<3xcomplex<f32>> {\n"
      "  %a = stablehlo.constant dense<[(1.0, 0.0), (0xB3800000, 0.0), (0xB3800000, 0.0)]> : tensor<3xcomplex<f32>>\n"
      "  %r = stablehlo.fft %a, type = FFT, length = [3] : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>\n"
      "  func.return %r : tensor<3xcomplex<f32>>\n}\n",
  };
  for (const std::string& text : programs) {
    ref::setFftFastPath(true);
    test::Evaluation fast = test::evaluate(text);
    ref::setFftFastPath(false);
    test::Evaluation mpfr = test::evaluate(text);
    ASSERT_TRUE(fast.status.ok() && mpfr.status.ok()) << text;
    EXPECT_EQ(test::countDifferences(fast.results[0], mpfr.results[0], text), 0);
  }
  // The RFFT's imaginary parts at 0 and n/2 = 3 are +0 in both slices.
  ref::setFftFastPath(true);
  test::Evaluation rfft = test::evaluate(programs[1]);
  ASSERT_TRUE(rfft.status.ok());
  for (int64_t i : {0, 3, 4, 7}) EXPECT_EQ(rfft.results[0].tensor.bits(i, 1), 0u) << i;
  // The midpoint rounds to even (1.0: the real parts' products are exact, so the value at the last precision
  // is the midpoint itself); the imaginary parts (-2^-24)(-s) + (-2^-24)(s) cancel exactly: +0.
  test::Evaluation tie = test::evaluate(programs[2]);
  ASSERT_TRUE(tie.status.ok());
  for (int64_t i : {1, 2}) {
    EXPECT_EQ(tie.results[0].tensor.bits(i, 0), 0x3F800000u) << i;
    EXPECT_EQ(tie.results[0].tensor.bits(i, 1), 0u) << i;
  }
}

// The same results for 1 and 2 threads, with the fast pass and without (the MPFR pass runs slices in
// parallel, and the lines of one large slice), on transforms large enough to be split.
TEST_F(FftFastPath, ThreadCountDoesNotChangeResults) {
  std::mt19937_64 rng(17);
  const FftProgram progs[] = {
      makeProgram(rng, "FFT", ElementType::kF64, {12}, {10, 12}, kUniform, true),
      makeProgram(rng, "IRFFT", ElementType::kF32, {6, 5}, {15, 16}, kNearTies, true),
      makeProgram(rng, "RFFT", ElementType::kF64, {40}, {33}, kWide, false),
      makeProgram(rng, "FFT", ElementType::kF32, {}, {40, 40}, kUniform, true),  // one slice: its lines in parallel
  };
  for (const FftProgram& prog : progs) {
    for (bool fast : {true, false}) {
      ref::setFftFastPath(fast);
      ref::setEvaluatorThreads(1);
      const ref::RtValue one = run(prog);
      ref::setEvaluatorThreads(2);
      const ref::RtValue two = run(prog);
      EXPECT_EQ(test::countDifferences(one, two, strCat(fast ? "fast " : "mpfr ", prog.text.substr(0, 120))), 0);
    }
  }
}

}  // namespace
}  // namespace hloconf
