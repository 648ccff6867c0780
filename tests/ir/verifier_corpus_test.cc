// No false positives on real programs: every module of cases/ and, when ../shared/peer is present, of the
// peer corpora (stablehlo-testdata with dynamic/ and quantized/, the upstream interpreter's tests) passes
// the whole-module verifier (ir/verifier.h). A diagnostic here is a mistake in a check, to fix there (the
// spec is the authority), never to allow here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "ir/parser.h"
#include "ir/verifier.h"
#include "tests/ir/corpus_files.h"

namespace hloconf {
namespace {

namespace fs = std::filesystem;

struct CorpusVerification {
  int files = 0;
  int modules = 0;
  size_t ops = 0;
  std::vector<std::string> unparsed;     // files the parser rejects: the parser's tests' concern, listed to see
  std::vector<std::string> diagnostics;  // "path:line:col: error: ..."
};

std::vector<fs::path> mlirFiles(const fs::path& folder, bool recursive) { return testing::corpusFiles(folder, recursive); }

// Verifies every .mlir file of `folder`, each split at `// -----` when `split`.
CorpusVerification verifyFolder(const fs::path& folder, bool recursive, bool split) {
  CorpusVerification result;
  for (const fs::path& path : mlirFiles(folder, recursive)) {
    ++result.files;
    auto text = readFile(path.string());
    if (!text.ok()) {
      result.unparsed.push_back(std::string(text.status().message()));
      continue;
    }
    const std::vector<SourceChunk> chunks = split ? splitInputFile(*text) : std::vector<SourceChunk>{{0, text->size(), 1}};
    for (const SourceChunk& chunk : chunks) {
      auto module = parseModule(*text, path.string(), chunk);
      if (!module.ok()) {
        const std::string message(module.status().message());
        result.unparsed.push_back(message.substr(0, message.find('\n')));
        continue;
      }
      ++result.modules;
      const ModuleVerification verification = verifyModule(*module);
      result.ops += verification.ops;
      for (const VerifierDiagnostic& d : verification.diagnostics) {
        result.diagnostics.push_back(formatVerifierDiagnostic(*module, *text, d));
      }
    }
  }
  std::printf("[ verify   ] %s: %d files, %d modules, %zu ops, %zu not parsed, %zu diagnostics\n", folder.string().c_str(),
              result.files, result.modules, result.ops, result.unparsed.size(), result.diagnostics.size());
  return result;
}

void expectClean(const CorpusVerification& result, size_t expected_unparsed = 0) {
  EXPECT_GT(result.files, 0);
  std::string text;
  for (size_t i = 0; i < result.diagnostics.size() && i < 60; ++i) text += "\n  " + result.diagnostics[i];
  EXPECT_TRUE(result.diagnostics.empty()) << result.diagnostics.size() << " diagnostics:" << text;
  std::string unparsed;
  for (size_t i = 0; i < result.unparsed.size() && i < 20; ++i) unparsed += "\n  " + result.unparsed[i];
  EXPECT_EQ(result.unparsed.size(), expected_unparsed) << unparsed;
}

fs::path peerFolder() { return fs::path(HLOCONF_SHARED_DIR) / "peer"; }

TEST(VerifierCorpus, SpecCasesVerifyClean) {
  expectClean(verifyFolder(fs::path(HLOCONF_SOURCE_DIR) / "cases", /*recursive=*/true, /*split=*/true));
}

TEST(VerifierCorpus, PeerTestdataVerifiesClean) {
  const fs::path folder = peerFolder() / "stablehlo-testdata";
  if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
  expectClean(verifyFolder(folder, /*recursive=*/false, /*split=*/false));
}

TEST(VerifierCorpus, PeerDynamicTestdataVerifiesClean) {
  const fs::path folder = peerFolder() / "stablehlo-testdata" / "dynamic";
  if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
  expectClean(verifyFolder(folder, /*recursive=*/false, /*split=*/false));
}

TEST(VerifierCorpus, PeerQuantizedTestdataVerifiesClean) {
  const fs::path folder = peerFolder() / "stablehlo-testdata" / "quantized";
  if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
  expectClean(verifyFolder(folder, /*recursive=*/false, /*split=*/true));
}

TEST(VerifierCorpus, PeerInterpretTestsVerifyClean) {
  const fs::path folder = peerFolder() / "stablehlo-interpret-tests";
  if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
  expectClean(verifyFolder(folder, /*recursive=*/true, /*split=*/true));
}

}  // namespace
}  // namespace hloconf
