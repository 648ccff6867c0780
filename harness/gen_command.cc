// `hloconf gen`: generated cases (generators/gen.h) written as files, printed by ID, or listed.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "generators/exhaustive.h"
#include "generators/gen.h"
#include "golden/cases.h"
#include "golden/golden_writer.h"
#include "harness/commands.h"
#include "harness/options.h"
#include "ir/parser.h"
#include "ir/strings.h"
#include "reference/evaluate.h"
#include "reference/numerics.h"

namespace hloconf {

const char kGenUsage[] =
    "usage: hloconf gen OPS... [--dtypes GLOBS] [--strategies GLOBS] [--seed S] [--count N] [--profile P] --out DIR\n"
    "       hloconf gen --id ID       print one generated case (the module `hloconf run` uses)\n"
    "       hloconf gen --list        the ops with generators, their element types and strategies\n\n"
    "Generates random, valid cases for each op (OPS: op names or globs, or `all`): for every element\n"
    "type and strategy the op's generator lists, N cases (default 10) with indices 0..N-1. Each case\n"
    "is reproducible from its ID gen/<op>/<dtype>/<strategy>/<seed>/<index> alone.\n"
    "  --out DIR          write DIR/<op>/<dtype>/<strategy>/<seed>-<index>.mlir in the upstream testdata\n"
    "                     format (@inputs, @expected from the reference; check.expect_close for floats\n"
    "                     with max_ulp_difference = the ULP budget of --profile's rule for the op and\n"
    "                     type, 0 where it asks for the correctly rounded value; expect_eq for integers;\n"
    "                     implementation-defined elements masked: docs/design/upstream.md); cases on a\n"
    "                     process grid are written without @expected (their results differ per process)\n"
    "  --profile NAME|FILE  the tolerance profile of those ULP budgets (default: default)\n"
    "  --dtypes GLOBS     only these element types ('f32,bf16,complex<*>')\n"
    "  --graph-ops OPS    graph cases use only these ops (comma-separated, e.g. 'add,multiply,tanh'):\n"
    "                     their IDs are gen/graph(<ops>)/..., sorted ops the graph generator knows\n"
    "  --strategies GLOBS uniform, special, log-uniform, near-ties, cancellation, normal (default: the\n"
    "                     op's own; normal: N(0,1) data and N(0,1/fan-in) weights for products and reductions)\n"
    "  --seed S           (default 1)\n"
    "The same suites run without writing files: hloconf run gen:<op>[/<dtype>[/<strategy>]] or gen:all.\n"
    "Exhaustive sweeps run as hloconf run sweep:<op>/<dtype>[/<first>-<last>].\n"
    "Exit status: 0 when every case was written, 1 when some failed to evaluate, 2 on usage errors.\n";

namespace {

int usage(const std::string& message) { return cli::usageError("gen", message); }

std::string fileSafe(std::string_view s) {
  std::string out;
  for (char c : s) out += (c == '<' || c == '>' || c == '/' || c == ' ') ? '_' : c;
  return out;
}

int listGenerators() {
  for (const gen::OpGenerator& g : gen::allGenerators()) {
    std::string types, strategies;
    for (std::string_view t : g.types) strAppend(&types, types.empty() ? "" : ",", t);
    for (gen::Strategy s : g.strategies) strAppend(&strategies, strategies.empty() ? "" : ",", gen::strategyName(s));
    std::printf("%-24s %-40s %s\n", std::string(g.op).c_str(), strategies.c_str(), types.c_str());
  }
  std::string unary, binary;
  for (std::string_view op : gen::sweepUnaryOps()) strAppend(&unary, unary.empty() ? "" : ",", op);
  for (std::string_view op : gen::sweepBinaryOps()) strAppend(&binary, binary.empty() ? "" : ",", op);
  std::printf("\nexhaustive sweeps (sweep:<op>/<dtype>): unary ops on float formats up to 32 bits: %s\n"
              "binary ops on 8-bit float formats (every pair): %s\n",
              unary.c_str(), binary.c_str());
  return 0;
}

}  // namespace

int runGenCommand(const std::vector<std::string>& args) {
  std::vector<std::string> ops;
  std::string out, dtypes, strategies, id, graph_ops, profile_name = "default";
  uint64_t seed = 1, count = 10;
  bool list = false;
  cli::Options cl("gen");
  CLI::App& app = cl.app();
  app.add_option("--out", out);
  app.add_option("--dtypes", dtypes);
  app.add_option("--strategies", strategies);
  app.add_option("--seed", seed)->check(cli::countIn(0, INT64_MAX));
  app.add_option("--count", count)->check(cli::countIn(0, INT64_MAX));
  app.add_option("--id", id);
  app.add_option("--graph-ops", graph_ops);
  app.add_option("--profile", profile_name);
  app.add_flag("--list", list);
  app.add_option("ops", ops);
  if (std::optional<int> status = cl.parse(args)) return *status;
  if (list) return listGenerators();
  if (!id.empty()) {
    auto key = gen::parseCaseId(id);
    if (!key.ok()) return usage(std::string(key.status().message()));
    auto c = gen::generateCase(*key);
    if (!c.ok()) return usage(std::string(c.status().message()));
    if (!c->skipped.empty()) {
      std::fprintf(stderr, "hloconf gen: %s: the generator skipped this case: %s\n", id.c_str(), c->skipped.c_str());
      return 1;
    }
    std::fputs(c->text.c_str(), stdout);
    return 0;
  }
  if (ops.empty()) return usage("no OPS given (op names, globs, or `all`; --list lists them)");
  if (out.empty()) return usage("--out DIR is needed (or --id ID to print one case)");
  auto profile = reports::loadProfile(profile_name, {profilesDir()});
  if (!profile.ok()) {
    std::fprintf(stderr, "hloconf gen: %s\n", std::string(profile.status().message()).c_str());
    return 2;
  }

  std::vector<gen::CaseKey> keys;
  for (const std::string& op : ops) {
    auto k = gen::expandSuite(strCat("gen:", op), seed, count, dtypes, strategies, graph_ops);
    if (!k.ok()) return usage(std::string(k.status().message()));
    keys.insert(keys.end(), k->begin(), k->end());
  }
  ref::initNumerics();
  size_t written = 0, skipped = 0, failed = 0;
  for (const gen::CaseKey& key : keys) {
    auto c = gen::generateCase(key);
    if (!c.ok()) {
      std::fprintf(stderr, "%s: error: %s\n", key.id().c_str(), std::string(c.status().message()).c_str());
      ++failed;
      continue;
    }
    if (!c->skipped.empty()) {
      ++skipped;
      continue;
    }
    std::string text = c->text;
    if (c->context->replicas() == 1 && c->context->partitions() == 1) {
      auto module = parseModule(c->text, c->id);
      ref::FunctionRun run;
      if (module.ok()) {
        ref::EvalOptions options;
        options.deadline = ref::deadlineAfter(600);
        run = ref::evaluateFunction(*module, c->text, *module->findFunction("main"), {}, 0, 0, options);
      }
      if (!module.ok() || !run.status.ok() || run.per_process.empty()) {
        std::fprintf(stderr, "%s: error: the reference could not evaluate the case: %s\n", c->id.c_str(),
                     std::string((module.ok() ? run.status : module.status()).message()).c_str());
        ++failed;
        continue;
      }
      std::vector<Tensor> expected;
      std::vector<UpstreamCheck> checks;
      const UpstreamTolerance allowed = upstreamTolerance(profile->ruleFor(key.op, key.dtype));
      for (ref::RtValue& v : run.per_process[0]) {
        checks.push_back(planUpstreamCheck(v.tensor, v.impl_defined, v.error_bound, allowed));
        expected.push_back(std::move(v.tensor));
      }
      std::vector<std::string> notes = upstreamInterpreterGaps(*module);
      for (const UpstreamCheck& check : checks)
        if (!check.may_fail.empty() && std::find(notes.begin(), notes.end(), check.may_fail) == notes.end()) notes.push_back(check.may_fail);
      text = gen::upstreamFormat(*c, expected, checks, notes);
    } else if (auto module = parseModule(c->text, c->id); module.ok()) {
      // No checks (each process has its own results), but why the upstream interpreter cannot run it.
      std::string notes;
      for (const std::string& gap : upstreamInterpreterGaps(*module)) strAppend(&notes, "// ", gap, "\n");
      text = notes + text;
    }
    const std::filesystem::path path = std::filesystem::path(out) / key.op / fileSafe(key.dtype) /
                                       std::string(gen::strategyName(key.strategy)) / strCat(key.seed, "-", key.index, ".mlir");
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    std::ofstream file(path, std::ios::trunc);
    file << text;
    if (!file) {
      std::fprintf(stderr, "%s: error: cannot write\n", path.string().c_str());
      return 2;
    }
    ++written;
  }
  std::printf("wrote %zu case(s) under %s (%zu skipped by their generator, %zu failed)\n", written, out.c_str(), skipped, failed);
  return failed ? 1 : 0;
}

}  // namespace hloconf
