#include "executors/cpu/process_grid.h"

#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf::cpu {

ProcessGrid::ProcessGrid(int64_t replicas, int64_t partitions)
    : replicas_(replicas), partitions_(partitions), offers_(static_cast<size_t>(replicas * partitions)) {}

absl::Status ProcessGrid::barrier(std::optional<std::chrono::steady_clock::time_point> deadline) {
  std::unique_lock<std::mutex> lock(mutex_);
  const uint64_t generation = generation_;
  if (++arrived_ == size()) {
    arrived_ = 0;
    ++generation_;
    changed_.notify_all();
    return absl::OkStatus();
  }
  auto released = [&] { return generation_ != generation || ended_ > 0; };
  if (deadline) {
    if (!changed_.wait_until(lock, *deadline, released))
      return absl::DeadlineExceededError("the cpu executor ran past the deadline waiting for the other processes");
  } else {
    changed_.wait(lock, released);
  }
  if (generation_ != generation) return absl::OkStatus();
  return absl::FailedPreconditionError(
      "a process of the grid ended before reaching this collective (the processes do not run the same collectives)");
}

absl::StatusOr<const std::vector<std::vector<const uint8_t*>>*> ProcessGrid::exchange(
    int64_t process, std::vector<const uint8_t*> mine, std::optional<std::chrono::steady_clock::time_point> deadline) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    offers_[static_cast<size_t>(process)] = std::move(mine);
  }
  RETURN_IF_ERROR(barrier(deadline));
  return &offers_;
}

absl::Status ProcessGrid::leave(int64_t, std::optional<std::chrono::steady_clock::time_point> deadline) {
  return barrier(deadline);
}

void ProcessGrid::ended(int64_t) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++ended_;
  changed_.notify_all();
}

}  // namespace hloconf::cpu
