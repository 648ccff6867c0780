// The CUDA executor's kernel launchers (kernels.cu): plain functions over device pointers on one stream.
// Each returns the launch's cudaError_t (cudaGetLastError after the launch); an empty range launches
// nothing. The host runner (executor.cc) checks every one.
#ifndef HLOCONF_EXECUTORS_CUDA_KERNELS_H_
#define HLOCONF_EXECUTORS_CUDA_KERNELS_H_

#include <cuda_runtime_api.h>
#include <stdint.h>

#include "executors/cuda/device_math.h"
#include "executors/cuda/sort_desc.h"
#include "executors/cuda/window_desc.h"
#include "executors/plan/rng_bits.h"

namespace hloconf::cuda {

inline constexpr int kMaxRank = 8;

// An n-d copy (the plan's CopyPattern): for every index i of `shape`, dst[dst_offset + i . dst_strides] =
// src[src_offset + i . src_strides], in elements; `total` = the product of the shape (1 for rank 0).
struct CopyDesc {
  int rank = 0;
  int64_t shape[kMaxRank] = {};
  int64_t src_strides[kMaxRank] = {};
  int64_t dst_strides[kMaxRank] = {};
  int64_t src_offset = 0, dst_offset = 0, total = 0;
};

// reduce of one input: result element o (row-major over the kept dims) combines the input elements at
// base(o) + r . reduced_strides for every index r of the reduced dims.
struct ReduceDesc {
  int kept_rank = 0, reduced_rank = 0;
  int64_t kept_shape[kMaxRank] = {}, kept_strides[kMaxRank] = {};  // input strides of the kept dims
  int64_t reduced_shape[kMaxRank] = {}, reduced_strides[kMaxRank] = {};
  int64_t outputs = 0, reduced = 0;  // element counts
};

namespace k {
cudaError_t unary(DType t, UOp op, const void* x, void* out, int64_t n, cudaStream_t s);
cudaError_t binary(DType t, BOp op, const void* x, const void* y, void* out, int64_t n, cudaStream_t s);
cudaError_t compare(DType t, CmpDir dir, CmpKind kind, const void* x, const void* y, void* out, int64_t n, cudaStream_t s);
// is_finite, chlo.is_inf, is_neg_inf, is_pos_inf of a float type: one byte per element.
cudaError_t floatTest(DType t, dm::FloatTest test, const void* x, void* out, int64_t n, cudaStream_t s);
// chlo.next_after of a float type, on the encoding (device_math.h nextAfter).
cudaError_t nextAfter(DType t, const void* x, const void* y, void* out, int64_t n, cudaStream_t s);
// select: elements of `bytes` bytes; the predicate has one byte per element, or one for all.
cudaError_t select(int bytes, const void* pred, bool scalar_pred, const void* on_true, const void* on_false, void* out,
                   int64_t n, cudaStream_t s);
cudaError_t clamp(DType t, const void* lo, bool scalar_lo, const void* x, const void* hi, bool scalar_hi, void* out,
                  int64_t n, cudaStream_t s);
// reduce_precision of a float type to e exponent and m mantissa bits (e >= 1, m >= 0).
cudaError_t reducePrecision(DType t, int64_t e, int64_t m, const void* x, void* out, int64_t n, cudaStream_t s);
cudaError_t convert(DType from, DType to, const void* x, void* out, int64_t n, cudaStream_t s);
// iota: element i is (i / inner) % size, converted to t.
cudaError_t iota(DType t, int64_t inner, int64_t size, void* out, int64_t n, cudaStream_t s);
// Elements of `bytes` bytes (1, 2, 4, 8 or 16).
cudaError_t copy(int bytes, const CopyDesc& d, const void* src, void* dst, cudaStream_t s);
// out[i] = *value for i < n.
cudaError_t fill(int bytes, const void* value, void* out, int64_t n, cudaStream_t s);
// dot_general of integers (wrapping) or i1 (or of ands): out[b, i, j] = sum_k a[b, i, k] * b[b, k, j], with a
// and b row-major [batch, m, k] and [batch, k, n]. One thread per result element.
cudaError_t dotInteger(DType t, const void* a, const void* b, void* out, int64_t batch, int64_t m, int64_t n, int64_t k,
                       cudaStream_t s);
cudaError_t reduce(DType t, RedOp op, const void* in, const void* init, void* out, const ReduceDesc& d, cudaStream_t s);
// reduce_window of one input (window_desc.h): one thread per window.
cudaError_t reduceWindow(DType t, RedOp op, const void* in, const void* init, void* out, const WindowDesc& d, cudaStream_t s);
// select_and_scatter of one type with select compare GE (ge) or GT and a scatter body op (window_desc.h: d's
// windows are over the operand, one per source element); `selected` holds d.outputs int64_t; n = the operand's
// element count.
cudaError_t selectAndScatter(DType t, bool ge, RedOp op, const WindowDesc& d, const void* operand, const void* source, const void* init,
                             int64_t* selected, void* out, int64_t n, cudaStream_t s);
// sort's order (sort_desc.h): per slice, the element indices in sorted order, left in *sorted (one of a and b,
// each d.slices * d.length int64_t; a and b are overwritten).
cudaError_t sortOrder(const SortDesc& d, const void* keys, int64_t* a, int64_t* b, int64_t** sorted, cudaStream_t s);
// dst[base + j stride] = src[base + order[j] stride] per slice, elements of `bytes` bytes (1, 2, 4, 8).
cudaError_t permute(int bytes, const SortDesc& d, const int64_t* order, const void* src, void* dst, cudaStream_t s);
// complex<f32> (part kF32) or complex<f64> (kF64), parts interleaved: out = x y per element (Kahan's FMA
// determinant per part, device_math.h), and out = |x| (hypot) of the part type.
cudaError_t complexMultiply(DType part, const void* x, const void* y, void* out, int64_t n, cudaStream_t s);
cudaError_t complexAbs(DType part, const void* x, void* out, int64_t n, cudaStream_t s);
// compare of complex numbers (compare_type FLOAT): one byte per element.
cudaError_t compareComplex(DType part, CmpDir dir, const void* x, const void* y, void* out, int64_t n, cudaStream_t s);
// chlo.top_k from `order` (sortOrder's, rows of n sorted descending with ties by index): values and indices
// (index_bytes bytes each, the index wrapped) of each row's first k.
cudaError_t topK(DType t, const int64_t* order, const void* x, void* values, void* indices, int index_bytes, int64_t n, int64_t k,
                 int64_t rows, cudaStream_t s);
// rng of type t (the CPU executor's draws and formulas): a and b are host copies of the bounds, which the
// caller checked (UNIFORM: a < b, finite for floats; NORMAL: a float type, b >= 0).
cudaError_t rng(DType t, bool normal, const void* a_host, const void* b_host, void* out, int64_t n, cudaStream_t s);
// rng_bit_generator (plan/rng_bits.h): `out` gets every output element (elements of `bytes` bytes, the bits
// masked by `mask`), `next` the output state; `state` has layout.words words.
cudaError_t rngBits(const plan::rng::BitsLayout& layout, int bytes, uint64_t mask, const uint64_t* state, void* out, uint64_t* next,
                    cudaStream_t s);
}  // namespace k

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_KERNELS_H_
