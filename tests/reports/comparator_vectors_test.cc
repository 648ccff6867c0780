// The C++ comparator on the element vectors it shares with the Python comparator module
// (tests/data/comparator_vectors.json; adapters/python/hloconf_compare.py checks the same file in
// tests/adapters/compare_module_test.py), so that a test author's Python harness judges golden vectors as
// `hloconf run` does.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <string>

#include "ir/element_type.h"
#include "nlohmann/json.hpp"
#include "reports/comparator.h"

namespace hloconf::reports {
namespace {

FlagAction flag(const nlohmann::json& rule, const char* key, FlagAction otherwise) {
  if (!rule.contains(key)) return otherwise;
  const std::string v = rule[key];
  return v == "ignore" ? FlagAction::kIgnore : v == "warn" ? FlagAction::kWarn : FlagAction::kFail;
}

TEST(ComparatorVectors, JudgedAsThePythonModuleJudgesThem) {
  std::ifstream in(HLOCONF_SOURCE_DIR "/tests/data/comparator_vectors.json");
  ASSERT_TRUE(in) << "tests/data/comparator_vectors.json";
  const nlohmann::json vectors = nlohmann::json::parse(in)["vectors"];
  ASSERT_GE(vectors.size(), 20u);
  for (const nlohmann::json& v : vectors) {
    SCOPED_TRACE(v["name"].get<std::string>());
    const std::optional<ElementType> type = parseElementTypeName(v["type"].get<std::string>());
    ASSERT_TRUE(type);
    const nlohmann::json& r = v["rule"];
    ToleranceRule rule;
    rule.name = "vector";
    const std::string kind = r.value("kind", "exact");
    rule.kind = kind == "ulp" ? ToleranceRule::Kind::kUlp : kind == "bound" ? ToleranceRule::Kind::kBound : ToleranceRule::Kind::kExact;
    rule.ulp = r.value("ulp", 0.0);
    rule.bound_factor = r.value("bound_factor", 1.0);
    rule.signed_zero = flag(r, "signed_zero", FlagAction::kWarn);
    rule.nan_payload = flag(r, "nan_payload", FlagAction::kIgnore);
    rule.ftz = flag(r, "ftz", FlagAction::kWarn);
    Profile profile;
    profile.name = "vectors";
    profile.rules.push_back(rule);

    Tensor expected(Type::tensor({1}, Type::element(*type))), actual(Type::tensor({1}, Type::element(*type)));
    expected.setBits(0, std::stoull(v["expected"].get<std::string>(), nullptr, 16));
    actual.setBits(0, std::stoull(v["actual"].get<std::string>(), nullptr, 16));
    std::vector<double> bound;
    if (v.contains("bound"))
      bound.push_back(v["bound"].is_string() ? std::numeric_limits<double>::infinity() : v["bound"].get<double>());
    CaseResult result;
    result.op = "vector";
    result.element_type = v["type"];
    compareOutputs({GoldenOutput{expected, bound, {}}}, {actual}, profile, result);

    const nlohmann::json& want = v["want"];
    EXPECT_EQ(statusName(result.status), want["status"].get<std::string>()) << result.message;
    const std::string category = want["category"];
    if (category.empty()) {
      EXPECT_TRUE(result.categories.empty()) << result.message;
    } else {
      EXPECT_EQ(result.categories[category], 1) << result.message;
    }
    if (want["ulp"].is_null()) {
      EXPECT_TRUE(std::isinf(result.max_ulp) || result.max_ulp < 0) << result.max_ulp;
    } else {
      EXPECT_EQ(result.max_ulp, want["ulp"].get<double>());
    }
  }
}

}  // namespace
}  // namespace hloconf::reports
