// Data movement and indexing kernels: every op is a strided copy (movement_copy.h) on the element's bytes,
// so each element type works; iota and get_dimension_size write values of the result's type.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <mutex>
#include <numeric>
#include <optional>
#include <vector>

#include "executors/cpu/compare.h"
#include "executors/cpu/kernels.h"
#include "executors/cpu/movement_copy.h"
#include "executors/cpu/thread_team.h"
#include "executors/cpu/widen.h"
#include "executors/plan/movement_params.h"
#include "ir/index_space.h"
#include "ir/numerics_base.h"
#include "ir/strings.h"

namespace hloconf::cpu {
namespace {

using plan::CompareDirection;
using plan::CompareKind;

bool copyableBytes(int bytes) { return bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8 || bytes == 16; }

int elementBytes(const Type& type) { return storageBytes(type.elementType()); }

// An integer element (any width, stored little-endian in storageBytes bytes) as int64; an unsigned value
// past INT64_MAX saturates (every use clamps it or finds it out of bounds).
int64_t readInteger(const uint8_t* p, ElementType t) {
  uint64_t bits = 0;
  std::memcpy(&bits, p, static_cast<size_t>(storageBytes(t)));
  const int width = bitWidth(t);
  if (width < 64) bits &= (uint64_t{1} << width) - 1;
  if (isSignedInteger(t)) {
    if (width < 64 && (bits >> (width - 1)) & 1) bits |= ~uint64_t{0} << width;
    return static_cast<int64_t>(bits);
  }
  return bits > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(bits);
}

// --- reshape, transpose, slice, reverse, broadcast_in_dim, concatenate, pad ---------------------------------

absl::Status reshapeKernel(const KernelArgs& args) {
  // An empty tensor has no buffer (a null pointer, which memcpy may not be given even for 0 bytes).
  const size_t bytes = static_cast<size_t>(plan::slotBytes(args.resultType(0)));
  if (args.results[0] != args.operands[0] && bytes > 0) std::memcpy(args.results[0], args.operands[0], bytes);
  return absl::OkStatus();
}

absl::Status copyKernel(const KernelArgs& args) {
  copyStrided(args.step.as<plan::CopyParams>().copy, args.operands[0], args.results[0], elementBytes(args.resultType(0)));
  return absl::OkStatus();
}

absl::Status concatenateKernel(const KernelArgs& args) {
  const auto& parts = args.step.as<plan::ConcatenateParams>().parts;
  const int bytes = elementBytes(args.resultType(0));
  for (size_t i = 0; i < parts.size(); ++i) copyStrided(parts[i], args.operands[i], args.results[0], bytes);
  return absl::OkStatus();
}

absl::Status padKernel(const KernelArgs& args) {
  const int bytes = elementBytes(args.resultType(0));
  fillElements(args.results[0], args.num_elements, args.operands[1], bytes);
  copyStrided(args.step.as<plan::PadParams>().copy, args.operands[0], args.results[0], bytes);
  return absl::OkStatus();
}

// --- iota, get_dimension_size -----------------------------------------------------------------------------

// Element i of the result is (i / inner) % size, in the element type (exact for every index that fits,
// rounded once to nearest even for the narrow floats).
template <class E>
absl::Status iotaKernel(const KernelArgs& args) {
  const auto& p = args.step.as<plan::IotaParams>();
  using S = typename E::Storage;
  S* out = reinterpret_cast<S*>(args.results[0]);
  int64_t i = 0;
  for (int64_t block = 0; i < args.num_elements; ++block) {
    const int64_t value = block % p.size;
    S v;
    if constexpr (E::kClass == Class::kFloat) {
      v = E::fromDouble(static_cast<double>(value));
    } else if constexpr (E::kClass == Class::kBool) {
      v = value != 0;
    } else {
      v = static_cast<S>(value);  // wraps modulo 2^width
    }
    for (int64_t k = 0; k < p.inner; ++k) out[i++] = v;
  }
  return absl::OkStatus();
}

// complex: the index in the real part, 0 in the imaginary part.
template <class Part>
absl::Status iotaComplexKernel(const KernelArgs& args) {
  const auto& p = args.step.as<plan::IotaParams>();
  Part* out = reinterpret_cast<Part*>(args.results[0]);
  int64_t i = 0;
  for (int64_t block = 0; i < args.num_elements; ++block) {
    const Part v = static_cast<Part>(block % p.size);
    for (int64_t k = 0; k < p.inner; ++k, ++i) {
      out[2 * i] = v;
      out[2 * i + 1] = 0;
    }
  }
  return absl::OkStatus();
}

// 2- and 4-bit integers: one byte each, the low bits hold the value modulo 2^width.
absl::Status iotaSubByteKernel(const KernelArgs& args) {
  const auto& p = args.step.as<plan::IotaParams>();
  const uint8_t mask = static_cast<uint8_t>((1u << bitWidth(args.resultType(0).elementType())) - 1);
  int64_t i = 0;
  for (int64_t block = 0; i < args.num_elements; ++block) {
    const uint8_t v = static_cast<uint8_t>(block % p.size) & mask;
    for (int64_t k = 0; k < p.inner; ++k) args.results[0][i++] = v;
  }
  return absl::OkStatus();
}

// A non-negative integer rounded once, to nearest with ties to even, to a narrow float format (f8*, f6*,
// f4, tf32), from the format's table: overflow gives infinity, NaN or the largest finite value as the
// format does (ir/element_type.h, FloatFormat).
uint64_t integerToFormat(uint64_t v, ElementType t) {
  const FloatFormat& f = floatFormat(t);
  if (v == 0) return 0;
  const int p = f.mantissa_bits + 1;
  int e = 63 - std::countl_zero(v);
  uint64_t q = v;
  if (e >= p) {
    const int shift = e - (p - 1);
    const uint64_t rem = v & ((uint64_t{1} << shift) - 1), half = uint64_t{1} << (shift - 1);
    q = v >> shift;
    if (rem > half || (rem == half && (q & 1))) ++q;
    if (q == uint64_t{1} << p) {
      q >>= 1;
      ++e;
    }
  } else {
    q = v << ((p - 1) - e);
  }
  const uint64_t biased = static_cast<uint64_t>(e + f.bias);
  const uint64_t max_biased = (uint64_t{1} << f.exponent_bits) - 1;
  const uint64_t largest = largestFinite(t);
  const uint64_t mantissa_mask = (uint64_t{1} << f.mantissa_bits) - 1;
  if (biased <= max_biased) {
    const uint64_t bits = (biased << f.mantissa_bits) | (q & mantissa_mask);
    if (bits <= largest) return bits;
  }
  if (f.has_infinity) return max_biased << f.mantissa_bits;
  if (std::optional<uint64_t> nan = canonicalNaN(t)) return *nan;
  return largest;
}

absl::Status iotaNarrowFloatKernel(const KernelArgs& args) {
  const auto& p = args.step.as<plan::IotaParams>();
  const ElementType t = args.resultType(0).elementType();
  const size_t bytes = static_cast<size_t>(storageBytes(t));
  int64_t i = 0;
  for (int64_t block = 0; i < args.num_elements; ++block) {
    const uint64_t v = integerToFormat(static_cast<uint64_t>(block % p.size), t);
    for (int64_t k = 0; k < p.inner; ++k) std::memcpy(args.results[0] + static_cast<size_t>(i++) * bytes, &v, bytes);
  }
  return absl::OkStatus();
}

absl::Status dimensionSizeKernel(const KernelArgs& args) {
  const ElementType t = args.resultType(0).elementType();
  uint64_t bits = static_cast<uint64_t>(args.step.as<plan::DimensionSizeParams>().value);
  if (bitWidth(t) < 64) bits &= (uint64_t{1} << bitWidth(t)) - 1;
  std::memcpy(args.results[0], &bits, static_cast<size_t>(storageBytes(t)));
  return absl::OkStatus();
}

// --- dynamic_slice, dynamic_update_slice -------------------------------------------------------------------

// The operand offset of the clamped start indices (spec: dynamic_slice, dynamic_update_slice semantics).
int64_t clampedOffset(const KernelArgs& args, const plan::DynamicSliceParams& p) {
  int64_t offset = 0;
  for (size_t d = 0; d < p.max_start.size(); ++d) {
    const size_t operand = p.first_index + d;
    const int64_t start = std::clamp<int64_t>(readInteger(args.operands[operand], args.operandType(operand).elementType()), 0, p.max_start[d]);
    offset += start * p.operand_strides[d];
  }
  return offset;
}

absl::Status dynamicSliceKernel(const KernelArgs& args) {
  const auto& p = args.step.as<plan::DynamicSliceParams>();
  copyStrided(p.copy, args.operands[0], args.results[0], elementBytes(args.resultType(0)), clampedOffset(args, p), 0);
  return absl::OkStatus();
}

absl::Status dynamicUpdateSliceKernel(const KernelArgs& args) {
  const auto& p = args.step.as<plan::DynamicSliceParams>();
  // The start indices are read before anything is written: the result may have taken over the buffer
  // of an operand that dies here (the operand's, or the update's or an index's of the same byte size).
  const int64_t offset = clampedOffset(args, p);
  uint8_t* out = args.results[0];
  if (out == args.operands[1]) return absl::OkStatus();  // an update of the operand's size is the result
  const size_t bytes = static_cast<size_t>(plan::slotBytes(args.resultType(0)));
  if (out != args.operands[0] && bytes > 0) std::memcpy(out, args.operands[0], bytes);  // empty tensors have no buffer
  copyStrided(p.copy, args.operands[1], out, elementBytes(args.resultType(0)), 0, offset);
  return absl::OkStatus();
}

// --- gather -------------------------------------------------------------------------------------------------

// The odometer over a batch shape: advances `index` and the running offsets, false past the end.
inline void nextBatch(std::vector<int64_t>& index, const std::vector<int64_t>& shape, const std::vector<int64_t>& stride_a,
                      int64_t& a, const std::vector<int64_t>& stride_b, int64_t& b) {
  for (size_t k = shape.size(); k-- > 0;) {
    if (++index[k] < shape[k]) {
      a += stride_a[k];
      b += stride_b[k];
      return;
    }
    a -= (shape[k] - 1) * stride_a[k];
    b -= (shape[k] - 1) * stride_b[k];
    index[k] = 0;
  }
}


// gather: per batch index, the window at the clamped start, copied into the result (spec: gather). Batches
// [first, last) of the row-major order of batch_shape; each writes its own window of the result.
absl::Status gatherBatches(const KernelArgs& args, int64_t first, int64_t last) {
  const auto& p = args.step.as<plan::GatherParams>();
  const ElementType index_type = args.operandType(1).elementType();
  const int64_t index_bytes = storageBytes(index_type);
  const int bytes = elementBytes(args.resultType(0));
  const uint8_t* indices = args.operands[1];
  const size_t R = p.operand_shape.size();
  std::vector<int64_t> start(R), batch(p.batch_shape.size(), 0);
  int64_t dst_base = 0, index_base = 0;
  for (size_t k = p.batch_shape.size(), rest = static_cast<size_t>(first); k-- > 0;) {
    const auto size = static_cast<size_t>(p.batch_shape[k]);
    batch[k] = static_cast<int64_t>(rest % size);
    rest /= size;
    dst_base += batch[k] * p.batch_out_strides[k];
    index_base += batch[k] * p.batch_index_strides[k];
  }
  for (int64_t b = first; b < last; ++b) {
    if (b % 4096 == 4095) RETURN_IF_ERROR(args.frame.checkDeadline());
    std::fill(start.begin(), start.end(), 0);
    for (int64_t k = 0; k < p.vector_size; ++k) {
      const size_t d = static_cast<size_t>(p.start_dims[static_cast<size_t>(k)]);
      const int64_t v = readInteger(indices + (index_base + k * p.vector_stride) * index_bytes, index_type);
      start[d] = std::clamp<int64_t>(v, 0, p.operand_shape[d] - p.slice_sizes[d]);
    }
    for (size_t i = 0; i < p.batching_operand_dims.size(); ++i)
      start[static_cast<size_t>(p.batching_operand_dims[i])] = batch[static_cast<size_t>(p.batching_batch_pos[i])];
    int64_t src = 0;
    for (size_t d = 0; d < R; ++d) {
      // A collapsed dimension of slice size 0 (the constraints allow it) would read past the operand.
      if (start[d] >= p.operand_shape[d])
        return absl::InvalidArgumentError(strCat("gather reads outside the operand in dimension ", d));
      src += start[d] * p.operand_strides[d];
    }
    copyStrided(p.window, args.operands[0], args.results[0], bytes, src, dst_base);
    nextBatch(batch, p.batch_shape, p.batch_out_strides, dst_base, p.batch_index_strides, index_base);
  }
  return absl::OkStatus();
}

// The common gather of whole rows (an embedding lookup, torch.index_select): one index per batch, the
// operand's dimension 0 indexed, every other dimension taken whole, batches in row-major order of both the
// indices and the result. Then batch b copies row clamp(indices[b]) to result row b: one memcpy of a
// constant size, the index read in its own type (the general loop spends most of its time on the
// per-batch odometer, the window's copy pattern and the index's type dispatch; perf, docs/benchmarks.md).
bool isRowGather(const plan::GatherParams& p, const KernelArgs& args) {
  const ElementType it = args.operandType(1).elementType();
  if (p.vector_size != 1 || p.start_dims != std::vector<int64_t>{0} || !p.batching_operand_dims.empty() || p.operand_shape.empty() ||
      (it != ElementType::kSI32 && it != ElementType::kSI64))
    return false;
  int64_t row = 1;
  for (size_t d = 1; d < p.operand_shape.size(); ++d) {
    if (p.slice_sizes[d] != p.operand_shape[d]) return false;
    row *= p.operand_shape[d];
  }
  if (p.slice_sizes[0] != 1) return false;
  int64_t out_stride = row, index_stride = 1;
  for (size_t k = p.batch_shape.size(); k-- > 0;) {
    if (p.batch_out_strides[k] != out_stride || p.batch_index_strides[k] != index_stride) return false;
    out_stride *= p.batch_shape[k];
    index_stride *= p.batch_shape[k];
  }
  return true;
}

template <class I>
void gatherRows(const KernelArgs& args, const plan::GatherParams& p, int64_t first, int64_t last) {
  const size_t row_bytes = static_cast<size_t>(numElements(p.slice_sizes) * elementBytes(args.resultType(0)));
  const I* indices = reinterpret_cast<const I*>(args.operands[1]);
  const int64_t rows = p.operand_shape[0];
  for (int64_t b = first; b < last; ++b) {
    const int64_t row = std::clamp<int64_t>(static_cast<int64_t>(indices[b]), 0, rows - 1);
    std::memcpy(args.results[0] + static_cast<size_t>(b) * row_bytes, args.operands[0] + static_cast<size_t>(row) * row_bytes, row_bytes);
  }
}

absl::Status gatherRange(const KernelArgs& args, bool rows, int64_t first, int64_t last) {
  if (!rows) return gatherBatches(args, first, last);
  const auto& p = args.step.as<plan::GatherParams>();
  if (args.operandType(1).elementType() == ElementType::kSI32) gatherRows<int32_t>(args, p, first, last);
  else gatherRows<int64_t>(args, p, first, last);
  return args.frame.checkDeadline();
}

// Large gathers are split into ranges of batches over the cores (the thread team, thread_team.h, bounded by --threads).
absl::Status gatherKernel(const KernelArgs& args) {
  const auto& p = args.step.as<plan::GatherParams>();
  if (args.num_elements == 0) return absl::OkStatus();
  const int64_t batches = numElements(p.batch_shape);
  const bool rows = isRowGather(p, args);
  constexpr int64_t kBatchesPerTask = 4096, kParallelBytes = int64_t{1} << 20;
  if (batches < 2 * kBatchesPerTask || args.num_elements * elementBytes(args.resultType(0)) < kParallelBytes)
    return gatherRange(args, rows, 0, batches);
  std::mutex mutex;
  absl::Status first_error;
  runRanges(batches, kBatchesPerTask, [&](int64_t begin, int64_t end) {
    absl::Status s = gatherRange(args, rows, begin, end);
    if (s.ok()) return;
    std::lock_guard<std::mutex> lock(mutex);
    if (first_error.ok()) first_error = std::move(s);
  });
  return first_error;
}

// --- scatter ------------------------------------------------------------------------------------------------

// Combines a row of updates into a row of the result: dst[j * ds] = combine(dst[j * ds], src[j * ss]).
using CombineRow = void (*)(uint8_t* dst, int64_t ds, const uint8_t* src, int64_t ss, int64_t count);

template <class T>
using Wrap = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

// The elementwise ops' semantics (kernels_elementwise.cc): i1 add is OR and multiply AND; integers wrap;
// float maximum/minimum give the first NaN and order -0 below +0.
template <plan::Combiner C, Class K, class V>
V combineValues(V a, V b) {
  using plan::Combiner;
  if constexpr (C == Combiner::kAdd) {
    if constexpr (K == Class::kBool) return a | b;
    else if constexpr (K == Class::kFloat) return a + b;
    else return static_cast<V>(static_cast<Wrap<V>>(a) + static_cast<Wrap<V>>(b));
  } else if constexpr (C == Combiner::kMultiply) {
    if constexpr (K == Class::kBool) return a & b;
    else if constexpr (K == Class::kFloat) return a * b;
    else return static_cast<V>(static_cast<Wrap<V>>(a) * static_cast<Wrap<V>>(b));
  } else if constexpr (C == Combiner::kMaximum) {
    if constexpr (K == Class::kFloat) {
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
      if (a == b) return std::signbit(a) ? b : a;
    }
    return a >= b ? a : b;
  } else if constexpr (C == Combiner::kMinimum) {
    if constexpr (K == Class::kFloat) {
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
      if (a == b) return std::signbit(a) ? a : b;
    }
    return a <= b ? a : b;
  } else if constexpr (C == Combiner::kAnd) {
    return a & b;
  } else if constexpr (C == Combiner::kOr) {
    return a | b;
  } else {
    return a ^ b;
  }
}

template <class E, plan::Combiner C>
void combineRow(uint8_t* dst, int64_t ds, const uint8_t* src, int64_t ss, int64_t count) {
  using S = typename E::Storage;
  S* d = reinterpret_cast<S*>(dst);
  const S* s = reinterpret_cast<const S*>(src);
  for (int64_t j = 0; j < count; ++j) d[j * ds] = E::store(combineValues<C, E::kClass>(E::load(d[j * ds]), E::load(s[j * ss])));
}

template <class Part>
void addComplexRow(uint8_t* dst, int64_t ds, const uint8_t* src, int64_t ss, int64_t count) {
  Part* d = reinterpret_cast<Part*>(dst);
  const Part* s = reinterpret_cast<const Part*>(src);
  for (int64_t j = 0; j < count; ++j) {
    d[2 * j * ds] += s[2 * j * ss];
    d[2 * j * ds + 1] += s[2 * j * ss + 1];
  }
}

template <int B>
void replaceRow(uint8_t* dst, int64_t ds, const uint8_t* src, int64_t ss, int64_t count) {
  for (int64_t j = 0; j < count; ++j) std::memcpy(dst + j * ds * B, src + j * ss * B, B);
}

void keepRow(uint8_t*, int64_t, const uint8_t*, int64_t, int64_t) {}

CombineRow combineFor(ElementType t, plan::Combiner c) {
  using plan::Combiner;
  switch (c) {
    case Combiner::kKeep: return &keepRow;
    case Combiner::kReplace:
      switch (storageBytes(t)) {
        case 1: return &replaceRow<1>;
        case 2: return &replaceRow<2>;
        case 4: return &replaceRow<4>;
        case 8: return &replaceRow<8>;
        case 16: return &replaceRow<16>;
        default: return nullptr;
      }
    case Combiner::kRegion: return nullptr;
    default: break;
  }
  if (t == ElementType::kC64 && c == Combiner::kAdd) return &addComplexRow<float>;
  if (t == ElementType::kC128 && c == Combiner::kAdd) return &addComplexRow<double>;
  return visitElement<CombineRow>(t, [c](auto e) -> CombineRow {
    using E = decltype(e);
    switch (c) {
      case Combiner::kAdd: return &combineRow<E, Combiner::kAdd>;
      case Combiner::kMultiply: return &combineRow<E, Combiner::kMultiply>;
      case Combiner::kMaximum: return &combineRow<E, Combiner::kMaximum>;
      case Combiner::kMinimum: return &combineRow<E, Combiner::kMinimum>;
      default: break;
    }
    if constexpr (E::kClass != Class::kFloat) {
      switch (c) {
        case Combiner::kAnd: return &combineRow<E, Combiner::kAnd>;
        case Combiner::kOr: return &combineRow<E, Combiner::kOr>;
        case Combiner::kXor: return &combineRow<E, Combiner::kXor>;
        default: break;
      }
    }
    return nullptr;
  });
}

// scatter (spec): the results start as the inputs; for every update index whose result index is in
// bounds, results[result_index] = update_computation(results[result_index], updates[update_index]).
// Update indices go batch by batch (the scatter dimensions in row-major order), each batch's window in
// row-major order; the window is cut to the part in bounds once per batch. With a recognised update
// computation each row of a window is combined natively; otherwise the computation runs per element.
template <bool kRegion>
absl::Status scatterKernel(const KernelArgs& args) {
  const auto& p = args.step.as<plan::ScatterParams>();
  const size_t n = p.n;
  std::vector<int64_t> bytes(n);
  std::vector<CombineRow> combine(n);
  // Update i, in the result's element type (promoted once when the update computation's type is wider).
  std::vector<const uint8_t*> updates(n);
  std::vector<Buffer> promoted(n);
  for (size_t i = 0; i < n; ++i) {
    const ElementType from = args.operandType(i).elementType(), to = args.resultType(i).elementType();
    bytes[i] = storageBytes(to);
    updates[i] = args.operands[n + 1 + i];
    if (from != to) {
      const WidenFn widen = widenFor(from, to);
      if (!widen) return absl::InternalError("scatter: no promotion kernel");
      widen(args.operands[i], args.results[i], args.resultType(i).numElements());
      const int64_t count = args.operandType(n + 1 + i).numElements();
      promoted[i].resize(static_cast<size_t>(count * bytes[i]));
      widen(updates[i], promoted[i].data(), count);
      updates[i] = promoted[i].data();
    } else if (args.results[i] != args.operands[i]) {
      std::memcpy(args.results[i], args.operands[i], static_cast<size_t>(plan::slotBytes(args.resultType(i))));
    }
    if constexpr (!kRegion) combine[i] = combineFor(to, p.combiners[i]);
  }
  const int64_t batches = numElements(p.batch_shape), window = numElements(p.window_shape);
  if (batches == 0 || window == 0 || args.num_elements == 0) return absl::OkStatus();
  const ElementType index_type = args.operandType(n).elementType();
  const int64_t index_bytes = storageBytes(index_type);
  const uint8_t* indices = args.operands[n];
  const size_t R = p.input_shape.size(), W = p.window_shape.size();
  std::vector<__int128> base(R);
  std::vector<bool> is_window(R, false);
  for (int64_t d : p.window_input_dims) is_window[static_cast<size_t>(d)] = true;
  std::vector<int64_t> batch(p.batch_shape.size(), 0), lo(W), hi(W), w(W);
  std::vector<const uint8_t*> region_inputs(2 * n);
  int64_t update_base = 0, index_base = 0, calls = 0;
  for (int64_t b = 0; b < batches; ++b, nextBatch(batch, p.batch_shape, p.batch_update_strides, update_base, p.batch_index_strides, index_base)) {
    if (b % 4096 == 4095) RETURN_IF_ERROR(args.frame.checkDeadline());
    std::fill(base.begin(), base.end(), 0);
    for (int64_t k = 0; k < p.vector_size; ++k)
      base[static_cast<size_t>(p.start_dims[static_cast<size_t>(k)])] +=
          readInteger(indices + (index_base + k * p.vector_stride) * index_bytes, index_type);
    for (size_t i = 0; i < p.batching_input_dims.size(); ++i)
      base[static_cast<size_t>(p.batching_input_dims[i])] += batch[static_cast<size_t>(p.batching_batch_pos[i])];
    // Dimensions outside the window must be in bounds; the window is cut to [lo, hi) per dimension.
    bool inside = true;
    int64_t target = 0;
    for (size_t d = 0; d < R && inside; ++d) {
      if (is_window[d]) continue;
      inside = base[d] >= 0 && base[d] < p.input_shape[d];
      if (inside) target += static_cast<int64_t>(base[d]) * p.input_strides[d];
    }
    int64_t update = update_base;
    for (size_t k = 0; k < W && inside; ++k) {
      const size_t d = static_cast<size_t>(p.window_input_dims[k]);
      const __int128 first = std::max<__int128>(0, -base[d]);
      const __int128 end = std::min<__int128>(p.window_shape[k], p.input_shape[d] - base[d]);
      inside = first < end;
      if (!inside) break;
      lo[k] = w[k] = static_cast<int64_t>(first);
      hi[k] = static_cast<int64_t>(end);
      target += static_cast<int64_t>(base[d] + first) * p.input_strides[d];
      update += lo[k] * p.window_update_strides[k];
    }
    if (!inside) continue;
    const int64_t length = W == 0 ? 1 : hi[W - 1] - lo[W - 1];  // no window dimension: one element per batch
    const int64_t target_step = W == 0 ? 0 : p.input_strides[static_cast<size_t>(p.window_input_dims[W - 1])];
    const int64_t update_step = W == 0 ? 0 : p.window_update_strides[W - 1];
    while (true) {
      if constexpr (kRegion) {
        for (int64_t j = 0; j < length; ++j) {
          if (++calls % 4096 == 0) RETURN_IF_ERROR(args.frame.checkDeadline());
          const int64_t t = target + j * target_step, u = update + j * update_step;
          for (size_t i = 0; i < n; ++i) {
            region_inputs[i] = args.results[i] + t * bytes[i];
            region_inputs[n + i] = updates[i] + u * bytes[i];
          }
          ASSIGN_OR_RETURN(std::vector<const uint8_t*> outputs,
                           args.frame.runRegion(args.step.regions[0], args.lowered.regions[0], region_inputs));
          for (size_t i = 0; i < n; ++i) std::memcpy(args.results[i] + t * bytes[i], outputs[i], static_cast<size_t>(bytes[i]));
        }
      } else {
        for (size_t i = 0; i < n; ++i)
          combine[i](args.results[i] + target * bytes[i], target_step, updates[i] + update * bytes[i], update_step, length);
      }
      // The next row of the window box (dimensions before the last).
      size_t k = W == 0 ? 0 : W - 1;
      while (k > 0) {
        const int64_t ts = p.input_strides[static_cast<size_t>(p.window_input_dims[k - 1])];
        const int64_t us = p.window_update_strides[k - 1];
        if (++w[k - 1] < hi[k - 1]) {
          target += ts;
          update += us;
          break;
        }
        target -= (hi[k - 1] - 1 - lo[k - 1]) * ts;
        update -= (hi[k - 1] - 1 - lo[k - 1]) * us;
        w[k - 1] = lo[k - 1];
        --k;
      }
      if (k == 0) break;
    }
  }
  return absl::OkStatus();
}

// --- sort ---------------------------------------------------------------------------------------------------

template <class Key>
struct Item {
  Key key;
  int64_t index;
};


// A bottom-up merge sort that takes the right element only when less(right, left): a stable sort for a
// strict weak order, and in bounds and deterministic for any comparator (a FLOAT compare with NaNs,
// LE, EQ...), with the same comparisons as the reference's sort.
template <class T, class Less>
absl::Status mergeSort(std::vector<T>& items, std::vector<T>& buffer, Less&& less) {
  const int64_t length = static_cast<int64_t>(items.size());
  buffer.resize(items.size());
  for (int64_t width = 1; width < length; width *= 2) {
    for (int64_t lo = 0; lo < length; lo += 2 * width) {
      const int64_t mid = std::min(lo + width, length), hi = std::min(lo + 2 * width, length);
      int64_t a = lo, b = mid, k = lo;
      while (a < mid && b < hi) {
        ASSIGN_OR_RETURN(const bool right_first, less(items[b], items[a]));
        buffer[k++] = right_first ? items[b++] : items[a++];
      }
      while (a < mid) buffer[k++] = items[a++];
      while (b < hi) buffer[k++] = items[b++];
    }
    items.swap(buffer);
  }
  return absl::OkStatus();
}

constexpr CompareDirection flipped(CompareDirection d) {
  switch (d) {
    case CompareDirection::kLT: return CompareDirection::kGT;
    case CompareDirection::kGT: return CompareDirection::kLT;
    case CompareDirection::kLE: return CompareDirection::kGE;
    case CompareDirection::kGE: return CompareDirection::kLE;
    default: return d;
  }
}

template <int B>
void permuteSlice(const uint8_t* src, uint8_t* dst, int64_t base, int64_t stride, const int64_t* order, int64_t length) {
  for (int64_t j = 0; j < length; ++j) std::memcpy(dst + (base + j * stride) * B, src + (base + order[j] * stride) * B, B);
}

void permute(const uint8_t* src, uint8_t* dst, int bytes, int64_t base, int64_t stride, const int64_t* order, int64_t length) {
  switch (bytes) {
    case 1: return permuteSlice<1>(src, dst, base, stride, order, length);
    case 2: return permuteSlice<2>(src, dst, base, stride, order, length);
    case 4: return permuteSlice<4>(src, dst, base, stride, order, length);
    case 8: return permuteSlice<8>(src, dst, base, stride, order, length);
    case 16: return permuteSlice<16>(src, dst, base, stride, order, length);
    default: break;
  }
}

// The slices of a sort: `length` elements `stride` apart, one slice per index with index[dimension] = 0.
struct SortGeometry {
  int64_t length = 0, stride = 1, slices = 0;
};
SortGeometry geometryOf(const KernelArgs& args) {
  const auto& shape = args.operandType(0).shape();
  const auto dim = static_cast<size_t>(args.step.as<plan::SortParams>().dimension);
  SortGeometry g;
  g.length = shape[dim];
  for (size_t d = dim + 1; d < shape.size(); ++d) g.stride *= shape[d];
  g.slices = g.length == 0 ? 0 : args.num_elements / g.length;
  return g;
}

void permuteOperands(const KernelArgs& args, int64_t base, const SortGeometry& g, const int64_t* order) {
  for (size_t i = 0; i < args.operands.size(); ++i)
    permute(args.operands[i], args.results[i], storageBytes(args.operandType(i).elementType()), base, g.stride, order, g.length);
}

template <class E, CompareKind K, CompareDirection D>
absl::Status sortNativeKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  using Key = decltype(compareKey<E, K>(S{}));
  const auto& p = args.step.as<plan::SortParams>();
  const SortGeometry g = geometryOf(args);
  const S* keys = reinterpret_cast<const S*>(args.operands[p.key]);
  std::vector<Item<Key>> items(static_cast<size_t>(g.length)), buffer;
  std::vector<int64_t> order(static_cast<size_t>(g.length));
  // comparator(lhs, rhs) = compare(key(lhs), key(rhs)) with D (the planner folded a swapped compare into D).
  auto less = [](const Item<Key>& x, const Item<Key>& y) { return decide<D>(x.key, y.key); };
  for (int64_t slice = 0; slice < g.slices; ++slice) {
    if (slice % 64 == 63) RETURN_IF_ERROR(args.frame.checkDeadline());
    const int64_t base = (slice / g.stride) * g.stride * g.length + slice % g.stride;
    bool strict_weak = D == CompareDirection::kLT || D == CompareDirection::kGT;
    for (int64_t j = 0; j < g.length; ++j) {
      items[static_cast<size_t>(j)] = {compareKey<E, K>(keys[base + j * g.stride]), j};
      if constexpr (std::is_floating_point_v<Key>) strict_weak = strict_weak && !std::isnan(items[static_cast<size_t>(j)].key);
    }
    if (strict_weak) {
      // A strict weak order has one stable order; std::stable_sort finds it.
      std::stable_sort(items.begin(), items.end(), less);
    } else {
      (void)mergeSort(items, buffer, [&](const Item<Key>& x, const Item<Key>& y) -> absl::StatusOr<bool> { return less(x, y); });
    }
    for (int64_t j = 0; j < g.length; ++j) order[static_cast<size_t>(j)] = items[static_cast<size_t>(j)].index;
    permuteOperands(args, base, g, order.data());
  }
  return absl::OkStatus();
}

// Any comparator: the region runs once per comparison, on (lhs_0, rhs_0, lhs_1, rhs_1, ...).
absl::Status sortRegionKernel(const KernelArgs& args) {
  const SortGeometry g = geometryOf(args);
  const size_t n = args.operands.size();
  std::vector<int64_t> bytes(n);
  for (size_t i = 0; i < n; ++i) bytes[i] = storageBytes(args.operandType(i).elementType());
  std::vector<int64_t> order(static_cast<size_t>(g.length)), buffer;
  std::vector<const uint8_t*> inputs(2 * n);
  int64_t calls = 0;
  for (int64_t slice = 0; slice < g.slices; ++slice) {
    const int64_t base = (slice / g.stride) * g.stride * g.length + slice % g.stride;
    for (int64_t j = 0; j < g.length; ++j) order[static_cast<size_t>(j)] = j;
    auto less = [&](int64_t x, int64_t y) -> absl::StatusOr<bool> {
      if (++calls % 4096 == 0) RETURN_IF_ERROR(args.frame.checkDeadline());
      for (size_t i = 0; i < n; ++i) {
        inputs[2 * i] = args.operands[i] + (base + x * g.stride) * bytes[i];
        inputs[2 * i + 1] = args.operands[i] + (base + y * g.stride) * bytes[i];
      }
      ASSIGN_OR_RETURN(std::vector<const uint8_t*> outputs, args.frame.runRegion(args.step.regions[0], args.lowered.regions[0], inputs));
      return outputs[0][0] != 0;
    };
    RETURN_IF_ERROR(mergeSort(order, buffer, less));
    permuteOperands(args, base, g, order.data());
  }
  return absl::OkStatus();
}

template <class E, CompareKind K>
Kernel sortFor(CompareDirection d) {
  switch (d) {
    case CompareDirection::kEQ: return &sortNativeKernel<E, K, CompareDirection::kEQ>;
    case CompareDirection::kNE: return &sortNativeKernel<E, K, CompareDirection::kNE>;
    case CompareDirection::kGE: return &sortNativeKernel<E, K, CompareDirection::kGE>;
    case CompareDirection::kGT: return &sortNativeKernel<E, K, CompareDirection::kGT>;
    case CompareDirection::kLE: return &sortNativeKernel<E, K, CompareDirection::kLE>;
    case CompareDirection::kLT: return &sortNativeKernel<E, K, CompareDirection::kLT>;
  }
  return nullptr;
}

// --- rng_bit_generator, rng -------------------------------------------------------------------------------------

// Writes the low bitWidth bits of `bits` as element i (the unsigned type of the element's width).
struct BitsWriter {
  uint8_t* out;
  size_t bytes;
  uint64_t mask;
  void put(int64_t i, uint64_t bits) const {
    bits &= mask;
    std::memcpy(out + static_cast<size_t>(i) * bytes, &bits, bytes);
  }
};

absl::Status rngBitGeneratorKernel(const KernelArgs& args) {
  const plan::rng::BitsLayout& layout = args.step.as<plan::RngBitGeneratorParams>().layout;
  std::vector<uint64_t> state(static_cast<size_t>(layout.words)), next(state.size());
  if (!state.empty()) std::memcpy(state.data(), args.operands[0], state.size() * sizeof(uint64_t));
  const ElementType t = args.resultType(1).elementType();
  const int width = bitWidth(t);
  const BitsWriter out{args.results[1], static_cast<size_t>(storageBytes(t)), width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1};
  const int64_t blocks = plan::rng::blockCount(layout);
  for (int64_t b = 0; b < blocks; ++b) {
    if (b % 65536 == 65535) RETURN_IF_ERROR(args.frame.checkDeadline());
    plan::rng::generateBlock(layout, state.data(), b, [&](int64_t i, uint64_t bits) { out.put(i, bits); });
  }
  plan::rng::nextState(layout, state.data(), next.data());
  if (!next.empty()) std::memcpy(args.results[0], next.data(), next.size() * sizeof(uint64_t));
  return absl::OkStatus();
}

// rng's draws for element i: two u64 from Philox-4x32-10 at counter (i, 0) under a fixed key.
std::array<uint64_t, 2> rngDraws(int64_t i) {
  uint32_t w[4];
  plan::rng::philox(static_cast<uint64_t>(i), 0, uint64_t{0x21666e6f} << 32 | 0x636f6c68u, w);
  return {w[0] | uint64_t{w[1]} << 32, w[2] | uint64_t{w[3]} << 32};
}

// The result's dimensions, from the shape operand, must be the static result shape.
absl::Status checkRngShape(const KernelArgs& args) {
  const ElementType t = args.operandType(2).elementType();
  const auto& shape = args.resultType(0).shape();
  for (size_t d = 0; d < shape.size(); ++d)
    if (readInteger(args.operands[2] + d * static_cast<size_t>(storageBytes(t)), t) != shape[d])
      return absl::InvalidArgumentError(strCat("rng: the shape operand does not give the result's shape ", args.resultType(0).toString()));
  return absl::OkStatus();
}

// UNIFORM on integers and i1: a + (k1 mod (b - a)); UNIFORM on floats: a + (k1 / 2^64) (b - a), rounded to
// the type (a when that reaches b); NORMAL: Box-Muller, a + b sqrt(-2 ln u1) cos(2 pi u2). The spec makes
// the values implementation-defined; a >= b (UNIFORM) and b < 0 (NORMAL) are errors, as undefined.
template <class E>
absl::Status rngKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  RETURN_IF_ERROR(checkRngShape(args));
  const bool normal = args.step.as<plan::RngParams>().normal;
  S a_bits, b_bits;
  std::memcpy(&a_bits, args.operands[0], sizeof(S));
  std::memcpy(&b_bits, args.operands[1], sizeof(S));
  S* out = reinterpret_cast<S*>(args.results[0]);
  constexpr double kTwoToMinus64 = 0x1p-64;
  if constexpr (E::kClass == Class::kFloat) {
    const double a = static_cast<double>(E::load(a_bits)), b = static_cast<double>(E::load(b_bits));
    if (normal) {
      if (!(b >= 0)) return absl::InvalidArgumentError("rng: NORMAL with b < 0 is undefined behaviour");
    } else {
      if (!(a < b)) return absl::InvalidArgumentError("rng: UNIFORM with a >= b (or a NaN bound) is undefined behaviour");
      if (std::isinf(a) || std::isinf(b)) return absl::InvalidArgumentError("rng: UNIFORM needs finite bounds");
    }
    for (int64_t i = 0; i < args.num_elements; ++i) {
      const auto [k1, k2] = rngDraws(i);
      if (normal) {
        const double u1 = (static_cast<double>(k1) + 1.0) * kTwoToMinus64, u2 = static_cast<double>(k2) * kTwoToMinus64;
        const double z = std::sqrt(-2.0 * std::log(std::min(u1, 1.0))) * std::cos(2.0 * 3.14159265358979323846 * u2);
        out[i] = E::fromDouble(a + b * z);
      } else {
        const double u = static_cast<double>(k1 >> 11) * 0x1p-53;  // in [0, 1)
        double v = a + u * (b - a);
        if (!std::isfinite(v)) v = a * (1 - u) + b * u;
        S bits = E::fromDouble(v);
        const double rounded = static_cast<double>(E::load(bits));
        if (!(rounded >= a && rounded < b)) bits = a_bits;
        out[i] = bits;
      }
    }
  } else {
    if (normal) return absl::InvalidArgumentError("rng: NORMAL needs a floating-point result");
    const __int128 a = static_cast<__int128>(a_bits), b = static_cast<__int128>(b_bits);
    if (a >= b) return absl::InvalidArgumentError("rng: UNIFORM with a >= b is undefined behaviour");
    const unsigned __int128 range = static_cast<unsigned __int128>(b - a);
    for (int64_t i = 0; i < args.num_elements; ++i)
      out[i] = static_cast<S>(a + static_cast<__int128>(static_cast<unsigned __int128>(rngDraws(i)[0]) % range));
  }
  return absl::OkStatus();
}

// --- choosers ----------------------------------------------------------------------------------------------

// A type-agnostic kernel: any element type whose bytes the copy engine moves.
template <Kernel kernel, bool in_place = false>
absl::StatusOr<KernelChoice> byBytes(const plan::Step& step, const plan::Plan& plan) {
  if (!copyableBytes(storageBytes(plan.slot_types[step.results[0]].elementType()))) return noKernelFor(step, plan);
  return KernelChoice{kernel, in_place};
}

absl::StatusOr<KernelChoice> chooseIota(const plan::Step& step, const plan::Plan& plan) {
  const ElementType t = plan.slot_types[step.results[0]].elementType();
  Kernel kernel = visitElement<Kernel>(t, [](auto e) -> Kernel { return &iotaKernel<decltype(e)>; });
  if (t == ElementType::kC64) kernel = &iotaComplexKernel<float>;
  if (t == ElementType::kC128) kernel = &iotaComplexKernel<double>;
  if (t == ElementType::kSI2 || t == ElementType::kSI4 || t == ElementType::kUI2 || t == ElementType::kUI4) kernel = &iotaSubByteKernel;
  if (!kernel && isFloat(t) && t != ElementType::kF8E8M0FNU) kernel = &iotaNarrowFloatKernel;
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, false};
}

absl::StatusOr<KernelChoice> chooseDimensionSize(const plan::Step&, const plan::Plan&) {
  return KernelChoice{&dimensionSizeKernel, false};
}

absl::StatusOr<KernelChoice> chooseScatter(const plan::Step& step, const plan::Plan& plan) {
  const auto& p = step.as<plan::ScatterParams>();
  for (size_t i = 0; i < p.n; ++i) {
    const ElementType from = plan.slot_types[step.operands[i]].elementType(), to = plan.slot_types[step.results[i]].elementType();
    if (!copyableBytes(storageBytes(to)) || (from != to && !widenFor(from, to))) return noKernelFor(step, plan);
  }
  bool native = !p.run_region;
  for (size_t i = 0; i < p.n && native; ++i) native = combineFor(plan.slot_types[step.results[i]].elementType(), p.combiners[i]) != nullptr;
  if (native) return KernelChoice{&scatterKernel<false>, false, /*runs_regions=*/false};
  return KernelChoice{&scatterKernel<true>, false};
}

// chlo.top_k: per row, the indices ordered by descending key (IEEE totalOrder for floats, the value for
// integers and i1, as the reference orders them), equal keys in index order, the first k written with
// their indices. Index order for ties is is_stable's order, and one chlo.md allows without it.
template <class E>
absl::Status topKKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  constexpr CompareKind kKind = E::kClass == Class::kFloat ? CompareKind::kTotalOrder : CompareKind::kSigned;
  const auto& p = args.step.as<plan::TopKParams>();
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  S* values = reinterpret_cast<S*>(args.results[0]);
  uint8_t* indices = args.results[1];
  const ElementType index_type = args.resultType(1).elementType();
  const size_t index_bytes = storageBytes(index_type);
  const int64_t rows = p.n == 0 ? 0 : args.operandType(0).numElements() / p.n;
  std::vector<int64_t> order(static_cast<size_t>(p.n));
  for (int64_t row = 0; row < rows; ++row) {
    if ((row & 1023) == 0) RETURN_IF_ERROR(args.frame.checkDeadline());
    const S* in = x + row * p.n;
    std::iota(order.begin(), order.end(), int64_t{0});
    std::partial_sort(order.begin(), order.begin() + p.k, order.end(), [&](int64_t a, int64_t b) {
      const auto ka = compareKey<E, kKind>(in[a]), kb = compareKey<E, kKind>(in[b]);
      return ka > kb || (ka == kb && a < b);
    });
    for (int64_t j = 0; j < p.k; ++j) {
      const int64_t to = row * p.k + j;
      values[to] = in[order[j]];
      const uint64_t index_bits = wrapInteger(index_type, order[j]);
      std::memcpy(indices + to * index_bytes, &index_bits, index_bytes);  // the low bytes: little-endian
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<KernelChoice> chooseTopK(const plan::Step& step, const plan::Plan& plan) {
  if (!copyableBytes(storageBytes(plan.slot_types[step.results[1]].elementType()))) return noKernelFor(step, plan);
  Kernel kernel = visitElement<Kernel>(plan.slot_types[step.operands[0]].elementType(), [](auto e) -> Kernel {
    using E = decltype(e);
    if constexpr (E::kClass == Class::kComplex) return nullptr;
    else return &topKKernel<E>;
  });
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, false};
}

absl::StatusOr<KernelChoice> chooseSort(const plan::Step& step, const plan::Plan& plan) {
  const auto& p = step.as<plan::SortParams>();
  for (plan::Slot slot : step.operands)
    if (!copyableBytes(storageBytes(plan.slot_types[slot].elementType()))) return noKernelFor(step, plan);
  Kernel kernel = nullptr;
  if (p.native) {
    const CompareDirection d = p.swapped ? flipped(p.direction) : p.direction;
    kernel = visitElement<Kernel>(plan.slot_types[step.operands[p.key]].elementType(), [&](auto e) -> Kernel {
      using E = decltype(e);
      if constexpr (E::kClass == Class::kFloat) {
        if (p.kind == CompareKind::kFloat) return sortFor<E, CompareKind::kFloat>(d);
        if (p.kind == CompareKind::kTotalOrder) return sortFor<E, CompareKind::kTotalOrder>(d);
      } else {
        if (p.kind == CompareKind::kSigned) return sortFor<E, CompareKind::kSigned>(d);
        if (p.kind == CompareKind::kUnsigned) return sortFor<E, CompareKind::kUnsigned>(d);
      }
      return nullptr;
    });
  }
  if (kernel) return KernelChoice{kernel, false, /*runs_regions=*/false};
  return KernelChoice{&sortRegionKernel, false};
}

absl::StatusOr<KernelChoice> chooseRngBitGenerator(const plan::Step& step, const plan::Plan& plan) {
  if (!copyableBytes(storageBytes(plan.slot_types[step.results[1]].elementType()))) return noKernelFor(step, plan);
  return KernelChoice{&rngBitGeneratorKernel, false};
}

absl::StatusOr<KernelChoice> chooseRng(const plan::Step& step, const plan::Plan& plan) {
  Kernel kernel = visitElement<Kernel>(plan.slot_types[step.results[0]].elementType(), [](auto e) -> Kernel { return &rngKernel<decltype(e)>; });
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, false};
}

constexpr KernelFamilyEntry kKernels[] = {
    {OpId::kReshape, byBytes<reshapeKernel, true>},
    {OpId::kBroadcastInDim, byBytes<copyKernel>},
    {OpId::kTranspose, byBytes<copyKernel>},
    {OpId::kSlice, byBytes<copyKernel>},
    {OpId::kReverse, byBytes<copyKernel>},
    {OpId::kConcatenate, byBytes<concatenateKernel>},
    {OpId::kPad, byBytes<padKernel>},
    {OpId::kDynamicPad, byBytes<padKernel>},
    {OpId::kDynamicReshape, byBytes<reshapeKernel, true>},
    {OpId::kDynamicBroadcastInDim, byBytes<copyKernel>},
    {OpId::kDynamicIota, chooseIota},
    {OpId::kDynamicGather, byBytes<gatherKernel>},
    {OpId::kIota, chooseIota},
    {OpId::kGetDimensionSize, chooseDimensionSize},
    {OpId::kDynamicSlice, byBytes<dynamicSliceKernel>},
    {OpId::kDynamicUpdateSlice, byBytes<dynamicUpdateSliceKernel, true>},
    {OpId::kGather, byBytes<gatherKernel>},
    {OpId::kScatter, chooseScatter},
    {OpId::kSort, chooseSort},
    {OpId::kChloTopK, chooseTopK},
    {OpId::kRngBitGenerator, chooseRngBitGenerator},
    {OpId::kRng, chooseRng},
};

}  // namespace

std::span<const KernelFamilyEntry> movementKernels() { return kKernels; }

}  // namespace hloconf::cpu
