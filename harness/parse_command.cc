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
    "Prints one line per failing file ('path:line:col: error: message'), then 'parsed N/M files'.\n"
    "Exit status 0 only when every file parsed (and round-tripped, with --roundtrip).\n\n"
    "options:\n"
    "  --split-input-file  treat '// -----' lines as separators between independent modules\n"
    "  --roundtrip         also print each module in generic form, re-parse it, print it again,\n"
    "                      and require the two printed texts to be identical\n"
    "  --print             print each module in MLIR's generic form to stdout\n"
    "  -v, --verbose       show the source line and a caret under each error\n";

namespace {

struct ParseOptions {
  bool split = false;
  bool roundtrip = false;
  bool print = false;
  bool verbose = false;
};

// Returns an empty string when the file is fine, else its (first) diagnostic.
std::string checkFile(const std::string& path, const ParseOptions& options) {
  auto text = readFile(path);
  if (!text.ok()) return std::string(text.status().message());
  std::vector<SourceChunk> chunks = options.split ? splitInputFile(*text) : std::vector<SourceChunk>{{0, text->size()}};
  for (const SourceChunk& chunk : chunks) {
    auto module = parseModule(*text, path, chunk);
    if (!module.ok()) return std::string(module.status().message());
    if (!options.print && !options.roundtrip) continue;
    std::string printed = printModule(*module);
    if (options.print) std::fputs(printed.c_str(), stdout);
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
  for (const std::string& path : missing) std::printf("%s: error: no such file or folder\n", path.c_str());
  size_t parsed = 0;
  for (const std::string& path : files) {
    std::string diagnostic = checkFile(path, options);
    if (diagnostic.empty()) {
      ++parsed;
      continue;
    }
    if (!options.verbose) diagnostic = diagnostic.substr(0, diagnostic.find('\n'));
    std::printf("%s\n", diagnostic.c_str());
  }
  size_t total = files.size() + missing.size();
  std::printf("parsed %zu/%zu files\n", parsed, total);
  return parsed == total && total > 0 ? 0 : 1;
}

}  // namespace hloconf
