// Kernels of the quantization family: uniform_quantize (from floats, and requantization) and
// uniform_dequantize, per-tensor and per-axis, over every integer storage type (si2..si64, ui2..ui64) and
// every float expressed type the executor stores (f16, bf16, f32, f64, the small floats).
//
// The formulas are the spec's `dequantize` and `quantize` (Notation, "Quantization computations"),
// rounding to the expressed type E at each place the spec computes a value of E:
//   dequantize: round_E(round_E(storage - zero_point) * scale)
//   quantize:   x_scaled = round_E(x / scale); x_add = round_E(x_scaled + round_E(zero_point));
//               clamp to [round_E(storage_min), round_E(storage_max)], round half to even, convert.
// Values are carried as doubles holding values of E. For E narrower than f64 every operation is done in
// f64 and rounded once to E: the product of two values of at most 24 significant bits is exact in f64,
// and a quotient or sum rounded to f64 first and then to E is the correctly rounded one (53 >= 2p + 2).
// NaN quantizes to 0 (convert's NaN), saturated into [storage_min, storage_max]; infinities clamp.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "executors/cpu/elementwise_types.h"
#include "executors/cpu/kernels.h"
#include "executors/plan/quantization_params.h"
#include "ir/strings.h"

namespace hloconf::cpu {
namespace {

using plan::TensorQuantization;

// Rounds `v` to E (a value of E, as a double).
template <class E>
double roundTo(double v) {
  return static_cast<double>(E::load(E::fromDouble(v)));
}

// The integer `v` as a double rounded to odd at 53 bits: exact below 2^53, and otherwise a value from which
// rounding to any format of 51 or fewer significant bits gives the correctly rounded `v`.
double integerToOddDouble(__int128 v) {
  constexpr __int128 kExact = __int128{1} << 53;
  if (v > -kExact && v < kExact) return static_cast<double>(v);
  const bool negative = v < 0;
  unsigned __int128 m = negative ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  int bits = 0;
  for (unsigned __int128 t = m; t != 0; t >>= 1) ++bits;
  const int shift = bits - 53;
  uint64_t kept = static_cast<uint64_t>(m >> shift);
  if ((m & ((static_cast<unsigned __int128>(1) << shift) - 1)) != 0) kept |= 1;
  const double d = std::ldexp(static_cast<double>(kept), shift);
  return negative ? -d : d;
}

// round_E of the integer `v` (the spec's convert to E).
template <class E>
double integerIn(__int128 v) {
  if constexpr (std::is_same_v<E, F64>) {
    return static_cast<double>(v);  // correctly rounded (to nearest, ties to even)
  } else {
    return roundTo<E>(integerToOddDouble(v));
  }
}

// A tensor's quantization with its scales, zero points and clamp bounds as values of E.
struct Prepared {
  std::vector<double> scales;
  std::vector<double> zero_points;    // round_E(zero_point)
  std::vector<int64_t> zero_points_int;
  double lo = 0, hi = 0;              // round_E(storage_min), round_E(storage_max)
  int64_t storage_min = 0, storage_max = 0;
  int64_t inner = 1, size = 1;
};

template <class E>
Prepared prepare(const TensorQuantization& q) {
  Prepared p;
  for (double s : q.scales) p.scales.push_back(roundTo<E>(s));
  for (int64_t z : q.zero_points) {
    p.zero_points.push_back(integerIn<E>(z));
    p.zero_points_int.push_back(z);
  }
  p.lo = integerIn<E>(q.storage_min);
  p.hi = integerIn<E>(q.storage_max);
  p.storage_min = q.storage_min;
  p.storage_max = q.storage_max;
  p.inner = std::max<int64_t>(q.inner, 1);
  p.size = std::max<int64_t>(q.size, 1);
  return p;
}

// Calls f(k, begin, count) for the runs of elements [first, end) that share the quantization parameters k.
template <class F>
void forEachRun(const Prepared& p, int64_t first, int64_t end, F&& f) {
  if (p.size == 1) {
    if (first < end) f(size_t{0}, first, end - first);
    return;
  }
  for (int64_t i = first; i < end;) {
    const int64_t count = std::min(p.inner - i % p.inner, end - i);
    f(static_cast<size_t>((i / p.inner) % p.size), i, count);
    i += count;
  }
}

// dequantize of storage integers [begin, begin + count) with parameters k, into `out` (values of E).
template <class S, class E>
void dequantizeRun(const uint8_t* in, int64_t begin, int64_t count, const Prepared& p, size_t k, double* out) {
  const auto* storage = reinterpret_cast<const typename S::Storage*>(in) + begin;
  const __int128 zero_point = p.zero_points_int[k];
  const double scale = p.scales[k];
  for (int64_t j = 0; j < count; ++j) {
    const __int128 difference = static_cast<__int128>(S::load(storage[j])) - zero_point;
    // The product of two values of E: exact in f64 below f64 (rounded once to E), correctly rounded for f64.
    out[j] = roundTo<E>(integerIn<E>(difference) * scale);
  }
}

// quantize of values of E [0, count) with parameters k into storage integers [begin, begin + count).
template <class S, class E>
void quantizeRun(const double* in, int64_t begin, int64_t count, const Prepared& p, size_t k, uint8_t* out) {
  using C = typename S::Compute;
  auto* storage = reinterpret_cast<typename S::Storage*>(out) + begin;
  const double scale = p.scales[k], zero_point = p.zero_points[k];
  for (int64_t j = 0; j < count; ++j) {
    double v = roundTo<E>(roundTo<E>(in[j] / scale) + zero_point);
    int64_t q;
    if (std::isnan(v)) {
      q = 0;  // convert(NaN) to an integer (implementation-defined), then saturated below
    } else {
      if (v < p.lo) v = p.lo;
      if (v > p.hi) v = p.hi;
      v = std::nearbyint(v);  // round half to even (the default rounding mode)
      if (std::isnan(v)) q = 0;
      else if (v >= 9223372036854775808.0) q = std::numeric_limits<int64_t>::max();
      else if (v < -9223372036854775808.0) q = std::numeric_limits<int64_t>::min();
      else q = static_cast<int64_t>(v);
    }
    storage[j] = S::store(static_cast<C>(std::clamp(q, p.storage_min, p.storage_max)));
  }
}

constexpr int64_t kBlock = 1024;

// The values of E of a float tensor, [begin, begin + count).
template <class E>
void loadFloats(const uint8_t* in, int64_t begin, int64_t count, double* out) {
  const auto* x = reinterpret_cast<const typename E::Storage*>(in) + begin;
  for (int64_t j = 0; j < count; ++j) out[j] = static_cast<double>(E::load(x[j]));
}

template <class E>
void storeFloats(const double* in, int64_t begin, int64_t count, bool saturate_to_finite, uint8_t* out) {
  auto* x = reinterpret_cast<typename E::Storage*>(out) + begin;
  for (int64_t j = 0; j < count; ++j) {
    // Only is_finite reads a value with saturate_to_finite, and a quantized element is always finite.
    const double v = saturate_to_finite && !std::isfinite(in[j]) ? 0.0 : in[j];
    x[j] = E::fromDouble(v);  // exact: v is a value of E
  }
}

// Runs f(k, begin, count) over blocks of at most kBlock elements of the runs of `p`.
template <class F>
absl::Status forEachBlock(const KernelArgs& args, const Prepared& p, int64_t n, F&& f) {
  int64_t done = 0;
  absl::Status status;
  forEachRun(p, 0, n, [&](size_t k, int64_t begin, int64_t count) {
    for (int64_t b = begin; b < begin + count && status.ok(); b += kBlock) {
      f(k, b, std::min(kBlock, begin + count - b));
      if ((done += kBlock) % (16 * kBlock) == 0) status = args.frame.checkDeadline();
    }
  });
  return status;
}

template <class S, class E>
absl::Status dequantizeKernel(const KernelArgs& args) {
  const auto& params = args.step.as<plan::UniformDequantizeParams>();
  const Prepared p = prepare<E>(params.from);
  double values[kBlock];
  return forEachBlock(args, p, args.num_elements, [&](size_t k, int64_t begin, int64_t count) {
    dequantizeRun<S, E>(args.operands[0], begin, count, p, k, values);
    storeFloats<E>(values, begin, count, params.saturate_to_finite, args.result());
  });
}

template <class S, class E>
absl::Status quantizeKernel(const KernelArgs& args) {
  const Prepared p = prepare<E>(args.step.as<plan::UniformQuantizeParams>().to);
  double values[kBlock];
  return forEachBlock(args, p, args.num_elements, [&](size_t k, int64_t begin, int64_t count) {
    loadFloats<E>(args.operands[0], begin, count, values);
    quantizeRun<S, E>(values, begin, count, p, k, args.result());
  });
}

// A run of one storage type's quantize, for requantization, whose output storage type is looked up once
// per call.
using QuantizeRunFn = void (*)(const double*, int64_t, int64_t, const Prepared&, size_t, uint8_t*);

template <class S>
constexpr bool kIsStorage = kIsInteger<S>;

template <class E>
QuantizeRunFn quantizeRunFor(ElementType storage) {
  return visitAnyElement<QuantizeRunFn>(storage, [](auto s) -> QuantizeRunFn {
    using S = decltype(s);
    if constexpr (kIsStorage<S>) return &quantizeRun<S, E>;
    else return nullptr;
  });
}

// quantize(dequantize(x)): the two quantizations may differ in storage type, per-axis dimension and
// parameters; the dequantized value is rounded to E in between.
template <class S, class E>
absl::Status requantizeKernel(const KernelArgs& args) {
  const auto& params = args.step.as<plan::UniformQuantizeParams>();
  const Prepared from = prepare<E>(*params.from), to = prepare<E>(params.to);
  const QuantizeRunFn store = quantizeRunFor<E>(params.to.storage);
  if (!store) return absl::InternalError("no quantize loop for the result's storage type");
  double values[kBlock];
  // Runs of the input's quantization, cut again at the output's.
  return forEachBlock(args, from, args.num_elements, [&](size_t k, int64_t begin, int64_t count) {
    dequantizeRun<S, E>(args.operands[0], begin, count, from, k, values);
    forEachRun(to, begin, begin + count, [&](size_t k_out, int64_t b, int64_t c) {
      store(values + (b - begin), b, c, to, k_out, args.result());
    });
  });
}

// Calls f(S{}, E{}) for a storage type and an expressed type the kernels run, and returns its kernel.
template <class F>
Kernel kernelFor(ElementType storage, ElementType expressed, F&& f) {
  return visitAnyElement<Kernel>(storage, [&](auto s) -> Kernel {
    using S = decltype(s);
    if constexpr (!kIsStorage<S>) {
      return nullptr;
    } else {
      return visitAnyElement<Kernel>(expressed, [&](auto e) -> Kernel {
        using E = decltype(e);
        if constexpr (!kIsFloat<E>) return nullptr;
        else return f(S{}, E{});
      });
    }
  });
}

// The spec's (C5), (C6) on the scales as values of the expressed type: one that rounds to 0 or overflows
// there is refused (the plan only checked the scale as written).
absl::Status checkScales(const TensorQuantization& q) {
  const bool ok = visitAnyElement<bool>(q.expressed, [&](auto e) -> bool {
    using E = decltype(e);
    if constexpr (!kIsFloat<E>) {
      return false;
    } else {
      return std::all_of(q.scales.begin(), q.scales.end(), [](double s) {
        const double rounded = roundTo<E>(s);
        return rounded > 0 && std::isfinite(rounded);
      });
    }
  });
  if (!ok) return absl::InvalidArgumentError(strCat("a scale is not positive and finite in ", elementTypeName(q.expressed), " (spec: (C5), (C6))"));
  return absl::OkStatus();
}

absl::StatusOr<KernelChoice> chooseDequantize(const plan::Step& step, const plan::Plan& plan) {
  const auto& params = step.as<plan::UniformDequantizeParams>();
  RETURN_IF_ERROR(checkScales(params.from));
  const Kernel kernel = kernelFor(params.from.storage, params.from.expressed, [](auto s, auto e) -> Kernel {
    return &dequantizeKernel<decltype(s), decltype(e)>;
  });
  if (!kernel) return noKernelFor(step, plan);
  KernelChoice choice{kernel};
  choice.tileable = !params.from.perAxis();  // a per-axis element's parameters depend on its index
  return choice;
}

absl::StatusOr<KernelChoice> chooseQuantize(const plan::Step& step, const plan::Plan& plan) {
  const auto& params = step.as<plan::UniformQuantizeParams>();
  RETURN_IF_ERROR(checkScales(params.to));
  if (params.from) RETURN_IF_ERROR(checkScales(*params.from));
  Kernel kernel = nullptr;
  if (params.from) {
    if (!quantizeRunFor<F32>(params.to.storage)) return noKernelFor(step, plan);
    kernel = kernelFor(params.from->storage, params.from->expressed, [](auto s, auto e) -> Kernel {
      return &requantizeKernel<decltype(s), decltype(e)>;
    });
  } else {
    kernel = kernelFor(params.to.storage, params.to.expressed, [](auto s, auto e) -> Kernel {
      return &quantizeKernel<decltype(s), decltype(e)>;
    });
  }
  if (!kernel) return noKernelFor(step, plan);
  KernelChoice choice{kernel};
  choice.tileable = !params.to.perAxis() && !(params.from && params.from->perAxis());
  return choice;
}

constexpr KernelFamilyEntry kKernels[] = {
    {OpId::kUniformQuantize, chooseQuantize},
    {OpId::kUniformDequantize, chooseDequantize},
};

}  // namespace

std::span<const KernelFamilyEntry> quantizationKernels() { return kKernels; }

}  // namespace hloconf::cpu
