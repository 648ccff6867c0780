// The fast exact sums of reduce, reduce_window and select_and_scatter with a single float or complex add
// body (fastFloatSum in reference/kernels_reduction.cc: a long accumulator and the bound's 64-bit steps on
// integers) against the MPFR path (ref::setExactSumFastPath(false): exactFloatSum, one MPFR number per
// term): the same bits, marks and error bounds on random adversarial operands of every float format and
// both complex types, and the same results for any number of threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdint>
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
class ReduceFastPath : public ::testing::Test {
 protected:
  void TearDown() override {
    ref::setExactSumFastPath(true);
    ref::setEvaluatorThreads(0);
  }
};

// Operand value families.
using test::draw;
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

std::string ints(const std::vector<int64_t>& values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i) strAppend(&text, i ? ", " : "", values[i]);
  return text;
}

std::string addBody(ElementType et) {
  const std::string s = tensorType({}, et);
  return strCat("{\n  ^bb0(%x: ", s, ", %y: ", s, "):\n    %s = stablehlo.add %x, %y : ", s, "\n    stablehlo.return %s : ", s, "\n  }");
}

struct Program {
  std::string text;
  std::vector<std::vector<int64_t>> shapes;  // of the arguments
  std::vector<ref::RtValue> args;
  int64_t elements = 1;  // result elements
};

std::vector<int64_t> randomShape(std::mt19937_64& rng, int rank, int64_t max_dim) {
  std::vector<int64_t> shape;
  for (int d = 0; d < rank; ++d) shape.push_back(static_cast<int64_t>(rng() % static_cast<uint64_t>(max_dim + 1)));
  return shape;
}

// reduce over a random subset of the dimensions (possibly none or all), with empty dimensions now and then.
Program randomReduce(std::mt19937_64& rng, ElementType et) {
  const int rank = 1 + static_cast<int>(rng() % 3);
  std::vector<int64_t> shape = randomShape(rng, rank, rank == 1 ? 40 : 7);
  if (rng() % 6 != 0) {
    for (int64_t& d : shape) d = std::max<int64_t>(d, 1);
  }
  std::vector<int64_t> dims, result;
  for (int d = 0; d < rank; ++d) {
    if (rng() % 2) {
      dims.push_back(d);
    } else {
      result.push_back(shape[d]);
    }
  }
  Program prog;
  prog.shapes = {shape, {}};
  const std::string in = tensorType(shape, et), s = tensorType({}, et), out = tensorType(result, et);
  prog.text = strCat("func.func @main(%a: ", in, ", %b: ", s, ") -> ", out, " {\n  %r = \"stablehlo.reduce\"(%a, %b) (", addBody(et),
                     ") {dimensions = array<i64", dims.empty() ? "" : ": ", ints(dims), ">} : (", in, ", ", s, ") -> ", out, "\n  func.return %r : ", out, "\n}\n");
  for (int64_t d : result) prog.elements *= d;
  return prog;
}

// reduce_window with random window sizes, strides, base and window dilations and (possibly negative) padding.
Program randomReduceWindow(std::mt19937_64& rng, ElementType et) {
  const int rank = 1 + static_cast<int>(rng() % 2);
  const std::vector<int64_t> shape = randomShape(rng, rank, rank == 1 ? 12 : 6);
  std::vector<int64_t> window, strides, base, wdil, result;
  std::vector<std::vector<int64_t>> padding;
  for (int d = 0; d < rank; ++d) {
    window.push_back(1 + static_cast<int64_t>(rng() % 4));
    strides.push_back(1 + static_cast<int64_t>(rng() % 3));
    base.push_back(1 + static_cast<int64_t>(rng() % 2));
    wdil.push_back(1 + static_cast<int64_t>(rng() % 2));
    // Padding in [-1, 2] on each side, none where a negative one would leave a negative size.
    const int64_t dilated = shape[d] == 0 ? 0 : (shape[d] - 1) * base[d] + 1;
    padding.push_back({static_cast<int64_t>(rng() % 4) - 1, static_cast<int64_t>(rng() % 4) - 1});
    if (dilated + padding[d][0] + padding[d][1] < 0) padding[d] = {0, 0};
    const int64_t padded = dilated + padding[d][0] + padding[d][1];
    const int64_t dilated_window = (window[d] - 1) * wdil[d] + 1;
    result.push_back(padded == 0 || dilated_window > padded ? 0 : (padded - dilated_window) / strides[d] + 1);
  }
  std::string pad;
  for (int d = 0; d < rank; ++d) strAppend(&pad, d ? ", " : "", "[", padding[d][0], ", ", padding[d][1], "]");
  Program prog;
  prog.shapes = {shape, {}};
  const std::string in = tensorType(shape, et), s = tensorType({}, et), out = tensorType(result, et);
  prog.text = strCat("func.func @main(%a: ", in, ", %b: ", s, ") -> ", out, " {\n  %r = \"stablehlo.reduce_window\"(%a, %b) (", addBody(et),
                     ") {window_dimensions = array<i64: ", ints(window), ">, window_strides = array<i64: ", ints(strides),
                     ">, base_dilations = array<i64: ", ints(base), ">, window_dilations = array<i64: ", ints(wdil), ">, padding = dense<[", pad,
                     "]> : tensor<", rank, "x2xi64>} : (", in, ", ", s, ") -> ", out, "\n  func.return %r : ", out, "\n}\n");
  for (int64_t d : result) prog.elements *= d;
  return prog;
}

// select_and_scatter (select GE) with overlapping windows, so that several source values land on one element.
Program randomSelectAndScatter(std::mt19937_64& rng, ElementType et) {
  const int rank = 1 + static_cast<int>(rng() % 2);
  const std::vector<int64_t> shape = randomShape(rng, rank, rank == 1 ? 12 : 6);
  std::vector<int64_t> window, strides, windows;
  std::string pad;
  for (int d = 0; d < rank; ++d) {
    window.push_back(1 + static_cast<int64_t>(rng() % 3));
    strides.push_back(1 + static_cast<int64_t>(rng() % 2));
    const int64_t lo = static_cast<int64_t>(rng() % 2), hi = static_cast<int64_t>(rng() % 2);
    strAppend(&pad, d ? ", " : "", "[", lo, ", ", hi, "]");
    const int64_t padded = shape[d] + lo + hi;
    windows.push_back(padded == 0 || window[d] > padded ? 0 : (padded - window[d]) / strides[d] + 1);
  }
  Program prog;
  prog.shapes = {shape, windows, {}};
  const std::string in = tensorType(shape, et), src = tensorType(windows, et), s = tensorType({}, et);
  prog.text = strCat("func.func @main(%a: ", in, ", %src: ", src, ", %b: ", s, ") -> ", in,
                     " {\n  %r = \"stablehlo.select_and_scatter\"(%a, %src, %b) ({\n  ^bb0(%x: ", s, ", %y: ", s,
                     "):\n    %c = stablehlo.compare GE, %x, %y : (", s, ", ", s, ") -> tensor<i1>\n    stablehlo.return %c : tensor<i1>\n  }, ",
                     addBody(et), ") {window_dimensions = array<i64: ", ints(window), ">, window_strides = array<i64: ", ints(strides),
                     ">, padding = dense<[", pad, "]> : tensor<", rank, "x2xi64>} : (", in, ", ", src, ", ", s, ") -> ", in,
                     "\n  func.return %r : ", in, "\n}\n");
  for (int64_t d : shape) prog.elements *= d;
  return prog;
}

ref::RtValue run(const Program& prog) {
  test::Evaluation e = test::evaluate(prog.text, "main", prog.args);
  EXPECT_TRUE(e.status.ok()) << e.status.message() << "\n" << prog.text;
  if (!e.status.ok() || e.results.size() != 1) return ref::RtValue();
  return e.results[0];
}

const ElementType kTypes[] = {ElementType::kF32,      ElementType::kF16,    ElementType::kBF16, ElementType::kF64,
                              ElementType::kF8E4M3FN, ElementType::kF8E5M2, ElementType::kC64,  ElementType::kC128};

// Runs random reduce, reduce_window and select_and_scatter programs through both paths until `elements`
// result elements have been compared; returns how many programs differed.
int compareRandomPrograms(uint64_t seed, int64_t elements, int64_t& compared, int64_t& programs) {
  std::mt19937_64 rng(seed);
  int differing = 0;
  compared = programs = 0;
  while (compared < elements) {
    for (ElementType et : kTypes) {
      for (int f = 0; f < kFamilies; ++f) {
        const Family family = static_cast<Family>(f);
        const int kind = static_cast<int>(rng() % 3);
        // select GE does not compare complex values: those take reduce or reduce_window.
        Program prog = kind == 0 ? randomReduce(rng, et)
                       : kind == 1 || isComplex(et) ? randomReduceWindow(rng, et)
                                                    : randomSelectAndScatter(rng, et);
        for (const std::vector<int64_t>& shape : prog.shapes) {
          // The init value: the additive identity mostly (an unmarked result), else from the family.
          const bool init = shape.empty() && prog.args.size() + 1 == prog.shapes.size();
          prog.args.push_back(init && rng() % 3 != 0 ? test::tensorArg({}, et, {0}) : randomTensor(rng, shape, et, family));
        }
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

TEST_F(ReduceFastPath, SameBitsMarksAndBoundsAsTheMpfrPath) {
  int64_t compared = 0, programs = 0;
  EXPECT_EQ(compareRandomPrograms(20261126, 30000, compared, programs), 0) << "of " << programs << " programs";
  EXPECT_GE(compared, 30000);
}

// The long sweep: 10^7 result elements (CTest `reduce_fast.long`, label "long").
TEST_F(ReduceFastPath, DISABLED_TenMillionElements) {
  int64_t compared = 0, programs = 0;
  EXPECT_EQ(compareRandomPrograms(1, 10'000'000, compared, programs), 0) << "of " << programs << " programs";
  std::printf("compared %lld result elements of %lld programs\n", static_cast<long long>(compared), static_cast<long long>(programs));
}

// Long sums of one format: many terms per element, where the magnitudes' double sum rounds (the bound's
// MPFR steps from the exact sums) or not (the integer steps).
TEST_F(ReduceFastPath, LongRowsAreTheMpfrPathResults) {
  std::mt19937_64 rng(3);
  for (ElementType et : {ElementType::kF32, ElementType::kF64, ElementType::kBF16, ElementType::kC64}) {
    for (Family family : {kUniform, kWide, kRawBits, kCancellation, kInfinities}) {
      Program prog;
      prog.shapes = {{16, 700}, {}};
      const std::string in = tensorType({16, 700}, et), s = tensorType({}, et), out = tensorType({16}, et);
      prog.text = strCat("func.func @main(%a: ", in, ", %b: ", s, ") -> ", out, " {\n  %r = \"stablehlo.reduce\"(%a, %b) (", addBody(et),
                         ") {dimensions = array<i64: 1>} : (", in, ", ", s, ") -> ", out, "\n  func.return %r : ", out, "\n}\n");
      prog.elements = 16;
      prog.args = {randomTensor(rng, {16, 700}, et, family), test::tensorArg({}, et, {0})};
      ref::setExactSumFastPath(true);
      const ref::RtValue fast = run(prog);
      ref::setExactSumFastPath(false);
      const ref::RtValue mpfr = run(prog);
      EXPECT_EQ(test::countDifferences(fast, mpfr, strCat(elementTypeName(et), " ", kFamilyNames[family])), 0);
    }
  }
}

// Hand-picked sums: an exact zero of nonzero terms (+0), all -0 (-0), a midpoint, a subnormal result,
// overflow in some orders, an infinity beside finite terms, +inf + -inf, a NaN, and an f32 sum with
// a promoted bf16 input.
TEST_F(ReduceFastPath, EdgeSumsAreTheMpfrPathResults) {
  const std::vector<std::string> rows = {
      "[1.0, -1.0, 1.0e-30, -1.0e-30]", "[-0.0, -0.0, -0.0]",       "[1.0, 5.96046448e-08]", "[1.0, 5.96046448e-08, 1.0e-30]",
      "[1.0e-45, 2.0e-45, -1.0e-45]",   "[3.0e+38, 3.0e+38, -3.0e+38]", "[0x7F800000, 1.0, 3.0e+38]", "[0x7F800000, 0xFF800000, 1.0]",
      "[1.0, 0x7FC00001, 0xFF800000]",   "[0x7F800000, 1.0e+38, 1.0e-40]",
  };
  for (const std::string& row : rows) {
    const int64_t k = static_cast<int64_t>(std::count(row.begin(), row.end(), ',')) + 1;
    const std::string text = strCat("func.func @main() -> tensor<f32> {\n  %a = stablehlo.constant dense<", row, "> : tensor<", k,
                                    "xf32>\n  %z = stablehlo.constant dense<-0.0> : tensor<f32>\n  %r = \"stablehlo.reduce\"(%a, %z) (",
                                    addBody(ElementType::kF32), ") {dimensions = array<i64: 0>} : (tensor<", k,
                                    "xf32>, tensor<f32>) -> tensor<f32>\n  func.return %r : tensor<f32>\n}\n");
    ref::setExactSumFastPath(true);
    test::Evaluation fast = test::evaluate(text);
    ref::setExactSumFastPath(false);
    test::Evaluation mpfr = test::evaluate(text);
    ASSERT_TRUE(fast.status.ok() && mpfr.status.ok()) << text;
    EXPECT_EQ(test::countDifferences(fast.results[0], mpfr.results[0], text), 0);
  }
}

// Inputs promoted to the body's type (bf16 and f16 into f32, f32 into f64): the sums of the converted values.
TEST_F(ReduceFastPath, PromotedInputsAreTheMpfrPathResults) {
  std::mt19937_64 rng(11);
  const std::pair<ElementType, ElementType> pairs[] = {
      {ElementType::kBF16, ElementType::kF32}, {ElementType::kF16, ElementType::kF32}, {ElementType::kF32, ElementType::kF64}};
  for (const auto& [from, to] : pairs) {
    for (Family family : {kUniform, kWide, kRawBits, kNonFinite}) {
      const std::string in = tensorType({4, 300}, from), s = tensorType({}, from), out = tensorType({4}, to);
      Program prog;
      prog.text = strCat("func.func @main(%a: ", in, ", %b: ", s, ") -> ", out, " {\n  %r = \"stablehlo.reduce\"(%a, %b) (", addBody(to),
                         ") {dimensions = array<i64: 1>} : (", in, ", ", s, ") -> ", out, "\n  func.return %r : ", out, "\n}\n");
      prog.args = {randomTensor(rng, {4, 300}, from, family), randomTensor(rng, {}, from, family)};
      ref::setExactSumFastPath(true);
      const ref::RtValue fast = run(prog);
      ref::setExactSumFastPath(false);
      const ref::RtValue mpfr = run(prog);
      EXPECT_EQ(test::countDifferences(fast, mpfr, strCat(elementTypeName(from), " into ", elementTypeName(to), " ", kFamilyNames[family])), 0);
    }
  }
}

// The rows [first, first + count) of a 2-D tensor.
ref::RtValue rows(const ref::RtValue& v, int64_t first, int64_t count) {
  const int64_t width = v.tensor.type().shape()[1];
  Tensor t(Type::tensor({count, width}, Type::element(v.tensor.elementType())));
  const int parts = isComplex(v.tensor.elementType()) ? 2 : 1;
  for (int64_t i = 0; i < count * width; ++i) {
    for (int k = 0; k < parts; ++k) t.setBits(i, v.tensor.bits(first * width + i, k), k);
  }
  return ref::RtValue::ofTensor(std::move(t));
}

// The same results for 1 and 2 threads on reductions large enough to be split, and the same as each
// element computed alone (a program on the rows it reads, too small to be split): a range of elements
// must not depend on where the pool's split puts it.
TEST_F(ReduceFastPath, ThreadCountDoesNotChangeResults) {
  std::mt19937_64 rng(7);
  for (ElementType et : {ElementType::kF32, ElementType::kC64, ElementType::kF64}) {
    for (bool fast : {true, false}) {
      ref::setExactSumFastPath(fast);
      Program reduce;
      reduce.shapes = {{300, 64}, {}};
      const std::string in = tensorType({300, 64}, et), s = tensorType({}, et), out = tensorType({300}, et);
      reduce.text = strCat("func.func @main(%a: ", in, ", %b: ", s, ") -> ", out, " {\n  %r = \"stablehlo.reduce\"(%a, %b) (", addBody(et),
                           ") {dimensions = array<i64: 1>} : (", in, ", ", s, ") -> ", out, "\n  func.return %r : ", out, "\n}\n");
      Program window;
      window.shapes = {{300, 64}, {}};
      const std::string wout = tensorType({298, 62}, et);
      window.text = strCat("func.func @main(%a: ", in, ", %b: ", s, ") -> ", wout, " {\n  %r = \"stablehlo.reduce_window\"(%a, %b) (", addBody(et),
                           ") {window_dimensions = array<i64: 3, 3>} : (", in, ", ", s, ") -> ", wout, "\n  func.return %r : ", wout, "\n}\n");
      for (Program* prog : {&reduce, &window}) {
        prog->args = {randomTensor(rng, {300, 64}, et, kWide), test::tensorArg({}, et, {0})};
        ref::setEvaluatorThreads(1);
        const ref::RtValue one = run(*prog);
        ref::setEvaluatorThreads(2);
        const ref::RtValue two = run(*prog);
        EXPECT_EQ(test::countDifferences(one, two, strCat(elementTypeName(et), fast ? " fast" : " mpfr", " 1 vs 2 threads\n", prog->text)), 0);
      }
      // Rows alone: reduce row i (one element), reduce_window rows i..i+2 (one row of 62 elements).
      const std::string in1 = tensorType({1, 64}, et), out1 = tensorType({1}, et), in3 = tensorType({3, 64}, et), out3 = tensorType({1, 62}, et);
      Program row, band;
      row.text = strCat("func.func @main(%a: ", in1, ", %b: ", s, ") -> ", out1, " {\n  %r = \"stablehlo.reduce\"(%a, %b) (", addBody(et),
                        ") {dimensions = array<i64: 1>} : (", in1, ", ", s, ") -> ", out1, "\n  func.return %r : ", out1, "\n}\n");
      band.text = strCat("func.func @main(%a: ", in3, ", %b: ", s, ") -> ", out3, " {\n  %r = \"stablehlo.reduce_window\"(%a, %b) (", addBody(et),
                         ") {window_dimensions = array<i64: 3, 3>} : (", in3, ", ", s, ") -> ", out3, "\n  func.return %r : ", out3, "\n}\n");
      ref::setEvaluatorThreads(2);
      const ref::RtValue whole = run(reduce), windows = run(window);
      for (int64_t i = 0; i < 298; i += 37) {
        row.args = {rows(reduce.args[0], i, 1), reduce.args[1]};
        band.args = {rows(window.args[0], i, 3), window.args[1]};
        const ref::RtValue alone = run(row), band_alone = run(band);
        for (int part = 0; part < (isComplex(et) ? 2 : 1); ++part) {
          EXPECT_EQ(whole.tensor.bits(i, part), alone.tensor.bits(0, part)) << elementTypeName(et) << " reduce row " << i;
          for (int64_t j = 0; j < 62; ++j) {
            EXPECT_EQ(windows.tensor.bits(i * 62 + j, part), band_alone.tensor.bits(j, part)) << elementTypeName(et) << " window " << i << ", " << j;
          }
        }
        EXPECT_EQ(std::bit_cast<uint64_t>(whole.error_bound[i]), std::bit_cast<uint64_t>(alone.error_bound[0])) << "reduce row " << i;
        EXPECT_EQ(std::bit_cast<uint64_t>(windows.error_bound[i * 62 + 61]), std::bit_cast<uint64_t>(band_alone.error_bound[61])) << "window " << i;
      }
    }
  }
}

}  // namespace
}  // namespace hloconf
