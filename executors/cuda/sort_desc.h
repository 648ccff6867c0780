// The CUDA executor's sort (executors/cuda/README.md): the CPU executor's bottom-up merge sort, one merge
// per thread and one kernel per pass, so that every comparator the planner recognised (one compare of one
// operand's two arguments, any direction and ordering, NaNs too) gives exactly the CPU executor's and the
// reference's order. HLOCONF_HD: the host tests run the same merges (tests/executors/cuda_emulation_test.cc).
#ifndef HLOCONF_EXECUTORS_CUDA_SORT_DESC_H_
#define HLOCONF_EXECUTORS_CUDA_SORT_DESC_H_

#include <stdint.h>

#include "executors/cuda/device_math.h"

namespace hloconf::cuda {

// The slices of a sort: `length` elements `stride` apart, one slice per index with index[dimension] = 0.
// An order buffer holds, per slice, the indices j (0 <= j < length) of its elements, slice after slice.
struct SortDesc {
  int64_t length = 0, stride = 1, slices = 0;
  DType key_type = kF32;
  CmpDir dir = CmpDir::kLT;  // comparator(lhs, rhs) = compare(key(lhs), key(rhs)) with dir (swaps folded in)
  CmpKind kind = CmpKind::kFloat;
};

// The flat index of slice `slice`'s element 0.
HLOCONF_HD inline int64_t sliceBase(const SortDesc& d, int64_t slice) {
  return (slice / d.stride) * d.stride * d.length + slice % d.stride;
}

// Merges the sorted runs [lo, lo + width) and [lo + width, lo + 2 width) (clipped to the slice) of slice
// `slice`'s order `from` into `to`, taking the right element only when comparator(right, left): stable for a
// strict weak order, and the CPU executor's result (executors/cpu/kernels_movement.cc, mergeSort) for any.
template <class S>
HLOCONF_HD void mergeRuns(const SortDesc& d, const S* keys, const int64_t* from, int64_t* to, int64_t slice, int64_t lo, int64_t width) {
  const int64_t base = sliceBase(d, slice), first = slice * d.length;
  const int64_t mid = lo + width < d.length ? lo + width : d.length;
  const int64_t hi = lo + 2 * width < d.length ? lo + 2 * width : d.length;
  int64_t a = lo, b = mid, k = lo;
  while (a < mid && b < hi) {
    const int64_t left = from[first + a], right = from[first + b];
    const bool right_first = dm::compareValues(d.dir, d.kind, keys[base + right * d.stride], keys[base + left * d.stride]);
    to[first + k++] = right_first ? right : left;
    if (right_first)
      ++b;
    else
      ++a;
  }
  while (a < mid) to[first + k++] = from[first + a++];
  while (b < hi) to[first + k++] = from[first + b++];
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_SORT_DESC_H_
