// `hloconf run`, `golden` and `repro` end to end, with the built-in reference backend: the spec suite
// passes, shards partition the cases, baselines turn failures into XFAIL, goldens are cached, golden
// vectors check themselves. The fault-injecting backends are in run_faults_test.cc.
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "golden/cases.h"
#include "golden/lowering.h"
#include "harness/runner.h"
#include "ir/parser.h"
#include "nlohmann/json.hpp"
#include "reference/numerics.h"
#include "run_hloconf.h"
#include "suite_run.h"

namespace hloconf {
namespace {

namespace fs = std::filesystem;
using test::runHloconf;
using ::testing::HasSubstr;

std::string tempDir(const std::string& name) { return test::tempDir("run-test", name); }

std::string casesDir() { return std::string(HLOCONF_SOURCE_DIR) + "/cases"; }

nlohmann::json readJson(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in, nullptr, false);
}

void writeFile(const std::string& path, const std::string& text) {
  fs::create_directories(fs::path(path).parent_path());
  std::ofstream(path) << text;
}

// A small folder of cases: two float cases, one integer case, and one the reference cannot evaluate
// (zeta of a negative base whose terms cancel to 17,000 bits: unsupported, with the reason).
std::string smallSuite() {
  static std::string dir = [] {
    std::string d = tempDir("suite") + "/mini";
    writeFile(d + "/exp.mlir", R"(module {
  func.func @main() {
    %x = stablehlo.constant dense<[0.5, 1.0, -2.0]> : tensor<3xf32>
    %y = stablehlo.exponential %x : tensor<3xf32>
    check.expect_close %y, %y : tensor<3xf32>, tensor<3xf32>
    func.return
  }
})");
    writeFile(d + "/add_i32.mlir", R"(module {
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %b = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
    %c = stablehlo.add %a, %b : tensor<2xi32>
    check.expect_eq_const %c, dense<[4, 6]> : tensor<2xi32>
    func.return
  }
})");
    writeFile(d + "/upstream_style.mlir", R"(module {
  func.func public @main() -> tensor<2xf32> {
    %0 = call @inputs() : () -> tensor<2xf32>
    %1 = call @expected() : () -> tensor<2xf32>
    %2 = stablehlo.sine %0 : tensor<2xf32>
    stablehlo.custom_call @check.expect_close(%2, %1) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    return %2 : tensor<2xf32>
  }
  func.func private @inputs() -> tensor<2xf32> {
    %c = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xf32>
    return %c : tensor<2xf32>
  }
  func.func private @expected() -> tensor<2xf32> {
    %c = stablehlo.constant dense<[0.841470957, 0.141120002]> : tensor<2xf32>
    return %c : tensor<2xf32>
  }
})");
    writeFile(d + "/chlo.mlir", R"(module {
  func.func @main() {
    %x = stablehlo.constant dense<[1785.0]> : tensor<1xf32>
    %q = stablehlo.constant dense<[-365.5]> : tensor<1xf32>
    %y = chlo.zeta %x, %q : tensor<1xf32>, tensor<1xf32> -> tensor<1xf32>
    check.expect_close %y, %y : tensor<1xf32>, tensor<1xf32>
    func.return
  }
})");
    return d;
  }();
  return dir;
}

std::string cacheFlag(const std::string& name) { return " --cache-dir " + tempDir("cache-" + name); }

TEST(RunCommand, SpecSuitePassesOnTheReference) {
  std::string reports = tempDir("spec");
  auto r = runHloconf("run -q --backend reference spec -j 2 --report-dir " + reports + cacheFlag("spec"));
  EXPECT_EQ(r.status, 0) << r.output.substr(r.output.size() > 4000 ? r.output.size() - 4000 : 0);
  nlohmann::json results = readJson(reports + "/results.json");
  ASSERT_TRUE(results.is_object());
  size_t files = 0;
  for (auto& entry : fs::recursive_directory_iterator(casesDir()))
    if (entry.path().extension() == ".mlir" && !entry.path().filename().string().starts_with("invalid-")) ++files;  // not spec-invalid's
  ASSERT_EQ(results["cases"].size(), files);
  for (const auto& c : results["cases"]) EXPECT_EQ(c["status"], "PASS") << c["id"] << ": " << c["message"];
  for (const char* file : {"junit.xml", "summary.md", "report.html", "journal.jsonl"})
    EXPECT_TRUE(fs::exists(reports + "/" + file)) << file;
}

// Issue 19, item 10: results, baselines and --resume key on (ID, backend), so two files that declare one
// `// Case:` ID are an error at load time naming both; the same file named twice is one case.
TEST(RunCommand, TwoFilesWithOneCaseIdAreAnErrorNamingBoth) {
  const std::string dir = tempDir("duplicate-ids");
  const std::string program = "// Case: spec/twice/one\nfunc.func @main() {\n  func.return\n}\n";
  writeFile(dir + "/a.mlir", program);
  writeFile(dir + "/b.mlir", program);
  auto r = runHloconf("run -q " + dir);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr(dir + "/b.mlir: error: the case ID 'spec/twice/one' is also the ID of " + dir + "/a.mlir"));
  fs::remove(dir + "/b.mlir");
  r = runHloconf("run -q " + dir + " " + dir + "/a.mlir --list");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output, "spec/twice/one\n");
}

TEST(RunCommand, LowersUpstreamStyleCasesAndReportsUnsupportedOnes) {
  std::string reports = tempDir("mini");
  auto r = runHloconf("run -q " + smallSuite() + " --report-dir " + reports + cacheFlag("mini"));
  EXPECT_EQ(r.status, 0) << r.output;  // UNSUPPORTED does not fail a run
  nlohmann::json results = readJson(reports + "/results.json");
  std::map<std::string, nlohmann::json> by_id;
  for (const auto& c : results["cases"]) by_id[c["id"]] = c;
  ASSERT_EQ(by_id.size(), 4u);
  EXPECT_EQ(by_id["mini/exp"]["status"], "PASS");
  EXPECT_EQ(by_id["mini/exp"]["op"], "exponential");
  EXPECT_EQ(by_id["mini/exp"]["element_type"], "f32");
  EXPECT_EQ(by_id["mini/add_i32"]["status"], "PASS");
  EXPECT_EQ(by_id["mini/upstream_style"]["status"], "PASS");
  EXPECT_EQ(by_id["mini/upstream_style"]["op"], "sine");
  // The input function's values became the program's argument: their bits are in the record.
  EXPECT_EQ(by_id["mini/upstream_style"]["inputs"][0]["hex"], "0x0000803F00004040");
  EXPECT_EQ(by_id["mini/chlo"]["status"], "UNSUPPORTED");
  EXPECT_THAT(by_id["mini/chlo"]["message"].get<std::string>(), HasSubstr("chlo.zeta"));
}

TEST(RunCommand, LoweringMakesInputsArgumentsAndChecksResults) {
  ref::initNumerics();
  std::string text = R"(module {
  func.func @main() {
    %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %y = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
    %s = stablehlo.add %x, %y : tensor<2xf32>
    %p = stablehlo.multiply %s, %x : tensor<2xf32>
    check.expect_eq_const %p, dense<[4.0, 12.0]> : tensor<2xf32>
    check.expect_eq_const %s, dense<[4.0, 6.0]> : tensor<2xf32>
    func.return
  }
})";
  auto module = parseModule(text, "lowering.mlir");
  ASSERT_TRUE(module.ok()) << module.status();
  auto lowered = lowerCase(*module, text);
  ASSERT_TRUE(lowered.ok()) << lowered.status();
  EXPECT_EQ(lowered->inputs.size(), 2u);
  ASSERT_EQ(lowered->result_types.size(), 2u);
  EXPECT_EQ(lowered->op, "multiply");
  EXPECT_THAT(lowered->mlir, HasSubstr("(tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)"));
  EXPECT_THAT(lowered->mlir, ::testing::Not(HasSubstr("check.")));
  EXPECT_THAT(lowered->mlir, ::testing::Not(HasSubstr("stablehlo.constant")));
  // It parses back.
  EXPECT_TRUE(parseModule(lowered->mlir, "lowered").ok());
}

TEST(RunCommand, LoweringRefusesChecksInsideRegions) {
  std::string text = R"(module {
  func.func @main() {
    %c = stablehlo.constant dense<true> : tensor<i1>
    "stablehlo.if"(%c) ({
      %x = stablehlo.constant dense<1.0> : tensor<f32>
      check.expect_eq_const %x, dense<1.0> : tensor<f32>
      stablehlo.return
    }, {
      stablehlo.return
    }) : (tensor<i1>) -> ()
    func.return
  }
})";
  auto module = parseModule(text, "nested.mlir");
  ASSERT_TRUE(module.ok()) << module.status();
  auto lowered = lowerCase(*module, text);
  ASSERT_FALSE(lowered.ok());
  EXPECT_EQ(lowered.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(std::string(lowered.status().message()), HasSubstr("inside a region"));
}

// A case that feeds its program through interpreter.run_parallel's `infeed`: the program takes no
// arguments (so the call must not be mistaken for an input function) and each entry has two tensors.
const char kRunParallelInfeedCase[] = R"(module {
  func.func @program() -> (tensor<2xi32>, tensor<f32>, tensor<2xi32>) {
    %token = stablehlo.after_all : !stablehlo.token
    %a:3 = "stablehlo.infeed"(%token) {infeed_config = ""} : (!stablehlo.token) -> (tensor<2xi32>, tensor<f32>, !stablehlo.token)
    %b:3 = "stablehlo.infeed"(%a#2) {infeed_config = ""} : (!stablehlo.token) -> (tensor<2xi32>, tensor<f32>, !stablehlo.token)
    %sum = stablehlo.add %a#0, %b#0 : tensor<2xi32>
    func.return %sum, %b#1, %a#0 : tensor<2xi32>, tensor<f32>, tensor<2xi32>
  }
  func.func @entry0() -> (tensor<2xi32>, tensor<f32>) {
    %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %y = stablehlo.constant dense<0.5> : tensor<f32>
    func.return %x, %y : tensor<2xi32>, tensor<f32>
  }
  func.func @entry1() -> (tensor<2xi32>, tensor<f32>) {
    %x = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
    %y = stablehlo.constant dense<-3.0> : tensor<f32>
    func.return %x, %y : tensor<2xi32>, tensor<f32>
  }
  func.func @main() {
    %r:3 = "interpreter.run_parallel"() {infeed = [@entry0, @entry1], programs = [[@program]]} : () -> (tensor<2xi32>, tensor<f32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[11, 22]> : tensor<2xi32>
    check.expect_eq_const %r#1, dense<-3.0> : tensor<f32>
    check.expect_eq_const %r#2, dense<[1, 2]> : tensor<2xi32>
    func.return
  }
})";

TEST(RunCommand, LoweringTurnsASingleProgramRunParallelIntoACallWithItsInfeed) {
  ref::initNumerics();
  std::string text = kRunParallelInfeedCase;
  auto module = parseModule(text, "infeed.mlir");
  ASSERT_TRUE(module.ok()) << module.status();
  auto lowered = lowerCase(*module, text);
  ASSERT_TRUE(lowered.ok()) << lowered.status();
  EXPECT_TRUE(lowered->inputs.empty());
  EXPECT_EQ(lowered->result_types.size(), 3u);
  EXPECT_EQ(lowered->op, "add");
  EXPECT_THAT(lowered->mlir, HasSubstr("\"func.call\"() <{callee = @program}>"));
  EXPECT_THAT(lowered->mlir, ::testing::Not(HasSubstr("interpreter.")));
  EXPECT_THAT(lowered->mlir, ::testing::Not(HasSubstr("@entry0")));  // the infeed functions are dropped
  ASSERT_EQ(lowered->infeed.size(), 2u);
  ASSERT_EQ(lowered->infeed[0].size(), 2u);
  ASSERT_EQ(lowered->infeed[1].size(), 2u);
  EXPECT_EQ(bytesToHex(lowered->infeed[0][0].bytes()), "0x0100000002000000");
  EXPECT_EQ(lowered->infeed[0][1].type().toString(), "tensor<f32>");
  EXPECT_EQ(bytesToHex(lowered->infeed[1][0].bytes()), "0x0A00000014000000");
  EXPECT_EQ(bytesToHex(lowered->infeed[1][1].bytes()), "0x000040C0");  // -3.0f
  EXPECT_TRUE(parseModule(lowered->mlir, "lowered").ok());

  // More than one program (a process grid) stays unsupported.
  std::string grid = R"(module {
  func.func @program() -> tensor<2xi32> {
    %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    func.return %x : tensor<2xi32>
  }
  func.func @main() {
    %r:2 = "interpreter.run_parallel"() {programs = [[@program], [@program]]} : () -> (tensor<2xi32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[1, 2]> : tensor<2xi32>
    func.return
  }
})";
  auto grid_module = parseModule(grid, "grid.mlir");
  ASSERT_TRUE(grid_module.ok()) << grid_module.status();
  auto refused = lowerCase(*grid_module, grid);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(std::string(refused.status().message()), HasSubstr("interpreter.run_parallel"));
}

TEST(RunCommand, RunParallelInfeedCasesRunThroughTheProtocol) {
  std::string dir = tempDir("infeed-suite") + "/feed";
  writeFile(dir + "/two_entries.mlir", kRunParallelInfeedCase);
  writeFile(dir + "/spec_example.mlir", readFile(casesDir() + "/infeed/example-1.mlir").value());
  std::string reports = tempDir("infeed-reports");
  std::string command = "run -q " + dir + " --report-dir " + reports + cacheFlag("infeed") + " --backend-cmd '" +
                        std::string(HLOCONF_BINARY) + " serve'";
  for (int pass = 0; pass < 2; ++pass) {  // the second run takes the goldens (and infeed) from the cache
    SCOPED_TRACE(pass);
    auto r = runHloconf(command);
    EXPECT_EQ(r.status, 0) << r.output;
    nlohmann::json results = readJson(reports + "/results.json");
    ASSERT_TRUE(results.is_object());
    ASSERT_EQ(results["cases"].size(), 2u);
    for (const auto& c : results["cases"]) {
      EXPECT_EQ(c["status"], "PASS") << c["id"] << ": " << c["message"];
      EXPECT_NE(c["rule"], "self-check") << c["id"];
      EXPECT_NE(c["backend"], "reference") << c["id"];
    }
  }
}

TEST(RunCommand, ShardsPartitionTheCasesAndMergeBackToTheWhole) {
  std::set<std::string> seen;
  size_t total = 0;
  std::string merge_args;
  std::string cache = cacheFlag("shards");
  for (int i = 1; i <= 3; ++i) {
    std::string dir = tempDir("shard" + std::to_string(i));
    auto r = runHloconf("run -q spec --filter 'spec/a*' --shard " + std::to_string(i) + "/3 --report-dir " + dir + cache);
    ASSERT_EQ(r.status, 0) << r.output;
    nlohmann::json results = readJson(dir + "/results.json");
    for (const auto& c : results["cases"]) {
      EXPECT_TRUE(seen.insert(c["id"]).second) << "in two shards: " << c["id"];
      ++total;
    }
    merge_args += " " + dir;
  }
  std::string whole = tempDir("unsharded");
  ASSERT_EQ(runHloconf("run -q spec --filter 'spec/a*' --report-dir " + whole + cache).status, 0);
  EXPECT_EQ(readJson(whole + "/results.json")["cases"].size(), total);
  EXPECT_GT(total, 20u);
  std::string merged = tempDir("merged");
  auto m = runHloconf("merge --out " + merged + merge_args);
  EXPECT_EQ(m.status, 0) << m.output;
  EXPECT_EQ(readJson(merged + "/results.json")["cases"].size(), total);
  // The sharding variables of GoogleTest give the same split as --shard (0-based there).
  std::string env_dir = tempDir("env-shard");
  std::string env_run = "env GTEST_SHARD_INDEX=1 GTEST_TOTAL_SHARDS=3 " + std::string(HLOCONF_BINARY) +
                        " run -q spec --filter 'spec/a*' --report-dir " + env_dir + cache + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(env_run.c_str()), 0);
  std::string flag_dir = tempDir("flag-shard");
  ASSERT_EQ(runHloconf("run -q spec --filter 'spec/a*' --shard 2/3 --report-dir " + flag_dir + cache).status, 0);
  std::set<std::string> a, b;
  nlohmann::json env_results = readJson(env_dir + "/results.json"), flag_results = readJson(flag_dir + "/results.json");
  for (const auto& c : env_results["cases"]) a.insert(c["id"]);
  for (const auto& c : flag_results["cases"]) b.insert(c["id"]);
  EXPECT_EQ(a, b);
  EXPECT_LT(a.size(), total);
}

TEST(RunCommand, BadShardFlagsAreUsageErrors) {
  EXPECT_EQ(runHloconf("run spec --shard 0/3").status, 2);
  EXPECT_EQ(runHloconf("run spec --shard 4/3").status, 2);
  EXPECT_EQ(runHloconf("run spec --shard x").status, 2);
  auto r = runHloconf("run spec --resume");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.output, HasSubstr("--report-dir"));
  EXPECT_EQ(runHloconf("run /no/such/folder").status, 2);
}

TEST(RunCommand, GoldenCacheIsReusedAndVerified) {
  std::string cache_dir = tempDir("cache-reuse");
  ASSERT_EQ(runHloconf("run -q " + smallSuite() + " --cache-dir " + cache_dir).status, 0);
  size_t entries = 0;
  std::string one;
  for (auto& e : fs::recursive_directory_iterator(cache_dir))
    if (e.path().extension() == ".json") {
      ++entries;
      one = e.path().string();
    }
  EXPECT_EQ(entries, 4u);  // three goldens and the "unsupported" outcome
  // A corrupted entry is not trusted: the golden is computed again and the run still passes.
  writeFile(one, "{\"case_text\": \"something else\"}");
  auto r = runHloconf("run -q " + smallSuite() + " --cache-dir " + cache_dir);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("3 PASS"));
}

TEST(RunCommand, BaselineTurnsKnownFailuresIntoXfailAndStaleEntriesIntoXpass) {
  // The reference passes everything, so a baseline entry for one of its cases is stale: XPASS, exit 1.
  // (Known failures becoming XFAIL are tested with the fault-injecting backends.)
  std::string baseline = tempDir("baseline") + "/baseline.json";
  writeFile(baseline, R"({"hloconf_baseline": 1, "known_failures": [{"id": "mini/exp", "backend": "reference"}]})");
  std::string reports = tempDir("baseline-run");
  auto r = runHloconf("run -q " + smallSuite() + " --baseline " + baseline + " --report-dir " + reports + cacheFlag("baseline"));
  EXPECT_EQ(r.status, 1) << r.output;
  bool found = false;
  nlohmann::json results = readJson(reports + "/results.json");
  for (const auto& c : results["cases"])
    if (c["id"] == "mini/exp") {
      EXPECT_EQ(c["status"], "XPASS");
      found = true;
    }
  EXPECT_TRUE(found) << r.output;
  writeFile(baseline, "not json");
  EXPECT_EQ(runHloconf("run -q " + smallSuite() + " --baseline " + baseline).status, 2);
}

TEST(RunCommand, FiltersSelectByIdOpAndElementType) {
  std::string reports = tempDir("filters");
  ASSERT_EQ(runHloconf("run -q spec --ops 'add,sine' --dtypes f32 --filter '-*edge-large*' --report-dir " + reports +
                       cacheFlag("filters")).status,
            0);
  auto cases = readJson(reports + "/results.json")["cases"];
  ASSERT_GT(cases.size(), 2u);
  for (const auto& c : cases) {
    EXPECT_TRUE(c["op"] == "add" || c["op"] == "sine") << c["id"];
    EXPECT_EQ(c["element_type"], "f32") << c["id"];
    EXPECT_EQ(c["id"].get<std::string>().find("edge-large"), std::string::npos);
  }
}

// Issue 18: a run that ran nothing used to exit 0 with an empty junit.xml, a green CI job that tested
// nothing. It exits 3 and says which filter or source left no case.
TEST(RunCommand, ARunThatRanNoCaseExitsThreeAndSaysWhy) {
  auto ops = runHloconf("run -q spec --ops 'addd*'" + cacheFlag("none"));
  EXPECT_EQ(ops.status, 3) << ops.output;
  EXPECT_THAT(ops.output, HasSubstr("matched --ops 'addd*'"));
  // A name (not a glob) no op has is a usage error at once, with the op meant (issue 18, item 10).
  auto misspelled = runHloconf("run -q spec --ops addd" + cacheFlag("none"));
  EXPECT_EQ(misspelled.status, 2) << misspelled.output;
  EXPECT_THAT(misspelled.output, HasSubstr("no op is named 'addd' (did you mean 'add'?)"));
  auto dtypes = runHloconf("run -q spec --dtypes f33" + cacheFlag("none"));
  EXPECT_EQ(dtypes.status, 3) << dtypes.output;
  EXPECT_THAT(dtypes.output, HasSubstr("--dtypes 'f33'"));
  auto gen = runHloconf("run -q gen:add/f33" + cacheFlag("none"));
  EXPECT_EQ(gen.status, 3) << gen.output;
  EXPECT_THAT(gen.output, HasSubstr("gen:add/f33) hold no case"));
  auto filter = runHloconf("run -q " + smallSuite() + " --filter 'nothing/*'" + cacheFlag("none"));
  EXPECT_EQ(filter.status, 3) << filter.output;
  EXPECT_THAT(filter.output, HasSubstr("--filter 'nothing/*'"));
  // A run where one case of four is UNSUPPORTED still passes.
  EXPECT_EQ(runHloconf("run -q " + smallSuite() + cacheFlag("none")).status, 0);
}

// Issue 18: CI gates on the share of PASS and UNSUPPORTED. The small suite has 3 PASS and 1 UNSUPPORTED.
TEST(RunCommand, MinPassAndMaxUnsupportedGatesExitFour) {
  std::string suite = smallSuite() + cacheFlag("gates");
  auto four = runHloconf("run -q " + suite + " --min-pass 4");
  EXPECT_EQ(four.status, 4) << four.output;
  EXPECT_THAT(four.output, HasSubstr("3 of 4 case(s) passed, --min-pass 4 needs at least 4"));
  EXPECT_EQ(runHloconf("run -q " + suite + " --min-pass 3").status, 0);
  EXPECT_EQ(runHloconf("run -q " + suite + " --min-pass 80%").status, 4);
  EXPECT_EQ(runHloconf("run -q " + suite + " --min-pass 75%").status, 0);
  auto unsupported = runHloconf("run -q " + suite + " --max-unsupported 0");
  EXPECT_EQ(unsupported.status, 4) << unsupported.output;
  EXPECT_THAT(unsupported.output, HasSubstr("1 of 4 case(s) were UNSUPPORTED, --max-unsupported 0 allows 0"));
  EXPECT_EQ(runHloconf("run -q " + suite + " --max-unsupported 25%").status, 0);
  EXPECT_EQ(runHloconf("run -q " + suite + " --max-unsupported 1").status, 0);
  for (const char* bad : {"--min-pass 101%", "--min-pass x", "--max-unsupported 1.5", "--max-failures 0"})
    EXPECT_EQ(runHloconf("run -q " + suite + " " + bad).status, 2) << bad;
}

TEST(GoldenCommand, MlirVectorsCheckThemselvesAndNpyVectorsHaveManifests) {
  std::string out = tempDir("golden-mlir");
  auto r = runHloconf("golden " + smallSuite() + " --out " + out + " --format mlir" + cacheFlag("golden"));
  EXPECT_EQ(r.status, 1) << r.output;  // the chlo case has no golden and is listed as skipped
  EXPECT_THAT(r.output, HasSubstr("skipped mini/chlo"));
  auto e = runHloconf("eval -q " + out);
  EXPECT_EQ(e.status, 0) << e.output;
  EXPECT_THAT(e.output, HasSubstr("3/3"));
  // A wrong golden would be caught: flip one expected bit in the written file and the check fails.
  std::ifstream in(out + "/mini/add_i32.mlir");
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  // The expected value is the constant the check compares against (after the inputs' constants).
  ASSERT_NE(s.find("\"check.expect_eq\""), std::string::npos) << s;
  size_t value = s.rfind("dense<[4, 6]>");
  ASSERT_NE(value, std::string::npos) << s;
  s.replace(value, 13, "dense<[4, 7]>");
  writeFile(out + "/mini/add_i32.mlir", s);
  EXPECT_EQ(runHloconf("eval -q " + out + "/mini/add_i32.mlir").status, 1);

  std::string npy = tempDir("golden-npy");
  runHloconf("golden " + smallSuite() + " --out " + npy + " --format npy" + cacheFlag("golden"));
  nlohmann::json manifest = readJson(npy + "/mini/exp/manifest.json");
  ASSERT_TRUE(manifest.is_object());
  EXPECT_EQ(manifest["op"], "exponential");
  EXPECT_EQ(manifest["inputs"][0]["dtype"], "<f4");
  EXPECT_TRUE(fs::exists(npy + "/mini/exp/expected-0.npy"));
  EXPECT_TRUE(manifest["tolerance"].contains("rule"));
}

TEST(ReproCommand, WritesAStandaloneCaseWithTheVerdict) {
  std::string dir = tempDir("repro");
  std::string out = dir + "/exp.repro.mlir";
  auto r = runHloconf("repro mini/exp --backend reference " + smallSuite() + " --out " + out);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("PASS"));
  auto e = runHloconf("eval -q " + out);
  EXPECT_EQ(e.status, 0) << e.output;
  EXPECT_EQ(runHloconf("repro no/such/case --backend reference " + smallSuite()).status, 2);
}

}  // namespace
}  // namespace hloconf
