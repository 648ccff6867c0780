#include "harness/cli.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/commands.h"
#include "harness/options.h"
#include "ir/byte_size.h"
#include "ir/nearest_name.h"
#include "ir/resource_limits.h"
#include "ir/strings.h"
#include "reference/parallel.h"

namespace hloconf {
namespace {

constexpr char kVersion[] = HLOCONF_VERSION;

const Command kCommands[] = {
    {"parse", "parse StableHLO files; optionally print or round-trip them", kParseUsage, runParseCommand},
    {"verify", "check programs statically: every op's spec constraints and the module's rules", kVerifyUsage,
     runVerifyCommand},
    {"infer", "print the result types the spec's rules give ops (JSON lines on stdin), for scripts that write programs",
     kInferUsage, runInferCommand},
    {"eval", "evaluate programs with the reference evaluator and run their checks", kEvalUsage, runEvalCommand},
    {"refine", "print a program with its ? dimensions resolved for given arguments", kRefineUsage, runRefineCommand},
    {"run", "run cases against backends, compare with golden values, write reports", kRunUsage, runRunCommand},
    {"golden", "write golden test vectors (program, inputs, exact expected outputs)", kGoldenUsage, runGoldenCommand},
    {"repro", "write a standalone case with a backend's exact inputs and outputs", kReproUsage, runReproCommand},
    {"serve", "serve the reference evaluator or the cpu executor over the backend protocol", kServeUsage, runServeCommand},
    {"gen", "generate random, special-value and near-tie cases for every op", kGenUsage, runGenCommand},
    {"minimize", "shrink a failing case to the smallest case (ideally one op, one element) that still fails",
     kMinimizeUsage, runMinimizeCommand},
    {"merge", "merge the reports of several shards into one", kMergeUsage, runMergeCommand},
    {"diff", "what changed between two runs: new failures, fixed cases, ULP growth (a CI gate)", kDiffUsage, runDiffCommand},
    {"baseline", "check a baseline of known failures against runs: stale entries (cases that pass now)", kBaselineUsage, runBaselineCommand},
    {"cache", "show or prune the golden cache (stale versions, age, a size cap)", kCacheUsage, runCacheCommand},
    {"exec", "run a program on hloconf's own cpu or cuda executor (or the reference), with times", kExecUsage,
     runExecCommand},
};

// Options that every command takes: each sets process-wide state.
struct GlobalOption {
  const char* name;
  const char* needs;  // for the error message: "--threads needs <needs>"
  bool (*apply)(const std::string& value);
};

constexpr GlobalOption kGlobalOptions[] = {
    {"--threads", "a number of threads (0 for every core)",
     [](const std::string& value) {
       if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos || value.size() > 4) return false;
       ref::setEvaluatorThreads(std::stoi(value));
       return true;
     }},
    {"--memory-limit", "a byte count, e.g. 512M or 8G",
     [](const std::string& value) {
       // 0 is a size but no limit (setMemoryLimit would take it for "the default").
       std::optional<uint64_t> bytes = parseByteSize(value);
       if (!bytes || *bytes == 0) return false;
       setMemoryLimit(*bytes);
       return true;
     }},
};

void printHelp(FILE* out) {
  std::fprintf(out,
               "hloconf %s: a StableHLO conformance suite and differential-testing harness\n\n"
               "usage: hloconf <command> [options] [args]\n\ncommands:\n",
               kVersion);
  for (const Command& command : kCommands) std::fprintf(out, "  %-10s %s\n", command.name, command.summary);
  std::fprintf(out, "  %-10s %s\n", "version", "print the version");
  std::fprintf(out,
               "\noptions of every command:\n"
               "  --threads N  threads the reference evaluator and the cpu executor may use inside an op\n"
               "               (default: every core); the reference's results are the same for every N\n"
               "  --memory-limit BYTES\n"
               "               the most one tensor or kernel scratch whose size a program decides may take, and\n"
               "               the most the process may hold when it is allocated (K/M/G/T suffixes; default:\n"
               "               half of physical memory or of ulimit -v): past it, that case is an error\n"
               "               'needs N bytes, limit M' (docs/security.md)\n");
  std::fprintf(out, "\nRun 'hloconf <command> --help' for a command's options.\n");
}

}  // namespace

std::vector<std::string> expandSources(const std::vector<std::string>& sources, std::vector<std::string>& missing) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const std::string& source : sources) {
    std::error_code ec;
    if (fs::is_directory(source, ec)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(source, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec) && it->path().extension() == ".mlir") found.push_back(it->path().string());
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(source, ec)) {
      files.push_back(source);
    } else {
      missing.push_back(source);
    }
  }
  return files;
}

int runCli(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "help")) {
    printHelp(stdout);
    return argc < 2 ? 2 : 0;
  }
  std::string name = argv[1];
  if (name == "version" || name == "--version") {
    std::printf("hloconf %s\n", kVersion);
    return 0;
  }
  std::vector<std::string> args;
  for (int i = 2; i < argc; ++i) {
    // Options of every command (--threads N, --memory-limit BYTES, or NAME=VALUE) are applied, then removed.
    const std::string arg = argv[i];
    const GlobalOption* option = nullptr;
    std::string value;
    for (const GlobalOption& o : kGlobalOptions) {
      if (arg == o.name) {
        option = &o;
        value = i + 1 < argc ? argv[++i] : "";
      } else if (arg.starts_with(std::string(o.name) + "=")) {
        option = &o;
        value = arg.substr(std::strlen(o.name) + 1);
      }
    }
    if (!option) {
      args.push_back(arg);
      continue;
    }
    if (!option->apply(value)) {
      std::fprintf(stderr, "hloconf: %s needs %s, got '%s'\n", option->name, option->needs, value.c_str());
      return 2;
    }
  }
  for (const Command& command : kCommands) {
    if (name != command.name) continue;
    if (std::find(args.begin(), args.end(), "--help") != args.end() ||
        std::find(args.begin(), args.end(), "-h") != args.end()) {
      std::fputs(command.usage, stdout);
      return 0;
    }
    return command.run(args);
  }
  std::vector<std::string> names = {"version"};
  for (const Command& command : kCommands) names.emplace_back(command.name);
  const std::string near = likelyMeant(name, names);
  std::fprintf(stderr, "hloconf: unknown command '%s'%s\nRun 'hloconf --help' for the commands.\n", name.c_str(),
               near.empty() ? "" : ("; did you mean '" + near + "'?").c_str());
  return 2;
}

}  // namespace hloconf
