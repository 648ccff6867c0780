// `hloconf merge`: join the reports of several shards (or runs) into one report set.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "harness/commands.h"
#include "harness/options.h"
#include "harness/runner.h"
#include "ir/strings.h"
#include "reports/writers.h"

namespace hloconf {

const char kMergeUsage[] =
    "usage: hloconf merge --out DIR [options] REPORTS...\n\n"
    "Joins the reports of several shards (or of runs against different backends) into one report set.\n"
    "Each REPORTS argument is a report directory (its results.json is read) or a results.json file.\n"
    "DIR gets results.json, junit.xml, summary.md and report.html, built from the merged cases (sorted\n"
    "by case ID, then backend), with the totals recomputed; the console summary is printed.\n\n"
    "A case is identified by its ID and backend. When the same case is in more than one input:\n"
    "  - records that are identical but for the backend time are kept once (a note on stderr says so);\n"
    "  - records that differ are an error (exit 2, nothing written), unless --duplicates says which wins.\n"
    "Inputs with different profiles, tool or reference versions are merged with a warning, and the merged\n"
    "run information lists every value. Shards 'i/N' that do not cover 1..N exactly are warned about.\n\n"
    "options:\n"
    "  --out DIR            where to write the merged reports (required; created if missing)\n"
    "  --duplicates MODE    error (default), first or last: which record of a differing duplicate is kept\n"
    "  --shards N           the inputs must be exactly shards 1/N .. N/N, each once (else exit 2): a CI\n"
    "                       merge step cannot pass with a shard missing\n"
    "  --no-color           no ANSI colours in the summary (the default when stdout is not a terminal)\n"
    "  -q, --quiet          print no summary\n\n"
    "Exit status: 0 when every merged case is PASS, UNSUPPORTED, IMPL_DEFINED or XFAIL; 1 when any other\n"
    "status (FAIL, CRASH, TIMEOUT, ERROR, XPASS, FLAKY, INVALID) remains; 2 on usage errors, unreadable inputs or\n"
    "differing duplicates, or (with --shards) a shard missing.\n";

namespace {

using reports::CaseResult;
using reports::RunInfo;

enum class DuplicatePolicy { kError, kFirst, kLast };

struct MergeOptions {
  std::string out;
  DuplicatePolicy duplicates = DuplicatePolicy::kError;
  bool color = true;
  bool quiet = false;
  int shards = 0;  // --shards N: the inputs must be shards 1/N..N/N; 0: coverage is only warned about
  std::vector<std::string> inputs;
};

struct Input {
  std::string path;
  RunInfo info;
  std::vector<CaseResult> cases;
};


// The record without its timing: two runs of the same case agree on everything else when they agree.
nlohmann::json comparable(const CaseResult& r) {
  nlohmann::json j = r.toJson();
  j.erase("seconds");
  return j;
}

// One value when every input agrees (or says nothing), else every distinct value and a warning.
std::string agreedValue(const std::vector<Input>& inputs, std::string RunInfo::*field, const char* what) {
  std::vector<std::string> values;
  for (const Input& input : inputs) {
    const std::string& v = input.info.*field;
    if (!v.empty() && std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
  }
  std::string joined;
  for (const std::string& v : values) strAppend(&joined, joined.empty() ? "" : ", ", v);
  if (values.size() > 1) std::fprintf(stderr, "hloconf merge: warning: the inputs differ in %s: %s\n", what, joined.c_str());
  return joined;
}

// What is wrong with the inputs' shards 'i/N' (not exactly 1/N .. N/N, each once), one line each; with
// `expected` > 0, also every input that is not a shard of `expected`.
std::vector<std::string> shardCoverageProblems(const std::vector<Input>& inputs, int expected) {
  std::vector<std::string> problems;
  std::set<int> counts;
  std::map<int, int> seen;
  for (const Input& input : inputs) {
    int index = 0, count = 0;
    if (input.info.shard.empty() || std::sscanf(input.info.shard.c_str(), "%d/%d", &index, &count) != 2) {
      if (expected > 0) problems.push_back(strCat(input.path, " is not a shard (its run had no --shard)"));
      else return problems;  // not a sharded set: nothing to check
      continue;
    }
    counts.insert(count);
    ++seen[index];
  }
  if (expected > 0) counts.insert(expected);
  if (counts.size() > 1) {
    std::string sizes;
    for (int n : counts) strAppend(&sizes, sizes.empty() ? "" : ", ", n, " shards");
    problems.push_back(strCat("the inputs come from different shardings (", sizes, ")"));
    return problems;
  }
  if (counts.empty()) return problems;
  const int count = *counts.begin();
  std::string missing, repeated;
  for (int i = 1; i <= count; ++i) {
    if (!seen.count(i)) strAppend(&missing, missing.empty() ? "" : ", ", i, "/", count);
    else if (seen[i] > 1) strAppend(&repeated, repeated.empty() ? "" : ", ", i, "/", count);
  }
  if (!missing.empty()) problems.push_back(strCat("shards missing: ", missing));
  if (!repeated.empty()) problems.push_back(strCat("shards given more than once: ", repeated));
  return problems;
}

int usageError(const std::string& message) { return cli::usageError("merge", message); }

}  // namespace

int runMergeCommand(const std::vector<std::string>& args) {
  MergeOptions options;
  options.color = isatty(fileno(stdout)) && !std::getenv("NO_COLOR");
  cli::Options cl("merge");
  CLI::App& app = cl.app();
  std::string duplicates = "error";
  bool no_color = false;
  app.add_option("-o,--out", options.out);
  app.add_option("--duplicates", duplicates)->check(CLI::IsMember({"error", "first", "last"}));
  app.add_option("--shards", options.shards)->check(cli::countIn(1, 100000));
  app.add_flag("--no-color", no_color);
  app.add_flag("-q,--quiet", options.quiet);
  app.add_option("reports", options.inputs);
  if (std::optional<int> status = cl.parse(args)) return *status;
  if (no_color) options.color = false;
  options.duplicates = duplicates == "first" ? DuplicatePolicy::kFirst : duplicates == "last" ? DuplicatePolicy::kLast : DuplicatePolicy::kError;
  if (options.out.empty()) return usageError("--out DIR is required");
  if (options.inputs.empty()) return usageError("no reports to merge");

  std::vector<Input> inputs;
  for (const std::string& path : options.inputs) {
    auto read = reports::readResultsJson(path);
    if (!read.ok()) {
      std::fprintf(stderr, "hloconf merge: %s\n", std::string(read.status().message()).c_str());
      return 2;
    }
    inputs.push_back({path, std::move(read->first), std::move(read->second)});
  }

  // Join, keyed by (id, backend); `origin` remembers which input each kept record came from.
  std::map<std::pair<std::string, std::string>, std::pair<CaseResult, size_t>> merged;
  int conflicts = 0, identical = 0;
  for (size_t n = 0; n < inputs.size(); ++n) {
    for (CaseResult& r : inputs[n].cases) {
      auto key = std::make_pair(r.id, r.backend);
      auto it = merged.find(key);
      if (it == merged.end()) {
        merged.emplace(std::move(key), std::make_pair(std::move(r), n));
        continue;
      }
      const auto& [kept, origin] = it->second;
      if (comparable(kept) == comparable(r)) {
        ++identical;
        continue;
      }
      const std::string where = strCat(r.id, " (", r.backend, "): ", statusName(kept.status), " in ", inputs[origin].path,
                                       ", ", statusName(r.status), " in ", inputs[n].path);
      switch (options.duplicates) {
        case DuplicatePolicy::kError:
          std::fprintf(stderr, "hloconf merge: error: case %s, and the records differ\n", where.c_str());
          ++conflicts;
          break;
        case DuplicatePolicy::kFirst:
          std::fprintf(stderr, "hloconf merge: note: case %s; keeping the first\n", where.c_str());
          break;
        case DuplicatePolicy::kLast:
          std::fprintf(stderr, "hloconf merge: note: case %s; keeping the last\n", where.c_str());
          it->second = {std::move(r), n};
          break;
      }
    }
  }
  if (conflicts > 0) {
    std::fprintf(stderr,
                 "hloconf merge: %d case(s) appear in more than one input with different records; nothing written "
                 "(--duplicates first|last keeps one of them)\n",
                 conflicts);
    return 2;
  }
  if (identical > 0)
    std::fprintf(stderr, "hloconf merge: note: %d case(s) appear in more than one input with identical records; kept once\n",
                 identical);
  // With --shards, a set that is not exactly shards 1/N..N/N fails the merge (nothing written); without,
  // it is a warning.
  const std::vector<std::string> shard_problems = shardCoverageProblems(inputs, options.shards);
  for (const std::string& problem : shard_problems)
    std::fprintf(stderr, "hloconf merge: %s%s\n", options.shards > 0 ? "" : "warning: ", problem.c_str());
  if (options.shards > 0 && !shard_problems.empty()) return 2;

  std::vector<CaseResult> results;
  results.reserve(merged.size());
  for (auto& [key, entry] : merged) results.push_back(std::move(entry.first));  // the map is sorted by (id, backend)

  RunInfo info;
  info.tool_version = agreedValue(inputs, &RunInfo::tool_version, "hloconf version");
  info.reference_version = agreedValue(inputs, &RunInfo::reference_version, "reference version");
  info.profile = agreedValue(inputs, &RunInfo::profile, "tolerance profile");
  info.command_line = "hloconf merge";
  for (const std::string& arg : args) strAppend(&info.command_line, " ", shellQuote(arg));
  for (const Input& input : inputs) {
    if (!input.info.started_at.empty() && (info.started_at.empty() || input.info.started_at < info.started_at))
      info.started_at = input.info.started_at;
    info.wall_seconds = std::max(info.wall_seconds, input.info.wall_seconds);
    info.merged_from.push_back({input.path, input.info.shard, input.info.command_line, input.info.started_at,
                                input.info.wall_seconds, static_cast<int64_t>(input.cases.size())});
  }
  // Backends in the order the inputs name them, then any only the cases name.
  for (const Input& input : inputs)
    for (const std::string& b : input.info.backends)
      if (!b.empty() && std::find(info.backends.begin(), info.backends.end(), b) == info.backends.end()) info.backends.push_back(b);
  for (const CaseResult& r : results)
    if (std::find(info.backends.begin(), info.backends.end(), r.backend) == info.backends.end()) info.backends.push_back(r.backend);
  // What the backends said they are, each distinct identity once; one name with two versions is a warning
  // (shards run against different builds of a backend).
  for (const Input& input : inputs)
    for (const RunInfo::BackendIdentity& id : input.info.backend_identities) {
      if (std::find(info.backend_identities.begin(), info.backend_identities.end(), id) != info.backend_identities.end()) continue;
      for (const RunInfo::BackendIdentity& seen : info.backend_identities)
        if (seen.name == id.name)
          std::fprintf(stderr, "hloconf merge: warning: backend %s answered as %s in one input and %s in another\n", id.name.c_str(),
                       seen.describe().c_str(), id.describe().c_str());
      info.backend_identities.push_back(id);
    }

  if (absl::Status s = reports::writeReports(options.out, info, results); !s.ok()) {
    std::fprintf(stderr, "hloconf merge: %s\n", std::string(s.message()).c_str());
    return 2;
  }
  if (!options.quiet) {
    std::fputs(reports::consoleSummary(results, options.color).c_str(), stdout);
    std::printf("\nmerged %zu report(s), %zu case(s), into %s\n", inputs.size(), results.size(), options.out.c_str());
  }
  return reports::exitStatusFor(results);
}

}  // namespace hloconf
