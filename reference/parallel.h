// Parallel evaluation inside one op: independent result elements (elementwise ops, the output elements
// of dot_general, convolution and reductions) computed on one shared thread pool (oneTBB).
//
// Results never depend on the number of threads: each element is computed by the same code from the
// same inputs whichever thread runs it, and writes only its own output slots. Work is split into ranges
// of at least `grain` elements, so small tensors stay on the calling thread.
//
// The pool is process-wide: the harness's case workers (`run -j`), the process grid's threads
// (reference/process.h) and nested ops all draw on the same workers, so `--threads N` bounds the
// evaluator's parallelism as a whole (docs/design/reference.md, "Threads").
#ifndef HLOCONF_REFERENCE_PARALLEL_H_
#define HLOCONF_REFERENCE_PARALLEL_H_

#include <cstdint>
#include <functional>

namespace hloconf::ref {

// Limits the pool to `threads` threads in all (the calling thread included); 0 means every core.
// Set once at start-up (the `--threads` option); later calls replace the limit.
void setEvaluatorThreads(int threads);
// The current limit (every core unless set).
int evaluatorThreads();

// Calls body(begin, end) on disjoint ranges that cover [0, n), possibly concurrently, each range at
// least `grain` long (except the last). Returns when every range is done. Each worker thread has the
// numerics layer initialised (initNumerics) before it runs a range. `body` must not throw.
void parallelFor(int64_t n, int64_t grain, const std::function<void(int64_t begin, int64_t end)>& body);

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_PARALLEL_H_
