// Golden values of chlo.lgamma, chlo.digamma and chlo.erf_inv on 10^6 random f32 inputs through the
// reference interpreter, with the f32 fast path (reference/fast_math_chlo.h) and, on the first 10^5 of
// the same inputs, with MPFR alone (the fast path switched off; its time is scaled to 10^6). Checks that
// both give the same bits on those 10^5 and reports process CPU time and wall time of each, the speedup
// and the elements per 10^6 that fell back to MPFR.
// Run: build/bench/chlo_golden_bench   (docs/benchmarks.md has the figures)
#include <benchmark/benchmark.h>


#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "bench/bench_timing.h"
#include "ir/parser.h"
#include "reference/fast_math_chlo.h"
#include "reference/interpreter.h"

namespace {

constexpr int64_t kElements = 1000000;
constexpr int64_t kMpfrElements = 100000;

struct Fn {
  const char* op;
  float lo, hi;  // inputs seeded and uniform in [lo, hi]
};
// lgamma and digamma across the poles and the zeros (the reflection half included); erf_inv on its
// whole domain.
const Fn kFns[] = {{"lgamma", -50.0f, 50.0f}, {"digamma", -50.0f, 50.0f}, {"erf_inv", -1.0f, 1.0f}};

void BM_ChloGolden(benchmark::State& state) {
  const Fn& fn = kFns[state.range(0)];
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> dist(fn.lo, fn.hi);
  std::vector<float> x(kElements);
  for (float& v : x) v = dist(rng);
  // Returns {CPU seconds, wall seconds} of evaluating the op on the first n inputs.
  auto evaluate = [&](int64_t n, bool fast, std::vector<uint8_t>& bytes) -> std::pair<double, double> {
    const std::string ty = "tensor<" + std::to_string(n) + "xf32>";
    const std::string text = "func.func @main(%x: " + ty + ") -> " + ty + " {\n  %r = chlo." + fn.op + " %x : " + ty + " -> " + ty +
                             "\n  return %r : " + ty + "\n}\n";
    auto module = hloconf::parseModule(text, "<bench>");
    if (!module.ok()) {
      state.SkipWithError(std::string(module.status().message()).c_str());
      return {0, 0};
    }
    hloconf::Tensor t(hloconf::Type::tensor({n}, hloconf::Type::element(hloconf::ElementType::kF32)));
    std::memcpy(t.mutableBytes().data(), x.data(), n * sizeof(float));
    std::vector<hloconf::ref::RtValue> args;
    args.push_back(hloconf::ref::RtValue::ofTensor(std::move(t)));
    hloconf::ref::setFastChloF32Enabled(fast);
    const hloconf::bench::TimedCall call = hloconf::bench::timedMainCall(*module, text, args);
    hloconf::ref::setFastChloF32Enabled(true);
    if (!call.results.ok()) {
      state.SkipWithError(std::string(call.results.status().message()).c_str());
      return {0, 0};
    }
    const auto& data = (*call.results)[0].tensor.bytes();
    bytes.assign(data.begin(), data.end());
    return {call.cpu_s, call.wall_s};
  };
  const hloconf::ref::FastChloF32 fast = hloconf::ref::fastChloF32Function(hloconf::opIdOf(std::string("chlo.") + fn.op));
  int64_t fallbacks = 0;
  for (float v : x) {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    fallbacks += !fast(b).has_value();
  }
  for (auto _ : state) {
    std::vector<uint8_t> fast_bytes, mpfr_bytes;
    const auto fast_s = evaluate(kElements, true, fast_bytes);
    const auto mpfr_s = evaluate(kMpfrElements, false, mpfr_bytes);
    if (std::memcmp(fast_bytes.data(), mpfr_bytes.data(), mpfr_bytes.size()) != 0) {
      state.SkipWithError("the fast path and MPFR disagree");
    }
    state.SetIterationTime(fast_s.second);
    const double scale = static_cast<double>(kElements) / kMpfrElements;
    state.counters["fast_cpu_s"] = fast_s.first;
    state.counters["fast_wall_s"] = fast_s.second;
    state.counters["mpfr_cpu_s_per_1e6"] = mpfr_s.first * scale;
    state.counters["mpfr_wall_s_per_1e6"] = mpfr_s.second * scale;
    state.counters["speedup_cpu"] = mpfr_s.first * scale / fast_s.first;
  }
  state.SetLabel(fn.op);
  state.counters["fallback_per_1e6"] = static_cast<double>(fallbacks) * 1e6 / kElements;
  state.SetItemsProcessed(state.iterations() * kElements);
}

BENCHMARK(BM_ChloGolden)->DenseRange(0, static_cast<int>(std::size(kFns)) - 1)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
