// Evaluator throughput: the whole peer testdata folder, a 256x256x256 f32 dot_general and a
// 1x64x64x32 convolution with 3x3x32x32 filters, through the reference interpreter; and float add reductions
// (reduce, reduce_window) on the fast exact-sum path and on the MPFR path (argument 1: fast, 0: MPFR), whose
// ratio one run shows.
// Run: build/bench/evaluator_bench   (docs/benchmarks.md has the figures; peak memory from /usr/bin/time -v)
#include <benchmark/benchmark.h>

#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "ir/parser.h"
#include "reference/exact_sum.h"
#include "reference/interpreter.h"

namespace {

hloconf::Tensor randomF32(std::vector<int64_t> shape, uint32_t seed) {
  hloconf::Tensor t(hloconf::Type::tensor(shape, hloconf::Type::element(hloconf::ElementType::kF32)));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-1.0f, 1.0f);
  std::vector<float> v(t.numElements());
  for (float& x : v) x = d(rng);
  std::memcpy(t.mutableBytes().data(), v.data(), v.size() * sizeof(float));
  return t;
}

// Benchmarks of dot_general, convolution and the reductions take an argument: 0 runs the fast exact sums (the default),
// 1 the MPFR path they replaced (setExactSumFastPath(false): the same bits), so one run prints both.
void runProgram(benchmark::State& state, const std::string& text, std::vector<hloconf::ref::RtValue> args, int64_t items) {
  const bool mpfr_path = state.range(0) == 1;
  state.SetLabel(mpfr_path ? "MPFR path" : "fast path");
  auto module = hloconf::parseModule(text, "<bench>");
  if (!module.ok()) {
    state.SkipWithError(std::string(module.status().message()).c_str());
    return;
  }
  hloconf::ref::setExactSumFastPath(!mpfr_path);
  for (auto _ : state) {
    hloconf::ref::Interpreter interp(*module, text);
    auto results = interp.callFunction(*module->findFunction("main"), args);
    if (!results.ok()) state.SkipWithError(std::string(results.status().message()).c_str());
    benchmark::DoNotOptimize(results);
  }
  hloconf::ref::setExactSumFastPath(true);
  state.SetItemsProcessed(state.iterations() * items);
}

// 256x256 result elements, each an exact sum of 256 products.
void BM_DotGeneral256(benchmark::State& state) {
  const std::string text =
      "func.func @main(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {\n"
      "  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST]"
      " : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>\n"
      "  return %r : tensor<256x256xf32>\n}\n";
  std::vector<hloconf::ref::RtValue> args;
  args.push_back(hloconf::ref::RtValue::ofTensor(randomF32({256, 256}, 1)));
  args.push_back(hloconf::ref::RtValue::ofTensor(randomF32({256, 256}, 2)));
  runProgram(state, text, std::move(args), 256 * 256);
}

// NHWC input 1x64x64x32, HWIO filters 3x3x32x32, stride 1, padding 1: 1x64x64x32 outputs of 288 products.
void BM_Convolution64(benchmark::State& state) {
  const std::string text =
      "func.func @main(%x: tensor<1x64x64x32xf32>, %w: tensor<3x3x32x32xf32>) -> tensor<1x64x64x32xf32> {\n"
      "  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],"
      " window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}"
      " : (tensor<1x64x64x32xf32>, tensor<3x3x32x32xf32>) -> tensor<1x64x64x32xf32>\n"
      "  return %r : tensor<1x64x64x32xf32>\n}\n";
  std::vector<hloconf::ref::RtValue> args;
  args.push_back(hloconf::ref::RtValue::ofTensor(randomF32({1, 64, 64, 32}, 3)));
  args.push_back(hloconf::ref::RtValue::ofTensor(randomF32({3, 3, 32, 32}, 4)));
  runProgram(state, text, std::move(args), 64 * 64 * 32);
}

// A single-add reduction body on tensor<f32>.
constexpr const char* kAddBody =
    "({\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    %s = stablehlo.add %x, %y : tensor<f32>\n"
    "    stablehlo.return %s : tensor<f32>\n  })";

// reduce of a 1024x1024 f32 tensor over dimension 1: 1024 exact sums of 1024 terms (and the init value).
void BM_Reduce1024(benchmark::State& state) {
  const std::string text = std::string(
      "func.func @main(%a: tensor<1024x1024xf32>, %z: tensor<f32>) -> tensor<1024xf32> {\n"
      "  %r = \"stablehlo.reduce\"(%a, %z) ") + kAddBody +
      " {dimensions = array<i64: 1>} : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024xf32>\n"
      "  return %r : tensor<1024xf32>\n}\n";
  std::vector<hloconf::ref::RtValue> args;
  args.push_back(hloconf::ref::RtValue::ofTensor(randomF32({1024, 1024}, 5)));
  args.push_back(hloconf::ref::RtValue::ofTensor(hloconf::Tensor(hloconf::Type::tensor({}, hloconf::Type::element(hloconf::ElementType::kF32)))));
  runProgram(state, text, std::move(args), 1024);
}

// reduce_window 3x3, stride 1, padding 1 over a 256x256 f32 tensor: 65536 sums of 9 terms and the init value.
void BM_ReduceWindow256(benchmark::State& state) {
  const std::string text = std::string(
      "func.func @main(%a: tensor<256x256xf32>, %z: tensor<f32>) -> tensor<256x256xf32> {\n"
      "  %r = \"stablehlo.reduce_window\"(%a, %z) ") + kAddBody +
      " {window_dimensions = array<i64: 3, 3>, padding = dense<1> : tensor<2x2xi64>}"
      " : (tensor<256x256xf32>, tensor<f32>) -> tensor<256x256xf32>\n"
      "  return %r : tensor<256x256xf32>\n}\n";
  std::vector<hloconf::ref::RtValue> args;
  args.push_back(hloconf::ref::RtValue::ofTensor(randomF32({256, 256}, 6)));
  args.push_back(hloconf::ref::RtValue::ofTensor(hloconf::Tensor(hloconf::Type::tensor({}, hloconf::Type::element(hloconf::ElementType::kF32)))));
  runProgram(state, text, std::move(args), 256 * 256);
}

// Every top-level file of ../shared/peer/stablehlo-testdata: parse and evaluate @main (files with
// unsupported ops stop at the first one, as `hloconf eval` does). Items: files.
void BM_PeerTestdata(benchmark::State& state) {
  const std::string folder = std::string(HLOCONF_SHARED_DIR) + "/peer/stablehlo-testdata";
  if (!std::filesystem::is_directory(folder)) {
    state.SkipWithError("../shared/peer is absent");
    return;
  }
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().extension() != ".mlir") continue;
    auto text = hloconf::readFile(entry.path().string());
    if (text.ok()) files.emplace_back(entry.path().string(), std::move(*text));
  }
  int64_t evaluated = 0;
  for (auto _ : state) {
    evaluated = 0;
    for (const auto& [path, text] : files) {
      auto module = hloconf::parseModule(text, path);
      if (!module.ok()) continue;
      const hloconf::Operation* main = module->findFunction("main");
      if (!main) continue;
      hloconf::ref::Interpreter interp(*module, text);
      auto results = interp.callFunction(*main, {});
      evaluated += results.ok();
    }
  }
  state.counters["files"] = static_cast<double>(files.size());
  state.counters["evaluated"] = static_cast<double>(evaluated);
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(files.size()));
}

BENCHMARK(BM_PeerTestdata)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DotGeneral256)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Convolution64)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Reduce1024)->Arg(0)->Arg(1)->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReduceWindow256)->Arg(0)->Arg(1)->Iterations(3)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
