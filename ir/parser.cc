#include "ir/parser.h"

#include "absl/container/flat_hash_set.h"

#include <fstream>
#include <sstream>

#include "ir/strings.h"
#include "ir/asm_parser.h"

namespace hloconf {

std::vector<SourceChunk> splitInputFile(std::string_view text) {
  std::vector<SourceChunk> chunks;
  size_t chunk_begin = 0, chunk_line = 1;
  size_t line_begin = 0, line_number = 1;
  for (; line_begin < text.size(); ++line_number) {
    size_t line_end = text.find('\n', line_begin);
    if (line_end == std::string_view::npos) line_end = text.size();
    std::string_view line = text.substr(line_begin, line_end - line_begin);
    size_t first = line.find_first_not_of(" \t\r");
    size_t last = line.find_last_not_of(" \t\r");
    if (first != std::string_view::npos && line.substr(first, last - first + 1) == "// -----") {
      chunks.push_back({chunk_begin, line_begin, chunk_line});
      chunk_begin = line_end;  // the separator's newline, on the separator's line
      chunk_line = line_number;
    }
    line_begin = line_end + 1;
  }
  chunks.push_back({chunk_begin, text.size(), chunk_line});
  return chunks;
}

namespace {

absl::StatusOr<Module> parseModuleAt(std::string_view text, std::string_view path, size_t begin, size_t end,
                                     LineAnchor anchor) {
  AsmParser parser(path, text, begin, end, anchor);
  Module module;
  module.path = std::string(path);
  module.source_anchor = anchor;
  absl::Status status = parser.parseTopLevel(module);
  if (!status.ok()) return status;
  // Symbol names are unique within a module (MLIR: "redefinition of symbol").
  absl::flat_hash_set<std::string_view> names;
  for (const Operation* func : module.functions()) {
    if (!names.insert(functionName(*func)).second) {
      return parser.errorAt(func->source_offset, strCat("redefinition of symbol @", functionName(*func),
                                                        ": give each function of a module its own name"));
    }
  }
  return module;
}

}  // namespace

absl::StatusOr<Module> parseModule(std::string_view text, std::string_view path, size_t begin, size_t end) {
  return parseModuleAt(text, path, begin, end, LineAnchor{});
}

absl::StatusOr<Module> parseModule(std::string_view text, std::string_view path, const SourceChunk& chunk) {
  return parseModuleAt(text, path, chunk.begin, chunk.end, LineAnchor{chunk.begin, chunk.line});
}

absl::StatusOr<std::string> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(strCat(path, ": error: cannot open file"));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace hloconf
