// The executor's thread team (executors/cpu/thread_team.h): every part runs exactly once whoever calls,
// however the calls nest or overlap, and `--threads` (oneTBB's max_allowed_parallelism) bounds it.
#include "executors/cpu/thread_team.h"

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace hloconf::cpu {
namespace {

TEST(ThreadTeam, EveryPartRunsOnceInEveryJob) {
  for (int64_t parts : {1, 2, 3, 7, 64, 1000}) {
    for (int job = 0; job < 50; ++job) {
      std::vector<std::atomic<int>> runs(static_cast<size_t>(parts));
      runParts(parts, [&](int64_t p) { runs[static_cast<size_t>(p)].fetch_add(1); });
      for (int64_t p = 0; p < parts; ++p) ASSERT_EQ(runs[static_cast<size_t>(p)].load(), 1) << "part " << p << " of " << parts;
    }
  }
  runParts(0, [](int64_t) { FAIL() << "no part to run"; });
}

TEST(ThreadTeam, RangesCoverEachIndexOnce) {
  for (int64_t n : {1, 5, 4096, 100003}) {
    std::vector<std::atomic<int>> seen(static_cast<size_t>(n));
    runRanges(n, 16, [&](int64_t begin, int64_t end) {
      EXPECT_LT(begin, end);
      for (int64_t i = begin; i < end; ++i) seen[static_cast<size_t>(i)].fetch_add(1);
    });
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(seen[static_cast<size_t>(i)].load(), 1) << i << " of " << n;
  }
}

// A helper is woken for the job and takes parts while the caller is busy with its own (on a machine with
// more than one core). Parts that wait for each other would deadlock if the caller ran them all alone, so
// this checks real concurrency with a bounded wait instead (200 ms a job: generous under a loaded CI machine).
TEST(ThreadTeam, AHelperTakesPartsWhileTheCallerWorks) {
  if (teamThreads() < 2) GTEST_SKIP() << "one core: the caller runs every part";
  std::set<std::thread::id> threads;
  std::mutex mutex;
  bool shared = false;
  for (int attempt = 0; attempt < 20 && !shared; ++attempt) {
    std::atomic<int> started{0};
    runParts(2, [&](int64_t) {
      started.fetch_add(1);
      const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
      while (started.load() < 2 && std::chrono::steady_clock::now() < until) {
      }
      std::lock_guard<std::mutex> lock(mutex);
      threads.insert(std::this_thread::get_id());
    });
    shared = threads.size() > 1;
  }
  EXPECT_TRUE(shared) << "in 20 jobs of two parts no helper ran a part beside the caller";
}

// A split inside a part (a GEMM in a tile) and splits from several threads at once (a process grid's
// processes, `run -j`) run their parts on their own threads instead of waiting for the busy team.
TEST(ThreadTeam, NestedAndConcurrentCallsRunEveryPart) {
  std::atomic<int64_t> inner_parts{0};
  runParts(8, [&](int64_t) { runParts(5, [&](int64_t) { inner_parts.fetch_add(1); }); });
  EXPECT_EQ(inner_parts.load(), 40);

  std::atomic<int64_t> total{0};
  std::vector<std::thread> callers;
  for (int t = 0; t < 4; ++t) {
    callers.emplace_back([&] {
      for (int job = 0; job < 200; ++job) runParts(16, [&](int64_t p) { total.fetch_add(p + 1); });
    });
  }
  for (auto& caller : callers) caller.join();
  EXPECT_EQ(total.load(), 4 * 200 * (16 * 17 / 2));
}

TEST(ThreadTeam, ThreadsFollowTheProcessWideLimit) {
  {
    tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
    EXPECT_EQ(teamThreads(), 1);
    const std::thread::id caller = std::this_thread::get_id();
    runParts(64, [&](int64_t) { EXPECT_EQ(std::this_thread::get_id(), caller); });
  }
  EXPECT_GE(teamThreads(), 1);
  EXPECT_LE(teamThreads(), static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

}  // namespace
}  // namespace hloconf::cpu
