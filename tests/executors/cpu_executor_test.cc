// The CPU executor (executors/) against the reference: bit for bit where IEEE 754 makes the op exactly
// rounded (and for every integer op), within the documented ULP for the libm functions; its Unsupported
// reasons; and bad requests answered with an error, not a crash.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "adapters/backend.h"
#include "executors/cpu/executor.h"
#include "executors/cpu/narrow_float.h"
#include "executors/plan/plan.h"
#include "ir/element_type.h"
#include "ir/parser.h"
#include "ir/strings.h"
#include "tests/executors/suite_check.h"

namespace hloconf {
namespace {

using adapters::Reply;
using testing::makeRequest;
using testing::runOn;

constexpr int64_t kElements = 96;

const std::vector<ElementType> kFloatTypes = {ElementType::kF32, ElementType::kF64, ElementType::kF16,
                                              ElementType::kBF16};
const std::vector<ElementType> kIntegerTypes = {ElementType::kSI8,  ElementType::kSI16, ElementType::kSI32,
                                                ElementType::kSI64, ElementType::kUI8,  ElementType::kUI16,
                                                ElementType::kUI32, ElementType::kUI64};

std::vector<ElementType> allTypes() {
  std::vector<ElementType> types = kFloatTypes;
  types.insert(types.end(), kIntegerTypes.begin(), kIntegerTypes.end());
  types.push_back(ElementType::kI1);
  return types;
}

std::string tensorType(ElementType t, int64_t n = kElements) {
  return strCat("tensor<", n, "x", elementTypeName(t), ">");
}

uint64_t widthMask(ElementType t) {
  const int bits = bitWidth(t);
  return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

// Special values first (where the ops have their edge cases), then random ones. `variant` picks another
// order of the specials, so that a second operand meets the first one's specials in other pairs
// (x / 0 and INT_MIN / -1 among them).
Tensor makeInput(ElementType t, uint64_t seed, int variant) {
  Tensor tensor(Type::tensor({kElements}, Type::element(t)));
  std::mt19937_64 rng(seed);
  std::vector<uint64_t> specials;
  if (isFloat(t)) {
    const uint64_t sign = uint64_t{1} << (bitWidth(t) - 1);
    const uint64_t one = *parseFloatLiteral(t, "1.0");
    const uint64_t inf = largestFinite(t) + 1;
    specials = {0, sign, one, one | sign, inf, inf | sign, *canonicalNaN(t), smallestSubnormal(t),
                smallestNormal(t) | sign, largestFinite(t), *parseFloatLiteral(t, "0.5"), *parseFloatLiteral(t, "-3.0"),
                // Past the integer types' ranges, for convert's saturation.
                *parseFloatLiteral(t, "200.5"), *parseFloatLiteral(t, "-129.5"), *parseFloatLiteral(t, "40000.0"),
                *parseFloatLiteral(t, "3.0e9"), *parseFloatLiteral(t, "-3.0e9"), *parseFloatLiteral(t, "1.0e19")};
  } else if (isBoolean(t)) {
    specials = {0, 1, 1, 0};
  } else {
    const uint64_t mask = widthMask(t);
    const uint64_t minimum = isSignedInteger(t) ? encodeInteger(t, minSignedValue(t)) : 0;
    specials = {minimum, mask /* -1 or the maximum */, 0, 1, maxUnsignedValue(t), 7 & mask};
    // Just above a bf16 tie (2^62 + 2^54 + 1) with the deciding bit past a double's 53: convert to bf16
    // must round it up, not to even.
    if (bitWidth(t) == 64) specials.push_back((uint64_t{1} << 62) | (uint64_t{1} << 54) | 1);
  }
  if (variant == 1) std::rotate(specials.begin(), specials.begin() + 1, specials.end());
  std::uniform_real_distribution<double> moderate(-8.0, 8.0);
  for (int64_t i = 0; i < kElements; ++i) {
    uint64_t bits;
    if (i < static_cast<int64_t>(specials.size())) {
      bits = specials[i];
    } else if ((t == ElementType::kF32 || t == ElementType::kF64) && i % 2 == 0) {
      // Random bits of a wide format are mostly huge or tiny: half the f32/f64 inputs are moderate values.
      const double v = moderate(rng);
      bits = t == ElementType::kF32 ? std::bit_cast<uint32_t>(static_cast<float>(v)) : std::bit_cast<uint64_t>(v);
    } else {
      bits = rng() & widthMask(t);
    }
    tensor.setBits(i, bits);
  }
  if (isFloat(t)) {
    // Zeros of opposite signs against each other (maximum, minimum, compare).
    const uint64_t negative_zero = uint64_t{1} << (bitWidth(t) - 1);
    tensor.setBits(kElements - 2, variant == 0 ? negative_zero : 0);
    tensor.setBits(kElements - 1, variant == 0 ? 0 : negative_zero);
  }
  return tensor;
}



// The distance in ULPs between two float encodings (their positions in the ordered encodings, -0 one
// below +0); 0 for two NaNs (the spec leaves NaN payloads open), a large number for a NaN against a number.
int64_t ulpDistance(ElementType t, uint64_t a, uint64_t b) {
  const bool a_nan = classifyFloat(t, a) == FloatClass::kNaN, b_nan = classifyFloat(t, b) == FloatClass::kNaN;
  if (a_nan || b_nan) return a_nan == b_nan ? 0 : int64_t{1} << 40;
  const uint64_t sign = uint64_t{1} << (bitWidth(t) - 1);
  auto position = [&](uint64_t bits) {
    const int64_t magnitude = static_cast<int64_t>(bits & (sign - 1));
    return (bits & sign) ? -magnitude - 1 : magnitude;
  };
  const int64_t d = position(a) - position(b);
  return d < 0 ? -d : d;
}

// Runs `request` on the cpu and the reference backends and checks every element within `max_ulp` (0:
// the same bits, NaN payloads aside).
void expectMatchesReference(const adapters::Request& request, int64_t max_ulp, const std::string& label) {
  SCOPED_TRACE(label);
  const Reply cpu = runOn(adapters::makeCpuBackend(), request);
  const Reply reference = runOn(adapters::makeReferenceBackend(), request);
  ASSERT_EQ(reference.kind, Reply::Kind::kOutputs) << reference.message;
  ASSERT_EQ(cpu.kind, Reply::Kind::kOutputs) << cpu.message;
  ASSERT_EQ(cpu.outputs.size(), reference.outputs.size());
  for (size_t o = 0; o < cpu.outputs.size(); ++o) {
    const Tensor& got = cpu.outputs[o];
    const Tensor& want = reference.outputs[o];
    ASSERT_EQ(got.type(), want.type());
    const ElementType t = got.elementType();
    int failures = 0;
    for (int64_t i = 0; i < got.numElements() && failures < 5; ++i) {
      const uint64_t g = got.bits(i), w = want.bits(i);
      const bool both_nan = isFloat(t) && classifyFloat(t, g) == FloatClass::kNaN && classifyFloat(t, w) == FloatClass::kNaN;
      const bool ok = both_nan || (max_ulp == 0 ? g == w : isFloat(t) && ulpDistance(t, g, w) <= max_ulp);
      if (!ok) {
        ++failures;
        ADD_FAILURE() << "element " << i << ": cpu 0x" << std::hex << g << ", reference 0x" << w << std::dec
                      << "; inputs 0x" << std::hex << request.inputs[0].bits(i)
                      << (request.inputs.size() > 1 ? ", 0x" : "") << std::hex
                      << (request.inputs.size() > 1 ? request.inputs[1].bits(i) : 0) << std::dec;
      }
    }
  }
}

bool opTakes(std::string_view op, ElementType t) {
  if (isBoolean(t)) return op == "add" || op == "multiply" || op == "maximum" || op == "minimum";
  if (op == "abs") return !isUnsignedInteger(t);
  return true;
}

TEST(CpuExecutor, BinaryArithmeticMatchesReferenceBitForBit) {
  // f16 and bf16 too: an f32 result of +-*/ on them, rounded once, is the correctly rounded result
  // (f32's 24 bits are at least twice their precision plus 2).
  for (const char* op : {"add", "subtract", "multiply", "divide", "maximum", "minimum"}) {
    for (ElementType t : allTypes()) {
      if (!opTakes(op, t)) continue;
      const std::string type = tensorType(t);
      auto request = makeRequest(strCat("  %0 = stablehlo.", op, " %arg0, %arg1 : ", type, "\n  return %0 : ", type, "\n"),
                                 {type, type}, type, {makeInput(t, 1, 0), makeInput(t, 2, 1)});
      expectMatchesReference(request, 0, strCat(op, " ", elementTypeName(t)));
    }
  }
}

TEST(CpuExecutor, UnaryExactOpsMatchReferenceBitForBit) {
  for (const char* op : {"negate", "abs", "sqrt"}) {
    for (ElementType t : allTypes()) {
      if (isBoolean(t) || !opTakes(op, t) || (std::string_view(op) == "sqrt" && !isFloat(t))) continue;
      const std::string type = tensorType(t);
      auto request = makeRequest(strCat("  %0 = stablehlo.", op, " %arg0 : ", type, "\n  return %0 : ", type, "\n"),
                                 {type}, type, {makeInput(t, 3, 0)});
      expectMatchesReference(request, 0, strCat(op, " ", elementTypeName(t)));
    }
  }
}

TEST(CpuExecutor, TranscendentalsWithinDocumentedUlp) {
  // docs/design/executors.md: glibc's exp and log within 1 ULP, tanh within 2, in f32/f64; f16/bf16
  // round that f32 result once more, which stays within 1 ULP of their own format.
  for (auto [op, f32_ulp] : {std::pair{"exponential", 1}, {"log", 1}, {"tanh", 1}}) {
    for (ElementType t : kFloatTypes) {
      const std::string type = tensorType(t);
      auto request = makeRequest(strCat("  %0 = stablehlo.", op, " %arg0 : ", type, "\n  return %0 : ", type, "\n"),
                                 {type}, type, {makeInput(t, 4, 0)});
      const bool narrow = t == ElementType::kF16 || t == ElementType::kBF16;
      expectMatchesReference(request, narrow ? 1 : f32_ulp, strCat(op, " ", elementTypeName(t)));
    }
  }
}

TEST(CpuExecutor, CompareEveryDirectionAndTypeMatchesReference) {
  for (ElementType t : allTypes()) {
    std::vector<std::string> kinds;
    // compare (C3): the compare_type the element type allows.
    if (isFloat(t)) kinds = {"FLOAT", "TOTALORDER"};
    else if (isBoolean(t) || isUnsignedInteger(t)) kinds = {"UNSIGNED"};
    else kinds = {"SIGNED"};
    for (const std::string& kind : kinds) {
      for (const char* direction : {"EQ", "NE", "GE", "GT", "LE", "LT"}) {
        const std::string type = tensorType(t), result = tensorType(ElementType::kI1);
        Tensor lhs = makeInput(t, 5, 0), rhs = makeInput(t, 6, 1);
        for (int64_t i = 20; i < 30; ++i) rhs.setBits(i, lhs.bits(i));  // equal pairs too
        auto request = makeRequest(strCat("  %0 = stablehlo.compare ", direction, ", %arg0, %arg1, ", kind, " : (",
                                          type, ", ", type, ") -> ", result, "\n  return %0 : ", result, "\n"),
                                   {type, type}, result, {lhs, rhs});
        expectMatchesReference(request, 0, strCat("compare ", direction, " ", kind, " ", elementTypeName(t)));
      }
    }
  }
}

TEST(CpuExecutor, SelectWithTensorAndScalarPredicate) {
  for (ElementType t : allTypes()) {
    const std::string type = tensorType(t), predicate = tensorType(ElementType::kI1);
    auto request = makeRequest(strCat("  %0 = stablehlo.select %arg0, %arg1, %arg2 : (", predicate, ", ", type, ", ",
                                      type, ") -> ", type, "\n  return %0 : ", type, "\n"),
                               {predicate, type, type}, type,
                               {makeInput(ElementType::kI1, 7, 0), makeInput(t, 8, 0), makeInput(t, 9, 1)});
    expectMatchesReference(request, 0, strCat("select ", elementTypeName(t)));
    for (uint64_t choice : {0, 1}) {
      Tensor scalar(Type::tensor({}, Type::element(ElementType::kI1)));
      scalar.setBits(0, choice);
      auto scalar_request = makeRequest(strCat("  %0 = stablehlo.select %arg0, %arg1, %arg2 : (tensor<i1>, ", type,
                                               ", ", type, ") -> ", type, "\n  return %0 : ", type, "\n"),
                                        {"tensor<i1>", type, type}, type, {scalar, makeInput(t, 8, 0), makeInput(t, 9, 1)});
      expectMatchesReference(scalar_request, 0, strCat("select scalar ", choice, " ", elementTypeName(t)));
    }
  }
}

TEST(CpuExecutor, ConvertBetweenEveryPairMatchesReferenceBitForBit) {
  for (ElementType from : allTypes()) {
    for (ElementType to : allTypes()) {
      const std::string source = tensorType(from), destination = tensorType(to);
      auto request = makeRequest(strCat("  %0 = stablehlo.convert %arg0 : (", source, ") -> ", destination,
                                        "\n  return %0 : ", destination, "\n"),
                                 {source}, destination, {makeInput(from, 10, 0)});
      expectMatchesReference(request, 0, strCat("convert ", elementTypeName(from), " -> ", elementTypeName(to)));
    }
  }
}

TEST(CpuExecutor, ConstantsAndChainsWithReusedBuffers) {
  // %0 dies at %1 (in place), %arg0 is read twice, %2 is returned twice, %3 is never read.
  const std::string type = tensorType(ElementType::kF32, 4);
  auto request = makeRequest(strCat("  %c = stablehlo.constant dense<[1.5, -2.0, 0.0, 3.25]> : ", type, "\n",
                                    "  %0 = stablehlo.add %arg0, %c : ", type, "\n",
                                    "  %1 = stablehlo.multiply %0, %arg0 : ", type, "\n",
                                    "  %2 = stablehlo.negate %1 : ", type, "\n",
                                    "  %3 = stablehlo.abs %2 : ", type, "\n",
                                    "  return %2, %2, %c : ", type, ", ", type, ", ", type, "\n"),
                             {type}, strCat("(", type, ", ", type, ", ", type, ")"), {});
  Tensor input(Type::tensor({4}, Type::element(ElementType::kF32)));
  for (int64_t i = 0; i < 4; ++i) input.setBits(i, std::bit_cast<uint32_t>(static_cast<float>(i) - 1.25f));
  request.inputs = {input};
  expectMatchesReference(request, 0, "chain");
}

TEST(CpuExecutor, IntegerDivisionEdgeCasesAreDocumentedChoices) {
  // Independent of the reference: x / 0 is all ones, INT_MIN / -1 is INT_MIN (docs/design/executors.md).
  const std::string type = "tensor<3xi32>";
  Tensor lhs(Type::tensor({3}, Type::element(ElementType::kSI32))), rhs = lhs;
  lhs.setBits(0, 0x80000000u), rhs.setBits(0, 0xFFFFFFFFu);
  lhs.setBits(1, 7), rhs.setBits(1, 0);
  lhs.setBits(2, static_cast<uint32_t>(-7)), rhs.setBits(2, 2);
  const Reply reply = runOn(adapters::makeCpuBackend(),
                            makeRequest(strCat("  %0 = stablehlo.divide %arg0, %arg1 : ", type, "\n  return %0 : ", type, "\n"),
                                        {type, type}, type, {lhs, rhs}));
  ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << reply.message;
  EXPECT_EQ(reply.outputs[0].bits(0), 0x80000000u);
  EXPECT_EQ(reply.outputs[0].bits(1), 0xFFFFFFFFu);
  EXPECT_EQ(reply.outputs[0].bits(2), static_cast<uint32_t>(-3));  // truncates toward zero
}

void expectUnsupported(const adapters::Request& request, const std::vector<std::string>& phrases) {
  const Reply reply = runOn(adapters::makeCpuBackend(), request);
  ASSERT_EQ(reply.kind, Reply::Kind::kUnsupported) << reply.message;
  for (const std::string& phrase : phrases) EXPECT_NE(reply.message.find(phrase), std::string::npos) << reply.message;
}

TEST(CpuExecutor, UnsupportedOpTypeAndShapeSayWhy) {
  const std::string f32 = "tensor<4xf32>";
  Tensor x(Type::tensor({4}, Type::element(ElementType::kF32)));
  expectUnsupported(makeRequest("  %0 = \"stablehlo.custom_call\"(%arg0) {call_target_name = \"foo\"} : (tensor<4xf32>) -> "
                                "tensor<4xf32>\n  return %0 : tensor<4xf32>\n",
                                {f32}, f32, {x}),
                    {"stablehlo.custom_call", "executors_test:2:", "no kernel for this op"});
  // A ? dimension the inputs do not settle: a value in the branch not taken.
  expectUnsupported(makeRequest("  %p = stablehlo.constant dense<true> : tensor<i1>\n"
                                "  %0 = \"stablehlo.if\"(%p) ({\n    \"stablehlo.return\"(%arg0) : (tensor<?xf32>) -> ()\n  }, {\n"
                                "    %n = stablehlo.negate %arg0 : tensor<?xf32>\n    \"stablehlo.return\"(%n) : (tensor<?xf32>) -> ()\n"
                                "  }) : (tensor<i1>) -> tensor<?xf32>\n  return %0 : tensor<?xf32>\n",
                                {"tensor<?xf32>"}, "tensor<?xf32>", {x}),
                    {"stablehlo.negate", "a ? dimension"});
  Tensor t(Type::tensor({4}, Type::element(ElementType::kTF32)));
  expectUnsupported(makeRequest("  %0 = stablehlo.add %arg0, %arg0 : tensor<4xtf32>\n"
                                "  return %0 : tensor<4xtf32>\n",
                                {"tensor<4xtf32>"}, "tensor<4xtf32>", {t}),
                    {"stablehlo.add", "tf32"});
}

TEST(CpuExecutor, DynamicDimensionsAreSpecialisedPerInputShapes) {
  // One backend, one program text, inputs of three shapes: each runs with a plan for its shapes (the cache
  // keeps one per input types, so the second 4-element run reuses the first plan and still agrees).
  std::unique_ptr<adapters::Backend> cpu = adapters::makeCpuBackend();
  ASSERT_TRUE(cpu->start().ok());
  const std::string body = "  %0 = stablehlo.multiply %arg0, %arg0 : tensor<?xf32>\n  %1 = stablehlo.add %0, %arg0 : tensor<?xf32>\n"
                           "  return %1 : tensor<?xf32>\n";
  for (int64_t n : {4, 7, 4, 0}) {
    SCOPED_TRACE(n);
    Tensor x(Type::tensor({n}, Type::element(ElementType::kF32)));
    for (int64_t i = 0; i < n; ++i) x.setBits(i, std::bit_cast<uint32_t>(static_cast<float>(i) - 1.5f));
    const Reply reply = cpu->run(makeRequest(body, {"tensor<?xf32>"}, "tensor<?xf32>", {x}));
    ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << reply.message;
    ASSERT_EQ(reply.outputs.size(), 1u);
    ASSERT_EQ(reply.outputs[0].type(), x.type());
    for (int64_t i = 0; i < n; ++i) {
      const float v = static_cast<float>(i) - 1.5f;
      EXPECT_EQ(std::bit_cast<float>(static_cast<uint32_t>(reply.outputs[0].bits(i))), v * v + v) << i;
    }
  }
}

TEST(CpuExecutor, ASizeFromAnInputsValuesIsCheckedWhenThePlanRuns) {
  // A size passed as a small integer argument gets a plan per value; one computed from a larger input's
  // values (here its maximum, of 20 elements) reuses the plan of the same input types, and a run whose size
  // differs from the plan's is an error naming both, never a result of the wrong shape.
  std::unique_ptr<adapters::Backend> cpu = adapters::makeCpuBackend();
  ASSERT_TRUE(cpu->start().ok());
  const std::string body =
      "  %z = stablehlo.constant dense<0> : tensor<i64>\n"
      "  %m = stablehlo.reduce(%arg0 init: %z) applies stablehlo.maximum across dimensions = [0] : (tensor<20xi64>, tensor<i64>) -> tensor<i64>\n"
      "  %s = stablehlo.reshape %m : (tensor<i64>) -> tensor<1xi64>\n"
      "  %r = \"stablehlo.dynamic_iota\"(%s) {iota_dimension = 0 : i64} : (tensor<1xi64>) -> tensor<?xf32>\n"
      "  return %r : tensor<?xf32>\n";
  auto sizes = [](int64_t largest) {
    Tensor t(Type::tensor({20}, Type::element(ElementType::kSI64)));
    t.setBits(7, static_cast<uint64_t>(largest));
    return t;
  };
  const Reply three = cpu->run(makeRequest(body, {"tensor<20xi64>"}, "tensor<?xf32>", {sizes(3)}));
  ASSERT_EQ(three.kind, Reply::Kind::kOutputs) << three.message;
  EXPECT_EQ(three.outputs[0].type().toString(), "tensor<3xf32>");
  const Reply five = cpu->run(makeRequest(body, {"tensor<20xi64>"}, "tensor<?xf32>", {sizes(5)}));
  ASSERT_EQ(five.kind, Reply::Kind::kError);
  EXPECT_NE(five.message.find("output_shape (spec: dynamic_iota (C2)) is [5] at run time, but the program was compiled for [3]"),
            std::string::npos)
      << five.message;
  // A fresh backend plans for 5.
  const Reply fresh = runOn(adapters::makeCpuBackend(), makeRequest(body, {"tensor<20xi64>"}, "tensor<?xf32>", {sizes(5)}));
  ASSERT_EQ(fresh.kind, Reply::Kind::kOutputs) << fresh.message;
  EXPECT_EQ(fresh.outputs[0].type().toString(), "tensor<5xf32>");
}

TEST(CpuExecutor, BadRequestsAreErrorsNotCrashes) {
  const std::string type = "tensor<4xf32>";
  const std::string body = "  %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>\n  return %0 : tensor<4xf32>\n";
  Tensor x(Type::tensor({4}, Type::element(ElementType::kF32)));
  Tensor wrong(Type::tensor({5}, Type::element(ElementType::kF32)));
  Tensor short_bytes = x;
  short_bytes.mutableBytes().resize(3);
  const std::vector<std::pair<std::string, std::vector<Tensor>>> cases = {
      {"no inputs", {}}, {"three inputs", {x, x, x}}, {"wrong shape", {x, wrong}}, {"truncated bytes", {x, short_bytes}}};
  for (const auto& [label, inputs] : cases) {
    const Reply reply = runOn(adapters::makeCpuBackend(), makeRequest(body, {type, type}, type, inputs));
    EXPECT_EQ(reply.kind, Reply::Kind::kError) << label << ": " << reply.message;
    EXPECT_FALSE(reply.message.empty()) << label;
  }
  // Programs whose shapes disagree: the kernels must never see them.
  Tensor two(Type::tensor({2}, Type::element(ElementType::kF32)));
  const Reply mismatched_add = runOn(
      adapters::makeCpuBackend(),
      makeRequest("  %0 = stablehlo.add %arg0, %arg1 : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>\n"
                  "  return %0 : tensor<4xf32>\n",
                  {type, "tensor<2xf32>"}, type, {x, two}));
  EXPECT_EQ(mismatched_add.kind, Reply::Kind::kError) << mismatched_add.message;
  const Reply mismatched_convert = runOn(
      adapters::makeCpuBackend(),
      makeRequest("  %0 = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<8xi32>\n  return %0 : tensor<8xi32>\n",
                  {"tensor<2xf32>"}, "tensor<8xi32>", {two}));
  EXPECT_EQ(mismatched_convert.kind, Reply::Kind::kError) << mismatched_convert.message;
  adapters::Request garbage = makeRequest(body, {type, type}, type, {x, x});
  garbage.mlir = "func.func @main( {{{ not a program";
  EXPECT_EQ(runOn(adapters::makeCpuBackend(), garbage).kind, Reply::Kind::kError);
  adapters::Request no_main = makeRequest(body, {type, type}, type, {x, x});
  no_main.mlir.replace(no_main.mlir.find("@main"), 5, "@other");
  EXPECT_EQ(runOn(adapters::makeCpuBackend(), no_main).kind, Reply::Kind::kError);
}

TEST(Plan, LivenessReleasesDeadSlotsAndRunsInPlace) {
  const std::string text =
      "func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %0 = stablehlo.add %a, %b : tensor<4xf32>\n"
      "  %1 = stablehlo.negate %0 : tensor<4xf32>\n"
      "  %2 = stablehlo.compare LT, %1, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>\n"
      "  return %1 : tensor<4xf32>\n"
      "}\n";
  auto module = parseModule(text, "liveness");
  ASSERT_TRUE(module.ok()) << module.status();
  auto compiled = plan::compile(*module, "main", text);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  const plan::Plan& p = std::get<plan::Plan>(*compiled);
  // Slots: a=0, b=1, %0=2, %1=3, %2=4.
  ASSERT_EQ(p.steps.size(), 3u);
  EXPECT_EQ(p.steps[0].last_uses, std::vector<plan::Slot>({1}));     // b dies at the add
  EXPECT_EQ(p.steps[1].last_uses, std::vector<plan::Slot>({2}));     // %0 dies at the negate
  EXPECT_EQ(p.steps[2].last_uses, std::vector<plan::Slot>({0, 4}));  // a, and the unread compare result
  EXPECT_EQ(p.outputs, std::vector<plan::Slot>({3}));                // %1 lives to the end
  auto lowered = cpu::lower(p);
  ASSERT_TRUE(std::holds_alternative<cpu::Program>(lowered));
  const cpu::Program& program = std::get<cpu::Program>(lowered);
  std::vector<plan::Slot> in_place;
  for (const cpu::LoweredStep& step : program.body.steps) in_place.push_back(step.in_place);
  EXPECT_EQ(in_place, std::vector<plan::Slot>({1, 2, -1}));  // i1 result: other byte size
}

TEST(CpuNarrowFloat, RoundingMatchesTheExactEncoder) {
  // Against ir/element_type's MPFR encoder: every f16/bf16 pattern widened, and doubles around their
  // rounding boundaries (ties, subnormals, overflow) narrowed.
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    for (ElementType t : {ElementType::kF16, ElementType::kBF16}) {
      const float wide = t == ElementType::kF16 ? cpu::f16ToFloat(static_cast<uint16_t>(bits))
                                                : cpu::bf16ToFloat(static_cast<uint16_t>(bits));
      if (classifyFloat(t, bits) == FloatClass::kNaN) {
        ASSERT_TRUE(std::isnan(wide));
        continue;
      }
      mpfr_t exact;
      mpfr_init2(exact, 64);
      decodeFloat(t, bits, exact);
      ASSERT_EQ(mpfr_get_d(exact, MPFR_RNDN), static_cast<double>(wide)) << elementTypeName(t) << " 0x" << std::hex << bits;
      // Halfway to the next encoding, and a hair either side of it.
      const double next = t == ElementType::kF16 ? cpu::f16ToFloat(static_cast<uint16_t>(bits + 1))
                                                 : cpu::bf16ToFloat(static_cast<uint16_t>(bits + 1));
      if (!std::isfinite(wide) || !std::isfinite(next) || (bits & 0x7FFF) == 0x7FFF) {
        mpfr_clear(exact);
        continue;
      }
      const double middle = (static_cast<double>(wide) + next) / 2;
      for (double v : {static_cast<double>(wide), middle, std::nextafter(middle, 0.0), std::nextafter(middle, 1e300),
                       std::nextafter(middle, -1e300)}) {
        mpfr_set_d(exact, v, MPFR_RNDN);
        const uint64_t want = encodeFloat(t, exact);
        const uint64_t got = t == ElementType::kF16 ? cpu::roundToF16(v) : cpu::roundToBF16(v);
        ASSERT_EQ(got, want) << elementTypeName(t) << " " << v;
      }
      mpfr_clear(exact);
    }
  }
}

}  // namespace
}  // namespace hloconf
