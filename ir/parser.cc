#include "ir/parser.h"

#include "absl/container/flat_hash_set.h"

#include <fstream>
#include <sstream>

#include "ir/strings.h"
#include "ir/asm_parser.h"

namespace hloconf {

std::vector<SourceChunk> splitInputFile(std::string_view text) {
  std::vector<SourceChunk> chunks;
  size_t chunk_begin = 0;
  size_t line_begin = 0;
  while (line_begin < text.size()) {
    size_t line_end = text.find('\n', line_begin);
    if (line_end == std::string_view::npos) line_end = text.size();
    std::string_view line = text.substr(line_begin, line_end - line_begin);
    size_t first = line.find_first_not_of(" \t\r");
    size_t last = line.find_last_not_of(" \t\r");
    if (first != std::string_view::npos && line.substr(first, last - first + 1) == "// -----") {
      chunks.push_back({chunk_begin, line_begin});
      chunk_begin = line_end;
    }
    line_begin = line_end + 1;
  }
  chunks.push_back({chunk_begin, text.size()});
  return chunks;
}

absl::StatusOr<Module> parseModule(std::string_view text, std::string_view path, size_t begin, size_t end) {
  AsmParser parser(path, text, begin, end);
  Module module;
  module.path = std::string(path);
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

absl::StatusOr<std::string> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(strCat(path, ": error: cannot open file"));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace hloconf
