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
// A place whose line is known: byte `offset` of the text lies on line `line` (1-based). Counting lines
// from an anchor costs the bytes between it and the offset asked about, not the whole text before it, so
// the modules of one `// -----` split file find their locations in time linear in the file's size.
struct LineAnchor {
  size_t offset = 0;
  size_t line = 1;
};
// Line and column of byte `offset` of `text`, counting lines from `anchor` when it lies at or before
// `offset` (else from the start of the text).
LineColumn lineColumnAt(std::string_view text, size_t offset, LineAnchor anchor = {});

// The full diagnostic text (three lines, no trailing newline).
std::string formatDiagnostic(std::string_view path, std::string_view text, size_t offset, std::string_view message,
                             LineAnchor anchor = {});

}  // namespace hloconf

#endif  // HLOCONF_IR_DIAGNOSTIC_H_
