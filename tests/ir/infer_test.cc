// Result-type inference (ir/infer.h): per op, the types the spec's rule gives and an input the rule rejects
// (citing its label); `?` sizes; the ops that are not inferable; the compatibility of declared types; and the
// verifier's use of it (a declared result type the rule does not admit is rejected under the rule's label).
#include "ir/infer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ir/asm_parser.h"
#include "ir/strings.h"
#include "tests/ir/verify_test_util.h"

namespace hloconf {
namespace {

using ::testing::HasSubstr;

Type typeOf(std::string_view text) {
  AsmParser parser("test", text, 0, text.size());
  Type t;
  const absl::Status s = parser.parseType(t);
  EXPECT_TRUE(s.ok()) << s.message();
  return t;
}

NamedAttrList attributesOf(std::string_view text) {
  const std::string dict = strCat("{", text, "}");
  AsmParser parser("test", dict, 0, dict.size());
  NamedAttrList attributes;
  const absl::Status s = parser.parseAttrDict(attributes);
  EXPECT_TRUE(s.ok()) << s.message();
  return attributes;
}

struct Regions {
  std::vector<std::vector<Type>> arguments = {}, results = {};
};

// The inferred result types as text ("tensor<2x3xf32>, tensor<i1>"), or the error's message.
std::string infer(OpId id, const std::vector<std::string>& operand_types, std::string_view attributes = "", const Regions& regions = {}) {
  std::vector<Type> operands;
  for (const std::string& t : operand_types) operands.push_back(typeOf(t));
  const absl::StatusOr<std::vector<InferredType>> inferred =
      inferResultTypes(id, operands, attributesOf(attributes), regions.arguments, regions.results);
  if (!inferred.ok()) return std::string(inferred.status().message());
  std::string text;
  for (const InferredType& r : *inferred) strAppend(&text, text.empty() ? "" : ", ", r.type.toString());
  return text;
}

std::vector<Type> scalars(std::initializer_list<std::string_view> elements) {
  std::vector<Type> types;
  for (std::string_view e : elements) types.push_back(typeOf(strCat("tensor<", e, ">")));
  return types;
}

// --- Elementwise -------------------------------------------------------------------------------------------

TEST(Infer, ElementwiseKeepsTheOperandType) {
  EXPECT_EQ(infer(OpId::kAdd, {"tensor<2x3xf32>", "tensor<2x3xf32>"}), "tensor<2x3xf32>");
  EXPECT_EQ(infer(OpId::kCosine, {"tensor<4xbf16>"}), "tensor<4xbf16>");
  EXPECT_EQ(infer(OpId::kShiftLeft, {"tensor<3xui8>", "tensor<3xui8>"}), "tensor<3xui8>");
  EXPECT_EQ(infer(OpId::kAdd, {"tensor<2x3xf32>", "tensor<2x4xf32>"}), "add (C1): lhs has shape [2, 3], rhs [2, 4]; they must be one");
}

TEST(Infer, ElementwiseTakesTheKnownSizeOfEitherOperand) {
  // shape(lhs) = shape(rhs) = shape(result): where one operand's size is `?`, the other's is the result's.
  EXPECT_EQ(infer(OpId::kMultiply, {"tensor<?x3xf32>", "tensor<2x?xf32>"}), "tensor<2x3xf32>");
  EXPECT_EQ(infer(OpId::kMultiply, {"tensor<?x3xf32>", "tensor<?x3xf32>"}), "tensor<?x3xf32>");
}

TEST(Infer, QuantizedElementwiseIsInferredUpToScales) {
  const std::string q = "tensor<4x!quant.uniform<i8:f32, 0.5:3>>";
  const absl::StatusOr<std::vector<InferredType>> r = inferResultTypes(OpId::kAdd, std::vector<Type>{typeOf(q), typeOf(q)}, {});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ((*r)[0].element, ElementRule::kBaseline);
  // Another scale and zero point is the program's choice; another storage type is not.
  EXPECT_TRUE(checkCompatible(typeOf("tensor<4x!quant.uniform<i8:f32, 0.25:-1>>"), (*r)[0], 0).ok());
  EXPECT_FALSE(checkCompatible(typeOf("tensor<4x!quant.uniform<i16:f32, 0.5:3>>"), (*r)[0], 0).ok());
}

TEST(Infer, AbsOfComplexIsItsPartType) {
  EXPECT_EQ(infer(OpId::kAbs, {"tensor<2xcomplex<f64>>"}), "tensor<2xf64>");
  EXPECT_EQ(infer(OpId::kAbs, {"tensor<2xi32>"}), "tensor<2xi32>");
  EXPECT_THAT(infer(OpId::kAbs, {"!stablehlo.token"}), HasSubstr("abs (C1): operand 0 has type !stablehlo.token, not a tensor type"));
}

TEST(Infer, CompareAndIsFiniteGiveBooleans) {
  EXPECT_EQ(infer(OpId::kCompare, {"tensor<2x?xf32>", "tensor<?x5xf32>"}, "comparison_direction = #stablehlo<comparison_direction LT>"),
            "tensor<2x5xi1>");
  EXPECT_THAT(infer(OpId::kCompare, {"tensor<2xf32>", "tensor<2x1xf32>"}), HasSubstr("compare (C2)"));
  EXPECT_EQ(infer(OpId::kIsFinite, {"tensor<3x?xf16>"}), "tensor<3x?xi1>");
}

TEST(Infer, ComplexRealAndImag) {
  EXPECT_EQ(infer(OpId::kComplex, {"tensor<2xf32>", "tensor<2xf32>"}), "tensor<2xcomplex<f32>>");
  EXPECT_THAT(infer(OpId::kComplex, {"tensor<2xf16>", "tensor<2xf16>"}), HasSubstr("complex (C3)"));
  EXPECT_EQ(infer(OpId::kReal, {"tensor<3xcomplex<f64>>"}), "tensor<3xf64>");
  EXPECT_EQ(infer(OpId::kImag, {"tensor<3xf32>"}), "tensor<3xf32>");
  EXPECT_EQ(infer(OpId::kUniformDequantize, {"tensor<2x!quant.uniform<i8:f32, 0.5:3>>"}), "tensor<2xf32>");
  EXPECT_THAT(infer(OpId::kUniformDequantize, {"tensor<2xf32>"}), HasSubstr("uniform_dequantize (C2)"));
}

TEST(Infer, ClampAndSelectTakeTheOperandsType) {
  EXPECT_EQ(infer(OpId::kClamp, {"tensor<f32>", "tensor<2x3xf32>", "tensor<f32>"}), "tensor<2x3xf32>");
  EXPECT_EQ(infer(OpId::kSelect, {"tensor<2xi1>", "tensor<2xi64>", "tensor<2xi64>"}), "tensor<2xi64>");
}

// --- Data movement ------------------------------------------------------------------------------------------

TEST(Infer, Concatenate) {
  EXPECT_EQ(infer(OpId::kConcatenate, {"tensor<2x3xf32>", "tensor<4x3xf32>"}, "dimension = 0 : i64"), "tensor<6x3xf32>");
  // An unknown size in the concatenated dimension makes the sum unknown; the others keep input 0's.
  EXPECT_EQ(infer(OpId::kConcatenate, {"tensor<2x?xf32>", "tensor<?x3xf32>"}, "dimension = 0 : i64"), "tensor<?x?xf32>");
  EXPECT_THAT(infer(OpId::kConcatenate, {"tensor<2xf32>"}, "dimension = 1 : i64"), HasSubstr("concatenate (C4)"));
}

TEST(Infer, TransposeMovesSizesBoundsAndTheQuantizationAxis) {
  EXPECT_EQ(infer(OpId::kTranspose, {"tensor<2x3x4xf32>"}, "permutation = array<i64: 2, 0, 1>"), "tensor<4x2x3xf32>");
  EXPECT_EQ(infer(OpId::kTranspose, {"tensor<?x3xf32, #stablehlo.bounds<8, ?>>"}, "permutation = array<i64: 1, 0>"),
            "tensor<3x?xf32, #stablehlo.bounds<?, 8>>");
  // transpose (C4): the result's axis is where the permutation puts the operand's.
  EXPECT_EQ(infer(OpId::kTranspose, {"tensor<2x3x!quant.uniform<i8:f32:1, {0.5:1, 0.25:2, 1.0:3}>>"}, "permutation = array<i64: 1, 0>"),
            "tensor<3x2x!quant.uniform<i8:f32:0, {0.5:1,0.25:2,1.0:3}>>");
  EXPECT_THAT(infer(OpId::kTranspose, {"tensor<2x3xf32>"}, "permutation = array<i64: 0, 2>"), HasSubstr("transpose (C2)"));
}

TEST(Infer, SliceAndPad) {
  EXPECT_EQ(infer(OpId::kSlice, {"tensor<?x10xf32>"},
                  "start_indices = array<i64: 0, 1>, limit_indices = array<i64: 3, 10>, strides = array<i64: 1, 4>"),
            "tensor<3x3xf32>");
  EXPECT_THAT(infer(OpId::kSlice, {"tensor<10xf32>"}, "start_indices = array<i64: 0>, limit_indices = array<i64: 3>, strides = array<i64: 0>"),
              HasSubstr("slice (C4)"));
  EXPECT_EQ(infer(OpId::kPad, {"tensor<3x?xf32>", "tensor<f32>"},
                  "edge_padding_low = array<i64: 1, 0>, edge_padding_high = array<i64: -1, 2>, interior_padding = array<i64: 2, 1>"),
            "tensor<7x?xf32>");
  EXPECT_THAT(infer(OpId::kPad, {"tensor<3xf32>", "tensor<f32>"},
                    "edge_padding_low = array<i64: 1, 0>, edge_padding_high = array<i64: 0>, interior_padding = array<i64: 0>"),
              HasSubstr("pad (C2)"));
}

TEST(Infer, Gather) {
  const std::string dims =
      "dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], "
      "index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>";
  EXPECT_EQ(infer(OpId::kGather, {"tensor<3x4x2xi32>", "tensor<2x?x2xi64>"}, dims), "tensor<2x?x2x2xi32>");
  EXPECT_THAT(infer(OpId::kGather, {"tensor<3x4xi32>", "tensor<2x3x2xi64>"}, dims), HasSubstr("gather (C20)"));
}

TEST(Infer, DynamicSliceSortReverse) {
  EXPECT_EQ(infer(OpId::kDynamicSlice, {"tensor<?x4xf32>", "tensor<i64>", "tensor<i64>"}, "slice_sizes = array<i64: 2, 3>"), "tensor<2x3xf32>");
  EXPECT_EQ(infer(OpId::kSort, {"tensor<4xf32>", "tensor<4xi32>"}), "tensor<4xf32>, tensor<4xi32>");
  EXPECT_THAT(infer(OpId::kSort, {}), HasSubstr("sort (C1)"));
  EXPECT_EQ(infer(OpId::kReverse, {"tensor<?x2xui8>"}, "dimensions = array<i64: 0>"), "tensor<?x2xui8>");
}

// --- Products and reductions --------------------------------------------------------------------------------

TEST(Infer, DotGeneral) {
  const std::string dims =
      "dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], "
      "lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>";
  // Batching dimensions, then lhs's and rhs's remaining dimensions, in order; `?` stays `?`.
  EXPECT_EQ(infer(OpId::kDotGeneral, {"tensor<2x?x4xf32>", "tensor<4x2x5xf32>"}, dims), "tensor<2x?x5xf32>");
  const absl::StatusOr<std::vector<InferredType>> r =
      inferResultTypes(OpId::kDotGeneral, std::vector<Type>{typeOf("tensor<2x3x4xi8>"), typeOf("tensor<4x2x5xi8>")}, attributesOf(dims));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ((*r)[0].element, ElementRule::kFree);  // i8 x i8 -> i32 is the program's choice
  EXPECT_TRUE(checkCompatible(typeOf("tensor<2x3x5xi32>"), (*r)[0], 0).ok());
  EXPECT_THAT(infer(OpId::kDotGeneral, {"tensor<2x4xf32>", "tensor<4x2x5xf32>"}, dims), HasSubstr("dot_general (C6)"));
}

TEST(Infer, Convolution) {
  const std::string attrs =
      "window_strides = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>, rhs_dilation = array<i64: 2>, "
      "dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, batch_group_count = 2 : i64";
  // Spatial: padded 7 + 2 = 9, window (3 - 1) * 2 + 1 = 5, stride 2: (9 - 5) / 2 + 1 = 3; batch 4 / 2 = 2.
  EXPECT_EQ(infer(OpId::kConvolution, {"tensor<4x7x3xf32>", "tensor<3x3x6xf32>"}, attrs), "tensor<2x3x6xf32>");
  EXPECT_EQ(infer(OpId::kConvolution, {"tensor<4x?x3xf32>", "tensor<3x3x6xf32>"}, attrs), "tensor<2x?x6xf32>");
  EXPECT_THAT(infer(OpId::kConvolution, {"tensor<4x7x3xf32>", "tensor<3x3xf32>"}, attrs), HasSubstr("convolution (C1)"));
}

TEST(Infer, ReduceTakesElementTypesFromTheBody) {
  Regions body{.arguments = {scalars({"f64", "f64"})}};
  EXPECT_EQ(infer(OpId::kReduce, {"tensor<2x?x4xf32>", "tensor<f32>"}, "dimensions = array<i64: 0, 2>", body), "tensor<?xf64>");
  EXPECT_THAT(infer(OpId::kReduce, {"tensor<2x3xf32>", "tensor<f32>"}, "dimensions = array<i64: 2>", body), HasSubstr("reduce (C4)"));
}

TEST(Infer, ReduceWindowAndSelectAndScatter) {
  Regions body{.arguments = {scalars({"f32", "f32"})}};
  // Dimension 0: base dilation 2 gives 7, padding 1 + 0 gives 8, window 2 at stride 2: 4 windows.
  EXPECT_EQ(infer(OpId::kReduceWindow, {"tensor<4x5xf32>", "tensor<f32>"},
                  "window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>, base_dilations = array<i64: 2, 1>, "
                  "padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>",
                  body),
            "tensor<4x5xf32>");
  EXPECT_THAT(infer(OpId::kReduceWindow, {"tensor<4x5xf32>", "tensor<f32>"}, "window_dimensions = array<i64: 2>", body), HasSubstr("reduce_window (C15)"));
  Regions select_scatter{.arguments = {scalars({"f32", "f32"}), scalars({"f64", "f64"})}};
  EXPECT_EQ(infer(OpId::kSelectAndScatter, {"tensor<4x?xf32>", "tensor<2x2xf32>", "tensor<f32>"}, "window_dimensions = array<i64: 2, 2>", select_scatter),
            "tensor<4x?xf64>");
}

TEST(Infer, NumWindows) {
  EXPECT_EQ(numWindows(5, 1, 0, 0, 2, 1, 1), 4);
  EXPECT_EQ(numWindows(5, 1, 0, 0, 6, 1, 1), 0);  // a window larger than the padded input
  EXPECT_EQ(numWindows(0, 1, 0, 0, 1, 1, 1), 0);
  EXPECT_EQ(numWindows(kDynamicSize, 1, 0, 0, 2, 1, 1), kDynamicSize);
}

// --- Structure ------------------------------------------------------------------------------------------------

TEST(Infer, TuplesAndControlFlow) {
  EXPECT_EQ(infer(OpId::kTuple, {"tensor<2xf32>", "!stablehlo.token"}), "tuple<tensor<2xf32>, !stablehlo.token>");
  EXPECT_EQ(infer(OpId::kGetTupleElement, {"tuple<tensor<2xf32>, tensor<i1>>"}, "index = 1 : i32"), "tensor<i1>");
  EXPECT_THAT(infer(OpId::kGetTupleElement, {"tuple<tensor<2xf32>>"}, "index = 1 : i32"), HasSubstr("get_tuple_element (C1)"));
  EXPECT_EQ(infer(OpId::kWhile, {"tensor<i64>", "tensor<3xf32>"}), "tensor<i64>, tensor<3xf32>");
  Regions branches{.results = {scalars({"f32", "i1"}), scalars({"f32", "i1"})}};
  EXPECT_EQ(infer(OpId::kIf, {"tensor<i1>"}, "", branches), "tensor<f32>, tensor<i1>");
  EXPECT_THAT(infer(OpId::kIf, {"tensor<i1>"}), HasSubstr("if (C3)"));
  EXPECT_EQ(infer(OpId::kAfterAll, {"!stablehlo.token", "!stablehlo.token"}), "!stablehlo.token");
  EXPECT_EQ(infer(OpId::kGetDimensionSize, {"tensor<2xf32>"}, "dimension = 0 : i64"), "tensor<i32>");
}

TEST(Infer, Collectives) {
  EXPECT_EQ(infer(OpId::kAllToAll, {"tensor<4x3xf32>"}, "split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64"),
            "tensor<2x6xf32>");
  EXPECT_THAT(infer(OpId::kAllToAll, {"tensor<4x3xf32>"}, "split_dimension = 2 : i64, concat_dimension = 1 : i64, split_count = 2 : i64"),
              HasSubstr("all_to_all (C1)"));
}

TEST(Infer, OpsWhoseResultTypeTheProgramGivesAreNotInferable) {
  for (OpId id : {OpId::kBroadcastInDim, OpId::kReshape, OpId::kIota, OpId::kConvert, OpId::kConstant, OpId::kDynamicPad, OpId::kAllGather,
                  OpId::kCustomCall}) {
    EXPECT_FALSE(isInferable(id)) << opName(id);
    EXPECT_FALSE(notInferableReason(id).empty()) << opName(id);
    const absl::StatusOr<std::vector<InferredType>> r = inferResultTypes(id, std::vector<Type>{typeOf("tensor<2xf32>")}, {});
    EXPECT_EQ(r.status().code(), absl::StatusCode::kUnimplemented) << opName(id);
    EXPECT_THAT(std::string(r.status().message()), HasSubstr("not inferable")) << opName(id);
  }
  EXPECT_TRUE(isInferable(OpId::kDotGeneral));
  EXPECT_EQ(notInferableReason(OpId::kDotGeneral), "");
}

// --- Compatibility and the verifier ------------------------------------------------------------------------------

TEST(Infer, DeclaredTypesRefineUnknownSizesButNotChangeKnownOnes) {
  const InferredType inferred{typeOf("tensor<2x?xf32>"), ElementRule::kExact, "x (C1)", "x (C2)"};
  EXPECT_TRUE(checkCompatible(typeOf("tensor<2x7xf32>"), inferred, 0).ok());
  EXPECT_TRUE(checkCompatible(typeOf("tensor<?x?xf32>"), inferred, 0).ok());  // a declared `?` is the kernel's to check
  EXPECT_EQ(checkCompatible(typeOf("tensor<3x7xf32>"), inferred, 0).message(), "x (C1): result 0 has shape [3, 7], but the rule gives [2, ?]");
  EXPECT_THAT(std::string(checkCompatible(typeOf("tensor<2xf32>"), inferred, 0).message()), HasSubstr("x (C1): result 0 has rank 1"));
  EXPECT_THAT(std::string(checkCompatible(typeOf("tensor<2x7xf64>"), inferred, 0).message()), HasSubstr("x (C2): result 0 has element type f64"));
}

TEST(Infer, VerifierRejectsResultsTheRuleDoesNotGive) {
  test::expectViolation("(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>)",
                        "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x5xf32>",
                        "dot_general (C12): result 0 has shape [2, 5], but the rule gives [2, 4]");
  test::expectViolation("(%a: tensor<2xf32>, %b: tensor<2xf32>)",
                        "%0 = stablehlo.compare LT, %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xi1>", "compare (C2)");
  test::expectViolation("(%a: tensor<2xcomplex<f32>>)", "%0 = stablehlo.real %a : (tensor<2xcomplex<f32>>) -> tensor<2xf64>", "real (C2)");
  // `?` in an operand: the declared size refines it.
  EXPECT_TRUE(test::verifyOp("(%a: tensor<?x3xf32>, %b: tensor<3x4xf32>)",
                             "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<?x3xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>")
                  .ok());
}

}  // namespace
}  // namespace hloconf
