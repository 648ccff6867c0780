// The dynamic ops (dynamic_iota, dynamic_reshape, dynamic_broadcast_in_dim, dynamic_pad, dynamic_gather),
// planned as their static counterparts with shape operands that constants give, and the reductions whose
// body has a wider (promoted) element type than their inputs, on the cpu executor.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "adapters/backend.h"
#include "ir/tensor.h"
#include "tests/executors/suite_check.h"

namespace hloconf {
namespace {

using adapters::Reply;
using testing::expectCpuPasses;
using testing::expectCpuPassesText;
using testing::Unsupported;

TEST(CpuDynamic, SpecCasesPass) {
  // dynamic_gather/edge-computed-slice-sizes computes its slice_sizes at run time, and runs.
  for (const char* op : {"dynamic_iota", "dynamic_reshape", "dynamic_broadcast_in_dim", "dynamic_pad", "dynamic_gather"}) {
    SCOPED_TRACE(op);
    EXPECT_GT(expectCpuPasses({std::string(HLOCONF_SOURCE_DIR) + "/cases/" + op}, 1).passed, 0);
  }
}

TEST(CpuDynamic, GeneratedProgramsPass) {
  // A generated program may compute its shape operands: counted.
  for (const char* op : {"gen:dynamic_iota", "gen:dynamic_reshape", "gen:dynamic_broadcast_in_dim", "gen:dynamic_pad", "gen:dynamic_gather"}) {
    SCOPED_TRACE(op);
    const testing::SuiteTally tally = expectCpuPasses({op}, 3, Unsupported::kCounted);
    EXPECT_GT(tally.passed, 0);
  }
}

TEST(CpuDynamic, PromotedSpecCasesPass) {
  // The quantized ones need bitcast_convert to quantized types: counted.
  const testing::SuiteTally tally = expectCpuPasses(
      {HLOCONF_SOURCE_DIR "/cases/reduce/quantized-promote.mlir", HLOCONF_SOURCE_DIR "/cases/all_reduce/edge-promote-i8-to-i32.mlir",
       HLOCONF_SOURCE_DIR "/cases/reduce_scatter/edge-promote-i8-to-i32.mlir"},
      1, Unsupported::kCounted);
  EXPECT_GE(tally.passed, 2);
}

TEST(CpuDynamic, GeneratedReductionsPass) {
  const testing::SuiteTally tally =
      expectCpuPasses({"gen:reduce", "gen:reduce_window", "gen:select_and_scatter"}, 5, Unsupported::kCounted);
  EXPECT_GT(tally.passed, tally.cases / 2);
}

// Promoted bodies the suites may miss: i8 sums past 127 (reduce natively and by region, reduce_window with
// its init value in the padding), bf16 into f32, and select_and_scatter whose scatter adds in i32.
constexpr const char* kPromotedCases = R"(
// Case: executors/reduce_i8_into_i32
func.func @main() {
  %x = stablehlo.constant dense<[[100, 100, 100], [-128, -128, 1]]> : tensor<2x3xi8>
  %init = stablehlo.constant dense<1> : tensor<i8>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xi8>, tensor<i8>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[301, -254]> : tensor<2xi32>
  func.return
}
// -----
// Case: executors/reduce_i8_into_i32_region
func.func @main() {
  %x = stablehlo.constant dense<[100, 100, 100]> : tensor<3xi8>
  %init = stablehlo.constant dense<0> : tensor<i8>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      %t = stablehlo.add %s, %s : tensor<i32>
      stablehlo.return %t : tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<3xi8>, tensor<i8>) -> tensor<i32>
  check.expect_eq_const %r, dense<1400> : tensor<i32>
  func.return
}
// -----
// Case: executors/reduce_bf16_into_f32
func.func @main() {
  %x = stablehlo.constant dense<[256.0, 1.0, 1.0, 1.0]> : tensor<4xbf16>
  %init = stablehlo.constant dense<0.0> : tensor<bf16>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xbf16>, tensor<bf16>) -> tensor<f32>
  check.expect_eq_const %r, dense<259.0> : tensor<f32>
  func.return
}
// -----
// Case: executors/reduce_window_i8_into_i16
func.func @main() {
  %x = stablehlo.constant dense<[100, 100, 100]> : tensor<3xi8>
  %init = stablehlo.constant dense<100> : tensor<i8>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<i16>, %b: tensor<i16>):
      %s = stablehlo.add %a, %b : tensor<i16>
      stablehlo.return %s : tensor<i16>
  }) {window_dimensions = array<i64: 2>, padding = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<3xi8>, tensor<i8>) -> tensor<3xi16>
  check.expect_eq_const %r, dense<[300, 300, 300]> : tensor<3xi16>
  func.return
}
// -----
// Case: executors/select_and_scatter_i8_into_i32
func.func @main() {
  %x = stablehlo.constant dense<[1, 5, 2, 7]> : tensor<4xi8>
  %s = stablehlo.constant dense<[100, 100, 100]> : tensor<3xi8>
  %init = stablehlo.constant dense<0> : tensor<i8>
  %r = "stablehlo.select_and_scatter"(%x, %s, %init) ({
    ^bb0(%a: tensor<i8>, %b: tensor<i8>):
      %c = stablehlo.compare GE, %a, %b : (tensor<i8>, tensor<i8>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
  }, {
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %t = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %t : tensor<i32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1>} : (tensor<4xi8>, tensor<3xi8>, tensor<i8>) -> tensor<4xi32>
  check.expect_eq_const %r, dense<[0, 200, 0, 100]> : tensor<4xi32>
  func.return
}
)";

TEST(CpuDynamic, PromotedBodies) {
  const testing::SuiteTally tally = expectCpuPassesText(kPromotedCases);
  EXPECT_EQ(tally.passed, 5);
}

Reply runText(const std::string& mlir, std::vector<Tensor> inputs = {}) {
  std::unique_ptr<adapters::Backend> backend = adapters::makeCpuBackend();
  EXPECT_TRUE(backend->start().ok());
  adapters::Request request;
  request.case_id = "dynamic_test";
  request.mlir = mlir;
  request.inputs = std::move(inputs);
  return backend->run(request);
}

TEST(CpuDynamic, ShapeOperandThatDisagreesWithTheResultIsAnError) {
  const Reply reshape = runText(R"(func.func @main() -> tensor<3x2xi32> {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = "stablehlo.dynamic_reshape"(%x, %shape) : (tensor<6xi32>, tensor<2xi64>) -> tensor<3x2xi32>
  return %r : tensor<3x2xi32>
})");
  EXPECT_EQ(reshape.kind, Reply::Kind::kError) << reshape.message;
  EXPECT_NE(reshape.message.find("dynamic_reshape (C"), std::string::npos) << reshape.message;

  const Reply pad = runText(R"(func.func @main() -> tensor<5xi32> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %v = stablehlo.constant dense<0> : tensor<i32>
  %low = stablehlo.constant dense<[1]> : tensor<1xi64>
  %high = stablehlo.constant dense<[2]> : tensor<1xi64>
  %interior = stablehlo.constant dense<[0]> : tensor<1xi64>
  %r = "stablehlo.dynamic_pad"(%x, %v, %low, %high, %interior) : (tensor<3xi32>, tensor<i32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5xi32>
  return %r : tensor<5xi32>
})");
  EXPECT_EQ(pad.kind, Reply::Kind::kError) << pad.message;
  EXPECT_NE(pad.message.find("dynamic_pad (C4)"), std::string::npos) << pad.message;
}

TEST(CpuDynamic, ShapeOperandComputedAtRunTimeIsCheckedWhenItGivesTheResultShape) {
  // dynamic_iota's output_shape from an argument, with a static result type: planned as iota, and the
  // operand is checked against the result shape when the step runs (dynamic_iota (C2)).
  const std::string text = R"(func.func @main(%shape: tensor<2xi64>) -> tensor<2x3xi32> {
  %r = "stablehlo.dynamic_iota"(%shape) {iota_dimension = 1 : i64} : (tensor<2xi64>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
})";
  Tensor shape(Type::tensor({2}, Type::element(ElementType::kSI64)));
  shape.setBits(0, 2);
  shape.setBits(1, 3);
  const Reply ok = runText(text, {shape});
  ASSERT_EQ(ok.kind, Reply::Kind::kOutputs) << ok.message;
  for (int64_t i = 0; i < 6; ++i) EXPECT_EQ(ok.outputs[0].bits(i), static_cast<uint64_t>(i % 3)) << i;
  const Reply wrong = runText(text, {Tensor(Type::tensor({2}, Type::element(ElementType::kSI64)))});
  ASSERT_EQ(wrong.kind, Reply::Kind::kError) << wrong.message;
  EXPECT_NE(wrong.message.find("output_shape (spec: dynamic_iota (C2)) is [0, 0] at run time, but the program was compiled for [2, 3]"),
            std::string::npos)
      << wrong.message;
}

TEST(CpuDynamic, GatherSliceSizesComputedAtRunTimeAreCheckedAgainstTheResult) {
  // dynamic_gather's slice_sizes from an argument: the sizes the static result implies (the window dims'
  // result sizes, 1 for the collapsed dim), checked when the step runs (dynamic_gather (C13)).
  const std::string text = R"(func.func @main(%sizes: tensor<2xi64>) -> tensor<3x2xi32> {
  %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
  %start = stablehlo.constant dense<[[0, 0], [2, 2], [1, 1]]> : tensor<3x2xi64>
  %r = "stablehlo.dynamic_gather"(%operand, %start, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [1],
    collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>} : (tensor<3x3xi32>, tensor<3x2xi64>, tensor<2xi64>) -> tensor<3x2xi32>
  return %r : tensor<3x2xi32>
})";
  Tensor sizes(Type::tensor({2}, Type::element(ElementType::kSI64)));
  sizes.setBits(0, 1);
  sizes.setBits(1, 2);
  const Reply ok = runText(text, {sizes});
  ASSERT_EQ(ok.kind, Reply::Kind::kOutputs) << ok.message;
  const uint64_t want[] = {1, 2, 8, 9, 5, 6};  // [2, 2] clamps to [2, 1]
  for (int64_t i = 0; i < 6; ++i) EXPECT_EQ(ok.outputs[0].bits(i), want[i]) << i;
  sizes.setBits(1, 3);
  const Reply wrong = runText(text, {sizes});
  ASSERT_EQ(wrong.kind, Reply::Kind::kError) << wrong.message;
  EXPECT_NE(wrong.message.find("slice_sizes (spec: dynamic_gather (C13)) is [1, 3] at run time, but the program was compiled for [1, 2]"),
            std::string::npos)
      << wrong.message;
}

TEST(CpuDynamic, PaddingsComputedAtRunTimeAreUnsupported) {
  // dynamic_pad's paddings do not follow from the result type: they must be constants.
  const std::string text = R"(func.func @main(%x: tensor<2xf32>, %low: tensor<1xi64>) -> tensor<3xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %high = stablehlo.constant dense<0> : tensor<1xi64>
  %r = "stablehlo.dynamic_pad"(%x, %z, %low, %high, %high) : (tensor<2xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xf32>
  return %r : tensor<3xf32>
})";
  const Reply reply = runText(text, {Tensor(Type::tensor({2}, Type::element(ElementType::kF32))),
                                     Tensor(Type::tensor({1}, Type::element(ElementType::kSI64)))});
  EXPECT_EQ(reply.kind, Reply::Kind::kUnsupported) << reply.message;
  EXPECT_NE(reply.message.find("computed at run time"), std::string::npos) << reply.message;
}

}  // namespace
}  // namespace hloconf
