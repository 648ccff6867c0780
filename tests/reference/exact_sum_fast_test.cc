// dot_general's and convolution's fast exact sums (ProductSum in reference/exact_sum.h: a long accumulator,
// the f32 certificate, and the bound built in doubles) against the MPFR path (ref::setExactSumFastPath
// (false): mpfr_sum of the products and the sum of magnitudes in MPFR, as before the fast path): the same
// bits, marks and error bounds on random adversarial operands of every float format and both complex
// types, with and without an input model (precision_config, dot algorithms), and the same results for
// any number of threads.
//
// ExactSumFastPath.DISABLED_TenMillionElements (CTest `exact_sum_fast.long`, label "long") compares
// 10^7 result elements.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "ir/numerics_base.h"
#include "ir/strings.h"
#include "reference/exact_sum.h"
#include "reference/parallel.h"
#include "tests/reference/adversarial_values.h"
#include "tests/reference/eval_test_util.h"

namespace hloconf {
namespace {

// Restores the fast path and the thread limit however a test ends.
class ExactSumFastPath : public ::testing::Test {
 protected:
  void TearDown() override {
    ref::setExactSumFastPath(true);
    ref::setEvaluatorThreads(0);
  }
};

using test::Family;
using enum test::Family;
using test::kFamilies;
using test::kFamilyNames;
using test::randomTensor;


std::string tensorType(const std::vector<int64_t>& shape, ElementType et) {
  std::string t = "tensor<";
  for (int64_t d : shape) strAppend(&t, d, "x");
  return strCat(t, elementTypeName(et), ">");
}

struct Program {
  std::string text;
  std::vector<std::vector<int64_t>> shapes;  // of the two operands
  std::vector<ref::RtValue> args;
  int64_t elements = 0;  // result elements
};

Program makeProgram(const std::string& op_lines, const std::vector<std::vector<int64_t>>& shapes, ElementType et,
                    const std::vector<int64_t>& result_shape, ElementType rt) {
  Program prog;
  prog.shapes = shapes;
  const std::string a = tensorType(shapes[0], et), b = tensorType(shapes[1], et), r = tensorType(result_shape, rt);
  prog.text = strCat("func.func @main(%a: ", a, ", %b: ", b, ") -> ", r, " {\n  %r = ", op_lines, " : (", a, ", ", b, ") -> ", r,
                     "\n  func.return %r : ", r, "\n}\n");
  prog.elements = 1;
  for (int64_t d : result_shape) prog.elements *= d;
  return prog;
}

const char* const kPrecisions[] = {"DEFAULT", "HIGH", "HIGHEST"};

// A random dot_general: plain, batched or with two contracting dimensions; a random precision_config or,
// for f32, sometimes a dot algorithm (with components).
Program randomDot(std::mt19937_64& rng, ElementType et, Family family) {
  const int64_t m = 1 + static_cast<int64_t>(rng() % 4), n = 1 + static_cast<int64_t>(rng() % 4);
  const int64_t k = rng() % 8 == 0 ? 0 : 1 + static_cast<int64_t>(rng() % 40);
  const std::string precision = kPrecisions[rng() % 3];
  std::string attrs = strCat("precision_config = [#stablehlo<precision ", precision, ">, #stablehlo<precision ", precision, ">]");
  if (et == ElementType::kF32 && rng() % 4 == 0) {
    const bool components = rng() % 2;
    attrs = strCat("algorithm = #stablehlo.dot_algorithm<lhs_precision_type = ", rng() % 2 ? "bf16" : "tf32",
                   ", rhs_precision_type = bf16, accumulation_type = ", rng() % 2 ? "f32" : "bf16",
                   ", lhs_component_count = ", components ? 3 : 1, ", rhs_component_count = ", components ? 3 : 1,
                   ", num_primitive_operations = ", components ? 6 : 1, ", allow_imprecise_accumulation = false>");
  }
  Program prog;
  const int shape_kind = static_cast<int>(rng() % 3);
  if (shape_kind == 0) {
    prog = makeProgram(strCat("\"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], "
                              "rhs_contracting_dimensions = [0]>, ",
                              attrs, "}"),
                       {{m, k}, {k, n}}, et, {m, n}, et);
  } else if (shape_kind == 1) {
    const int64_t batch = 2;
    prog = makeProgram(strCat("\"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], "
                              "rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, ",
                              attrs, "}"),
                       {{batch, m, k}, {batch, k, n}}, et, {batch, m, n}, et);
  } else {
    const int64_t k2 = 1 + static_cast<int64_t>(rng() % 5);
    prog =
        makeProgram(strCat("\"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1, 2], "
                           "rhs_contracting_dimensions = [1, 0]>, ",
                           attrs, "}"),
                    {{m, k, k2}, {k2, k, n}}, et, {m, n}, et);
  }
  return prog;
}

// A random 1-D convolution with padding, strides, dilations and reversal (NWC input, WIO kernel).
Program randomConvolution(std::mt19937_64& rng, ElementType et) {
  const int64_t width = static_cast<int64_t>(rng() % 8), channels = 1 + static_cast<int64_t>(rng() % 6);
  const int64_t kernel = 1 + static_cast<int64_t>(rng() % 3), outputs = 1 + static_cast<int64_t>(rng() % 3);
  const int64_t stride = 1 + static_cast<int64_t>(rng() % 2), lhs_dilation = 1 + static_cast<int64_t>(rng() % 2);
  const int64_t rhs_dilation = 1 + static_cast<int64_t>(rng() % 2), pad_lo = static_cast<int64_t>(rng() % 3),
                pad_hi = static_cast<int64_t>(rng() % 3);
  const int64_t padded = (width == 0 ? 0 : (width - 1) * lhs_dilation + 1) + pad_lo + pad_hi, window = (kernel - 1) * rhs_dilation + 1;
  const int64_t out_width = padded < window ? 0 : (padded - window) / stride + 1;
  const std::string precision = kPrecisions[rng() % 3];
  return makeProgram(strCat("\"stablehlo.convolution\"(%a, %b) {window_strides = array<i64: ", stride, ">, padding = dense<[[", pad_lo,
                            ", ", pad_hi, "]]> : tensor<1x2xi64>, lhs_dilation = array<i64: ", lhs_dilation,
                            ">, rhs_dilation = array<i64: ", rhs_dilation, ">, window_reversal = array<i1: ", rng() % 2 ? "true" : "false",
                            ">, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, batch_group_count = 1 : i64, "
                            "feature_group_count = 1 : i64, "
                            "precision_config = [#stablehlo<precision ",
                            precision, ">, #stablehlo<precision ", precision, ">]}"),
                     {{1, width, channels}, {kernel, channels, outputs}}, et, {1, out_width, outputs}, et);
}

ref::RtValue run(const Program& prog) {
  test::Evaluation e = test::evaluate(prog.text, "main", prog.args);
  EXPECT_TRUE(e.status.ok()) << e.status.message() << "\n" << prog.text;
  if (!e.status.ok() || e.results.size() != 1) return ref::RtValue();
  return e.results[0];
}

const ElementType kTypes[] = {ElementType::kF32,      ElementType::kF16,    ElementType::kBF16, ElementType::kF64,
                              ElementType::kF8E4M3FN, ElementType::kF8E5M2, ElementType::kC64,  ElementType::kC128};

// Runs random dot_general and convolution programs through both paths until `elements` result elements
// have been compared; returns how many programs differed.
int compareRandomPrograms(uint64_t seed, int64_t elements, int64_t& compared, int64_t& programs) {
  std::mt19937_64 rng(seed);
  int differing = 0;
  compared = programs = 0;
  while (compared < elements) {
    for (ElementType et : kTypes) {
      for (int f = 0; f < kFamilies; ++f) {
        const Family family = static_cast<Family>(f);
        Program prog = rng() % 3 == 0 ? randomConvolution(rng, et) : randomDot(rng, et, family);
        for (const std::vector<int64_t>& shape : prog.shapes) prog.args.push_back(randomTensor(rng, shape, et, family));
        ref::setExactSumFastPath(true);
        const ref::RtValue fast = run(prog);
        ref::setExactSumFastPath(false);
        const ref::RtValue mpfr = run(prog);
        ref::setExactSumFastPath(true);
        ++programs;
        compared += prog.elements;
        if (test::countDifferences(fast, mpfr, strCat(elementTypeName(et), " ", kFamilyNames[f], "\n", prog.text)) > 0) ++differing;
        if (differing > 5) return differing;
      }
    }
  }
  return differing;
}

// exactDouble's own decoders (f64, f32, tf32, bf16, f16) against MPFR's decodeFloat: every pattern of the
// formats up to 19 bits, random ones of f32 and f64, and every other format through its generic path.
TEST(ExactDouble, EveryFormatDecodesAsMpfrDoes) {
  std::mt19937_64 rng(11);
  MpFloat exact(64);
  for (int i = 0; i < kNumElementTypes; ++i) {
    const auto t = static_cast<ElementType>(i);
    if (!isFloat(t)) continue;
    const int width = floatFormat(t).total_bits;
    const uint64_t patterns = width <= 19 ? uint64_t{1} << width : 200000;
    int mismatches = 0;
    for (uint64_t k = 0; k < patterns; ++k) {
      const uint64_t bits = width <= 19 ? k : (width == 64 ? rng() : rng() & ((uint64_t{1} << width) - 1));
      decodeFloat(t, bits, exact);
      const double expected = mpfr_get_d(exact, MPFR_RNDN), got = ref::exactDouble(t, bits);
      const bool same = std::isnan(expected) ? std::isnan(got) : std::bit_cast<uint64_t>(expected) == std::bit_cast<uint64_t>(got);
      if (!same && mismatches++ < 3) ADD_FAILURE() << elementTypeName(t) << " " << test::hex(bits) << ": " << got << " vs " << expected;
    }
    EXPECT_EQ(mismatches, 0) << elementTypeName(t);
  }
}

TEST_F(ExactSumFastPath, SameBitsMarksAndBoundsAsTheMpfrPath) {
  int64_t compared = 0, programs = 0;
  EXPECT_EQ(compareRandomPrograms(20261126, 40000, compared, programs), 0) << "of " << programs << " programs";
  EXPECT_GE(compared, 40000);
}

// The examples and the f32 certificate's edges: products that cancel to an exact zero (no
// certificate: the accumulator gives +0 or -0), sums on a midpoint, subnormal results, overflow.
TEST_F(ExactSumFastPath, CertificateEdgesAreTheMpfrPathResults) {
  const std::vector<std::pair<std::string, std::string>> dots = {
      {"[[1.0, -1.0, 1.0e-30, -1.0e-30]]", "[[1.0], [1.0], [1.0], [1.0]]"},  // exact zero
      {"[[1.0, 5.96046448e-08]]", "[[1.0], [1.0]]"},                         // 1 + 2^-24: a midpoint
      {"[[1.0, 5.96046448e-08, 1.0e-30]]", "[[1.0], [1.0], [1.0]]"},         // just above it
      {"[[1.0e-23, -9.9999e-24]]", "[[1.0e-20], [1.0e-20]]"},                // a subnormal result
      {"[[3.0e+38, 3.0e+38, -3.0e+38]]", "[[1.0], [1.0], [1.0]]"},           // overflow in some orders
      {"[[0x1A000000, 0x1A000000, 0x1A000000, 0x1A000000]]", "[[0x1A000000], [0x1A000000], [0x1A000000], [0x1A000000]]"},  // underflow
      {"[[-0.0, -0.0]]", "[[1.0], [1.0]]"},                                                                                // -0
  };
  for (const auto& [a, b] : dots) {
    const int64_t k = static_cast<int64_t>(std::count(a.begin(), a.end(), ',')) + 1;
    const std::string text =
        strCat("func.func @main() -> tensor<1x1xf32> {\n  %a = stablehlo.constant dense<", a, "> : tensor<1x", k,
               "xf32>\n  %b = stablehlo.constant dense<", b, "> : tensor<", k,
               "x1xf32>\n  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<1x", k,
               "xf32>, tensor<", k, "x1xf32>) -> tensor<1x1xf32>\n  func.return %r : tensor<1x1xf32>\n}\n");
    ref::setExactSumFastPath(true);
    test::Evaluation fast = test::evaluate(text);
    ref::setExactSumFastPath(false);
    test::Evaluation mpfr = test::evaluate(text);
    ASSERT_TRUE(fast.status.ok() && mpfr.status.ok()) << text;
    EXPECT_EQ(test::countDifferences(fast.results[0], mpfr.results[0], text), 0);
  }
}

// An empty complex lhs still has imaginary parts: with padding, every product is a padding product, and
// re = 0 * br - 0 * bi = (-0) + (+0) = +0 for br = bi = -1, im = 0 * bi + 0 * br = -0.
TEST_F(ExactSumFastPath, EmptyComplexOperandKeepsItsImaginaryTerms) {
  const std::string text =
      "func.func @main() -> tensor<1x2x1xcomplex<f32>> {\n"
      "  %a = stablehlo.constant dense<> : tensor<1x0x1xcomplex<f32>>\n"
      "  %b = stablehlo.constant dense<[[[(-1.0, -1.0)]]]> : tensor<1x1x1xcomplex<f32>>\n"
      "  %r = \"stablehlo.convolution\"(%a, %b) {padding = dense<[[1, 1]]> : tensor<1x2xi64>, dimension_numbers = #stablehlo.conv<[b, 0, "
      "f]x[0, i, o]->[b, 0, f]>, "
      "feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x0x1xcomplex<f32>>, tensor<1x1x1xcomplex<f32>>) -> "
      "tensor<1x2x1xcomplex<f32>>\n"
      "  func.return %r : tensor<1x2x1xcomplex<f32>>\n}\n";
  for (bool fast : {true, false}) {
    ref::setExactSumFastPath(fast);
    test::Evaluation e = test::evaluate(text);
    ASSERT_TRUE(e.status.ok()) << e.status.message();
    for (int64_t i = 0; i < 2; ++i) {
      EXPECT_EQ(test::bitsAt(e.results[0], i, 0), 0u) << "re " << i << (fast ? " fast" : " mpfr");
      EXPECT_EQ(test::bitsAt(e.results[0], i, 1), 0x80000000u) << "im " << i << (fast ? " fast" : " mpfr");
    }
  }
}

// The same results for 1 and 2 threads on programs large enough to be split.
TEST_F(ExactSumFastPath, ThreadCountDoesNotChangeResults) {
  std::mt19937_64 rng(7);
  for (ElementType et : {ElementType::kF32, ElementType::kC64, ElementType::kF64}) {
    Program prog = makeProgram(
        "\"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], "
        "rhs_contracting_dimensions = [0]>}",
        {{40, 30}, {30, 50}}, et, {40, 50}, et);
    for (const std::vector<int64_t>& shape : prog.shapes) prog.args.push_back(randomTensor(rng, shape, et, kWide));
    ref::setEvaluatorThreads(1);
    const ref::RtValue one = run(prog);
    ref::setEvaluatorThreads(2);
    const ref::RtValue two = run(prog);
    EXPECT_EQ(test::countDifferences(one, two, strCat(elementTypeName(et), " 1 vs 2 threads")), 0);
  }
}

TEST_F(ExactSumFastPath, DISABLED_TenMillionElements) {
  int64_t compared = 0, programs = 0;
  EXPECT_EQ(compareRandomPrograms(1, 10'000'000, compared, programs), 0) << "of " << programs << " programs";
  std::printf("compared %lld result elements of %lld programs\n", static_cast<long long>(compared), static_cast<long long>(programs));
}

}  // namespace
}  // namespace hloconf
