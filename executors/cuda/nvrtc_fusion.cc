// Generated fused kernels compiled with NVRTC and loaded with the runtime's library API (nvrtc_fusion.h).
#include "executors/cuda/nvrtc_fusion.h"

#include <cuda_runtime.h>
#include <nvrtc.h>

#include <climits>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "executors/cuda/explain.h"
#include "executors/cuda/fusion_codegen.h"

namespace hloconf::cuda::fusion {

extern const char* const kDeviceMathText;  // device_math.h's text (device_math_text.cc.in)

namespace {

// NVRTC has no system headers: device_math.h's three get what it uses (the math functions and memcpy are
// NVRTC built-ins).
constexpr const char* kStdintText =
    "#pragma once\n"
    "typedef signed char int8_t; typedef unsigned char uint8_t; typedef short int16_t; typedef unsigned short uint16_t;\n"
    "typedef int int32_t; typedef unsigned int uint32_t; typedef long long int64_t; typedef unsigned long long uint64_t;\n"
    "typedef unsigned long long uintptr_t;\n";

// The same launch shape as the interpreter's (fusion.cu): 256 threads, four elements per thread per step.
constexpr int kThreads = 256;
constexpr int64_t kMaxBlocks = int64_t{1} << 20;

// The generated kernel's argument (fusion_codegen.cc writes the same struct).
struct Pointers {
  const void* in[kMaxRegs];
  void* out[kMaxOutputs];
};

std::string programLog(nvrtcProgram program) {
  size_t size = 0;
  if (nvrtcGetProgramLogSize(program, &size) != NVRTC_SUCCESS || size <= 1) return "";
  std::string log(size, '\0');
  if (nvrtcGetProgramLog(program, log.data()) != NVRTC_SUCCESS) return "";
  log.resize(std::strlen(log.c_str()));
  return log;
}

// "sm_<major><minor>" of the current device.
absl::StatusOr<std::string> deviceArch() {
  int device = 0, major = 0, minor = 0;
  if (cudaGetDevice(&device) != cudaSuccess || cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device) != cudaSuccess)
    return absl::UnavailableError("no CUDA device to compile a fused kernel for");
  return absl::StrCat("sm_", major, minor);
}

absl::StatusOr<const void*> compileAndLoad(const std::string& source) {
  absl::StatusOr<std::string> arch = deviceArch();
  if (!arch.ok()) return arch.status();
  absl::StatusOr<std::string> cubin = compileCubin(source, *arch);
  if (!cubin.ok()) return cubin.status();
  cudaLibrary_t library = nullptr;
  cudaError_t error = cudaLibraryLoadData(&library, cubin->data(), nullptr, nullptr, 0, nullptr, nullptr, 0);
  if (error != cudaSuccess) return absl::InternalError(absl::StrCat("cudaLibraryLoadData: ", cudaGetErrorString(error)));
  cudaKernel_t kernel = nullptr;
  error = cudaLibraryGetKernel(&kernel, library, kGeneratedKernelName);
  if (error != cudaSuccess) return absl::InternalError(absl::StrCat("cudaLibraryGetKernel: ", cudaGetErrorString(error)));
  // The library stays loaded for the process: its kernel may be in any number of cached plans.
  return static_cast<const void*>(kernel);
}

}  // namespace

int64_t minElements() {
  static const int64_t min = [] {
    const char* v = std::getenv("HLOCONF_CUDA_NVRTC");
    if (v && std::strcmp(v, "0") == 0) return INT64_MAX;
    if (v && std::strcmp(v, "1") == 0) return int64_t{1};
    // Below this the interpreter's kernel is as fast: the run is launch-bound, not instruction-bound.
    return int64_t{1} << 16;
  }();
  return min;
}

absl::StatusOr<std::string> compileCubin(const std::string& source, const std::string& arch) {
  const char* headers[] = {kDeviceMathText, "#pragma once\n", kStdintText, "#pragma once\n"};
  const char* names[] = {"executors/cuda/device_math.h", "math.h", "stdint.h", "string.h"};
  nvrtcProgram program = nullptr;
  nvrtcResult result = nvrtcCreateProgram(&program, source.c_str(), "hloconf_fused.cu", 4, headers, names);
  if (result != NVRTC_SUCCESS) return absl::InternalError(absl::StrCat("nvrtcCreateProgram: ", nvrtcGetErrorString(result)));
  // The unfused kernels' flags (nvcc's defaults: IEEE division and square root, no flush to zero, contraction
  // within an op's own function allowed), so that an op's function compiles to the same instructions.
  const std::string arch_option = "--gpu-architecture=" + arch;
  const char* options[] = {arch_option.c_str(), "-std=c++17"};
  result = nvrtcCompileProgram(program, 2, options);
  absl::StatusOr<std::string> out;
  if (result != NVRTC_SUCCESS) {
    out = absl::InvalidArgumentError(absl::StrCat("NVRTC (", arch, "): ", nvrtcGetErrorString(result), "\n", programLog(program)));
  } else {
    size_t size = 0;
    std::string cubin;
    if (nvrtcGetCUBINSize(program, &size) == NVRTC_SUCCESS && size > 0) {
      cubin.resize(size);
      if (nvrtcGetCUBIN(program, cubin.data()) != NVRTC_SUCCESS) cubin.clear();
    }
    if (cubin.empty()) out = absl::InternalError(absl::StrCat("NVRTC (", arch, "): no CUBIN"));
    else out = std::move(cubin);
  }
  nvrtcDestroyProgram(&program);
  return out;
}

absl::StatusOr<const void*> generatedKernel(const std::string& source) {
  static std::mutex mutex;
  static std::map<std::string, absl::StatusOr<const void*>>* cache = new std::map<std::string, absl::StatusOr<const void*>>();
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache->find(source);
  if (it != cache->end()) return it->second;
  absl::StatusOr<const void*> kernel = compileAndLoad(source);
  if (!kernel.ok()) explain("a fused run stays with the interpreter: " + std::string(kernel.status().message()));
  // A bounded cache: past it, runs keep to the interpreter rather than load more modules.
  if (cache->size() < 4096) cache->emplace(source, kernel);
  return kernel;
}

int launchGenerated(const void* kernel, DType t, const Code& code, const void* const* in, void* const* out, int64_t n, void* stream) {
  if (n <= 0) return cudaSuccess;
  if (!kernel || code.num_inputs < 0 || code.num_inputs > kMaxRegs || code.num_outputs < 1 || code.num_outputs > kMaxOutputs)
    return cudaErrorInvalidValue;
  if (t != kF16 && t != kBF16 && t != kF32 && t != kF64) return cudaErrorInvalidValue;
  Pointers p{};
  for (int r = 0; r < code.num_inputs; ++r) p.in[r] = in[r];
  for (int o = 0; o < code.num_outputs; ++o) p.out[o] = out[o];
  bool vec = fourAtATime(code, static_cast<size_t>(dtypeBytes(t)), p.in, p.out, n);
  long long count = n;
  void* args[] = {&p, &count, &vec};
  return static_cast<int>(cudaLaunchKernel(kernel, dim3(fusedBlocks(n, vec, kThreads, kMaxBlocks)), dim3(kThreads), args, 0,
                                           static_cast<cudaStream_t>(stream)));
}

}  // namespace hloconf::cuda::fusion
