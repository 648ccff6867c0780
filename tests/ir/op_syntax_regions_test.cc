// Pretty forms of the stablehlo ops with regions or structured syntax (ir/op_syntax_regions.cc): each is
// parsed and printed in the generic form, whose properties, attributes and regions are what MLIR prints.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "ir/op_schema.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "tests/ir/syntax_test_util.h"

namespace hloconf {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(OpSyntaxRegionsReduce, CompactFormBuildsTheBody) {
  std::string out = test::printGenericFunction("%x: tensor<2x3xf32>, %c: tensor<f32>",
                          "  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : "
                          "(tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>");
  EXPECT_THAT(out, HasSubstr("\"stablehlo.reduce\"(%arg0, %arg1) <{dimensions = array<i64: 1>}> ({\n"
                             "    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):\n"
                             "      %1 = \"stablehlo.add\"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
                             "      \"stablehlo.return\"(%1) : (tensor<f32>) -> ()\n"
                             "    }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>"));
}

TEST(OpSyntaxRegionsReduce, CompactFormUsesTheScalarOfTheInputElementType) {
  std::string out = test::printGenericFunction("%x: tensor<4x!quant.uniform<i8:f32, 0.5:1>>, %c: tensor<!quant.uniform<i8:f32, 0.5:1>>",
                          "  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [0] "
                          "{mhlo.note = \"n\"} : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>, "
                          "tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>");
  EXPECT_THAT(out, HasSubstr("^bb0(%arg2: tensor<!quant.uniform<i8:f32, 0.5:1>>, %arg3: tensor<!quant.uniform<i8:f32, 0.5:1>>)"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.maximum\""));
  EXPECT_THAT(out, HasSubstr("}) {mhlo.note = \"n\"} :"));
}

TEST(OpSyntaxRegionsReduce, RegionFormPairsTheReducerArguments) {
  // Block arguments are (elements..., accumulators...): %e0, %e1, %a0, %a1.
  std::string out = test::printGenericFunction(
      "%x: tensor<6xf32>, %y: tensor<6xi32>, %c: tensor<f32>, %d: tensor<i32>",
      "  %0:2 = stablehlo.reduce(%x init: %c), (%y init: %d) across dimensions = [0] : (tensor<6xf32>, "
      "tensor<6xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)\n"
      "   reducer(%e0: tensor<f32> loc(\"a\"), %a0: tensor<f32>) (%e1: tensor<i32>, %a1: tensor<i32>)  {\n"
      "    stablehlo.return %e0, %a1 : tensor<f32>, tensor<i32>\n"
      "  }");
  EXPECT_THAT(out, HasSubstr("\"stablehlo.reduce\"(%arg0, %arg1, %arg2, %arg3) <{dimensions = array<i64: 0>}> ({\n"
                             "    ^bb0(%arg4: tensor<f32>, %arg5: tensor<i32>, %arg6: tensor<f32>, %arg7: tensor<i32>):\n"
                             "      \"stablehlo.return\"(%arg4, %arg7)"));
  EXPECT_THAT(out, HasSubstr("-> (tensor<f32>, tensor<i32>)"));
}

TEST(OpSyntaxRegionsReduce, Errors) {
  const std::string args = "%x: tensor<2xf32>, %c: tensor<f32>";
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.subtract across dimensions = [0] : "
                               "(tensor<2xf32>, tensor<f32>) -> tensor<f32>"),
              HasSubstr("commutative binary stablehlo op"));
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.reduce(%x, %c) applies stablehlo.add across dimensions = [0] : "
                               "(tensor<2xf32>, tensor<f32>) -> tensor<f32>"),
              HasSubstr("expected 'init:'"));
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.reduce(%x init: %c) across dimensions = [0] : "
                               "(tensor<2xf32>, tensor<f32>) -> tensor<f32>\n  "),
              HasSubstr("expected 'reducer("));
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0] : "
                               "(tensor<2xf64>, tensor<f32>) -> tensor<f32>"),
              HasSubstr("operand #0 has type tensor<2xf32>"));
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.reduce(%x init: %c) across dimensions = [0] : "
                               "(tensor<2xf32>, tensor<f32>) -> tensor<f32> reducer {\n  }"),
              HasSubstr("the reduce has 1 operand pairs but the reducer declares 0"));
}

TEST(OpSyntaxRegionsWhile, RegionArgumentsAreDeclaredByTheOp) {
  std::string out = test::printGenericFunction("%i: tensor<i64>, %s: tensor<f32>",
                          "  %0:2 = stablehlo.while(%a = %i, %b = %s) : tensor<i64>, tensor<f32> attributes {x = 1 : i32}\n"
                          "  cond {\n"
                          "    %p = stablehlo.compare LT, %a, %a : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
                          "    stablehlo.return %p : tensor<i1>\n"
                          "  } do {\n"
                          "    stablehlo.return %a, %b : tensor<i64>, tensor<f32>\n"
                          "  }");
  EXPECT_THAT(out, HasSubstr("%0:2 = \"stablehlo.while\"(%arg0, %arg1) ({\n    ^bb0(%arg2: tensor<i64>, %arg3: tensor<f32>):"));
  EXPECT_THAT(out, HasSubstr("}, {\n    ^bb0(%arg4: tensor<i64>, %arg5: tensor<f32>):\n"
                             "      \"stablehlo.return\"(%arg4, %arg5)"));
  EXPECT_THAT(out, HasSubstr("}) {x = 1 : i32} : (tensor<i64>, tensor<f32>) -> (tensor<i64>, tensor<f32>)"));
}

TEST(OpSyntaxRegionsWhile, Errors) {
  EXPECT_THAT(test::functionParseError("%i: tensor<i64>", "  %0 = stablehlo.while(%a = %i) : tensor<i64>\n  {\n  }"),
              HasSubstr("expected 'cond'"));
  EXPECT_THAT(test::functionParseError("%i: tensor<i64>", "  %0 = stablehlo.while(%a = %i) : tensor<i32> cond {\n  } do {\n  }"),
              HasSubstr("operand #0 has type tensor<i64>"));
  EXPECT_THAT(test::functionParseError("%i: tensor<i64>", "  %0 = stablehlo.while(%a %i) : tensor<i64> cond {\n  } do {\n  }"),
              HasSubstr("expected '=' after the loop-carried value's name"));
}

TEST(OpSyntaxRegionsConvolution, DimensionNumbersWindowAndInherentAttributes) {
  std::string out = test::printGenericFunction(
      "%l: tensor<1x4x4x1xf32>, %k: tensor<3x3x1x1xf32>",
      "  %0 = stablehlo.convolution(%l, %k)\n"
      "    dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],\n"
      "    window = {stride = [2, 1], pad = [[1, 1], [0, 2]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, true]}\n"
      "    {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, "
      "#stablehlo<precision DEFAULT>], mhlo.note = 1 : i32} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>");
  EXPECT_THAT(out, HasSubstr(
                       "\"stablehlo.convolution\"(%arg0, %arg1) <{batch_group_count = 1 : i64, "
                       "dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, "
                       "feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, "
                       "padding = dense<[[1, 1], [0, 2]]> : tensor<2x2xi64>, "
                       "precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision DEFAULT>], "
                       "rhs_dilation = array<i64: 2, 2>, window_reversal = array<i1: false, true>, "
                       "window_strides = array<i64: 2, 1>}> {mhlo.note = 1 : i32}"));
}

TEST(OpSyntaxRegionsConvolution, LayoutsWithFeatureFirstAndEmptyWindow) {
  std::string out = test::printGenericFunction("%l: tensor<1x3x5xf32>, %k: tensor<3x1x2xf32>",
                          "  %0 = stablehlo.convolution(%l, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} "
                          "{batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<1x3x5xf32>, "
                          "tensor<3x1x2xf32>) -> tensor<1x3x4xf32>");
  EXPECT_THAT(out, HasSubstr("<{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, "
                             "feature_group_count = 3 : i64}>"));
  EXPECT_THAT(out, Not(HasSubstr("window_strides")));
}

TEST(OpSyntaxRegionsConvolution, Errors) {
  const std::string args = "%l: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>";
  const std::string type = " : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>";
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.convolution(%l, %k) dim_numbers = [b, 0, x]x[0, i, o]->[b, 0, f], window = {}" + type),
              HasSubstr("expected 'b', 'f' or a spatial dimension number"));
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.convolution(%l, %k) dim_numbers = [b, 0]x[0, i, o]->[b, 0, f], window = {}" + type),
              HasSubstr("needs both 'b' and 'f'"));
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.convolution(%l, %k) dim_numbers = [b, 1, f]x[0, i, o]->[b, 0, f], window = {}" + type),
              HasSubstr("spatial dimension 0 is missing"));
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.convolution(%l, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {strides = [1]}" + type),
              HasSubstr("unknown window attribute 'strides'"));
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.convolution(%l, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 1, 1]]}" + type),
              HasSubstr("[low, high] pair"));
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.convolution(%l, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {reverse = [2]}" + type),
              HasSubstr("expected true, false, 0 or 1"));
}

TEST(OpSyntaxRegionsDotGeneral, DimensionsPrecisionAndAlgorithm) {
  std::string out = test::printGenericFunction("%a: tensor<2x2x2xi64>, %b: tensor<2x2x2xi64>",
                          "  %0 = stablehlo.dot_general %a, %b,\n"
                          "    batching_dims = [0] x [0],\n"
                          "    contracting_dims = [2] x [1],\n"
                          "    precision = [DEFAULT, HIGHEST],\n"
                          "    algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32,\n"
                          "      lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1,\n"
                          "      allow_imprecise_accumulation = false>\n"
                          "    : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>");
  EXPECT_THAT(out, HasSubstr(
                       "<{algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, "
                       "accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, "
                       "num_primitive_operations = 1, allow_imprecise_accumulation = false>, "
                       "dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], "
                       "lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, "
                       "precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]}>"));
}

TEST(OpSyntaxRegionsDotGeneral, EmptyDimensionListsAreLeftOut) {
  std::string out = test::printGenericFunction("%a: tensor<2x3xf32>, %b: tensor<3x4xf32>",
                          "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, "
                          "tensor<3x4xf32>) -> tensor<2x4xf32>\n"
                          "  %1 = stablehlo.dot_general %a, %a, batching_dims = [] x [], contracting_dims = [] x [] "
                          "{mhlo.x = 1 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x2x3xf32>");
  EXPECT_THAT(out, HasSubstr("<{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], "
                             "rhs_contracting_dimensions = [0]>}> : (tensor<2x3xf32>, tensor<3x4xf32>)"));
  EXPECT_THAT(out, HasSubstr("<{dot_dimension_numbers = #stablehlo.dot<>}> {mhlo.x = 1 : i32}"));
}

TEST(OpSyntaxRegionsDotGeneral, Errors) {
  const std::string args = "%a: tensor<2x3xf32>, %b: tensor<3x4xf32>";
  const std::string type = " : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>";
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1], [0]" + type),
              HasSubstr("expected 'x' between the lhs and rhs dimensions of 'contracting_dims'"));
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [FAST]" + type),
              HasSubstr("unknown precision 'FAST'"));
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.dot_general %a, %b, contracting = [1] x [0]" + type),
              HasSubstr("expected batching_dims, contracting_dims, precision or algorithm"));
  EXPECT_THAT(test::functionParseError(args, "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], contracting_dims = [1] x [0]" + type),
              HasSubstr("'contracting_dims' is given twice"));
}

TEST(OpSyntaxRegionsCustomCall, TargetWithDotsAndInherentAttributes) {
  std::string out = test::printGenericFunction("%a: tensor<2xf32>",
                          "  stablehlo.custom_call @check.expect_close(%a, %a) {has_side_effect = true} : "
                          "(tensor<2xf32>, tensor<2xf32>) -> ()\n"
                          "  %0 = stablehlo.custom_call @foo(%a) {backend_config = \"cfg\", api_version = 2 : i32, "
                          "mhlo.sharding = \"{replicated}\", called_computations = [@f]} : (tensor<2xf32>) -> tensor<2xf32>");
  EXPECT_THAT(out, HasSubstr("\"stablehlo.custom_call\"(%arg0, %arg0) <{call_target_name = \"check.expect_close\", "
                             "has_side_effect = true}> : (tensor<2xf32>, tensor<2xf32>) -> ()"));
  EXPECT_THAT(out, HasSubstr("%0 = \"stablehlo.custom_call\"(%arg0) <{api_version = 2 : i32, backend_config = \"cfg\", "
                             "call_target_name = \"foo\", called_computations = [@f]}> {mhlo.sharding = \"{replicated}\"}"));
}

TEST(OpSyntaxRegionsCustomCall, Errors) {
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  stablehlo.custom_call \"foo\"(%a) : (tensor<2xf32>) -> ()"),
              HasSubstr("expected '@' to start a symbol name"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  stablehlo.custom_call @foo(%a) : (tensor<3xf32>) -> ()"),
              HasSubstr("operand #0 has type tensor<2xf32>"));
}

TEST(OpSyntaxRegionsComposite, NameAndAttributes) {
  std::string out = test::printGenericFunction("%a: tensor<i64>",
                          "  %0 = stablehlo.composite \"stablehlo.add_n\" %a {\n"
                          "    composite_attributes = { n = 2 : i64 },\n"
                          "    decomposition = @add_n.impl\n"
                          "  } : (tensor<i64>) -> tensor<i64>");
  EXPECT_THAT(out, HasSubstr("\"stablehlo.composite\"(%arg0) <{composite_attributes = {n = 2 : i64}, "
                             "decomposition = @add_n.impl, name = \"stablehlo.add_n\"}> : (tensor<i64>) -> tensor<i64>"));
  EXPECT_THAT(test::functionParseError("%a: tensor<i64>", "  %0 = stablehlo.composite \"x\" %a {} : (tensor<i64>) -> tensor<i64>"),
              HasSubstr("needs 'decomposition = @function'"));
  EXPECT_THAT(test::functionParseError("%a: tensor<i64>", "  %0 = stablehlo.composite @x %a {decomposition = @f} : (tensor<i64>) -> tensor<i64>"),
              HasSubstr("expected the composite's name as a string"));
}

TEST(OpSyntaxRegionsRegistry, GenericOnlyOpsAreKnownAndRejectThePrettyForm) {
  for (const char* name : {"stablehlo.sort", "stablehlo.if", "stablehlo.case", "stablehlo.scatter", "stablehlo.gather"}) {
    const OpSchema* def = lookupOp(name);
    ASSERT_NE(def, nullptr) << name;
    EXPECT_EQ(def->parse_custom, nullptr) << name;
  }
  std::string out = test::printGenericFunction("%p: tensor<i1>, %a: tensor<f32>",
                          "  %0 = \"stablehlo.if\"(%p) ({\n    stablehlo.return %a : tensor<f32>\n  }, {\n"
                          "    stablehlo.return %a : tensor<f32>\n  }) : (tensor<i1>) -> tensor<f32>");
  EXPECT_THAT(out, HasSubstr("\"stablehlo.if\"(%arg0) ({"));
  EXPECT_THAT(test::functionParseError("%p: tensor<i1>", "  stablehlo.if %p {\n  }"), HasSubstr("write it in the generic form"));
}

}  // namespace
}  // namespace hloconf
