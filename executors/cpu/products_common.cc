#include "executors/cpu/products_common.h"

#include <cblas.h>
#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string_view>
#include <thread>

#include "executors/cpu/thread_team.h"
#include "oneapi/dnnl/dnnl.h"

namespace hloconf::cpu::products {

namespace {

int widthOf(ElementType t) { return bitWidth(t); }

// The float formats products compute in f32 (f64 where f64 is involved): f16, bf16 and the 8-, 6- and
// 4-bit floats, widened exactly and the result rounded once (XLA:CPU's upcast); not tf32 storage.
bool isProductFloat(ElementType t) { return isFloat(t) && t != ElementType::kTF32; }

blasint blasDim(int64_t v) { return static_cast<blasint>(std::max<int64_t>(v, 1)); }

std::atomic<int64_t> onednn_gemms{0};

// Which library computes an f32 GEMM of m n k multiply-adds (docs/benchmarks.md, "oneDNN's sgemm"):
// measured on this machine's AVX-512 cores (`bench/executor_bench.py build --gemm-libraries`), oneDNN's
// sgemm beats OpenBLAS's from about 2^20 multiply-adds on and loses below (a fixed cost of about half a
// microsecond per call, and OpenBLAS's small-matrix kernels). HLOCONF_CPU_GEMM=openblas or =onednn sends
// every f32 GEMM to one library (to measure one against the other, and for tests).
enum class GemmLibrary { kAuto, kOpenBlas, kOneDnn };
GemmLibrary gemmLibrary() {
  static const GemmLibrary chosen = [] {
    const char* v = std::getenv("HLOCONF_CPU_GEMM");
    const std::string_view name = v ? v : "";
    if (name == "openblas") return GemmLibrary::kOpenBlas;
    if (name == "onednn") return GemmLibrary::kOneDnn;
    return GemmLibrary::kAuto;
  }();
  return chosen;
}
constexpr int64_t kOneDnnGemmMinProducts = int64_t{1} << 20;

bool oneDnnComputes(int64_t m, int64_t n, int64_t k) {
  switch (gemmLibrary()) {
    case GemmLibrary::kOpenBlas: return false;
    case GemmLibrary::kOneDnn: return true;
    case GemmLibrary::kAuto: break;
  }
  return m * n * k >= kOneDnnGemmMinProducts;
}

}  // namespace

Compute computeFor(std::span<const ElementType> operands, ElementType result, bool want_f64) {
  bool f64 = want_f64;
  // f8E8M0FNU's powers of two from 2^-127 to 2^127 multiply past f32's range: f64.
  auto partIsF64 = [](ElementType t) { return t == ElementType::kF64 || t == ElementType::kC128 || t == ElementType::kF8E8M0FNU; };
  for (ElementType t : operands) f64 = f64 || partIsF64(t);
  f64 = f64 || partIsF64(result);
  if (isComplex(result)) {
    for (ElementType t : operands)
      if (!isComplex(t) && !isProductFloat(t)) return Compute::kNone;
    return f64 ? Compute::kC128 : Compute::kC64;
  }
  if (isProductFloat(result)) {
    for (ElementType t : operands)
      if (!isProductFloat(t)) return Compute::kNone;
    return f64 ? Compute::kF64 : Compute::kF32;
  }
  auto intOk = [](ElementType t) { return isBoolean(t) || (isInteger(t) && widthOf(t) >= 8); };
  for (ElementType t : operands)
    if (!intOk(t)) return Compute::kNone;
  if (isBoolean(result)) {
    for (ElementType t : operands)
      if (!isBoolean(t)) return Compute::kNone;
    return Compute::kBool;
  }
  if (!isInteger(result)) return Compute::kNone;
  switch (widthOf(result)) {
    case 8: return Compute::kU8;
    case 16: return Compute::kU16;
    case 32: return Compute::kU32;
    case 64: return Compute::kU64;
    default: return Compute::kNone;
  }
}

void setOpenMpThreads(int threads) {
  using SetThreads = void (*)(int);
  static const SetThreads set_threads = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "omp_set_num_threads"));
  if (set_threads) set_threads(threads);
}

namespace {

// GEMMs of at least this many multiply-adds are split over the thread team (below, a part would be
// shorter than the claim and the notification it costs).
constexpr int64_t kSplitGemmMinProducts = int64_t{1} << 17;

// C = op(A) op(B), row-major, through `block_gemm` (one single-threaded library call per block: OpenBLAS
// at one thread, oneDNN at one OpenMP thread, products_common.h says why), split into column blocks (row
// blocks when C is taller than wide) over the thread team. block_gemm(rows, columns, a, b, c) computes one
// block with the caller's transposes, leading dimensions and k, and returns false if the library refused.
template <class T, class BlockGemm>
bool splitGemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b, int64_t ldb,
               T* c, int64_t ldc, BlockGemm block_gemm) {
  const bool split_columns = n >= m;
  const int64_t extent = split_columns ? n : m;
  // Blocks of at least 32 columns or rows, a multiple of 16 wide (a 512-bit vector of f32).
  const int64_t parts = m * n * k < kSplitGemmMinProducts ? 1 : std::clamp<int64_t>(extent / 32, 1, teamThreads());
  std::atomic<bool> refused{false};
  auto block = [&](int64_t part) {
    const int64_t begin = part == 0 ? 0 : extent * part / parts / 16 * 16;
    const int64_t end = part + 1 == parts ? extent : extent * (part + 1) / parts / 16 * 16;
    if (begin >= end) return;
    const T* a_block = a;
    const T* b_block = b;
    T* c_block = c;
    int64_t rows = m, columns = n;
    if (split_columns) {
      b_block += trans_b ? begin * ldb : begin;  // op(B)'s columns are B's rows when transposed
      c_block += begin;
      columns = end - begin;
    } else {
      a_block += trans_a ? begin : begin * lda;  // op(A)'s rows are A's columns when transposed
      c_block += begin * ldc;
      rows = end - begin;
    }
    if (!block_gemm(rows, columns, a_block, b_block, c_block)) refused = true;
  };
  if (parts == 1) block(0);
  else runParts(parts, block);
  return !refused;
}

CBLAS_TRANSPOSE blasTranspose(bool transpose) { return transpose ? CblasTrans : CblasNoTrans; }

}  // namespace


int64_t oneDnnGemms() { return onednn_gemms.load(); }

void initBlas() {
  // OpenBLAS computes each block of a split on one thread: its own threads would be a second pool beside
  // the team, and they spin (with sched_yield) after each call, taking the core a helper needs.
  static std::once_flag once;
  std::call_once(once, [] { openblas_set_num_threads(1); });
}

namespace {

void cblasGemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b, int64_t ldb,
               float* c, int64_t ldc) {
  cblas_sgemm(CblasRowMajor, blasTranspose(trans_a), blasTranspose(trans_b), static_cast<blasint>(m), static_cast<blasint>(n),
              static_cast<blasint>(k), 1.0f, a, blasDim(lda), b, blasDim(ldb), 0.0f, c, blasDim(ldc));
}
void cblasGemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const double* a, int64_t lda, const double* b, int64_t ldb,
               double* c, int64_t ldc) {
  cblas_dgemm(CblasRowMajor, blasTranspose(trans_a), blasTranspose(trans_b), static_cast<blasint>(m), static_cast<blasint>(n),
              static_cast<blasint>(k), 1.0, a, blasDim(lda), b, blasDim(ldb), 0.0, c, blasDim(ldc));
}

// C = op(A) op(B) on OpenBLAS, one single-threaded call per block of the split.
template <class T>
void openBlasGemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b, int64_t ldb, T* c,
                  int64_t ldc) {
  initBlas();
  splitGemm(trans_a, trans_b, m, n, k, a, lda, b, ldb, c, ldc, [&](int64_t rows, int64_t columns, const T* a_block, const T* b_block, T* c_block) {
    cblasGemm(trans_a, trans_b, rows, columns, k, a_block, lda, b_block, ldb, c_block, ldc);
    return true;
  });
}

// Whether the product is empty and so done: no rows or columns, or k = 0 (C is zero: a sum of no products).
template <class T>
bool emptyGemm(int64_t m, int64_t n, int64_t k, T* c, int64_t ldc) {
  if (m == 0 || n == 0) return true;
  if (k != 0) return false;
  for (int64_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, T{0});
  return true;
}

}  // namespace

void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
          int64_t ldb, float* c, int64_t ldc) {
  if (emptyGemm(m, n, k, c, ldc)) return;
  if (oneDnnComputes(m, n, k)) {
    const bool computed = splitGemm(trans_a, trans_b, m, n, k, a, lda, b, ldb, c, ldc,
                                    [&](int64_t rows, int64_t columns, const float* a_block, const float* b_block, float* c_block) {
                                      setOpenMpThreads(1);
                                      return dnnl_sgemm(trans_a ? 'T' : 'N', trans_b ? 'T' : 'N', rows, columns, k, 1.0f, a_block,
                                                        std::max<int64_t>(lda, 1), b_block, std::max<int64_t>(ldb, 1), 0.0f, c_block,
                                                        std::max<int64_t>(ldc, 1)) == dnnl_success;
                                    });
    if (computed) {
      onednn_gemms.fetch_add(1, std::memory_order_relaxed);
      return;
    }  // oneDNN refused a block (never seen): OpenBLAS computes the whole product again
  }
  openBlasGemm(trans_a, trans_b, m, n, k, a, lda, b, ldb, c, ldc);
}

void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const double* a, int64_t lda, const double* b,
          int64_t ldb, double* c, int64_t ldc) {
  if (emptyGemm(m, n, k, c, ldc)) return;
  openBlasGemm(trans_a, trans_b, m, n, k, a, lda, b, ldb, c, ldc);
}

}  // namespace hloconf::cpu::products
