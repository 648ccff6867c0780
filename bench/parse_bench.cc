// Parsing throughput on real-world modules: all of ../shared/peer/stablehlo-testdata (mostly hex blobs).
// Run: build/bench/parse_bench   (prints MB/s as bytes_per_second; skips when the peer folder is absent)
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "harness/commands.h"
#include "ir/parser.h"
#include "ir/printer.h"

namespace {

struct Corpus {
  std::vector<std::pair<std::string, std::string>> files;  // path, text
  size_t bytes = 0;
};

const Corpus& corpus() {
  static const Corpus* loaded = [] {
    auto* c = new Corpus();
    std::string folder = std::string(HLOCONF_SHARED_DIR) + "/peer/stablehlo-testdata";
    if (!std::filesystem::is_directory(folder)) return c;
    std::vector<std::string> missing;
    for (const std::string& path : hloconf::expandSources({folder}, missing)) {
      auto text = hloconf::readFile(path);
      if (!text.ok()) continue;
      c->bytes += text->size();
      c->files.emplace_back(path, std::move(*text));
    }
    return c;
  }();
  return *loaded;
}

// Parse every file of the corpus once per iteration.
void BM_ParsePeerTestdata(benchmark::State& state) {
  const Corpus& c = corpus();
  size_t failures = 0;
  for (auto _ : state) {
    for (const auto& [path, text] : c.files) {
      auto module = hloconf::parseModule(text, path);
      failures += !module.ok();
      benchmark::DoNotOptimize(module);
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * c.bytes));
  state.counters["files"] = static_cast<double>(c.files.size());
  state.counters["failed"] = static_cast<double>(failures / std::max<int64_t>(1, state.iterations()));
}

// Print the generic form of every parsed module (the other half of a round trip).
void BM_PrintPeerTestdata(benchmark::State& state) {
  const Corpus& c = corpus();
  std::vector<hloconf::Module> modules;
  for (const auto& [path, text] : c.files)
    if (auto module = hloconf::parseModule(text, path); module.ok()) modules.push_back(std::move(*module));
  size_t printed_bytes = 0;
  for (auto _ : state) {
    printed_bytes = 0;
    for (const auto& module : modules) printed_bytes += hloconf::printModule(module).size();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * printed_bytes));
}

}  // namespace

int main(int argc, char** argv) {
  if (corpus().files.empty()) {
    std::printf("parse_bench: %s/peer/stablehlo-testdata is absent; nothing to measure\n", HLOCONF_SHARED_DIR);
    return 0;
  }
  std::printf("corpus: %zu files, %.1f MB\n", corpus().files.size(), corpus().bytes / 1e6);
  benchmark::RegisterBenchmark("BM_ParsePeerTestdata", BM_ParsePeerTestdata)->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("BM_PrintPeerTestdata", BM_PrintPeerTestdata)->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
