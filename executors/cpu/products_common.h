// What the products and linear algebra kernels share (kernels_products.cc, products_*.cc): the compute
// type of a product (float, double, complex, or the result's integer type with wrap-around), row loaders
// that convert operand elements into it, stores that round results once to the result type, and GEMM on
// each compute type (OpenBLAS and oneDNN for the floats, OpenBLAS for complex, a plain loop for the integers and i1).
#ifndef HLOCONF_EXECUTORS_CPU_PRODUCTS_COMMON_H_
#define HLOCONF_EXECUTORS_CPU_PRODUCTS_COMMON_H_

#include <complex>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>
#include <vector>

#include "executors/cpu/elementwise_types.h"
#include "executors/cpu/kernels.h"
#include "ir/element_type.h"

namespace hloconf::cpu::products {

using C64 = std::complex<float>;
using C128 = std::complex<double>;

// i1 in products: OR of ANDs (a byte, 0 or 1; std::vector<bool> would not give a pointer).
struct Truth {
  uint8_t v = 0;
};

template <class T>
struct IsComplexType : std::false_type {};
template <class R>
struct IsComplexType<std::complex<R>> : std::true_type {};
template <class T>
inline constexpr bool kIsComplex = IsComplexType<T>::value;
template <class T>
inline constexpr bool kIsFloating = std::is_floating_point_v<T> || kIsComplex<T>;

// Converts `n` elements of type `from` at `src` (every `stride` elements) into `dst`.
template <class T>
using RowLoad = void (*)(const uint8_t* src, int64_t stride, int64_t n, T* dst);
// Rounds `n` computed values once to the result's element type at `dst`.
template <class T>
using RowStore = void (*)(const T* src, int64_t n, uint8_t* dst);

// Calls f(S{}, tag) for a storage type: F32, F64, F16, BF16, the 8-, 6- and 4-bit floats, the integers of
// 8 bits or more, i1 (Bool), C64 and C128.
struct C64E {
  using Storage = C64;
};
struct C128E {
  using Storage = C128;
};
template <class R, class F>
R visitStorage(ElementType t, F&& f, R otherwise = R{}) {
  if (t == ElementType::kC64) return f(C64E{});
  if (t == ElementType::kC128) return f(C128E{});
  // The 8-, 6- and 4-bit floats too (one byte each, widened through their tables); not the 2- and 4-bit
  // integers, whose stores would need masking.
  return visitAnyElement<R>(t, [&](auto e) -> R {
    using E = decltype(e);
    if constexpr (E::kClass == Class::kComplex || ((E::kClass == Class::kSigned || E::kClass == Class::kUnsigned) && E::kBits < 8)) return otherwise;
    else return f(e);
  }, otherwise);
}

// One element of storage type E as compute type T (integers: the value modulo 2^width of T).
template <class T, class E>
T loadAs(typename E::Storage s) {
  if constexpr (std::is_same_v<E, C64E> || std::is_same_v<E, C128E>) {
    if constexpr (kIsComplex<T>) return T(s.real(), s.imag());
    else return T{};  // refused by the planners
  } else {
    const auto v = E::load(s);
    if constexpr (std::is_same_v<T, Truth>) return Truth{static_cast<uint8_t>(v != 0)};
    else if constexpr (kIsComplex<T>) return T(static_cast<typename T::value_type>(v), 0);
    else return static_cast<T>(v);
  }
}

template <class T, class E>
void rowLoad(const uint8_t* src, int64_t stride, int64_t n, T* dst) {
  using S = typename E::Storage;
  const S* s = reinterpret_cast<const S*>(src);
  if (stride == 1) {
    for (int64_t i = 0; i < n; ++i) dst[i] = loadAs<T, E>(s[i]);
  } else {
    for (int64_t i = 0; i < n; ++i) dst[i] = loadAs<T, E>(s[i * stride]);
  }
}

template <class T>
RowLoad<T> rowLoaderFor(ElementType from) {
  return visitStorage<RowLoad<T>>(from, [](auto e) -> RowLoad<T> { return &rowLoad<T, decltype(e)>; });
}

template <class T, class E>
void rowStore(const T* src, int64_t n, uint8_t* dst) {
  using S = typename E::Storage;
  S* d = reinterpret_cast<S*>(dst);
  for (int64_t i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<E, C64E> || std::is_same_v<E, C128E>) {
      if constexpr (kIsComplex<T>) d[i] = S(static_cast<typename S::value_type>(src[i].real()),
                                              static_cast<typename S::value_type>(src[i].imag()));
    } else if constexpr (kIsComplex<T>) {
      d[i] = S{};  // refused by the planners
    } else if constexpr (std::is_same_v<T, Truth>) {
      d[i] = static_cast<S>(src[i].v);
    } else if constexpr (std::is_floating_point_v<T> && E::kClass == Class::kFloat && !std::is_same_v<S, T>) {
      d[i] = E::fromDouble(static_cast<double>(src[i]));  // f16, bf16, the small floats: one rounding
    } else {
      d[i] = static_cast<S>(src[i]);
    }
  }
}

template <class T>
RowStore<T> rowStorerFor(ElementType to) {
  return visitStorage<RowStore<T>>(to, [](auto e) -> RowStore<T> { return &rowStore<T, decltype(e)>; });
}

// The compute type of a product for its element types: a tag for each kind.
enum class Compute : uint8_t { kF32, kF64, kC64, kC128, kU8, kU16, kU32, kU64, kBool, kNone };

// Floats: f64 if any of the types is f64 (or `want_f64`), else f32; complex likewise; integers: the
// result's width, unsigned (wraps); i1: OR of ANDs. kNone for what has no kernel (f8, f6, f4, 2-/4-bit
// integers, tf32 storage, a complex operand with a real result, a float with an integer).
Compute computeFor(std::span<const ElementType> operands, ElementType result, bool want_f64 = false);

// Calls f(T{}) with the C++ type of a compute tag.
template <class R, class F>
R visitCompute(Compute c, F&& f, R otherwise = R{}) {
  switch (c) {
    case Compute::kF32: return f(float{});
    case Compute::kF64: return f(double{});
    case Compute::kC64: return f(C64{});
    case Compute::kC128: return f(C128{});
    case Compute::kU8: return f(uint8_t{});
    case Compute::kU16: return f(uint16_t{});
    case Compute::kU32: return f(uint32_t{});
    case Compute::kU64: return f(uint64_t{});
    case Compute::kBool: return f(Truth{});
    default: return otherwise;
  }
}

// Copies a strided view of `src` (dims `shape`, element strides `strides`, row-major order of `shape`)
// into contiguous `dst`, converting with `load`.
template <class T>
void packStrided(const uint8_t* src, int elem_bytes, std::span<const int64_t> shape, std::span<const int64_t> strides,
                 RowLoad<T> load, T* dst) {
  const size_t rank = shape.size();
  int64_t total = 1;
  for (int64_t d : shape) total *= d;
  if (total == 0) return;
  if (rank == 0) {
    load(src, 1, 1, dst);
    return;
  }
  const int64_t inner = shape[rank - 1];
  const int64_t inner_stride = strides[rank - 1];
  std::vector<int64_t> index(rank, 0);
  int64_t offset = 0;
  for (int64_t done = 0; done < total; done += inner) {
    load(src + offset * elem_bytes, inner_stride, inner, dst + done);
    for (size_t d = rank - 1; d-- > 0;) {
      offset += strides[d];
      if (++index[d] < shape[d]) break;
      offset -= strides[d] * shape[d];
      index[d] = 0;
    }
  }
}

// C[M,N] = op(A) op(B), row-major, C overwritten (beta 0), through OpenBLAS (f32 from 2^20 multiply-adds:
// oneDNN's sgemm, which is faster there). op(A) is M x K (A stored
// K x M when trans_a), op(B) is K x N (B stored N x K when trans_b). K = 0 gives zeros.
void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
          int64_t ldb, float* c, int64_t ldc);
void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const double* a, int64_t lda, const double* b,
          int64_t ldb, double* c, int64_t ldc);
// Integers (wrapping multiply-add in the type), i1 (OR of ANDs) and complex (textbook products), packed:
// C = A B with A M x K, B K x N.
template <class T>
void gemmLoop(int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b, int64_t ldb, T* c, int64_t ldc) {
  if constexpr (std::is_same_v<T, Truth>) {
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) c[i * ldc + j] = Truth{0};
      for (int64_t p = 0; p < k; ++p) {
        if (!a[i * lda + p].v) continue;
        for (int64_t j = 0; j < n; ++j) c[i * ldc + j].v |= b[p * ldb + j].v;
      }
    }
    return;
  } else if constexpr (kIsComplex<T>) {
    // Textbook products (ar br - ai bi, ar bi + ai br) summed in order: OpenBLAS's cgemm/zgemm scale by
    // alpha = 1 + 0i afterwards, which turns an infinite sum into NaN (inf * 0).
    using R = typename T::value_type;
    std::vector<R> re(static_cast<size_t>(n)), im(static_cast<size_t>(n));
    for (int64_t i = 0; i < m; ++i) {
      std::fill(re.begin(), re.end(), R{});
      std::fill(im.begin(), im.end(), R{});
      for (int64_t p = 0; p < k; ++p) {
        const R ar = a[i * lda + p].real(), ai = a[i * lda + p].imag();
        const T* brow = b + p * ldb;
        for (int64_t j = 0; j < n; ++j) {
          const R br = brow[j].real(), bi = brow[j].imag();
          re[j] += ar * br - ai * bi;
          im[j] += ar * bi + ai * br;
        }
      }
      for (int64_t j = 0; j < n; ++j) c[i * ldc + j] = T(re[j], im[j]);
    }
  } else {
  using W = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, T>;
  std::vector<W> row(static_cast<size_t>(n));
  for (int64_t i = 0; i < m; ++i) {
    std::fill(row.begin(), row.end(), W{});
    for (int64_t p = 0; p < k; ++p) {
      const W x = static_cast<W>(a[i * lda + p]);
      {
        if (x == 0) continue;
        for (int64_t j = 0; j < n; ++j) row[j] = static_cast<W>(row[j] + x * static_cast<W>(b[p * ldb + j]));
      }
    }
    for (int64_t j = 0; j < n; ++j) c[i * ldc + j] = static_cast<T>(row[j]);
  }
  }
}

// The GEMM of any compute type, operands packed (A M x K, B K x N, row-major, contiguous).
template <class T>
void gemmPacked(int64_t m, int64_t n, int64_t k, const T* a, const T* b, T* c, int64_t ldc) {
  if constexpr (std::is_floating_point_v<T>) gemm(false, false, m, n, k, a, k, b, n, c, ldc);
  else gemmLoop(m, n, k, a, k, b, n, c, ldc);
}

// Sets OpenBLAS to one thread, once: GEMMs are split into blocks over the executor's thread team
// (thread_team.h, bounded by `--threads`), one OpenBLAS or oneDNN call per block, so one pool serves every op.
void initBlas();

// oneDNN in Debian runs on OpenMP, whose team threads spin at their barriers: on a loaded machine a
// spinning thread and a yielding worker of another pool pushed each barrier to the next scheduler tick (a 0.2 ms
// 256^3 sgemm took 16 ms, a 1 ms convolution 28 to 56 ms; `strace` shows the 4 ms steps). So oneDNN runs
// single-threaded (`setOpenMpThreads(1)` on the calling thread) inside the parts of a split on the
// executor's thread team (thread_team.h), and one pool serves every op. libgomp comes with libdnnl, so the function is looked up rather than
// linked, which keeps the OpenMP runtime out of our own link line.
void setOpenMpThreads(int threads);

// How many f32 GEMMs oneDNN's sgemm has computed in this process (tests check which library a case took).
int64_t oneDnnGemms();

}  // namespace hloconf::cpu::products

#endif  // HLOCONF_EXECUTORS_CPU_PRODUCTS_COMMON_H_
