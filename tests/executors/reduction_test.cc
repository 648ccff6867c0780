// reduce, reduce_window and select_and_scatter on the cpu executor: the spec suite's cases and generated
// programs under `default`, and the schedule details the suites may miss.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "tests/executors/suite_check.h"

namespace hloconf {
namespace {

using testing::expectCpuPasses;
using testing::Unsupported;

TEST(CpuReduction, SpecCasesPass) {
  // Some cases need ops of other families (and/or/xor bodies, complex add, bitcast_convert): counted.
  for (const char* op : {"reduce", "reduce_window", "select_and_scatter"}) {
    SCOPED_TRACE(op);
    const testing::SuiteTally tally = expectCpuPasses({std::string(HLOCONF_SOURCE_DIR) + "/cases/" + op}, 1, Unsupported::kCounted);
    EXPECT_GT(tally.passed, tally.cases / 2);
  }
}

TEST(CpuReduction, GeneratedProgramsPass) {
  const testing::SuiteTally tally =
      expectCpuPasses({"gen:reduce", "gen:reduce_window", "gen:select_and_scatter"}, 2, Unsupported::kCounted);
  EXPECT_GT(tally.passed, tally.cases / 2);
}

// Cases written for what the suites may miss: a non-identity init value combined with reduce_window's
// padding and base-dilation holes (the spec pads with the init value), a reduction over a middle
// dimension, a variadic region body (argmax), and select_and_scatter with an all-padding window.
constexpr const char* kScheduleCases = R"(
// Case: executors/reduce_window_padding_counts_init
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %init = stablehlo.constant dense<10.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 2>, base_dilations = array<i64: 2, 1>,
      padding = dense<[[1, 0], [0, 1]]> : tensor<2x2xi64>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x2xf32>
  check.expect_eq_const %r, dense<[[33.0, 43.0], [33.0, 43.0], [39.0, 46.0]]> : tensor<3x2xf32>
  func.return
}
// -----
// Case: executors/reduce_middle_dimension
func.func @main() {
  %x = stablehlo.constant dense<[[[0, 0], [1, 1], [2, 2]], [[0, 0], [1, 1], [2, 2]]]> : tensor<2x3x2xi32>
  %init = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3x2xi32>, tensor<i32>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[4, 4], [4, 4]]> : tensor<2x2xi32>
  func.return
}
// -----
// Case: executors/reduce_variadic_argmax
func.func @main() {
  %v = stablehlo.constant dense<[3.0, 7.0, 7.0, 1.0]> : tensor<4xf32>
  %i = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %v0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %i0 = stablehlo.constant dense<-1> : tensor<i32>
  %r:2 = stablehlo.reduce(%v init: %v0), (%i init: %i0) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
    reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
      %gt = stablehlo.compare GT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %eq = stablehlo.compare EQ, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %lt = stablehlo.compare LT, %b, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %v2 = stablehlo.select %gt, %a, %c : tensor<i1>, tensor<f32>
      %i2 = stablehlo.select %gt, %b, %d : tensor<i1>, tensor<i32>
      %i3 = stablehlo.select %eq, %d, %i2 : tensor<i1>, tensor<i32>
      stablehlo.return %v2, %i3 : tensor<f32>, tensor<i32>
    }
  check.expect_eq_const %r#0, dense<7.0> : tensor<f32>
  func.return
}
// -----
// Case: executors/select_and_scatter_padding_window
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 5.0, 2.0]> : tensor<3xf32>
  %s = stablehlo.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %init = stablehlo.constant dense<0.5> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %s, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
  }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %c : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[2, 0]]> : tensor<1x2xi64>}
     : (tensor<3xf32>, tensor<2xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<[0.5, 20.5, 0.5]> : tensor<3xf32>
  func.return
}
)";

TEST(CpuReduction, ScheduleDetailsMatchTheReference) {
  const testing::SuiteTally tally = testing::expectCpuPassesText(kScheduleCases);
  EXPECT_EQ(tally.passed, 4);
}

// Reductions of 1 MiB and more whose first dimension is kept are split along it over the thread team
// (kernels_reduction.cc): each result still comes from one thread in one order, so the bits are the
// reference's for exact bodies (integer add wraps, max picks). Random data makes a result written from
// the wrong rows show.
TEST(CpuReduction, LargeReductionsSplitOverThreadsMatchTheReference) {
  const std::vector<int64_t> shape = {16, 256, 128};  // 2 MiB of i32 or f32
  std::mt19937_64 rng(20261127);
  auto randomTensor = [&](ElementType t) {
    Tensor tensor(Type::tensor(shape, Type::element(t)));
    for (int64_t i = 0; i < tensor.numElements(); ++i) {
      // f32: finite values of both signs (exponent bits kept away from inf/NaN).
      const uint64_t bits = rng() & 0xffffffffu;
      tensor.setBits(i, t == ElementType::kF32 ? (bits & 0xbfffffffu) : bits);
    }
    return tensor;
  };
  struct Reduction {
    const char* element;
    ElementType type;
    const char* body;
    const char* dimensions;
    const char* result;
  };
  for (const Reduction& r : {Reduction{"i32", ElementType::kSI32, "add", "2", "16x256"}, Reduction{"i32", ElementType::kSI32, "add", "1", "16x128"},
                             Reduction{"f32", ElementType::kF32, "maximum", "1, 2", "16"},
                             Reduction{"f32", ElementType::kF32, "maximum", "1", "16x128"}}) {
    SCOPED_TRACE(std::string(r.element) + " " + r.body + " across " + r.dimensions);
    const std::string input = std::string("tensor<16x256x128x") + r.element + ">";
    const std::string result = std::string("tensor<") + r.result + "x" + r.element + ">";
    adapters::Request request;
    request.case_id = "reduction_test";
    request.mlir = "func.func @main(%x: " + input + ", %init: tensor<" + r.element + ">) -> " + result + " {\n" +
                   "  %r = stablehlo.reduce(%x init: %init) applies stablehlo." + r.body + " across dimensions = [" + r.dimensions +
                   "] : (" + input + ", tensor<" + r.element + ">) -> " + result + "\n  func.return %r : " + result + "\n}\n";
    Tensor init(Type::tensor({}, Type::element(r.type)));
    init.setBits(0, r.type == ElementType::kF32 ? 0xff800000u : 7u);  // -inf, the identity of maximum; 7 for add
    request.inputs = {randomTensor(r.type), init};
    testing::expectSameBitsAsReference(request);
  }
}

}  // namespace
}  // namespace hloconf
