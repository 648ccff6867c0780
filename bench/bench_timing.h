// Timing shared by the benchmarks that evaluate a module with and without a fast path: process CPU time
// (which other jobs on the machine inflate less than wall time) and wall time of one call of @main.
#ifndef HLOCONF_BENCH_BENCH_TIMING_H_
#define HLOCONF_BENCH_BENCH_TIMING_H_

#include <time.h>

#include <chrono>
#include <string>
#include <vector>

#include "ir/parser.h"
#include "reference/interpreter.h"

namespace hloconf::bench {

inline double processCpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

struct TimedCall {
  double cpu_s = 0, wall_s = 0;
  absl::StatusOr<std::vector<ref::RtValue>> results;
};

// One call of @main of `module` (parsed from `text`) on `args` through the reference interpreter.
inline TimedCall timedMainCall(const Module& module, const std::string& text, const std::vector<ref::RtValue>& args) {
  TimedCall t;
  const double cpu0 = processCpuSeconds();
  const auto wall0 = std::chrono::steady_clock::now();
  ref::Interpreter interp(module, text);
  t.results = interp.callFunction(*module.findFunction("main"), args);
  t.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  t.cpu_s = processCpuSeconds() - cpu0;
  return t;
}

}  // namespace hloconf::bench

#endif  // HLOCONF_BENCH_BENCH_TIMING_H_
