// `hloconf cache info|prune`: what the golden cache holds, and keeping it bounded (golden/cache_maintenance.h).
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "golden/cache_maintenance.h"
#include "golden/cases.h"
#include "harness/commands.h"
#include "harness/options.h"
#include "ir/byte_size.h"
#include "ir/strings.h"

namespace hloconf {

const char kCacheUsage[] =
    "usage: hloconf cache info [--cache-dir DIR] [--versions]\n"
    "       hloconf cache prune [--cache-dir DIR] [--max-size SIZE] [--older-than DAYS] [--keep-stale]\n\n"
    "The golden cache keeps the reference's results of every case run (one file per case). Entries of\n"
    "another reference version are stale: no run of this build can use them. A cache hit refreshes an\n"
    "entry's time, so the oldest entries are the least recently used.\n\n"
    "  info                 entries, size, oldest and newest use; --versions also counts the stale entries\n"
    "                       (reads every entry)\n"
    "  prune                removes the stale entries (unless --keep-stale), those unused for more than\n"
    "                       --older-than DAYS, then the least recently used until the cache is at most\n"
    "                       --max-size (e.g. 2G, 500M; binary units)\n"
    "  --cache-dir DIR      the cache (default $HLOCONF_CACHE_DIR, $XDG_CACHE_HOME/hloconf/golden or\n"
    "                       ~/.cache/hloconf/golden)\n\n"
    "Exit status: 0 on success, 2 on usage errors or an unreadable cache folder.\n";

namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "hloconf cache: %s\n", message.c_str());
  return 2;
}

std::string megabytes(uint64_t bytes) { return strCat(bytes / (1 << 20), ".", (bytes % (1 << 20)) * 10 / (1 << 20), " MiB"); }

std::string ageOf(std::filesystem::file_time_type when) {
  const auto age = std::chrono::duration_cast<std::chrono::hours>(std::filesystem::file_time_type::clock::now() - when);
  return age.count() < 48 ? strCat(age.count(), " h ago") : strCat(age.count() / 24, " days ago");
}

}  // namespace

int runCacheCommand(const std::vector<std::string>& args) {
  std::string dir = defaultCacheDir();
  bool versions = false, keep_stale = false;
  std::string max_size, older_than_days;
  PruneOptions prune;
  cli::Options cl("cache");
  CLI::App& app = cl.app();
  app.require_subcommand(1);
  for (CLI::App* action : {app.add_subcommand("info"), app.add_subcommand("prune")}) {
    action->set_help_flag();
    action->add_option("--cache-dir", dir);
  }
  app.get_subcommand("info")->add_flag("--versions", versions);
  CLI::App* prune_action = app.get_subcommand("prune");
  prune_action->add_option("--max-size", max_size);
  prune_action->add_option("--older-than", older_than_days)->check(cli::countIn(0, 999999));
  prune_action->add_flag("--keep-stale", keep_stale);
  if (std::optional<int> status = cl.parse(args)) return *status;
  const std::string action = app.got_subcommand("info") ? "info" : "prune";
  if (!max_size.empty()) {
    prune.max_bytes = parseByteSize(max_size);
    if (!prune.max_bytes) return cli::usageError("cache", strCat("--max-size takes a size such as 2G, 500M or 123456, not '", max_size, "'"));
  }
  if (!older_than_days.empty()) prune.older_than = std::chrono::hours(24 * std::stoll(older_than_days));
  if (keep_stale) prune.stale = false;
  if (dir.empty()) return fail("no cache folder: give --cache-dir or set HLOCONF_CACHE_DIR");
  if (action == "info") {
    absl::StatusOr<CacheInfo> info = cacheInfo(dir, versions);
    if (!info.ok()) return fail(std::string(info.status().message()));
    std::printf("cache: %s\nentries: %llu, %s\n", dir.c_str(), static_cast<unsigned long long>(info->entries),
                megabytes(info->bytes).c_str());
    if (info->oldest) std::printf("least recently used: %s; most recently: %s\n", ageOf(*info->oldest).c_str(), ageOf(*info->newest).c_str());
    if (versions)
      std::printf("stale (another reference version): %llu entries, %s\n", static_cast<unsigned long long>(info->stale_entries),
                  megabytes(info->stale_bytes).c_str());
    return 0;
  }
  absl::StatusOr<PruneResult> result = pruneCache(dir, prune);
  if (!result.ok()) return fail(std::string(result.status().message()));
  std::printf("removed %llu entries (%s); kept %llu (%s) in %s\n", static_cast<unsigned long long>(result->removed_entries),
              megabytes(result->removed_bytes).c_str(), static_cast<unsigned long long>(result->kept_entries),
              megabytes(result->kept_bytes).c_str(), dir.c_str());
  return 0;
}

}  // namespace hloconf
