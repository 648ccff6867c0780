// Keeping the golden cache bounded: what it holds, and pruning by staleness, age and size. An entry is one
// JSON file per case under <dir>/<2 hex digits>/; it is stale when it was written by another reference
// version (no run of this build can use it again). A cache hit refreshes the entry's time, so the oldest
// times are the least recently used entries.
#ifndef HLOCONF_GOLDEN_CACHE_MAINTENANCE_H_
#define HLOCONF_GOLDEN_CACHE_MAINTENANCE_H_

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "absl/status/statusor.h"

namespace hloconf {

struct CacheInfo {
  uint64_t entries = 0, bytes = 0;
  uint64_t stale_entries = 0, stale_bytes = 0;  // counted only when asked (each entry is read)
  std::optional<std::filesystem::file_time_type> oldest, newest;
};

// What `dir` holds; with `check_versions`, also how much of it is stale. A missing folder is empty.
absl::StatusOr<CacheInfo> cacheInfo(const std::string& dir, bool check_versions);

struct PruneOptions {
  bool stale = true;                             // remove entries of other reference versions
  std::optional<std::chrono::hours> older_than;  // remove entries unused for longer
  std::optional<uint64_t> max_bytes;             // then remove the least recently used until under this
};

struct PruneResult {
  uint64_t removed_entries = 0, removed_bytes = 0, kept_entries = 0, kept_bytes = 0;
};

absl::StatusOr<PruneResult> pruneCache(const std::string& dir, const PruneOptions& options);

}  // namespace hloconf

#endif  // HLOCONF_GOLDEN_CACHE_MAINTENANCE_H_
