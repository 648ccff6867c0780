// Acceptance: every .mlir file under ../shared/peer parses and round-trips (print generic form, re-parse,
// print again: identical text). Skips cleanly when ../shared/peer is absent.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "harness/commands.h"
#include "ir/parser.h"
#include "ir/printer.h"

namespace hloconf {
namespace {

struct CorpusCounts {
  int files = 0;
  int parsed = 0;
  int roundtripped = 0;
  std::vector<std::string> failures;
};

CorpusCounts checkCorpus(const std::string& folder, bool split) {
  CorpusCounts counts;
  std::vector<std::string> missing;
  for (const std::string& path : expandSources({folder}, missing)) {
    ++counts.files;
    auto text = readFile(path);
    if (!text.ok()) {
      counts.failures.push_back(std::string(text.status().message()));
      continue;
    }
    std::vector<SourceChunk> chunks = split ? splitInputFile(*text) : std::vector<SourceChunk>{{0, text->size()}};
    bool parsed = true, roundtripped = true;
    for (const SourceChunk& chunk : chunks) {
      auto module = parseModule(*text, path, chunk.begin, chunk.end);
      if (!module.ok()) {
        parsed = roundtripped = false;
        counts.failures.push_back(std::string(module.status().message()));
        break;
      }
      std::string printed = printModule(*module);
      auto reparsed = parseModule(printed, path + " (printed)");
      if (!reparsed.ok() || printModule(*reparsed) != printed) {
        roundtripped = false;
        counts.failures.push_back(path + ": round trip failed" +
                                  (reparsed.ok() ? std::string(": texts differ") : ": " + std::string(reparsed.status().message())));
        break;
      }
    }
    counts.parsed += parsed;
    counts.roundtripped += roundtripped;
  }
  return counts;
}

void expectWholeCorpus(const std::string& relative, bool split) {
  std::string folder = std::string(HLOCONF_SHARED_DIR) + "/peer/" + relative;
  if (!std::filesystem::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
  CorpusCounts counts = checkCorpus(folder, split);
  std::printf("[ corpus   ] %s: %d files, %d parsed, %d round-tripped\n", relative.c_str(), counts.files, counts.parsed,
              counts.roundtripped);
  for (size_t i = 0; i < counts.failures.size() && i < 20; ++i) std::printf("  %s\n", counts.failures[i].substr(0, counts.failures[i].find('\n')).c_str());
  EXPECT_GT(counts.files, 0);
  EXPECT_EQ(counts.parsed, counts.files);
  EXPECT_EQ(counts.roundtripped, counts.files);
}

TEST(PeerCorpus, TestdataParsesAndRoundTrips) { expectWholeCorpus("stablehlo-testdata", /*split=*/false); }

TEST(PeerCorpus, InterpreterTestsParseAndRoundTripWithSplitInputFile) {
  expectWholeCorpus("stablehlo-interpret-tests", /*split=*/true);
}

}  // namespace
}  // namespace hloconf
