#include "executors/cpu/thread_team.h"

#include <pthread.h>
#include <sched.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace hloconf::cpu {
namespace {

// How long a helper keeps watching for the next job before it sleeps: ops of a program follow each other
// within microseconds, so the helper is there for the next op's parts. Waking a sleeping helper is cheap
// on bare metal (5 to 10 us) but not on a virtual machine whose idle core the host has descheduled: here
// (KVM, two vCPUs) the first wake-ups after a quiet spell took over 150 us, longer than the parts they
// were woken for. 1 ms is what later oneTBB releases chose for the same reason (oneTBB PR 1352); it costs
// at most 1 ms of a core after the last op.
constexpr auto kStayAwake = std::chrono::milliseconds(1);

void relax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}

// A helper that wakes on the CPU where the caller is running moves to another one. The kernel tends to
// place a woken thread on its waker's CPU (and a new thread starts on its creator's), and there the helper
// waits for the caller, which is busy with its own part, while the other core idles: a job of two 150 us
// parts then took 615 us instead of 150 (bench/thread_team_bench.cc; the load balancer fixes it only
// milliseconds later). Excluding the caller's CPU from the helper's affinity for one call migrates it at
// once; the full set is restored right after, so the helper stays wherever the kernel put it.
void leaveCallersCpu(int caller_cpu) {
#ifdef __linux__
  if (caller_cpu < 0 || sched_getcpu() != caller_cpu) return;
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0) return;
  cpu_set_t elsewhere = allowed;
  CPU_CLR(caller_cpu, &elsewhere);
  if (CPU_COUNT(&elsewhere) == 0) return;
  if (sched_setaffinity(0, sizeof(elsewhere), &elsewhere) == 0) sched_setaffinity(0, sizeof(allowed), &allowed);
#else
  (void)caller_cpu;
#endif
}

int currentCpu() {
#ifdef __linux__
  return sched_getcpu();
#else
  return -1;
#endif
}

// True on a team's helper threads and on a caller while its job runs: a split op inside a part (a GEMM in
// a fusion group's tile) runs its parts on that thread.
thread_local bool inside_team = false;
// A child forked by a process that had helpers has none of them (fork copies the calling thread only);
// it runs every split on its one thread rather than wait for helpers that do not exist.
std::atomic<bool> forked_child{false};

size_t cores() {
  static const size_t count = std::max(1u, std::thread::hardware_concurrency());
  return count;
}

class Team {
 public:
  explicit Team(int helpers) {
    for (int i = 0; i < helpers; ++i) startHelper(i);
  }

  // Runs the job on the team, or returns false without running anything when the team is running another.
  bool tryRun(int64_t parts, absl::FunctionRef<void(int64_t)> part, int threads) {
    std::unique_lock<std::mutex> busy(busy_, std::try_to_lock);
    if (!busy.owns_lock()) return false;
    inside_team = true;
    part_.store(&part);
    parts_.store(parts);
    done_.store(0);
    allowed_helpers_.store(threads - 1);
    caller_cpu_.store(currentCpu());
    const uint64_t generation = (claims_.load() >> 32) + 1;
    claims_.store(generation << 32);  // publishes the job: part 0 is the next to claim
    if (sleepers_.load() > 0) {
      std::lock_guard<std::mutex> lock(sleep_mutex_);
      wake_.notify_all();
    }
    int64_t mine = 0;
    for (int64_t p; (p = claim(generation)) >= 0; ++mine) part(p);
    done_.fetch_add(mine);
    // Only parts a helper claimed and is running remain. Spin a little (a helper on another core finishes
    // about when the caller does), then yield, so that a helper sharing this CPU (preempted, or not yet
    // moved) gets it.
    const auto yield_after = std::chrono::steady_clock::now() + std::chrono::microseconds(20);
    for (int spins = 0; done_.load() != parts; ++spins) {
      if ((spins & 63) != 63 || std::chrono::steady_clock::now() < yield_after) relax();
      else std::this_thread::yield();
    }
    inside_team = false;
    return true;
  }

 private:
  // The next unclaimed part of job `generation`, or -1 when every part is claimed or a newer job replaced
  // it. The generation and the next part share one word, so a helper late for a finished job can never
  // claim a part of the next one.
  int64_t claim(uint64_t generation) {
    uint64_t word = claims_.load();
    for (;;) {
      if ((word >> 32) != generation) return -1;
      const int64_t next = static_cast<int64_t>(word & 0xffffffffu);
      // parts_ belongs to `generation`: a newer job is published only after this one's parts are all
      // claimed, and then the compare-exchange below fails.
      if (next >= parts_.load()) return -1;
      if (claims_.compare_exchange_weak(word, word + 1)) return next;
    }
  }

  uint64_t waitForJobAfter(uint64_t seen) {
    const auto until = std::chrono::steady_clock::now() + kStayAwake;
    for (int spins = 0;; ++spins) {
      const uint64_t generation = claims_.load() >> 32;
      if (generation != seen) return generation;
      relax();
      if ((spins & 255) == 255 && std::chrono::steady_clock::now() > until) break;  // a clock read costs more than a pause
    }
    sleepers_.fetch_add(1);
    std::unique_lock<std::mutex> lock(sleep_mutex_);
    wake_.wait(lock, [&] { return (claims_.load() >> 32) != seen; });
    sleepers_.fetch_sub(1);
    return claims_.load() >> 32;
  }

  // A new thread starts on its creator's CPU, where it would wait behind the caller's first parts; each
  // helper starts elsewhere (see leaveCallersCpu) and then may run anywhere.
  void startHelper(int index) {
#ifdef __linux__
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof(allowed), &allowed) == 0) {
      cpu_set_t elsewhere = allowed;
      const int creator_cpu = currentCpu();
      if (creator_cpu >= 0) CPU_CLR(creator_cpu, &elsewhere);
      pthread_attr_t attributes;
      pthread_attr_init(&attributes);
      pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
      if (CPU_COUNT(&elsewhere) > 0) pthread_attr_setaffinity_np(&attributes, sizeof(elsewhere), &elsewhere);
      auto* start = new HelperStart{this, index, allowed};
      pthread_t thread;
      const int created = pthread_create(&thread, &attributes, &Team::helperMain, start);
      pthread_attr_destroy(&attributes);
      if (created == 0) return;
      delete start;  // no thread: the caller runs every part itself
      return;
    }
#endif
    std::thread([this, index] { helperLoop(index); }).detach();
  }

#ifdef __linux__
  struct HelperStart {
    Team* team;
    int index;
    cpu_set_t allowed;
  };
  static void* helperMain(void* argument) {
    const HelperStart start = *static_cast<HelperStart*>(argument);
    delete static_cast<HelperStart*>(argument);
    sched_setaffinity(0, sizeof(start.allowed), &start.allowed);
    start.team->helperLoop(start.index);
    return nullptr;
  }
#endif

  void helperLoop(int index) {
    inside_team = true;
    for (uint64_t seen = 0;;) {
      const uint64_t generation = waitForJobAfter(seen);
      seen = generation;
      if (index >= allowed_helpers_.load()) continue;
      leaveCallersCpu(caller_cpu_.load());
      int64_t mine = 0;
      for (int64_t p; (p = claim(generation)) >= 0; ++mine) (*part_.load())(p);
      if (mine > 0) done_.fetch_add(mine);
    }
  }

  std::mutex busy_;                        // held by the caller whose job the team runs
  std::atomic<uint64_t> claims_{0};        // generation << 32 | next unclaimed part
  std::atomic<int64_t> parts_{0};
  std::atomic<int64_t> done_{0};
  std::atomic<int> allowed_helpers_{0};    // helpers with a lower index take part (`--threads`)
  std::atomic<int> caller_cpu_{-1};        // where the caller was when it published the job
  std::atomic<const absl::FunctionRef<void(int64_t)>*> part_{nullptr};
  std::mutex sleep_mutex_;
  std::condition_variable wake_;
  std::atomic<int> sleepers_{0};
};

Team& team() {
  // Never destroyed: its helpers sleep until the process exits.
  static Team* const instance = [] {
    pthread_atfork(nullptr, nullptr, [] { forked_child.store(true); });
    return new Team(static_cast<int>(cores()) - 1);
  }();
  return *instance;
}

}  // namespace

int teamThreads() {
  const size_t limit = tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
  return static_cast<int>(std::max<size_t>(1, std::min(cores(), limit)));
}

void runParts(int64_t parts, absl::FunctionRef<void(int64_t)> part) {
  if (parts <= 0) return;
  const int threads = teamThreads();
  // Part indices share a word with the job's generation (Team::claim), hence the 2^32 bound.
  const bool alone = parts == 1 || threads == 1 || inside_team || forked_child.load() || parts >= (int64_t{1} << 32);
  if (!alone && team().tryRun(parts, part, threads)) return;
  for (int64_t p = 0; p < parts; ++p) part(p);
}

void runRanges(int64_t n, int64_t min_length, absl::FunctionRef<void(int64_t begin, int64_t end)> range) {
  if (n <= 0) return;
  const int64_t parts = std::clamp<int64_t>(n / std::max<int64_t>(min_length, 1), 1, int64_t{8} * teamThreads());
  runParts(parts, [&](int64_t part) { range(n * part / parts, n * (part + 1) / parts); });
}

}  // namespace hloconf::cpu
