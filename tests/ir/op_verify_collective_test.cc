// The verify functions of ir/op_verify_collective.h: each constraint they check has a negative case here,
// with the spec label the message must cite, and valid programs (ragged and empty groups, `?` sizes, a
// group size the run decides) pass.
#include "ir/op_verify_collective.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ir/op_schema.h"
#include "tests/ir/verify_test_util.h"

namespace hloconf {
namespace {

using test::expectViolation;
using test::verifyOp;

// One collective in the generic form: `name` applied to arguments of the `operands` types, with the
// attribute dictionary `attrs` and an optional region, giving `results`.
struct Collective {
  std::string name;
  std::vector<std::string> operands, results;
  std::string attrs;
  std::string region = {};
};

std::string joined(const std::vector<std::string>& parts, const std::string& prefix = "") {
  std::string text;
  for (size_t i = 0; i < parts.size(); ++i) text += (i ? ", " : "") + prefix + parts[i];
  return text;
}

std::string signature(const Collective& c) {
  std::vector<std::string> args;
  for (size_t i = 0; i < c.operands.size(); ++i) args.push_back("%a" + std::to_string(i) + ": " + c.operands[i]);
  return "(" + joined(args) + ") -> (" + joined(c.results) + ")";
}

std::string body(const Collective& c) {
  std::vector<std::string> args, returned;
  for (size_t i = 0; i < c.operands.size(); ++i) args.push_back("%a" + std::to_string(i));
  const bool several = c.results.size() != 1;
  for (size_t i = 0; i < c.results.size(); ++i) returned.push_back(several ? "%r#" + std::to_string(i) : "%r");
  const std::string results = several ? "(" + joined(c.results) + ")" : c.results[0];
  return "  %r" + (several ? ":" + std::to_string(c.results.size()) : "") + " = \"stablehlo." + c.name + "\"(" + joined(args) + ") " +
         (c.region.empty() ? "" : "(" + c.region + ") ") + "{" + c.attrs + "} : (" + joined(c.operands) + ") -> " + results +
         "\n  func.return " + joined(returned) + " : " + joined(c.results);
}

void expectOk(const Collective& c) { EXPECT_TRUE(verifyOp(signature(c), body(c)).ok()) << body(c) << "\n" << verifyOp(signature(c), body(c)); }
void expectBad(const Collective& c, const std::string& label) { expectViolation(signature(c), body(c), label); }

std::string groups(const std::string& rows, const std::string& shape) { return "replica_groups = dense<" + rows + "> : tensor<" + shape + "xi64>"; }
const std::string kPair = groups("[[0, 1]]", "1x2");
const std::string kChannel = ", channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>";

// A computation (tensor<E>, tensor<E>) -> tensor<E> that adds.
std::string addComputation(const std::string& e, const std::string& returned = "") {
  const std::string t = "tensor<" + e + ">";
  const std::string r = returned.empty() ? t : returned;
  return "{\n  ^bb0(%x: " + t + ", %y: " + t + "):\n    %s = \"stablehlo.add\"(%x, %y) : (" + t + ", " + t + ") -> " + t +
         "\n    \"stablehlo.return\"(" + (returned.empty() ? "%s" : "%x") + ") : (" + r + ") -> ()\n}";
}

// --- all_gather ---

TEST(OpVerifyCollective, AllGather) {
  const Collective ok{"all_gather", {"tensor<2x2xi64>"}, {"tensor<2x4xi64>"}, "all_gather_dim = 1 : i64, " + kPair};
  expectOk(ok);
  Collective c = ok;
  c.operands = {"tensor<2x2xi64>", "tensor<3x2xi32>"};
  c.results = {"tensor<2x4xi64>", "tensor<3x4xi32>"};
  expectOk(c);
  // The run decides the group size: cross_replica_and_partition (num_partitions), ragged or no groups.
  c = ok;
  c.attrs += kChannel;
  c.results = {"tensor<2x8xi64>"};
  expectOk(c);
  c = ok;
  c.attrs = "all_gather_dim = 1 : i64, " + groups("[[0, 1], [2, -1]]", "2x2");
  c.results = {"tensor<2x2xi64>"};
  expectOk(c);
  c = ok;
  c.attrs = "all_gather_dim = 1 : i64, " + groups("", "0x0");
  expectOk(c);
  // flattened_ids: the row is the group.
  c = ok;
  c.attrs += kChannel + ", use_global_device_ids";
  expectOk(c);
  c = ok;
  c.operands = {"tensor<2x?xi64>"};
  c.results = {"tensor<2x?xi64>"};
  expectOk(c);

  c = ok;
  c.attrs = "all_gather_dim = 2 : i64, " + kPair;
  expectBad(c, "all_gather (C1)");
  c = ok;
  c.attrs = "all_gather_dim = 1 : i64, " + groups("[[0, 1], [1, 2]]", "2x2");
  expectBad(c, "all_gather (C2)");
  c = ok;
  c.attrs = "all_gather_dim = 1 : i64, " + groups("[[0, -2]]", "1x2");
  expectBad(c, "all_gather (C4)");
  c = ok;
  c.attrs += ", use_global_device_ids";
  expectBad(c, "all_gather (C5)");
  c = ok;
  c.results = {"tensor<2x6xi64>"};
  expectBad(c, "all_gather (C6)");
  c = ok;
  c.results = {"tensor<3x4xi64>"};
  expectBad(c, "all_gather (C6)");
  c = ok;
  c.results = {"tensor<2x4xi32>"};
  expectBad(c, "all_gather (C6)");
  c = ok;
  c.results = {"tensor<2x4xi64>", "tensor<2x4xi64>"};
  expectBad(c, "all_gather (C6)");
}

// --- all_reduce ---

TEST(OpVerifyCollective, AllReduce) {
  const Collective ok{"all_reduce", {"tensor<4xi64>"}, {"tensor<4xi64>"}, kPair, addComputation("i64")};
  expectOk(ok);
  // is_promotable: i8 operands, an i32 computation and i32 results.
  Collective c{"all_reduce", {"tensor<4xi8>"}, {"tensor<4xi32>"}, kPair, addComputation("i32")};
  expectOk(c);
  // Quantized: one expressed type, a storage type at least as wide.
  c = {"all_reduce", {"tensor<4x!quant.uniform<i8:f32, 0.5>>"}, {"tensor<4x!quant.uniform<i16:f32, 1.0>>"}, kPair,
       addComputation("!quant.uniform<i16:f32, 1.0>")};
  expectOk(c);
  c = ok;
  c.attrs = groups("[[0, 1], [2, -1]]", "2x2");
  expectOk(c);

  c = ok;
  c.attrs = groups("[[0, 0]]", "1x2");
  expectBad(c, "all_reduce (C1)");
  c = ok;
  c.attrs = groups("[[-3, 0]]", "1x2");
  expectBad(c, "all_reduce (C3)");
  c = ok;
  c.attrs += ", use_global_device_ids";
  expectBad(c, "all_reduce (C4)");
  c = ok;
  c.region = "{\n  ^bb0(%x: tensor<i64>, %y: tensor<i32>):\n    \"stablehlo.return\"(%x) : (tensor<i64>) -> ()\n}";
  expectBad(c, "all_reduce (C5)");
  c = ok;
  c.region = "{\n  ^bb0(%x: tensor<2xi64>, %y: tensor<2xi64>):\n    \"stablehlo.return\"(%x) : (tensor<2xi64>) -> ()\n}";
  expectBad(c, "all_reduce (C5)");
  c = ok;
  c.region = "{\n  ^bb0(%x: tensor<i64>):\n    \"stablehlo.return\"(%x) : (tensor<i64>) -> ()\n}";
  expectBad(c, "all_reduce (C5)");
  c = ok;
  c.region = "{\n  ^bb0(%x: tensor<i64>, %y: tensor<i64>):\n    \"stablehlo.return\"(%x, %y) : (tensor<i64>, tensor<i64>) -> ()\n}";
  expectBad(c, "all_reduce (C5)");
  // Not promotable: narrower, or another kind.
  c = {"all_reduce", {"tensor<4xi32>"}, {"tensor<4xi8>"}, kPair, addComputation("i8")};
  expectBad(c, "all_reduce (C5)");
  c = {"all_reduce", {"tensor<4xi32>"}, {"tensor<4xf32>"}, kPair, addComputation("f32")};
  expectBad(c, "all_reduce (C5)");
  c = {"all_reduce", {"tensor<4x!quant.uniform<i8:f32, 0.5>>"}, {"tensor<4x!quant.uniform<i16:f16, 1.0>>"}, kPair,
       addComputation("!quant.uniform<i16:f16, 1.0>")};
  expectBad(c, "all_reduce (C5)");
  c = ok;
  c.results = {"tensor<5xi64>"};
  expectBad(c, "all_reduce (C6)");
  c = ok;
  c.results = {"tensor<4xi64>", "tensor<4xi64>"};
  expectBad(c, "all_reduce (C6)");
  c = {"all_reduce", {"tensor<4xi8>"}, {"tensor<4xi8>"}, kPair, addComputation("i32")};
  expectBad(c, "all_reduce (C7)");
}

// --- reduce_scatter ---

TEST(OpVerifyCollective, ReduceScatter) {
  const Collective ok{"reduce_scatter", {"tensor<2x4xi64>"}, {"tensor<2x2xi64>"}, "scatter_dimension = 1 : i64, " + kPair,
                      addComputation("i64")};
  expectOk(ok);
  Collective c = ok;
  c.attrs += kChannel;  // cross_replica_and_partition: the group has num_partitions times the row
  c.results = {"tensor<2x1xi64>"};
  expectOk(c);
  c = ok;
  c.operands = {"tensor<2x?xi64>"};
  c.results = {"tensor<2x?xi64>"};
  expectOk(c);

  c = ok;
  c.operands = {"tensor<2x3xi64>"};
  expectBad(c, "reduce_scatter (C1)");
  c = ok;
  c.attrs = "scatter_dimension = 2 : i64, " + kPair;
  expectBad(c, "reduce_scatter (C2)");
  c = ok;
  c.attrs = "scatter_dimension = 1 : i64, " + groups("[[1, 1]]", "1x2");
  expectBad(c, "reduce_scatter (C3)");
  c = ok;
  c.attrs = "scatter_dimension = 1 : i64, " + groups("[[0, -5]]", "1x2");
  expectBad(c, "reduce_scatter (C5)");
  c = ok;
  c.attrs += ", use_global_device_ids";
  expectBad(c, "reduce_scatter (C6)");
  c = ok;
  c.region = addComputation("i32");
  c.results = {"tensor<2x2xi32>"};
  expectBad(c, "reduce_scatter (C7)");
  c = ok;
  c.results = {"tensor<2x4xi64>"};
  expectBad(c, "reduce_scatter (C8)");
  c = ok;
  c.results = {"tensor<1x2xi64>"};
  expectBad(c, "reduce_scatter (C8)");
  c = ok;
  c.results = {"tensor<2x2xi32>"};
  expectBad(c, "reduce_scatter (C9)");
}

// --- all_to_all ---

TEST(OpVerifyCollective, AllToAll) {
  const std::string dims = "split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, ";
  const Collective ok{"all_to_all", {"tensor<2x4xi64>"}, {"tensor<4x2xi64>"}, dims + kPair};
  expectOk(ok);
  Collective c = ok;
  c.operands = {"tensor<2x4xi64>", "tensor<3x4xi32>"};
  c.results = {"tensor<4x2xi64>", "tensor<6x2xi32>"};
  expectOk(c);
  c = ok;  // one dimension: the shape is kept
  c.attrs = "split_dimension = 1 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, " + kPair;
  c.results = {"tensor<2x4xi64>"};
  expectOk(c);
  c = ok;  // no groups: their size is the run's
  c.attrs = dims + groups("", "0x0");
  expectOk(c);

  c = ok;
  c.attrs = "split_dimension = 2 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, " + kPair;
  expectBad(c, "all_to_all (C1)");
  c = ok;
  c.operands = {"tensor<2x3xi64>"};
  expectBad(c, "all_to_all (C2)");
  c = ok;
  c.attrs = "split_dimension = 1 : i64, concat_dimension = -1 : i64, split_count = 2 : i64, " + kPair;
  expectBad(c, "all_to_all (C3)");
  c = ok;
  c.attrs = "split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 0 : i64, " + kPair;
  expectBad(c, "all_to_all (C4)");
  c = ok;
  c.attrs = dims + groups("[[1, 1]]", "1x2");
  expectBad(c, "all_to_all (C5)");
  c = ok;
  c.attrs = dims + groups("[[0, -4]]", "1x2");
  expectBad(c, "all_to_all (C7)");
  c = ok;
  c.attrs = dims + groups("[[0, 1, 2]]", "1x3");
  expectBad(c, "all_to_all (C8)");
  c = ok;
  c.results = {"tensor<4x4xi64>"};
  expectBad(c, "all_to_all (C9)");
  c = ok;
  c.results = {"tensor<4x2xi32>"};
  expectBad(c, "all_to_all (C9)");
  c = ok;
  c.results = {"tensor<4x2xi64>", "tensor<4x2xi64>"};
  expectBad(c, "all_to_all (C9)");
}

// --- collective_permute ---

std::string pairs(const std::string& rows, const std::string& shape) {
  return "source_target_pairs = dense<" + rows + "> : tensor<" + shape + "xi64>";
}

TEST(OpVerifyCollective, CollectivePermute) {
  const Collective ok{"collective_permute", {"tensor<2xi64>"}, {"tensor<2xi64>"}, pairs("[[0, 1], [1, 0]]", "2x2")};
  expectOk(ok);
  Collective c = ok;
  c.attrs = pairs("[[0, 1, 2]]", "1x3");
  expectBad(c, "collective_permute (C1)");
  c.attrs = pairs("[[0, 1], [0, 2]]", "2x2");
  expectBad(c, "collective_permute (C2)");
  c.attrs = pairs("[[0, 1], [2, 1]]", "2x2");
  expectBad(c, "collective_permute (C3)");
  c.attrs = pairs("[[0, -1]]", "1x2");
  expectBad(c, "collective_permute (C4)");
  // Quantized types that differ only in scale pass the schema's same-type trait, not (C5).
  c = ok;
  c.operands = {"tensor<2x!quant.uniform<i8:f32, 0.5>>"};
  c.results = {"tensor<2x!quant.uniform<i8:f32, 0.25>>"};
  expectBad(c, "collective_permute (C5)");
}

// --- collective_broadcast ---

TEST(OpVerifyCollective, CollectiveBroadcast) {
  const Collective ok{"collective_broadcast", {"tensor<2xi32>"}, {"tensor<2xi32>"}, kPair};
  expectOk(ok);
  Collective c = ok;
  c.attrs = groups("", "0x0");
  expectOk(c);
  // The peer tests' has_dynamic_root: a last operand of roots, with no result.
  c = ok;
  c.operands = {"tensor<2xi32>", "tensor<1xi32>"};
  c.attrs += ", has_dynamic_root = true";
  expectOk(c);

  c = ok;
  c.attrs = groups("[[1, 1]]", "1x2");
  expectBad(c, "collective_broadcast (C1)");
  c.attrs = groups("[[-2, 0]]", "1x2");
  expectBad(c, "collective_broadcast (C2)");
  c = ok;
  c.results = {"tensor<3xi32>"};
  expectBad(c, "collective_broadcast (C3)");
  c = ok;
  c.results = {"tensor<2xi64>"};
  expectBad(c, "collective_broadcast (C3)");
  c = ok;
  c.results = {"tensor<2xi32>", "tensor<2xi32>"};
  expectBad(c, "collective_broadcast (C3)");
}

// collective_reduce (a legacy extension) has all_reduce's constraints.
TEST(OpVerifyCollective, CollectiveReduceSharesAllReduce) {
  const Collective ok{"collective_reduce", {"tensor<4xi64>"}, {"tensor<4xi64>"}, kPair, addComputation("i64")};
  expectOk(ok);
  Collective c = ok;
  c.region = addComputation("i32");
  expectBad(c, "all_reduce (C5)");
}

}  // namespace
}  // namespace hloconf
