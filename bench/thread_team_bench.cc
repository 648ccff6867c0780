// Why the cpu executor splits its ops on its own thread team (executors/cpu/thread_team.h) and not on
// oneTBB: short jobs of two parts, as the executor's ops are (a 256^3 GEMM is 0.15 ms on two cores), with
// a pause between jobs as between the ops of a program. For each pause the same jobs run on oneTBB's
// parallel_for and on the team, each in fresh processes; printed: the median job time, how many processes
// ran at one core's speed, and the team's median over oneTBB's.
//
//   build/bench/thread_team_bench [JOBS] [PART_US] [PROCESSES]   (defaults: 20 jobs, parts of 150 us, 6 processes)
//
// A job whose second part no other thread took runs at one core's speed: 2 x PART_US.
#include <sys/wait.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include "executors/cpu/thread_team.h"

namespace {

using Clock = std::chrono::steady_clock;

void busyFor(double microseconds) {
  const auto until = Clock::now() + std::chrono::duration<double, std::micro>(microseconds);
  while (Clock::now() < until) {
  }
}

struct Outcome {
  double median_us = 0;
};

template <class Split>
Outcome measure(int jobs, double part_us, double pause_us, Split split) {
  std::vector<double> times;
  Outcome outcome;
  for (int j = 0; j < jobs; ++j) {
    const auto start = Clock::now();
    split([&](int64_t) { busyFor(part_us); });
    times.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
    busyFor(pause_us);  // the caller's own work between two ops
  }
  std::nth_element(times.begin(), times.begin() + jobs / 2, times.end());
  outcome.median_us = times[jobs / 2];
  return outcome;
}

// Runs one measurement in a child process, as `hloconf exec` runs each program in a process of its own:
// a pool's state (which threads are awake, where the kernel put them) carries over between measurements
// in one process, and oneTBB's and the team's threads would compete for the cores.
template <class Measure>
Outcome inChild(Measure measure_in_child) {
  int pipe_ends[2];
  if (pipe(pipe_ends) != 0) std::abort();
  const pid_t child = fork();
  if (child == 0) {
    const Outcome outcome = measure_in_child();
    if (write(pipe_ends[1], &outcome, sizeof(outcome)) != sizeof(outcome)) _exit(1);
    _exit(0);
  }
  Outcome outcome;
  const bool read_all = read(pipe_ends[0], &outcome, sizeof(outcome)) == sizeof(outcome);
  close(pipe_ends[0]);
  close(pipe_ends[1]);
  int status = 0;
  waitpid(child, &status, 0);
  if (!read_all) std::abort();
  return outcome;
}

}  // namespace

int main(int argc, char** argv) {
  const int jobs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
  const double part_us = argc > 2 ? std::atof(argv[2]) : 150;
  const int processes = argc > 3 ? std::max(1, std::atoi(argv[3])) : 6;
  std::printf("%d processes each way, %d jobs a process, 2 parts x %.0f us a job; one core's speed is %.0f us a job\n", processes,
              jobs, part_us, 2 * part_us);
  std::printf("per pause: the median over processes of each process's median job time, and the processes that ran at one core's speed\n");
  std::printf("%9s | %10s %9s | %10s %9s | %s\n", "pause us", "oneTBB us", "1-core", "team us", "1-core", "team / oneTBB");
  for (double pause_us : {0.0, 20.0, 100.0, 300.0, 1000.0, 3000.0}) {
    std::vector<double> tbb_medians, team_medians;
    int tbb_slow = 0, team_slow = 0;
    for (int p = 0; p < processes; ++p) {  // alternately, so that a change in the machine's load hits both
      const Outcome with_tbb = inChild([&] {
        return measure(jobs, part_us, pause_us, [](auto&& part) { tbb::parallel_for(int64_t{0}, int64_t{2}, [&](int64_t i) { part(i); }); });
      });
      const Outcome with_team = inChild([&] {
        return measure(jobs, part_us, pause_us, [](auto&& part) { hloconf::cpu::runParts(2, [&](int64_t i) { part(i); }); });
      });
      tbb_medians.push_back(with_tbb.median_us);
      team_medians.push_back(with_team.median_us);
      tbb_slow += with_tbb.median_us > 1.5 * part_us ? 1 : 0;
      team_slow += with_team.median_us > 1.5 * part_us ? 1 : 0;
    }
    std::sort(tbb_medians.begin(), tbb_medians.end());
    std::sort(team_medians.begin(), team_medians.end());
    const double tbb_median = tbb_medians[processes / 2], team_median = team_medians[processes / 2];
    std::printf("%9.0f | %10.1f %5d/%-3d | %10.1f %5d/%-3d | %.2f\n", pause_us, tbb_median, tbb_slow, processes, team_median, team_slow,
                processes, team_median / tbb_median);
  }
  return 0;
}
