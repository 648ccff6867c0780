// The report writers (results.json, junit.xml, summary.md, the console summary), the exit status rule,
// the progress lines and `hloconf merge`, on a synthetic set of case results.
#include "../harness/run_hloconf.h"
#include "reports/writers.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "reports/progress.h"
#include "reports/report_text.h"

namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;
using namespace hloconf::reports;

// An ID and a message with every character the writers must escape.
const char kNastyId[] = "peer/x/<weird>&\"quoted\"'single'|pipe`tick";
const char kNastyMessage[] = "got <script>alert(\"x\")</script> & more |a|b| *bold* \x01 and \xff bad UTF-8";

CaseResult makeCase(std::string id, std::string backend, std::string op, std::string type, Status status, double max_ulp,
                    std::string message = "") {
  CaseResult r;
  r.id = std::move(id);
  r.backend = std::move(backend);
  r.op = std::move(op);
  r.element_type = std::move(type);
  r.status = status;
  r.max_ulp = max_ulp;
  r.message = std::move(message);
  r.rule = "default:" + r.op + "/" + r.element_type;
  r.elements = 4;
  r.seconds = 0.002;
  r.repro = "hloconf repro --backend " + r.backend + " '" + r.id + "' -o /tmp/repro.mlir";
  if (max_ulp >= 0) {
    r.ulp_histogram.assign(static_cast<size_t>(ulpBucket(max_ulp)) + 1, 0);
    r.ulp_histogram[0] = 3;
    r.ulp_histogram[static_cast<size_t>(ulpBucket(max_ulp))] += 1;
  }
  if (status == Status::kFail) {
    r.mismatches = 1;
    ElementDiff d;
    d.output = 0;
    d.index = 2;
    d.position = "[2]";
    d.expected = "1.0";
    d.actual = "1.00000083";
    d.expected_bits = "0x3F800000";
    d.actual_bits = "0x3F800007";
    d.ulp = max_ulp;
    d.category = "value";
    r.worst.push_back(d);
    r.inputs.push_back({"tensor<4xf32>", "0x0000803F000000400000404000008040", false});
  }
  return r;
}

// reference: add/f32 (3 PASS, FAIL 3 ULP, FAIL 7 ULP), exponential/f32 (PASS at 2 ULP, UNSUPPORTED),
// exponential/bf16 (CRASH), divide/i32 (IMPL_DEFINED, XFAIL, no float elements), and a FAIL with an
// infinite ULP error; other: add/f32 (XPASS, PASS).
std::vector<CaseResult> syntheticResults() {
  std::vector<CaseResult> v;
  v.push_back(makeCase("spec/add/example-1", "reference", "add", "f32", Status::kPass, 0));
  v.push_back(makeCase("spec/add/example-2", "reference", "add", "f32", Status::kPass, 0));
  v.push_back(makeCase("spec/add/example-3", "reference", "add", "f32", Status::kPass, 0));
  v.push_back(makeCase("spec/add/fail-3ulp", "reference", "add", "f32", Status::kFail, 3, "3 ULP at [2]"));
  v.push_back(makeCase("spec/add/fail-7ulp", "reference", "add", "f32", Status::kFail, 7, "7 ULP at [2]"));
  v.push_back(makeCase("gen/exponential/f32/a", "reference", "exponential", "f32", Status::kPass, 2));
  v.push_back(makeCase("gen/exponential/f32/b", "reference", "exponential", "f32", Status::kUnsupported, -1, "no exp"));
  v.push_back(makeCase("gen/exponential/bf16/a", "reference", "exponential", "bf16", Status::kCrash, 0, "signal 11"));
  v.push_back(makeCase("spec/divide/by-zero", "reference", "divide", "i32", Status::kImplDefined, -1, "x/0"));
  v.push_back(makeCase("spec/divide/known", "reference", "divide", "i32", Status::kXFail, -1, "known"));
  v.push_back(makeCase(kNastyId, "reference", "log", "f64", Status::kFail, INFINITY, kNastyMessage));
  v.push_back(makeCase("spec/add/example-1", "other", "add", "f32", Status::kXPass, 0));
  v.push_back(makeCase("spec/add/example-2", "other", "add", "f32", Status::kPass, 0));
  return v;
}

RunInfo syntheticInfo() {
  RunInfo info;
  info.tool_version = "0.1.0";
  info.reference_version = "0.1.0+abc123";
  info.profile = "default";
  info.command_line = "hloconf run --backend reference --report-dir out";
  info.started_at = "2024-05-01T12:00:00Z";
  info.shard = "1/4";
  info.backends = {"reference", "other"};
  info.wall_seconds = 12.5;
  return info;
}

fs::path tempDir(const std::string& tag) {
  fs::path dir = fs::temp_directory_path() /
                 ("hloconf_writers_" + tag + "_" + std::to_string(getpid()) + "_" +
                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

using CommandResult = hloconf::test::RunResult;

CommandResult runCommand(const std::string& command) { return hloconf::test::runShell(command + " 2>&1"); }

const GroupSummary* findGroup(const std::vector<GroupSummary>& groups, const std::string& backend, const std::string& op,
                              const std::string& type) {
  for (const GroupSummary& g : groups)
    if (g.backend == backend && g.op == op && g.element_type == type) return &g;
  return nullptr;
}

int64_t count(const GroupSummary& g, Status s) { return g.counts[static_cast<int>(s)]; }

// ---------------------------------------------------------------------------------------------------
// results.json

TEST(WriterResultsJson, RoundTripsRunInfoAndEveryCase) {
  const fs::path dir = tempDir("json");
  const std::vector<CaseResult> results = syntheticResults();
  RunInfo info = syntheticInfo();
  info.merged_from.push_back({"shard1", "1/2", "hloconf run ...", "2024-05-01T11:00:00Z", 3.5, 7});
  ASSERT_TRUE(writeReports(dir.string(), info, results).ok());
  for (const char* name : {"results.json", "junit.xml", "summary.md", "report.html"})
    EXPECT_TRUE(fs::is_regular_file(dir / name)) << name;

  for (const fs::path& path : {dir, dir / "results.json"}) {
    auto read = readResultsJson(path.string());
    ASSERT_TRUE(read.ok()) << read.status();
    EXPECT_EQ(read->first.toJson(), info.toJson());
    ASSERT_EQ(read->second.size(), results.size());
    for (size_t i = 0; i < results.size(); ++i) {
      nlohmann::json expected = results[i].toJson();
      if (results[i].id == kNastyId) {
        // The only change a round trip makes: bytes that are not UTF-8 become U+FFFD.
        expected["message"] = sanitizeUtf8(kNastyMessage);
      }
      EXPECT_EQ(read->second[i].toJson(), expected) << results[i].id;
    }
  }
  EXPECT_TRUE(std::isinf(readResultsJson(dir.string())->second[10].max_ulp));

  // The totals object counts each status; every status name is present.
  const nlohmann::json j = nlohmann::json::parse(readFile(dir / "results.json"));
  EXPECT_EQ(j["format_version"], kResultsFormatVersion);
  EXPECT_EQ(j["totals"]["PASS"], 5);
  EXPECT_EQ(j["totals"]["FAIL"], 3);
  EXPECT_EQ(j["totals"]["UNSUPPORTED"], 1);
  EXPECT_EQ(j["totals"]["CRASH"], 1);
  EXPECT_EQ(j["totals"]["IMPL_DEFINED"], 1);
  EXPECT_EQ(j["totals"]["XFAIL"], 1);
  EXPECT_EQ(j["totals"]["XPASS"], 1);
  EXPECT_EQ(j["totals"]["TIMEOUT"], 0);
  EXPECT_EQ(j["totals"].size(), static_cast<size_t>(kNumStatuses));
  EXPECT_EQ(j["hloconf"]["shard"], "1/4");
  EXPECT_EQ(j["cases"].size(), results.size());
  fs::remove_all(dir);
}

TEST(WriterResultsJson, RejectsWhatIsNotAResultsFile) {
  const fs::path dir = tempDir("bad");
  auto missing = readResultsJson((dir / "nope.json").string());
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);

  std::ofstream(dir / "garbage.json") << "{\"cases\": [";
  auto garbage = readResultsJson((dir / "garbage.json").string());
  EXPECT_EQ(garbage.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(garbage.status().message()), HasSubstr("not valid JSON"));

  std::ofstream(dir / "nocases.json") << "{\"hloconf\": {}}";
  EXPECT_THAT(std::string(readResultsJson((dir / "nocases.json").string()).status().message()), HasSubstr("no \"cases\""));

  std::ofstream(dir / "status.json") << R"({"cases": [{"id": "a/b", "status": "MAYBE"}]})";
  EXPECT_THAT(std::string(readResultsJson((dir / "status.json").string()).status().message()), HasSubstr("unknown status 'MAYBE'"));

  std::ofstream(dir / "future.json") << R"({"format_version": 99, "cases": []})";
  EXPECT_THAT(std::string(readResultsJson((dir / "future.json").string()).status().message()), HasSubstr("format_version 99"));
  fs::remove_all(dir);
}

// Issue 19, item 11: format_version is read with its exact type and range. get<int> read 2^70 as garbage,
// 1.5 as 1, "2" as the fallback 1, -1 as an old version, and 4294967298 (2^32 + 2) as 2.
TEST(ResultsJsonFormatVersion, OnlyAnIntegerFromOneToTheCurrentVersionIsRead) {
  const fs::path dir = fs::temp_directory_path() / ("hloconf-format-version-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto read = [&](const std::string& version) {
    const fs::path file = dir / "results.json";
    std::ofstream(file) << "{\"format_version\": " << version << ", \"cases\": []}";
    return readResultsJson(file.string()).status();
  };
  for (const char* bad : {"1180591620717411303424", "1.5", "\"2\"", "\"1\"", "-1", "0", "4294967298", "18446744073709551615",
                          "true", "null", "[1]"}) {
    SCOPED_TRACE(bad);
    absl::Status status = read(bad);
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(std::string(status.message()), HasSubstr("format_version"));
  }
  EXPECT_THAT(std::string(read("4294967298").message()), HasSubstr("format_version 4294967298 is newer"));
  EXPECT_TRUE(read("1").ok());
  fs::remove_all(dir);
}

// ---------------------------------------------------------------------------------------------------
// junit.xml

// Parses junit.xml with python3's xml.etree and returns what it found, as JSON.
std::optional<nlohmann::json> parseJunitWithPython(const fs::path& xml, const fs::path& work) {
  if (!fs::exists("/usr/bin/python3")) return std::nullopt;
  const fs::path script = work / "parse_junit.py";
  std::ofstream(script) << R"py(
import json, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
out = {"tag": root.tag, "attrib": root.attrib, "suites": []}
for suite in root.findall("testsuite"):
    s = {"attrib": suite.attrib, "properties": {p.get("name"): p.get("value") for p in suite.iter("property")}, "cases": []}
    for case in suite.findall("testcase"):
        c = {"name": case.get("name"), "classname": case.get("classname"), "kind": "", "type": "", "message": "", "text": ""}
        for kind in ("failure", "error", "skipped"):
            e = case.find(kind)
            if e is not None:
                c.update(kind=kind, type=e.get("type") or "", message=e.get("message") or "", text=e.text or "")
        s["cases"].append(c)
    out["suites"].append(s)
print(json.dumps(out))
)py";
  CommandResult r = runCommand("/usr/bin/python3 " + script.string() + " " + xml.string());
  if (r.status != 0) {
    ADD_FAILURE() << "python3 could not parse " << xml << ":\n" << r.output;
    return nlohmann::json();
  }
  return nlohmann::json::parse(r.output);
}

TEST(WriterJunit, IsWellFormedXmlWithOneSuitePerBackendAndTheRightElements) {
  const fs::path dir = tempDir("junit");
  const std::vector<CaseResult> results = syntheticResults();
  ASSERT_TRUE(writeReports(dir.string(), syntheticInfo(), results).ok());
  auto parsed = parseJunitWithPython(dir / "junit.xml", dir);
  if (!parsed) GTEST_SKIP() << "no /usr/bin/python3 to parse the XML";
  const nlohmann::json& j = *parsed;
  ASSERT_FALSE(j.is_null());
  EXPECT_EQ(j["tag"], "testsuites");
  EXPECT_EQ(j["attrib"]["tests"], "13");
  EXPECT_EQ(j["attrib"]["failures"], "4");  // 3 FAIL + 1 XPASS
  EXPECT_EQ(j["attrib"]["errors"], "1");    // CRASH
  EXPECT_EQ(j["attrib"]["skipped"], "2");   // UNSUPPORTED + XFAIL
  ASSERT_EQ(j["suites"].size(), 2u);

  std::map<std::string, nlohmann::json> by_suite;
  for (const nlohmann::json& s : j["suites"]) by_suite[s["attrib"]["name"]] = s;
  ASSERT_TRUE(by_suite.count("reference") && by_suite.count("other"));
  const nlohmann::json& ref = by_suite["reference"];
  EXPECT_EQ(ref["attrib"]["tests"], "11");
  EXPECT_EQ(ref["attrib"]["failures"], "3");
  EXPECT_EQ(ref["properties"]["profile"], "default");
  EXPECT_EQ(ref["properties"]["command_line"], "hloconf run --backend reference --report-dir out");
  std::map<std::string, nlohmann::json> cases;
  for (const nlohmann::json& c : ref["cases"]) cases[c["name"]] = c;
  ASSERT_EQ(cases.size(), 11u);
  EXPECT_EQ(cases["spec/add/example-1"]["kind"], "");
  EXPECT_EQ(cases["spec/add/fail-7ulp"]["kind"], "failure");
  EXPECT_EQ(cases["spec/add/fail-7ulp"]["type"], "FAIL");
  EXPECT_EQ(cases["spec/add/fail-7ulp"]["classname"], "reference.add");
  EXPECT_THAT(cases["spec/add/fail-7ulp"]["text"].get<std::string>(),
              HasSubstr("repro: hloconf repro --backend reference 'spec/add/fail-7ulp'"));
  EXPECT_THAT(cases["spec/add/fail-7ulp"]["text"].get<std::string>(), HasSubstr("0x3F800007"));
  EXPECT_EQ(cases["gen/exponential/bf16/a"]["kind"], "error");
  EXPECT_EQ(cases["gen/exponential/bf16/a"]["type"], "CRASH");
  EXPECT_EQ(cases["gen/exponential/f32/b"]["kind"], "skipped");
  EXPECT_EQ(cases["spec/divide/known"]["kind"], "skipped");
  EXPECT_EQ(cases["spec/divide/by-zero"]["kind"], "");
  // The escaped ID and message come back exactly (but for the byte that is not UTF-8 and the control
  // character, which XML cannot hold).
  ASSERT_TRUE(cases.count(kNastyId)) << ref["cases"].dump();
  EXPECT_EQ(cases[kNastyId]["kind"], "failure");
  EXPECT_THAT(cases[kNastyId]["message"].get<std::string>(),
              HasSubstr("got <script>alert(\"x\")</script> & more |a|b| *bold* \\x01 and \xEF\xBF\xBD bad UTF-8"));
  const nlohmann::json& other = by_suite["other"];
  EXPECT_EQ(other["attrib"]["failures"], "1");
  EXPECT_EQ(other["cases"][0]["type"], "XPASS");
  fs::remove_all(dir);
}

// ---------------------------------------------------------------------------------------------------
// Summaries: groups, console, Markdown

TEST(WriterSummary, GroupsCountStatusesMaxUlpAndWorstCase) {
  const std::vector<GroupSummary> groups = summarizeGroups(syntheticResults());
  ASSERT_EQ(groups.size(), 6u);
  // Sorted by backend, op, element type.
  EXPECT_EQ(groups[0].backend, "other");
  EXPECT_EQ(groups[1].op, "add");
  EXPECT_EQ(groups[2].op, "divide");
  EXPECT_EQ(groups[3].element_type, "bf16");

  const GroupSummary* add = findGroup(groups, "reference", "add", "f32");
  ASSERT_NE(add, nullptr);
  EXPECT_EQ(add->cases, 5);
  EXPECT_EQ(count(*add, Status::kPass), 3);
  EXPECT_EQ(count(*add, Status::kFail), 2);
  EXPECT_EQ(add->max_ulp, 7);
  EXPECT_EQ(add->worst_id, "spec/add/fail-7ulp");
  EXPECT_EQ(add->problems(), 2);
  ASSERT_GE(add->ulp_histogram.size(), 5u);
  EXPECT_EQ(add->ulp_histogram[0], 3 * 4 + 2 * 3);  // makeCase: 3 exact elements, plus the one at max_ulp
  EXPECT_EQ(add->ulp_histogram[static_cast<size_t>(ulpBucket(3))], 1);
  EXPECT_EQ(add->ulp_histogram[static_cast<size_t>(ulpBucket(7))], 1);

  // A passing case with a non-zero ULP error is the worst when nothing fails.
  const GroupSummary* exp = findGroup(groups, "reference", "exponential", "f32");
  ASSERT_NE(exp, nullptr);
  EXPECT_EQ(exp->worst_id, "gen/exponential/f32/a");
  EXPECT_EQ(exp->max_ulp, 2);
  EXPECT_EQ(exp->problems(), 0);
  // A crash with no ULP error still beats every acceptable case.
  EXPECT_EQ(findGroup(groups, "reference", "exponential", "bf16")->worst_id, "gen/exponential/bf16/a");
  // No float elements: no max ULP, and IMPL_DEFINED / XFAIL are not "worst".
  const GroupSummary* divide = findGroup(groups, "reference", "divide", "i32");
  EXPECT_EQ(divide->max_ulp, -1);
  EXPECT_EQ(divide->worst_id, "");
  EXPECT_TRUE(std::isinf(findGroup(groups, "reference", "log", "f64")->max_ulp));
  EXPECT_EQ(findGroup(groups, "other", "add", "f32")->worst_id, "spec/add/example-1");  // the XPASS
}

// The console line of a group: its cells split on runs of spaces.
std::vector<std::string> consoleRow(const std::string& summary, const std::string& prefix) {
  std::istringstream lines(summary);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(prefix, 0) != 0) continue;
    std::vector<std::string> cells;
    std::istringstream words(line);
    for (std::string w; words >> w;) cells.push_back(w);
    return cells;
  }
  return {};
}

// Issue 18, item 8: the console never cuts a failure's message mid-word: a long one goes on lines of its
// own, broken between words, and past three lines points at the reports.
TEST(WriterSummary, LongFailureMessagesWrapBetweenWords) {
  std::string message;
  for (int i = 0; i < 60; ++i) message += "word" + std::to_string(i) + " ";
  message += "unbreakable/" + std::string(150, 'x');
  std::vector<CaseResult> results = {makeCase("spec/a/1", "reference", "a", "f32", Status::kFail, 9, message)};
  const std::string summary = consoleSummary(results, false);
  EXPECT_THAT(summary, HasSubstr("  FAIL spec/a/1 (reference):\n    word0 word1 "));
  std::istringstream lines(summary);
  std::string line;
  int message_lines = 0;
  while (std::getline(lines, line)) {
    EXPECT_LE(line.size(), 120u) << line;
    if (line.rfind("    word", 0) != 0) continue;
    ++message_lines;
    // Every line ends at a whole word (the next starts with one).
    const std::string last = line.substr(line.rfind(' ') + 1);
    EXPECT_TRUE(last.rfind("word", 0) == 0 || last == "report.html)") << line;
  }
  EXPECT_GE(message_lines, 2);
  EXPECT_THAT(summary, HasSubstr("... (whole message: results.json, report.html)"));
  // A word longer than a line is cut only because it must be.
  std::vector<std::string> wrapped = wrapWords(std::string(250, 'y'), 100, 5, " ...");
  ASSERT_EQ(wrapped.size(), 3u);
  EXPECT_EQ(wrapped[0].size(), 100u);
  EXPECT_EQ(wrapWords("short message", 100, 3, " ..."), std::vector<std::string>{"short message"});
}

TEST(WriterSummary, ConsoleTableHasCountsMaxUlpAndWorstIdWithin120Columns) {
  const std::vector<CaseResult> results = syntheticResults();
  const std::string summary = consoleSummary(results, false);
  EXPECT_THAT(summary, Not(HasSubstr("\x1b[")));
  std::istringstream lines(summary);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("  ", 0) == 0) continue;  // the failure lines may be longer
    EXPECT_LE(line.size(), 120u) << line;
  }

  // Several backends: the backend column comes first.
  EXPECT_EQ(consoleRow(summary, "backend"),
            (std::vector<std::string>{"backend", "op", "type", "cases", "PASS", "FAIL", "other", "max", "ULP", "worst", "case"}));
  // The "other" column is blank for add, so the row is: backend op type cases PASS FAIL maxULP worst.
  EXPECT_EQ(consoleRow(summary, "reference  add"),
            (std::vector<std::string>{"reference", "add", "f32", "5", "3", "2", "7", "spec/add/fail-7ulp"}));
  EXPECT_EQ(consoleRow(summary, "reference  exponential  bf16"),
            (std::vector<std::string>{"reference", "exponential", "bf16", "1", "0", "0", "1", "crash", "0", "gen/exponential/bf16/a"}));
  EXPECT_EQ(consoleRow(summary, "reference  divide"),
            (std::vector<std::string>{"reference", "divide", "i32", "2", "0", "0", "1", "impl-def", "1", "xfail", "-"}));
  EXPECT_EQ(consoleRow(summary, "reference  log")[6], "inf");

  EXPECT_THAT(summary, HasSubstr("13 cases: 5 PASS, 3 FAIL, 1 UNSUPPORTED, 1 CRASH, 1 IMPL_DEFINED, 1 XFAIL, 1 XPASS\n"));
  EXPECT_THAT(summary, HasSubstr("result: FAILED (exit status 1: 5 cases"));
  EXPECT_THAT(summary, HasSubstr("  FAIL spec/add/fail-7ulp (reference): 7 ULP at [2]\n"
                                 "    repro: hloconf repro --backend reference 'spec/add/fail-7ulp' -o /tmp/repro.mlir\n"));
  EXPECT_THAT(summary, HasSubstr("  XPASS spec/add/example-1 (other)"));
  // A backend's message cannot send control sequences to the terminal.
  EXPECT_THAT(summary, HasSubstr("*bold* \\x01 and \xEF\xBF\xBD bad UTF-8"));
  EXPECT_THAT(summary, Not(HasSubstr("\x01")));

  // One backend: no backend column.
  std::vector<CaseResult> one;
  for (const CaseResult& r : results)
    if (r.backend == "reference" && r.op == "add") one.push_back(r);
  EXPECT_EQ(consoleRow(consoleSummary(one, false), "add"),
            (std::vector<std::string>{"add", "f32", "5", "3", "2", "7", "spec/add/fail-7ulp"}));

  const std::string colored = consoleSummary(results, true);
  EXPECT_THAT(colored, HasSubstr("\x1b[31m"));
  EXPECT_THAT(consoleSummary({makeCase("a/b/c", "r", "abs", "f32", Status::kPass, 0)}, false),
              HasSubstr("no failing case"));
  EXPECT_EQ(consoleSummary({}, false), "no cases ran\n");
}

TEST(WriterSummary, ConsoleCutsLongIdsAtTheStart) {
  const std::string long_id = "gen/exponential/f32/" + std::string(150, 'x') + "#seed=12345";
  const std::string summary = consoleSummary({makeCase(long_id, "r", "exponential", "f32", Status::kFail, 9)}, false);
  std::istringstream lines(summary);
  std::string header, row;
  std::getline(lines, header);
  std::getline(lines, row);
  EXPECT_LE(row.size(), 120u);
  EXPECT_THAT(row, HasSubstr("...xxx"));
  EXPECT_THAT(row, HasSubstr("#seed=12345"));
}

TEST(WriterSummary, MarkdownHasTotalsTableAndFailuresWithRepro) {
  const std::string md = summaryMarkdown(syntheticInfo(), syntheticResults());
  EXPECT_THAT(md, HasSubstr("# hloconf: FAILED\n"));
  EXPECT_THAT(md, HasSubstr("**13 cases**: 5 PASS, 3 FAIL, 1 UNSUPPORTED, 1 CRASH, 1 IMPL_DEFINED, 1 XFAIL, 1 XPASS (exit status 1)"));
  EXPECT_THAT(md, HasSubstr("| `reference` | `add` | `f32` | 5 | 3 | 2 |  | 7 | `spec/add/fail-7ulp` |\n"));
  EXPECT_THAT(md, HasSubstr("| `reference` | `divide` | `i32` | 2 | 0 | 0 | 1 IMPL_DEFINED, 1 XFAIL | - |  |\n"));
  EXPECT_THAT(md, HasSubstr("## Failures (5)\n"));
  EXPECT_THAT(md, HasSubstr("- **FAIL** `spec/add/fail-7ulp` (`reference`): 7 ULP at \\[2\\]\n"
                            "  repro: `hloconf repro --backend reference 'spec/add/fail-7ulp' -o /tmp/repro.mlir`\n"));
  EXPECT_THAT(md, HasSubstr("shard 1/4"));
}

TEST(WriterSummary, MarkdownCapsFailuresAndRows) {
  std::vector<CaseResult> many;
  for (int i = 0; i < 400; ++i)
    many.push_back(makeCase("gen/op" + std::to_string(i) + "/x", "r", "op" + std::to_string(i), "f32",
                            i % 4 == 0 ? Status::kFail : Status::kPass, i % 4 == 0 ? 5 : 0, "bad"));
  const std::string md = summaryMarkdown(RunInfo{}, many);
  EXPECT_THAT(md, HasSubstr("## Failures (100)"));
  EXPECT_THAT(md, HasSubstr("... and 50 more"));
  // 400 groups: only the 100 with failures get a row.
  EXPECT_THAT(md, HasSubstr("300 more groups without failures not listed"));
  EXPECT_THAT(md, HasSubstr("| `op0` |"));
  EXPECT_THAT(md, Not(HasSubstr("| `op1` |")));
  EXPECT_LT(md.size(), 65536u);
}

// ---------------------------------------------------------------------------------------------------
// Escaping

TEST(WriterEscaping, IdsAndMessagesCannotBreakAnyFormat) {
  const std::vector<CaseResult> results = syntheticResults();
  const std::string html = htmlReport(syntheticInfo(), results);
  EXPECT_THAT(html, Not(HasSubstr("<script")));
  EXPECT_THAT(html, Not(HasSubstr("<weird>")));
  EXPECT_THAT(html, HasSubstr("got &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more"));
  EXPECT_THAT(html, HasSubstr("peer/x/&lt;weird&gt;&amp;&quot;quoted&quot;&#39;single&#39;|pipe`tick"));

  const std::string xml = junitXml(syntheticInfo(), results);
  EXPECT_THAT(xml, Not(HasSubstr("<script")));
  EXPECT_THAT(xml, Not(HasSubstr("\x01")));
  EXPECT_THAT(xml, Not(HasSubstr("\xff")));
  EXPECT_THAT(xml, HasSubstr("name=\"peer/x/&lt;weird&gt;&amp;&quot;quoted&quot;&#39;single&#39;|pipe`tick\""));

  const std::string md = summaryMarkdown(syntheticInfo(), results);
  EXPECT_THAT(md, Not(HasSubstr("got <script")));
  EXPECT_THAT(md, HasSubstr("got \\<script\\>alert(\"x\")\\</script\\> \\& more \\|a\\|b\\| \\*bold\\*"));
  // In the table the ID's '|' is escaped even inside the code span, whose fence outgrows the backtick.
  EXPECT_THAT(md, HasSubstr("`` peer/x/<weird>&\"quoted\"'single'\\|pipe`tick ``"));

  EXPECT_EQ(sanitizeUtf8("a\xff" "b\xC3\xA9" "c\xE2\x82"), "a\xEF\xBF\xBD" "b\xC3\xA9" "c\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(xmlEscape("a\nb", true), "a&#10;b");
  EXPECT_EQ(xmlEscape("a\nb", false), "a\nb");
  EXPECT_EQ(markdownCode("a``b", false), "``` a``b ```");
}

// Issue 19, item 11: control bytes of a case ID or message (an escape sequence, a bell) never reach
// summary.md raw; they are written as \xNN, in code spans and in text alike.
TEST(WriterEscaping, ControlBytesAreEscapedInSummaryMarkdown) {
  std::vector<CaseResult> results = {makeCase("peer/x/evil\x1b[31mred\x07", "ref", "abs", "f32", Status::kFail, 3)};
  results[0].message = "got \x1b]0;title\x07 and \x7f";
  const std::string md = summaryMarkdown(syntheticInfo(), results);
  for (char c = 0; c < 0x20; ++c) {
    if (c == '\n') continue;
    EXPECT_EQ(md.find(c), std::string::npos) << "byte " << static_cast<int>(c);
  }
  EXPECT_EQ(md.find('\x7f'), std::string::npos);
  EXPECT_THAT(md, HasSubstr("`peer/x/evil\\x1B[31mred\\x07`"));
  EXPECT_THAT(md, HasSubstr("got \\x1B\\]0;title\\x07 and \\x7F"));
  EXPECT_EQ(markdownCode("a\x01" "b", false), "`a\\x01b`");
  EXPECT_EQ(markdownText("a\x1f" "b"), "a\\x1Fb");
}

// ---------------------------------------------------------------------------------------------------
// Exit status

TEST(WriterExitStatus, ZeroOnlyWhenEveryStatusIsAcceptable) {
  const std::map<Status, int> expected = {
      {Status::kPass, 0},  {Status::kUnsupported, 0}, {Status::kImplDefined, 0}, {Status::kXFail, 0}, {Status::kFail, 1},
      {Status::kCrash, 1}, {Status::kTimeout, 1},     {Status::kError, 1},       {Status::kXPass, 1},
      {Status::kFlaky, 1}, {Status::kInvalid, 1},
  };
  ASSERT_EQ(expected.size(), static_cast<size_t>(kNumStatuses));
  std::vector<CaseResult> acceptable;
  for (const auto& [status, code] : expected) {
    const CaseResult r = makeCase("a/b/c", "r", "abs", "f32", status, 0);
    EXPECT_EQ(exitStatusFor({r}), code) << statusName(status);
    if (code == 0) acceptable.push_back(r);
  }
  EXPECT_EQ(exitStatusFor({}), 0);
  EXPECT_EQ(exitStatusFor(acceptable), 0);
  acceptable.push_back(makeCase("a/b/d", "r", "abs", "f32", Status::kTimeout, 0));
  EXPECT_EQ(exitStatusFor(acceptable), 1);
}

// ---------------------------------------------------------------------------------------------------
// Progress

TEST(ProgressLines, CaseLineFormat) {
  EXPECT_EQ(progressCaseLine(12, 340, makeCase("spec/add/example-1", "reference", "add", "f32", Status::kPass, 0, "ignored")),
            "[ 12/340] PASS spec/add/example-1 (reference)");
  EXPECT_EQ(progressCaseLine(3, 0, makeCase("spec/a/b", "ref", "a", "f32", Status::kFail, 3, "3 ULP at [2]\nmore")),
            "[3/?] FAIL spec/a/b (ref): 3 ULP at [2]");
}

TEST(ProgressLines, BarLineFitsItsWidthAndCounts) {
  StatusCounts counts{};
  counts[static_cast<int>(Status::kPass)] = 110;
  counts[static_cast<int>(Status::kFail)] = 5;
  counts[static_cast<int>(Status::kCrash)] = 5;
  const std::string line = progressBarLine(120, 340, counts, 10.0, 100, false);
  EXPECT_LE(line.size(), 100u);
  EXPECT_THAT(line, HasSubstr("120/340  35%"));
  EXPECT_THAT(line, HasSubstr("PASS 110  FAIL 5  other 5"));
  EXPECT_THAT(line, HasSubstr("12/s"));
  EXPECT_THAT(line, HasSubstr("ETA 18.3s"));
  EXPECT_EQ(line.front(), '[');
  const size_t filled = std::count(line.begin(), line.end(), '#');
  const size_t empty = line.find(']') - 1 - filled;
  EXPECT_NEAR(static_cast<double>(filled) / (filled + empty), 120.0 / 340, 0.05);
  for (size_t width : {30u, 50u, 70u}) EXPECT_LE(progressBarLine(120, 340, counts, 10.0, width, false).size(), width);
  EXPECT_THAT(progressBarLine(120, 340, counts, 10.0, 100, true), HasSubstr("\x1b[31mFAIL 5\x1b[0m"));
}

std::string drain(FILE* file) {
  std::fflush(file);
  std::rewind(file);
  std::string text;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, n);
  return text;
}

TEST(ProgressLines, ThreadsGetOneWholeLineEachWithDistinctNumbers) {
  FILE* out = std::tmpfile();
  ASSERT_NE(out, nullptr);
  constexpr int kThreads = 4, kPerThread = 50;
  Progress progress(Progress::Mode::kAllLines, out);
  EXPECT_EQ(progress.mode(), Progress::Mode::kAllLines);
  progress.start(kThreads * kPerThread);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i)
        progress.caseFinished(makeCase("gen/t" + std::to_string(t) + "/c" + std::to_string(i), "ref", "abs", "f32",
                                       i % 10 == 0 ? Status::kFail : Status::kPass, 0, "bad"));
    });
  for (std::thread& t : threads) t.join();
  progress.finish();
  EXPECT_EQ(progress.done(), kThreads * kPerThread);
  std::istringstream lines(drain(out));
  std::set<int> numbers;
  std::set<std::string> ids;
  int fails = 0;
  for (std::string line; std::getline(lines, line);) {
    int done = 0, total = 0;
    char status[16] = {}, id[64] = {};
    ASSERT_EQ(std::sscanf(line.c_str(), "[%d/%d] %15s %63s", &done, &total, status, id), 4) << line;
    EXPECT_EQ(total, kThreads * kPerThread);
    numbers.insert(done);
    ids.insert(id);
    if (std::string(status) == "FAIL") {
      ++fails;
      EXPECT_THAT(line, HasSubstr("(ref): bad"));
    }
  }
  EXPECT_EQ(numbers.size(), static_cast<size_t>(kThreads * kPerThread));
  EXPECT_EQ(*numbers.begin(), 1);
  EXPECT_EQ(*numbers.rbegin(), kThreads * kPerThread);
  EXPECT_EQ(ids.size(), static_cast<size_t>(kThreads * kPerThread));
  EXPECT_EQ(fails, kThreads * kPerThread / 10);
  std::fclose(out);
}

// Issue 18, item 11: piped output gives the failures as they happen and a progress line now and then,
// not a line per PASS.
TEST(ProgressLines, APipeGetsFailuresAndProgressLinesNotEveryPass) {
  FILE* out = std::tmpfile();
  ASSERT_NE(out, nullptr);
  {
    Progress progress(Progress::Mode::kLines, out);
    progress.setProgressInterval(std::chrono::hours(1));  // no periodic line in this run: only the final one
    progress.start(100);
    for (int i = 0; i < 100; ++i)
      progress.caseFinished(makeCase("gen/c" + std::to_string(i), "ref", "abs", "f32",
                                     i == 41 ? Status::kFail : i == 42 ? Status::kUnsupported : Status::kPass, 0, "why"));
    progress.finish();
  }
  std::vector<std::string> lines;
  {
    std::istringstream in(drain(out));
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  std::fclose(out);
  ASSERT_EQ(lines.size(), 2u) << ::testing::PrintToString(lines);
  EXPECT_EQ(lines[0], "[ 42/100] FAIL gen/c41 (ref): why");
  EXPECT_THAT(lines[1], HasSubstr("progress: 100/100  100%  PASS 98  FAIL 1  other 1"));

  // With a zero interval, a progress line follows each case but the last (the final line covers it).
  FILE* every = std::tmpfile();
  {
    Progress progress(Progress::Mode::kLines, every);
    progress.setProgressInterval(std::chrono::milliseconds(0));
    progress.start(3);
    for (int i = 0; i < 3; ++i) progress.caseFinished(makeCase("gen/d" + std::to_string(i), "ref", "abs", "f32", Status::kPass, 0));
    progress.finish();
  }
  const std::string text = drain(every);
  std::fclose(every);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3) << text;
  EXPECT_THAT(text, HasSubstr("progress: 1/3  33%"));
  EXPECT_THAT(text, HasSubstr("progress: 3/3  100%"));
}

TEST(ProgressLines, BarRedrawsOneLineAndQuietPrintsNothing) {
  FILE* bar_out = std::tmpfile();
  {
    Progress bar(Progress::Mode::kBar, bar_out);
    bar.start(3);
    bar.caseFinished(makeCase("a/b/1", "r", "abs", "f32", Status::kPass, 0));
    bar.message("warning: backend restarted");
    bar.caseFinished(makeCase("a/b/2", "r", "abs", "f32", Status::kFail, 2));
    bar.caseFinished(makeCase("a/b/3", "r", "abs", "f32", Status::kPass, 0));
    bar.finish();
    bar.finish();  // idempotent
  }
  const std::string text = drain(bar_out);
  std::fclose(bar_out);
  // Exactly three newlines: the message's, the failure's (printed above the bar as it happens) and the
  // one that ends the bar at finish().
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3) << text;
  EXPECT_THAT(text, HasSubstr("\r\x1b[Kwarning: backend restarted\n"));
  EXPECT_THAT(text, HasSubstr("\r\x1b[K[2/3] FAIL a/b/2 (r)"));
  const std::string last = text.substr(text.rfind('\r'));
  EXPECT_THAT(last, HasSubstr("3/3  100%"));
  EXPECT_THAT(last, HasSubstr("PASS 2  FAIL 1  other 0"));
  EXPECT_EQ(text.back(), '\n');

  FILE* quiet_out = std::tmpfile();
  {
    Progress quiet(Progress::Mode::kQuiet, quiet_out);
    quiet.start(1);
    quiet.caseFinished(makeCase("a/b/1", "r", "abs", "f32", Status::kFail, 0));
    quiet.message("hidden");
    quiet.finish();
    EXPECT_EQ(quiet.done(), 1);
  }
  EXPECT_EQ(drain(quiet_out), "");
  std::fclose(quiet_out);
}

// ---------------------------------------------------------------------------------------------------
// hloconf merge

class MergeCommand : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = tempDir("merge"); }
  void TearDown() override { fs::remove_all(dir_); }
  std::string shard(const std::string& name, const std::string& shard, const std::vector<CaseResult>& cases,
                    const std::string& started_at = "2024-05-01T12:00:00Z", double wall = 10) {
    RunInfo info = syntheticInfo();
    info.shard = shard;
    info.started_at = started_at;
    info.wall_seconds = wall;
    info.backends = {"reference"};
    EXPECT_TRUE(writeReports((dir_ / name).string(), info, cases).ok());
    return (dir_ / name).string();
  }
  CommandResult merge(const std::string& args) { return runCommand(std::string(HLOCONF_BINARY) + " merge --no-color " + args); }
  fs::path dir_;
};

TEST_F(MergeCommand, JoinsShardsSortsCasesAndRecomputesTotals) {
  const std::string a = shard("a", "1/2",
                              {makeCase("spec/b/1", "reference", "b", "f32", Status::kPass, 0),
                               makeCase("spec/a/1", "reference", "a", "f32", Status::kFail, 4, "4 ULP")},
                              "2024-05-01T12:00:05Z", 10);
  const std::string b = shard("b", "2/2",
                              {makeCase("spec/a/2", "reference", "a", "f32", Status::kPass, 1),
                               makeCase("spec/c/1", "reference", "c", "i8", Status::kUnsupported, -1, "no i8")},
                              "2024-05-01T12:00:01Z", 30);
  const fs::path out = dir_ / "merged";
  // A directory and a results.json path are both accepted.
  CommandResult r = merge("--out " + out.string() + " " + a + " " + b + "/results.json");
  EXPECT_EQ(r.status, 1) << r.output;  // spec/a/1 FAILs
  EXPECT_THAT(r.output, HasSubstr("4 cases: 2 PASS, 1 FAIL, 1 UNSUPPORTED"));
  EXPECT_THAT(r.output, HasSubstr("merged 2 report(s), 4 case(s)"));
  EXPECT_THAT(r.output, Not(HasSubstr("warning")));
  for (const char* name : {"results.json", "junit.xml", "summary.md", "report.html"}) EXPECT_TRUE(fs::exists(out / name)) << name;

  auto merged = readResultsJson(out.string());
  ASSERT_TRUE(merged.ok()) << merged.status();
  std::vector<std::string> ids;
  for (const CaseResult& c : merged->second) ids.push_back(c.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"spec/a/1", "spec/a/2", "spec/b/1", "spec/c/1"}));
  EXPECT_EQ(merged->second[0].toJson(), makeCase("spec/a/1", "reference", "a", "f32", Status::kFail, 4, "4 ULP").toJson());
  const RunInfo& info = merged->first;
  EXPECT_EQ(info.shard, "");
  EXPECT_EQ(info.started_at, "2024-05-01T12:00:01Z");  // the earliest
  EXPECT_EQ(info.wall_seconds, 30);                    // the longest
  EXPECT_EQ(info.profile, "default");
  EXPECT_EQ(info.backends, std::vector<std::string>{"reference"});
  ASSERT_EQ(info.merged_from.size(), 2u);
  EXPECT_EQ(info.merged_from[0].shard, "1/2");
  EXPECT_EQ(info.merged_from[1].cases, 2);
  EXPECT_THAT(info.command_line, HasSubstr("hloconf merge"));
  const nlohmann::json j = nlohmann::json::parse(readFile(out / "results.json"));
  EXPECT_EQ(j["totals"]["PASS"], 2);
  EXPECT_EQ(j["totals"]["FAIL"], 1);
  EXPECT_EQ(j["totals"]["UNSUPPORTED"], 1);

  // Without the failing case the merge exits 0.
  const std::string c = shard("c", "1/2", {makeCase("spec/b/1", "reference", "b", "f32", Status::kPass, 0)});
  r = merge("-q --out " + (dir_ / "merged2").string() + " " + c + " " + b);
  EXPECT_EQ(r.status, 0) << r.output;
}

TEST_F(MergeCommand, IdenticalDuplicatesAreKeptOnceDifferingOnesAreAnError) {
  CaseResult pass = makeCase("spec/a/1", "reference", "a", "f32", Status::kPass, 0);
  CaseResult slower = pass;
  slower.seconds = 5;  // the same result, timed differently
  CaseResult fail = makeCase("spec/a/1", "reference", "a", "f32", Status::kFail, 3, "3 ULP");
  CaseResult other_backend = fail;
  other_backend.backend = "other";  // same ID, another backend: not a duplicate

  const std::string a = shard("a", "1/2", {pass});
  const std::string b = shard("b", "2/2", {slower, other_backend});
  CommandResult r = merge("--out " + (dir_ / "ok").string() + " " + a + " " + b);
  EXPECT_EQ(r.status, 1) << r.output;  // the other backend's FAIL
  EXPECT_THAT(r.output, HasSubstr("1 case(s) appear in more than one input with identical records; kept once"));
  auto merged = readResultsJson((dir_ / "ok").string());
  ASSERT_TRUE(merged.ok());
  ASSERT_EQ(merged->second.size(), 2u);
  EXPECT_EQ(merged->second[0].backend, "other");
  EXPECT_EQ(merged->second[1].seconds, pass.seconds);  // the first record is kept
  EXPECT_EQ(merged->first.backends, (std::vector<std::string>{"reference", "other"}));

  const std::string c = shard("c", "2/2", {fail});
  const fs::path conflict_out = dir_ / "conflict";
  r = merge("--out " + conflict_out.string() + " " + a + " " + c);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("case spec/a/1 (reference): PASS in " + a + ", FAIL in " + c + ", and the records differ"));
  EXPECT_THAT(r.output, HasSubstr("nothing written"));
  EXPECT_FALSE(fs::exists(conflict_out));

  r = merge("--duplicates last --out " + conflict_out.string() + " " + a + " " + c);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("keeping the last"));
  EXPECT_EQ(readResultsJson(conflict_out.string())->second.at(0).status, Status::kFail);

  r = merge("--duplicates=first --out " + conflict_out.string() + " " + a + " " + c);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(readResultsJson(conflict_out.string())->second.at(0).status, Status::kPass);
}

TEST_F(MergeCommand, WarnsAboutMissingShardsAndRejectsBadInput) {
  const std::string a = shard("a", "1/3", {makeCase("spec/a/1", "reference", "a", "f32", Status::kPass, 0)});
  const std::string c = shard("c", "3/3", {makeCase("spec/a/3", "reference", "a", "f32", Status::kPass, 0)});
  CommandResult r = merge("--out " + (dir_ / "m").string() + " " + a + " " + c);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("warning: shards missing: 2/3"));

  r = merge(a);
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.output, HasSubstr("--out DIR is required"));
  r = merge("--out " + (dir_ / "m").string());
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.output, HasSubstr("no reports to merge"));
  r = merge("--out " + (dir_ / "m").string() + " " + (dir_ / "missing").string());
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.output, HasSubstr("cannot read"));
  r = merge("--duplicates sometimes --out x " + a);
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.output, HasSubstr("--duplicates: sometimes not in {error,first,last}"));
}

TEST_F(MergeCommand, WithShardsAMissingOrForeignShardIsAnError) {
  const std::string a = shard("a", "1/3", {makeCase("spec/a/1", "reference", "a", "f32", Status::kPass, 0)});
  const std::string b = shard("b", "2/3", {makeCase("spec/a/2", "reference", "a", "f32", Status::kPass, 0)});
  const std::string c = shard("c", "3/3", {makeCase("spec/a/3", "reference", "a", "f32", Status::kPass, 0)});
  const std::string whole = shard("whole", "", {makeCase("spec/a/4", "reference", "a", "f32", Status::kPass, 0)});
  const fs::path out = dir_ / "merged";
  CommandResult r = merge("--shards 3 --out " + out.string() + " " + a + " " + c);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("shards missing: 2/3"));
  EXPECT_THAT(r.output, Not(HasSubstr("warning")));
  EXPECT_FALSE(fs::exists(out / "results.json"));
  r = merge("--shards=2 --out " + out.string() + " " + a + " " + b + " " + c);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("different shardings (2 shards, 3 shards)"));
  r = merge("--shards 3 --out " + out.string() + " " + a + " " + b + " " + c + " " + whole);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("is not a shard"));
  r = merge("--shards 0 --out " + out.string() + " " + a);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("--shards: needs a whole number from 1"));
  r = merge("--shards 3 --out " + out.string() + " " + a + " " + b + " " + c);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("3 cases: 3 PASS"));
}

// ---------------------------------------------------------------------------------------------------
// INVALID and the negative cases' table

TEST(WriterNegativeCases, InvalidRoundTripsAndAcceptingBackendsGetATableInEveryReport) {
  CaseResult invalid = makeCase("mini/t", "reference", "transpose", "f32", Status::kInvalid, 0);
  invalid.rule = "verifier";
  invalid.message = "t.mlir:4:8: error: stablehlo.transpose (C2): permutation [1, 1] repeats 1";
  CaseResult accepted = makeCase("spec-invalid/dot_general/invalid-c10-x", "vendor", "dot_general", "f32", Status::kFail, 0);
  accepted.rule = "verify";
  accepted.verify = "accepted";
  accepted.expect_invalid = {"dot_general C10"};
  accepted.message = "accepts a program the spec forbids: dot_general (C10)";
  CaseResult rejected = accepted;
  rejected.id = "spec-invalid/dot_general/invalid-c10-y";
  rejected.status = Status::kPass;
  rejected.verify = "rejected";
  const std::vector<CaseResult> results = {invalid, accepted, rejected};
  for (const CaseResult& r : results) {
    const CaseResult back = CaseResult::fromJson(r.toJson());
    EXPECT_EQ(back.status, r.status);
    EXPECT_EQ(back.verify, r.verify);
    EXPECT_EQ(back.expect_invalid, r.expect_invalid);
  }
  EXPECT_EQ(parseStatus("INVALID"), Status::kInvalid);
  EXPECT_TRUE(isFailure(Status::kInvalid));
  EXPECT_FALSE(isAcceptable(Status::kInvalid));

  RunInfo info;
  const nlohmann::json j = nlohmann::json::parse(resultsJsonText(info, results));
  EXPECT_EQ(j["totals"]["INVALID"], 1);
  ASSERT_EQ(j["accepts_forbidden"].size(), 1u);
  EXPECT_EQ(j["accepts_forbidden"][0]["id"], "spec-invalid/dot_general/invalid-c10-x");
  EXPECT_EQ(j["accepts_forbidden"][0]["backend"], "vendor");
  EXPECT_EQ(j["accepts_forbidden"][0]["expect_invalid"][0], "dot_general C10");
  const std::string md = summaryMarkdown(info, results);
  EXPECT_THAT(md, HasSubstr("## Accepts programs the spec forbids (1)"));
  EXPECT_THAT(md, HasSubstr("| `vendor` | `spec-invalid/dot_general/invalid-c10-x` | dot\\_general C10 | FAIL |"));
  EXPECT_THAT(md, HasSubstr("1 INVALID"));
  const std::string html = htmlReport(info, results);
  EXPECT_THAT(html, HasSubstr("Accepts programs the spec forbids (1)"));
  EXPECT_THAT(html, HasSubstr("badge s-INVALID"));
  const std::string xml = junitXml(info, results);
  EXPECT_THAT(xml, HasSubstr("<error type=\"INVALID\""));
  EXPECT_THAT(xml, HasSubstr("<failure type=\"FAIL\" message=\"accepts a program the spec forbids: dot_general (C10)\""));
  const std::string console = consoleSummary(results, false);
  EXPECT_THAT(console, HasSubstr("accepts programs the spec forbids (1):\n  vendor: spec-invalid/dot_general/invalid-c10-x (dot_general C10)"));
  EXPECT_THAT(console, HasSubstr("1 invalid"));
  // Without an accepting backend, no table anywhere.
  const std::vector<CaseResult> clean = {invalid, rejected};
  EXPECT_TRUE(nlohmann::json::parse(resultsJsonText(info, clean))["accepts_forbidden"].empty());
  EXPECT_THAT(summaryMarkdown(info, clean), Not(HasSubstr("Accepts programs")));
  EXPECT_THAT(consoleSummary(clean, false), Not(HasSubstr("accepts programs")));
}


}  // namespace
