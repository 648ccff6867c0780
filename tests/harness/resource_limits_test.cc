// Issue 19, items 4 and 5: programs whose sizes or running time are hostile end with a clean error (or
// within their --timeout), never an abort or a signal, under an 8 GB address-space limit (`ulimit -v
// 8000000`, as a CI machine or a container may set). Each drives the real binary; each takes seconds.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "run_hloconf.h"
#include "suite_run.h"
#include "tests/ir/nested_programs.h"
#include "ir/asm_parser.h"

namespace hloconf {
namespace {

namespace fs = std::filesystem;
using test::RunResult;
using ::testing::HasSubstr;
using ::testing::Not;

std::string tempDir(const std::string& name) { return test::tempDir("limits-test", name); }

std::string writeProgram(const std::string& name, const std::string& text) {
  const std::string path = tempDir(name) + "/" + name + ".mlir";
  std::ofstream(path) << text;
  return path;
}

struct LimitedRun {
  RunResult result;
  double seconds = 0;
};

// AddressSanitizer reserves terabytes of address space for its shadow memory when a process starts, so
// under it (ci/sanitize.sh) no address-space limit can be set: the limits these tests reach are then
// --memory-limit's and --timeout's only.
#if defined(__SANITIZE_ADDRESS__)
constexpr char kAddressSpaceLimit[] = "";
#else
constexpr char kAddressSpaceLimit[] = "ulimit -v 8000000; ";
#endif

// `hloconf ARGS` with its address space limited to 8 GB (the child exec's the binary: the status is the
// binary's own, 128 + N for a signal N).
LimitedRun runLimited(const std::string& args) {
  const auto started = std::chrono::steady_clock::now();
  LimitedRun run;
  run.result =
      test::runShell("bash -c '" + std::string(kAddressSpaceLimit) + "exec " + std::string(HLOCONF_BINARY) + " " + args + "' 2>&1");
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return run;
}

// A clean error: exit status 2 (a program that could not be evaluated), nothing from an uncaught exception.
void expectCleanError(const LimitedRun& run) {
  EXPECT_EQ(run.result.status, 2) << run.result.output;
  EXPECT_THAT(run.result.output, Not(HasSubstr("terminate called")));
}

constexpr char kHugeSort[] = R"(func.func @main() -> tensor<67108864xf32> {
  %0 = stablehlo.iota dim = 0 : tensor<67108864xf32>
  %1 = "stablehlo.sort"(%0) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<67108864xf32>) -> tensor<67108864xf32>
  return %1 : tensor<67108864xf32>
}
)";

// A sort of 2^26 f32 held an RtValue per element (about 100 times the tensor) and died of bad_alloc; now
// it holds two permutations and stops at the deadline between comparator calls.
TEST(ResourceLimits, HugeSortStopsAtItsTimeout) {
  LimitedRun run = runLimited("eval -q --timeout 2 " + writeProgram("sort", kHugeSort));
  expectCleanError(run);
  EXPECT_THAT(run.result.output, HasSubstr("stopped: the evaluation ran past its time limit"));
  EXPECT_LT(run.seconds, 10);
  // 2^20 elements: the iota is quick (under a second even in the ASan build, ci/sanitize.sh), the sort's
  // 2^20 x 20 comparator calls are not (tens of seconds).
  std::string smaller = kHugeSort;
  for (size_t at; (at = smaller.find("67108864")) != std::string::npos;) smaller.replace(at, 8, "1048576");
  run = runLimited("eval -q --timeout 3 " + writeProgram("sort-smaller", smaller));
  expectCleanError(run);
  // Stopped inside the comparator (the deadline is checked before each of its ops) or between its calls.
  EXPECT_THAT(run.result.output, ::testing::ContainsRegex("sort-smaller.mlir:[3-6]:[0-9]+: error: stablehlo.(sort|compare|return): stopped: "
                                                          "the evaluation ran past its time limit"));
  EXPECT_LT(run.seconds, 10);
}

// The same program under a memory limit smaller than its iota: the checked path names both numbers.
TEST(ResourceLimits, MemoryLimitRefusesAnAllocationWithBothNumbers) {
  const LimitedRun run = runLimited("eval -q --memory-limit 64M " + writeProgram("sort-limit", kHugeSort));
  expectCleanError(run);
  EXPECT_THAT(run.result.output,
              HasSubstr("stablehlo.iota: result type tensor<67108864xf32> needs 268435456 bytes, limit 67108864 (--memory-limit)"));
  const RunResult bad = test::runHloconf("eval --memory-limit 0 " + writeProgram("sort-zero", kHugeSort));
  EXPECT_EQ(bad.status, 2);
  EXPECT_THAT(bad.output, HasSubstr("--memory-limit needs a byte count, e.g. 512M or 8G, got '0'"));
}

TEST(ResourceLimits, HugeIotaIsRefusedBeforeItIsAllocated) {
  const LimitedRun run = runLimited("eval -q " + writeProgram("iota", R"(func.func @main() -> tensor<4294967296xf32> {
  %0 = stablehlo.iota dim = 0 : tensor<4294967296xf32>
  return %0 : tensor<4294967296xf32>
}
)"));
  expectCleanError(run);
  // The default limit is at most half of the 8 GB address space.
  EXPECT_THAT(run.result.output, HasSubstr("iota.mlir:2:8: error: stablehlo.iota: result type tensor<4294967296xf32> needs 17179869184 bytes, limit "));
}

std::string gridProgram(const std::string& attributes) {
  return "module attributes {" + attributes + R"(} {
  func.func @main() -> tensor<f32> {
    %0 = stablehlo.constant dense<1.0> : tensor<f32>
    return %0 : tensor<f32>
  }
}
)";
}

// 65537 replicas aborted with std::system_error (a thread per process); 65536 x 65536 overflowed 32 bits
// to a grid of 0 and ran as one process.
TEST(ResourceLimits, HugeGridsAreRefusedWithTheLimit) {
  for (const std::string attributes : {"mhlo.num_replicas = 65537 : i32", "mhlo.num_replicas = 65536 : i32, mhlo.num_partitions = 65536 : i32",
                                       "mhlo.num_replicas = 8589934593 : i64"}) {
    const LimitedRun run = runLimited("eval -q " + writeProgram("grid", gridProgram(attributes)));
    expectCleanError(run);
    EXPECT_THAT(run.result.output, HasSubstr("partitions: hloconf runs 1 to 1024 processes (one thread each)")) << attributes;
  }
  // At the limit: runs, or (when the address space cannot hold 1024 thread stacks) a clean error.
  const LimitedRun run = runLimited("eval -q " + writeProgram("grid-1024", gridProgram("mhlo.num_replicas = 32 : i32, mhlo.num_partitions = 32 : i32")));
  EXPECT_THAT(run.result.output, Not(HasSubstr("terminate called")));
  if (run.result.status != 0) {
    expectCleanError(run);
    EXPECT_THAT(run.result.output, HasSubstr("cannot start the thread of process"));
  }
}

// The cond returns a value from outside and the body has no ops but its return. Under `run` it took 100M
// iterations (the iteration limit, 199 s) to stop: the golden values had 600 s whatever --timeout said.
constexpr char kEndlessLoop[] = R"(  %t = stablehlo.constant dense<true> : tensor<i1>
  %0 = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.while(%a = %0) : tensor<i32>
  cond {
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return %a : tensor<i32>
  }
)";

TEST(ResourceLimits, EndlessWhileStopsAtItsTimeout) {
  const std::string program =
      writeProgram("while", "func.func @main() -> tensor<i32> {\n" + std::string(kEndlessLoop) + "  return %1 : tensor<i32>\n}\n");
  LimitedRun run = runLimited("eval -q --timeout 1 " + program);
  expectCleanError(run);
  // runRegion checks the deadline before each op of the loop's regions, their returns included (the cond's
  // on line 6 or the body's on line 8).
  EXPECT_THAT(run.result.output,
              ::testing::ContainsRegex("while.mlir:[68]:5: error: stablehlo.return: stopped: the evaluation ran past its time limit"));
  EXPECT_LT(run.seconds, 10);
  for (const char* backend : {"cpu", "reference"}) {
    run = runLimited(std::string("exec --timeout 1 --backend ") + backend + " " + program);
    expectCleanError(run);
    EXPECT_THAT(run.result.output, HasSubstr("past")) << backend;
    EXPECT_LT(run.seconds, 10) << backend;
  }
}

// In `run`, the golden values are computed under the case's --timeout too, and a reference that runs past
// it is the harness's ERROR (rule "reference timeout"), not the backend's TIMEOUT.
TEST(ResourceLimits, EndlessWhileInACaseIsAReferenceTimeout) {
  const std::string dir = tempDir("while-case");
  std::ofstream(dir + "/endless.mlir") << "// Case: limits/while/endless\nfunc.func @main() {\n"
                                       << kEndlessLoop << "  check.expect_eq_const %1, dense<0> : tensor<i32>\n  func.return\n}\n";
  const std::string reports = tempDir("while-case-reports");
  const LimitedRun run = runLimited("run -q --backend reference --timeout 1 --cache-dir " + tempDir("while-case-cache") + " --report-dir " +
                                    reports + " " + dir);
  EXPECT_NE(run.result.status, 0) << run.result.output;
  EXPECT_LT(run.result.status, 128) << run.result.output;
  EXPECT_LT(run.seconds, 15);
  std::ifstream in(reports + "/results.json");
  const nlohmann::json results = nlohmann::json::parse(in, nullptr, false);
  ASSERT_TRUE(results.is_object()) << run.result.output;
  ASSERT_EQ(results["cases"].size(), 1u);
  EXPECT_EQ(results["cases"][0]["status"], "ERROR");
  EXPECT_EQ(results["cases"][0]["rule"], "reference timeout");
  EXPECT_THAT(results["cases"][0]["message"].get<std::string>(), HasSubstr("the reference ran past the time limit (1 s) computing the golden values"));
}

// 4096^3 multiply-adds, each exact in the reference: hours of work, stopped between result elements.
TEST(ResourceLimits, HugeDotStopsAtItsTimeout) {
  const LimitedRun run = runLimited("eval -q --timeout 2 " + writeProgram("dot", R"(func.func @main() -> tensor<4096x4096xf32> {
  %0 = stablehlo.constant dense<1.5> : tensor<4096x4096xf32>
  %1 = stablehlo.dot_general %0, %0, contracting_dims = [1] x [0] : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %1 : tensor<4096x4096xf32>
}
)"));
  expectCleanError(run);
  EXPECT_THAT(run.result.output, HasSubstr("stablehlo.dot_general: stopped: the evaluation ran past its time limit"));
  EXPECT_LT(run.seconds, 15);
}

// Issue 19, item 13: a valid program nested as deep as the parser allows (99 whiles used to be rejected)
// is verified, printed, evaluated and run by the cpu executor without exhausting the stack: each of them
// walks the regions recursively.
TEST(ResourceLimits, DeepestNestingTheParserAllowsRunsEverywhere) {
  const int depth = kMaxRegionNesting - 2;  // with the module's and the function's regions: the limit
  const std::string program = writeProgram("deep", test::nestedWhiles(depth));
  const std::string result = "dense<" + std::to_string(depth) + "> : tensor<i32>";
  LimitedRun run = runLimited("eval " + program);
  EXPECT_EQ(run.result.status, 0) << run.result.output.substr(0, 2000);
  EXPECT_THAT(run.result.output, HasSubstr("result 0: " + result));
  run = runLimited("exec --backend cpu " + program);
  EXPECT_EQ(run.result.status, 0) << run.result.output.substr(0, 2000);
  EXPECT_THAT(run.result.output, HasSubstr(result));
  run = runLimited("parse --roundtrip " + program);
  EXPECT_EQ(run.result.status, 0) << run.result.output.substr(0, 2000);
  run = runLimited("verify " + program);
  EXPECT_EQ(run.result.status, 0) << run.result.output.substr(0, 2000);
  run = runLimited("eval " + writeProgram("too-deep", test::nestedWhiles(depth + 1)));
  expectCleanError(run);
  EXPECT_THAT(run.result.output, HasSubstr("regions nested more than 1000 deep (the parser's limit)"));
}

}  // namespace
}  // namespace hloconf
