// Limits on what a program's sizes can make hloconf allocate or start, so that a hostile or mistaken
// program costs one case (an error that names the limit) instead of the run (docs/security.md,
// "Resource limits and hostile case files").
//
// Every allocation whose size a program decides (a tensor buffer of the reference or the cpu executor,
// a kernel's scratch) is checked here first. What is checked is one allocation against the limit, and,
// for large ones, the process's resident memory plus the allocation: many allocations that are each
// below the limit are caught by the second check, not by accounting for every byte.
#ifndef HLOCONF_IR_RESOURCE_LIMITS_H_
#define HLOCONF_IR_RESOURCE_LIMITS_H_

#include <cstdint>
#include <optional>
#include <string_view>

#include "absl/status/status.h"
#include "ir/type.h"

namespace hloconf {

// The memory limit in bytes: --memory-limit, else defaultMemoryLimit().
uint64_t memoryLimit();
// Sets the limit (0: back to the default). Process-wide; set once at start-up by the commands.
void setMemoryLimit(uint64_t bytes);
// Half of physical memory, or half of the address-space limit (ulimit -v) when that is lower: the rest
// is for the binary, thread stacks and the allocator's own overhead.
uint64_t defaultMemoryLimit();

// OK when `count` items of `item_bytes` bytes each fit: the product (overflow-checked) is at most
// memoryLimit(), and the process's resident memory plus the product is too. Otherwise a
// ResourceExhausted error "<what> needs N bytes, limit M (--memory-limit)".
absl::Status checkAllocation(std::string_view what, uint64_t count, uint64_t item_bytes);
// checkAllocation for the buffer of a static-shaped tensor type (its element count overflow-checked); the
// error reads "<what> <type> needs N bytes, ...".
absl::Status checkTensorAllocation(std::string_view what, const Type& type);

// The largest process grid (num_replicas x num_partitions) that hloconf runs: each process is a thread
// with its own stack and interpreter, and real programs use at most a few thousand devices.
inline constexpr uint64_t kMaxProcesses = 1024;
// OK for a grid of 1 to kMaxProcesses processes (the product computed without overflow); otherwise an
// InvalidArgument error that names the grid and the limit.
absl::Status checkProcessGrid(uint64_t replicas, uint64_t partitions);

}  // namespace hloconf

#endif  // HLOCONF_IR_RESOURCE_LIMITS_H_
