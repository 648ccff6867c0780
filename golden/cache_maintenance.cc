#include "golden/cache_maintenance.h"

#include <algorithm>
#include <fstream>
#include <vector>

#include "golden/reference_version.h"
#include "ir/strings.h"
#include "nlohmann/json.hpp"

namespace hloconf {
namespace {

namespace fs = std::filesystem;

struct Entry {
  fs::path path;
  uint64_t bytes = 0;
  fs::file_time_type used;
};

// Every entry file of the cache (<dir>/<xx>/<key>.json), with its size and time.
absl::StatusOr<std::vector<Entry>> listEntries(const std::string& dir) {
  std::vector<Entry> entries;
  std::error_code ec;
  if (!fs::exists(dir, ec)) return entries;
  if (!fs::is_directory(dir, ec)) return absl::InvalidArgumentError(strCat(dir, " is not a folder"));
  for (const fs::directory_entry& shard : fs::directory_iterator(dir, ec)) {
    if (!shard.is_directory(ec) || shard.path().filename().string().size() != 2) continue;
    for (const fs::directory_entry& file : fs::directory_iterator(shard.path(), ec)) {
      if (!file.is_regular_file(ec) || file.path().extension() != ".json") continue;
      Entry entry{file.path(), file.file_size(ec), file.last_write_time(ec)};
      if (!ec) entries.push_back(std::move(entry));
    }
  }
  if (ec) return absl::InternalError(strCat("cannot read the cache folder ", dir, ": ", ec.message()));
  return entries;
}

// Whether an entry was written by another reference version than this build's (or cannot be read).
bool stale(const fs::path& path) {
  std::ifstream in(path);
  nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  return j.is_discarded() || !j.is_object() || j.value("reference", "") != HLOCONF_REFERENCE_VERSION;
}

}  // namespace

absl::StatusOr<CacheInfo> cacheInfo(const std::string& dir, bool check_versions) {
  absl::StatusOr<std::vector<Entry>> entries = listEntries(dir);
  if (!entries.ok()) return entries.status();
  CacheInfo info;
  for (const Entry& entry : *entries) {
    ++info.entries;
    info.bytes += entry.bytes;
    if (!info.oldest || entry.used < *info.oldest) info.oldest = entry.used;
    if (!info.newest || entry.used > *info.newest) info.newest = entry.used;
    if (check_versions && stale(entry.path)) {
      ++info.stale_entries;
      info.stale_bytes += entry.bytes;
    }
  }
  return info;
}

absl::StatusOr<PruneResult> pruneCache(const std::string& dir, const PruneOptions& options) {
  absl::StatusOr<std::vector<Entry>> listed = listEntries(dir);
  if (!listed.ok()) return listed.status();
  std::vector<Entry>& entries = *listed;
  PruneResult result;
  std::error_code ec;
  auto remove = [&](const Entry& entry) {
    if (fs::remove(entry.path, ec)) {
      ++result.removed_entries;
      result.removed_bytes += entry.bytes;
    }
  };
  // Least recently used first.
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.used < b.used; });
  const fs::file_time_type now = fs::file_time_type::clock::now();
  std::vector<Entry> kept;
  for (const Entry& entry : entries) {
    if ((options.older_than && now - entry.used > *options.older_than) || (options.stale && stale(entry.path))) {
      remove(entry);
    } else {
      kept.push_back(entry);
      result.kept_bytes += entry.bytes;
    }
  }
  size_t first_kept = 0;
  while (options.max_bytes && result.kept_bytes > *options.max_bytes && first_kept < kept.size()) {
    remove(kept[first_kept]);
    result.kept_bytes -= kept[first_kept].bytes;
    ++first_kept;
  }
  result.kept_entries = kept.size() - first_kept;
  return result;
}

}  // namespace hloconf
