// The fused elementwise kernel (fusion.h): four elements per thread (grid-stride), the bytecode decoded once
// for the four (evalFusedLanes). One instantiation per float storage type.
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

// The register file lives in shared memory, lane-major (fusion.h, laneMajorRegisters). Thread-major, four
// elements of a thread side by side, the scalar accesses of the four lanes hit each bank four times: 99.7% of
// L1 throughput and 2.2x XLA's time on a chain of five ops, per Nsight Compute (docs/benchmarks.md "GPU");
// the run-time-indexed arrays of each thread before that went to local memory. code.num_regs
// (compactRegisters) sizes it.

// `vec`: groups of four elements per thread with vector loads and stores, then the tail one by one (lane 0
// of the same register file).
template <class S>
__global__ void fusedKernel(const __grid_constant__ Code code, const __grid_constant__ Pointers p, int64_t n, bool vec) {
  extern __shared__ __align__(16) unsigned char shared[];
  const Registers<S> regs = laneMajorRegisters<S>(shared, code.num_regs, static_cast<int>(blockDim.x), static_cast<int>(threadIdx.x));
  int64_t done = 0;
  if (vec) {
    const int64_t groups = n / 4;
    HLOCONF_GRID_STRIDE(g, groups) {
      for (int r = 0; r < code.num_inputs; ++r) {
        if (code.input_is_scalar[r]) {
          const S x = code.input_is_pred[r] ? S{} : static_cast<const S*>(p.in[r])[0];
          const uint8_t bit = code.input_is_pred[r] ? (static_cast<const uint8_t*>(p.in[r])[0] ? 1 : 0) : 0;
          for (int j = 0; j < 4; ++j) regs.val(r, j) = x, regs.pred(r, j) = bit;
        } else if (code.input_is_pred[r]) {
          const Vec4<uint8_t> bits = static_cast<const Vec4<uint8_t>*>(p.in[r])[g];
          for (int j = 0; j < 4; ++j) regs.pred(r, j) = bits.v[j] ? 1 : 0;
        } else {
          const Vec4<S> v = static_cast<const Vec4<S>*>(p.in[r])[g];
          for (int j = 0; j < 4; ++j) regs.val(r, j) = v.v[j];
        }
      }
      evalFusedLanes<S, 4>(code, regs);
      for (int o = 0; o < code.num_outputs; ++o) {
        const int reg = code.output_reg[o];
        if (code.output_is_pred[o]) {
          Vec4<uint8_t> bits;
          for (int j = 0; j < 4; ++j) bits.v[j] = regs.pred(reg, j);
          static_cast<Vec4<uint8_t>*>(p.out[o])[g] = bits;
        } else {
          Vec4<S> v;
          for (int j = 0; j < 4; ++j) v.v[j] = regs.val(reg, j);
          static_cast<Vec4<S>*>(p.out[o])[g] = v;
        }
      }
    }
    done = groups * 4;
  }
  HLOCONF_GRID_STRIDE(k, n - done) {
    const int64_t i = done + k;
    for (int r = 0; r < code.num_inputs; ++r) {
      const int64_t at = code.input_is_scalar[r] ? 0 : i;
      if (code.input_is_pred[r]) regs.pred(r, 0) = static_cast<const uint8_t*>(p.in[r])[at] ? 1 : 0;
      else regs.val(r, 0) = static_cast<const S*>(p.in[r])[at];
    }
    evalFusedLanes<S, 1>(code, regs);
    for (int o = 0; o < code.num_outputs; ++o) {
      if (code.output_is_pred[o]) static_cast<uint8_t*>(p.out[o])[i] = regs.pred(code.output_reg[o], 0);
      else static_cast<S*>(p.out[o])[i] = regs.val(code.output_reg[o], 0);
    }
  }
}

// Every register an instruction or output names is below num_regs (the shared memory holds no more).
bool registersFit(const Code& code) {
  if (code.num_regs < code.num_inputs || code.num_regs < 1 || code.num_regs > kMaxRegs) return false;
  for (int k = 0; k < code.num_ops; ++k) {
    const Instr& in = code.ops[k];
    const uint8_t operands[3] = {in.a, in.b, in.c};
    if (in.dst >= code.num_regs) return false;
    for (int o = 0; o < operandCount(in.op); ++o)
      if (operands[o] >= code.num_regs) return false;
  }
  for (int o = 0; o < code.num_outputs; ++o)
    if (code.output_reg[o] >= code.num_regs) return false;
  return true;
}

template <class S>
cudaError_t launchAs(const Code& code, const Pointers& p, int64_t n, cudaStream_t s) {
  const bool vec = fourAtATime(code, sizeof(S), p.in, p.out, n);
  // Threads per block: as many as fit the default 48 KiB of shared memory (at most kThreads, at least 64:
  // 16 registers of four f64 and four predicates take 36 KiB at 64 threads).
  int threads = kThreads;
  while (threads > 64 && sharedBytes(sizeof(S), code.num_regs, threads) > (size_t{48} << 10)) threads /= 2;
  fusedKernel<S><<<fusedBlocks(n, vec, threads, 65536), threads, sharedBytes(sizeof(S), code.num_regs, threads), s>>>(code, p, n, vec);
  return cudaGetLastError();
}

}  // namespace

int launchFused(DType t, const Code& code, const void* const* in, void* const* out, int64_t n, void* stream) {
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  if (n <= 0) return cudaSuccess;
  if (code.num_inputs < 0 || code.num_inputs > kMaxRegs || code.num_outputs < 0 || code.num_outputs > kMaxOutputs ||
      code.num_ops < 0 || code.num_ops > kMaxOps || !registersFit(code))
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
