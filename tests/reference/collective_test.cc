// Processes and collectives (reference/process.h, reference/kernels_collective.cc): each collective on a
// 2x1 and a 1x2 process grid with hand-computed values, send/recv, infeed/outfeed, deadlocks and
// timeouts, and the peer's interpreter.run_parallel tests.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "ir/parser.h"
#include "ir/strings.h"
#include "reference/evaluate.h"
#include "reference/process.h"
#include "tests/reference/eval_test_util.h"

namespace hloconf {
namespace {

using ref::RtValue;

struct GridRun {
  ref::ParallelResult result;
  double seconds = 0;
};

// Parses `text` and runs @`function` on every process of an R x P grid, process i with args[i].
GridRun runGrid(const std::string& text, uint32_t replicas, uint32_t partitions, std::vector<std::vector<RtValue>> args,
                std::vector<std::string> functions = {"main"}, int64_t timeout_ms = 10'000,
                std::vector<std::vector<RtValue>> infeed = {}, bool has_infeed = false) {
  GridRun out;
  auto module = parseModule(text, "test.mlir");
  if (!module.ok()) {
    ADD_FAILURE() << module.status().message() << "\n" << text;
    out.result.status = module.status();
    return out;
  }
  ref::ParallelRun run;
  run.num_replicas = replicas;
  run.num_partitions = partitions;
  const size_t n = replicas * partitions;
  for (size_t i = 0; i < n; ++i) {
    const Operation* f = module->findFunction(functions.size() == 1 ? functions[0] : functions[i]);
    EXPECT_NE(f, nullptr);
    run.programs.push_back(f);
  }
  args.resize(n);
  run.args = std::move(args);
  run.infeed = std::move(infeed);
  run.has_infeed = has_infeed;
  ref::EvalOptions options;
  options.collective_timeout_ms = timeout_ms;
  const auto start = std::chrono::steady_clock::now();
  out.result = ref::runParallel(*module, text, std::move(run), options);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

RtValue i64s(std::vector<int64_t> shape, std::vector<int64_t> values) {
  std::vector<uint64_t> bits(values.begin(), values.end());
  return test::tensorArg(std::move(shape), ElementType::kSI64, bits);
}

std::vector<int64_t> valuesOf(const RtValue& v) {
  std::vector<int64_t> out;
  for (int64_t i = 0; i < v.tensor.numElements(); ++i) out.push_back(static_cast<int64_t>(v.tensor.bits(i)));
  return out;
}

std::vector<int64_t> shapeOf(const RtValue& v) { return v.tensor.type().shape(); }

// One function @main(%x: T) -> R applying `op` (text defining %r from %x).
std::string unary(const std::string& arg_type, const std::string& result_type, const std::string& op) {
  return strCat("func.func @main(%x: ", arg_type, ") -> ", result_type, " {\n  ", op, "\n  func.return %r : ", result_type, "\n}\n");
}

const char kAddBody[] =
    "({\n  ^bb0(%a: tensor<i64>, %b: tensor<i64>):\n    %s = stablehlo.add %a, %b : tensor<i64>\n    stablehlo.return %s : tensor<i64>\n  })";

// --- replica_id, partition_id ------------------------------------------------------------------------

const char kIds[] = R"(
func.func @main() -> (tensor<ui32>, tensor<ui32>) {
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  func.return %r, %p : tensor<ui32>, tensor<ui32>
}
)";

TEST(Collective, ReplicaAndPartitionIds) {
  GridRun a = runGrid(kIds, 2, 1, {});
  ASSERT_TRUE(a.result.status.ok()) << a.result.status.message();
  ASSERT_EQ(a.result.results.size(), 2u);
  EXPECT_EQ(a.result.results[0][0].tensor.bits(0), 0u);
  EXPECT_EQ(a.result.results[1][0].tensor.bits(0), 1u);
  EXPECT_EQ(a.result.results[1][1].tensor.bits(0), 0u);
  GridRun b = runGrid(kIds, 1, 2, {});
  ASSERT_TRUE(b.result.status.ok()) << b.result.status.message();
  EXPECT_EQ(b.result.results[1][0].tensor.bits(0), 0u);
  EXPECT_EQ(b.result.results[0][1].tensor.bits(0), 0u);
  EXPECT_EQ(b.result.results[1][1].tensor.bits(0), 1u);
}

TEST(Collective, SingleProcessIsProcessZeroOfOne) {
  test::Evaluation e = test::evaluate(kIds);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(e.results[0].tensor.bits(0), 0u);
  EXPECT_EQ(e.results[1].tensor.bits(0), 0u);
  // A group of one needs no other process.
  test::Evaluation g = test::evaluate(unary("tensor<2xi64>", "tensor<2xi64>",
                                            strCat("%r = \"stablehlo.all_reduce\"(%x) ", kAddBody,
                                                   " {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2xi64>) -> tensor<2xi64>")),
                                      "main", {i64s({2}, {3, 4})});
  ASSERT_TRUE(g.status.ok()) << g.status.message();
  EXPECT_EQ(valuesOf(g.results[0]), (std::vector<int64_t>{3, 4}));
  // A group that names a second replica cannot run as one process.
  test::Evaluation bad = test::evaluate(unary("tensor<2xi64>", "tensor<2xi64>",
                                              strCat("%r = \"stablehlo.all_reduce\"(%x) ", kAddBody,
                                                     " {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>")),
                                        "main", {i64s({2}, {3, 4})});
  EXPECT_FALSE(bad.status.ok());
  EXPECT_NE(std::string(bad.status.message()).find("process grid is 1x1"), std::string::npos) << bad.status.message();
}

// --- all_gather -----------------------------------------------------------------------------------------

TEST(Collective, AllGather2x1CrossReplica) {
  const std::string text = unary("tensor<1x2xi64>", "tensor<1x4xi64>",
                                 "%r = \"stablehlo.all_gather\"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}"
                                 " : (tensor<1x2xi64>) -> tensor<1x4xi64>");
  GridRun g = runGrid(text, 2, 1, {{i64s({1, 2}, {1, 2})}, {i64s({1, 2}, {3, 4})}});
  ASSERT_TRUE(g.result.status.ok()) << g.result.status.message();
  // Group order [1, 0]: replica 1's operand first.
  for (int p = 0; p < 2; ++p) EXPECT_EQ(valuesOf(g.result.results[p][0]), (std::vector<int64_t>{3, 4, 1, 2}));
}

TEST(Collective, AllGather1x2CrossReplicaAndPartitionAndFlattenedIds) {
  // channel_id > 0: cross_replica_and_partition([[0]]) = [[(0,0), (0,1)]].
  const std::string text = unary("tensor<2xi64>", "tensor<4xi64>",
                                 "%r = \"stablehlo.all_gather\"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>,"
                                 " channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>} : (tensor<2xi64>) -> tensor<4xi64>");
  GridRun g = runGrid(text, 1, 2, {{i64s({2}, {1, 2})}, {i64s({2}, {3, 4})}});
  ASSERT_TRUE(g.result.status.ok()) << g.result.status.message();
  for (int p = 0; p < 2; ++p) EXPECT_EQ(valuesOf(g.result.results[p][0]), (std::vector<int64_t>{1, 2, 3, 4}));
  // flattened_ids([[1, 0]]).
  const std::string flat = unary("tensor<2xi64>", "tensor<4xi64>",
                                 "%r = \"stablehlo.all_gather\"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>,"
                                 " channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, use_global_device_ids} :"
                                 " (tensor<2xi64>) -> tensor<4xi64>");
  GridRun f = runGrid(flat, 1, 2, {{i64s({2}, {1, 2})}, {i64s({2}, {3, 4})}});
  ASSERT_TRUE(f.result.status.ok()) << f.result.status.message();
  for (int p = 0; p < 2; ++p) EXPECT_EQ(valuesOf(f.result.results[p][0]), (std::vector<int64_t>{3, 4, 1, 2}));
}

// --- all_reduce -----------------------------------------------------------------------------------------

TEST(Collective, AllReduce2x1And1x2) {
  const std::string cross_replica = unary("tensor<3xi64>", "tensor<3xi64>",
                                          strCat("%r = \"stablehlo.all_reduce\"(%x) ", kAddBody,
                                                 " {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xi64>) -> tensor<3xi64>"));
  GridRun a = runGrid(cross_replica, 2, 1, {{i64s({3}, {1, 2, 3})}, {i64s({3}, {10, 20, -30})}});
  ASSERT_TRUE(a.result.status.ok()) << a.result.status.message();
  for (int p = 0; p < 2; ++p) EXPECT_EQ(valuesOf(a.result.results[p][0]), (std::vector<int64_t>{11, 22, -27}));
  // On a 1x2 grid the same op groups each partition alone: no change.
  GridRun solo = runGrid(cross_replica, 1, 2, {{i64s({3}, {1, 2, 3})}, {i64s({3}, {10, 20, -30})}});
  EXPECT_FALSE(solo.result.status.ok());  // replica 1 does not exist on a 1x2 grid
  const std::string cross_partition = unary("tensor<3xi64>", "tensor<3xi64>",
                                            strCat("%r = \"stablehlo.all_reduce\"(%x) ", kAddBody,
                                                   " {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = "
                                                   "#stablehlo.channel_handle<handle = 5, type = 1>, use_global_device_ids} :"
                                                   " (tensor<3xi64>) -> tensor<3xi64>"));
  GridRun b = runGrid(cross_partition, 1, 2, {{i64s({3}, {1, 2, 3})}, {i64s({3}, {10, 20, -30})}});
  ASSERT_TRUE(b.result.status.ok()) << b.result.status.message();
  for (int p = 0; p < 2; ++p) EXPECT_EQ(valuesOf(b.result.results[p][0]), (std::vector<int64_t>{11, 22, -27}));
}

TEST(Collective, AllReduceFoldsInGroupOrder) {
  // A non-commutative body (a - b) shows the order: x@g0 - x@g1 for group [1, 0] is x@1 - x@0.
  const std::string text = unary(
      "tensor<1xi64>", "tensor<1xi64>",
      "%r = \"stablehlo.all_reduce\"(%x) ({\n  ^bb0(%a: tensor<i64>, %b: tensor<i64>):\n    %s = stablehlo.subtract %a, %b : tensor<i64>\n"
      "    stablehlo.return %s : tensor<i64>\n  }) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<1xi64>) -> tensor<1xi64>");
  GridRun g = runGrid(text, 2, 1, {{i64s({1}, {5})}, {i64s({1}, {100})}});
  ASSERT_TRUE(g.result.status.ok()) << g.result.status.message();
  for (int p = 0; p < 2; ++p) EXPECT_EQ(valuesOf(g.result.results[p][0]), (std::vector<int64_t>{95}));
}

// --- reduce_scatter -------------------------------------------------------------------------------------

TEST(Collective, ReduceScatter2x1And1x2) {
  auto text = [](const std::string& extra) {
    return unary("tensor<4xi64>", "tensor<2xi64>",
                 strCat("%r = \"stablehlo.reduce_scatter\"(%x) ", kAddBody, " {scatter_dimension = 0 : i64, ", extra,
                        "} : (tensor<4xi64>) -> tensor<2xi64>"));
  };
  std::vector<std::vector<RtValue>> args = {{i64s({4}, {1, 2, 3, 4})}, {i64s({4}, {10, 20, 30, 40})}};
  GridRun a = runGrid(text("replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>"), 2, 1, args);
  ASSERT_TRUE(a.result.status.ok()) << a.result.status.message();
  EXPECT_EQ(valuesOf(a.result.results[0][0]), (std::vector<int64_t>{11, 22}));
  EXPECT_EQ(valuesOf(a.result.results[1][0]), (std::vector<int64_t>{33, 44}));
  // 1x2, cross_replica_and_partition([[0]]) = [[(0,0), (0,1)]].
  GridRun b = runGrid(text("replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>"), 1,
                      2, args);
  ASSERT_TRUE(b.result.status.ok()) << b.result.status.message();
  EXPECT_EQ(valuesOf(b.result.results[0][0]), (std::vector<int64_t>{11, 22}));
  EXPECT_EQ(valuesOf(b.result.results[1][0]), (std::vector<int64_t>{33, 44}));
}

// --- Quantized operands and promotion in all_reduce, reduce_scatter ---------------------------------------------

// A tensor of !quant.uniform<i8:f32, scale:zero_point> with the given storage integers.
RtValue quantizedI8(std::vector<int64_t> shape, std::vector<int64_t> storage, double scale, int64_t zero_point) {
  QuantizedType q;
  q.storage_type = ElementType::kSI8;
  q.storage_min = -128;
  q.storage_max = 127;
  q.expressed_type = ElementType::kF32;
  q.scales = {scale};
  q.zero_points = {zero_point};
  Tensor t(Type::tensor(std::move(shape), Type::quantized(q)));
  for (size_t i = 0; i < storage.size(); ++i) t.setBits(static_cast<int64_t>(i), static_cast<uint64_t>(storage[i]) & 0xFF);
  return RtValue::ofTensor(std::move(t));
}

std::vector<int64_t> storageOf(const RtValue& v) {
  std::vector<int64_t> out;
  for (int64_t i = 0; i < v.tensor.numElements(); ++i) out.push_back(static_cast<int8_t>(v.tensor.bits(i)));
  return out;
}

std::vector<bool> marksOf(const RtValue& v) { return test::marks(v); }

// all_reduce of one operand of type `t` over replicas `groups`, with the one-op body `op` on tensor<body_t>.
std::string allReduceText(const std::string& t, const std::string& result_t, const std::string& body_t, const std::string& op,
                          const std::string& groups) {
  return unary(t, result_t,
               strCat("%r = \"stablehlo.all_reduce\"(%x) ({\n  ^bb0(%a: tensor<", body_t, ">, %b: tensor<", body_t, ">):\n    %s = ", op,
                      " %a, %b : tensor<", body_t, ">\n    stablehlo.return %s : tensor<", body_t, ">\n  }) {replica_groups = ", groups,
                      "} : (", t, ") -> ", result_t));
}

TEST(Collective, AllReduceQuantizedRequantizesAtEachStep) {
  // i8, scale 1, zero point 0, on 3 replicas: element 0 folds 100 + 100 = 200, which clamps to 127, then
  // 127 - 100 = 27 (the exact sum is 100); element 1: 10 + 20 + 30 = 60. Three processes give two
  // schedules, and a quantized add requantizes at each step: every element is marked.
  const std::string q = "tensor<2x!quant.uniform<i8:f32, 1.0>>";
  const std::vector<std::vector<RtValue>> args = {{quantizedI8({2}, {100, 10}, 1.0, 0)},
                                                  {quantizedI8({2}, {100, 20}, 1.0, 0)},
                                                  {quantizedI8({2}, {-100, 30}, 1.0, 0)}};
  GridRun add = runGrid(allReduceText(q, q, "!quant.uniform<i8:f32, 1.0>", "stablehlo.add", "dense<[[0, 1, 2]]> : tensor<1x3xi64>"), 3, 1, args);
  ASSERT_TRUE(add.result.status.ok()) << add.result.status.message();
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(storageOf(add.result.results[p][0]), (std::vector<int64_t>{27, 60}));
    EXPECT_EQ(marksOf(add.result.results[p][0]), (std::vector<bool>{true, true}));
    EXPECT_EQ(add.result.results[p][0].tensor.type().toString(), q);
  }
  // maximum on values that requantize to themselves: one result in every schedule, not marked.
  GridRun max = runGrid(allReduceText(q, q, "!quant.uniform<i8:f32, 1.0>", "stablehlo.maximum", "dense<[[0, 1, 2]]> : tensor<1x3xi64>"), 3, 1, args);
  ASSERT_TRUE(max.result.status.ok()) << max.result.status.message();
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(storageOf(max.result.results[p][0]), (std::vector<int64_t>{100, 30}));
    EXPECT_EQ(marksOf(max.result.results[p][0]), (std::vector<bool>{false, false}));
  }
  // Two processes have one schedule: 100 + 100 clamps to 127, 10 + 20 = 30, not marked.
  GridRun two = runGrid(allReduceText(q, q, "!quant.uniform<i8:f32, 1.0>", "stablehlo.add", "dense<[[0, 1]]> : tensor<1x2xi64>"), 2, 1,
                        {args[0], args[1]});
  ASSERT_TRUE(two.result.status.ok()) << two.result.status.message();
  EXPECT_EQ(storageOf(two.result.results[0][0]), (std::vector<int64_t>{127, 30}));
  EXPECT_EQ(marksOf(two.result.results[0][0]), (std::vector<bool>{false, false}));
}

TEST(Collective, AllReduceAndReduceScatterPromoteToTheComputationsType) {
  // i8 operands with an i32 computation (C5): 100 + 100 = 200 and -100 + -100 = -200, no wrap; the result
  // element type is i32 (C7).
  auto i8s = [](std::vector<int64_t> values) {
    std::vector<uint64_t> bits;
    for (int64_t v : values) bits.push_back(static_cast<uint64_t>(v) & 0xFF);
    return test::tensorArg({static_cast<int64_t>(values.size())}, ElementType::kSI8, bits);
  };
  GridRun a = runGrid(allReduceText("tensor<2xi8>", "tensor<2xi32>", "i32", "stablehlo.add", "dense<[[0, 1]]> : tensor<1x2xi64>"), 2, 1,
                      {{i8s({100, -100})}, {i8s({100, -100})}});
  ASSERT_TRUE(a.result.status.ok()) << a.result.status.message();
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(a.result.results[p][0].tensor.elementType(), ElementType::kSI32);
    EXPECT_EQ(a.result.results[p][0].tensor.bits(0), 200u);
    EXPECT_EQ(a.result.results[p][0].tensor.bits(1), static_cast<uint32_t>(-200));
  }
  // reduce_scatter: [100, 1] + [100, 2] = [200, 3] in i32; replica 0 gets [200], replica 1 gets [3].
  const std::string rs = unary("tensor<2xi8>", "tensor<1xi32>",
                               "%r = \"stablehlo.reduce_scatter\"(%x) ({\n  ^bb0(%a: tensor<i32>, %b: tensor<i32>):\n"
                               "    %s = stablehlo.add %a, %b : tensor<i32>\n    stablehlo.return %s : tensor<i32>\n  }) "
                               "{scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi8>) -> tensor<1xi32>");
  GridRun b = runGrid(rs, 2, 1, {{i8s({100, 1})}, {i8s({100, 2})}});
  ASSERT_TRUE(b.result.status.ok()) << b.result.status.message();
  EXPECT_EQ(b.result.results[0][0].tensor.bits(0), 200u);
  EXPECT_EQ(b.result.results[1][0].tensor.bits(0), 3u);
  // A narrower computation (i8 for i32 operands) is not promotable: an error, not "unsupported".
  test::Evaluation bad = test::evaluate(allReduceText("tensor<2xi32>", "tensor<2xi8>", "i8", "stablehlo.add", "dense<[[0]]> : tensor<1x1xi64>"),
                                        "main", {test::tensorArg({2}, ElementType::kSI32, {1, 2})});
  EXPECT_FALSE(bad.status.ok());
  EXPECT_NE(bad.status.code(), absl::StatusCode::kUnimplemented) << bad.status.message();
}

TEST(Collective, ReduceScatterQuantized) {
  // Scale 0.5, zero point 1 on 2 replicas: [5, 3] = [2, 1] and [7, 1] = [3, 0]: sums [5, 1] = q [11, 3];
  // replica 0 gets [11], replica 1 gets [3]. Two processes, one schedule: not marked.
  const std::string q = "!quant.uniform<i8:f32, 0.5:1>";
  const std::string text =
      unary(strCat("tensor<2x", q, ">"), strCat("tensor<1x", q, ">"),
            strCat("%r = \"stablehlo.reduce_scatter\"(%x) ({\n  ^bb0(%a: tensor<", q, ">, %b: tensor<", q, ">):\n    %s = stablehlo.add %a, %b : tensor<",
                   q, ">\n    stablehlo.return %s : tensor<", q, ">\n  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x",
                   q, ">) -> tensor<1x", q, ">"));
  GridRun g = runGrid(text, 2, 1, {{quantizedI8({2}, {5, 3}, 0.5, 1)}, {quantizedI8({2}, {7, 1}, 0.5, 1)}});
  ASSERT_TRUE(g.result.status.ok()) << g.result.status.message();
  EXPECT_EQ(storageOf(g.result.results[0][0]), (std::vector<int64_t>{11}));
  EXPECT_EQ(storageOf(g.result.results[1][0]), (std::vector<int64_t>{3}));
  EXPECT_EQ(marksOf(g.result.results[0][0]), (std::vector<bool>{false}));
}

// --- all_to_all -----------------------------------------------------------------------------------------

TEST(Collective, AllToAll2x1And1x2) {
  auto text = [](const std::string& extra) {
    return unary("tensor<1x4xi64>", "tensor<2x2xi64>",
                 strCat("%r = \"stablehlo.all_to_all\"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, "
                        "replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>", extra, "} : (tensor<1x4xi64>) -> tensor<2x2xi64>"));
  };
  std::vector<std::vector<RtValue>> args = {{i64s({1, 4}, {1, 2, 3, 4})}, {i64s({1, 4}, {5, 6, 7, 8})}};
  GridRun a = runGrid(text(""), 2, 1, args);
  ASSERT_TRUE(a.result.status.ok()) << a.result.status.message();
  EXPECT_EQ(valuesOf(a.result.results[0][0]), (std::vector<int64_t>{1, 2, 5, 6}));
  EXPECT_EQ(valuesOf(a.result.results[1][0]), (std::vector<int64_t>{3, 4, 7, 8}));
  EXPECT_EQ(shapeOf(a.result.results[1][0]), (std::vector<int64_t>{2, 2}));
  GridRun b = runGrid(text(", channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>"), 1, 2, args);  // cross_partition
  ASSERT_TRUE(b.result.status.ok()) << b.result.status.message();
  EXPECT_EQ(valuesOf(b.result.results[0][0]), (std::vector<int64_t>{1, 2, 5, 6}));
  EXPECT_EQ(valuesOf(b.result.results[1][0]), (std::vector<int64_t>{3, 4, 7, 8}));
}

// --- collective_broadcast, collective_permute -----------------------------------------------------------

TEST(Collective, CollectiveBroadcast2x1And1x2) {
  auto text = [](const std::string& extra) {
    return unary("tensor<2xi64>", "tensor<2xi64>",
                 strCat("%r = \"stablehlo.collective_broadcast\"(%x) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>", extra,
                        "} : (tensor<2xi64>) -> tensor<2xi64>"));
  };
  std::vector<std::vector<RtValue>> args = {{i64s({2}, {1, 2})}, {i64s({2}, {3, 4})}};
  GridRun a = runGrid(text(""), 2, 1, args);
  ASSERT_TRUE(a.result.status.ok()) << a.result.status.message();
  for (int p = 0; p < 2; ++p) EXPECT_EQ(valuesOf(a.result.results[p][0]), (std::vector<int64_t>{3, 4}));
  GridRun b = runGrid(text(", channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>"), 1, 2, args);
  ASSERT_TRUE(b.result.status.ok()) << b.result.status.message();
  for (int p = 0; p < 2; ++p) EXPECT_EQ(valuesOf(b.result.results[p][0]), (std::vector<int64_t>{3, 4}));
  // A process in no group gets zeros.
  const std::string partial = unary("tensor<2xi64>", "tensor<2xi64>",
                                    "%r = \"stablehlo.collective_broadcast\"(%x) {replica_groups = dense<[[1]]> : tensor<1x1xi64>} :"
                                    " (tensor<2xi64>) -> tensor<2xi64>");
  GridRun c = runGrid(partial, 2, 1, args);
  ASSERT_TRUE(c.result.status.ok()) << c.result.status.message();
  EXPECT_EQ(valuesOf(c.result.results[0][0]), (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(valuesOf(c.result.results[1][0]), (std::vector<int64_t>{3, 4}));
}

TEST(Collective, CollectivePermute2x1And1x2) {
  auto text = [](const std::string& pairs, const std::string& extra) {
    return unary("tensor<2xi64>", "tensor<2xi64>",
                 strCat("%r = \"stablehlo.collective_permute\"(%x) {source_target_pairs = dense<", pairs, "> : tensor<", pairs == "[[0, 1]]" ? 1 : 2,
                        "x2xi64>", extra, "} : (tensor<2xi64>) -> tensor<2xi64>"));
  };
  std::vector<std::vector<RtValue>> args = {{i64s({2}, {1, 2})}, {i64s({2}, {3, 4})}};
  GridRun swap = runGrid(text("[[0, 1], [1, 0]]", ""), 2, 1, args);
  ASSERT_TRUE(swap.result.status.ok()) << swap.result.status.message();
  EXPECT_EQ(valuesOf(swap.result.results[0][0]), (std::vector<int64_t>{3, 4}));
  EXPECT_EQ(valuesOf(swap.result.results[1][0]), (std::vector<int64_t>{1, 2}));
  GridRun one_way = runGrid(text("[[0, 1]]", ", channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>"), 1, 2, args);
  ASSERT_TRUE(one_way.result.status.ok()) << one_way.result.status.message();
  EXPECT_EQ(valuesOf(one_way.result.results[0][0]), (std::vector<int64_t>{0, 0}));  // no source sends to partition 0
  EXPECT_EQ(valuesOf(one_way.result.results[1][0]), (std::vector<int64_t>{1, 2}));
}

// --- send/recv, infeed, outfeed -------------------------------------------------------------------------

const char kSendRecv[] = R"(
func.func @sender(%x: tensor<2xi64>) -> tensor<2xi64> {
  %t = stablehlo.after_all : !stablehlo.token
  %t1 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  %c = stablehlo.constant dense<[9, 9]> : tensor<2xi64>
  %t2 = "stablehlo.send"(%c, %t1) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  func.return %x : tensor<2xi64>
}
func.func @receiver(%x: tensor<2xi64>) -> tensor<2xi64> {
  %t = stablehlo.after_all : !stablehlo.token
  %a, %t1 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  %b, %t2 = "stablehlo.recv"(%t1) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  %r = stablehlo.subtract %a, %b : tensor<2xi64>
  func.return %r : tensor<2xi64>
}
)";

TEST(Collective, SendRecvInChannelOrder) {
  for (auto [replicas, partitions] : {std::pair{2u, 1u}, std::pair{1u, 2u}}) {
    GridRun g = runGrid(kSendRecv, replicas, partitions, {{i64s({2}, {1, 2})}, {i64s({2}, {0, 0})}}, {"sender", "receiver"});
    ASSERT_TRUE(g.result.status.ok()) << g.result.status.message();
    EXPECT_EQ(valuesOf(g.result.results[1][0]), (std::vector<int64_t>{1 - 9, 2 - 9}));  // first sent, first received
  }
}

const char kFeeds[] = R"(
func.func @main(%x: tensor<2xi64>) -> tensor<2xi64> {
  %t = stablehlo.after_all : !stablehlo.token
  %a, %t1 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  %s = stablehlo.add %a, %x : tensor<2xi64>
  %t2 = "stablehlo.outfeed"(%s, %t1) : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  func.return %s : tensor<2xi64>
}
)";

TEST(Collective, InfeedAndOutfeed) {
  GridRun g = runGrid(kFeeds, 1, 1, {{i64s({2}, {1, 2})}}, {"main"}, 10'000, {{i64s({2}, {10, 20})}}, true);
  ASSERT_TRUE(g.result.status.ok()) << g.result.status.message();
  EXPECT_EQ(valuesOf(g.result.results[0][0]), (std::vector<int64_t>{11, 22}));
  ASSERT_EQ(g.result.outfeed.size(), 1u);
  EXPECT_EQ(valuesOf(g.result.outfeed[0].values[0]), (std::vector<int64_t>{11, 22}));
  // Without an infeed the error says how to give one.
  test::Evaluation e = test::evaluate(kFeeds, "main", {i64s({2}, {1, 2})});
  EXPECT_FALSE(e.status.ok());
  EXPECT_NE(std::string(e.status.message()).find("`infeed` attribute"), std::string::npos) << e.status.message();
  // Two processes share one queue: each entry is read once.
  GridRun two = runGrid(kFeeds, 2, 1, {{i64s({2}, {0, 0})}, {i64s({2}, {0, 0})}}, {"main"}, 10'000,
                        {{i64s({2}, {1, 1})}, {i64s({2}, {2, 2})}}, true);
  ASSERT_TRUE(two.result.status.ok()) << two.result.status.message();
  std::vector<int64_t> firsts = {valuesOf(two.result.results[0][0])[0], valuesOf(two.result.results[1][0])[0]};
  std::sort(firsts.begin(), firsts.end());
  EXPECT_EQ(firsts, (std::vector<int64_t>{1, 2}));
}

TEST(Collective, InfeedEntriesMustMatchTheOpsResultTypes) {
  // An entry of another type (si64 pair where tensor<2xi64> is fine, a 3-element one is not) fails and names
  // the entry's source; a type-correct queue runs.
  auto module = parseModule(kFeeds, "feeds.mlir");
  ASSERT_TRUE(module.ok()) << module.status().message();
  const Operation* main = module->findFunction("main");
  ref::InfeedQueue wrong{{{i64s({3}, {1, 2, 3})}}, {"three.npy"}};
  ref::FunctionRun bad = ref::evaluateFunction(*module, kFeeds, *main, {i64s({2}, {0, 0})}, 1, 1, {}, &wrong);
  EXPECT_FALSE(bad.status.ok());
  EXPECT_NE(std::string(bad.status.message()).find("infeed entry 0 (three.npy): value 0 has type tensor<3xi64>, but result 0 of the op "
                                                   "has type tensor<2xi64>"),
            std::string::npos)
      << bad.status.message();
  // evaluateFunction on a 2x1 grid: the processes share the queue, and the outfeed comes back in process order.
  ref::InfeedQueue queue{{{i64s({2}, {1, 1})}, {i64s({2}, {2, 2})}}, {}};
  ref::FunctionRun good = ref::evaluateFunction(*module, kFeeds, *main, {i64s({2}, {10, 10})}, 2, 1, {}, &queue);
  ASSERT_TRUE(good.status.ok()) << good.status.message();
  ASSERT_EQ(good.outfeed.size(), 2u);
  EXPECT_EQ(good.outfeed[0].replica_id, 0u);
  EXPECT_EQ(good.outfeed[1].replica_id, 1u);
  std::vector<int64_t> firsts = {valuesOf(good.outfeed[0].values[0])[0], valuesOf(good.outfeed[1].values[0])[0]};
  std::sort(firsts.begin(), firsts.end());
  EXPECT_EQ(firsts, (std::vector<int64_t>{11, 12}));
  // A third read finds the queue empty.
  ref::InfeedQueue short_queue{{{i64s({2}, {1, 1})}}, {}};
  ref::FunctionRun exhausted = ref::evaluateFunction(*module, kFeeds, *main, {i64s({2}, {0, 0})}, 2, 1, {}, &short_queue);
  EXPECT_FALSE(exhausted.status.ok());
  EXPECT_NE(std::string(exhausted.status.message()).find("the infeed queue is empty"), std::string::npos) << exhausted.status.message();
}

// --- deadlocks and timeouts -----------------------------------------------------------------------------

const char kMismatched[] = R"(
func.func @reduce(%x: tensor<2xi64>) -> tensor<2xi64> {
  %r = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  func.return %r : tensor<2xi64>
}
func.func @gather(%x: tensor<2xi64>) -> tensor<2xi64> {
  %r = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<4xi64>
  %s = "stablehlo.slice"(%r) {start_indices = array<i64: 0>, limit_indices = array<i64: 2>, strides = array<i64: 1>} : (tensor<4xi64>) -> tensor<2xi64>
  func.return %s : tensor<2xi64>
}
func.func @skip(%x: tensor<2xi64>) -> tensor<2xi64> {
  func.return %x : tensor<2xi64>
}
func.func @recv_then_send(%x: tensor<2xi64>) -> tensor<2xi64> {
  %t = stablehlo.after_all : !stablehlo.token
  %a, %t1 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  %t2 = "stablehlo.send"(%x, %t1) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  func.return %a : tensor<2xi64>
}
func.func @recv_other(%x: tensor<2xi64>) -> tensor<2xi64> {
  %t = stablehlo.after_all : !stablehlo.token
  %a, %t1 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  %t2 = "stablehlo.send"(%x, %t1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  func.return %a : tensor<2xi64>
}
func.func @spin(%x: tensor<2xi64>) -> tensor<2xi64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %big = stablehlo.constant dense<1000000000> : tensor<i64>
  %n = stablehlo.while(%i = %zero) : tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %big : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %j = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %j : tensor<i64>
  }
  func.return %x : tensor<2xi64>
}
)";

std::vector<std::vector<RtValue>> twoArgs() { return {{i64s({2}, {1, 2})}, {i64s({2}, {3, 4})}}; }

TEST(Collective, MismatchedCollectivesFailAtOnce) {
  GridRun g = runGrid(kMismatched, 2, 1, twoArgs(), {"reduce", "gather"}, 60'000);
  ASSERT_FALSE(g.result.status.ok());
  EXPECT_NE(std::string(g.result.status.message()).find("mismatched collectives"), std::string::npos) << g.result.status.message();
  EXPECT_LT(g.seconds, 5.0);
}

TEST(Collective, CollectiveThatAPeerNeverReachesFailsAtOnce) {
  GridRun g = runGrid(kMismatched, 1, 2, twoArgs(), {"reduce", "skip"}, 60'000);
  ASSERT_FALSE(g.result.status.ok());
  // reduce's replica_groups name replica 1, which a 1x2 grid lacks; on 2x1 the peer just returns.
  GridRun h = runGrid(kMismatched, 2, 1, twoArgs(), {"reduce", "skip"}, 60'000);
  ASSERT_FALSE(h.result.status.ok());
  EXPECT_NE(std::string(h.result.status.message()).find("finished or failed without reaching stablehlo.all_reduce"), std::string::npos)
      << h.result.status.message();
  EXPECT_LT(h.seconds, 5.0);
}

TEST(Collective, RecvDeadlockIsDetected) {
  GridRun g = runGrid(kMismatched, 2, 1, twoArgs(), {"recv_then_send", "recv_other"}, 60'000);
  ASSERT_FALSE(g.result.status.ok());
  EXPECT_NE(std::string(g.result.status.message()).find("deadlock"), std::string::npos) << g.result.status.message();
  EXPECT_LT(g.seconds, 5.0);
}

TEST(Collective, WaitTimesOutWhileAPeerIsBusy) {
  GridRun g = runGrid(kMismatched, 2, 1, twoArgs(), {"reduce", "spin"}, 300);
  ASSERT_FALSE(g.result.status.ok());
  EXPECT_EQ(g.result.status.code(), absl::StatusCode::kDeadlineExceeded) << g.result.status.message();
  EXPECT_NE(std::string(g.result.status.message()).find("timed out after 300 ms"), std::string::npos) << g.result.status.message();
  EXPECT_LT(g.seconds, 10.0);  // the busy process is stopped at its next op
}

// --- interpreter.run_parallel ---------------------------------------------------------------------------

TEST(Collective, RunParallelOpInAModule) {
  const std::string text = R"(
func.func @gather(%x: tensor<1xi64>) -> tensor<2xi64> {
  %r = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<1xi64>) -> tensor<2xi64>
  func.return %r : tensor<2xi64>
}
func.func @main() -> (tensor<2xi64>, tensor<2xi64>) {
  %a = stablehlo.constant dense<[7]> : tensor<1xi64>
  %b = stablehlo.constant dense<[8]> : tensor<1xi64>
  %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@gather], [@gather]]} : (tensor<1xi64>, tensor<1xi64>) -> (tensor<2xi64>, tensor<2xi64>)
  check.expect_eq_const %r#1, dense<[7, 8]> : tensor<2xi64>
  func.return %r#0, %r#1 : tensor<2xi64>, tensor<2xi64>
}
)";
  test::Evaluation e = test::evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(e.failed_checks, 0);
  EXPECT_EQ(e.checks.size(), 1u);
  EXPECT_EQ(valuesOf(e.results[0]), (std::vector<int64_t>{7, 8}));
}

TEST(Collective, NestedRunParallelIsAnError) {
  const std::string text = R"(
func.func @main() -> () {
  "interpreter.run_parallel"() {programs = [[@main, @main]]} : () -> ()
  func.return
}
)";
  test::Evaluation e = test::evaluate(text);
  ASSERT_FALSE(e.status.ok());
  EXPECT_NE(std::string(e.status.message()).find("nested run_parallel"), std::string::npos) << e.status.message();
}

void collectOps(const Operation& op, bool& found) {
  if (op.name == "interpreter.run_parallel") found = true;
  for (const Region& region : op.regions) {
    for (const auto& block : region.blocks) {
      for (const auto& inner : block->operations) collectOps(*inner, found);
    }
  }
}

// Every function of the peer's interpret tests that uses interpreter.run_parallel passes its checks.
TEST(Collective, PeerRunParallelTestsPass) {
  const std::filesystem::path folder = std::filesystem::path(HLOCONF_SHARED_DIR) / "peer" / "stablehlo-interpret-tests";
  if (!std::filesystem::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
    if (entry.is_regular_file() && entry.path().extension() == ".mlir") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  int total = 0, passed = 0;
  for (const std::string& path : files) {
    auto text = readFile(path);
    ASSERT_TRUE(text.ok());
    if (text->find("interpreter.run_parallel") == std::string::npos) continue;
    for (const SourceChunk& chunk : splitInputFile(*text)) {
      auto module = parseModule(*text, path, chunk.begin, chunk.end);
      if (!module.ok()) continue;
      bool uses = false;
      collectOps(*module->op, uses);
      if (!uses) continue;
      ++total;
      const Operation* main = module->findFunction("main");
      ASSERT_NE(main, nullptr) << path;
      ref::Interpreter interp(*module, *text);
      auto results = interp.callFunction(*main, {});
      if (results.ok() && interp.failedChecks() == 0) {
        ++passed;
      } else {
        ADD_FAILURE() << path << ": " << (results.ok() ? "a check failed" : std::string(results.status().message()));
      }
    }
  }
  std::printf("[ PEER     ] interpreter.run_parallel tests: %d of %d pass\n", passed, total);
  EXPECT_GE(total, 38);
  EXPECT_EQ(passed, total);
}

}  // namespace
}  // namespace hloconf

namespace hloconf {
namespace {

// Three f32 operands 1e8, 1, -1e8: the exact sum is 1, the left fold in group order gives 0 (1e8 + 1
// rounds to 1e8). The reference gives the exact sum rounded once, with the accumulation bound
// gamma_3 * (2e8 + 1) + half an ulp, which admits the fold's 0; a subtract body (order-dependent, no
// bound) marks the element; maximum is order-independent and neither marked nor bounded.
TEST(Collective, AllReduceOfThreeFloatsIsTheExactSumWithABound) {
  const std::vector<std::vector<RtValue>> args = {
      {test::tensorArg({1}, ElementType::kF32, {std::bit_cast<uint32_t>(1e8f)})},
      {test::tensorArg({1}, ElementType::kF32, {std::bit_cast<uint32_t>(1.0f)})},
      {test::tensorArg({1}, ElementType::kF32, {std::bit_cast<uint32_t>(-1e8f)})}};
  const std::string groups = "dense<[[0, 1, 2]]> : tensor<1x3xi64>";
  GridRun add = runGrid(allReduceText("tensor<1xf32>", "tensor<1xf32>", "f32", "stablehlo.add", groups), 3, 1, args);
  ASSERT_TRUE(add.result.status.ok()) << add.result.status.message();
  for (int p = 0; p < 3; ++p) {
    const RtValue& r = add.result.results[p][0];
    EXPECT_EQ(r.tensor.bits(0), std::bit_cast<uint32_t>(1.0f));
    ASSERT_EQ(r.error_bound.size(), 1u);
    const double gamma3 = 3 * 0x1p-24 / (1 - 3 * 0x1p-24);
    EXPECT_GE(r.error_bound[0], gamma3 * (2e8 + 1));
    EXPECT_LE(r.error_bound[0], gamma3 * (2e8 + 1) * 1.001 + 1);
    EXPECT_FALSE(r.isImplDefined(0));
  }
  GridRun sub = runGrid(allReduceText("tensor<1xf32>", "tensor<1xf32>", "f32", "stablehlo.subtract", groups), 3, 1, args);
  ASSERT_TRUE(sub.result.status.ok()) << sub.result.status.message();
  EXPECT_TRUE(sub.result.results[0][0].isImplDefined(0));
  GridRun max = runGrid(allReduceText("tensor<1xf32>", "tensor<1xf32>", "f32", "stablehlo.maximum", groups), 3, 1, args);
  ASSERT_TRUE(max.result.status.ok()) << max.result.status.message();
  EXPECT_EQ(max.result.results[0][0].tensor.bits(0), std::bit_cast<uint32_t>(1e8f));
  EXPECT_FALSE(max.result.results[0][0].isImplDefined(0));
  EXPECT_TRUE(max.result.results[0][0].error_bound.empty());
}

}  // namespace
}  // namespace hloconf
