// Data movement and indexing on the cpu executor: the spec suite's cases and generated programs of
// reshape, broadcast_in_dim, transpose, slice, reverse, concatenate, pad, iota, get_dimension_size,
// dynamic_slice, dynamic_update_slice, gather, scatter and sort under `default`, and the edge cases they
// miss (empty tensors, rank 0, negative padding, clamped starts, scatter windows partly out of bounds,
// sort stability and NaNs, every element size), each bit for bit against the reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "adapters/backend.h"
#include "ir/element_type.h"
#include "ir/strings.h"
#include "tests/executors/suite_check.h"

namespace hloconf {
namespace {

using adapters::Reply;
using testing::makeRequest;
using testing::runOn;
using testing::expectCpuPasses;

TEST(CpuMovement, SpecCasesPass) {
  for (const char* op : {"reshape", "broadcast_in_dim", "transpose", "slice", "reverse", "concatenate", "pad",
                         "get_dimension_size", "dynamic_slice", "dynamic_update_slice", "gather"}) {
    SCOPED_TRACE(op);
    expectCpuPasses({std::string(HLOCONF_SOURCE_DIR) + "/cases/" + op});
  }
  // Quantized cases need bitcast_convert, scatter's complex add and sort's two-key comparator ops of the
  // elementwise family, and one scatter case promotes in its update computation (not run).
  for (const char* op : {"iota", "scatter", "sort"}) {
    SCOPED_TRACE(op);
    const testing::SuiteTally tally =
        expectCpuPasses({std::string(HLOCONF_SOURCE_DIR) + "/cases/" + op}, 1, testing::Unsupported::kCounted);
    EXPECT_GE(tally.passed, tally.cases - 5);
  }
}

TEST(CpuMovement, GeneratedProgramsPass) {
  expectCpuPasses({"gen:reshape", "gen:broadcast_in_dim", "gen:transpose", "gen:slice", "gen:reverse", "gen:concatenate",
                   "gen:pad", "gen:iota", "gen:get_dimension_size", "gen:dynamic_slice", "gen:dynamic_update_slice",
                   "gen:gather"});
  // Their update computations and comparators on f8 and complex need elementwise kernels of another family.
  const testing::SuiteTally tally = expectCpuPasses({"gen:scatter", "gen:sort"}, 3, testing::Unsupported::kCounted);
  EXPECT_GT(tally.passed, tally.cases * 3 / 4);
}

// --- Edge cases against the reference, bit for bit -------------------------------------------------------------


// Random bits in every element (the low bitWidth bits of each), one seed per tensor.
Tensor randomTensor(const std::string& type_text, uint64_t seed) {
  // "tensor<2x3xf32>": dimensions (digits followed by 'x'), then the element type up to the last '>'.
  size_t at = type_text.find('<') + 1;
  std::vector<int64_t> shape;
  while (at < type_text.size() && std::isdigit(static_cast<unsigned char>(type_text[at]))) {
    const size_t x = type_text.find('x', at);
    shape.push_back(std::stoll(type_text.substr(at, x - at)));
    at = x + 1;
  }
  std::string element = type_text.substr(at, type_text.size() - at - 1);
  if (element.rfind("complex<f64", 0) == 0) element = "complex<f64>";
  const ElementType t = *parseElementTypeName(element);
  Tensor tensor(Type::tensor(shape, Type::element(t)));
  std::mt19937_64 rng(seed);
  const int parts = isComplex(t) ? 2 : 1;
  const int width = isComplex(t) ? bitWidth(t) / 2 : bitWidth(t);
  const uint64_t mask = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  for (int64_t i = 0; i < tensor.numElements(); ++i)
    for (int p = 0; p < parts; ++p) tensor.setBits(i, rng() & mask, p);
  return tensor;
}

// A rank-0 tensor of the given bits.
Tensor bitsTensor0(ElementType t, uint64_t bits) {
  Tensor tensor(Type::tensor({}, Type::element(t)));
  tensor.setBits(0, bits);
  return tensor;
}

// Runs `function` (a whole func.func @main) on both backends and expects every result bit for bit (two
// NaNs alike).
void expectSameAsReference(const std::string& function, std::vector<Tensor> inputs, const std::string& label) {
  SCOPED_TRACE(label);
  adapters::Request request;
  request.case_id = "movement_test";
  request.mlir = function;
  request.inputs = std::move(inputs);
  testing::expectSameBitsAsReference(request);
}

// A function of the given arguments whose body is `body` (ending in func.return).
std::string function(const std::vector<std::string>& arguments, const std::vector<std::string>& results, const std::string& body) {
  std::string text = "func.func @main(";
  for (size_t i = 0; i < arguments.size(); ++i) strAppend(&text, i ? ", " : "", "%arg", i, ": ", arguments[i]);
  text += ") -> (";
  for (size_t i = 0; i < results.size(); ++i) strAppend(&text, i ? ", " : "", results[i]);
  return strCat(text, ") {\n", body, "}\n");
}

TEST(CpuMovement, TransposeEveryElementSize) {
  for (const char* element : {"i8", "f16", "f32", "f64", "complex<f64>", "i1"}) {
    for (const auto& [in, perm, out] : {std::tuple{"37x45", "1, 0", "45x37"}, {"5x17x19", "2, 0, 1", "19x5x17"},
                                        {"5x17x19", "1, 2, 0", "17x19x5"}, {"3x64x33", "0, 2, 1", "3x33x64"}}) {
      const std::string ti = strCat("tensor<", in, "x", element, ">"), to = strCat("tensor<", out, "x", element, ">");
      expectSameAsReference(function({ti}, {to}, strCat("  %0 = \"stablehlo.transpose\"(%arg0) {permutation = array<i64: ", perm,
                                                        ">} : (", ti, ") -> ", to, "\n  func.return %0 : ", to, "\n")),
                            {randomTensor(ti, 7)}, strCat("transpose ", ti, " ", perm));
    }
  }
}

TEST(CpuMovement, EmptyTensors) {
  expectSameAsReference(function({"tensor<0x3xf32>"}, {"tensor<3x0xf32>"},
                                 "  %0 = \"stablehlo.transpose\"(%arg0) {permutation = array<i64: 1, 0>} : (tensor<0x3xf32>) -> tensor<3x0xf32>\n"
                                 "  func.return %0 : tensor<3x0xf32>\n"),
                        {randomTensor("tensor<0x3xf32>", 1)}, "transpose empty");
  expectSameAsReference(function({"tensor<0x2xf32>", "tensor<f32>"}, {"tensor<2x5xf32>"},
                                 "  %0 = \"stablehlo.pad\"(%arg0, %arg1) {edge_padding_low = array<i64: 1, 1>, edge_padding_high = "
                                 "array<i64: 1, 0>, interior_padding = array<i64: 2, 2>} : (tensor<0x2xf32>, tensor<f32>) -> tensor<2x5xf32>\n"
                                 "  func.return %0 : tensor<2x5xf32>\n"),
                        {randomTensor("tensor<0x2xf32>", 1), randomTensor("tensor<f32>", 2)}, "pad empty");
  expectSameAsReference(function({"tensor<2x0xi32>", "tensor<2x3xi32>"}, {"tensor<2x3xi32>"},
                                 "  %0 = \"stablehlo.concatenate\"(%arg0, %arg1, %arg0) {dimension = 1 : i64} : (tensor<2x0xi32>, "
                                 "tensor<2x3xi32>, tensor<2x0xi32>) -> tensor<2x3xi32>\n  func.return %0 : tensor<2x3xi32>\n"),
                        {randomTensor("tensor<2x0xi32>", 1), randomTensor("tensor<2x3xi32>", 2)}, "concatenate empty");
  expectSameAsReference(function({"tensor<4xf32>"}, {"tensor<0xf32>"},
                                 "  %0 = \"stablehlo.slice\"(%arg0) {start_indices = array<i64: 2>, limit_indices = array<i64: 2>, "
                                 "strides = array<i64: 3>} : (tensor<4xf32>) -> tensor<0xf32>\n  func.return %0 : tensor<0xf32>\n"),
                        {randomTensor("tensor<4xf32>", 1)}, "slice empty");
  expectSameAsReference(function({"tensor<1xf16>"}, {"tensor<0x3xf16>"},
                                 "  %0 = \"stablehlo.broadcast_in_dim\"(%arg0) {broadcast_dimensions = array<i64: 1>} : (tensor<1xf16>) -> "
                                 "tensor<0x3xf16>\n  func.return %0 : tensor<0x3xf16>\n"),
                        {randomTensor("tensor<1xf16>", 1)}, "broadcast empty");
  expectSameAsReference(function({"tensor<3x0xf32>"}, {"tensor<3x0xf32>"},
                                 "  %0 = \"stablehlo.sort\"(%arg0) ({\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
                                 "    %c = \"stablehlo.compare\"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>} : "
                                 "(tensor<f32>, tensor<f32>) -> tensor<i1>\n    \"stablehlo.return\"(%c) : (tensor<i1>) -> ()\n"
                                 "  }) {dimension = 1 : i64} : (tensor<3x0xf32>) -> tensor<3x0xf32>\n  func.return %0 : tensor<3x0xf32>\n"),
                        {randomTensor("tensor<3x0xf32>", 1)}, "sort empty");
  expectSameAsReference(function({"tensor<5x4xf32>", "tensor<0x1xi32>"}, {"tensor<0x4xf32>"},
                                 "  %0 = \"stablehlo.gather\"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], "
                                 "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} "
                                 ": (tensor<5x4xf32>, tensor<0x1xi32>) -> tensor<0x4xf32>\n  func.return %0 : tensor<0x4xf32>\n"),
                        {randomTensor("tensor<5x4xf32>", 1), randomTensor("tensor<0x1xi32>", 2)}, "gather empty");
  expectSameAsReference(
      function({"tensor<5x4xf32>", "tensor<0x1xi32>", "tensor<0x4xf32>"}, {"tensor<5x4xf32>"},
               "  %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) ({\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
               "    %c = \"stablehlo.add\"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n    \"stablehlo.return\"(%c) : (tensor<f32>) -> ()\n"
               "  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], "
               "scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<5x4xf32>, tensor<0x1xi32>, tensor<0x4xf32>) -> "
               "tensor<5x4xf32>\n  func.return %0 : tensor<5x4xf32>\n"),
      {randomTensor("tensor<5x4xf32>", 1), randomTensor("tensor<0x1xi32>", 2), randomTensor("tensor<0x4xf32>", 3)}, "scatter empty");
}

TEST(CpuMovement, RankZero) {
  expectSameAsReference(function({"tensor<f32>"}, {"tensor<1x1xf32>", "tensor<2x3xf32>", "tensor<f32>", "tensor<f32>", "tensor<f32>"},
                                 "  %0 = \"stablehlo.reshape\"(%arg0) : (tensor<f32>) -> tensor<1x1xf32>\n"
                                 "  %1 = \"stablehlo.broadcast_in_dim\"(%arg0) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<2x3xf32>\n"
                                 "  %2 = \"stablehlo.transpose\"(%arg0) {permutation = array<i64>} : (tensor<f32>) -> tensor<f32>\n"
                                 "  %3 = \"stablehlo.reverse\"(%arg0) {dimensions = array<i64>} : (tensor<f32>) -> tensor<f32>\n"
                                 "  %4 = \"stablehlo.dynamic_slice\"(%arg0) {slice_sizes = array<i64>} : (tensor<f32>) -> tensor<f32>\n"
                                 "  func.return %0, %1, %2, %3, %4 : tensor<1x1xf32>, tensor<2x3xf32>, tensor<f32>, tensor<f32>, tensor<f32>\n"),
                        {randomTensor("tensor<f32>", 5)}, "rank 0");
}

TEST(CpuMovement, NegativeAndInteriorPadding) {
  expectSameAsReference(function({"tensor<5x6xf32>", "tensor<f32>"}, {"tensor<8x14xf32>"},
                                 "  %0 = \"stablehlo.pad\"(%arg0, %arg1) {edge_padding_low = array<i64: -2, 1>, edge_padding_high = "
                                 "array<i64: 1, -3>, interior_padding = array<i64: 1, 2>} : (tensor<5x6xf32>, tensor<f32>) -> tensor<8x14xf32>\n"
                                 "  func.return %0 : tensor<8x14xf32>\n"),
                        {randomTensor("tensor<5x6xf32>", 1), randomTensor("tensor<f32>", 2)}, "pad negative edges");
  // The negative low edge cuts into the interior padding; the high edge removes operand elements.
  expectSameAsReference(function({"tensor<3xi64>", "tensor<i64>"}, {"tensor<3xi64>"},
                                 "  %0 = \"stablehlo.pad\"(%arg0, %arg1) {edge_padding_low = array<i64: -1>, edge_padding_high = "
                                 "array<i64: -3>, interior_padding = array<i64: 2>} : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>\n"
                                 "  func.return %0 : tensor<3xi64>\n"),
                        {randomTensor("tensor<3xi64>", 1), randomTensor("tensor<i64>", 2)}, "pad into interior");
}

TEST(CpuMovement, ClampedDynamicSliceStarts) {
  for (const auto& [type, low, high] : {std::tuple{"i8", "-100", "100"}, {"ui64", "0", "18446744073709551615"},
                                        {"i64", "-9223372036854775808", "9223372036854775807"}, {"ui8", "3", "255"}}) {
    const std::string it = strCat("tensor<", type, ">");
    const std::string body =
        strCat("  %lo = stablehlo.constant dense<", low, "> : ", it, "\n  %hi = stablehlo.constant dense<", high, "> : ", it, "\n",
               "  %0 = \"stablehlo.dynamic_slice\"(%arg0, %lo, %hi) {slice_sizes = array<i64: 2, 3>} : (tensor<5x7xbf16>, ", it, ", ",
               it, ") -> tensor<2x3xbf16>\n",
               "  %1 = \"stablehlo.dynamic_slice\"(%arg0, %hi, %lo) {slice_sizes = array<i64: 5, 0>} : (tensor<5x7xbf16>, ", it, ", ",
               it, ") -> tensor<5x0xbf16>\n",
               "  %2 = \"stablehlo.dynamic_update_slice\"(%arg0, %arg1, %hi, %lo) : (tensor<5x7xbf16>, tensor<2x3xbf16>, ", it, ", ", it,
               ") -> tensor<5x7xbf16>\n",
               "  %3 = \"stablehlo.dynamic_update_slice\"(%arg0, %arg1, %lo, %hi) : (tensor<5x7xbf16>, tensor<2x3xbf16>, ", it, ", ", it,
               ") -> tensor<5x7xbf16>\n",
               "  func.return %0, %1, %2, %3 : tensor<2x3xbf16>, tensor<5x0xbf16>, tensor<5x7xbf16>, tensor<5x7xbf16>\n");
    expectSameAsReference(function({"tensor<5x7xbf16>", "tensor<2x3xbf16>"},
                                   {"tensor<2x3xbf16>", "tensor<5x0xbf16>", "tensor<5x7xbf16>", "tensor<5x7xbf16>"}, body),
                          {randomTensor("tensor<5x7xbf16>", 1), randomTensor("tensor<2x3xbf16>", 2)}, strCat("clamped starts ", type));
  }
}

// The result may take over the buffer of an operand that dies at the step: the operand's, the update's
// (of the operand's size) or a start index's (of one element's size); each must give the spec's result.
TEST(CpuMovement, DynamicUpdateSliceOverDyingOperands) {
  expectSameAsReference(
      function({"tensor<4x5xf32>", "tensor<2x2xf32>", "tensor<i32>"}, {"tensor<4x5xf32>", "tensor<4x5xf32>", "tensor<4x5xf32>"},
               "  %x = \"stablehlo.add\"(%arg0, %arg0) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>\n"
               "  %0 = \"stablehlo.dynamic_update_slice\"(%x, %arg1, %arg2, %arg2) : (tensor<4x5xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>\n"
               "  %u = \"stablehlo.negate\"(%arg0) : (tensor<4x5xf32>) -> tensor<4x5xf32>\n"
               "  %1 = \"stablehlo.dynamic_update_slice\"(%arg0, %u, %arg2, %arg2) : (tensor<4x5xf32>, tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>\n"
               "  func.return %0, %1, %arg0 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>\n"),
      {randomTensor("tensor<4x5xf32>", 1), randomTensor("tensor<2x2xf32>", 2), bitsTensor0(ElementType::kSI32, 1)}, "dus in place");
  expectSameAsReference(
      function({"tensor<1xi32>", "tensor<1xi32>", "tensor<i32>"}, {"tensor<1xi32>", "tensor<1xi32>", "tensor<1xi32>"},
               "  %i = \"stablehlo.negate\"(%arg2) : (tensor<i32>) -> tensor<i32>\n"
               "  %0 = \"stablehlo.dynamic_update_slice\"(%arg0, %arg1, %i) : (tensor<1xi32>, tensor<1xi32>, tensor<i32>) -> tensor<1xi32>\n"
               "  func.return %0, %arg0, %arg1 : tensor<1xi32>, tensor<1xi32>, tensor<1xi32>\n"),
      {randomTensor("tensor<1xi32>", 1), randomTensor("tensor<1xi32>", 2), bitsTensor0(ElementType::kSI32, 5)}, "dus over an index");
}

// Windows partly and wholly out of bounds are cut per element (spec: scatter); gather clamps instead.
TEST(CpuMovement, ScatterSkipsOutOfBoundsUpdatesAndGatherClamps) {
  Tensor indices(Type::tensor({4, 2}, Type::element(ElementType::kSI32)));
  const int64_t starts[4][2] = {{-1, 2}, {4, 4}, {2, -5}, {9, 0}};
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t k = 0; k < 2; ++k) indices.setBits(i * 2 + k, encodeInteger(ElementType::kSI32, starts[i][k]));
  const std::string region_add =
      "({\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n    %c = \"stablehlo.add\"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
      "    \"stablehlo.return\"(%c) : (tensor<f32>) -> ()\n  })";
  const std::string region_subtract =
      "({\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n    %c = \"stablehlo.subtract\"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
      "    \"stablehlo.return\"(%c) : (tensor<f32>) -> ()\n  })";
  for (const std::string& region : {region_add, region_subtract}) {
    for (const char* dims : {"update_window_dims = [1, 2], inserted_window_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1",
                             "update_window_dims = [1, 2], inserted_window_dims = [], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 1"}) {
      expectSameAsReference(
          function({"tensor<6x6xf32>", "tensor<4x2xi32>", "tensor<4x3x3xf32>"}, {"tensor<6x6xf32>"},
                   strCat("  %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) ", region, " {scatter_dimension_numbers = #stablehlo.scatter<",
                          dims, ">} : (tensor<6x6xf32>, tensor<4x2xi32>, tensor<4x3x3xf32>) -> tensor<6x6xf32>\n  func.return %0 : tensor<6x6xf32>\n")),
          {randomTensor("tensor<6x6xf32>", 1), indices, randomTensor("tensor<4x3x3xf32>", 2)}, strCat("scatter ", dims));
    }
  }
  // Variadic: f32 replace and i32 maximum in one update computation, windows in the leading update dims.
  expectSameAsReference(
      function({"tensor<6x6xf32>", "tensor<6x6xi32>", "tensor<4x2xi32>", "tensor<3x4x3xf32>", "tensor<3x4x3xi32>"}, {"tensor<6x6xf32>", "tensor<6x6xi32>"},
               "  %0:2 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2, %arg3, %arg4) ({\n"
               "  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):\n"
               "    %m = \"stablehlo.maximum\"(%d, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>\n"
               "    \"stablehlo.return\"(%c, %m) : (tensor<f32>, tensor<i32>) -> ()\n"
               "  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 2], inserted_window_dims = [], "
               "scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<6x6xf32>, tensor<6x6xi32>, tensor<4x2xi32>, "
               "tensor<3x4x3xf32>, tensor<3x4x3xi32>) -> (tensor<6x6xf32>, tensor<6x6xi32>)\n"
               "  func.return %0#0, %0#1 : tensor<6x6xf32>, tensor<6x6xi32>\n"),
      {randomTensor("tensor<6x6xf32>", 1), randomTensor("tensor<6x6xi32>", 2), indices, randomTensor("tensor<3x4x3xf32>", 3),
       randomTensor("tensor<3x4x3xi32>", 4)},
      "variadic scatter");
  expectSameAsReference(
      function({"tensor<6x6xf32>", "tensor<4x2xi32>"}, {"tensor<4x3x3xf32>"},
               "  %0 = \"stablehlo.gather\"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], "
               "collapsed_slice_dims = [], start_index_map = [1, 0], index_vector_dim = 1>, slice_sizes = array<i64: 3, 3>} : "
               "(tensor<6x6xf32>, tensor<4x2xi32>) -> tensor<4x3x3xf32>\n  func.return %0 : tensor<4x3x3xf32>\n"),
      {randomTensor("tensor<6x6xf32>", 1), indices}, "gather clamps");
}

TEST(CpuMovement, LargeGathersSplitOverTheCoresMatchTheReference) {
  // Past gatherKernel's threshold (8192 batches, 1 MiB of result), the batches are split into ranges that
  // start mid-way through a 2-D batch shape. Random i32 indices: most are out of range and clamp.
  expectSameAsReference(
      function({"tensor<300x16xf32>", "tensor<128x130x1xi32>"}, {"tensor<128x130x16xf32>"},
               "  %0 = \"stablehlo.gather\"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [2], "
               "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 16>} : "
               "(tensor<300x16xf32>, tensor<128x130x1xi32>) -> tensor<128x130x16xf32>\n  func.return %0 : tensor<128x130x16xf32>\n"),
      {randomTensor("tensor<300x16xf32>", 1), randomTensor("tensor<128x130x1xi32>", 2)}, "gather over a 2-D batch");
  // With batching dimensions: each range starts at its own batch index of the operand.
  expectSameAsReference(
      function({"tensor<4x300x16xf32>", "tensor<4x4200x1xi32>"}, {"tensor<4x4200x16xf32>"},
               "  %0 = \"stablehlo.gather\"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [2], "
               "collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], "
               "index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 16>} : "
               "(tensor<4x300x16xf32>, tensor<4x4200x1xi32>) -> tensor<4x4200x16xf32>\n  func.return %0 : tensor<4x4200x16xf32>\n"),
      {randomTensor("tensor<4x300x16xf32>", 3), randomTensor("tensor<4x4200x1xi32>", 4)}, "gather with batching dims");
}

// Gathers of whole rows take gatherRows (one memcpy a batch, the index read in its own type): si64
// indices, rows of a rank-3 operand, split over the cores; and two near misses that must take the general
// loop: a window narrower than the row, and indices that are not in the result's batch order.
TEST(CpuMovement, RowGathersAndTheirNearMissesMatchTheReference) {
  // Indices mostly in range, a few past either end (clamped).
  auto indices = [](std::vector<int64_t> shape, ElementType t, int64_t rows, uint64_t seed) {
    std::mt19937_64 rng(seed);
    Tensor tensor(Type::tensor(shape, Type::element(t)));
    for (int64_t i = 0; i < tensor.numElements(); ++i)
      tensor.setBits(i, static_cast<uint64_t>(static_cast<int64_t>(rng() % static_cast<uint64_t>(rows + 10)) - 5) & (t == ElementType::kSI32 ? 0xFFFFFFFFull : ~0ull));
    return tensor;
  };
  expectSameAsReference(
      function({"tensor<1000x3x2xf32>", "tensor<90000xi64>"}, {"tensor<90000x3x2xf32>"},
               "  %0 = \"stablehlo.gather\"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], "
               "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3, 2>} : "
               "(tensor<1000x3x2xf32>, tensor<90000xi64>) -> tensor<90000x3x2xf32>\n  func.return %0 : tensor<90000x3x2xf32>\n"),
      {randomTensor("tensor<1000x3x2xf32>", 5), indices({90000}, ElementType::kSI64, 1000, 6)}, "row gather, si64 indices");
  expectSameAsReference(
      function({"tensor<300x16xf32>", "tensor<20000xi32>"}, {"tensor<20000x8xf32>"},
               "  %0 = \"stablehlo.gather\"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], "
               "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>} : "
               "(tensor<300x16xf32>, tensor<20000xi32>) -> tensor<20000x8xf32>\n  func.return %0 : tensor<20000x8xf32>\n"),
      {randomTensor("tensor<300x16xf32>", 7), indices({20000}, ElementType::kSI32, 300, 8)}, "half rows");
  expectSameAsReference(
      function({"tensor<300x16xf32>", "tensor<100x200xi32>"}, {"tensor<16x100x200xf32>"},
               "  %0 = \"stablehlo.gather\"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [0], "
               "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 16>} : "
               "(tensor<300x16xf32>, tensor<100x200xi32>) -> tensor<16x100x200xf32>\n  func.return %0 : tensor<16x100x200xf32>\n"),
      {randomTensor("tensor<300x16xf32>", 9), indices({100, 200}, ElementType::kSI32, 300, 10)}, "rows placed after the batch");
}

TEST(CpuMovement, ScatterPromotesToTheUpdateComputationsType) {
  Tensor indices(Type::tensor({5, 1}, Type::element(ElementType::kSI64)));
  for (int64_t i = 0; i < 5; ++i) indices.setBits(i, encodeInteger(ElementType::kSI64, i % 2));
  for (const auto& [from, to, op] : {std::tuple{"bf16", "f32", "maximum"}, {"ui8", "ui32", "add"}, {"i16", "i64", "multiply"},
                                     {"f16", "f64", "subtract"}}) {
    const std::string st = strCat("tensor<", to, ">");
    const std::string in = strCat("tensor<3x", from, ">"), up = strCat("tensor<5x", from, ">"), out = strCat("tensor<3x", to, ">");
    expectSameAsReference(
        function({in, "tensor<5x1xi64>", up}, {out},
                 strCat("  %0 = \"stablehlo.scatter\"(%arg0, %arg1, %arg2) ({\n  ^bb0(%a: ", st, ", %b: ", st, "):\n",
                        "    %c = \"stablehlo.", op, "\"(%a, %b) : (", st, ", ", st, ") -> ", st, "\n",
                        "    \"stablehlo.return\"(%c) : (", st, ") -> ()\n",
                        "  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], "
                        "scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false} : (",
                        in, ", tensor<5x1xi64>, ", up, ") -> ", out, "\n  func.return %0 : ", out, "\n")),
        {randomTensor(in, 1), indices, randomTensor(up, 2)}, strCat("scatter ", from, " -> ", to, " ", op));
  }
}

// A tensor<N x t> of the given bits.
Tensor bitsTensor(ElementType t, const std::vector<uint64_t>& bits) {
  Tensor tensor(Type::tensor({static_cast<int64_t>(bits.size())}, Type::element(t)));
  for (size_t i = 0; i < bits.size(); ++i) tensor.setBits(static_cast<int64_t>(i), bits[i]);
  return tensor;
}

std::string sortProgram(const std::string& direction, const std::string& compare_type, bool swapped, bool stable) {
  return function({"tensor<16xf32>", "tensor<16xi32>"}, {"tensor<16xf32>", "tensor<16xi32>"},
                  strCat("  %0:2 = \"stablehlo.sort\"(%arg0, %arg1) ({\n"
                         "  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):\n"
                         "    %p = \"stablehlo.compare\"(", swapped ? "%b, %a" : "%a, %b",
                         ") {comparison_direction = #stablehlo<comparison_direction ", direction,
                         ">, compare_type = #stablehlo<comparison_type ", compare_type,
                         ">} : (tensor<f32>, tensor<f32>) -> tensor<i1>\n    \"stablehlo.return\"(%p) : (tensor<i1>) -> ()\n"
                         "  }) {dimension = 0 : i64, is_stable = ", stable ? "true" : "false",
                         "} : (tensor<16xf32>, tensor<16xi32>) -> (tensor<16xf32>, tensor<16xi32>)\n"
                         "  func.return %0#0, %0#1 : tensor<16xf32>, tensor<16xi32>\n"));
}

TEST(CpuMovement, SortStabilityAndNaNs) {
  // NaNs of both signs, zeros of both signs, repeated keys; the i32 operand records the original order.
  const std::vector<uint64_t> keys = {0x3f800000, 0x7fc00000, 0x80000000, 0x00000000, 0x3f800000, 0xffc00000, 0xbf800000, 0x7f800000,
                                      0x00000000, 0x7fc00001, 0x3f800000, 0xff800000, 0x80000000, 0x40000000, 0xbf800000, 0x7fc00000};
  std::vector<uint64_t> order;
  for (uint64_t i = 0; i < 16; ++i) order.push_back(i);
  const Tensor key_tensor = bitsTensor(ElementType::kF32, keys), order_tensor = bitsTensor(ElementType::kSI32, order);
  for (const char* direction : {"LT", "GT", "LE", "GE", "EQ", "NE"})
    for (const char* type : {"FLOAT", "TOTALORDER"})
      for (bool swapped : {false, true})
        for (bool stable : {false, true})
          expectSameAsReference(sortProgram(direction, type, swapped, stable), {key_tensor, order_tensor},
                                strCat("sort ", direction, " ", type, swapped ? " swapped" : "", stable ? " stable" : ""));
}

TEST(CpuMovement, SortThroughTheComparatorRegion) {
  // Not one compare of one operand: the comparator runs per comparison (by |x|, then along dimension 0).
  const std::string body =
      "  %0:2 = \"stablehlo.sort\"(%arg0, %arg1) ({\n"
      "  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):\n"
      "    %x = \"stablehlo.abs\"(%a) : (tensor<f32>) -> tensor<f32>\n"
      "    %y = \"stablehlo.abs\"(%b) : (tensor<f32>) -> tensor<f32>\n"
      "    %p = \"stablehlo.compare\"(%x, %y) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
      "    \"stablehlo.return\"(%p) : (tensor<i1>) -> ()\n"
      "  }) {dimension = 0 : i64, is_stable = true} : (tensor<9x5xf32>, tensor<9x5xi32>) -> (tensor<9x5xf32>, tensor<9x5xi32>)\n"
      "  func.return %0#0, %0#1 : tensor<9x5xf32>, tensor<9x5xi32>\n";
  expectSameAsReference(function({"tensor<9x5xf32>", "tensor<9x5xi32>"}, {"tensor<9x5xf32>", "tensor<9x5xi32>"}, body),
                        {randomTensor("tensor<9x5xf32>", 1), randomTensor("tensor<9x5xi32>", 2)}, "sort by |x|");
  // The native path along an inner dimension, keys of every native type class.
  for (const char* element : {"bf16", "f64", "i8", "ui16", "i64", "i1"}) {
    const std::string st = strCat("tensor<", element, ">"), tt = strCat("tensor<4x33x3x", element, ">");
    const std::string kind = element[0] == 'u' || element[1] == '1' ? "UNSIGNED" : element[0] == 'i' ? "SIGNED" : "TOTALORDER";
    expectSameAsReference(
        function({tt}, {tt},
                 strCat("  %0 = \"stablehlo.sort\"(%arg0) ({\n  ^bb0(%a: ", st, ", %b: ", st, "):\n",
                        "    %p = \"stablehlo.compare\"(%a, %b) {comparison_direction = #stablehlo<comparison_direction GT>, "
                        "compare_type = #stablehlo<comparison_type ", kind, ">} : (", st, ", ", st, ") -> tensor<i1>\n",
                        "    \"stablehlo.return\"(%p) : (tensor<i1>) -> ()\n  }) {dimension = -2 : i64, is_stable = true} : (", tt, ") -> ", tt,
                        "\n  func.return %0 : ", tt, "\n")),
        {randomTensor(tt, 3)}, strCat("sort ", tt));
  }
}

TEST(CpuMovement, IotaNarrowFloatsOverflowAsTheFormat) {
  // f8E4M3FN has no infinity (NaN past 448), f8E5M2 overflows to infinity, f4E2M1FN saturates at 6.
  for (const char* element : {"f8E4M3FN", "f8E5M2", "f4E2M1FN", "f8E4M3FNUZ", "f6E3M2FN", "complex<f32>", "ui4", "i2"}) {
    const std::string tt = strCat("tensor<3x600x", element, ">");
    expectSameAsReference(function({}, {tt}, strCat("  %0 = \"stablehlo.iota\"() {iota_dimension = 1 : i64} : () -> ", tt, "\n  func.return %0 : ", tt, "\n")),
                          {}, strCat("iota ", element));
  }
}

TEST(CpuMovement, RngBitGeneratorBitForBit) {
  // XLA's layouts (docs/rng.md): THREE_FRY's split of 32-bit and narrower outputs along the first even
  // (or first largest) dimension, PHILOX's 2- and 3-word states with the counter carry.
  for (const char* algorithm : {"THREE_FRY", "PHILOX", "DEFAULT"}) {
    for (int words : {2, 3, 1, 4, 0}) {
      if ((std::string_view(algorithm) == "THREE_FRY" && words != 2) || (std::string_view(algorithm) == "PHILOX" && words > 3) ||
          (std::string_view(algorithm) == "PHILOX" && words < 2))
        continue;
      Tensor state(Type::tensor({words}, Type::element(ElementType::kUI64)));
      const uint64_t values[4] = {0x0123456789abcdefu, 0xfffffffffffffffeu, 0xffffffffffffffffu, 42};
      for (int i = 0; i < words; ++i) state.setBits(i, values[i]);
      const std::string st = strCat("tensor<", words, "xui64>");
      for (const char* out : {"tensor<2x2xui64>", "tensor<3x5xui32>", "tensor<5x7x3xf16>", "tensor<ui32>", "tensor<7x2xi8>",
                              "tensor<3x3xf64>", "tensor<9xbf16>", "tensor<0x3xi32>", "tensor<5xi4>"}) {
        expectSameAsReference(function({st}, {st, out},
                                        strCat("  %0:2 = \"stablehlo.rng_bit_generator\"(%arg0) {rng_algorithm = #stablehlo<rng_algorithm ",
                                               algorithm, ">} : (", st, ") -> (", st, ", ", out, ")\n  func.return %0#0, %0#1 : ", st, ", ",
                                               out, "\n")),
                              {state}, strCat(algorithm, " ", words, " words -> ", out));
      }
    }
  }
}

TEST(CpuMovement, RngDrawsInRange) {
  // rng's values are implementation-defined: check the ranges (UNIFORM in [a, b)) and the shape.
  for (const auto& [type, a, b] : {std::tuple{"f32", "-1.5", "2.0"}, {"i64", "-9223372036854775808", "9223372036854775807"},
                                   {"ui8", "3", "7"}, {"bf16", "1.0", "1.5"}, {"f64", "0.0", "1.0"}}) {
    const std::string st = strCat("tensor<", type, ">"), tt = strCat("tensor<40x3x", type, ">");
    adapters::Request request;
    request.case_id = "movement_test";
    request.mlir = function({}, {tt},
                            strCat("  %a = stablehlo.constant dense<", a, "> : ", st, "\n  %b = stablehlo.constant dense<", b, "> : ", st,
                                   "\n  %s = stablehlo.constant dense<[40, 3]> : tensor<2xi64>\n",
                                   "  %0 = \"stablehlo.rng\"(%a, %b, %s) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (", st, ", ",
                                   st, ", tensor<2xi64>) -> ", tt, "\n  func.return %0 : ", tt, "\n"));
    const Reply reply = runOn(adapters::makeCpuBackend(), request);
    ASSERT_EQ(reply.kind, Reply::Kind::kOutputs) << reply.message;
    const Tensor& got = reply.outputs[0];
    const ElementType t = got.elementType();
    std::vector<uint64_t> distinct;
    for (int64_t i = 0; i < got.numElements(); ++i) {
      const uint64_t bits = got.bits(i);
      if (std::find(distinct.begin(), distinct.end(), bits) == distinct.end()) distinct.push_back(bits);
      if (isFloat(t)) {
        const double v = t == ElementType::kF64 ? std::bit_cast<double>(bits)
                         : t == ElementType::kF32 ? std::bit_cast<float>(static_cast<uint32_t>(bits))
                                                  : std::bit_cast<float>(static_cast<uint32_t>(bits << 16));
        EXPECT_GE(v, std::stod(a));
        EXPECT_LT(v, std::stod(b));
      } else if (isSignedInteger(t)) {
        EXPECT_GE(decodeSignedInteger(t, bits), std::stoll(a));
        EXPECT_LT(decodeSignedInteger(t, bits), std::stoll(b));
      } else {
        EXPECT_GE(bits, std::stoull(a));
        EXPECT_LT(bits, std::stoull(b));
      }
    }
    EXPECT_GT(distinct.size(), 1u) << type;
  }
}

TEST(CpuMovement, InvalidProgramsAreRefused) {
  // A slice past the operand and a gather whose result shape is wrong: errors, not crashes.
  adapters::Request request;
  request.case_id = "movement_test";
  request.mlir = function({"tensor<4xf32>"}, {"tensor<3xf32>"},
                          "  %0 = \"stablehlo.slice\"(%arg0) {start_indices = array<i64: 2>, limit_indices = array<i64: 5>, "
                          "strides = array<i64: 1>} : (tensor<4xf32>) -> tensor<3xf32>\n  func.return %0 : tensor<3xf32>\n");
  request.inputs = {randomTensor("tensor<4xf32>", 1)};
  const Reply reply = runOn(adapters::makeCpuBackend(), request);
  EXPECT_NE(reply.kind, Reply::Kind::kOutputs);
  EXPECT_NE(reply.kind, Reply::Kind::kCrash);
}

}  // namespace
}  // namespace hloconf
