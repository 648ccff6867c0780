// summary.md: a short Markdown page for a pull-request comment or a CI job summary.
//
// Capped so it stays well below GitHub's 65,536-character comment limit for any run: at most
// kMaxTableRows table rows (when there are more groups, only the groups with failures are listed) and
// kMaxFailures failures, each with its message cut at kMaxMessage bytes and its repro command.
#include <map>

#include "ir/strings.h"
#include "reports/report_text.h"
#include "reports/writers.h"

namespace hloconf::reports {
namespace {

constexpr size_t kMaxTableRows = 150;
constexpr size_t kMaxFailures = 50;
constexpr size_t kMaxMessage = 300;

// "3 UNSUPPORTED, 1 CRASH": the statuses other than PASS and FAIL with a non-zero count.
std::string otherStatuses(const StatusCounts& counts) {
  std::string text;
  for (int s = 0; s < kNumStatuses; ++s) {
    const Status status = static_cast<Status>(s);
    if (status == Status::kPass || status == Status::kFail || counts[s] == 0) continue;
    strAppend(&text, text.empty() ? "" : ", ", counts[s], " ", statusName(status));
  }
  return text;
}

std::string totalsLine(const StatusCounts& counts, int64_t cases) {
  std::string text = strCat("**", cases, " case", cases == 1 ? "" : "s", "**");
  const char* separator = ": ";
  for (int s = 0; s < kNumStatuses; ++s) {
    if (counts[s] == 0) continue;
    strAppend(&text, separator, counts[s], " ", statusName(static_cast<Status>(s)));
    separator = ", ";
  }
  return text;
}

}  // namespace

std::string summaryMarkdown(const RunInfo& info, const std::vector<CaseResult>& results) {
  const StatusCounts counts = countStatuses(results);
  const int exit_status = exitStatusFor(results);
  std::string md = strCat("# hloconf: ", exit_status == 0 ? "passed" : "FAILED", "\n\n");
  strAppend(&md, totalsLine(counts, static_cast<int64_t>(results.size())), " (exit status ", exit_status, ")\n\n");

  std::vector<std::string> facts;
  if (!info.backends.empty()) {
    std::string backends;
    for (const std::string& b : info.backends) {
      std::string described = b, adapter_json;
      for (const RunInfo::BackendIdentity& id : info.backend_identities) {
        if (id.name != b) continue;
        described = id.describe();
        adapter_json = id.adapter_json;
      }
      strAppend(&backends, backends.empty() ? "" : ", ", markdownCode(described, false));
      // Which adapter.json ran under that name: the same name can mean another command elsewhere.
      if (!adapter_json.empty()) strAppend(&backends, " from ", markdownCode(adapter_json, false));
    }
    facts.push_back(strCat("backends ", backends));
  }
  if (!info.profile.empty()) facts.push_back(strCat("profile ", markdownCode(info.profile, false)));
  if (!info.shard.empty()) facts.push_back(strCat("shard ", markdownText(info.shard)));
  if (!info.merged_from.empty()) facts.push_back(strCat("merged from ", info.merged_from.size(), " reports"));
  if (!info.tool_version.empty()) facts.push_back(strCat("hloconf ", markdownText(info.tool_version)));
  if (!info.reference_version.empty()) facts.push_back(strCat("reference ", markdownCode(info.reference_version, false)));
  if (!info.started_at.empty()) facts.push_back(strCat("started ", markdownText(info.started_at)));
  if (info.wall_seconds > 0) facts.push_back(strCat("wall time ", formatSeconds(info.wall_seconds)));
  if (!facts.empty()) {
    for (size_t i = 0; i < facts.size(); ++i) strAppend(&md, i ? " · " : "", facts[i]);
    md += "\n\n";
  }

  const std::vector<GroupSummary> groups = summarizeGroups(results);
  if (!groups.empty()) {
    const bool only_problems = groups.size() > kMaxTableRows;
    md += "| backend | op | element type | cases | PASS | FAIL | other | max ULP | worst case |\n"
          "| --- | --- | --- | ---: | ---: | ---: | --- | ---: | --- |\n";
    size_t rows = 0, left_out = 0;
    for (const GroupSummary& g : groups) {
      if ((only_problems && g.problems() == 0) || rows == kMaxTableRows) {
        ++left_out;
        continue;
      }
      ++rows;
      strAppend(&md, "| ", markdownCode(g.backend, true), " | ", markdownCode(g.op, true), " | ",
                markdownCode(g.element_type, true), " | ", g.cases, " | ", g.counts[static_cast<int>(Status::kPass)], " | ",
                g.counts[static_cast<int>(Status::kFail)], " | ", otherStatuses(g.counts), " | ", formatUlp(g.max_ulp), " | ",
                g.worst_id.empty() ? std::string() : markdownCode(g.worst_id, true), " |\n");
    }
    if (left_out > 0)
      strAppend(&md, "\n", left_out, " more group", left_out == 1 ? "" : "s",
                only_problems ? " without failures" : "", " not listed (report.html and results.json have them all).\n");
    md += "\n";
  }

  // Negative cases (docs/verifier.md) whose backend accepted the program: a table of their own.
  if (const std::vector<const CaseResult*> accepting = acceptsForbidden(results); !accepting.empty()) {
    strAppend(&md, "## Accepts programs the spec forbids (", accepting.size(), ")\n\n| backend | case | constraint | status |\n"
              "| --- | --- | --- | --- |\n");
    for (size_t i = 0; i < accepting.size() && i < kMaxFailures; ++i) {
      const CaseResult& r = *accepting[i];
      std::string constraints;
      for (const std::string& c : r.expect_invalid) strAppend(&constraints, constraints.empty() ? "" : ", ", c);
      strAppend(&md, "| ", markdownCode(r.backend, true), " | ", markdownCode(r.id, true), " | ", markdownText(constraints), " | ",
                statusName(r.status), " |\n");
    }
    if (accepting.size() > kMaxFailures) strAppend(&md, "\n... and ", accepting.size() - kMaxFailures, " more (results.json).\n");
    md += "\n";
  }

  std::vector<const CaseResult*> failures;
  for (const CaseResult& r : results)
    if (!isAcceptable(r.status)) failures.push_back(&r);
  if (!failures.empty()) {
    strAppend(&md, "## Failures (", failures.size(), ")\n\n");
    for (size_t i = 0; i < failures.size() && i < kMaxFailures; ++i) {
      const CaseResult& r = *failures[i];
      strAppend(&md, "- **", statusName(r.status), "** ", markdownCode(r.id, false), " (", markdownCode(r.backend, false), ")");
      if (!r.message.empty()) strAppend(&md, ": ", markdownText(truncateText(firstLine(r.message), kMaxMessage)));
      md += "\n";
      if (!r.repro.empty()) strAppend(&md, "  repro: ", markdownCode(r.repro, false), "\n");
    }
    if (failures.size() > kMaxFailures)
      strAppend(&md, "\n... and ", failures.size() - kMaxFailures, " more (results.json has every failure).\n");
  }
  return md;
}

}  // namespace hloconf::reports
