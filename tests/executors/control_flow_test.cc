// Control flow and calls on the cpu executor: while, if, case, func.call, composite, map and
// optimization_barrier, through the spec suite's cases and generated programs, under `default`.
#include <gtest/gtest.h>

#include "tests/executors/suite_check.h"

namespace hloconf {
namespace {

using testing::expectCpuPasses;

TEST(CpuControlFlow, SpecCasesPass) {
  for (const char* op : {"while", "if", "case", "call", "composite", "map"}) {
    SCOPED_TRACE(op);
    expectCpuPasses({std::string(HLOCONF_SOURCE_DIR) + "/cases/" + op});
  }
  // Its token case needs after_all, of another family.
  expectCpuPasses({std::string(HLOCONF_SOURCE_DIR) + "/cases/optimization_barrier"}, 1, testing::Unsupported::kCounted);
}

TEST(CpuControlFlow, GeneratedProgramsPass) {
  // The generated bodies use ops of every family; those the executor does not run yet are counted.
  const testing::SuiteTally tally =
      expectCpuPasses({"gen:while", "gen:if", "gen:case", "gen:map"}, 2, testing::Unsupported::kCounted);
  EXPECT_GT(tally.passed, 0);
}

}  // namespace
}  // namespace hloconf
