// The fused elementwise kernel (fusion.h): one thread per element (grid-stride), the bytecode interpreted in
// registers. One instantiation per float storage type.
#include <cuda_runtime.h>

#include "executors/cuda/fusion.h"

namespace hloconf::cuda::fusion {
namespace {

constexpr int kThreads = 256;

struct Pointers {
  const void* in[kMaxRegs];
  void* out[kMaxOutputs];
};

// Four elements as one vector access (16 bytes for 4-byte types), where the host found every pointer aligned.
template <class S>
struct alignas(4 * sizeof(S)) Vec4 {
  S v[4];
};

#define HLOCONF_GRID_STRIDE(i, n) \
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < (n); i += static_cast<int64_t>(gridDim.x) * blockDim.x)

// `vec`: groups of four elements per thread with vector loads and stores, then the tail one by one.
template <class S>
__global__ void fusedKernel(Code code, Pointers p, int64_t n, bool vec) {
  int64_t done = 0;
  if (vec) {
    const int64_t groups = n / 4;
    HLOCONF_GRID_STRIDE(g, groups) {
      S vals[4][kMaxRegs];
      uint8_t preds[4][kMaxRegs];
      for (int r = 0; r < code.num_inputs; ++r) {
        if (code.input_is_scalar[r]) {
          const S v = code.input_is_pred[r] ? S{} : static_cast<const S*>(p.in[r])[0];
          const uint8_t b = code.input_is_pred[r] ? (static_cast<const uint8_t*>(p.in[r])[0] ? 1 : 0) : 0;
          for (int j = 0; j < 4; ++j) { vals[j][r] = v; preds[j][r] = b; }
        } else if (code.input_is_pred[r]) {
          const Vec4<uint8_t> b = static_cast<const Vec4<uint8_t>*>(p.in[r])[g];
          for (int j = 0; j < 4; ++j) preds[j][r] = b.v[j] ? 1 : 0;
        } else {
          const Vec4<S> v = static_cast<const Vec4<S>*>(p.in[r])[g];
          for (int j = 0; j < 4; ++j) vals[j][r] = v.v[j];
        }
      }
      for (int j = 0; j < 4; ++j) evalFused<S>(code, vals[j], preds[j]);
      for (int o = 0; o < code.num_outputs; ++o) {
        const int reg = code.output_reg[o];
        if (code.output_is_pred[o]) {
          Vec4<uint8_t> b;
          for (int j = 0; j < 4; ++j) b.v[j] = preds[j][reg];
          static_cast<Vec4<uint8_t>*>(p.out[o])[g] = b;
        } else {
          Vec4<S> v;
          for (int j = 0; j < 4; ++j) v.v[j] = vals[j][reg];
          static_cast<Vec4<S>*>(p.out[o])[g] = v;
        }
      }
    }
    done = groups * 4;
  }
  HLOCONF_GRID_STRIDE(k, n - done) {
    const int64_t i = done + k;
    S vals[kMaxRegs];
    uint8_t preds[kMaxRegs];
    for (int r = 0; r < code.num_inputs; ++r) {
      const int64_t at = code.input_is_scalar[r] ? 0 : i;
      if (code.input_is_pred[r]) preds[r] = static_cast<const uint8_t*>(p.in[r])[at] ? 1 : 0;
      else vals[r] = static_cast<const S*>(p.in[r])[at];
    }
    evalFused<S>(code, vals, preds);
    for (int o = 0; o < code.num_outputs; ++o) {
      if (code.output_is_pred[o]) static_cast<uint8_t*>(p.out[o])[i] = preds[code.output_reg[o]];
      else static_cast<S*>(p.out[o])[i] = vals[code.output_reg[o]];
    }
  }
}

bool aligned(const void* p, size_t bytes) { return reinterpret_cast<uintptr_t>(p) % bytes == 0; }

template <class S>
cudaError_t launchAs(const Code& code, const Pointers& p, int64_t n, cudaStream_t s) {
  bool vec = n >= 4;
  for (int r = 0; r < code.num_inputs && vec; ++r)
    if (!code.input_is_scalar[r]) vec = aligned(p.in[r], code.input_is_pred[r] ? 4 : 4 * sizeof(S));
  for (int o = 0; o < code.num_outputs && vec; ++o) vec = aligned(p.out[o], code.output_is_pred[o] ? 4 : 4 * sizeof(S));
  int64_t blocks = ((vec ? (n + 3) / 4 : n) + kThreads - 1) / kThreads;
  if (blocks > 65536) blocks = 65536;
  if (blocks < 1) blocks = 1;
  fusedKernel<S><<<static_cast<unsigned>(blocks), kThreads, 0, s>>>(code, p, n, vec);
  return cudaGetLastError();
}

}  // namespace

int launchFused(DType t, const Code& code, const void* const* in, void* const* out, int64_t n, void* stream) {
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  if (n <= 0) return cudaSuccess;
  if (code.num_inputs < 0 || code.num_inputs > kMaxRegs || code.num_outputs < 0 || code.num_outputs > kMaxOutputs ||
      code.num_ops < 0 || code.num_ops > kMaxOps)
    return cudaErrorInvalidValue;
  Pointers p{};
  for (int r = 0; r < code.num_inputs; ++r) p.in[r] = in[r];
  for (int o = 0; o < code.num_outputs; ++o) p.out[o] = out[o];
  switch (t) {
    case kF16: return launchAs<dm::Half>(code, p, n, s);
    case kBF16: return launchAs<dm::BFloat>(code, p, n, s);
    case kF32: return launchAs<float>(code, p, n, s);
    case kF64: return launchAs<double>(code, p, n, s);
    default: return cudaErrorInvalidValue;
  }
}

}  // namespace hloconf::cuda::fusion
