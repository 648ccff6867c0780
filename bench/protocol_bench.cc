// Throughput of small cases through the backend protocol (adapters/PROTOCOL.md): a persistent
// `hloconf serve` against a backend process started (and handshaken, and stopped) per case, in one run,
// with the in-process reference as the floor. The acceptance target of issue 5 is >= 1,000 small
// cases/s through the persistent backend on a 2-core machine.
// Run: build/bench/protocol_bench   (cases/s as items_per_second; the ratio is printed at the end;
// $HLOCONF_BINARY overrides which `hloconf` serves)
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "adapters/backend.h"
#include "ir/ir_json.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/strings.h"

namespace {

using hloconf::strCat;
namespace adapters = hloconf::adapters;

// Small cases of the kind a sweep sends: one elementwise op on a few elements, random-ish inputs.
std::vector<adapters::Request> smallCases() {
  struct Spec {
    const char* op;
    const char* type;
    int arity;
  };
  const Spec specs[] = {{"add", "tensor<4xf32>", 2},       {"multiply", "tensor<8xbf16>", 2},
                        {"exponential", "tensor<4xf32>", 1}, {"maximum", "tensor<2x3xi32>", 2},
                        {"subtract", "tensor<4xf64>", 2},    {"negate", "tensor<16xi8>", 1}};
  std::vector<adapters::Request> cases;
  uint64_t state = 0x9E3779B97F4A7C15ull;
  for (const Spec& spec : specs) {
    std::string params = "%a: " + std::string(spec.type);
    std::string operands = "%a";
    if (spec.arity == 2) {
      params += ", %b: " + std::string(spec.type);
      operands += ", %b";
    }
    std::string text = strCat("func.func @main(", params, ") -> ", spec.type, " {\n  %0 = stablehlo.", spec.op, " ",
                              operands, " : ", spec.type, "\n  func.return %0 : ", spec.type, "\n}\n");
    auto module = hloconf::parseModule(text, "bench.mlir");
    if (!module.ok()) {
      std::fprintf(stderr, "protocol_bench: %s\n", std::string(module.status().message()).c_str());
      std::exit(1);
    }
    adapters::Request request;
    request.case_id = strCat("bench/", spec.op);
    request.mlir = hloconf::printModule(*module);
    request.ir = hloconf::moduleToJson(*module);
    hloconf::Operation* main = module->findFunction("main");
    hloconf::Type type = main->body().arguments[0]->type;
    request.result_types = {type};
    for (int i = 0; i < spec.arity; ++i) {
      hloconf::Tensor tensor(type);
      for (uint8_t& byte : tensor.mutableBytes()) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        byte = static_cast<uint8_t>(state >> 56);
      }
      request.inputs.push_back(std::move(tensor));
    }
    request.timeout_seconds = 30;
    cases.push_back(std::move(request));
  }
  return cases;
}

std::string workDir() {
  static const std::string dir = [] {
    auto path = std::filesystem::temp_directory_path() / strCat("hloconf-protocol-bench-", ::getpid());
    std::filesystem::create_directories(path);
    return path.string();
  }();
  return dir;
}

adapters::ExternalSpec serveSpec() {
  adapters::ExternalSpec spec;
  spec.name = "serve";
  const char* binary = std::getenv("HLOCONF_BINARY");  // to measure another build
  spec.argv = {binary && *binary ? binary : HLOCONF_BINARY, "serve"};
  spec.work_dir = workDir();
  return spec;
}

void countReply(benchmark::State& state, const adapters::Reply& reply, int64_t& failures) {
  if (reply.kind != adapters::Reply::Kind::kOutputs) {
    if (failures++ == 0) state.SkipWithError(strCat("a case failed: ", reply.message).c_str());
  }
}

// The floor: the reference evaluator in-process, no protocol at all.
void BM_InProcessReference(benchmark::State& state) {
  const auto cases = smallCases();
  auto backend = adapters::makeReferenceBackend();
  int64_t failures = 0;
  size_t next = 0;
  for (auto _ : state) countReply(state, backend->run(cases[next++ % cases.size()]), failures);
  state.SetItemsProcessed(state.iterations());
}

// One `hloconf serve` for the whole run: JSON lines plus .npy files per case.
void BM_PersistentServe(benchmark::State& state) {
  const auto cases = smallCases();
  auto backend = adapters::makeExternalBackend(serveSpec());
  if (auto info = backend->start(); !info.ok()) {
    state.SkipWithError(std::string(info.status().message()).c_str());
    return;
  }
  int64_t failures = 0;
  size_t next = 0;
  for (auto _ : state) countReply(state, backend->run(cases[next++ % cases.size()]), failures);
  state.SetItemsProcessed(state.iterations());
}

// A new backend process per case: spawn, handshake, one request, shutdown.
void BM_ProcessPerCase(benchmark::State& state) {
  const auto cases = smallCases();
  int64_t failures = 0;
  size_t next = 0;
  for (auto _ : state) {
    auto backend = adapters::makeExternalBackend(serveSpec());
    countReply(state, backend->run(cases[next++ % cases.size()]), failures);
    backend->stop();
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_InProcessReference)->MinTime(1.0)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PersistentServe)->MinTime(2.0)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ProcessPerCase)->MinTime(2.0)->UseRealTime()->Unit(benchmark::kMillisecond);

// The console output, plus each benchmark's cases/s for the closing summary.
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  SummaryReporter() : ConsoleReporter(::isatty(STDOUT_FILENO) ? OO_Defaults : OO_Tabular) {}
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      auto it = run.counters.find("items_per_second");
      if (it == run.counters.end() || run.error_occurred) continue;
      // One iteration run, or the mean of repetitions (--benchmark_repetitions); other aggregates are
      // spreads, not rates.
      Rate& rate = rates[run.run_name.function_name];
      if (run.run_type == Run::RT_Aggregate) {
        if (run.aggregate_name == "mean") rate.mean = it->second.value;
      } else {
        rate.sum += it->second.value;
        ++rate.count;
      }
    }
  }
  struct Rate {
    double mean = 0, sum = 0;
    int count = 0;
    double value() const { return mean > 0 ? mean : count ? sum / count : 0; }
  };
  std::map<std::string, Rate> rates;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  std::error_code ec;
  std::filesystem::remove_all(workDir(), ec);

  auto rate = [&](const char* name) {
    auto it = reporter.rates.find(name);
    return it == reporter.rates.end() ? 0.0 : it->second.value();
  };
  const double persistent = rate("BM_PersistentServe"), per_case = rate("BM_ProcessPerCase");
  const double in_process = rate("BM_InProcessReference");
  if (persistent > 0) {
    std::printf("\nsmall cases/s: persistent hloconf serve %.0f", persistent);
    if (per_case > 0) std::printf(", process per case %.0f (persistent is %.1fx faster)", per_case, persistent / per_case);
    if (in_process > 0) std::printf(", in-process reference %.0f", in_process);
    std::printf("\ntarget: >= 1000 cases/s through the persistent backend: %s\n", persistent >= 1000 ? "met" : "NOT met");
  }
  return 0;
}
