// The golden cache stays bounded: `hloconf cache info|prune` (golden/cache_maintenance.h) removes stale
// entries (another reference version), old ones, and the least recently used beyond a size, and a cache hit
// refreshes an entry's time.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "golden/cache_maintenance.h"
#include "tests/harness/run_hloconf.h"
#include "ir/strings.h"

namespace hloconf {
namespace {

namespace fs = std::filesystem;
using test::runHloconf;
using testing::HasSubstr;

fs::path freshDir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / strCat("hloconf-cache-test-", ::getpid(), "-", name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// An entry of `bytes` bytes whose last use was `hours_ago` hours ago; `stale` ones name another reference.
void writeEntry(const fs::path& dir, const std::string& key, size_t bytes, int hours_ago, bool stale) {
  fs::create_directories(dir / key.substr(0, 2));
  const fs::path path = dir / key.substr(0, 2) / (key + ".json");
  std::string text = strCat("{\"reference\": \"", stale ? "0.0.0+old" : "", "\", \"pad\": \"", std::string(bytes, 'x'), "\"}");
  std::ofstream(path) << text;
  fs::last_write_time(path, fs::file_time_type::clock::now() - std::chrono::hours(hours_ago));
}

TEST(GoldenCache, PruneRemovesStaleOldAndLeastRecentlyUsedEntries) {
  const fs::path dir = freshDir("prune");
  writeEntry(dir, "aa01", 1000, 1, /*stale=*/true);
  writeEntry(dir, "aa02", 1000, 24 * 40, false);  // 40 days unused
  writeEntry(dir, "bb03", 1000, 30, false);
  writeEntry(dir, "bb04", 1000, 20, false);
  writeEntry(dir, "cc05", 1000, 10, false);
  absl::StatusOr<CacheInfo> info = cacheInfo(dir.string(), /*check_versions=*/true);
  ASSERT_TRUE(info.ok());
  EXPECT_EQ(info->entries, 5u);
  EXPECT_EQ(info->stale_entries, 5u);  // none names this build's reference version
  PruneOptions options;
  options.stale = false;
  options.older_than = std::chrono::hours(24 * 30);
  options.max_bytes = 2200;  // room for two of the four left (each file is a little over 1000 bytes)
  absl::StatusOr<PruneResult> result = pruneCache(dir.string(), options);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->removed_entries, 3u);  // aa02 (old), then bb03 and bb04 (the least recently used)
  EXPECT_EQ(result->kept_entries, 2u);
  EXPECT_FALSE(fs::exists(dir / "aa" / "aa02.json"));
  EXPECT_FALSE(fs::exists(dir / "bb" / "bb03.json"));
  EXPECT_FALSE(fs::exists(dir / "bb" / "bb04.json"));
  EXPECT_TRUE(fs::exists(dir / "aa" / "aa01.json"));
  EXPECT_TRUE(fs::exists(dir / "cc" / "cc05.json"));
  fs::remove_all(dir);
}

TEST(GoldenCache, CommandPrunesStaleEntriesAndARunRefillsTheCache) {
  const fs::path dir = freshDir("command");
  const std::string cases = strCat(HLOCONF_SOURCE_DIR, "/cases/add");
  auto run = runHloconf(strCat("run -q --cache-dir ", dir.string(), " ", cases));
  ASSERT_EQ(run.status, 0) << run.output;
  auto info = runHloconf(strCat("cache info --versions --cache-dir ", dir.string()));
  EXPECT_EQ(info.status, 0) << info.output;
  EXPECT_THAT(info.output, HasSubstr("stale (another reference version): 0 entries"));
  // A hit refreshes the time of an entry last used hours ago.
  const auto long_ago = fs::file_time_type::clock::now() - std::chrono::hours(5);
  for (const auto& file : fs::recursive_directory_iterator(dir))
    if (file.is_regular_file()) fs::last_write_time(file.path(), long_ago);
  ASSERT_EQ(runHloconf(strCat("run -q --cache-dir ", dir.string(), " ", cases)).status, 0);
  for (const auto& file : fs::recursive_directory_iterator(dir)) {
    if (file.is_regular_file()) {
      EXPECT_GT(fs::last_write_time(file.path()), long_ago + std::chrono::hours(4)) << file.path();
    }
  }
  writeEntry(dir, "ff99", 100, 0, /*stale=*/true);
  auto prune = runHloconf(strCat("cache prune --cache-dir ", dir.string()));
  EXPECT_EQ(prune.status, 0) << prune.output;
  EXPECT_THAT(prune.output, HasSubstr("removed 1 entries"));
  EXPECT_FALSE(fs::exists(dir / "ff" / "ff99.json"));
  EXPECT_EQ(runHloconf("cache prune --max-size 12X").status, 2);
  EXPECT_EQ(runHloconf("cache shrink").status, 2);
  fs::remove_all(dir);
}

TEST(GoldenCache, ARunKeepsTheCacheUnderItsCap) {
  const fs::path dir = freshDir("cap");
  for (int i = 0; i < 20; ++i) writeEntry(dir, strCat("ab", i), 4000, 100 + i, /*stale=*/false);
  const std::string cases = strCat(HLOCONF_SOURCE_DIR, "/cases/add");
  auto run = test::runShell(strCat("HLOCONF_CACHE_MAX_SIZE=40k ", HLOCONF_BINARY, " run -q --cache-dir ", dir.string(), " ", cases, " 2>&1"));
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("removed"));
  absl::StatusOr<CacheInfo> info = cacheInfo(dir.string(), false);
  ASSERT_TRUE(info.ok());
  EXPECT_LE(info->bytes, 40u * 1024);
  EXPECT_GT(info->entries, 0u);  // the run's own entries are the most recently used: they stay
  // The cache is measured at most every 10 minutes (a stamp file): a run right after does not walk it, even
  // over the cap; once the stamp is old, the next run does.
  EXPECT_TRUE(fs::exists(dir / ".size-checked"));
  for (int i = 0; i < 20; ++i) writeEntry(dir, strCat("cd", i), 4000, 100 + i, /*stale=*/false);
  run = test::runShell(strCat("HLOCONF_CACHE_MAX_SIZE=40k ", HLOCONF_BINARY, " run -q --cache-dir ", dir.string(), " ", cases, " 2>&1"));
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, Not(HasSubstr("removed")));
  fs::last_write_time(dir / ".size-checked", fs::file_time_type::clock::now() - std::chrono::hours(1));
  run = test::runShell(strCat("HLOCONF_CACHE_MAX_SIZE=40k ", HLOCONF_BINARY, " run -q --cache-dir ", dir.string(), " ", cases, " 2>&1"));
  EXPECT_THAT(run.output, HasSubstr("removed"));
  info = cacheInfo(dir.string(), false);
  ASSERT_TRUE(info.ok());
  EXPECT_LE(info->bytes, 40u * 1024);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace hloconf
