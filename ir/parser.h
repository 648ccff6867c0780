// Reading StableHLO programs from MLIR text: generic and custom (pretty) op forms, `// -----` split files.
#ifndef HLOCONF_IR_PARSER_H_
#define HLOCONF_IR_PARSER_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/operation.h"

namespace hloconf {

// Byte range of one `// -----` separated part of a file, and the line (1-based) that `begin` lies on.
struct SourceChunk {
  size_t begin = 0;
  size_t end = 0;
  size_t line = 1;
};
// Splits at lines that are exactly `// -----` (surrounding whitespace allowed), as MLIR's
// --split-input-file does. A file without separators is one chunk.
std::vector<SourceChunk> splitInputFile(std::string_view text);

// Parses text[begin, end) into a module. Diagnostics name `path` with line and column in the whole text.
absl::StatusOr<Module> parseModule(std::string_view text, std::string_view path, size_t begin = 0,
                                   size_t end = std::string_view::npos);
// The same for one chunk of splitInputFile: its diagnostics, and the locations of its ops, count lines
// from the chunk's start rather than the file's, so a file of many chunks is read in linear time.
absl::StatusOr<Module> parseModule(std::string_view text, std::string_view path, const SourceChunk& chunk);

// Reads a whole file. The returned text must outlive nothing: modules own all their data.
absl::StatusOr<std::string> readFile(const std::string& path);

}  // namespace hloconf

#endif  // HLOCONF_IR_PARSER_H_
