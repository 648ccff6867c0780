// Acceptance: of the top-level files of ../shared/peer/stablehlo-testdata whose ops the reference evaluator
// covers, at least 99% pass their own checks (the rest are listed in docs/peer-disagreements.md with the
// MPFR evidence). Skips cleanly when ../shared/peer is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "ir/parser.h"
#include "reference/interpreter.h"

namespace hloconf {
namespace {

void collectOps(const Operation& op, std::vector<std::string>& names) {
  names.push_back(op.name);
  for (const Region& region : op.regions) {
    for (const auto& block : region.blocks) {
      for (const auto& inner : block->operations) collectOps(*inner, names);
    }
  }
}

TEST(PeerEval, TestdataTopLevelPassesWhereCovered) {
  const std::filesystem::path folder = std::filesystem::path(HLOCONF_SHARED_DIR) / "peer" / "stablehlo-testdata";
  if (!std::filesystem::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.is_regular_file() && entry.path().extension() == ".mlir") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  int covered = 0, passed = 0;
  std::vector<std::string> failures;
  for (const std::string& path : files) {
    auto text = readFile(path);
    ASSERT_TRUE(text.ok()) << text.status();
    auto module = parseModule(*text, path);
    ASSERT_TRUE(module.ok()) << module.status();
    std::vector<std::string> ops;
    collectOps(*module->op, ops);
    if (!std::all_of(ops.begin(), ops.end(), [](const std::string& n) { return ref::Interpreter::canEvaluate(n); })) continue;
    ++covered;
    const Operation* main = module->findFunction("main");
    ASSERT_NE(main, nullptr) << path;
    ref::Interpreter interp(*module, *text);
    auto results = interp.callFunction(*main, {});
    if (results.ok() && interp.failedChecks() == 0 && !interp.checks().empty()) {
      ++passed;
      continue;
    }
    std::string why = results.ok() ? "" : std::string(results.status().message());
    for (const auto& c : interp.checks()) {
      if (!c.passed) why += c.location + ": " + c.message;
    }
    if (interp.checks().empty()) why += "no check ran";
    failures.push_back(why);
  }
  std::printf("[ PEER     ] stablehlo-testdata top level: %zu files, %d covered by the evaluator, %d pass (%.2f%%)\n",
              files.size(), covered, passed, covered ? 100.0 * passed / covered : 0.0);
  for (const std::string& f : failures) std::printf("[ PEER FAIL] %s\n", f.c_str());
  EXPECT_GE(covered, 300) << "the evaluator covers fewer peer files than it did when this test was written";
  EXPECT_GE(passed * 100, covered * 99) << passed << " of " << covered << " covered files pass";
}

}  // namespace
}  // namespace hloconf
