// Generated fused kernels (fusion_codegen.h) compiled with NVRTC and loaded into the process
// (executors/cuda/README.md, "Fusion"). Which runs get one: those of at least minElements() elements, where
// a kernel's compile time (tens of milliseconds, once per distinct run per process) is small beside its
// run; smaller runs, and any run whose source does not compile or load, stay with the interpreter
// (fusion.cu), whose results are the same.
//
// HLOCONF_CUDA_NVRTC=0 turns generated kernels off, =1 uses them for runs of every size (the device check
// runs the spec suite so: bench/gpu/device_check.sh); HLOCONF_CUDA_EXPLAIN=1 prints why a run was not compiled.
#ifndef HLOCONF_EXECUTORS_CUDA_NVRTC_FUSION_H_
#define HLOCONF_EXECUTORS_CUDA_NVRTC_FUSION_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "executors/cuda/fusion.h"

namespace hloconf::cuda::fusion {

// The smallest run that gets a generated kernel (HLOCONF_CUDA_NVRTC, read once): INT64_MAX when off.
int64_t minElements();

// `source` compiled by NVRTC for `arch` (e.g. "sm_90") into a CUBIN, with device_math.h and the few C
// headers it includes supplied by us (NVRTC has no system headers). Needs no device: the tests compile here.
// On failure: InvalidArgument with NVRTC's log.
absl::StatusOr<std::string> compileCubin(const std::string& source, const std::string& arch);

// The kernel of `source` for the current device, compiled and loaded once per process (cached by the text;
// an error is cached too, so a source that fails is not compiled again). The handle is a cudaKernel_t.
absl::StatusOr<const void*> generatedKernel(const std::string& source);

// Launches a kernel of generatedKernel() on `n` elements as launchFused() does the interpreter (fusion.h):
// same arguments, same result (a cudaError_t as int).
int launchGenerated(const void* kernel, DType t, const Code& code, const void* const* in, void* const* out, int64_t n, void* stream);

}  // namespace hloconf::cuda::fusion

#endif  // HLOCONF_EXECUTORS_CUDA_NVRTC_FUSION_H_
