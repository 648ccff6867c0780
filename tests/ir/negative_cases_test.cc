// The negative cases: every cases/<op>/invalid-c<n>-*.mlir names the constraint it breaks
// (`// expect-invalid: <op> C<n>`), parses, and the whole-module verifier rejects it for that constraint
// and nothing else (each diagnostic cites `<op> (C<n>)`). The harness's spec-invalid suite runs the same
// files through `hloconf run`; this test checks the verifier alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "ir/parser.h"
#include "ir/spec_constraints.h"
#include "ir/strings.h"
#include "ir/verifier.h"

namespace hloconf {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> negativeCases() {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(HLOCONF_SOURCE_DIR) / "cases")) {
    const std::string name = e.path().filename().string();
    if (e.is_regular_file() && name.starts_with("invalid-") && e.path().extension() == ".mlir") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(NegativeCasesTest, EachIsRejectedForTheConstraintItNames) {
  const std::vector<fs::path> files = negativeCases();
  ASSERT_FALSE(files.empty());
  int rejected = 0;
  for (const fs::path& path : files) {
    SCOPED_TRACE(path.string());
    auto text = readFile(path.string());
    if (!text.ok()) {
      ADD_FAILURE() << text.status();
      continue;
    }
    const auto label = spec::expectInvalidLabel(*text);
    if (!label) {
      ADD_FAILURE() << "no '// expect-invalid: <op> C<n>' line";
      continue;
    }
    // The file's folder is the op, and its name starts with the label: cases/<op>/invalid-c<n>-<what>.mlir.
    EXPECT_EQ(path.parent_path().filename().string(), label->first);
    EXPECT_TRUE(path.filename().string().starts_with(strCat("invalid-c", label->second, "-")));
    EXPECT_NE(spec::findConstraint(label->first, label->second), nullptr) << "the spec has no " << label->first << " C" << label->second;
    auto module = parseModule(*text, path.string());
    if (!module.ok()) {
      ADD_FAILURE() << "a negative case must parse: " << module.status();
      continue;
    }
    const ModuleVerification verification = verifyModule(*module);
    const std::string cited = strCat(label->first, " (C", label->second, ")");
    std::string diagnostics;
    bool all_cite = !verification.diagnostics.empty();
    for (const VerifierDiagnostic& d : verification.diagnostics) {
      diagnostics += "\n  " + d.message;
      all_cite = all_cite && d.message.find(cited) != std::string::npos;
    }
    EXPECT_TRUE(all_cite) << "expected only diagnostics citing " << cited << ", got:" << (diagnostics.empty() ? " none" : diagnostics);
    rejected += all_cite;
  }
  std::printf("[ negative ] %d of %zu negative cases rejected for the constraint they name\n", rejected, files.size());
}

// Each constraint the inventory says is checked and violable in text has a negative case.
TEST(NegativeCasesTest, CheckedConstraintsHaveANegativeCase) {
  std::set<std::pair<std::string, int>> labels;
  for (const fs::path& path : negativeCases()) {
    auto text = readFile(path.string());
    if (!text.ok()) continue;
    if (auto label = spec::expectInvalidLabel(*text)) labels.insert(*label);
  }
  std::vector<std::string> missing;
  for (const spec::SpecConstraint& c : spec::specConstraints()) {
    if (spec::isChecked(c.enforcement) && !labels.count({std::string(c.op), c.number})) missing.push_back(strCat(c.op, " C", c.number));
  }
  std::string text;
  for (const std::string& m : missing) text += "\n  " + m;
  EXPECT_TRUE(missing.empty()) << missing.size() << " checked constraints without a negative case:" << text;
}

}  // namespace
}  // namespace hloconf
