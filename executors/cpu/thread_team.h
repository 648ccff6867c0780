// The executor's thread team: the calling thread and (cores - 1) helper threads that run the parts of one
// split op (a fusion group's tiles, a GEMM's or a convolution's blocks, gather's batches) and stay awake a
// short while after each, so that the next op's parts find them (docs/design/executors.md, "Threads").
//
// Why not oneTBB's pool, which the reference uses: in oneTBB 2021.8 (Debian 12) a worker leaves the arena as
// soon as it finds no work, and rejoining the next parallel_for takes longer than the ops the executor
// splits (0.15 ms for a 256^3 GEMM on two cores). bench/thread_team_bench.cc measures it: with 100 us
// between 0.3 ms jobs of two parts, oneTBB's worker took a part in 0 to 2 jobs of 20, so each job ran at
// one core's speed, in most processes; later oneTBB releases keep workers for 1 ms for this reason
// (oneTBB PR 1352, "task arena worker block time"). OpenMP's teams stay awake (GOMP spins before it
// sleeps) but end every region at a barrier that waits for every thread, so a thread preempted by another
// process stalls the region for a scheduler slice (a 1 ms convolution took 28 to 56 ms on a loaded
// machine). The team takes the good half of each: parts are claimed one by one from a counter, so the
// calling thread runs every part no helper has claimed and waits only for parts a helper is running.
//
// Results never depend on which thread runs a part: each part writes only its own outputs.
#ifndef HLOCONF_EXECUTORS_CPU_THREAD_TEAM_H_
#define HLOCONF_EXECUTORS_CPU_THREAD_TEAM_H_

#include <cstdint>

#include "absl/functional/function_ref.h"

namespace hloconf::cpu {

// Runs part(i) for every i in [0, parts) and returns when all are done; the calling thread takes part
// too. Parts run concurrently on at most teamThreads() threads. A call made while the team is busy (from
// inside a part, from a process grid's other thread, from another harness worker) runs its parts on the
// calling thread alone, in order. `part` must not throw.
void runParts(int64_t parts, absl::FunctionRef<void(int64_t)> part);

// Splits [0, n) into contiguous ranges of at least `min_length` (about eight per thread, so that a thread
// slowed by another process leaves its share to the others) and runs range(begin, end) for each through
// runParts.
void runRanges(int64_t n, int64_t min_length, absl::FunctionRef<void(int64_t begin, int64_t end)> range);

// The threads a split may use, the calling one included: the cores, or fewer where `--threads` set a
// limit (oneTBB's max_allowed_parallelism, which the reference's pool follows as well).
int teamThreads();

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_THREAD_TEAM_H_
