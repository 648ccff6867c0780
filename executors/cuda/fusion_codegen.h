// Fused elementwise runs as generated CUDA source (executors/cuda/README.md, "Fusion"): the same bytecode
// (fusion.h's Code) written out as straight-line C++ for NVRTC, one kernel per distinct run, compiled when
// the program is lowered (nvrtc_fusion.h). Every value lives in a named local, which the compiler keeps in
// hardware registers; the interpreter's register file in shared memory (fusion.cu) costs 2.4x XLA's time on
// a chain of five ops (docs/benchmarks.md "GPU"). The generated code calls the same per-element functions
// (device_math.h) as the unfused kernels and the interpreter, so results stay bit-identical to theirs.
//
// This file needs no CUDA header: the generator is tested in every build (tests/executors/cuda_fusion_test.cc).
#ifndef HLOCONF_EXECUTORS_CUDA_FUSION_CODEGEN_H_
#define HLOCONF_EXECUTORS_CUDA_FUSION_CODEGEN_H_

#include <string>

#include "executors/cuda/fusion.h"

namespace hloconf::cuda::fusion {

// The kernel's name in the generated source (extern "C", so NVRTC does not mangle it).
inline constexpr const char* kGeneratedKernelName = "hloconf_fused";

// The CUDA source of one kernel that runs `code` on elements of the float storage type `t` (kF16, kBF16,
// kF32, kF64), with the interpreter's signature (fusion.cu's fusedKernel): a struct of kMaxRegs input and
// kMaxOutputs output pointers by value, the element count (long long) and `vec` (bool: groups of four
// elements with vector loads and stores, then the tail). It includes "executors/cuda/device_math.h", which
// the compiler must be given. The text depends only on (t, code), so it is the compiled-kernel cache's key.
// Empty when `code` is not well formed (a register out of range, an unknown op), as launchFused refuses it.
std::string generatedKernelSource(DType t, const Code& code);

}  // namespace hloconf::cuda::fusion

#endif  // HLOCONF_EXECUTORS_CUDA_FUSION_CODEGEN_H_
