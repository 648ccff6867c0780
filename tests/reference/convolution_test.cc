// convolution and batch_norm_* kernels (reference/kernels_convolution.cc).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
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
  ASSERT_EQ(r.error_bound.size(), 4u);
  for (double b : r.error_bound) EXPECT_TRUE(b > 0 && b < 1e-5) << b;
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
  // Every result carries a finite per-element error bound (docs/accumulation.md, "batch_norm_*").
  for (const ref::RtValue& v : e.results) {
    ASSERT_EQ(v.error_bound.size(), static_cast<size_t>(v.tensor.numElements()));
    for (double b : v.error_bound) EXPECT_TRUE(b > 0 && b < 1e-4) << b;
  }
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

// gen/batch_norm_grad/f32/special/1/50, feature 4: sum g (x - mean) is exactly -1.097e45 from terms of
// +-1.158e77, so below any f32 or f64 order's accumulation error (gamma(6) * 2.3e77 = 1.5e62 in f64). The
// exact i6 of element 0 is -1.24e83 and grad_operand = +inf * i6 / (N stddev) = -inf, grad_scale =
// -6.3e44 -> -inf; an implementation in f64 gets sum = +6.8e38 and +inf for both. Both elements are
// marked implementation-defined. With the cancelling term gone (g[1] = 0) the sign is certain: no mark.
TEST(BatchNorm, GradInfinityWhoseSignAnyOrderCanFlipIsImplementationDefined) {
  auto run = [](const char* x, const char* mean, const char* g) {
    const std::string text = strCat(
        "func.func @main() -> (tensor<6x1xf32>, tensor<1xf32>, tensor<1xf32>) {\n"
        "  %x = stablehlo.constant dense<", x, "> : tensor<6x1xf32>\n"
        "  %s = stablehlo.constant dense<[0x7F800000]> : tensor<1xf32>\n"
        "  %m = stablehlo.constant dense<[", mean, "]> : tensor<1xf32>\n"
        "  %v = stablehlo.constant dense<[3.0]> : tensor<1xf32>\n"
        "  %g = stablehlo.constant dense<", g, "> : tensor<6x1xf32>\n"
        "  %q:3 = \"stablehlo.batch_norm_grad\"(%x, %s, %m, %v, %g) {epsilon = 0.0 : f32, feature_index = 1 : i64} : "
        "(tensor<6x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<6x1xf32>) -> (tensor<6x1xf32>, tensor<1xf32>, tensor<1xf32>)\n"
        "  func.return %q#0, %q#1, %q#2 : tensor<6x1xf32>, tensor<1xf32>, tensor<1xf32>\n}\n");
    return evaluate(text);
  };
  Evaluation cancelling = run("[[-1.1754944e-38], [1.0e-45], [-3.4028235e38], [3.0], [-3223972.5], [-1.1754944e-38]]", "3.4028233e38",
                              "[[-1.7569611e-5], [-3.4028233e38], [-2.7540398e-34], [2.9159812e-18], [3.4028233e38], [-2.0]]");
  ASSERT_TRUE(cancelling.status.ok()) << cancelling.status.message();
  ASSERT_EQ(cancelling.results.size(), 3u);
  EXPECT_EQ(hex(bitsAt(cancelling.results[0], 0)), "0xFF800000");
  EXPECT_TRUE(cancelling.results[0].isImplDefined(0));
  EXPECT_EQ(hex(bitsAt(cancelling.results[1], 0)), "0xFF800000");
  EXPECT_TRUE(cancelling.results[1].isImplDefined(0));
  EXPECT_FALSE(cancelling.results[2].isImplDefined(0));

  // Small values, the same infinite scale: i6 = (7.25, -1.25, -3.75, -6.25, -8.75, 12.75), exact in f32 in
  // every order, so each grad_operand element is an infinity of certain sign; grad_scale = 7.5 / sqrt(3).
  Evaluation certain = run("[[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]]", "3.5", "[[1.0], [0.0], [0.0], [0.0], [0.0], [4.0]]");
  ASSERT_TRUE(certain.status.ok()) << certain.status.message();
  for (int64_t i = 0; i < 6; ++i) EXPECT_FALSE(certain.results[0].isImplDefined(i)) << i;
  EXPECT_EQ(hex(bitsAt(certain.results[0], 0)), "0x7F800000");
  EXPECT_EQ(hex(bitsAt(certain.results[0], 1)), "0xFF800000");
  EXPECT_FALSE(certain.results[1].isImplDefined(0));
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

// The unit in the last place of a nonzero finite f32 value.
double ulpOf(float v) {
  int e = 0;
  std::frexp(v, &e);
  return std::ldexp(1.0, e - 24);
}

// Float arithmetic that the compiler cannot contract into fused multiply-adds or keep in wider registers.
float fAdd(float a, float b) { volatile float r = a + b; return r; }
float fSub(float a, float b) { volatile float r = a - b; return r; }
float fMul(float a, float b) { volatile float r = a * b; return r; }
float fDiv(float a, float b) { volatile float r = a / b; return r; }

std::string floatList(const std::vector<float>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) strAppend(&s, i ? ", " : "", hex(std::bit_cast<uint32_t>(v[i])));
  return s + "]";
}

// Well-conditioned data (mean 0, no cancellation in the result): the bound is a few ulps of each result.
TEST(BatchNorm, BoundIsAFewUlpsForWellConditionedData) {
  const std::string text =
      "func.func @main() -> (tensor<4x1xf32>, tensor<4x1xf32>, tensor<1xf32>, tensor<1xf32>) {\n"
      "  %x = stablehlo.constant dense<[[-1.5], [-0.625], [0.875], [1.25]]> : tensor<4x1xf32>\n"
      "  %s = stablehlo.constant dense<[1.25]> : tensor<1xf32>\n"
      "  %o = stablehlo.constant dense<[0.0]> : tensor<1xf32>\n"
      "  %m = stablehlo.constant dense<[0.0]> : tensor<1xf32>\n"
      "  %v = stablehlo.constant dense<[1.5]> : tensor<1xf32>\n"
      "  %i = \"stablehlo.batch_norm_inference\"(%x, %s, %o, %m, %v) {epsilon = 0.001 : f32, feature_index = 1 : i64} : "
      "(tensor<4x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x1xf32>\n"
      "  %r:3 = \"stablehlo.batch_norm_training\"(%x, %s, %o) {epsilon = 0.001 : f32, feature_index = 1 : i64} : "
      "(tensor<4x1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<4x1xf32>, tensor<1xf32>, tensor<1xf32>)\n"
      "  func.return %i, %r#0, %r#1, %r#2 : tensor<4x1xf32>, tensor<4x1xf32>, tensor<1xf32>, tensor<1xf32>\n}\n";
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 4u);
  // Bounds in ulps of each golden value: inference 5.3 to 7.2, training output 12.6 to 18.5, variance 8.2.
  const double max_ulps[] = {8, 20, 0, 10};
  for (size_t k = 0; k < e.results.size(); ++k) {
    const ref::RtValue& v = e.results[k];
    ASSERT_EQ(v.error_bound.size(), static_cast<size_t>(v.tensor.numElements()));
    for (int64_t i = 0; i < v.tensor.numElements(); ++i) {
      const float golden = std::bit_cast<float>(static_cast<uint32_t>(v.tensor.bits(i)));
      if (golden == 0) {  // the mean: any order's sum of the four values is within 3 u * sum |x| / 4
        EXPECT_LT(v.error_bound[i], 2.5e-7);
        continue;
      }
      const double ulps = v.error_bound[i] / ulpOf(golden);
      EXPECT_GE(ulps, 0.5) << k << "/" << i;  // at least the golden value's own rounding
      EXPECT_LE(ulps, max_ulps[k]) << k << "/" << i;
    }
  }
}

// XLA's one-pass variance sum(x^2)/N - mean^2, simulated in f32 in BatchNormExpander's order, cancels on
// data with a large mean: it is many ulps from the golden variance, yet inside the bound; so are the
// mean and the normalized output computed from it.
TEST(BatchNorm, OnePassVarianceIsInsideTheBound) {
  const std::vector<float> x = {100.5f, 98.75f, 102.0f, 100.75f, 99.5f, 101.5f, 98.0f, 100.125f};
  const float scale = 2.0f, offset = 0.5f, eps = 0.001f, n = 8.0f;
  float sum = 0, sum_sq = 0;
  for (float v : x) sum = fAdd(sum, v);
  for (float v : x) sum_sq = fAdd(sum_sq, fMul(v, v));
  const float mean = fDiv(sum, n);
  const float var = fSub(fDiv(sum_sq, n), fMul(mean, mean));
  const float inv = fDiv(1.0f, std::sqrt(fAdd(var, eps)));
  std::vector<float> out;
  for (float v : x) out.push_back(fAdd(fMul(fMul(fSub(v, mean), inv), scale), offset));

  const std::string text = strCat(
      "func.func @main() -> (tensor<8x1xf32>, tensor<1xf32>, tensor<1xf32>) {\n"
      "  %x = stablehlo.constant dense<", floatList(x), "> : tensor<8xf32>\n"
      "  %x2 = stablehlo.reshape %x : (tensor<8xf32>) -> tensor<8x1xf32>\n"
      "  %s = stablehlo.constant dense<[2.0]> : tensor<1xf32>\n"
      "  %o = stablehlo.constant dense<[0.5]> : tensor<1xf32>\n"
      "  %r:3 = \"stablehlo.batch_norm_training\"(%x2, %s, %o) {epsilon = 0.001 : f32, feature_index = 1 : i64} : "
      "(tensor<8x1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<8x1xf32>, tensor<1xf32>, tensor<1xf32>)\n"
      "  func.return %r#0, %r#1, %r#2 : tensor<8x1xf32>, tensor<1xf32>, tensor<1xf32>\n}\n");
  Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 3u);
  auto golden = [&](int k, int64_t i) { return std::bit_cast<float>(static_cast<uint32_t>(e.results[k].tensor.bits(i))); };
  ASSERT_EQ(e.results[2].error_bound.size(), 1u);
  const double var_diff = std::fabs(static_cast<double>(var) - golden(2, 0));
  EXPECT_GT(var_diff / ulpOf(golden(2, 0)), 1000);
  EXPECT_LE(var_diff, e.results[2].error_bound[0]);
  EXPECT_LE(std::fabs(static_cast<double>(mean) - golden(1, 0)), e.results[1].error_bound[0]);
  double max_out_ulps = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double diff = std::fabs(static_cast<double>(out[i]) - golden(0, i));
    max_out_ulps = std::max(max_out_ulps, diff / ulpOf(golden(0, i)));
    EXPECT_LE(diff, e.results[0].error_bound[i]) << i;
  }
  EXPECT_GT(max_out_ulps, 100);

  // The check ops admit the one-pass values through the bound (and not with --strict).
  std::string checked = text;
  checked.replace(checked.find("  func.return"), std::string::npos,
                  strCat("  %e = stablehlo.constant dense<", floatList(out), "> : tensor<8xf32>\n"
                         "  %e2 = stablehlo.reshape %e : (tensor<8xf32>) -> tensor<8x1xf32>\n"
                         "  check.expect_eq %r#0, %e2 : tensor<8x1xf32>\n"
                         "  check.expect_eq_const %r#2, dense<", floatList({var}), "> : tensor<1xf32>\n"
                         "  func.return %r#0, %r#1, %r#2 : tensor<8x1xf32>, tensor<1xf32>, tensor<1xf32>\n}\n"));
  Evaluation c = evaluate(checked);
  ASSERT_TRUE(c.status.ok()) << c.status.message();
  ASSERT_EQ(c.checks.size(), 2u);
  EXPECT_EQ(c.failed_checks, 0) << c.checks[0].message << c.checks[1].message;
  ref::EvalOptions strict;
  strict.strict_checks = true;
  Evaluation cs = evaluate(checked, "main", {}, strict);
  ASSERT_TRUE(cs.status.ok()) << cs.status.message();
  EXPECT_EQ(cs.failed_checks, 2);
}


// Random implementations of the three ops in f32: random summation trees, the spec's and XLA's formulas,
// and an rsqrt up to 2 ulps off. Every result lies within the reference's bound of the golden value.
float treeSum(std::vector<float> terms, std::mt19937& rng) {
  terms.push_back(0.0f);  // the reduce's init value
  while (terms.size() > 1) {
    const size_t i = rng() % terms.size();
    size_t j = rng() % (terms.size() - 1);
    if (j >= i) ++j;
    terms[std::min(i, j)] = fAdd(terms[i], terms[j]);
    terms.erase(terms.begin() + std::max(i, j));
  }
  return terms[0];
}

float rsqrtOff(float a, std::mt19937& rng) {
  float r = fDiv(1.0f, std::sqrt(a));
  const int steps = static_cast<int>(rng() % 5) - 2;
  for (int k = 0; k < std::abs(steps); ++k) r = std::nextafter(r, steps > 0 ? INFINITY : 0.0f);
  return r;
}

TEST(BatchNorm, RandomImplementationsStayInsideTheBound) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  int checked = 0;
  for (int dataset = 0; dataset < 40; ++dataset) {
    const int n = 1 + static_cast<int>(rng() % 40);
    const float center = std::vector<float>{0.0f, 3.0f, -20.0f, 100.0f, 1000.0f}[rng() % 5];
    const float spread = std::vector<float>{1e-4f, 0.01f, 1.0f, 5.0f}[rng() % 4];
    std::vector<float> x, g;
    for (int i = 0; i < n; ++i) x.push_back(center + spread * unit(rng));
    for (int i = 0; i < n; ++i) g.push_back(unit(rng));
    const float scale = 2.0f * unit(rng), offset = unit(rng), mean_in = center + spread * unit(rng), var_in = spread * spread * (1.0f + unit(rng) * 0.5f);
    const float eps = 0.001f, nf = static_cast<float>(n);
    const std::string ft = strCat("tensor<", n, "x1xf32>");
    const std::string text = strCat(
        "func.func @main() -> (", ft, ", ", ft, ", tensor<1xf32>, tensor<1xf32>, ", ft, ", tensor<1xf32>, tensor<1xf32>) {\n"
        "  %x0 = stablehlo.constant dense<", floatList(x), "> : tensor<", n, "xf32>\n"
        "  %x = stablehlo.reshape %x0 : (tensor<", n, "xf32>) -> ", ft, "\n"
        "  %g0 = stablehlo.constant dense<", floatList(g), "> : tensor<", n, "xf32>\n"
        "  %g = stablehlo.reshape %g0 : (tensor<", n, "xf32>) -> ", ft, "\n"
        "  %s = stablehlo.constant dense<", floatList({scale}), "> : tensor<1xf32>\n"
        "  %o = stablehlo.constant dense<", floatList({offset}), "> : tensor<1xf32>\n"
        "  %m = stablehlo.constant dense<", floatList({mean_in}), "> : tensor<1xf32>\n"
        "  %v = stablehlo.constant dense<", floatList({var_in}), "> : tensor<1xf32>\n"
        "  %i = \"stablehlo.batch_norm_inference\"(%x, %s, %o, %m, %v) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (",
        ft, ", tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> ", ft, "\n"
        "  %r:3 = \"stablehlo.batch_norm_training\"(%x, %s, %o) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (", ft,
        ", tensor<1xf32>, tensor<1xf32>) -> (", ft, ", tensor<1xf32>, tensor<1xf32>)\n"
        "  %q:3 = \"stablehlo.batch_norm_grad\"(%x, %s, %m, %v, %g) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (", ft,
        ", tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, ", ft, ") -> (", ft, ", tensor<1xf32>, tensor<1xf32>)\n"
        "  func.return %i, %r#0, %r#1, %r#2, %q#0, %q#1, %q#2 : ", ft, ", ", ft, ", tensor<1xf32>, tensor<1xf32>, ", ft,
        ", tensor<1xf32>, tensor<1xf32>\n}\n");
    Evaluation e = evaluate(text);
    ASSERT_TRUE(e.status.ok()) << e.status.message();
    ASSERT_EQ(e.results.size(), 7u);
    auto expectInside = [&](int k, int64_t i, float actual, const char* what) {
      const ref::RtValue& v = e.results[k];
      ASSERT_EQ(v.error_bound.size(), static_cast<size_t>(v.tensor.numElements()));
      const float golden = std::bit_cast<float>(static_cast<uint32_t>(v.tensor.bits(i)));
      if (std::isinf(v.error_bound[i])) return;  // e.g. a one-pass variance that may be negative: NaN
      EXPECT_LE(std::fabs(static_cast<double>(actual) - golden), v.error_bound[i])
          << what << " dataset " << dataset << " element " << i << ": " << actual << " vs golden " << golden;
      ++checked;
    };
    for (int trial = 0; trial < 12; ++trial) {
      const bool xla = trial % 2;
      // inference
      const float ve_in = fAdd(var_in, eps);
      const float k_in = fMul(scale, rsqrtOff(ve_in, rng));
      const float shift_in = fSub(offset, fMul(mean_in, k_in));
      for (int i = 0; i < n; ++i) {
        const float y = xla ? fAdd(fMul(x[i], k_in), shift_in)
                            : fAdd(fMul(scale, fDiv(fSub(x[i], mean_in), std::sqrt(ve_in))), offset);
        expectInside(0, i, y, "inference");
      }
      // training
      const float mean = fDiv(treeSum(x, rng), nf);
      float var;
      if (xla) {
        std::vector<float> sq;
        for (float v : x) sq.push_back(fMul(v, v));
        var = fSub(fDiv(treeSum(sq, rng), nf), fMul(mean, mean));
      } else {
        std::vector<float> sq;
        for (float v : x) sq.push_back(fMul(fSub(v, mean), fSub(v, mean)));
        var = fDiv(treeSum(sq, rng), nf);
      }
      expectInside(2, 0, mean, "mean");
      expectInside(3, 0, var, "variance");
      const float ve = fAdd(var, eps);
      const float inv = rsqrtOff(ve, rng);
      const float k = fMul(scale, inv), shift = fSub(offset, fMul(mean, k));
      for (int i = 0; i < n; ++i) {
        float y;
        switch (trial % 3) {
          case 0: y = fAdd(fMul(scale, fDiv(fSub(x[i], mean), std::sqrt(ve))), offset); break;
          case 1: y = fAdd(fMul(fMul(fSub(x[i], mean), inv), scale), offset); break;
          default: y = fAdd(fMul(x[i], k), shift); break;
        }
        expectInside(1, i, y, "training output");
      }
      // grad
      const float vg = fAdd(var_in, eps);
      const float sd = std::sqrt(vg), r = rsqrtOff(vg, rng);
      std::vector<float> c, gc, gn;
      for (int i = 0; i < n; ++i) {
        c.push_back(fSub(x[i], mean_in));
        gc.push_back(fMul(g[i], c.back()));
        gn.push_back(fMul(g[i], fDiv(c.back(), sd)));
      }
      const float i2 = treeSum(g, rng), i3 = treeSum(gc, rng);
      expectInside(6, 0, i2, "grad_offset");
      expectInside(5, 0, xla ? fMul(i3, r) : treeSum(gn, rng), "grad_scale");
      const float q = xla ? fDiv(fMul(scale, r), nf) : fDiv(fDiv(scale, sd), nf);
      for (int i = 0; i < n; ++i) {
        const float i6 = fSub(fSub(fMul(g[i], nf), i2), fDiv(fMul(i3, c[i]), vg));
        expectInside(4, i, fMul(q, i6), "grad_operand");
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace hloconf::test
