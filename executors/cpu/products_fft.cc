// fft: FFT, IFFT, RFFT and IRFFT over the last size(fft_length) dims through FFTW, one plan per run over
// every batch entry (howmany), FFTW_ESTIMATE (no measuring runs). Computed one precision up and rounded
// once to the element type: fftw_* (double) for f32 and complex<f32>, fftwl_* (x87 long double) for f64
// and complex<f64>. In the element type itself, FFTW's stages overflow where the exact transform is
// finite (an f32 input near 2^127 summed with others), giving inf where the spec's value is finite. The inverse kinds divide by the product of fft_length, as the
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

// FFTW's double and long double precisions behind one interface.
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
struct FftwL {
  using Real = long double;
  using Complex = fftwl_complex;
  using Plan = fftwl_plan;
  static Plan dft(int rank, const int* n, int howmany, Complex* in, Complex* out, int dist, int sign) {
    return fftwl_plan_many_dft(rank, n, howmany, in, nullptr, 1, dist, out, nullptr, 1, dist, sign, FFTW_ESTIMATE);
  }
  static Plan r2c(int rank, const int* n, int howmany, Real* in, Complex* out, int idist, int odist) {
    return fftwl_plan_many_dft_r2c(rank, n, howmany, in, nullptr, 1, idist, out, nullptr, 1, odist, FFTW_ESTIMATE);
  }
  static Plan c2r(int rank, const int* n, int howmany, Complex* in, Real* out, int idist, int odist) {
    return fftwl_plan_many_dft_c2r(rank, n, howmany, in, nullptr, 1, idist, out, nullptr, 1, odist, FFTW_ESTIMATE);
  }
  static void execute(Plan p) { fftwl_execute(p); }
  static void destroy(Plan p) { fftwl_destroy_plan(p); }
};

// S: the element type's real part (float, double); F: the FFTW precision computing it.
template <class F, class S>
absl::Status fftKernel(const KernelArgs& args) {
  using R = typename F::Real;
  using Z = std::complex<R>;
  const FftParams& p = args.step.as<FftParams>();
  const int64_t out_elements = args.resultType(0).numElements();
  const int64_t out_bytes = plan::slotBytes(args.resultType(0));
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

  // FFTW works on its own arrays in its precision (c2r overwrites its input): widened copies.
  std::vector<Z> complex_in, complex_out;
  std::vector<R> real_in, real_out;
  const S* in = reinterpret_cast<const S*>(args.operands[0]);
  if (p.kind == FftKind::kRfft) {
    real_in.assign(in, in + in_elements);
  } else {
    complex_in.resize(static_cast<size_t>(in_elements));
    for (int64_t i = 0; i < in_elements; ++i) complex_in[static_cast<size_t>(i)] = Z(in[2 * i], in[2 * i + 1]);
  }
  if (p.kind == FftKind::kIrfft) real_out.resize(static_cast<size_t>(out_elements));
  else complex_out.resize(static_cast<size_t>(out_elements));
  auto* cin = reinterpret_cast<typename F::Complex*>(complex_in.data());
  auto* cout = reinterpret_cast<typename F::Complex*>(complex_out.data());
  const int idist = static_cast<int>(p.in_inner), odist = static_cast<int>(p.out_inner);
  typename F::Plan plan = nullptr;
  {
    const std::lock_guard<std::mutex> lock(plannerMutex());
    switch (p.kind) {
      case FftKind::kFft: plan = F::dft(rank, n.data(), howmany, cin, cout, idist, FFTW_FORWARD); break;
      case FftKind::kIfft: plan = F::dft(rank, n.data(), howmany, cin, cout, idist, FFTW_BACKWARD); break;
      case FftKind::kRfft: plan = F::r2c(rank, n.data(), howmany, real_in.data(), cout, idist, odist); break;
      case FftKind::kIrfft: plan = F::c2r(rank, n.data(), howmany, cin, real_out.data(), idist, odist); break;
    }
  }
  if (!plan) return absl::InternalError("FFTW could not plan this transform");
  F::execute(plan);
  {
    const std::lock_guard<std::mutex> lock(plannerMutex());
    F::destroy(plan);
  }
  // The inverse kinds divide by the product of fft_length; then one rounding to the element type.
  const R divisor = static_cast<R>(n_total);
  S* out = reinterpret_cast<S*>(args.result());
  if (p.kind == FftKind::kIrfft) {
    for (int64_t i = 0; i < out_elements; ++i) out[i] = static_cast<S>(real_out[static_cast<size_t>(i)] / divisor);
  } else {
    const bool inverse = p.kind == FftKind::kIfft;
    for (int64_t i = 0; i < out_elements; ++i) {
      const Z z = complex_out[static_cast<size_t>(i)];
      out[2 * i] = static_cast<S>(inverse ? z.real() / divisor : z.real());
      out[2 * i + 1] = static_cast<S>(inverse ? z.imag() / divisor : z.imag());
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<KernelChoice> chooseFft(const plan::Step& step, const plan::Plan& plan) {
  // The planner checked the kind against the types; the precision decides the library.
  const ElementType t = plan.slot_types[step.operands[0]].elementType();
  if (t == ElementType::kF32 || t == ElementType::kC64) return KernelChoice{&fftKernel<Fftw, float>, false};
  if (t == ElementType::kF64 || t == ElementType::kC128) return KernelChoice{&fftKernel<FftwL, double>, false};
  return noKernelFor(step, plan);
}

}  // namespace hloconf::cpu::products
