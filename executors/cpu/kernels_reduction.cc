// The reduction family's kernels: reduce, reduce_window, select_and_scatter. A body the planner recognised
// as one op (add, multiply, maximum, minimum, and, or, xor) is applied natively in the compute type
// (f16/bf16 accumulate in f32 and round once at the end, as XLA:CPU does); any other body runs as a
// region per combination, in the order the spec's schedule allows.
#include <cmath>
#include <cstring>
#include <vector>

#include "executors/cpu/combine.h"
#include "executors/cpu/kernels.h"
#include "executors/cpu/thread_team.h"
#include "executors/plan/reduction_params.h"
#include "ir/index_space.h"

namespace hloconf::cpu {
namespace {

// --- reduce ------------------------------------------------------------------------------------------------

// Visits the input in row-major order, calling visit(input_index, result_index) per element, with the
// innermost dimension as one call visitRow(first_input, result_index, result_stride, length).
template <class Row>
void forEachRow(const std::vector<int64_t>& shape, const std::vector<int64_t>& result_strides, Row&& row) {
  const size_t rank = shape.size();
  for (int64_t extent : shape)
    if (extent == 0) return;
  const int64_t inner = rank ? shape[rank - 1] : 1;
  const int64_t inner_stride = rank ? result_strides[rank - 1] : 0;
  std::vector<int64_t> index(rank ? rank - 1 : 0, 0);
  int64_t input = 0, result = 0;
  while (true) {
    row(input, result, inner_stride, inner);
    input += inner;
    size_t d = index.size();
    while (d > 0) {
      --d;
      result += result_strides[d];
      if (++index[d] < shape[d]) break;
      result -= result_strides[d] * shape[d];
      index[d] = 0;
      if (d == 0) return;
    }
    if (index.empty()) return;
  }
}

// Reductions of at least this many input bytes are split over the thread team; a smaller one (30 us at
// one core's 32 GB/s) takes about as long as waking a helper.
constexpr int64_t kParallelReduceBytes = int64_t{1} << 20;

template <class E, BodyOp B>
absl::Status reduceKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  using C = typename E::Compute;
  const auto& p = args.step.as<plan::ReduceParams>();
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  const C init = E::load(*reinterpret_cast<const S*>(args.operands[1]));
  std::vector<C> acc(static_cast<size_t>(args.num_elements), init);
  auto reduceRow = [&](int64_t in, int64_t out, int64_t stride, int64_t length) {
    const S* row = x + in;
    if (stride == 0) {
      // The innermost dimension is reduced: eight partial results (from the row's first eight elements,
      // so that the init value enters once), combined at the end (any order is one of the spec's schedules).
      C total = acc[out];
      int64_t j = 0;
      if (length >= 16) {
        C part[8];
        for (int k = 0; k < 8; ++k) part[k] = E::load(row[k]);
        for (j = 8; j + 8 <= length; j += 8)
          for (int k = 0; k < 8; ++k) part[k] = combine<E, B>(part[k], E::load(row[j + k]));
        for (int k = 0; k < 8; ++k) total = combine<E, B>(total, part[k]);
      }
      for (; j < length; ++j) total = combine<E, B>(total, E::load(row[j]));
      acc[out] = total;
    } else {
      C* a = acc.data() + out;
      for (int64_t j = 0; j < length; ++j) a[j * stride] = combine<E, B>(a[j * stride], E::load(row[j]));
    }
  };
  // A large input whose first dimension is kept is split along it over the thread team: the parts read
  // disjoint rows and write disjoint results, and each result is reduced by one thread in the same order.
  const std::vector<int64_t>& shape = p.input_shape;
  const int64_t input_elements = numElements(shape);
  if (!shape.empty() && shape[0] > 1 && p.result_strides[0] != 0 && input_elements * int64_t{sizeof(S)} >= kParallelReduceBytes) {
    const int64_t block = input_elements / shape[0];  // input elements per index of the first dimension
    runRanges(shape[0], 1, [&](int64_t begin, int64_t end) {
      std::vector<int64_t> part_shape = shape;
      part_shape[0] = end - begin;
      forEachRow(part_shape, p.result_strides, [&](int64_t in, int64_t out, int64_t stride, int64_t length) {
        reduceRow(in + begin * block, out + begin * p.result_strides[0], stride, length);
      });
    });
  } else {
    forEachRow(shape, p.result_strides, reduceRow);
  }
  S* result = reinterpret_cast<S*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i) result[i] = E::store(acc[i]);
  return absl::OkStatus();
}


absl::Status reduceRegionKernel(const KernelArgs& args) {
  const auto& p = args.step.as<plan::ReduceParams>();
  const size_t n = static_cast<size_t>(p.num_inputs);
  const std::vector<size_t> bytes = elementBytes(args, n);
  for (size_t i = 0; i < n; ++i)
    for (int64_t e = 0; e < args.num_elements; ++e) std::memcpy(args.results[i] + e * bytes[i], args.operands[n + i], bytes[i]);
  BodyRunner body(args, 0, n);
  std::vector<uint8_t*> acc(n);
  std::vector<const uint8_t*> value(n);
  absl::Status status;
  int64_t visited = 0;
  forEachRow(p.input_shape, p.result_strides, [&](int64_t in, int64_t out, int64_t stride, int64_t length) {
    for (int64_t j = 0; j < length && status.ok(); ++j) {
      if (++visited % 4096 == 0) status = args.frame.checkDeadline();
      for (size_t i = 0; i < n; ++i) {
        acc[i] = args.results[i] + (out + j * stride) * bytes[i];
        value[i] = args.operands[i] + (in + j) * bytes[i];
      }
      if (status.ok()) status = body.combine(acc.data(), value.data(), bytes);
    }
  });
  return status;
}

// --- Windows -------------------------------------------------------------------------------------------------

// For each window (row-major over p.windows), calls visit(window_index, positions) where positions lists,
// per window element in row-major order, the input element's flat index or -1 for padding (including
// base dilation holes). The positions vector is reused between calls.
template <class Visit>
absl::Status forEachWindow(const plan::WindowParams& p, const Frame& frame, Visit&& visit) {
  const size_t rank = p.input_shape.size();
  int64_t num_windows = 1, window_size = 1;
  for (size_t d = 0; d < rank; ++d) {
    num_windows *= p.windows[d];
    window_size *= p.window[d];
  }
  if (num_windows == 0) return absl::OkStatus();
  std::vector<int64_t> in_strides(rank, 1);
  for (size_t d = rank; d-- > 1;) in_strides[d - 1] = in_strides[d] * p.input_shape[d];
  std::vector<int64_t> index(rank, 0), w(rank, 0), positions(static_cast<size_t>(window_size));
  for (int64_t o = 0; o < num_windows; ++o) {
    if (o % 1024 == 0) RETURN_IF_ERROR(frame.checkDeadline());
    std::fill(w.begin(), w.end(), 0);
    for (int64_t k = 0; k < window_size; ++k) {
      int64_t flat = 0;
      for (size_t d = 0; d < rank && flat >= 0; ++d) {
        const int64_t padded = index[d] * p.strides[d] + w[d] * p.window_dilations[d] - p.padding_low[d];
        if (padded < 0 || padded % p.base_dilations[d] != 0 || padded / p.base_dilations[d] >= p.input_shape[d]) flat = -1;
        else flat += padded / p.base_dilations[d] * in_strides[d];
      }
      positions[static_cast<size_t>(k)] = flat;
      for (size_t d = rank; d-- > 0;) {
        if (++w[d] < p.window[d]) break;
        w[d] = 0;
      }
    }
    RETURN_IF_ERROR(visit(o, positions));
    for (size_t d = rank; d-- > 0;) {
      if (++index[d] < p.windows[d]) break;
      index[d] = 0;
    }
  }
  return absl::OkStatus();
}

template <class E, BodyOp B>
absl::Status reduceWindowKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  using C = typename E::Compute;
  const auto& p = args.step.as<plan::WindowParams>();
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  const C init = E::load(*reinterpret_cast<const S*>(args.operands[1]));
  S* result = reinterpret_cast<S*>(args.result());
  return forEachWindow(p, args.frame, [&](int64_t o, const std::vector<int64_t>& positions) {
    // Padding holds the init value (spec: reduce_window pads with init_values), so it is combined too.
    C acc = init;
    for (int64_t position : positions) acc = combine<E, B>(acc, position < 0 ? init : E::load(x[position]));
    result[o] = E::store(acc);
    return absl::OkStatus();
  });
}

absl::Status reduceWindowRegionKernel(const KernelArgs& args) {
  const auto& p = args.step.as<plan::WindowParams>();
  const size_t n = static_cast<size_t>(p.num_inputs);
  const std::vector<size_t> bytes = elementBytes(args, n);
  BodyRunner body(args, 0, n);
  std::vector<uint8_t*> acc(n);
  std::vector<const uint8_t*> value(n);
  return forEachWindow(p, args.frame, [&](int64_t o, const std::vector<int64_t>& positions) {
    for (size_t i = 0; i < n; ++i) {
      acc[i] = args.results[i] + o * bytes[i];
      std::memcpy(acc[i], args.operands[n + i], bytes[i]);
    }
    for (int64_t position : positions) {
      for (size_t i = 0; i < n; ++i) value[i] = position < 0 ? args.operands[n + i] : args.operands[i] + position * bytes[i];
      RETURN_IF_ERROR(body.combine(acc.data(), value.data(), bytes));
    }
    return absl::OkStatus();
  });
}

// --- select_and_scatter ----------------------------------------------------------------------------------------

// Per window (source element), the operand element select chose: the window's elements in row-major order,
// padding skipped, the running choice kept while select(chosen, current) is true; -1 for an all-padding
// window, which scatters nowhere (the spec leaves it open, #731). E is the operand's element type.
template <class E>
absl::StatusOr<std::vector<int64_t>> selectedPositions(const KernelArgs& args) {
  using S = typename E::Storage;
  const auto& p = args.step.as<plan::WindowParams>();
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  const size_t bytes = sizeof(S);
  std::vector<int64_t> selected;
  std::vector<const uint8_t*> pair(2);
  RETURN_IF_ERROR(forEachWindow(p, args.frame, [&](int64_t, const std::vector<int64_t>& positions) -> absl::Status {
    int64_t chosen = -1;
    for (int64_t position : positions) {
      if (position < 0) continue;
      if (chosen < 0) {
        chosen = position;
        continue;
      }
      bool keep;
      if (p.select_ge || p.select_gt) {
        const auto a = E::load(x[chosen]), b = E::load(x[position]);
        keep = p.select_ge ? a >= b : a > b;
      } else {
        pair[0] = args.operands[0] + chosen * bytes;
        pair[1] = args.operands[0] + position * bytes;
        ASSIGN_OR_RETURN(std::vector<const uint8_t*> out, args.frame.runRegion(args.step.regions[0], args.lowered.regions[0], pair));
        keep = out[0][0] != 0;
      }
      if (!keep) chosen = position;
    }
    selected.push_back(chosen);
    return absl::OkStatus();
  }));
  return selected;
}

// selectedPositions for the operand's element type (which a promoted scatter body's E is not).
absl::StatusOr<std::vector<int64_t>> selectedPositionsAny(const KernelArgs& args) {
  return visitElement<absl::StatusOr<std::vector<int64_t>>>(
      args.operandType(0).elementType(), [&](auto e) { return selectedPositions<decltype(e)>(args); },
      absl::InternalError("select_and_scatter: no element type"));
}

// E is the result's element type (the scatter body's).
template <class E, BodyOp B>
absl::Status selectAndScatterKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  using C = typename E::Compute;
  ASSIGN_OR_RETURN(std::vector<int64_t> selected, selectedPositionsAny(args));
  const S* source = reinterpret_cast<const S*>(args.operands[1]);
  const C init = E::load(*reinterpret_cast<const S*>(args.operands[2]));
  std::vector<C> acc(static_cast<size_t>(args.num_elements), init);
  for (size_t s = 0; s < selected.size(); ++s)
    if (selected[s] >= 0) acc[selected[s]] = combine<E, B>(acc[selected[s]], E::load(source[s]));
  S* result = reinterpret_cast<S*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i) result[i] = E::store(acc[i]);
  return absl::OkStatus();
}

template <class E>
absl::Status selectAndScatterRegionKernel(const KernelArgs& args) {
  ASSIGN_OR_RETURN(std::vector<int64_t> selected, selectedPositions<E>(args));
  const std::vector<size_t> bytes = {static_cast<size_t>(storageBytes(args.resultType(0).elementType()))};
  for (int64_t e = 0; e < args.num_elements; ++e) std::memcpy(args.result() + e * bytes[0], args.operands[2], bytes[0]);
  BodyRunner body(args, 1, 1);
  for (size_t s = 0; s < selected.size(); ++s) {
    if (selected[s] < 0) continue;
    uint8_t* acc = args.result() + selected[s] * bytes[0];
    const uint8_t* value = args.operands[1] + s * bytes[0];
    RETURN_IF_ERROR(body.combine(&acc, &value, bytes));
  }
  return absl::OkStatus();
}

// --- Choosers --------------------------------------------------------------------------------------------------


template <class E, BodyOp B>
struct Reduce {
  static absl::Status run(const KernelArgs& args) { return reduceKernel<E, B>(args); }
};
template <class E, BodyOp B>
struct ReduceWindow {
  static absl::Status run(const KernelArgs& args) { return reduceWindowKernel<E, B>(args); }
};
template <class E, BodyOp B>
struct SelectAndScatter {
  static absl::Status run(const KernelArgs& args) { return selectAndScatterKernel<E, B>(args); }
};

// `region` already converts promoted operands (from kFirst on); a native kernel is chosen for the result's type.
template <template <class, BodyOp> class Kern, size_t kFirst>
absl::StatusOr<KernelChoice> chooseWindowed(const plan::Step& step, const plan::Plan& plan, BodyOp body, Kernel region) {
  for (size_t i = kFirst; i < step.operands.size(); ++i) {
    const ElementType from = plan.slot_types[step.operands[i]].elementType();
    const ElementType to = plan.slot_types[step.results[i % step.results.size()]].elementType();
    if (from != to && !widenFor(from, to)) return noKernelFor(step, plan);
  }
  Kernel kernel = nativeOrWidened<Kern, kFirst>(step, plan, body);
  if (!kernel) return KernelChoice{region, false};  // a type without a native kernel: the region path
  return KernelChoice{kernel, false, /*runs_regions=*/false};
}

absl::StatusOr<KernelChoice> chooseReduce(const plan::Step& step, const plan::Plan& plan) {
  const Kernel region = promotes(step, plan, 0) ? &widened<&reduceRegionKernel, 0> : &reduceRegionKernel;
  return chooseWindowed<Reduce, 0>(step, plan, step.as<plan::ReduceParams>().body, region);
}
absl::StatusOr<KernelChoice> chooseReduceWindow(const plan::Step& step, const plan::Plan& plan) {
  const Kernel region = promotes(step, plan, 0) ? &widened<&reduceWindowRegionKernel, 0> : &reduceWindowRegionKernel;
  return chooseWindowed<ReduceWindow, 0>(step, plan, step.as<plan::WindowParams>().body, region);
}
absl::StatusOr<KernelChoice> chooseSelectAndScatter(const plan::Step& step, const plan::Plan& plan) {
  const ElementType t = plan.slot_types[step.operands[0]].elementType();
  // Selection loads elements natively, so the operand type needs an element struct.
  const bool promoted = promotes(step, plan, 1);
  Kernel region = visitElement<Kernel>(t, [promoted](auto e) -> Kernel {
    if (promoted) return &widened<&selectAndScatterRegionKernel<decltype(e)>, 1>;
    return &selectAndScatterRegionKernel<decltype(e)>;
  });
  if (!region) return noKernelFor(step, plan);
  const auto& params = step.as<plan::WindowParams>();
  absl::StatusOr<KernelChoice> chosen = chooseWindowed<SelectAndScatter, 1>(step, plan, params.body, region);
  if (!chosen.ok()) return chosen.status();
  KernelChoice choice = *chosen;
  if (!params.select_ge && !params.select_gt) choice.runs_regions = true;  // the select region still runs
  return choice;
}

constexpr KernelFamilyEntry kKernels[] = {
    {OpId::kReduce, chooseReduce},
    {OpId::kReduceWindow, chooseReduceWindow},
    {OpId::kSelectAndScatter, chooseSelectAndScatter},
};

}  // namespace

std::span<const KernelFamilyEntry> reductionKernels() { return kKernels; }

}  // namespace hloconf::cpu
