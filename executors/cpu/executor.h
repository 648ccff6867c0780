// The CPU executor: a Plan lowered to one kernel per step, chosen once for the step's element types, and
// run on input tensors with the plan's buffer liveness (docs/design/executors.md).
#ifndef HLOCONF_EXECUTORS_CPU_EXECUTOR_H_
#define HLOCONF_EXECUTORS_CPU_EXECUTOR_H_

#include <chrono>
#include <map>
#include <mutex>
#include <cstdint>
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "executors/cpu/buffer.h"
#include "executors/plan/plan.h"
#include "ir/tensor.h"

namespace hloconf::cpu {


class Frame;
struct LoweredStep;

// What a kernel sees: its step (for decoded attributes and slot types), its operands' and results' bytes,
// the number of elements of result 0, and the frame it runs in (to run the step's regions).
struct KernelArgs {
  const plan::Step& step;
  const LoweredStep& lowered;
  Frame& frame;
  std::span<const uint8_t* const> operands;
  std::span<uint8_t* const> results;
  int64_t num_elements;

  const Type& operandType(size_t i) const;
  const Type& resultType(size_t i) const;
  uint8_t* result() const { return results[0]; }
};
// A kernel fails only for what it finds while running: a deadline passed, a loop's limit, an index the
// spec makes an error.
using Kernel = absl::Status (*)(const KernelArgs& args);

// A run of consecutive tileable steps (KernelChoice::tileable) with results of one element count, run tile
// by tile: each tile goes through every step of the group while it is in cache, and the tiles are spread
// over the cores. A value made and consumed inside the group (`internal`) never exists whole, only as a
// tile-sized scratch buffer.
struct TileGroup {
  size_t begin = 0, end = 0;           // steps [begin, end)
  int64_t elements = 0;                // of every step's result
  std::vector<plan::Slot> internal;    // results whose every reader is in the group (and not region outputs)
  std::vector<plan::Slot> last_uses;   // the group's steps' last uses, without the internal slots
};

// The kernels of one region of a plan, step by step.
struct LoweredRegion {
  std::vector<LoweredStep> steps;
  std::vector<TileGroup> groups;
};
struct LoweredStep {
  Kernel kernel = nullptr;
  // Operand slot whose buffer (dying at this step, of the result's byte size) the result is written into,
  // or -1. Only elementwise kernels, which read element i of every operand before writing element i.
  plan::Slot in_place = -1;
  std::vector<LoweredRegion> regions;  // one per region of the step
  bool tileable = false;               // KernelChoice::tileable
  int32_t group = -1;                  // the TileGroup this step belongs to, or -1
};

// A buffer of `bytes` bytes (zeroed), at least one byte of capacity; large ones on transparent huge pages.
Buffer newBuffer(size_t bytes);

// Free buffers kept between runs of a program (with RunOptions::keep_buffers, a run's buffers go back here
// when it ends), so that a program run again reuses memory that is already mapped instead of faulting
// fresh pages in.
class BufferPool {
 public:
  BufferPool() = default;
  BufferPool(BufferPool&&) noexcept {}
  BufferPool& operator=(BufferPool&&) noexcept { return *this; }
  // Moves every free buffer into `into`.
  void take(std::multimap<size_t, Buffer>& into);
  void put(std::multimap<size_t, Buffer>&& buffers);

 private:
  std::mutex mutex_;
  std::multimap<size_t, Buffer> free_;  // by capacity
};

struct Program {
  plan::Plan plan;
  LoweredRegion body;
  mutable BufferPool buffers;
};

// Binds each step of `plan` (regions included) to a kernel, or the first step whose element types have
// none as Unsupported (naming the op and the types).
std::variant<Program, plan::Unsupported> lower(plan::Plan plan);

class ProcessGrid;

struct RunOptions {
  // When set, a run past it stops with DeadlineExceeded (checked between steps and in every loop).
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // In a parallel run (runGrid): the grid and this process's id (replica * num_partitions + partition).
  ProcessGrid* grid = nullptr;
  int64_t process = 0;
  // Whether the run's buffers stay with the program for its next run (a program run many times: exec
  // --repeat, benchmarks); otherwise they are freed when the run ends.
  bool keep_buffers = false;
  // The infeed queue of a run that is not on a grid (a grid holds its own); null for none.
  const std::vector<std::vector<Tensor>>* infeed = nullptr;
};

// Runs `program` on `inputs` (one per function argument, of exactly the argument's type). A wrong
// input count or type is an InvalidArgument error.
absl::StatusOr<std::vector<Tensor>> run(const Program& program, std::span<const Tensor> inputs,
                                        const RunOptions& options = {});

// Runs `program` on a num_replicas x num_partitions process grid, one thread per process, each process on
// the same `inputs`. Returns each process's outputs, by process id (replica-major). The first process
// that fails gives the error.
absl::StatusOr<std::vector<std::vector<Tensor>>> runGrid(const Program& program, std::span<const Tensor> inputs,
                                                         int64_t replicas, int64_t partitions, const RunOptions& options = {});

// The most processes a parallel run may have (one thread each).
inline constexpr int64_t kMaxProcesses = 256;

// The state of one run: a buffer per slot. Kernels of ops with regions run them through it.
class Frame {
 public:
  Frame(const Program& program, const RunOptions& options);
  ~Frame();
  Frame(const Frame&) = delete;
  Frame& operator=(const Frame&) = delete;

  // Slot `slot` reads `bytes`, which the caller keeps alive and unchanged for the run (the inputs).
  void borrow(plan::Slot slot, const uint8_t* bytes);
  // The bytes of slot `slot`'s value.
  const uint8_t* data(plan::Slot slot) const;
  // Whether slot `slot` reads bytes it does not own (borrow()).
  bool borrowed(plan::Slot slot) const;

  const plan::Plan& plan() const { return program_.plan; }
  // Runs `region` (step.regions[i] with its lowered[i]) on `inputs` (one per region input, each of the
  // input slot's byte size) and returns its outputs' bytes, valid until the region runs again.
  absl::StatusOr<std::vector<const uint8_t*>> runRegion(const plan::Region& region, const LoweredRegion& lowered,
                                                        std::span<const uint8_t* const> inputs);
  absl::Status runSteps(const plan::Region& region, const LoweredRegion& lowered);
  // DeadlineExceeded once the run's deadline has passed.
  absl::Status checkDeadline() const;
  // The step's shape operands computed at run time hold what its plan assumed (plan::ShapeCheck).
  absl::Status checkShapeOperands(const plan::Step& step) const;
  const RunOptions& options() const { return options_; }
  std::vector<Buffer>& slots() { return slots_; }

  // A buffer of `bytes` bytes (contents undefined), from the frame's free buffers when one fits.
  Buffer takeBuffer(size_t bytes);
  // Gives a buffer no slot needs any more back to the frame's free buffers.
  void giveBuffer(Buffer&& buffer);

 private:
  absl::Status runGroup(const plan::Region& region, const LoweredRegion& lowered, const TileGroup& group);

  const Program& program_;
  RunOptions options_;
  std::vector<Buffer> slots_;
  std::vector<const uint8_t*> borrowed_;  // per slot: bytes read in place (an input), or null
  std::multimap<size_t, Buffer> free_;    // by capacity
  size_t free_bytes_ = 0;
  bool took_program_buffers_ = false;
};

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_EXECUTOR_H_
