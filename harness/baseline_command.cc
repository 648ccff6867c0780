// `hloconf baseline FILE REPORTS...`: the state of each known failure of a baseline in one or more runs,
// and above all the stale ones (known failures that pass now), which only make a baseline hide less than
// it seems to.
#include <cstdio>
#include <string>
#include <vector>

#include "harness/commands.h"
#include "harness/options.h"
#include "harness/runner.h"
#include "ir/strings.h"
#include "reports/writers.h"

namespace hloconf {

const char kBaselineUsage[] =
    "usage: hloconf baseline FILE REPORTS... [--all]\n\n"
    "Reads the baseline FILE (hloconf run --baseline / --write-baseline) and the runs REPORTS (report\n"
    "folders or results.json files) and sorts its entries:\n"
    "  stale      every case it matches passes now (XPASS, PASS or IMPL_DEFINED): remove it\n"
    "  grew       a matched case fails beyond the entry (another status class, or a larger max ULP)\n"
    "  not run    no case of the runs matches it (another suite, shard or backend?)\n"
    "  known      still failing as recorded\n"
    "Prints the stale, grew and not-run entries (--all: every entry) and a count of each.\n\n"
    "Exit status: 0 when no entry is stale; 1 when some are; 2 on usage errors or unreadable files.\n";

namespace {

int usageError(const std::string& message) { return cli::usageError("baseline", message); }

}  // namespace

int runBaselineCommand(const std::vector<std::string>& args) {
  std::vector<std::string> paths;
  bool all = false;
  cli::Options cl("baseline");
  cl.app().add_flag("--all", all);
  cl.app().add_option("paths", paths);
  if (std::optional<int> status = cl.parse(args)) return *status;
  if (paths.size() < 2) return usageError("a baseline file and at least one run to check it against");
  auto baseline = readBaseline(paths[0]);
  if (!baseline.ok()) return usageError(std::string(baseline.status().message()));
  std::vector<reports::CaseResult> results;
  for (size_t i = 1; i < paths.size(); ++i) {
    auto read = reports::readResultsJson(paths[i]);
    if (!read.ok()) return usageError(std::string(read.status().message()));
    for (reports::CaseResult& r : read->second) results.push_back(std::move(r));
  }
  // Each case counts toward the entry it is judged by (find(): an exact ID before a glob), found once.
  struct Tally {
    int matched = 0, passing = 0, beyond = 0;
    std::string example;  // the first failure beyond the entry
  };
  std::vector<Tally> tallies(baseline->entries.size());
  for (const reports::CaseResult& r : results) {
    const BaselineEntry* entry = baseline->find(r.backend, r.id);
    if (!entry) continue;
    Tally& t = tallies[static_cast<size_t>(entry - baseline->entries.data())];
    ++t.matched;
    t.passing += r.status == reports::Status::kXPass || r.status == reports::Status::kPass || r.status == reports::Status::kImplDefined;
    // A failure the baseline did not turn into XFAIL: another class, or grown past max_ulp.
    if (reports::isFailure(r.status)) {
      ++t.beyond;
      if (t.example.empty()) t.example = strCat(r.id, ": ", reports::statusName(r.status), ": ", r.message.substr(0, 160));
    }
  }
  int stale = 0, grew = 0, not_run = 0, known = 0;
  for (size_t i = 0; i < baseline->entries.size(); ++i) {
    const BaselineEntry& entry = baseline->entries[i];
    const Tally& t = tallies[i];
    const char* state;
    if (t.matched == 0) state = "not run", ++not_run;
    else if (t.passing == t.matched) state = "stale", ++stale;
    else if (t.beyond > 0) state = "grew", ++grew;
    else state = "known", ++known;
    if (all || std::string(state) != "known") {
      std::printf("%-8s %s (%s)%s%s\n", state, entry.id.c_str(), entry.backend.c_str(),
                  t.matched > 1 ? strCat(": ", t.matched, " cases").c_str() : "", t.example.empty() ? "" : strCat(" -- ", t.example).c_str());
    }
  }
  std::printf("%zu entries: %d stale, %d grew, %d not run, %d known\n", baseline->entries.size(), stale, grew, not_run, known);
  return stale > 0 ? 1 : 0;
}

}  // namespace hloconf
