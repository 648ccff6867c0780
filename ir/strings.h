// String concatenation that takes std::string_view. Debian's absl 20220623 is built with its own
// absl::string_view (not an alias of std::string_view), so absl::StrCat rejects std::string_view
// arguments; these two functions are the project's replacement.
#ifndef HLOCONF_IR_STRINGS_H_
#define HLOCONF_IR_STRINGS_H_

#include <charconv>
#include <concepts>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/string_view.h"

namespace hloconf {
namespace strings_internal {
inline void appendPiece(std::string& out, std::string_view piece) { out.append(piece); }
inline void appendPiece(std::string& out, const char* piece) { out.append(piece); }
inline void appendPiece(std::string& out, absl::string_view piece) { out.append(piece.data(), piece.size()); }
inline void appendPiece(std::string& out, const std::string& piece) { out.append(piece); }
template <typename T>
  requires std::integral<T> && (!std::same_as<T, char>) && (!std::same_as<T, bool>)
void appendPiece(std::string& out, T value) {
  char buffer[24];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, result.ptr);
}
}  // namespace strings_internal

template <typename... Pieces>
std::string strCat(const Pieces&... pieces) {
  std::string out;
  (strings_internal::appendPiece(out, pieces), ...);
  return out;
}

template <typename... Pieces>
void strAppend(std::string* out, const Pieces&... pieces) {
  (strings_internal::appendPiece(*out, pieces), ...);
}

// The lines of `text` (without their '\n'), with the spaces and tabs that start them removed: what the
// readers of `//` comment lines in a case (descriptions, expect-invalid, RUN lines) go through.
inline std::vector<std::string_view> indentedLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t at = 0;
  while (at < text.size()) {
    size_t newline = text.find('\n', at);
    if (newline == std::string_view::npos) newline = text.size();
    std::string_view line = text.substr(at, newline - at);
    at = newline + 1;
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    lines.push_back(line);
  }
  return lines;
}

}  // namespace hloconf

#endif  // HLOCONF_IR_STRINGS_H_
