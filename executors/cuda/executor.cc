// The CUDA executor's host side (executor.h): lowering a Plan to device launchers, and running it on one
// stream. Every CUDA and cuBLASLt call's status is checked and becomes an absl error; nothing aborts.
#include "executors/cuda/executor.h"

#include <cublasLt.h>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <mutex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"
#include "executors/cuda/batch_norm.h"
#include "executors/cuda/conv.h"
#include "executors/cuda/conv_plan.h"
#include "executors/cuda/cudnn_conv_run.h"
#include "executors/cuda/explain.h"
#include "executors/cuda/fft.h"
#include "executors/cuda/fusion.h"
#include "executors/cuda/fusion_codegen.h"
#include "executors/cuda/gather.h"
#include "executors/cuda/gather_plan.h"
#include "executors/cuda/kernels.h"
#include "executors/cuda/nvrtc_fusion.h"
#include "executors/cuda/op_codes.h"
#include "executors/cuda/scatter.h"
#include "executors/cuda/scatter_plan.h"
#include "executors/cuda/sort_plan.h"
#include "executors/cuda/window_plan.h"
#include "executors/plan/elementwise_params.h"
#include "executors/plan/movement_params.h"
#include "executors/plan/products_params.h"
#include "executors/plan/reduction_params.h"
#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf::cuda {
namespace {

absl::Status cudaCheck(cudaError_t error, const char* what) {
  if (error == cudaSuccess) return absl::OkStatus();
  return absl::InternalError(strCat(what, " failed: ", cudaGetErrorName(error), ": ", cudaGetErrorString(error)));
}
absl::Status cublasCheck(cublasStatus_t status, const char* what) {
  if (status == CUBLAS_STATUS_SUCCESS) return absl::OkStatus();
  return absl::InternalError(strCat(what, " failed: cuBLAS status ", static_cast<int>(status)));
}
#define HLOCONF_CUDA(call) RETURN_IF_ERROR(cudaCheck((call), #call))
#define HLOCONF_CUBLAS(call) RETURN_IF_ERROR(cublasCheck((call), #call))

std::optional<DType> dtypeOf(ElementType t) {
  switch (t) {
    case ElementType::kI1: return kPred;
    case ElementType::kSI8: return kS8;
    case ElementType::kSI16: return kS16;
    case ElementType::kSI32: return kS32;
    case ElementType::kSI64: return kS64;
    case ElementType::kUI8: return kU8;
    case ElementType::kUI16: return kU16;
    case ElementType::kUI32: return kU32;
    case ElementType::kUI64: return kU64;
    case ElementType::kF16: return kF16;
    case ElementType::kBF16: return kBF16;
    case ElementType::kF32: return kF32;
    case ElementType::kF64: return kF64;
    default: return std::nullopt;
  }
}
// A value the control ops can carry: a tensor, or a token (no bytes: nothing to copy).
bool carriable(const Type& type) { return type.isTensor() || type.kind() == Type::Kind::kToken; }

bool isFloat(DType t) { return t == kF16 || t == kBF16 || t == kF32 || t == kF64; }
bool isSignedInt(DType t) { return t == kS8 || t == kS16 || t == kS32 || t == kS64; }

// The device's default memory pool keeps what a run frees, once per process. Its release threshold is 0 by
// default: every synchronisation handed the freed memory back to the driver, and the next run (a benchmark's
// repeat, the next case) had to map it again.
absl::Status keepPoolMemory() {
  static const absl::Status status = [] {
    int device = 0;
    cudaMemPool_t pool = nullptr;
    if (absl::Status s = cudaCheck(cudaGetDevice(&device), "cudaGetDevice"); !s.ok()) return s;
    if (absl::Status s = cudaCheck(cudaDeviceGetDefaultMemPool(&pool, device), "cudaDeviceGetDefaultMemPool"); !s.ok()) return s;
    uint64_t keep_everything = UINT64_MAX;
    return cudaCheck(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep_everything),
                     "cudaMemPoolSetAttribute(release threshold)");
  }();
  return status;
}

}  // namespace

class Run;
struct LoweredStep;
using Launcher = absl::Status (*)(Run& run, const plan::Step& step, const LoweredStep& lowered,
                                  std::span<const void* const> operands, std::span<void* const> results);

struct LoweredRegion {
  std::vector<LoweredStep> steps;
  std::vector<fusion::FusedRun> runs;  // fused elementwise runs (fusion.h), each starting at a step's `fused`
  // Per run: its generated kernel (nvrtc_fusion.h, a cudaKernel_t), or null where the interpreter runs it.
  std::vector<const void*> generated;
};
struct LoweredStep {
  Launcher launch = nullptr;
  DType type = kF32, type2 = kF32;  // the step's main element type (and the result's, for convert)
  int code = 0;                     // UOp / BOp / CmpDir / RedOp
  int code2 = 0;                    // CmpKind
  bool flag1 = false, flag2 = false;
  int64_t a = 0, b = 0;             // iota: inner, size
  std::vector<CopyDesc> copies;
  std::vector<int64_t> copy_reach;     // per copy: the largest element offset it reaches past its offset (dynamic slices)
  std::vector<ElementType> index_types;  // dynamic_slice / dynamic_update_slice: the start indices' types
  ReduceDesc reduce;
  ConvDesc conv;  // convolution (conv_plan.h)
  std::optional<CudnnConvShape> cudnn_conv;  // the same convolution as cuDNN takes it (cudnn_conv.h), if it does
  BatchNormDesc bn;  // batch_norm_* (batch_norm.h)
  GatherDesc gather;  // gather (gather_plan.h)
  ScatterDesc scatter;  // scatter (scatter_plan.h)
  WindowDesc window;    // reduce_window (window_desc.h)
  SortDesc sort;        // sort (sort_desc.h); `a` is the key operand
  plan::rng::BitsLayout rng;  // rng_bit_generator; `a` is the element's bit mask, `b` its bytes
  FftDesc fft;                // fft (fft.h)
  std::vector<LoweredRegion> regions;
  int fused = -1;  // the index in LoweredRegion::runs of the fused run that starts at this step
  bool constant = false;  // a constant: its slot borrows the program's device copy (Program::deviceConstant)
};

struct Program {
  plan::Plan plan;
  LoweredRegion body;
  // The constants' device copies, made on a run's first use and kept with the program, so that a repeated
  // run does not upload them again (from pageable memory, a wait inside the run each time). Runs only read
  // them: a slot holding one borrows it (Run::borrowed_).
  std::mutex constants_mu;
  absl::flat_hash_map<const plan::Step*, void*> device_constants;

  // The whole run as one CUDA graph (executors/cuda/README.md, "Graphs"): captured once, then launched once
  // per run instead of one launch per step, which is what bounds a small program's time. Only for programs
  // whose steps never wait for the device mid-run (`capturable`: no control flow, dynamic slice or
  // get_dimension_size, which read device values on the host). One run at a time uses it (graph_mu).
  bool capturable = false;
  std::mutex graph_mu;
  int graph_runs = 0;                    // runs that asked for the graph so far
  bool graph_failed = false;             // the capture or instantiation failed: every run the step-by-step way
  cudaGraphExec_t graph_exec = nullptr;
  std::vector<void*> graph_inputs;       // the program's own input buffers, which the graph reads
  std::vector<const void*> graph_outputs;  // where each output is after a launch
  std::vector<void*> graph_owned;        // what the graph allocates and leaves allocated: freed after each launch

  ~Program() {
    if (graph_exec) (void)cudaGraphExecDestroy(graph_exec);
    for (void* p : graph_inputs) if (p) (void)cudaFree(p);
    for (auto& [step, p] : device_constants) (void)cudaFree(p);
  }
};

namespace {

// --- lowering helpers ---------------------------------------------------------------------------------------
absl::Status noKernel(const plan::Step& step, const plan::Plan& plan) {
  std::string types;
  for (plan::Slot slot : step.operands) types += strCat(types.empty() ? "" : ", ", plan.slot_types[slot].toString());
  if (!step.results.empty()) types += strCat(" -> ", plan.slot_types[step.results[0]].toString());
  return absl::UnimplementedError(strCat("no cuda kernel for ", types.empty() ? "this op" : types));
}

absl::StatusOr<DType> tensorType(const plan::Step& step, const plan::Plan& plan, plan::Slot slot) {
  const Type& type = plan.slot_types[static_cast<size_t>(slot)];
  if (!type.isTensor()) return noKernel(step, plan);
  std::optional<DType> t = dtypeOf(type.elementType());
  if (!t) return noKernel(step, plan);
  return *t;
}

// A tensor's element type as the kernels that only move elements see it (broadcast, transpose, slice,
// concatenate, pad, select, dynamic slices, gather, sort's other operands): a kernel type where there is one,
// else the unsigned integer of its storage size, or kB128 (complex<f64>).
absl::StatusOr<DType> storageType(const plan::Step& step, const plan::Plan& plan, plan::Slot slot) {
  const Type& type = plan.slot_types[static_cast<size_t>(slot)];
  if (!type.isTensor()) return noKernel(step, plan);
  if (std::optional<DType> t = dtypeOf(type.elementType())) return *t;
  switch (storageBytes(type.elementType())) {
    case 1:
      return kU8;
    case 2:
      return kU16;
    case 4:
      return kU32;
    case 8:
      return kU64;
    case 16:
      return kB128;
    default:
      return noKernel(step, plan);
  }
}

int64_t elementsOf(const plan::Plan& plan, plan::Slot slot) {
  const Type& type = plan.slot_types[static_cast<size_t>(slot)];
  return type.isTensor() ? type.numElements() : 0;
}

// A CopyPattern as a CopyDesc, checked to stay inside `src_elements` and `dst_elements`.
absl::StatusOr<CopyDesc> copyDesc(const plan::CopyPattern& p, int64_t src_elements, int64_t dst_elements) {
  CopyDesc d;
  if (p.empty) return d;  // total 0: nothing runs
  if (p.shape.size() > static_cast<size_t>(kMaxRank))
    return absl::UnimplementedError(strCat("a copy of rank ", p.shape.size(), " (the cuda kernels take at most ", kMaxRank, ")"));
  if (p.src_strides.size() != p.shape.size() || p.dst_strides.size() != p.shape.size())
    return absl::InternalError("a copy pattern's strides do not match its shape");
  d.rank = static_cast<int>(p.shape.size());
  d.total = 1;
  int64_t src_lo = p.src_offset, src_hi = p.src_offset, dst_lo = p.dst_offset, dst_hi = p.dst_offset;
  for (size_t k = 0; k < p.shape.size(); ++k) {
    if (p.shape[k] < 1) return absl::InternalError("a non-empty copy pattern has a dimension of size < 1");
    d.shape[k] = p.shape[k];
    d.src_strides[k] = p.src_strides[k];
    d.dst_strides[k] = p.dst_strides[k];
    d.total *= p.shape[k];
    const int64_t s = (p.shape[k] - 1) * p.src_strides[k], t = (p.shape[k] - 1) * p.dst_strides[k];
    (s < 0 ? src_lo : src_hi) += s;
    (t < 0 ? dst_lo : dst_hi) += t;
  }
  d.src_offset = p.src_offset;
  d.dst_offset = p.dst_offset;
  if (src_lo < 0 || src_hi >= src_elements || dst_lo < 0 || dst_hi >= dst_elements)
    return absl::InternalError("a copy pattern reaches outside its buffers");
  return d;
}

}  // namespace

// --- the run: device buffers per slot on one stream -----------------------------------------------------------
class Run {
 public:
  // The program is const but for its constants' cache (guarded by its mutex).
  Run(const Program& program, const RunOptions& options) : program_(const_cast<Program&>(program)), options_(options), slots_(program.plan.slot_types.size()) {}
  ~Run() {
    // Whatever happened, every buffer goes back and the stream ends; errors here have nowhere to go.
    if (stream_) {
      for (void*& p : slots_) if (p && !borrowed_.contains(p)) (void)cudaFreeAsync(p, stream_);
      if (workspace_) (void)cudaFreeAsync(workspace_, stream_);
      (void)cudaStreamSynchronize(stream_);
      (void)cudaStreamDestroy(stream_);
    }
  }
  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

  absl::Status start() {
    RETURN_IF_ERROR(keepPoolMemory());
    HLOCONF_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    return absl::OkStatus();
  }
  cudaStream_t stream() const { return stream_; }
  const plan::Plan& plan() const { return program_.plan; }

  size_t bytesOf(plan::Slot slot) const {
    return static_cast<size_t>(plan::slotBytes(program_.plan.slot_types[static_cast<size_t>(slot)]));
  }
  void* data(plan::Slot slot) const { return slots_[static_cast<size_t>(slot)]; }

  // A buffer of `bytes` bytes from the stream-ordered pool; none (null) for 0 bytes.
  absl::StatusOr<void*> take(size_t bytes) {
    if (bytes == 0) return static_cast<void*>(nullptr);
    void* p = nullptr;
    HLOCONF_CUDA(cudaMallocAsync(&p, bytes, stream_));
    return p;
  }
  absl::Status give(void*& p) {
    if (!p) return absl::OkStatus();
    void* q = p;
    p = nullptr;
    if (borrowed_.contains(q)) return absl::OkStatus();  // the program's constant, not ours to free
    HLOCONF_CUDA(cudaFreeAsync(q, stream_));
    return absl::OkStatus();
  }
  // Sets slot `slot` to `p` (freeing what it held).
  absl::Status put(plan::Slot slot, void* p) {
    void*& held = slots_[static_cast<size_t>(slot)];
    if (held != p) RETURN_IF_ERROR(give(held));
    held = p;
    return absl::OkStatus();
  }
  absl::Status copyD2D(void* dst, const void* src, size_t bytes) {
    if (bytes == 0 || dst == src) return absl::OkStatus();
    HLOCONF_CUDA(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, stream_));
    return absl::OkStatus();
  }
  // Reads `bytes` (<= 8) bytes of device memory to the host: the one place a run waits mid-way.
  absl::StatusOr<int64_t> readScalar(const void* p, size_t bytes) {
    int64_t value = 0;
    if (!p || bytes == 0 || bytes > sizeof(value)) return absl::InternalError("a predicate of unexpected size");
    HLOCONF_CUDA(cudaMemcpyAsync(&value, p, bytes, cudaMemcpyDeviceToHost, stream_));
    HLOCONF_CUDA(cudaStreamSynchronize(stream_));
    return value;
  }

  absl::Status checkDeadline() const {
    if (options_.deadline && std::chrono::steady_clock::now() > *options_.deadline)
      return absl::DeadlineExceededError("the cuda executor ran past the deadline");
    return absl::OkStatus();
  }

  // cuBLASLt's handle (one per host thread, kept for the process: making one in every run cost host time
  // inside the run) and this run's workspace, made on first use.
  static constexpr size_t kWorkspaceBytes = size_t{32} << 20;
  absl::StatusOr<cublasLtHandle_t> lt() {
    thread_local cublasLtHandle_t handle = nullptr;
    if (!handle) HLOCONF_CUBLAS(cublasLtCreate(&handle));
    if (!workspace_) HLOCONF_CUDA(cudaMallocAsync(&workspace_, kWorkspaceBytes, stream_));
    return handle;
  }

  // Constant step `step`'s value on the device: the program's copy (uploaded on first use), which `slot`
  // borrows.
  absl::Status putConstant(const plan::Step& step, plan::Slot slot) {
    const std::vector<uint8_t>& bytes = step.as<plan::ConstantParams>().value.bytes();
    if (bytes.size() != bytesOf(slot)) return absl::InternalError("a constant's bytes differ from its type's size");
    if (bytes.empty()) return put(slot, nullptr);
    void* p = nullptr;
    {
      std::lock_guard<std::mutex> lock(program_.constants_mu);
      void*& cached = program_.device_constants[&step];
      if (!cached) {
        void* fresh = nullptr;
        HLOCONF_CUDA(cudaMalloc(&fresh, bytes.size()));
        // Synchronous: the bytes are on the device before any kernel of this stream can read them.
        const cudaError_t copied = cudaMemcpy(fresh, bytes.data(), bytes.size(), cudaMemcpyHostToDevice);
        if (copied != cudaSuccess) {
          (void)cudaFree(fresh);
          return cudaCheck(copied, "cudaMemcpy (a constant)");
        }
        cached = fresh;
      }
      p = cached;
    }
    borrowed_.insert(p);
    return put(slot, p);
  }
  void* workspace() const { return workspace_; }
  // Slot `slot` holds `p`, which the run borrows (a graph's input buffer: the program's, never freed here).
  absl::Status lend(plan::Slot slot, void* p) {
    if (p) borrowed_.insert(p);
    return put(slot, p);
  }
  // What the run owns (its slots' buffers and its workspace), handed over and forgotten: after a capture
  // they are the graph's allocations, which the graph's runs free (Program::graph_owned).
  std::vector<void*> releaseOwned() {
    std::vector<void*> owned;
    for (void*& p : slots_) {
      if (p && !borrowed_.contains(p) && std::find(owned.begin(), owned.end(), p) == owned.end()) owned.push_back(p);
      p = nullptr;
    }
    if (workspace_) owned.push_back(workspace_);
    workspace_ = nullptr;
    return owned;
  }

  absl::Status runSteps(const plan::Region& region, const LoweredRegion& lowered);
  absl::Status runFused(const plan::Region& region, const fusion::FusedRun& fused, const void* generated);
  // Runs `region` with its inputs copied from `inputs`; its outputs' device pointers after.
  absl::StatusOr<std::vector<const void*>> runRegion(const plan::Region& region, const LoweredRegion& lowered,
                                                     std::span<const void* const> inputs);

 private:
  Program& program_;
  RunOptions options_;
  std::vector<void*> slots_;
  absl::flat_hash_set<const void*> borrowed_;  // the program's constants that slots hold (never freed here)
  cudaStream_t stream_ = nullptr;
  void* workspace_ = nullptr;
};

absl::Status Run::runSteps(const plan::Region& region, const LoweredRegion& lowered) {
  std::vector<const void*> operands;
  std::vector<void*> fresh;
  for (size_t s = 0; s < region.steps.size(); ++s) {
    const plan::Step& step = region.steps[s];
    const LoweredStep& lowered_step = lowered.steps[s];
    RETURN_IF_ERROR(checkDeadline());
    if (lowered_step.fused >= 0 && static_cast<size_t>(lowered_step.fused) < lowered.runs.size() && fusion::enabled()) {
      const size_t r = static_cast<size_t>(lowered_step.fused);
      const fusion::FusedRun& fused = lowered.runs[r];
      RETURN_IF_ERROR(runFused(region, fused, r < lowered.generated.size() ? lowered.generated[r] : nullptr));
      s += fused.count - 1;
      continue;
    }
    if (lowered_step.constant) {
      if (step.results.size() != 1) return absl::InternalError("a constant step without one result");
      RETURN_IF_ERROR(putConstant(step, step.results[0]));
      for (plan::Slot dead : step.last_uses) RETURN_IF_ERROR(give(slots_[static_cast<size_t>(dead)]));
      continue;
    }
    operands.clear();
    for (plan::Slot slot : step.operands) operands.push_back(data(slot));
    // Results get fresh buffers, and only then replace what their slots held (in a loop a slot's previous
    // value may still be an operand). On failure the fresh buffers go back too.
    fresh.assign(step.results.size(), nullptr);
    absl::Status status = absl::OkStatus();
    for (size_t r = 0; r < step.results.size() && status.ok(); ++r) {
      absl::StatusOr<void*> p = take(bytesOf(step.results[r]));
      if (p.ok()) fresh[r] = *p;
      else status = p.status();
    }
    if (status.ok()) status = lowered_step.launch(*this, step, lowered_step, operands, fresh);
    if (!status.ok()) {
      for (void*& p : fresh) (void)give(p);
      return status;
    }
    for (size_t r = 0; r < step.results.size(); ++r) RETURN_IF_ERROR(put(step.results[r], fresh[r]));
    for (plan::Slot dead : step.last_uses) RETURN_IF_ERROR(give(slots_[static_cast<size_t>(dead)]));
  }
  return absl::OkStatus();
}

// One fused run (fusion.h): buffers for its external results only, one kernel, then the run's last uses released.
absl::Status Run::runFused(const plan::Region& region, const fusion::FusedRun& fused, const void* generated) {
  if (fused.count < 1 || fused.first + fused.count > region.steps.size() || fused.inputs.size() > static_cast<size_t>(fusion::kMaxRegs) ||
      fused.outputs.size() > static_cast<size_t>(fusion::kMaxOutputs) || fused.code.num_inputs != static_cast<int>(fused.inputs.size()) ||
      fused.code.num_outputs != static_cast<int>(fused.outputs.size()))
    return absl::InternalError("a fused run does not match its region");
  const void* in[fusion::kMaxRegs] = {};
  void* out[fusion::kMaxOutputs] = {};
  for (size_t r = 0; r < fused.inputs.size(); ++r) {
    in[r] = data(fused.inputs[r]);
    if (!in[r] && fused.elements > 0) return absl::InternalError("a fused run's input has no device buffer");
  }
  absl::Status status = absl::OkStatus();
  for (size_t o = 0; o < fused.outputs.size() && status.ok(); ++o) {
    absl::StatusOr<void*> p = take(bytesOf(fused.outputs[o]));
    if (p.ok()) out[o] = *p;
    else status = p.status();
  }
  if (status.ok() && generated)
    status = cudaCheck(static_cast<cudaError_t>(fusion::launchGenerated(generated, fused.type, fused.code, in, out, fused.elements, stream_)),
                       "generated fused elementwise kernel");
  else if (status.ok())
    status = cudaCheck(static_cast<cudaError_t>(fusion::launchFused(fused.type, fused.code, in, out, fused.elements, stream_)), "fused elementwise kernel");
  if (!status.ok()) {
    for (void*& p : out) (void)give(p);
    return status;
  }
  for (size_t o = 0; o < fused.outputs.size(); ++o) RETURN_IF_ERROR(put(fused.outputs[o], out[o]));
  for (size_t s = fused.first; s < fused.first + fused.count; ++s)
    for (plan::Slot dead : region.steps[s].last_uses) RETURN_IF_ERROR(give(slots_[static_cast<size_t>(dead)]));
  return absl::OkStatus();
}

absl::StatusOr<std::vector<const void*>> Run::runRegion(const plan::Region& region, const LoweredRegion& lowered,
                                                        std::span<const void* const> inputs) {
  if (inputs.size() != region.inputs.size()) return absl::InternalError("a region's input count differs from its block arguments");
  for (size_t i = 0; i < region.inputs.size(); ++i) {
    const plan::Slot slot = region.inputs[i];
    const size_t bytes = bytesOf(slot);
    void*& held = slots_[static_cast<size_t>(slot)];
    if (held == inputs[i]) continue;
    // A fresh buffer for the block argument (its old one may still be what `inputs` points into).
    ASSIGN_OR_RETURN(void* p, take(bytes));
    absl::Status copied = copyD2D(p, inputs[i], bytes);
    if (!copied.ok()) {
      (void)give(p);
      return copied;
    }
    RETURN_IF_ERROR(put(slot, p));
  }
  RETURN_IF_ERROR(runSteps(region, lowered));
  std::vector<const void*> outputs;
  for (plan::Slot slot : region.outputs) outputs.push_back(data(slot));
  return outputs;
}

namespace {

// --- launchers ----------------------------------------------------------------------------------------------
absl::Status launchUnary(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  return cudaCheck(k::unary(l.type, static_cast<UOp>(l.code), in[0], out[0], elementsOf(run.plan(), step.results[0]), run.stream()), "unary kernel");
}
absl::Status launchBinary(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  return cudaCheck(k::binary(l.type, static_cast<BOp>(l.code), in[0], in[1], out[0], elementsOf(run.plan(), step.results[0]), run.stream()), "binary kernel");
}
absl::Status launchCompare(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  return cudaCheck(k::compare(l.type, static_cast<CmpDir>(l.code), static_cast<CmpKind>(l.code2), in[0], in[1], out[0],
                              elementsOf(run.plan(), step.results[0]), run.stream()), "compare kernel");
}
absl::Status launchIsFinite(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  return cudaCheck(
      k::floatTest(l.type, static_cast<dm::FloatTest>(l.code), in[0], out[0], elementsOf(run.plan(), step.results[0]), run.stream()),
      "is_finite / is_inf kernel");
}
absl::Status launchSelect(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  return cudaCheck(k::select(dtypeBytes(l.type), in[0], l.flag1, in[1], in[2], out[0], elementsOf(run.plan(), step.results[0]), run.stream()), "select kernel");
}
absl::Status launchClamp(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  return cudaCheck(k::clamp(l.type, in[0], l.flag1, in[1], in[2], l.flag2, out[0], elementsOf(run.plan(), step.results[0]), run.stream()), "clamp kernel");
}
absl::Status launchReducePrecision(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  return cudaCheck(k::reducePrecision(l.type, l.a, l.b, in[0], out[0], elementsOf(run.plan(), step.results[0]), run.stream()), "reduce_precision kernel");
}
absl::Status launchConvert(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  return cudaCheck(k::convert(l.type, l.type2, in[0], out[0], elementsOf(run.plan(), step.results[0]), run.stream()), "convert kernel");
}
absl::Status launchIota(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const>, std::span<void* const> out) {
  return cudaCheck(k::iota(l.type, l.a, l.b, out[0], elementsOf(run.plan(), step.results[0]), run.stream()), "iota kernel");
}
absl::Status launchDimensionSize(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const>, std::span<void* const> out) {
  // Little-endian: the low bytes of the 64-bit value are the value in the narrower integer type.
  const int64_t value = l.a;
  const size_t bytes = static_cast<size_t>(dtypeBytes(l.type));
  if (bytes != run.bytesOf(step.results[0]) || bytes > sizeof(value)) return absl::InternalError("get_dimension_size's result is not one integer");
  // Synchronous (pageable source, copied before the call returns): `value` may go out of scope after.
  HLOCONF_CUDA(cudaMemcpyAsync(out[0], &value, bytes, cudaMemcpyHostToDevice, run.stream()));
  return absl::OkStatus();
}
// reshape, optimization_barrier: each result a copy of its operand.
absl::Status launchCopyThrough(Run& run, const plan::Step& step, const LoweredStep&, std::span<const void* const> in, std::span<void* const> out) {
  for (size_t r = 0; r < out.size(); ++r) RETURN_IF_ERROR(run.copyD2D(out[r], in[r], run.bytesOf(step.results[r])));
  return absl::OkStatus();
}
// broadcast_in_dim, transpose, slice, reverse (one copy from operand 0); concatenate (one per operand).
absl::Status launchCopies(Run& run, const plan::Step&, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  for (size_t p = 0; p < l.copies.size(); ++p)
    RETURN_IF_ERROR(cudaCheck(k::copy(dtypeBytes(l.type), l.copies[p], in[p], out[0], run.stream()), "copy kernel"));
  return absl::OkStatus();
}
absl::Status launchPad(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  RETURN_IF_ERROR(cudaCheck(k::fill(dtypeBytes(l.type), in[1], out[0], elementsOf(run.plan(), step.results[0]), run.stream()), "fill kernel"));
  return cudaCheck(k::copy(dtypeBytes(l.type), l.copies[0], in[0], out[0], run.stream()), "copy kernel");
}
absl::Status launchReduce(Run& run, const plan::Step&, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  return cudaCheck(k::reduce(l.type, static_cast<RedOp>(l.code), in[0], in[1], out[0], l.reduce, run.stream()), "reduce kernel");
}

// dynamic_slice and dynamic_update_slice: the start indices read back (one small wait each), clamped, and
// their offset added to the copy's operand side.
absl::StatusOr<int64_t> clampedOffset(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in) {
  const auto& p = step.as<plan::DynamicSliceParams>();
  if (p.max_start.size() != l.index_types.size() || p.operand_strides.size() != l.index_types.size() ||
      in.size() != p.first_index + l.index_types.size())
    return absl::InternalError("dynamic slice: start indices do not match the operand's rank");
  int64_t offset = 0;
  for (size_t d = 0; d < l.index_types.size(); ++d) {
    const ElementType t = l.index_types[d];
    const int bytes = storageBytes(t);
    ASSIGN_OR_RETURN(int64_t raw, run.readScalar(in[p.first_index + d], static_cast<size_t>(bytes)));
    uint64_t bits = static_cast<uint64_t>(raw);
    const int width = bitWidth(t);
    if (width < 64) bits &= (uint64_t{1} << width) - 1;
    int64_t value;
    if (isSignedInteger(t)) {
      if (width < 64 && ((bits >> (width - 1)) & 1)) bits |= ~uint64_t{0} << width;
      value = static_cast<int64_t>(bits);
    } else {
      value = bits > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(bits);
    }
    offset += std::clamp<int64_t>(value, 0, p.max_start[d]) * p.operand_strides[d];
  }
  return offset;
}
absl::Status launchDynamicSlice(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  ASSIGN_OR_RETURN(int64_t offset, clampedOffset(run, step, l, in));
  CopyDesc d = l.copies[0];
  if (d.total == 0) return absl::OkStatus();
  d.src_offset += offset;
  if (d.src_offset < 0 || d.src_offset + l.copy_reach[0] >= elementsOf(run.plan(), step.operands[0]))
    return absl::InternalError("dynamic_slice reaches outside its operand");
  return cudaCheck(k::copy(dtypeBytes(l.type), d, in[0], out[0], run.stream()), "dynamic_slice copy");
}
absl::Status launchDynamicUpdateSlice(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  ASSIGN_OR_RETURN(int64_t offset, clampedOffset(run, step, l, in));
  RETURN_IF_ERROR(run.copyD2D(out[0], in[0], run.bytesOf(step.results[0])));
  CopyDesc d = l.copies[0];
  if (d.total == 0) return absl::OkStatus();
  d.dst_offset += offset;
  if (d.dst_offset < 0 || d.dst_offset + l.copy_reach[0] >= elementsOf(run.plan(), step.results[0]))
    return absl::InternalError("dynamic_update_slice reaches outside its result");
  return cudaCheck(k::copy(dtypeBytes(l.type), d, in[1], out[0], run.stream()), "dynamic_update_slice copy");
}

// dot_general through cuBLASLt: row-major C[b] (m x n) = A[b] (m x k) . B[b] (k x n), computed as the
// column-major C^T = B^T A^T, with a transposed operand folded into the op and any other layout packed first.
absl::Status launchDot(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  const auto& p = step.as<plan::DotParams>();
  const size_t esize = static_cast<size_t>(dtypeBytes(l.type));
  const size_t out_bytes = run.bytesOf(step.results[0]);
  if (p.batch == 0 || p.m == 0 || p.n == 0) return absl::OkStatus();
  if (p.k == 0) {
    if (out_bytes) HLOCONF_CUDA(cudaMemsetAsync(out[0], 0, out_bytes, run.stream()));
    return absl::OkStatus();
  }
  // Packed operands (l.copies[0] lhs, [1] rhs; rank -1 marks "in place").
  const void* a = in[0];
  const void* b = in[1];
  void* packed[2] = {nullptr, nullptr};
  struct Cleanup {
    Run& run;
    void** packed;
    ~Cleanup() { for (int i = 0; i < 2; ++i) (void)run.give(packed[i]); }
  } cleanup{run, packed};
  for (int i = 0; i < 2; ++i) {
    if (l.copies[static_cast<size_t>(i)].rank < 0) continue;
    const size_t bytes = static_cast<size_t>(i == 0 ? p.batch * p.m * p.k : p.batch * p.k * p.n) * esize;
    ASSIGN_OR_RETURN(packed[i], run.take(bytes));
    RETURN_IF_ERROR(cudaCheck(k::copy(static_cast<int>(esize), l.copies[static_cast<size_t>(i)], in[static_cast<size_t>(i)], packed[i], run.stream()), "dot packing copy"));
    (i == 0 ? a : b) = packed[i];
  }
  if (!isFloat(l.type))
    return cudaCheck(k::dotInteger(l.type, a, b, out[0], p.batch, p.m, p.n, p.k, run.stream()), "integer dot kernel");
  const bool lhs_trans = l.copies[0].rank < 0 && p.lhs_direct == plan::GemmOperand::kTrans;
  const bool rhs_trans = l.copies[1].rank < 0 && p.rhs_direct == plan::GemmOperand::kTrans;
  ASSIGN_OR_RETURN(cublasLtHandle_t lt, run.lt());

  cudaDataType_t data_type = CUDA_R_32F, scale_type = CUDA_R_32F;
  cublasComputeType_t compute = CUBLAS_COMPUTE_32F;  // no TF32: the default precision of f32
  switch (l.type) {
    case kF64: data_type = CUDA_R_64F; scale_type = CUDA_R_64F; compute = CUBLAS_COMPUTE_64F; break;
    case kF16: data_type = CUDA_R_16F; break;
    case kBF16: data_type = CUDA_R_16BF; break;
    default: break;
  }
  // cuBLASLt's "A" is our B (rhs), its "B" our A (lhs). Layouts describe the stored matrices, column-major.
  const uint64_t m = static_cast<uint64_t>(p.m), n = static_cast<uint64_t>(p.n), kk = static_cast<uint64_t>(p.k);
  const cublasOperation_t op_a = rhs_trans ? CUBLAS_OP_T : CUBLAS_OP_N, op_b = lhs_trans ? CUBLAS_OP_T : CUBLAS_OP_N;
  const uint64_t a_rows = rhs_trans ? kk : n, a_cols = rhs_trans ? n : kk;
  const uint64_t b_rows = lhs_trans ? m : kk, b_cols = lhs_trans ? kk : m;

  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t la = nullptr, lb = nullptr, lc = nullptr;
  cublasLtMatmulPreference_t pref = nullptr;
  struct Descs {
    cublasLtMatmulDesc_t& desc;
    cublasLtMatrixLayout_t &la, &lb, &lc;
    cublasLtMatmulPreference_t& pref;
    ~Descs() {
      if (pref) (void)cublasLtMatmulPreferenceDestroy(pref);
      if (lc) (void)cublasLtMatrixLayoutDestroy(lc);
      if (lb) (void)cublasLtMatrixLayoutDestroy(lb);
      if (la) (void)cublasLtMatrixLayoutDestroy(la);
      if (desc) (void)cublasLtMatmulDescDestroy(desc);
    }
  } descs{desc, la, lb, lc, pref};
  HLOCONF_CUBLAS(cublasLtMatmulDescCreate(&desc, compute, scale_type));
  HLOCONF_CUBLAS(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &op_a, sizeof(op_a)));
  HLOCONF_CUBLAS(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &op_b, sizeof(op_b)));
  HLOCONF_CUBLAS(cublasLtMatrixLayoutCreate(&la, data_type, a_rows, a_cols, static_cast<int64_t>(a_rows)));
  HLOCONF_CUBLAS(cublasLtMatrixLayoutCreate(&lb, data_type, b_rows, b_cols, static_cast<int64_t>(b_rows)));
  HLOCONF_CUBLAS(cublasLtMatrixLayoutCreate(&lc, data_type, n, m, static_cast<int64_t>(n)));
  if (p.batch > 1) {
    const int32_t batch = static_cast<int32_t>(p.batch);
    const int64_t stride_a = static_cast<int64_t>(n * kk), stride_b = static_cast<int64_t>(m * kk), stride_c = static_cast<int64_t>(m * n);
    HLOCONF_CUBLAS(cublasLtMatrixLayoutSetAttribute(la, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch)));
    HLOCONF_CUBLAS(cublasLtMatrixLayoutSetAttribute(lb, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch)));
    HLOCONF_CUBLAS(cublasLtMatrixLayoutSetAttribute(lc, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch)));
    HLOCONF_CUBLAS(cublasLtMatrixLayoutSetAttribute(la, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride_a, sizeof(stride_a)));
    HLOCONF_CUBLAS(cublasLtMatrixLayoutSetAttribute(lb, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride_b, sizeof(stride_b)));
    HLOCONF_CUBLAS(cublasLtMatrixLayoutSetAttribute(lc, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride_c, sizeof(stride_c)));
  }
  HLOCONF_CUBLAS(cublasLtMatmulPreferenceCreate(&pref));
  const uint64_t workspace_bytes = Run::kWorkspaceBytes;
  HLOCONF_CUBLAS(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace_bytes, sizeof(workspace_bytes)));
  // The heuristic's choice, asked once per shape and host thread (the query costs host time in every run).
  struct AlgoKey {
    int type;
    uint64_t m, n, k, batch;
    int op_a, op_b;
    bool operator==(const AlgoKey&) const = default;
  };
  struct AlgoKeyHash {
    size_t operator()(const AlgoKey& key) const {
      return absl::HashOf(key.type, key.m, key.n, key.k, key.batch, key.op_a, key.op_b);
    }
  };
  thread_local absl::flat_hash_map<AlgoKey, cublasLtMatmulAlgo_t, AlgoKeyHash> algos;
  const AlgoKey key{static_cast<int>(l.type), m, n, kk, static_cast<uint64_t>(p.batch), static_cast<int>(op_a), static_cast<int>(op_b)};
  cublasLtMatmulHeuristicResult_t heuristic{};
  if (auto known = algos.find(key); known != algos.end()) {
    heuristic.algo = known->second;
  } else {
    int found = 0;
    HLOCONF_CUBLAS(cublasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, lc, lc, pref, 1, &heuristic, &found));
    if (found < 1) return absl::InternalError("cuBLASLt has no algorithm for this dot_general");
    algos.emplace(key, heuristic.algo);
  }
  const float alpha32 = 1, beta32 = 0;
  const double alpha64 = 1, beta64 = 0;
  const void* alpha = l.type == kF64 ? static_cast<const void*>(&alpha64) : static_cast<const void*>(&alpha32);
  const void* beta = l.type == kF64 ? static_cast<const void*>(&beta64) : static_cast<const void*>(&beta32);
  HLOCONF_CUBLAS(cublasLtMatmul(lt, desc, alpha, b, la, a, lb, beta, out[0], lc, out[0], lc, &heuristic.algo, run.workspace(),
                                Run::kWorkspaceBytes, run.stream()));
  return absl::OkStatus();
}

// --- control flow on the host -------------------------------------------------------------------------------
absl::Status copyRegionOutputs(Run& run, const plan::Step& step, std::span<void* const> out, const std::vector<const void*>& outputs) {
  if (outputs.size() != out.size()) return absl::InternalError("a region returns another number of values than its op has results");
  for (size_t r = 0; r < out.size(); ++r) RETURN_IF_ERROR(run.copyD2D(out[r], outputs[r], run.bytesOf(step.results[r])));
  return absl::OkStatus();
}
absl::Status runInto(Run& run, const plan::Step& step, const LoweredStep& l, size_t r, std::span<const void* const> inputs, std::span<void* const> out) {
  ASSIGN_OR_RETURN(std::vector<const void*> outputs, run.runRegion(step.regions[r], l.regions[r], inputs));
  return copyRegionOutputs(run, step, out, outputs);
}
absl::Status launchCall(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  return runInto(run, step, l, 0, in, out);
}
absl::Status launchIf(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  ASSIGN_OR_RETURN(int64_t predicate, run.readScalar(in[0], 1));
  return runInto(run, step, l, (predicate & 0xff) ? 0 : 1, {}, out);
}
absl::Status launchCase(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  ASSIGN_OR_RETURN(int64_t raw, run.readScalar(in[0], 4));
  const int32_t index = static_cast<int32_t>(static_cast<uint32_t>(raw & 0xffffffff));
  const int64_t branches = static_cast<int64_t>(step.regions.size());
  const size_t chosen = static_cast<size_t>(index < 0 || index >= branches ? branches - 1 : index);
  return runInto(run, step, l, chosen, {}, out);
}
absl::Status launchWhile(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  for (size_t r = 0; r < out.size(); ++r) RETURN_IF_ERROR(run.copyD2D(out[r], in[r], run.bytesOf(step.results[r])));
  std::vector<const void*> carried(out.begin(), out.end());
  while (true) {
    RETURN_IF_ERROR(run.checkDeadline());
    ASSIGN_OR_RETURN(std::vector<const void*> condition, run.runRegion(step.regions[0], l.regions[0], carried));
    if (condition.size() != 1) return absl::InternalError("while's cond returns more than one value");
    ASSIGN_OR_RETURN(int64_t keep_going, run.readScalar(condition[0], 1));
    if ((keep_going & 0xff) == 0) return absl::OkStatus();
    RETURN_IF_ERROR(runInto(run, step, l, 1, carried, out));
  }
}

// --- choosing a launcher per step ---------------------------------------------------------------------------
using Chooser = absl::Status (*)(const plan::Step& step, const plan::Plan& plan, LoweredStep& out);

// Every operand and result a tensor of one of the kernels' types, all of the result's element count
// (elementwise ops), the result's type the first operand's.
absl::Status sameTypeElementwise(const plan::Step& step, const plan::Plan& plan, DType& type) {
  if (step.results.size() != 1 || step.operands.empty()) return noKernel(step, plan);
  ASSIGN_OR_RETURN(type, tensorType(step, plan, step.operands[0]));
  const int64_t n = elementsOf(plan, step.results[0]);
  for (plan::Slot s : step.operands) {
    ASSIGN_OR_RETURN(DType t, tensorType(step, plan, s));
    if (t != type || elementsOf(plan, s) != n) return noKernel(step, plan);
  }
  return absl::OkStatus();
}

// --- complex<f32> and complex<f64>: parts interleaved, so add, subtract and negate are the part type's ops
// over 2n parts (each part rounded once, as the spec's componentwise definition), real/imag/complex are
// strided copies, multiply is Kahan's FMA determinant per part and abs is hypot (device_math.h).
std::optional<DType> complexPart(const plan::Plan& plan, plan::Slot slot) {
  const Type& type = plan.slot_types[static_cast<size_t>(slot)];
  if (!type.isTensor() || !isComplex(type.elementType())) return std::nullopt;
  return dtypeOf(complexPartType(type.elementType()));
}
absl::Status launchParts(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in,
                         std::span<void* const> out) {
  if (step.operands.size() == 1)
    return cudaCheck(k::unary(l.type, static_cast<UOp>(l.code), in[0], out[0], l.a, run.stream()), "complex parts kernel");
  return cudaCheck(k::binary(l.type, static_cast<BOp>(l.code), in[0], in[1], out[0], l.a, run.stream()), "complex parts kernel");
}
absl::Status launchComplexMultiply(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in,
                                   std::span<void* const> out) {
  return cudaCheck(k::complexMultiply(l.type, in[0], in[1], out[0], elementsOf(run.plan(), step.results[0]), run.stream()),
                   "complex multiply kernel");
}
absl::Status launchComplexAbs(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in,
                              std::span<void* const> out) {
  return cudaCheck(k::complexAbs(l.type, in[0], out[0], elementsOf(run.plan(), step.results[0]), run.stream()), "complex abs kernel");
}
absl::Status launchZeros(Run& run, const plan::Step& step, const LoweredStep&, std::span<const void* const>, std::span<void* const> out) {
  const size_t bytes = run.bytesOf(step.results[0]);
  if (bytes > 0) HLOCONF_CUDA(cudaMemsetAsync(out[0], 0, bytes, run.stream()));
  return absl::OkStatus();
}
absl::Status launchCopyThrough(Run& run, const plan::Step& step, const LoweredStep&, std::span<const void* const> in,
                               std::span<void* const> out);
absl::Status launchCopies(Run& run, const plan::Step&, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out);
// One strided copy of n parts: src[src_offset + 2 i] or src[i], to dst[dst_offset + 2 i] or dst[i].
CopyDesc partsCopy(int64_t n, int64_t src_stride, int64_t src_offset, int64_t dst_stride, int64_t dst_offset) {
  CopyDesc d;
  if (n == 0) return d;  // total 0: nothing runs
  d.rank = 1;
  d.shape[0] = n;
  d.src_strides[0] = src_stride;
  d.dst_strides[0] = dst_stride;
  d.src_offset = src_offset;
  d.dst_offset = dst_offset;
  d.total = n;
  return d;
}
absl::Status launchCompareComplex(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in,
                                  std::span<void* const> out) {
  return cudaCheck(
      k::compareComplex(l.type, static_cast<CmpDir>(l.code), in[0], in[1], out[0], elementsOf(run.plan(), step.results[0]), run.stream()),
      "complex compare kernel");
}
// convert to or from a complex type: complex to complex converts the 2n parts; a real operand is converted
// to the part type and becomes the real parts (imaginary +0); a complex one to a real type gives its real
// parts converted (the spec; the CPU executor's rule). Through one part buffer, freed after.
absl::Status launchConvertComplex(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in,
                                  std::span<void* const> out) {
  const int64_t n = elementsOf(run.plan(), step.results[0]);
  const DType from = l.type, to = l.type2;  // the operand's and the result's (part) types
  if (l.flag1 && l.flag2) return cudaCheck(k::convert(from, to, in[0], out[0], 2 * n, run.stream()), "complex convert kernel");
  if (n == 0) return absl::OkStatus();
  const DType part = l.flag2 ? to : from;
  ASSIGN_OR_RETURN(void* parts, run.take(static_cast<size_t>(n) * static_cast<size_t>(dtypeBytes(part))));
  absl::Status status;
  if (l.flag2) {  // real -> complex
    status = cudaCheck(k::convert(from, to, in[0], parts, n, run.stream()), "convert kernel");
    if (status.ok()) status = cudaCheck(cudaMemsetAsync(out[0], 0, run.bytesOf(step.results[0]), run.stream()), "cudaMemsetAsync");
    if (status.ok()) status = cudaCheck(k::copy(dtypeBytes(part), partsCopy(n, 1, 0, 2, 0), parts, out[0], run.stream()), "copy kernel");
  } else {  // complex -> real: the real parts
    status = cudaCheck(k::copy(dtypeBytes(part), partsCopy(n, 2, 0, 1, 0), in[0], parts, run.stream()), "copy kernel");
    if (status.ok()) status = cudaCheck(k::convert(from, to, parts, out[0], n, run.stream()), "convert kernel");
  }
  (void)run.give(parts);
  return status;
}

// real, imag, complex of any operands, convert to or from complex, and compare, add, subtract, negate,
// multiply, abs of complex ones.
absl::Status chooseComplex(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.results.size() != 1 || step.operands.empty()) return noKernel(step, plan);
  const int64_t n = elementsOf(plan, step.results[0]);
  for (plan::Slot slot : step.operands)
    if (elementsOf(plan, slot) != n) return noKernel(step, plan);
  const std::optional<DType> operand_part = complexPart(plan, step.operands[0]);
  const std::optional<DType> result_part = complexPart(plan, step.results[0]);
  const Type& result = plan.slot_types[step.results[0]];
  switch (step.op) {
    case OpId::kReal:
    case OpId::kImag: {
      ASSIGN_OR_RETURN(DType r, tensorType(step, plan, step.results[0]));
      if (!isFloat(r) || step.operands.size() != 1) return noKernel(step, plan);
      out.type = r;
      if (!operand_part) {  // real(x) = x, imag(x) = 0 for a float x
        ASSIGN_OR_RETURN(DType t, tensorType(step, plan, step.operands[0]));
        if (t != r) return noKernel(step, plan);
        out.launch = step.op == OpId::kReal ? launchCopyThrough : launchZeros;
        return absl::OkStatus();
      }
      if (*operand_part != r) return noKernel(step, plan);
      out.copies.push_back(partsCopy(n, 2, step.op == OpId::kReal ? 0 : 1, 1, 0));
      out.launch = launchCopies;
      return absl::OkStatus();
    }
    case OpId::kComplex: {
      if (!result_part || step.operands.size() != 2) return noKernel(step, plan);
      for (plan::Slot slot : step.operands) {
        ASSIGN_OR_RETURN(DType t, tensorType(step, plan, slot));
        if (t != *result_part) return noKernel(step, plan);
      }
      out.type = *result_part;
      out.copies.push_back(partsCopy(n, 1, 0, 2, 0));
      out.copies.push_back(partsCopy(n, 1, 0, 2, 1));
      out.launch = launchCopies;
      return absl::OkStatus();
    }
    case OpId::kConvert: {
      if (step.operands.size() != 1) return noKernel(step, plan);
      out.flag1 = operand_part.has_value();
      out.flag2 = result_part.has_value();
      if (out.flag1) {
        out.type = *operand_part;
      } else {
        ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.operands[0]));
      }
      if (out.flag2) {
        out.type2 = *result_part;
      } else {
        ASSIGN_OR_RETURN(out.type2, tensorType(step, plan, step.results[0]));
      }
      if (!out.flag1 && !out.flag2) return noKernel(step, plan);
      if (out.flag1 && !out.flag2 && out.type2 == kPred) return noKernel(step, plan);  // complex -> i1: not the real part's rule
      out.launch = launchConvertComplex;
      return absl::OkStatus();
    }
    case OpId::kCompare: {
      if (!operand_part || step.operands.size() != 2) return noKernel(step, plan);
      ASSIGN_OR_RETURN(DType r, tensorType(step, plan, step.results[0]));
      const auto& p = step.as<plan::CompareParams>();
      if (r != kPred || p.kind != plan::CompareKind::kFloat ||
          plan.slot_types[step.operands[1]].elementType() != plan.slot_types[step.operands[0]].elementType())
        return noKernel(step, plan);
      out.type = *operand_part;
      out.code = static_cast<int>(p.direction);
      out.launch = launchCompareComplex;
      return absl::OkStatus();
    }
    default:
      break;
  }
  if (!operand_part) return noKernel(step, plan);
  for (plan::Slot slot : step.operands)
    if (plan.slot_types[slot].elementType() != plan.slot_types[step.operands[0]].elementType()) return noKernel(step, plan);
  out.type = *operand_part;
  switch (step.op) {
    case OpId::kAdd:
    case OpId::kSubtract:
    case OpId::kNegate:
      if (result.elementType() != plan.slot_types[step.operands[0]].elementType()) return noKernel(step, plan);
      out.code = step.op == OpId::kNegate ? static_cast<int>(UOp::kNegate) : static_cast<int>(*binaryOp(step.op));
      out.a = 2 * n;
      out.launch = launchParts;
      return absl::OkStatus();
    case OpId::kMultiply:
      if (result.elementType() != plan.slot_types[step.operands[0]].elementType()) return noKernel(step, plan);
      out.launch = launchComplexMultiply;
      return absl::OkStatus();
    case OpId::kAbs: {
      ASSIGN_OR_RETURN(DType r, tensorType(step, plan, step.results[0]));
      if (r != *operand_part) return noKernel(step, plan);
      out.launch = launchComplexAbs;
      return absl::OkStatus();
    }
    default:
      return noKernel(step, plan);
  }
}
bool hasComplexOperand(const plan::Step& step, const plan::Plan& plan) {
  for (plan::Slot slot : step.operands)
    if (complexPart(plan, slot)) return true;
  return false;
}

absl::Status chooseUnary(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (hasComplexOperand(step, plan)) return chooseComplex(step, plan, out);
  RETURN_IF_ERROR(sameTypeElementwise(step, plan, out.type));
  ASSIGN_OR_RETURN(DType result, tensorType(step, plan, step.results[0]));
  const UOp op = *unaryOp(step.op);
  const bool ok = result == out.type && (isFloat(out.type) ? dm::floatUnarySupported(op)
                                         : out.type == kPred ? dm::predUnarySupported(op)
                                                             : dm::intUnarySupported(op, isSignedInt(out.type)));
  if (!ok || step.operands.size() != 1) return noKernel(step, plan);
  out.code = static_cast<int>(op);
  out.launch = launchUnary;
  return absl::OkStatus();
}
absl::Status chooseBinary(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (hasComplexOperand(step, plan)) return chooseComplex(step, plan, out);
  RETURN_IF_ERROR(sameTypeElementwise(step, plan, out.type));
  ASSIGN_OR_RETURN(DType result, tensorType(step, plan, step.results[0]));
  const BOp op = *binaryOp(step.op);
  const bool ok = result == out.type && (isFloat(out.type) ? dm::floatBinarySupported(op)
                                         : out.type == kPred ? dm::predBinarySupported(op)
                                                             : dm::intBinarySupported(op));
  if (!ok || step.operands.size() != 2) return noKernel(step, plan);
  out.code = static_cast<int>(op);
  out.launch = launchBinary;
  return absl::OkStatus();
}
absl::Status chooseCompare(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (hasComplexOperand(step, plan)) return chooseComplex(step, plan, out);
  RETURN_IF_ERROR(sameTypeElementwise(step, plan, out.type));
  ASSIGN_OR_RETURN(DType result, tensorType(step, plan, step.results[0]));
  const auto& p = step.as<plan::CompareParams>();
  if (result != kPred || step.operands.size() != 2) return noKernel(step, plan);
  if (p.kind == plan::CompareKind::kTotalOrder && !isFloat(out.type)) return noKernel(step, plan);
  out.code = static_cast<int>(p.direction);
  out.code2 = static_cast<int>(p.kind);
  out.launch = launchCompare;
  return absl::OkStatus();
}
absl::Status chooseIsFinite(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  RETURN_IF_ERROR(sameTypeElementwise(step, plan, out.type));
  ASSIGN_OR_RETURN(DType result, tensorType(step, plan, step.results[0]));
  if (!isFloat(out.type) || result != kPred || step.operands.size() != 1) return noKernel(step, plan);
  switch (step.op) {
    case OpId::kChloIsInf:
      out.code = static_cast<int>(dm::FloatTest::kInf);
      break;
    case OpId::kChloIsNegInf:
      out.code = static_cast<int>(dm::FloatTest::kNegInf);
      break;
    case OpId::kChloIsPosInf:
      out.code = static_cast<int>(dm::FloatTest::kPosInf);
      break;
    default:
      out.code = static_cast<int>(dm::FloatTest::kFinite);
      break;
  }
  out.launch = launchIsFinite;
  return absl::OkStatus();
}
absl::Status launchNextAfter(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in,
                             std::span<void* const> out) {
  return cudaCheck(k::nextAfter(l.type, in[0], in[1], out[0], elementsOf(run.plan(), step.results[0]), run.stream()), "next_after kernel");
}
absl::Status chooseNextAfter(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  RETURN_IF_ERROR(sameTypeElementwise(step, plan, out.type));
  ASSIGN_OR_RETURN(DType result, tensorType(step, plan, step.results[0]));
  if (!isFloat(out.type) || result != out.type || step.operands.size() != 2) return noKernel(step, plan);
  out.launch = launchNextAfter;
  return absl::OkStatus();
}
absl::Status chooseSelect(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.operands.size() != 3 || step.results.size() != 1) return noKernel(step, plan);
  ASSIGN_OR_RETURN(DType pred, tensorType(step, plan, step.operands[0]));
  ASSIGN_OR_RETURN(out.type, storageType(step, plan, step.operands[1]));
  ASSIGN_OR_RETURN(DType f, storageType(step, plan, step.operands[2]));
  ASSIGN_OR_RETURN(DType r, storageType(step, plan, step.results[0]));
  out.flag1 = step.as<plan::SelectParams>().scalar_predicate;
  const int64_t n = elementsOf(plan, step.results[0]);
  if (pred != kPred || f != out.type || r != out.type || elementsOf(plan, step.operands[1]) != n ||
      elementsOf(plan, step.operands[2]) != n || elementsOf(plan, step.operands[0]) != (out.flag1 ? 1 : n))
    return noKernel(step, plan);
  out.launch = launchSelect;
  return absl::OkStatus();
}
absl::Status chooseClamp(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.operands.size() != 3 || step.results.size() != 1) return noKernel(step, plan);
  const auto& p = step.as<plan::ClampParams>();
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.operands[1]));
  const int64_t n = elementsOf(plan, step.results[0]);
  for (size_t i = 0; i < 3; ++i) {
    ASSIGN_OR_RETURN(DType t, tensorType(step, plan, step.operands[i]));
    const bool scalar = (i == 0 && p.scalar_min) || (i == 2 && p.scalar_max);
    if (t != out.type || elementsOf(plan, step.operands[i]) != (scalar ? 1 : n)) return noKernel(step, plan);
  }
  ASSIGN_OR_RETURN(DType r, tensorType(step, plan, step.results[0]));
  if (r != out.type) return noKernel(step, plan);
  out.flag1 = p.scalar_min;
  out.flag2 = p.scalar_max;
  out.launch = launchClamp;
  return absl::OkStatus();
}
absl::Status chooseReducePrecision(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  RETURN_IF_ERROR(sameTypeElementwise(step, plan, out.type));
  ASSIGN_OR_RETURN(DType result, tensorType(step, plan, step.results[0]));
  const auto& p = step.as<plan::ReducePrecisionParams>();
  if (!isFloat(out.type) || result != out.type || step.operands.size() != 1 || p.exponent_bits < 1 || p.mantissa_bits < 0)
    return noKernel(step, plan);
  out.a = p.exponent_bits;
  out.b = p.mantissa_bits;
  out.launch = launchReducePrecision;
  return absl::OkStatus();
}
absl::Status chooseConvert(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.operands.size() != 1 || step.results.size() != 1) return noKernel(step, plan);
  if (hasComplexOperand(step, plan) || complexPart(plan, step.results[0])) return chooseComplex(step, plan, out);
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.operands[0]));
  ASSIGN_OR_RETURN(out.type2, tensorType(step, plan, step.results[0]));
  if (elementsOf(plan, step.operands[0]) != elementsOf(plan, step.results[0])) return noKernel(step, plan);
  out.launch = launchConvert;
  return absl::OkStatus();
}
absl::Status chooseConstant(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.results.size() != 1 || !plan.slot_types[step.results[0]].isTensor()) return noKernel(step, plan);
  out.constant = true;  // no launcher: runSteps lends the program's device copy (Run::putConstant)
  return absl::OkStatus();
}
absl::Status chooseIota(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.results.size() != 1) return noKernel(step, plan);
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.results[0]));
  const auto& p = step.as<plan::IotaParams>();
  if (p.inner < 1 || p.size < 1) return noKernel(step, plan);
  out.a = p.inner;
  out.b = p.size;
  out.launch = launchIota;
  return absl::OkStatus();
}
absl::Status chooseReshape(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  // dynamic_reshape's second operand (the output shape) is already the result type's.
  const size_t operands = step.op == OpId::kDynamicReshape ? 2 : 1;
  if (step.operands.size() != operands || step.results.size() != 1) return noKernel(step, plan);
  if (!plan.slot_types[step.operands[0]].isTensor() ||
      plan::slotBytes(plan.slot_types[step.operands[0]]) != plan::slotBytes(plan.slot_types[step.results[0]]))
    return noKernel(step, plan);
  out.launch = launchCopyThrough;
  return absl::OkStatus();
}
// bitcast_convert between the kernels' types other than i1: the same little-endian bytes.
absl::Status chooseBitcast(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.operands.size() != 1 || step.results.size() != 1) return noKernel(step, plan);
  ASSIGN_OR_RETURN(DType from, tensorType(step, plan, step.operands[0]));
  ASSIGN_OR_RETURN(DType to, tensorType(step, plan, step.results[0]));
  if (from == kPred || to == kPred ||
      plan::slotBytes(plan.slot_types[step.operands[0]]) != plan::slotBytes(plan.slot_types[step.results[0]]))
    return noKernel(step, plan);
  out.launch = launchCopyThrough;
  return absl::OkStatus();
}
// get_dimension_size: the static size, written in the result's integer type.
absl::Status chooseDimensionSize(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.results.size() != 1) return noKernel(step, plan);
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.results[0]));
  if (isFloat(out.type) || out.type == kPred || elementsOf(plan, step.results[0]) != 1) return noKernel(step, plan);
  out.a = step.as<plan::DimensionSizeParams>().value;
  out.launch = launchDimensionSize;
  return absl::OkStatus();
}
absl::Status chooseBarrier(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.operands.size() != step.results.size()) return noKernel(step, plan);
  for (plan::Slot s : step.results)
    if (!carriable(plan.slot_types[s])) return noKernel(step, plan);
  for (size_t i = 0; i < step.operands.size(); ++i)
    if (plan::slotBytes(plan.slot_types[step.operands[i]]) != plan::slotBytes(plan.slot_types[step.results[i]]))
      return noKernel(step, plan);
  out.launch = launchCopyThrough;
  return absl::OkStatus();
}
// One operand's (or each operand's) copy into the result, elements of one type.
absl::Status chooseCopy(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.operands.empty() || step.results.size() != 1) return noKernel(step, plan);
  ASSIGN_OR_RETURN(out.type, storageType(step, plan, step.results[0]));
  const int64_t dst = elementsOf(plan, step.results[0]);
  std::vector<const plan::CopyPattern*> patterns;
  if (step.op == OpId::kConcatenate) {
    const auto& p = step.as<plan::ConcatenateParams>();
    if (p.parts.size() != step.operands.size()) return noKernel(step, plan);
    for (const plan::CopyPattern& part : p.parts) patterns.push_back(&part);
  } else if (step.op == OpId::kPad || step.op == OpId::kDynamicPad) {
    // dynamic_pad's operands 2..4 (the paddings) are already decoded into the copy pattern.
    if (step.operands.size() != (step.op == OpId::kPad ? 2u : 5u) || elementsOf(plan, step.operands[1]) != 1) return noKernel(step, plan);
    patterns.push_back(&step.as<plan::PadParams>().copy);
  } else {
    patterns.push_back(&step.as<plan::CopyParams>().copy);
  }
  for (size_t i = 0; i < patterns.size(); ++i) {
    ASSIGN_OR_RETURN(DType t, storageType(step, plan, step.operands[i]));
    if (t != out.type) return noKernel(step, plan);
    ASSIGN_OR_RETURN(CopyDesc d, copyDesc(*patterns[i], elementsOf(plan, step.operands[i]), dst));
    out.copies.push_back(d);
  }
  const bool pad = step.op == OpId::kPad || step.op == OpId::kDynamicPad;
  if (pad) {
    ASSIGN_OR_RETURN(DType t, storageType(step, plan, step.operands[1]));
    if (t != out.type) return noKernel(step, plan);
  }
  out.launch = pad ? launchPad : launchCopies;
  return absl::OkStatus();
}
// A body the planner recognised as one op, for result type t: i1 reduces as 0/1 (add, maximum: or; multiply,
// minimum: and); the bitwise ops are for integers.
absl::StatusOr<RedOp> redOpFor(plan::BodyOp body, DType t, const plan::Step& step, const plan::Plan& plan) {
  RedOp op;
  switch (body) {
    case plan::BodyOp::kAdd: op = RedOp::kAdd; break;
    case plan::BodyOp::kMultiply: op = RedOp::kMul; break;
    case plan::BodyOp::kMaximum: op = RedOp::kMax; break;
    case plan::BodyOp::kMinimum: op = RedOp::kMin; break;
    case plan::BodyOp::kAnd: op = RedOp::kAnd; break;
    case plan::BodyOp::kOr: op = RedOp::kOr; break;
    case plan::BodyOp::kXor: op = RedOp::kXor; break;
    default:
      return absl::UnimplementedError(
          "the cuda executor runs reduction bodies of one add, multiply, maximum, minimum, and, or or xor only");
  }
  if (t == kPred) {
    if (op == RedOp::kAdd || op == RedOp::kMax) op = RedOp::kOr;
    else if (op == RedOp::kMul || op == RedOp::kMin) op = RedOp::kAnd;
  } else if (isFloat(t) && (op == RedOp::kAnd || op == RedOp::kOr || op == RedOp::kXor)) {
    return noKernel(step, plan);
  }
  return op;
}

absl::Status chooseReduce(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  const auto& p = step.as<plan::ReduceParams>();
  if (p.num_inputs != 1 || step.operands.size() != 2 || step.results.size() != 1)
    return absl::UnimplementedError("the cuda executor reduces one input at a time");
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.operands[0]));
  ASSIGN_OR_RETURN(DType init, tensorType(step, plan, step.operands[1]));
  ASSIGN_OR_RETURN(DType result, tensorType(step, plan, step.results[0]));
  if (init != out.type || result != out.type) return noKernel(step, plan);
  ASSIGN_OR_RETURN(const RedOp op, redOpFor(p.body, out.type, step, plan));
  out.code = static_cast<int>(op);
  const std::vector<int64_t>& shape = p.input_shape;
  if (shape.size() > static_cast<size_t>(kMaxRank) || p.result_strides.size() != shape.size())
    return absl::UnimplementedError(strCat("a reduce of rank ", shape.size(), " (the cuda kernels take at most ", kMaxRank, ")"));
  const std::vector<int64_t> in_strides = plan::rowMajorStrides(shape);
  ReduceDesc& d = out.reduce;
  d.outputs = 1;
  d.reduced = 1;
  std::vector<int64_t> kept_sizes;
  for (size_t k = 0; k < shape.size(); ++k) {
    if (p.result_strides[k] == 0 && shape[k] != 1) {
      d.reduced_shape[d.reduced_rank] = shape[k];
      d.reduced_strides[d.reduced_rank] = in_strides[k];
      ++d.reduced_rank;
      d.reduced *= shape[k];
    } else {
      d.kept_shape[d.kept_rank] = shape[k];
      d.kept_strides[d.kept_rank] = in_strides[k];
      ++d.kept_rank;
      d.outputs *= shape[k];
      kept_sizes.push_back(shape[k]);
    }
  }
  if (d.outputs != elementsOf(plan, step.results[0])) return absl::InternalError("reduce's kept dims differ from its result");
  // The result is row-major over the kept dims in input order (its strides as the plan gives them).
  const std::vector<int64_t> kept_strides = plan::rowMajorStrides(kept_sizes);
  for (size_t k = 0, j = 0; k < shape.size(); ++k) {
    if (p.result_strides[k] == 0 && shape[k] != 1) continue;
    if (shape[k] != 1 && p.result_strides[k] != kept_strides[j]) return absl::UnimplementedError("a reduce whose result is not row-major over the kept dims");
    ++j;
  }
  if (d.reduced == 0) {
    // Nothing to combine: every result element is the init value (a broadcast of it).
    d.reduced_rank = 0;
  }
  out.launch = launchReduce;
  return absl::OkStatus();
}

// reduce_window of one input with a recognised body (window_desc.h).
absl::Status launchReduceWindow(Run& run, const plan::Step&, const LoweredStep& l, std::span<const void* const> in,
                                std::span<void* const> out) {
  return cudaCheck(k::reduceWindow(l.type, static_cast<RedOp>(l.code), in[0], in[1], out[0], l.window, run.stream()),
                   "reduce_window kernel");
}
absl::Status chooseReduceWindow(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  const auto& p = step.as<plan::WindowParams>();
  if (p.num_inputs != 1 || step.operands.size() != 2 || step.results.size() != 1)
    return absl::UnimplementedError("the cuda executor reduces windows of one input at a time");
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.operands[0]));
  ASSIGN_OR_RETURN(DType init, tensorType(step, plan, step.operands[1]));
  ASSIGN_OR_RETURN(DType result, tensorType(step, plan, step.results[0]));
  if (init != out.type || result != out.type) return noKernel(step, plan);
  ASSIGN_OR_RETURN(const RedOp op, redOpFor(p.body, out.type, step, plan));
  out.code = static_cast<int>(op);
  ASSIGN_OR_RETURN(out.window, windowDescFrom(p, elementsOf(plan, step.results[0])));
  out.launch = launchReduceWindow;
  return absl::OkStatus();
}

// select_and_scatter with select compare GE or GT and a recognised scatter body; one int64 per window for the
// selections, freed after.
absl::Status launchSelectAndScatter(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in,
                                    std::span<void* const> out) {
  ASSIGN_OR_RETURN(void* selected, run.take(static_cast<size_t>(l.window.outputs) * sizeof(int64_t)));
  const absl::Status status =
      cudaCheck(k::selectAndScatter(l.type, l.flag1, static_cast<RedOp>(l.code), l.window, in[0], in[1], in[2],
                                    static_cast<int64_t*>(selected), out[0], elementsOf(run.plan(), step.results[0]), run.stream()),
                "select_and_scatter kernels");
  (void)run.give(selected);
  return status;
}
absl::Status chooseSelectAndScatter(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  const auto& p = step.as<plan::WindowParams>();
  if (step.operands.size() != 3 || step.results.size() != 1) return noKernel(step, plan);
  if (!p.select_ge && !p.select_gt)
    return absl::UnimplementedError(
        "the cuda executor's select_and_scatter takes a select of one compare GE or GT of its arguments in order");
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.operands[0]));
  for (plan::Slot slot : {step.operands[1], step.operands[2], step.results[0]}) {
    ASSIGN_OR_RETURN(DType t, tensorType(step, plan, slot));
    if (t != out.type) return noKernel(step, plan);
  }
  if (out.type == kPred) return noKernel(step, plan);
  ASSIGN_OR_RETURN(const RedOp op, redOpFor(p.body, out.type, step, plan));
  out.code = static_cast<int>(op);
  out.flag1 = p.select_ge;
  ASSIGN_OR_RETURN(out.window, windowDescFrom(p, elementsOf(plan, step.operands[1])));
  for (int k = 0; k < out.window.rank; ++k)
    if (out.window.base_dilations[k] != 1 || out.window.window_dilations[k] != 1)
      return absl::InternalError("select_and_scatter's windows have dilations");
  if (elementsOf(plan, step.operands[0]) != elementsOf(plan, step.results[0]))
    return absl::InternalError("select_and_scatter's result differs from its operand");
  out.launch = launchSelectAndScatter;
  return absl::OkStatus();
}

// sort with a comparator that is one compare of one operand's arguments (sort_desc.h): the order from the
// merge passes, then every operand permuted by it. Two order buffers for the passes, freed after.
// The merge passes' order of d's slices by `keys` (sort_desc.h) in two buffers from the pool, given to `use`
// (which enqueues what reads it), then freed (stream-ordered: after what `use` enqueued).
template <class Use>
absl::Status withSortedOrder(Run& run, const SortDesc& d, const void* keys, Use&& use) {
  const size_t order_bytes = static_cast<size_t>(d.slices * d.length) * sizeof(int64_t);
  ASSIGN_OR_RETURN(void* a, run.take(order_bytes));
  absl::StatusOr<void*> b = run.take(order_bytes);
  if (!b.ok()) {
    (void)run.give(a);
    return b.status();
  }
  int64_t* sorted = nullptr;
  absl::Status status =
      cudaCheck(k::sortOrder(d, keys, static_cast<int64_t*>(a), static_cast<int64_t*>(*b), &sorted, run.stream()), "sort merge kernels");
  if (status.ok()) status = use(static_cast<const int64_t*>(sorted));
  (void)run.give(a);
  (void)run.give(*b);
  return status;
}
absl::Status launchSort(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in,
                        std::span<void* const> out) {
  return withSortedOrder(run, l.sort, in[l.a], [&](const int64_t* sorted) {
    for (size_t i = 0; i < out.size(); ++i) {
      const int bytes = storageBytes(run.plan().slot_types[step.operands[i]].elementType());
      RETURN_IF_ERROR(cudaCheck(k::permute(bytes, l.sort, sorted, in[i], out[i], run.stream()), "sort permute kernel"));
    }
    return absl::OkStatus();
  });
}
absl::Status chooseSort(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  const auto& p = step.as<plan::SortParams>();
  if (step.operands.empty() || step.operands.size() != step.results.size() || p.key >= step.operands.size()) return noKernel(step, plan);
  const Type& first = plan.slot_types[step.operands[0]];
  for (size_t i = 0; i < step.operands.size(); ++i) {  // any element type is permuted; the key is compared
    ASSIGN_OR_RETURN(DType t, storageType(step, plan, step.operands[i]));
    ASSIGN_OR_RETURN(DType r, storageType(step, plan, step.results[i]));
    if (t != r || plan.slot_types[step.operands[i]].shape() != first.shape()) return noKernel(step, plan);
  }
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.operands[p.key]));
  ASSIGN_OR_RETURN(out.sort, sortDescFrom(p, first.shape(), out.type));
  out.a = static_cast<int64_t>(p.key);
  out.launch = launchSort;
  return absl::OkStatus();
}

// chlo.top_k: each row sorted descending (TOTALORDER for floats, the type's order for integers) by the
// stable merge sort, ties by index as the CPU executor's partial sort, then the first k of each row.
absl::Status launchTopK(Run& run, const plan::Step&, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  return withSortedOrder(run, l.sort, in[0], [&](const int64_t* sorted) {
    return cudaCheck(k::topK(l.type, sorted, in[0], out[0], out[1], static_cast<int>(l.b), l.sort.length, l.a, l.sort.slices, run.stream()),
                     "top_k kernel");
  });
}
absl::Status chooseTopK(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.operands.size() != 1 || step.results.size() != 2) return noKernel(step, plan);
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.operands[0]));
  ASSIGN_OR_RETURN(DType values, tensorType(step, plan, step.results[0]));
  ASSIGN_OR_RETURN(DType indices, tensorType(step, plan, step.results[1]));
  if (values != out.type || indices == kPred || isFloat(indices)) return noKernel(step, plan);
  const auto& p = step.as<plan::TopKParams>();
  const auto& shape = plan.slot_types[step.operands[0]].shape();
  if (shape.empty() || p.n != shape.back() || p.k < 0 || p.k > p.n) return absl::InternalError("top_k's k and n differ from its operand");
  plan::SortParams by_value;
  by_value.native = true;
  by_value.dimension = static_cast<int64_t>(shape.size()) - 1;
  by_value.direction = plan::CompareDirection::kGT;
  by_value.kind = isFloat(out.type) ? plan::CompareKind::kTotalOrder
                                    : (isSignedInt(out.type) ? plan::CompareKind::kSigned : plan::CompareKind::kUnsigned);
  ASSIGN_OR_RETURN(out.sort, sortDescFrom(by_value, shape, out.type));
  out.a = p.k;
  out.b = dtypeBytes(indices);
  out.launch = launchTopK;
  return absl::OkStatus();
}

// fft through cuFFT in f64 (fft.h): two f64 work buffers for the call, freed after.
absl::Status launchFft(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in,
                       std::span<void* const> out) {
  const FftDesc& d = l.fft;
  const size_t out_bytes = run.bytesOf(step.results[0]);
  if (out_bytes == 0) return absl::OkStatus();
  if (d.n_total == 0 || d.batch == 0) {  // a zero-length transform: sums of nothing
    HLOCONF_CUDA(cudaMemsetAsync(out[0], 0, out_bytes, run.stream()));
    return absl::OkStatus();
  }
  ASSIGN_OR_RETURN(void* in_work, run.take(static_cast<size_t>(fftInputParts(d)) * sizeof(double)));
  absl::StatusOr<void*> out_work = run.take(static_cast<size_t>(fftOutputParts(d)) * sizeof(double));
  if (!out_work.ok()) {
    (void)run.give(in_work);
    return out_work.status();
  }
  int code = 0;
  const char* failed = k::fft(d, in[0], out[0], static_cast<double*>(in_work), static_cast<double*>(*out_work), run.stream(), &code);
  (void)run.give(in_work);
  (void)run.give(*out_work);
  if (failed) return absl::InternalError(strCat(failed, " failed: status ", code));
  return absl::OkStatus();
}
absl::Status chooseFft(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.operands.size() != 1 || step.results.size() != 1) return noKernel(step, plan);
  const auto& p = step.as<plan::FftParams>();
  const ElementType operand = plan.slot_types[step.operands[0]].elementType(), result = plan.slot_types[step.results[0]].elementType();
  const ElementType part = isComplex(operand) ? complexPartType(operand) : operand;
  if (part != ElementType::kF32 && part != ElementType::kF64) return noKernel(step, plan);
  FftDesc& d = out.fft;
  d.kind = static_cast<int>(p.kind);
  d.f64 = part == ElementType::kF64;
  const bool real_in = p.kind == plan::FftKind::kRfft, real_out = p.kind == plan::FftKind::kIrfft;
  if (isComplex(operand) == real_in || isComplex(result) == real_out || (isComplex(result) ? complexPartType(result) : result) != part)
    return noKernel(step, plan);
  if (p.lengths.empty() || p.lengths.size() > 3)
    return absl::UnimplementedError(strCat("an fft over ", p.lengths.size(), " dims (cuFFT takes 1 to 3)"));
  d.rank = static_cast<int>(p.lengths.size());
  d.n_total = 1;
  for (size_t k = 0; k < p.lengths.size(); ++k) {
    if (p.lengths[k] < 0 || p.lengths[k] > INT32_MAX) return absl::UnimplementedError("an fft length past cuFFT's int");
    d.n[k] = static_cast<int>(p.lengths[k]);
    d.n_total *= p.lengths[k];
  }
  d.batch = p.batch;
  d.in_inner = p.in_inner;
  d.out_inner = p.out_inner;
  if (d.batch > INT32_MAX || d.in_inner > INT32_MAX || d.out_inner > INT32_MAX)
    return absl::UnimplementedError("an fft past cuFFT's int sizes");
  if (d.batch * d.in_inner != elementsOf(plan, step.operands[0]) || d.batch * d.out_inner != elementsOf(plan, step.results[0]))
    return absl::InternalError("fft's batch and lengths differ from its types");
  out.launch = launchFft;
  return absl::OkStatus();
}

// rng: its bounds and shape operand read back (one wait), checked as the CPU executor checks them, then one
// thread per element.
absl::Status launchRng(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in,
                       std::span<void* const> out) {
  const plan::Plan& plan = run.plan();
  const ElementType t = plan.slot_types[step.results[0]].elementType(), shape_type = plan.slot_types[step.operands[2]].elementType();
  const size_t bytes = static_cast<size_t>(storageBytes(t)), shape_bytes = static_cast<size_t>(storageBytes(shape_type));
  const auto& shape = plan.slot_types[step.results[0]].shape();
  uint8_t a[8] = {}, b[8] = {};
  std::vector<uint8_t> dims(shape.size() * shape_bytes);
  HLOCONF_CUDA(cudaMemcpyAsync(a, in[0], bytes, cudaMemcpyDeviceToHost, run.stream()));
  HLOCONF_CUDA(cudaMemcpyAsync(b, in[1], bytes, cudaMemcpyDeviceToHost, run.stream()));
  if (!dims.empty()) HLOCONF_CUDA(cudaMemcpyAsync(dims.data(), in[2], dims.size(), cudaMemcpyDeviceToHost, run.stream()));
  HLOCONF_CUDA(cudaStreamSynchronize(run.stream()));
  for (size_t d = 0; d < shape.size(); ++d) {
    uint64_t v = 0;
    std::memcpy(&v, dims.data() + d * shape_bytes, shape_bytes);
    if (shape_bytes < 8 && isSignedInteger(shape_type) && ((v >> (8 * shape_bytes - 1)) & 1)) v |= ~uint64_t{0} << (8 * shape_bytes);
    if (static_cast<int64_t>(v) != shape[d])
      return absl::InvalidArgumentError(
          strCat("rng: the shape operand does not give the result's shape ", plan.slot_types[step.results[0]].toString()));
  }
  const bool normal = step.as<plan::RngParams>().normal;
  if (isFloat(l.type)) {
    auto value = [&](const uint8_t* p) -> double {
      uint64_t bits = 0;
      std::memcpy(&bits, p, bytes);
      switch (l.type) {
        case kF16:
          return dm::halfToFloat(static_cast<uint16_t>(bits));
        case kBF16:
          return dm::bf16ToFloat(static_cast<uint16_t>(bits));
        case kF32: {
          float f;
          std::memcpy(&f, p, 4);
          return f;
        }
        default: {
          double f;
          std::memcpy(&f, p, 8);
          return f;
        }
      }
    };
    const double da = value(a), db = value(b);
    if (normal && !(db >= 0)) return absl::InvalidArgumentError("rng: NORMAL with b < 0 is undefined behaviour");
    if (!normal && !(da < db)) return absl::InvalidArgumentError("rng: UNIFORM with a >= b (or a NaN bound) is undefined behaviour");
    if (!normal && (std::isinf(da) || std::isinf(db))) return absl::InvalidArgumentError("rng: UNIFORM needs finite bounds");
  } else {
    if (normal) return absl::InvalidArgumentError("rng: NORMAL needs a floating-point result");
    const int width = bitWidth(t);
    auto value = [&](const uint8_t* p, bool is_signed) -> std::pair<int64_t, uint64_t> {
      uint64_t bits = 0;
      std::memcpy(&bits, p, bytes);
      if (width < 64) bits &= (uint64_t{1} << width) - 1;
      if (is_signed && width < 64 && ((bits >> (width - 1)) & 1)) bits |= ~uint64_t{0} << width;
      return {static_cast<int64_t>(bits), bits};
    };
    const bool is_signed = isSignedInteger(t);
    const auto [sa, ua] = value(a, is_signed);
    const auto [sb, ub] = value(b, is_signed);
    if (is_signed ? !(sa < sb) : !(ua < ub)) return absl::InvalidArgumentError("rng: UNIFORM with a >= b is undefined behaviour");
  }
  return cudaCheck(k::rng(l.type, normal, a, b, out[0], elementsOf(plan, step.results[0]), run.stream()), "rng kernel");
}
absl::Status chooseRng(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.operands.size() != 3 || step.results.size() != 1) return noKernel(step, plan);
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.results[0]));
  ASSIGN_OR_RETURN(DType shape, tensorType(step, plan, step.operands[2]));
  if (shape == kPred || isFloat(shape) || dtypeBytes(out.type) > 8) return noKernel(step, plan);
  out.launch = launchRng;
  return absl::OkStatus();
}

// rng_bit_generator (plan/rng_bits.h): one thread per generator block; bit for bit the CPU executor's.
absl::Status launchRngBitGenerator(Run& run, const plan::Step&, const LoweredStep& l, std::span<const void* const> in,
                                   std::span<void* const> out) {
  return cudaCheck(k::rngBits(l.rng, static_cast<int>(l.b), static_cast<uint64_t>(l.a), static_cast<const uint64_t*>(in[0]), out[1],
                              static_cast<uint64_t*>(out[0]), run.stream()),
                   "rng_bit_generator kernel");
}
absl::Status chooseRngBitGenerator(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.operands.size() != 1 || step.results.size() != 2) return noKernel(step, plan);
  ASSIGN_OR_RETURN(DType state, tensorType(step, plan, step.operands[0]));
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.results[1]));
  if (state != kU64) return noKernel(step, plan);
  out.rng = step.as<plan::RngBitGeneratorParams>().layout;
  const int width = bitWidth(plan.slot_types[step.results[1]].elementType());
  out.a = static_cast<int64_t>(width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1);  // the element's bits
  out.b = dtypeBytes(out.type);
  if (out.rng.elements != elementsOf(plan, step.results[1]) || out.rng.words != elementsOf(plan, step.operands[0]))
    return absl::InternalError("rng_bit_generator's layout differs from its types");
  out.launch = launchRngBitGenerator;
  return absl::OkStatus();
}
absl::Status chooseDot(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.operands.size() != 2 || step.results.size() != 1) return noKernel(step, plan);
  const auto& p = step.as<plan::DotParams>();
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.operands[0]));
  ASSIGN_OR_RETURN(DType rhs, tensorType(step, plan, step.operands[1]));
  ASSIGN_OR_RETURN(DType result, tensorType(step, plan, step.results[0]));
  if (rhs != out.type || result != out.type)
    return absl::UnimplementedError(strCat("the cuda executor's dot_general takes operands and a result of one type; ", noKernel(step, plan).message()));
  if (p.lhs_round != plan::InputRounding::kNone || p.rhs_round != plan::InputRounding::kNone || p.accumulate_f64)
    return absl::UnimplementedError("the cuda executor does not run dot algorithms yet");
  if (p.batch > INT32_MAX || p.m > INT32_MAX || p.n > INT32_MAX || p.k > INT32_MAX)
    return absl::UnimplementedError("a GEMM dimension past 2^31 - 1");
  // copies[0] packs lhs to [batch, m, k], copies[1] rhs to [batch, k, n] (rank -1: read in place).
  for (int i = 0; i < 2; ++i) {
    // cuBLASLt folds a transposed operand into its op; the integer kernel reads [b, m, k] and [b, k, n] only.
    const plan::GemmOperand how = i == 0 ? p.lhs_direct : p.rhs_direct;
    const bool direct = isFloat(out.type) ? how != plan::GemmOperand::kPack : how == plan::GemmOperand::kNoTrans;
    CopyDesc d;
    if (direct) {
      d.rank = -1;
    } else {
      plan::CopyPattern pattern;
      pattern.shape = i == 0 ? p.lhs_shape : p.rhs_shape;
      pattern.src_strides = i == 0 ? p.lhs_strides : p.rhs_strides;
      pattern.dst_strides = plan::rowMajorStrides(pattern.shape);
      pattern = plan::simplifyCopy(pattern);
      const int64_t elements = i == 0 ? p.batch * p.m * p.k : p.batch * p.k * p.n;
      ASSIGN_OR_RETURN(d, copyDesc(pattern, elementsOf(plan, step.operands[static_cast<size_t>(i)]), elements));
    }
    out.copies.push_back(d);
  }
  out.launch = launchDot;
  return absl::OkStatus();
}
absl::Status chooseDynamicSlice(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  const auto& p = step.as<plan::DynamicSliceParams>();
  const bool update = step.op == OpId::kDynamicUpdateSlice;
  if (step.results.size() != 1 || step.operands.size() != p.first_index + p.max_start.size() || p.first_index != (update ? 2u : 1u))
    return noKernel(step, plan);
  ASSIGN_OR_RETURN(out.type, storageType(step, plan, step.operands[0]));
  ASSIGN_OR_RETURN(DType r, storageType(step, plan, step.results[0]));
  if (r != out.type) return noKernel(step, plan);
  if (update) {
    ASSIGN_OR_RETURN(DType u, storageType(step, plan, step.operands[1]));
    if (u != out.type) return noKernel(step, plan);
  }
  for (size_t i = p.first_index; i < step.operands.size(); ++i) {
    const Type& t = plan.slot_types[step.operands[i]];
    if (!t.isTensor() || t.numElements() != 1 || !isInteger(t.elementType()) || storageBytes(t.elementType()) > 8) return noKernel(step, plan);
    out.index_types.push_back(t.elementType());
  }
  // The copy with offset 0; the start offset is added at run time and checked against the reach.
  const plan::Slot src = step.operands[update ? 1 : 0];
  const int64_t src_elements = elementsOf(plan, src), dst_elements = elementsOf(plan, step.results[0]);
  ASSIGN_OR_RETURN(CopyDesc d, copyDesc(p.copy, src_elements, dst_elements));
  int64_t reach = 0;
  for (int k = 0; k < d.rank; ++k) {
    const int64_t stride = update ? d.dst_strides[k] : d.src_strides[k];
    if (stride < 0) return absl::UnimplementedError("a dynamic slice with a negative stride");
    reach += (d.shape[k] - 1) * stride;
  }
  out.copies.push_back(d);
  out.copy_reach.push_back(reach);
  out.launch = update ? launchDynamicUpdateSlice : launchDynamicSlice;
  return absl::OkStatus();
}
// convolution through cuDNN (cudnn_conv.h): the kernel operand packed, with a device word that flags a
// non-finite element of it, then cuDNN, then the direct kernel only where that word is set; one pool
// buffer holds the packed kernel, the word and cuDNN's workspace. False where cuDNN does not run it.
absl::StatusOr<bool> convThroughCudnn(Run& run, const LoweredStep& l, const void* x, const void* w, void* y) {
  std::string why;
  ASSIGN_OR_RETURN(const CudnnConvPlan* plan, cudnnConvPlan(l.type, *l.cudnn_conv, &why));
  if (!plan) {
    explain("convolution by the direct kernel, not cuDNN: " + why);
    return false;
  }
  auto align = [](size_t bytes) { return (bytes + 255) / 256 * 256; };
  const size_t packed_bytes = align(static_cast<size_t>(l.cudnn_conv->w_elements) * static_cast<size_t>(dtypeBytes(l.type)));
  const size_t flag_bytes = 256;
  ASSIGN_OR_RETURN(void* buffer, run.take(packed_bytes + flag_bytes + cudnnConvWorkspace(*plan)));
  auto* bytes = static_cast<uint8_t*>(buffer);
  void* packed = bytes;
  auto* nonfinite = reinterpret_cast<uint32_t*>(bytes + packed_bytes);
  void* workspace = cudnnConvWorkspace(*plan) ? bytes + packed_bytes + flag_bytes : nullptr;
  absl::Status status = cudaCheck(cudaMemsetAsync(nonfinite, 0, sizeof(uint32_t), run.stream()), "cudaMemsetAsync");
  if (status.ok())
    status = cudaCheck(k::packConvKernel(l.type, l.conv, l.cudnn_conv->w_features_last, w, packed, nonfinite, run.stream()),
                       "convolution kernel packing");
  bool ran = false;
  if (status.ok()) {
    absl::StatusOr<bool> launched = cudnnConvForward(*plan, x, packed, y, workspace, run.stream());
    if (!launched.ok()) status = launched.status();
    else ran = *launched;
  }
  if (status.ok() && ran)
    status = cudaCheck(k::conv(l.type, l.conv, x, w, y, run.stream(), nonfinite), "convolution kernel (non-finite kernel operand)");
  RETURN_IF_ERROR(run.give(buffer));  // stream-ordered: freed after the kernels above
  RETURN_IF_ERROR(status);
  return ran;
}

// convolution (conv.cu): cuDNN where it computes the same (cudnn_conv.h), else the direct kernel; lhs, rhs
// and result of one type.
absl::Status launchConv(Run& run, const plan::Step&, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  if (l.cudnn_conv) {
    ASSIGN_OR_RETURN(bool ran, convThroughCudnn(run, l, in[0], in[1], out[0]));
    if (ran) return absl::OkStatus();
  }
  return cudaCheck(k::conv(l.type, l.conv, in[0], in[1], out[0], run.stream()), "convolution kernel");
}
// dynamic_conv (the direct kernel): its padding read back from operand 2 (one wait), checked against the
// result's spatial sizes as the spec's C25 with that padding (as the CPU executor), and the kernel's
// descriptor built and bounds-checked again with it.
absl::Status launchDynamicConv(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in,
                               std::span<void* const> out) {
  plan::ConvParams p = step.as<plan::ConvParams>();
  const size_t sr = static_cast<size_t>(p.spatial_rank);
  const ElementType t = run.plan().slot_types[step.operands[2]].elementType();
  const int bytes = storageBytes(t);
  if (elementsOf(run.plan(), step.operands[2]) != static_cast<int64_t>(2 * sr) || bytes > 8)
    return absl::InternalError("dynamic_conv's padding is not 2 integers per spatial dimension");
  std::vector<uint8_t> raw(2 * sr * static_cast<size_t>(bytes));
  if (!raw.empty()) {
    HLOCONF_CUDA(cudaMemcpyAsync(raw.data(), in[2], raw.size(), cudaMemcpyDeviceToHost, run.stream()));
    HLOCONF_CUDA(cudaStreamSynchronize(run.stream()));
  }
  for (size_t i = 0; i < sr; ++i) {
    int64_t padding[2];
    for (size_t j = 0; j < 2; ++j) {
      uint64_t bits = 0;
      std::memcpy(&bits, raw.data() + (2 * i + j) * static_cast<size_t>(bytes), static_cast<size_t>(bytes));
      const int width = bitWidth(t);
      if (width < 64) bits &= (uint64_t{1} << width) - 1;
      if (isSignedInteger(t) && width < 64 && ((bits >> (width - 1)) & 1)) bits |= ~uint64_t{0} << width;
      padding[j] = isSignedInteger(t) ? static_cast<int64_t>(bits) : static_cast<int64_t>(std::min<uint64_t>(bits, INT64_MAX));
    }
    p.pad_low[i] = padding[0];
    const int64_t input = p.in_spatial[i], window = p.k_spatial[i];
    const int64_t dilated_in = input == 0 ? 0 : (input - 1) * p.lhs_dilation[i] + 1;
    const int64_t padded = padding[0] + dilated_in + padding[1];
    const int64_t dilated_window = window == 0 ? 0 : (window - 1) * p.rhs_dilation[i] + 1;
    const int64_t windows = padded <= 0 || dilated_window > padded ? 0 : (padded - dilated_window) / p.stride[i] + 1;
    if (windows != p.out_spatial[i])
      return absl::InvalidArgumentError(strCat("dynamic_conv: with d_padding [", padding[0], ", ", padding[1], "] spatial dimension ", i,
                                               " has ", windows, " windows, but the result has ", p.out_spatial[i]));
  }
  ASSIGN_OR_RETURN(ConvDesc d, convDescFrom(p, elementsOf(run.plan(), step.operands[0]), elementsOf(run.plan(), step.operands[1]),
                                            elementsOf(run.plan(), step.results[0])));
  return cudaCheck(k::conv(l.type, d, in[0], in[1], out[0], run.stream()), "dynamic_conv kernel");
}

absl::Status chooseConv(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  const bool dynamic = step.op == OpId::kDynamicConv;
  if (step.operands.size() != (dynamic ? 3u : 2u) || step.results.size() != 1) return noKernel(step, plan);
  if (dynamic) {
    ASSIGN_OR_RETURN(DType padding, tensorType(step, plan, step.operands[2]));
    if (padding == kPred || isFloat(padding)) return noKernel(step, plan);
  }
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.operands[0]));
  ASSIGN_OR_RETURN(DType rhs, tensorType(step, plan, step.operands[1]));
  ASSIGN_OR_RETURN(DType result, tensorType(step, plan, step.results[0]));
  if (rhs != out.type || result != out.type || out.type == kPred)
    return absl::UnimplementedError(strCat("the cuda executor's convolution takes operands and a result of one type, not i1; ", noKernel(step, plan).message()));
  ASSIGN_OR_RETURN(out.conv, convDescFrom(step.as<plan::ConvParams>(), elementsOf(plan, step.operands[0]), elementsOf(plan, step.operands[1]),
                                          elementsOf(plan, step.results[0])));
  if (dynamic) {  // the planned padding is a placeholder: the launcher reads the real one
    out.launch = launchDynamicConv;
    return absl::OkStatus();
  }
  if (isFloat(out.type)) out.cudnn_conv = cudnnConvShape(out.conv, nullptr);
  out.launch = launchConv;
  return absl::OkStatus();
}
// batch_norm_inference / _training / _grad (batch_norm.cu): operands and results of one float type.
absl::Status launchBatchNorm(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  switch (step.op) {
    case OpId::kBatchNormInference: {
      const void* const f[4] = {in[1], in[2], in[3], in[4]};
      return cudaCheck(k::batchNormInference(l.type, l.bn, in[0], f, out[0], run.stream()), "batch_norm_inference kernel");
    }
    case OpId::kBatchNormTraining: {
      const void* const f[2] = {in[1], in[2]};
      return cudaCheck(k::batchNormTraining(l.type, l.bn, in[0], f, out[0], out[1], out[2], run.stream()), "batch_norm_training kernel");
    }
    default: {
      const void* const f[3] = {in[1], in[2], in[3]};
      return cudaCheck(k::batchNormGrad(l.type, l.bn, in[0], f, in[4], out[0], out[1], out[2], run.stream()), "batch_norm_grad kernel");
    }
  }
}
absl::Status chooseBatchNorm(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  const bool training = step.op == OpId::kBatchNormTraining, inference = step.op == OpId::kBatchNormInference;
  const size_t operands = training ? 3 : 5, results = inference ? 1 : 3;
  if (step.operands.size() != operands || step.results.size() != results) return noKernel(step, plan);
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.operands[0]));
  if (!isFloat(out.type)) return noKernel(step, plan);
  const auto& p = step.as<plan::BatchNormParams>();
  if (p.outer < 0 || p.features < 0 || p.inner < 0) return absl::InternalError("batch norm sizes out of range");
  const int64_t n = p.outer * p.features * p.inner;
  // Full-shaped: operand 0 (and grad's operand 4), result 0; the rest have one element per feature.
  auto check = [&](plan::Slot slot, bool full) -> absl::Status {
    ASSIGN_OR_RETURN(DType t, tensorType(step, plan, slot));
    if (t != out.type) return noKernel(step, plan);
    if (elementsOf(plan, slot) != (full ? n : p.features)) return absl::InternalError("a batch norm operand's size differs from the plan's");
    return absl::OkStatus();
  };
  for (size_t i = 0; i < step.operands.size(); ++i) RETURN_IF_ERROR(check(step.operands[i], i == 0 || (!training && !inference && i == 4)));
  for (size_t i = 0; i < step.results.size(); ++i) RETURN_IF_ERROR(check(step.results[i], i == 0));
  out.bn.outer = p.outer;
  out.bn.features = p.features;
  out.bn.inner = p.inner;
  out.bn.epsilon = p.epsilon;
  // The element count per feature as a constant of the element type (the spec's constant(size / dim)).
  const double count = static_cast<double>(p.outer * p.inner);
  out.bn.count = out.type == kF16 ? dm::halfToFloat(dm::doubleToHalf(count)) : out.type == kBF16 ? dm::bf16ToFloat(dm::doubleToBf16(count)) : count;
  out.launch = launchBatchNorm;
  return absl::OkStatus();
}
// gather, dynamic_gather (gather.cu): one thread per result element, starts clamped on the device.
absl::Status launchGather(Run& run, const plan::Step&, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  return cudaCheck(k::gather(dtypeBytes(l.type), l.gather, in[0], in[1], out[0], run.stream()), "gather kernel");
}
absl::Status chooseGather(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.operands.size() != (step.op == OpId::kGather ? 2u : 3u) || step.results.size() != 1) return noKernel(step, plan);
  ASSIGN_OR_RETURN(out.type, storageType(step, plan, step.operands[0]));
  ASSIGN_OR_RETURN(DType index, tensorType(step, plan, step.operands[1]));
  ASSIGN_OR_RETURN(DType result, storageType(step, plan, step.results[0]));
  if (result != out.type || index == kPred || isFloat(index)) return noKernel(step, plan);
  ASSIGN_OR_RETURN(out.gather, gatherDescFrom(step.as<plan::GatherParams>(), index, elementsOf(plan, step.operands[0]),
                                              elementsOf(plan, step.operands[1]), elementsOf(plan, step.results[0])));
  out.launch = launchGather;
  return absl::OkStatus();
}
// scatter of one input (scatter.cu): the input copied to the result, then the updates combined in order.
absl::Status launchScatter(Run& run, const plan::Step& step, const LoweredStep& l, std::span<const void* const> in, std::span<void* const> out) {
  RETURN_IF_ERROR(run.copyD2D(out[0], in[0], run.bytesOf(step.results[0])));
  return cudaCheck(k::scatter(l.type, l.scatter, in[1], in[2], out[0], run.stream()), "scatter kernel");
}
absl::Status chooseScatter(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.operands.size() != 3 || step.results.size() != 1)
    return absl::UnimplementedError("the cuda executor scatters one input at a time");
  ASSIGN_OR_RETURN(out.type, tensorType(step, plan, step.operands[0]));
  ASSIGN_OR_RETURN(DType index, tensorType(step, plan, step.operands[1]));
  ASSIGN_OR_RETURN(DType update, tensorType(step, plan, step.operands[2]));
  ASSIGN_OR_RETURN(DType result, tensorType(step, plan, step.results[0]));
  if (update != out.type || result != out.type || index == kPred || isFloat(index))
    return absl::UnimplementedError(strCat("the cuda executor's scatter takes input, updates and result of one type; ", noKernel(step, plan).message()));
  if (plan::slotBytes(plan.slot_types[step.operands[0]]) != plan::slotBytes(plan.slot_types[step.results[0]]))
    return absl::InternalError("scatter's input and result differ in size");
  ASSIGN_OR_RETURN(out.scatter, scatterDescFrom(step.as<plan::ScatterParams>(), index, isFloat(out.type), elementsOf(plan, step.operands[0]),
                                                elementsOf(plan, step.operands[1]), elementsOf(plan, step.operands[2])));
  out.launch = launchScatter;
  return absl::OkStatus();
}
// after_all: a token, which has no bytes.
absl::Status launchNothing(Run&, const plan::Step&, const LoweredStep&, std::span<const void* const>, std::span<void* const>) {
  return absl::OkStatus();
}
absl::Status chooseAfterAll(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.results.size() != 1 || plan.slot_types[step.results[0]].kind() != Type::Kind::kToken) return noKernel(step, plan);
  out.launch = launchNothing;
  return absl::OkStatus();
}

// replica_id and partition_id: the cuda backend runs one process (grids of more are UNSUPPORTED before
// lowering), so both are 0.
absl::Status launchProcessId(Run& run, const plan::Step&, const LoweredStep&, std::span<const void* const>, std::span<void* const> out) {
  HLOCONF_CUDA(cudaMemsetAsync(out[0], 0, sizeof(uint32_t), run.stream()));
  return absl::OkStatus();
}
absl::Status chooseProcessId(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.results.size() != 1 || plan::slotBytes(plan.slot_types[step.results[0]]) != sizeof(uint32_t)) return noKernel(step, plan);
  out.launch = launchProcessId;
  return absl::OkStatus();
}
// outfeed: as the CPU executor, the values go nowhere (the protocol carries no outfeed back); the result
// is a token.
absl::Status chooseOutfeed(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  if (step.results.size() != 1 || plan.slot_types[step.results[0]].kind() != Type::Kind::kToken) return noKernel(step, plan);
  out.launch = launchNothing;
  return absl::OkStatus();
}

absl::Status chooseControl(const plan::Step& step, const plan::Plan& plan, LoweredStep& out) {
  for (plan::Slot s : step.results)
    if (!carriable(plan.slot_types[s])) return noKernel(step, plan);
  for (const plan::Region& region : step.regions) {
    for (plan::Slot s : region.inputs)
      if (!carriable(plan.slot_types[s])) return noKernel(step, plan);
    for (plan::Slot s : region.outputs)
      if (!carriable(plan.slot_types[s])) return noKernel(step, plan);
  }
  switch (step.op) {
    case OpId::kWhile:
      if (step.regions.size() != 2 || step.operands.size() != step.results.size()) return noKernel(step, plan);
      out.launch = launchWhile;
      break;
    case OpId::kIf:
      if (step.regions.size() != 2 || step.operands.size() != 1) return noKernel(step, plan);
      out.launch = launchIf;
      break;
    case OpId::kCase:
      if (step.regions.empty() || step.operands.size() != 1 || plan::slotBytes(plan.slot_types[step.operands[0]]) != 4)
        return noKernel(step, plan);
      out.launch = launchCase;
      break;
    default:
      if (step.regions.size() != 1) return noKernel(step, plan);
      out.launch = launchCall;
      break;
  }
  return absl::OkStatus();
}

Chooser chooserFor(OpId op) {
  if (unaryOp(op)) return chooseUnary;
  if (binaryOp(op)) return chooseBinary;
  switch (op) {
    case OpId::kCompare: return chooseCompare;
    case OpId::kIsFinite:
    case OpId::kChloIsInf:
    case OpId::kChloIsNegInf:
    case OpId::kChloIsPosInf:
      return chooseIsFinite;
    case OpId::kChloNextAfter:
      return chooseNextAfter;
    case OpId::kChloTopK:
      return chooseTopK;
    case OpId::kReplicaId:
    case OpId::kPartitionId:
      return chooseProcessId;
    case OpId::kReal:
    case OpId::kImag:
    case OpId::kComplex:
      return chooseComplex;
    case OpId::kFft:
      return chooseFft;
    case OpId::kRng:
      return chooseRng;
    case OpId::kSelectAndScatter:
      return chooseSelectAndScatter;
    case OpId::kOutfeed:
      return chooseOutfeed;
    case OpId::kChloConstant:
    case OpId::kChloConstantLike:
      return chooseConstant;
    case OpId::kSelect: return chooseSelect;
    case OpId::kClamp: return chooseClamp;
    case OpId::kConvert: return chooseConvert;
    case OpId::kReducePrecision: return chooseReducePrecision;
    case OpId::kConstant: return chooseConstant;
    case OpId::kIota: return chooseIota;
    case OpId::kReshape: return chooseReshape;
    case OpId::kOptimizationBarrier: return chooseBarrier;
    case OpId::kBitcastConvert: return chooseBitcast;
    case OpId::kAfterAll: return chooseAfterAll;
    case OpId::kGetDimensionSize: return chooseDimensionSize;
    case OpId::kBroadcastInDim: case OpId::kTranspose: case OpId::kSlice: case OpId::kReverse: case OpId::kConcatenate:
    case OpId::kPad: case OpId::kDynamicBroadcastInDim: case OpId::kDynamicPad:
      return chooseCopy;
    case OpId::kDynamicIota: return chooseIota;
    case OpId::kDynamicReshape: return chooseReshape;
    case OpId::kReduce: return chooseReduce;
    case OpId::kReduceWindow:
      return chooseReduceWindow;
    case OpId::kSort:
      return chooseSort;
    case OpId::kRngBitGenerator:
      return chooseRngBitGenerator;
    case OpId::kDynamicSlice: case OpId::kDynamicUpdateSlice: return chooseDynamicSlice;
    case OpId::kDotGeneral: case OpId::kDot: return chooseDot;
    case OpId::kConvolution:
    case OpId::kDynamicConv:
      return chooseConv;
    case OpId::kGather: case OpId::kDynamicGather: return chooseGather;
    case OpId::kScatter: return chooseScatter;
    case OpId::kBatchNormInference: case OpId::kBatchNormTraining: case OpId::kBatchNormGrad: return chooseBatchNorm;
    case OpId::kWhile: case OpId::kIf: case OpId::kCase: case OpId::kFuncCall: case OpId::kComposite: return chooseControl;
    default: return nullptr;
  }
}

bool runsRegions(OpId op) {
  return op == OpId::kWhile || op == OpId::kIf || op == OpId::kCase || op == OpId::kFuncCall || op == OpId::kComposite;
}

std::optional<plan::Unsupported> lowerRegion(const plan::Region& region, const plan::Plan& plan, LoweredRegion& lowered) {
  for (const plan::Step& step : region.steps) {
    LoweredStep& out = lowered.steps.emplace_back();
    Chooser chooser = chooserFor(step.op);
    absl::Status status = chooser ? chooser(step, plan, out) : absl::UnimplementedError("the cuda executor has no kernel for this op yet");
    if (status.ok() && !step.shape_checks.empty())
      status = absl::UnimplementedError("a shape operand computed at run time is not supported by the cuda executor yet");
    if (status.ok() && !out.launch && !out.constant) status = absl::InternalError("no launcher chosen");
    if (!status.ok()) return plan::Unsupported{std::string(opName(step.op)), step.location, std::string(status.message())};
    if (runsRegions(step.op))
      for (const plan::Region& nested : step.regions)
        if (auto why = lowerRegion(nested, plan, out.regions.emplace_back())) return why;
  }
  // Every step lowered on its own too (the unfused path, HLOCONF_CUDA_FUSION=0); fused runs start at their first step.
  for (fusion::FusedRun& run : fusion::findRuns(region, plan)) {
    if (run.first >= lowered.steps.size() || run.first + run.count > lowered.steps.size()) continue;
    lowered.steps[run.first].fused = static_cast<int>(lowered.runs.size());
    // Large runs get a generated kernel now, at plan time (compiled once per distinct run per process).
    const void* kernel = nullptr;
    if (run.elements >= fusion::minElements()) {
      const std::string source = fusion::generatedKernelSource(run.type, run.code);
      if (!source.empty())
        if (absl::StatusOr<const void*> compiled = fusion::generatedKernel(source); compiled.ok()) kernel = *compiled;
    }
    lowered.generated.push_back(kernel);
    lowered.runs.push_back(std::move(run));
  }
  return std::nullopt;
}

}  // namespace

absl::Status deviceAvailable() {
  int count = 0;
  const cudaError_t error = cudaGetDeviceCount(&count);
  if (error != cudaSuccess) return absl::UnavailableError(strCat("no CUDA device: ", cudaGetErrorString(error)));
  if (count < 1) return absl::UnavailableError("no CUDA device: cudaGetDeviceCount found none");
  return absl::OkStatus();
}

namespace {

// Whether every step of `region` (nested regions included) only enqueues work on the stream: no step reads a
// device value on the host mid-run (control flow's predicates, dynamic slices' start indices) or copies
// from a host variable that is gone when a graph runs again (get_dimension_size).
bool capturable(const LoweredRegion& region) {
  for (const LoweredStep& step : region.steps) {
    if (step.launch == launchWhile || step.launch == launchIf || step.launch == launchCase || step.launch == launchDynamicSlice ||
        step.launch == launchDynamicUpdateSlice || step.launch == launchDimensionSize ||
        step.launch == launchFft ||          // cuFFT's plans are made on first use, outside any capture
        step.launch == launchDynamicConv ||  // reads its padding on the host
        step.launch == launchRng)            // reads its bounds on the host
      return false;
    for (const LoweredRegion& nested : step.regions)
      if (!capturable(nested)) return false;
  }
  return true;
}

// HLOCONF_CUDA_GRAPHS (read once): "0" never runs a program as a graph, "1" from its first run (the device
// check runs the spec suite so); by default from a program's second run, when the first has uploaded its
// constants and warmed cuBLASLt's and cuDNN's caches.
int graphFromRun() {
  static const int from = [] {
    const char* v = std::getenv("HLOCONF_CUDA_GRAPHS");
    if (v && std::strcmp(v, "0") == 0) return 0;
    if (v && std::strcmp(v, "1") == 0) return 1;
    return 2;
  }();
  return from;
}

}  // namespace

std::variant<std::shared_ptr<const Program>, plan::Unsupported> lower(plan::Plan plan) {
  auto program = std::make_shared<Program>();
  if (auto why = lowerRegion(plan, plan, program->body)) return *why;
  program->capturable = capturable(program->body);
  program->plan = std::move(plan);
  return std::shared_ptr<const Program>(std::move(program));
}

namespace {

// The device's time between two events of `stream` recorded around `enqueue` (options.device_seconds), or
// just `enqueue` when nobody asked.
template <class Enqueue>
absl::Status timed(cudaStream_t stream, const RunOptions& options, Enqueue enqueue) {
  if (!options.device_seconds) return enqueue();
  cudaEvent_t begin = nullptr, end = nullptr;
  absl::Status status = cudaCheck(cudaEventCreate(&begin), "cudaEventCreate");
  if (status.ok()) status = cudaCheck(cudaEventCreate(&end), "cudaEventCreate");
  if (status.ok()) status = cudaCheck(cudaEventRecord(begin, stream), "cudaEventRecord");
  if (status.ok()) status = enqueue();
  if (status.ok()) status = cudaCheck(cudaEventRecord(end, stream), "cudaEventRecord");
  if (status.ok()) status = cudaCheck(cudaEventSynchronize(end), "cudaEventSynchronize");
  float milliseconds = 0;
  if (status.ok()) status = cudaCheck(cudaEventElapsedTime(&milliseconds, begin, end), "cudaEventElapsedTime");
  if (status.ok()) *options.device_seconds = milliseconds * 1e-3;
  if (begin) (void)cudaEventDestroy(begin);
  if (end) (void)cudaEventDestroy(end);
  return status;
}

// The outputs at `pointers`, copied back once, then one wait for the stream (after `before_wait`, which may
// enqueue more: the graph's frees).
template <class BeforeWait>
absl::StatusOr<std::vector<Tensor>> readBack(cudaStream_t stream, const plan::Plan& plan, std::span<const void* const> pointers,
                                             BeforeWait before_wait) {
  std::vector<std::vector<uint8_t>> bytes(plan.outputs.size());
  for (size_t o = 0; o < plan.outputs.size(); ++o) {
    bytes[o].resize(static_cast<size_t>(plan::slotBytes(plan.slot_types[plan.outputs[o]])));
    if (!bytes[o].empty()) {
      if (!pointers[o]) return absl::InternalError("an output has no device buffer");
      HLOCONF_CUDA(cudaMemcpyAsync(bytes[o].data(), pointers[o], bytes[o].size(), cudaMemcpyDeviceToHost, stream));
    }
  }
  RETURN_IF_ERROR(before_wait());
  HLOCONF_CUDA(cudaStreamSynchronize(stream));
  HLOCONF_CUDA(cudaGetLastError());
  std::vector<Tensor> outputs;
  for (size_t o = 0; o < plan.outputs.size(); ++o) outputs.emplace_back(plan.slot_types[plan.outputs[o]], std::move(bytes[o]));
  return outputs;
}

// One run, step by step: inputs copied to fresh device buffers, each step launched, outputs copied back.
absl::StatusOr<std::vector<Tensor>> runStepByStep(const Program& program, std::span<const Tensor> inputs, const RunOptions& options) {
  const plan::Plan& plan = program.plan;
  Run run(program, options);
  RETURN_IF_ERROR(run.start());
  for (size_t i = 0; i < inputs.size(); ++i) {
    const size_t bytes = inputs[i].bytes().size();
    ASSIGN_OR_RETURN(void* p, run.take(bytes));
    RETURN_IF_ERROR(run.put(plan.inputs[i], p));
    if (bytes) HLOCONF_CUDA(cudaMemcpyAsync(p, inputs[i].bytes().data(), bytes, cudaMemcpyHostToDevice, run.stream()));
  }
  RETURN_IF_ERROR(timed(run.stream(), options, [&] { return run.runSteps(plan, program.body); }));
  std::vector<const void*> pointers;
  for (plan::Slot slot : plan.outputs) pointers.push_back(run.data(slot));
  return readBack(run.stream(), plan, pointers, [] { return absl::OkStatus(); });
}

// Captures the program's steps into its graph (Program::graph_exec), with the program's own input buffers as
// the inputs. Unimplemented when the stream could not be captured or the graph not instantiated: the caller
// then runs step by step. Nothing runs during a capture: the graph's first launch is the run's.
absl::Status capture(Program& program, const RunOptions& options) {
  const plan::Plan& plan = program.plan;
  Run run(program, options);
  RETURN_IF_ERROR(run.start());
  for (size_t i = 0; i < plan.inputs.size(); ++i) RETURN_IF_ERROR(run.lend(plan.inputs[i], program.graph_inputs[i]));
  HLOCONF_CUDA(cudaStreamBeginCapture(run.stream(), cudaStreamCaptureModeRelaxed));
  const absl::Status steps = run.runSteps(plan, program.body);
  cudaGraph_t graph = nullptr;
  const cudaError_t ended = cudaStreamEndCapture(run.stream(), &graph);
  std::vector<const void*> outputs;
  for (plan::Slot slot : plan.outputs) outputs.push_back(run.data(slot));
  // What the capture allocated was recorded, not allocated: the run must not free it. After a good capture
  // it is the graph's (graph_owned); after a failed one it never existed.
  std::vector<void*> owned = run.releaseOwned();
  cudaGraphExec_t exec = nullptr;
  cudaError_t instantiated = cudaErrorUnknown;
  if (steps.ok() && ended == cudaSuccess && graph) instantiated = cudaGraphInstantiate(&exec, graph, 0);
  if (graph) (void)cudaGraphDestroy(graph);
  if (!steps.ok() || ended != cudaSuccess || instantiated != cudaSuccess) {
    (void)cudaGetLastError();
    return absl::UnimplementedError(strCat("not captured as a CUDA graph: ",
                                           !steps.ok() ? std::string(steps.message())
                                           : ended != cudaSuccess ? strCat("cudaStreamEndCapture: ", cudaGetErrorString(ended))
                                                                  : strCat("cudaGraphInstantiate: ", cudaGetErrorString(instantiated))));
  }
  program.graph_exec = exec;
  program.graph_outputs = std::move(outputs);
  program.graph_owned = std::move(owned);
  return absl::OkStatus();
}

// One run as the program's graph (captured first if it is not yet): inputs copied into the program's input
// buffers, one launch, outputs copied back, then the graph's leftover allocations freed (a graph's
// allocations must be freed before it is launched again). The caller holds graph_mu.
absl::StatusOr<std::vector<Tensor>> runAsGraph(Program& program, std::span<const Tensor> inputs, const RunOptions& options) {
  const plan::Plan& plan = program.plan;
  if (program.graph_inputs.empty()) {
    program.graph_inputs.assign(inputs.size(), nullptr);
    for (size_t i = 0; i < inputs.size(); ++i)
      if (!inputs[i].bytes().empty()) HLOCONF_CUDA(cudaMalloc(&program.graph_inputs[i], inputs[i].bytes().size()));
  }
  if (!program.graph_exec) RETURN_IF_ERROR(capture(program, options));
  cudaStream_t stream = nullptr;
  HLOCONF_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  absl::Status status = absl::OkStatus();
  for (size_t i = 0; i < inputs.size() && status.ok(); ++i)
    if (!inputs[i].bytes().empty())
      status = cudaCheck(cudaMemcpyAsync(program.graph_inputs[i], inputs[i].bytes().data(), inputs[i].bytes().size(), cudaMemcpyHostToDevice, stream),
                         "cudaMemcpyAsync (an input)");
  if (status.ok()) status = timed(stream, options, [&] { return cudaCheck(cudaGraphLaunch(program.graph_exec, stream), "cudaGraphLaunch"); });
  absl::StatusOr<std::vector<Tensor>> outputs = absl::InternalError("the graph did not run");
  if (status.ok()) {
    outputs = readBack(stream, plan, program.graph_outputs, [&]() -> absl::Status {
      for (void* p : program.graph_owned) HLOCONF_CUDA(cudaFreeAsync(p, stream));
      return absl::OkStatus();
    });
  } else {
    outputs = status;
  }
  (void)cudaStreamSynchronize(stream);
  (void)cudaStreamDestroy(stream);
  return outputs;
}

}  // namespace

absl::StatusOr<std::vector<Tensor>> run(const Program& program, std::span<const Tensor> inputs, const RunOptions& options) {
  const plan::Plan& plan = program.plan;
  if (inputs.size() != plan.inputs.size())
    return absl::InvalidArgumentError(strCat("the function takes ", plan.inputs.size(), " arguments; the request has ", inputs.size(), " inputs"));
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Type& expected = plan.slot_types[plan.inputs[i]];
    if (inputs[i].type() != expected || static_cast<int64_t>(inputs[i].bytes().size()) != plan::slotBytes(expected))
      return absl::InvalidArgumentError(strCat("input ", i, " is ", inputs[i].type().toString(), "; argument ", i, " of the function is ", expected.toString()));
  }
  for (plan::Slot slot : plan.outputs)
    if (!plan.slot_types[slot].isTensor())
      return absl::InvalidArgumentError(strCat("the function returns a ", plan.slot_types[slot].toString(), ", which has no value to give back"));
  // A graph where the program allows one and no other run of it holds the graph now. A capturable program
  // has no loop, so its one launch ends; the deadline is checked before it.
  Program& shared = const_cast<Program&>(program);
  if (options.deadline && std::chrono::steady_clock::now() > *options.deadline)
    return absl::DeadlineExceededError("the cuda executor ran past the deadline");
  if (program.capturable && graphFromRun() > 0) {
    std::unique_lock<std::mutex> lock(shared.graph_mu, std::try_to_lock);
    if (lock.owns_lock() && !shared.graph_failed && (shared.graph_exec || ++shared.graph_runs >= graphFromRun())) {
      absl::StatusOr<std::vector<Tensor>> outputs = runAsGraph(shared, inputs, options);
      if (outputs.ok() || outputs.status().code() != absl::StatusCode::kUnimplemented) return outputs;
      shared.graph_failed = true;
      explain(std::string(outputs.status().message()));
    }
  }
  return runStepByStep(program, inputs, options);
}

}  // namespace hloconf::cuda
