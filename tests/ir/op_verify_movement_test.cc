// The verify functions of ir/op_verify_movement.h: each constraint they check has a negative case here, with
// the spec label the message must cite, and valid programs pass.
#include "ir/op_verify_movement.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "ir/op_schema.h"
#include "ir/parser.h"
#include "ir/status_macros.h"
#include "tests/ir/verify_test_util.h"

namespace hloconf {
namespace {

using ::testing::HasSubstr;

using test::expectViolation;
using test::verifyOp;

// --- gather ------------------------------------------------------------------------------------------------

struct Gather {
  std::string offset = "1", collapsed = "0", operand_batching = "", indices_batching = "", start_index_map = "0";
  std::string index_vector_dim = "1", slice_sizes = "1, 3";
  std::string operand = "tensor<4x3xf32>", indices = "tensor<2x1xi64>", result = "tensor<2x3xf32>";

  std::string signature() const { return "(%a: " + operand + ", %i: " + indices + ") -> " + result; }
  std::string body() const {
    return "  %r = \"stablehlo.gather\"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [" + offset +
           "], collapsed_slice_dims = [" + collapsed + "], operand_batching_dims = [" + operand_batching +
           "], start_indices_batching_dims = [" + indices_batching + "], start_index_map = [" + start_index_map +
           "], index_vector_dim = " + index_vector_dim + ">, slice_sizes = array<i64: " + slice_sizes + ">} : (" + operand + ", " +
           indices + ") -> " + result + "\n  func.return %r : " + result;
  }
};

void expectGatherViolation(const Gather& g, const std::string& label) { expectViolation(g.signature(), g.body(), label); }

TEST(OpVerifyMovement, GatherValid) {
  const Gather g;
  EXPECT_TRUE(verifyOp(g.signature(), g.body()).ok()) << verifyOp(g.signature(), g.body());
  // Batching dimensions: operand dimension 0 pairs with start_indices dimension 0.
  Gather b;
  b.collapsed = "";
  b.operand_batching = "0";
  b.indices_batching = "0";
  b.start_index_map = "1";
  b.indices = "tensor<4x1xi64>";
  b.result = "tensor<4x3xf32>";
  EXPECT_TRUE(verifyOp(b.signature(), b.body()).ok()) << verifyOp(b.signature(), b.body());
  // index_vector_dim = rank(start_indices): each index is a scalar.
  Gather s;
  s.index_vector_dim = "1";
  s.indices = "tensor<2xi64>";
  EXPECT_TRUE(verifyOp(s.signature(), s.body()).ok()) << verifyOp(s.signature(), s.body());
  // `?` sizes are left to the kernel.
  Gather d;
  d.operand = "tensor<?x3xf32>";
  d.indices = "tensor<?x1xi64>";
  d.result = "tensor<?x3xf32>";
  EXPECT_TRUE(verifyOp(d.signature(), d.body()).ok()) << verifyOp(d.signature(), d.body());
}

TEST(OpVerifyMovement, GatherDimensionNumbers) {
  Gather g;
  g.collapsed = "";
  expectGatherViolation(g, "gather (C1)");
  g = Gather();
  g.index_vector_dim = "3";
  expectGatherViolation(g, "gather (C2)");
  g = Gather();
  g.start_index_map = "0, 1";
  expectGatherViolation(g, "gather (C3)");
  g = Gather();
  g.collapsed = "";
  g.offset = "2, 1";
  g.result = "tensor<2x1x3xf32>";
  expectGatherViolation(g, "gather (C4)");
  g.offset = "1, 1";
  expectGatherViolation(g, "gather (C4)");
  g = Gather();
  g.offset = "2";
  expectGatherViolation(g, "gather (C5)");
  g = Gather();
  g.offset = "";
  g.operand_batching = "0";
  expectGatherViolation(g, "gather (C6)");
  g = Gather();
  g.offset = "";
  g.collapsed = "1, 0";
  expectGatherViolation(g, "gather (C7)");
  g.collapsed = "0, 2";
  expectGatherViolation(g, "gather (C8)");
  g = Gather();
  g.offset = "";
  g.collapsed = "";
  g.operand_batching = "1, 0";
  expectGatherViolation(g, "gather (C10)");
  g.operand_batching = "0, 5";
  expectGatherViolation(g, "gather (C11)");
  g = Gather();
  g.collapsed = "";
  g.operand_batching = "0";
  g.indices_batching = "0, 0";
  expectGatherViolation(g, "gather (C13)");
  g.indices_batching = "5";
  expectGatherViolation(g, "gather (C14)");
  g.indices_batching = "1";
  expectGatherViolation(g, "gather (C15)");
  g.indices_batching = "";
  expectGatherViolation(g, "gather (C16)");
  g.indices_batching = "0";
  expectGatherViolation(g, "gather (C17)");  // operand dimension 0 has 4, start_indices dimension 0 has 2
  g.indices = "tensor<4x1xi64>";
  expectGatherViolation(g, "gather (C18)");  // start_index_map [0] repeats the batching dimension 0
  g = Gather();
  g.start_index_map = "2";
  expectGatherViolation(g, "gather (C19)");
}

TEST(OpVerifyMovement, GatherSliceSizesAndResult) {
  Gather g;
  g.slice_sizes = "1";
  expectGatherViolation(g, "gather (C20)");
  g.slice_sizes = "2, 3";
  expectGatherViolation(g, "gather (C9)");
  g.slice_sizes = "1, 4";
  expectGatherViolation(g, "gather (C21)");
  g.slice_sizes = "-1, 3";
  expectGatherViolation(g, "gather (C21)");
  g = Gather();
  g.collapsed = "";
  g.operand_batching = "0";
  g.indices_batching = "0";
  g.start_index_map = "1";
  g.indices = "tensor<4x1xi64>";
  g.result = "tensor<4x3xf32>";
  g.slice_sizes = "2, 3";
  expectGatherViolation(g, "gather (C12)");
  g = Gather();
  g.result = "tensor<3x2xf32>";
  expectGatherViolation(g, "gather (C22)");
  g.result = "tensor<2x3x1xf32>";
  expectGatherViolation(g, "gather (C22)");
  g.result = "tensor<2x3xf16>";
  expectGatherViolation(g, "gather (C23)");
}

// --- scatter -----------------------------------------------------------------------------------------------

struct Scatter {
  std::string window = "1", inserted = "0", input_batching = "", indices_batching = "", to_operand = "0", index_vector_dim = "1";
  std::vector<std::string> inputs = {"tensor<4x3xf32>"}, updates = {"tensor<2x3xf32>"}, results = {"tensor<4x3xf32>"};
  std::string indices = "tensor<2x1xi64>";

  std::string signature() const {
    std::string sig = "(";
    for (size_t i = 0; i < inputs.size(); ++i) sig += "%a" + std::to_string(i) + ": " + inputs[i] + ", ";
    sig += "%i: " + indices;
    for (size_t i = 0; i < updates.size(); ++i) sig += ", %u" + std::to_string(i) + ": " + updates[i];
    return sig + ") -> " + results[0];
  }
  std::string body() const {
    std::string names, types, result_types, block_args, yields;
    for (size_t i = 0; i < inputs.size(); ++i) names += "%a" + std::to_string(i) + ", ", types += inputs[i] + ", ";
    names += "%i", types += indices;
    for (size_t i = 0; i < updates.size(); ++i) names += ", %u" + std::to_string(i), types += ", " + updates[i];
    for (size_t i = 0; i < results.size(); ++i) result_types += (i ? ", " : "") + results[i];
    for (size_t i = 0; i < 2 * results.size(); ++i) block_args += std::string(i ? ", " : "") + "%x" + std::to_string(i) + ": tensor<f32>";
    for (size_t i = 0; i < results.size(); ++i) yields += std::string(i ? ", " : "") + "%x" + std::to_string(results.size() + i);
    std::string scalar_types;
    for (size_t i = 0; i < results.size(); ++i) scalar_types += std::string(i ? ", " : "") + "tensor<f32>";
    const std::string lhs = results.size() == 1 ? "%r" : "%r:" + std::to_string(results.size());
    return "  " + lhs + " = \"stablehlo.scatter\"(" + names + ") ({\n  ^bb0(" + block_args + "):\n    \"stablehlo.return\"(" + yields +
           ") : (" + scalar_types + ") -> ()\n  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [" + window +
           "], inserted_window_dims = [" + inserted + "], input_batching_dims = [" + input_batching + "], scatter_indices_batching_dims = [" +
           indices_batching + "], scatter_dims_to_operand_dims = [" + to_operand + "], index_vector_dim = " + index_vector_dim +
           ">} : (" + types + ") -> (" + result_types + ")\n  func.return " + (results.size() == 1 ? "%r" : "%r#0") + " : " + results[0];
  }
};

void expectScatterViolation(const Scatter& s, const std::string& label) { expectViolation(s.signature(), s.body(), label); }

TEST(OpVerifyMovement, ScatterValid) {
  const Scatter s;
  EXPECT_TRUE(verifyOp(s.signature(), s.body()).ok()) << verifyOp(s.signature(), s.body());
  Scatter two;
  two.inputs = {"tensor<4x3xf32>", "tensor<4x3xf32>"};
  two.updates = {"tensor<2x3xf32>", "tensor<2x3xf32>"};
  two.results = {"tensor<4x3xf32>", "tensor<4x3xf32>"};
  EXPECT_TRUE(verifyOp(two.signature(), two.body()).ok()) << verifyOp(two.signature(), two.body());
  Scatter b;
  b.inserted = "";
  b.input_batching = "0";
  b.indices_batching = "0";
  b.to_operand = "1";
  b.indices = "tensor<4x1xi64>";
  b.updates = {"tensor<4x2xf32>"};  // a window smaller than the input's is allowed
  EXPECT_TRUE(verifyOp(b.signature(), b.body()).ok()) << verifyOp(b.signature(), b.body());
}

TEST(OpVerifyMovement, ScatterOperandsAndShapes) {
  Scatter s;
  s.updates = {"tensor<2x3xf32>", "tensor<2x3xf32>"};
  expectScatterViolation(s, "scatter (C5)");
  s = Scatter();
  s.inputs = {"tensor<4x3xf32>", "tensor<4x2xf32>"};
  s.updates = {"tensor<2x3xf32>", "tensor<2x3xf32>"};
  s.results = {"tensor<4x3xf32>", "tensor<4x3xf32>"};
  expectScatterViolation(s, "scatter (C1)");
  s.inputs = {"tensor<4x3xf32>", "tensor<4x3xf32>"};
  s.updates = {"tensor<2x3xf32>", "tensor<2x2xf32>"};
  expectScatterViolation(s, "scatter (C3)");
  s = Scatter();
  s.inserted = "";
  expectScatterViolation(s, "scatter (C2)");
  s = Scatter();
  s.updates = {"tensor<2x3xf16>"};
  expectScatterViolation(s, "scatter (C6)");
  s = Scatter();
  s.updates = {"tensor<2x4xf32>"};
  expectScatterViolation(s, "scatter (C4)");
  s.updates = {"tensor<3x3xf32>"};
  expectScatterViolation(s, "scatter (C4)");
  s.updates = {"tensor<2x3x1xf32>"};
  expectScatterViolation(s, "scatter (C4)");
  s = Scatter();
  s.results = {"tensor<4x2xf32>"};
  expectScatterViolation(s, "scatter (C24)");
  s = Scatter();
  s.results = {"tensor<4x3xf16>"};  // the update computation is on f32
  expectScatterViolation(s, "scatter (C25)");
}

TEST(OpVerifyMovement, ScatterUpdateComputation) {
  const std::string sig = "(%a: tensor<4x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf32>";
  const auto op = [](const std::string& args, const std::string& yield_type) {
    return "  %r = \"stablehlo.scatter\"(%a, %i, %u) ({\n  ^bb0(" + args + "):\n    \"stablehlo.return\"(%x) : (" + yield_type +
           ") -> ()\n  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], "
           "scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> "
           "tensor<4x3xf32>\n  func.return %r : tensor<4x3xf32>";
  };
  EXPECT_TRUE(verifyOp(sig, op("%x: tensor<f32>, %y: tensor<f32>", "tensor<f32>")).ok());
  expectViolation(sig, op("%x: tensor<f32>", "tensor<f32>"), "scatter (C23)");
  expectViolation(sig, op("%x: tensor<1xf32>, %y: tensor<f32>", "tensor<1xf32>"), "scatter (C23)");
  expectViolation(sig, op("%x: tensor<f32>, %y: tensor<f16>", "tensor<f32>"), "scatter (C25)");
  // is_promotable: f32 inputs into an update computation on f16 (the results f16, so (C25) holds).
  const std::string narrowing =
      "  %r = \"stablehlo.scatter\"(%a, %i, %u) ({\n  ^bb0(%x: tensor<f16>, %y: tensor<f16>):\n    \"stablehlo.return\"(%x) : "
      "(tensor<f16>) -> ()\n"
      "  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], "
      "scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> "
      "tensor<4x3xf16>\n  func.return %r : tensor<4x3xf16>";
  expectViolation("(%a: tensor<4x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf16>", narrowing, "scatter (C23)");
}

TEST(OpVerifyMovement, ScatterDimensionNumbers) {
  Scatter s;
  s.inserted = "";
  s.window = "1, 1";
  expectScatterViolation(s, "scatter (C7)");
  s.window = "1, 0";
  expectScatterViolation(s, "scatter (C7)");
  s = Scatter();
  s.window = "2";
  expectScatterViolation(s, "scatter (C8)");
  s = Scatter();
  s.window = "";
  s.input_batching = "0";
  expectScatterViolation(s, "scatter (C9)");
  s = Scatter();
  s.window = "";
  s.inserted = "1, 0";
  expectScatterViolation(s, "scatter (C10)");
  s.inserted = "0, 2";
  expectScatterViolation(s, "scatter (C11)");
  s = Scatter();
  s.window = "";
  s.inserted = "";
  s.input_batching = "1, 0";
  expectScatterViolation(s, "scatter (C12)");
  s.input_batching = "0, 5";
  expectScatterViolation(s, "scatter (C13)");
  s = Scatter();
  s.inserted = "";
  s.input_batching = "0";
  s.indices_batching = "0, 0";
  expectScatterViolation(s, "scatter (C14)");
  s.indices_batching = "5";
  expectScatterViolation(s, "scatter (C15)");
  s.indices_batching = "1";
  expectScatterViolation(s, "scatter (C16)");
  s.indices_batching = "";
  expectScatterViolation(s, "scatter (C17)");
  s.indices_batching = "0";
  expectScatterViolation(s, "scatter (C18)");  // inputs[0] dimension 0 has 4, scatter_indices dimension 0 has 2
  s.indices = "tensor<4x1xi64>";
  expectScatterViolation(s, "scatter (C20)");  // scatter_dims_to_operand_dims [0] repeats the batching dimension 0
  s = Scatter();
  s.index_vector_dim = "3";
  expectScatterViolation(s, "scatter (C22)");
  s = Scatter();
  s.to_operand = "0, 1";
  expectScatterViolation(s, "scatter (C19)");
  s.to_operand = "2";
  expectScatterViolation(s, "scatter (C21)");
}

// --- dynamic_slice, dynamic_update_slice -------------------------------------------------------------------

TEST(OpVerifyMovement, DynamicSlice) {
  const auto op = [](const std::string& sizes, const std::string& j, const std::string& result) {
    return "  %r = \"stablehlo.dynamic_slice\"(%a, %i, %j) {slice_sizes = array<i64: " + sizes + ">} : (tensor<4x4xf32>, tensor<i64>, " + j +
           ") -> " + result + "\n  func.return %r : " + result;
  };
  const std::string sig = "(%a: tensor<4x4xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<2x2xf32>";
  const std::string sig32 = "(%a: tensor<4x4xf32>, %i: tensor<i64>, %j: tensor<i32>) -> tensor<2x2xf32>";
  EXPECT_TRUE(verifyOp(sig, op("2, 2", "tensor<i64>", "tensor<2x2xf32>")).ok());
  EXPECT_TRUE(verifyOp(sig, op("4, 0", "tensor<i64>", "tensor<4x0xf32>")).ok());
  expectViolation(sig, op("2, 2", "tensor<i64>", "tensor<2x2xf16>"), "dynamic_slice (C1)");
  expectViolation(sig, op("2", "tensor<i64>", "tensor<2xf32>"), "dynamic_slice (C2)");
  expectViolation(sig32, op("2, 2", "tensor<i32>", "tensor<2x2xf32>"), "dynamic_slice (C3)");
  expectViolation(sig, op("5, 2", "tensor<i64>", "tensor<5x2xf32>"), "dynamic_slice (C4)");
  expectViolation(sig, op("-1, 2", "tensor<i64>", "tensor<2x2xf32>"), "dynamic_slice (C4)");
  expectViolation(sig, op("2, 2", "tensor<i64>", "tensor<2x3xf32>"), "dynamic_slice (C5)");
  expectViolation(sig, op("2, 2", "tensor<i64>", "tensor<4xf32>"), "dynamic_slice (C5)");
  const std::string missing =
      "  %r = \"stablehlo.dynamic_slice\"(%a, %i) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<i64>) -> tensor<2x2xf32>\n"
      "  func.return %r : tensor<2x2xf32>";
  expectViolation(sig, missing, "dynamic_slice (C2)");
}

TEST(OpVerifyMovement, DynamicUpdateSlice) {
  const auto op = [](const std::string& update, const std::string& j, const std::string& result) {
    return "  %r = \"stablehlo.dynamic_update_slice\"(%a, %u, %i, %j) : (tensor<4x4xf32>, " + update + ", tensor<i64>, " + j + ") -> " +
           result + "\n  func.return %r : " + result;
  };
  const auto sig = [](const std::string& update, const std::string& j) {
    return "(%a: tensor<4x4xf32>, %u: " + update + ", %i: tensor<i64>, %j: " + j + ") -> tensor<4x4xf32>";
  };
  const std::string u = "tensor<2x2xf32>", i64 = "tensor<i64>";
  EXPECT_TRUE(verifyOp(sig(u, i64), op(u, i64, "tensor<4x4xf32>")).ok());
  expectViolation(sig(u, i64), op(u, i64, "tensor<4x5xf32>"), "dynamic_update_slice (C1)");
  expectViolation(sig(u, i64), op(u, i64, "tensor<4x4xf16>"), "dynamic_update_slice (C1)");
  expectViolation(sig("tensor<2x2xf16>", i64), op("tensor<2x2xf16>", i64, "tensor<4x4xf32>"), "dynamic_update_slice (C2)");
  expectViolation(sig("tensor<2xf32>", i64), op("tensor<2xf32>", i64, "tensor<4x4xf32>"), "dynamic_update_slice (C3)");
  expectViolation(sig(u, "tensor<i32>"), op(u, "tensor<i32>", "tensor<4x4xf32>"), "dynamic_update_slice (C5)");
  expectViolation(sig("tensor<5x2xf32>", i64), op("tensor<5x2xf32>", i64, "tensor<4x4xf32>"), "dynamic_update_slice (C6)");
  expectViolation(sig(u, i64),
                  "  %r = \"stablehlo.dynamic_update_slice\"(%a, %u, %i) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i64>) -> tensor<4x4xf32>\n"
                  "  func.return %r : tensor<4x4xf32>",
                  "dynamic_update_slice (C4)");
}

// --- select, clamp, compare, sort --------------------------------------------------------------------------

TEST(OpVerifyMovement, Select) {
  const auto op = [](const std::string& p, const std::string& t, const std::string& f, const std::string& r) {
    return "  %r = \"stablehlo.select\"(%p, %t, %f) : (" + p + ", " + t + ", " + f + ") -> " + r + "\n  func.return %r : " + r;
  };
  const auto sig = [](const std::string& p, const std::string& t, const std::string& f, const std::string& r) {
    return "(%p: " + p + ", %t: " + t + ", %f: " + f + ") -> " + r;
  };
  const std::string v = "tensor<2xf32>";
  EXPECT_TRUE(verifyOp(sig("tensor<2xi1>", v, v, v), op("tensor<2xi1>", v, v, v)).ok());
  EXPECT_TRUE(verifyOp(sig("tensor<i1>", v, v, v), op("tensor<i1>", v, v, v)).ok());
  expectViolation(sig("tensor<3xi1>", v, v, v), op("tensor<3xi1>", v, v, v), "select (C1)");
  expectViolation(sig("tensor<2xi1>", v, "tensor<2xf16>", v), op("tensor<2xi1>", v, "tensor<2xf16>", v), "select (C2)");
  expectViolation(sig("tensor<2xi1>", v, "tensor<3xf32>", v), op("tensor<2xi1>", v, "tensor<3xf32>", v), "select (C2)");
  expectViolation(sig("tensor<2xi1>", v, v, "tensor<2xi32>"), op("tensor<2xi1>", v, v, "tensor<2xi32>"), "select (C2)");
}

TEST(OpVerifyMovement, Clamp) {
  const auto op = [](const std::string& lo, const std::string& hi, const std::string& r) {
    return "  %r = \"stablehlo.clamp\"(%lo, %x, %hi) : (" + lo + ", tensor<2xf32>, " + hi + ") -> " + r + "\n  func.return %r : " + r;
  };
  const auto sig = [](const std::string& lo, const std::string& hi, const std::string& r) {
    return "(%lo: " + lo + ", %x: tensor<2xf32>, %hi: " + hi + ") -> " + r;
  };
  const std::string v = "tensor<2xf32>", s = "tensor<f32>";
  EXPECT_TRUE(verifyOp(sig(v, v, v), op(v, v, v)).ok());
  EXPECT_TRUE(verifyOp(sig(s, v, v), op(s, v, v)).ok());
  expectViolation(sig("tensor<3xf32>", v, v), op("tensor<3xf32>", v, v), "clamp (C1)");
  expectViolation(sig(s, "tensor<1xf32>", v), op(s, "tensor<1xf32>", v), "clamp (C2)");
  expectViolation(sig("tensor<f16>", v, v), op("tensor<f16>", v, v), "clamp (C3)");
  expectViolation(sig(v, "tensor<2xf64>", v), op(v, "tensor<2xf64>", v), "clamp (C3)");
  expectViolation(sig(v, v, "tensor<2xf16>"), op(v, v, "tensor<2xf16>"), "clamp (C4)");
  expectViolation(sig(v, v, "tensor<1xf32>"), op(v, v, "tensor<1xf32>"), "clamp (C4)");
}

TEST(OpVerifyMovement, Compare) {
  const auto op = [](const std::string& rhs, const std::string& r) {
    return "  %r = \"stablehlo.compare\"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<2xf32>, " + rhs +
           ") -> " + r + "\n  func.return %r : " + r;
  };
  const auto sig = [](const std::string& rhs, const std::string& r) { return "(%a: tensor<2xf32>, %b: " + rhs + ") -> " + r; };
  const std::string v = "tensor<2xf32>", p = "tensor<2xi1>";
  EXPECT_TRUE(verifyOp(sig(v, p), op(v, p)).ok());
  expectViolation(sig("tensor<2xf16>", p), op("tensor<2xf16>", p), "compare (C1)");
  expectViolation(sig("tensor<3xf32>", p), op("tensor<3xf32>", p), "compare (C2)");
  expectViolation(sig(v, "tensor<3xi1>"), op(v, "tensor<3xi1>"), "compare (C2)");
  const auto typed = [](const std::string& element, const std::string& compare_type) {
    const std::string t = "tensor<2x" + element + ">";
    return std::pair("(%a: " + t + ", %b: " + t + ") -> tensor<2xi1>",
                     "  %r = \"stablehlo.compare\"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = "
                     "#stablehlo<comparison_type " + compare_type + ">} : (" + t + ", " + t + ") -> tensor<2xi1>\n  func.return %r : tensor<2xi1>");
  };
  for (const auto& [element, type] : std::vector<std::pair<std::string, std::string>>{
           {"f32", "FLOAT"}, {"f32", "TOTALORDER"}, {"i32", "SIGNED"}, {"ui8", "UNSIGNED"}, {"i1", "UNSIGNED"}, {"complex<f32>", "FLOAT"}}) {
    const auto [s, b] = typed(element, type);
    EXPECT_TRUE(verifyOp(s, b).ok()) << b << verifyOp(s, b);
  }
}

TEST(OpVerifyMovement, Sort) {
  const auto op = [](const std::string& dimension, const std::string& b, const std::string& r0, const std::string& r1) {
    return "  %r:2 = \"stablehlo.sort\"(%a, %b) ({\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %z: tensor<i32>, %w: tensor<i32>):\n"
           "    %c = \"stablehlo.compare\"(%x, %y) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
           "    \"stablehlo.return\"(%c) : (tensor<i1>) -> ()\n  }) {dimension = " + dimension + " : i64} : (tensor<2x3xf32>, " + b + ") -> (" + r0 +
           ", " + r1 + ")\n  func.return %r#0 : " + r0;
  };
  const auto sig = [](const std::string& b, const std::string& r0) { return "(%a: tensor<2x3xf32>, %b: " + b + ") -> " + r0; };
  const std::string a = "tensor<2x3xf32>", b = "tensor<2x3xi32>";
  EXPECT_TRUE(verifyOp(sig(b, a), op("1", b, a, b)).ok()) << verifyOp(sig(b, a), op("1", b, a, b));
  EXPECT_TRUE(verifyOp(sig(b, a), op("-2", b, a, b)).ok());
  expectViolation(sig(b, "tensor<2x3xf16>"), op("0", b, "tensor<2x3xf16>", b), "sort (C2)");
  expectViolation(sig(b, "tensor<3x2xf32>"), op("0", b, "tensor<3x2xf32>", b), "sort (C2)");
  expectViolation(sig("tensor<3x2xi32>", a), op("0", "tensor<3x2xi32>", a, "tensor<3x2xi32>"), "sort (C3)");
  expectViolation(sig(b, a), op("2", b, a, b), "sort (C4)");
  expectViolation(sig(b, a), op("-3", b, a, b), "sort (C4)");
  // (C5): the comparator's arguments and result.
  const auto comparator = [](const std::string& args, const std::string& returned) {
    return "  %r:2 = \"stablehlo.sort\"(%a, %b) ({\n  ^bb0(" + args + "):\n    %c = stablehlo.constant dense<true> : " + returned +
           "\n    \"stablehlo.return\"(%c) : (" + returned + ") -> ()\n  }) {dimension = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xi32>) -> "
           "(tensor<2x3xf32>, tensor<2x3xi32>)\n  func.return %r#0 : tensor<2x3xf32>";
  };
  const std::string good_args = "%x: tensor<f32>, %y: tensor<f32>, %z: tensor<i32>, %w: tensor<i32>";
  EXPECT_TRUE(verifyOp(sig(b, a), comparator(good_args, "tensor<i1>")).ok());
  expectViolation(sig(b, a), comparator("%x: tensor<f32>, %y: tensor<f32>", "tensor<i1>"), "sort (C5)");
  expectViolation(sig(b, a), comparator("%x: tensor<f32>, %y: tensor<f32>, %z: tensor<f32>, %w: tensor<i32>", "tensor<i1>"), "sort (C5)");
  expectViolation(sig(b, a), comparator("%x: tensor<f32>, %y: tensor<f32>, %z: tensor<i32>, %w: tensor<1xi32>", "tensor<i1>"), "sort (C5)");
  expectViolation(sig(b, a), comparator(good_args, "tensor<2xi1>"), "sort (C5)");
  expectViolation("() -> ()",
                  "  \"stablehlo.sort\"() ({\n  ^bb0:\n    %c = stablehlo.constant dense<true> : tensor<i1>\n"
                  "    \"stablehlo.return\"(%c) : (tensor<i1>) -> ()\n  }) {dimension = 0 : i64} : () -> ()\n  func.return",
                  "sort (C1)");
}

// --- reshape, get_dimension_size ----------------------------------------------------------------------------

// `name` from `operand` to `result` in the generic form, with attributes `attrs`.
std::string unaryOp(const std::string& name, const std::string& operand, const std::string& result, const std::string& attrs = "") {
  return "  %r = \"stablehlo." + name + "\"(%a) " + (attrs.empty() ? "" : "{" + attrs + "} ") + ": (" + operand + ") -> " + result +
         "\n  func.return %r : " + result;
}
std::string unarySig(const std::string& operand, const std::string& result) { return "(%a: " + operand + ") -> " + result; }

TEST(OpVerifyMovement, Reshape) {
  const auto ok = [](const std::string& operand, const std::string& result) {
    const absl::Status s = verifyOp(unarySig(operand, result), unaryOp("reshape", operand, result));
    EXPECT_TRUE(s.ok()) << operand << " -> " << result << ": " << s;
  };
  const auto bad = [](const std::string& operand, const std::string& result, const std::string& label) {
    expectViolation(unarySig(operand, result), unaryOp("reshape", operand, result), label);
  };
  ok("tensor<2x3xf32>", "tensor<3x2xf32>");
  ok("tensor<2x3xf32>", "tensor<6xf32>");
  ok("tensor<?x3xf32>", "tensor<6xf32>");  // `?`: checked at run time
  ok("tensor<2x3x!quant.uniform<i8:f32, 0.5>>", "tensor<6x!quant.uniform<i8:f32, 0.5>>");
  // Per-axis: the quantization dimension may differ (not compared).
  ok("tensor<2x3x!quant.uniform<i8:f32:1, {0.5, 0.5, 0.5}>>", "tensor<1x2x3x!quant.uniform<i8:f32:2, {0.5, 0.5, 0.5}>>");
  bad("tensor<2x3xf32>", "tensor<6xf16>", "reshape (C1)");
  bad("tensor<2x3x!quant.uniform<i8:f32, 0.5>>", "tensor<6x!quant.uniform<i8:f32, 0.25>>", "reshape (C1)");
  bad("tensor<2x3xf32>", "tensor<7xf32>", "reshape (C2)");
}

TEST(OpVerifyMovement, GetDimensionSize) {
  const std::string operand = "tensor<2x3xf32>", result = "tensor<i32>";
  EXPECT_TRUE(verifyOp(unarySig(operand, result), unaryOp("get_dimension_size", operand, result, "dimension = 1 : i64")).ok());
  expectViolation(unarySig(operand, result), unaryOp("get_dimension_size", operand, result, "dimension = 2 : i64"),
                  "get_dimension_size (C1)");
  expectViolation(unarySig(operand, result), unaryOp("get_dimension_size", operand, result, "dimension = -1 : i64"),
                  "get_dimension_size (C1)");
}

// --- dynamic_broadcast_in_dim, dynamic_iota ---------------------------------------------------------------

struct DynamicBroadcast {
  std::string operand = "tensor<1x3xf32>", output_dimensions = "tensor<3xi64>", result = "tensor<2x4x3xf32>";
  std::string dims = "0, 2", expanding = "", nonexpanding = "";

  std::string signature() const { return "(%a: " + operand + ", %s: " + output_dimensions + ") -> " + result; }
  std::string body() const {
    std::string attrs = "broadcast_dimensions = array<i64: " + dims + ">";
    if (!expanding.empty()) attrs += ", known_expanding_dimensions = array<i64: " + expanding + ">";
    if (!nonexpanding.empty()) attrs += ", known_nonexpanding_dimensions = array<i64: " + nonexpanding + ">";
    return "  %r = \"stablehlo.dynamic_broadcast_in_dim\"(%a, %s) {" + attrs + "} : (" + operand + ", " + output_dimensions + ") -> " +
           result + "\n  func.return %r : " + result;
  }
};

TEST(OpVerifyMovement, DynamicBroadcastInDim) {
  const DynamicBroadcast ok;
  EXPECT_TRUE(verifyOp(ok.signature(), ok.body()).ok()) << verifyOp(ok.signature(), ok.body());
  DynamicBroadcast b = ok;
  b.expanding = "0";
  b.nonexpanding = "1";
  b.result = "tensor<?x?x?xf32>";
  b.output_dimensions = "tensor<?xi64>";
  EXPECT_TRUE(verifyOp(b.signature(), b.body()).ok()) << verifyOp(b.signature(), b.body());

  b = ok;
  b.result = "tensor<2x4x3xf16>";
  expectViolation(b.signature(), b.body(), "dynamic_broadcast_in_dim (C1)");
  b = ok;
  b.dims = "0";
  expectViolation(b.signature(), b.body(), "dynamic_broadcast_in_dim (C2)");
  b = ok;
  b.dims = "0, 3";
  expectViolation(b.signature(), b.body(), "dynamic_broadcast_in_dim (C3)");
  b = ok;
  b.operand = "tensor<1x1xf32>";
  b.dims = "1, 1";
  expectViolation(b.signature(), b.body(), "dynamic_broadcast_in_dim (C4)");
  b = ok;
  b.dims = "0, 1";
  expectViolation(b.signature(), b.body(), "dynamic_broadcast_in_dim (C5)");
  b = ok;
  b.output_dimensions = "tensor<2xi64>";
  expectViolation(b.signature(), b.body(), "dynamic_broadcast_in_dim (C7)");
  b = ok;
  b.expanding = "0";
  b.nonexpanding = "0";
  expectViolation(b.signature(), b.body(), "dynamic_broadcast_in_dim (C8)");
  b = ok;
  b.expanding = "2";
  expectViolation(b.signature(), b.body(), "dynamic_broadcast_in_dim (C9)");
  b = ok;
  b.nonexpanding = "-1";
  expectViolation(b.signature(), b.body(), "dynamic_broadcast_in_dim (C10)");
}

TEST(OpVerifyMovement, DynamicIota) {
  const auto op = [](const std::string& shape, const std::string& result, int dimension) {
    return "  %r = \"stablehlo.dynamic_iota\"(%s) {iota_dimension = " + std::to_string(dimension) + " : i64} : (" + shape + ") -> " +
           result + "\n  func.return %r : " + result;
  };
  const auto sig = [](const std::string& shape, const std::string& result) { return "(%s: " + shape + ") -> " + result; };
  EXPECT_TRUE(verifyOp(sig("tensor<2xi64>", "tensor<?x?xf32>"), op("tensor<2xi64>", "tensor<?x?xf32>", 1)).ok());
  EXPECT_TRUE(verifyOp(sig("tensor<?xi64>", "tensor<4xf32>"), op("tensor<?xi64>", "tensor<4xf32>", 0)).ok());
  expectViolation(sig("tensor<2xi64>", "tensor<4x2xf32>"), op("tensor<2xi64>", "tensor<4x2xf32>", 2), "dynamic_iota (C1)");
  expectViolation(sig("tensor<?xi64>", "tensor<4xf32>"), op("tensor<?xi64>", "tensor<4xf32>", -1), "dynamic_iota (C1)");
  expectViolation(sig("tensor<3xi64>", "tensor<4x2xf32>"), op("tensor<3xi64>", "tensor<4x2xf32>", 0), "dynamic_iota (C2)");
}

// --- dynamic_reshape, dynamic_pad -----------------------------------------------------------------------------

TEST(OpVerifyMovement, DynamicReshape) {
  const auto op = [](const std::string& operand, const std::string& shape, const std::string& result) {
    return std::make_pair(
        "(%a: " + operand + ", %s: " + shape + ") -> " + result,
        "  %r = \"stablehlo.dynamic_reshape\"(%a, %s) : (" + operand + ", " + shape + ") -> " + result + "\n  func.return %r : " + result);
  };
  for (const auto& [sig, body] :
       {op("tensor<2x3xf32>", "tensor<2xi64>", "tensor<3x2xf32>"), op("tensor<2x3xf32>", "tensor<?xi64>", "tensor<?xf32>"),
        op("tensor<6x!quant.uniform<i8:f32, 0.5>>", "tensor<2xi32>", "tensor<?x?x!quant.uniform<i8:f32, 0.5>>")}) {
    EXPECT_TRUE(verifyOp(sig, body).ok()) << body << ": " << verifyOp(sig, body);
  }
  const auto c1 = op("tensor<2x3xf32>", "tensor<2xi64>", "tensor<3x2xi32>");
  expectViolation(c1.first, c1.second, "dynamic_reshape (C1)");
  const auto c4 = op("tensor<2x3xf32>", "tensor<3xi64>", "tensor<3x2xf32>");
  expectViolation(c4.first, c4.second, "dynamic_reshape (C4)");
}

struct DynamicPad {
  std::string operand = "tensor<2x3xf32>", value = "tensor<f32>", low = "tensor<2xi64>", high = "tensor<2xi64>", interior = "tensor<2xi64>";
  std::string result = "tensor<?x?xf32>";

  std::string signature() const {
    return "(%a: " + operand + ", %v: " + value + ", %l: " + low + ", %h: " + high + ", %i: " + interior + ") -> " + result;
  }
  std::string body() const {
    return "  %r = \"stablehlo.dynamic_pad\"(%a, %v, %l, %h, %i) : (" + operand + ", " + value + ", " + low + ", " + high + ", " +
           interior + ") -> " + result + "\n  func.return %r : " + result;
  }
};

TEST(OpVerifyMovement, DynamicPad) {
  const DynamicPad ok;
  EXPECT_TRUE(verifyOp(ok.signature(), ok.body()).ok()) << verifyOp(ok.signature(), ok.body());
  DynamicPad p = ok;
  p.low = "tensor<?xi64>";
  p.result = "tensor<4x5xf32>";
  EXPECT_TRUE(verifyOp(p.signature(), p.body()).ok()) << verifyOp(p.signature(), p.body());

  p = ok;
  p.value = "tensor<f16>";
  expectViolation(p.signature(), p.body(), "dynamic_pad (C1)");
  p = ok;
  p.result = "tensor<?x?xf16>";
  expectViolation(p.signature(), p.body(), "dynamic_pad (C1)");
  p = ok;
  p.interior = "tensor<3xi64>";
  expectViolation(p.signature(), p.body(), "dynamic_pad (C2)");
  p = ok;
  p.result = "tensor<?xf32>";
  expectViolation(p.signature(), p.body(), "dynamic_pad (C4)");
}

// --- dynamic_gather ---------------------------------------------------------------------------------------------

struct DynamicGather {
  std::string offset = "2, 3", collapsed = "0", start_index_map = "1, 0", index_vector_dim = "2";
  std::string operand = "tensor<3x4x2xi64>", indices = "tensor<2x3x2xi64>", sizes = "tensor<3xi64>", result = "tensor<2x3x2x2xi64>";

  std::string signature() const { return "(%a: " + operand + ", %i: " + indices + ", %s: " + sizes + ") -> " + result; }
  std::string body() const {
    return "  %r = \"stablehlo.dynamic_gather\"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [" + offset +
           "], collapsed_slice_dims = [" + collapsed + "], start_index_map = [" + start_index_map +
           "], index_vector_dim = " + index_vector_dim + ">} : (" + operand + ", " + indices + ", " + sizes + ") -> " + result +
           "\n  func.return %r : " + result;
  }
};

TEST(OpVerifyMovement, DynamicGather) {
  const DynamicGather ok;
  EXPECT_TRUE(verifyOp(ok.signature(), ok.body()).ok()) << verifyOp(ok.signature(), ok.body());
  DynamicGather g = ok;
  g.sizes = "tensor<?xi64>";
  g.result = "tensor<?x?x?x?xi64>";
  EXPECT_TRUE(verifyOp(g.signature(), g.body()).ok()) << verifyOp(g.signature(), g.body());

  const std::vector<std::pair<void (*)(DynamicGather&), std::string>> cases = {
      {[](DynamicGather& x) { x.collapsed = ""; }, "dynamic_gather (C1)"},
      {[](DynamicGather& x) { x.index_vector_dim = "4"; }, "dynamic_gather (C2)"},
      {[](DynamicGather& x) { x.start_index_map = "1"; }, "dynamic_gather (C3)"},
      {[](DynamicGather& x) { x.offset = "3, 2"; }, "dynamic_gather (C4)"},
      {[](DynamicGather& x) { x.offset = "2, 4"; }, "dynamic_gather (C5)"},
      {[](DynamicGather& x) {
         x.collapsed = "0, 0";
         x.offset = "2";
       },
       "dynamic_gather (C6)"},
      {[](DynamicGather& x) { x.collapsed = "3"; }, "dynamic_gather (C7)"},
      {[](DynamicGather& x) { x.start_index_map = "1, 1"; }, "dynamic_gather (C9)"},
      {[](DynamicGather& x) { x.start_index_map = "1, 3"; }, "dynamic_gather (C10)"},
      {[](DynamicGather& x) { x.sizes = "tensor<2xi64>"; }, "dynamic_gather (C11)"},
      {[](DynamicGather& x) { x.result = "tensor<2x3x2x2xi32>"; }, "dynamic_gather (C14)"},
  };
  for (const auto& [edit, label] : cases) {
    DynamicGather bad = ok;
    edit(bad);
    expectViolation(bad.signature(), bad.body(), label);
  }
}

}  // namespace
}  // namespace hloconf
