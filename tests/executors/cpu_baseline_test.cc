// The baseline CI holds the cpu executor to (ci/cpu-baseline.json): `hloconf run --backend cpu spec`
// may fail only on the cases it lists, and every entry must say why (a FAIL nobody can explain is not a
// known failure, it is a bug).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "nlohmann/json.hpp"

namespace hloconf {
namespace {

TEST(CpuBaseline, EveryKnownFailureNamesItsCause) {
  std::ifstream in(std::string(HLOCONF_SOURCE_DIR) + "/ci/cpu-baseline.json");
  ASSERT_TRUE(in) << "ci/cpu-baseline.json is missing";
  const nlohmann::json baseline = nlohmann::json::parse(in, nullptr, false);
  ASSERT_TRUE(baseline.is_object() && baseline.contains("known_failures") && baseline["known_failures"].is_array());
  for (const auto& entry : baseline["known_failures"]) {
    ASSERT_TRUE(entry.is_object());
    EXPECT_EQ(entry.value("backend", ""), "cpu") << entry.dump();
    EXPECT_FALSE(entry.value("id", "").empty()) << entry.dump();
    EXPECT_GT(entry.value("cause", "").size(), 20u) << "an entry without a cause: " << entry.dump();
  }
}

}  // namespace
}  // namespace hloconf
