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

#include "ir/expect_invalid.h"
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
    const absl::StatusOr<std::vector<ExpectedConstraint>> directives = parseExpectInvalid(path.string(), *text);
    if (!directives.ok() || directives->empty()) {
      ADD_FAILURE() << "no well-formed '// expect-invalid: <op> C<n>' line: " << directives.status();
      continue;
    }
    // The file's folder is the op, and its name starts with the first label: cases/<op>/invalid-c<n>-<what>.mlir.
    const ExpectedConstraint& first = directives->front();
    EXPECT_EQ(path.parent_path().filename().string(), first.op);
    EXPECT_TRUE(path.filename().string().starts_with(strCat("invalid-c", first.number, "-")));
    for (const ExpectedConstraint& c : *directives) EXPECT_NE(spec::findConstraint(c.op, c.number), nullptr) << "the spec has no " << c.name();
    auto module = parseModule(*text, path.string());
    if (!module.ok()) {
      ADD_FAILURE() << "a negative case must parse: " << module.status();
      continue;
    }
    const ModuleVerification verification = verifyModule(*module);
    std::vector<std::string> diagnostics;
    for (const VerifierDiagnostic& d : verification.diagnostics) diagnostics.push_back(formatVerifierDiagnostic(*module, *text, d));
    // The rule every command applies (ir/expect_invalid.h): each named constraint is cited.
    const std::vector<std::string> names = constraintNames(*directives);
    const std::string problem = negativeCaseProblem(names, diagnostics);
    EXPECT_EQ(problem, "");
    // And the case is clean: it breaks nothing else, so each diagnostic cites a constraint it names.
    for (const std::string& d : diagnostics) {
      EXPECT_TRUE(std::any_of(names.begin(), names.end(), [&](const std::string& c) { return citesConstraint(d, c); })) << "cites another constraint: " << d;
    }
    rejected += problem.empty();
  }
  std::printf("[ negative ] %d of %zu negative cases rejected for the constraint they name\n", rejected, files.size());
}

// Each constraint the inventory says is checked and violable in text has a negative case.
TEST(NegativeCasesTest, CheckedConstraintsHaveANegativeCase) {
  std::set<std::pair<std::string, int>> labels;
  for (const fs::path& path : negativeCases()) {
    auto text = readFile(path.string());
    if (!text.ok()) continue;
    const absl::StatusOr<std::vector<ExpectedConstraint>> directives = parseExpectInvalid(path.string(), *text);
    if (!directives.ok()) continue;  // the test above reports it
    for (const ExpectedConstraint& c : *directives) labels.insert({c.op, c.number});
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
