#include "executors/cpu/products_common.h"

#include <cblas.h>

#include <algorithm>
#include <mutex>
#include <thread>

#include "tbb/global_control.h"

namespace hloconf::cpu::products {

namespace {

int widthOf(ElementType t) { return bitWidth(t); }

bool isNativeFloat(ElementType t) {
  return t == ElementType::kF32 || t == ElementType::kF64 || t == ElementType::kF16 || t == ElementType::kBF16;
}

blasint blasDim(int64_t v) { return static_cast<blasint>(std::max<int64_t>(v, 1)); }

}  // namespace

Compute computeFor(std::span<const ElementType> operands, ElementType result, bool want_f64) {
  bool f64 = want_f64;
  auto partIsF64 = [](ElementType t) { return t == ElementType::kF64 || t == ElementType::kC128; };
  for (ElementType t : operands) f64 = f64 || partIsF64(t);
  f64 = f64 || partIsF64(result);
  if (isComplex(result)) {
    for (ElementType t : operands)
      if (!isComplex(t) && !isNativeFloat(t)) return Compute::kNone;
    return f64 ? Compute::kC128 : Compute::kC64;
  }
  if (isNativeFloat(result)) {
    for (ElementType t : operands)
      if (!isNativeFloat(t)) return Compute::kNone;
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

int libraryThreads() {
  const size_t tbb_limit = tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
  const size_t cores = std::max(1u, std::thread::hardware_concurrency());
  return static_cast<int>(std::max<size_t>(1, std::min(cores, tbb_limit)));
}

void initBlas() {
  // OpenBLAS keeps threads of its own: as many as oneTBB may use (libraryThreads).
  static std::once_flag once;
  std::call_once(once, [] { openblas_set_num_threads(libraryThreads()); });
}

void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
          int64_t ldb, float* c, int64_t ldc) {
  if (m == 0 || n == 0) return;
  if (k == 0) {
    for (int64_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, 0.0f);
    return;
  }
  initBlas();
  cblas_sgemm(CblasRowMajor, trans_a ? CblasTrans : CblasNoTrans, trans_b ? CblasTrans : CblasNoTrans,
              static_cast<blasint>(m), static_cast<blasint>(n), static_cast<blasint>(k), 1.0f, a, blasDim(lda), b,
              blasDim(ldb), 0.0f, c, blasDim(ldc));
}

void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const double* a, int64_t lda, const double* b,
          int64_t ldb, double* c, int64_t ldc) {
  if (m == 0 || n == 0) return;
  if (k == 0) {
    for (int64_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, 0.0);
    return;
  }
  initBlas();
  cblas_dgemm(CblasRowMajor, trans_a ? CblasTrans : CblasNoTrans, trans_b ? CblasTrans : CblasNoTrans,
              static_cast<blasint>(m), static_cast<blasint>(n), static_cast<blasint>(k), 1.0, a, blasDim(lda), b,
              blasDim(ldb), 0.0, c, blasDim(ldc));
}

}  // namespace hloconf::cpu::products
