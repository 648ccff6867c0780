// The evaluator's thread pool (reference/parallel.h, oneTBB) against the hand-written alternative it
// replaced the need for: one std::thread per core over equal static slices. The work per element is
// what the reference does for an elementwise op: an MPFR exponential at 128 bits, rounded to f32.
//
//   build/bench/parallel_bench --benchmark_filter=. --benchmark_min_time=0.5
//
// Each of those benchmarks reports elements/s. BM_ElementwiseThreads evaluates one elementwise op
// (mapElements, reference/elementwise.h) on a large tensor through the interpreter at --threads 1 and
// at --threads 2 in the same run, alternately, and reports the best wall and process CPU time of each
// and their ratios (wall_1/wall_2: the speed-up; cpu_2/cpu_1: the cost of splitting):
//
//   build/bench/parallel_bench --benchmark_filter=ElementwiseThreads
//
// docs/benchmarks.md ("Elementwise ops on the thread pool") has the figures.
#include <benchmark/benchmark.h>
#include <mpfr.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "bench/bench_timing.h"
#include "ir/parser.h"
#include "ir/strings.h"
#include "reference/interpreter.h"
#include "reference/numerics.h"
#include "reference/parallel.h"

namespace {

using hloconf::ref::initNumerics;

void exponentialAt(int64_t i, std::vector<float>& out) {
  mpfr_t x;
  mpfr_init2(x, 128);
  mpfr_set_d(x, static_cast<double>(i % 1000) / 100.0 - 5.0, MPFR_RNDN);
  mpfr_exp(x, x, MPFR_RNDN);
  out[static_cast<size_t>(i)] = mpfr_get_flt(x, MPFR_RNDN);
  mpfr_clear(x);
}

void Serial(benchmark::State& state) {
  const int64_t n = state.range(0);
  std::vector<float> out(static_cast<size_t>(n));
  for (auto _ : state) {
    for (int64_t i = 0; i < n; ++i) exponentialAt(i, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
}

void Tbb(benchmark::State& state) {
  const int64_t n = state.range(0);
  std::vector<float> out(static_cast<size_t>(n));
  for (auto _ : state) {
    hloconf::ref::parallelFor(n, 16, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) exponentialAt(i, out);
    });
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
}

// Static slices, one std::thread each, started and joined per call (no pool to keep).
void StdThreads(benchmark::State& state) {
  const int64_t n = state.range(0);
  const int64_t threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<float> out(static_cast<size_t>(n));
  for (auto _ : state) {
    std::vector<std::thread> pool;
    for (int64_t t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        initNumerics();
        for (int64_t i = n * t / threads; i < n * (t + 1) / threads; ++i) exponentialAt(i, out);
      });
    }
    for (std::thread& thread : pool) thread.join();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
}

// One elementwise op on a large tensor (arg 0 picks it) at 1 and 2 threads, alternately, `rounds` times.
struct ElementwiseCase {
  const char* label;
  const char* op;       // "exponential" or "add"
  const char* element;  // MLIR element type
  int64_t n;
};
constexpr ElementwiseCase kElementwise[] = {
    {"exponential f32", "exponential", "f32", 1 << 20},
    {"exponential f64", "exponential", "f64", 1 << 18},
    {"add f32", "add", "f32", 1 << 20},
    {"add f64", "add", "f64", 1 << 20},
    {"add i32", "add", "i32", 1 << 22},
    // Twice the grain (1,024 elements, reference/elementwise.h): the smallest sizes that split in two.
    {"add f32, 2048", "add", "f32", 2048},
    {"add i32, 2048", "add", "i32", 2048},
};

using hloconf::bench::processCpuSeconds;

void BM_ElementwiseThreads(benchmark::State& state) {
  const ElementwiseCase& c = kElementwise[state.range(0)];
  const std::string type = hloconf::strCat("tensor<", c.n, "x", c.element, ">");
  const bool binary = std::string(c.op) == "add";
  const std::string text = hloconf::strCat("func.func @main(%a: ", type, binary ? hloconf::strCat(", %b: ", type) : "", ") -> ", type,
                                           " {\n  %r = stablehlo.", c.op, " %a", binary ? ", %b" : "", " : ", type,
                                           "\n  func.return %r : ", type, "\n}\n");
  auto module = hloconf::parseModule(text, "<bench>");
  if (!module.ok()) {
    state.SkipWithError(std::string(module.status().message()).c_str());
    return;
  }
  // Values of every magnitude exp meets in practice: [-80, 80] (f32 and f64 alike; most exp results are
  // finite and normal), integers anywhere.
  std::vector<hloconf::ref::RtValue> args;
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> d(-80.0, 80.0);
  for (int k = 0; k < (binary ? 2 : 1); ++k) {
    hloconf::Tensor t(module->findFunction("main")->regions[0].blocks.front()->arguments[k]->type);
    for (int64_t i = 0; i < c.n; ++i) {
      const double v = d(rng);
      const float f = static_cast<float>(v);
      uint64_t bits = 0;
      if (std::string(c.element) == "f32") std::memcpy(&bits, &f, 4);
      if (std::string(c.element) == "f64") std::memcpy(&bits, &v, 8);
      if (std::string(c.element) == "i32") bits = rng() & 0xFFFFFFFFu;
      t.setBits(i, bits);
    }
    args.push_back(hloconf::ref::RtValue::ofTensor(std::move(t)));
  }
  const hloconf::Operation& entry = *module->findFunction("main");
  double wall[2] = {1e30, 1e30}, cpu[2] = {1e30, 1e30};
  // Large tensors: the best of 5 calls at each thread count; small ones: of 10 rounds of 20 calls.
  const bool small = c.n < 100000;
  const int rounds = small ? 10 : 5, calls = small ? 20 : 1;
  for (auto _ : state) {
    for (int round = 0; round < rounds; ++round) {
      for (int threads : {1, 2}) {
        hloconf::ref::setEvaluatorThreads(threads);
        const double cpu0 = processCpuSeconds();
        const auto wall0 = std::chrono::steady_clock::now();
        for (int call = 0; call < calls; ++call) {
          hloconf::ref::Interpreter interp(*module, text);
          auto results = interp.callFunction(entry, args);
          if (!results.ok()) state.SkipWithError(std::string(results.status().message()).c_str());
          benchmark::DoNotOptimize(results);
        }
        const double w = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count() / calls;
        const double p = (processCpuSeconds() - cpu0) / calls;
        wall[threads - 1] = std::min(wall[threads - 1], w);
        cpu[threads - 1] = std::min(cpu[threads - 1], p);
      }
    }
  }
  hloconf::ref::setEvaluatorThreads(0);
  state.SetLabel(c.label);
  state.counters["wall_1_ms"] = 1e3 * wall[0];
  state.counters["wall_2_ms"] = 1e3 * wall[1];
  state.counters["cpu_1_ms"] = 1e3 * cpu[0];
  state.counters["cpu_2_ms"] = 1e3 * cpu[1];
  state.counters["speedup"] = wall[0] / wall[1];
  state.counters["cpu_ratio"] = cpu[1] / cpu[0];
}

BENCHMARK(Serial)->Arg(64)->Arg(4096)->Arg(65536)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(Tbb)->Arg(64)->Arg(4096)->Arg(65536)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(StdThreads)->Arg(64)->Arg(4096)->Arg(65536)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_ElementwiseThreads)->DenseRange(0, static_cast<int64_t>(std::size(kElementwise)) - 1)->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
