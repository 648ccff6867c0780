// reduce, reduce_window and select_and_scatter on the cpu executor: the spec suite's cases and generated
// programs under `default`, and the schedule details the suites may miss.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace hloconf
