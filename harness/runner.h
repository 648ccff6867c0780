// The runner behind `hloconf run`: cases x backends, golden values, comparison, baseline, journal.
// docs/design/harness.md describes the flow.
#ifndef HLOCONF_HARNESS_RUNNER_H_
#define HLOCONF_HARNESS_RUNNER_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"
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
  std::string adapter_json = "";  // --backend NAME: the adapter.json it runs (reports name it); else empty
};

// Resolves --backend NAME: `reference`, else adapters/<NAME>/adapter.json in `adapter_dirs`.
// External backends write their stderr log to `log_dir` (kept), or beside their files in `work_dir`.
// `handshake_seconds`: how long an external backend may take to answer the hello.
absl::StatusOr<BackendFactory> backendByName(const std::string& name, const std::vector<std::string>& adapter_dirs,
                                             const std::string& work_dir, const std::string& log_dir = "",
                                             double handshake_seconds = 120);
// --backend-cmd 'CMD'.
absl::StatusOr<BackendFactory> backendFromCommand(const std::string& command_line, const std::string& work_dir,
                                                  const std::string& log_dir = "", double handshake_seconds = 120);
// `s` as one shell word (single-quoted when it holds anything but plain path characters).
std::string shellQuote(const std::string& s);
// The folders searched for adapters after the --adapters-dir ones: $HLOCONF_ADAPTERS_DIR, then adapters/ of
// the source or installed tree. Never the current directory unless asked (`--adapters-dir adapters`).
std::vector<std::string> defaultAdapterDirs();

// Known failures: `{"hloconf_baseline": 1, "known_failures": [{"id", "backend", "status", "max_ulp",
// "message", ...}]}` (docs/design/harness.md, "Baseline"). `id` may be a glob; fields the user adds
// ("bug": "VENDOR-123") are kept by --write-baseline.
struct BaselineEntry {
  std::string backend, id;                      // id: a case ID or a glob of them
  std::optional<reports::Status> status;        // what it is known to do; none: any failure
  double max_ulp = -1;                          // a FAIL's largest ULP distance when recorded ("inf" in the file); -1: none
  nlohmann::json fields = nlohmann::json::object();  // the entry as read, unknown fields included
  bool isGlob() const;
  bool matches(const std::string& backend, const std::string& id) const;
};
struct Baseline {
  std::vector<BaselineEntry> entries;  // file order
  // The entry for a case: an exact ID first, then the first glob that matches; null if none. A hash
  // lookup for exact IDs (it runs once per case and backend), then the globs in file order.
  const BaselineEntry* find(const std::string& backend, const std::string& id) const;
  bool contains(const std::string& backend, const std::string& id) const { return find(backend, id) != nullptr; }
  // Builds the lookup of find() from `entries` (readBaseline does; call it after changing them).
  void index();

 private:
  absl::flat_hash_map<std::pair<std::string, std::string>, size_t> exact_;  // (backend, id) -> first exact entry
  std::vector<size_t> globs_;                                               // the glob entries, file order
};
absl::StatusOr<Baseline> readBaseline(const std::string& path);
// The failures (and XFAILs) of `results` as a baseline. An entry of `previous` that a result matched
// keeps its extra fields; a glob entry that matched is written once, unchanged.
absl::Status writeBaseline(const std::string& path, const std::vector<reports::CaseResult>& results,
                           const Baseline* previous = nullptr);
// A failure becomes XFAIL where its entry matches its status class (FAIL and FLAKY entries: FAIL; CRASH,
// TIMEOUT and ERROR entries: any of those three; FLAKY: FLAKY; no status: any failure) and, for a FAIL
// with a recorded max_ulp, where the distance has not grown past it; otherwise it stays a failure and
// its message says how it differs from the baseline. PASS/IMPL_DEFINED of a listed case -> XPASS.
void applyBaseline(const Baseline& baseline, reports::CaseResult& result);

// Runs one prepared case on one backend instance and compares: the whole verdict. `repeats` > 1
// (--repeat N): the backend runs the case that many times with the same inputs; outputs that are not
// bit-identical between the runs make the case FLAKY, else it is judged once. A CRASH, TIMEOUT, ERROR or
// UNSUPPORTED reply on any run is the result, as for one run.
reports::CaseResult runCaseOnBackend(const CaseSource& source, const PreparedCase& prepared, adapters::Backend& backend,
                                     const adapters::BackendInfo& info, const reports::Profile& profile,
                                     double timeout_seconds, const std::string& repro_flag, int repeats = 1);

// A negative case (PreparedCase::negative; docs/verifier.md, "The negative suite") on one backend: the
// program as written goes out in a verify request. PASS when the backend rejects it; FAIL ("accepts a
// program the spec forbids: <op> (C<n>)") when it accepts it; UNSUPPORTED ("not asked") when the backend
// does not implement verify or its handshake leaves the op out; ERROR, CRASH, TIMEOUT as for a run.
// CaseResult::verify records the answer. Call it only when negativeCaseProblem is "" (our own verifier
// rejects the program for the constraints the case names): negativeCaseError is the result otherwise.
reports::CaseResult verifyCaseOnBackend(const CaseSource& source, const PreparedCase& prepared, adapters::Backend& backend,
                                        const adapters::BackendInfo& info, double timeout_seconds, const std::string& repro_flag);
// ERROR for a negative case that hloconf's verifier does not reject for the constraints it names (the case
// or the verifier is wrong); nullopt when it does.
std::optional<reports::CaseResult> negativeCaseError(const CaseSource& source, const PreparedCase& prepared, const std::string& backend);

// The built-in reference on a case that cannot be lowered (checks inside regions, interpreter.run_parallel,
// ...): the case runs as written and passes when every check op passes (rule "self-check").
reports::CaseResult selfCheckResult(const CaseSource& source, const PreparedCase& prepared, double timeout_seconds);

// A record for a case that could not be prepared (no golden): UNSUPPORTED or ERROR for every backend, and
// INVALID, with the verifier's first diagnostic, for a program that breaks a spec constraint.
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
