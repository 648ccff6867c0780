// The CUDA executor's fft through cuFFT (fft.cu): FFT, IFFT, RFFT and IRFFT over the last 1 to 3 dims,
// batched over the leading ones. Computed in f64 for every element type (f32 and complex<f32> widened first,
// as the CPU executor computes one precision up: cuFFT's f32 stages could overflow where the exact transform
// is finite) and rounded once to the element type; the inverse kinds divide by the product of fft_length,
// as the spec's ifft does (cuFFT's are unnormalised).
#ifndef HLOCONF_EXECUTORS_CUDA_FFT_H_
#define HLOCONF_EXECUTORS_CUDA_FFT_H_

#include <cuda_runtime_api.h>
#include <stdint.h>

namespace hloconf::cuda {

struct FftDesc {
  int kind = 0;  // plan::FftKind: 0 FFT, 1 IFFT, 2 RFFT, 3 IRFFT
  int rank = 0;  // 1 to 3
  int n[3] = {};
  int64_t batch = 0;
  int64_t in_inner = 0, out_inner = 0;  // elements (real or complex) per batch entry of operand and result
  int64_t n_total = 0;                  // the product of fft_length
  bool f64 = false;                     // the part type is f64 (else f32)
};

// The f64 work buffers' sizes in doubles: the operand's and the result's parts.
inline int64_t fftInputParts(const FftDesc& d) { return d.batch * d.in_inner * (d.kind == 2 ? 1 : 2); }
inline int64_t fftOutputParts(const FftDesc& d) { return d.batch * d.out_inner * (d.kind == 3 ? 1 : 2); }

namespace k {
// 0 when done; else a message (a static string) naming the cuFFT or CUDA call that failed, with *code its
// status. in_work and out_work hold fftInputParts and fftOutputParts doubles.
const char* fft(const FftDesc& d, const void* in, void* out, double* in_work, double* out_work, cudaStream_t s, int* code);
}  // namespace k

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_FFT_H_
