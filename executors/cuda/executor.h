// The CUDA executor (executors/cuda/README.md): a Plan (executors/plan/plan.h) lowered to one device
// launcher per step, run on one CUDA stream with device buffers from the stream-ordered pool, freed at
// each step's last uses. This header needs no CUDA header: the adapter includes it.
#ifndef HLOCONF_EXECUTORS_CUDA_EXECUTOR_H_
#define HLOCONF_EXECUTORS_CUDA_EXECUTOR_H_

#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "executors/plan/plan.h"
#include "ir/tensor.h"

namespace hloconf::cuda {

struct Program;  // the plan with its lowered steps (executor.cc)

// OK when a CUDA device can run kernels; otherwise Unavailable "no CUDA device: <the CUDA error>".
absl::Status deviceAvailable();

// Binds each step of `plan` (regions included) to a device launcher, or the first step without one as
// Unsupported (naming the op and the element types).
std::variant<std::shared_ptr<const Program>, plan::Unsupported> lower(plan::Plan plan);

struct RunOptions {
  // When set, a run past it stops with DeadlineExceeded (checked between steps and in every loop).
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // When set, receives the device's time for the steps, in seconds: between CUDA events recorded after the
  // inputs' upload and before the results' read-back (what a benchmark compares with XLA's device time).
  double* device_seconds = nullptr;
};

// Runs `program` on `inputs` (one per function argument, of exactly its type): inputs copied to the device
// once, outputs back once. A CUDA or cuBLAS failure is an Internal error naming the call.
absl::StatusOr<std::vector<Tensor>> run(const Program& program, std::span<const Tensor> inputs,
                                        const RunOptions& options = {});

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_EXECUTOR_H_
