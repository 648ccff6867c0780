// The CUDA executor's fft (fft.h): cuFFT's double-precision plans, one per shape and host thread (a plan is
// not shared between streams that may run at once), kept for the process.
#include <cufft.h>

#include <map>
#include <tuple>

#include "executors/cuda/fft.h"

namespace hloconf::cuda {
namespace {

constexpr int kThreads = 256;

unsigned blocksFor(int64_t n) {
  int64_t blocks = (n + kThreads - 1) / kThreads;
  if (blocks > 65536) blocks = 65536;
  return static_cast<unsigned>(blocks < 1 ? 1 : blocks);
}

#define HLOCONF_FFT_GRID_STRIDE(i, n) \
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < (n); i += static_cast<int64_t>(gridDim.x) * blockDim.x)

template <class S>
__global__ void widenKernel(const S* in, double* out, int64_t n) {
  HLOCONF_FFT_GRID_STRIDE(i, n) out[i] = static_cast<double>(in[i]);
}
// One rounding to the element type of the f64 result (divided by `divisor` for the inverse kinds).
template <class S>
__global__ void narrowKernel(const double* in, S* out, double divisor, int64_t n) {
  HLOCONF_FFT_GRID_STRIDE(i, n) out[i] = static_cast<S>(divisor == 1.0 ? in[i] : in[i] / divisor);
}

using PlanKey = std::tuple<int, int, int, int, int, int64_t, int64_t, int64_t>;

// A cached plan for d on this thread; at most 64 are kept (each holds cuFFT's work area).
cufftResult planFor(const FftDesc& d, cufftHandle* plan) {
  thread_local std::map<PlanKey, cufftHandle> plans;
  const PlanKey key{d.kind, d.rank, d.n[0], d.n[1], d.n[2], d.batch, d.in_inner, d.out_inner};
  if (auto it = plans.find(key); it != plans.end()) {
    *plan = it->second;
    return CUFFT_SUCCESS;
  }
  if (plans.size() >= 64) {
    for (auto& [k, p] : plans) (void)cufftDestroy(p);
    plans.clear();
  }
  const cufftType type = d.kind == 2 ? CUFFT_D2Z : d.kind == 3 ? CUFFT_Z2D : CUFFT_Z2Z;
  int n[3] = {d.n[0], d.n[1], d.n[2]};
  const cufftResult made = cufftPlanMany(plan, d.rank, n, nullptr, 1, static_cast<int>(d.in_inner), nullptr, 1,
                                         static_cast<int>(d.out_inner), type, static_cast<int>(d.batch));
  if (made == CUFFT_SUCCESS) plans[key] = *plan;
  return made;
}

}  // namespace

namespace k {
const char* fft(const FftDesc& d, const void* in, void* out, double* in_work, double* out_work, cudaStream_t s, int* code) {
  const int64_t in_parts = fftInputParts(d), out_parts = fftOutputParts(d);
  // The operand in f64 (a copy for f64 too: cuFFT's Z2D overwrites its input).
  if (d.f64) {
    if (cudaError_t e = cudaMemcpyAsync(in_work, in, static_cast<size_t>(in_parts) * sizeof(double), cudaMemcpyDeviceToDevice, s);
        e != cudaSuccess)
      return *code = e, "cudaMemcpyAsync (fft operand)";
  } else if (in_parts > 0) {
    widenKernel<float><<<blocksFor(in_parts), kThreads, 0, s>>>(static_cast<const float*>(in), in_work, in_parts);
    if (cudaError_t e = cudaGetLastError(); e != cudaSuccess) return *code = e, "fft widening kernel";
  }
  cufftHandle plan = 0;
  if (cufftResult r = planFor(d, &plan); r != CUFFT_SUCCESS) return *code = r, "cufftPlanMany";
  if (cufftResult r = cufftSetStream(plan, s); r != CUFFT_SUCCESS) return *code = r, "cufftSetStream";
  cufftResult r = CUFFT_SUCCESS;
  auto* zin = reinterpret_cast<cufftDoubleComplex*>(in_work);
  auto* zout = reinterpret_cast<cufftDoubleComplex*>(out_work);
  switch (d.kind) {
    case 0:
      r = cufftExecZ2Z(plan, zin, zout, CUFFT_FORWARD);
      break;
    case 1:
      r = cufftExecZ2Z(plan, zin, zout, CUFFT_INVERSE);
      break;
    case 2:
      r = cufftExecD2Z(plan, in_work, zout);
      break;
    default:
      r = cufftExecZ2D(plan, zin, out_work);
      break;
  }
  if (r != CUFFT_SUCCESS) return *code = r, "cufftExec";
  const double divisor = d.kind == 1 || d.kind == 3 ? static_cast<double>(d.n_total) : 1.0;
  if (d.f64)
    narrowKernel<double><<<blocksFor(out_parts), kThreads, 0, s>>>(out_work, static_cast<double*>(out), divisor, out_parts);
  else
    narrowKernel<float><<<blocksFor(out_parts), kThreads, 0, s>>>(out_work, static_cast<float*>(out), divisor, out_parts);
  if (cudaError_t e = cudaGetLastError(); e != cudaSuccess) return *code = e, "fft narrowing kernel";
  return nullptr;
}
}  // namespace k

}  // namespace hloconf::cuda
