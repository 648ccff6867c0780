#include <gtest/gtest.h>

#include "tests/generators/gen_test_util.h"

namespace hloconf::gen {
namespace {

class ElementwiseGen : public ::testing::TestWithParam<std::string_view> {};

TEST_P(ElementwiseGen, CasesAreValid) {
  auto problems = testing::generatorProblems(GetParam(), 6);
  EXPECT_TRUE(problems.empty()) << problems[0];
}

std::vector<std::string_view> elementwiseOps() {
  std::vector<std::string_view> ops;
  for (const OpGenerator& g : elementwiseGenerators()) ops.push_back(g.op);
  return ops;
}

INSTANTIATE_TEST_SUITE_P(Ops, ElementwiseGen, ::testing::ValuesIn(elementwiseOps()),
                         [](const auto& info) { return std::string(info.param); });

}  // namespace
}  // namespace hloconf::gen
