#include "executors/cpu/process_grid.h"

#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf::cpu {

ProcessGrid::ProcessGrid(int64_t replicas, int64_t partitions, const std::vector<std::vector<Tensor>>* infeed)
    : replicas_(replicas), partitions_(partitions), offers_(static_cast<size_t>(replicas * partitions)), infeed_(infeed) {}

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

absl::StatusOr<const std::vector<Tensor>*> ProcessGrid::takeInfeed() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!infeed_ || infeed_taken_ >= infeed_->size())
    return absl::FailedPreconditionError(strCat("the infeed queue is empty (", infeed_ ? infeed_->size() : 0, " entries, all taken)"));
  return &(*infeed_)[infeed_taken_++];
}

void ProcessGrid::send(int64_t channel, std::vector<Buffer> values) {
  std::lock_guard<std::mutex> lock(mutex_);
  channels_[channel].push_back(std::move(values));
  changed_.notify_all();
}

absl::StatusOr<std::vector<Buffer>> ProcessGrid::receive(
    int64_t channel, std::optional<std::chrono::steady_clock::time_point> deadline) {
  std::unique_lock<std::mutex> lock(mutex_);
  auto ready = [&] { return !channels_[channel].empty() || ended_ >= size() - 1; };
  if (deadline) {
    if (!changed_.wait_until(lock, *deadline, ready))
      return absl::DeadlineExceededError("the cpu executor ran past the deadline waiting in stablehlo.recv");
  } else {
    changed_.wait(lock, ready);
  }
  std::deque<std::vector<Buffer>>& queue = channels_[channel];
  if (queue.empty())
    return absl::FailedPreconditionError(strCat("stablehlo.recv: nothing was sent on channel ", channel,
                                                " and every other process has ended"));
  std::vector<Buffer> message = std::move(queue.front());
  queue.pop_front();
  return message;
}

}  // namespace hloconf::cpu
