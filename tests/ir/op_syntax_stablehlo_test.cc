// Pretty forms of the stablehlo ops without regions (ir/op_syntax_stablehlo.cc): each family is parsed from
// the form MLIR/StableHLO prints and checked against the generic form MLIR prints for it (property names and
// attribute kinds), plus diagnostics for malformed input.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "ir/op_schema.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "tests/ir/syntax_test_util.h"

namespace hloconf {
namespace {

using ::testing::HasSubstr;

TEST(OpSyntaxStablehloUnary, ConvertRealImagQuantizeTakeOneTypeOrAFunctionType) {
  std::string out = test::printGenericFunction("%a: tensor<2xi32>, %c: tensor<2xcomplex<f32>>, %f: tensor<4xf32>",
                            "  %0 = stablehlo.convert %a : (tensor<2xi32>) -> tensor<2xf32>\n"
                            "  %1 = stablehlo.convert %a : tensor<2xi32>\n"
                            "  %2 = stablehlo.real %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>\n"
                            "  %3 = stablehlo.imag %0 : tensor<2xf32>\n"
                            "  %4 = stablehlo.uniform_quantize %f : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:3>>\n"
                            "  %5 = stablehlo.uniform_dequantize %4 : (tensor<4x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<4xf32>\n"
                            "  %6 = stablehlo.is_finite %f : (tensor<4xf32>) -> tensor<4xi1>\n"
                            "  %7 = stablehlo.bitcast_convert %f : (tensor<4xf32>) -> tensor<4xi32>");
  EXPECT_THAT(out, HasSubstr("\"stablehlo.convert\"(%arg0) : (tensor<2xi32>) -> tensor<2xf32>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.convert\"(%arg0) : (tensor<2xi32>) -> tensor<2xi32>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.real\"(%arg1) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.imag\"(%0) : (tensor<2xf32>) -> tensor<2xf32>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.uniform_dequantize\"(%4) : (tensor<4x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<4xf32>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.is_finite\"(%arg2) : (tensor<4xf32>) -> tensor<4xi1>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.bitcast_convert\"(%arg2) : (tensor<4xf32>) -> tensor<4xi32>"));
}

TEST(OpSyntaxStablehloShape, BroadcastsAsDenseI64Arrays) {
  std::string out = test::printGenericFunction(
      "%a: tensor<1x2xf32>, %s: tensor<3xi32>, %d: tensor<?x2xf32>",
      "  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<3x1x2xf32>\n"
      "  %1 = stablehlo.broadcast_in_dim %a, dims = [] {foo = 1 : i32} : (tensor<1x2xf32>) -> tensor<1x2xf32>\n"
      "  %2 = stablehlo.dynamic_broadcast_in_dim %d, %s, dims = [1, 2] : (tensor<?x2xf32>, tensor<3xi32>) -> tensor<?x?x2xf32>\n"
      "  %3 = stablehlo.dynamic_broadcast_in_dim %d, %s, dims = [1, 2], known_expanding_dimensions = [0], "
      "known_nonexpanding_dimensions = [1] : (tensor<?x2xf32>, tensor<3xi32>) -> tensor<?x?x2xf32>\n"
      "  %4 = stablehlo.dynamic_broadcast_in_dim %d, %s, dims = [1, 2] {known_expanding_dimensions = array<i64: 0>} "
      ": (tensor<?x2xf32>, tensor<3xi32>) -> tensor<?x?x2xf32>\n"
      "  %5 = stablehlo.broadcast %a, sizes = [4] : (tensor<1x2xf32>) -> tensor<4x1x2xf32>");
  EXPECT_THAT(out, HasSubstr("\"stablehlo.broadcast_in_dim\"(%arg0) <{broadcast_dimensions = array<i64: 0, 1>}> : "
                             "(tensor<1x2xf32>) -> tensor<3x1x2xf32>"));
  EXPECT_THAT(out, HasSubstr("<{broadcast_dimensions = array<i64>}> {foo = 1 : i32}"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.dynamic_broadcast_in_dim\"(%arg2, %arg1) <{broadcast_dimensions = array<i64: 1, 2>}>"));
  EXPECT_THAT(out, HasSubstr("<{broadcast_dimensions = array<i64: 1, 2>, known_expanding_dimensions = array<i64: 0>, "
                             "known_nonexpanding_dimensions = array<i64: 1>}>"));
  // An inherent attribute written in the dictionary is a property, as in MLIR.
  EXPECT_THAT(out, HasSubstr("<{broadcast_dimensions = array<i64: 1, 2>, known_expanding_dimensions = array<i64: 0>}> :"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.broadcast\"(%arg0) <{broadcast_sizes = array<i64: 4>}>"));
}

TEST(OpSyntaxStablehloShape, SliceRangesPadConcatenateReverseTranspose) {
  std::string out = test::printGenericFunction(
      "%a: tensor<3x8xi64>, %b: tensor<1x8xi64>, %z: tensor<i64>",
      "  %0 = stablehlo.slice %a [0:2, 1:8:2] : (tensor<3x8xi64>) -> tensor<2x4xi64>\n"
      "  %1 = stablehlo.pad %a, %z, low = [1, -1], high = [0, 2],\n"
      "        interior = [0, 1] : (tensor<3x8xi64>, tensor<i64>) -> tensor<4x16xi64>\n"
      "  %2 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<3x8xi64>, tensor<1x8xi64>) -> tensor<4x8xi64>\n"
      "  %3 = stablehlo.reverse %a, dims = [1, 0] : tensor<3x8xi64>\n"
      "  %4 = stablehlo.transpose %a, dims = [1, 0] : (tensor<3x8xi64>) -> tensor<8x3xi64>\n"
      "  %5 = stablehlo.reshape %a : (tensor<3x8xi64>) -> tensor<24xi64>");
  EXPECT_THAT(out, HasSubstr("\"stablehlo.slice\"(%arg0) <{limit_indices = array<i64: 2, 8>, start_indices = array<i64: 0, 1>, "
                             "strides = array<i64: 1, 2>}> : (tensor<3x8xi64>) -> tensor<2x4xi64>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.pad\"(%arg0, %arg2) <{edge_padding_high = array<i64: 0, 2>, edge_padding_low = "
                             "array<i64: 1, -1>, interior_padding = array<i64: 0, 1>}>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.concatenate\"(%arg0, %arg1) <{dimension = 0 : i64}> : "
                             "(tensor<3x8xi64>, tensor<1x8xi64>) -> tensor<4x8xi64>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.reverse\"(%arg0) <{dimensions = array<i64: 1, 0>}> : (tensor<3x8xi64>) -> tensor<3x8xi64>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.transpose\"(%arg0) <{permutation = array<i64: 1, 0>}>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.reshape\"(%arg0) : (tensor<3x8xi64>) -> tensor<24xi64>"));
}

TEST(OpSyntaxStablehloShape, DynamicShapeOps) {
  std::string out = test::printGenericFunction(
      "%a: tensor<4x4xf32>, %i: tensor<i64>, %u: tensor<2x2xf32>, %s: tensor<2xi64>, %z: tensor<f32>",
      "  %0 = stablehlo.dynamic_slice %a, %i, %i, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>\n"
      "  %1 = stablehlo.dynamic_update_slice %a, %u, %i, %i :\n"
      "        (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>\n"
      "  %2 = stablehlo.dynamic_reshape %a, %s : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>\n"
      "  %3 = stablehlo.real_dynamic_slice %a, %s, %s, %s : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>\n"
      "  %4 = stablehlo.dynamic_pad %a, %z, %s, %s, %s : (tensor<4x4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>\n"
      "  %5 = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<?x?xf32>\n"
      "  %6 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<4x4xf32>) -> tensor<i32>\n"
      "  %7 = stablehlo.iota dim = 0 : tensor<3x4xi32>");
  EXPECT_THAT(out, HasSubstr("\"stablehlo.dynamic_slice\"(%arg0, %arg1, %arg1) <{slice_sizes = array<i64: 2, 2>}>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.dynamic_update_slice\"(%arg0, %arg2, %arg1, %arg1) : "));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.dynamic_reshape\"(%arg0, %arg3) : "));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.real_dynamic_slice\"(%arg0, %arg3, %arg3, %arg3) : "));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.dynamic_pad\"(%arg0, %arg4, %arg3, %arg3, %arg3) : "));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.dynamic_iota\"(%arg3) <{iota_dimension = 1 : i64}>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.get_dimension_size\"(%arg0) <{dimension = 1 : i64}> : (tensor<4x4xf32>) -> tensor<i32>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.iota\"() <{iota_dimension = 0 : i64}> : () -> tensor<3x4xi32>"));
}

TEST(OpSyntaxStablehloElementwise, CompareSelectClampComplexReducePrecision) {
  std::string out = test::printGenericFunction(
      "%a: tensor<2xf64>, %b: tensor<2xf64>, %p: tensor<2xi1>, %ps: tensor<i1>, %lo: tensor<f64>",
      "  %0 = stablehlo.compare LT, %a, %b, FLOAT : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xi1>\n"
      "  %1 = stablehlo.compare EQ, %a, %b : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xi1>\n"
      "  %2 = stablehlo.select %p, %a, %b : tensor<2xi1>, tensor<2xf64>\n"
      "  %3 = stablehlo.select %ps, %a, %b : (tensor<i1>, tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>\n"
      "  %4 = stablehlo.clamp %a, %b, %a : tensor<2xf64>\n"
      "  %5 = stablehlo.clamp %lo, %b, %lo : (tensor<f64>, tensor<2xf64>, tensor<f64>) -> tensor<2xf64>\n"
      "  %6 = stablehlo.complex %a, %b : tensor<2xcomplex<f64>>\n"
      "  %7 = stablehlo.complex %a, %b : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xcomplex<f64>>\n"
      "  %8 = stablehlo.reduce_precision %a, format = e5m10 : tensor<2xf64>\n"
      "  %9 = stablehlo.atan2 %a, %b : tensor<2xf64>");
  EXPECT_THAT(out, HasSubstr("\"stablehlo.compare\"(%arg0, %arg1) <{compare_type = #stablehlo<comparison_type FLOAT>, "
                             "comparison_direction = #stablehlo<comparison_direction LT>}> : "
                             "(tensor<2xf64>, tensor<2xf64>) -> tensor<2xi1>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.compare\"(%arg0, %arg1) <{comparison_direction = #stablehlo<comparison_direction EQ>}> :"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.select\"(%arg2, %arg0, %arg1) : (tensor<2xi1>, tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.select\"(%arg3, %arg0, %arg1) : (tensor<i1>, tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.clamp\"(%arg0, %arg1, %arg0) : (tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.clamp\"(%arg4, %arg1, %arg4) : (tensor<f64>, tensor<2xf64>, tensor<f64>) -> tensor<2xf64>"));
  EXPECT_THAT(out, HasSubstr("%6 = \"stablehlo.complex\"(%arg0, %arg1) : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xcomplex<f64>>"));
  EXPECT_THAT(out, HasSubstr("%7 = \"stablehlo.complex\"(%arg0, %arg1) : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xcomplex<f64>>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.reduce_precision\"(%arg0) <{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}> : "
                             "(tensor<2xf64>) -> tensor<2xf64>"));
}

TEST(OpSyntaxStablehloMisc, FftRngCholeskyDotEinsum) {
  std::string out = test::printGenericFunction(
      "%c: tensor<4xcomplex<f32>>, %s: tensor<2xui64>, %lo: tensor<f32>, %sh: tensor<2xi64>, %m: tensor<3x3xf32>",
      "  %0 = stablehlo.fft %c, type = IFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>\n"
      "  %1:2 = stablehlo.rng_bit_generator %s, algorithm =  THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui32>)\n"
      "  %2 = stablehlo.rng %lo, %lo, %sh, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>\n"
      "  %3 = stablehlo.cholesky %m, lower = true : tensor<3x3xf32>\n"
      "  %4 = stablehlo.cholesky %m : tensor<3x3xf32>\n"
      "  %5 = stablehlo.dot %m, %m, precision = [DEFAULT, HIGHEST] : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>\n"
      "  %6 = stablehlo.dot %m, %m : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>\n"
      "  %7 = stablehlo.einsum %m, %m, config = \"ab,bc->ac\" : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>\n"
      "  %8 = stablehlo.unary_einsum %m, config = \"ab->a\" : (tensor<3x3xf32>) -> tensor<3xf32>");
  EXPECT_THAT(out, HasSubstr("\"stablehlo.fft\"(%arg0) <{fft_length = array<i64: 4>, fft_type = #stablehlo<fft_type IFFT>}>"));
  EXPECT_THAT(out, HasSubstr("%1:2 = \"stablehlo.rng_bit_generator\"(%arg1) <{rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>}> : "
                             "(tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui32>)"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.rng\"(%arg2, %arg2, %arg3) <{rng_distribution = #stablehlo<rng_distribution NORMAL>}>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.cholesky\"(%arg4) <{lower = true}> : (tensor<3x3xf32>) -> tensor<3x3xf32>"));
  EXPECT_THAT(out, HasSubstr("%4 = \"stablehlo.cholesky\"(%arg4) : (tensor<3x3xf32>) -> tensor<3x3xf32>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.dot\"(%arg4, %arg4) <{precision_config = [#stablehlo<precision DEFAULT>, "
                             "#stablehlo<precision HIGHEST>]}>"));
  EXPECT_THAT(out, HasSubstr("%6 = \"stablehlo.dot\"(%arg4, %arg4) : "));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.einsum\"(%arg4, %arg4) <{einsum_config = \"ab,bc->ac\"}>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.unary_einsum\"(%arg4) <{einsum_config = \"ab->a\"}>"));
}

TEST(OpSyntaxStablehloTuplesAndTokens, TupleGetTupleElementAfterAllBarrierIds) {
  std::string out = test::printGenericFunction(
      "%a: tensor<2xf64>, %b: tensor<i64>, %t: !stablehlo.token",
      "  %0 = stablehlo.tuple %a, %b : tuple<tensor<2xf64>, tensor<i64>>\n"
      "  %1 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<2xf64>, tensor<i64>>) -> tensor<i64>\n"
      "  %2 = stablehlo.after_all %t, %t : !stablehlo.token\n"
      "  %3 = stablehlo.after_all : !stablehlo.token\n"
      "  %4 = stablehlo.create_token : !stablehlo.token\n"
      "  %5:2 = stablehlo.optimization_barrier %a, %t : tensor<2xf64>, !stablehlo.token\n"
      "  stablehlo.optimization_barrier()\n"
      "  %6 = stablehlo.replica_id : tensor<ui32>\n"
      "  %7 = stablehlo.partition_id : tensor<ui32>");
  EXPECT_THAT(out, HasSubstr("\"stablehlo.tuple\"(%arg0, %arg1) : (tensor<2xf64>, tensor<i64>) -> tuple<tensor<2xf64>, tensor<i64>>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.get_tuple_element\"(%0) <{index = 1 : i32}> : "
                             "(tuple<tensor<2xf64>, tensor<i64>>) -> tensor<i64>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.after_all\"(%arg2, %arg2) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.after_all\"() : () -> !stablehlo.token"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.create_token\"() : () -> !stablehlo.token"));
  EXPECT_THAT(out, HasSubstr("%5:2 = \"stablehlo.optimization_barrier\"(%arg0, %arg2) : "
                             "(tensor<2xf64>, !stablehlo.token) -> (tensor<2xf64>, !stablehlo.token)"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.optimization_barrier\"() : () -> ()"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.replica_id\"() : () -> tensor<ui32>"));
  EXPECT_THAT(out, HasSubstr("\"stablehlo.partition_id\"() : () -> tensor<ui32>"));
}

TEST(OpSyntaxStablehloRegistry, EverySpecOpWithoutRegionsIsRegistered) {
  // The ops of the StableHLO spec without regions, except the families registered elsewhere
  // (dot_general, convolution, custom_call, composite, gather, dynamic_gather, dynamic_conv).
  for (std::string_view name :
       {"abs", "add", "after_all", "all_gather", "all_to_all", "and", "atan2", "batch_norm_grad",
        "batch_norm_inference", "batch_norm_training", "bitcast_convert", "broadcast_in_dim", "cbrt", "ceil",
        "cholesky", "clamp", "collective_broadcast", "collective_permute", "compare", "complex", "concatenate",
        "constant", "convert", "cosine", "count_leading_zeros", "divide", "dynamic_broadcast_in_dim",
        "dynamic_iota", "dynamic_pad", "dynamic_reshape", "dynamic_slice", "dynamic_update_slice", "exponential",
        "exponential_minus_one", "fft", "floor", "get_dimension_size", "get_tuple_element", "imag", "infeed",
        "iota", "is_finite", "log", "log_plus_one", "logistic", "maximum", "minimum", "multiply", "negate", "not",
        "optimization_barrier", "or", "outfeed", "pad", "partition_id", "popcnt", "power", "real",
        "real_dynamic_slice", "recv", "reduce_precision", "remainder", "replica_id", "reshape", "reverse", "rng",
        "rng_bit_generator", "round_nearest_afz", "round_nearest_even", "rsqrt", "select", "send", "shift_left",
        "shift_right_arithmetic", "shift_right_logical", "sign", "sine", "slice", "sqrt", "subtract", "tan",
        "tanh", "transpose", "triangular_solve", "tuple", "uniform_dequantize", "uniform_quantize", "xor"}) {
    std::string full = "stablehlo." + std::string(name);
    EXPECT_NE(lookupOp(full), nullptr) << full;
  }
  // Ops StableHLO only prints generically have no custom parser.
  for (std::string_view name : {"stablehlo.all_gather", "stablehlo.send", "stablehlo.triangular_solve", "stablehlo.batch_norm_grad"}) {
    const OpSchema* def = lookupOp(name);
    ASSERT_NE(def, nullptr) << name;
    EXPECT_EQ(def->parse_custom, nullptr) << name;
  }
}

TEST(OpSyntaxStablehloRegistry, GenericOnlyOpsParseInTheGenericForm) {
  std::string out = test::printGenericFunction(
      "%a: tensor<3x3xf32>, %b: tensor<3x1xf32>",
      "  %0 = \"stablehlo.triangular_solve\"(%a, %b) <{left_side = true, lower = true, transpose_a = "
      "#stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>");
  EXPECT_THAT(out, HasSubstr("\"stablehlo.triangular_solve\"(%arg0, %arg1) <{left_side = true"));
  EXPECT_THAT(test::functionParseError("%a: tensor<3x3xf32>, %b: tensor<3x1xf32>",
                         "  %0 = stablehlo.triangular_solve %a, %b : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>"),
              HasSubstr("bad.mlir:2:8: error: unknown operation 'stablehlo.triangular_solve' in custom form"));
}

TEST(OpSyntaxStablehloErrors, PointAtTheMistake) {
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  %0 = stablehlo.compare LTE, %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>"),
              HasSubstr("bad.mlir:2:26: error: unknown comparison_direction 'LTE': expected one of EQ, NE, GE, GT, LE, LT"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  %0 = stablehlo.compare LT, %a, %a, REAL : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>"),
              HasSubstr("bad.mlir:2:38: error: unknown comparison_type 'REAL'"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  %0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<2xi32>) -> tensor<2xf32>"),
              HasSubstr("bad.mlir:2:52: error: operand #0 has type tensor<2xf32> but the op's signature says tensor<2xi32>"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  %0 = stablehlo.broadcast_in_dim %a dims = [0] : (tensor<2xf32>) -> tensor<2xf32>"),
              HasSubstr("bad.mlir:2:38: error: expected ',' before 'dims'"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  %0 = stablehlo.slice %a [0:1:] : (tensor<2xf32>) -> tensor<1xf32>"),
              HasSubstr("bad.mlir:2:32: error: expected an integer"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  %0 = stablehlo.reduce_precision %a, format = e5 : tensor<2xf32>"),
              HasSubstr("bad.mlir:2:48: error: expected a format eXmY (exponent and mantissa bits, e.g. e5m10), found 'e5'"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  %0 = stablehlo.complex %a, %a : tensor<2xf32>"),
              HasSubstr("bad.mlir:2:35: error: expected a tensor of complex elements (the result type), or a function type"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  %0 = stablehlo.complex %a, %a : tensor<2xcomplex<f64>>"),
              HasSubstr("bad.mlir:2:35: error: operand #0 has type tensor<2xf32> but the op's signature says tensor<2xf64>"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  %0 = stablehlo.select %a, %a, %a : tensor<2xf32>"),
              HasSubstr("bad.mlir:2:38: error: expected a function type or two types"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  %0 = stablehlo.reshape %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>"),
              HasSubstr("bad.mlir:2:26: error: 'stablehlo.reshape' takes 1 operand, found 2"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  %0 = stablehlo.reshape %a : tensor<2xf32>"),
              HasSubstr("bad.mlir:2:31: error: expected a function type (operand types) -> result type after ':'"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  %0 = stablehlo.tuple %a : tensor<2xf32>"),
              HasSubstr("bad.mlir:2:29: error: expected a tuple type (the result type), found tensor<2xf32>"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>", "  %0 = stablehlo.fft %a, type = DFT, length = [2] : (tensor<2xf32>) -> tensor<2xf32>"),
              HasSubstr("bad.mlir:2:33: error: unknown fft_type 'DFT': expected one of FFT, IFFT, RFFT, IRFFT"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xui64>",
                         "  %0 = stablehlo.rng_bit_generator %a, algorithm = PHILOX : (tensor<2xui64>) -> tensor<2xui64>"),
              HasSubstr("bad.mlir:2:61: error: 'stablehlo.rng_bit_generator' produces 2 results but the function type has 1"));
  EXPECT_THAT(test::functionParseError("%a: tensor<2xf32>",
                         "  %0 = stablehlo.transpose %a, dims = [0] {permutation = array<i64: 0>} : (tensor<2xf32>) -> tensor<2xf32>"),
              HasSubstr("bad.mlir:2:43: error: 'permutation' is already given by the syntax of 'stablehlo.transpose'"));
}

}  // namespace
}  // namespace hloconf
