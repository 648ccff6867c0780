#include "reference/process.h"

#include <mpfr.h>

#include <algorithm>
#include <system_error>
#include <thread>

#include "ir/source_location.h"
#include "ir/strings.h"

namespace hloconf::ref {

namespace {

std::string groupKey(const std::vector<int>& group) {
  std::string key;
  for (size_t i = 0; i < group.size(); ++i) strAppend(&key, i ? "," : "", group[i]);
  return key;
}

}  // namespace

ProcessGrid::ProcessGrid(uint32_t num_replicas, uint32_t num_partitions, std::chrono::milliseconds timeout)
    : num_replicas_(num_replicas),
      num_partitions_(num_partitions),
      timeout_(timeout),
      state_(num_replicas * num_partitions, State::kRunning),
      waiting_on_(num_replicas * num_partitions),
      waiting_what_(num_replicas * num_partitions),
      sequence_(num_replicas * num_partitions) {}

std::string ProcessGrid::processName(int id) const {
  return strCat("(", id / static_cast<int>(num_partitions_), ", ", id % static_cast<int>(num_partitions_), ")");
}

bool ProcessGrid::deadlocked() const {
  bool any_waiting = false;
  for (size_t p = 0; p < state_.size(); ++p) {
    if (state_[p] == State::kRunning) return false;
    if (state_[p] == State::kWaiting) {
      any_waiting = true;
      const Check c = waiting_on_[p]();
      if (c.ready || !c.impossible.empty()) return false;  // that process goes on (or fails) by itself
    }
  }
  return any_waiting;
}

absl::Status ProcessGrid::waitFor(std::unique_lock<std::mutex>& lock, int self, std::function<Check()> check, std::string what) {
  const auto deadline = std::chrono::steady_clock::now() + timeout_;
  state_[self] = State::kWaiting;
  waiting_on_[self] = check;
  waiting_what_[self] = what;
  absl::Status result;
  for (;;) {
    const Check c = check();
    if (c.ready) break;
    if (!c.impossible.empty()) {
      result = absl::FailedPreconditionError(c.impossible);
      break;
    }
    if (aborted()) {
      result = absl::AbortedError(strCat("stopped while waiting for ", what, ": another process of the parallel run failed"));
      break;
    }
    if (deadlock_.empty() && deadlocked()) {
      std::string text = "deadlock: every process that has not finished waits, and none can go on:";
      for (size_t p = 0; p < state_.size(); ++p) {
        if (state_[p] == State::kWaiting) strAppend(&text, " process ", processName(static_cast<int>(p)), " waits for ", waiting_what_[p], ";");
      }
      text.pop_back();
      deadlock_ = text;
      changed_.notify_all();
    }
    if (!deadlock_.empty()) {
      result = absl::FailedPreconditionError(deadlock_);
      break;
    }
    if (changed_.wait_until(lock, deadline) == std::cv_status::timeout && !check().ready) {
      result = absl::DeadlineExceededError(strCat("timed out after ", timeout_.count(), " ms waiting for ", what,
                                                  " (EvalOptions::collective_timeout_ms)"));
      break;
    }
  }
  state_[self] = State::kRunning;
  waiting_on_[self] = nullptr;
  waiting_what_[self].clear();
  return result;
}

absl::StatusOr<std::vector<std::vector<RtValue>>> ProcessGrid::exchange(int self, const std::vector<int>& group, std::string_view op_name,
                                                                         std::vector<RtValue> contribution) {
  const auto position = std::find(group.begin(), group.end(), self);
  if (position == group.end()) return absl::InternalError("exchange: the process is not in its group");
  const size_t index = position - group.begin();
  std::unique_lock<std::mutex> lock(mutex_);
  const std::string key = groupKey(group);
  const auto slot_key = std::make_pair(key, sequence_[self][key]++);
  Slot& slot = slots_[slot_key];
  if (slot.group.empty()) {
    slot.op_name = std::string(op_name);
    slot.group = group;
    slot.values.resize(group.size());
    slot.present.assign(group.size(), false);
  }
  if (slot.op_name != op_name && slot.error.empty()) {
    slot.error = strCat("mismatched collectives: process ", processName(self), " reached ", op_name, " where another process of group [", key,
                        "] (flattened ids) reached ", slot.op_name, " (the ", slot_key.second + 1, "th collective of this group)");
  }
  slot.values[index] = std::move(contribution);
  slot.present[index] = true;
  ++slot.arrived;
  changed_.notify_all();
  const std::string what = strCat(op_name, " with process group [", key, "] (flattened ids)");
  absl::Status waited = waitFor(lock, self, [this, &slot, &key]() -> Check {
    if (!slot.error.empty()) return {false, slot.error};
    if (slot.arrived == static_cast<int>(slot.group.size())) return {true, ""};
    for (size_t i = 0; i < slot.group.size(); ++i) {
      if (!slot.present[i] && state_[slot.group[i]] == State::kDone) {
        return {false, strCat("process ", processName(slot.group[i]), " of process group [", key, "] (flattened ids) finished or failed without reaching ",
                              slot.op_name)};
      }
    }
    return {false, ""};
  }, what);
  if (!waited.ok()) return waited;
  std::vector<std::vector<RtValue>> values = slot.values;
  if (++slot.departed == static_cast<int>(slot.group.size())) slots_.erase(slot_key);
  return values;
}

void ProcessGrid::send(int self, int64_t channel, std::vector<RtValue> values) {
  std::lock_guard<std::mutex> lock(mutex_);
  channels_[channel].push_back(std::move(values));
  changed_.notify_all();
}

absl::StatusOr<std::vector<RtValue>> ProcessGrid::recv(int self, int64_t channel) {
  std::unique_lock<std::mutex> lock(mutex_);
  std::deque<std::vector<RtValue>>& queue = channels_[channel];
  absl::Status waited = waitFor(lock, self, [this, &queue, self, channel]() -> Check {
    if (!queue.empty()) return {true, ""};
    for (size_t p = 0; p < state_.size(); ++p) {
      if (static_cast<int>(p) != self && state_[p] != State::kDone) return {false, ""};
    }
    return {false, strCat("channel ", channel, " is empty and every other process has finished (nothing can send on it)")};
  }, strCat("recv on channel ", channel));
  if (!waited.ok()) return waited;
  std::vector<RtValue> values = std::move(queue.front());
  queue.pop_front();
  return values;
}

void ProcessGrid::attachInfeed(std::vector<std::vector<RtValue>> entries, std::vector<std::string> sources) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (size_t i = 0; i < entries.size(); ++i) {
    infeed_.push_back({std::move(entries[i]), i < sources.size() ? std::move(sources[i]) : std::string(), infeed_size_++});
  }
  has_infeed_ = true;
}

absl::StatusOr<ProcessGrid::InfeedEntry> ProcessGrid::popInfeed() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (infeed_.empty()) {
    return absl::OutOfRangeError(strCat("the infeed queue is empty: all ", infeed_size_, " of its entries have been read"));
  }
  InfeedEntry entry = std::move(infeed_.front());
  infeed_.pop_front();
  return entry;
}

void ProcessGrid::finish(int self, const absl::Status& status) {
  std::lock_guard<std::mutex> lock(mutex_);
  state_[self] = State::kDone;
  if (!status.ok()) {
    if (first_any_error_.ok()) first_any_error_ = status;
    if (first_error_.ok() && status.code() != absl::StatusCode::kAborted) first_error_ = status;
    aborted_.store(true, std::memory_order_relaxed);
  }
  changed_.notify_all();
}

absl::Status ProcessGrid::firstError() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return first_error_.ok() ? first_any_error_ : first_error_;
}

ParallelResult runParallel(const Module& module, std::string_view text, ParallelRun run, const EvalOptions& options) {
  ParallelResult out;
  const size_t n = static_cast<size_t>(run.num_replicas) * run.num_partitions;
  if (n == 0 || run.programs.size() != n || run.args.size() != n) {
    out.status = absl::InvalidArgumentError(strCat(moduleLocation(module, text), ": error: a parallel run of ", run.num_replicas, "x",
                                                   run.num_partitions, " processes needs one program and one argument list per process"));
    return out;
  }
  ProcessGrid grid(run.num_replicas, run.num_partitions, std::chrono::milliseconds(options.collective_timeout_ms));
  if (run.has_infeed || !run.infeed.empty()) grid.attachInfeed(std::move(run.infeed), std::move(run.infeed_sources));
  std::vector<absl::StatusOr<std::vector<RtValue>>> results(n, absl::UnknownError("not run"));
  std::vector<std::vector<CheckResult>> checks(n);
  std::vector<std::vector<OutfeedRecord>> outfeeds(n);
  std::vector<std::thread> threads;
  threads.reserve(n);
  absl::Status started;
  for (size_t id = 0; id < n && started.ok(); ++id) {
    // A thread that cannot start (too many threads, no memory for its stack) fails the run cleanly: the
    // processes already started are stopped through the grid and joined.
    try {
      threads.emplace_back([&, id] {
        // MPFR's exponent range is per thread (initNumerics sets it once, in the first thread).
        mpfr_set_emin(mpfr_get_emin_min());
        mpfr_set_emax(mpfr_get_emax_max());
        Interpreter interp(module, text, options);
        interp.setProcess(&grid, static_cast<uint32_t>(id / run.num_partitions), static_cast<uint32_t>(id % run.num_partitions));
        results[id] = interp.callFunction(*run.programs[id], std::move(run.args[id]));
        checks[id] = interp.checks();
        outfeeds[id] = interp.outfeed();
        grid.finish(static_cast<int>(id), results[id].status());
      });
    } catch (const std::system_error& e) {
      started = absl::ResourceExhaustedError(strCat(moduleLocation(module, text), ": error: cannot start the thread of process ", id,
                                                    " of ", n, " of the parallel run: ", e.what()));
      for (size_t rest = id; rest < n; ++rest) grid.finish(static_cast<int>(rest), started);
    }
  }
  for (std::thread& t : threads) t.join();
  if (!started.ok()) {
    out.status = started;
    return out;
  }
  for (size_t id = 0; id < n; ++id) {
    for (CheckResult& c : checks[id]) {
      if (n > 1) c.process = grid.processName(static_cast<int>(id));
      out.checks.push_back(std::move(c));
    }
    for (OutfeedRecord& r : outfeeds[id]) out.outfeed.push_back(std::move(r));
  }
  out.status = grid.firstError();
  if (!out.status.ok()) {
    // Name the process whose failure this is (the message starts with the op's location).
    for (size_t id = 0; id < n; ++id) {
      if (!results[id].ok() && results[id].status() == out.status) {
        out.status = absl::Status(out.status.code(), strCat(std::string(out.status.message()), " (in process ",
                                                            grid.processName(static_cast<int>(id)), " of the parallel run)"));
        break;
      }
    }
    return out;
  }
  for (size_t id = 0; id < n; ++id) out.results.push_back(std::move(*results[id]));
  return out;
}

std::pair<uint32_t, uint32_t> declaredProcessGrid(const Module& module) {
  auto get = [&](std::string_view name) -> uint32_t {
    const Attr* a = module.op ? module.op->attr(name) : nullptr;
    if (!a || (*a)->kind() != Attribute::Kind::kInteger || (*a)->intValue() < 1) return 1;
    // Past uint32 stays past any limit (checkProcessGrid reports it) instead of wrapping to a small grid.
    return static_cast<uint32_t>(std::min<int64_t>((*a)->intValue(), UINT32_MAX));
  };
  return {get("mhlo.num_replicas"), get("mhlo.num_partitions")};
}

}  // namespace hloconf::ref
