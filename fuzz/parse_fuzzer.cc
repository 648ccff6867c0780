// libFuzzer target: arbitrary bytes must never crash, hang or leak the parser or the static verifier, and
// whatever parses must print, re-parse and print again to the same text, and verify to the same diagnostics
// from either text (the verifier judges the module, not its spelling).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/verifier.h"

namespace {

// The verifier's messages (without locations: the two texts place ops differently), each formatted once
// against `text` so that the location code runs too.
std::vector<std::string> verifierMessages(const hloconf::Module& module, std::string_view text) {
  std::vector<std::string> messages;
  for (const hloconf::VerifierDiagnostic& d : hloconf::verifyModule(module).diagnostics) {
    (void)hloconf::formatVerifierDiagnostic(module, text, d);
    messages.push_back(d.message);
  }
  return messages;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const hloconf::SourceChunk& chunk : hloconf::splitInputFile(text)) {
    auto module = hloconf::parseModule(text, "fuzz.mlir", chunk.begin, chunk.end);
    if (!module.ok()) continue;
    std::string printed = hloconf::printModule(*module);
    auto reparsed = hloconf::parseModule(printed, "printed.mlir");
    if (!reparsed.ok()) {
      std::fprintf(stderr, "printed form does not parse:\n%s\n%s\n", printed.c_str(), std::string(reparsed.status().message()).c_str());
      std::abort();
    }
    if (hloconf::printModule(*reparsed) != printed) {
      std::fprintf(stderr, "round trip changed the text:\n%s\n", printed.c_str());
      std::abort();
    }
    if (verifierMessages(*module, text) != verifierMessages(*reparsed, printed)) {
      std::fprintf(stderr, "the printed form verifies differently from the text it was printed from:\n%s\n", printed.c_str());
      std::abort();
    }
  }
  return 0;
}
