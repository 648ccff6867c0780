// The chlo generators (generators/programs_chlo.cc): every case is valid (parses, evaluates on the
// reference, lowers), and the `special` strategy reaches each function's own special points.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <set>
#include <string>
#include <vector>

#include "tests/generators/gen_test_util.h"

namespace hloconf::gen {
namespace {

class ChloGen : public ::testing::TestWithParam<std::string_view> {};

TEST_P(ChloGen, CasesAreValid) {
  auto problems = testing::generatorProblems(GetParam(), 3);
  EXPECT_TRUE(problems.empty()) << problems[0];
}

std::vector<std::string_view> chloOps() {
  std::vector<std::string_view> ops;
  for (const OpGenerator& g : chloGenerators()) ops.push_back(g.op);
  return ops;
}

INSTANTIATE_TEST_SUITE_P(Ops, ChloGen, ::testing::ValuesIn(chloOps()), [](const auto& info) {
  std::string name(info.param);
  std::replace(name.begin(), name.end(), '.', '_');
  return name;
});

// The f32 values of every data input of `count` cases of `op`/f32/special.
std::set<float> specialInputs(const std::string& op, uint64_t count) {
  std::set<float> values;
  auto keys = expandSuite(strCat("gen:", op, "/f32/special"), 1, count, "", "");
  EXPECT_TRUE(keys.ok()) << keys.status();
  if (!keys.ok()) return values;
  for (const CaseKey& key : *keys) {
    auto c = generateCase(key);
    EXPECT_TRUE(c.ok()) << c.status();
    if (!c.ok() || !c->context) continue;
    for (const GenContext::Input& in : c->context->inputs()) {
      for (int64_t i = 0; i < in.value.numElements(); ++i) values.insert(std::bit_cast<float>(static_cast<uint32_t>(in.value.bits(i))));
    }
  }
  return values;
}

TEST(ChloGen, SpecialValuesReachEachFunctionsOwnPoints) {
  // lgamma and digamma: the poles at 0 and the negative integers.
  for (const char* op : {"chlo.lgamma", "chlo.digamma"}) {
    const std::set<float> xs = specialInputs(op, 40);
    EXPECT_TRUE(xs.count(-1.0f) && xs.count(-2.0f)) << op << " never draws the poles -1 and -2";
  }
  // erf_inv: +-1 (the infinite results) and the values next to them.
  const std::set<float> erf_inv = specialInputs("chlo.erf_inv", 40);
  EXPECT_TRUE(erf_inv.count(1.0f) && erf_inv.count(-1.0f)) << "erf_inv never draws +-1";
  EXPECT_TRUE(erf_inv.count(std::nextafter(1.0f, 0.0f))) << "erf_inv never draws the f32 just below 1";
  // zeta: x = 1, the pole.
  EXPECT_TRUE(specialInputs("chlo.zeta", 40).count(1.0f)) << "zeta never draws x = 1";
}

}  // namespace
}  // namespace hloconf::gen
