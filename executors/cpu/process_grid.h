// The process grid of a parallel run on the cpu executor: num_replicas x num_partitions processes, one
// thread each, running one program. Collectives meet at a rendezvous of the whole grid (every process of
// an SPMD program reaches the same collectives in the same order), where each process leaves pointers to
// its operands and reads the others' before anyone goes on.
#ifndef HLOCONF_EXECUTORS_CPU_PROCESS_GRID_H_
#define HLOCONF_EXECUTORS_CPU_PROCESS_GRID_H_

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "executors/cpu/buffer.h"
#include "ir/tensor.h"

namespace hloconf::cpu {

class ProcessGrid {
 public:
  // `infeed`: the run's infeed queue (entries in order, each the values one stablehlo.infeed takes), shared
  // by the processes; null for none.
  ProcessGrid(int64_t replicas, int64_t partitions, const std::vector<std::vector<Tensor>>* infeed = nullptr);

  int64_t replicas() const { return replicas_; }
  int64_t partitions() const { return partitions_; }
  int64_t size() const { return replicas_ * partitions_; }

  // Process `process` offers `mine` (pointers to its operands) and waits for every process to offer; the
  // result holds each process's offer, by process id, and stays valid until this process calls leave().
  absl::StatusOr<const std::vector<std::vector<const uint8_t*>>*> exchange(
      int64_t process, std::vector<const uint8_t*> mine, std::optional<std::chrono::steady_clock::time_point> deadline);
  // Waits until every process has read the exchange (so the operands it points to may change again).
  absl::Status leave(int64_t process, std::optional<std::chrono::steady_clock::time_point> deadline);
  // Process `process` has ended (finished or failed): a process still waiting at a rendezvous would
  // wait forever, so its wait fails.
  void ended(int64_t process);

  // stablehlo.infeed: the oldest entry of the queue not yet taken by any process.
  absl::StatusOr<const std::vector<Tensor>*> takeInfeed();

  // stablehlo.send: a copy of `values` is queued on `channel` (sends do not wait for their receiver).
  void send(int64_t channel, std::vector<Buffer> values);
  // stablehlo.recv: the oldest message on `channel`, waiting for one; fails when every other process has
  // ended and none is queued, or at the deadline.
  absl::StatusOr<std::vector<Buffer>> receive(int64_t channel,
                                                            std::optional<std::chrono::steady_clock::time_point> deadline);

 private:
  absl::Status barrier(std::optional<std::chrono::steady_clock::time_point> deadline);

  const int64_t replicas_, partitions_;
  std::mutex mutex_;
  std::condition_variable changed_;
  int64_t arrived_ = 0;
  uint64_t generation_ = 0;
  int64_t ended_ = 0;
  std::vector<std::vector<const uint8_t*>> offers_;
  const std::vector<std::vector<Tensor>>* infeed_;
  size_t infeed_taken_ = 0;
  std::map<int64_t, std::deque<std::vector<Buffer>>> channels_;
};

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_PROCESS_GRID_H_
