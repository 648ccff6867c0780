// The control family's generators (generators/programs_control.cc): every generated case of every
// (element type, strategy) parses, lowers for `hloconf run` and evaluates on the reference.
#include <gtest/gtest.h>

#include "tests/generators/gen_test_util.h"

namespace hloconf::gen {
namespace {

TEST(ControlGen, If) {
  const std::vector<std::string> problems = testing::generatorProblems("if", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, Case) {
  const std::vector<std::string> problems = testing::generatorProblems("case", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, While) {
  const std::vector<std::string> problems = testing::generatorProblems("while", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, Call) {
  const std::vector<std::string> problems = testing::generatorProblems("call", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, Composite) {
  const std::vector<std::string> problems = testing::generatorProblems("composite", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, AfterAll) {
  const std::vector<std::string> problems = testing::generatorProblems("after_all", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, AllGather) {
  const std::vector<std::string> problems = testing::generatorProblems("all_gather", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, AllReduce) {
  const std::vector<std::string> problems = testing::generatorProblems("all_reduce", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, AllToAll) {
  const std::vector<std::string> problems = testing::generatorProblems("all_to_all", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, CollectiveBroadcast) {
  const std::vector<std::string> problems = testing::generatorProblems("collective_broadcast", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, CollectivePermute) {
  const std::vector<std::string> problems = testing::generatorProblems("collective_permute", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, ReduceScatter) {
  const std::vector<std::string> problems = testing::generatorProblems("reduce_scatter", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, ReplicaId) {
  const std::vector<std::string> problems = testing::generatorProblems("replica_id", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, PartitionId) {
  const std::vector<std::string> problems = testing::generatorProblems("partition_id", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, Send) {
  const std::vector<std::string> problems = testing::generatorProblems("send", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, Recv) {
  const std::vector<std::string> problems = testing::generatorProblems("recv", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, Infeed) {
  const std::vector<std::string> problems = testing::generatorProblems("infeed", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, Outfeed) {
  const std::vector<std::string> problems = testing::generatorProblems("outfeed", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, Rng) {
  const std::vector<std::string> problems = testing::generatorProblems("rng", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, RngBitGenerator) {
  const std::vector<std::string> problems = testing::generatorProblems("rng_bit_generator", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, UniformQuantize) {
  const std::vector<std::string> problems = testing::generatorProblems("uniform_quantize", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ControlGen, UniformDequantize) {
  const std::vector<std::string> problems = testing::generatorProblems("uniform_dequantize", 20);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

// The same case ID gives the same text.
TEST(ControlGen, SameIdSameText) {
  for (const OpGenerator& g : controlGenerators()) {
    for (uint64_t index = 0; index < 3; ++index) {
      const CaseKey key{std::string(g.op), std::string(g.types.front()), Strategy::kUniform, 7, index};
      auto a = generateCase(key), b = generateCase(key);
      ASSERT_TRUE(a.ok() && b.ok()) << key.id();
      EXPECT_EQ(a->text, b->text) << key.id();
    }
  }
}

}  // namespace
}  // namespace hloconf::gen

