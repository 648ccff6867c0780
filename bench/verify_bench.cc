// The static verifier's throughput (ir/verifier.h) on real-world modules: every .mlir of
// ../shared/peer/stablehlo-testdata (dynamic/ and quantized/ included, each file split at `// -----`),
// parsed once, then verified whole. The MB counter (shown as MB=<n>/s) is megabytes of the modules' source
// text per second; issue 17's target is >= 50 MB/s.
// Run: build/bench/verify_bench   (skips when the peer folder is absent)
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "harness/commands.h"
#include "ir/parser.h"
#include "ir/verifier.h"

namespace {

struct Corpus {
  std::vector<std::pair<std::string, std::string>> files;  // path, text
  std::vector<hloconf::Module> modules;
  size_t bytes = 0;        // every file's text
  size_t module_bytes = 0;  // the text of the modules that parsed
};

const Corpus& corpus() {
  static const Corpus* loaded = [] {
    auto* c = new Corpus();
    const std::string folder = std::string(HLOCONF_SHARED_DIR) + "/peer/stablehlo-testdata";
    if (!std::filesystem::is_directory(folder)) return c;
    std::vector<std::string> missing;
    for (const std::string& path : hloconf::expandSources({folder}, missing)) {
      auto text = hloconf::readFile(path);
      if (!text.ok()) continue;
      c->bytes += text->size();
      c->files.emplace_back(path, std::move(*text));
    }
    for (const auto& [path, text] : c->files) {
      for (const hloconf::SourceChunk& chunk : hloconf::splitInputFile(text)) {
        auto module = hloconf::parseModule(text, path, chunk);
        if (!module.ok()) continue;
        c->module_bytes += chunk.end - chunk.begin;
        c->modules.push_back(std::move(*module));
      }
    }
    return c;
  }();
  return *loaded;
}

// Verify every module of the corpus once per iteration (parsing is not timed: parse_bench measures it).
void BM_VerifyPeerTestdata(benchmark::State& state) {
  const Corpus& c = corpus();
  size_t ops = 0, diagnostics = 0;
  for (auto _ : state) {
    ops = diagnostics = 0;
    for (const hloconf::Module& module : c.modules) {
      const hloconf::ModuleVerification verification = hloconf::verifyModule(module);
      ops += verification.ops;
      diagnostics += verification.diagnostics.size();
      benchmark::DoNotOptimize(verification);
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * c.module_bytes));
  state.counters["MB"] = benchmark::Counter(static_cast<double>(c.module_bytes) / 1e6, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["modules"] = static_cast<double>(c.modules.size());
  state.counters["ops"] = static_cast<double>(ops);
  state.counters["diagnostics"] = static_cast<double>(diagnostics);
}

// Parse and verify: what `hloconf verify` does per file.
void BM_ParseAndVerifyPeerTestdata(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state) {
    for (const auto& [path, text] : c.files) {
      for (const hloconf::SourceChunk& chunk : hloconf::splitInputFile(text)) {
        auto module = hloconf::parseModule(text, path, chunk);
        if (!module.ok()) continue;
        benchmark::DoNotOptimize(hloconf::verifyModule(*module));
      }
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * c.bytes));
  state.counters["MB"] = benchmark::Counter(static_cast<double>(c.bytes) / 1e6, benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

int main(int argc, char** argv) {
  if (corpus().files.empty()) {
    std::printf("verify_bench: %s/peer/stablehlo-testdata is absent; nothing to measure\n", HLOCONF_SHARED_DIR);
    return 0;
  }
  std::printf("corpus: %zu files, %.1f MB; %zu modules parsed (%.1f MB)\n", corpus().files.size(), corpus().bytes / 1e6,
              corpus().modules.size(), corpus().module_bytes / 1e6);
  benchmark::RegisterBenchmark("BM_VerifyPeerTestdata", BM_VerifyPeerTestdata)->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("BM_ParseAndVerifyPeerTestdata", BM_ParseAndVerifyPeerTestdata)->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
