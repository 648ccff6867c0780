// The checks added with the constraint inventory pass what the spec allows: `?` dimensions, the mixes of
// quantization add allows, each compare_type where it fits, shape operands known only at run time. (Each
// rejection has a negative case in cases/<op>/invalid-*.mlir, tests/ir/negative_cases_test.cc.)
#include <gtest/gtest.h>

#include <string>

#include "ir/parser.h"
#include "ir/verifier.h"
#include "tests/ir/verify_test_util.h"

namespace hloconf {
namespace {

using test::verifyOp;

// The whole module of `body` in @main verifies clean (for ops whose operands a constant defines).
void expectModuleClean(const std::string& signature, const std::string& body) {
  auto module = parseModule("func.func @main" + signature + " {\n" + body + "\n}\n", "test.mlir");
  ASSERT_TRUE(module.ok()) << module.status();
  const ModuleVerification verification = verifyModule(*module);
  for (const VerifierDiagnostic& d : verification.diagnostics) ADD_FAILURE() << d.message << "\n" << body;
}

TEST(OpVerifyAdded, DynamicDimensionsPass) {
  EXPECT_TRUE(verifyOp("(%a: tensor<?xf32>, %b: tensor<3xf32>) -> tensor<5xf32>",
                       "  %r = \"stablehlo.concatenate\"(%a, %b) {dimension = 0 : i64} : (tensor<?xf32>, tensor<3xf32>) -> tensor<5xf32>\n"
                       "  func.return %r : tensor<5xf32>")
                  .ok());
  EXPECT_TRUE(verifyOp("(%a: tensor<?xf32>) -> tensor<2xi32>",
                       "  %r = \"stablehlo.convert\"(%a) : (tensor<?xf32>) -> tensor<2xi32>\n  func.return %r : tensor<2xi32>")
                  .ok());
  EXPECT_TRUE(verifyOp("(%a: tensor<?xf32>) -> tensor<2xf32>",
                       "  %r = \"stablehlo.abs\"(%a) : (tensor<?xf32>) -> tensor<2xf32>\n  func.return %r : tensor<2xf32>")
                  .ok());
  EXPECT_TRUE(verifyOp("(%a: tensor<2x?xf32>, %s: tensor<1xi64>) -> tensor<6xf32>",
                       "  %r = \"stablehlo.dynamic_reshape\"(%a, %s) : (tensor<2x?xf32>, tensor<1xi64>) -> tensor<6xf32>\n"
                       "  func.return %r : tensor<6xf32>")
                  .ok());
}

TEST(OpVerifyAdded, AddAllowsPerAxisFromEitherSide) {
  const std::string axis = "!quant.uniform<i8:f32:0, {0.5:0, 0.25:0}>", tensor = "!quant.uniform<i8:f32, 0.5:1>";
  const std::string sig = "(%a: tensor<2x2x" + tensor + ">, %b: tensor<2x2x" + axis + ">) -> tensor<2x2x" + axis + ">";
  EXPECT_TRUE(verifyOp(sig, "  %r = \"stablehlo.add\"(%a, %b) : (tensor<2x2x" + tensor + ">, tensor<2x2x" + axis + ">) -> tensor<2x2x" + axis +
                                ">\n  func.return %r : tensor<2x2x" + axis + ">")
                  .ok());
  EXPECT_TRUE(verifyOp("(%a: tensor<2xcomplex<f32>>) -> tensor<2xf32>",
                       "  %r = \"stablehlo.abs\"(%a) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>\n  func.return %r : tensor<2xf32>")
                  .ok());
}

TEST(OpVerifyAdded, CompareTypeFitsTheElementType) {
  const auto compare = [](const std::string& element, const std::string& type) {
    const std::string t = "tensor<2x" + element + ">";
    return verifyOp("(%a: " + t + ", %b: " + t + ") -> tensor<2xi1>",
                    "  %r = \"stablehlo.compare\"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = "
                    "#stablehlo<comparison_type " + type + ">} : (" + t + ", " + t + ") -> tensor<2xi1>\n  func.return %r : tensor<2xi1>");
  };
  EXPECT_TRUE(compare("f32", "FLOAT").ok());
  EXPECT_TRUE(compare("f32", "TOTALORDER").ok());
  EXPECT_TRUE(compare("i32", "SIGNED").ok());
  EXPECT_TRUE(compare("ui8", "UNSIGNED").ok());
  EXPECT_TRUE(compare("i1", "UNSIGNED").ok());
  EXPECT_TRUE(compare("complex<f32>", "FLOAT").ok());
  EXPECT_FALSE(compare("complex<f32>", "TOTALORDER").ok());
  EXPECT_FALSE(compare("ui8", "SIGNED").ok());
}

TEST(OpVerifyAdded, ChannelTypesFollowTheHostTransfer) {
  EXPECT_TRUE(verifyOp("(%a: tensor<2xf32>, %t: !stablehlo.token) -> !stablehlo.token",
                       "  %r = \"stablehlo.send\"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, "
                       "is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token\n  func.return %r : !stablehlo.token")
                  .ok());
  EXPECT_TRUE(verifyOp("(%t: !stablehlo.token) -> !stablehlo.token",
                       "  %r:2 = \"stablehlo.recv\"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, "
                       "is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)\n  func.return %r#1 : !stablehlo.token")
                  .ok());
  // A recv of nothing but the token.
  EXPECT_TRUE(verifyOp("(%t: !stablehlo.token) -> !stablehlo.token",
                       "  %r = \"stablehlo.recv\"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : "
                       "(!stablehlo.token) -> !stablehlo.token\n  func.return %r : !stablehlo.token")
                  .ok());
}

TEST(OpVerifyAdded, ShapeOperandsKnownOnlyAtRunTimePass) {
  // dynamic_conv with a padding operand: the spatial result sizes are the kernel's to check.
  EXPECT_TRUE(verifyOp("(%l: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>, %p: tensor<1x2xi64>) -> tensor<1x7x1xf32>",
                       "  %r = \"stablehlo.dynamic_conv\"(%l, %k, %p) {dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, "
                       "feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>, tensor<1x2xi64>) "
                       "-> tensor<1x7x1xf32>\n  func.return %r : tensor<1x7x1xf32>")
                  .ok());
  // With a constant padding [[2, 3]] the sizes are known: 4 + 5 - 3 + 1 = 7.
  expectModuleClean("(%l: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) -> tensor<1x7x1xf32>",
                    "  %p = stablehlo.constant dense<[[2, 3]]> : tensor<1x2xi64>\n"
                    "  %r = \"stablehlo.dynamic_conv\"(%l, %k, %p) {dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, "
                    "feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>, tensor<1x2xi64>) "
                    "-> tensor<1x7x1xf32>\n  func.return %r : tensor<1x7x1xf32>");
  expectModuleClean("(%o: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4xf32>",
                    "  %s = stablehlo.constant dense<[1, 4]> : tensor<2xi64>\n"
                    "  %r = \"stablehlo.dynamic_gather\"(%o, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], "
                    "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi64>, "
                    "tensor<2xi64>) -> tensor<2x4xf32>\n  func.return %r : tensor<2x4xf32>");
  expectModuleClean("(%o: tensor<2xf32>, %v: tensor<f32>) -> tensor<5xf32>",
                    "  %lo = stablehlo.constant dense<[1]> : tensor<1xi64>\n  %in = stablehlo.constant dense<[1]> : tensor<1xi64>\n"
                    "  %r = \"stablehlo.dynamic_pad\"(%o, %v, %lo, %lo, %in) : (tensor<2xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, "
                    "tensor<1xi64>) -> tensor<5xf32>\n  func.return %r : tensor<5xf32>");
}

}  // namespace
}  // namespace hloconf
