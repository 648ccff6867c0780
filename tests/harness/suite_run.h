// What the `hloconf run` tests with a fault-injecting backend share: scratch folders, the backend command,
// and a run of a suite whose results.json is read back by case id.
#ifndef HLOCONF_TESTS_HARNESS_SUITE_RUN_H_
#define HLOCONF_TESTS_HARNESS_SUITE_RUN_H_

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "nlohmann/json.hpp"
#include "run_hloconf.h"

namespace hloconf::test {

inline bool havePythonWithNumpy() { return std::system("/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1") == 0; }

// An empty folder hloconf-<prefix>-<name>-<pid> in the temp dir.
inline std::string tempDir(const std::string& prefix, const std::string& name) {
  namespace fs = std::filesystem;
  std::string dir = (fs::temp_directory_path() / ("hloconf-" + prefix + "-" + name + "-" + std::to_string(::getpid()))).string();
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// atan2's spec cases, all float: the suite of the --repeat and CI-option tests; example-1 is the case
// their fault backend spoils.
inline constexpr char kAtan2Suite[] = "spec --filter 'spec/atan2/*'";
inline constexpr char kSpoiledCase[] = "spec/atan2/example-1";

// `--backend-cmd` for tests/adapters/fault_backend.py in `mode_and_flags`, serving our reference.
inline std::string faultBackend(const std::string& mode_and_flags) {
  return "--backend-cmd '/usr/bin/python3 " + std::string(HLOCONF_SOURCE_DIR) + "/tests/adapters/fault_backend.py " +
         mode_and_flags + " --serve " + HLOCONF_BINARY + "'";
}

inline std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct SuiteRun {
  int status = -1;
  std::string output, dir;
  std::map<std::string, nlohmann::json> cases;  // by id
  nlohmann::json totals;
};

// `hloconf run -q SOURCES ARGS` with a fresh cache and report folder (named after `prefix` and `name`).
inline SuiteRun runSuite(const std::string& prefix, const std::string& sources, const std::string& name, const std::string& args) {
  SuiteRun r;
  r.dir = tempDir(prefix, name);
  auto result = runHloconf("run -q " + sources + " --cache-dir " + tempDir(prefix, "cache") + " --report-dir " + r.dir + " " + args);
  r.status = result.status;
  r.output = result.output;
  nlohmann::json j = nlohmann::json::parse(readText(r.dir + "/results.json"), nullptr, false);
  if (j.is_object()) {
    for (const auto& c : j["cases"]) r.cases[c["id"].get<std::string>()] = c;
    r.totals = j["totals"];
  }
  return r;
}

}  // namespace hloconf::test

#endif  // HLOCONF_TESTS_HARNESS_SUITE_RUN_H_
