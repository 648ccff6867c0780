// The graph generator (`gen:graph`, generators/programs_graph.cc) and `hloconf minimize`
// (harness/minimize_command.cc), end to end against tests/generators/wrong_op_backend.py: a backend that
// answers every program correctly except that it computes stablehlo.tanh as stablehlo.cosine.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../harness/run_hloconf.h"
#include "gen_test_util.h"
#include "generators/gen.h"
#include "gtest/gtest.h"

namespace hloconf::gen {
namespace {

using hloconf::test::runHloconf;
using hloconf::test::runShell;

TEST(GraphGenerator, CasesAreValid) {
  const std::vector<std::string> problems = testing::generatorProblems("graph", 30);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(GraphGenerator, EveryIntermediateValueIsFinite) {
  int checked = 0, ops = 0;
  for (const char* dtype : {"f32", "f16", "bf16", "f64"}) {
    for (Strategy s : {Strategy::kUniform, Strategy::kLogUniform}) {
      for (uint64_t i = 0; i < 25; ++i) {
        const CaseKey key{"graph", dtype, s, 1, i};
        auto c = generateCase(key);
        ASSERT_TRUE(c.ok()) << c.status().message();
        ASSERT_TRUE(c->skipped.empty()) << key.id() << ": " << c->skipped;
        const GenContext& ctx = *c->context;
        ASSERT_GE(ctx.body().size(), 3u) << key.id();
        ASSERT_LE(ctx.body().size(), 12u) << key.id();
        // Every body value becomes an output; all of them must be finite.
        std::string types, values;
        for (const std::string& line : ctx.body()) {
          const std::string name = line.substr(0, line.find(' '));
          const size_t arrow = line.rfind("-> ");
          ASSERT_NE(arrow, std::string::npos) << line;
          strAppend(&types, values.empty() ? "" : ", ", line.substr(arrow + 3));
          strAppend(&values, values.empty() ? "" : ", ", name);
          ++ops;
        }
        std::string text = ctx.moduleText(key.id(), "all values");
        // Swap the return for one of every value.
        const size_t ret = text.find("    func.return ");
        const size_t ret_end = text.find('\n', ret);
        text.replace(ret, ret_end - ret, strCat("    func.return ", values, " : ", types));
        const size_t sig = text.find("@main() -> (");
        const size_t sig_end = text.find(") {\n", sig);
        text.replace(sig, sig_end - sig, strCat("@main() -> (", types));
        auto module = parseModule(text, key.id());
        ASSERT_TRUE(module.ok()) << module.status().message() << "\n" << text;
        ref::FunctionRun run = ref::evaluateFunction(*module, text, *module->findFunction("main"), {});
        ASSERT_TRUE(run.status.ok()) << run.status.message() << "\n" << text;
        for (const ref::RtValue& v : run.per_process[0]) {
          for (int64_t e = 0; e < v.tensor.numElements(); ++e) {
            const FloatClass fc = classifyFloat(v.tensor.elementType(), v.tensor.bits(e));
            ASSERT_TRUE(fc != FloatClass::kNaN && fc != FloatClass::kInfinity) << key.id() << " element " << e << "\n" << text;
          }
        }
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 200);
  EXPECT_GT(ops, 200 * 4);
}

TEST(GraphGenerator, SameIdSameTextAndUsesManyOps) {
  auto a = generateCase({"graph", "bf16", Strategy::kUniform, 3, 5});
  auto b = generateCase({"graph", "bf16", Strategy::kUniform, 3, 5});
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->text, b->text);
  std::string all;
  for (uint64_t i = 0; i < 60; ++i) all += generateCase({"graph", "f32", Strategy::kUniform, 1, i})->text;
  for (const char* op : {"add", "subtract", "multiply", "tanh", "exponential", "sqrt", "divide", "reverse", "transpose",
                         "reduce", "broadcast_in_dim", "dot_general", "logistic"}) {
    EXPECT_NE(all.find(strCat("\"stablehlo.", op, "\"")), std::string::npos) << op;
  }
}

// --- hloconf minimize --------------------------------------------------------------------------------------

class Minimize : public ::testing::Test {
 protected:
  void SetUp() override {
    if (::access("/usr/bin/python3", X_OK) != 0) GTEST_SKIP() << "/usr/bin/python3 is missing";
    dir_ = std::filesystem::temp_directory_path() / strCat("hloconf-graph-test-", ::getpid(), "-", counter_++);
    std::filesystem::create_directories(dir_);
    // A golden cache of our own (and no stale entries from another build).
    env_ = strCat("HLOCONF_CACHE_DIR=", (dir_ / "cache").string(), " ");
  }
  void TearDown() override {
    std::error_code ec;
    if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
  }
  std::string wrongBackend(const std::string& extra = "") const {
    return strCat("--backend-cmd '/usr/bin/python3 ", HLOCONF_SOURCE_DIR, "/tests/generators/wrong_op_backend.py --serve ",
                  HLOCONF_BINARY, extra, "'");
  }
  test::RunResult hloconf(const std::string& args) const {
    return runShell(strCat("cd ", dir_.string(), " && ", env_, HLOCONF_BINARY, " ", args, " 2>&1"));
  }
  static std::string readFile(const std::filesystem::path& p) {
    std::ifstream f(p);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
  }
  // The first graph case (f32, uniform, seed 1) of rank > 0 whose tanh is at body line >= `min_line`
  // and not last, and which fails on `backend` (a wrong tanh can be masked, e.g. by a maximum).
  std::string failingGraphWithTanh(size_t min_line, const std::string& backend) const {
    int tried = 0;
    for (uint64_t i = 0; i < 200 && tried < 10; ++i) {
      auto c = generateCase({"graph", "f32", Strategy::kUniform, 1, i});
      if (!c.ok() || !c->context || c->context->outputs().at(0).second == "tensor<f32>") continue;
      const auto& body = c->context->body();
      bool has = false;
      for (size_t k = min_line; k + 1 < body.size(); ++k) has = has || body[k].find("\"stablehlo.tanh\"") != std::string::npos;
      if (!has) continue;
      ++tried;
      if (hloconf(strCat("run ", c->id, " ", backend, " -q")).status == 1) return c->id;
    }
    return "";
  }

  std::filesystem::path dir_;
  std::string env_;
  static inline int counter_ = 0;
};

TEST_F(Minimize, ShrinksAGraphToTheWrongOpOnOneElement) {
  const std::string id = failingGraphWithTanh(0, wrongBackend());
  ASSERT_FALSE(id.empty());
  test::RunResult run;

  test::RunResult r = hloconf(strCat("minimize ", id, " ", wrongBackend(), " --out min.mlir"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("graph of "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("(tanh) alone: FAIL"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("-> 1 op (tanh), rank 0"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("element ["), std::string::npos) << r.output;

  // The file: constants, one tanh of rank 0, the return.
  const std::string text = readFile(dir_ / "min.mlir");
  auto module = parseModule(text, "min.mlir");
  ASSERT_TRUE(module.ok()) << module.status().message() << "\n" << text;
  const Operation* main = module->findFunction("main");
  ASSERT_NE(main, nullptr);
  int tanh = 0, others = 0;
  for (const auto& op : const_cast<Operation*>(main)->body().operations) {
    if (op->name == "stablehlo.tanh") {
      ++tanh;
      ASSERT_EQ(op->results.size(), 1u);
      EXPECT_EQ(op->results[0]->type.toString(), "tensor<f32>");
    } else if (op->name != "stablehlo.constant" && op->name != "func.return") {
      ++others;
    }
  }
  EXPECT_EQ(tanh, 1) << text;
  EXPECT_EQ(others, 0) << text;

  // It fails on the wrong backend and passes on the reference.
  run = hloconf(strCat("run min.mlir ", wrongBackend(), " -q"));
  EXPECT_EQ(run.status, 1) << run.output;
  run = hloconf("run min.mlir -q");
  EXPECT_EQ(run.status, 0) << run.output;

  // A single rank-0 op cannot shrink further: exit 1.
  r = hloconf(strCat("minimize min.mlir ", wrongBackend()));
  EXPECT_EQ(r.status, 1) << r.output;
}

TEST_F(Minimize, GraphsAreBuiltFromTheOpsTheBackendDeclares) {
  // A correct backend (tanh rewritten as tanh) whose handshake declares a few ops: gen:graph builds its
  // programs from those, so that none is UNSUPPORTED for an undeclared op; --graph-ops overrides it.
  const std::string declared = "stablehlo.add,stablehlo.multiply,stablehlo.tanh,stablehlo.negate,stablehlo.constant";
  const std::string backend = wrongBackend(strCat(" --op stablehlo.tanh --as stablehlo.tanh --declare-ops ", declared));
  test::RunResult r = hloconf(strCat("run gen:graph/f32 --count 10 ", backend, " -q --report-dir declared"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("gen:graph uses the ops the backends declare: graph(add+multiply+negate+tanh)"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("20 cases: 20 PASS"), std::string::npos) << r.output;
  const std::string results = readFile(dir_ / "declared" / "results.json");
  EXPECT_NE(results.find("gen/graph(add+multiply+negate+tanh)/f32/uniform/1/0"), std::string::npos);
  for (const char* op : {"stablehlo.exponential", "stablehlo.dot_general", "stablehlo.reduce", "stablehlo.sine"})
    EXPECT_EQ(results.find(strCat("\"", op, "\"")), std::string::npos) << op;
  // The same run with every graph op named: most graphs use an op the backend does not declare.
  std::string every_op;
  for (std::string_view op : gen::graphOps()) strAppend(&every_op, every_op.empty() ? "" : ",", op);
  r = hloconf(strCat("run gen:graph/f32 --count 10 --graph-ops ", every_op, " ", backend, " -q"));
  EXPECT_NE(r.output.find("UNSUPPORTED"), std::string::npos) << r.output;
  // An ID names its program alone: the case runs by its ID, without the backend's list.
  r = hloconf("run 'gen/graph(add+multiply+negate+tanh)/f32/uniform/1/3' -q");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(hloconf("gen --id 'gen/graph(tanh+add)/f32/uniform/1/0'").output.find("canonical form"), std::string::npos);
}

TEST_F(Minimize, WithoutASingleFailingOpFindsTheSmallestFailingPrefix) {
  // The backend is wrong about tanh only in programs of two ops or more: no op fails alone.
  const std::string backend = wrongBackend(" --min-ops 2");
  const std::string id = failingGraphWithTanh(1, backend);
  ASSERT_FALSE(id.empty());
  test::RunResult r = hloconf(strCat("minimize ", id, " ", backend, " --out prefix.mlir"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("no op fails alone"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("alone: FAIL"), std::string::npos) << r.output;
  // It names the likely cause, on the console and in the minimized case.
  EXPECT_NE(r.output.find("the likely cause is intermediate precision"), std::string::npos) << r.output;
  // The prefix ends with the first tanh and returns its value.
  const std::string text = readFile(dir_ / "prefix.mlir");
  EXPECT_NE(text.find("Each op alone is within its own rule: the error builds up across ops"), std::string::npos) << text;
  auto module = parseModule(text, "prefix.mlir");
  ASSERT_TRUE(module.ok()) << module.status().message() << "\n" << text;
  const auto& ops = module->findFunction("main")->body().operations;
  ASSERT_GE(ops.size(), 3u);
  EXPECT_EQ(ops[ops.size() - 2]->name, "stablehlo.tanh") << text;
  EXPECT_EQ(ops.back()->operands.at(0), ops[ops.size() - 2]->results.at(0).get()) << text;
  test::RunResult run = hloconf(strCat("run prefix.mlir ", backend, " -q"));
  EXPECT_EQ(run.status, 1) << run.output;
  run = hloconf("run prefix.mlir -q");
  EXPECT_EQ(run.status, 0) << run.output;
}

TEST_F(Minimize, PassingCasesAndUsageErrors) {
  test::RunResult r = hloconf("minimize gen/graph/f64/uniform/1/2 --backend reference");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("nothing to minimize"), std::string::npos) << r.output;
  EXPECT_EQ(hloconf("minimize gen/graph/f64/uniform/1/2").status, 2);
  EXPECT_EQ(hloconf("minimize --backend reference").status, 2);
  EXPECT_EQ(hloconf("minimize gen/nosuchop/f32/uniform/1/0 --backend reference").status, 2);
}

// A .mlir file (taken apart through its lowered program): the failing prefix keeps only the ops its value
// depends on, and the inputs they use.
TEST_F(Minimize, AFileShrinksToTheOpsTheFailingValueDependsOn) {
  std::ofstream(dir_ / "slice.mlir") << R"(// Case: test/slice
func.func @main() -> (tensor<2xf32>, tensor<2xf32>) {
  %x = stablehlo.constant dense<[0.5, -1.25]> : tensor<2xf32>
  %y = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %a = stablehlo.negate %x : tensor<2xf32>
  %b = stablehlo.sine %y : tensor<2xf32>
  %c = stablehlo.add %a, %a : tensor<2xf32>
  %d = stablehlo.tanh %c : tensor<2xf32>
  %e = stablehlo.abs %d : tensor<2xf32>
  func.return %e, %b : tensor<2xf32>, tensor<2xf32>
}
)";
  test::RunResult r = hloconf(strCat("minimize slice.mlir ", wrongBackend(" --min-ops 2"), " --out min.mlir"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("graph of 5 op(s): FAIL"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("first 4 op(s), returning op 3 (tanh): FAIL"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("-> 3 op(s)"), std::string::npos) << r.output;
  const std::string text = readFile(dir_ / "min.mlir");
  EXPECT_EQ(text.find("sine"), std::string::npos) << text;
  EXPECT_EQ(text.find("abs"), std::string::npos) << text;
  EXPECT_EQ(text.find("3.0"), std::string::npos) << text;  // the unused input is gone
  EXPECT_NE(text.find("stablehlo.negate"), std::string::npos) << text;

  // With every tanh wrong, the culprit is tanh on the worst element, with the exact operand 2.5.
  r = hloconf(strCat("minimize slice.mlir ", wrongBackend(), " --out one.mlir"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("op 3 (tanh) alone: FAIL"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("element [1]: FAIL"), std::string::npos) << r.output;
  const std::string one = readFile(dir_ / "one.mlir");
  EXPECT_NE(one.find("dense<2.5> : tensor<f32>"), std::string::npos) << one;
}

// Any gen/ ID: a single-op generated case on the wrong backend shrinks to one element.
TEST_F(Minimize, ShrinksASingleOpGeneratedCaseToOneElement) {
  std::string id;
  for (uint64_t i = 0; i < 50 && id.empty(); ++i) {
    auto c = generateCase({"tanh", "f32", Strategy::kLogUniform, 1, i});
    if (!c.ok() || !c->context) continue;
    const std::string& type = c->context->outputs().at(0).second;  // tensor<2x3xf32>: rank > 0, no empty dimension
    if (type.size() > 7 && type[7] >= '1' && type[7] <= '9' && type.find("x0") == std::string::npos)
      id = c->id;
  }
  ASSERT_FALSE(id.empty());
  test::RunResult r = hloconf(strCat("minimize ", id, " ", wrongBackend()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("-> 1 op (tanh), rank 0"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace hloconf::gen
