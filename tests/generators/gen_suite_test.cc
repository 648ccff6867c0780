// The generated suites as a whole: every spec op has a generator, the same seed gives the same bytes,
// and generated cases run through `hloconf run` (in process and through the protocol) and `hloconf gen`.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "ir/op_schema.h"
#include "tests/generators/gen_test_util.h"
#include "tests/harness/run_hloconf.h"

namespace hloconf::gen {
namespace {

namespace fs = std::filesystem;

std::map<std::string, std::string> readTree(const fs::path& root) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file()) continue;
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    files[fs::relative(e.path(), root).string()] = ss.str();
  }
  return files;
}

TEST(GenSuite, EverySpecOpHasAGenerator) {
  const fs::path cases = fs::path(HLOCONF_SOURCE_DIR) / "cases";
  std::vector<std::string> missing;
  int ops = 0;
  for (const auto& e : fs::directory_iterator(cases)) {
    if (!e.is_directory()) continue;
    // cases/chlo.<op>: the chlo ops are not ops of the StableHLO spec, whose ops this test is about; the chlo
    // generators (programs_chlo.cc, tests/generators/chlo_test.cc) cover the elementwise ones only
    // (docs/design/chlo.md, "Not done yet").
    if (e.path().filename().string().starts_with("chlo.")) continue;
    ++ops;
    if (!findGenerator(e.path().filename().string())) missing.push_back(e.path().filename().string());
  }
  EXPECT_GT(ops, 100);
  std::string list;
  for (const std::string& m : missing) list += m + " ";
  EXPECT_TRUE(missing.empty()) << "ops of cases/ without a generator: " << list;
}

TEST(GenSuite, SchemaOpsWithoutAGeneratorAreNotSpecOps) {
  // Every stablehlo op of the schema has a generator, except:
  // - ops the current spec does not have (traits::kLegacy: deprecated or removed ops the parser keeps for
  //   old programs), and the `return` terminator;
  // - custom_call, an implementation-defined call whose result no reference can give.
  std::vector<std::string> missing;
  for (const OpSchema& def : allOps()) {
    if (def.dialect() != "stablehlo" || def.has(traits::kLegacy) || def.has(traits::kTerminator)) continue;
    if (def.id == OpId::kCustomCall) continue;
    const std::string op(def.shortName());
    if (!findGenerator(op)) missing.push_back(op);
  }
  std::string list;
  for (const std::string& m : missing) list += m + " ";
  EXPECT_TRUE(missing.empty()) << "registry ops without a generator: " << list;
}

TEST(GenSuite, SameSeedSameBytes) {
  const fs::path root = fs::temp_directory_path() / ("hloconf-gen-determinism-" + std::to_string(::getpid()));
  fs::remove_all(root);
  // Two separate processes, so nothing in memory is shared; ops from every family.
  const std::string ops = "add exponential dot_general gather sort reduce_window while";
  for (const char* dir : {"a", "b"}) {
    auto r = test::runHloconf("gen " + ops + " --count 2 --seed 7 --out " + (root / dir).string());
    ASSERT_EQ(r.status, 0) << r.output;
  }
  auto r = test::runHloconf("gen " + ops + " --count 2 --seed 8 --out " + (root / "c").string());
  ASSERT_EQ(r.status, 0) << r.output;
  const auto a = readTree(root / "a"), b = readTree(root / "b"), c = readTree(root / "c");
  EXPECT_GT(a.size(), 50u);
  EXPECT_EQ(a, b);
  // Another seed gives other cases (same file names, other contents).
  size_t differing = 0;
  for (const auto& [name, text] : a) {
    const std::string other = name.substr(0, name.rfind('/') + 1) + "8" + name.substr(name.rfind('/') + 2);
    if (c.count(other) && c.at(other) != text) ++differing;
  }
  EXPECT_GT(differing, a.size() / 2);
  fs::remove_all(root);
}

TEST(GenSuite, IdsReproduceTheirCase) {
  auto keys = expandSuite("gen:multiply/bf16", 3, 4, "", "");
  ASSERT_TRUE(keys.ok());
  ASSERT_EQ(keys->size(), 4u * 4);  // uniform, special, log-uniform, near-ties
  for (const CaseKey& key : *keys) {
    auto parsed = parseCaseId(key.id());
    ASSERT_TRUE(parsed.ok()) << key.id();
    EXPECT_EQ(parsed->id(), key.id());
    auto one = generateCase(key), two = generateCase(*parsed);
    ASSERT_TRUE(one.ok() && two.ok());
    EXPECT_EQ(one->text, two->text);
    EXPECT_NE(one->text.find("// Case: " + key.id() + "\n"), std::string::npos);
  }
  EXPECT_FALSE(parseCaseId("gen/add/f32/sideways/1/2").ok());
  EXPECT_FALSE(generateCase({"add", "f32", Strategy::kCancellation, 1, 0}).ok());  // not listed for add
  EXPECT_FALSE(expandSuite("gen:no_such_op", 1, 1, "", "").ok());
}

TEST(GenSuite, WrittenCasesCheckThemselves) {
  const fs::path root = fs::temp_directory_path() / ("hloconf-gen-out-" + std::to_string(::getpid()));
  fs::remove_all(root);
  auto r = test::runHloconf("gen divide tanh --dtypes f16,i8 --count 3 --out " + root.string());
  ASSERT_EQ(r.status, 0) << r.output;
  // Every written file evaluates with its checks passing under the reference.
  auto e = test::runHloconf("eval -q " + root.string());
  EXPECT_EQ(e.status, 0) << e.output;
  EXPECT_NE(e.output.find("0 failed"), std::string::npos) << e.output;
  // divide: f16 with 4 strategies and i8 with 3; tanh: f16 with 4; 3 cases each.
  EXPECT_NE(e.output.find("checks: 33 passed, 0 failed"), std::string::npos) << e.output;
  fs::remove_all(root);
}

TEST(GenSuite, RunsInProcessAndThroughTheProtocol) {
  const std::string serve = std::string("--backend-cmd '") + HLOCONF_BINARY + " serve'";
  auto r = test::runHloconf("run -q --no-cache --count 3 gen:add/f32 gen:exponential/bf16 gen:gather/i8 --backend reference " + serve);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("result: passed"), std::string::npos) << r.output;
  // add/f32 and exponential/bf16: 4 strategies; gather/i8: 3; 3 cases each, on two backends.
  EXPECT_NE(r.output.find("66 cases: 66 PASS"), std::string::npos) << r.output;
}

TEST(GenSuite, SweepsRunAsChunks) {
  auto r = test::runHloconf("run -q --no-cache sweep:tanh/bf16 sweep:multiply/f8E5M2 sweep:exponential/f32/100-101");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("4 cases: 4 PASS"), std::string::npos) << r.output;
  // Sharded and resumable like any run: a second run with --resume finds every chunk in the journal.
  const fs::path dir = fs::temp_directory_path() / ("hloconf-sweep-resume-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  auto first = test::runHloconf("run --no-cache sweep:log/f32/40000-40007 --shard 1/2 --report-dir " + dir.string());
  EXPECT_EQ(first.status, 0) << first.output;
  auto again = test::runHloconf("run --no-cache sweep:log/f32/40000-40007 --shard 1/2 --resume --report-dir " + dir.string());
  EXPECT_EQ(again.status, 0) << again.output;
  EXPECT_NE(again.output.find("resuming: "), std::string::npos) << again.output;
  fs::remove_all(dir);
  auto bad = test::runHloconf("run -q sweep:exponential/f64");
  EXPECT_EQ(bad.status, 2) << bad.output;
  EXPECT_NE(bad.output.find("unary sweeps go up to 32 bits"), std::string::npos) << bad.output;
}

}  // namespace
}  // namespace hloconf::gen
