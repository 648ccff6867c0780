// convolution and batch_norm_* kernels (reference/kernels_convolution.cc).
#include <gtest/gtest.h>

#include <string>

#include "tests/reference/eval_test_util.h"

namespace hloconf::test {
namespace {

// Result elements of a float tensor, as doubles (exact for f32/f64).
std::vector<double> values(const ref::RtValue& v) {
  std::vector<double> out;
  if (!v.isTensor()) return out;
  for (int64_t i = 0; i < v.tensor.numElements(); ++i) {
    const uint64_t bits = v.tensor.bits(i);
    if (v.tensor.elementType() == ElementType::kF32) {
      out.push_back(std::bit_cast<float>(static_cast<uint32_t>(bits)));
    } else if (v.tensor.elementType() == ElementType::kF64) {
      out.push_back(std::bit_cast<double>(bits));
    } else {
      out.push_back(static_cast<double>(static_cast<int64_t>(bits)));
    }
  }
  return out;
}

std::string conv1d(const std::string& lhs, const std::string& rhs, const std::string& window, const std::string& attrs,
                   const std::string& types) {
  return strCat("stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {", window, "} {",
                attrs, "} : ", types);
}

TEST(Convolution, SpecExample) {
  const std::string body = R"(
  %a = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi64>
  %b = stablehlo.constant dense<1> : tensor<3x3x1x1xi64>
  %r = "stablehlo.convolution"(%a, %b) {
    window_strides = array<i64: 4, 4>, padding = dense<0> : tensor<2x2xi64>, lhs_dilation = array<i64: 2, 2>,
    rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>,
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64,
    precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
  } : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>)";
  ref::RtValue r = evalResult(body, "tensor<1x2x2x1xi64>");
  EXPECT_EQ(values(r), (std::vector<double>{10, 26, 46, 62}));
  EXPECT_TRUE(r.error_bound.empty());
}

// lhs [1, 2, 3, 4, 5]; lhs_dilate 2 -> [1,0,2,0,3,0,4,0,5]; pad [[-1, 1]] -> [0,2,0,3,0,4,0,5,0];
// rhs [1, 10] with rhs_dilate 2 reads positions p and p + 2; stride 1 gives 7 windows.
TEST(Convolution, StridedPaddedDilated) {
  const std::vector<std::string> c = {"dense<[[[1.0], [2.0], [3.0], [4.0], [5.0]]]> : tensor<1x5x1xf32>",
                                      "dense<[[[1.0]], [[10.0]]]> : tensor<2x1x1xf32>"};
  const std::string types = "(tensor<1x5x1xf32>, tensor<2x1x1xf32>) -> ";
  ref::RtValue r = evalOp(c, conv1d("", "", "pad = [[-1, 1]], lhs_dilate = [2], rhs_dilate = [2]", "", types + "tensor<1x7x1xf32>"),
                          "tensor<1x7x1xf32>");
  EXPECT_EQ(values(r), (std::vector<double>{0, 32, 0, 43, 0, 54, 0}));
  ASSERT_EQ(r.error_bound.size(), 7u);
  // Stride 2 over the same padded input: windows at 0, 2, 4, 6.
  r = evalOp(c, conv1d("", "", "stride = [2], pad = [[-1, 1]], lhs_dilate = [2], rhs_dilate = [2]", "", types + "tensor<1x4x1xf32>"),
             "tensor<1x4x1xf32>");
  EXPECT_EQ(values(r), (std::vector<double>{0, 0, 0, 0}));
  // No padding, stride 2: [1,0,2,0,3,0,4,0,5] windows at 0, 2, 4, 6 -> 1+20, 2+30, 3+40, 4+50.
  r = evalOp(c, conv1d("", "", "stride = [2], lhs_dilate = [2], rhs_dilate = [2]", "", types + "tensor<1x4x1xf32>"), "tensor<1x4x1xf32>");
  EXPECT_EQ(values(r), (std::vector<double>{21, 32, 43, 54}));
  // Window reversal pairs rhs[k] with window position K-1-k: 10*1+2, 10*2+3, ...
  r = evalOp(c, conv1d("", "", "stride = [2], lhs_dilate = [2], rhs_dilate = [2], reverse = [true]", "", types + "tensor<1x4x1xf32>"),
             "tensor<1x4x1xf32>");
  EXPECT_EQ(values(r), (std::vector<double>{12, 23, 34, 45}));
}

TEST(Convolution, FeatureGroupCount) {
  // Output feature 0 uses input features 0, 1 (rhs[0, :, 0]); output feature 1 uses 2, 3 (rhs[0, :, 1]).
  ref::RtValue r = evalOp({"dense<[[[1, 2, 3, 4]]]> : tensor<1x1x4xi32>", "dense<[[[1, 10], [100, 1000]]]> : tensor<1x2x2xi32>"},
                          conv1d("", "", "", "feature_group_count = 2 : i64", "(tensor<1x1x4xi32>, tensor<1x2x2xi32>) -> tensor<1x1x2xi32>"),
                          "tensor<1x1x2xi32>");
  EXPECT_EQ(values(r), (std::vector<double>{201, 4030}));
}

TEST(Convolution, BatchGroupCount) {
  // Output feature 0 uses batch 0, output feature 1 uses batch 1.
  ref::RtValue r = evalOp({"dense<[[[3.0]], [[5.0]]]> : tensor<2x1x1xf64>", "dense<[[[7.0, 11.0]]]> : tensor<1x1x2xf64>"},
                          conv1d("", "", "", "batch_group_count = 2 : i64", "(tensor<2x1x1xf64>, tensor<1x1x2xf64>) -> tensor<1x1x2xf64>"),
                          "tensor<1x1x2xf64>");
  EXPECT_EQ(values(r), (std::vector<double>{21, 55}));
}

TEST(Convolution, IntegerOverflowWrapsAndMarks) {
  ref::RtValue r = evalOp({"dense<[[[100], [100]]]> : tensor<1x2x1xi8>", "dense<[[[1]], [[1]]]> : tensor<2x1x1xi8>"},
                          conv1d("", "", "", "", "(tensor<1x2x1xi8>, tensor<2x1x1xi8>) -> tensor<1x1x1xi8>"), "tensor<1x1x1xi8>");
  EXPECT_EQ(bitsAt(r, 0), 200u - 256u + 256u);  // 200 wraps to -56 (0xC8)
  EXPECT_TRUE(r.isImplDefined(0));
}

// 2^24 + 1 + 1: a left-to-right f32 sum gives 2^24 (each +1 ties to even); the exact sum 2^24 + 2 is
// representable. The error bound covers the naive result.
TEST(Convolution, ExactSumDiffersFromNaiveF32) {
  ref::RtValue r = evalOp({"dense<[[[16777216.0], [1.0], [1.0]]]> : tensor<1x3x1xf32>", "dense<1.0> : tensor<3x1x1xf32>"},
                          conv1d("", "", "", "precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]",
                                 "(tensor<1x3x1xf32>, tensor<3x1x1xf32>) -> tensor<1x1x1xf32>"),
                          "tensor<1x1x1xf32>");
  EXPECT_EQ(bitsAt(r, 0), f32Bits(16777218.0f));
  float naive = 16777216.0f;
  naive += 1.0f;
  naive += 1.0f;
  EXPECT_EQ(naive, 16777216.0f);
  ASSERT_EQ(r.error_bound.size(), 1u);
  EXPECT_GE(r.error_bound[0], 2.0);
  EXPECT_LT(r.error_bound[0], 4.01);  // gamma(3) * (2^24 + 2) + half an ulp (1)
}

TEST(Convolution, MalformedAttributesAreErrors) {
  const std::string types = "(tensor<1x3x1xf32>, tensor<2x1x1xf32>) -> tensor<1x2x1xf32>";
  auto run = [&](const std::string& attrs, const std::string& dims = "#stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>") {
    const std::string text = strCat(
        "func.func @main() -> tensor<1x2x1xf32> {\n  %a = stablehlo.constant dense<1.0> : tensor<1x3x1xf32>\n"
        "  %b = stablehlo.constant dense<1.0> : tensor<2x1x1xf32>\n  %r = \"stablehlo.convolution\"(%a, %b) {dimension_numbers = ",
        dims, attrs, "} : ", types, "\n  func.return %r : tensor<1x2x1xf32>\n}\n");
    return evaluate(text).status;
  };
  EXPECT_TRUE(run("").ok());
  EXPECT_FALSE(run(", window_strides = array<i64: 0>").ok());
  EXPECT_FALSE(run(", window_strides = array<i64: 1, 1>").ok());
  EXPECT_FALSE(run(", padding = dense<0> : tensor<2x1xi64>").ok());
  EXPECT_FALSE(run(", lhs_dilation = array<i64: -1>").ok());
  EXPECT_FALSE(run(", feature_group_count = 0 : i64").ok());
  EXPECT_FALSE(run(", feature_group_count = 2 : i64").ok());
  EXPECT_FALSE(run(", batch_group_count = 3 : i64").ok());
  EXPECT_FALSE(run(", batch_group_count = \"x\"").ok());
  EXPECT_FALSE(run(", window_reversal = array<i1: true, false>").ok());
  EXPECT_FALSE(run("", "#stablehlo.conv<[b, 0, f]x[0, i, o]->[b, f, 0]>").ok());  // result shape mismatch
  EXPECT_FALSE(run("", "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>").ok());
  EXPECT_FALSE(run("", "5 : i64").ok());
}

TEST(BatchNorm, SpecExamples) {
  const std::string operand = "dense<[[[1.0, 2.0], [3.0, 4.0]], [[3.0, 4.0], [1.0, 2.0]]]> : tensor<2x2x2xf64>";
  ref::RtValue r = evalResult(strCat("  %x = stablehlo.constant ", operand,
                                     "\n  %s = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf64>\n"
                                     "  %o = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf64>\n"
                                     "  %m = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf64>\n"
                                     "  %v = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf64>\n"
                                     "  %r = \"stablehlo.batch_norm_inference\"(%x, %s, %o, %m, %v) {epsilon = 0.0 : f32, feature_index = 2 : i64} : "
                                     "(tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>"),
                              "tensor<2x2x2xf64>");
  EXPECT_EQ(values(r), (std::vector<double>{0, 0, 2, 2, 2, 2, 0, 0}));

  const std::string training = strCat(
      "func.func @main() -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) {\n  %x = stablehlo.constant ", operand,
      "\n  %s = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf64>\n  %o = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf64>\n"
      "  %r:3 = \"stablehlo.batch_norm_training\"(%x, %s, %o) {epsilon = 0.0 : f32, feature_index = 2 : i64} : "
      "(tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)\n"
      "  func.return %r#0, %r#1, %r#2 : tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>\n}\n");
  Evaluation e = evaluate(training);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 3u);
  EXPECT_EQ(values(e.results[0]), (std::vector<double>{0, 0, 2, 2, 2, 2, 0, 0}));
  EXPECT_EQ(values(e.results[1]), (std::vector<double>{2, 3}));
  EXPECT_EQ(values(e.results[2]), (std::vector<double>{1, 1}));

  const std::string grad = strCat(
      "func.func @main() -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) {\n  %x = stablehlo.constant ", operand,
      "\n  %s = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf64>\n  %m = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf64>\n"
      "  %v = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf64>\n  %g = stablehlo.constant dense<0.1> : tensor<2x2x2xf64>\n"
      "  %r:3 = \"stablehlo.batch_norm_grad\"(%x, %s, %m, %v, %g) {epsilon = 0.0 : f32, feature_index = 2 : i64} : "
      "(tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)\n"
      "  func.return %r#0, %r#1, %r#2 : tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>\n}\n");
  e = evaluate(grad);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 3u);
  EXPECT_EQ(values(e.results[0]), (std::vector<double>(8, 0.0)));
  EXPECT_EQ(values(e.results[1]), (std::vector<double>{0, 0}));
  // 0.1 (f64) * 4, summed exactly and rounded once: 0.4 exactly as f64 rounds it.
  EXPECT_EQ(values(e.results[2]), (std::vector<double>{4 * 0.1, 4 * 0.1}));
}

// Values checked with mpmath at 300 bits: y = scale (x - mean) / sqrt(var + eps) + offset on the exact
// f32 inputs (eps = f32(0.001)), rounded once to f32.
TEST(BatchNorm, InferenceMatchesMpmath) {
  ref::RtValue r = evalResult(
      "  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 5.0]]> : tensor<2x2xf32>\n"
      "  %s = stablehlo.constant dense<[0.5, 3.0]> : tensor<2xf32>\n"
      "  %o = stablehlo.constant dense<[0.1, -1.0]> : tensor<2xf32>\n"
      "  %m = stablehlo.constant dense<[1.5, 2.0]> : tensor<2xf32>\n"
      "  %v = stablehlo.constant dense<[0.3, 2.0]> : tensor<2xf32>\n"
      "  %r = \"stablehlo.batch_norm_inference\"(%x, %s, %o, %m, %v) {epsilon = 0.001 : f32, feature_index = 1 : i64} : "
      "(tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>",
      "tensor<2x2xf32>");
  EXPECT_EQ(hex(bitsAt(r, 0)), "0xBEB61B3F");  // -0.355676624810833948328144944053
  EXPECT_EQ(hex(bitsAt(r, 1)), "0xBF800000");  // -1 exactly
  EXPECT_EQ(hex(bitsAt(r, 2)), "0x3FBBC7A3");  // 1.46702988039296632252349733216
  EXPECT_EQ(hex(bitsAt(r, 3)), "0x40AB988A");  // 5.36237063671860975454195249953
  EXPECT_TRUE(r.error_bound.empty());
}

// Values checked with mpmath at 400 bits from the spec's formulas on the exact f32 inputs (exact mean and
// variance for training), each rounded once to f32 (9 significant digits identify an f32).
TEST(BatchNorm, TrainingAndGradMatchMpmath) {
  const std::string text =
      "func.func @main() -> (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>) {\n"
      "  %x = stablehlo.constant dense<[[1.0, 2.5], [3.25, -5.0], [0.1, 7.0]]> : tensor<3x2xf32>\n"
      "  %s = stablehlo.constant dense<[0.5, 3.0]> : tensor<2xf32>\n"
      "  %o = stablehlo.constant dense<[0.1, -1.0]> : tensor<2xf32>\n"
      "  %m = stablehlo.constant dense<[1.5, 2.0]> : tensor<2xf32>\n"
      "  %v = stablehlo.constant dense<[0.3, 2.0]> : tensor<2xf32>\n"
      "  %g = stablehlo.constant dense<[[0.7, -1.5], [2.0, 0.3], [-0.25, 1.1]]> : tensor<3x2xf32>\n"
      "  %r:3 = \"stablehlo.batch_norm_training\"(%x, %s, %o) {epsilon = 0.001 : f32, feature_index = 1 : i64} : "
      "(tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>)\n"
      "  %q:3 = \"stablehlo.batch_norm_grad\"(%x, %s, %m, %v, %g) {epsilon = 0.001 : f32, feature_index = 1 : i64} : "
      "(tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>)\n"
      "  func.return %r#0, %r#1, %r#2, %q#0, %q#1, %q#2 : tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x2xf32>, "
      "tensor<2xf32>, tensor<2xf32>\n}\n";
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 6u);
  auto f = [](std::initializer_list<float> l) { return std::vector<double>(l.begin(), l.end()); };
  EXPECT_EQ(values(e.results[0]), f({-0.0697931871f, -0.393920839f, 0.779172778f, -4.93951464f, -0.409379572f, 2.3334353f}));
  EXPECT_EQ(values(e.results[1]), f({1.45000005f, 1.5f}));
  EXPECT_EQ(values(e.results[2]), f({1.755f, 24.5f}));
  EXPECT_EQ(values(e.results[3]), f({1.65986383f, -3.57859945f, -5.10322475f, 7.26042986f, 3.97321749f, -2.27750897f}));
  EXPECT_EQ(values(e.results[4]), f({6.37947273f, 1.87336469f}));
  EXPECT_EQ(values(e.results[5]), f({2.45000005f, -0.0999999642f}));
}

// An empty feature: grad_scale is the spec's sum over no element, +0, even where sqrt(variance + epsilon)
// is NaN (a negative variance) or 0; grad_offset likewise.
TEST(BatchNorm, GradOfAnEmptyFeatureIsZero) {
  const std::string text =
      "func.func @main() -> (tensor<0x2xf32>, tensor<2xf32>, tensor<2xf32>) {\n"
      "  %x = stablehlo.constant dense<> : tensor<0x2xf32>\n"
      "  %s = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>\n"
      "  %m = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>\n"
      "  %v = stablehlo.constant dense<[-4.0, 0.0]> : tensor<2xf32>\n"
      "  %g = stablehlo.constant dense<> : tensor<0x2xf32>\n"
      "  %q:3 = \"stablehlo.batch_norm_grad\"(%x, %s, %m, %v, %g) {epsilon = 0.0 : f32, feature_index = 1 : i64} : "
      "(tensor<0x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<0x2xf32>) -> (tensor<0x2xf32>, tensor<2xf32>, tensor<2xf32>)\n"
      "  func.return %q#0, %q#1, %q#2 : tensor<0x2xf32>, tensor<2xf32>, tensor<2xf32>\n}\n";
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 3u);
  EXPECT_EQ(hex(bitsAt(e.results[1], 0)), "0x0");  // not NaN although sqrt(-4) is
  EXPECT_EQ(hex(bitsAt(e.results[1], 1)), "0x0");  // not NaN although 0/sqrt(0) is
  EXPECT_EQ(hex(bitsAt(e.results[2], 0)), "0x0");
}

TEST(BatchNorm, MalformedAttributesAreErrors) {
  auto run = [](const std::string& attrs, const std::string& scale_type = "tensor<2xf32>") {
    const std::string text = strCat(
        "func.func @main() -> tensor<2x2xf32> {\n  %x = stablehlo.constant dense<1.0> : tensor<2x2xf32>\n"
        "  %s = stablehlo.constant dense<1.0> : ", scale_type, "\n",
        "  %r = \"stablehlo.batch_norm_inference\"(%x, %s, %s, %s, %s) {", attrs, "} : (tensor<2x2xf32>, ", scale_type, ", ",
        scale_type, ", ", scale_type, ", ", scale_type, ") -> tensor<2x2xf32>\n  func.return %r : tensor<2x2xf32>\n}\n");
    return evaluate(text).status;
  };
  EXPECT_TRUE(run("epsilon = 0.5 : f32, feature_index = 1 : i64").ok());
  EXPECT_FALSE(run("epsilon = 0.5 : f32, feature_index = 2 : i64").ok());
  EXPECT_FALSE(run("epsilon = 0.5 : f32, feature_index = -1 : i64").ok());
  EXPECT_FALSE(run("epsilon = 0.5 : f32").ok());
  EXPECT_FALSE(run("feature_index = 0 : i64").ok());
  EXPECT_FALSE(run("epsilon = 1 : i64, feature_index = 0 : i64").ok());
  EXPECT_FALSE(run("epsilon = 0.5 : f32, feature_index = 0 : i64", "tensor<3xf32>").ok());
  EXPECT_FALSE(run("epsilon = 0.5 : f32, feature_index = 0 : i64", "tensor<2x1xf32>").ok());
}

}  // namespace
}  // namespace hloconf::test
