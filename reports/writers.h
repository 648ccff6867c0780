// Report writers: what a run (or `hloconf merge`) leaves in --report-dir, and the console summary.
//
// Four files, all written from the same list of CaseResults (docs/reports.md has the schemas):
//   results.json  everything: the run's RunInfo, totals per status, and every CaseResult (one per line)
//   junit.xml     one <testsuite> per backend, one <testcase> per case (CI dashboards)
//   summary.md    totals, the table per backend x op x element type, the failures with repro commands
//   report.html   one self-contained page: the same table, per-op ULP-error histograms (inline SVG),
//                 and every failure with its worst elements and input bits in hex
// results.json is the source of truth: readResultsJson reads it back exactly, and `hloconf merge`
// rebuilds all four files from the results.json files of several shards.
#ifndef HLOCONF_REPORTS_WRITERS_H_
#define HLOCONF_REPORTS_WRITERS_H_

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"
#include "reports/result.h"

namespace hloconf::reports {

// The `hloconf` object of results.json: what ran, where and how.
struct RunInfo {
  std::string tool_version;       // "0.1.0"
  std::string reference_version;  // the reference evaluator's source hash (build/generated/reference_version.h)
  std::string profile;            // tolerance profile name (or path)
  std::string command_line;       // the command that produced the reports
  std::string started_at;         // ISO 8601 UTC, "2024-05-01T12:00:00Z"
  std::string shard;              // "1/4", or "" for an unsharded (or merged) run
  std::vector<std::string> backends;
  // What each backend said it is in its handshake (name as the user gave it, the handshake's own name
  // and version), in the order they first started.
  struct BackendIdentity {
    std::string name, handshake_name, version;
    std::string adapter_json = "";  // --backend NAME: the adapter.json that was run; empty for others
    // What the backend said it is (a resumed run checks it): not where its adapter.json lies.
    bool operator==(const BackendIdentity& o) const {
      return name == o.name && handshake_name == o.handshake_name && version == o.version;
    }
    std::string describe() const;  // "torch_adapter.py (torch 2.11.0)"
    // {"name", "handshake_name", "version"} and "adapter_json" when known: results.json's and the journal's form.
    nlohmann::json toJson() const;
    static BackendIdentity fromJson(const nlohmann::json& j);
  };
  std::vector<BackendIdentity> backend_identities;
  double wall_seconds = 0;
  // Filled by `hloconf merge`: one entry per input report, with its own run information.
  struct Source {
    std::string path;
    std::string shard;
    std::string command_line;
    std::string started_at;
    double wall_seconds = 0;
    int64_t cases = 0;
  };
  std::vector<Source> merged_from;

  nlohmann::json toJson() const;
  static RunInfo fromJson(const nlohmann::json& j);
};

// results.json's layout version (its "format_version" key); readResultsJson rejects newer files.
inline constexpr int kResultsFormatVersion = 1;

using StatusCounts = std::array<int64_t, kNumStatuses>;  // indexed by static_cast<int>(Status)
StatusCounts countStatuses(const std::vector<CaseResult>& results);

// One row of every summary table: the cases of one backend x op x element type.
struct GroupSummary {
  std::string backend, op, element_type;
  int64_t cases = 0;
  StatusCounts counts{};
  std::vector<int64_t> ulp_histogram;  // the cases' ulp_histograms added up
  double max_ulp = -1;                 // over the cases that compared float elements; -1: none did
  // The worst case: the one that blocks the run (not isAcceptable) with the largest max_ulp, else the
  // case with the largest max_ulp > 0; ties go to the smallest ID. Empty when every case is acceptable
  // and exact.
  std::string worst_id;
  int64_t problems() const;            // cases whose status is not isAcceptable
};
// Groups sorted by backend, op, element type.
std::vector<GroupSummary> summarizeGroups(const std::vector<CaseResult>& results);

// 0 when every status is PASS, UNSUPPORTED, IMPL_DEFINED or XFAIL (also for no results); else 1.
int exitStatusFor(const std::vector<CaseResult>& results);

// The text of each report file; writeReports writes all four into `dir` (created if missing), each
// through a temporary file and a rename, so a reader never sees half a file.
std::string resultsJsonText(const RunInfo& info, const std::vector<CaseResult>& results);
std::string junitXml(const RunInfo& info, const std::vector<CaseResult>& results);
std::string summaryMarkdown(const RunInfo& info, const std::vector<CaseResult>& results);
std::string htmlReport(const RunInfo& info, const std::vector<CaseResult>& results);
absl::Status writeReports(const std::string& dir, const RunInfo& info, const std::vector<CaseResult>& results);

// Reads a results.json (or the results.json inside a directory) back: its RunInfo and cases, in file
// order. Unknown statuses, a missing `cases` list or a newer format_version are errors.
absl::StatusOr<std::pair<RunInfo, std::vector<CaseResult>>> readResultsJson(const std::string& path);

// The console summary: one row per backend x op x element type (cases, PASS, FAIL, the other statuses
// in short form, max ULP, worst case ID; the backend column only when there are several backends),
// then the totals, then the first failures with their repro commands. Fits in 120 columns. `color` adds
// ANSI colours to the counts and the verdict.
// Rows whose every case passed are folded into one line unless `full_table` (`--table full`).
std::string consoleSummary(const std::vector<CaseResult>& results, bool color, bool full_table = false);

}  // namespace hloconf::reports

#endif  // HLOCONF_REPORTS_WRITERS_H_
