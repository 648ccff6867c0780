// The verify functions of ir/op_verify_products.h: each constraint they check has a negative case here,
// with the spec label the message must cite, and a valid program passes.
#include "ir/op_verify_products.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "ir/attribute.h"
#include "ir/op_schema.h"
#include "ir/op_views.h"
#include "ir/parser.h"
#include "ir/status_macros.h"
#include "tests/ir/verify_test_util.h"

namespace hloconf {
namespace {

using ::testing::HasSubstr;

using test::expectViolation;
using test::verifyOp;

void expectOk(const std::pair<std::string, std::string>& c) {
  EXPECT_TRUE(verifyOp(c.first, c.second).ok()) << verifyOp(c.first, c.second);
}
void expectBad(const std::pair<std::string, std::string>& c, const std::string& label) { expectViolation(c.first, c.second, label); }

// --- dot_general ---

struct Dot {
  std::string lb = "[0]", rb = "[0]", lc = "[2]", rc = "[1]";
  std::string lhs = "tensor<2x3x4xf32>", rhs = "tensor<2x4x5xf32>", result = "tensor<2x3x5xf32>";
  std::string extra;
};

std::string dotSignature(const Dot& d) { return "(%a: " + d.lhs + ", %b: " + d.rhs + ") -> " + d.result; }
std::string dotBody(const Dot& d) {
  return "  %r = \"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = " + d.lb +
         ", rhs_batching_dimensions = " + d.rb + ", lhs_contracting_dimensions = " + d.lc + ", rhs_contracting_dimensions = " + d.rc + ">" +
         d.extra + "} : (" + d.lhs + ", " + d.rhs + ") -> " + d.result + "\n  func.return %r : " + d.result;
}
void expectDotViolation(const Dot& d, const std::string& label) { expectViolation(dotSignature(d), dotBody(d), label); }

TEST(OpVerifyProducts, DotGeneral) {
  const Dot ok;
  EXPECT_TRUE(verifyOp(dotSignature(ok), dotBody(ok)).ok()) << verifyOp(dotSignature(ok), dotBody(ok));
  Dot precision = ok;
  precision.extra = ", precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]";
  EXPECT_TRUE(verifyOp(dotSignature(precision), dotBody(precision)).ok());
  // A `?` agrees with any size.
  Dot dynamic = ok;
  dynamic.lhs = "tensor<?x3x?xf32>";
  dynamic.result = "tensor<2x3x?xf32>";
  EXPECT_TRUE(verifyOp(dotSignature(dynamic), dotBody(dynamic)).ok());

  Dot d = ok;
  d.rb = "[]";
  expectDotViolation(d, "dot_general (C1)");
  d = ok;
  d.rc = "[1, 2]";
  expectDotViolation(d, "dot_general (C2)");
  d = ok;
  d.lc = "[0]";
  expectDotViolation(d, "dot_general (C3)");
  d = ok;
  d.rc = "[0]";
  expectDotViolation(d, "dot_general (C4)");
  d = ok;
  d.lb = "[3]";
  expectDotViolation(d, "dot_general (C5)");
  d = ok;
  d.lc = "[-1]";
  expectDotViolation(d, "dot_general (C6)");
  d = ok;
  d.rb = "[3]";
  expectDotViolation(d, "dot_general (C7)");
  d = ok;
  d.rc = "[5]";
  expectDotViolation(d, "dot_general (C8)");
  d = ok;
  d.rhs = "tensor<3x4x5xf32>";
  expectDotViolation(d, "dot_general (C9)");
  d = ok;
  d.rhs = "tensor<2x6x5xf32>";
  expectDotViolation(d, "dot_general (C10)");
  d = ok;
  d.extra = ", precision_config = [#stablehlo<precision DEFAULT>]";
  expectDotViolation(d, "dot_general (C11)");
  d = ok;
  d.result = "tensor<2x5x3xf32>";
  expectDotViolation(d, "dot_general (C12)");
  d = ok;
  d.result = "tensor<3x5xf32>";
  expectDotViolation(d, "dot_general (C12)");
  d = ok;
  d.rhs = "tensor<2x4x5xf16>";
  expectDotViolation(d, "dot_general (C13)");
}

// --- reduce ---

std::string reduceBody(const std::string& operands, const std::string& types, const std::string& dims, const std::string& results,
                       const std::string& elem = "f32") {
  return "  %r = \"stablehlo.reduce\"(" + operands + ") ({\n  ^bb0(%x: tensor<" + elem + ">, %y: tensor<" + elem +
         ">):\n    %s = stablehlo.add %x, %y : tensor<" + elem + ">\n    stablehlo.return %s : tensor<" + elem +
         ">\n  }) {dimensions = array<i64: " + dims + ">} : (" + types + ") -> " + results + "\n  func.return %r : " + results;
}

TEST(OpVerifyProducts, Reduce) {
  const std::string sig = "(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf32>";
  EXPECT_TRUE(verifyOp(sig, reduceBody("%a, %i", "tensor<2x3xf32>, tensor<f32>", "1", "tensor<2xf32>")).ok());
  EXPECT_TRUE(verifyOp(sig, reduceBody("%a, %i", "tensor<2x3xf32>, tensor<f32>", "1, 0", "tensor<f32>")).ok());
  expectViolation(sig, reduceBody("%a, %i", "tensor<2x3xf32>, tensor<f32>", "2", "tensor<2xf32>"), "reduce (C4)");
  expectViolation(sig, reduceBody("%a, %i", "tensor<2x3xf32>, tensor<f32>", "1, 1", "tensor<2xf32>"), "reduce (C5)");
  expectViolation(sig, reduceBody("%a, %i", "tensor<2x3xf32>, tensor<f32>", "0", "tensor<2xf32>"), "reduce (C7)");
  expectViolation(sig, reduceBody("%a, %i", "tensor<2x3xf32>, tensor<f32>", "1", "tensor<2x1xf32>"), "reduce (C7)");
  expectViolation("(%a: tensor<2x3xf32>, %i: tensor<1xf32>) -> tensor<2xf32>",
                  reduceBody("%a, %i", "tensor<2x3xf32>, tensor<1xf32>", "1", "tensor<2xf32>"), "reduce (I2)");
  expectViolation("(%a: tensor<2x3xf32>, %i: tensor<f16>) -> tensor<2xf32>",
                  reduceBody("%a, %i", "tensor<2x3xf32>, tensor<f16>", "1", "tensor<2xf32>"), "reduce (C2)");
  // Two inputs of different shapes.
  const std::string body2 =
      "  %r:2 = \"stablehlo.reduce\"(%a, %b, %i, %j) ({\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %z: tensor<f32>, %w: tensor<f32>):\n"
      "    stablehlo.return %x, %y : tensor<f32>, tensor<f32>\n  }) {dimensions = array<i64: 1>} : "
      "(tensor<2x3xf32>, tensor<2x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>)\n  func.return %r#0 : tensor<2xf32>";
  expectViolation("(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>, %i: tensor<f32>, %j: tensor<f32>) -> tensor<2xf32>", body2, "reduce (C1)");
  // An odd operand count.
  const std::string body3 =
      "  %r = \"stablehlo.reduce\"(%a, %i, %i) ({\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
      "    stablehlo.return %x : tensor<f32>\n  }) {dimensions = array<i64: 1>} : "
      "(tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<2xf32>\n  func.return %r : tensor<2xf32>";
  expectViolation(sig, body3, "reduce (C3)");
}

// --- reduce_window ---

std::string reduceWindowBody(const std::string& attrs, const std::string& input, const std::string& init, const std::string& result) {
  return "  %r = \"stablehlo.reduce_window\"(%a, %i) ({\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
         "    %s = stablehlo.maximum %x, %y : tensor<f32>\n    stablehlo.return %s : tensor<f32>\n  }) {" +
         attrs + "} : (" + input + ", " + init + ") -> " + result + "\n  func.return %r : " + result;
}

TEST(OpVerifyProducts, ReduceWindow) {
  const std::string sig = "(%a: tensor<4x6xf32>, %i: tensor<f32>) -> tensor<2x3xf32>";
  const std::string in = "tensor<4x6xf32>", init = "tensor<f32>";
  auto body = [&](const std::string& attrs, const std::string& result = "tensor<2x3xf32>") {
    return reduceWindowBody(attrs, in, init, result);
  };
  EXPECT_TRUE(verifyOp(sig, body("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>")).ok());
  // Padding [1, 1] on dimension 1 and base dilation 2 on dimension 0: 7 and 8 -> windows 3, 4 (stride 2, window 2).
  EXPECT_TRUE(verifyOp("(%a: tensor<4x6xf32>, %i: tensor<f32>) -> tensor<3x4xf32>",
                       body("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, base_dilations = array<i64: 2, 1>, "
                            "padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>",
                            "tensor<3x4xf32>"))
                  .ok());
  expectViolation(sig, body("window_dimensions = array<i64: 2>, window_strides = array<i64: 2, 2>"), "reduce_window (C4)");
  expectViolation(sig, body("window_dimensions = array<i64: 0, 2>, window_strides = array<i64: 2, 2>"), "reduce_window (C5)");
  expectViolation(sig, body("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2, 1>"), "reduce_window (C6)");
  expectViolation(sig, body("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, -2>"), "reduce_window (C7)");
  expectViolation(sig, body("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, base_dilations = array<i64: 1>"),
                  "reduce_window (C8)");
  expectViolation(sig, body("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, base_dilations = array<i64: 1, 0>"),
                  "reduce_window (C9)");
  expectViolation(sig, body("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, window_dilations = array<i64: 1>"),
                  "reduce_window (C10)");
  expectViolation(sig, body("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, window_dilations = array<i64: 0, 1>"),
                  "reduce_window (C11)");
  expectViolation(
      sig, body("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<[[0, 0]]> : tensor<1x2xi64>"),
      "reduce_window (C12)");
  expectViolation(sig, body("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 2>"), "reduce_window (C15)");
  expectViolation(sig, body("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>", "tensor<2x3x1xf32>"),
                  "reduce_window (C15)");
  expectViolation(
      "(%a: tensor<4x6xf32>, %i: tensor<1xf32>) -> tensor<2x3xf32>",
      reduceWindowBody("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>", in, "tensor<1xf32>", "tensor<2x3xf32>"),
      "reduce_window (I2)");
  expectViolation(
      "(%a: tensor<4x6xf32>, %i: tensor<f16>) -> tensor<2x3xf32>",
      reduceWindowBody("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>", in, "tensor<f16>", "tensor<2x3xf32>"),
      "reduce_window (C3)");
  // Two inputs: their shapes (C2) and their results' shapes (C14) agree.
  auto two = [](const std::string& b, const std::string& r1) {
    return "  %r:2 = \"stablehlo.reduce_window\"(%a, %b, %i, %i) ({\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %z: tensor<f32>, %w: "
           "tensor<f32>):\n"
           "    stablehlo.return %x, %y : tensor<f32>, tensor<f32>\n  }) {window_dimensions = array<i64: 2, 2>, window_strides = "
           "array<i64: 2, 2>} : "
           "(tensor<4x6xf32>, " +
           b + ", tensor<f32>, tensor<f32>) -> (tensor<2x3xf32>, " + r1 + ")\n  func.return %r#0 : tensor<2x3xf32>";
  };
  expectViolation("(%a: tensor<4x6xf32>, %b: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<2x3xf32>",
                  two("tensor<4x8xf32>", "tensor<2x3xf32>"), "reduce_window (C2)");
  expectViolation("(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>, %i: tensor<f32>) -> tensor<2x3xf32>",
                  two("tensor<4x6xf32>", "tensor<2x4xf32>"), "reduce_window (C14)");
  const std::string odd =
      "  %r = \"stablehlo.reduce_window\"(%a, %i, %i) ({\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
      "    stablehlo.return %x : tensor<f32>\n  }) {window_dimensions = array<i64: 2, 2>} : "
      "(tensor<4x6xf32>, tensor<f32>, tensor<f32>) -> tensor<3x5xf32>\n  func.return %r : tensor<3x5xf32>";
  expectViolation(sig, odd, "reduce_window (C1)");
}

// --- select_and_scatter ---

std::string selectAndScatterBody(const std::string& attrs, const std::string& operand, const std::string& source, const std::string& init,
                                 const std::string& result) {
  return "  %r = \"stablehlo.select_and_scatter\"(%a, %s, %i) ({\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
         "    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>\n    stablehlo.return %c : tensor<i1>\n  }, {\n"
         "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    %t = stablehlo.add %x, %y : tensor<f32>\n    stablehlo.return %t : tensor<f32>\n  "
         "}) {" +
         attrs + "} : (" + operand + ", " + source + ", " + init + ") -> " + result + "\n  func.return %r : " + result;
}

TEST(OpVerifyProducts, SelectAndScatter) {
  auto check = [](const std::string& attrs, const std::string& source = "tensor<2x3xf32>", const std::string& init = "tensor<f32>",
                  const std::string& result = "tensor<4x6xf32>") {
    const std::string sig = "(%a: tensor<4x6xf32>, %s: " + source + ", %i: " + init + ") -> " + result;
    return std::make_pair(sig, selectAndScatterBody(attrs, "tensor<4x6xf32>", source, init, result));
  };
  const std::string win = "window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>";
  {
    auto [sig, body] = check(win);
    EXPECT_TRUE(verifyOp(sig, body).ok()) << verifyOp(sig, body);
  }
  {
    auto [sig, body] = check(win + ", padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>", "tensor<3x3xf32>");
    EXPECT_TRUE(verifyOp(sig, body).ok()) << verifyOp(sig, body);
  }
  auto expect = [&](const std::pair<std::string, std::string>& c, const std::string& label) { expectViolation(c.first, c.second, label); };
  expect(check(win, "tensor<2x3xf16>"), "select_and_scatter (C1)");
  expect(check(win, "tensor<2x2xf32>"), "select_and_scatter (C2)");
  expect(check(win, "tensor<2xf32>"), "select_and_scatter (C2)");
  expect(check(win, "tensor<2x3xf32>", "tensor<f16>"), "select_and_scatter (C3)");
  expect(check(win, "tensor<2x3xf32>", "tensor<1xf32>"), "select_and_scatter (I3)");
  expect(check("window_dimensions = array<i64: 2>, window_strides = array<i64: 2, 2>"), "select_and_scatter (C4)");
  expect(check("window_dimensions = array<i64: 2, 0>, window_strides = array<i64: 2, 2>"), "select_and_scatter (C5)");
  expect(check("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2>"), "select_and_scatter (C6)");
  expect(check("window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 0, 2>"), "select_and_scatter (C7)");
  expect(check(win + ", padding = dense<[[1, 1, 0], [0, 0, 0]]> : tensor<2x3xi64>"), "select_and_scatter (C8)");
  expect(check(win, "tensor<2x3xf32>", "tensor<f32>", "tensor<4x5xf32>"), "select_and_scatter (C11)");
}

// --- convolution ---

struct Conv {
  std::string lhs = "tensor<1x4x5xf32>", rhs = "tensor<2x4x3xf32>", result = "tensor<1x2x3xf32>";
  std::string layout = "[b, f, 0]x[o, i, 0]->[b, f, 0]";
  std::string strides = "array<i64: 1>", padding = "dense<0> : tensor<1x2xi64>", lhs_dilation = "array<i64: 1>",
              rhs_dilation = "array<i64: 1>", reversal = "array<i1: false>";
  int64_t feature_groups = 1, batch_groups = 1;
  std::string precision = "[#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]";
};

std::pair<std::string, std::string> convOp(const Conv& c) {
  const std::string sig = "(%a: " + c.lhs + ", %b: " + c.rhs + ") -> " + c.result;
  const std::string body = "  %r = \"stablehlo.convolution\"(%a, %b) {window_strides = " + c.strides + ", padding = " + c.padding +
                           ", lhs_dilation = " + c.lhs_dilation + ", rhs_dilation = " + c.rhs_dilation +
                           ", window_reversal = " + c.reversal + ", dimension_numbers = #stablehlo.conv<" + c.layout +
                           ">, feature_group_count = " + std::to_string(c.feature_groups) +
                           " : i64, batch_group_count = " + std::to_string(c.batch_groups) + " : i64, precision_config = " + c.precision +
                           "} : (" + c.lhs + ", " + c.rhs + ") -> " + c.result + "\n  func.return %r : " + c.result;
  return {sig, body};
}

// Parses `c` and verifies it with its dimension numbers replaced by `edit`'s (which the layout syntax
// cannot spell: repeated or out-of-range dimensions).
absl::Status verifyConvWithDimensions(const Conv& c, void (*edit)(ConvDimensionNumbers&)) {
  const auto [sig, body] = convOp(c);
  ASSIGN_OR_RETURN(Module module, parseModule("func.func @main" + sig + " {\n" + body + "\n}\n", "test.mlir"));
  Operation* main = module.findFunction("main");
  if (!main || main->body().operations.empty()) return absl::InternalError("no op");
  Operation& op = *main->body().operations.front();
  for (NamedAttrList* list : {&op.properties, &op.attributes}) {
    for (NamedAttr& attr : *list) {
      if (attr.name != "dimension_numbers") continue;
      ConvDimensionNumbers dims = *decode::convDimensions(attr.value.get());
      edit(dims);
      attr.value = Attribute::convDimensions(std::move(dims));
    }
  }
  return verifyAgainstSchema(op);
}

TEST(OpVerifyProducts, Convolution) {
  const Conv ok;
  expectOk(convOp(ok));
  Conv padded = ok;  // padding 1 and lhs dilation 2: 9 + 2 = 11, window 3 with rhs dilation 2 spans 5, stride 2: 4 windows.
  padded.padding = "dense<1> : tensor<1x2xi64>";
  padded.lhs_dilation = "array<i64: 2>";
  padded.rhs_dilation = "array<i64: 2>";
  padded.strides = "array<i64: 2>";
  padded.result = "tensor<1x2x4xf32>";
  expectOk(convOp(padded));
  Conv grouped = ok;  // feature groups: 4 input features in 2 groups of 2, 2 outputs.
  grouped.feature_groups = 2;
  grouped.rhs = "tensor<2x2x3xf32>";
  expectOk(convOp(grouped));

  Conv c = ok;
  c.rhs = "tensor<2x4x3x1xf32>";
  expectBad(convOp(c), "convolution (C1)");
  c = ok;
  c.strides = "array<i64: 1, 1>";
  expectBad(convOp(c), "convolution (C2)");
  c = ok;
  c.strides = "array<i64: 0>";
  expectBad(convOp(c), "convolution (C3)");
  c = ok;
  c.padding = "dense<0> : tensor<2x2xi64>";
  expectBad(convOp(c), "convolution (C4)");
  c = ok;
  c.lhs_dilation = "array<i64: 1, 1>";
  expectBad(convOp(c), "convolution (C5)");
  c = ok;
  c.lhs_dilation = "array<i64: 0>";
  expectBad(convOp(c), "convolution (C6)");
  c = ok;
  c.rhs_dilation = "array<i64>";
  expectBad(convOp(c), "convolution (C7)");
  c = ok;
  c.rhs_dilation = "array<i64: -1>";
  expectBad(convOp(c), "convolution (C8)");
  c = ok;
  c.reversal = "array<i1: false, true>";
  expectBad(convOp(c), "convolution (C9)");
  c = ok;
  c.batch_groups = 2;
  expectBad(convOp(c), "convolution (C10)");
  c = ok;
  c.feature_groups = 3;
  expectBad(convOp(c), "convolution (C11)");
  c = ok;
  c.layout = "[b, f, 0, 1]x[o, i, 0]->[b, f, 0]";
  expectBad(convOp(c), "convolution (C12)");
  c = ok;
  c.rhs = "tensor<2x3x3xf32>";
  expectBad(convOp(c), "convolution (C14)");
  c = ok;  // batch groups: 2 batches, but 3 output features
  c.lhs = "tensor<2x4x5xf32>";
  c.rhs = "tensor<3x4x3xf32>";
  c.result = "tensor<1x3x3xf32>";
  c.batch_groups = 2;
  expectBad(convOp(c), "convolution (C15)");
  c = ok;
  c.feature_groups = 2;
  c.rhs = "tensor<3x2x3xf32>";
  c.result = "tensor<1x3x3xf32>";
  expectBad(convOp(c), "convolution (C16)");
  c = ok;
  c.layout = "[b, f, 0]x[o, i, 0, 1]->[b, f, 0]";
  expectBad(convOp(c), "convolution (C17)");
  c = ok;
  c.layout = "[b, f, 0]x[o, i, 0]->[b, f]";
  expectBad(convOp(c), "convolution (C19)");
  c = ok;
  c.feature_groups = 0;
  expectBad(convOp(c), "convolution (C21)");
  c = ok;
  c.batch_groups = -1;
  expectBad(convOp(c), "convolution (C22)");
  c = ok;
  c.feature_groups = 2;
  c.batch_groups = 2;
  expectBad(convOp(c), "convolution (C23)");
  c = ok;
  c.precision = "[#stablehlo<precision DEFAULT>]";
  expectBad(convOp(c), "convolution (C24)");
  c = ok;
  c.result = "tensor<1x2x4xf32>";
  expectBad(convOp(c), "convolution (C25)");
  c = ok;
  c.result = "tensor<1x3x3xf32>";
  expectBad(convOp(c), "convolution (C25)");
  c = ok;
  c.result = "tensor<2x2x3xf32>";
  expectBad(convOp(c), "convolution (C25)");
  c = ok;
  c.result = "tensor<1x2x3x1xf32>";
  expectBad(convOp(c), "convolution (C26)");

  // Repeated or out-of-range dimension numbers.
  EXPECT_TRUE(verifyConvWithDimensions(ok, [](ConvDimensionNumbers&) {}).ok());
  auto expectDims = [&](void (*edit)(ConvDimensionNumbers&), const std::string& label) {
    const absl::Status s = verifyConvWithDimensions(ok, edit);
    EXPECT_THAT(std::string(s.message()), HasSubstr(label));
  };
  expectDims([](ConvDimensionNumbers& d) { d.input_feature = d.input_batch; }, "convolution (C13)");
  expectDims([](ConvDimensionNumbers& d) { d.input_spatial = {3}; }, "convolution (C13)");
  expectDims([](ConvDimensionNumbers& d) { d.kernel_input_feature = d.kernel_output_feature; }, "convolution (C18)");
  expectDims([](ConvDimensionNumbers& d) { d.kernel_spatial = {-1}; }, "convolution (C18)");
  expectDims([](ConvDimensionNumbers& d) { d.output_spatial = {d.output_batch}; }, "convolution (C20)");
  expectDims([](ConvDimensionNumbers& d) { d.output_feature = 7; }, "convolution (C20)");
}

// --- fft ---

std::string fftBody(const std::string& type, const std::string& length, const std::string& operand, const std::string& result) {
  const std::string lengths = length.empty() ? "array<i64>" : "array<i64: " + length + ">";
  return "  %r = \"stablehlo.fft\"(%a) {fft_type = #stablehlo<fft_type " + type + ">, fft_length = " + lengths + "} : (" + operand +
         ") -> " + result + "\n  func.return %r : " + result;
}
void expectFft(const std::string& type, const std::string& length, const std::string& operand, const std::string& result,
               const std::string& label) {
  const std::string sig = "(%a: " + operand + ") -> " + result;
  if (label.empty()) {
    EXPECT_TRUE(verifyOp(sig, fftBody(type, length, operand, result)).ok()) << verifyOp(sig, fftBody(type, length, operand, result));
  } else {
    expectViolation(sig, fftBody(type, length, operand, result), label);
  }
}

TEST(OpVerifyProducts, Fft) {
  expectFft("FFT", "8", "tensor<2x8xcomplex<f32>>", "tensor<2x8xcomplex<f32>>", "");
  expectFft("RFFT", "4, 8", "tensor<4x8xf32>", "tensor<4x5xcomplex<f32>>", "");
  expectFft("IRFFT", "8", "tensor<3x5xcomplex<f32>>", "tensor<3x8xf32>", "");
  expectFft("FFT", "2, 8", "tensor<8xcomplex<f32>>", "tensor<8xcomplex<f32>>", "fft (C1)");
  expectFft("FFT", "", "tensor<8xcomplex<f32>>", "tensor<8xcomplex<f32>>", "fft (C3)");
  expectFft("FFT", "1, 1, 2, 8", "tensor<1x1x2x8xcomplex<f32>>", "tensor<1x1x2x8xcomplex<f32>>", "fft (C3)");
  expectFft("RFFT", "6", "tensor<4x8xf32>", "tensor<4x5xcomplex<f32>>", "fft (C4)");
  expectFft("IRFFT", "6", "tensor<3x5xcomplex<f32>>", "tensor<3x8xf32>", "fft (C4)");
  expectFft("FFT", "8", "tensor<2x8xcomplex<f32>>", "tensor<3x8xcomplex<f32>>", "fft (C5)");
  expectFft("FFT", "8", "tensor<2x8xcomplex<f32>>", "tensor<16xcomplex<f32>>", "fft (C5)");
  expectFft("RFFT", "8", "tensor<4x8xf32>", "tensor<4x8xcomplex<f32>>", "fft (C5)");
  expectFft("IRFFT", "8", "tensor<3x4xcomplex<f32>>", "tensor<3x8xf32>", "fft (C5)");
  expectFft("IFFT", "8", "tensor<8xcomplex<f64>>", "tensor<8xcomplex<f64>>", "");
  expectFft("FFT", "8", "tensor<8xcomplex<f32>>", "tensor<8xcomplex<f64>>", "fft (C2)");
  expectFft("IFFT", "8", "tensor<8xf32>", "tensor<8xf32>", "fft (C2)");
  expectFft("RFFT", "8", "tensor<8xf64>", "tensor<5xcomplex<f32>>", "fft (C2)");
  expectFft("RFFT", "8", "tensor<8xcomplex<f32>>", "tensor<5xcomplex<f32>>", "fft (C2)");
  expectFft("IRFFT", "8", "tensor<5xcomplex<f32>>", "tensor<8xf64>", "fft (C2)");
}

// --- dynamic_conv (C1, C4) ---

std::pair<std::string, std::string> dynamicConvOp(const std::string& lhs, const std::string& rhs, const std::string& padding,
                                                  const std::string& result) {
  const std::string sig = "(%a: " + lhs + ", %b: " + rhs + ", %p: " + padding + ") -> " + result;
  const std::string body =
      "  %r = \"stablehlo.dynamic_conv\"(%a, %b, %p) {window_strides = array<i64: 1, 1>, "
      "dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, "
      "batch_group_count = 1 : i64} : (" +
      lhs + ", " + rhs + ", " + padding + ") -> " + result + "\n  func.return %r : " + result;
  return {sig, body};
}

TEST(OpVerifyProducts, DynamicConv) {
  const std::string lhs = "tensor<1x4x4x1xf32>", rhs = "tensor<3x3x1x1xf32>", result = "tensor<1x4x4x1xf32>";
  expectOk(dynamicConvOp(lhs, rhs, "tensor<2x2xi64>", result));
  expectOk(dynamicConvOp(lhs, rhs, "tensor<?x2xi64>", "tensor<?x?x?x?xf32>"));
  expectBad(dynamicConvOp(lhs, "tensor<3x3x1xf32>", "tensor<2x2xi64>", result), "dynamic_conv (C1)");
  expectBad(dynamicConvOp(lhs, rhs, "tensor<3x2xi64>", result), "dynamic_conv (C4)");
  expectBad(dynamicConvOp(lhs, rhs, "tensor<2x3xi64>", result), "dynamic_conv (C4)");
  expectBad(dynamicConvOp(lhs, rhs, "tensor<4xi64>", result), "dynamic_conv (C4)");
}

// --- batch_norm_* ---

// `%r = "stablehlo.<name>"(%v0, %v1, ...)` with the given operand and result types, and a signature that
// declares the operands.
std::pair<std::string, std::string> opWithTypes(const std::string& name, const std::string& attrs, const std::vector<std::string>& operands,
                                                const std::vector<std::string>& results) {
  std::string sig = "(", uses, types;
  for (size_t i = 0; i < operands.size(); ++i) {
    sig += (i ? ", %v" : "%v") + std::to_string(i) + ": " + operands[i];
    uses += (i ? ", %v" : "%v") + std::to_string(i);
    types += (i ? ", " : "") + operands[i];
  }
  sig += ") -> " + results[0];
  std::string result_types;
  for (size_t i = 0; i < results.size(); ++i) result_types += (i ? ", " : "") + results[i];
  const std::string lhs = results.size() == 1 ? "%r" : "%r:" + std::to_string(results.size());
  const std::string first = results.size() == 1 ? "%r" : "%r#0";
  const std::string body = "  " + lhs + " = \"stablehlo." + name + "\"(" + uses + ") {" + attrs + "} : (" + types + ") -> (" +
                           result_types + ")\n  func.return " + first + " : " + results[0];
  return {sig, body};
}

std::string featureIndex(int fi) { return "epsilon = 0.5 : f32, feature_index = " + std::to_string(fi) + " : i64"; }

const std::string f3 = "tensor<3xf32>", f2 = "tensor<2xf32>", x23 = "tensor<2x3xf32>";

TEST(OpVerifyProducts, BatchNormInference) {
  auto op = [](int fi, const std::string& scale, const std::string& offset, const std::string& mean, const std::string& var,
               const std::string& result) {
    return opWithTypes("batch_norm_inference", featureIndex(fi), {x23, scale, offset, mean, var}, {result});
  };
  expectOk(op(1, f3, f3, f3, f3, x23));
  expectBad(op(2, f3, f3, f3, f3, x23), "batch_norm_inference (C1)");
  expectBad(op(0, f3, f3, f3, f3, x23), "batch_norm_inference (C3)");
  expectBad(op(1, "tensor<1x3xf32>", f3, f3, f3, x23), "batch_norm_inference (C3)");
  expectBad(op(1, f3, f2, f3, f3, x23), "batch_norm_inference (C4)");
  expectBad(op(1, f3, f3, f2, f3, x23), "batch_norm_inference (C5)");
  expectBad(op(1, f3, f3, f3, f2, x23), "batch_norm_inference (C6)");
  expectBad(op(1, f3, f3, f3, f3, "tensor<3x3xf32>"), "batch_norm_inference (C7)");
  expectBad(op(1, "tensor<3xf16>", f3, f3, f3, x23), "batch_norm_inference (C2)");
  expectBad(op(1, f3, f3, f3, f3, "tensor<2x3xf64>"), "batch_norm_inference (C2)");
}

TEST(OpVerifyProducts, BatchNormTraining) {
  auto op = [](int fi, const std::string& scale, const std::string& offset, const std::string& out, const std::string& mean,
               const std::string& var) {
    return opWithTypes("batch_norm_training", featureIndex(fi), {x23, scale, offset}, {out, mean, var});
  };
  expectOk(op(1, f3, f3, x23, f3, f3));
  expectBad(op(-1, f3, f3, x23, f3, f3), "batch_norm_training (C1)");
  expectBad(op(1, f2, f3, x23, f3, f3), "batch_norm_training (C3)");
  expectBad(op(1, f3, f2, x23, f3, f3), "batch_norm_training (C4)");
  expectBad(op(1, f3, f3, x23, f2, f3), "batch_norm_training (C5)");
  expectBad(op(1, f3, f3, x23, f3, f2), "batch_norm_training (C6)");
  expectBad(op(1, f3, f3, "tensor<3x3xf32>", f3, f3), "batch_norm_training (C7)");
  expectBad(op(1, f3, "tensor<3xbf16>", x23, f3, f3), "batch_norm_training (C2)");
  expectBad(op(1, f3, f3, x23, f3, "tensor<3xf16>"), "batch_norm_training (C2)");
}

TEST(OpVerifyProducts, BatchNormGrad) {
  auto op = [](int fi, const std::string& scale, const std::string& mean, const std::string& grad_output, const std::string& grad_operand,
               const std::string& grad_scale) {
    return opWithTypes("batch_norm_grad", featureIndex(fi), {x23, scale, mean, f3, grad_output}, {grad_operand, grad_scale, f3});
  };
  expectOk(op(1, f3, f3, x23, x23, f3));
  expectBad(op(2, f3, f3, x23, x23, f3), "batch_norm_grad (C1)");
  expectBad(op(1, f3, f3, "tensor<3x3xf32>", x23, f3), "batch_norm_grad (C3)");
  expectBad(op(1, f3, f3, x23, "tensor<2x2xf32>", f3), "batch_norm_grad (C3)");
  expectBad(op(1, f3, f2, x23, x23, f3), "batch_norm_grad (C4)");
  expectBad(op(1, f3, f3, x23, x23, f2), "batch_norm_grad (C4)");
  expectBad(op(0, f3, f3, x23, x23, f3), "batch_norm_grad (C5)");
  expectBad(op(1, f3, "tensor<3xf16>", x23, x23, f3), "batch_norm_grad (C2)");
  expectBad(op(1, f3, f3, x23, "tensor<2x3xf64>", f3), "batch_norm_grad (C2)");
}

// --- quantized and hybrid dot_general (C14-C20), the dot algorithm (C21-C24) ---

// i8 storage, f32 expressed: per-tensor with zero point `zp`, or per-axis along `dim` with `n` scales.
std::string q(const std::string& storage_expressed, int zp = 0) {
  return "!quant.uniform<" + storage_expressed + ", 0.5:" + std::to_string(zp) + ">";
}
std::string qAxis(const std::string& storage_expressed, int dim, int n) {
  std::string scales;
  for (int i = 0; i < n; ++i) scales += std::string(i ? ", " : "") + "0.25:0";
  return "!quant.uniform<" + storage_expressed + ":" + std::to_string(dim) + ", {" + scales + "}>";
}

TEST(OpVerifyProducts, DotGeneralQuantized) {
  Dot quantized;  // lhs [2, 3, 4] per-tensor, rhs [2, 4, 5], result [2, 3, 5]; contracting: lhs 2, rhs 1
  quantized.lhs = "tensor<2x3x4x" + q("i8:f32", 3) + ">";
  quantized.rhs = "tensor<2x4x5x" + q("i8:f32") + ">";
  quantized.result = "tensor<2x3x5x" + q("i32:f32", -2) + ">";
  EXPECT_TRUE(verifyOp(dotSignature(quantized), dotBody(quantized)).ok()) << verifyOp(dotSignature(quantized), dotBody(quantized));
  Dot per_axis = quantized;  // rhs along its free dimension 2, result along its dimension 2
  per_axis.rhs = "tensor<2x4x5x" + qAxis("i8:f32", 2, 5) + ">";
  per_axis.result = "tensor<2x3x5x" + qAxis("i32:f32", 2, 5) + ">";
  EXPECT_TRUE(verifyOp(dotSignature(per_axis), dotBody(per_axis)).ok()) << verifyOp(dotSignature(per_axis), dotBody(per_axis));
  Dot per_axis_rhs_only = per_axis;  // a per-axis rhs may give a per-tensor result
  per_axis_rhs_only.result = quantized.result;
  EXPECT_TRUE(verifyOp(dotSignature(per_axis_rhs_only), dotBody(per_axis_rhs_only)).ok());
  Dot hybrid;  // f32 lhs and result, quantized rhs
  hybrid.rhs = per_axis.rhs;
  EXPECT_TRUE(verifyOp(dotSignature(hybrid), dotBody(hybrid)).ok()) << verifyOp(dotSignature(hybrid), dotBody(hybrid));
  hybrid.rhs = "tensor<2x4x5x" + q("i4:f32") + ">";
  EXPECT_TRUE(verifyOp(dotSignature(hybrid), dotBody(hybrid)).ok()) << verifyOp(dotSignature(hybrid), dotBody(hybrid));

  Dot d = quantized;
  d.lhs = "tensor<2x3x4xf32>";  // float lhs, quantized result
  expectDotViolation(d, "dot_general (C14)");
  d = quantized;
  d.rhs = "tensor<2x4x5xf32>";
  expectDotViolation(d, "dot_general (C14)");
  d = hybrid;
  d.result = quantized.result;
  expectDotViolation(d, "dot_general (C14)");
  d = Dot{};
  d.result = quantized.result;  // float operands, quantized result
  expectDotViolation(d, "dot_general (C14)");
  d = quantized;
  d.rhs = "tensor<2x4x5x" + q("i8:f32", 1) + ">";
  expectDotViolation(d, "dot_general (C15)");
  d = hybrid;
  d.rhs = "tensor<2x4x5x!quant.uniform<i8:f32:2, {0.25:0, 0.25:0, 0.25:1, 0.25:0, 0.25:0}>>";
  expectDotViolation(d, "dot_general (C15)");
  d = quantized;
  d.rhs = "tensor<2x4x5x" + qAxis("i8:f32", 1, 4) + ">";  // along the contracting dimension
  expectDotViolation(d, "dot_general (C16)");
  d = quantized;
  d.rhs = "tensor<2x4x5x" + q("i16:f32") + ">";
  expectDotViolation(d, "dot_general (C17)");
  d = quantized;
  d.result = "tensor<2x3x5x" + q("i32:f16") + ">";
  expectDotViolation(d, "dot_general (C18)");
  d = quantized;
  d.rhs = "tensor<2x4x5x" + q("i8:bf16") + ">";
  expectDotViolation(d, "dot_general (C18)");
  d = quantized;
  d.result = per_axis.result;  // per-tensor rhs, per-axis result
  expectDotViolation(d, "dot_general (C19)");
  d = hybrid;
  d.lhs = "tensor<2x3x4xf16>";
  expectDotViolation(d, "dot_general (C20)");
  d = hybrid;
  d.result = "tensor<2x3x5xf16>";
  expectDotViolation(d, "dot_general (C20)");
}

TEST(OpVerifyProducts, DotGeneralAlgorithm) {
  const std::string bf16_6x =
      ", algorithm = #stablehlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, "
      "lhs_component_count = 3, rhs_component_count = 3, num_primitive_operations = 6, allow_imprecise_accumulation = false>";
  const std::string defaults = ", precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]";
  Dot ok;
  ok.extra = bf16_6x;
  EXPECT_TRUE(verifyOp(dotSignature(ok), dotBody(ok)).ok()) << verifyOp(dotSignature(ok), dotBody(ok));
  ok.extra = defaults + bf16_6x;
  EXPECT_TRUE(verifyOp(dotSignature(ok), dotBody(ok)).ok()) << verifyOp(dotSignature(ok), dotBody(ok));
  Dot empty;  // an empty algorithm leaves precision_config in charge
  empty.extra = ", precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGH>], algorithm = #stablehlo.dot_algorithm<>";
  EXPECT_TRUE(verifyOp(dotSignature(empty), dotBody(empty)).ok()) << verifyOp(dotSignature(empty), dotBody(empty));

  Dot d;
  d.extra = ", precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]" + bf16_6x;
  expectDotViolation(d, "dot_general (C21)");
  auto withCounts = [&](const std::string& l, const std::string& r, const std::string& n) {
    Dot c;
    c.extra =
        ", algorithm = #stablehlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, "
        "lhs_component_count = " +
        l + ", rhs_component_count = " + r + ", num_primitive_operations = " + n + ", allow_imprecise_accumulation = false>";
    return c;
  };
  expectDotViolation(withCounts("0", "1", "1"), "dot_general (C22)");
  expectDotViolation(withCounts("1", "-1", "1"), "dot_general (C23)");
  expectDotViolation(withCounts("1", "1", "0"), "dot_general (C24)");
}

// --- quantized and hybrid convolution (C27-C34) ---

TEST(OpVerifyProducts, ConvolutionQuantized) {
  // Layout [b, f, 0]x[o, i, 0]->[b, f, 0]: kernel_output_feature_dimension 0 (size 2), output_feature_dimension 1.
  Conv quantized;
  quantized.lhs = "tensor<1x4x5x" + q("i8:f32", -128) + ">";
  quantized.rhs = "tensor<2x4x3x" + q("i8:f32", 7) + ">";  // convolution allows rhs zero points
  quantized.result = "tensor<1x2x3x" + q("i32:f32") + ">";
  expectOk(convOp(quantized));
  Conv per_axis = quantized;
  per_axis.rhs = "tensor<2x4x3x" + qAxis("i8:f32", 0, 2) + ">";
  per_axis.result = "tensor<1x2x3x" + qAxis("i32:f32", 1, 2) + ">";
  expectOk(convOp(per_axis));
  Conv per_axis_rhs_only = per_axis;
  per_axis_rhs_only.result = quantized.result;
  expectOk(convOp(per_axis_rhs_only));
  Conv hybrid;
  hybrid.rhs = per_axis.rhs;
  expectOk(convOp(hybrid));

  Conv c;
  c.rhs = "tensor<2x4x3xf16>";
  expectBad(convOp(c), "convolution (C27)");
  c = Conv{};  // i8 convolved into i32, as programs do (C27's result part is not checked)
  c.lhs = "tensor<1x4x5xi8>";
  c.rhs = "tensor<2x4x3xi8>";
  c.result = "tensor<1x2x3xi32>";
  expectOk(convOp(c));
  c = quantized;
  c.lhs = "tensor<1x4x5xf32>";
  expectBad(convOp(c), "convolution (C28)");
  c = quantized;
  c.rhs = "tensor<2x4x3xf32>";
  expectBad(convOp(c), "convolution (C28)");
  c = hybrid;
  c.result = quantized.result;
  expectBad(convOp(c), "convolution (C28)");
  c = quantized;
  c.rhs = "tensor<2x4x3x" + qAxis("i8:f32", 1, 4) + ">";
  expectBad(convOp(c), "convolution (C29)");
  c = per_axis;
  c.result = "tensor<1x2x3x" + qAxis("i32:f32", 2, 3) + ">";
  expectBad(convOp(c), "convolution (C30)");
  c = quantized;
  c.rhs = "tensor<2x4x3x" + q("i16:f32") + ">";
  expectBad(convOp(c), "convolution (C31)");
  c = quantized;
  c.result = "tensor<1x2x3x" + q("i32:f16") + ">";
  expectBad(convOp(c), "convolution (C32)");
  c = quantized;
  c.result = per_axis.result;
  expectBad(convOp(c), "convolution (C33)");
  c = hybrid;
  c.lhs = "tensor<1x4x5xbf16>";
  expectBad(convOp(c), "convolution (C34)");
  c = hybrid;
  c.result = "tensor<1x2x3xf64>";
  expectBad(convOp(c), "convolution (C34)");
}

// --- region signatures: reduce (C6, C8), reduce_window (C13, C16), select_and_scatter (C9, C10, C12) ---

// A reduce of one input [2, 3] along dimension 1 whose body takes (tensor<arg0>, tensor<arg1>) and returns
// tensor<ret>; `input` is the element type of the input and init value, `result` the result's.
std::pair<std::string, std::string> reduceOf(const std::string& input, const std::string& arg0, const std::string& arg1,
                                             const std::string& ret, const std::string& result) {
  const std::string in = "tensor<2x3x" + input + ">", init = "tensor<" + input + ">", out = "tensor<2x" + result + ">";
  const std::string sig = "(%a: " + in + ", %i: " + init + ") -> " + out;
  const std::string body = "  %r = \"stablehlo.reduce\"(%a, %i) ({\n  ^bb0(%x: tensor<" + arg0 + ">, %y: tensor<" + arg1 +
                           ">):\n    %s = \"stablehlo.custom_call\"(%x, %y) {call_target_name = \"f\"} : (tensor<" + arg0 + ">, tensor<" +
                           arg1 + ">) -> tensor<" + ret + ">\n    stablehlo.return %s : tensor<" + ret +
                           ">\n  }) {dimensions = array<i64: 1>} : (" + in + ", " + init + ") -> " + out + "\n  func.return %r : " + out;
  return {sig, body};
}

TEST(OpVerifyProducts, ReduceBody) {
  expectOk(reduceOf("f32", "f32", "f32", "f32", "f32"));
  expectOk(reduceOf("f16", "f32", "f32", "f32", "f32"));  // f16 inputs promoted to the body's f32
  expectOk(reduceOf("i8", "i32", "i32", "i32", "i32"));
  const std::string qi8 = q("i8:f32"), qi32 = "!quant.uniform<i32:f32, 0.25:1>";
  expectOk(reduceOf(qi8, qi8, qi8, qi8, qi8));
  expectOk(reduceOf(qi8, qi32, qi32, qi32, qi32));  // a quantized E promotes the storage type only

  expectBad(reduceOf("f32", "f16", "f16", "f16", "f16"), "reduce (C6)");  // f32 is not promotable to f16
  expectBad(reduceOf("f32", "i32", "i32", "i32", "i32"), "reduce (C6)");
  expectBad(reduceOf(qi8, "f32", "f32", "f32", "f32"), "reduce (C6)");
  expectBad(reduceOf(qi8, "!quant.uniform<i32:f16, 0.25:1>", "!quant.uniform<i32:f16, 0.25:1>", "!quant.uniform<i32:f16, 0.25:1>",
                     "!quant.uniform<i32:f16, 0.25:1>"),
            "reduce (C6)");
  expectBad(reduceOf("f32", "f32", "f64", "f32", "f32"), "reduce (C6)");        // the two arguments differ
  expectBad(reduceOf("f32", "f32", "f32", "f64", "f32"), "reduce (C6)");        // the return differs
  expectBad(reduceOf("f32", "2xf32", "2xf32", "2xf32", "f32"), "reduce (C6)");  // not tensor<E>
  expectBad(reduceOf("f16", "f32", "f32", "f32", "f16"), "reduce (C8)");
  // Two inputs: the body takes four arguments and returns two values.
  auto two = [](const std::string& args, const std::string& ret) {
    return "  %r:2 = \"stablehlo.reduce\"(%a, %b, %i, %j) ({\n  ^bb0(" + args + "):\n    stablehlo.return " + ret +
           "\n  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, "
           "tensor<2xi32>)\n  func.return %r#0 : tensor<2xf32>";
  };
  const std::string sig2 = "(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>, %i: tensor<f32>, %j: tensor<i32>) -> tensor<2xf32>";
  const std::string args4 = "%x: tensor<f32>, %y: tensor<i32>, %z: tensor<f32>, %w: tensor<i32>";
  EXPECT_TRUE(verifyOp(sig2, two(args4, "%x, %y : tensor<f32>, tensor<i32>")).ok())
      << verifyOp(sig2, two(args4, "%x, %y : tensor<f32>, tensor<i32>"));
  expectViolation(sig2, two(args4, "%y, %x : tensor<i32>, tensor<f32>"), "reduce (C6)");
  expectViolation(sig2, two(args4, "%x : tensor<f32>"), "reduce (C6)");
  expectViolation(sig2, two("%x: tensor<f32>, %y: tensor<i32>, %z: tensor<f32>", "%x, %y : tensor<f32>, tensor<i32>"), "reduce (C6)");
  expectViolation(sig2, two("%x: tensor<f32>, %y: tensor<f32>, %z: tensor<i32>, %w: tensor<i32>", "%x, %y : tensor<f32>, tensor<f32>"),
                  "reduce (C6)");
}

// A reduce_window of one input [4, 6] with a 2x2 window and stride 2 whose body takes (tensor<arg>, tensor<arg>)
// and returns tensor<ret>.
std::pair<std::string, std::string> reduceWindowOf(const std::string& input, const std::string& arg, const std::string& ret,
                                                   const std::string& result) {
  const std::string in = "tensor<4x6x" + input + ">", init = "tensor<" + input + ">", out = "tensor<2x3x" + result + ">";
  const std::string sig = "(%a: " + in + ", %i: " + init + ") -> " + out;
  const std::string body = "  %r = \"stablehlo.reduce_window\"(%a, %i) ({\n  ^bb0(%x: tensor<" + arg + ">, %y: tensor<" + arg +
                           ">):\n    %s = \"stablehlo.custom_call\"(%x, %y) {call_target_name = \"f\"} : (tensor<" + arg + ">, tensor<" +
                           arg + ">) -> tensor<" + ret + ">\n    stablehlo.return %s : tensor<" + ret +
                           ">\n  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (" + in + ", " + init +
                           ") -> " + out + "\n  func.return %r : " + out;
  return {sig, body};
}

TEST(OpVerifyProducts, ReduceWindowBody) {
  expectOk(reduceWindowOf("f32", "f32", "f32", "f32"));
  expectOk(reduceWindowOf("bf16", "f32", "f32", "f32"));
  expectOk(reduceWindowOf(q("i8:f32"), q("i8:f32"), q("i8:f32"), q("i8:f32")));
  expectBad(reduceWindowOf("f32", "bf16", "bf16", "bf16"), "reduce_window (C13)");
  expectBad(reduceWindowOf("i32", "i16", "i16", "i16"), "reduce_window (C13)");
  expectBad(reduceWindowOf("f32", "f32", "i1", "f32"), "reduce_window (C13)");
  expectBad(reduceWindowOf("bf16", "f32", "f32", "bf16"), "reduce_window (C16)");
}

// A select_and_scatter of operand [4, 6] (element type `e`) with a 2x2 window and stride 2; select takes
// (tensor<select_arg>, tensor<select_arg>) -> tensor<select_ret>, scatter (tensor<scatter_arg>, tensor<scatter_arg>)
// -> tensor<scatter_ret>; the result has element type `result`.
std::pair<std::string, std::string> selectAndScatterOf(const std::string& e, const std::string& select_arg, const std::string& select_ret,
                                                       const std::string& scatter_arg, const std::string& scatter_ret,
                                                       const std::string& result) {
  const std::string operand = "tensor<4x6x" + e + ">", source = "tensor<2x3x" + e + ">", init = "tensor<" + e + ">",
                    out = "tensor<4x6x" + result + ">";
  auto region = [](const std::string& arg, const std::string& ret) {
    return "  ^bb0(%x: tensor<" + arg + ">, %y: tensor<" + arg +
           ">):\n    %c = \"stablehlo.custom_call\"(%x, %y) {call_target_name = \"f\"} : (tensor<" + arg + ">, tensor<" + arg +
           ">) -> tensor<" + ret + ">\n    stablehlo.return %c : tensor<" + ret + ">\n";
  };
  const std::string sig = "(%a: " + operand + ", %s: " + source + ", %i: " + init + ") -> " + out;
  const std::string body = "  %r = \"stablehlo.select_and_scatter\"(%a, %s, %i) ({\n" + region(select_arg, select_ret) + "  }, {\n" +
                           region(scatter_arg, scatter_ret) +
                           "  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (" + operand + ", " + source +
                           ", " + init + ") -> " + out + "\n  func.return %r : " + out;
  return {sig, body};
}

TEST(OpVerifyProducts, SelectAndScatterRegions) {
  expectOk(selectAndScatterOf("f32", "f32", "i1", "f32", "f32", "f32"));
  expectOk(selectAndScatterOf("f16", "f16", "i1", "f32", "f32", "f32"));  // scatter's E promoted from f16
  const std::string qi8 = q("i8:f32");
  expectOk(selectAndScatterOf(qi8, qi8, "i1", qi8, qi8, qi8));
  expectBad(selectAndScatterOf("f32", "f16", "i1", "f32", "f32", "f32"), "select_and_scatter (C9)");
  expectBad(selectAndScatterOf("f16", "f32", "i1", "f32", "f32", "f32"), "select_and_scatter (C9)");  // select takes E itself
  expectBad(selectAndScatterOf("f32", "f32", "f32", "f32", "f32", "f32"), "select_and_scatter (C9)");
  expectBad(selectAndScatterOf("f32", "f32", "2xi1", "f32", "f32", "f32"), "select_and_scatter (C9)");
  expectBad(selectAndScatterOf(qi8, "f32", "i1", qi8, qi8, qi8), "select_and_scatter (C9)");
  expectBad(selectAndScatterOf("f32", "f32", "i1", "f16", "f16", "f16"), "select_and_scatter (C10)");
  expectBad(selectAndScatterOf("f32", "f32", "i1", "f32", "f64", "f32"), "select_and_scatter (C10)");
  expectBad(selectAndScatterOf("f32", "f32", "i1", "i32", "i32", "f32"), "select_and_scatter (C10)");
  expectBad(selectAndScatterOf("f16", "f16", "i1", "f32", "f32", "f16"), "select_and_scatter (C12)");
}

// --- region signatures of map (C1-C4), while (C1-C3), if (C1-C3), case (C1-C4) ---

// A map of inputs [2, 3] of element types `a` and `b` into a result of element type `result` (shape `shape`),
// whose computation takes (tensor<arg0>, tensor<arg1>) and returns tensor<ret>.
std::pair<std::string, std::string> mapOf(const std::string& a, const std::string& b, const std::string& arg0, const std::string& arg1,
                                          const std::string& ret, const std::string& result, const std::string& dims = "0, 1",
                                          const std::string& shape = "2x3x") {
  const std::string ta = "tensor<2x3x" + a + ">", tb = "tensor<2x3x" + b + ">", out = "tensor<" + shape + result + ">";
  const std::string sig = "(%a: " + ta + ", %b: " + tb + ") -> " + out;
  const std::string body = "  %r = \"stablehlo.map\"(%a, %b) ({\n  ^bb0(%x: tensor<" + arg0 + ">, %y: tensor<" + arg1 +
                           ">):\n    %s = \"stablehlo.custom_call\"(%x, %y) {call_target_name = \"f\"} : (tensor<" + arg0 + ">, tensor<" +
                           arg1 + ">) -> tensor<" + ret + ">\n    stablehlo.return %s : tensor<" + ret +
                           ">\n  }) {dimensions = array<i64: " + dims + ">} : (" + ta + ", " + tb + ") -> " + out +
                           "\n  func.return %r : " + out;
  return {sig, body};
}

TEST(OpVerifyProducts, MapRegion) {
  expectOk(mapOf("f32", "f32", "f32", "f32", "f32", "f32"));
  expectOk(mapOf("f32", "i32", "f32", "i32", "i1", "i1"));
  expectOk(mapOf(q("i8:f32"), q("i8:f32"), q("i8:f32"), q("i8:f32"), q("i8:f32"), q("i8:f32")));
  expectBad(mapOf("f32", "f32", "f32", "f32", "f32", "f32", "0, 1", "2x4x"), "map (C1)");
  expectBad(mapOf("f32", "f32", "f32", "f32", "f32", "f32", "1, 0"), "map (C3)");
  expectBad(mapOf("f32", "f32", "f32", "f32", "f32", "f32", "0"), "map (C3)");
  expectBad(mapOf("f16", "f32", "f32", "f32", "f32", "f32"), "map (C4)");  // no promotion: Ei = element_type(inputs[i])
  expectBad(mapOf("f32", "f32", "f32", "f32", "f16", "f32"), "map (C4)");
  expectBad(mapOf("f32", "f32", "f32", "f32", "2xf32", "f32"), "map (C4)");
  expectBad(mapOf(q("i8:f32"), q("i8:f32"), "f32", "f32", q("i8:f32"), q("i8:f32")), "map (C4)");
  // One input, a computation of two arguments.
  const std::string one =
      "  %r = \"stablehlo.map\"(%a) ({\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    stablehlo.return %x : tensor<f32>\n  }) "
      "{dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2xf32>\n  func.return %r : tensor<2xf32>";
  expectViolation("(%a: tensor<2xf32>) -> tensor<2xf32>", one, "map (C4)");
  const std::string none =
      "  %r = \"stablehlo.map\"() ({\n    %c = stablehlo.constant dense<1.0> : tensor<f32>\n    stablehlo.return %c : tensor<f32>\n  }) "
      "{dimensions = array<i64>} : () -> tensor<f32>\n  func.return %r : tensor<f32>";
  expectViolation("() -> tensor<f32>", none, "map (C2)");
}

// A while over (tensor<i64>, tensor<2xf32>) whose cond takes `cond_args` and returns `cond_ret`, whose body
// takes `body_args` and returns `body_ret` (`values : types`), with results `results`.
std::pair<std::string, std::string> whileOf(const std::string& cond_args, const std::string& cond_ret, const std::string& body_args,
                                            const std::string& body_ret, const std::string& results = "tensor<i64>, tensor<2xf32>") {
  const std::string sig = "(%a: tensor<i64>, %b: tensor<2xf32>) -> tensor<i64>";
  const std::string body = "  %r:2 = \"stablehlo.while\"(%a, %b) ({\n  ^bb0(" + cond_args +
                           "):\n    %c = \"stablehlo.custom_call\"() {call_target_name = \"f\"} : () -> " + cond_ret +
                           "\n    stablehlo.return %c : " + cond_ret + "\n  }, {\n  ^bb0(" + body_args + "):\n    stablehlo.return " +
                           body_ret + "\n  }) : (tensor<i64>, tensor<2xf32>) -> (" + results + ")\n  func.return %a : tensor<i64>";
  return {sig, body};
}

TEST(OpVerifyProducts, WhileRegions) {
  const std::string args = "%x: tensor<i64>, %y: tensor<2xf32>", ret = "%x, %y : tensor<i64>, tensor<2xf32>";
  expectOk(whileOf(args, "tensor<i1>", args, ret));
  expectOk(whileOf("%x: tensor<i64>, %y: tensor<?xf32>", "tensor<i1>", args, ret));  // `?` agrees with 2
  expectBad(whileOf("%x: tensor<i64>", "tensor<i1>", args, ret), "while (C1)");
  expectBad(whileOf("%x: tensor<i32>, %y: tensor<2xf32>", "tensor<i1>", args, ret), "while (C1)");
  expectBad(whileOf(args, "tensor<i32>", args, ret), "while (C1)");
  expectBad(whileOf(args, "tensor<2xi1>", args, ret), "while (C1)");
  expectBad(whileOf(args, "tensor<i1>", "%x: tensor<i64>, %y: tensor<3xf32>", "%x, %y : tensor<i64>, tensor<3xf32>"), "while (C2)");
  expectBad(whileOf(args, "tensor<i1>", args, "%x : tensor<i64>"), "while (C2)");
  expectBad(whileOf(args, "tensor<i1>", args, "%y, %x : tensor<2xf32>, tensor<i64>"), "while (C2)");
  expectBad(whileOf(args, "tensor<i1>", args, ret, "tensor<i64>, tensor<2xf16>"), "while (C3)");
}

// An if whose branches take `true_args` / `false_args` and return `true_ret` / `false_ret` (values of the
// function's %a: tensor<2xf32>, %t: !stablehlo.token), with results `results`.
std::pair<std::string, std::string> ifOf(const std::string& true_args, const std::string& true_ret, const std::string& false_args,
                                         const std::string& false_ret, const std::string& results) {
  const std::string sig = "(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<?xf32>, %c: tensor<2xf16>, %t: !stablehlo.token) -> tensor<i1>";
  auto branch = [](const std::string& args, const std::string& ret) {
    return std::string(args.empty() ? "" : "  ^bb0(" + args + "):\n") + "    stablehlo.return " + ret + "\n";
  };
  const std::string body = "  %r:2 = \"stablehlo.if\"(%p) ({\n" + branch(true_args, true_ret) + "  }, {\n" + branch(false_args, false_ret) +
                           "  }) : (tensor<i1>) -> (" + results + ")\n  func.return %p : tensor<i1>";
  return {sig, body};
}

TEST(OpVerifyProducts, IfRegions) {
  const std::string ret = "%a, %t : tensor<2xf32>, !stablehlo.token", results = "tensor<2xf32>, !stablehlo.token";
  expectOk(ifOf("", ret, "", ret, results));
  expectOk(ifOf("", ret, "", "%b, %t : tensor<?xf32>, !stablehlo.token", results));
  expectBad(ifOf("%z: tensor<f32>", ret, "", ret, results), "if (C1)");
  expectBad(ifOf("", ret, "%z: tensor<f32>", ret, results), "if (C1)");
  expectBad(ifOf("", ret, "", "%c, %t : tensor<2xf16>, !stablehlo.token", results), "if (C2)");
  expectBad(ifOf("", ret, "", "%t, %a : !stablehlo.token, tensor<2xf32>", results), "if (C2)");
  expectBad(ifOf("", ret, "", ret, "tensor<3xf32>, !stablehlo.token"), "if (C3)");
  expectBad(ifOf("", ret, "", ret, "tensor<2xf32>, tensor<2xf32>"), "if (C3)");
}

// A case of branches returning `rets[i]` (values of %a: tensor<2xf32>, %c: tensor<2xf16>), the first taking
// `first_args`, with result type `result`.
std::pair<std::string, std::string> caseOf(const std::vector<std::string>& rets, const std::string& result,
                                           const std::string& first_args = "") {
  const std::string sig = "(%i: tensor<i32>, %a: tensor<2xf32>, %c: tensor<2xf16>) -> tensor<i32>";
  std::string body = "  %r = \"stablehlo.case\"(%i) (";
  for (size_t i = 0; i < rets.size(); ++i) {
    body += std::string(i ? ", " : "") + "{\n" + (i == 0 && !first_args.empty() ? "  ^bb0(" + first_args + "):\n" : "") +
            "    stablehlo.return " + rets[i] + "\n  }";
  }
  body += ") : (tensor<i32>) -> " + result + "\n  func.return %i : tensor<i32>";
  return {sig, body};
}

TEST(OpVerifyProducts, CaseRegions) {
  const std::string a = "%a : tensor<2xf32>", c = "%c : tensor<2xf16>";
  expectOk(caseOf({a}, "tensor<2xf32>"));
  expectOk(caseOf({a, a, a}, "tensor<2xf32>"));
  expectOk(caseOf({a, a}, "tensor<?xf32>"));
  {  // No branch (which the syntax cannot spell: the regions of a parsed case are taken away).
    const auto [sig, body] = caseOf({a}, "tensor<2xf32>");
    absl::StatusOr<Module> module = parseModule("func.func @main" + sig + " {\n" + body + "\n}\n", "test.mlir");
    ASSERT_TRUE(module.ok()) << module.status();
    Operation& op = *module->findFunction("main")->body().operations.front();
    op.regions.clear();
    EXPECT_THAT(std::string(verifyAgainstSchema(op).message()), HasSubstr("case (C1)"));
  }
  expectBad(caseOf({a, a}, "tensor<2xf32>", "%z: tensor<f32>"), "case (C2)");
  expectBad(caseOf({a, c}, "tensor<2xf32>"), "case (C3)");
  expectBad(caseOf({c, c}, "tensor<2xf32>"), "case (C4)");
}

// --- chlo.ragged_dot ---

struct RaggedDot {
  std::string lb = "[]", rb = "[]", lc = "[1]", rc = "[1]", ragged = "[0]", group = "[0]";
  std::string lhs = "tensor<11x5xf32>", rhs = "tensor<3x5x7xf32>", sizes = "tensor<3xi64>", result = "tensor<11x7xf32>";
};
std::pair<std::string, std::string> raggedDot(const RaggedDot& d) {
  return {"(%a: " + d.lhs + ", %b: " + d.rhs + ", %g: " + d.sizes + ") -> " + d.result,
          "  %r = \"chlo.ragged_dot\"(%a, %b, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = " + d.lb +
              ", rhs_batching_dimensions = " + d.rb + ", lhs_contracting_dimensions = " + d.lc + ", rhs_contracting_dimensions = " + d.rc +
              ", lhs_ragged_dimensions = " + d.ragged + ", rhs_group_dimensions = " + d.group + ">} : (" + d.lhs + ", " + d.rhs + ", " +
              d.sizes + ") -> " + d.result + "\n  func.return %r : " + d.result};
}

TEST(OpVerifyProducts, RaggedDotModes) {
  const RaggedDot mode1;  // the peer test's [m,k] x [g,k,n] -> [m,n]
  expectOk(raggedDot(mode1));
  RaggedDot mode2 = mode1;  // [m,k] x [k,n] -> [g,m,n]
  mode2.ragged = "[1]", mode2.group = "[]", mode2.rhs = "tensor<5x7xf32>", mode2.rc = "[0]", mode2.result = "tensor<3x11x7xf32>";
  expectOk(raggedDot(mode2));
  RaggedDot mode3 = mode1;  // [b,m,k] x [b,k,n] -> [b,m,n]
  mode3.lb = "[0]", mode3.rb = "[0]", mode3.lc = "[2]", mode3.rc = "[1]", mode3.ragged = "[0]", mode3.group = "[]";
  mode3.lhs = "tensor<4x11x5xf32>", mode3.rhs = "tensor<4x5x7xf32>", mode3.result = "tensor<4x11x7xf32>";
  expectOk(raggedDot(mode3));
  RaggedDot full = mode1;  // mode 1 with a batch and group_sizes [b, g]
  full.lb = "[0]", full.rb = "[1]", full.lc = "[2]", full.rc = "[2]", full.ragged = "[1]";
  full.lhs = "tensor<2x11x5xf32>", full.rhs = "tensor<3x2x5x7xf32>", full.sizes = "tensor<2x3xi32>", full.result = "tensor<2x11x7xf32>";
  expectOk(raggedDot(full));
  RaggedDot broadcast_sizes = full;  // a [g] group_sizes stands for every batch
  broadcast_sizes.sizes = "tensor<3xi64>";
  expectOk(raggedDot(broadcast_sizes));

  RaggedDot d = mode1;
  d.rc = "[2]";
  expectBad(raggedDot(d), "ragged_dot (dot_general C10)");
  d = mode1;
  d.ragged = "[]";
  expectBad(raggedDot(d), "ragged_dot (ragged dimension)");
  d = mode1;
  d.ragged = "[2]";
  expectBad(raggedDot(d), "ragged_dot (ragged dimension)");
  d = mode1;
  d.group = "[1]";  // also a contracting dimension
  expectBad(raggedDot(d), "ragged_dot (group dimension)");
  d = mode1;
  d.group = "[]", d.rhs = "tensor<5x7xf32>", d.rc = "[0]";
  expectBad(raggedDot(d), "ragged_dot (mode 1)");
  d = mode1;
  d.sizes = "tensor<4xi64>";  // 4 groups, 3 rhs slices
  expectBad(raggedDot(d), "ragged_dot (mode 1)");
  d = mode2;
  d.group = "[1]", d.rhs = "tensor<5x3x7xf32>";
  expectBad(raggedDot(d), "ragged_dot (mode 2)");
  d = mode3;
  d.group = "[2]", d.rhs = "tensor<4x5x3x7xf32>";
  expectBad(raggedDot(d), "ragged_dot (mode 3)");
  d = full;
  d.sizes = "tensor<11x3xi64>";  // the prefix is the batch (2), not the rows
  expectBad(raggedDot(d), "ragged_dot (group_sizes)");
  d = mode1;
  d.result = "tensor<11x5xf32>";
  expectBad(raggedDot(d), "ragged_dot (result)");
  d = mode2;
  d.result = "tensor<11x7xf32>";  // mode 2 puts the groups first
  expectBad(raggedDot(d), "ragged_dot (result)");
}

// --- chlo.scan ---

std::pair<std::string, std::string> scanOf(const std::string& block, const std::string& types, const std::string& attributes = "") {
  return {"(%x: tensor<2x3xi32>, %i: tensor<2xi32>)",
          "  %o, %c = chlo.scan(%x) inits(%i) dimension=1 " + attributes + "{\n" + block + "\n  } : " + types + "\n  func.return"};
}

TEST(OpVerifyProducts, ChloScan) {
  const std::string add =
      "  ^bb0(%a: tensor<2xi32>, %b: tensor<2xi32>):\n    %s = stablehlo.add %a, %b : tensor<2xi32>\n"
      "    stablehlo.return %s, %s : tensor<2xi32>, tensor<2xi32>";
  const std::string types = "(tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi32>)";
  expectOk(scanOf(add, types));
  expectOk(scanOf(add, types, "attributes {is_reverse = true, is_associative = true, scan_dim_size = 3} "));
  expectBad(scanOf(add, types, "attributes {scan_dim_size = 4} "), "scan (dimension)");
  expectBad(scanOf(add, "(tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x4xi32>, tensor<2xi32>)"), "scan (dimension)");
  expectBad(scanOf(add, "(tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi64>)"), "scan (carries)");
  // The body takes the slice without the scan dimension: tensor<3xi32> is a slice along dimension 0.
  const std::string wrong_slice =
      "  ^bb0(%a: tensor<3xi32>, %b: tensor<2xi32>):\n    stablehlo.return %b, %b : tensor<2xi32>, tensor<2xi32>";
  expectBad(scanOf(wrong_slice, types), "scan (body)");
}

}  // namespace
}  // namespace hloconf
