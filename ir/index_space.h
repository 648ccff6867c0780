// Index arithmetic on row-major tensors, shared by every layer that walks an index space: the spec's
// multi-dimensional indices (index[d] in [0, shape[d])), their row-major linear numbering, and offsets
// through strides. Kernels write `do { ... } while (nextIndex(index, shape));` instead of their own
// odometer loops.
#ifndef HLOCONF_IR_INDEX_SPACE_H_
#define HLOCONF_IR_INDEX_SPACE_H_

#include <cstdint>
#include <span>
#include <vector>

namespace hloconf {

// Row-major strides of a shape: the last dimension has stride 1, dimension d has the product of the
// sizes after it.
inline std::vector<int64_t> rowMajorStrides(std::span<const int64_t> shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) strides[d - 1] = strides[d] * shape[d];
  return strides;
}

// The number of elements of a shape (1 for rank 0, 0 when any size is 0).
inline int64_t numElements(std::span<const int64_t> shape) {
  int64_t n = 1;
  for (int64_t size : shape) n *= size;
  return n;
}

// Advances `index` to the next multi-index of `shape` in row-major order (the last dimension fastest).
// Returns false, with `index` back at all zeros, after the last one.
inline bool nextIndex(std::span<int64_t> index, std::span<const int64_t> shape) {
  for (size_t d = shape.size(); d-- > 0;) {
    if (++index[d] < shape[d]) return true;
    index[d] = 0;
  }
  return false;
}

// sum index[d] * strides[d]: the linear offset of a multi-index (or of a window position through any
// strides).
inline int64_t linearOffset(std::span<const int64_t> index, std::span<const int64_t> strides) {
  int64_t offset = 0;
  for (size_t d = 0; d < index.size(); ++d) offset += index[d] * strides[d];
  return offset;
}

// The multi-index of row-major element `linear` of `shape` (the inverse of linearOffset with
// rowMajorStrides(shape)). Dimensions of size 0 give index 0.
// The same into `index` (of shape.size() entries), for loops that reuse one buffer per element.
inline void unravelIndex(int64_t linear, std::span<const int64_t> shape, std::span<int64_t> index) {
  for (size_t d = shape.size(); d-- > 0;) {
    index[d] = 0;
    if (shape[d] == 0) continue;
    index[d] = linear % shape[d];
    linear /= shape[d];
  }
}
inline std::vector<int64_t> unravelIndex(int64_t linear, std::span<const int64_t> shape) {
  std::vector<int64_t> index(shape.size(), 0);
  unravelIndex(linear, shape, index);
  return index;
}

}  // namespace hloconf

#endif  // HLOCONF_IR_INDEX_SPACE_H_
