// cholesky (LAPACKE ?potrf) and triangular_solve (substitution in extended precision), batched over the leading dims, in f32
// (f16/bf16 widened, rounded once at the end), f64, complex<f32> and complex<f64>.
#include <complex>
#include <cblas.h>
#include <lapacke.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "executors/cpu/products_common.h"
#include "executors/cpu/products_kernels.h"
#include "executors/plan/products_params.h"

namespace hloconf::cpu::products {
namespace {

using plan::CholeskyParams;
using plan::Transpose;
using plan::TriangularSolveParams;

template <class T>
std::vector<T> loadAll(const KernelArgs& args, size_t i) {
  const Type& type = args.operandType(i);
  std::vector<T> values(static_cast<size_t>(type.numElements()));
  rowLoaderFor<T>(type.elementType())(args.operands[i], 1, type.numElements(), values.data());
  return values;
}

lapack_int potrf(char uplo, lapack_int n, float* a) { return LAPACKE_spotrf(LAPACK_ROW_MAJOR, uplo, n, a, n); }
lapack_int potrf(char uplo, lapack_int n, double* a) { return LAPACKE_dpotrf(LAPACK_ROW_MAJOR, uplo, n, a, n); }
lapack_int potrf(char uplo, lapack_int n, C64* a) {
  return LAPACKE_cpotrf(LAPACK_ROW_MAJOR, uplo, n, reinterpret_cast<lapack_complex_float*>(a), n);
}
lapack_int potrf(char uplo, lapack_int n, C128* a) {
  return LAPACKE_zpotrf(LAPACK_ROW_MAJOR, uplo, n, reinterpret_cast<lapack_complex_double*>(a), n);
}

template <class T>
T quietNaN() {
  if constexpr (kIsComplex<T>) {
    using R = typename T::value_type;
    return T(std::numeric_limits<R>::quiet_NaN(), std::numeric_limits<R>::quiet_NaN());
  } else {
    return std::numeric_limits<T>::quiet_NaN();
  }
}

// cholesky: L with A = L L^H (lower) or U with A = U^H U, from that triangle of A only. The opposite
// triangle is +0 (the spec leaves it implementation-defined); a matrix that is not Hermitian positive
// definite (undefined behaviour in the spec) gives NaN everywhere, as the reference marks it.
template <class T>
absl::Status choleskyKernel(const KernelArgs& args) {
  const CholeskyParams& p = args.step.as<CholeskyParams>();
  std::vector<T> a = loadAll<T>(args, 0);
  const int64_t n = p.n, nn = p.n * p.n;
  initBlas();
  for (int64_t b = 0; b < p.batch; ++b) {
    RETURN_IF_ERROR(args.frame.checkDeadline());
    T* m = a.data() + b * nn;
    const lapack_int info = potrf(p.lower ? 'L' : 'U', static_cast<lapack_int>(n), m);
    if (info != 0) {
      std::fill(m, m + nn, quietNaN<T>());
      continue;
    }
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j)
        if (p.lower ? j > i : j < i) m[i * n + j] = T{};
  }
  rowStorerFor<T>(args.resultType(0).elementType())(a.data(), static_cast<int64_t>(a.size()), args.result());
  return absl::OkStatus();
}

// triangular_solve: forward or back substitution in x87 extended precision (long double: 64-bit
// significand, 15-bit exponent), real or complex with textbook products and quotients, rounded once to
// the result type. Not cblas_?trsm: in the element type, a solution whose exact value is finite (or
// overflows only at the end) can overflow midway and give inf - inf = NaN, and OpenBLAS's complex trsm
// scales by alpha = 1 + 0i, which turns an infinite element into NaN; the reference solves exactly.
using LD = long double;
using CLD = std::complex<long double>;

LD mul(LD a, LD b) { return a * b; }
CLD mul(CLD a, CLD b) {
  return CLD(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
}
LD divide(LD a, LD b) { return a / b; }
CLD divide(CLD a, CLD b) {
  const LD d = b.real() * b.real() + b.imag() * b.imag();
  return CLD((a.real() * b.real() + a.imag() * b.imag()) / d, (a.imag() * b.real() - a.real() * b.imag()) / d);
}
LD conjugate(LD a) { return a; }
CLD conjugate(CLD a) { return CLD(a.real(), -a.imag()); }

template <class W>
void substitute(const TriangularSolveParams& p, const W* a, W* x) {
  const int64_t m = p.m, n = p.n, k = p.left_side ? m : n;
  const bool trans = p.transpose_a != Transpose::kNo;
  const bool adjoint = p.transpose_a == Transpose::kAdjoint;
  // op(a)(i, j), read only from a's chosen triangle.
  auto op = [&](int64_t i, int64_t j) {
    const W v = trans ? a[j * k + i] : a[i * k + j];
    return adjoint ? conjugate(v) : v;
  };
  const bool lower = p.lower != trans;  // op(a) is lower triangular
  if (p.left_side) {
    // op(a) x = b: row i of x from the rows solved before it.
    for (int64_t step = 0; step < m; ++step) {
      const int64_t i = lower ? step : m - 1 - step;
      W* xi = x + i * n;
      for (int64_t s = 0; s < step; ++s) {
        const int64_t j = lower ? s : m - 1 - s;
        const W f = op(i, j);
        const W* xj = x + j * n;
        for (int64_t c = 0; c < n; ++c) xi[c] -= mul(f, xj[c]);
      }
      if (!p.unit_diagonal) {
        const W d = op(i, i);
        for (int64_t c = 0; c < n; ++c) xi[c] = divide(xi[c], d);
      }
    }
  } else {
    // x op(a) = b: column j of x from the columns solved before it (op(a) lower: from the last).
    for (int64_t r = 0; r < m; ++r) {
      W* xr = x + r * n;
      for (int64_t step = 0; step < n; ++step) {
        const int64_t j = lower ? n - 1 - step : step;
        W v = xr[j];
        for (int64_t s = 0; s < step; ++s) {
          const int64_t i = lower ? n - 1 - s : s;
          v -= mul(xr[i], op(i, j));
        }
        xr[j] = p.unit_diagonal ? v : divide(v, op(j, j));
      }
    }
  }
}

template <class T>
absl::Status triangularSolveKernel(const KernelArgs& args) {
  using W = std::conditional_t<kIsComplex<T>, CLD, LD>;
  const TriangularSolveParams& p = args.step.as<TriangularSolveParams>();
  const std::vector<W> a = loadAll<W>(args, 0);
  std::vector<W> x = loadAll<W>(args, 1);
  const int64_t k = p.left_side ? p.m : p.n;
  if (p.m > 0 && p.n > 0)
    for (int64_t b = 0; b < p.batch; ++b) {
      RETURN_IF_ERROR(args.frame.checkDeadline());
      substitute(p, a.data() + b * k * k, x.data() + b * p.m * p.n);
    }
  rowStorerFor<W>(args.resultType(0).elementType())(x.data(), static_cast<int64_t>(x.size()), args.result());
  return absl::OkStatus();
}

// The compute type of a linear algebra op on `t` (its result type), or nullopt.
template <template <class> class K>
Kernel kernelFor(ElementType t) {
  switch (t) {
    case ElementType::kF32:
    case ElementType::kF16:
    case ElementType::kBF16: return &K<float>::run;
    case ElementType::kF64: return &K<double>::run;
    case ElementType::kC64: return &K<C64>::run;
    case ElementType::kC128: return &K<C128>::run;
    default: return nullptr;
  }
}
template <class T>
struct Cholesky {
  static absl::Status run(const KernelArgs& args) { return choleskyKernel<T>(args); }
};
template <class T>
struct TriangularSolve {
  static absl::Status run(const KernelArgs& args) { return triangularSolveKernel<T>(args); }
};

}  // namespace

absl::StatusOr<KernelChoice> chooseCholesky(const plan::Step& step, const plan::Plan& plan) {
  const ElementType t = plan.slot_types[step.operands[0]].elementType();
  Kernel kernel = t == plan.slot_types[step.results[0]].elementType() ? kernelFor<Cholesky>(t) : nullptr;
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, false};
}

absl::StatusOr<KernelChoice> chooseTriangularSolve(const plan::Step& step, const plan::Plan& plan) {
  const ElementType t = plan.slot_types[step.operands[0]].elementType();
  const bool same = t == plan.slot_types[step.operands[1]].elementType() && t == plan.slot_types[step.results[0]].elementType();
  Kernel kernel = same ? kernelFor<TriangularSolve>(t) : nullptr;
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, false};
}

}  // namespace hloconf::cpu::products
