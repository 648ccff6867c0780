// `hloconf parse`: parse files, report each failure on one line, optionally print or round-trip.
#include <cstdio>
#include <string>
#include <vector>

#include "ir/strings.h"
#include "harness/commands.h"
#include "harness/options.h"
#include "ir/parser.h"
#include "ir/printer.h"

namespace hloconf {

const char kParseUsage[] =
    "usage: hloconf parse [options] FILES_OR_FOLDERS...\n\n"
    "Parses StableHLO MLIR text (generic and pretty forms). Folders are searched for *.mlir files.\n"
    "Prints one line per failing file ('path:line:col: error: message'), then 'parsed N/M files'\n"
    "(on stderr with --print, so that stdout carries the printed modules alone).\n"
    "Exit status 0 only when every file parsed (and round-tripped, with --roundtrip).\n\n"
    "options:\n"
    "  --split-input-file  treat '// -----' lines as separators between independent modules\n"
    "  --roundtrip         also print each module in generic form, re-parse it, print it again,\n"
    "                      and require the two printed texts to be identical\n"
    "  --print             print each module in MLIR's generic form to stdout, '// -----' between\n"
    "                      modules, so `mlir-opt --split-input-file` reads the output as printed\n"
    "  -v, --verbose       show the source line and a caret under each error\n";

namespace {

struct ParseOptions {
  bool split = false;
  bool roundtrip = false;
  bool print = false;
  bool verbose = false;
};

// Upstream's separator between independent modules (`--split-input-file`).
constexpr char kModuleSeparator[] = "// -----\n";

// Returns an empty string when the file is fine, else its (first) diagnostic. With --print each module
// goes to stdout, preceded by the separator unless it is the first printed (`printed_any` tracks that
// across files, so the output of several files or chunks is one valid split-input-file stream).
std::string checkFile(const std::string& path, const ParseOptions& options, bool& printed_any) {
  auto text = readFile(path);
  if (!text.ok()) return std::string(text.status().message());
  std::vector<SourceChunk> chunks = options.split ? splitInputFile(*text) : std::vector<SourceChunk>{{0, text->size()}};
  for (const SourceChunk& chunk : chunks) {
    auto module = parseModule(*text, path, chunk);
    if (!module.ok()) return std::string(module.status().message());
    if (!options.print && !options.roundtrip) continue;
    std::string printed = printModule(*module);
    if (options.print) {
      if (printed_any) std::fputs(kModuleSeparator, stdout);
      std::fputs(printed.c_str(), stdout);
      printed_any = true;
    }
    if (!options.roundtrip) continue;
    std::string reprint_path = strCat(path, " (printed generic form)");
    auto reparsed = parseModule(printed, reprint_path);
    if (!reparsed.ok()) return strCat(path, ": error: round trip: the printed form does not parse: ", reparsed.status().message());
    std::string printed_again = printModule(*reparsed);
    if (printed_again != printed) {
      size_t at = 0;
      while (at < printed.size() && at < printed_again.size() && printed[at] == printed_again[at]) ++at;
      return strCat(path, ": error: round trip: printing the re-parsed module gives different text at byte ", at);
    }
  }
  return "";
}

}  // namespace

int runParseCommand(const std::vector<std::string>& args) {
  ParseOptions options;
  std::vector<std::string> sources;
  cli::Options cl("parse");
  CLI::App& app = cl.app();
  app.add_flag("--split-input-file", options.split);
  app.add_flag("--roundtrip", options.roundtrip);
  app.add_flag("--print", options.print);
  app.add_flag("-v,--verbose", options.verbose);
  app.add_option("sources", sources);
  if (std::optional<int> status = cl.parse(args)) return *status;
  if (sources.empty()) return cli::usageError("parse", "no FILE or folder to parse");
  std::vector<std::string> missing;
  std::vector<std::string> files = expandSources(sources, missing);
  // With --print, stdout is the printed modules alone (for an MLIR tool to read); the report goes to stderr.
  FILE* report = options.print ? stderr : stdout;
  for (const std::string& path : missing) std::fprintf(report, "%s: error: no such file or folder\n", path.c_str());
  size_t parsed = 0;
  bool printed_any = false;
  for (const std::string& path : files) {
    std::string diagnostic = checkFile(path, options, printed_any);
    if (diagnostic.empty()) {
      ++parsed;
      continue;
    }
    if (!options.verbose) diagnostic = diagnostic.substr(0, diagnostic.find('\n'));
    std::fprintf(report, "%s\n", diagnostic.c_str());
  }
  size_t total = files.size() + missing.size();
  std::fprintf(report, "parsed %zu/%zu files\n", parsed, total);
  return parsed == total && total > 0 ? 0 : 1;
}

}  // namespace hloconf
