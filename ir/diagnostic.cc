#include "ir/diagnostic.h"

#include <algorithm>

#include "ir/strings.h"

namespace hloconf {

LineColumn lineColumnAt(std::string_view text, size_t offset, LineAnchor anchor) {
  offset = std::min(offset, text.size());
  if (anchor.offset > offset) anchor = {};
  LineColumn at;
  at.line = anchor.line + std::count(text.begin() + anchor.offset, text.begin() + offset, '\n');
  size_t line_start = offset == 0 ? std::string_view::npos : text.rfind('\n', offset - 1);
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  at.column = offset - line_start + 1;
  return at;
}

std::string formatDiagnostic(std::string_view path, std::string_view text, size_t offset, std::string_view message,
                             LineAnchor anchor) {
  offset = std::min(offset, text.size());
  LineColumn at = lineColumnAt(text, offset, anchor);
  size_t line_start = offset - (at.column - 1);
  size_t line_end = text.find('\n', line_start);
  if (line_end == std::string_view::npos) line_end = text.size();
  std::string_view line = text.substr(line_start, line_end - line_start);
  // Very long lines (hex blobs) are shown as a window around the column.
  size_t column = at.column - 1;
  std::string prefix, suffix;
  constexpr size_t kWindow = 120;
  if (line.size() > kWindow) {
    size_t from = column > kWindow / 2 ? column - kWindow / 2 : 0;
    if (from > 0) prefix = "...";
    if (from + kWindow < line.size()) suffix = "...";
    line = line.substr(from, kWindow);
    column = column - from + prefix.size();
  }
  std::string shown;
  for (char c : line) shown += (c == '\t' || static_cast<unsigned char>(c) < 0x20) ? ' ' : c;
  return strCat(path, ":", at.line, ":", at.column, ": error: ", message, "\n", prefix, shown, suffix, "\n",
                      std::string(column, ' '), "^");
}

}  // namespace hloconf
