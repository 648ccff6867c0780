// `hloconf run`: cases x backends, golden values from the reference (cached), comparison under a
// tolerance profile, baseline, sharding, journal and reports. docs/design/harness.md explains the flow.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <new>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "generators/gen.h"
#include "golden/cache_maintenance.h"
#include "golden/cases.h"
#include "golden/reference_version.h"
#include "harness/commands.h"
#include "harness/journal.h"
#include "harness/options.h"
#include "harness/runner.h"
#include "ir/byte_size.h"
#include "ir/element_type.h"
#include "ir/nearest_name.h"
#include "ir/op_schema.h"
#include "ir/strings.h"
#include "reference/numerics.h"
#include "reports/progress.h"
#include "reports/writers.h"

namespace hloconf {

namespace {

// The last resort for an allocation that --memory-limit did not check (it bounds those that depend on a
// program's sizes): std::bad_alloc becomes this, for the one case.
constexpr char kOutOfMemory[] = "out of memory: an allocation failed (--memory-limit bounds the allocations it checks)";
// The golden cache's size cap: $HLOCONF_CACHE_MAX_SIZE (e.g. 2G), else 4 GiB. After a run (at most one check per
// 10 minutes, below), a cache over the cap
// loses its stale entries and then its least recently used ones (`hloconf cache prune` does the same by hand).
void keepCacheBounded(const GoldenCache& cache) {
  if (cache.dir.empty()) return;
  std::optional<uint64_t> cap = uint64_t{4} << 30;
  if (const char* env = std::getenv("HLOCONF_CACHE_MAX_SIZE"); env && *env) cap = parseByteSize(env);
  if (!cap) {
    std::fprintf(stderr, "hloconf run: warning: HLOCONF_CACHE_MAX_SIZE is not a size (such as 2G or 500M); the cache is not pruned\n");
    return;
  }
  // Measuring the cache stats every entry (about 1.4 s for 300k entries, most of a small run's time), so
  // it is measured at most once per kCapCheckInterval, by whichever run ends first after it: the cap may be
  // passed by what the runs of that interval write, until the next check.
  constexpr auto kCapCheckInterval = std::chrono::minutes(10);
  const std::filesystem::path stamp = std::filesystem::path(cache.dir) / ".size-checked";
  std::error_code ec;
  const auto checked = std::filesystem::last_write_time(stamp, ec);
  if (!ec && std::filesystem::file_time_type::clock::now() - checked < kCapCheckInterval) return;
  std::ofstream(stamp, std::ios::trunc) << "the last time hloconf run measured this cache against its size cap\n";
  absl::StatusOr<CacheInfo> info = cacheInfo(cache.dir, /*check_versions=*/false);
  if (!info.ok() || info->bytes <= *cap) return;
  PruneOptions prune;
  prune.max_bytes = *cap;
  if (absl::StatusOr<PruneResult> pruned = pruneCache(cache.dir, prune); pruned.ok() && pruned->removed_entries > 0)
    std::fprintf(stderr, "hloconf run: the golden cache was over %llu MiB: removed %llu stale or least recently used entries\n",
                 static_cast<unsigned long long>(*cap >> 20), static_cast<unsigned long long>(pruned->removed_entries));
}
}  // namespace


const char kRunUsage[] =
    "usage: hloconf run [options] SOURCES...\n\n"
    "Runs cases against backends and compares each result with the reference's golden value.\n"
    "SOURCES are case files, folders (searched for *.mlir), the named suite `spec` (cases/), generated\n"
    "suites `gen:<op>[/<dtype>[/<strategy>]]` or `gen:all` (and single IDs gen/<op>/<dtype>/<strategy>/<seed>/<i>),\n"
    "and exhaustive sweeps `sweep:<op>/<dtype>[/<first>-<last>]` (chunks of 2^16 inputs).\n\n"
    "backends:\n"
    "  --backend NAME        `reference`, `cpu` or `cuda` (built in), or an adapter: adapters/NAME/adapter.json\n"
    "                        (repeatable; default: reference)\n"
    "  --backend-cmd 'CMD'   an external backend started with this command line (repeatable)\n"
    "  --adapters-dir DIR    also look for adapters in DIR\n"
    "selection:\n"
    "  --ops GLOBS           only cases whose op matches (comma-separated globs: 'add,dot_*')\n"
    "  --dtypes GLOBS        only cases whose element type matches ('f32,bf16,complex<*>')\n"
    "  --filter GLOB         only case IDs matching GLOB (repeatable: any; '-GLOB' excludes)\n"
    "  --split-input-file    treat '// -----' chunks of a file as separate cases\n"
    "  --seed S              seed of gen: suites (default 1)\n"
    "  --count N             cases per op, element type and strategy of gen: suites (default 100)\n"
    "  --strategies GLOBS    strategies of gen: suites: uniform, special, log-uniform, near-ties,\n"
    "                        cancellation (default: each op's own list)\n"
    "  --graph-ops OPS       gen:graph programs use only these ops (comma-separated); without it, the\n"
    "                        ops every backend's handshake declares (IDs gen/graph(<ops>)/...)\n"
    "  --shard I/N           run the I-th of N shards (1-based); without it, GTEST_SHARD_INDEX/\n"
    "                        GTEST_TOTAL_SHARDS, TEST_SHARD_INDEX/TEST_TOTAL_SHARDS (Bazel) or\n"
    "                        JOB_COMPLETION_INDEX/HLOCONF_TOTAL_SHARDS (Kubernetes) (0-based)\n"
    "  --rerun-failed DIR    only the cases that were not PASS, IMPL_DEFINED or XFAIL in DIR/results.json\n"
    "  --list                print the IDs of the selected cases, one a line, and exit without running\n"
    "execution:\n"
    "  -j, --jobs N          N cases at a time (each worker has its own backend processes; default 1)\n"
    "  --timeout S           seconds a backend may take per case (default 60): then TIMEOUT; 0: no limit;\n"
    "                        the reference computing a case's golden values gets as long (past it: ERROR,\n"
    "                        rule 'reference timeout', the harness's limit and not the backend's)\n"
    "  --handshake-timeout S seconds an external backend may take to answer its hello (default 120)\n"
    "  --memory-limit BYTES  what one allocation may take (an option of every command: hloconf --help)\n"
    "  --repeat N            run each case N times on each backend (default 1): outputs that are not\n"
    "                        bit-identical between the runs make the case FLAKY\n"
    "  --cache-dir DIR       golden cache (default $HLOCONF_CACHE_DIR, $XDG_CACHE_HOME/hloconf/golden\n"
    "                        or ~/.cache/hloconf/golden); --no-cache: compute every golden; kept under\n"
    "                        $HLOCONF_CACHE_MAX_SIZE (default 4G) after a run, at most every 10 minutes\n"
    "                        (hloconf cache --help)\n"
    "comparison:\n"
    "  --profile NAME|FILE   tolerance profile: strict, default (reports/profiles/) or a JSON file\n"
    "  --baseline FILE       known failures: they become XFAIL (and XPASS if they pass)\n"
    "  --write-baseline FILE write this run's failures as a baseline file\n"
    "output:\n"
    "  --report-dir DIR      write results.json, junit.xml, summary.md, report.html and the journal\n"
    "  --resume              finish the run whose journal is in --report-dir (same options)\n"
    "  -q, --quiet           no progress lines; the summary table only\n"
    "  -v, --verbose         a line per finished case (without it, a pipe or log gets the failures and a\n"
    "                        progress line every 5 s; a terminal, a progress bar with failures above it)\n"
    "  --table full|failing  the summary's per-op table: every row, or (default) the rows with a case\n"
    "                        that did not PASS, the all-PASS rows folded into one line\n"
    "  --durations N         also print the N slowest cases (seconds, ID, backend)\n"
    "gates (CI):\n"
    "  --min-pass N|P%       fail the run (exit 4) unless at least N cases (or P% of them) PASS\n"
    "  --max-unsupported N|P% fail the run (exit 4) when more than N cases (or P%) are UNSUPPORTED\n"
    "  --strict-capabilities a handshake that names an op or element type hloconf does not know is an\n"
    "                        error (default: a warning)\n"
    "  --max-failures N      stop after N failing cases (FAIL, CRASH, TIMEOUT, ERROR, FLAKY); reports\n"
    "                        keep the results so far\n\n"
    "Statuses: PASS FAIL UNSUPPORTED CRASH TIMEOUT ERROR IMPL_DEFINED XFAIL XPASS FLAKY INVALID (the program\n"
    "breaks a spec constraint; it is neither run nor evaluated).\n"
    "Exit status: 0 when only PASS, UNSUPPORTED, IMPL_DEFINED and XFAIL remain; 1 otherwise;\n"
    "2 on usage errors or unreadable sources; 3 when no case ran (none matched the sources and\n"
    "filters, or every case was UNSUPPORTED): the reason is printed; 4 when a gate (--min-pass,\n"
    "--max-unsupported) fails and 1 does not apply; 5 when a backend failed to start 3 times in a row\n"
    "(the run stops there, its message and the end of the backend's stderr printed; reports keep the\n"
    "results so far).\n";

namespace {

// --min-pass / --max-unsupported: a count, or a percentage of the cases that ran.
struct Gate {
  bool set = false;
  bool percent = false;
  double value = 0;
  std::string text;
  // The threshold as a count of `total` cases.
  double count(size_t total) const { return percent ? value * static_cast<double>(total) / 100 : value; }
};

std::optional<Gate> parseGate(const std::string& text) {
  Gate g{true, !text.empty() && text.back() == '%', 0, text};
  std::string number = g.percent ? text.substr(0, text.size() - 1) : text;
  if (number.empty() || number.size() > 12 || number.find_first_not_of("0123456789.") != std::string::npos) return std::nullopt;
  char* end = nullptr;
  g.value = std::strtod(number.c_str(), &end);
  if (*end || (g.percent && g.value > 100) || (!g.percent && number.find('.') != std::string::npos)) return std::nullopt;
  return g;
}

struct RunOptions {
  std::vector<std::string> sources;
  std::vector<std::string> backend_names;
  std::vector<std::string> backend_commands;
  std::vector<std::string> adapter_dirs;
  std::string ops, dtypes;
  std::vector<std::string> filters;
  GenOptions gen;
  bool split = false;
  std::string shard;
  int jobs = 1;
  double timeout = 60;
  double handshake_timeout = 120;
  std::string cache_dir;
  bool no_cache = false;
  std::string profile = "default";
  std::string baseline, write_baseline;
  std::string report_dir;
  bool resume = false;
  bool quiet = false;
  bool verbose = false;
  bool full_table = false;
  Gate min_pass, max_unsupported;
  int64_t max_failures = 0;  // 0: no limit
  bool strict_capabilities = false;
  int repeat = 1;
  bool list = false;
  int durations = 0;
  std::string rerun_failed;  // a report folder: only its cases that did not pass
};

// Whether SOURCES include generated graph cases (gen:graph..., gen:all).
bool runsGraphs(const std::vector<std::string>& sources) {
  for (const std::string& source : sources)
    if (source == "gen:all" || source.rfind("gen:all/", 0) == 0 || source.rfind("gen:graph", 0) == 0) return true;
  return false;
}

// The ops every backend declares in its handshake (full names, comma-separated), from one start of each;
// nullopt when no backend declares a list (the reference, or external ones that declare nothing).
std::optional<std::string> opsEveryBackendDeclares(const std::vector<BackendFactory>& factories) {
  std::optional<std::set<std::string>> common;
  for (const BackendFactory& factory : factories) {
    if (factory.is_reference) continue;
    std::unique_ptr<adapters::Backend> backend = factory.make();
    absl::StatusOr<adapters::BackendInfo> info = backend->start();
    backend->stop();
    if (!info.ok() || info->capabilities.ops.empty()) continue;  // a failed start is reported when the run starts it
    std::set<std::string> ops(info->capabilities.ops.begin(), info->capabilities.ops.end());
    if (!common) {
      common = std::move(ops);
    } else {
      std::set<std::string> both;
      for (const std::string& op : *common)
        if (ops.contains(op)) both.insert(op);
      common = std::move(both);
    }
  }
  if (!common) return std::nullopt;
  std::string joined;
  for (const std::string& op : *common) strAppend(&joined, joined.empty() ? "" : ",", op);
  return joined;
}

// Names in a handshake's capabilities that hloconf does not know, each with the nearest known one. A
// misspelt name ("add" for "stablehlo.add", "float32" for "f32") would otherwise turn every case that
// uses it UNSUPPORTED without a word. Globs are left alone (the capability lists accept them).
std::vector<std::string> unknownCapabilityNames(const adapters::Capabilities& caps) {
  std::vector<std::string> problems;
  auto is_glob = [](const std::string& s) { return s.find_first_of("*?[") != std::string::npos; };
  static const std::vector<std::string> kOps = [] {
    std::vector<std::string> names;
    for (const OpSchema& s : allOps())
      if (!s.name.empty()) names.emplace_back(s.name);
    return names;
  }();
  for (const std::string& op : caps.ops) {
    if (is_glob(op) || lookupOp(op) || lookupOp(canonicalOpName(op))) continue;
    std::string suggestion = lookupOp("stablehlo." + op) ? "stablehlo." + op : nearestName(op, kOps);
    problems.push_back(strCat("unknown op \"", op, "\" (did you mean \"", suggestion, "\"?)"));
  }
  static const std::vector<std::string> kTypes = [] {
    std::vector<std::string> names;
    for (int t = 0; t < kNumElementTypes; ++t)
      if (static_cast<ElementType>(t) != ElementType::kIndex) names.emplace_back(elementTypeName(static_cast<ElementType>(t)));
    return names;
  }();
  for (const std::string& type : caps.element_types) {
    if (is_glob(type) || type.rfind("quant<", 0) == 0 || parseElementTypeName(type)) continue;
    // NumPy and framework spellings: float32 -> f32, int8 -> i8, uint8 -> ui8, bfloat16 -> bf16.
    std::string spelled = type;
    for (auto [from, to] : {std::pair<const char*, const char*>{"bfloat", "bf"}, {"float", "f"}, {"uint", "ui"}, {"int", "i"}})
      if (spelled.rfind(from, 0) == 0) {
        spelled = to + spelled.substr(std::string(from).size());
        break;
      }
    if (spelled == "bool") spelled = "i1";
    if (spelled == "complex64") spelled = "complex<f32>";
    if (spelled == "complex128") spelled = "complex<f64>";
    std::string suggestion = parseElementTypeName(spelled) ? spelled : nearestName(type, kTypes);
    problems.push_back(strCat("unknown element type \"", type, "\" (did you mean \"", suggestion, "\"?)"));
  }
  return problems;
}

bool idSelected(const RunOptions& o, const std::string& id) {
  bool any_include = false, included = false;
  for (const std::string& f : o.filters) {
    if (!f.empty() && f[0] == '-') {
      if (globMatchAny(f.substr(1), id)) return false;
    } else {
      any_include = true;
      included = included || globMatchAny(f, id);
    }
  }
  return !any_include || included;
}

std::string isoNow() {
  std::time_t t = std::time(nullptr);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buffer;
}

int usage(const std::string& message) { return cli::usageError("run", message); }

std::optional<int> parseOptions(const std::vector<std::string>& args, RunOptions& o) {
  cli::Options cl("run");
  CLI::App& app = cl.app();
  cl.repeatable("--backend", o.backend_names);
  cl.repeatable("--backend-cmd", o.backend_commands);
  cl.repeatable("--adapters-dir", o.adapter_dirs);
  app.add_option("--ops", o.ops);
  app.add_option("--dtypes", o.dtypes);
  cl.repeatable("--filter", o.filters);
  app.add_option("--shard", o.shard);
  app.add_option("-j,--jobs", o.jobs)->check(cli::countIn(1, 999));
  cl.seconds("--timeout", o.timeout);
  cl.seconds("--handshake-timeout", o.handshake_timeout);
  app.add_option("--cache-dir", o.cache_dir);
  app.add_option("--profile", o.profile);
  app.add_option("--baseline", o.baseline);
  app.add_option("--write-baseline", o.write_baseline);
  app.add_option("--report-dir", o.report_dir);
  app.add_option("--seed", o.gen.seed)->check(cli::countIn(0, INT64_MAX));
  app.add_option("--count", o.gen.count)->check(cli::countIn(0, INT64_MAX));
  app.add_option("--strategies", o.gen.strategies);
  app.add_option("--graph-ops", o.gen.graph_ops);
  std::string min_pass, max_unsupported, table;
  app.add_option("--min-pass", min_pass);
  app.add_option("--max-unsupported", max_unsupported);
  app.add_option("--max-failures", o.max_failures)->check(cli::countIn(1, 999999999));
  app.add_option("--repeat", o.repeat)->check(cli::countIn(1, 999999));
  app.add_option("--durations", o.durations)->check(cli::countIn(0, 999999));
  app.add_option("--rerun-failed", o.rerun_failed);
  app.add_option("--table", table)->check(CLI::IsMember({"full", "failing"}));
  app.add_flag("--split-input-file", o.split);
  app.add_flag("--no-cache", o.no_cache);
  app.add_flag("--strict-capabilities", o.strict_capabilities);
  app.add_flag("--resume", o.resume);
  app.add_flag("--list", o.list);
  app.add_flag("-q,--quiet", o.quiet);
  app.add_flag("-v,--verbose", o.verbose);
  app.add_option("sources", o.sources);
  if (std::optional<int> status = cl.parse(args)) return status;
  // --ops names ops (or globs): a name no op has selects nothing, so it is an error, with the op meant.
  for (absl::string_view name : absl::StrSplit(o.ops, ',', absl::SkipEmpty())) {
    const std::string op(name.data(), name.size());
    if (op.find_first_of("*?[") != std::string::npos || lookupOp(op) || lookupOp("stablehlo." + op)) continue;
    static const std::vector<std::string> kShortNames = [] {
      std::vector<std::string> names;
      for (const OpSchema& schema : allOps())
        if (!schema.name.empty()) names.emplace_back(std::string_view(schema.name).substr(std::string_view(schema.name).find('.') + 1));
      return names;
    }();
    const std::string meant = likelyMeant(op, kShortNames);
    return usage(strCat("--ops: no op is named '", op, "'", meant.empty() ? "" : strCat(" (did you mean '", meant, "'?)")));
  }
  o.full_table = table == "full";
  for (auto [text, gate, name] : {std::tuple{&min_pass, &o.min_pass, "--min-pass"}, std::tuple{&max_unsupported, &o.max_unsupported, "--max-unsupported"}}) {
    if (text->empty()) continue;
    std::optional<Gate> parsed = parseGate(*text);
    if (!parsed) return usage(strCat(name, " needs a count or a percentage (e.g. ", name, " 10 or ", name, " 95%), got '", *text, "'"));
    *gate = *parsed;
  }
  if (o.sources.empty()) return usage("no SOURCES given (a case file, a folder, or `spec`)");
  if (o.resume && o.report_dir.empty()) return usage("--resume needs --report-dir (the journal lives there)");
  if (o.backend_names.empty() && o.backend_commands.empty()) o.backend_names.push_back("reference");
  return std::nullopt;
}

// Why a run ran no case, or "" when some case ran (a status other than UNSUPPORTED). `collected`: cases
// the sources gave; `selected`: those left after --filter, --ops (by suite op) and --shard.
std::string whyNothingRan(const RunOptions& o, size_t collected, size_t selected,
                          const std::vector<reports::CaseResult>& results, const std::set<std::string>& declared) {
  for (const reports::CaseResult& r : results)
    if (r.status != reports::Status::kUnsupported) return "";
  auto filters = [&] {
    std::vector<std::string> f;
    if (!o.filters.empty()) f.push_back(strCat("--filter '", absl::StrJoin(o.filters, "' --filter '"), "'"));
    if (!o.ops.empty()) f.push_back(strCat("--ops '", o.ops, "'"));
    if (!o.dtypes.empty()) f.push_back(strCat("--dtypes '", o.dtypes, "'"));
    if (!o.shard.empty()) f.push_back(strCat("--shard ", o.shard));
    if (!o.rerun_failed.empty()) f.push_back(strCat("--rerun-failed ", o.rerun_failed));
    return f.empty() ? std::string("the filters") : absl::StrJoin(f, ", ");
  };
  if (collected == 0)
    return strCat("the sources (", absl::StrJoin(o.sources, " "), ") hold no case",
                  o.dtypes.empty() ? "" : strCat(" of element type '", o.dtypes, "'"),
                  "; check the op, element type and strategy names (hloconf gen --help lists them)");
  if (selected == 0 || results.empty())
    return strCat("none of the ", collected, " case(s) of the sources matched ", filters());
  std::string what = strCat("all ", results.size(), " case(s) were UNSUPPORTED");
  if (!declared.empty()) strAppend(&what, "; the handshake declared ", absl::StrJoin(declared, "; "));
  strAppend(&what, "; e.g. ", results.front().id, ": ", results.front().message);
  return what;
}

}  // namespace

int runRunCommand(const std::vector<std::string>& args) {
  RunOptions o;
  if (auto exit = parseOptions(args, o)) return *exit;
  std::string command_line = "hloconf run";
  for (const std::string& a : args) strAppend(&command_line, " ", a);
  auto started = std::chrono::steady_clock::now();
  const std::string started_at = isoNow();

  auto shard = resolveShard(o.shard);
  if (!shard.ok()) return usage(std::string(shard.status().message()));

  std::vector<std::string> profile_dirs = {profilesDir()};
  if (const char* env = std::getenv("HLOCONF_PROFILES_DIR"); env && *env) profile_dirs.insert(profile_dirs.begin(), env);
  auto profile = reports::loadProfile(o.profile, profile_dirs);
  if (!profile.ok()) {
    std::fprintf(stderr, "hloconf run: %s\n", std::string(profile.status().message()).c_str());
    return 2;
  }
  // --rerun-failed: the IDs of the previous report's cases that did not pass (on any backend).
  std::optional<std::set<std::string>> rerun;
  if (!o.rerun_failed.empty()) {
    auto previous = reports::readResultsJson(o.rerun_failed);
    if (!previous.ok()) {
      std::fprintf(stderr, "hloconf run: --rerun-failed: %s\n", std::string(previous.status().message()).c_str());
      return 2;
    }
    rerun.emplace();
    for (const reports::CaseResult& r : previous->second)
      if (r.status != reports::Status::kPass && r.status != reports::Status::kImplDefined && r.status != reports::Status::kXFail)
        rerun->insert(r.id);
  }
  std::optional<Baseline> baseline;
  if (!o.baseline.empty()) {
    auto b = readBaseline(o.baseline);
    if (!b.ok()) {
      std::fprintf(stderr, "hloconf run: %s\n", std::string(b.status().message()).c_str());
      return 2;
    }
    baseline = std::move(*b);
  }

  // The per-run folder for .npy files of external backends.
  std::string work_dir = strCat(std::filesystem::temp_directory_path().string(), "/hloconf-run-", ::getpid());
  // External backends' stderr logs stay with the reports (CRASH and TIMEOUT messages point at them); the
  // work folder with the .npy files goes at the end.
  const std::string log_dir = o.report_dir.empty() ? std::string() : strCat(o.report_dir, "/backend-logs");
  std::vector<std::string> adapter_dirs = o.adapter_dirs;
  for (const std::string& d : defaultAdapterDirs()) adapter_dirs.push_back(d);
  std::vector<BackendFactory> factories;
  for (const std::string& name : o.backend_names) {
    auto f = backendByName(name, adapter_dirs, work_dir, log_dir, o.handshake_timeout);
    if (!f.ok()) {
      std::fprintf(stderr, "hloconf run: %s\n", std::string(f.status().message()).c_str());
      return 2;
    }
    factories.push_back(std::move(*f));
  }
  for (const std::string& cmd : o.backend_commands) {
    auto f = backendFromCommand(cmd, work_dir, log_dir, o.handshake_timeout);
    if (!f.ok()) {
      std::fprintf(stderr, "hloconf run: %s\n", std::string(f.status().message()).c_str());
      return 2;
    }
    factories.push_back(std::move(*f));
  }
  // Repro commands name a profile other than the default (a file by its absolute path).
  if (o.profile != "default") {
    std::error_code ec;
    const bool file = std::filesystem::is_regular_file(o.profile, ec);
    const std::string profile = file ? std::filesystem::absolute(o.profile, ec).lexically_normal().string() : o.profile;
    for (BackendFactory& f : factories) strAppend(&f.repro_flag, " --profile ", shellQuote(profile));
  }

  // gen:graph from what the backends run: without --graph-ops, the ops every backend's handshake declares
  // (a backend that declares none limits nothing), so that graphs are not mostly UNSUPPORTED.
  if (o.gen.graph_ops.empty() && runsGraphs(o.sources)) {
    if (std::optional<std::string> declared = opsEveryBackendDeclares(factories)) {
      o.gen.graph_ops = *declared;
      absl::StatusOr<std::string> variant = gen::graphVariant(*declared);
      if (!variant.ok()) {
        std::fprintf(stderr, "hloconf run: gen:graph: %s; name the ops with --graph-ops\n", std::string(variant.status().message()).c_str());
        return 2;
      }
      if (*variant != "graph")
        std::fprintf(stderr, "hloconf run: gen:graph uses the ops the backends declare: %s\n", variant->c_str());
    }
  }

  std::vector<std::string> source_errors;
  o.gen.dtypes = o.dtypes;
  std::vector<CaseSource> all = collectCases(o.sources, o.split, source_errors, o.gen);
  for (const std::string& e : source_errors) std::fprintf(stderr, "%s\n", e.c_str());
  if (!source_errors.empty()) return 2;
  std::vector<CaseSource> cases;
  for (CaseSource& c : all) {
    if (!inShard(c.id, *shard) || !idSelected(o, c.id)) continue;
    if (!o.ops.empty() && !c.suite_op.empty() && !globMatchAny(o.ops, c.suite_op)) continue;
    if (rerun && !rerun->contains(c.id)) continue;
    cases.push_back(std::move(c));
  }
  // --list: the selected cases, without running (or preparing) any.
  if (o.list) {
    for (const CaseSource& c : cases) std::printf("%s\n", c.id.c_str());
    if (cases.empty()) {
      std::fprintf(stderr, "hloconf run: no case selected: %s (exit status 3)\n", whyNothingRan(o, all.size(), 0, {}, {}).c_str());
      return 3;
    }
    return 0;
  }

  // The journal: finished (id, backend) pairs of an interrupted run are not run again.
  nlohmann::json fingerprint = {{"sources", o.sources},   {"backends", o.backend_names}, {"backend_commands", o.backend_commands},
                                {"profile", o.profile},   {"ops", o.ops},                {"dtypes", o.dtypes},
                                {"filters", o.filters},   {"split", o.split},            {"shard", {shard->index, shard->count}},
                                {"baseline", o.baseline}, {"reference", HLOCONF_REFERENCE_VERSION},
                                {"seed", o.gen.seed},     {"count", o.gen.count},        {"strategies", o.gen.strategies}};
  if (o.repeat != 1) fingerprint["repeat"] = o.repeat;
  if (!o.rerun_failed.empty()) fingerprint["rerun_failed"] = o.rerun_failed;
  std::vector<reports::CaseResult> finished;
  std::vector<nlohmann::json> journaled_backends;  // --resume: what the interrupted run's backends said they were
  std::unique_ptr<Journal> journal;
  if (!o.report_dir.empty()) {
    auto j = Journal::open(o.report_dir, fingerprint, o.resume, finished, &journaled_backends);
    if (!j.ok()) {
      std::fprintf(stderr, "hloconf run: %s\n", std::string(j.status().message()).c_str());
      return 2;
    }
    journal = std::move(*j);
  }
  std::set<std::pair<std::string, std::string>> done;  // (id, backend)
  for (const reports::CaseResult& r : finished) done.insert({r.id, r.backend});

  GoldenCache cache;
  if (!o.no_cache) cache.dir = o.cache_dir.empty() ? defaultCacheDir() : o.cache_dir;

  reports::Progress progress(o.quiet     ? reports::Progress::Mode::kQuiet
                             : o.verbose ? reports::Progress::Mode::kAllLines
                                         : reports::Progress::autoMode());
  // Cases finished before a --resume are not shown again.
  progress.start(std::max<int64_t>(0, static_cast<int64_t>(cases.size() * factories.size()) - static_cast<int64_t>(finished.size())));
  if (!finished.empty()) progress.message(strCat("resuming: ", finished.size(), " case result(s) from ", journal->path()));

  std::mutex results_mutex;
  std::vector<reports::CaseResult> results = finished;
  std::atomic<size_t> next{0};
  std::atomic<bool> journal_failed{false};
  // What each backend's handshake declared, for the message of a run where every case was UNSUPPORTED.
  std::set<std::string> declared;
  std::set<std::string> warned;  // backends whose unknown capability names were reported
  // --max-failures: new failures so far (XFAILs do not count); workers stop taking cases at the limit.
  std::atomic<int64_t> failures{0};
  // A backend that fails to start kStartTriesInARow times in a row (no start succeeding in between, on any
  // worker) stops the run: restarting it for every case only buries the cause under one ERROR per case.
  constexpr int kStartTriesInARow = 3;
  std::unique_ptr<std::atomic<int>[]> start_failures(new std::atomic<int>[factories.size()]);
  for (size_t b = 0; b < factories.size(); ++b) start_failures[b] = 0;
  std::atomic<bool> backend_dead{false};
  std::string dead_backend, dead_reason, dead_message;  // under results_mutex
  // What each backend said it is (its handshake), in the order they first started (under results_mutex);
  // a resumed run starts from the interrupted run's.
  using BackendIdentity = reports::RunInfo::BackendIdentity;
  std::vector<BackendIdentity> journaled;
  for (const nlohmann::json& was : journaled_backends) journaled.push_back(BackendIdentity::fromJson(was));
  std::vector<BackendIdentity> identities = journaled;
  auto worker = [&]() {
    ref::initNumerics();
    // This worker's backend instances, started on first use.
    std::vector<std::unique_ptr<adapters::Backend>> backends(factories.size());
    std::vector<absl::StatusOr<adapters::BackendInfo>> infos(factories.size(), absl::UnknownError("not started"));
    for (size_t index; (o.max_failures == 0 || failures.load() < o.max_failures) && !backend_dead.load() &&
                       (index = next.fetch_add(1)) < cases.size();) {
      const CaseSource& source = cases[index];
      bool needed = false;
      for (const BackendFactory& f : factories) needed = needed || !done.contains({source.id, f.name});
      if (!needed) continue;
      // The golden values get the case's --timeout too: a program that never ends costs that time, once.
      PreparedCase prepared;
      try {
        prepared = prepareCase(source, cache, o.timeout);
      } catch (const std::bad_alloc&) {
        prepared = PreparedCase();
        prepared.status = absl::ResourceExhaustedError(kOutOfMemory);
      }
      if (prepared.status.ok() && !o.ops.empty() && !globMatchAny(o.ops, prepared.lowered.op)) continue;
      if (!o.dtypes.empty() && !globMatchAny(o.dtypes, prepared.lowered.element_type)) continue;
      for (size_t b = 0; b < factories.size(); ++b) {
        if (done.contains({source.id, factories[b].name})) continue;
        reports::CaseResult result;
        double start_seconds = 0;  // when this case (re)started the backend: how long that took
        bool lowerable = prepared.status.ok() || prepared.status.message().rfind("case not lowerable", 0) != 0;
        std::optional<reports::CaseResult> negative_error;
        if (!lowerable && factories[b].is_reference) {
          result = selfCheckResult(source, prepared, o.timeout);
        } else if (!prepared.status.ok()) {
          result = unpreparedResult(source, prepared, factories[b].name);  // INVALID for an invalid program
        } else if (prepared.negative() && (negative_error = negativeCaseError(source, prepared, factories[b].name))) {
          result = std::move(*negative_error);  // our own verifier does not reject it as the case says
        } else {
          if (!backends[b]) {
            backends[b] = factories[b].make();
            const auto start_began = std::chrono::steady_clock::now();
            infos[b] = backends[b]->start();
            // A failed start is charged to the case that waited for it (a hello that never comes costs the
            // whole --handshake-timeout), so its record shows the time, not 0 s.
            start_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_began).count();
            // Only a failed start counts toward stopping the run (not --strict-capabilities below).
            if (infos[b].ok()) start_failures[b] = 0;
            else if (++start_failures[b] >= kStartTriesInARow && !backend_dead.exchange(true)) {
              std::lock_guard<std::mutex> lock(results_mutex);
              dead_backend = factories[b].name;
              dead_reason = strCat("failed to start ", kStartTriesInARow, " times in a row");
              dead_message = std::string(infos[b].status().message());
            }
            if (infos[b].ok()) {
              // Recorded once per backend (reports, journal). A resumed run must talk to the backend the
              // interrupted one had: results of two versions in one report would be neither's.
              const BackendIdentity id{factories[b].name, infos[b]->name, infos[b]->version, factories[b].adapter_json};
              auto was = std::find_if(journaled.begin(), journaled.end(),
                                      [&](const BackendIdentity& j) { return j.name == id.name && !(j == id); });
              std::lock_guard<std::mutex> lock(results_mutex);
              if (was != journaled.end()) {
                infos[b] = absl::FailedPreconditionError(strCat("backend ", id.name, " is ", id.describe(), " now; the interrupted run had ",
                                                                was->describe(), ": start over without --resume"));
                if (!backend_dead.exchange(true)) {
                  dead_backend = id.name;
                  dead_reason = "changed since the interrupted run";
                  dead_message = std::string(infos[b].status().message());
                }
              } else if (std::find(identities.begin(), identities.end(), id) == identities.end()) {
                // (identities starts from the journaled ones: a new one is not in the journal yet.)
                identities.push_back(id);
                if (journal && !journal->appendBackend(id.toJson()).ok()) journal_failed = true;
              }
            }
            if (infos[b].ok()) {
              if (std::vector<std::string> unknown = unknownCapabilityNames(infos[b]->capabilities); !unknown.empty()) {
                std::string what = strCat("the handshake of backend ", factories[b].name, " names ", absl::StrJoin(unknown, ", "));
                {
                  std::lock_guard<std::mutex> lock(results_mutex);
                  if (warned.insert(factories[b].name).second) {
                    std::string line = strCat("hloconf run: ", o.strict_capabilities ? "error: " : "warning: ", what,
                                              o.strict_capabilities ? "" : " (--strict-capabilities makes this an error)");
                    // -q keeps warnings: the quiet progress prints nothing, so write to stderr directly.
                    if (o.quiet) std::fprintf(stderr, "%s\n", line.c_str());
                    else progress.message(line);
                  }
                }
                // --strict-capabilities: the backend counts as not started, so every case is an ERROR with this reason.
                if (o.strict_capabilities) infos[b] = absl::FailedPreconditionError(strCat(what, " (--strict-capabilities)"));
              }
            }
            if (infos[b].ok()) {
              auto list = [](const std::vector<std::string>& names) {
                return names.empty() ? std::string("every one") : absl::StrJoin(names, ", ");
              };
              std::lock_guard<std::mutex> lock(results_mutex);
              declared.insert(strCat(factories[b].name, ": ops: ", list(infos[b]->capabilities.ops),
                                     "; element types: ", list(infos[b]->capabilities.element_types)));
            }
          }
          if (!infos[b].ok()) {
            result = unpreparedResult(source, prepared, factories[b].name);
            result.status = reports::Status::kError;
            result.rule = "backend start";
            result.message = strCat("the backend did not start: ", infos[b].status().message());
            result.seconds = start_seconds;
            backends[b].reset();  // try again on the next case
          } else {
            try {
              result = prepared.negative()
                           ? verifyCaseOnBackend(source, prepared, *backends[b], *infos[b], o.timeout, factories[b].repro_flag)
                           : runCaseOnBackend(source, prepared, *backends[b], *infos[b], *profile, o.timeout, factories[b].repro_flag,
                                              o.repeat);
            } catch (const std::bad_alloc&) {
              // An in-process backend (reference, cpu) ran out of memory: this case's ERROR, not the run's end.
              result = unpreparedResult(source, prepared, factories[b].name);
              result.status = reports::Status::kError;
              result.rule = "harness error";
              result.message = kOutOfMemory;
            }
            result.backend = factories[b].name;
          }
        }
        if (baseline) applyBaseline(*baseline, result);
        if (reports::isFailure(result.status)) ++failures;
        if (journal && !journal->append(result).ok()) journal_failed = true;
        progress.caseFinished(result);
        std::lock_guard<std::mutex> lock(results_mutex);
        results.push_back(std::move(result));
      }
    }
    for (auto& b : backends)
      if (b) b->stop();
  };
  int jobs = std::min<int>(o.jobs, std::max<size_t>(1, cases.size()));
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
  progress.finish();
  std::error_code ec;
  std::filesystem::remove_all(work_dir, ec);

  // Reports list cases in source order, then backend order.
  std::map<std::string, size_t> order;
  for (size_t i = 0; i < all.size(); ++i) order.emplace(all[i].id, i);
  std::map<std::string, size_t> backend_order;
  for (size_t i = 0; i < factories.size(); ++i) backend_order.emplace(factories[i].name, i);
  std::stable_sort(results.begin(), results.end(), [&](const reports::CaseResult& a, const reports::CaseResult& b) {
    return std::make_pair(order[a.id], backend_order[a.backend]) < std::make_pair(order[b.id], backend_order[b.backend]);
  });

  std::printf("%s", reports::consoleSummary(results, ::isatty(STDOUT_FILENO) != 0, o.full_table).c_str());
  if (o.durations > 0 && !results.empty()) {
    std::vector<const reports::CaseResult*> slowest;
    for (const reports::CaseResult& r : results) slowest.push_back(&r);
    std::stable_sort(slowest.begin(), slowest.end(), [](auto* a, auto* b) { return a->seconds > b->seconds; });
    slowest.resize(std::min<size_t>(slowest.size(), static_cast<size_t>(o.durations)));
    std::printf("\nslowest %zu case(s):\n", slowest.size());
    for (const reports::CaseResult* r : slowest)
      std::printf("  %9.3f s  %s (%s)\n", r->seconds, r->id.c_str(), r->backend.c_str());
  }
  if (journal_failed) std::fprintf(stderr, "hloconf run: warning: the journal could not be written; --resume may repeat cases\n");
  if (!o.report_dir.empty()) {
    reports::RunInfo info;
    info.tool_version = HLOCONF_VERSION;
    info.reference_version = HLOCONF_REFERENCE_VERSION;
    info.profile = o.profile;
    info.command_line = command_line;
    info.started_at = started_at;
    info.shard = shard->count > 1 ? strCat(shard->index + 1, "/", shard->count) : "";
    for (const BackendFactory& f : factories) info.backends.push_back(f.name);
    info.backend_identities = identities;
    // A resumed run's time is the whole run's: the earlier sessions' (from the journal) and this one's.
    info.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() +
                        (journal ? journal->earlierSeconds() : 0);
    if (absl::Status s = reports::writeReports(o.report_dir, info, results); !s.ok()) {
      std::fprintf(stderr, "hloconf run: %s\n", std::string(s.message()).c_str());
      return 2;
    }
    std::printf("reports: %s/{results.json,junit.xml,summary.md,report.html}\n", o.report_dir.c_str());
  }
  keepCacheBounded(cache);
  if (!o.write_baseline.empty()) {
    // The entries this run was judged by (or, without --baseline, those of the file being rewritten) keep
    // their extra fields and globs.
    std::optional<Baseline> previous = baseline;
    if (!previous && std::filesystem::exists(o.write_baseline)) {
      auto read = readBaseline(o.write_baseline);
      if (read.ok()) previous = std::move(*read);
    }
    if (absl::Status s = writeBaseline(o.write_baseline, results, previous ? &*previous : nullptr); !s.ok()) {
      std::fprintf(stderr, "hloconf run: %s\n", std::string(s.message()).c_str());
      return 2;
    }
  }
  // Cases of the selection that a stopped run (--max-failures, a backend that cannot start) left out.
  auto notRun = [&] {
    std::set<std::string> ran;
    for (const reports::CaseResult& r : results) ran.insert(r.id);
    return cases.size() - std::min(cases.size(), ran.size());
  };
  if (o.max_failures && failures.load() >= o.max_failures)
    std::fprintf(stderr, "hloconf run: stopped after %lld failing case(s) (--max-failures %lld): %zu of %zu case(s) not run\n",
                 static_cast<long long>(failures.load()), static_cast<long long>(o.max_failures), notRun(), cases.size());
  // A backend that cannot start: its message (with the end of its stderr) where it is read, exit 5.
  if (backend_dead.load()) {
    std::fprintf(stderr, "hloconf run: stopped: backend %s %s; %zu of %zu case(s) not run:\n%s\n", dead_backend.c_str(),
                 dead_reason.c_str(), notRun(), cases.size(), dead_message.c_str());
    std::printf("result: FAILED (exit status 5: backend %s could not start)\n", dead_backend.c_str());
    return 5;
  }
  // A run that tested nothing must not pass a CI gate: exit 3, with the reason.
  if (std::string why = whyNothingRan(o, all.size(), cases.size(), results, declared); !why.empty()) {
    std::fprintf(stderr, "hloconf run: no case ran: %s (exit status 3)\n", why.c_str());
    std::printf("result: FAILED (exit status 3: no case ran)\n");
    return 3;
  }
  bool gate_failed = false;
  size_t passed = 0, unsupported = 0;
  for (const reports::CaseResult& r : results) {
    passed += r.status == reports::Status::kPass;
    unsupported += r.status == reports::Status::kUnsupported;
  }
  if (o.min_pass.set && static_cast<double>(passed) < o.min_pass.count(results.size())) {
    std::fprintf(stderr, "hloconf run: gate failed: %zu of %zu case(s) passed, --min-pass %s needs at least %g\n", passed,
                 results.size(), o.min_pass.text.c_str(), o.min_pass.count(results.size()));
    gate_failed = true;
  }
  if (o.max_unsupported.set && static_cast<double>(unsupported) > o.max_unsupported.count(results.size())) {
    std::fprintf(stderr, "hloconf run: gate failed: %zu of %zu case(s) were UNSUPPORTED, --max-unsupported %s allows %g\n",
                 unsupported, results.size(), o.max_unsupported.text.c_str(), o.max_unsupported.count(results.size()));
    gate_failed = true;
  }
  if (int status = reports::exitStatusFor(results); status != 0) return status;
  if (gate_failed) {
    std::printf("result: FAILED (exit status 4: a gate failed)\n");
    return 4;
  }
  std::printf("result: passed (exit status 0)\n");
  return 0;
}

}  // namespace hloconf
