#include "executors/cpu/movement_copy.h"

#include <algorithm>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace hloconf::cpu {
namespace {

struct Bytes16 {
  uint64_t lo, hi;
};

template <int B>
using Element = std::conditional_t<B == 1, uint8_t,
                std::conditional_t<B == 2, uint16_t,
                std::conditional_t<B == 4, uint32_t, std::conditional_t<B == 8, uint64_t, Bytes16>>>>;

// One row: n elements, source and destination strides ss and ds.
template <class T>
inline void copyRow(const T* src, T* dst, int64_t n, int64_t ss, int64_t ds) {
  if (ss == 1 && ds == 1) {
    std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(T));
  } else if (ds == 1 && ss == 0) {
    const T v = *src;
    for (int64_t j = 0; j < n; ++j) dst[j] = v;
  } else if (ds == 1) {
    for (int64_t j = 0; j < n; ++j) dst[j] = src[j * ss];
  } else {
    for (int64_t j = 0; j < n; ++j) dst[j * ds] = src[j * ss];
  }
}

// A 2-d block: dst[i * di + j] = src[i + j * sj] for i < rows, j < cols (the source contiguous along i,
// the destination along j), in square tiles that stay in cache.
template <class T>
void copyTransposed(const T* src, T* dst, int64_t rows, int64_t cols, int64_t di, int64_t sj) {
  constexpr int64_t kTile = sizeof(T) <= 4 ? 32 : 16;
  for (int64_t i0 = 0; i0 < rows; i0 += kTile) {
    const int64_t i1 = std::min(rows, i0 + kTile);
    for (int64_t j0 = 0; j0 < cols; j0 += kTile) {
      const int64_t j1 = std::min(cols, j0 + kTile);
      for (int64_t i = i0; i < i1; ++i) {
        T* d = dst + i * di;
        const T* s = src + i;
        for (int64_t j = j0; j < j1; ++j) d[j] = s[j * sj];
      }
    }
  }
}

#if defined(__SSE2__)
// Square blocks of M x M elements through SSE registers: load M source rows (contiguous along i), shuffle,
// store M destination rows (contiguous along j). Shuffles move bits exactly (NaN payloads included).
inline void micro4(const uint32_t* src, int64_t sj, uint32_t* dst, int64_t di) {
  const float* s = reinterpret_cast<const float*>(src);
  __m128 r0 = _mm_loadu_ps(s), r1 = _mm_loadu_ps(s + sj), r2 = _mm_loadu_ps(s + 2 * sj), r3 = _mm_loadu_ps(s + 3 * sj);
  _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
  float* d = reinterpret_cast<float*>(dst);
  _mm_storeu_ps(d, r0);
  _mm_storeu_ps(d + di, r1);
  _mm_storeu_ps(d + 2 * di, r2);
  _mm_storeu_ps(d + 3 * di, r3);
}

inline void micro8(const uint64_t* src, int64_t sj, uint64_t* dst, int64_t di) {
  const double* s = reinterpret_cast<const double*>(src);
  const __m128d r0 = _mm_loadu_pd(s), r1 = _mm_loadu_pd(s + sj);
  double* d = reinterpret_cast<double*>(dst);
  _mm_storeu_pd(d, _mm_unpacklo_pd(r0, r1));
  _mm_storeu_pd(d + di, _mm_unpackhi_pd(r0, r1));
}

inline __m128i load128(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }

inline void micro2(const uint16_t* src, int64_t sj, uint16_t* dst, int64_t di) {
  __m128i r[8], t[8], u[8];
  for (int k = 0; k < 8; ++k) r[k] = load128(src + k * sj);
  for (int k = 0; k < 4; ++k) {
    t[2 * k] = _mm_unpacklo_epi16(r[2 * k], r[2 * k + 1]);
    t[2 * k + 1] = _mm_unpackhi_epi16(r[2 * k], r[2 * k + 1]);
  }
  for (int h = 0; h < 2; ++h) {  // rows 0-3 (h = 0) and 4-7 (h = 1)
    u[4 * h + 0] = _mm_unpacklo_epi32(t[4 * h + 0], t[4 * h + 2]);
    u[4 * h + 1] = _mm_unpackhi_epi32(t[4 * h + 0], t[4 * h + 2]);
    u[4 * h + 2] = _mm_unpacklo_epi32(t[4 * h + 1], t[4 * h + 3]);
    u[4 * h + 3] = _mm_unpackhi_epi32(t[4 * h + 1], t[4 * h + 3]);
  }
  for (int k = 0; k < 4; ++k) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + (2 * k) * di), _mm_unpacklo_epi64(u[k], u[4 + k]));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + (2 * k + 1) * di), _mm_unpackhi_epi64(u[k], u[4 + k]));
  }
}

inline void micro1(const uint8_t* src, int64_t sj, uint8_t* dst, int64_t di) {
  __m128i t[4], u[4];
  for (int k = 0; k < 4; ++k)
    t[k] = _mm_unpacklo_epi8(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + 2 * k * sj)),
                             _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + (2 * k + 1) * sj)));
  u[0] = _mm_unpacklo_epi16(t[0], t[1]);  // columns 0-3 of rows 0-3
  u[1] = _mm_unpackhi_epi16(t[0], t[1]);  // columns 4-7 of rows 0-3
  u[2] = _mm_unpacklo_epi16(t[2], t[3]);
  u[3] = _mm_unpackhi_epi16(t[2], t[3]);
  const __m128i v[4] = {_mm_unpacklo_epi32(u[0], u[2]), _mm_unpackhi_epi32(u[0], u[2]), _mm_unpacklo_epi32(u[1], u[3]),
                        _mm_unpackhi_epi32(u[1], u[3])};
  for (int k = 0; k < 4; ++k) {
    _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + (2 * k) * di), v[k]);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + (2 * k + 1) * di), _mm_unpackhi_epi64(v[k], v[k]));
  }
}

// Tiles of kTile x kTile, each in M x M register blocks, the ragged edges element by element.
template <class T, int64_t M, void (*Micro)(const T*, int64_t, T*, int64_t)>
void copyTransposedBlocks(const T* src, T* dst, int64_t rows, int64_t cols, int64_t di, int64_t sj) {
  constexpr int64_t kTile = 128;
  for (int64_t i0 = 0; i0 < rows; i0 += kTile) {
    const int64_t i1 = std::min(rows, i0 + kTile);
    for (int64_t j0 = 0; j0 < cols; j0 += kTile) {
      const int64_t j1 = std::min(cols, j0 + kTile);
      int64_t i = i0;
      for (; i + M <= i1; i += M) {
        int64_t j = j0;
        for (; j + M <= j1; j += M) Micro(src + i + j * sj, sj, dst + i * di + j, di);
        for (; j < j1; ++j)
          for (int64_t k = 0; k < M; ++k) dst[(i + k) * di + j] = src[i + k + j * sj];
      }
      for (; i < i1; ++i)
        for (int64_t j = j0; j < j1; ++j) dst[i * di + j] = src[i + j * sj];
    }
  }
}

template <>
void copyTransposed<uint8_t>(const uint8_t* src, uint8_t* dst, int64_t rows, int64_t cols, int64_t di, int64_t sj) {
  copyTransposedBlocks<uint8_t, 8, micro1>(src, dst, rows, cols, di, sj);
}
template <>
void copyTransposed<uint16_t>(const uint16_t* src, uint16_t* dst, int64_t rows, int64_t cols, int64_t di, int64_t sj) {
  copyTransposedBlocks<uint16_t, 8, micro2>(src, dst, rows, cols, di, sj);
}
template <>
void copyTransposed<uint32_t>(const uint32_t* src, uint32_t* dst, int64_t rows, int64_t cols, int64_t di, int64_t sj) {
  copyTransposedBlocks<uint32_t, 4, micro4>(src, dst, rows, cols, di, sj);
}
template <>
void copyTransposed<uint64_t>(const uint64_t* src, uint64_t* dst, int64_t rows, int64_t cols, int64_t di, int64_t sj) {
  copyTransposedBlocks<uint64_t, 2, micro8>(src, dst, rows, cols, di, sj);
}
#endif

template <class T>
void copyTyped(const plan::CopyPattern& p, const T* src, T* dst) {
  const size_t rank = p.shape.size();
  if (rank == 0) {
    *dst = *src;
    return;
  }
  const size_t last = rank - 1;
  // A transpose: the destination contiguous along the last dimension, the source along another one.
  size_t tiled = rank;
  if (rank >= 2 && p.dst_strides[last] == 1 && p.src_strides[last] != 1 && p.shape[last] >= 8) {
    for (size_t d = 0; d < last; ++d)
      if (p.src_strides[d] == 1 && p.shape[d] >= 8) tiled = d;
  }
  if (rank == 1) {
    copyRow(src, dst, p.shape[0], p.src_strides[0], p.dst_strides[0]);
    return;
  }
  // The outer dimensions and the odometer over them, on the stack for the usual ranks (a gather copies
  // one window per index: no allocation per call).
  constexpr size_t kInline = 16;
  size_t outer_inline[kInline];
  int64_t index_inline[kInline] = {};
  std::vector<size_t> outer_heap;
  std::vector<int64_t> index_heap;
  size_t* outer = outer_inline;
  int64_t* index = index_inline;
  if (rank > kInline) {
    outer_heap.resize(rank);
    index_heap.assign(rank, 0);
    outer = outer_heap.data();
    index = index_heap.data();
  }
  size_t num_outer = 0;
  for (size_t d = 0; d < last; ++d)
    if (d != tiled) outer[num_outer++] = d;
  int64_t s = 0, t = 0;
  while (true) {
    if (tiled < rank) {
      copyTransposed(src + s, dst + t, p.shape[tiled], p.shape[last], p.dst_strides[tiled], p.src_strides[last]);
    } else {
      copyRow(src + s, dst + t, p.shape[last], p.src_strides[last], p.dst_strides[last]);
    }
    // The next outer index (odometer), updating the offsets incrementally.
    size_t k = num_outer;
    while (k > 0) {
      const size_t d = outer[k - 1];
      if (++index[k - 1] < p.shape[d]) {
        s += p.src_strides[d];
        t += p.dst_strides[d];
        break;
      }
      s -= (p.shape[d] - 1) * p.src_strides[d];
      t -= (p.shape[d] - 1) * p.dst_strides[d];
      index[k - 1] = 0;
      --k;
    }
    if (k == 0) return;
  }
}

template <int B>
void copyBytes(const plan::CopyPattern& p, const uint8_t* src, uint8_t* dst, int64_t src_offset, int64_t dst_offset) {
  using T = Element<B>;
  copyTyped<T>(p, reinterpret_cast<const T*>(src) + p.src_offset + src_offset, reinterpret_cast<T*>(dst) + p.dst_offset + dst_offset);
}

template <int B>
void fillBytes(uint8_t* dst, int64_t count, const uint8_t* value) {
  using T = Element<B>;
  T v;
  std::memcpy(&v, value, sizeof(T));
  T* out = reinterpret_cast<T*>(dst);
  for (int64_t i = 0; i < count; ++i) out[i] = v;
}

}  // namespace

void copyStrided(const plan::CopyPattern& pattern, const uint8_t* src, uint8_t* dst, int element_bytes, int64_t src_offset,
                 int64_t dst_offset) {
  if (pattern.empty) return;
  switch (element_bytes) {
    case 1: return copyBytes<1>(pattern, src, dst, src_offset, dst_offset);
    case 2: return copyBytes<2>(pattern, src, dst, src_offset, dst_offset);
    case 4: return copyBytes<4>(pattern, src, dst, src_offset, dst_offset);
    case 8: return copyBytes<8>(pattern, src, dst, src_offset, dst_offset);
    case 16: return copyBytes<16>(pattern, src, dst, src_offset, dst_offset);
    default: break;
  }
}

void fillElements(uint8_t* dst, int64_t count, const uint8_t* value, int element_bytes) {
  if (count <= 0) return;
  switch (element_bytes) {
    case 1: std::memset(dst, value[0], static_cast<size_t>(count)); return;
    case 2: return fillBytes<2>(dst, count, value);
    case 4: return fillBytes<4>(dst, count, value);
    case 8: return fillBytes<8>(dst, count, value);
    case 16: return fillBytes<16>(dst, count, value);
    default: break;
  }
}

}  // namespace hloconf::cpu
