// Source diagnostics: `path:line:col: error: message`, the source line, and a caret under the column.
#ifndef HLOCONF_IR_DIAGNOSTIC_H_
#define HLOCONF_IR_DIAGNOSTIC_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace hloconf {

struct LineColumn {
  size_t line = 1;    // 1-based
  size_t column = 1;  // 1-based, in bytes
};
LineColumn lineColumnAt(std::string_view text, size_t offset);

// The full diagnostic text (three lines, no trailing newline).
std::string formatDiagnostic(std::string_view path, std::string_view text, size_t offset, std::string_view message);

}  // namespace hloconf

#endif  // HLOCONF_IR_DIAGNOSTIC_H_
