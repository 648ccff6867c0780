// The XLA adapter (adapters/xla/, `--backend xla-cpu` and `--backend xla-gpu`). Where python3 cannot import jax
// (every machine of ours but the GPU machine), a run must say so in each case's message instead of failing
// silently; where it can, spec cases run through XLA:CPU and pass.
#include <fstream>
#include <map>

#include "adapter_test_util.h"
#include "nlohmann/json.hpp"
#include "../harness/run_hloconf.h"

namespace hloconf::test {
namespace {

bool pythonWithJax() {
  static const bool available = std::system("python3 -c 'import jax, jaxlib, ml_dtypes' >/dev/null 2>&1") == 0;
  return available;
}

std::string adaptersDir() { return std::string(HLOCONF_SOURCE_DIR) + "/adapters"; }

std::map<std::string, nlohmann::json> runCases(const ScratchDir& dir, const std::string& backend, const std::string& sources,
                                               std::string& output) {
  RunResult run = runHloconf(strCat("run --backend ", backend, " --adapters-dir ", adaptersDir(),
                                    " -q --no-cache --report-dir ", dir.path(), "/report ", sources));
  output = run.output;
  std::ifstream in(dir.path() + "/report/results.json");
  nlohmann::json results = nlohmann::json::parse(in, nullptr, false);
  std::map<std::string, nlohmann::json> by_id;
  if (results.is_discarded()) return by_id;
  for (const auto& c : results["cases"]) by_id[c["id"].get<std::string>()] = c;
  return by_id;
}

TEST(XlaAdapter, WithoutJaxEveryCaseSaysWhatIsMissing) {
  if (pythonWithJax()) GTEST_SKIP() << "python3 has jax here";
  ScratchDir dir;
  std::string output;
  auto cases = runCases(dir, "xla-cpu", std::string(HLOCONF_SOURCE_DIR) + "/cases/add/example-1.mlir", output);
  ASSERT_EQ(cases.size(), 1u) << output;
  const nlohmann::json& only = cases.begin()->second;
  EXPECT_NE(only["status"].get<std::string>(), "PASS") << output;
  EXPECT_NE(only["message"].get<std::string>().find("needs numpy, jax, jaxlib and ml_dtypes"), std::string::npos) << only.dump();
}

TEST(XlaAdapter, SpecCasesPassOnXlaCpu) {
  if (!pythonWithJax()) GTEST_SKIP() << "python3 cannot import jax, jaxlib and ml_dtypes (the GPU machine has them)";
  ScratchDir dir;
  const std::string cases = std::string(HLOCONF_SOURCE_DIR) + "/cases/";
  std::string output;
  auto results = runCases(dir, "xla-cpu", strCat(cases, "add ", cases, "dot_general ", cases, "while ", cases, "sort"), output);
  ASSERT_GE(results.size(), 20u) << output;
  for (const char* id : {"spec/add/example-1", "spec/add/edge-int-wrap", "spec/while/example-1", "spec/sort/edge-two-keys"})
    EXPECT_EQ(results[id]["status"], "PASS") << id << "\n" << results[id].dump();
}

}  // namespace
}  // namespace hloconf::test
