// The schema entries' verify functions (ir/op_verify.h): each constraint they check has a negative case
// here, with the spec label the message must cite, and a valid program passes.
#include "ir/op_verify.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "ir/op_schema.h"
#include "ir/parser.h"
#include "ir/status_macros.h"
#include "tests/ir/verify_test_util.h"

namespace hloconf {
namespace {

using ::testing::HasSubstr;

using test::expectViolation;
using test::verifyOp;

TEST(OpVerify, Constant) {
  EXPECT_TRUE(verifyOp("() -> tensor<2xf32>", "  %r = \"stablehlo.constant\"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>\n  func.return %r : tensor<2xf32>").ok());
  EXPECT_TRUE(verifyOp("() -> tensor<2x!quant.uniform<i8:f32, 0.5>>",
                       "  %r = stablehlo.constant dense<[1, 2]> : tensor<2x!quant.uniform<i8:f32, 0.5>>\n  func.return %r : tensor<2x!quant.uniform<i8:f32, 0.5>>")
                  .ok());
  expectViolation("() -> tensor<3xf32>", "  %r = \"stablehlo.constant\"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<3xf32>\n  func.return %r : tensor<3xf32>",
                  "constant (C1)");
  expectViolation("() -> tensor<2xf64>", "  %r = \"stablehlo.constant\"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf64>\n  func.return %r : tensor<2xf64>",
                  "constant (C1)");
}

TEST(OpVerify, Transpose) {
  const std::string sig = "(%a: tensor<2x3xf32>) -> tensor<3x2xf32>";
  EXPECT_TRUE(verifyOp(sig, "  %r = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n  func.return %r : tensor<3x2xf32>").ok());
  expectViolation(sig, "  %r = stablehlo.transpose %a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n  func.return %r : tensor<3x2xf32>",
                  "transpose (C2)");
  expectViolation(sig, "  %r = stablehlo.transpose %a, dims = [0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n  func.return %r : tensor<3x2xf32>",
                  "transpose (C2)");
  expectViolation(sig, "  %r = stablehlo.transpose %a, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n  func.return %r : tensor<3x2xf32>",
                  "transpose (C3)");
  expectViolation(sig, "  %r = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf16>\n  func.return %r : tensor<3x2xf16>",
                  "transpose (C1)");
}

TEST(OpVerify, BroadcastInDim) {
  const std::string sig = "(%a: tensor<1x3xf32>) -> tensor<2x3xf32>";
  EXPECT_TRUE(verifyOp(sig, "  %r = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<2x3xf32>\n  func.return %r : tensor<2x3xf32>").ok());
  expectViolation(sig, "  %r = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<1x3xf32>) -> tensor<2x3xf32>\n  func.return %r : tensor<2x3xf32>",
                  "broadcast_in_dim (C2)");
  expectViolation(sig, "  %r = stablehlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<1x3xf32>) -> tensor<2x3xf32>\n  func.return %r : tensor<2x3xf32>",
                  "broadcast_in_dim (C3)");
  expectViolation("(%a: tensor<3x3xf32>) -> tensor<3x3xf32>",
                  "  %r = stablehlo.broadcast_in_dim %a, dims = [1, 1] : (tensor<3x3xf32>) -> tensor<3x3xf32>\n  func.return %r : tensor<3x3xf32>",
                  "broadcast_in_dim (C4)");
  expectViolation(sig, "  %r = stablehlo.broadcast_in_dim %a, dims = [1, 0] : (tensor<1x3xf32>) -> tensor<2x3xf32>\n  func.return %r : tensor<2x3xf32>",
                  "broadcast_in_dim (C5)");
  expectViolation(sig, "  %r = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<2x3xi32>\n  func.return %r : tensor<2x3xi32>",
                  "broadcast_in_dim (C1)");
}

TEST(OpVerify, Concatenate) {
  const std::string sig = "(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<3x3xf32>";
  EXPECT_TRUE(verifyOp(sig, "  %r = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>\n  func.return %r : tensor<3x3xf32>").ok());
  expectViolation(sig, "  %r = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>\n  func.return %r : tensor<3x3xf32>",
                  "concatenate (C2)");
  expectViolation(sig, "  %r = stablehlo.concatenate %a, %b, dim = 2 : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>\n  func.return %r : tensor<3x3xf32>",
                  "concatenate (C4)");
  expectViolation("(%a: tensor<2x3xf32>, %b: tensor<1x3xf16>) -> tensor<3x3xf32>",
                  "  %r = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<1x3xf16>) -> tensor<3x3xf32>\n  func.return %r : tensor<3x3xf32>",
                  "concatenate (C1)");
}

TEST(OpVerify, Slice) {
  const std::string sig = "(%a: tensor<6xf32>) -> tensor<2xf32>";
  EXPECT_TRUE(verifyOp(sig, "  %r = stablehlo.slice %a [1:5:2] : (tensor<6xf32>) -> tensor<2xf32>\n  func.return %r : tensor<2xf32>").ok());
  expectViolation(sig, "  %r = stablehlo.slice %a [1:7:2] : (tensor<6xf32>) -> tensor<2xf32>\n  func.return %r : tensor<2xf32>", "slice (C3)");
  expectViolation(sig, "  %r = stablehlo.slice %a [1:5:2] : (tensor<6xf32>) -> tensor<3xf32>\n  func.return %r : tensor<3xf32>", "slice (C5)");
  expectViolation(sig,
                  "  %r = \"stablehlo.slice\"(%a) {start_indices = array<i64: 1>, limit_indices = array<i64: 5>, strides = array<i64: 0>} : "
                  "(tensor<6xf32>) -> tensor<2xf32>\n  func.return %r : tensor<2xf32>",
                  "slice (C4)");
  expectViolation(sig,
                  "  %r = \"stablehlo.slice\"(%a) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 5>, strides = array<i64: 2>} : "
                  "(tensor<6xf32>) -> tensor<2xf32>\n  func.return %r : tensor<2xf32>",
                  "slice (C2)");
}

TEST(OpVerify, Pad) {
  const std::string sig = "(%a: tensor<3xf32>, %p: tensor<f32>) -> tensor<8xf32>";
  const std::string ok = "  %r = stablehlo.pad %a, %p, low = [1], high = [2], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<8xf32>\n  func.return %r : tensor<8xf32>";
  EXPECT_TRUE(verifyOp(sig, ok).ok());
  expectViolation(sig, "  %r = stablehlo.pad %a, %p, low = [1], high = [2], interior = [-1] : (tensor<3xf32>, tensor<f32>) -> tensor<8xf32>\n  func.return %r : tensor<8xf32>",
                  "pad (C3)");
  expectViolation(sig, "  %r = stablehlo.pad %a, %p, low = [1], high = [3], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<8xf32>\n  func.return %r : tensor<8xf32>",
                  "pad (C4)");
  expectViolation(sig, "  %r = stablehlo.pad %a, %p, low = [1, 0], high = [2], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<8xf32>\n  func.return %r : tensor<8xf32>",
                  "pad (C2)");
  expectViolation("(%a: tensor<3xf32>, %p: tensor<f16>) -> tensor<8xf32>",
                  "  %r = stablehlo.pad %a, %p, low = [1], high = [2], interior = [1] : (tensor<3xf32>, tensor<f16>) -> tensor<8xf32>\n  func.return %r : tensor<8xf32>",
                  "pad (C1)");
}

TEST(OpVerify, ReverseIotaGetTupleElementReducePrecision) {
  expectViolation("(%a: tensor<2x3xf32>) -> tensor<2x3xf32>",
                  "  %r = stablehlo.reverse %a, dims = [1, 1] : tensor<2x3xf32>\n  func.return %r : tensor<2x3xf32>", "reverse (C2)");
  expectViolation("(%a: tensor<2x3xf32>) -> tensor<2x3xf32>",
                  "  %r = stablehlo.reverse %a, dims = [2] : tensor<2x3xf32>\n  func.return %r : tensor<2x3xf32>", "reverse (C3)");
  expectViolation("() -> tensor<4xi32>", "  %r = stablehlo.iota dim = 1 : tensor<4xi32>\n  func.return %r : tensor<4xi32>", "iota (C1)");
  expectViolation("(%t: tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>",
                  "  %r = stablehlo.get_tuple_element %t[2] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>\n  func.return %r : tensor<f32>",
                  "get_tuple_element (C1)");
  expectViolation("(%t: tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>",
                  "  %r = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>\n  func.return %r : tensor<f32>",
                  "get_tuple_element (C2)");
  expectViolation("(%a: tensor<2xf32>) -> tensor<2xf32>",
                  "  %r = stablehlo.reduce_precision %a, format = e0m2 : tensor<2xf32>\n  func.return %r : tensor<2xf32>",
                  "reduce_precision (C2)");
  expectViolation("(%a: tensor<2xf32>) -> tensor<2xf32>",
                  "  %r = \"stablehlo.reduce_precision\"(%a) {exponent_bits = 5 : i32, mantissa_bits = -1 : i32} : (tensor<2xf32>) -> tensor<2xf32>\n"
                  "  func.return %r : tensor<2xf32>",
                  "reduce_precision (C3)");
}

TEST(OpVerify, SameOperandsAndResultTypeTrait) {
  // add (C1), its own verify: one type for lhs, rhs and result; a `?` agrees with any size.
  EXPECT_TRUE(verifyOp("(%a: tensor<2xf32>, %b: tensor<?xf32>) -> tensor<2xf32>",
                       "  %r = \"stablehlo.add\"(%a, %b) : (tensor<2xf32>, tensor<?xf32>) -> tensor<2xf32>\n  func.return %r : tensor<2xf32>")
                  .ok());
  expectViolation("(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32>",
                  "  %r = \"stablehlo.add\"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n  func.return %r : tensor<2xf32>",
                  "add (C1)");
  // The trait cites the label the inventory gives it (and (C1), negate (C1)).
  expectViolation("(%a: tensor<2xi32>, %b: tensor<3xi32>) -> tensor<2xi32>",
                  "  %r = \"stablehlo.and\"(%a, %b) : (tensor<2xi32>, tensor<3xi32>) -> tensor<2xi32>\n  func.return %r : tensor<2xi32>",
                  "and (C1): operand 1 has type tensor<3xi32>, but result 0 has type tensor<2xi32>");
  expectViolation("(%a: tensor<2xf32>) -> tensor<2xf16>",
                  "  %r = \"stablehlo.negate\"(%a) : (tensor<2xf32>) -> tensor<2xf16>\n  func.return %r : tensor<2xf16>",
                  "negate (C1)");
  // Quantized: one baseline type (scales and zero points may differ; storage and expressed types may not,
  // nor may a quantized operand have an unquantized result).
  EXPECT_TRUE(verifyOp("(%a: tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:0>>",
                       "  %r = \"stablehlo.negate\"(%a) : (tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:0>>\n"
                       "  func.return %r : tensor<2x!quant.uniform<i8:f32, 0.25:0>>")
                  .ok());
  expectViolation("(%a: tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x!quant.uniform<i16:f32, 0.5:1>>",
                  "  %r = \"stablehlo.negate\"(%a) : (tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x!quant.uniform<i16:f32, 0.5:1>>\n"
                  "  func.return %r : tensor<2x!quant.uniform<i16:f32, 0.5:1>>",
                  "negate (C1)");
  expectViolation("(%a: tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2xf32>",
                  "  %r = \"stablehlo.negate\"(%a) : (tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2xf32>\n  func.return %r : tensor<2xf32>",
                  "negate (C1)");
  // optimization_barrier: operand i has result i's type.
  EXPECT_TRUE(verifyOp("(%a: tensor<2xf32>, %b: tensor<i32>) -> tensor<2xf32>",
                       "  %r:2 = stablehlo.optimization_barrier %a, %b : tensor<2xf32>, tensor<i32>\n  func.return %r#0 : tensor<2xf32>")
                  .ok());
}

TEST(OpVerify, DynamicDimensionsAreLeftToTheKernels) {
  // A `?` dimension has no size to check statically; the kernel checks it at run time.
  EXPECT_TRUE(verifyOp("(%a: tensor<?x3xf32>) -> tensor<3x?xf32>",
                       "  %r = stablehlo.transpose %a, dims = [1, 0] : (tensor<?x3xf32>) -> tensor<3x?xf32>\n  func.return %r : tensor<3x?xf32>")
                  .ok());
}

}  // namespace
}  // namespace hloconf
