#include "ir/source_location.h"

#include "ir/diagnostic.h"
#include "ir/strings.h"

namespace hloconf {

std::string sourceLocation(const Module& module, std::string_view text, size_t offset) {
  if (text.empty() || offset > text.size()) return strCat(module.path, "@", offset);
  const LineColumn at = lineColumnAt(text, offset, module.source_anchor);
  return strCat(module.path, ":", at.line, ":", at.column);
}

std::string moduleLocation(const Module& module, std::string_view text) {
  return sourceLocation(module, text, module.op ? module.op->source_offset : 0);
}

}  // namespace hloconf
