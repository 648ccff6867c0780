// The verify functions of ir/op_verify_numeric.h: each constraint they check has a negative case here,
// with the spec label the message must cite, and valid programs pass.
#include "ir/op_verify_numeric.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "ir/op_schema.h"
#include "ir/parser.h"
#include "tests/ir/verify_test_util.h"

namespace hloconf {
namespace {

using ::testing::HasSubstr;

using test::expectViolation;
using test::verifyOp;

// A unary op `name` from `operand` to `result`, in the generic form with attributes `attrs`.
std::string unarySignature(const std::string& operand, const std::string& result) { return "(%a: " + operand + ") -> " + result; }
std::string unaryBody(const std::string& name, const std::string& operand, const std::string& result, const std::string& attrs = "") {
  return "  %r = \"stablehlo." + name + "\"(%a) " + (attrs.empty() ? "" : "{" + attrs + "} ") + ": (" + operand + ") -> " + result +
         "\n  func.return %r : " + result;
}
void expectUnaryOk(const std::string& name, const std::string& operand, const std::string& result, const std::string& attrs = "") {
  const absl::Status s = verifyOp(unarySignature(operand, result), unaryBody(name, operand, result, attrs));
  EXPECT_TRUE(s.ok()) << name << ": " << operand << " -> " << result << ": " << s;
}
void expectUnaryBad(const std::string& name, const std::string& operand, const std::string& result, const std::string& label,
                    const std::string& attrs = "") {
  expectViolation(unarySignature(operand, result), unaryBody(name, operand, result, attrs), label);
}

const std::string kQ8 = "!quant.uniform<i8:f32, 0.5>";

// --- cholesky ---

TEST(OpVerifyNumeric, Cholesky) {
  expectUnaryOk("cholesky", "tensor<3x3xf32>", "tensor<3x3xf32>", "lower = true");
  expectUnaryOk("cholesky", "tensor<2x3x3xcomplex<f64>>", "tensor<2x3x3xcomplex<f64>>");
  expectUnaryOk("cholesky", "tensor<?x?xf32>", "tensor<3x3xf32>");
  // Quantized: one baseline type, the scales may differ.
  expectUnaryOk("cholesky", "tensor<3x3x" + kQ8 + ">", "tensor<3x3x!quant.uniform<i8:f32, 0.25:1>>");

  // Quantized types (the schema's same-type trait does not compare their elements).
  expectUnaryBad("cholesky", "tensor<3x3x" + kQ8 + ">", "tensor<3x3x!quant.uniform<i16:f32, 0.5>>", "cholesky (C1)");
  expectUnaryBad("cholesky", "tensor<3x3xf32>", "tensor<3x3x" + kQ8 + ">", "cholesky (C1)");
  expectUnaryBad("cholesky", "tensor<3xf32>", "tensor<3xf32>", "cholesky (C2)");
  expectUnaryBad("cholesky", "tensor<2x3xf32>", "tensor<2x3xf32>", "cholesky (C3)");
}

// --- triangular_solve ---

struct Solve {
  std::string a = "tensor<3x3xf32>", b = "tensor<3x2xf32>", result = "tensor<3x2xf32>";
  std::string left_side = "true";
};

std::string solveSignature(const Solve& s) { return "(%a: " + s.a + ", %b: " + s.b + ") -> " + s.result; }
std::string solveBody(const Solve& s) {
  return "  %r = \"stablehlo.triangular_solve\"(%a, %b) {left_side = " + s.left_side +
         ", lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (" + s.a + ", " + s.b + ") -> " +
         s.result + "\n  func.return %r : " + s.result;
}

TEST(OpVerifyNumeric, TriangularSolve) {
  const Solve ok;
  EXPECT_TRUE(verifyOp(solveSignature(ok), solveBody(ok)).ok()) << verifyOp(solveSignature(ok), solveBody(ok));
  Solve s = ok;
  s.left_side = "false";
  s.b = s.result = "tensor<2x3xf32>";
  EXPECT_TRUE(verifyOp(solveSignature(s), solveBody(s)).ok());
  s = ok;
  s.a = "tensor<4x3x3xf32>";
  s.b = s.result = "tensor<4x3x5xf32>";
  EXPECT_TRUE(verifyOp(solveSignature(s), solveBody(s)).ok());
  s = ok;
  s.a = "tensor<?x3xf32>";
  EXPECT_TRUE(verifyOp(solveSignature(s), solveBody(s)).ok());

  s = ok;
  s.b = "tensor<3x2xf64>";
  expectViolation(solveSignature(s), solveBody(s), "triangular_solve (C1)");
  s = ok;
  s.a = "tensor<3xf32>";
  expectViolation(solveSignature(s), solveBody(s), "triangular_solve (C2)");
  s = ok;
  s.b = s.result = "tensor<1x3x2xf32>";
  expectViolation(solveSignature(s), solveBody(s), "triangular_solve (C2)");
  s = ok;
  s.a = "tensor<2x3x3xf32>";
  s.b = s.result = "tensor<4x3x2xf32>";
  expectViolation(solveSignature(s), solveBody(s), "triangular_solve (C3)");
  s = ok;
  s.a = "tensor<3x4xf32>";
  expectViolation(solveSignature(s), solveBody(s), "triangular_solve (C3)");
  s = ok;
  s.b = s.result = "tensor<2x3xf32>";  // left_side: b's dimension -2 must be 3
  expectViolation(solveSignature(s), solveBody(s), "triangular_solve (C3)");
  s = ok;
  s.result = "tensor<3x3xf32>";
  expectViolation(solveSignature(s), solveBody(s), "triangular_solve (C4)");
  s = ok;
  s.result = "tensor<3x2xf64>";
  expectViolation(solveSignature(s), solveBody(s), "triangular_solve (C4)");
}

// --- rng ---

struct Rng {
  std::string element = "f32", a, b, shape = "tensor<2xi64>", result = "tensor<3x3xf32>", distribution = "UNIFORM";
};

std::string rngSignature(const Rng& r) {
  const std::string scalar = "tensor<" + r.element + ">";
  return "(%a: " + (r.a.empty() ? scalar : r.a) + ", %b: " + (r.b.empty() ? scalar : r.b) + ", %s: " + r.shape + ") -> " + r.result;
}
std::string rngBody(const Rng& r) {
  const std::string scalar = "tensor<" + r.element + ">";
  return "  %r = \"stablehlo.rng\"(%a, %b, %s) {rng_distribution = #stablehlo<rng_distribution " + r.distribution + ">} : (" +
         (r.a.empty() ? scalar : r.a) + ", " + (r.b.empty() ? scalar : r.b) + ", " + r.shape + ") -> " + r.result +
         "\n  func.return %r : " + r.result;
}

// rng with its shape given by a constant (the op is the function's second, so verifyOp cannot reach it).
absl::Status verifyRngWithConstantShape(const std::string& shape, const std::string& result) {
  const std::string text = "func.func @main(%a: tensor<f32>, %b: tensor<f32>) -> " + result + " {\n  %s = stablehlo.constant dense<" +
                           shape + "> : tensor<2xi64>\n  %r = \"stablehlo.rng\"(%a, %b, %s) {rng_distribution = " +
                           "#stablehlo<rng_distribution NORMAL>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> " + result +
                           "\n  func.return %r : " + result + "\n}\n";
  absl::StatusOr<Module> module = parseModule(text, "test.mlir");
  if (!module.ok()) return module.status();
  return verifyAgainstSchema(*module->findFunction("main")->body().operations[1]);
}

TEST(OpVerifyNumeric, Rng) {
  const Rng ok;
  EXPECT_TRUE(verifyOp(rngSignature(ok), rngBody(ok)).ok()) << verifyOp(rngSignature(ok), rngBody(ok));
  Rng r = ok;
  r.element = "i32";
  r.result = "tensor<3x3xi32>";
  EXPECT_TRUE(verifyOp(rngSignature(r), rngBody(r)).ok());
  r = ok;
  r.distribution = "NORMAL";
  EXPECT_TRUE(verifyOp(rngSignature(r), rngBody(r)).ok());
  EXPECT_TRUE(verifyRngWithConstantShape("[3, 3]", "tensor<3x3xf32>").ok());
  EXPECT_TRUE(verifyRngWithConstantShape("[3, 3]", "tensor<?x3xf32>").ok());

  r = ok;
  r.a = "tensor<1xf32>";
  expectViolation(rngSignature(r), rngBody(r), "rng (I1)");
  r = ok;
  r.b = "tensor<1xf32>";
  expectViolation(rngSignature(r), rngBody(r), "rng (I2)");
  r = ok;
  r.shape = "tensor<1x2xi64>";
  expectViolation(rngSignature(r), rngBody(r), "rng (I3)");
  r = ok;
  r.b = "tensor<f16>";
  expectViolation(rngSignature(r), rngBody(r), "rng (C1)");
  r = ok;
  r.result = "tensor<3x3xf16>";
  expectViolation(rngSignature(r), rngBody(r), "rng (C1)");
  r = ok;
  r.element = "i32";
  r.result = "tensor<3x3xi32>";
  r.distribution = "NORMAL";
  expectViolation(rngSignature(r), rngBody(r), "rng (C2)");
  r = ok;
  r.shape = "tensor<3xi64>";
  expectViolation(rngSignature(r), rngBody(r), "rng (C3)");
  const absl::Status constant = verifyRngWithConstantShape("[3, 4]", "tensor<3x3xf32>");
  EXPECT_FALSE(constant.ok());
  EXPECT_THAT(std::string(constant.message()), HasSubstr("rng (C3)"));
}

// --- uniform_quantize, uniform_dequantize ---

TEST(OpVerifyNumeric, UniformQuantize) {
  expectUnaryOk("uniform_quantize", "tensor<2xf32>", "tensor<2x" + kQ8 + ">");
  expectUnaryOk("uniform_quantize", "tensor<2x" + kQ8 + ">", "tensor<2x!quant.uniform<i16:f32, 0.25:3>>");
  expectUnaryOk("uniform_quantize", "tensor<?xf32>", "tensor<2x" + kQ8 + ">");

  expectUnaryBad("uniform_quantize", "tensor<3xf32>", "tensor<2x" + kQ8 + ">", "uniform_quantize (C1)");
  expectUnaryBad("uniform_quantize", "tensor<2xf16>", "tensor<2x" + kQ8 + ">", "uniform_quantize (C2)");
  expectUnaryBad("uniform_quantize", "tensor<2x!quant.uniform<i8:f16, 0.5>>", "tensor<2x" + kQ8 + ">", "uniform_quantize (C2)");
}

TEST(OpVerifyNumeric, UniformDequantize) {
  expectUnaryOk("uniform_dequantize", "tensor<2x" + kQ8 + ">", "tensor<2xf32>");
  expectUnaryOk("uniform_dequantize", "tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>", "tensor<2xf32>");

  expectUnaryBad("uniform_dequantize", "tensor<2x" + kQ8 + ">", "tensor<2x1xf32>", "uniform_dequantize (C1)");
  expectUnaryBad("uniform_dequantize", "tensor<2x" + kQ8 + ">", "tensor<2xf16>", "uniform_dequantize (C2)");
}

// --- bitcast_convert ---

TEST(OpVerifyNumeric, BitcastConvert) {
  expectUnaryOk("bitcast_convert", "tensor<2x3xf32>", "tensor<2x3xi32>");
  expectUnaryOk("bitcast_convert", "tensor<2xf32>", "tensor<2x4xi8>");
  expectUnaryOk("bitcast_convert", "tensor<2x4xi8>", "tensor<2xf32>");
  expectUnaryOk("bitcast_convert", "tensor<?x4xi8>", "tensor<3xf32>");
  expectUnaryOk("bitcast_convert", "tensor<2xcomplex<f32>>", "tensor<2xcomplex<f32>>");
  expectUnaryOk("bitcast_convert", "tensor<3x" + kQ8 + ">", "tensor<3xi8>");  // E: the storage type
  expectUnaryBad("bitcast_convert", "tensor<2x3xf32>", "tensor<3x2xi32>", "bitcast_convert (C1)");
  expectUnaryBad("bitcast_convert", "tensor<2xf32>", "tensor<2x2xi8>", "bitcast_convert (C1)");
  expectUnaryBad("bitcast_convert", "tensor<2xf32>", "tensor<2xi8>", "bitcast_convert (C1)");
  expectUnaryBad("bitcast_convert", "tensor<2x2xi8>", "tensor<2xf32>", "bitcast_convert (C1)");
  expectUnaryBad("bitcast_convert", "tensor<i8>", "tensor<f32>", "bitcast_convert (C1)");
  expectUnaryBad("bitcast_convert", "tensor<3x" + kQ8 + ">", "tensor<3xi16>", "bitcast_convert (C1)");
  expectUnaryBad("bitcast_convert", "tensor<2xcomplex<f32>>", "tensor<2xi64>", "bitcast_convert (C2)");
  expectUnaryBad("bitcast_convert", "tensor<2xf64>", "tensor<2xcomplex<f32>>", "bitcast_convert (C2)");
}

// --- rng_bit_generator ---

std::string rngBitGenerator(const std::string& algorithm, const std::string& state, const std::string& output_state) {
  return "  %s, %r = \"stablehlo.rng_bit_generator\"(%a) {rng_algorithm = #stablehlo<rng_algorithm " + algorithm + ">} : (" + state +
         ") -> (" + output_state + ", tensor<4xui32>)\n  func.return %r : tensor<4xui32>";
}
std::string rngBitGeneratorSignature(const std::string& state) { return "(%a: " + state + ") -> tensor<4xui32>"; }

TEST(OpVerifyNumeric, RngBitGenerator) {
  const auto ok = [](const std::string& algorithm, const std::string& state) {
    const absl::Status s = verifyOp(rngBitGeneratorSignature(state), rngBitGenerator(algorithm, state, state));
    EXPECT_TRUE(s.ok()) << algorithm << " " << state << ": " << s;
  };
  const auto bad = [](const std::string& algorithm, const std::string& state, const std::string& output_state, const std::string& label) {
    expectViolation(rngBitGeneratorSignature(state), rngBitGenerator(algorithm, state, output_state), label);
  };
  ok("THREE_FRY", "tensor<2xui64>");
  ok("PHILOX", "tensor<2xui64>");
  ok("PHILOX", "tensor<3xui64>");
  ok("DEFAULT", "tensor<5xui64>");  // implementation-defined
  bad("THREE_FRY", "tensor<2xui64>", "tensor<2xui32>", "rng_bit_generator (C1)");
  bad("THREE_FRY", "tensor<2xui64>", "tensor<3xui64>", "rng_bit_generator (C1)");
  bad("THREE_FRY", "tensor<3xui64>", "tensor<3xui64>", "rng_bit_generator (C2)");
  bad("PHILOX", "tensor<4xui64>", "tensor<4xui64>", "rng_bit_generator (C2)");
  bad("DEFAULT", "tensor<2xui32>", "tensor<2xui32>", "rng_bit_generator (I2)");
  bad("DEFAULT", "tensor<1x2xui64>", "tensor<1x2xui64>", "rng_bit_generator (I2)");
}

// --- complex, real, imag, is_finite ---

TEST(OpVerifyNumeric, Complex) {
  const auto op = [](const std::string& lhs, const std::string& rhs, const std::string& result) {
    return std::make_pair("(%a: " + lhs + ", %b: " + rhs + ") -> " + result, "  %r = \"stablehlo.complex\"(%a, %b) : (" + lhs + ", " + rhs +
                                                                                 ") -> " + result + "\n  func.return %r : " + result);
  };
  const auto ok = op("tensor<2xf32>", "tensor<2xf32>", "tensor<2xcomplex<f32>>");
  EXPECT_TRUE(verifyOp(ok.first, ok.second).ok()) << verifyOp(ok.first, ok.second);
  const auto dynamic = op("tensor<?xf64>", "tensor<2xf64>", "tensor<2xcomplex<f64>>");
  EXPECT_TRUE(verifyOp(dynamic.first, dynamic.second).ok()) << verifyOp(dynamic.first, dynamic.second);
  for (const auto& [args, label] : {std::make_pair(op("tensor<2xf32>", "tensor<2xf64>", "tensor<2xcomplex<f32>>"), "complex (C1)"),
                                    std::make_pair(op("tensor<2xf32>", "tensor<3xf32>", "tensor<2xcomplex<f32>>"), "complex (C1)"),
                                    std::make_pair(op("tensor<2xf32>", "tensor<2xf32>", "tensor<3xcomplex<f32>>"), "complex (C2)"),
                                    std::make_pair(op("tensor<2xf32>", "tensor<2xf32>", "tensor<2xcomplex<f64>>"), "complex (C3)"),
                                    std::make_pair(op("tensor<2xf16>", "tensor<2xf16>", "tensor<2xcomplex<f32>>"), "complex (C3)")}) {
    expectViolation(args.first, args.second, label);
  }
}

TEST(OpVerifyNumeric, RealImag) {
  for (const std::string name : {"real", "imag"}) {
    expectUnaryOk(name, "tensor<2xcomplex<f32>>", "tensor<2xf32>");
    expectUnaryOk(name, "tensor<2xcomplex<f64>>", "tensor<?xf64>");
    expectUnaryOk(name, "tensor<2xf16>", "tensor<2xf16>");
    expectUnaryBad(name, "tensor<2xcomplex<f32>>", "tensor<3xf32>", name + " (C1)");
    expectUnaryBad(name, "tensor<2xcomplex<f32>>", "tensor<2xf64>", name + " (C2)");
    expectUnaryBad(name, "tensor<2xf16>", "tensor<2xf32>", name + " (C2)");
  }
}

TEST(OpVerifyNumeric, IsFinite) {
  expectUnaryOk("is_finite", "tensor<2x3xf32>", "tensor<2x3xi1>");
  expectUnaryOk("is_finite", "tensor<?x3xf32>", "tensor<2x3xi1>");
  expectUnaryBad("is_finite", "tensor<2x3xf32>", "tensor<3x2xi1>", "is_finite (C1)");
}

}  // namespace
}  // namespace hloconf
