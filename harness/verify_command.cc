// `hloconf verify`: check whole programs statically (ir/verifier.h) and print every violation.
#include <cstdio>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "golden/cases.h"
#include "harness/commands.h"
#include "harness/options.h"
#include "ir/diagnostic.h"
#include "ir/expect_invalid.h"
#include "ir/parser.h"
#include "ir/spec_constraints.h"
#include "ir/strings.h"
#include "ir/verifier.h"

namespace hloconf {

const char kVerifyUsage[] =
    "usage: hloconf verify [options] FILES_OR_FOLDERS...\n\n"
    "Checks StableHLO programs without running them: every op of every function (branches never taken,\n"
    "loop bodies and functions never called included) against its spec constraints, and the module's\n"
    "rules (symbols, call signatures, function types, region terminators, values in scope).\n"
    "Folders are searched for *.mlir files. Prints every violation as\n"
    "'path:line:col: error: <op> (C<n>): <what is wrong>', then one summary line.\n"
    "docs/verifier.md lists what is checked.\n\n"
    "A file with lines '// expect-invalid: <op> C<n>' (a negative case, cases/<op>/invalid-*.mlir) is\n"
    "expected to be rejected for those constraints: it counts as valid when each one is cited by some\n"
    "diagnostic ('<op> (C<n>)'), and as invalid (with a line saying what was expected) otherwise; a\n"
    "malformed expect-invalid line is an error at its line and column.\n\n"
    "Exit status: 0 when every program is valid, 1 when some program is invalid, 2 on a usage error or\n"
    "when a file cannot be read or parsed.\n\n"
    "options:\n"
    "  --split-input-file  treat '// -----' lines as separators between independent modules\n"
    "  -v, --verbose       show the source line and a caret under each error\n"
    "  --coverage [CASES]  print, per op, the spec's constraints, those checked, those with a negative case\n"
    "                      (CASES/*/invalid-*.mlir, default cases) and those a program's text cannot break;\n"
    "                      then the totals, the list of the latter with why, and the checks that cover\n"
    "                      a constraint in part (docs/verifier.md)\n";

namespace {

struct VerifyOptions {
  bool split = false;
  bool verbose = false;
  bool coverage = false;
};

struct VerifyTotals {
  size_t files = 0;
  size_t invalid_files = 0;
  size_t unreadable_files = 0;  // could not be read or parsed (a chunk of them)
  size_t modules = 0;
  size_t functions = 0;
  size_t ops = 0;
  size_t errors = 0;
  size_t rejected_as_expected = 0;  // negative cases rejected for the constraint they name
};

std::string firstLine(std::string_view text) { return std::string(text.substr(0, text.find('\n'))); }

void verifyFile(const std::string& path, const VerifyOptions& options, VerifyTotals& totals) {
  ++totals.files;
  auto text = readFile(path);
  if (!text.ok()) {
    std::printf("%s\n", firstLine(std::string(text.status().message())).c_str());
    ++totals.unreadable_files;
    return;
  }
  // A negative case (ir/expect_invalid.h): rejected as expected when each constraint it names is cited.
  const absl::StatusOr<std::vector<ExpectedConstraint>> directives = parseExpectInvalid(path, *text);
  if (!directives.ok()) {
    std::printf("%s\n", std::string(directives.status().message()).c_str());
    ++totals.errors;
    ++totals.invalid_files;
    return;
  }
  const std::vector<std::string> expected = constraintNames(*directives);
  const std::vector<SourceChunk> chunks =
      options.split ? splitInputFile(*text) : std::vector<SourceChunk>{{0, text->size(), 1}};
  bool parsed = true;
  std::vector<std::string> diagnostics, printed;  // as the rule reads them, and as printed (-v adds the source line)
  for (const SourceChunk& chunk : chunks) {
    auto module = parseModule(*text, path, chunk);
    if (!module.ok()) {
      const std::string message(module.status().message());
      std::printf("%s\n", options.verbose ? message.c_str() : firstLine(message).c_str());
      parsed = false;
      continue;
    }
    ++totals.modules;
    const ModuleVerification verification = verifyModule(*module);
    totals.functions += verification.functions;
    totals.ops += verification.ops;
    for (const VerifierDiagnostic& diagnostic : verification.diagnostics) {
      diagnostics.push_back(formatVerifierDiagnostic(*module, *text, diagnostic));
      printed.push_back(options.verbose ? formatDiagnostic(path, *text, diagnostic.offset, diagnostic.message, module->source_anchor)
                                        : diagnostics.back());
    }
  }
  if (!parsed) ++totals.unreadable_files;
  if (!expected.empty() && parsed) {
    const std::string problem = negativeCaseProblem(expected, diagnostics);
    if (problem.empty()) {
      ++totals.rejected_as_expected;
      return;
    }
    for (const std::string& line : printed) std::printf("%s\n", line.c_str());
    std::printf("%s: error: a negative case: %s\n", path.c_str(), problem.c_str());
    totals.errors += diagnostics.size() + 1;
    ++totals.invalid_files;
    return;
  }
  for (const std::string& line : printed) std::printf("%s\n", line.c_str());
  totals.errors += diagnostics.size();
  if (!diagnostics.empty()) ++totals.invalid_files;
}

// `--coverage`: the inventory (ir/spec_constraints.def) and the labels the negative cases of `cases` name.
int printCoverage(const std::string& cases) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::is_directory(cases, error)) {
    std::fprintf(stderr, "hloconf verify --coverage: %s is not a folder of cases\n", cases.c_str());
    return 2;
  }
  std::set<std::pair<std::string, int>> labels;
  std::vector<std::string> unlabelled;
  for (const auto& entry : fs::recursive_directory_iterator(cases, error)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file() || !name.starts_with("invalid-") || entry.path().extension() != ".mlir") continue;
    auto text = readFile(entry.path().string());
    const absl::StatusOr<std::vector<ExpectedConstraint>> directives =
        text.ok() ? parseExpectInvalid(entry.path().string(), *text) : absl::StatusOr<std::vector<ExpectedConstraint>>(text.status());
    if (!directives.ok()) {
      std::fprintf(stderr, "%s\n", std::string(directives.status().message()).c_str());
      return 2;
    }
    if (directives->empty()) unlabelled.push_back(entry.path().string());
    for (const ExpectedConstraint& c : *directives) labels.insert({c.op, c.number});
  }
  const spec::Coverage coverage = spec::computeCoverage(labels);
  std::printf("%s", spec::coverageTable(coverage).c_str());
  for (const std::string& path : unlabelled) std::printf("warning: %s has no '// expect-invalid: <op> C<n>' line\n", path.c_str());
  std::printf("\nConstraints a program's text cannot break:\n\n%s", spec::notViolableList().c_str());
  std::printf("\nConstraints checked in part (the rest is the kernels' at run time, or not checked):\n\n%s",
              spec::partialChecksList().c_str());
  return 0;
}

}  // namespace

int runVerifyCommand(const std::vector<std::string>& args) {
  VerifyOptions options;
  std::vector<std::string> sources;
  cli::Options cl("verify");
  CLI::App& app = cl.app();
  app.add_flag("--split-input-file", options.split);
  app.add_flag("-v,--verbose", options.verbose);
  app.add_flag("--coverage", options.coverage);
  app.add_option("sources", sources);
  if (std::optional<int> status = cl.parse(args)) return *status;
  if (options.coverage) {
    if (sources.size() > 1) return cli::usageError("verify", "--coverage takes at most one folder of cases");
    return printCoverage(sources.empty() ? specSuiteDir() : sources.front());  // the spec suite beside the binary
  }
  if (sources.empty()) return cli::usageError("verify", "no FILE or folder to verify");
  std::vector<std::string> missing;
  const std::vector<std::string> files = expandSources(sources, missing);
  for (const std::string& path : missing) std::printf("%s: error: no such file or folder\n", path.c_str());
  VerifyTotals totals;
  for (const std::string& path : files) verifyFile(path, options, totals);
  std::printf("verified %zu file%s (%zu module%s): %zu function%s, %zu ops; %zu error%s in %zu file%s", totals.files,
              totals.files == 1 ? "" : "s", totals.modules, totals.modules == 1 ? "" : "s", totals.functions,
              totals.functions == 1 ? "" : "s", totals.ops, totals.errors, totals.errors == 1 ? "" : "s",
              totals.invalid_files, totals.invalid_files == 1 ? "" : "s");
  if (totals.rejected_as_expected > 0) {
    std::printf("; %zu negative case%s rejected as expected", totals.rejected_as_expected, totals.rejected_as_expected == 1 ? "" : "s");
  }
  if (totals.unreadable_files > 0) std::printf("; %zu file%s not parsed", totals.unreadable_files, totals.unreadable_files == 1 ? "" : "s");
  std::printf("\n");
  if (!missing.empty() || totals.unreadable_files > 0 || files.empty()) return 2;
  return totals.invalid_files > 0 ? 1 : 0;
}

}  // namespace hloconf
