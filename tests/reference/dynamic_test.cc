// Dynamism (reference/kernels_dynamic.cc): the dynamic ops, functions with `?` argument types, the
// "undefined behaviour" errors for run-time shape mismatches, and the acceptance walk over
// ../shared/peer/stablehlo-testdata/dynamic (skipped when that folder is absent).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "ir/asm_parser.h"
#include "reference/kernels.h"
#include "tests/reference/eval_test_util.h"

namespace hloconf::test {
namespace {

using ::testing::HasSubstr;

// A tensor argument parsed from literal text like "dense<[1, 2]> : tensor<2xi64>".
ref::RtValue literal(const std::string& text) {
  AsmParser p("<arg>", text, 0, text.size());
  Attr attr;
  absl::Status s = p.parseAttribute(attr);
  EXPECT_TRUE(s.ok()) << s.message();
  if (!s.ok() || attr->kind() != Attribute::Kind::kDenseElements) return ref::RtValue();
  return ref::RtValue::ofTensor(attr->denseElements());
}

std::string text(const ref::RtValue& v) { return ref::toString(v); }

// Evaluates `body` in `func.func @main(signature) -> result_type` returning %r, on `args`.
Evaluation run(const std::string& signature, const std::string& result_type, const std::string& body, std::vector<ref::RtValue> args) {
  const std::string program =
      strCat("func.func @main(", signature, ") -> ", result_type, " {\n", body, "\n  func.return %r : ", result_type, "\n}\n");
  return evaluate(program, "main", std::move(args));
}

TEST(DynamicOps, AllHaveKernels) {
  for (const char* op : {"stablehlo.dynamic_broadcast_in_dim", "stablehlo.dynamic_iota", "stablehlo.dynamic_pad", "stablehlo.dynamic_reshape",
                         "stablehlo.real_dynamic_slice", "stablehlo.dynamic_gather", "stablehlo.dynamic_conv"}) {
    EXPECT_TRUE(ref::Interpreter::canEvaluate(op)) << op;
  }
}

TEST(DynamicOps, BroadcastInDimResolvesFromShapeOperand) {
  Evaluation e = run("%x: tensor<?xi64>, %s: tensor<2xi64>", "tensor<?x?xi64>",
                     "  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xi64>, tensor<2xi64>) -> tensor<?x?xi64>",
                     {literal("dense<[1, 2, 3]> : tensor<3xi64>"), literal("dense<[2, 3]> : tensor<2xi64>")});
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(text(e.results[0]), "dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi64>");
}

TEST(DynamicOps, BroadcastInDimSpecExample) {
  ref::RtValue r = evalOp({"dense<[[1, 2, 3]]> : tensor<1x3xi64>", "dense<[2, 3, 2]> : tensor<3xi64>"},
                          "\"stablehlo.dynamic_broadcast_in_dim\"(%a, %b) {broadcast_dimensions = array<i64: 2, 1>, known_expanding_dimensions = "
                          "array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>",
                          "tensor<2x3x2xi64>");
  EXPECT_EQ(text(r), "dense<[[[1, 1], [2, 2], [3, 3]], [[1, 1], [2, 2], [3, 3]]]> : tensor<2x3x2xi64>");
}

TEST(DynamicOps, BroadcastInDimBrokenPromiseIsUndefinedBehaviour) {
  Evaluation e = run("%x: tensor<?xi64>", "tensor<2x3xi64>",
                     "  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>\n"
                     "  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1], known_nonexpanding_dimensions = [0] : "
                     "(tensor<?xi64>, tensor<2xi64>) -> tensor<2x3xi64>",
                     {literal("dense<[7]> : tensor<1xi64>")});
  EXPECT_THAT(e.status.message(), HasSubstr("stablehlo.dynamic_broadcast_in_dim: undefined behaviour"));
}

TEST(DynamicOps, ElementwiseShapeMismatchIsUndefinedBehaviour) {
  Evaluation e = run("%x: tensor<?x2xf32>, %y: tensor<?x2xf32>", "tensor<?x2xf32>",
                     "  %r = stablehlo.add %x, %y : tensor<?x2xf32>",
                     {literal("dense<1.0> : tensor<3x2xf32>"), literal("dense<1.0> : tensor<4x2xf32>")});
  EXPECT_THAT(e.status.message(), HasSubstr("stablehlo.add: undefined behaviour: operand shapes differ at run time"));
}

TEST(DynamicOps, Iota) {
  ref::RtValue r = evalOp({"dense<[3, 4]> : tensor<2xi64>"}, "stablehlo.dynamic_iota %a, dim = 1 : (tensor<2xi64>) -> tensor<3x?xi64>",
                          "tensor<3x?xi64>");
  EXPECT_EQ(text(r), "dense<[[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<3x4xi64>");
  ref::RtValue f = evalOp({"dense<[4]> : tensor<1xi32>"}, "stablehlo.dynamic_iota %a, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>",
                          "tensor<?xf32>");
  EXPECT_EQ(text(f), "dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>");
}

TEST(DynamicOps, QuantizedIota) {
  // As iota (spec): quantize(index) with scale 0.5 and zero point -1 is 2i - 1; the storage integers print.
  ref::RtValue r = evalOp({"dense<[4]> : tensor<1xi64>"},
                          "stablehlo.dynamic_iota %a, dim = 0 : (tensor<1xi64>) -> tensor<?x!quant.uniform<i8:f32, 0.5:-1>>",
                          "tensor<?x!quant.uniform<i8:f32, 0.5:-1>>");
  ASSERT_TRUE(r.isTensor());
  EXPECT_TRUE(r.tensor.type().isQuantized());
  EXPECT_EQ(r.tensor.type().shape(), (std::vector<int64_t>{4}));
  std::vector<int64_t> values;
  for (int64_t i = 0; i < r.tensor.numElements(); ++i) values.push_back(decodeSignedInteger(r.tensor.elementType(), r.tensor.bits(i)));
  EXPECT_EQ(values, (std::vector<int64_t>{-1, 1, 3, 5}));
  EXPECT_TRUE(r.impl_defined.empty());
}

TEST(DynamicOps, IotaShapeDisagreeingWithStaticResultIsUndefinedBehaviour) {
  Evaluation e = run("%s: tensor<2xi64>", "tensor<3x4xi64>",
                     "  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<3x4xi64>", {literal("dense<[3, 5]> : tensor<2xi64>")});
  EXPECT_FALSE(e.status.ok());
  EXPECT_THAT(e.status.message(), HasSubstr("stablehlo.dynamic_iota: undefined behaviour: output_shape is [3, 5]"));
}

TEST(DynamicOps, Pad) {
  // The interpreter test of stablehlo (negative edge padding, interior padding).
  Evaluation e = run("%x: tensor<5x4xi64>", "tensor<?x?xi64>",
                     "  %v = stablehlo.constant dense<-1> : tensor<i64>\n"
                     "  %lo = stablehlo.constant dense<[1, -1]> : tensor<2xi64>\n"
                     "  %in = stablehlo.constant dense<[0, 1]> : tensor<2xi64>\n"
                     "  %r = stablehlo.dynamic_pad %x, %v, %lo, %lo, %in : (tensor<5x4xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, "
                     "tensor<2xi64>) -> tensor<?x?xi64>",
                     {literal("dense<[[0, 0, 0, 0], [0, 1, 2, 0], [0, 3, 4, 0], [0, 5, 6, 0], [0, 0, 0, 0]]> : tensor<5x4xi64>")});
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(text(e.results[0]),
            "dense<[[-1, -1, -1, -1, -1], [-1, 0, -1, 0, -1], [-1, 1, -1, 2, -1], [-1, 3, -1, 4, -1], [-1, 5, -1, 6, -1], [-1, 0, -1, 0, -1], "
            "[-1, -1, -1, -1, -1]]> : tensor<7x5xi64>");
}

TEST(DynamicOps, PadResultDisagreeingWithStaticResultIsUndefinedBehaviour) {
  Evaluation e = run("%x: tensor<?xf32>", "tensor<4xf32>",
                     "  %v = stablehlo.constant dense<0.0> : tensor<f32>\n"
                     "  %z = stablehlo.constant dense<[1]> : tensor<1xi32>\n"
                     "  %r = stablehlo.dynamic_pad %x, %v, %z, %z, %z : (tensor<?xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, "
                     "tensor<1xi32>) -> tensor<4xf32>",
                     {literal("dense<[1.0, 2.0]> : tensor<2xf32>")});
  EXPECT_THAT(e.status.message(), HasSubstr("stablehlo.dynamic_pad: undefined behaviour"));
}

TEST(DynamicOps, Reshape) {
  Evaluation e = run("%x: tensor<?x6xi64>, %s: tensor<2xi32>", "tensor<?x?xi64>",
                     "  %r = stablehlo.dynamic_reshape %x, %s : (tensor<?x6xi64>, tensor<2xi32>) -> tensor<?x?xi64>",
                     {literal("dense<[[1, 2, 3, 4, 5, 6]]> : tensor<1x6xi64>"), literal("dense<[3, 2]> : tensor<2xi32>")});
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(text(e.results[0]), "dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>");
}

TEST(DynamicOps, ReshapeElementCountMismatchIsUndefinedBehaviour) {
  Evaluation e = run("%x: tensor<?xi64>, %s: tensor<1xi64>", "tensor<?xi64>",
                     "  %r = stablehlo.dynamic_reshape %x, %s : (tensor<?xi64>, tensor<1xi64>) -> tensor<?xi64>",
                     {literal("dense<[1, 2, 3]> : tensor<3xi64>"), literal("dense<[4]> : tensor<1xi64>")});
  EXPECT_THAT(e.status.message(), HasSubstr("stablehlo.dynamic_reshape: undefined behaviour"));
}

TEST(DynamicOps, RealDynamicSlice) {
  Evaluation e = run("%x: tensor<?x4xi64>, %s: tensor<2xi64>, %l: tensor<2xi64>, %k: tensor<2xi64>", "tensor<?x?xi64>",
                     "  %r = stablehlo.real_dynamic_slice %x, %s, %l, %k : (tensor<?x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> "
                     "tensor<?x?xi64>",
                     {literal("dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi64>"),
                      literal("dense<[1, 0]> : tensor<2xi64>"), literal("dense<[3, 4]> : tensor<2xi64>"),
                      literal("dense<[1, 3]> : tensor<2xi64>")});
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(text(e.results[0]), "dense<[[4, 7], [8, 11]]> : tensor<2x2xi64>");
}

TEST(DynamicOps, RealDynamicSliceOutOfBoundsIsUndefinedBehaviour) {
  Evaluation e = run("%x: tensor<?xi64>, %s: tensor<1xi64>", "tensor<?xi64>",
                     "  %l = stablehlo.constant dense<[5]> : tensor<1xi64>\n"
                     "  %k = stablehlo.constant dense<[1]> : tensor<1xi64>\n"
                     "  %r = stablehlo.real_dynamic_slice %x, %s, %l, %k : (tensor<?xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> "
                     "tensor<?xi64>",
                     {literal("dense<[1, 2, 3]> : tensor<3xi64>"), literal("dense<[0]> : tensor<1xi64>")});
  EXPECT_THAT(e.status.message(), HasSubstr("stablehlo.real_dynamic_slice: undefined behaviour"));
}

TEST(DynamicOps, GatherSpecExample) {
  ref::RtValue r = evalOp(
      {"dense<[[[1, 2], [3, 4], [5, 6], [7, 8]], [[9, 10], [11, 12], [13, 14], [15, 16]], [[17, 18], [19, 20], [21, 22], [23, 24]]]> : "
       "tensor<3x4x2xi64>",
       "dense<[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]]> : tensor<2x3x2xi64>", "dense<[1, 2, 2]> : tensor<3xi64>"},
      "\"stablehlo.dynamic_gather\"(%a, %b, %c) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], "
      "start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> "
      "tensor<2x3x?x?xi64>",
      "tensor<2x3x?x?xi64>");
  EXPECT_EQ(text(r),
            "dense<[[[[1, 2], [3, 4]], [[3, 4], [5, 6]], [[13, 14], [15, 16]]], [[[9, 10], [11, 12]], [[11, 12], [13, 14]], [[17, 18], [19, "
            "20]]]]> : tensor<2x3x2x2xi64>");
}

TEST(DynamicOps, GatherSliceSizesDisagreeingWithResultIsUndefinedBehaviour) {
  Evaluation e = run("%x: tensor<3x4x2xi64>, %i: tensor<2x3x2xi64>, %s: tensor<3xi64>", "tensor<2x3x2x2xi64>",
                     "  %r = \"stablehlo.dynamic_gather\"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], "
                     "collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, "
                     "tensor<3xi64>) -> tensor<2x3x2x2xi64>",
                     {literal("dense<1> : tensor<3x4x2xi64>"), literal("dense<0> : tensor<2x3x2xi64>"), literal("dense<[1, 3, 2]> : tensor<3xi64>")});
  EXPECT_THAT(e.status.message(), HasSubstr("stablehlo.dynamic_gather: undefined behaviour"));
}

TEST(DynamicOps, ConvSpecExample) {
  ref::RtValue r = evalOp(
      {"dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi64>",
       "dense<1> : tensor<3x3x1x1xi64>", "dense<1> : tensor<2x2xi64>"},
      "\"stablehlo.dynamic_conv\"(%a, %b, %c) {window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>, rhs_dilation = "
      "array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, "
      "f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> "
      "tensor<1x?x?x1xi64>",
      "tensor<1x?x?x1xi64>");
  EXPECT_EQ(text(r), "dense<[[[[1], [5]], [[10], [14]]]]> : tensor<1x2x2x1xi64>");
}

TEST(DynamicOps, ConvPaddingDisagreeingWithResultIsUndefinedBehaviour) {
  Evaluation e = run("%p: tensor<2x2xi64>", "tensor<1x2x2x1xi64>",
                     "  %a = stablehlo.constant dense<1> : tensor<1x4x4x1xi64>\n"
                     "  %b = stablehlo.constant dense<1> : tensor<3x3x1x1xi64>\n"
                     "  %r = \"stablehlo.dynamic_conv\"(%a, %b, %p) {window_strides = array<i64: 1, 1>, dimension_numbers = "
                     "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} "
                     ": (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>",
                     {literal("dense<1> : tensor<2x2xi64>")});
  EXPECT_THAT(e.status.message(), HasSubstr("stablehlo.dynamic_conv: undefined behaviour"));
}

// Functions with `?` argument types evaluate on concrete arguments; elementwise ops size their results
// from the operands.
TEST(DynamicFunctions, DynamicArgumentsAndElementwiseResults) {
  Evaluation e = run("%x: tensor<?x2xf32>, %y: tensor<?x2xf32>", "tensor<?x2xf32>",
                     "  %s = stablehlo.add %x, %y : tensor<?x2xf32>\n"
                     "  %r = stablehlo.multiply %s, %s : tensor<?x2xf32>",
                     {literal("dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>"), literal("dense<1.0> : tensor<3x2xf32>")});
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(text(e.results[0]), "dense<[[4.0, 9.0], [16.0, 25.0], [36.0, 49.0]]> : tensor<3x2xf32>");
  // A static dimension of an argument still has to match.
  Evaluation bad = run("%x: tensor<?x2xf32>, %y: tensor<?x2xf32>", "tensor<?x2xf32>", "  %r = stablehlo.add %x, %y : tensor<?x2xf32>",
                       {literal("dense<1.0> : tensor<3x3xf32>"), literal("dense<1.0> : tensor<3x3xf32>")});
  EXPECT_FALSE(bad.status.ok());
}

TEST(DynamicFunctions, GetDimensionSizeFeedsDynamicOps) {
  Evaluation e = run("%x: tensor<?xf32>", "tensor<?xf32>",
                     "  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>\n"
                     "  %s = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>\n"
                     "  %i = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>\n"
                     "  %r = stablehlo.add %x, %i : tensor<?xf32>",
                     {literal("dense<[10.0, 20.0, 30.0]> : tensor<3xf32>")});
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(text(e.results[0]), "dense<[10.0, 21.0, 32.0]> : tensor<3xf32>");
}

// --- Acceptance: ../shared/peer/stablehlo-testdata/dynamic ------------------------------------------------------

// A value of `type` with `?` dimensions replaced by `size`, filled with small deterministic values.
ref::RtValue syntheticValue(const Type& type, int64_t size) {
  std::vector<int64_t> shape = type.shape();
  for (int64_t& d : shape) {
    if (d == kDynamicSize) d = size;
  }
  const Type concrete = Type::tensor(shape, type.tensorElement());
  if (concrete.numElements() == 0) return ref::RtValue::ofTensor(Tensor(concrete));
  const ElementType et = type.elementType();
  auto element = [&](int64_t i) -> std::string {
    if (isBoolean(et)) return i % 2 ? "true" : "false";
    if (isUnsignedInteger(et)) return strCat(i % 7);
    if (isInteger(et)) return strCat(i % 7 - 3);
    if (isComplex(et)) return strCat("(", i % 5 - 2, ".5, ", i % 3, ".0)");
    return strCat(i % 9 - 4, ".5");
  };
  // Nested brackets, row-major.
  int64_t next = 0;
  std::function<std::string(size_t)> nest = [&](size_t d) -> std::string {
    if (d == shape.size()) return element(next++);
    std::string t = "[";
    for (int64_t i = 0; i < shape[d]; ++i) strAppend(&t, i ? ", " : "", nest(d + 1));
    return t + "]";
  };
  return literal(strCat("dense<", nest(0), "> : ", concrete.toString()));
}

// The arguments of @main for dimension size `size`: leading rank-0 integer arguments are the dimension
// variables (as jax exports them) and get `size`; tensors get `size` for each `?`.
std::vector<ref::RtValue> syntheticArguments(const Operation& main, int64_t size) {
  std::vector<ref::RtValue> args;
  const Block& entry = *main.regions[0].blocks.front();
  bool leading = true;
  for (const auto& arg : entry.arguments) {
    const Type& t = arg->type;
    if (leading && t.isTensor() && t.rank() == 0 && isInteger(t.elementType())) {
      args.push_back(literal(strCat("dense<", size, "> : ", t.toString())));
      continue;
    }
    leading = false;
    args.push_back(syntheticValue(t, size));
  }
  return args;
}

TEST(DynamicPeer, TestdataDynamicEvaluates) {
  const std::filesystem::path folder = std::filesystem::path(HLOCONF_SHARED_DIR) / "peer" / "stablehlo-testdata" / "dynamic";
  if (!std::filesystem::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.is_regular_file() && entry.path().extension() == ".mlir") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  int parsed = 0, evaluated = 0, unsupported = 0, not_at_size_3 = 0;
  std::vector<std::string> errors, unsupported_list;
  for (const std::string& path : files) {
    auto source = readFile(path);
    ASSERT_TRUE(source.ok()) << source.status();
    auto module = parseModule(*source, path);
    if (!module.ok()) {
      errors.push_back(strCat("parse: ", module.status().message()));
      continue;
    }
    ++parsed;
    const Operation* main = module->findFunction("main");
    if (!main) {
      errors.push_back(strCat(path, ": no @main"));
      continue;
    }
    // Size 3 first; a program that needs another (a slice of a fixed length) gets the next sizes.
    absl::Status last;
    bool ok = false;
    for (int64_t size : {3, 4, 2, 5, 8, 1}) {
      ref::Interpreter interp(*module, *source);
      auto results = interp.callFunction(*main, syntheticArguments(*main, size));
      if (results.ok()) {
        ok = true;
        not_at_size_3 += size != 3;
        break;
      }
      last = results.status();
      if (last.code() == absl::StatusCode::kUnimplemented) break;
    }
    if (ok) {
      ++evaluated;
    } else if (last.code() == absl::StatusCode::kUnimplemented) {
      ++unsupported;
      unsupported_list.push_back(std::string(last.message()));
    } else {
      errors.push_back(std::string(last.message()));
    }
  }
  std::printf("stablehlo-testdata/dynamic: %zu files, %d parse, %d evaluate (%d of them at a size other than 3), %d unsupported\n",
              files.size(), parsed, evaluated, not_at_size_3, unsupported);
  for (const std::string& u : unsupported_list) std::printf("  %s\n", u.c_str());
  std::string list;
  for (const std::string& f : errors) strAppend(&list, "  ", f, "\n");
  EXPECT_EQ(parsed, static_cast<int>(files.size())) << list;
  // No program may fail with an error; the only shortfall allowed is an op that reports "unsupported"
  // (today: bitcast_convert with a dynamic result type, 2 files, in kernels_conversion.cc).
  EXPECT_TRUE(errors.empty()) << list;
  EXPECT_GE(evaluated, 235);
}

}  // namespace
}  // namespace hloconf::test
