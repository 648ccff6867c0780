// The CUDA executor's convolution, gather, scatter, sort, reduce_window and rng_bit_generator, emulated on the
// host: for every case in their cases/ folders whose op reads the program's inputs and gives its outputs, the
// descriptor built from the real plan (conv_plan.h, gather_plan.h, scatter_plan.h, sort_plan.h, window_plan.h,
// the planner's rng layout) and the HLOCONF_HD code the kernels run (conv_desc.h, gather_desc.h,
// scatter_desc.h, sort_desc.h, window_desc.h, plan/rng_bits.h) must reproduce the cpu executor's result (bit for
// bit, but within a few ulps of f32/f64 for float convolutions), and no real plan may hit one of the
// descriptors' internal consistency errors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "executors/cpu/executor.h"
#include "executors/cuda/conv_plan.h"
#include "executors/cuda/gather_plan.h"
#include "executors/cuda/scatter_plan.h"
#include "executors/cuda/sort_plan.h"
#include "executors/cuda/window_plan.h"
#include "executors/plan/plan.h"
#include "executors/plan/rng_bits.h"
#include "golden/lowering.h"
#include "ir/parser.h"
#include "ir/strings.h"

namespace hloconf {
namespace {

struct Emulated {
  int compared = 0, skipped = 0;
};

std::optional<cuda::DType> dtypeFor(ElementType t) {
  switch (t) {
    case ElementType::kSI8: return cuda::kS8;
    case ElementType::kSI16: return cuda::kS16;
    case ElementType::kSI32: return cuda::kS32;
    case ElementType::kSI64: return cuda::kS64;
    case ElementType::kUI8: return cuda::kU8;
    case ElementType::kUI16: return cuda::kU16;
    case ElementType::kUI32: return cuda::kU32;
    case ElementType::kUI64: return cuda::kU64;
    case ElementType::kF32: return cuda::kF32;
    case ElementType::kF64: return cuda::kF64;
    default: return std::nullopt;
  }
}

template <class S, class C>
std::vector<uint8_t> emulateConv(const cuda::ConvDesc& d, const Tensor& in, const Tensor& k, size_t out_bytes) {
  std::vector<uint8_t> out(out_bytes, 0);
  const S* x = reinterpret_cast<const S*>(in.bytes().data());
  const S* w = reinterpret_cast<const S*>(k.bytes().data());
  for (int64_t t = 0; t < d.total; ++t) {
    int64_t offset = -1;
    const C acc = cuda::convAt<C, S>(d, t, x, w, &offset);
    EXPECT_TRUE(offset >= 0 && static_cast<size_t>(offset + 1) * sizeof(S) <= out_bytes);
    if (offset < 0 || static_cast<size_t>(offset + 1) * sizeof(S) > out_bytes) continue;
    const S v = static_cast<S>(acc);
    std::memcpy(out.data() + offset * sizeof(S), &v, sizeof(S));
  }
  return out;
}

template <class S>
S combineHost(const cuda::ScatterDesc& d, S a, S b) {
  if (d.replace) return b;
  using C = typename cuda::dm::Elem<S>::C;
  if constexpr (std::is_floating_point_v<S> || std::is_same_v<S, cuda::dm::Half> || std::is_same_v<S, cuda::dm::BFloat>)
    return cuda::dm::Elem<S>::store(cuda::dm::floatBinary<C>(d.op, cuda::dm::Elem<S>::load(a), cuda::dm::Elem<S>::load(b)));
  else return cuda::dm::intBinary<C>(d.op, a, b);
}

template <class S>
std::vector<uint8_t> emulateScatter(const cuda::ScatterDesc& d, const Tensor& input, const Tensor& indices, const Tensor& updates) {
  std::vector<uint8_t> out = input.bytes();
  S* o = reinterpret_cast<S*>(out.data());
  const S* u = reinterpret_cast<const S*>(updates.bytes().data());
  const int64_t n = static_cast<int64_t>(out.size() / sizeof(S)), un = static_cast<int64_t>(updates.bytes().size() / sizeof(S));
  int64_t base[cuda::kGatherMaxRank];
  for (int64_t b = 0; b < d.batches; ++b) {
    int64_t update_base = 0;
    cuda::scatterBase(d, b, indices.bytes().data(), base, &update_base);
    for (int64_t w = 0; w < d.window_elements; ++w) {
      int64_t target = 0, update = 0;
      if (!cuda::scatterTarget(d, base, update_base, w, &target, &update)) continue;
      EXPECT_TRUE(target >= 0 && target < n && update >= 0 && update < un);
      if (target >= 0 && target < n && update >= 0 && update < un) o[target] = combineHost<S>(d, o[target], u[update]);
    }
  }
  return out;
}

template <class F>
void expectClose(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want, const std::string& id) {
  EXPECT_EQ(got.size(), want.size()) << id;
  if (got.size() != want.size()) return;
  for (size_t i = 0; i + sizeof(F) <= got.size(); i += sizeof(F)) {
    F a, b;
    std::memcpy(&a, got.data() + i, sizeof(F));
    std::memcpy(&b, want.data() + i, sizeof(F));
    if ((std::isnan(a) && std::isnan(b)) || a == b) continue;  // equal infinities too
    const double tolerance = 1e-5 * std::max(1.0, std::fabs(static_cast<double>(b)));
    EXPECT_LE(std::fabs(static_cast<double>(a) - static_cast<double>(b)), tolerance) << id << " element " << i / sizeof(F);
  }
}

Emulated emulateFolder(const std::string& folder, OpId op) {
  Emulated tally;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(HLOCONF_SOURCE_DIR) + "/cases/" + folder)) {
    if (entry.path().extension() != ".mlir") continue;
    const std::string id = entry.path().filename().string();
    std::ifstream file(entry.path());
    std::stringstream buffer;
    buffer << file.rdbuf();
    const std::string text = buffer.str();
    auto module = parseModule(text, id);
    if (!module.ok()) { ++tally.skipped; continue; }
    auto lowered = lowerCase(*module, text);
    if (!lowered.ok()) { ++tally.skipped; continue; }
    auto program = parseModule(lowered->mlir, id);
    if (!program.ok()) { ++tally.skipped; continue; }
    auto compiled = plan::compile(*program, "main", lowered->mlir);
    if (!compiled.ok() || !std::holds_alternative<plan::Plan>(*compiled)) { ++tally.skipped; continue; }
    const plan::Plan plan = std::get<plan::Plan>(*compiled);
    const plan::Step* step = nullptr;
    for (const plan::Step& s : plan.steps)
      if (s.op == op) step = &s;
    if (!step || plan.outputs.empty() || step->results[0] != plan.outputs[0]) { ++tally.skipped; continue; }
    auto inputOf = [&](plan::Slot slot) -> const Tensor* {
      for (size_t i = 0; i < plan.inputs.size(); ++i)
        if (plan.inputs[i] == slot) return &lowered->inputs[i];
      return nullptr;
    };
    const Tensor* a = inputOf(step->operands[0]);
    const Tensor* b = inputOf(step->operands[1]);
    if (!a || !b) { ++tally.skipped; continue; }
    const Tensor* c = op == OpId::kScatter && step->operands.size() == 3 ? inputOf(step->operands[2]) : nullptr;
    if (op == OpId::kScatter && !c) { ++tally.skipped; continue; }
    const Type& result_type = plan.slot_types[step->results[0]];
    auto cpu_lowered = cpu::lower(plan);
    if (!std::holds_alternative<cpu::Program>(cpu_lowered)) { ++tally.skipped; continue; }
    auto want = cpu::run(std::get<cpu::Program>(cpu_lowered), lowered->inputs);
    EXPECT_TRUE(want.ok()) << id << ": " << want.status();
    if (!want.ok() || want->empty()) { ++tally.skipped; continue; }
    const std::vector<uint8_t>& expected = (*want)[0].bytes();
    const int64_t out_elements = result_type.numElements();
    if (op == OpId::kConvolution || op == OpId::kDynamicConv) {
      plan::ConvParams params = step->as<plan::ConvParams>();
      if (op == OpId::kDynamicConv) {  // the padding the launcher reads back from operand 2 (here: an input)
        const Tensor* padding = step->operands.size() == 3 ? inputOf(step->operands[2]) : nullptr;
        for (const plan::Step& s : plan.steps)
          if (!padding && s.op == OpId::kConstant && step->operands.size() == 3 && s.results[0] == step->operands[2])
            padding = &s.as<plan::ConstantParams>().value;
        if (!padding || !isInteger(padding->type().elementType())) {
          ++tally.skipped;
          continue;
        }
        const ElementType pt = padding->type().elementType();
        const size_t bytes = static_cast<size_t>(storageBytes(pt));
        for (size_t i = 0; i < params.pad_low.size(); ++i) {
          int64_t v = 0;
          std::memcpy(&v, padding->bytes().data() + 2 * i * bytes, bytes);
          if (isSignedInteger(pt) && bytes < 8 && (v >> (8 * bytes - 1)) & 1) v |= ~int64_t{0} << (8 * bytes);
          params.pad_low[i] = v;
        }
      }
      auto d = cuda::convDescFrom(params, a->type().numElements(), b->type().numElements(), out_elements);
      EXPECT_NE(d.status().code(), absl::StatusCode::kInternal) << id << ": " << d.status();
      const auto t = dtypeFor(result_type.elementType());
      if (!d.ok() || !t || a->type().elementType() != result_type.elementType() || b->type().elementType() != result_type.elementType()) {
        ++tally.skipped;
        continue;
      }
      std::vector<uint8_t> got;
      switch (*t) {
        case cuda::kF32: got = emulateConv<float, float>(*d, *a, *b, expected.size()); expectClose<float>(got, expected, id); break;
        case cuda::kF64: got = emulateConv<double, double>(*d, *a, *b, expected.size()); expectClose<double>(got, expected, id); break;
        case cuda::kS8: got = emulateConv<int8_t, uint64_t>(*d, *a, *b, expected.size()); EXPECT_EQ(got, expected) << id; break;
        case cuda::kS16: got = emulateConv<int16_t, uint64_t>(*d, *a, *b, expected.size()); EXPECT_EQ(got, expected) << id; break;
        case cuda::kS32: got = emulateConv<int32_t, uint64_t>(*d, *a, *b, expected.size()); EXPECT_EQ(got, expected) << id; break;
        case cuda::kS64: got = emulateConv<int64_t, uint64_t>(*d, *a, *b, expected.size()); EXPECT_EQ(got, expected) << id; break;
        case cuda::kU8: got = emulateConv<uint8_t, uint64_t>(*d, *a, *b, expected.size()); EXPECT_EQ(got, expected) << id; break;
        case cuda::kU32: got = emulateConv<uint32_t, uint64_t>(*d, *a, *b, expected.size()); EXPECT_EQ(got, expected) << id; break;
        default: ++tally.skipped; continue;
      }
      ++tally.compared;
    } else if (op == OpId::kScatter) {
      const auto index = dtypeFor(b->type().elementType());
      const ElementType et = result_type.elementType();
      if (!index || *index == cuda::kF32 || *index == cuda::kF64 || a->type().elementType() != et || c->type().elementType() != et) {
        ++tally.skipped;
        continue;
      }
      const bool is_float = et == ElementType::kF32 || et == ElementType::kF16 || et == ElementType::kBF16 || et == ElementType::kF64;
      auto d = cuda::scatterDescFrom(step->as<plan::ScatterParams>(), *index, is_float, a->type().numElements(), b->type().numElements(),
                                     c->type().numElements());
      EXPECT_NE(d.status().code(), absl::StatusCode::kInternal) << id << ": " << d.status();
      if (!d.ok()) { ++tally.skipped; continue; }
      std::vector<uint8_t> got;
      switch (et) {
        case ElementType::kF32: got = emulateScatter<float>(*d, *a, *b, *c); break;
        case ElementType::kF64: got = emulateScatter<double>(*d, *a, *b, *c); break;
        case ElementType::kF16: got = emulateScatter<cuda::dm::Half>(*d, *a, *b, *c); break;
        case ElementType::kBF16: got = emulateScatter<cuda::dm::BFloat>(*d, *a, *b, *c); break;
        case ElementType::kSI8: got = emulateScatter<int8_t>(*d, *a, *b, *c); break;
        case ElementType::kSI16: got = emulateScatter<int16_t>(*d, *a, *b, *c); break;
        case ElementType::kSI32: got = emulateScatter<int32_t>(*d, *a, *b, *c); break;
        case ElementType::kSI64: got = emulateScatter<int64_t>(*d, *a, *b, *c); break;
        case ElementType::kUI32: got = emulateScatter<uint32_t>(*d, *a, *b, *c); break;
        default: ++tally.skipped; continue;
      }
      EXPECT_EQ(got, expected) << id;
      ++tally.compared;
    } else {
      const auto index = dtypeFor(b->type().elementType());
      if (!index || *index == cuda::kF32 || *index == cuda::kF64) { ++tally.skipped; continue; }
      auto g = cuda::gatherDescFrom(step->as<plan::GatherParams>(), *index, a->type().numElements(), b->type().numElements(), out_elements);
      EXPECT_NE(g.status().code(), absl::StatusCode::kInternal) << id << ": " << g.status();
      if (!g.ok()) { ++tally.skipped; continue; }
      const size_t bytes = static_cast<size_t>(a->elementBytes());
      std::vector<uint8_t> got(expected.size(), 0);
      for (int64_t e = 0; e < g->total; ++e) {
        int64_t src = -1, dst = -1;
        cuda::gatherOffsets(*g, e, b->bytes().data(), &src, &dst);
        const bool inside = src >= 0 && (static_cast<size_t>(src) + 1) * bytes <= a->bytes().size() && dst >= 0 &&
                            (static_cast<size_t>(dst) + 1) * bytes <= got.size();
        EXPECT_TRUE(inside) << id << " element " << e;
        if (inside) std::memcpy(got.data() + dst * bytes, a->bytes().data() + src * bytes, bytes);
      }
      EXPECT_EQ(got, expected) << id;
      ++tally.compared;
    }
  }
  return tally;
}

TEST(CudaEmulation, ConvolutionCases) {
  const Emulated tally = emulateFolder("convolution", OpId::kConvolution);
  EXPECT_GE(tally.compared, 5) << "skipped " << tally.skipped;
  std::printf("convolution: %d compared, %d skipped\n", tally.compared, tally.skipped);
}

TEST(CudaEmulation, DynamicConvCases) {
  const Emulated tally = emulateFolder("dynamic_conv", OpId::kDynamicConv);
  EXPECT_GE(tally.compared, 3) << "skipped " << tally.skipped;
  std::printf("dynamic_conv: %d compared, %d skipped\n", tally.compared, tally.skipped);
}

TEST(CudaEmulation, ScatterCases) {
  const Emulated tally = emulateFolder("scatter", OpId::kScatter);
  EXPECT_GE(tally.compared, 5) << "skipped " << tally.skipped;
  std::printf("scatter: %d compared, %d skipped\n", tally.compared, tally.skipped);
}

TEST(CudaEmulation, GatherCases) {
  const Emulated tally = emulateFolder("gather", OpId::kGather);
  EXPECT_GE(tally.compared, 3) << "skipped " << tally.skipped;
  std::printf("gather: %d compared, %d skipped\n", tally.compared, tally.skipped);
}

// A case whose op `op` reads only the program's inputs and gives the program's outputs in order, with the
// cpu executor's outputs.
struct CaseRun {
  std::string id;
  plan::Plan plan;
  const plan::Step* step = nullptr;
  std::vector<const Tensor*> operands;
  std::vector<Tensor> inputs;
  std::vector<Tensor> want;
};
std::vector<CaseRun> casesOf(const std::string& folder, OpId op, int& skipped) {
  std::vector<CaseRun> runs;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(HLOCONF_SOURCE_DIR) + "/cases/" + folder)) {
    if (entry.path().extension() != ".mlir") continue;
    std::ifstream file(entry.path());
    std::stringstream buffer;
    buffer << file.rdbuf();
    const std::string text = buffer.str();
    const std::string id = entry.path().filename().string();
    auto module = parseModule(text, id);
    auto lowered = module.ok() ? lowerCase(*module, text) : absl::StatusOr<LoweredCase>(module.status());
    auto program = lowered.ok() ? parseModule(lowered->mlir, id) : absl::StatusOr<Module>(lowered.status());
    auto compiled = program.ok() ? plan::compile(*program, "main", lowered->mlir) : absl::StatusOr<plan::CompileResult>(program.status());
    if (!compiled.ok() || !std::holds_alternative<plan::Plan>(*compiled)) {
      ++skipped;
      continue;
    }
    CaseRun run;
    run.id = id;
    run.plan = std::get<plan::Plan>(*compiled);
    run.inputs = lowered->inputs;
    for (const plan::Step& s : run.plan.steps)
      if (s.op == op) run.step = &s;
    if (!run.step || run.step->results != run.plan.outputs) {
      ++skipped;
      continue;
    }
    bool all_inputs = true;
    for (plan::Slot slot : run.step->operands) {
      const Tensor* t = nullptr;
      for (size_t i = 0; i < run.plan.inputs.size(); ++i)
        if (run.plan.inputs[i] == slot) t = &run.inputs[i];
      all_inputs = all_inputs && t;
      run.operands.push_back(t);
    }
    if (!all_inputs) {
      ++skipped;
      continue;
    }
    auto cpu_lowered = cpu::lower(run.plan);
    if (!std::holds_alternative<cpu::Program>(cpu_lowered)) {
      ++skipped;
      continue;
    }
    auto want = cpu::run(std::get<cpu::Program>(cpu_lowered), run.inputs);
    EXPECT_TRUE(want.ok()) << id << ": " << want.status();
    if (!want.ok()) {
      ++skipped;
      continue;
    }
    run.want = *want;
    runs.push_back(std::move(run));
  }
  // The step points into the plan, which moved with its run: find it again.
  for (CaseRun& run : runs)
    for (const plan::Step& s : run.plan.steps)
      if (s.op == op) run.step = &s;
  return runs;
}

template <class S>
std::vector<int64_t> emulateSortOrder(const cuda::SortDesc& d, const Tensor& keys) {
  const int64_t total = d.slices * d.length;
  std::vector<int64_t> a(static_cast<size_t>(total)), b(a.size());
  for (int64_t i = 0; i < total; ++i) a[static_cast<size_t>(i)] = i % d.length;
  const S* k = reinterpret_cast<const S*>(keys.bytes().data());
  for (int64_t width = 1; width < d.length; width *= 2) {
    const int64_t merges = (d.length + 2 * width - 1) / (2 * width);
    for (int64_t t = 0; t < d.slices * merges; ++t) cuda::mergeRuns(d, k, a.data(), b.data(), t / merges, (t % merges) * 2 * width, width);
    a.swap(b);
  }
  return a;
}

template <class S>
struct KeyTag {
  using T = S;
};
// f(KeyTag<S>{}) for the storage type S of a sort key type; an empty order for kB128 (never a key).
template <class F>
std::vector<int64_t> withKeyType(cuda::DType t, F&& f) {
  switch (t) {
    case cuda::kPred: return f(KeyTag<cuda::dm::Pred>{});
    case cuda::kS8: return f(KeyTag<int8_t>{});
    case cuda::kS16: return f(KeyTag<int16_t>{});
    case cuda::kS32: return f(KeyTag<int32_t>{});
    case cuda::kS64: return f(KeyTag<int64_t>{});
    case cuda::kU8: return f(KeyTag<uint8_t>{});
    case cuda::kU16: return f(KeyTag<uint16_t>{});
    case cuda::kU32: return f(KeyTag<uint32_t>{});
    case cuda::kU64: return f(KeyTag<uint64_t>{});
    case cuda::kF16: return f(KeyTag<cuda::dm::Half>{});
    case cuda::kBF16: return f(KeyTag<cuda::dm::BFloat>{});
    case cuda::kF32: return f(KeyTag<float>{});
    case cuda::kF64: return f(KeyTag<double>{});
    case cuda::kB128: break;
  }
  return {};
}

TEST(CudaEmulation, SortCases) {
  int skipped = 0, compared = 0;
  for (const CaseRun& run : casesOf("sort", OpId::kSort, skipped)) {
    const auto key_type = run.plan.slot_types[run.step->operands[run.step->as<plan::SortParams>().key]].elementType();
    std::optional<cuda::DType> key = dtypeFor(key_type);
    if (key_type == ElementType::kF16) key = cuda::kF16;
    if (key_type == ElementType::kBF16) key = cuda::kBF16;
    if (key_type == ElementType::kI1) key = cuda::kPred;
    if (!key) {
      ++skipped;
      continue;
    }
    auto d = cuda::sortDescFrom(run.step->as<plan::SortParams>(), run.plan.slot_types[run.step->operands[0]].shape(), *key);
    EXPECT_NE(d.status().code(), absl::StatusCode::kInternal) << run.id << ": " << d.status();
    if (!d.ok()) {
      ++skipped;
      continue;
    }
    const Tensor& keys = *run.operands[run.step->as<plan::SortParams>().key];
    const std::vector<int64_t> order = withKeyType(*key, [&](auto tag) { return emulateSortOrder<typename decltype(tag)::T>(*d, keys); });
    if (order.empty() && d->slices * d->length > 0) {
      ++skipped;
      continue;
    }
    for (size_t i = 0; i < run.operands.size(); ++i) {
      const size_t bytes = static_cast<size_t>(run.operands[i]->elementBytes());
      std::vector<uint8_t> got(run.operands[i]->bytes().size());
      for (int64_t e = 0; e < d->slices * d->length; ++e) {
        const int64_t base = cuda::sliceBase(*d, e / d->length);
        std::memcpy(got.data() + (base + (e % d->length) * d->stride) * bytes,
                    run.operands[i]->bytes().data() + (base + order[static_cast<size_t>(e)] * d->stride) * bytes, bytes);
      }
      EXPECT_EQ(got, run.want[i].bytes()) << run.id << " result " << i;
    }
    ++compared;
  }
  EXPECT_GE(compared, 6) << "skipped " << skipped;
  std::printf("sort: %d compared, %d skipped\n", compared, skipped);
}

template <class S, class C>
std::vector<uint8_t> emulateReduceWindow(const cuda::WindowDesc& d, plan::BodyOp body, const Tensor& input, const Tensor& init_value) {
  const S* x = reinterpret_cast<const S*>(input.bytes().data());
  const C init = static_cast<C>(*reinterpret_cast<const S*>(init_value.bytes().data()));
  std::vector<uint8_t> out(static_cast<size_t>(d.outputs) * sizeof(S));
  for (int64_t o = 0; o < d.outputs; ++o) {
    C acc = init;
    for (int64_t k = 0; k < d.window_size; ++k) {
      const int64_t position = cuda::windowElement(d, o, k);
      const C v = position < 0 ? init : static_cast<C>(x[position]);
      switch (body) {
        case plan::BodyOp::kAdd:
          acc = static_cast<C>(acc + v);
          break;
        case plan::BodyOp::kMultiply:
          acc = static_cast<C>(acc * v);
          break;
        case plan::BodyOp::kMaximum:
          if constexpr (std::is_floating_point_v<C>)
            acc = cuda::dm::floatMax(acc, v);
          else
            acc = acc >= v ? acc : v;
          break;
        default:
          if constexpr (std::is_floating_point_v<C>)
            acc = cuda::dm::floatMin(acc, v);
          else
            acc = acc <= v ? acc : v;
          break;
      }
    }
    const S value = static_cast<S>(acc);
    std::memcpy(out.data() + o * sizeof(S), &value, sizeof(S));
  }
  return out;
}

TEST(CudaEmulation, ReduceWindowCases) {
  int skipped = 0, compared = 0;
  for (const CaseRun& run : casesOf("reduce_window", OpId::kReduceWindow, skipped)) {
    const auto& p = run.step->as<plan::WindowParams>();
    const ElementType t = run.plan.slot_types[run.step->results[0]].elementType();
    const bool arithmetic = p.body == plan::BodyOp::kAdd || p.body == plan::BodyOp::kMultiply || p.body == plan::BodyOp::kMaximum ||
                            p.body == plan::BodyOp::kMinimum;
    if (p.num_inputs != 1 || !arithmetic || run.operands[0]->type().elementType() != t) {
      ++skipped;
      continue;
    }
    auto d = cuda::windowDescFrom(p, run.plan.slot_types[run.step->results[0]].numElements());
    EXPECT_NE(d.status().code(), absl::StatusCode::kInternal) << run.id << ": " << d.status();
    if (!d.ok()) {
      ++skipped;
      continue;
    }
    std::vector<uint8_t> got;
    switch (t) {
      case ElementType::kF32:
        got = emulateReduceWindow<float, float>(*d, p.body, *run.operands[0], *run.operands[1]);
        break;
      case ElementType::kF64:
        got = emulateReduceWindow<double, double>(*d, p.body, *run.operands[0], *run.operands[1]);
        break;
      case ElementType::kSI32:
        got = emulateReduceWindow<int32_t, int64_t>(*d, p.body, *run.operands[0], *run.operands[1]);
        break;
      case ElementType::kSI64:
        got = emulateReduceWindow<int64_t, int64_t>(*d, p.body, *run.operands[0], *run.operands[1]);
        break;
      default:
        ++skipped;
        continue;
    }
    EXPECT_EQ(got, run.want[0].bytes()) << run.id;
    ++compared;
  }
  EXPECT_GE(compared, 4) << "skipped " << skipped;
  std::printf("reduce_window: %d compared, %d skipped\n", compared, skipped);
}

template <class S>
std::vector<uint8_t> emulateSelectAndScatter(const cuda::WindowDesc& d, bool ge, plan::BodyOp body, const Tensor& operand,
                                             const Tensor& source, const Tensor& init_value) {
  const S* x = reinterpret_cast<const S*>(operand.bytes().data());
  const S* src = reinterpret_cast<const S*>(source.bytes().data());
  std::vector<int64_t> selected(static_cast<size_t>(d.outputs));
  for (int64_t o = d.outputs; o-- > 0;) selected[static_cast<size_t>(o)] = cuda::chosenInWindow(d, ge, x, o);
  const int64_t n = operand.type().numElements();
  std::vector<uint8_t> out(static_cast<size_t>(n) * sizeof(S));
  for (int64_t p = n; p-- > 0;) {
    S acc = *reinterpret_cast<const S*>(init_value.bytes().data());
    cuda::forEachWindowHolding(d, p, [&](int64_t o) {
      if (selected[static_cast<size_t>(o)] != p) return;
      if (body == plan::BodyOp::kAdd)
        acc = static_cast<S>(acc + src[o]);
      else if (body == plan::BodyOp::kMaximum)
        acc = std::max(acc, src[o]);
      else
        acc = std::min(acc, src[o]);
    });
    std::memcpy(out.data() + p * sizeof(S), &acc, sizeof(S));
  }
  return out;
}

// select_and_scatter: every window's choice, then each operand element's windows visited in window order
// (window_desc.h), both in reverse element order as independent threads would, against the cpu executor.
TEST(CudaEmulation, SelectAndScatterCases) {
  int skipped = 0, compared = 0;
  for (const CaseRun& run : casesOf("select_and_scatter", OpId::kSelectAndScatter, skipped)) {
    const auto& p = run.step->as<plan::WindowParams>();
    const ElementType t = run.plan.slot_types[run.step->results[0]].elementType();
    const bool body_ok = p.body == plan::BodyOp::kAdd || p.body == plan::BodyOp::kMaximum || p.body == plan::BodyOp::kMinimum;
    if ((!p.select_ge && !p.select_gt) || !body_ok || run.operands[0]->type().elementType() != t ||
        run.operands[1]->type().elementType() != t) {
      ++skipped;
      continue;
    }
    auto d = cuda::windowDescFrom(p, run.plan.slot_types[run.step->operands[1]].numElements());
    EXPECT_NE(d.status().code(), absl::StatusCode::kInternal) << run.id << ": " << d.status();
    if (!d.ok()) {
      ++skipped;
      continue;
    }
    std::vector<uint8_t> got;
    switch (t) {
      case ElementType::kF32:
        got = emulateSelectAndScatter<float>(*d, p.select_ge, p.body, *run.operands[0], *run.operands[1], *run.operands[2]);
        break;
      case ElementType::kF64:
        got = emulateSelectAndScatter<double>(*d, p.select_ge, p.body, *run.operands[0], *run.operands[1], *run.operands[2]);
        break;
      case ElementType::kSI32:
        got = emulateSelectAndScatter<int32_t>(*d, p.select_ge, p.body, *run.operands[0], *run.operands[1], *run.operands[2]);
        break;
      case ElementType::kSI64:
        got = emulateSelectAndScatter<int64_t>(*d, p.select_ge, p.body, *run.operands[0], *run.operands[1], *run.operands[2]);
        break;
      default:
        ++skipped;
        continue;
    }
    EXPECT_EQ(got, run.want[0].bytes()) << run.id;
    ++compared;
  }
  EXPECT_GE(compared, 4) << "skipped " << skipped;
  std::printf("select_and_scatter: %d compared, %d skipped\n", compared, skipped);
}

// rng_bit_generator's layouts, each as a program of one constant state: the blocks (plan/rng_bits.h) in reverse
// order, as independent threads would, against the cpu executor's loop over the same blocks in order (whose
// bits the spec and generated suites hold to the reference's own THREE_FRY and PHILOX). THREE_FRY splits narrow outputs along
// a dimension in halves (odd sizes too), PHILOX carries its counter's low word into the high one.
TEST(CudaEmulation, RngBitGeneratorLayouts) {
  struct Layout {
    const char* algorithm;
    const char* state;  // dense<...> of the state
    int words;
    const char* output;
  };
  const Layout layouts[] = {
      {"THREE_FRY", "[1, 2]", 2, "2x3xui32"},
      {"THREE_FRY", "[7, 18446744073709551615]", 2, "5xui64"},
      {"THREE_FRY", "[3, 4]", 2, "ui32"},
      {"THREE_FRY", "[5, 6]", 2, "3x5x3xf32"},
      {"THREE_FRY", "[9, 10]", 2, "7xui8"},
      {"PHILOX", "[1, 2]", 2, "9xui32"},
      {"PHILOX", "[11, 18446744073709551615, 5]", 3, "3x3xf64"},
      {"DEFAULT", "[1, 2, 3, 4]", 4, "6xui16"},
      {"DEFAULT", "[42]", 1, "5xi32"},
      {"PHILOX", "[1, 18446744073709551614, 5]", 3, "4x3xbf16"},
  };
  for (const Layout& l : layouts) {
    const std::string state_type = strCat("tensor<", l.words, "xui64>"), out_type = strCat("tensor<", l.output, ">");
    const std::string text =
        strCat("func.func @main() -> (", state_type, ", ", out_type, ") {\n  %s = stablehlo.constant dense<", l.state, "> : ", state_type,
               "\n  %0:2 = \"stablehlo.rng_bit_generator\"(%s) {rng_algorithm = #stablehlo<rng_algorithm ", l.algorithm, ">} : (",
               state_type, ") -> (", state_type, ", ", out_type, ")\n  return %0#0, %0#1 : ", state_type, ", ", out_type, "\n}\n");
    const std::string id = strCat(l.algorithm, " ", l.state, " -> ", l.output);
    auto module = parseModule(text, id);
    ASSERT_TRUE(module.ok()) << id << ": " << module.status();
    auto compiled = plan::compile(*module, "main", text);
    ASSERT_TRUE(compiled.ok() && std::holds_alternative<plan::Plan>(*compiled)) << id;
    const plan::Plan& plan = std::get<plan::Plan>(*compiled);
    const plan::Step* rng = nullptr;
    const plan::Step* constant = nullptr;
    for (const plan::Step& step : plan.steps) {
      if (step.op == OpId::kRngBitGenerator) rng = &step;
      if (step.op == OpId::kConstant) constant = &step;
    }
    ASSERT_TRUE(rng && constant) << id;
    auto cpu_lowered = cpu::lower(plan);
    ASSERT_TRUE(std::holds_alternative<cpu::Program>(cpu_lowered)) << id;
    auto want = cpu::run(std::get<cpu::Program>(cpu_lowered), {});
    ASSERT_TRUE(want.ok() && want->size() == 2) << id;

    const plan::rng::BitsLayout& layout = rng->as<plan::RngBitGeneratorParams>().layout;
    const Type& out = plan.slot_types[rng->results[1]];
    const int bytes = storageBytes(out.elementType()), width = bitWidth(out.elementType());
    const uint64_t mask = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
    std::vector<uint64_t> state(static_cast<size_t>(layout.words)), next(state.size());
    const std::vector<uint8_t>& state_bytes = constant->as<plan::ConstantParams>().value.bytes();
    ASSERT_EQ(state_bytes.size(), state.size() * 8) << id;
    std::memcpy(state.data(), state_bytes.data(), state_bytes.size());
    std::vector<uint8_t> bits(static_cast<size_t>(layout.elements * bytes));
    for (int64_t b = plan::rng::blockCount(layout); b-- > 0;)
      plan::rng::generateBlock(layout, state.data(), b, [&](int64_t i, uint64_t value) {
        value &= mask;
        std::memcpy(bits.data() + i * bytes, &value, static_cast<size_t>(bytes));
      });
    plan::rng::nextState(layout, state.data(), next.data());
    std::vector<uint8_t> next_bytes(next.size() * 8);
    std::memcpy(next_bytes.data(), next.data(), next_bytes.size());
    EXPECT_EQ(next_bytes, (*want)[0].bytes()) << id;
    EXPECT_EQ(bits, (*want)[1].bytes()) << id;
  }
}

}  // namespace
}  // namespace hloconf
