// Pretty forms of the chlo, check and interpreter ops (ir/op_syntax_dialects.cc), checked through the
// generic print: properties for inherent attributes, the result counts and the types.
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

TEST(OpSyntaxDialectsChlo, UnaryAndBinary) {
  std::string out = test::printGenericFunction("%x: tensor<3xf32>, %y: tensor<3xf32>",
                          "  %0 = chlo.lgamma %x : tensor<3xf32> -> tensor<3xf32>\n"
                          "  %1 = chlo.is_inf %x : tensor<3xf32> -> tensor<3xi1>\n"
                          "  %2 = chlo.next_after %x, %y : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>\n"
                          "  %3 = chlo.broadcast_add %x, %y {broadcast_dimensions = array<i64: 0>, mhlo.x = 1 : i32} : "
                          "(tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>");
  EXPECT_THAT(out, HasSubstr("%0 = \"chlo.lgamma\"(%arg0) : (tensor<3xf32>) -> tensor<3xf32>"));
  EXPECT_THAT(out, HasSubstr("%1 = \"chlo.is_inf\"(%arg0) : (tensor<3xf32>) -> tensor<3xi1>"));
  EXPECT_THAT(out, HasSubstr("%2 = \"chlo.next_after\"(%arg0, %arg1) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>"));
  EXPECT_THAT(out, HasSubstr("%3 = \"chlo.broadcast_add\"(%arg0, %arg1) <{broadcast_dimensions = array<i64: 0>}> {mhlo.x = 1 : i32}"));
}

TEST(OpSyntaxDialectsChlo, TopKAndConstant) {
  std::string out = test::printGenericFunction("%x: tensor<5x3xi16>",
                          "  %values, %indices = chlo.top_k(%x, k = 2) : tensor<5x3xi16> -> (tensor<5x2xi16>, tensor<5x2xi32>)\n"
                          "  %c = chlo.constant dense<[1, 2]> : tensor<2xi32>");
  EXPECT_THAT(out, HasSubstr("%0:2 = \"chlo.top_k\"(%arg0) <{k = 2 : i64}> : (tensor<5x3xi16>) -> (tensor<5x2xi16>, tensor<5x2xi32>)"));
  EXPECT_THAT(out, HasSubstr("%1 = \"chlo.constant\"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>"));
}

TEST(OpSyntaxDialectsChlo, ScanWithAttributesAndRegion) {
  std::string out = test::printGenericFunction("%in: tensor<5xi32>, %io: tensor<5xi32>, %v: tensor<i32>, %w: tensor<i32>",
                          "  %0:4 = chlo.scan(%in, %io) inits(%v, %w) dimension=0 attributes {is_reverse = true} {\n"
                          "  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):\n"
                          "    stablehlo.return %a, %b, %c, %d : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>\n"
                          "  } : (tensor<5xi32>, tensor<5xi32>, tensor<i32>, tensor<i32>)\n"
                          "      -> (tensor<5xi32>, tensor<5xi32>, tensor<i32>, tensor<i32>)");
  EXPECT_THAT(out, HasSubstr("%0:4 = \"chlo.scan\"(%arg0, %arg1, %arg2, %arg3) <{dimension = 0 : i64, is_reverse = true, "
                             "operandSegmentSizes = array<i32: 2, 2>, resultSegmentSizes = array<i32: 2, 2>}> ({\n"
                             "    ^bb0(%arg4: tensor<i32>, %arg5: tensor<i32>, %arg6: tensor<i32>, %arg7: tensor<i32>):"));
}

TEST(OpSyntaxDialectsChlo, GenericOnlyOps) {
  std::string out = test::printGenericFunction("%a: tensor<3xi8>",
                          "  %0 = \"chlo.mulhi\"(%a, %a) : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>");
  EXPECT_THAT(out, HasSubstr("\"chlo.mulhi\"(%arg0, %arg0)"));
  ASSERT_NE(lookupOp("chlo.ragged_dot"), nullptr);
  EXPECT_EQ(lookupOp("chlo.ragged_dot")->parse_custom, nullptr);
}

TEST(OpSyntaxDialectsChlo, Errors) {
  EXPECT_THAT(test::functionParseError("%x: tensor<3xf32>", "  %0 = chlo.atan %x : tensor<3xf32>"),
              HasSubstr("expected '->' between the operand and result types of 'chlo.atan'"));
  EXPECT_THAT(test::functionParseError("%x: tensor<3xf32>", "  %0 = chlo.atan %x, %x : tensor<3xf32> -> tensor<3xf32>"),
              HasSubstr("'chlo.atan' takes 1 operand, found 2"));
  EXPECT_THAT(test::functionParseError("%x: tensor<3xf32>", "  %0 = chlo.atan %x : tensor<3xf64> -> tensor<3xf64>"),
              HasSubstr("operand #0 has type tensor<3xf32>"));
  EXPECT_THAT(test::functionParseError("%x: tensor<3xf32>", "  %0:2 = chlo.top_k(%x, 2) : tensor<3xf32> -> (tensor<2xf32>, tensor<2xi32>)"),
              HasSubstr("expected 'k'"));
}

TEST(OpSyntaxDialectsCheck, ExpectOps) {
  std::string out = test::printGenericFunction("%a: tensor<2xf64>, %b: tensor<2xf64>, %h: tensor<f16>",
                          "  check.expect_eq %a, %b : tensor<2xf64>\n"
                          "  check.expect_eq_const %a, dense<[1.0, 2.0]> : tensor<2xf64>\n"
                          "  check.expect_almost_eq %a, %b, tolerance = 0.1 : tensor<2xf64>\n"
                          "  check.expect_almost_eq %a, %b : tensor<2xf64>\n"
                          "  check.expect_almost_eq_const %a, dense<5.1> : tensor<2xf64> {tolerance = 0.25 : f64}\n"
                          "  check.expect_close %h, %h, max_ulp_difference = 3 : tensor<f16>, tensor<f16>\n"
                          "  check.expect_serialized_eq %a, probe_id = \"probe/0\", iter = 2 : tensor<2xf64>\n"
                          "  check.eq %a, dense<0.0> : tensor<2xf64>");
  EXPECT_THAT(out, HasSubstr("\"check.expect_eq\"(%arg0, %arg1) : (tensor<2xf64>, tensor<2xf64>) -> ()"));
  EXPECT_THAT(out, HasSubstr("\"check.expect_eq_const\"(%arg0) <{value = dense<[1.0, 2.0]> : tensor<2xf64>}> : (tensor<2xf64>) -> ()"));
  EXPECT_THAT(out, HasSubstr("\"check.expect_almost_eq\"(%arg0, %arg1) <{tolerance = 0.1 : f64}> : (tensor<2xf64>, tensor<2xf64>) -> ()"));
  EXPECT_THAT(out, HasSubstr("\"check.expect_almost_eq\"(%arg0, %arg1) : (tensor<2xf64>, tensor<2xf64>) -> ()"));
  EXPECT_THAT(out, HasSubstr("\"check.expect_almost_eq_const\"(%arg0) <{tolerance = 0.25 : f64, value = dense<5.1> : tensor<2xf64>}>"));
  EXPECT_THAT(out, HasSubstr("\"check.expect_close\"(%arg2, %arg2) <{max_ulp_difference = 3 : ui64}> : (tensor<f16>, tensor<f16>) -> ()"));
  EXPECT_THAT(out, HasSubstr("\"check.expect_serialized_eq\"(%arg0) <{iteration = 2 : ui32, probe_id = \"probe/0\"}>"));
  EXPECT_THAT(out, HasSubstr("\"check.eq\"(%arg0) <{value = dense<0.0> : tensor<2xf64>}> : (tensor<2xf64>) -> ()"));
}

TEST(OpSyntaxDialectsCheck, ToleranceIsABareNumberBeforeTheType) {
  // `1e-3 : tensor<..>`: the `:` belongs to the op, not to the number.
  std::string out = test::printGenericFunction("%a: tensor<f32>",
                          "  check.expect_almost_eq %a, %a, tolerance = 1e-3 : tensor<f32>\n"
                          "  check.expect_almost_eq %a, %a, tolerance = 2 : tensor<f32>\n"
                          "  check.expect_almost_eq_const %a, dense<1.0> : tensor<f32>, tolerance = -2.5E+1");
  EXPECT_THAT(out, HasSubstr("<{tolerance = 0.001 : f64}>"));
  EXPECT_THAT(out, HasSubstr("<{tolerance = 2.0 : f64}>"));
  EXPECT_THAT(out, HasSubstr("<{tolerance = -25.0 : f64, value = dense<1.0> : tensor<f32>}>"));
}

TEST(OpSyntaxDialectsCheck, Errors) {
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  check.expect_eq_const %a, dense<[1, 2]> : tensor<2xi32>"),
              HasSubstr("the constant has type tensor<2xi32> but the operand has type tensor<2xf32>"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  check.expect_almost_eq %a, %a, tolerance = abc : tensor<2xf32>"),
              HasSubstr("expected a number for 'tolerance'"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  check.expect_close %a, %a, max_ulps = 3 : tensor<2xf32>, tensor<2xf32>"),
              HasSubstr("expected max_ulp_difference or min_ulp_difference"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  check.expect_close %a, %a, max_ulp_difference = -1 : tensor<2xf32>, tensor<2xf32>"),
              HasSubstr("'max_ulp_difference' must fit in ui64"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  check.expect_serialized_eq %a, \"p\" : tensor<2xf32>"),
              HasSubstr("expected 'probe_id'"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  check.expect_eq %a, %a : tensor<2xf64>"),
              HasSubstr("operand #0 has type tensor<2xf32>"));
}

TEST(OpSyntaxDialectsInterpreter, ProbePrintAndRunParallel) {
  std::string out = test::printGenericFunction("%a: tensor<3xi64>",
                          "  %0 = interpreter.probe %a, probe_id = \"probe_i1\" : tensor<3xi64>\n"
                          "  interpreter.print %0 : tensor<3xi64>\n"
                          "  %1 = interpreter.print %0 : tensor<3xi64>");
  EXPECT_THAT(out, HasSubstr("%0 = \"interpreter.probe\"(%arg0) <{probe_id = \"probe_i1\"}> : (tensor<3xi64>) -> tensor<3xi64>"));
  EXPECT_THAT(out, HasSubstr("  \"interpreter.print\"(%0) : (tensor<3xi64>) -> ()"));
  EXPECT_THAT(out, HasSubstr("%1 = \"interpreter.print\"(%0) : (tensor<3xi64>) -> tensor<3xi64>"));
  ASSERT_NE(lookupOp("interpreter.run_parallel"), nullptr);
  EXPECT_THAT(test::functionParseError("%a: tensor<3xi64>", "  %0 = interpreter.probe %a : tensor<3xi64>"),
              HasSubstr("expected ',' after the operand of interpreter.probe"));
  EXPECT_THAT(test::functionParseError("%a: tensor<3xi64>", "  %0 = interpreter.run_parallel %a : tensor<3xi64>"),
              HasSubstr("write it in the generic form"));
}

}  // namespace
}  // namespace hloconf
