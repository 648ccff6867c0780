// Issue 21, item 4: what `hloconf parse --print` writes is read by MLIR's own parser as printed. Every
// file of ../shared/peer goes through `hloconf parse --print` and then `mlir-opt-19
// --allow-unregistered-dialect --split-input-file` (Debian's mlir-19-tools: `apt-get install
// mlir-19-tools`; HLOCONF_MLIR_OPT names another binary). Skips cleanly when mlir-opt or the peer
// corpus is absent.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "tests/harness/run_hloconf.h"

namespace {

namespace fs = std::filesystem;
using hloconf::test::RunResult;
using hloconf::test::runShell;

// $HLOCONF_MLIR_OPT, else mlir-opt-19 on PATH, else Debian's install path; empty when none runs.
std::string findMlirOpt() {
  std::vector<std::string> candidates;
  if (const char* named = std::getenv("HLOCONF_MLIR_OPT"); named && *named) candidates.push_back(named);
  RunResult on_path = runShell("command -v mlir-opt-19 2>/dev/null");
  if (on_path.status == 0 && !on_path.output.empty()) candidates.push_back(on_path.output.substr(0, on_path.output.find('\n')));
  candidates.push_back("/usr/lib/llvm-19/bin/mlir-opt");
  for (const std::string& candidate : candidates)
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  return "";
}

// What mlir-opt-19 rejects for reasons of its own, not of our printed form (the original files fail the
// same way): element types MLIR 19 does not know yet (added in MLIR 20), and a func.call inside the region
// of an unregistered op, whose callee MLIR cannot look up because an unregistered op might be a symbol
// table (`mightHaveTrait<SymbolTable>`), so the lookup stops there.
bool isMlir19Limitation(const std::string& message, const std::string& source_line) {
  if (message.find("does not reference a valid function") != std::string::npos) return true;
  if (message.find("expected non-function type") == std::string::npos) return false;
  for (const char* type : {"f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E3M4", "f8E8M0FNU"})
    if (source_line.find(type) != std::string::npos) return true;
  return false;
}

// Prints `folder` (every *.mlir file under it) with hloconf into one split-input-file stream and has
// mlir-opt parse and verify all of it. Every error must be one of MLIR 19's own limitations.
void expectMlirOptReadsPrintedForm(const std::string& relative, bool split) {
  std::string folder = std::string(HLOCONF_SHARED_DIR) + "/peer/" + relative;
  if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
  std::string mlir_opt = findMlirOpt();
  if (mlir_opt.empty()) GTEST_SKIP() << "mlir-opt-19 is absent (Debian: apt-get install mlir-19-tools)";
  std::string split_flag = split ? " --split-input-file" : "";
  std::string printed = (fs::temp_directory_path() / ("hloconf_printed_" + std::to_string(getpid()) + ".mlir")).string();
  RunResult print = runShell(std::string(HLOCONF_BINARY) + " parse --print" + split_flag + " '" + folder + "' > '" + printed + "' 2>/dev/null");
  ASSERT_EQ(print.status, 0) << "hloconf parse --print failed on " << folder;
  RunResult parsed = runShell("'" + mlir_opt + "' --allow-unregistered-dialect --split-input-file -o /dev/null '" + printed + "' 2>&1");
  int limitations = 0, errors = 0;
  std::istringstream lines(parsed.output);
  std::string line, source_line;
  while (std::getline(lines, line)) {
    if (line.find(": error: ") == std::string::npos) continue;
    std::getline(lines, source_line);  // mlir-opt quotes the offending line after each error
    ++errors;
    if (isMlir19Limitation(line, source_line)) {
      ++limitations;
      continue;
    }
    if (errors - limitations <= 10) ADD_FAILURE() << "mlir-opt rejects our printed form:\n" << line << "\n" << source_line;
  }
  std::printf("[ mlir-opt ] %s: %d errors, all but %d MLIR 19's own limitations\n", relative.c_str(), errors,
              errors - limitations);
  EXPECT_EQ(errors, limitations);
  EXPECT_EQ(parsed.status != 0, errors > 0) << parsed.output.substr(0, 4000);
  fs::remove(printed);
}

TEST(MlirOptPrintedForm, ReadsEveryTestdataFile) { expectMlirOptReadsPrintedForm("stablehlo-testdata", /*split=*/false); }

TEST(MlirOptPrintedForm, ReadsEveryInterpreterTestChunk) {
  expectMlirOptReadsPrintedForm("stablehlo-interpret-tests", /*split=*/true);
}

}  // namespace
