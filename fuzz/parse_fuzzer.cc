// libFuzzer target: arbitrary bytes must never crash, hang or leak the parser, and whatever parses must
// print, re-parse and print again to the same text.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ir/parser.h"
#include "ir/printer.h"

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
  }
  return 0;
}
