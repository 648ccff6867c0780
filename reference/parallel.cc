#include "reference/parallel.h"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>

#include <memory>
#include <mutex>

#include "reference/numerics.h"

namespace hloconf::ref {
namespace {

std::mutex control_mutex;
std::unique_ptr<tbb::global_control> control;  // guarded by control_mutex
int thread_limit = 0;                           // 0: every core

}  // namespace

void setEvaluatorThreads(int threads) {
  std::lock_guard<std::mutex> lock(control_mutex);
  control.reset();
  thread_limit = threads > 0 ? threads : 0;
  if (thread_limit > 0) {
    control = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(thread_limit));
  }
}

int evaluatorThreads() {
  std::lock_guard<std::mutex> lock(control_mutex);
  return thread_limit > 0 ? thread_limit : tbb::info::default_concurrency();
}

void parallelFor(int64_t n, int64_t grain, const std::function<void(int64_t begin, int64_t end)>& body) {
  if (n <= 0) return;
  if (grain < 1) grain = 1;
  if (n <= grain) {
    body(0, n);
    return;
  }
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, n, static_cast<size_t>(grain)), [&](const tbb::blocked_range<int64_t>& range) {
    initNumerics();  // MPFR's exponent range is per thread
    body(range.begin(), range.end());
  });
}

}  // namespace hloconf::ref
