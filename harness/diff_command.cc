// `hloconf diff RUN_A RUN_B`: what changed between two runs (report folders or results.json files), the
// view a vendor gates on between two builds: new failures, fixed cases, failures that got worse, lost
// and gained coverage, cases added and removed, and the largest ULP distance per op and element type.
// docs/design/harness.md, "diff".
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "harness/commands.h"
#include "harness/options.h"
#include "ir/strings.h"
#include "nlohmann/json.hpp"
#include "reports/report_text.h"
#include "reports/writers.h"

namespace hloconf {

const char kDiffUsage[] =
    "usage: hloconf diff RUN_A RUN_B [--json FILE] [--markdown FILE] [--limit N] [--coverage-gates]\n\n"
    "Compares two runs (report folders, or their results.json files): RUN_A the baseline (the previous\n"
    "build), RUN_B the new one. Cases are matched by ID and backend; when each run has one backend and\n"
    "their names differ (two versions of one backend), by ID alone. Each matched case falls in one group:\n"
    "  new failure     works (PASS, IMPL_DEFINED, XPASS) or UNSUPPORTED in A, fails in B\n"
    "                  (FAIL, CRASH, TIMEOUT, ERROR, FLAKY; XFAIL counts as failing: it is one)\n"
    "  worse           fails in both, and B's status is worse (FAIL < FLAKY < ERROR < TIMEOUT < CRASH)\n"
    "                  or its largest ULP distance grew\n"
    "  fixed           fails in A, works in B\n"
    "  coverage lost   works in A, UNSUPPORTED in B (and coverage gained, the other way)\n"
    "Cases in one run only are listed as added (with how many of them fail) or removed. The table of\n"
    "ops and element types lists every (op, type) whose largest ULP distance over the matched cases\n"
    "changed.\n\n"
    "options:\n"
    "  --markdown FILE   write the Markdown report to FILE (default: print it)\n"
    "  --json FILE       also write every group in full as JSON\n"
    "  --limit N         cases listed per group in the Markdown (default 50; the JSON has all)\n"
    "  --coverage-gates  lost coverage and removed cases fail the diff too\n\n"
    "Exit status: 0 when nothing got worse; 1 when there are new failures or worse failures (with\n"
    "--coverage-gates: or lost coverage, or removed cases); 2 on usage errors or unreadable runs.\n";

namespace {

using reports::CaseResult;
using reports::Status;

// How a status reads when comparing two runs.
enum class Kind { kWorks, kUnsupported, kFails };
Kind kindOf(Status s) {
  switch (s) {
    case Status::kPass: case Status::kImplDefined: case Status::kXPass: return Kind::kWorks;
    case Status::kUnsupported: return Kind::kUnsupported;
    default: return Kind::kFails;  // FAIL, CRASH, TIMEOUT, ERROR, FLAKY, XFAIL, INVALID
  }
}
// Among failing statuses, how bad: a crash is worse than a timeout, than an error, than a wrong value. An
// invalid program ranks with an error: nothing ran, and the case (not the backend) must change.
int severity(Status s) {
  switch (s) {
    case Status::kXFail: case Status::kFail: return 1;
    case Status::kFlaky: return 2;
    case Status::kError: case Status::kInvalid: return 3;
    case Status::kTimeout: return 4;
    case Status::kCrash: return 5;
    default: return 0;
  }
}

// A case in A, in B, or both (removed: B missing; added: A missing).
struct Change {
  std::optional<CaseResult> a, b;
  const CaseResult& either() const { return b ? *b : *a; }
  // Its backend; two names when the runs were matched by ID ("torch-2.10 -> torch-2.11"), each passed
  // through `text` (an escaper for the output at hand).
  std::string backend(std::string (*text)(std::string_view) = [](std::string_view s) { return std::string(s); }) const {
    return a && b && a->backend != b->backend ? strCat(text(a->backend), " -> ", text(b->backend)) : text(either().backend);
  }
};

struct Groups {
  std::vector<Change> new_failures, worse, fixed, coverage_lost, coverage_gained, added, removed;
  int64_t matched = 0, unchanged = 0, added_failing = 0;
};

std::string statusText(const CaseResult& r) {
  std::string text(reports::statusName(r.status));
  if (r.status != Status::kPass && r.status != Status::kUnsupported && r.max_ulp > 0)
    text += strCat(" (", reports::formatUlp(r.max_ulp), " ULP)");
  return text;
}

nlohmann::json changeJson(const Change& c) {
  const CaseResult& r = c.either();
  nlohmann::json j = {{"id", r.id}, {"backend", c.backend()}, {"op", r.op}, {"element_type", r.element_type}};
  auto side = [](const CaseResult& r) {
    return nlohmann::json{{"backend", r.backend}, {"status", std::string(reports::statusName(r.status))}, {"max_ulp", r.max_ulp},
                          {"message", r.message}};
  };
  if (c.a) j["a"] = side(*c.a);
  if (c.b) j["b"] = side(*c.b);
  return j;
}

struct Options {
  std::string run_a, run_b, json_path, markdown_path;
  size_t limit = 50;
  bool coverage_gates = false;
};

int usageError(const std::string& message) { return cli::usageError("diff", message); }

}  // namespace

int runDiffCommand(const std::vector<std::string>& args) {
  Options o;
  std::vector<std::string> runs;
  cli::Options cl("diff");
  CLI::App& app = cl.app();
  app.add_option("--json", o.json_path);
  app.add_option("--markdown", o.markdown_path);
  app.add_option("--limit", o.limit)->check(cli::countIn(0, 1000000000));
  app.add_flag("--coverage-gates", o.coverage_gates);
  app.add_option("runs", runs);
  if (std::optional<int> status = cl.parse(args)) return *status;
  if (runs.size() != 2) return usageError(strCat("two runs to compare, not ", runs.size()));
  o.run_a = runs[0];
  o.run_b = runs[1];

  auto a = reports::readResultsJson(o.run_a);
  if (!a.ok()) return usageError(std::string(a.status().message()));
  auto b = reports::readResultsJson(o.run_b);
  if (!b.ok()) return usageError(std::string(b.status().message()));

  // Two runs of one backend each, named differently (torch 2.10 against torch 2.11): matched by ID alone.
  auto backendsOf = [](const std::vector<CaseResult>& cases) {
    std::set<std::string> names;
    for (const CaseResult& c : cases) names.insert(c.backend);
    return names;
  };
  const std::set<std::string> backends_a = backendsOf(a->second), backends_b = backendsOf(b->second);
  const bool by_id = backends_a.size() == 1 && backends_b.size() == 1 && backends_a != backends_b;
  auto keyOf = [&](const CaseResult& c) { return std::make_pair(c.id, by_id ? std::string() : c.backend); };
  std::map<std::pair<std::string, std::string>, const CaseResult*> in_a, in_b;
  for (const CaseResult& c : a->second) in_a[keyOf(c)] = &c;
  for (const CaseResult& c : b->second) in_b[keyOf(c)] = &c;

  Groups g;
  // Per (op, element type): the largest ULP distance over the matched cases, in A and in B.
  std::map<std::pair<std::string, std::string>, std::pair<double, double>> ulps;
  for (const auto& [key, ra] : in_a) {
    auto found = in_b.find(key);
    Change change{*ra, std::nullopt};
    if (found == in_b.end()) {
      g.removed.push_back(std::move(change));
      continue;
    }
    const CaseResult& rb = *found->second;
    change.b = rb;
    ++g.matched;
    if (ra->max_ulp >= 0 && rb.max_ulp >= 0) {
      auto& [ua, ub] = ulps.try_emplace({ra->op, ra->element_type}, 0.0, 0.0).first->second;
      ua = std::max(ua, ra->max_ulp);
      ub = std::max(ub, rb.max_ulp);
    }
    const Kind ka = kindOf(ra->status), kb = kindOf(rb.status);
    if (kb == Kind::kFails && ka != Kind::kFails) g.new_failures.push_back(std::move(change));
    else if (kb == Kind::kFails && (severity(rb.status) > severity(ra->status) || rb.max_ulp > ra->max_ulp)) g.worse.push_back(std::move(change));
    else if (ka == Kind::kFails && kb == Kind::kWorks) g.fixed.push_back(std::move(change));
    else if (ka == Kind::kWorks && kb == Kind::kUnsupported) g.coverage_lost.push_back(std::move(change));
    else if (ka == Kind::kUnsupported && kb == Kind::kWorks) g.coverage_gained.push_back(std::move(change));
    else ++g.unchanged;
  }
  for (const auto& [key, rb] : in_b) {
    if (in_a.contains(key)) continue;
    g.added_failing += kindOf(rb->status) == Kind::kFails;
    g.added.push_back(Change{std::nullopt, *rb});
  }

  const bool failed = !g.new_failures.empty() || !g.worse.empty() ||
                      (o.coverage_gates && (!g.coverage_lost.empty() || !g.removed.empty()));

  // --- Markdown (user text through the report writers' escaping: a message cannot break the page) ---
  using reports::markdownCode;
  using reports::markdownText;
  std::string md = strCat("# hloconf diff\n\n", "A: ", markdownCode(o.run_a, false), " (", a->second.size(), " results)  \nB: ",
                          markdownCode(o.run_b, false), " (", b->second.size(), " results)\n");
  if (by_id)
    md += strCat("\nMatched by case ID: A ran ", markdownCode(*backends_a.begin(), false), ", B ran ", markdownCode(*backends_b.begin(), false),
                 ".\n");
  md += strCat("\n**", failed ? "Worse" : "Not worse", "**: ", g.new_failures.size(), " new failure(s), ", g.worse.size(),
               " worse, ", g.fixed.size(), " fixed, ", g.coverage_lost.size(), " coverage lost, ", g.coverage_gained.size(),
               " coverage gained; ", g.matched, " case(s) in both (", g.unchanged, " unchanged), ", g.added.size(), " added (",
               g.added_failing, " failing), ", g.removed.size(), " removed.\n");
  auto section = [&](const char* title, const std::vector<Change>& changes) {
    if (changes.empty()) return;
    md += strCat("\n## ", title, " (", changes.size(), ")\n\n");
    for (size_t i = 0; i < changes.size() && i < o.limit; ++i) {
      const Change& c = changes[i];
      md += strCat("- ", markdownCode(c.either().id, false), " (", c.backend(markdownText), "): ", c.a ? statusText(*c.a) : "-", " -> ",
                   c.b ? statusText(*c.b) : "-");
      // Its message on one line, cut between words (Markdown lists are read on narrow screens too).
      const CaseResult& now = c.either();
      if (!now.message.empty() && now.status != Status::kPass)
        md += strCat(": ", markdownText(reports::wrapWords(now.message, 160, 1, " ...").front()));
      md += "\n";
    }
    if (changes.size() > o.limit) md += strCat("- ... and ", changes.size() - o.limit, " more (--json has every case)\n");
  };
  section("New failures", g.new_failures);
  section("Worse failures", g.worse);
  section("Fixed", g.fixed);
  section("Coverage lost (now UNSUPPORTED)", g.coverage_lost);
  section("Coverage gained", g.coverage_gained);
  section("Removed (in A only)", g.removed);
  section("Added (in B only)", g.added);
  std::vector<std::pair<std::pair<std::string, std::string>, std::pair<double, double>>> changed;
  for (const auto& entry : ulps)
    if (entry.second.first != entry.second.second) changed.push_back(entry);
  if (!changed.empty()) {
    md += strCat("\n## Largest ULP distance per op and element type, where it changed (", changed.size(), ")\n\n",
                 "| op | type | A | B |\n| --- | --- | ---: | ---: |\n");
    for (const auto& [key, values] : changed)
      md += strCat("| ", markdownText(key.first), " | ", markdownText(key.second), " | ", reports::formatUlp(values.first), " ULP | ",
                   reports::formatUlp(values.second), " ULP", values.second > values.first ? " (grew)" : "", " |\n");
  }
  md += strCat("\nresult: ", failed ? "worse (exit status 1)" : "not worse (exit status 0)", "\n");

  if (o.markdown_path.empty()) {
    std::fputs(md.c_str(), stdout);
  } else {
    std::ofstream out(o.markdown_path);
    if (!(out << md)) return usageError(strCat("cannot write ", o.markdown_path));
    std::printf("%s", strCat("wrote ", o.markdown_path, ": ", g.new_failures.size(), " new failure(s), ", g.worse.size(), " worse, ",
                             g.fixed.size(), " fixed\nresult: ", failed ? "worse (exit status 1)" : "not worse (exit status 0)", "\n")
                          .c_str());
  }
  if (!o.json_path.empty()) {
    nlohmann::json j = {{"run_a", o.run_a}, {"run_b", o.run_b}, {"matched_by_id", by_id}, {"worse", failed},
                        {"matched", g.matched}, {"unchanged", g.unchanged}, {"added_failing", g.added_failing}};
    auto list = [](const std::vector<Change>& changes) {
      nlohmann::json out = nlohmann::json::array();
      for (const Change& c : changes) out.push_back(changeJson(c));
      return out;
    };
    j["new_failures"] = list(g.new_failures);
    j["worse_failures"] = list(g.worse);
    j["fixed"] = list(g.fixed);
    j["coverage_lost"] = list(g.coverage_lost);
    j["coverage_gained"] = list(g.coverage_gained);
    j["added"] = list(g.added);
    j["removed"] = list(g.removed);
    nlohmann::json table = nlohmann::json::array();
    for (const auto& [key, values] : ulps)
      table.push_back({{"op", key.first}, {"element_type", key.second}, {"max_ulp_a", values.first}, {"max_ulp_b", values.second}});
    j["max_ulp_by_op_and_type"] = table;
    std::ofstream out(o.json_path);
    if (!(out << j.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n")) return usageError(strCat("cannot write ", o.json_path));
  }
  return failed ? 1 : 0;
}

}  // namespace hloconf
