// fft: FFT, IFFT, RFFT and IRFFT over the last size(fft_length) dims through FFTW (fftwf_* for f32 and
// complex<f32>, fftw_* for f64 and complex<f64>), one plan per run over every batch entry (howmany),
// FFTW_ESTIMATE (no measuring runs). The inverse kinds divide by the product of fft_length, as the
// spec's ifft does; FFTW's are unnormalised. FFTW's planner is not thread safe: plans are made and
// destroyed under one mutex.
#include <fftw3.h>

#include <algorithm>
#include <complex>
#include <cstring>
#include <mutex>
#include <vector>

#include "executors/cpu/products_common.h"
#include "executors/cpu/products_kernels.h"
#include "executors/plan/products_params.h"

namespace hloconf::cpu::products {
namespace {

using plan::FftKind;
using plan::FftParams;

std::mutex& plannerMutex() {
  static std::mutex mutex;
  return mutex;
}

// FFTW's two precisions behind one interface.
struct FftwF {
  using Real = float;
  using Complex = fftwf_complex;
  using Plan = fftwf_plan;
  static Plan dft(int rank, const int* n, int howmany, Complex* in, Complex* out, int dist, int sign) {
    return fftwf_plan_many_dft(rank, n, howmany, in, nullptr, 1, dist, out, nullptr, 1, dist, sign, FFTW_ESTIMATE);
  }
  static Plan r2c(int rank, const int* n, int howmany, Real* in, Complex* out, int idist, int odist) {
    return fftwf_plan_many_dft_r2c(rank, n, howmany, in, nullptr, 1, idist, out, nullptr, 1, odist, FFTW_ESTIMATE);
  }
  static Plan c2r(int rank, const int* n, int howmany, Complex* in, Real* out, int idist, int odist) {
    return fftwf_plan_many_dft_c2r(rank, n, howmany, in, nullptr, 1, idist, out, nullptr, 1, odist, FFTW_ESTIMATE);
  }
  static void execute(Plan p) { fftwf_execute(p); }
  static void destroy(Plan p) { fftwf_destroy_plan(p); }
};
struct Fftw {
  using Real = double;
  using Complex = fftw_complex;
  using Plan = fftw_plan;
  static Plan dft(int rank, const int* n, int howmany, Complex* in, Complex* out, int dist, int sign) {
    return fftw_plan_many_dft(rank, n, howmany, in, nullptr, 1, dist, out, nullptr, 1, dist, sign, FFTW_ESTIMATE);
  }
  static Plan r2c(int rank, const int* n, int howmany, Real* in, Complex* out, int idist, int odist) {
    return fftw_plan_many_dft_r2c(rank, n, howmany, in, nullptr, 1, idist, out, nullptr, 1, odist, FFTW_ESTIMATE);
  }
  static Plan c2r(int rank, const int* n, int howmany, Complex* in, Real* out, int idist, int odist) {
    return fftw_plan_many_dft_c2r(rank, n, howmany, in, nullptr, 1, idist, out, nullptr, 1, odist, FFTW_ESTIMATE);
  }
  static void execute(Plan p) { fftw_execute(p); }
  static void destroy(Plan p) { fftw_destroy_plan(p); }
};

template <class F>
absl::Status fftKernel(const KernelArgs& args) {
  using R = typename F::Real;
  using Z = std::complex<R>;
  const FftParams& p = args.step.as<FftParams>();
  const int64_t out_elements = args.resultType(0).numElements();
  const int64_t out_bytes = byteSize(args.resultType(0));
  int64_t n_total = 1;
  for (int64_t v : p.lengths) n_total *= v;
  if (out_elements == 0) return absl::OkStatus();
  if (n_total == 0 || p.batch == 0) {  // a zero-length transform: sums of nothing
    std::memset(args.result(), 0, static_cast<size_t>(out_bytes));
    return absl::OkStatus();
  }
  RETURN_IF_ERROR(args.frame.checkDeadline());
  std::vector<int> n(p.lengths.begin(), p.lengths.end());
  const int rank = static_cast<int>(n.size());
  const int howmany = static_cast<int>(p.batch);
  const int64_t in_elements = args.operandType(0).numElements();

  // FFTW wants writable, separately allocated arrays (c2r overwrites its input): copies of the operand.
  typename F::Plan plan = nullptr;
  std::vector<Z> complex_in, complex_out;
  std::vector<R> real_in, real_out;
  {
    const std::lock_guard<std::mutex> lock(plannerMutex());
    switch (p.kind) {
      case FftKind::kFft:
      case FftKind::kIfft:
        complex_in.resize(static_cast<size_t>(in_elements));
        complex_out.resize(static_cast<size_t>(out_elements));
        plan = F::dft(rank, n.data(), howmany, reinterpret_cast<typename F::Complex*>(complex_in.data()),
                      reinterpret_cast<typename F::Complex*>(complex_out.data()), static_cast<int>(p.in_inner),
                      p.kind == FftKind::kFft ? FFTW_FORWARD : FFTW_BACKWARD);
        break;
      case FftKind::kRfft:
        real_in.resize(static_cast<size_t>(in_elements));
        complex_out.resize(static_cast<size_t>(out_elements));
        plan = F::r2c(rank, n.data(), howmany, real_in.data(), reinterpret_cast<typename F::Complex*>(complex_out.data()),
                      static_cast<int>(p.in_inner), static_cast<int>(p.out_inner));
        break;
      case FftKind::kIrfft:
        complex_in.resize(static_cast<size_t>(in_elements));
        real_out.resize(static_cast<size_t>(out_elements));
        plan = F::c2r(rank, n.data(), howmany, reinterpret_cast<typename F::Complex*>(complex_in.data()), real_out.data(),
                      static_cast<int>(p.in_inner), static_cast<int>(p.out_inner));
        break;
    }
  }
  if (!plan) return absl::InternalError("FFTW could not plan this transform");
  if (p.kind == FftKind::kRfft) std::memcpy(real_in.data(), args.operands[0], real_in.size() * sizeof(R));
  else std::memcpy(complex_in.data(), args.operands[0], complex_in.size() * sizeof(Z));
  F::execute(plan);
  {
    const std::lock_guard<std::mutex> lock(plannerMutex());
    F::destroy(plan);
  }
  const R divisor = static_cast<R>(n_total);
  if (p.kind == FftKind::kIfft)
    for (Z& z : complex_out) z = Z(z.real() / divisor, z.imag() / divisor);
  if (p.kind == FftKind::kIrfft)
    for (R& r : real_out) r /= divisor;
  if (p.kind == FftKind::kIrfft) std::memcpy(args.result(), real_out.data(), static_cast<size_t>(out_bytes));
  else std::memcpy(args.result(), complex_out.data(), static_cast<size_t>(out_bytes));
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<KernelChoice> chooseFft(const plan::Step& step, const plan::Plan& plan) {
  // The planner checked the kind against the types; the precision decides the library.
  const ElementType t = plan.slot_types[step.operands[0]].elementType();
  if (t == ElementType::kF32 || t == ElementType::kC64) return KernelChoice{&fftKernel<FftwF>, false};
  if (t == ElementType::kF64 || t == ElementType::kC128) return KernelChoice{&fftKernel<Fftw>, false};
  return noKernelFor(step, plan);
}

}  // namespace hloconf::cpu::products
