// fft in the reference evaluator with its fast pass (double / double-double with rigorous bounds, MPFR
// only where those do not decide the rounding) and with MPFR alone, on 1 and 2 threads, in one run:
// - BM_FftPeer/F/fast/threads: the two largest fft files of ../shared/peer/stablehlo-testdata, parsed and
//   evaluated as `hloconf eval` does (F = 0: fft_complex128_14_15_16_17, IRFFT of length 33 over
//   14x15x16 slices; F = 1: fft_complex64_14_15_16_17, IRFFT of lengths [15, 16, 32] over 14 slices);
// - BM_FftRandom/fast/threads: the first file's op on seeded random data in [-1, 1] (no peer folder needed).
//
//   build/bench/fft_bench
//
// docs/benchmarks.md ("fft") has the figures and ratios.
#include <benchmark/benchmark.h>

#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "ir/parser.h"
#include "ir/strings.h"
#include "reference/interpreter.h"
#include "reference/kernels.h"
#include "reference/parallel.h"

namespace {

// Evaluates @main with the fast pass on or off and `threads` threads.
void evaluate(benchmark::State& state, bool fast, int threads, const std::string& text, const std::string& path,
              std::vector<hloconf::ref::RtValue> args) {
  auto module = hloconf::parseModule(text, path);
  if (!module.ok()) {
    state.SkipWithError(std::string(module.status().message()).c_str());
    return;
  }
  hloconf::ref::setFftFastPath(fast);
  hloconf::ref::setEvaluatorThreads(threads);
  for (auto _ : state) {
    hloconf::ref::Interpreter interp(*module, text);
    auto results = interp.callFunction(*module->findFunction("main"), args);
    if (!results.ok()) state.SkipWithError(std::string(results.status().message()).c_str());
    benchmark::DoNotOptimize(results);
  }
  hloconf::ref::setFftFastPath(true);
  hloconf::ref::setEvaluatorThreads(0);
}

// Args: file (0, 1), fast pass (1, 0), threads (1, 2). The file's own check op runs too.
void BM_FftPeer(benchmark::State& state) {
  const char* const names[] = {"fft_complex128_14_15_16_17.mlir", "fft_complex64_14_15_16_17.mlir"};
  const std::string path = std::string(HLOCONF_SHARED_DIR) + "/peer/stablehlo-testdata/" + names[state.range(0)];
  if (!std::filesystem::exists(path)) {
    state.SkipWithError("../shared/peer is absent");
    return;
  }
  auto text = hloconf::readFile(path);
  if (!text.ok()) {
    state.SkipWithError("unreadable");
    return;
  }
  evaluate(state, state.range(1) != 0, static_cast<int>(state.range(2)), *text, path, {});
}

// IRFFT of length 33 over a 14x15x16x17 complex128 operand (110,880 outputs of 33 terms each).
void BM_FftRandom(benchmark::State& state) {
  const std::string it = "tensor<14x15x16x17xcomplex<f64>>", ot = "tensor<14x15x16x33xf64>";
  const std::string text = hloconf::strCat("func.func @main(%a: ", it, ") -> ", ot, " {\n  %r = stablehlo.fft %a, type = IRFFT, length = [33] : (",
                                           it, ") -> ", ot, "\n  func.return %r : ", ot, "\n}\n");
  hloconf::Tensor t(hloconf::Type::tensor({14, 15, 16, 17}, hloconf::Type::element(hloconf::ElementType::kC128)));
  std::mt19937_64 rng(33);
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  std::vector<double> v(2 * t.numElements());
  for (double& x : v) x = d(rng);
  std::memcpy(t.mutableBytes().data(), v.data(), v.size() * sizeof(double));
  evaluate(state, state.range(0) != 0, static_cast<int>(state.range(1)), text, "<bench>", {hloconf::ref::RtValue::ofTensor(std::move(t))});
}

BENCHMARK(BM_FftPeer)
    ->ArgNames({"file", "fast", "threads"})
    ->ArgsProduct({{0, 1}, {1, 0}, {1, 2}})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_FftRandom)->ArgNames({"fast", "threads"})->ArgsProduct({{1, 0}, {1, 2}})->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
