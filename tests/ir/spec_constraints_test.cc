// The constraint inventory (ir/spec_constraints.def) against the spec: the same ops and labels, in order,
// when ../shared/spec/stablehlo-spec.txt is present; and its own rules everywhere.
#include "ir/spec_constraints.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ir/op_id.h"
#include "ir/op_schema.h"
#include "ir/strings.h"

namespace hloconf::spec {
namespace {

namespace fs = std::filesystem;

// "op Cn" for every label of every op section of the spec's "Ops" chapter, in spec order (a label the
// spec repeats within a section counts once).
std::vector<std::string> specLabels(const fs::path& spec) {
  std::ifstream in(spec);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::vector<std::string> labels;
  std::set<std::string> seen;
  const std::regex op_name("[a-z_0-9]+"), label(R"(^\s*•\s*\(C(\d+)\))");
  std::string op;
  bool in_ops = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i] == "Ops") in_ops = true;
    if (!in_ops) continue;
    if (i + 2 < lines.size() && std::regex_match(lines[i], op_name) && lines[i + 1].empty() && lines[i + 2] == "Semantics") {
      op = lines[i];
      continue;
    }
    std::smatch m;
    if (!op.empty() && std::regex_search(lines[i], m, label)) {
      const std::string entry = strCat(op, " C", m[1].str());
      if (seen.insert(entry).second) labels.push_back(entry);
    }
  }
  return labels;
}

TEST(SpecConstraintsTest, InventoryListsTheSpecsLabels) {
  const fs::path spec = fs::path(HLOCONF_SHARED_DIR) / "spec" / "stablehlo-spec.txt";
  if (!fs::exists(spec)) GTEST_SKIP() << spec << " is absent";
  std::vector<std::string> inventory;
  for (const SpecConstraint& c : specConstraints()) inventory.push_back(strCat(c.op, " C", c.number));
  const std::vector<std::string> labels = specLabels(spec);
  ASSERT_GT(labels.size(), 400u);
  EXPECT_EQ(inventory, labels);
}

TEST(SpecConstraintsTest, EveryOpIsASchemaOpAndReasonsAreGiven) {
  for (const SpecConstraint& c : specConstraints()) {
    SCOPED_TRACE(strCat(c.op, " C", c.number));
    EXPECT_NE(opIdOf(strCat("stablehlo.", c.op)), OpId::kUnknown);
    EXPECT_FALSE(c.what.empty());
    if (!isViolableInText(c.enforcement)) {
      EXPECT_FALSE(c.note.empty()) << "a constraint that cannot be violated in text says why";
    }
  }
}

// The same-type trait cites a label in every op that has the trait.
TEST(SpecConstraintsTest, SameTypeTraitHasALabelInEachSpecOp) {
  for (const SpecConstraint& c : specConstraints()) {
    const OpSchema& schema = schemaOf(opIdOf(strCat("stablehlo.", c.op)));
    if (schema.has(traits::kSameOperandsAndResultType)) {
      EXPECT_TRUE(sameTypeLabel(c.op).has_value()) << c.op;
    }
  }
}

TEST(SpecConstraintsTest, CoverageCountsNegativeCasesOfViolableConstraints) {
  const Coverage none = computeCoverage({});
  EXPECT_EQ(none.total.checked_and_negative, 0);
  EXPECT_EQ(none.total.in_spec, static_cast<int>(specConstraints().size()));
  const Coverage one = computeCoverage({{"add", 1}, {"all_gather", 3}, {"nothing", 7}});
  EXPECT_EQ(one.total.with_negative_case, 1);  // all_gather (C3) depends on the process grid: not counted
  EXPECT_EQ(one.total.checked_and_negative, 1);
  EXPECT_EQ(one.unknown_labels, std::vector<std::string>{"nothing C7"});
  EXPECT_NE(coverageTable(one).find("| add | 7 | 7 | 1 | 0 | 1 |"), std::string::npos) << coverageTable(one);
}

}  // namespace
}  // namespace hloconf::spec
