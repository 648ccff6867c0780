// `hloconf golden`: golden test vectors for other tools: program, exact inputs, exact expected outputs.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "absl/strings/str_join.h"
#include "golden/cases.h"
#include "harness/commands.h"
#include "harness/options.h"
#include "golden/golden_writer.h"
#include "harness/runner.h"
#include "ir/strings.h"
#include "nlohmann/json.hpp"
#include "golden/reference_version.h"

namespace hloconf {

const char kGoldenUsage[] =
    "usage: hloconf golden SOURCES... --out DIR [--format mlir|npy] [options]\n\n"
    "Writes, for each case, the program, its inputs and its exact expected outputs (the reference's\n"
    "correctly rounded values) under DIR/<case id>:\n"
    "  --format mlir   DIR/<id>.mlir: a self-checking module in the upstream testdata format (exact\n"
    "                  inputs as hex constants; check.expect_close with max_ulp_difference = 0 for floats,\n"
    "                  expect_eq for integers, expect_almost_eq with the reference's error bound as\n"
    "                  tolerance for sums of products; implementation-defined elements masked); runs\n"
    "                  under `stablehlo-translate --interpret` and `hloconf eval` (default); a file the\n"
    "                  upstream interpreter cannot pass says why in a comment\n"
    "  --format npy    DIR/<id>/program.mlir, input-N.npy, expected-N.npy, error-bound-N.npy and\n"
    "                  manifest.json (types, dtypes, the tolerance rule of --profile, error bounds)\n"
    "DIR/index.json lists every case written: its ID, op, element type, file and description.\n"
    "options:\n"
    "  --profile NAME|FILE   the tolerance rule recorded in npy manifests, and the ULP budget of mlir files'\n"
    "                        check.expect_close (default: default)\n"
    "  --seed S, --count N, --strategies GLOBS, --dtypes GLOBS   for gen: sources, as for `hloconf run`\n"
    "                        (default count 100)\n"
    "  --filter GLOB         only case IDs matching GLOB (repeatable)\n"
    "  --split-input-file    treat '// -----' chunks as separate cases\n"
    "  --cache-dir DIR, --no-cache   as for `hloconf run`\n"
    "Cases with no golden value (an op the reference does not implement) are listed and skipped.\n"
    "Exit status: 0 when every selected case was written, 1 when some were skipped, 2 on usage errors.\n";

int runGoldenCommand(const std::vector<std::string>& args) {
  std::vector<std::string> sources, filters;
  std::string out, format = "mlir", profile_name = "default", cache_dir;
  GenOptions gen;
  bool split = false, no_cache = false;
  cli::Options cl("golden");
  CLI::App& app = cl.app();
  app.add_option("--out", out);
  app.add_option("--format", format)->check(CLI::IsMember({"mlir", "npy"}));
  app.add_option("--profile", profile_name);
  cl.repeatable("--filter", filters);
  app.add_option("--cache-dir", cache_dir);
  app.add_option("--seed", gen.seed)->check(cli::countIn(0, INT64_MAX));
  app.add_option("--count", gen.count)->check(cli::countIn(0, INT64_MAX));
  app.add_option("--strategies", gen.strategies);
  app.add_option("--dtypes", gen.dtypes);
  app.add_flag("--split-input-file", split);
  app.add_flag("--no-cache", no_cache);
  app.add_option("sources", sources);
  if (std::optional<int> status = cl.parse(args)) return *status;
  if (sources.empty()) return cli::usageError("golden", "no SOURCES given (case files, folders, `spec` or gen: suites)");
  if (out.empty()) return cli::usageError("golden", "--out DIR is needed");
  auto profile = reports::loadProfile(profile_name, {profilesDir()});
  if (!profile.ok()) {
    std::fprintf(stderr, "hloconf golden: %s\n", std::string(profile.status().message()).c_str());
    return 2;
  }
  std::vector<std::string> errors;
  std::vector<CaseSource> cases = collectCases(sources, split, errors, gen);
  for (const std::string& e : errors) std::fprintf(stderr, "%s\n", e.c_str());
  if (!errors.empty()) return 2;
  GoldenCache cache;
  if (!no_cache) cache.dir = cache_dir.empty() ? defaultCacheDir() : cache_dir;
  int written = 0, skipped = 0, negative = 0;
  nlohmann::json index = nlohmann::json::array();
  for (const CaseSource& source : cases) {
    bool selected = filters.empty();
    for (const std::string& f : filters) selected = selected || globMatchAny(f, source.id);
    if (!selected) continue;
    PreparedCase prepared = prepareCase(source, cache, 3600);
    if (prepared.negative()) {  // a program the spec forbids has no golden values (docs/verifier.md)
      ++negative;
      std::printf("left out %s: a negative case (expect-invalid: %s)\n", source.id.c_str(), absl::StrJoin(prepared.expect_invalid, ", ").c_str());
      continue;
    }
    // An invalid program: every diagnostic, and no vector.
    for (size_t i = 1; i < prepared.invalid.size(); ++i) std::printf("  %s\n", prepared.invalid[i].c_str());
    absl::Status status = prepared.status;
    std::string path = strCat(out, "/", idToPath(source.id));
    if (status.ok() && format == "mlir") {
      auto text = selfCheckingModule(prepared, {strCat("Case: ", source.id),
                                                strCat("Golden values by hloconf ", HLOCONF_VERSION, ", reference ", HLOCONF_REFERENCE_VERSION,
                                                       ": every expected value is the exact result rounded once to its type."),
                                                strCat("From ", source.path)},
                                       profile->ruleFor(prepared.lowered.op, prepared.lowered.element_type));
      if (text.ok()) {
        path += ".mlir";
        std::error_code ec;
        std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
        std::ofstream f(path, std::ios::trunc);
        f << *text;
        if (!f) status = absl::InternalError(strCat(path, ": error: cannot write"));
      } else {
        status = text.status();
      }
    } else if (status.ok()) {
      status = writeNpyCase(path, source.id, prepared,
                            profile->ruleFor(prepared.lowered.op, prepared.lowered.element_type));
    }
    if (status.ok()) {
      ++written;
      std::error_code ec;
      index.push_back({{"id", source.id},
                       {"op", prepared.lowered.op},
                       {"element_type", prepared.lowered.element_type},
                       {"path", std::filesystem::path(path).lexically_relative(out).generic_string()},
                       {"description", prepared.description}});
    } else {
      ++skipped;
      std::printf("skipped %s: %s\n", source.id.c_str(), std::string(status.message()).c_str());
    }
  }
  {
    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    std::ofstream f(strCat(out, "/index.json"), std::ios::trunc);
    f << nlohmann::json({{"format", format}, {"hloconf_version", HLOCONF_VERSION}, {"reference_version", HLOCONF_REFERENCE_VERSION},
                         {"profile", profile->name}, {"cases", index}})
             .dump(2)
      << "\n";
    if (!f) {
      std::fprintf(stderr, "hloconf golden: %s/index.json: cannot write\n", out.c_str());
      return 2;
    }
  }
  std::printf("golden: %d case(s) written to %s (%s), %d skipped%s\n", written, out.c_str(), format.c_str(), skipped,
              negative ? strCat(", ", negative, " negative case(s) left out").c_str() : "");
  return skipped ? 1 : 0;
}

}  // namespace hloconf
