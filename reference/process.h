// Processes of the reference evaluator (spec "Parallel execution"): a num_replicas x num_partitions
// process grid, one thread and one Interpreter per process, and the shared state their collectives,
// channels and infeed meet in. docs/design/processes.md has the design (threads, rendezvous, orders,
// deadlock detection and timeouts).
#ifndef HLOCONF_REFERENCE_PROCESS_H_
#define HLOCONF_REFERENCE_PROCESS_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "ir/operation.h"
#include "reference/interpreter.h"
#include "reference/value.h"

namespace hloconf::ref {

// The state the processes of one parallel run share. Processes are named by their flattened id,
// replica_id * num_partitions + partition_id (the spec's flattened_ids numbering).
//
// Every blocking call (exchange, recv) fails instead of hanging: at once when what it waits for can no
// longer happen (a process it needs has finished or failed, or every process that is still running waits
// and none can go on: a deadlock), and otherwise after the grid's timeout.
class ProcessGrid {
 public:
  ProcessGrid(uint32_t num_replicas, uint32_t num_partitions, std::chrono::milliseconds timeout);

  uint32_t numReplicas() const { return num_replicas_; }
  uint32_t numPartitions() const { return num_partitions_; }
  int numProcesses() const { return static_cast<int>(num_replicas_ * num_partitions_); }
  // "(replica, partition)" of a flattened id.
  std::string processName(int id) const;

  // The rendezvous of a collective op. `group` lists the flattened ids of the process group in group
  // order and contains `self`; every member calls this with the same group and op name. Each call
  // returns every member's contribution, in group order. The n-th call of a process with a group meets
  // the n-th call of each other member with that group; members that arrive with different op names
  // all fail ("mismatched collectives").
  absl::StatusOr<std::vector<std::vector<RtValue>>> exchange(int self, const std::vector<int>& group, std::string_view op_name,
                                                             std::vector<RtValue> contribution);

  // Channels (send/recv): a FIFO per channel id. send does not block; recv takes the oldest value list
  // and waits while the channel is empty.
  void send(int self, int64_t channel, std::vector<RtValue> values);
  absl::StatusOr<std::vector<RtValue>> recv(int self, int64_t channel);

  // The infeed: one FIFO shared by every process; each infeed op takes the oldest entry. A grid without
  // an attached infeed makes infeed ops fail with a message that says how to feed them. `sources`
  // (optional, one per entry) names where each entry came from (a file), for messages.
  struct InfeedEntry {
    std::vector<RtValue> values;
    std::string source;  // empty when unnamed
    int64_t index = 0;   // position in the queue, from 0
  };
  void attachInfeed(std::vector<std::vector<RtValue>> entries, std::vector<std::string> sources = {});
  bool hasInfeed() const { return has_infeed_; }
  absl::StatusOr<InfeedEntry> popInfeed();

  // A process has finished (`status` OK) or failed. Processes waiting for it fail at once; after a
  // failure every other process stops at its next op (aborted() turns true).
  void finish(int self, const absl::Status& status);
  bool aborted() const { return aborted_.load(std::memory_order_relaxed); }
  // The first failure that was not itself caused by another process's failure (OK when none).
  absl::Status firstError() const;

  // Held while a process prints (interpreter.print), so outputs of processes do not interleave.
  std::mutex& printMutex() { return print_mutex_; }

 private:
  enum class State : uint8_t { kRunning, kWaiting, kDone };
  struct Check {
    bool ready = false;
    std::string impossible;  // non-empty: can never become ready, and why
  };
  struct Slot {
    std::string op_name;
    std::vector<int> group;
    std::vector<std::vector<RtValue>> values;
    std::vector<bool> present;
    int arrived = 0;
    int departed = 0;
    std::string error;
  };

  // Waits (lock held) until `check` is ready; fails when it cannot become ready, on deadlock, on abort
  // or after the timeout. `what` describes the wait for messages.
  absl::Status waitFor(std::unique_lock<std::mutex>& lock, int self, std::function<Check()> check, std::string what);
  // Whether every process is done or waits on something that is not ready (lock held).
  bool deadlocked() const;

  const uint32_t num_replicas_, num_partitions_;
  const std::chrono::milliseconds timeout_;

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<State> state_;
  std::vector<std::function<Check()>> waiting_on_;
  std::vector<std::string> waiting_what_;
  std::string deadlock_;  // non-empty once a deadlock was found: the description every waiter fails with
  std::vector<std::map<std::string, int64_t>> sequence_;  // per process: calls made per group
  std::map<std::pair<std::string, int64_t>, Slot> slots_;
  std::map<int64_t, std::deque<std::vector<RtValue>>> channels_;
  std::deque<InfeedEntry> infeed_;
  int64_t infeed_size_ = 0;  // entries attached
  bool has_infeed_ = false;
  std::atomic<bool> aborted_{false};
  absl::Status first_error_, first_any_error_;
  std::mutex print_mutex_;
};

// One parallel run: a program (a function of the module) and its arguments per process.
struct ParallelRun {
  uint32_t num_replicas = 1;
  uint32_t num_partitions = 1;
  std::vector<const Operation*> programs;     // one per process, in flattened id order
  std::vector<std::vector<RtValue>> args;     // one list per process
  std::vector<std::vector<RtValue>> infeed;   // the infeed queue, oldest first (absent: infeed fails)
  std::vector<std::string> infeed_sources;    // optional: where each entry came from (for messages)
  bool has_infeed = false;
};

struct ParallelResult {
  absl::Status status;                         // the first failure (its root cause), or OK
  std::vector<std::vector<RtValue>> results;   // per process, in flattened id order (when status is OK)
  std::vector<CheckResult> checks;             // every process's checks, in process order
  std::vector<OutfeedRecord> outfeed;          // every process's outfeed, in process order
};

// Runs each process's program in its own thread with its own Interpreter (EvalOptions are shared;
// options.collective_timeout_ms bounds each wait). Returns when every process has finished.
ParallelResult runParallel(const Module& module, std::string_view text, ParallelRun run, const EvalOptions& options = {});

// The process grid a module declares with its attributes mhlo.num_replicas and mhlo.num_partitions
// (1 for an absent attribute): {num_replicas, num_partitions}.
std::pair<uint32_t, uint32_t> declaredProcessGrid(const Module& module);

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_PROCESS_H_
