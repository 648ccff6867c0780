#include "ir/resource_limits.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <string>

#include "ir/strings.h"

namespace hloconf {
namespace {

std::atomic<uint64_t> configured_limit{0};

// Resident bytes of this process (/proc/self/statm's second field), or 0 when it cannot be read.
uint64_t residentBytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long long size = 0, resident = 0;
  const bool read = std::fscanf(f, "%llu %llu", &size, &resident) == 2;
  std::fclose(f);
  return read ? resident * static_cast<uint64_t>(::sysconf(_SC_PAGESIZE)) : 0;
}

// Allocations below this are not checked against resident memory (reading /proc on every small
// tensor would cost more than the tensor).
constexpr uint64_t kResidentCheckBytes = uint64_t{16} << 20;

}  // namespace

uint64_t defaultMemoryLimit() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  uint64_t limit = pages > 0 && page > 0 ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) / 2 : uint64_t{4} << 30;
  struct rlimit address_space;
  if (::getrlimit(RLIMIT_AS, &address_space) == 0 && address_space.rlim_cur != RLIM_INFINITY)
    limit = std::min<uint64_t>(limit, address_space.rlim_cur / 2);
  return limit;
}

uint64_t memoryLimit() {
  const uint64_t configured = configured_limit.load(std::memory_order_relaxed);
  if (configured) return configured;
  static const uint64_t kDefault = defaultMemoryLimit();
  return kDefault;
}

void setMemoryLimit(uint64_t bytes) { configured_limit.store(bytes, std::memory_order_relaxed); }

namespace {

// What is wrong with allocating `count` items of `item_bytes` bytes (" needs N bytes, limit M ..."), or
// nothing. Messages are made only for a refusal: the check runs for every tensor the evaluator makes.
std::optional<std::string> allocationProblem(uint64_t count, uint64_t item_bytes) {
  const uint64_t limit = memoryLimit();
  uint64_t bytes = 0;
  const bool overflow = __builtin_mul_overflow(count, item_bytes, &bytes);
  if (overflow || bytes > limit)
    return strCat(" needs ", overflow ? strCat(count, " x ", item_bytes) : std::to_string(bytes), " bytes, limit ", limit, " (--memory-limit)");
  if (bytes >= kResidentCheckBytes) {
    const uint64_t resident = residentBytes();
    if (resident > limit - bytes) return strCat(" needs ", bytes, " bytes, limit ", limit, " (--memory-limit), of which ", resident, " are in use");
  }
  return std::nullopt;
}

}  // namespace

absl::Status checkAllocation(std::string_view what, uint64_t count, uint64_t item_bytes) {
  const std::optional<std::string> problem = allocationProblem(count, item_bytes);
  return problem ? absl::ResourceExhaustedError(strCat(what, *problem)) : absl::OkStatus();
}

absl::Status checkTensorAllocation(std::string_view what, const Type& type) {
  uint64_t count = 1;
  for (int64_t d : type.shape())
    if (__builtin_mul_overflow(count, static_cast<uint64_t>(std::max<int64_t>(d, 0)), &count)) count = UINT64_MAX;
  const std::optional<std::string> problem = allocationProblem(count, storageBytes(type.elementType()));
  return problem ? absl::ResourceExhaustedError(strCat(what, " ", type.toString(), *problem)) : absl::OkStatus();
}

absl::Status checkProcessGrid(uint64_t replicas, uint64_t partitions) {
  uint64_t processes = 0;
  if (replicas < 1 || partitions < 1 || __builtin_mul_overflow(replicas, partitions, &processes) || processes > kMaxProcesses) {
    return absl::InvalidArgumentError(strCat("a process grid of ", replicas, " replicas x ", partitions, " partitions: hloconf runs 1 to ",
                                             kMaxProcesses, " processes (one thread each)"));
  }
  return absl::OkStatus();
}

}  // namespace hloconf
