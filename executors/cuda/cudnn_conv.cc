// cuDNN's convolution for the cuda executor (cudnn_conv.h): libcudnn.so.9 loaded at run time, its legacy
// Nd convolution API (present, deprecated, in cuDNN 9; the graph API's C++ front end is not installed
// here), one handle and one cache of descriptors and chosen algorithm per host thread.
#include "executors/cuda/cudnn_conv_run.h"

#include <cudnn.h>
#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>

#include "ir/strings.h"

namespace hloconf::cuda {
namespace {

// The cuDNN entry points we call, resolved from the shared library.
struct Api {
  decltype(&cudnnCreate) create = nullptr;
  decltype(&cudnnSetStream) set_stream = nullptr;
  decltype(&cudnnGetErrorString) error_string = nullptr;
  decltype(&cudnnCreateTensorDescriptor) create_tensor = nullptr;
  decltype(&cudnnSetTensorNdDescriptor) set_tensor = nullptr;
  decltype(&cudnnDestroyTensorDescriptor) destroy_tensor = nullptr;
  decltype(&cudnnCreateFilterDescriptor) create_filter = nullptr;
  decltype(&cudnnSetFilterNdDescriptor) set_filter = nullptr;
  decltype(&cudnnDestroyFilterDescriptor) destroy_filter = nullptr;
  decltype(&cudnnCreateConvolutionDescriptor) create_conv = nullptr;
  decltype(&cudnnSetConvolutionNdDescriptor) set_conv = nullptr;
  decltype(&cudnnSetConvolutionGroupCount) set_groups = nullptr;
  decltype(&cudnnSetConvolutionMathType) set_math = nullptr;
  decltype(&cudnnDestroyConvolutionDescriptor) destroy_conv = nullptr;
  decltype(&cudnnGetConvolutionNdForwardOutputDim) output_dim = nullptr;
  decltype(&cudnnGetConvolutionForwardAlgorithm_v7) algorithms = nullptr;
  decltype(&cudnnGetConvolutionForwardWorkspaceSize) workspace_size = nullptr;
  decltype(&cudnnConvolutionForward) forward = nullptr;
  std::string unavailable;  // why not, or empty
};

const Api& api() {
  static const Api* loaded = [] {
    auto* a = new Api;
    const char* off = std::getenv("HLOCONF_CUDA_CUDNN");
    if (off && std::strcmp(off, "0") == 0) {
      a->unavailable = "HLOCONF_CUDA_CUDNN=0";
      return a;
    }
    void* lib = dlopen("libcudnn.so.9", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      const char* e = dlerror();
      a->unavailable = strCat("libcudnn.so.9 not found (", e ? e : "dlopen failed", ")");
      return a;
    }
    bool all = true;
    auto bind = [&](auto& fn, const char* name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(lib, name));
      if (!fn && all) {
        all = false;
        a->unavailable = strCat("libcudnn.so.9 has no ", name);
      }
    };
    bind(a->create, "cudnnCreate");
    bind(a->set_stream, "cudnnSetStream");
    bind(a->error_string, "cudnnGetErrorString");
    bind(a->create_tensor, "cudnnCreateTensorDescriptor");
    bind(a->set_tensor, "cudnnSetTensorNdDescriptor");
    bind(a->destroy_tensor, "cudnnDestroyTensorDescriptor");
    bind(a->create_filter, "cudnnCreateFilterDescriptor");
    bind(a->set_filter, "cudnnSetFilterNdDescriptor");
    bind(a->destroy_filter, "cudnnDestroyFilterDescriptor");
    bind(a->create_conv, "cudnnCreateConvolutionDescriptor");
    bind(a->set_conv, "cudnnSetConvolutionNdDescriptor");
    bind(a->set_groups, "cudnnSetConvolutionGroupCount");
    bind(a->set_math, "cudnnSetConvolutionMathType");
    bind(a->destroy_conv, "cudnnDestroyConvolutionDescriptor");
    bind(a->output_dim, "cudnnGetConvolutionNdForwardOutputDim");
    bind(a->algorithms, "cudnnGetConvolutionForwardAlgorithm_v7");
    bind(a->workspace_size, "cudnnGetConvolutionForwardWorkspaceSize");
    bind(a->forward, "cudnnConvolutionForward");
    return a;
  }();
  return *loaded;
}

// The most workspace a chosen algorithm may ask for; one that wants more is passed over.
constexpr size_t kMaxWorkspaceBytes = size_t{256} << 20;

}  // namespace

// Descriptors and algorithm for one (type, shape), made once per thread.
struct CudnnConvPlan {
  cudnnTensorDescriptor_t x = nullptr, y = nullptr;
  cudnnFilterDescriptor_t w = nullptr;
  cudnnConvolutionDescriptor_t conv = nullptr;
  cudnnConvolutionFwdAlgo_t algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
  size_t workspace = 0;
  bool f64 = false;
  std::string refused;  // why cuDNN does not run this shape, or empty
  ~CudnnConvPlan() {
    const Api& a = api();
    if (x) a.destroy_tensor(x);
    if (y) a.destroy_tensor(y);
    if (w) a.destroy_filter(w);
    if (conv) a.destroy_conv(conv);
  }
};

namespace {

struct PerThread {
  cudnnHandle_t handle = nullptr;  // never destroyed: a thread's handle lives as long as the process
  std::string unavailable;
  bool tried = false;
  std::map<std::string, std::unique_ptr<CudnnConvPlan>> plans;
};
PerThread& perThread() {
  thread_local PerThread t;
  return t;
}

// The plan cache's key: every field of the shape, member by member (the struct's padding bytes are not
// part of its value, so its raw bytes could differ between equal shapes and miss the cache).
std::string keyOf(DType t, const CudnnConvShape& c) {
  std::string key;
  auto add = [&](const auto& member) { key.append(reinterpret_cast<const char*>(&member), sizeof member); };
  add(t), add(c.nb_dims), add(c.x_dims), add(c.x_strides), add(c.y_dims), add(c.y_strides), add(c.w_dims);
  add(c.w_features_last), add(c.pad), add(c.stride), add(c.dilation), add(c.groups), add(c.w_elements);
  return key;
}

// Fills `p` for `t` and `c`; returns the reason cuDNN does not take it, or empty.
std::string makePlan(cudnnHandle_t handle, DType t, const CudnnConvShape& c, CudnnConvPlan& p) {
  const Api& a = api();
  cudnnDataType_t data, compute;
  switch (t) {
    case kF16: data = CUDNN_DATA_HALF, compute = CUDNN_DATA_FLOAT; break;
    case kBF16: data = CUDNN_DATA_BFLOAT16, compute = CUDNN_DATA_FLOAT; break;
    case kF32: data = CUDNN_DATA_FLOAT, compute = CUDNN_DATA_FLOAT; break;
    case kF64: data = CUDNN_DATA_DOUBLE, compute = CUDNN_DATA_DOUBLE; break;
    default: return "not a float type";
  }
  p.f64 = t == kF64;
  auto failed = [&](const char* what, cudnnStatus_t s) { return strCat(what, ": ", a.error_string(s)); };
  cudnnStatus_t s;
  if ((s = a.create_tensor(&p.x)) != CUDNN_STATUS_SUCCESS || (s = a.create_tensor(&p.y)) != CUDNN_STATUS_SUCCESS)
    return failed("cudnnCreateTensorDescriptor", s);
  if ((s = a.create_filter(&p.w)) != CUDNN_STATUS_SUCCESS) return failed("cudnnCreateFilterDescriptor", s);
  if ((s = a.create_conv(&p.conv)) != CUDNN_STATUS_SUCCESS) return failed("cudnnCreateConvolutionDescriptor", s);
  if ((s = a.set_tensor(p.x, data, c.nb_dims, c.x_dims, c.x_strides)) != CUDNN_STATUS_SUCCESS) return failed("the input's descriptor", s);
  if ((s = a.set_tensor(p.y, data, c.nb_dims, c.y_dims, c.y_strides)) != CUDNN_STATUS_SUCCESS) return failed("the result's descriptor", s);
  if ((s = a.set_filter(p.w, data, c.w_features_last ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW, c.nb_dims, c.w_dims)) != CUDNN_STATUS_SUCCESS)
    return failed("the kernel's descriptor", s);
  // Cross-correlation: window reversal was applied while packing the kernel.
  if ((s = a.set_conv(p.conv, c.nb_dims - 2, c.pad, c.stride, c.dilation, CUDNN_CROSS_CORRELATION, compute)) != CUDNN_STATUS_SUCCESS)
    return failed("the convolution's descriptor", s);
  if ((s = a.set_groups(p.conv, c.groups)) != CUDNN_STATUS_SUCCESS) return failed("cudnnSetConvolutionGroupCount", s);
  // FMA math: no tensor cores, so no TF32 rounding of f32 inputs (cudnn_conv.h).
  if ((s = a.set_math(p.conv, CUDNN_FMA_MATH)) != CUDNN_STATUS_SUCCESS) return failed("cudnnSetConvolutionMathType", s);
  int dims[2 + kCudnnMaxSpatial] = {};
  if ((s = a.output_dim(p.conv, p.x, p.w, c.nb_dims, dims)) != CUDNN_STATUS_SUCCESS) return failed("cudnnGetConvolutionNdForwardOutputDim", s);
  for (int k = 0; k < c.nb_dims; ++k)
    if (dims[k] != c.y_dims[k]) return "cuDNN computes another result shape";
  cudnnConvolutionFwdAlgoPerf_t perf[CUDNN_CONVOLUTION_FWD_ALGO_COUNT] = {};
  int returned = 0;
  // The heuristic's order, keeping only the implicit GEMMs (sums of products) with FMA math. (A build that
  // timed the candidates with cuDNN's Find measured 0.60 ms on the benchmark's shape on the H100, this one
  // 0.51 ms, in two device runs with other changes between them: not worth its milliseconds per shape.)
  if ((s = a.algorithms(handle, p.x, p.w, p.conv, p.y, CUDNN_CONVOLUTION_FWD_ALGO_COUNT, &returned, perf)) != CUDNN_STATUS_SUCCESS)
    return failed("cudnnGetConvolutionForwardAlgorithm_v7", s);
  for (int k = 0; k < returned; ++k) {
    const cudnnConvolutionFwdAlgo_t algo = perf[k].algo;
    const bool gemm = algo == CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM || algo == CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM ||
                      algo == CUDNN_CONVOLUTION_FWD_ALGO_GEMM;
    if (perf[k].status != CUDNN_STATUS_SUCCESS || !gemm || perf[k].mathType != CUDNN_FMA_MATH) continue;
    size_t bytes = 0;
    if (a.workspace_size(handle, p.x, p.w, p.conv, p.y, algo, &bytes) != CUDNN_STATUS_SUCCESS || bytes > kMaxWorkspaceBytes) continue;
    p.algo = algo;
    p.workspace = bytes;
    return "";
  }
  return "no implicit-GEMM algorithm with FMA math for this shape";
}

}  // namespace

absl::StatusOr<const CudnnConvPlan*> cudnnConvPlan(DType t, const CudnnConvShape& c, std::string* why) {
  const Api& a = api();
  if (!a.unavailable.empty()) {
    if (why) *why = a.unavailable;
    return nullptr;
  }
  PerThread& thread = perThread();
  if (!thread.tried) {
    thread.tried = true;
    const cudnnStatus_t s = a.create(&thread.handle);
    if (s != CUDNN_STATUS_SUCCESS) thread.unavailable = strCat("cudnnCreate: ", a.error_string(s));
  }
  if (!thread.unavailable.empty()) {
    if (why) *why = thread.unavailable;
    return nullptr;
  }
  std::unique_ptr<CudnnConvPlan>& slot = thread.plans[keyOf(t, c)];
  if (!slot) {
    slot = std::make_unique<CudnnConvPlan>();
    slot->refused = makePlan(thread.handle, t, c, *slot);
  }
  if (!slot->refused.empty()) {
    if (why) *why = slot->refused;
    return nullptr;
  }
  return slot.get();
}

size_t cudnnConvWorkspace(const CudnnConvPlan& p) { return p.workspace; }

absl::StatusOr<bool> cudnnConvForward(const CudnnConvPlan& p, const void* x, const void* packed_w, void* y, void* workspace,
                                      cudaStream_t stream) {
  const Api& a = api();
  PerThread& thread = perThread();
  cudnnStatus_t s = a.set_stream(thread.handle, stream);
  if (s != CUDNN_STATUS_SUCCESS) return absl::InternalError(strCat("cudnnSetStream: ", a.error_string(s)));
  const float one_f = 1, zero_f = 0;
  const double one_d = 1, zero_d = 0;
  const void* alpha = p.f64 ? static_cast<const void*>(&one_d) : static_cast<const void*>(&one_f);
  const void* beta = p.f64 ? static_cast<const void*>(&zero_d) : static_cast<const void*>(&zero_f);
  s = a.forward(thread.handle, alpha, p.x, x, p.w, packed_w, p.conv, p.algo, workspace, p.workspace, beta, p.y, y);
  if (s == CUDNN_STATUS_SUCCESS) return true;
  // Refusals at launch (a shape the heuristic offered but the kernel declines: cuDNN 9's BAD_PARAM and
  // NOT_SUPPORTED categories, 2000-3999) leave the direct kernel to run; anything else is an error of the run.
  if (s >= CUDNN_STATUS_BAD_PARAM && s < CUDNN_STATUS_NOT_SUPPORTED + 1000) return false;
  return absl::InternalError(strCat("cudnnConvolutionForward: ", a.error_string(s)));
}

}  // namespace hloconf::cuda
