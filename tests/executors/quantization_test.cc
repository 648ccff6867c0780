// Quantized types on the cpu executor: uniform_quantize and uniform_dequantize (per-tensor, per-axis,
// requantization), the plan compiler's dequantize -> op -> quantize for every other op, and data movement
// on the storage integers, through every spec case that involves a quantized type, the generated
// programs of uniform_quantize and uniform_dequantize, and the edge cases they miss (rounding ties,
// clamping at narrowed storage ranges, per-axis along a middle dimension, requantization between storage
// types, per-axis runs longer than a kernel block, decomposed and storage-only ops).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ir/strings.h"
#include "tests/executors/suite_check.h"

namespace hloconf {
namespace {

using testing::expectCpuPasses;
using testing::expectCpuPassesText;

// The spec cases whose text mentions a quantized type.
std::vector<std::string> quantizedSpecCases() {
  std::vector<std::string> files;
  for (const auto& dir : std::filesystem::directory_iterator(HLOCONF_SOURCE_DIR "/cases")) {
    if (!dir.is_directory()) continue;
    for (const auto& file : std::filesystem::directory_iterator(dir.path())) {
      // The negative cases (invalid-*: programs the spec forbids) are the verifier's tests.
      if (file.path().extension() != ".mlir" || file.path().filename().string().starts_with("invalid-")) continue;
      std::ifstream in(file.path());
      std::stringstream text;
      text << in.rdbuf();
      if (text.str().find("quant") != std::string::npos) files.push_back(file.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// One case of the spec suite's format: `body` is @main's body, before func.return.
std::string caseText(std::string_view id, std::string_view body) {
  return strCat("// Case: ", id, "\nmodule {\n  func.func @main() {\n", body, "    func.return\n  }\n}\n");
}

// Expects every case of `cases` to run and PASS (a case the verifier refused would not count).
void expectAllPass(const std::vector<std::string>& cases) {
  std::string text;
  for (const std::string& c : cases) text += (text.empty() ? "" : "// -----\n") + c;
  const testing::SuiteTally tally = expectCpuPassesText(text);
  EXPECT_EQ(tally.cases, static_cast<int>(cases.size()));
  EXPECT_EQ(tally.passed, static_cast<int>(cases.size()));
}

TEST(CpuQuantization, SpecCasesPass) {
  const std::vector<std::string> files = quantizedSpecCases();
  EXPECT_GE(files.size(), 47u);
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    const testing::SuiteTally tally = expectCpuPasses({file});
    EXPECT_EQ(tally.passed, 1);
  }
}

TEST(CpuQuantization, GeneratedProgramsPass) {
  for (const char* op : {"gen:uniform_quantize", "gen:uniform_dequantize"}) {
    SCOPED_TRACE(op);
    const testing::SuiteTally tally = expectCpuPasses({op}, 3);
    EXPECT_GT(tally.passed, 0);
    EXPECT_EQ(tally.passed, tally.cases);
  }
}

TEST(CpuQuantization, RoundsTiesToEvenAfterAddingTheZeroPoint) {
  expectAllPass({
      // x / 0.5 = 0.5, 1.5, 2.5, 3.5, -0.5, -1.5, 4.5 -> 0, 2, 2, 4, 0, -2, 4.
      caseText("test/quant-ties-scale", R"(
    %x = stablehlo.constant dense<[0.25, 0.75, 1.25, 1.75, -0.25, -0.75, 2.25]> : tensor<7xf32>
    %q = "stablehlo.uniform_quantize"(%x) : (tensor<7xf32>) -> tensor<7x!quant.uniform<i8:f32, 0.5:0>>
    %s = "stablehlo.bitcast_convert"(%q) : (tensor<7x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<7xi8>
    check.expect_eq_const %s, dense<[0, 2, 2, 4, 0, -2, 4]> : tensor<7xi8>
)"),
      // x + 1 = 1.5, 2.5, 0.5, -0.5 -> 2, 2, 0, 0 (the tie is decided after adding the zero point).
      caseText("test/quant-ties-zero-point", R"(
    %x = stablehlo.constant dense<[0.5, 1.5, -0.5, -1.5]> : tensor<4xf32>
    %q = "stablehlo.uniform_quantize"(%x) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 1.0:1>>
    %s = "stablehlo.bitcast_convert"(%q) : (tensor<4x!quant.uniform<i8:f32, 1.0:1>>) -> tensor<4xi8>
    check.expect_eq_const %s, dense<[2, 2, 0, 0]> : tensor<4xi8>
)"),
      // f16: x / 0.75 = 0.5, 1.5, and 2049.33, which rounds to the f16 2050 before round_nearest_even
      // (the exact quotient would give 2049).
      caseText("test/quant-ties-f16", R"(
    %x = stablehlo.constant dense<[0.375, 1.125, 1537.0]> : tensor<3xf16>
    %q = "stablehlo.uniform_quantize"(%x) : (tensor<3xf16>) -> tensor<3x!quant.uniform<i16:f16, 0.75:0>>
    %s = "stablehlo.bitcast_convert"(%q) : (tensor<3x!quant.uniform<i16:f16, 0.75:0>>) -> tensor<3xi16>
    check.expect_eq_const %s, dense<[0, 2, 2050]> : tensor<3xi16>
)"),
  });
}

TEST(CpuQuantization, ClampsToTheStorageRange) {
  expectAllPass({
      // A narrowed range <-100:100>: 100.4 -> 100, -100.5 clamps before rounding, infinities clamp.
      caseText("test/quant-clamp-narrowed", R"(
    %x = stablehlo.constant dense<[150.0, -150.0, 100.4, -100.5, 0x7F800000, 0xFF800000, 99.5]> : tensor<7xf32>
    %q = "stablehlo.uniform_quantize"(%x) : (tensor<7xf32>) -> tensor<7x!quant.uniform<i8<-100:100>:f32, 1.0:0>>
    %s = "stablehlo.bitcast_convert"(%q) : (tensor<7x!quant.uniform<i8<-100:100>:f32, 1.0:0>>) -> tensor<7xi8>
    check.expect_eq_const %s, dense<[100, -100, 100, -100, 100, -100, 100]> : tensor<7xi8>
)"),
      // i4 storage: [-8, 7].
      caseText("test/quant-clamp-i4", R"(
    %x = stablehlo.constant dense<[7.6, -9.0, 3.5, -2.5, 6.5]> : tensor<5xf32>
    %q = "stablehlo.uniform_quantize"(%x) : (tensor<5xf32>) -> tensor<5x!quant.uniform<i4:f32, 1.0:0>>
    %s = "stablehlo.bitcast_convert"(%q) : (tensor<5x!quant.uniform<i4:f32, 1.0:0>>) -> tensor<5xi4>
    check.expect_eq_const %s, dense<[7, -8, 4, -2, 6]> : tensor<5xi4>
)"),
      // ui8 storage with a narrowed range <10:200> and zero point 10.
      caseText("test/quant-clamp-ui8", R"(
    %x = stablehlo.constant dense<[-1.0, 0.0, 500.0, 95.0]> : tensor<4xf32>
    %q = "stablehlo.uniform_quantize"(%x) : (tensor<4xf32>) -> tensor<4x!quant.uniform<ui8<10:200>:f32, 0.5:10>>
    %s = "stablehlo.bitcast_convert"(%q) : (tensor<4x!quant.uniform<ui8<10:200>:f32, 0.5:10>>) -> tensor<4xui8>
    check.expect_eq_const %s, dense<[10, 10, 200, 200]> : tensor<4xui8>
)"),
      // dequantize does not clamp: a storage value outside the narrowed range keeps its value.
      caseText("test/quant-dequantize-out-of-range", R"(
    %s = stablehlo.constant dense<[120, -128, 0]> : tensor<3xi8>
    %q = "stablehlo.bitcast_convert"(%s) : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8<-100:100>:f32, 0.5:2>>
    %x = "stablehlo.uniform_dequantize"(%q) : (tensor<3x!quant.uniform<i8<-100:100>:f32, 0.5:2>>) -> tensor<3xf32>
    check.expect_eq_const %x, dense<[59.0, -65.0, -1.0]> : tensor<3xf32>
)"),
  });
}

TEST(CpuQuantization, PerAxisAlongAMiddleDimension) {
  expectAllPass({
      // 2x3x2 along dimension 1: 2 / 0.5 + 0 = 4, 2 / 1 + 1 = 3, 2 / 2 - 1 = 0.
      caseText("test/quant-per-axis-middle", R"(
    %x = stablehlo.constant dense<2.0> : tensor<2x3x2xf32>
    %q = "stablehlo.uniform_quantize"(%x) : (tensor<2x3x2xf32>) -> tensor<2x3x2x!quant.uniform<i8:f32:1, {0.5:0,1.0:1,2.0:-1}>>
    %s = "stablehlo.bitcast_convert"(%q) : (tensor<2x3x2x!quant.uniform<i8:f32:1, {0.5:0,1.0:1,2.0:-1}>>) -> tensor<2x3x2xi8>
    check.expect_eq_const %s, dense<[[[4, 4], [3, 3], [0, 0]], [[4, 4], [3, 3], [0, 0]]]> : tensor<2x3x2xi8>
    %d = "stablehlo.uniform_dequantize"(%q) : (tensor<2x3x2x!quant.uniform<i8:f32:1, {0.5:0,1.0:1,2.0:-1}>>) -> tensor<2x3x2xf32>
    check.expect_eq_const %d, dense<2.0> : tensor<2x3x2xf32>
)"),
      // Requantized from per-axis (dimension 1) to per-axis along dimension 2 and to per-tensor.
      caseText("test/quant-requantize-per-axis", R"(
    %s = stablehlo.constant dense<[[[4, 6], [3, 5], [0, 1]], [[-4, 2], [1, 9], [-1, 2]]]> : tensor<2x3x2xi8>
    %q = "stablehlo.bitcast_convert"(%s) : (tensor<2x3x2xi8>) -> tensor<2x3x2x!quant.uniform<i8:f32:1, {0.5:0,1.0:1,2.0:-1}>>
    %r = "stablehlo.uniform_quantize"(%q) : (tensor<2x3x2x!quant.uniform<i8:f32:1, {0.5:0,1.0:1,2.0:-1}>>) -> tensor<2x3x2x!quant.uniform<i16:f32:2, {0.25:0,0.5:3}>>
    %rs = "stablehlo.bitcast_convert"(%r) : (tensor<2x3x2x!quant.uniform<i16:f32:2, {0.25:0,0.5:3}>>) -> tensor<2x3x2xi16>
    check.expect_eq_const %rs, dense<[[[8, 9], [8, 11], [8, 11]], [[-8, 5], [0, 19], [0, 15]]]> : tensor<2x3x2xi16>
    %t = "stablehlo.uniform_quantize"(%q) : (tensor<2x3x2x!quant.uniform<i8:f32:1, {0.5:0,1.0:1,2.0:-1}>>) -> tensor<2x3x2x!quant.uniform<i8:f32, 4.0:0>>
    %ts = "stablehlo.bitcast_convert"(%t) : (tensor<2x3x2x!quant.uniform<i8:f32, 4.0:0>>) -> tensor<2x3x2xi8>
    check.expect_eq_const %ts, dense<[[[0, 1], [0, 1], [0, 1]], [[0, 0], [0, 2], [0, 2]]]> : tensor<2x3x2xi8>
)"),
  });
}

TEST(CpuQuantization, Requantizes) {
  expectAllPass({
      // i8 (0.5, 10) -> i16 (0.25, -4): (q - 10) * 2 - 4; i16 -> i8 clamps; i8 -> i4 (1.0, 0) rounds ties to even.
      caseText("test/quant-requantize-storage-types", R"(
    %s = stablehlo.constant dense<[10, 12, -128, 127, 11, 13]> : tensor<6xi8>
    %q = "stablehlo.bitcast_convert"(%s) : (tensor<6xi8>) -> tensor<6x!quant.uniform<i8:f32, 0.5:10>>
    %w = "stablehlo.uniform_quantize"(%q) : (tensor<6x!quant.uniform<i8:f32, 0.5:10>>) -> tensor<6x!quant.uniform<i16:f32, 0.25:-4>>
    %ws = "stablehlo.bitcast_convert"(%w) : (tensor<6x!quant.uniform<i16:f32, 0.25:-4>>) -> tensor<6xi16>
    check.expect_eq_const %ws, dense<[-4, 0, -280, 230, -2, 2]> : tensor<6xi16>
    %n = "stablehlo.uniform_quantize"(%w) : (tensor<6x!quant.uniform<i16:f32, 0.25:-4>>) -> tensor<6x!quant.uniform<i8:f32, 0.125:0>>
    %ns = "stablehlo.bitcast_convert"(%n) : (tensor<6x!quant.uniform<i8:f32, 0.125:0>>) -> tensor<6xi8>
    check.expect_eq_const %ns, dense<[0, 8, -128, 127, 4, 12]> : tensor<6xi8>
    %f = "stablehlo.uniform_quantize"(%q) : (tensor<6x!quant.uniform<i8:f32, 0.5:10>>) -> tensor<6x!quant.uniform<i4:f32, 1.0:0>>
    %fs = "stablehlo.bitcast_convert"(%f) : (tensor<6x!quant.uniform<i4:f32, 1.0:0>>) -> tensor<6xi4>
    check.expect_eq_const %fs, dense<[0, 1, -8, 7, 0, 2]> : tensor<6xi4>
)"),
  });
}

// Per-axis tensors longer than the kernels' blocks, along the first and the last dimension: quantize and
// dequantize of the integers 0..n-1 (exact in every scale) give them back.
TEST(CpuQuantization, LongPerAxisRunsRoundTrip) {
  std::string scales;
  for (int k = 0; k < 700; ++k) strAppend(&scales, k ? "," : "", k % 3 == 0 ? "1.0" : k % 3 == 1 ? "0.5" : "0.25", ":", k % 7 - 3);
  const std::string last = strCat("!quant.uniform<i16:f32:1, {", scales, "}>");
  const std::string first = "!quant.uniform<i16:f32:0, {1.0:0,0.5:3,0.25:-7}>";
  expectAllPass({
      caseText("test/quant-per-axis-long-first", strCat(R"(
    %i = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<3x700xf32>
    %q = "stablehlo.uniform_quantize"(%i) : (tensor<3x700xf32>) -> tensor<3x700x)", first, R"(>
    %d = "stablehlo.uniform_dequantize"(%q) : (tensor<3x700x)", first, R"(>) -> tensor<3x700xf32>
    check.expect_eq %d, %i : tensor<3x700xf32>
    %r = "stablehlo.uniform_quantize"(%q) : (tensor<3x700x)", first, R"(>) -> tensor<3x700x)", last, R"(>
    %e = "stablehlo.uniform_dequantize"(%r) : (tensor<3x700x)", last, R"(>) -> tensor<3x700xf32>
    check.expect_eq %e, %i : tensor<3x700xf32>
)")),
  });
}

TEST(CpuQuantization, DecomposedOps) {
  expectAllPass({
      // add per-axis (dimension 0) into other per-axis parameters: [[2, 4], [2, 4]] -> [[8, 16], [1, 2]].
      caseText("test/quant-add-per-axis", R"(
    %s = stablehlo.constant dense<[[2, 4], [1, 2]]> : tensor<2x2xi8>
    %q = "stablehlo.bitcast_convert"(%s) : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0,1.0:0}>>
    %r = "stablehlo.add"(%q, %q) : (tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0,1.0:0}>>, tensor<2x2x!quant.uniform<i8:f32:0, {0.5:0,1.0:0}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.25:0,2.0:0}>>
    %rs = "stablehlo.bitcast_convert"(%r) : (tensor<2x2x!quant.uniform<i8:f32:0, {0.25:0,2.0:0}>>) -> tensor<2x2xi8>
    check.expect_eq_const %rs, dense<[[8, 16], [1, 2]]> : tensor<2x2xi8>
)"),
      // compare dequantizes: [1, 0, 2] against [1, 0, 2.25].
      caseText("test/quant-compare", R"(
    %a = stablehlo.constant dense<[3, 1, 5]> : tensor<3xi8>
    %b = stablehlo.constant dense<[4, 0, 9]> : tensor<3xi8>
    %qa = "stablehlo.bitcast_convert"(%a) : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8:f32, 0.5:1>>
    %qb = "stablehlo.bitcast_convert"(%b) : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8:f32, 0.25:0>>
    %lt = "stablehlo.compare"(%qa, %qb) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<3x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<3xi1>
    check.expect_eq_const %lt, dense<[false, false, true]> : tensor<3xi1>
    %eq = "stablehlo.compare"(%qa, %qb) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<3x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<3xi1>
    check.expect_eq_const %eq, dense<[true, true, false]> : tensor<3xi1>
)"),
      // select: [1, 4] into scale 0.25, zero point 1.
      caseText("test/quant-select", R"(
    %p = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    %a = stablehlo.constant dense<[2, 4]> : tensor<2xi8>
    %b = stablehlo.constant dense<[6, 8]> : tensor<2xi8>
    %qa = "stablehlo.bitcast_convert"(%a) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>>
    %qb = "stablehlo.bitcast_convert"(%b) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>>
    %r = "stablehlo.select"(%p, %qa, %qb) : (tensor<2xi1>, tensor<2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:1>>
    %rs = "stablehlo.bitcast_convert"(%r) : (tensor<2x!quant.uniform<i8:f32, 0.25:1>>) -> tensor<2xi8>
    check.expect_eq_const %rs, dense<[5, 17]> : tensor<2xi8>
)"),
      // dot_general, quantized and hybrid: [[1, 2], [0, -1]] . [[1, 2], [-1, 0]] = [[-1, 2], [1, 0]].
      caseText("test/quant-dot-general", R"(
    %a = stablehlo.constant dense<[[3, 5], [1, -1]]> : tensor<2x2xi8>
    %b = stablehlo.constant dense<[[4, 8], [-4, 0]]> : tensor<2x2xi8>
    %qa = "stablehlo.bitcast_convert"(%a) : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
    %qb = "stablehlo.bitcast_convert"(%b) : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32, 0.25:0>>
    %r = "stablehlo.dot_general"(%qa, %qb) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x2x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<2x2x!quant.uniform<i32:f32, 1.0:0>>
    %rs = "stablehlo.bitcast_convert"(%r) : (tensor<2x2x!quant.uniform<i32:f32, 1.0:0>>) -> tensor<2x2xi32>
    check.expect_eq_const %rs, dense<[[-1, 2], [1, 0]]> : tensor<2x2xi32>
    %f = stablehlo.constant dense<[[1.0, 2.0], [0.0, -1.0]]> : tensor<2x2xf32>
    %h = "stablehlo.dot_general"(%f, %qb) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x2xf32>, tensor<2x2x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<2x2xf32>
    check.expect_eq_const %h, dense<[[-1.0, 2.0], [1.0, 0.0]]> : tensor<2x2xf32>
)"),
      // iota into i4 (scale 0.5, zero point -8): [0, 1, 2] -> [-8, -6, -4].
      caseText("test/quant-iota-i4", R"(
    %i = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3x!quant.uniform<i4:f32, 0.5:-8>>
    %s = "stablehlo.bitcast_convert"(%i) : (tensor<2x3x!quant.uniform<i4:f32, 0.5:-8>>) -> tensor<2x3xi4>
    check.expect_eq_const %s, dense<[[-8, -6, -4], [-8, -6, -4]]> : tensor<2x3xi4>
)"),
      // is_finite is true even where the expressed type cannot hold the value (2^31 in f16).
      caseText("test/quant-is-finite-overflow", R"(
    %s = stablehlo.constant dense<[2147483647, -2147483648, 0]> : tensor<3xi32>
    %q = "stablehlo.bitcast_convert"(%s) : (tensor<3xi32>) -> tensor<3x!quant.uniform<i32:f16, 1.0:0>>
    %f = "stablehlo.is_finite"(%q) : (tensor<3x!quant.uniform<i32:f16, 1.0:0>>) -> tensor<3xi1>
    check.expect_eq_const %f, dense<[true, true, true]> : tensor<3xi1>
)"),
  });
}

TEST(CpuQuantization, DataMovementKeepsTheStorage) {
  expectAllPass({
      // transpose of a per-axis tensor (the axis moves with its dimension), reshape, slice, concatenate.
      caseText("test/quant-movement", R"(
    %s = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
    %q = "stablehlo.bitcast_convert"(%s) : (tensor<2x3xi8>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0,1.0:1}>>
    %t = "stablehlo.transpose"(%q) {permutation = array<i64: 1, 0>} : (tensor<2x3x!quant.uniform<i8:f32:0, {0.5:0,1.0:1}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0,1.0:1}>>
    %ts = "stablehlo.bitcast_convert"(%t) : (tensor<3x2x!quant.uniform<i8:f32:1, {0.5:0,1.0:1}>>) -> tensor<3x2xi8>
    check.expect_eq_const %ts, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi8>
    %p = "stablehlo.bitcast_convert"(%s) : (tensor<2x3xi8>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>
    %r = "stablehlo.reshape"(%p) : (tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<6x!quant.uniform<i8:f32, 0.5:1>>
    %sl = "stablehlo.slice"(%r) {start_indices = array<i64: 1>, limit_indices = array<i64: 5>, strides = array<i64: 2>} : (tensor<6x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:1>>
    %c = "stablehlo.concatenate"(%sl, %r) {dimension = 0 : i64} : (tensor<2x!quant.uniform<i8:f32, 0.5:1>>, tensor<6x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<8x!quant.uniform<i8:f32, 0.5:1>>
    %cs = "stablehlo.bitcast_convert"(%c) : (tensor<8x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<8xi8>
    check.expect_eq_const %cs, dense<[2, 4, 1, 2, 3, 4, 5, 6]> : tensor<8xi8>
)"),
      // pad with a quantized padding value (storage 1 = 0.0).
      caseText("test/quant-pad", R"(
    %s = stablehlo.constant dense<[3, 5]> : tensor<2xi8>
    %q = "stablehlo.bitcast_convert"(%s) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:1>>
    %zs = stablehlo.constant dense<1> : tensor<i8>
    %z = "stablehlo.bitcast_convert"(%zs) : (tensor<i8>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
    %p = "stablehlo.pad"(%q, %z) {edge_padding_low = array<i64: 1>, edge_padding_high = array<i64: 2>, interior_padding = array<i64: 1>} : (tensor<2x!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<6x!quant.uniform<i8:f32, 0.5:1>>
    %ps = "stablehlo.bitcast_convert"(%p) : (tensor<6x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<6xi8>
    check.expect_eq_const %ps, dense<[1, 3, 1, 5, 1, 1]> : tensor<6xi8>
)"),
      // A while loop carrying a quantized value through a quantized add: 0.5 doubled 3 times is 4 (storage 8).
      caseText("test/quant-while", R"(
    %s = stablehlo.constant dense<1> : tensor<i8>
    %q = "stablehlo.bitcast_convert"(%s) : (tensor<i8>) -> tensor<!quant.uniform<i8:f32, 0.5:0>>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %r:2 = "stablehlo.while"(%zero, %q) ({
      ^bb0(%i: tensor<i32>, %x: tensor<!quant.uniform<i8:f32, 0.5:0>>):
        %three = stablehlo.constant dense<3> : tensor<i32>
        %c = "stablehlo.compare"(%i, %three) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
        "stablehlo.return"(%c) : (tensor<i1>) -> ()
    }, {
      ^bb0(%i: tensor<i32>, %x: tensor<!quant.uniform<i8:f32, 0.5:0>>):
        %one = stablehlo.constant dense<1> : tensor<i32>
        %j = "stablehlo.add"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        %y = "stablehlo.add"(%x, %x) : (tensor<!quant.uniform<i8:f32, 0.5:0>>, tensor<!quant.uniform<i8:f32, 0.5:0>>) -> tensor<!quant.uniform<i8:f32, 0.5:0>>
        "stablehlo.return"(%j, %y) : (tensor<i32>, tensor<!quant.uniform<i8:f32, 0.5:0>>) -> ()
    }) : (tensor<i32>, tensor<!quant.uniform<i8:f32, 0.5:0>>) -> (tensor<i32>, tensor<!quant.uniform<i8:f32, 0.5:0>>)
    %rs = "stablehlo.bitcast_convert"(%r#1) : (tensor<!quant.uniform<i8:f32, 0.5:0>>) -> tensor<i8>
    check.expect_eq_const %rs, dense<8> : tensor<i8>
)"),
  });
}

}  // namespace
}  // namespace hloconf
