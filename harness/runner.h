// The runner behind `hloconf run`: cases x backends, golden values, comparison, baseline, journal.
// docs/design/harness.md describes the flow.
#ifndef HLOCONF_HARNESS_RUNNER_H_
#define HLOCONF_HARNESS_RUNNER_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "adapters/backend.h"
#include "golden/cases.h"
#include "ir/glob.h"
#include "reports/comparator.h"
#include "reports/result.h"

namespace hloconf {

// How to make a backend: one instance per worker thread.
struct BackendFactory {
  std::string name;
  std::function<std::unique_ptr<adapters::Backend>()> make;
  std::string repro_flag;  // how `hloconf repro` names it: "--backend reference", "--backend-cmd '...'"
  bool is_reference = false;  // the in-process reference: it can also run cases that cannot be lowered
};

// Resolves --backend NAME: `reference`, else adapters/<NAME>/adapter.json in `adapter_dirs`.
absl::StatusOr<BackendFactory> backendByName(const std::string& name, const std::vector<std::string>& adapter_dirs,
                                             const std::string& work_dir);
// --backend-cmd 'CMD'.
absl::StatusOr<BackendFactory> backendFromCommand(const std::string& command_line, const std::string& work_dir);
// The folders searched for adapters: $HLOCONF_ADAPTERS_DIR, ./adapters, adapters/ of the source tree.
std::vector<std::string> defaultAdapterDirs();

// Known failures: `{"hloconf_baseline": 1, "known_failures": [{"id", "backend", "status", "message"}]}`.
struct Baseline {
  std::vector<std::pair<std::string, std::string>> entries;  // (backend, id), sorted
  std::vector<std::pair<std::string, std::string>> flaky;    // (backend, id) of the entries with status FLAKY, sorted
  bool contains(const std::string& backend, const std::string& id) const;
};
absl::StatusOr<Baseline> readBaseline(const std::string& path);
absl::Status writeBaseline(const std::string& path, const std::vector<reports::CaseResult>& results);
// FAIL/CRASH/TIMEOUT/ERROR in the baseline -> XFAIL; PASS/IMPL_DEFINED in the baseline -> XPASS. A FLAKY
// result becomes XFAIL only where its baseline entry says FLAKY (a case known to FAIL that now varies
// between repeats is news).
void applyBaseline(const Baseline& baseline, reports::CaseResult& result);

// Runs one prepared case on one backend instance and compares: the whole verdict. `repeats` > 1
// (--repeat N): the backend runs the case that many times with the same inputs; outputs that are not
// bit-identical between the runs make the case FLAKY, else it is judged once. A CRASH, TIMEOUT, ERROR or
// UNSUPPORTED reply on any run is the result, as for one run.
reports::CaseResult runCaseOnBackend(const CaseSource& source, const PreparedCase& prepared, adapters::Backend& backend,
                                     const adapters::BackendInfo& info, const reports::Profile& profile,
                                     double timeout_seconds, const std::string& repro_flag, int repeats = 1);

// The built-in reference on a case that cannot be lowered (checks inside regions, interpreter.run_parallel,
// ...): the case runs as written and passes when every check op passes (rule "self-check").
reports::CaseResult selfCheckResult(const CaseSource& source, const PreparedCase& prepared, double timeout_seconds);

// A record for a case that could not be prepared (no golden): UNSUPPORTED or ERROR for every backend.
reports::CaseResult unpreparedResult(const CaseSource& source, const PreparedCase& prepared, const std::string& backend);

// Which shard this process runs: --shard I/N (1-based), else GTEST_SHARD_INDEX/GTEST_TOTAL_SHARDS,
// TEST_SHARD_INDEX/TEST_TOTAL_SHARDS (Bazel; the status file is touched), JOB_COMPLETION_INDEX with
// HLOCONF_TOTAL_SHARDS (Kubernetes indexed jobs). {0, 1} when unsharded. Index is 0-based.
struct Shard {
  int index = 0;
  int count = 1;
};
absl::StatusOr<Shard> resolveShard(const std::string& flag);
// Whether a case belongs to a shard: a hash of its ID, so adding cases does not move the others.
bool inShard(const std::string& case_id, const Shard& shard);

}  // namespace hloconf

#endif  // HLOCONF_HARNESS_RUNNER_H_
